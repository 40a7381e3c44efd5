package model

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/hostile"
)

// commands lists the dxscope commands whose text a part view offers.
func commands(ds []TextDump) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Command)
	}
	return out
}

// The Text tab offers each part the texts the CLI prints for it, picked by
// the decoded value: the header the part list and the reflection, PSV0 its dump, the vertex
// shader's input signature its input layout, its output signature none. The texts are
// decode/text's, byte for byte.
func TestPartViewsOfferTheCLITexts(t *testing.T) {
	b, err := os.ReadFile("../../web/examples/vertex.dxbc")
	if err != nil {
		t.Fatal(err)
	}
	m := Build("vertex.dxbc", b, 0)
	want := map[string][]string{HeaderPart: {"parts", "reflect"}, "ISG1": {"inputlayout"}, "OSG1": nil, "PSV0": {"psv"}, "HASH": nil}
	for _, pv := range m.Parts {
		w, ok := want[pv.Name]
		if !ok {
			continue
		}
		if got := commands(pv.Dumps()); !slices.Equal(got, w) || pv.HasDumps() != (len(w) > 0) {
			t.Errorf("%s offers %v (HasDumps %v), want %v", pv.Name, got, pv.HasDumps(), w)
		}
	}
	parts := m.Parts[0].Dumps()[0]
	if !strings.HasPrefix(parts.Text, "Part count: 5\n#0 - ISG1  offset 0x34  size 92 (92 B)") || parts.Ext != "parts.txt" {
		t.Errorf("the header's text %q (ending %q)", parts.Text[:min(60, len(parts.Text))], parts.Ext)
	}
	psv := m.Parts[3].Dumps()[0]
	var direct strings.Builder
	text.WritePSV(&direct, m.Parts[3].Part.PSVInfo)
	if psv.Text != direct.String() || !strings.Contains(psv.Text, " Vertex Shader\n OutputPositionPresent=true\n") {
		t.Errorf("PSV0 text differs from text.WritePSV:\n%s", psv.Text)
	}
}

// A part family registered outside decode adds its text beside its decoder,
// and the page offers it with nothing else to edit; the text is escaped as
// the CLI escapes it.
func init() {
	decode.RegisterPart(decode.PartKind{
		Name: "ZZZ3", Title: "test text", About: "A made-up part holding one byte.", KnownLayout: true,
		Decode: func(_ *decode.File, p *decode.Part, r *binread.Reader) { p.Value = r.U8("Byte") },
	})
	text.RegisterDump(text.Dump{Command: "zzz3", Title: "the byte", Ext: "zzz3.txt",
		Has: func(_ *decode.File, p *decode.Part) bool {
			_, ok := p.Value.(uint8)
			return ok
		},
		Write: func(w io.Writer, _ *decode.File, p *decode.Part) { fmt.Fprintf(w, "byte %d\x1b[2J\n", p.Value) },
	})
}

func TestRegisteredTextReachesThePage(t *testing.T) {
	pv := Build("zzz3.bin", onePart("ZZZ3", []byte{42}), 0).Parts[1]
	ds := pv.Dumps()
	if len(ds) != 1 || ds[0].Command != "zzz3" || ds[0].Text != "byte 42\\x1b[2J\n" {
		t.Errorf("ZZZ3 offers %+v", ds)
	}
}

// A hostile file's texts stop at MaxDumpText, at a line's end, and say so:
// four million-cell dependency grids print 56 MB as PSV0's dump, which the
// page must not build (the CLI streams it).
func TestTextsStopAtTheirCap(t *testing.T) {
	m := Build("grids.dxbc", hostile.HugeGrids(), 0)
	for _, pv := range m.Parts {
		for _, d := range pv.Dumps() {
			if len(d.Text) > MaxDumpText || d.Cut != (d.Command == "psv") {
				t.Errorf("%s %s: %d bytes, cut %v", pv.Name, d.Command, len(d.Text), d.Cut)
			}
			if d.Cut && (len(d.Text) < MaxDumpText/2 || !strings.HasSuffix(d.Text, "\n")) {
				t.Errorf("%s %s: cut to %d bytes, ending %q", pv.Name, d.Command, len(d.Text), d.Text[max(0, len(d.Text)-20):])
			}
		}
	}
}

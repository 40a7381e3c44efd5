package page_test

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestHeaderOpens: a dropped -Fh header of one array shows its container,
// saying where it came from; one of several lists their containers, each
// opening with the note kept; the next file that is no header drops it.
func TestHeaderOpens(t *testing.T) {
	vs, ps := corpus.RepoFile(t, "web/examples/vertex.dxbc"), corpus.RepoFile(t, "web/examples/pixel.dxbc")
	b := newBrowser(t)

	b.open("vertex.h", corpus.CHeader(false, corpus.CArray{Name: "g_main", Bytes: vs}))
	m := b.s.Model
	if m == nil || m.File == nil || string(m.Data) != string(vs) {
		t.Fatalf("a one-array header does not show its container")
	}
	if note := b.s.OriginNote(); !strings.Contains(note, "vertex.h is C source") || !strings.Contains(note, "g_main spells (line 5)") {
		t.Errorf("note %q", note)
	}

	b.open("both.h", corpus.CHeader(false, corpus.CArray{Name: "g_vs", Bytes: vs}, corpus.CArray{Name: "g_ps", Bytes: ps}))
	m = b.s.Model
	if m.File != nil || len(m.Embedded) != 2 || m.Embedded[0].Size != int64(len(vs)) || m.Embedded[1].Size != int64(len(ps)) {
		t.Fatalf("a two-array header lists %d containers", len(m.Embedded))
	}
	note := b.s.OriginNote()
	if !strings.Contains(note, "its 2 arrays") || !strings.Contains(note, "g_vs (line 5), g_ps (line") {
		t.Errorf("note %q", note)
	}
	b.do(b.s.OpenNested(m.Embedded[1].Offset))
	if m := b.s.Model; m.File == nil || m.File.Part("DXIL") == nil || b.s.OriginNote() != note {
		t.Errorf("the second array's container did not open with the note kept (note %q)", b.s.OriginNote())
	}

	b.open("vertex.dxbc", vs)
	if note := b.s.OriginNote(); note != "" {
		t.Errorf("a container opened after a header keeps the note %q", note)
	}
}

// An FXC PDB opens as the SPDB part of a container made for it, with a note
// saying so; a container opened after it has none.
func TestFXCPDBOpens(t *testing.T) {
	b := newBrowser(t)
	b.open("shader.pdb", hostile.SharedSourcePDB(2, 64))
	m := b.s.Model
	if m == nil || m.File == nil || m.File.Part("SPDB") == nil || m.File.Part("SPDB").PDB == nil {
		t.Fatalf("an FXC PDB does not show as an SPDB part")
	}
	if note := b.s.OriginNote(); !strings.Contains(note, "shader.pdb is a program database without a shader container") || !strings.Contains(note, "its byte 0 at 0x2c") {
		t.Errorf("note %q", note)
	}
	if sv := m.Sources(); sv == nil || sv.Part != "SPDB" || len(sv.Files) == 0 || !sv.Files[0].HasText {
		t.Errorf("the PDB's sources are not in the source view: %+v", sv)
	}
	b.open("vertex.dxbc", corpus.RepoFile(t, "web/examples/vertex.dxbc"))
	if note := b.s.OriginNote(); note != "" {
		t.Errorf("a container opened after a PDB keeps the note %q", note)
	}
}

package model

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestDisassemblySpelledByTheFilesDXC: the page's disassembly takes the
// spellings of the DXC that wrote the file, as `dxscope dis` does. DXC wrote
// "; line:N col:M" after instructions with a debug location from commit 2568
// (release 1.5.2005) on. The corpus's /Zi file old_pdb (VERS: 1.7, 4123
// commits) has two such lines; the same file with its VERS commit count set
// to 2000, a build before them, shows the same lines without the comments,
// as `dxscope dis` prints them for it.
func TestDisassemblySpelledByTheFilesDXC(t *testing.T) {
	_, raw := corpus.File(t, "real/microsoft__DirectXShaderCompiler/DXC__Inputs__old_pdb.pdb__offc00.dxil")
	lines := func(b []byte) ([]DisasmLine, *decode.File) {
		m := Build("old_pdb.dxil", b, 0)
		if pv := partNamed(m, "ILDB"); pv != nil {
			if d := pv.Disassembly(); d != nil {
				return d.Lines, m.File
			}
		}
		t.Fatal("no ILDB disassembly")
		return nil, nil
	}
	now, f := lines(raw)

	old := append([]byte(nil), raw...)
	vers := -1
	if p := f.Part("VERS"); p != nil {
		vers = int(p.DataOffset)
	}
	if vers < 0 || binary.LittleEndian.Uint32(old[vers+8:]) != 4123 {
		t.Fatalf("VERS at %d does not hold commit count 4123", vers)
	}
	binary.LittleEndian.PutUint32(old[vers+8:], 2000) // CommitCount
	then, fOld := lines(old)

	if st := text.ChooseDXCStyle(fOld); st.LineComments {
		t.Fatalf("commit count 2000 chose line comments: %s", st.Rule)
	}
	if len(then) != len(now) {
		t.Fatalf("%d lines for the old build, %d for 4123 commits", len(then), len(now))
	}
	withComments := 0
	for i := range now {
		want := now[i].Text
		if k := strings.Index(want, " ; line:"); k >= 0 {
			withComments++
			// The comment ends the line, or comes before the dx.op's own comment.
			rest := want[k+len(" ; line:"):]
			if j := strings.Index(rest, "  ;"); j >= 0 {
				want = want[:k] + rest[j:]
			} else {
				want = want[:k]
			}
		}
		if then[i].Text != want {
			t.Errorf("line %d: %q, want %q", i, then[i].Text, want)
		}
	}
	if withComments != 2 {
		t.Errorf("%d lines with \"; line:\" for 4123 commits, want 2 (the listing's ret and storeOutput)", withComments)
	}

	// The same text as `dxscope dis` (text.WriteIRStyle with the chosen style).
	var b strings.Builder
	if err := text.WriteIRStyle(&b, decode.PartIR(fOld.Part("ILDB")), text.ChooseDXCStyle(fOld)); err != nil {
		t.Fatal(err)
	}
	dis := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i := range then {
		if i >= len(dis) || dis[i] != then[i].Text {
			t.Fatalf("line %d differs from dxscope dis", i)
		}
	}
}

// Each listing says whose spellings it follows: the FXC release its RDEF
// creator names, the DXC build its VERS names (text's tests cover a file
// that names none).
func TestListingsSayWhoseSpellings(t *testing.T) {
	if c := corpusPart(t, "real/microsoft__DirectX-Graphics-Samples/EdgeDetectPixelShader.hlsl.h__g_EdgeDetectPixelShader__v2.dxbc", "SHEX").CodeListing(); !strings.Contains(c.Spelling, `"Microsoft (R) HLSL Shader Compiler 10.0.10011.16384" is FXC`) {
		t.Errorf("the FXC listing says %q", c.Spelling)
	}
	if d := corpusPart(t, "real/microsoft__DirectXShaderCompiler/DXC__Inputs__old_pdb.pdb__offc00.dxil", "ILDB").Disassembly(); d == nil {
		t.Error("no DXIL listing")
	} else if !strings.HasPrefix(d.Spelling, "VERS ") {
		t.Errorf("the DXIL listing says %q", d.Spelling)
	}
}

// A big module's listing shows its head first: the first DisasmHeadLines
// lines of the whole listing, marked as going on; Complete gives the whole
// one, which the head then stands for; a small module's head is its whole
// listing.
func TestDisassemblyHeadThenTheRest(t *testing.T) {
	pv := corpusPart(t, "real/bkaradzic__bgfx/shaders__dxil__cs_fsr_easu_16.bin__off3c.dxil", "DXIL")
	head := pv.DisassemblyHead()
	if head == nil || !head.More || len(head.Lines) != DisasmHeadLines {
		t.Fatalf("the head of a big module: %v", head)
	}
	if again := pv.DisassemblyHead(); again != head {
		t.Error("the head is printed again on the next call")
	}
	full := head.Complete()
	if full == nil {
		t.Fatal("no whole listing")
	}
	if full.More || len(full.Lines) <= len(head.Lines) || !full.Continues(head) {
		t.Fatalf("the whole listing: %d lines, more %v", len(full.Lines), full.More)
	}
	for i, l := range head.Lines {
		want := full.Lines[i]
		if want.FoldEnd >= len(head.Lines) {
			want.FoldEnd = 0 // a function whose end is past the head does not fold yet
		}
		if l != want {
			t.Fatalf("line %d of the head is %q, the listing's %q", i, l.Text, full.Lines[i].Text)
		}
	}
	if pv.DisassemblyHead() != full || pv.Disassembly() != full {
		t.Error("once printed whole, the listing is not what the part shows")
	}
	t.Logf("head %d lines, whole listing %d", len(head.Lines), len(full.Lines))

	spv := corpusPart(t, "real/microsoft__DirectXShaderCompiler/DXC__Inputs__old_pdb.pdb__offc00.dxil", "ILDB")
	if h := spv.DisassemblyHead(); h == nil || h.More || h != spv.Disassembly() {
		t.Error("a small module's head is not its whole listing")
	}
}

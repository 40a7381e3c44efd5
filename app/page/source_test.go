package page_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/views/model"
)

// TestSelectingSource: a source line selects the instructions it made (the
// first one's bytes, all of them marked), an instruction selects its line,
// another part clears it, and the link reopens on the line.
func TestSelectingSource(t *testing.T) {
	const fxc = "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc"
	_, data := corpus.File(t, fxc)
	b := newBrowser(t)
	b.open(filepath.Base(fxc), data)
	sv := b.s.Sources()
	if sv == nil {
		t.Fatal("no source view")
	}
	color := -1
	for i, f := range sv.Files {
		if strings.HasSuffix(strings.ToLower(f.Name), `\color.hlsli`) {
			color = i
		}
	}
	line := model.SourceLine{File: color, Line: 56}
	insts := sv.InstsOf(line)
	if color < 0 || len(insts) != 10 {
		t.Fatalf("color.hlsli (file %d) line 56: %d instructions, FXC's listing puts 10 under it", color, len(insts))
	}
	fx := b.do(b.s.SelectSourceLine(line))
	if b.part() != "SHEX" || b.s.Src != line || b.s.Sel.Off != insts[0].Off || b.s.Sel.Size != insts[0].Size {
		t.Errorf("part %s, line %v, selection %#x+%d; want SHEX, %v, the first instruction %#x+%d", b.part(), b.s.Src, b.s.Sel.Off, b.s.Sel.Size, line, insts[0].Off, insts[0].Size)
	}
	if !fx.RevealCode || !fx.RevealSource || !fx.RevealHex || fx.HexOff != insts[0].Off {
		t.Errorf("effects %+v: the code, the source and the bytes must come into view", fx)
	}
	// The highlighted bytes are the 10 instructions' (merged where they
	// touch), no more.
	marks, want, got := b.s.SourceMarks(), int64(0), int64(0)
	for _, in := range insts {
		want += in.Size
		i := sort.Search(len(marks), func(i int) bool { return marks[i].End() > in.Off })
		if i == len(marks) || marks[i].Off > in.Off || marks[i].End() < in.Off+in.Size {
			t.Errorf("the instruction at %#x+%d is not highlighted", in.Off, in.Size)
		}
	}
	for _, m := range marks {
		got += m.Size
	}
	if got != want {
		t.Errorf("%d bytes highlighted in %d ranges, want the 10 instructions' %d", got, len(marks), want)
	}
	if !strings.Contains(b.link(), "src="+line.String()) {
		t.Errorf("the link %.200s does not hold src=%s", b.link(), line)
	}
	// The link reopens on the line and its instructions.
	r := newBrowser(t)
	r.do(r.s.ApplyLink(b.link()))
	if r.s.Src != line || r.s.Sel.Off != insts[0].Off || r.part() != "SHEX" {
		t.Errorf("the link reopens line %v, selection %#x in %s", r.s.Src, r.s.Sel.Off, r.part())
	}
	// An instruction of another line selects that line.
	other := sv.Insts[0]
	b.do(b.s.SelectByte(other.Off))
	if b.s.Src != other.Line {
		t.Errorf("the instruction at %#x selects line %v, want %v", other.Off, b.s.Src, other.Line)
	}
	// Another part: no source line.
	b.do(b.s.SelectPart(partIndex(t, b.s, "RDEF")))
	if b.s.Src.Valid() || len(b.s.SourceMarks()) != 0 {
		t.Errorf("RDEF keeps source line %v", b.s.Src)
	}
}

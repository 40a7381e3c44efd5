package model

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestSourceLinesAgreeWithFXCListing: in FXC's /Zi listing of presentPS,
// the instructions under each "#line N" are exactly those the source view
// gives line N, in the same order.
func TestSourceLinesAgreeWithFXCListing(t *testing.T) {
	path, raw := corpus.File(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc")
	listing, err := os.ReadFile(path + ".listing.txt")
	if err != nil {
		t.Skip(err)
	}
	m := Build("presentPS.dxbc", raw, 0)
	sv := m.Sources()
	if sv == nil {
		t.Fatal("no source view")
	}
	if sv.Part != "SHEX" || len(sv.Files) < 2 {
		t.Fatalf("part %s, %d files", sv.Part, len(sv.Files))
	}
	fileOf := map[string]int{}
	for i, f := range sv.Files {
		if !f.HasText || len(f.Lines) == 0 {
			t.Errorf("%s: no text", f.Name)
		}
		fileOf[strings.ToLower(f.Name[strings.LastIndexAny(f.Name, `\/`)+1:])] = i
	}
	pv := m.Parts[sv.PartIndex]
	want := map[SourceLine][]string{}
	for _, in := range corpus.FXCListedLines(string(listing)) {
		file := -1 // before a #line names one
		if in.File != "" {
			file = fileOf[strings.ToLower(in.File)]
		}
		l := SourceLine{File: file, Line: uint32(in.Line)}
		want[l] = append(want[l], in.Text)
	}
	n := 0
	for l, texts := range want {
		var got []string
		for _, in := range sv.InstsOf(l) {
			r, ok := pv.CodeAt(in.Off)
			if !ok || r.Off != in.Off || r.Size != in.Size {
				t.Errorf("%v: instruction at 0x%x+%d is no code line", l, in.Off, in.Size)
				continue
			}
			got = append(got, r.Text)
			if back, ok := sv.LineOf(in.Off, in.Size); !ok || back != l {
				t.Errorf("%v: instruction %q maps back to %v", l, r.Text, back)
			}
		}
		if strings.Join(got, "\n") != strings.Join(texts, "\n") {
			t.Errorf("%v: source view\n%s\nlisting\n%s", l, strings.Join(got, "\n"), strings.Join(texts, "\n"))
		}
		if l.File >= 0 {
			// The meaning pane's list of what the line made: the same.
			lc, ok := sv.CodeOf(pv, l)
			var listed []string
			for _, r := range lc.Insts {
				listed = append(listed, r.Text)
			}
			if !ok || strings.Join(listed, "\n") != strings.Join(texts, "\n") || !strings.HasSuffix(lc.Where, fmt.Sprintf(":%d", l.Line)) || lc.Text == "" {
				t.Errorf("%v: CodeOf gives %q at %q (%q), the listing %q", l, listed, lc.Where, lc.Text, texts)
			}
		}
		n += len(texts)
		if !sv.HasCode(l) {
			t.Errorf("%v has code", l)
		}
	}
	if n != len(sv.Insts) {
		t.Errorf("the listing maps %d instructions, the source view %d", n, len(sv.Insts))
	}
	t.Logf("%d source lines, %d instructions agree with FXC's listing", len(want), n)
	if len(sv.Variables) == 0 {
		t.Error("no variables")
	}
	defs := 0
	for _, v := range sv.Variables {
		if v.Def.Size > 0 {
			defs++
			if r, ok := pv.CodeAt(v.Def.Off); !ok || r.Off != v.Def.Off {
				t.Errorf("variable %s: its definition 0x%x is no instruction", v.Name, v.Def.Off)
			}
		}
	}
	t.Logf("%d variables, %d one click from an instruction", len(sv.Variables), defs)
}

// TestSourceFileWithoutText: a file the debug information names without
// its text keeps the numbers of its lines that made code.
func TestSourceFileWithoutText(t *testing.T) {
	pv := corpusPart(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc", "SHEX")
	insts := pv.Part.Bytecode.Instructions
	sm := &decode.SourceMap{Part: "SHEX", Files: []decode.SourceFile{{Name: `c:\src\a.hlsl`}}, Lines: []decode.InstructionSource{
		{Inst: 9, Off: insts[9].Offset, Size: insts[9].Size, File: 0, Line: 40},
		{Inst: 10, Off: insts[10].Offset, Size: insts[10].Size, File: 0, Line: 12},
		{Inst: 11, Off: insts[11].Offset, Size: insts[11].Size, File: 0, Line: 40},
	}}
	sv := NewSourceView(sm, pv)
	f := sv.Files[0]
	if f.HasText || len(f.Lines) != 0 || len(f.CodeLines) != 2 || f.CodeLines[0] != 12 || f.CodeLines[1] != 40 {
		t.Errorf("file %+v", f)
	}
	if got := sv.InstsOf(SourceLine{0, 40}); len(got) != 2 || got[0].Off != insts[9].Offset+pv.Base() {
		t.Errorf("line 40: %+v", got)
	}
	if _, ok := sv.Text(SourceLine{0, 40}); ok {
		t.Error("text of a file without text")
	}
}

func TestParseSourceLine(t *testing.T) {
	for _, c := range []struct {
		in   string
		want SourceLine
		ok   bool
	}{{"0:21", SourceLine{0, 21}, true}, {"3:1", SourceLine{3, 1}, true}, {"1:0", SourceLine{}, false}, {"-1:2", SourceLine{}, false}, {"x", SourceLine{}, false}, {"2:", SourceLine{}, false}} {
		got, ok := ParseSourceLine(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("%q: %v %v", c.in, got, ok)
		}
		if ok && got.String() != c.in {
			t.Errorf("%q prints %q", c.in, got.String())
		}
	}
}

// TestCodeListingSpellsAsFXCListing: the page's SHDR/SHEX lines spell each
// instruction as dxscope asm does for the FXC version that made the file
// (the listing the corpus's compiler listings are checked against), over
// every corpus file with SM4/5 code.
func TestCodeListingSpellsAsFXCListing(t *testing.T) {
	files, lines := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("SHEX") && !e.Has("SHDR") {
			continue
		}
		m := Build(e.Rel, e.Bytes(t), 0)
		if m.File == nil {
			continue
		}
		var pv *PartView
		for _, p := range m.Parts {
			if p.Part != nil && p.Part.Bytecode != nil {
				pv = p
				break
			}
		}
		if pv == nil || pv.CodeListing() == nil {
			continue
		}
		want := map[int]string{}
		for _, l := range text.FXCListing(m.File) {
			rest, ok := strings.CutPrefix(l.Path, "Bytecode/Instructions/")
			if !ok || l.Part != pv.Name {
				continue
			}
			i, _ := strconv.Atoi(rest)
			if _, seen := want[i]; !seen {
				s, _, _ := strings.Cut(l.Text, "  // ")
				want[i] = strings.TrimSpace(s)
			}
		}
		code := pv.CodeListing().Lines[1:]
		bad := 0
		for i, l := range code {
			got := strings.TrimSpace(strings.SplitN(l.Text, "\n", 2)[0])
			if w, ok := want[i]; ok && got != w && bad < 3 {
				t.Errorf("%s: instruction %d: page %q, asm %q", e.Rel, i, got, w)
				bad++
			}
			lines++
		}
		files++
	}
	if files == 0 {
		corpus.Skip(t, "SM4/5 code", "no corpus file with SHDR/SHEX")
	}
	t.Logf("%d files, %d instructions spelled as dxscope asm spells them", files, lines)
}

// TestDebugInfoGuard: every corpus container decode.Sources maps is one
// hasDebugInfo lets through (the guard only spares the others the work).
func TestDebugInfoGuard(t *testing.T) {
	mapped, guarded := 0, 0
	for _, e := range corpus.Entries(t) {
		f, err := decode.Parse(e.Bytes(t))
		if err != nil || f == nil {
			continue
		}
		ok := hasDebugInfo(f)
		if ok {
			guarded++
		}
		if sm := decode.Sources(f); sm != nil && len(sm.Files) > 0 {
			mapped++
			if !ok {
				t.Errorf("%s: mapped by decode.Sources, refused by hasDebugInfo", e.Rel)
			}
		}
	}
	if guarded == 0 {
		corpus.Skip(t, "debug information", "no corpus file with debug information")
	}
	t.Logf("%d containers with source maps, %d let through by the guard", mapped, guarded)
}

// TestSourceBoundsShown: what the source mapping of a crafted SPDB stopped
// short of is in the source view, as the decoder says it. (The crafted
// shader has no instructions, so no line maps and the page shows no source
// view; the view is made here from its map with a file added.)
func TestSourceBoundsShown(t *testing.T) {
	m := Build("inline.dxbc", hostile.SPDBShader(hostile.InlineSitesPDB(100, 4)), 0)
	sm := decode.Sources(m.File)
	if sm == nil {
		t.Fatal("no source map")
	}
	sm.Files = append(sm.Files, decode.SourceFile{Name: "a.hlsl"})
	var pv *PartView
	for _, p := range m.Parts[1:] {
		if p.Name == "SHEX" {
			pv = p
		}
	}
	sv := NewSourceView(sm, pv)
	want := "warning at 0x40 (SPDB S_INLINESITE): 4 code offset(s) each took 64 inline sites"
	if len(sv.Problems) != 1 || !strings.HasPrefix(sv.Problems[0], want) {
		t.Errorf("problems %q, want one starting %q", sv.Problems, want)
	}
}

// TestMergeSpans: the hex view's marks come sorted, with overlapping and
// touching ranges merged and empty ones dropped (written by hand).
func TestMergeSpans(t *testing.T) {
	got := MergeSpans([]Span{{Off: 20, Size: 4}, {Off: 0, Size: 2}, {Off: 2, Size: 1}, {Off: 9, Size: 0}, {Off: 22, Size: 1}, {Off: 10, Size: 3}, {Off: 11, Size: 5}})
	want := []Span{{Off: 0, Size: 3}, {Off: 10, Size: 6}, {Off: 20, Size: 4}}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for i := range want {
		if got[i].Off != want[i].Off || got[i].Size != want[i].Size {
			t.Errorf("range %d: %#x+%d, want %#x+%d", i, got[i].Off, got[i].Size, want[i].Off, want[i].Size)
		}
	}
}

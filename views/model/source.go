package model

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// SourceLine names one line of a source file of a SourceView (File is an
// index into Files, Line counts from 1). The zero value names no line.
type SourceLine struct {
	File int
	Line uint32
}

// Valid reports whether l names a line.
func (l SourceLine) Valid() bool { return l.Line > 0 }

// String is l as a link writes it ("0:21").
func (l SourceLine) String() string {
	return strconv.Itoa(l.File) + ":" + strconv.FormatUint(uint64(l.Line), 10)
}

// ParseSourceLine reads what String writes.
func ParseSourceLine(s string) (SourceLine, bool) {
	a, b, ok := strings.Cut(s, ":")
	f, err1 := strconv.Atoi(a)
	n, err2 := strconv.ParseUint(b, 10, 32)
	if !ok || err1 != nil || err2 != nil || f < 0 || n == 0 {
		return SourceLine{}, false
	}
	return SourceLine{File: f, Line: uint32(n)}, true
}

// SourceView is the source behind a container's code as the page's source
// pane shows it: the files the debug information names (with their text
// when the container holds it), which instructions each line produced and
// the debug variables. Offsets are hex-view offsets (moved by the
// container's base).
type SourceView struct {
	Part      string // the part whose code the lines map: ILDB or DXIL (DXC), SHDR/SHEX (FXC)
	PartIndex int    // that part's entry in Model.Parts
	Entry     string // the entry point's name, where the debug information gives it
	Files     []SourceFileText
	Insts     []SourceInst // the instructions with a source line, in code order
	Variables []VariableRow
	Problems  []string // what the mapping stopped short of (a crafted file's bounds)

	byRange map[[2]int64]int     // an instruction's (Off, Size) → its index in Insts
	byLine  map[SourceLine][]int // a source line → the indexes of its instructions

	// marked and code are what the page draws of the selected line, made
	// once per line asked: the hex view, the code views and the meaning
	// pane draw on every redraw, and a line can have tens of thousands of
	// instructions.
	marked markedLine
	code   lineCodeOf
}

// lineCodeOf is CodeOf's answer for one line of one part.
type lineCodeOf struct {
	line SourceLine
	pv   *PartView
	lc   LineCode
	ok   bool
}

// markedLine is one source line's instructions as the views mark them.
type markedLine struct {
	line  SourceLine
	bytes []Span            // their bytes: sorted, merged
	marks map[[2]int64]bool // their (Off, Size)
}

// SourceFileText is one source file: its lines, and which of them made code.
type SourceFileText struct {
	Name    string
	From    string   // the part or metadata holding the text ("SPDB", "SRCI", "dx.source.contents"); "" when not embedded
	HasText bool     // the container holds the text
	Lines   []string // the text's lines (none without text)
	// CodeLines are the line numbers that produced instructions, ascending:
	// all a file without text can show.
	CodeLines []uint32
}

// SourceInst is an instruction's bytes and the source line it came from.
type SourceInst struct {
	Off, Size int64
	Line      SourceLine
	Column    uint32
}

// VariableRow is a debug variable as the variables list shows it; Def is
// where a click goes: the instruction defining it (or, with none, the
// first it holds for).
type VariableRow struct {
	Name, Type, Function string
	Location             string // the register (FXC) or the IR value (DXIL) holding it
	Parameter            bool
	Def                  ByteRange // Size 0: no instruction to go to
	DefText              string    // "defined by mov r0.xyzw, v0.xyzw", "from …", or ""
}

// Sources returns the file's source view, built on first use; nil when the
// debug information names no source lines.
func (m *Model) Sources() *SourceView {
	if m.sourcesDone {
		return m.sources
	}
	m.sourcesDone = true
	if m.File == nil || !hasDebugInfo(m.File) {
		return nil
	}
	sm := decode.Sources(m.File)
	if sm == nil || len(sm.Files) == 0 {
		return nil
	}
	var pv *PartView
	for _, p := range m.Parts[1:] {
		if p.Name == sm.Part && p.Part != nil {
			pv = p
			break
		}
	}
	if pv == nil {
		return nil
	}
	m.sources = NewSourceView(sm, pv)
	return m.sources
}

// hasDebugInfo reports whether the container may map code to source
// lines: decode.Sources reads a module's IR again, which a shader without
// debug information (most of them) need not pay for on its first click.
func hasDebugInfo(f *decode.File) bool {
	for _, p := range f.Parts {
		switch p.Name {
		case "ILDB", "SPDB", "SDBG", "SRCI":
			return true
		}
		if p.Module != nil {
			for _, n := range p.Module.NamedMetadata {
				if n.Name == "llvm.dbg.cu" || n.Name == "dx.source.contents" {
					return true
				}
			}
		}
	}
	return false
}

// NewSourceView makes the source view of a source map whose instructions
// are pv's code (Model.Sources makes the file's own).
func NewSourceView(sm *decode.SourceMap, pv *PartView) *SourceView {
	base := pv.Base()
	sv := &SourceView{Part: pv.Name, PartIndex: pv.Index, Entry: sm.Entry,
		byRange: map[[2]int64]int{}, byLine: map[SourceLine][]int{}}
	for _, pr := range sm.Problems {
		sv.Problems = append(sv.Problems, ShownMessage(pr.String()))
	}
	for _, f := range sm.Files {
		st := SourceFileText{Name: f.Name, From: f.From, HasText: f.HasText}
		if f.HasText {
			st.Lines = strings.Split(strings.TrimSuffix(f.Text, "\n"), "\n")
			for i, l := range st.Lines {
				st.Lines[i] = strings.TrimSuffix(l, "\r")
			}
		}
		sv.Files = append(sv.Files, st)
	}
	for _, l := range sm.Lines {
		if l.File < 0 || l.File >= len(sv.Files) || l.Size <= 0 {
			continue
		}
		key := [2]int64{l.Off + base, l.Size}
		if _, dup := sv.byRange[key]; dup {
			continue
		}
		sl := SourceLine{File: l.File, Line: l.Line}
		sv.byRange[key] = len(sv.Insts)
		sv.byLine[sl] = append(sv.byLine[sl], len(sv.Insts))
		sv.Insts = append(sv.Insts, SourceInst{Off: key[0], Size: l.Size, Line: sl, Column: l.Column})
	}
	for sl := range sv.byLine {
		sv.Files[sl.File].CodeLines = append(sv.Files[sl.File].CodeLines, sl.Line)
	}
	for i := range sv.Files {
		c := sv.Files[i].CodeLines
		sort.Slice(c, func(a, b int) bool { return c[a] < c[b] })
	}
	sv.Variables = variableRows(sm, pv)
	return sv
}

// variableRows lists the debug variables with the instruction each one
// click reaches.
func variableRows(sm *decode.SourceMap, pv *PartView) []VariableRow {
	var rows []VariableRow
	code := pv.CodeListing()
	dis := pv.Disassembly()
	// inst returns the bytes and text of instruction i of function fn.
	inst := func(fn, i int) (ByteRange, string) {
		switch {
		case code != nil && i >= 0 && i+1 < len(code.Lines):
			l := code.Lines[i+1] // the version line comes first
			return ByteRange{Off: l.Off, Size: l.Size, Path: pv.Name + "/Instructions/" + strconv.Itoa(i), Text: strings.TrimSpace(l.Text)}, strings.TrimSpace(l.Text)
		case dis != nil:
			if k := dis.InstLine(fn, i); k >= 0 {
				r := dis.Range(k)
				return r, r.Text
			}
		}
		return ByteRange{}, ""
	}
	// Variables naming one instruction share its row's text: thousands
	// of them naming one long line would each hold a copy.
	type defKey struct {
		fn, i int
		from  bool
	}
	defTexts := map[defKey]string{}
	defText := func(k defKey, text string) string {
		t, ok := defTexts[k]
		if !ok {
			t = "defined by " + text
			if k.from {
				t = "from " + text
			}
			defTexts[k] = t
		}
		return t
	}
	for _, v := range sm.Variables {
		r := VariableRow{Name: v.Name, Type: v.Type, Function: v.Function, Location: v.Location, Parameter: v.Parameter}
		if v.Def >= 0 {
			d, text := inst(v.Func, v.Def)
			r.Def, r.DefText = d, defText(defKey{v.Func, v.Def, false}, text)
			if r.Location == "" {
				r.Location = valueName(text)
			}
		} else if v.Start >= 0 {
			d, text := inst(v.Func, v.Start)
			r.Def, r.DefText = d, defText(defKey{v.Func, v.Start, true}, text)
		}
		if r.Location == "" && v.ValueID >= 0 {
			r.Location = fmt.Sprintf("value %d", v.ValueID)
		}
		if r.Def.Size <= 0 {
			r.DefText = ""
		}
		rows = append(rows, r)
	}
	return rows
}

// valueName is the value an LLVM instruction line defines ("%12" of
// "%12 = fadd …"), or "".
func valueName(line string) string {
	if name, _, ok := strings.Cut(line, " = "); ok && strings.HasPrefix(name, "%") && !strings.Contains(name, " ") {
		return name
	}
	return ""
}

// LineOf returns the source line of the instruction of exactly these bytes.
func (sv *SourceView) LineOf(off, size int64) (SourceLine, bool) {
	if sv == nil {
		return SourceLine{}, false
	}
	i, ok := sv.byRange[[2]int64{off, size}]
	if !ok {
		return SourceLine{}, false
	}
	return sv.Insts[i].Line, true
}

// InstsOf returns the instructions a source line produced, in code order.
func (sv *SourceView) InstsOf(l SourceLine) []SourceInst {
	if sv == nil {
		return nil
	}
	ix := sv.byLine[l]
	out := make([]SourceInst, len(ix))
	for k, i := range ix {
		out[k] = sv.Insts[i]
	}
	return out
}

// HasCode reports whether the line produced an instruction.
func (sv *SourceView) HasCode(l SourceLine) bool { return sv.CodeCount(l) > 0 }

// CodeCount is how many instructions the line produced, without copying
// them as InstsOf does: the source pane says it of every line it draws.
func (sv *SourceView) CodeCount(l SourceLine) int {
	if sv == nil {
		return 0
	}
	return len(sv.byLine[l])
}

// Text returns a line's text and whether the container holds it.
func (sv *SourceView) Text(l SourceLine) (string, bool) {
	if sv == nil || l.File < 0 || l.File >= len(sv.Files) || l.Line == 0 {
		return "", false
	}
	f := sv.Files[l.File]
	if int(l.Line) > len(f.Lines) {
		return "", false
	}
	return f.Lines[l.Line-1], true
}

// Marks returns the (Off, Size) of the instructions a source line produced,
// as the code views mark them. The map is shared: read it only.
func (sv *SourceView) Marks(l SourceLine) map[[2]int64]bool {
	if sv == nil || !l.Valid() {
		return nil
	}
	return sv.markedOf(l).marks
}

// MarkedBytes returns the bytes of the instructions a source line
// produced, as the hex view marks them: sorted by offset, overlapping and
// touching ranges merged, so a draw finds its first one by a binary search
// and walks them in step with its bytes. The slice is shared: read it only.
func (sv *SourceView) MarkedBytes(l SourceLine) []Span {
	if sv == nil || !l.Valid() {
		return nil
	}
	return sv.markedOf(l).bytes
}

// markedOf returns line l's marks, made when l is not the line asked last.
func (sv *SourceView) markedOf(l SourceLine) markedLine {
	if sv.marked.marks != nil && sv.marked.line == l {
		return sv.marked
	}
	ix := sv.byLine[l]
	ml := markedLine{line: l, marks: make(map[[2]int64]bool, len(ix))}
	spans := make([]Span, 0, len(ix))
	for _, i := range ix {
		in := sv.Insts[i]
		ml.marks[[2]int64{in.Off, in.Size}] = true
		spans = append(spans, Span{Off: in.Off, Size: in.Size})
	}
	ml.bytes = MergeSpans(spans)
	sv.marked = ml
	return ml
}

// MergeSpans sorts spans by offset and merges those that overlap or touch,
// in place; empty spans are dropped.
func MergeSpans(spans []Span) []Span {
	sort.Slice(spans, func(a, b int) bool { return spans[a].Off < spans[b].Off })
	out := spans[:0]
	for _, s := range spans {
		if s.Size <= 0 {
			continue
		}
		if n := len(out); n > 0 && s.Off <= out[n-1].End() {
			out[n-1].Size = max(out[n-1].End(), s.End()) - out[n-1].Off
			continue
		}
		out = append(out, Span{Off: s.Off, Size: s.Size})
	}
	return out
}

// LineCode is what a source line produced, as the meaning pane lists it:
// the line's place and text, and each instruction with its bytes and text.
type LineCode struct {
	Where string // "color.hlsli:56"
	Text  string // the line's text ("" when the container does not hold it)
	Insts []ByteRange
}

// CodeOf returns what source line l produced in the shown code (pv is the
// part the source view maps), or false when it made no code.
// The answer is kept until another line or part is asked: read it only.
func (sv *SourceView) CodeOf(pv *PartView, l SourceLine) (LineCode, bool) {
	if c := sv.code; c.pv != nil && c.pv == pv && c.line == l {
		return c.lc, c.ok
	}
	lc, ok := sv.codeOf(pv, l)
	if pv != nil {
		sv.code = lineCodeOf{line: l, pv: pv, lc: lc, ok: ok}
	}
	return lc, ok
}

func (sv *SourceView) codeOf(pv *PartView, l SourceLine) (LineCode, bool) {
	insts := sv.InstsOf(l)
	if len(insts) == 0 || pv == nil || l.File < 0 || l.File >= len(sv.Files) {
		return LineCode{}, false
	}
	f := sv.Files[l.File]
	lc := LineCode{Where: f.Name + ":" + strconv.FormatUint(uint64(l.Line), 10)}
	if n := int(l.Line); n <= len(f.Lines) {
		lc.Text = strings.TrimSpace(f.Lines[n-1])
	}
	for _, in := range insts {
		lc.Insts = append(lc.Insts, pv.InstRange(in.Off, in.Size))
	}
	return lc, true
}

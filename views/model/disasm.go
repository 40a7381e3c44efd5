package model

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/text"
)

// DisasmLine is one line of a DXIL disassembly with the bytes its record occupies.
type DisasmLine struct {
	Text    string
	Off     int64 // hex-view offset of the first byte holding the record (0: no record)
	Size    int64 // bytes spanned by the record's bits
	Bit     uint64
	Bits    uint64
	Inst    bool // an instruction line
	Func    int  // the function's index in the module (-1 outside function bodies)
	Index   int  // the instruction's index in its function (-1 for other lines)
	FoldEnd int  // on a "define" line: the index of its closing "}" (0 otherwise)
}

// Disassembly is a DXIL or ILDB part's module printed as LLVM 3.7 assembly.
type Disassembly struct {
	Part  string
	Lines []DisasmLine
	// Spelling says which DXC build's spellings the listing follows and
	// why (text.DXCStyle.Rule), or that the file does not say.
	Spelling string
	// More says these are the listing's first lines only (DisassemblyHead);
	// Complete prints the rest.
	More bool
	pv   *PartView
	refs *Refs // definitions and uses, scanned on first use (Refs)
	// The instruction lines by function and index (InstLine) and by byte
	// (LineAt), indexed on first use: the source pane asks for one per
	// debug variable and per instruction of a source line, thousands of
	// times over a listing of as many lines.
	instLines map[[2]int]int
	byteLines []int32 // the first instruction line holding byte byteBase+i, or -1
	byteBase  int64
	bytesDone bool
}

// LineAt returns the instruction line whose record holds the hex-view byte off, or -1.
func (d *Disassembly) LineAt(off int64) int {
	if !d.bytesDone {
		d.indexBytes()
	}
	if off < d.byteBase || off-d.byteBase >= int64(len(d.byteLines)) {
		return -1
	}
	return int(d.byteLines[off-d.byteBase])
}

// indexBytes gives each byte the instruction records hold the first line
// holding it. Records are runs of bits, a byte shared by the few that meet
// in it, so filling only bytes not yet filled (the next one found through
// next, as a union-find finds its root) costs the bytes and lines once.
func (d *Disassembly) indexBytes() {
	d.bytesDone = true
	lo, hi := int64(-1), int64(-1)
	for _, l := range d.Lines {
		if l.Inst && l.Size > 0 {
			if lo < 0 || l.Off < lo {
				lo = l.Off
			}
			hi = max(hi, l.Off+l.Size)
		}
	}
	if lo < 0 || hi-lo > 1<<31-2 { // no records, or more than a file the page opens (2 GiB)
		return
	}
	d.byteBase = lo
	d.byteLines = make([]int32, hi-lo)
	next := make([]int32, hi-lo+1)
	for b := range d.byteLines {
		d.byteLines[b], next[b] = -1, int32(b)
	}
	next[hi-lo] = int32(hi - lo)
	find := func(b int32) int32 {
		root := b
		for next[root] != root {
			root = next[root]
		}
		for next[b] != root {
			next[b], b = root, next[b]
		}
		return root
	}
	for i, l := range d.Lines {
		if !l.Inst || l.Size <= 0 {
			continue
		}
		end := int32(l.Off + l.Size - lo)
		for b := find(int32(l.Off - lo)); b < end; b = find(b) {
			d.byteLines[b], next[b] = int32(i), b+1
		}
	}
}

// InstLine returns the line of instruction i of function fn, or -1.
func (d *Disassembly) InstLine(fn, i int) int {
	if d.instLines == nil {
		d.instLines = map[[2]int]int{}
		for k, l := range d.Lines {
			if _, seen := d.instLines[[2]int{l.Func, l.Index}]; l.Inst && !seen {
				d.instLines[[2]int{l.Func, l.Index}] = k
			}
		}
	}
	if k, ok := d.instLines[[2]int{fn, i}]; ok {
		return k
	}
	return -1
}

// The listings printed, whole and heads, by part (a few parts' worth).
var disasmCache, disasmHeads = map[*decode.Part]*Disassembly{}, map[*decode.Part]*Disassembly{}

// DisasmHeadLines is how much of a module's listing the page prints before
// it first shows the listing; the rest is printed after that paint
// (Disassembly.Complete), so a big or hostile module shows its top at once.
const DisasmHeadLines = 600

// HasDisassembly reports whether the part has code to disassemble, without
// printing it.
func (pv *PartView) HasDisassembly() bool {
	return pv.Part != nil && pv.Part.Program != nil && hasCode(pv.Part.Module)
}

// Disassembly decodes the part's bitcode completely and prints it (once per
// part), or returns nil for parts without bitcode.
func (pv *PartView) Disassembly() *Disassembly {
	if !pv.HasDisassembly() {
		return nil
	}
	if d, ok := disasmCache[pv.Part]; ok {
		return d
	}
	d := pv.disassemble(0)
	if d != nil {
		if len(disasmCache) > 8 {
			clear(disasmCache)
		}
		disasmCache[pv.Part] = d
	}
	return d
}

// DisassemblyHead is the part's listing when it is printed already, else its
// first DisasmHeadLines lines, with More set when the listing goes on.
func (pv *PartView) DisassemblyHead() *Disassembly {
	if !pv.HasDisassembly() {
		return nil
	}
	if d, ok := disasmCache[pv.Part]; ok {
		return d
	}
	if d, ok := disasmHeads[pv.Part]; ok {
		return d
	}
	d := pv.disassemble(DisasmHeadLines)
	if d == nil {
		return nil
	}
	cache := disasmHeads
	if !d.More {
		cache = disasmCache
	}
	if len(cache) > 8 {
		clear(cache)
	}
	cache[pv.Part] = d
	return d
}

// Complete returns the whole listing a head was cut from (d itself when it
// is whole), printing it once.
func (d *Disassembly) Complete() *Disassembly {
	if d == nil || !d.More {
		return d
	}
	return d.pv.Disassembly()
}

// Continues reports whether d is the whole listing of the head prev, so a
// view keeps its place when the rest arrives.
func (d *Disassembly) Continues(prev *Disassembly) bool {
	return d != nil && prev != nil && prev.More && prev.pv.Part == d.pv.Part
}

// disassemble prints the part's module: its first n lines when n > 0.
func (pv *PartView) disassemble(n int) *Disassembly {
	ir := decode.PartIR(pv.Part)
	if ir == nil {
		return nil
	}
	base := pv.Base()
	style := pv.dxcStyle()
	var lines []text.DisLine
	more := false
	if n > 0 {
		lines, more = text.DisassembleIRHead(ir, style, n)
	} else {
		lines = text.DisassembleIRStyle(ir, style)
	}
	d := &Disassembly{Part: pv.Name, Lines: make([]DisasmLine, len(lines)), Spelling: style.Rule, More: more, pv: pv}
	open := -1
	for i, l := range lines {
		dl := DisasmLine{Text: l.Text, Bit: l.Bit, Bits: l.Bits, Inst: l.Inst >= 0, Func: l.Func, Index: l.Inst}
		if l.Bit != 0 {
			dl.Off = base + int64(l.Bit/8)
			dl.Size = int64((l.Bit+max(l.Bits, 1)+7)/8) - int64(l.Bit/8)
		}
		if strings.HasPrefix(l.Text, "define ") {
			open = i
		} else if l.Text == "}" && open >= 0 {
			d.Lines[open].FoldEnd = i
			open = -1
		}
		d.Lines[i] = dl
	}
	return d
}

// dxcStyle is the spellings of the DXC build that wrote the file, as
// `dxscope dis` chooses them (text.ChooseDXCStyle): a listing of an old
// build's file reads as that build printed it.
func (pv *PartView) dxcStyle() text.DXCStyle {
	if pv.m == nil || pv.m.File == nil {
		return text.DXCStyle{LineComments: true} // text.DisassembleIR's
	}
	return text.ChooseDXCStyle(pv.m.File)
}

// ByteRange is an exact run of bytes to select in the hex view, with the
// path shown for it.
type ByteRange struct {
	Off, Size int64
	Part      string // the part Path is rooted in ("": Path names the bytes by itself)
	Path      string
	Text      string // the line that selected them, shown as the selection's value
}

// hasCode reports whether a module defines a function: DXIL and ILDB do; the
// reflection module DXC writes as STAT keeps declarations only (all 43 of the
// corpus), so there is nothing to disassemble.
func hasCode(m *dxil.Module) bool {
	if m == nil {
		return false
	}
	for _, f := range m.Functions {
		if !f.Declaration {
			return true
		}
	}
	return false
}

// Range is the bytes line i's record occupies, as its click selects them;
// its path names the record's kind (Disassembly/12/INST_CALL in part DXIL),
// which a lesson teaches.
func (d *Disassembly) Range(i int) ByteRange {
	l := d.Lines[i]
	path := "Disassembly/" + strconv.Itoa(i)
	if k := RecordKind(l.Text); k != "" {
		path += "/" + k
	}
	return ByteRange{Off: l.Off, Size: l.Size, Part: d.Part, Path: path, Text: strings.TrimSpace(l.Text)}
}

// recordKinds name the FUNCTION_BLOCK record (LLVMBitCodes.h FUNC_CODE_*)
// each LLVM 3.7 instruction is written as, by its mnemonic.
var recordKinds = func() map[string]string {
	m := map[string]string{"call": "INST_CALL", "ret": "INST_RET", "br": "INST_BR", "switch": "INST_SWITCH",
		"unreachable": "INST_UNREACHABLE", "icmp": "INST_CMP2", "fcmp": "INST_CMP2", "select": "INST_VSELECT",
		"phi": "INST_PHI", "load": "INST_LOAD", "store": "INST_STORE", "alloca": "INST_ALLOCA", "getelementptr": "INST_GEP",
		"extractvalue": "INST_EXTRACTVAL", "insertvalue": "INST_INSERTVAL", "extractelement": "INST_EXTRACTELT",
		"insertelement": "INST_INSERTELT", "shufflevector": "INST_SHUFFLEVEC", "atomicrmw": "INST_ATOMICRMW",
		"cmpxchg": "INST_CMPXCHG", "fence": "INST_FENCE"}
	for _, op := range strings.Fields("add fadd sub fsub mul fmul udiv sdiv fdiv urem srem frem shl lshr ashr and or xor") {
		m[op] = "INST_BINOP"
	}
	for _, op := range strings.Fields("trunc zext sext fptoui fptosi uitofp sitofp fptrunc fpext ptrtoint inttoptr bitcast addrspacecast") {
		m[op] = "INST_CAST"
	}
	return m
}()

// RecordKind names the record an instruction line of the disassembly was
// read from ("" when the line is no instruction the table knows).
func RecordKind(line string) string {
	f := strings.Fields(line)
	if len(f) > 2 && strings.HasPrefix(f[0], "%") && f[1] == "=" {
		f = f[2:]
	}
	if len(f) > 1 && f[0] == "tail" {
		f = f[1:]
	}
	if len(f) == 0 {
		return ""
	}
	// A switch prints each case on a line of its own ("i32 1, label %22")
	// and closes with "]": those lines are its record's too.
	if f[0] == "]" || len(f) == 4 && strings.HasSuffix(f[1], ",") && f[2] == "label" {
		return "INST_SWITCH"
	}
	return recordKinds[f[0]]
}

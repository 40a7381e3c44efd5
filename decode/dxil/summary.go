package dxil

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/decode/report"
)

// The module's summary, derived from the IR reader's module: the type table
// as short lines, global values with their names, each function's blocks
// and instructions, and the census of dx.op calls (the opcode is a call's
// first argument, a constant integer).

// mdWork bounds how many metadata nodes the DXIL readers visit in one module,
// since a hostile file can make every entry point share one huge list: at
// most mdWorkPerByte per byte of bitcode (plus mdWorkBase), so what the
// entry points hold stays linear in the file, and never more than mdWork.
// The corpus's modules visit at most 99 nodes, 0.03 per byte.
const (
	mdWork        = 1 << 18
	mdWorkBase    = 4096
	mdWorkPerByte = 8
)

// moduleReader derives a Module from the IR.
type moduleReader struct {
	m      *Module
	ir     *ir.Module
	o      *out
	types  *ir.TypePrinter // SummarySyntax
	warned map[string]bool
	work   int // metadata nodes visited, and elements of lists read again (bounded by workLimit)
	// workLimit is mdWork, or less for a small module (mdWorkPerByte).
	workLimit int
	// held is what the names read from metadata strings may still hold in
	// full (twice the bitcode); cut counts the names cut.
	held, cut int
	// propsLeft is what the entry points' property values may still
	// render (textBudget); propsCut counts the values past it.
	propsLeft, propsCut int
	// renderLeft is what the strings and types of metadata renderings may
	// still spell (textBudget); renderCut counts the items shown as "…"
	// past it.
	renderLeft, renderCut int
	// sigs and res are the signature and resource lists read, by node: entry
	// points naming one list share its elements (decoded once).
	sigs map[int64][]SignatureElement
	res  map[*ir.Metadata][]Resource
	// users are the entry points naming each signatures or resources node
	// (the first two: shown).
	users map[*ir.Metadata][]int

	named     map[string][]uint32 // named metadata: node ids (the last node of a name wins)
	namedList []string            // names in the order they first appear
}

func (d *moduleReader) warnOnce(key string, sev report.Severity, format string, args ...any) {
	if d.warned[key] {
		return
	}
	d.warned[key] = true
	d.o.problem(sev, format, args...)
}

// readModule fills m from the IR module irm.
func readModule(m *Module, irm *ir.Module, o *out) {
	d := &moduleReader{m: m, ir: irm, o: o, types: ir.NewTypePrinter(irm, ir.SummarySyntax), warned: map[string]bool{},
		workLimit: int(min(mdWork, mdWorkBase+mdWorkPerByte*max(irm.Size, 0))), held: 2 * int(max(irm.Size, 0)),
		propsLeft: int(textBudget(irm)), renderLeft: int(textBudget(irm)),
		sigs: map[int64][]SignatureElement{}, res: map[*ir.Metadata][]Resource{}, users: map[*ir.Metadata][]int{}}
	for _, p := range irm.Problems {
		if p.Structure != "bitcode" { // the stream's own faults are reported by Decode
			o.sink.Add(p.Severity, p.Offset, p.Part, p.Structure, "%s", p.Message)
		}
	}
	m.Producer, m.Version = irm.Producer, irm.Version
	m.Triple, m.DataLayout, m.SourceFileName = irm.Triple, irm.DataLayout, irm.SourceFileName
	// The rendered table is for people: a few thousand types is already more than any shader has.
	n := min(len(irm.Types), maxTypesShown)
	m.Types = make([]string, 0, n)
	spell := spelling{left: textBudget(irm)}
	for i := range n {
		if spell.left <= 0 {
			break
		}
		m.Types = append(m.Types, spell.of(d.types, uint32(i)))
	}
	switch {
	case len(m.Types) < n:
		o.problem(report.Note, "the type table has %d types; only the first %d are listed: their spellings pass %d bytes", len(irm.Types), len(m.Types), spell.limit())
	case n < len(irm.Types):
		o.problem(report.Note, "the type table has %d types; only the first %d are listed", len(irm.Types), n)
	}
	for _, g := range irm.Globals {
		t := g.ValueType
		if t == ir.NoType {
			t = g.Type
		}
		m.GlobalVariables = append(m.GlobalVariables, Global{Name: g.Name, Type: spell.of(d.types, t), Constant: g.Constant,
			AddressSpace: g.AddrSpace, Linkage: ir.LinkageName(g.Linkage)})
	}
	dxop := make([]bool, len(irm.Functions))
	if len(irm.Functions) > 0 {
		m.Functions = make([]Function, 0, len(irm.Functions))
	}
	for i, f := range irm.Functions {
		m.Functions = append(m.Functions, Function{Name: f.Name, Type: spell.of(d.types, f.Type), Declaration: f.Declaration,
			Linkage: ir.LinkageName(f.Linkage), Blocks: len(f.Blocks), Instructions: len(f.Insts)})
		if strings.HasPrefix(f.Name, "dx.op.") {
			m.DXOpFunctions = append(m.DXOpFunctions, f.Name)
			dxop[i] = true
			if !f.Declaration {
				d.warnOnce("dxopbody", report.Warning, "%s has a body; dx.op functions are declarations the driver implements", f.Name)
			}
		}
	}
	if spell.short > 0 {
		o.problem(report.Note, "%d globals and functions name their type by its number (type#N, the Types list's index): the types spelled pass %d bytes", spell.short, spell.limit())
	}
	d.census(dxop)
	m.MetadataCount = irm.ModuleMDCount
	readDXILMetadata(d)
}

// textBudget is what each of the summary's texts may spell in all: the type
// spellings (the Types list, each global's and function's type), the
// strings and types of metadata renderings, and the entry points' property
// values. Each has 64 KiB before it counts against twice the bitcode's
// bytes (a real shader's are a few kilobytes).
func textBudget(irm *ir.Module) int64 { return 64<<10 + 2*max(irm.Size, 0) }

// spelling is what the type spellings of a summary may still hold: every
// consumer writes each one out again (JSON, the page's tree), and thousands
// of globals of four bits each can name one type whose spelling is a
// kilobyte (a struct's name) or more (a struct of structs).
type spelling struct {
	left  int64
	used  int64
	short int // references spelled by number
}

func (s *spelling) limit() int64 { return s.left + s.used }

// of spells type t, or names it by number (type#N) once the spellings
// have passed the budget; a spelling is made only while there is room.
func (s *spelling) of(p *ir.TypePrinter, t uint32) string {
	if s.left <= 0 {
		s.short++
		return fmt.Sprintf("type#%d", t)
	}
	str := p.Type(t)
	s.left -= int64(len(str))
	s.used += int64(len(str))
	return str
}

// census counts the calls to dx.op functions by opcode, and each
// function's.
func (d *moduleReader) census(dxop []bool) {
	m, irm := d.m, d.ir
	count := map[uint32]int{}
	first := map[uint32]uint64{} // opcode → absolute bit offset of its first call record
	for fi := range irm.Functions {
		f := &irm.Functions[fi]
		for k := range f.Insts {
			in := &f.Insts[k]
			callee, ok := in.Callee()
			if !ok {
				continue
			}
			if v := irm.Value(f, callee); v == nil || v.Kind != ir.ValueFunction || v.Index < 0 || !dxop[v.Index] {
				continue
			}
			m.Functions[fi].DXOpCalls++
			if len(in.Args) < 2 {
				d.warnOnce("dxopnoarg", report.Warning, "a call to a dx.op function in %q has no arguments", f.Name)
				continue
			}
			op, ok := irm.ConstInt(f, in.Args[0])
			if !ok {
				d.warnOnce("dxopnonconst", report.Warning, "a call to a dx.op function in %q has an opcode that is not a constant integer", f.Name)
				continue
			}
			if count[uint32(op)] == 0 {
				first[uint32(op)] = in.Bit
			}
			count[uint32(op)]++
		}
	}
	for op, n := range count {
		m.DXOps = append(m.DXOps, OpCount{Opcode: op, Name: OpName(op), Count: n, Offset: int64(first[op] / 8)})
	}
	sort.Slice(m.DXOps, func(i, j int) bool { return m.DXOps[i].Opcode < m.DXOps[j].Opcode })
	if m.DXOps == nil {
		m.DXOps = []OpCount{}
	}
}

// md returns module-level metadata id ref (-1: null), or nil.
func (d *moduleReader) md(ref int64) *ir.Metadata {
	if ref < 0 || ref >= int64(len(d.ir.Metadata)) {
		return nil
	}
	return &d.ir.Metadata[ref]
}

// operand is operand i of node n as a metadata id, or -1 for null or none.
func operand(n *ir.Metadata, i int) int64 {
	if id, ok := n.Operand(i); ok {
		return int64(id)
	}
	return -1
}

// value returns the module-level value a metadata value wraps, or nil.
func (d *moduleReader) value(e *ir.Metadata) *ir.Value {
	if e == nil || e.Code != ir.MetadataValue || int64(e.Value) >= int64(len(d.ir.Values)) {
		return nil
	}
	return &d.ir.Values[e.Value]
}

// mdInt reads an integer constant wrapped as metadata.
func (d *moduleReader) mdInt(e *ir.Metadata) (int64, bool) {
	if d.value(e) == nil {
		return 0, false
	}
	return d.ir.ConstInt(nil, e.Value)
}

// mdRender prints metadata roughly as LLVM assembly, bounded in depth and
// length: budget counts the items of one rendering, and the strings and
// types every rendering writes share d.renderLeft, past which an item is
// "…" (a node of 24 nodes of a value whose type spells a kilobyte 64 times
// rendered 1,500 times made 300 MB of 1 KB).
func (d *moduleReader) mdRender(e *ir.Metadata, depth int, budget *int) string {
	if e == nil {
		d.renderLeft -= 4
		return "null"
	}
	*budget--
	if *budget < 0 {
		return "…"
	}
	if d.renderLeft <= 0 {
		d.renderCut++
		return "…"
	}
	switch e.Record {
	case ir.MetadataString, ir.MetadataStrings:
		s := e.Str
		if len(s) > 200 {
			s = s[:200] + "…"
		}
		d.renderLeft -= len(s)
		return fmt.Sprintf("!%q", s)
	case ir.MetadataValue:
		ts := d.types.Nested(e.Type)
		d.renderLeft -= len(ts)
		if v := d.value(e); v != nil {
			n, isInt := d.ir.ConstInt(nil, e.Value)
			switch {
			case isInt:
				return ts + " " + strconv.FormatInt(n, 10)
			case v.Kind == ir.ValueConstant && v.Const.Code == ir.CstCodeUndef:
				return ts + " undef"
			case v.Kind == ir.ValueFunction && v.Index >= 0:
				return ts + " @" + d.hold(d.ir.Functions[v.Index].Name)
			case v.Kind == ir.ValueGlobal:
				return ts + " @global"
			}
		}
		return ts + " …"
	case ir.MetadataNode, ir.MetadataDistinctNode:
		if depth > 6 {
			return "!{…}"
		}
		parts := make([]string, 0, e.NumOperands())
		for i := range e.NumOperands() {
			if i >= 24 {
				parts = append(parts, "…")
				break
			}
			parts = append(parts, d.mdRender(d.md(operand(e, i)), depth+1, budget))
		}
		d.renderLeft -= 2 + 2*len(parts) // "!{", "}" and the separators
		return "!{" + strings.Join(parts, ", ") + "}"
	}
	return "!" + ir.RecordName(ir.MetadataBlockID, e.Record)
}

func u32s(o []uint64) []uint32 {
	v := make([]uint32, len(o))
	for i, x := range o {
		v[i] = uint32(x)
	}
	return v
}

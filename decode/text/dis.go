package text

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/llvm/ir"
)

// The DXIL module printed as `dxc -dumpbin` prints it: LLVM 3.7's assembly
// writer (typed pointers, slot numbering, its float and string forms, its
// metadata numbering) with DXC's annotations (`; line:N col:M` after a debug
// location, the operation's argument names after each dx.op call).

// DisLine is one line of the disassembly and the bits it was read from.
type DisLine struct {
	Text string
	Bit  uint64 // absolute bit offset of the record (0: the line has no record)
	Bits uint64
	Func int // function index, -1 outside function bodies
	Inst int // instruction index in the function, -1 for other lines
}

// DisassembleIR prints the module's IR as lines.
func DisassembleIR(m *ir.Module) []DisLine {
	return DisassembleIRStyle(m, DXCStyle{LineComments: true})
}

// DisassembleIRStyle is DisassembleIR with the spellings of one DXC build
// (ChooseDXCStyle): without "; line:" and "; var:" comments for builds
// before they were written.
func DisassembleIRStyle(m *ir.Module, st DXCStyle) []DisLine {
	lines, _ := DisassembleIRHead(m, st, 0)
	return lines
}

// listingFull stops a printer that has written the lines asked for, or
// (budget) all the text its budget allows.
type listingFull struct{ budget bool }

// The disassembly's budget: text per byte of bitcode, beyond a fixed
// allowance. A real module prints at most 12 bytes per byte (the corpus's
// largest listing is 146 KB); a hostile one names a long name, string or
// type from thousands of half-byte records, or a long string from every
// operand of a node, and printed each in full it grew with records × name.
const (
	disBudgetBase    = 1 << 20
	disBudgetPerByte = 32
)

// DisassembleIRHead is DisassembleIRStyle stopped after the first n lines
// (n > 0), so a page can show the top of a big module without printing the
// rest; more reports that the listing goes on. The lines are exactly the
// first n of the whole listing.
func DisassembleIRHead(m *ir.Module, st DXCStyle, n int) (lines []DisLine, more bool) {
	p := newPrinter(m)
	p.lineComments = st.LineComments
	p.limit = n
	cut, more := p.run()
	text := p.out.String()
	if cut {
		// The line being printed is not whole: drop it, and say why the listing ends.
		text = text[:strings.LastIndexByte(text, '\n')+1]
		text += budgetLine(p)
	}
	text = strings.TrimSuffix(text, "\n")
	parts := strings.Split(text, "\n")
	if more && len(parts) > n {
		parts = parts[:n]
	}
	lines = make([]DisLine, len(parts))
	for i, t := range parts {
		l, ok := p.info[i]
		if !ok {
			l = DisLine{Func: -1, Inst: -1}
		}
		l.Text = t
		lines[i] = l
	}
	return lines, more
}

// WriteIR writes the module's IR.
func WriteIR(w io.Writer, m *ir.Module) error {
	return WriteIRStyle(w, m, DXCStyle{LineComments: true})
}

// WriteIRStyle is WriteIR with the spellings of one DXC build. The text
// goes to w as it is made, a few kilobytes at a time: a writer with a cap
// (the page's Text tab) stops the printer there instead of receiving a
// listing made whole first.
func WriteIRStyle(w io.Writer, m *ir.Module, st DXCStyle) error {
	p := newPrinter(m)
	p.lineComments = st.LineComments
	p.sink = w
	cut, _ := p.run()
	if p.sinkErr != nil {
		return p.sinkErr
	}
	// The rest, as DisassembleIRStyle's lines would be written: whole
	// lines, the budget's line after a cut, one newline at the end.
	rest := p.out.String()
	if cut {
		rest = rest[:strings.LastIndexByte(rest, '\n')+1] + budgetLine(p)
	}
	switch {
	case rest == "" && p.flushed:
		return nil
	case !strings.HasSuffix(rest, "\n"):
		rest += "\n"
	}
	_, err := io.WriteString(w, rest)
	return err
}

// run prints the module and reports whether the printer stopped at its
// budget (cut) or at the lines asked for (more). The printer walks the
// module in many nested loops; a panic from its one writer ends them all.
func (p *printer) run() (cut, more bool) {
	defer func() {
		if r := recover(); r != nil {
			full, ok := r.(listingFull)
			if !ok {
				panic(r)
			}
			cut, more = full.budget, !full.budget
		}
	}()
	p.module()
	return false, false
}

// budgetLine says why a listing cut at its budget ends.
func budgetLine(p *printer) string {
	return fmt.Sprintf("; dxscope stops this listing here, at its budget of %d bytes (%d KiB and %d per byte of bitcode; a real module prints under 12 per byte)\n",
		p.maxOut, disBudgetBase>>10, disBudgetPerByte)
}

type printer struct {
	m     *ir.Module
	types *ir.TypePrinter
	out   strings.Builder
	nl    int             // newlines written
	col   int             // bytes since the last newline
	info  map[int]DisLine // per line: the record it shows

	modSlot   map[uint32]int // unnamed globals and functions
	mdSlot    map[uint32]int
	mdOrder   []uint32
	attrSlot  map[string]int
	attrOrder []string

	f     *ir.Function
	fi    int
	local map[uint32]int
	// sharedArgs: the current function's arguments are its type's
	// (ir.Function.ArgsShared), this many, argument i numbered i.
	sharedArgs int
	blockSlot  []int
	preds      [][]uint32
	budget     int // constant elements left to print (hostile constants can share operands exponentially)
	// total bounds the constant elements printed in the whole listing, so
	// the text stays linear in the bitcode's size however often a hostile
	// module refers to a big (or self-referring) constant.
	total    int64
	globalID map[int]uint32 // Globals index → value id
	// paramsLeft bounds the parameters the declarations print, so a
	// function type many declarations name costs its list once per
	// declaration only while the listing stays linear in the bitcode;
	// typeFirst is the first function printed with each function type.
	paramsLeft int64
	// paramText bounds the same lists' text: a parameter's type prints
	// inline up to 4 KB (a function type, a literal struct), so the count
	// alone let a 180-byte module print 2.7 MB of declarations.
	paramText int64
	listText  map[uint32]int64 // function type → its parameter list's length
	typeFirst map[uint32]string
	// lineComments writes DXC's "; line:" and "; var:" comments (DXC
	// 1.5.2005 and later).
	lineComments bool
	limit        int // stop once this many lines are written (0: never)
	// spent is the text made so far, maxOut its budget (disBudgetBase and
	// disBudgetPerByte).
	spent, maxOut int64
	attrText      map[attrKey]string // attrRender's, once per list and index
	// sink, when set, receives the whole lines of out as they pile up
	// (flushed: some were); sinkErr is its error, which stops the printer.
	sink    io.Writer
	flushed bool
	sinkErr error
}

// sinkChunk is how much text the printer holds before it passes its whole
// lines to its sink.
const sinkChunk = 32 << 10

type attrKey struct {
	list      uint32
	index     uint64
	noStrings bool
}

func newPrinter(m *ir.Module) *printer {
	p := &printer{m: m, types: ir.NewTypePrinter(m, ir.AsmSyntax), modSlot: map[uint32]int{},
		mdSlot: map[uint32]int{}, attrSlot: map[string]int{}, fi: -1, info: map[int]DisLine{}, total: 8*m.Size + 1<<14,
		paramsLeft: 8*m.Size + 1<<14, paramText: 512*m.Size + 1<<16, listText: map[uint32]int64{}, typeFirst: map[uint32]string{},
		maxOut: disBudgetPerByte*m.Size + disBudgetBase, attrText: map[attrKey]string{}}
	p.slots()
	return p
}

// charge counts text made for the listing against its budget, and stops
// the printer past it; the values that can print long (names, constants,
// metadata strings, types, attributes) charge what they make, so no line
// is made far past the budget either.
func (p *printer) charge(s string) string {
	if p.spent += int64(len(s)); p.spent > p.maxOut {
		panic(listingFull{budget: true})
	}
	return s
}

// w writes LLVM's output stream, counting lines and the current column.
func (p *printer) w(s string) {
	p.charge(s)
	p.out.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		p.nl += strings.Count(s, "\n")
		p.col = len(s) - i - 1
	} else {
		p.col += len(s)
	}
	if p.limit > 0 && p.nl > p.limit {
		panic(listingFull{})
	}
	if p.sink != nil && p.out.Len()-p.col >= sinkChunk {
		p.flush()
	}
}

// flush passes out's whole lines to the sink (col is the line being made:
// no search of the text) and stops the printer if the sink fails.
func (p *printer) flush() {
	text := p.out.String()
	i := len(text) - p.col
	if _, err := io.WriteString(p.sink, text[:i]); err != nil {
		p.sinkErr = err
		panic(listingFull{})
	}
	p.flushed = true
	p.out.Reset()
	p.out.WriteString(text[i:])
}

// mark records which record the current line shows.
func (p *printer) mark(bit, bits uint64, fn, inst int) {
	p.info[p.nl] = DisLine{Bit: bit, Bits: bits, Func: fn, Inst: inst}
}

// padTo pads the current line to column c (at least one space), as formatted_raw_ostream::PadToColumn.
func (p *printer) padTo(c int) {
	p.w(strings.Repeat(" ", max(c-p.col, 1)))
}

// --- names and strings ---

func isIdentChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '$' || c == '.' || c == '_'
}

// escapeLL escapes as LLVM's PrintEscapedString.
func escapeLL(s string) string { return ir.EscapeString(s) }

// llvmName prints a value name as LLVM 3.7's PrintLLVMName.
func llvmName(prefix, name string) string { return ir.LLVMName(prefix, name) }

func mdIdentifier(name string) string {
	if name == "" {
		return "<empty name> "
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		ok := isIdentChar(c)
		if i == 0 && c >= '0' && c <= '9' {
			ok = false
		}
		if ok {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\%02X", c)
		}
	}
	return b.String()
}

// --- types ---

// typ prints a type as LLVM's assembly writer (the one type printer, ir.TypePrinter).
func (p *printer) typ(id uint32) string { return p.charge(p.types.Type(id)) }

// --- slots ---

func (p *printer) isNode(f *ir.Function, id uint32) bool {
	e := p.m.MD(f, id)
	return e != nil && e.Code != ir.MetadataString && e.Code != ir.MetadataValue
}

// mdSlotOf numbers a node and the nodes under it, depth first, as LLVM's
// SlotTracker::CreateMetadataSlot does.
func (p *printer) createMDSlot(f *ir.Function, id uint32) {
	if !p.isNode(f, id) {
		return
	}
	if _, ok := p.mdSlot[id]; ok {
		return
	}
	type frame struct {
		refs []int64
		i    int
	}
	p.mdSlot[id] = len(p.mdOrder)
	p.mdOrder = append(p.mdOrder, id)
	stack := []frame{{refs: p.m.MD(f, id).MDNodeRefs()}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i >= len(top.refs) {
			stack = stack[:len(stack)-1]
			continue
		}
		r := top.refs[top.i]
		top.i++
		if r < 0 || !p.isNode(f, uint32(r)) {
			continue
		}
		if _, ok := p.mdSlot[uint32(r)]; ok {
			continue
		}
		p.mdSlot[uint32(r)] = len(p.mdOrder)
		p.mdOrder = append(p.mdOrder, uint32(r))
		stack = append(stack, frame{refs: p.m.MD(f, uint32(r)).MDNodeRefs()})
	}
}

func (p *printer) slots() {
	m := p.m
	n := 0
	for i, v := range m.Values {
		if (v.Kind == ir.ValueGlobal || v.Kind == ir.ValueFunction || v.Kind == ir.ValueAlias) && v.Name == "" {
			p.modSlot[uint32(i)] = n
			n++
		}
	}
	for _, nm := range m.NamedMetadata {
		for _, id := range nm.Nodes {
			p.createMDSlot(nil, id)
		}
	}
	for fi := range m.Functions {
		f := &m.Functions[fi]
		for _, in := range f.Insts {
			if in.Op == "call" && in.MDArgs != nil && len(in.Args) > 0 {
				if cv := m.Value(f, in.Args[len(in.Args)-1]); cv != nil && cv.Kind == ir.ValueFunction && strings.HasPrefix(cv.Name, "llvm.") {
					for _, md := range in.MDArgs {
						if md >= 0 {
							p.createMDSlot(f, uint32(md))
						}
					}
				}
			}
			if in.DebugLoc >= 0 {
				p.createMDSlot(f, uint32(in.DebugLoc))
			}
			for _, a := range in.SortedAttach() {
				p.createMDSlot(f, a.Node)
			}
		}
		if s := p.attrString(f.Attrs, 0xFFFFFFFF, true); s != "" {
			p.attrSlotOf(s)
		}
	}
}

func (p *printer) attrSlotOf(s string) int {
	if n, ok := p.attrSlot[s]; ok {
		return n
	}
	p.attrSlot[s] = len(p.attrOrder)
	p.attrOrder = append(p.attrOrder, s)
	return len(p.attrOrder) - 1
}

// --- attributes ---

// Attribute names by bitcode id, and the order LLVM 3.7 sorts them in (its
// Attribute::AttrKind enum, alphabetical by identifier).
const attrAlignment = 1 // printed "align N", not "align(N)"

var attrNames = map[uint64][2]string{
	1: {"align", "Alignment"}, 2: {"alwaysinline", "AlwaysInline"}, 3: {"byval", "ByVal"}, 4: {"inlinehint", "InlineHint"},
	5: {"inreg", "InReg"}, 6: {"minsize", "MinSize"}, 7: {"naked", "Naked"}, 8: {"nest", "Nest"}, 9: {"noalias", "NoAlias"},
	10: {"nobuiltin", "NoBuiltin"}, 11: {"nocapture", "NoCapture"}, 12: {"noduplicate", "NoDuplicate"},
	13: {"noimplicitfloat", "NoImplicitFloat"}, 14: {"noinline", "NoInline"}, 15: {"nonlazybind", "NonLazyBind"},
	16: {"noredzone", "NoRedZone"}, 17: {"noreturn", "NoReturn"}, 18: {"nounwind", "NoUnwind"}, 19: {"optsize", "OptimizeForSize"},
	20: {"readnone", "ReadNone"}, 21: {"readonly", "ReadOnly"}, 22: {"returned", "Returned"}, 23: {"returns_twice", "ReturnsTwice"},
	24: {"signext", "SExt"}, 25: {"alignstack", "StackAlignment"}, 26: {"ssp", "StackProtect"}, 27: {"sspreq", "StackProtectReq"},
	28: {"sspstrong", "StackProtectStrong"}, 29: {"sret", "StructRet"}, 30: {"sanitize_address", "SanitizeAddress"},
	31: {"sanitize_thread", "SanitizeThread"}, 32: {"sanitize_memory", "SanitizeMemory"}, 33: {"uwtable", "UWTable"},
	34: {"zeroext", "ZExt"}, 35: {"builtin", "Builtin"}, 36: {"cold", "Cold"}, 37: {"optnone", "OptimizeNone"},
	38: {"inalloca", "InAlloca"}, 39: {"nonnull", "NonNull"}, 40: {"jumptable", "JumpTable"},
	41: {"dereferenceable", "Dereferenceable"}, 42: {"dereferenceable_or_null", "DereferenceableOrNull"},
	43: {"convergent", "Convergent"}, 44: {"safestack", "SafeStack"}, 45: {"argmemonly", "ArgMemOnly"},
}

type irAttrText struct {
	class int // 0 enum/int, 2 string
	sort  string
	val   uint64
	text  string
}

// attrString renders the attributes of list (1-based; 0 none) at index, as
// LLVM's AttributeSet::getAsString; noStrings drops string attributes (the
// "; Function Attrs:" line).
func (p *printer) attrString(list uint32, index uint64, all bool) string {
	return p.attrRender(list, index, all, false)
}

func (p *printer) attrRender(list uint32, index uint64, all, noStrings bool) string {
	if list == 0 || int(list) > len(p.m.AttrLists) {
		return ""
	}
	// Every call names its list for each argument: render each once (a
	// list of thousands of groups named by thousands of calls cost their
	// product).
	k := attrKey{list, index, noStrings}
	if s, ok := p.attrText[k]; ok {
		return p.charge(s)
	}
	s := p.renderAttrs(list, index, noStrings)
	p.attrText[k] = s
	return p.charge(s)
}

func (p *printer) renderAttrs(list uint32, index uint64, noStrings bool) string {
	var ts []irAttrText
	for _, g := range p.m.AttrLists[list-1] {
		grp, ok := p.m.AttrGroups[g]
		if !ok || grp.Index != index {
			continue
		}
		for _, a := range grp.Attrs {
			switch a.Kind {
			case ir.AttrEnum, ir.AttrInt:
				n, ok := attrNames[a.ID]
				if !ok {
					n = [2]string{fmt.Sprintf("attr%d", a.ID), fmt.Sprintf("zz%03d", a.ID)}
				}
				t := irAttrText{sort: n[1], text: n[0], val: a.Int}
				if a.Kind == ir.AttrInt {
					switch a.ID {
					case attrAlignment:
						t.text = fmt.Sprintf("align %d", a.Int)
					default:
						t.text = fmt.Sprintf("%s(%d)", n[0], a.Int)
					}
				}
				ts = append(ts, t)
			case ir.AttrString, ir.AttrStringValue:
				if noStrings {
					continue
				}
				t := irAttrText{class: 2, sort: a.Key, text: `"` + escapeLL(a.Key) + `"`}
				if a.Kind == ir.AttrStringValue {
					t.text += `="` + escapeLL(a.Value) + `"`
					t.sort += "\x00" + a.Value
				}
				ts = append(ts, t)
			}
		}
	}
	sort.SliceStable(ts, func(i, j int) bool {
		if ts[i].class != ts[j].class {
			return ts[i].class < ts[j].class
		}
		if ts[i].sort != ts[j].sort {
			return ts[i].sort < ts[j].sort
		}
		return ts[i].val < ts[j].val
	})
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.text
	}
	return strings.Join(out, " ")
}

// --- values ---

func (p *printer) valueType(id uint32) uint32 {
	if v := p.m.Value(p.f, id); v != nil {
		return v.Type
	}
	return ir.NoType
}

func (p *printer) operand(id uint32, withType bool) string {
	s := p.valueRef(id)
	if withType {
		return p.typ(p.valueType(id)) + " " + s
	}
	return s
}

func (p *printer) valueRef(id uint32) string { return p.charge(p.valueText(id)) }

func (p *printer) valueText(id uint32) string {
	v := p.m.Value(p.f, id)
	if v == nil {
		return "<badref>"
	}
	switch v.Kind {
	case ir.ValueGlobal, ir.ValueFunction, ir.ValueAlias:
		if v.Name == "" {
			return fmt.Sprintf("@%d", p.modSlot[id])
		}
		return llvmName("@", v.Name)
	case ir.ValueConstant:
		p.budget = 1 << 14
		return p.constant(v, 0)
	case ir.ValueArgument, ir.ValueInstruction:
		if v.Name != "" {
			return llvmName("%", v.Name)
		}
		if n, ok := p.local[id]; ok {
			return "%" + strconv.Itoa(n)
		}
		if p.f != nil && id >= p.f.LocalBase && int64(id-p.f.LocalBase) < int64(p.sharedArgs) {
			return "%" + strconv.Itoa(int(id-p.f.LocalBase))
		}
	}
	return "<badref>"
}

func (p *printer) blockRef(b uint32) string {
	if p.f == nil || int64(b) >= int64(len(p.f.Blocks)) {
		return "<badref>"
	}
	if n := p.f.Blocks[b].Name; n != "" {
		return llvmName("%", n)
	}
	return "%" + strconv.Itoa(p.blockSlot[b])
}

func signExtend(x uint64, w uint32) int64 {
	if w == 0 || w >= 64 {
		return int64(x)
	}
	s := 64 - w
	return int64(x<<s) >> s
}

func (p *printer) intText(t *ir.Type, v int64) string {
	if t != nil && t.Width == 1 {
		if v&1 != 0 {
			return "true"
		}
		return "false"
	}
	if t != nil && t.Width < 64 && t.Width > 0 {
		v = signExtend(uint64(v), t.Width)
	}
	return strconv.FormatInt(v, 10)
}

// FloatText prints a floating-point constant as LLVM 3.7's assembly writer:
// %e when that reads back exactly, else the double's bits in hex; half as 0xH.
func FloatText(kind ir.TypeKind, bits uint64) string {
	var d float64
	switch kind {
	case ir.TypeHalf:
		return fmt.Sprintf("0xH%04X", bits&0xffff)
	case ir.TypeFloat:
		d = float64(math.Float32frombits(uint32(bits)))
	case ir.TypeDouble:
		d = math.Float64frombits(bits)
	default:
		return fmt.Sprintf("0x%X", bits)
	}
	if !math.IsInf(d, 0) && !math.IsNaN(d) {
		s := fmt.Sprintf("%e", d)
		if back, err := strconv.ParseFloat(s, 64); err == nil && back == d {
			return s
		}
	}
	b := math.Float64bits(d)
	if kind == ir.TypeFloat && math.IsNaN(d) {
		// APFloat's float→double conversion keeps the NaN payload in the top bits.
		f := uint32(bits)
		b = uint64(f>>31)<<63 | 0x7ff<<52 | uint64(f&0x7fffff)<<29
	}
	return fmt.Sprintf("0x%016X", b)
}

func (p *printer) elemText(et uint32, raw uint64) string {
	t := p.m.TypeAt(et)
	if t == nil {
		return "?"
	}
	switch t.Kind {
	case ir.TypeInt:
		return p.intText(t, int64(raw))
	case ir.TypeHalf, ir.TypeFloat, ir.TypeDouble:
		return FloatText(t.Kind, raw)
	}
	return strconv.FormatUint(raw, 10)
}

func (p *printer) constant(v *ir.Value, depth int) string {
	p.total--
	if p.budget--; depth > 64 || p.budget < 0 || p.total < 0 {
		return "<constant too large>"
	}
	m := p.m
	t := m.TypeAt(v.Type)
	c := v.Const
	op := func(id uint32, typed bool) string {
		if p.total < 0 {
			return "…"
		}
		x := m.Value(p.f, id)
		if x == nil {
			return "<badref>"
		}
		s := ""
		if x.Kind == ir.ValueConstant {
			s = p.constant(x, depth+1)
		} else {
			s = p.valueRef(id)
		}
		if typed {
			s = p.typ(x.Type) + " " + s
		}
		p.total -= int64(len(s)) / 8 // long element texts (function pointer types) cost more
		return s
	}
	typeOf := func(id uint32) uint32 {
		if x := m.Value(p.f, id); x != nil {
			return x.Type
		}
		return ir.NoType
	}
	const bad = "<bad constant expression>"
	switch c.Code {
	case ir.CstCodeNull:
		if t == nil {
			return "null"
		}
		switch t.Kind {
		case ir.TypeInt:
			return p.intText(t, 0)
		case ir.TypeHalf, ir.TypeFloat, ir.TypeDouble:
			return FloatText(t.Kind, 0)
		case ir.TypePointer:
			return "null"
		}
		return "zeroinitializer"
	case ir.CstCodeUndef:
		return "undef"
	case ir.CstCodeInteger:
		if c.Bad {
			return "0"
		}
		return p.intText(t, c.Int)
	case ir.CstCodeWideInteger: // the low word
		if c.Bad {
			return "0"
		}
		return strconv.FormatInt(c.Int, 10)
	case ir.CstCodeFloat:
		if c.Bad || t == nil {
			return "0.0"
		}
		return FloatText(t.Kind, c.Bits)
	case ir.CstCodeAggregate:
		if t == nil {
			return "<bad aggregate>"
		}
		parts := make([]string, len(c.Operands))
		for i, e := range c.Operands {
			parts[i] = op(e, true)
		}
		switch t.Kind {
		case ir.TypeStruct:
			s := "{}"
			if len(parts) > 0 {
				s = "{ " + strings.Join(parts, ", ") + " }"
			}
			if t.Packed {
				s = "<" + s + ">"
			}
			return s
		case ir.TypeVector:
			return "<" + strings.Join(parts, ", ") + ">"
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case ir.CstCodeString: // CSTRING's NUL included
		return `c"` + escapeLL(c.Str) + `"`
	case ir.CstCodeData:
		if t == nil || len(t.Elems) == 0 {
			return "<bad data>"
		}
		et := m.TypeAt(t.Elems[0])
		if t.Kind == ir.TypeArray && et != nil && et.Kind == ir.TypeInt && et.Width == 8 {
			return `c"` + escapeLL(bytesOf(c.Data)) + `"`
		}
		ets := p.typ(t.Elems[0])
		parts := make([]string, 0, len(c.Data))
		for _, e := range c.Data {
			if p.total--; p.total < 0 {
				parts = append(parts, "…")
				break
			}
			parts = append(parts, ets+" "+p.elemText(t.Elems[0], e))
		}
		if t.Kind == ir.TypeVector {
			return "<" + strings.Join(parts, ", ") + ">"
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case ir.CstCodeCEBinop:
		if c.Bad {
			return bad
		}
		s := ir.BinopName(c.Opcode, m.IsFP(typeOf(c.Operands[0])))
		if c.HasFlags {
			s += binopFlags(s, c.Flags)
		}
		return s + " (" + op(c.Operands[0], true) + ", " + op(c.Operands[1], true) + ")"
	case ir.CstCodeCECast:
		if c.Bad {
			return bad
		}
		return ir.CastName(c.Opcode) + " (" + op(c.Operands[0], true) + " to " + p.typ(v.Type) + ")"
	case ir.CstCodeCEGEP, ir.CstCodeCEInboundsGEP:
		s := "getelementptr"
		if c.InBounds {
			s += " inbounds"
		}
		var parts []string
		for _, o := range c.Operands {
			parts = append(parts, op(o, true))
		}
		return s + " (" + p.typ(c.SourceType) + ", " + strings.Join(parts, ", ") + ")"
	case ir.CstCodeCESelect:
		if c.Bad {
			return bad
		}
		return "select (" + op(c.Operands[0], true) + ", " + op(c.Operands[1], true) + ", " + op(c.Operands[2], true) + ")"
	case ir.CstCodeCEExtractElt:
		if c.Bad {
			return bad
		}
		return "extractelement (" + op(c.Operands[0], true) + ", " + op(c.Operands[1], true) + ")"
	case ir.CstCodeCECmp:
		if c.Bad {
			return bad
		}
		name := "icmp "
		if m.IsFP(typeOf(c.Operands[0])) {
			name = "fcmp "
		}
		return name + ir.PredicateName(c.Opcode) + " (" + op(c.Operands[0], true) + ", " + op(c.Operands[1], true) + ")"
	}
	return "<placeholder or erroneous Constant>"
}

// bytesOf is a data array of i8 as its bytes.
func bytesOf(o []uint64) string {
	b := make([]byte, len(o))
	for i, x := range o {
		b[i] = byte(x)
	}
	return string(b)
}

func binopFlags(op string, f uint64) string {
	s := ""
	switch op {
	case "add", "sub", "mul", "shl":
		if f&1 != 0 {
			s += " nuw"
		}
		if f&2 != 0 {
			s += " nsw"
		}
	case "udiv", "sdiv", "lshr", "ashr":
		if f&1 != 0 {
			s += " exact"
		}
	default:
		s += fastMath(f)
	}
	return s
}

func fastMath(f uint64) string {
	if f&1 != 0 {
		return " fast"
	}
	s := ""
	if f&2 != 0 {
		s += " nnan"
	}
	if f&4 != 0 {
		s += " ninf"
	}
	if f&8 != 0 {
		s += " nsz"
	}
	if f&16 != 0 {
		s += " arcp"
	}
	return s
}

// paramsText is the length of function type ft's parameter list, counted
// once per type (declarations of one type are many).
func (p *printer) paramsText(ft uint32, params []uint32) int64 {
	if n, ok := p.listText[ft]; ok {
		return n
	}
	var n int64
	for _, t := range params {
		n += int64(len(p.typ(t)) + 2)
	}
	p.listText[ft] = n
	return n
}

// --- module ---

var linkagePrint = map[uint64]string{0: "", 1: "weak ", 2: "appending ", 3: "internal ", 4: "linkonce ", 5: "", 6: "",
	7: "extern_weak ", 8: "common ", 9: "private ", 10: "weak_odr ", 11: "linkonce_odr ", 12: "available_externally ",
	13: "private ", 14: "private ", 15: "linkonce_odr ", 16: "weak ", 17: "weak_odr ", 18: "linkonce ", 19: "linkonce_odr "}

func isExternal(l uint64) bool { return l == 0 || l == 5 || l == 6 }

var visibilityPrint = [...]string{"", "hidden ", "protected "}

// threadLocalPrint is a global's thread-local mode (the bitcode's 1 to 4).
var threadLocalPrint = [...]string{"", "thread_local ", "thread_local(localdynamic) ", "thread_local(initialexec) ", "thread_local(localexec) "}

func dllPrint(v uint64, linkage uint64) string {
	switch {
	case v == 1 || linkage == 5:
		return "dllimport "
	case v == 2 || linkage == 6:
		return "dllexport "
	}
	return ""
}

func (p *printer) module() {
	m := p.m
	if m.DataLayout != "" {
		p.w(`target datalayout = "` + m.DataLayout + "\"\n")
	}
	if m.Triple != "" {
		p.w(`target triple = "` + m.Triple + "\"\n")
	}
	if structs := m.IdentifiedStructs(); len(structs) > 0 {
		p.w("\n")
		for _, t := range structs {
			p.w(p.typ(t) + " = type " + p.types.Definition(t) + "\n")
		}
	}
	if len(m.Globals) > 0 {
		p.w("\n")
		for gi := range m.Globals {
			p.global(gi)
			p.w("\n")
		}
	}
	for fi := range m.Functions {
		p.function(fi)
	}
	if len(p.attrOrder) > 0 {
		p.w("\n")
		for i, s := range p.attrOrder {
			p.w(fmt.Sprintf("attributes #%d = { %s }\n", i, s))
		}
	}
	if len(m.NamedMetadata) > 0 {
		p.w("\n")
		for _, n := range m.NamedMetadata {
			parts := make([]string, len(n.Nodes))
			for i, id := range n.Nodes {
				parts[i] = p.mdRef(nil, id)
			}
			p.w("!" + mdIdentifier(n.Name) + " = !{" + strings.Join(parts, ", ") + "}\n")
		}
	}
	if len(p.mdOrder) > 0 {
		p.w("\n")
		for slot, id := range p.mdOrder {
			e := p.m.MD(nil, id)
			p.mark(e.Bit, 0, -1, -1)
			p.w(fmt.Sprintf("!%d = %s\n", slot, p.mdBody(nil, e)))
		}
	}
	if m.StoppedAt != 0 {
		p.w(fmt.Sprintf("; the bitcode could not be read past bit %d (byte 0x%x): %s\n", m.StoppedAt, m.StoppedAt/8, m.Stopped))
	}
}

func (p *printer) global(gi int) {
	g := &p.m.Globals[gi]
	p.mark(g.Bit, g.Bits, -1, -1)
	name := llvmName("@", g.Name)
	if g.Name == "" {
		if p.globalID == nil {
			p.globalID = map[int]uint32{}
			for id, v := range p.m.Values {
				if v.Kind == ir.ValueGlobal {
					p.globalID[int(v.Index)] = uint32(id)
				}
			}
		}
		name = fmt.Sprintf("@%d", p.modSlot[p.globalID[gi]])
	}
	s := name + " = "
	if g.Init < 0 && isExternal(g.Linkage) {
		s += "external "
	}
	s += linkagePrint[g.Linkage]
	if g.Visibility < 3 {
		s += visibilityPrint[g.Visibility]
	}
	s += dllPrint(g.DLLStorage, g.Linkage)
	if g.ThreadLocal < uint64(len(threadLocalPrint)) {
		s += threadLocalPrint[g.ThreadLocal]
	}
	if g.UnnamedAddr {
		s += "unnamed_addr "
	}
	if g.AddrSpace != 0 {
		s += fmt.Sprintf("addrspace(%d) ", g.AddrSpace)
	}
	if g.ExternallyInitialized {
		s += "externally_initialized "
	}
	if g.Constant {
		s += "constant "
	} else {
		s += "global "
	}
	s += p.typ(g.ValueType)
	if g.Init >= 0 {
		s += " " + p.valueRef(uint32(g.Init))
	}
	if g.Align != 0 {
		s += fmt.Sprintf(", align %d", g.Align)
	}
	p.w(s)
}

var ccNames = map[uint64]string{8: "fastcc", 9: "coldcc", 64: "x86_stdcallcc", 65: "x86_fastcallcc", 66: "arm_apcscc"}

func ccName(cc uint64) string {
	if n, ok := ccNames[cc]; ok {
		return n
	}
	return fmt.Sprintf("cc%d", cc)
}

func (p *printer) function(fi int) {
	m := p.m
	f := &m.Functions[fi]
	p.f, p.fi = f, fi
	defer func() { p.f, p.fi = nil, -1 }()
	p.numberLocals()
	p.w("\n")
	if a := p.attrRender(f.Attrs, 0xFFFFFFFF, true, true); a != "" {
		p.w("; Function Attrs: " + a + "\n")
	}
	p.mark(f.Bit, 0, fi, -1)
	s := "define "
	if f.Declaration {
		s = "declare "
	}
	s += linkagePrint[f.Linkage]
	if f.Visibility < 3 {
		s += visibilityPrint[f.Visibility]
	}
	s += dllPrint(f.DLLStorage, f.Linkage)
	if f.CallingConv != 0 {
		s += ccName(f.CallingConv) + " "
	}
	ft := m.TypeAt(f.Type)
	if ra := p.attrString(f.Attrs, 0, true); ra != "" {
		s += ra + " "
	}
	if ft == nil || len(ft.Elems) == 0 {
		s += "<bad function type> "
	} else {
		s += p.typ(ft.Elems[0]) + " "
	}
	s += p.valueRef(f.ValueID) + "("
	var ps []string
	if n := 0; ft != nil && len(ft.Elems) > 0 {
		if n = len(ft.Elems) - 1; int64(n) > p.paramsLeft || p.paramsText(f.Type, ft.Elems[1:]) > p.paramText {
			// One function type of thousands of parameters named by every
			// function would print its list each time: past the budget a
			// function names the first one printed with that type.
			if first, ok := p.typeFirst[f.Type]; ok {
				ps = append(ps, fmt.Sprintf("<%d parameters, as %s above>", n, first))
			} else {
				ps = append(ps, fmt.Sprintf("<%d parameters>", n))
			}
			n = 0
		} else {
			p.paramsLeft -= int64(n)
			p.paramText -= p.paramsText(f.Type, ft.Elems[1:])
			if _, ok := p.typeFirst[f.Type]; !ok {
				p.typeFirst[f.Type] = p.valueRef(f.ValueID)
			}
		}
		for i, pt := range ft.Elems[1 : 1+n] {
			x := p.typ(pt)
			if a := p.attrString(f.Attrs, uint64(i+1), true); a != "" {
				x += " " + a
			}
			if !f.Declaration && !f.ArgsShared && i < len(f.Locals) && f.Locals[i].Name != "" {
				x += " " + llvmName("%", f.Locals[i].Name)
			}
			ps = append(ps, x)
		}
		if ft.VarArg {
			ps = append(ps, "...")
		}
	}
	s += strings.Join(ps, ", ") + ")"
	if f.UnnamedAddr {
		s += " unnamed_addr"
	}
	if a := p.attrString(f.Attrs, 0xFFFFFFFF, true); a != "" {
		s += fmt.Sprintf(" #%d", p.attrSlotOf(a))
	}
	if f.Align != 0 {
		s += fmt.Sprintf(" align %d", f.Align)
	}
	if f.Declaration {
		p.w(s + "\n")
		return
	}
	p.w(s + " {")
	for bi := range f.Blocks {
		p.block(bi)
	}
	p.w("}\n")
}

// numberLocals assigns the function's slots (unnamed arguments, blocks and
// value-producing instructions, in order) and each block's predecessors.
func (p *printer) numberLocals() {
	f := p.f
	p.local = map[uint32]int{}
	n := 0
	ft := p.m.TypeAt(f.Type)
	nargs := 0
	if ft != nil && len(ft.Elems) > 0 {
		nargs = len(ft.Elems) - 1
	}
	p.sharedArgs = 0
	if f.ArgsShared {
		// Shared arguments have no names: argument i is %i, and numbering
		// each of thousands per body would cost arguments × bodies.
		p.sharedArgs, n = nargs, nargs
	}
	for i := 0; i < nargs && i < len(f.Locals) && !f.ArgsShared; i++ {
		if f.Locals[i].Name == "" {
			p.local[f.LocalBase+uint32(i)] = n
			n++
		}
	}
	p.blockSlot = make([]int, len(f.Blocks))
	for bi, b := range f.Blocks {
		if b.Name == "" {
			p.blockSlot[bi] = n
			n++
		}
		for k := b.First; k < b.Last && k < len(f.Insts); k++ {
			in := &f.Insts[k]
			if in.Value >= 0 {
				if v := p.m.Value(f, uint32(in.Value)); v != nil && v.Name == "" {
					p.local[uint32(in.Value)] = n
					n++
				}
			}
			if in.Op == "call" {
				if a := p.attrString(in.Attrs, 0xFFFFFFFF, true); a != "" {
					p.attrSlotOf(a)
				}
			}
		}
	}
	// Predecessors in use-list order: the newest use first.
	p.preds = make([][]uint32, len(f.Blocks))
	type use struct{ from, to uint32 }
	var uses []use
	for bi, b := range f.Blocks {
		for k := b.First; k < b.Last && k < len(f.Insts); k++ {
			in := &f.Insts[k]
			if !isTerm(in.Op) {
				continue
			}
			for _, t := range in.Blocks {
				uses = append(uses, use{uint32(bi), t})
			}
		}
	}
	for i := len(uses) - 1; i >= 0; i-- {
		u := uses[i]
		if int64(u.to) < int64(len(p.preds)) {
			p.preds[u.to] = append(p.preds[u.to], u.from)
		}
	}
}

func isTerm(op string) bool {
	switch op {
	case "br", "switch", "indirectbr", "invoke":
		return true
	}
	return false
}

func (p *printer) block(bi int) {
	f := p.f
	b := f.Blocks[bi]
	if b.Name != "" {
		p.w("\n" + llvmName("", b.Name) + ":")
	} else if len(p.preds[bi]) > 0 {
		p.w(fmt.Sprintf("\n; <label>:%d", p.blockSlot[bi]))
	}
	if bi != 0 {
		p.padTo(50)
		p.w(";")
		if len(p.preds[bi]) == 0 {
			p.w(" No predecessors!")
		} else {
			refs := make([]string, len(p.preds[bi]))
			for i, q := range p.preds[bi] {
				refs[i] = p.blockRef(q)
			}
			p.w(" preds = " + strings.Join(refs, ", "))
		}
	}
	p.w("\n")
	for k := b.First; k < b.Last && k < len(f.Insts); k++ {
		in := &f.Insts[k]
		first := p.nl
		p.w(p.instruction(in) + "\n")
		for l := first; l < p.nl; l++ {
			p.info[l] = DisLine{Bit: in.Bit, Bits: in.Bits, Func: p.fi, Inst: k}
		}
	}
}

// LineAtBit returns the index of the instruction line whose record holds the
// absolute bit offset (so a byte clicked in the hex view finds its
// instruction), or -1.
func LineAtBit(lines []DisLine, bit uint64) int {
	for i, l := range lines {
		if l.Inst >= 0 && l.Bit <= bit && bit < l.Bit+l.Bits {
			return i
		}
	}
	return -1
}

package text

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
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
func DisassembleIR(m *decode.IRModule) []DisLine {
	p := newPrinter(m)
	p.module()
	text := strings.TrimSuffix(p.out.String(), "\n")
	parts := strings.Split(text, "\n")
	lines := make([]DisLine, len(parts))
	for i, t := range parts {
		l, ok := p.info[i]
		if !ok {
			l = DisLine{Func: -1, Inst: -1}
		}
		l.Text = t
		lines[i] = l
	}
	return lines
}

// WriteIR writes the module's IR.
func WriteIR(w io.Writer, m *decode.IRModule) error {
	var sb strings.Builder
	for _, l := range DisassembleIR(m) {
		sb.WriteString(l.Text)
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

type printer struct {
	m    *decode.IRModule
	out  strings.Builder
	nl   int             // newlines written
	col  int             // bytes since the last newline
	info map[int]DisLine // per line: the record it shows

	typeStr   map[uint32]string
	numbered  map[uint32]int // unnamed identified structs
	typeOrder []uint32       // struct types to print as identities, in TypeFinder order

	modSlot   map[uint32]int // unnamed globals and functions
	mdSlot    map[uint32]int
	mdOrder   []uint32
	attrSlot  map[string]int
	attrOrder []string

	f         *decode.IRFunction
	fi        int
	local     map[uint32]int
	blockSlot []int
	preds     [][]uint32
	budget    int // constant elements left to print (hostile constants can share operands exponentially)
	typeDepth int
	// total bounds the constant elements printed in the whole listing, so
	// the text stays linear in the bitcode's size however often a hostile
	// module refers to a big (or self-referring) constant.
	total    int64
	globalID map[int]uint32 // Globals index → value id
}

func newPrinter(m *decode.IRModule) *printer {
	p := &printer{m: m, typeStr: map[uint32]string{}, numbered: map[uint32]int{}, modSlot: map[uint32]int{},
		mdSlot: map[uint32]int{}, attrSlot: map[string]int{}, fi: -1, info: map[int]DisLine{}, total: 8*m.Size + 1<<14}
	p.findTypes()
	p.slots()
	return p
}

// w writes LLVM's output stream, counting lines and the current column.
func (p *printer) w(s string) {
	p.out.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		p.nl += strings.Count(s, "\n")
		p.col = len(s) - i - 1
	} else {
		p.col += len(s)
	}
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

// escapeLL escapes as LLVM's PrintEscapedString: printable ASCII except \ and " as is, else \XX.
func escapeLL(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '\\' && c != '"' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\%02X", c)
		}
	}
	return b.String()
}

// llvmName prints a value name as LLVM 3.7's PrintLLVMName: bare when it
// holds only letters, digits, '-', '.' and '_' (not '$', unlike metadata
// names) and does not start with a digit, else quoted and escaped.
func llvmName(prefix, name string) string {
	quote := name == "" || name[0] >= '0' && name[0] <= '9'
	for i := 0; i < len(name) && !quote; i++ {
		if !isIdentChar(name[i]) || name[i] == '$' {
			quote = true
		}
	}
	if !quote {
		return prefix + name
	}
	return prefix + `"` + escapeLL(name) + `"`
}

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

func (p *printer) typ(id uint32) string {
	if s, ok := p.typeStr[id]; ok {
		return s
	}
	// Hostile type tables can nest types a million deep: cut the rendering.
	if p.typeDepth > 256 {
		return "<deep type>"
	}
	p.typeDepth++
	p.typeStr[id] = "<recursive>"
	s := p.typeBody(id, false)
	if len(s) > 1<<12 {
		// Literal structs print inline, so a hostile table doubles the text per type.
		s = "<type too large>"
	}
	p.typeStr[id] = s
	p.typeDepth--
	return s
}

func (p *printer) typeBody(id uint32, identity bool) string {
	t := p.m.IRTypeAt(id)
	if t == nil {
		return fmt.Sprintf("<type %d>", int64(id))
	}
	switch t.Kind {
	case decode.IRTypeVoid:
		return "void"
	case decode.IRTypeFloat:
		return "float"
	case decode.IRTypeDouble:
		return "double"
	case decode.IRTypeHalf:
		return "half"
	case decode.IRTypeX86FP80:
		return "x86_fp80"
	case decode.IRTypeFP128:
		return "fp128"
	case decode.IRTypeLabel:
		return "label"
	case decode.IRTypeMetadata:
		return "metadata"
	case decode.IRTypeInt:
		return "i" + strconv.Itoa(int(t.Width))
	case decode.IRTypePointer:
		e := "<?>"
		if len(t.Elems) > 0 {
			e = p.typ(t.Elems[0])
		}
		if t.AddrSpace != 0 {
			return fmt.Sprintf("%s addrspace(%d)*", e, t.AddrSpace)
		}
		return e + "*"
	case decode.IRTypeArray, decode.IRTypeVector:
		e := "<?>"
		if len(t.Elems) > 0 {
			e = p.typ(t.Elems[0])
		}
		if t.Kind == decode.IRTypeVector {
			return fmt.Sprintf("<%d x %s>", t.Count, e)
		}
		return fmt.Sprintf("[%d x %s]", t.Count, e)
	case decode.IRTypeFunction:
		if len(t.Elems) == 0 {
			return "<bad function type>"
		}
		ps := make([]string, 0, len(t.Elems))
		for _, e := range t.Elems[1:] {
			ps = append(ps, p.typ(e))
		}
		if t.VarArg {
			ps = append(ps, "...")
		}
		return p.typ(t.Elems[0]) + " (" + strings.Join(ps, ", ") + ")"
	case decode.IRTypeOpaque:
		if identity {
			return "opaque"
		}
		return llvmName("%", t.Name)
	case decode.IRTypeStruct:
		if t.Named && !identity {
			if t.Name == "" {
				return fmt.Sprintf("%%%d", p.numbered[id])
			}
			return llvmName("%", t.Name)
		}
		var s string
		if len(t.Elems) == 0 {
			s = "{}"
		} else {
			ps := make([]string, len(t.Elems))
			for i, e := range t.Elems {
				ps[i] = p.typ(e)
			}
			s = "{ " + strings.Join(ps, ", ") + " }"
		}
		if t.Packed {
			s = "<" + s + ">"
		}
		return s
	}
	return "<unknown type>"
}

// findTypes walks the module as LLVM's TypeFinder does, to list the
// identified structs in the order the assembly writer prints them.
func (p *printer) findTypes() {
	m := p.m
	seenT := map[uint32]bool{}
	type constKey struct {
		fn int
		id uint32
	}
	seenC := map[constKey]bool{}
	curFn := -1
	seenMD := map[uint32]bool{}
	var incType func(uint32)
	incType = func(id uint32) {
		if seenT[id] {
			return
		}
		seenT[id] = true
		stack := []uint32{id}
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			tt := m.IRTypeAt(t)
			if tt == nil {
				continue
			}
			if (tt.Kind == decode.IRTypeStruct || tt.Kind == decode.IRTypeOpaque) && tt.Named {
				p.typeOrder = append(p.typeOrder, t)
			}
			for i := len(tt.Elems) - 1; i >= 0; i-- {
				if !seenT[tt.Elems[i]] {
					seenT[tt.Elems[i]] = true
					stack = append(stack, tt.Elems[i])
				}
			}
		}
	}
	var incValue func(f *decode.IRFunction, id uint32)
	var incMD func(f *decode.IRFunction, id uint32)
	depth := 0
	incValue = func(f *decode.IRFunction, id uint32) {
		if depth > 256 {
			return // hostile constant chains: LLVM would recurse, we stop
		}
		depth++
		defer func() { depth-- }()
		v := m.Value(f, id)
		if v == nil || v.Kind != decode.IRValueConstant {
			return
		}
		// A function's constants are its own values: the same id in two bodies is two constants.
		key := constKey{-1, id}
		if f != nil && id >= f.LocalBase {
			key = constKey{curFn, id}
		}
		if seenC[key] {
			return
		}
		seenC[key] = true
		incType(v.Type)
		for _, op := range constOperands(v) {
			incValue(f, op)
		}
	}
	incMD = func(f *decode.IRFunction, id uint32) {
		if seenMD[id] || depth > 256 {
			return
		}
		depth++
		defer func() { depth-- }()
		seenMD[id] = true
		e := m.MD(f, id)
		if e == nil {
			return
		}
		if e.Code == decode.MDValue {
			incValue(f, e.Value)
			return
		}
		if e.Code != decode.MDNode && e.Code != decode.MDSubprogram && e.Code != decode.MDGlobalVar && e.Code != decode.MDTemplateValue {
			for _, r := range e.MDNodeRefs() {
				if r >= 0 {
					if x := m.MD(f, uint32(r)); x != nil && x.Code != decode.MDString && x.Code != decode.MDValue {
						incMD(f, uint32(r))
					}
				}
			}
			return
		}
		for _, r := range e.MDNodeRefs() {
			if r < 0 {
				continue
			}
			x := m.MD(f, uint32(r))
			if x == nil || x.Code == decode.MDString {
				continue
			}
			incMD(f, uint32(r))
		}
	}
	for _, g := range m.Globals {
		incType(g.Type)
		if g.Init >= 0 {
			incValue(nil, uint32(g.Init))
		}
	}
	for fi := range m.Functions {
		f := &m.Functions[fi]
		curFn = fi
		incType(f.PtrType)
		for _, in := range f.Insts {
			incType(in.Type)
			for k, a := range in.Args {
				if in.MDArgs != nil && k < len(in.MDArgs) && in.MDArgs[k] >= 0 {
					incMD(f, uint32(in.MDArgs[k]))
					continue
				}
				incValue(f, a)
			}
			if in.Op == "switch" {
				for _, c := range in.Indices {
					incValue(f, uint32(c))
				}
			}
			for _, a := range sortedAttach(in.Attach) {
				incMD(f, a.Node)
			}
		}
	}
	for _, n := range m.NamedMetadata {
		for _, id := range n.Nodes {
			incMD(nil, id)
		}
	}
	k := 0
	var named []uint32
	for _, t := range p.typeOrder {
		if m.Types[t].Name == "" && m.Types[t].Kind == decode.IRTypeStruct {
			p.numbered[t] = k
			k++
		} else {
			named = append(named, t)
		}
	}
	var order []uint32
	for _, t := range p.typeOrder {
		if _, ok := p.numbered[t]; ok {
			order = append(order, t)
		}
	}
	p.typeOrder = append(order, named...)
}

func sortedAttach(a []decode.IRAttachment) []decode.IRAttachment {
	if len(a) < 2 {
		return a
	}
	b := append([]decode.IRAttachment(nil), a...)
	sort.SliceStable(b, func(i, j int) bool { return b[i].Kind < b[j].Kind })
	return b
}

// constOperands lists the value ids a constant refers to.
func constOperands(v *decode.IRValue) []uint32 {
	o := v.Ops
	switch v.Code {
	case 7: // AGGREGATE
		return u32s(o)
	case 10: // CE_BINOP [opc, lhs, rhs]
		if len(o) >= 3 {
			return u32s(o[1:3])
		}
	case 11: // CE_CAST [opc, ty, val]
		if len(o) >= 3 {
			return u32s(o[2:3])
		}
	case 12, 20: // CE_GEP [pointee?, (ty, val)*]
		i := len(o) % 2
		var r []uint32
		for ; i+1 < len(o); i += 2 {
			r = append(r, uint32(o[i+1]))
		}
		return r
	case 13: // CE_SELECT
		return u32s(o)
	case 14: // EXTRACTELT [opty, opval, idxty, idxval]
		if len(o) >= 4 {
			return []uint32{uint32(o[1]), uint32(o[3])}
		}
	case 15: // INSERTELT [opval, opval, idxty, idxval]
		if len(o) >= 4 {
			return []uint32{uint32(o[0]), uint32(o[1]), uint32(o[3])}
		}
	case 16:
		return u32s(o)
	case 17: // CE_CMP [opty, lhs, rhs, pred]
		if len(o) >= 3 {
			return u32s(o[1:3])
		}
	}
	return nil
}

func u32s(o []uint64) []uint32 {
	r := make([]uint32, len(o))
	for i, x := range o {
		r[i] = uint32(x)
	}
	return r
}

// --- slots ---

func (p *printer) isNode(f *decode.IRFunction, id uint32) bool {
	e := p.m.MD(f, id)
	return e != nil && e.Code != decode.MDString && e.Code != decode.MDValue && e.Code != decode.MDExpression
}

// mdSlotOf numbers a node and the nodes under it, depth first, as LLVM's
// SlotTracker::CreateMetadataSlot does.
func (p *printer) createMDSlot(f *decode.IRFunction, id uint32) {
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
		if (v.Kind == decode.IRValueGlobal || v.Kind == decode.IRValueFunction || v.Kind == decode.IRValueAlias) && v.Name == "" {
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
				if cv := m.Value(f, in.Args[len(in.Args)-1]); cv != nil && cv.Kind == decode.IRValueFunction && strings.HasPrefix(cv.Name, "llvm.") {
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
			for _, a := range sortedAttach(in.Attach) {
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
	var ts []irAttrText
	for _, g := range p.m.AttrLists[list-1] {
		grp, ok := p.m.AttrGroups[g]
		if !ok || grp.Index != index {
			continue
		}
		for _, a := range grp.Attrs {
			switch a.Kind {
			case 0, 1:
				n, ok := attrNames[a.ID]
				if !ok {
					n = [2]string{fmt.Sprintf("attr%d", a.ID), fmt.Sprintf("zz%03d", a.ID)}
				}
				t := irAttrText{sort: n[1], text: n[0], val: a.Int}
				if a.Kind == 1 {
					switch a.ID {
					case 1:
						t.text = fmt.Sprintf("align %d", a.Int)
					default:
						t.text = fmt.Sprintf("%s(%d)", n[0], a.Int)
					}
				}
				ts = append(ts, t)
			case 3, 4:
				if noStrings {
					continue
				}
				t := irAttrText{class: 2, sort: a.Key, text: `"` + escapeLL(a.Key) + `"`}
				if a.Kind == 4 {
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
	return decode.NoType
}

func (p *printer) operand(id uint32, withType bool) string {
	s := p.valueRef(id)
	if withType {
		return p.typ(p.valueType(id)) + " " + s
	}
	return s
}

func (p *printer) valueRef(id uint32) string {
	v := p.m.Value(p.f, id)
	if v == nil {
		return "<badref>"
	}
	switch v.Kind {
	case decode.IRValueGlobal, decode.IRValueFunction, decode.IRValueAlias:
		if v.Name == "" {
			return fmt.Sprintf("@%d", p.modSlot[id])
		}
		return llvmName("@", v.Name)
	case decode.IRValueConstant:
		p.budget = 1 << 14
		return p.constant(v, 0)
	case decode.IRValueArgument, decode.IRValueInstruction:
		if v.Name != "" {
			return llvmName("%", v.Name)
		}
		if n, ok := p.local[id]; ok {
			return "%" + strconv.Itoa(n)
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

func (p *printer) intText(t *decode.IRType, v int64) string {
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
func FloatText(kind decode.IRTypeKind, bits uint64) string {
	var d float64
	switch kind {
	case decode.IRTypeHalf:
		return fmt.Sprintf("0xH%04X", bits&0xffff)
	case decode.IRTypeFloat:
		d = float64(math.Float32frombits(uint32(bits)))
	case decode.IRTypeDouble:
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
	if kind == decode.IRTypeFloat && math.IsNaN(d) {
		// APFloat's float→double conversion keeps the NaN payload in the top bits.
		f := uint32(bits)
		b = uint64(f>>31)<<63 | 0x7ff<<52 | uint64(f&0x7fffff)<<29
	}
	return fmt.Sprintf("0x%016X", b)
}

func (p *printer) elemText(et uint32, raw uint64) string {
	t := p.m.IRTypeAt(et)
	if t == nil {
		return "?"
	}
	switch t.Kind {
	case decode.IRTypeInt:
		return p.intText(t, int64(raw))
	case decode.IRTypeHalf, decode.IRTypeFloat, decode.IRTypeDouble:
		return FloatText(t.Kind, raw)
	}
	return strconv.FormatUint(raw, 10)
}

func (p *printer) constant(v *decode.IRValue, depth int) string {
	p.total--
	if p.budget--; depth > 64 || p.budget < 0 || p.total < 0 {
		return "<constant too large>"
	}
	m := p.m
	t := m.IRTypeAt(v.Type)
	o := v.Ops
	op := func(id uint64, typed bool) string {
		if p.total < 0 {
			return "…"
		}
		x := m.Value(p.f, uint32(id))
		if x == nil {
			return "<badref>"
		}
		s := ""
		if x.Kind == decode.IRValueConstant {
			s = p.constant(x, depth+1)
		} else {
			s = p.valueRef(uint32(id))
		}
		if typed {
			s = p.typ(x.Type) + " " + s
		}
		p.total -= int64(len(s)) / 8 // long element texts (function pointer types) cost more
		return s
	}
	switch v.Code {
	case 2: // NULL
		if t == nil {
			return "null"
		}
		switch t.Kind {
		case decode.IRTypeInt:
			return p.intText(t, 0)
		case decode.IRTypeHalf, decode.IRTypeFloat, decode.IRTypeDouble:
			return FloatText(t.Kind, 0)
		case decode.IRTypePointer:
			return "null"
		}
		return "zeroinitializer"
	case 3:
		return "undef"
	case 4:
		if len(o) == 0 {
			return "0"
		}
		x := int64(o[0] >> 1)
		if o[0]&1 != 0 {
			x = -x
			if o[0] == 1 {
				x = math.MinInt64
			}
		}
		return p.intText(t, x)
	case 5: // WIDE_INTEGER: low word first, each signed VBR
		if len(o) == 0 {
			return "0"
		}
		x := int64(o[0] >> 1)
		if o[0]&1 != 0 {
			x = -x
		}
		return strconv.FormatInt(x, 10)
	case 6:
		if len(o) == 0 || t == nil {
			return "0.0"
		}
		return FloatText(t.Kind, o[0])
	case 7:
		if t == nil {
			return "<bad aggregate>"
		}
		parts := make([]string, len(o))
		for i, e := range o {
			parts[i] = op(e, true)
		}
		switch t.Kind {
		case decode.IRTypeStruct:
			s := "{}"
			if len(parts) > 0 {
				s = "{ " + strings.Join(parts, ", ") + " }"
			}
			if t.Packed {
				s = "<" + s + ">"
			}
			return s
		case decode.IRTypeVector:
			return "<" + strings.Join(parts, ", ") + ">"
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case 8: // STRING (CSTRING normalised with its NUL)
		return `c"` + escapeLL(opsString(o)) + `"`
	case 22: // DATA
		if t == nil || len(t.Elems) == 0 {
			return "<bad data>"
		}
		et := m.IRTypeAt(t.Elems[0])
		if t.Kind == decode.IRTypeArray && et != nil && et.Kind == decode.IRTypeInt && et.Width == 8 {
			return `c"` + escapeLL(opsString(o)) + `"`
		}
		ets := p.typ(t.Elems[0])
		parts := make([]string, 0, len(o))
		for _, e := range o {
			if p.total--; p.total < 0 {
				parts = append(parts, "…")
				break
			}
			parts = append(parts, ets+" "+p.elemText(t.Elems[0], e))
		}
		if t.Kind == decode.IRTypeVector {
			return "<" + strings.Join(parts, ", ") + ">"
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case 10: // CE_BINOP [opc, lhs, rhs, flags?]
		if len(o) < 3 {
			return "<bad constant expression>"
		}
		lt := decode.NoType
		if x := m.Value(p.f, uint32(o[1])); x != nil {
			lt = x.Type
		}
		s := decode.IRBinopName(o[0], m.IsFP(lt))
		if len(o) > 3 {
			s += binopFlags(s, o[3])
		}
		return s + " (" + op(o[1], true) + ", " + op(o[2], true) + ")"
	case 11: // CE_CAST [opc, ty, val]
		if len(o) < 3 {
			return "<bad constant expression>"
		}
		return decode.IRCastName(o[0]) + " (" + op(o[2], true) + " to " + p.typ(v.Type) + ")"
	case 12, 20: // GEP
		i := 0
		pointee := decode.NoType
		if len(o)%2 == 1 {
			pointee = uint32(o[0])
			i = 1
		}
		s := "getelementptr"
		if v.Code == 20 {
			s += " inbounds"
		}
		var parts []string
		for k := i; k+1 < len(o); k += 2 {
			parts = append(parts, op(o[k+1], true))
			if pointee == decode.NoType && k == i {
				if pt := m.IRTypeAt(uint32(o[k])); pt != nil && len(pt.Elems) > 0 {
					pointee = pt.Elems[0]
				}
			}
		}
		return s + " (" + p.typ(pointee) + ", " + strings.Join(parts, ", ") + ")"
	case 13:
		if len(o) < 3 {
			return "<bad constant expression>"
		}
		return "select (" + op(o[0], true) + ", " + op(o[1], true) + ", " + op(o[2], true) + ")"
	case 14:
		if len(o) < 4 {
			return "<bad constant expression>"
		}
		return "extractelement (" + op(o[1], true) + ", " + op(o[3], true) + ")"
	case 17:
		if len(o) < 4 {
			return "<bad constant expression>"
		}
		lt := decode.NoType
		if x := m.Value(p.f, uint32(o[1])); x != nil {
			lt = x.Type
		}
		name := "icmp "
		if m.IsFP(lt) {
			name = "fcmp "
		}
		return name + decode.IRPredicateName(o[3]) + " (" + op(o[1], true) + ", " + op(o[2], true) + ")"
	}
	return "<placeholder or erroneous Constant>"
}

func opsString(o []uint64) string {
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

// --- module ---

var linkagePrint = map[uint64]string{0: "", 1: "weak ", 2: "appending ", 3: "internal ", 4: "linkonce ", 5: "", 6: "",
	7: "extern_weak ", 8: "common ", 9: "private ", 10: "weak_odr ", 11: "linkonce_odr ", 12: "available_externally ",
	13: "private ", 14: "private ", 15: "linkonce_odr ", 16: "weak ", 17: "weak_odr ", 18: "linkonce ", 19: "linkonce_odr "}

func isExternal(l uint64) bool { return l == 0 || l == 5 || l == 6 }

var visibilityPrint = [...]string{"", "hidden ", "protected "}

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
	if len(p.typeOrder) > 0 {
		p.w("\n")
		for _, t := range p.typeOrder {
			p.w(p.typ(t) + " = type " + p.typeBody(t, true) + "\n")
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
				if v.Kind == decode.IRValueGlobal {
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
	switch g.ThreadLocal {
	case 1:
		s += "thread_local "
	case 2:
		s += "thread_local(localdynamic) "
	case 3:
		s += "thread_local(initialexec) "
	case 4:
		s += "thread_local(localexec) "
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
	ft := m.IRTypeAt(f.Type)
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
	if ft != nil && len(ft.Elems) > 0 {
		for i, pt := range ft.Elems[1:] {
			x := p.typ(pt)
			if a := p.attrString(f.Attrs, uint64(i+1), true); a != "" {
				x += " " + a
			}
			if !f.Declaration && i < len(f.Locals) && f.Locals[i].Name != "" {
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
	ft := p.m.IRTypeAt(f.Type)
	nargs := 0
	if ft != nil && len(ft.Elems) > 0 {
		nargs = len(ft.Elems) - 1
	}
	for i := 0; i < nargs && i < len(f.Locals); i++ {
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

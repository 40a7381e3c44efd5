package text

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/llvm/ir"
)

// Instructions as LLVM 3.7's AssemblyWriter::printInstruction lays them out,
// followed by DXC's annotation comment.

func (p *printer) typeKind(t uint32) ir.TypeKind {
	if tt := p.m.TypeAt(t); tt != nil {
		return tt.Kind
	}
	return ir.TypeOther
}

func (p *printer) isVoid(t uint32) bool { return p.typeKind(t) == ir.TypeVoid }

func (p *printer) label(b uint32) string { return "label " + p.blockRef(b) }

func atomicSuffix(ordering, scope uint64) string {
	if ordering == 0 {
		return ""
	}
	s := ""
	if scope == 0 {
		s = " singlethread"
	}
	return s + " " + ir.OrderingName(ordering)
}

func (p *printer) instruction(in *ir.Inst) string {
	m := p.m
	var b strings.Builder
	b.WriteString("  ")
	if in.Value >= 0 {
		v := m.Value(p.f, uint32(in.Value))
		if v != nil && v.Name != "" {
			b.WriteString(llvmName("%", v.Name) + " = ")
		} else if !p.isVoid(in.Type) {
			if n, ok := p.local[uint32(in.Value)]; ok {
				b.WriteString("%" + strconv.Itoa(n) + " = ")
			} else {
				b.WriteString("<badref> = ")
			}
		}
	}
	if in.Op == "call" {
		switch in.Tail {
		case ir.TailCall:
			b.WriteString("tail ")
		case ir.MustTailCall:
			b.WriteString("musttail ")
		}
	}
	b.WriteString(in.Op)
	if (in.Op == "load" || in.Op == "store") && in.Ordering != 0 {
		b.WriteString(" atomic")
	}
	if in.Op == "cmpxchg" && in.Weak {
		b.WriteString(" weak")
	}
	if in.Volatile && (in.Op == "load" || in.Op == "store" || in.Op == "cmpxchg" || in.Op == "atomicrmw") {
		b.WriteString(" volatile")
	}
	// Optimization flags.
	switch {
	case in.Code == ir.FuncCodeInstBinop && in.HasFlags:
		b.WriteString(binopFlags(in.Op, in.Flags))
	case in.Op == "getelementptr" && in.InBounds:
		b.WriteString(" inbounds")
	case in.HasFlags && (in.Op == "fcmp" || in.Op == "call") && m.IsFP(in.Type) || in.HasFlags && in.Op == "fcmp":
		b.WriteString(fastMath(in.Flags))
	}
	if in.Op == "icmp" || in.Op == "fcmp" {
		b.WriteString(" " + ir.PredicateName(in.Pred))
	}
	if in.Op == "atomicrmw" {
		b.WriteString(" " + ir.RMWName(in.Pred))
	}
	args := in.Args
	switch in.Op {
	case "br":
		if len(args) == 1 && len(in.Blocks) == 2 {
			b.WriteString(" " + p.operand(args[0], true) + ", " + p.label(in.Blocks[0]) + ", " + p.label(in.Blocks[1]))
		} else if len(in.Blocks) == 1 {
			b.WriteString(" " + p.label(in.Blocks[0]))
		}
	case "switch":
		if len(args) > 0 && len(in.Blocks) > 0 {
			b.WriteString(" " + p.operand(args[0], true) + ", " + p.label(in.Blocks[0]) + " [")
			for k, c := range in.Indices {
				if k+1 < len(in.Blocks) {
					b.WriteString("\n    " + p.operand(uint32(c), true) + ", " + p.label(in.Blocks[k+1]))
				}
			}
			b.WriteString("\n  ]")
		}
	case "phi":
		b.WriteString(" " + p.typ(in.Type) + " ")
		for k, a := range args {
			if k > 0 {
				b.WriteString(", ")
			}
			blk := "<badref>"
			if k < len(in.Blocks) {
				blk = p.blockRef(in.Blocks[k])
			}
			b.WriteString("[ " + p.operand(a, false) + ", " + blk + " ]")
		}
	case "extractvalue":
		if len(args) > 0 {
			b.WriteString(" " + p.operand(args[0], true))
		}
		for _, x := range in.Indices {
			b.WriteString(", " + strconv.FormatUint(x, 10))
		}
	case "insertvalue":
		if len(args) > 1 {
			b.WriteString(" " + p.operand(args[0], true) + ", " + p.operand(args[1], true))
		}
		for _, x := range in.Indices {
			b.WriteString(", " + strconv.FormatUint(x, 10))
		}
	case "ret":
		if len(args) == 0 {
			b.WriteString(" void")
		} else {
			b.WriteString(" " + p.operand(args[0], true))
		}
	case "call":
		p.call(&b, in)
	case "alloca":
		b.WriteString(" " + p.typ(in.Ty2))
		if len(args) > 0 {
			n, isConst := m.ConstInt(p.f, args[0])
			st := m.TypeAt(p.valueType(args[0]))
			if !isConst || n != 1 || st == nil || st.Kind != ir.TypeInt || st.Width != 32 {
				b.WriteString(", " + p.operand(args[0], true))
			}
		}
		if in.Align != 0 {
			b.WriteString(fmt.Sprintf(", align %d", in.Align))
		}
	case "trunc", "zext", "sext", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext", "ptrtoint", "inttoptr", "bitcast", "addrspacecast":
		if len(args) > 0 {
			b.WriteString(" " + p.operand(args[0], true))
		}
		b.WriteString(" to " + p.typ(in.Type))
	case "va_arg":
		if len(args) > 0 {
			b.WriteString(" " + p.operand(args[0], true))
		}
		b.WriteString(", " + p.typ(in.Type))
	case "unreachable", "fence":
	default:
		if len(args) == 0 {
			break
		}
		if in.Op == "getelementptr" {
			b.WriteString(" " + p.typ(in.Ty2) + ",")
		} else if in.Op == "load" {
			b.WriteString(" " + p.typ(in.Type) + ",")
		}
		all := in.Op == "select" || in.Op == "store" || in.Op == "shufflevector"
		t0 := p.valueType(args[0])
		if !all {
			for _, a := range args[1:] {
				if p.valueType(a) != t0 {
					all = true
					break
				}
			}
		}
		if !all {
			b.WriteString(" " + p.typ(t0))
		}
		b.WriteString(" ")
		for k, a := range args {
			if k > 0 {
				b.WriteString(", ")
			}
			b.WriteString(p.operand(a, all))
		}
	}
	switch in.Op {
	case "load", "store":
		b.WriteString(atomicSuffix(in.Ordering, in.Scope))
		if in.Align != 0 {
			b.WriteString(fmt.Sprintf(", align %d", in.Align))
		}
	case "cmpxchg":
		s := ""
		if in.Scope == 0 {
			s = " singlethread"
		}
		b.WriteString(s + " " + ir.OrderingName(in.Ordering) + " " + ir.OrderingName(in.Failure))
	case "atomicrmw", "fence":
		b.WriteString(atomicSuffix(in.Ordering, in.Scope))
	}
	// Metadata attachments: !dbg first, then the others by kind.
	if in.DebugLoc >= 0 {
		b.WriteString(", !dbg " + p.mdRef(p.f, uint32(in.DebugLoc)))
	}
	for _, a := range in.SortedAttach() {
		b.WriteString(", !" + mdIdentifier(p.kindName(a.Kind)) + " " + p.mdRef(p.f, a.Node))
	}
	p.comment(&b, in)
	return b.String()
}

var fixedKinds = [...]string{"dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load", "alias.scope",
	"noalias", "nontemporal", "llvm.mem.parallel_loop_access", "nonnull", "dereferenceable", "dereferenceable_or_null"}

func (p *printer) kindName(k uint32) string {
	if n, ok := p.m.MDKinds[k]; ok {
		return n
	}
	if int(k) < len(fixedKinds) {
		return fixedKinds[k]
	}
	return fmt.Sprintf("<unknown kind #%d>", k)
}

func (p *printer) callee(in *ir.Inst) *ir.Value {
	if len(in.Args) == 0 {
		return nil
	}
	return p.m.Value(p.f, in.Args[len(in.Args)-1])
}

func (p *printer) call(b *strings.Builder, in *ir.Inst) {
	m := p.m
	if in.CallConv != 0 {
		b.WriteString(" " + ccName(in.CallConv))
	}
	if a := p.attrString(in.Attrs, 0, true); a != "" {
		b.WriteString(" " + a)
	}
	ft := m.TypeAt(in.Ty2)
	if ft == nil || len(ft.Elems) == 0 || len(in.Args) == 0 {
		b.WriteString(" <bad call>")
		return
	}
	if ft.VarArg {
		b.WriteString(" " + p.typ(in.Ty2))
	} else {
		b.WriteString(" " + p.typ(ft.Elems[0]))
	}
	b.WriteString(" " + p.operand(in.Args[len(in.Args)-1], false) + "(")
	for k, a := range in.Args[:len(in.Args)-1] {
		if k > 0 {
			b.WriteString(", ")
		}
		if in.MDArgs != nil && k < len(in.MDArgs) && in.MDArgs[k] >= 0 {
			b.WriteString("metadata " + p.mdOperand(p.f, uint32(in.MDArgs[k])))
			continue
		}
		t := p.valueType(a)
		if k+1 < len(ft.Elems) {
			t = ft.Elems[k+1]
		}
		b.WriteString(p.typ(t))
		if at := p.attrString(in.Attrs, uint64(k+1), true); at != "" {
			b.WriteString(" " + at)
		}
		b.WriteString(" " + p.valueRef(a))
	}
	b.WriteString(")")
	if a := p.attrString(in.Attrs, 0xFFFFFFFF, true); a != "" {
		b.WriteString(fmt.Sprintf(" #%d", p.attrSlotOf(a)))
	}
}

// comment appends DXC's annotation (DxcAssemblyAnnotationWriter::printInfoComment).
func (p *printer) comment(b *strings.Builder, in *ir.Inst) {
	m := p.m
	cv := p.callee(in)
	isCall := in.Op == "call" && cv != nil
	name := ""
	if isCall && cv.Kind == ir.ValueFunction {
		name = cv.Name
	}
	dbg := name == "llvm.dbg.declare" || name == "llvm.dbg.value"
	if p.lineComments && dbg {
		var varID, exprID int64 = -1, -1
		if name == "llvm.dbg.declare" && len(in.MDArgs) >= 3 {
			varID, exprID = in.MDArgs[1], in.MDArgs[2]
		} else if len(in.MDArgs) >= 4 {
			varID, exprID = in.MDArgs[2], in.MDArgs[3]
		}
		v, e := p.md(varID), p.md(exprID)
		if v != nil && e != nil && v.Code == ir.MetadataLocalVar && e.Code == ir.MetadataExpression {
			b.WriteString(` ; var:"` + p.nameOf(v) + `" ` + p.mdBody(p.f, e))
			if sp := p.subprogramOf(v); sp != nil {
				b.WriteString(` func:"` + p.nameOf(sp) + `"`)
			}
		}
	} else if p.lineComments && !dbg && in.DebugLoc >= 0 {
		if l := p.md(in.DebugLoc); l != nil {
			line, _ := l.Field("line")
			col, _ := l.Field("column")
			if col.Has && line.Value != 0 {
				fmt.Fprintf(b, " ; line:%d col:%d", line.Value, col.Value)
			}
		}
	}
	if !isCall || len(in.Args) < 2 || !strings.HasPrefix(name, "dx.op.") {
		return
	}
	op, ok := m.ConstInt(p.f, in.Args[0])
	if !ok {
		return
	}
	code := uint32(op)
	args, known := dxil.OpArgNames(code)
	if !known {
		fmt.Fprintf(b, "  ; invalid DXIL opcode #%d", code)
		return
	}
	b.WriteString("  ; " + dxil.OpName(code) + "(" + args + ")")
	if code == 216 && len(in.Args) >= 4 { // AnnotateHandle(res, props)
		if pv := m.Value(p.f, in.Args[2]); pv != nil && pv.Kind == ir.ValueConstant {
			var d0, d1 int64
			switch c := pv.Const; {
			case c.Code == ir.CstCodeAggregate && len(c.Operands) == 2:
				d0, _ = m.ConstInt(p.f, c.Operands[0])
				d1, _ = m.ConstInt(p.f, c.Operands[1])
			case c.Code == ir.CstCodeNull:
			default:
				return
			}
			b.WriteString("  resource: " + resourceProps(uint32(d0), uint32(d1)))
		}
	}
}

func (p *printer) md(id int64) *ir.Metadata {
	if id < 0 {
		return nil
	}
	return p.m.MD(p.f, uint32(id))
}

// nameOf is a debug-info node's name (its name field's string, read at module level).
func (p *printer) nameOf(e *ir.Metadata) string {
	fd, _ := e.Field("name")
	return p.fieldString(nil, fd)
}

// subprogramOf walks a local variable's scope chain to its DISubprogram.
func (p *printer) subprogramOf(v *ir.Metadata) *ir.Metadata {
	e := v
	for range 64 {
		scope, _ := e.Field("scope")
		id, ok := scope.Ref()
		if !ok {
			return nil
		}
		e = p.m.MD(p.f, id)
		if e == nil {
			return nil
		}
		switch e.Code {
		case ir.MetadataSubprogram:
			return e
		case ir.MetadataLexicalBlock, ir.MetadataLexicalBlockFile:
		default:
			return nil
		}
	}
	return nil
}

var resourceKindNames = [...]string{"<invalid ResourceKind>", "Texture1D", "Texture2D", "Texture2DMS", "Texture3D", "TextureCube",
	"Texture1DArray", "Texture2DArray", "Texture2DMSArray", "TextureCubeArray", "TypedBuffer", "ByteAddressBuffer",
	"StructuredBuffer", "CBuffer", "Sampler", "TBuffer", "RTAccelerationStructure", "FeedbackTexture2D", "FeedbackTexture2DArray"}

var compTypeNames = [...]string{"<invalid CompType>", "I1", "I16", "U16", "I32", "U32", "I64", "U64", "F16", "F32", "F64",
	"SNormF16", "UNormF16", "SNormF32", "UNormF32", "SNormF64", "UNormF64"}

// resourceProps prints DxilResourceProperties as DXC's disassembler does after AnnotateHandle.
func resourceProps(d0, d1 uint32) string {
	kind := dxil.ResourceKind(d0 & 0xff)
	isUAV := d0>>12&1 != 0
	isROV := d0>>13&1 != 0
	gc := d0>>14&1 != 0
	cmpOrCounter := d0>>15&1 != 0
	rc := d0>>16&1 != 0
	kname := "<invalid ResourceKind>"
	if int(kind) < len(resourceKindNames) && kind != 0 {
		kname = resourceKindNames[kind]
	}
	switch {
	case kind == dxil.ResourceKindCBuffer:
		return "CBuffer"
	case kind == dxil.ResourceKindTBuffer && !isUAV:
		return "TBuffer"
	case kind == dxil.ResourceKindSampler:
		if cmpOrCounter {
			return "SamplerComparisonState"
		}
		return "SamplerState"
	}
	rw, g, r, counter := "", "", "", ""
	if isUAV {
		rw = "RW"
		if isROV {
			rw = "ROV"
		}
		if gc {
			g = "globallycoherent "
		}
		if rc {
			r = "reordercoherent "
		}
		if cmpOrCounter {
			counter = ", counter"
		}
	}
	switch {
	case kind >= dxil.ResourceKindTexture1D && kind <= dxil.ResourceKindTypedBuffer:
		ct, cc := d1&0xff, d1>>8&0xff
		s := g + r + rw + kname + "<"
		if cc > 1 {
			s += strconv.Itoa(int(cc)) + "x"
		}
		name := "<invalid CompType>"
		if int(ct) < len(compTypeNames) && ct != 0 {
			name = compTypeNames[ct]
		}
		return s + name + ">"
	case kind == dxil.ResourceKindRawBuffer:
		return g + r + rw + kname
	case kind == dxil.ResourceKindStructuredBuffer:
		return g + r + rw + kname + "<stride=" + strconv.Itoa(int(d1)) + counter + ">"
	case kind == dxil.ResourceKindRTAccelerationStructure:
		return kname
	case kind == dxil.ResourceKindFeedbackTexture2D || kind == dxil.ResourceKindFeedbackTexture2DArray:
		ft := "<invalid sampler feedback type>"
		switch d1 {
		case 0:
			ft = "MinMip"
		case 1:
			ft = "MipRegionUsed"
		}
		return kname + "<" + ft + ">"
	}
	return "<invalid resource properties>"
}

package ir

import (
	"fmt"
	"slices"

	"github.com/dxscope/dxscope/decode/report"
)

// Function bodies (LLVM 3.7 FUNCTION_BLOCK): value numbering (arguments, the
// body's constants, then each instruction that defines a value), relative
// operand ids, forward references (a type id follows them), DEBUG_LOC and
// DEBUG_LOC_AGAIN, metadata attachments and the function's symbol table.

// Function is a MODULE_CODE_FUNCTION and, when it has one, its body.
type Function struct {
	Name        string
	Type        uint32 // the function type
	PtrType     uint32
	CallingConv uint64
	Declaration bool
	Linkage     uint64
	Attrs       uint32 // attribute list (0: none)
	Align       uint32
	Section     uint64
	Visibility  uint64
	UnnamedAddr bool
	DLLStorage  uint64

	ValueID   uint32
	LocalBase uint32 // the first local value id (arguments)
	// Locals are the arguments, the body's constants and instruction
	// results, from LocalBase; with ArgsShared, the arguments are not among
	// them (Module.Value finds them).
	Locals []Value
	// ArgsShared says that the body's arguments are its function type's,
	// one list shared by the bodies of that type once the module's
	// arguments pass a budget (2 per bitcode byte): one type of thousands
	// of parameters named by thousands of bodies a few bytes each would
	// cost parameters × bodies. Shared arguments have no names.
	ArgsShared  bool
	args        []Value // ArgsShared: the type's arguments
	Blocks      []BasicBlock
	Insts       []Inst
	LocalMD     []Metadata // function-local metadata, ids from LocalMDBase
	LocalMDBase uint32
	Bit, Bits   uint64 // the FUNCTION_BLOCK
	HasBody     bool
}

// BasicBlock is one basic block: a name (from the function's symbol table) and its instructions.
type BasicBlock struct {
	Name        string
	First, Last int // instruction indexes [First, Last)
}

// Inst is one instruction record, its operands resolved to absolute value ids.
type Inst struct {
	Code     uint32 // the FUNC_CODE_INST_* record
	Op       string // the LLVM opcode name ("add", "call", "getelementptr", ...)
	Bit      uint64 // absolute bit offset of the record's abbreviation id
	Bits     uint64
	Type     uint32   // result type (void for none)
	Value    int64    // the value id it defines, -1 for none
	Args     []uint32 // operand value ids in LLVM's operand order (a call's callee last)
	Blocks   []uint32 // basic block operands
	Pred     uint64   // cmp predicate; cast/binop opcode; atomicrmw operation
	Flags    uint64   // binop flags (nuw/nsw/exact or fast-math)
	HasFlags bool
	Ty2      uint32   // GEP source element type, alloca allocated type, call function type
	Indices  []uint64 // extractvalue/insertvalue indices; switch: case value ids
	Align    uint32
	Volatile bool
	InBounds bool
	Ordering uint64
	Failure  uint64 // cmpxchg failure ordering
	Scope    uint64 // synchronization scope (1: crossthread)
	Weak     bool
	Tail     uint64 // call: TailCall or MustTailCall, else 0
	CallConv uint64
	Attrs    uint32  // call: attribute list
	MDArgs   []int64 // per Args of a call: the metadata id when the parameter is metadata, else -1
	DebugLoc int64   // metadata id of the location (-1: none)
	Attach   []Attachment
}

// Callee is a call's callee value id, or false for other instructions.
func (in *Inst) Callee() (uint32, bool) {
	if in.Op != "call" || len(in.Args) == 0 {
		return 0, false
	}
	return in.Args[len(in.Args)-1], true
}

// A call's tail marker (Inst.Tail).
const (
	TailCall     = 1 // tail
	MustTailCall = 2 // musttail
)

// Attachment is an instruction's metadata attachment.
type Attachment struct {
	Kind uint32
	Node uint32 // metadata id
}

// Binary operator, cast, predicate and ordering names (LLVM 3.7 bitcode enums).
var (
	binopNames    = [...]string{"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor"}
	fBinopNames   = [...]string{"fadd", "fsub", "fmul", "", "fdiv", "", "frem"}
	castNames     = [...]string{"trunc", "zext", "sext", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext", "ptrtoint", "inttoptr", "bitcast", "addrspacecast"}
	rmwNames      = [...]string{"xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin"}
	orderingNames = [...]string{"", "unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst"}
)

// PredicateName names a cmp predicate.
func PredicateName(p uint64) string {
	f := [...]string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge", "ult", "ule", "une", "true"}
	i := [...]string{"eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"}
	if p < 16 {
		return f[p]
	}
	if p >= 32 && p < 42 {
		return i[p-32]
	}
	return fmt.Sprintf("pred%d", p)
}

// OrderingName names an atomic ordering.
func OrderingName(o uint64) string {
	if o < uint64(len(orderingNames)) {
		return orderingNames[o]
	}
	return fmt.Sprintf("ordering%d", o)
}

// RMWName names an atomicrmw operation.
func RMWName(o uint64) string {
	if o < uint64(len(rmwNames)) {
		return rmwNames[o]
	}
	return fmt.Sprintf("rmw%d", o)
}

// CastName names a cast opcode.
func CastName(o uint64) string {
	if o < uint64(len(castNames)) {
		return castNames[o]
	}
	return fmt.Sprintf("cast%d", o)
}

// BinopName names a binary opcode for integer or floating-point operands.
func BinopName(o uint64, fp bool) string {
	if fp && o < uint64(len(fBinopNames)) && fBinopNames[o] != "" {
		return fBinopNames[o]
	}
	if o < uint64(len(binopNames)) {
		return binopNames[o]
	}
	return fmt.Sprintf("binop%d", o)
}

// fnReader decodes one body.
type fnReader struct {
	r    *reader
	m    *Module
	f    *Function
	next uint32 // the next value id
	rec  Record
	bad  bool
	// maxLocals bounds the local values: every one is an argument, a
	// constant or an instruction record, so forward references past that are bad.
	maxLocals int64
}

func (fr *fnReader) fail(format string, args ...any) {
	if !fr.bad {
		fr.m.problem(report.Error, fr.r.bit(fr.rec.Start), "FUNCTION_BLOCK", "function %q: "+format, append([]any{fr.f.Name}, args...)...)
	}
	fr.bad = true
}

func (fr *fnReader) typeOf(id uint32) uint32 {
	if v := fr.m.Value(fr.f, id); v != nil {
		return v.Type
	}
	return NoType
}

func (fr *fnReader) setType(id, t uint32) {
	if fr.f.sharedArg(id) {
		return
	}
	if v := fr.m.Value(fr.f, id); v != nil && v.Type == NoType {
		v.Type = t
	}
}

// valueTypePair reads a relative value id at *i, and the type after it when
// it is a forward reference.
func (fr *fnReader) valueTypePair(o []uint64, i *int) (uint32, uint32) {
	if *i >= len(o) {
		fr.fail("expected a value operand at %d, the record has %d", *i, len(o))
		return 0, NoType
	}
	id := fr.next - uint32(o[*i])
	*i++
	if id >= fr.next {
		if *i >= len(o) {
			fr.fail("expected the type of forward reference %d", id)
			return id, NoType
		}
		t := uint32(o[*i])
		*i++
		fr.ensure(id)
		fr.setType(id, t)
		return id, t
	}
	return id, fr.typeOf(id)
}

// value reads a relative value id without a type.
func (fr *fnReader) value(o []uint64, i *int, t uint32) uint32 {
	if *i >= len(o) {
		fr.fail("expected a value operand at %d, the record has %d", *i, len(o))
		return 0
	}
	id := fr.next - uint32(o[*i])
	*i++
	if id >= fr.next {
		fr.ensure(id)
		fr.setType(id, t)
	}
	return id
}

// ensure grows the local values for a forward reference (bounded by the
// records that remain, so a hostile id cannot allocate much).
func (fr *fnReader) ensure(id uint32) {
	f := fr.f
	if id < f.LocalBase {
		return
	}
	n := int64(id-f.LocalBase) + 1 - int64(len(f.args))
	if n > int64(len(f.Locals)) && n <= fr.maxLocals {
		for int64(len(f.Locals)) < n {
			f.Locals = append(f.Locals, Value{Type: NoType, Index: -1})
		}
	}
}

func (fr *fnReader) get(o []uint64, i int) uint64 {
	if i < len(o) {
		return o[i]
	}
	fr.fail("expected operand %d, the record has %d", i, len(o))
	return 0
}

// define gives the instruction a value id.
func (fr *fnReader) define(in *Inst, t uint32) {
	in.Type = t
	id := fr.next
	fr.next++
	in.Value = int64(id)
	fr.ensure(id)
	if v := fr.m.Value(fr.f, id); v != nil {
		v.Kind, v.Index, v.Type = ValueInstruction, int32(len(fr.f.Insts)), t
	}
}

func (r *reader) readFunction(b *Block, f *Function) {
	m := r.m
	f.HasBody = true
	f.Bit, f.Bits = r.bit(b.Start), b.End-b.Start
	f.LocalBase = uint32(len(m.Values))
	fr := &fnReader{r: r, m: m, f: f, next: f.LocalBase}
	if t := m.TypeAt(f.Type); t != nil && len(t.Elems) > 0 {
		if n := int64(len(t.Elems) - 1); n <= r.argsLeft {
			r.argsLeft -= n
			f.Locals = make([]Value, 0, n+int64(len(b.Records)))
			for _, p := range t.Elems[1:] {
				f.Locals = append(f.Locals, Value{Kind: ValueArgument, Type: p, Index: -1})
			}
		} else {
			f.ArgsShared, f.args = true, r.sharedArgs(f.Type, t.Elems[1:])
		}
	}
	for _, sb := range b.Blocks {
		if sb.ID == ConstantsBlockID {
			f.Locals = r.readConstants(sb, f.Locals)
		}
	}
	fr.next = f.LocalBase + uint32(len(f.args)) + uint32(len(f.Locals))
	fr.maxLocals = int64(len(f.Locals)) + int64(len(b.Records))
	f.Locals = slices.Grow(f.Locals, len(b.Records))
	f.Insts = make([]Inst, 0, len(b.Records))
	f.LocalMDBase = uint32(len(m.Metadata))
	for _, sb := range b.Blocks {
		if sb.ID == MetadataBlockID {
			f.LocalMD = r.readMetadata(sb, f.LocalMD, false)
		}
	}
	nblocks := 0
	last := int64(-1) // the last location, for DEBUG_LOC_AGAIN
	cur := 0
	for _, rec := range b.Records {
		fr.rec = rec
		switch rec.Code {
		case FuncCodeDeclareBlocks: // [n]
			if len(rec.Ops) > 0 && rec.Ops[0] <= uint64(len(b.Records))+1 {
				nblocks = int(rec.Ops[0])
				f.Blocks = make([]BasicBlock, nblocks)
			} else {
				fr.fail("DECLAREBLOCKS claims more blocks than the body has records")
			}
			continue
		case FuncCodeDebugLocAgain:
			if len(f.Insts) == 0 || last < 0 {
				m.problem(report.Warning, r.bit(rec.Start), "FUNC_CODE_DEBUG_LOC_AGAIN", "expected an earlier location and instruction")
				continue
			}
			f.Insts[len(f.Insts)-1].DebugLoc = last
			continue
		case FuncCodeDebugLoc: // [line, col, scope+1, ia+1]
			if len(f.Insts) == 0 || len(rec.Ops) < 4 {
				m.problem(report.Warning, r.bit(rec.Start), "FUNC_CODE_DEBUG_LOC", "expected an instruction before it and 4 operands")
				continue
			}
			o := rec.Ops
			scope := int64(o[2]) - 1
			if scope < 0 {
				m.problem(report.Warning, r.bit(rec.Start), "FUNC_CODE_DEBUG_LOC", "a location without a scope")
				continue
			}
			last = r.location(uint32(o[0]), uint32(o[1]), uint32(scope), uint32(o[3]), r.bit(rec.Start))
			f.Insts[len(f.Insts)-1].DebugLoc = last
			continue
		}
		if fr.bad {
			break
		}
		in := fr.inst(rec)
		f.Insts = append(f.Insts, in)
		if nblocks == 0 {
			fr.fail("expected DECLAREBLOCKS before the first instruction")
			break
		}
		if isTerminator(in.Op) {
			if cur < len(f.Blocks) {
				f.Blocks[cur].Last = len(f.Insts)
			}
			cur++
			if cur < len(f.Blocks) {
				f.Blocks[cur].First = len(f.Insts)
			}
		}
	}
	if cur < len(f.Blocks) {
		// A body that stops early: the rest of its blocks are empty.
		if len(f.Insts) > f.Blocks[cur].First {
			f.Blocks[cur].Last = len(f.Insts)
			cur++
		}
		for i := cur; i < len(f.Blocks); i++ {
			f.Blocks[i].First, f.Blocks[i].Last = len(f.Insts), len(f.Insts)
		}
		if !fr.bad && m.StoppedAt == 0 {
			m.problem(report.Warning, f.Bit, "FUNCTION_BLOCK", "function %q declares %d blocks but its terminators end %d", f.Name, len(f.Blocks), cur)
		}
	}
	for _, sb := range b.Blocks {
		switch sb.ID {
		case ValueSymtabBlockID:
			r.readFunctionVST(sb, f)
		case MetadataAttachmentID:
			for _, rec := range sb.Records {
				if rec.Code != MetadataAttachment || len(rec.Ops)%2 == 0 {
					continue // function attachments (even length) are LLVM 3.8+
				}
				i := rec.Ops[0]
				if i >= uint64(len(f.Insts)) {
					m.problem(report.Warning, r.bit(rec.Start), "METADATA_ATTACHMENT", "instruction %d does not exist", i)
					continue
				}
				for k := 1; k+1 < len(rec.Ops); k += 2 {
					f.Insts[i].Attach = append(f.Insts[i].Attach, Attachment{Kind: uint32(rec.Ops[k]), Node: uint32(rec.Ops[k+1])})
				}
			}
		}
	}
}

// sharedArgs are the arguments of function type ft (parameters params),
// made once for the bodies that share them.
func (r *reader) sharedArgs(ft uint32, params []uint32) []Value {
	if a, ok := r.args[ft]; ok {
		return a
	}
	a := make([]Value, len(params))
	for i, p := range params {
		a[i] = Value{Kind: ValueArgument, Type: p, Index: -1}
	}
	if r.args == nil {
		r.args = map[uint32][]Value{}
	}
	r.args[ft] = a
	return a
}

// sharedArg says whether value id is one of f's shared arguments (which
// no body may change).
func (f *Function) sharedArg(id uint32) bool {
	return f.ArgsShared && id >= f.LocalBase && int64(id-f.LocalBase) < int64(len(f.args))
}

func isTerminator(op string) bool {
	switch op {
	case "ret", "br", "switch", "indirectbr", "invoke", "resume", "unreachable":
		return true
	}
	return false
}

// readFunctionVST names a body's values (ENTRY [id, name...]) and blocks
// (BBENTRY [index, name...]).
func (r *reader) readFunctionVST(b *Block, f *Function) {
	for _, rec := range b.Records {
		if len(rec.Ops) < 1 {
			continue
		}
		id, name := rec.Ops[0], opsText(rec.Ops[1:])
		switch rec.Code {
		case VSTCodeEntry:
			if f.sharedArg(uint32(id)) && id < 1<<32 {
				r.m.noteOnce(r.seen, "sharedargs", report.Warning, r.bit(rec.Start), "VST_ENTRY",
					"function %q names an argument; its arguments are its type's, shared with other bodies past the module's budget, and are shown without names", f.Name)
				continue
			}
			if v := r.m.Value(f, uint32(id)); v != nil && id < 1<<32 {
				v.Name = name
			}
		case VSTCodeBBEntry:
			if id < uint64(len(f.Blocks)) {
				f.Blocks[id].Name = name
			}
		}
	}
}

// inst decodes one instruction record.
func (fr *fnReader) inst(rec Record) Inst {
	m := fr.m
	o := rec.Ops
	in := Inst{Code: rec.Code, Bit: fr.r.bit(rec.Start), Bits: rec.End - rec.Start, Value: -1, DebugLoc: -1, Type: NoType, Ty2: NoType}
	void := m.findVoid()
	in.Type = void
	i := 0
	add := func(ids ...uint32) { in.Args = append(in.Args, ids...) }
	switch rec.Code {
	case FuncCodeInstBinop: // [opval, opval, opcode, flags?]
		a, t := fr.valueTypePair(o, &i)
		b := fr.value(o, &i, t)
		opc := fr.get(o, i)
		i++
		in.Pred = opc
		in.Op = BinopName(opc, m.IsFP(t))
		add(a, b)
		if i < len(o) {
			in.Flags, in.HasFlags = o[i], true
		}
		fr.define(&in, t)
	case FuncCodeInstCast: // [opval, destty, castopc]
		a, _ := fr.valueTypePair(o, &i)
		dt := uint32(fr.get(o, i))
		in.Pred = fr.get(o, i+1)
		in.Op = CastName(in.Pred)
		add(a)
		fr.define(&in, dt)
	case FuncCodeInstGEPOld, FuncCodeInstInboundsGEPOld, FuncCodeInstGEP: // GEP: [inbounds, ty, ops...]
		in.Op = "getelementptr"
		if rec.Code == FuncCodeInstGEP {
			in.InBounds = fr.get(o, 0) != 0
			in.Ty2 = uint32(fr.get(o, 1))
			i = 2
		} else {
			in.InBounds = rec.Code == FuncCodeInstInboundsGEPOld
		}
		for i < len(o) && !fr.bad {
			a, _ := fr.valueTypePair(o, &i)
			add(a)
		}
		if len(in.Args) == 0 {
			fr.fail("a getelementptr without operands")
			break
		}
		pt := fr.typeOf(in.Args[0])
		if in.Ty2 == NoType {
			in.Ty2 = m.elemType(pt)
		}
		fr.define(&in, m.gepResult(fr.f, in.Ty2, pt, in.Args[1:]))
	case FuncCodeInstSelect, FuncCodeInstVSelect: // SELECT (old) [ty, opval, opval, opval]; VSELECT [opval, opval, pred]
		in.Op = "select"
		if rec.Code == FuncCodeInstSelect {
			i = 1
		}
		a, t := fr.valueTypePair(o, &i)
		b := fr.value(o, &i, t)
		c, _ := fr.valueTypePair(o, &i)
		add(c, a, b)
		fr.define(&in, t)
	case FuncCodeInstExtractElt: // [opval, opval]
		in.Op = "extractelement"
		a, t := fr.valueTypePair(o, &i)
		b, _ := fr.valueTypePair(o, &i)
		add(a, b)
		fr.define(&in, m.elemType(t))
	case FuncCodeInstInsertElt: // [opval, opval, opval]
		in.Op = "insertelement"
		a, t := fr.valueTypePair(o, &i)
		et := m.elemType(t)
		b := fr.value(o, &i, et)
		c, _ := fr.valueTypePair(o, &i)
		add(a, b, c)
		fr.define(&in, t)
	case FuncCodeInstShuffleVec: // [opval, opval, opval]
		in.Op = "shufflevector"
		a, t := fr.valueTypePair(o, &i)
		b := fr.value(o, &i, t)
		c, mt := fr.valueTypePair(o, &i)
		add(a, b, c)
		rt := NoType
		if vt, mtt := m.TypeAt(t), m.TypeAt(mt); vt != nil && mtt != nil && len(vt.Elems) > 0 {
			rt = m.vectorOf(mtt.Count, vt.Elems[0])
		}
		fr.define(&in, rt)
	case FuncCodeInstCmp, FuncCodeInstCmp2: // [opval, opval, pred]
		a, t := fr.valueTypePair(o, &i)
		b := fr.value(o, &i, t)
		in.Pred = fr.get(o, i)
		i++
		if i < len(o) {
			in.Flags, in.HasFlags = o[i], true
		}
		in.Op = "icmp"
		if m.IsFP(t) {
			in.Op = "fcmp"
		}
		add(a, b)
		rt := m.findI1()
		if tt := m.TypeAt(t); tt != nil && tt.Kind == TypeVector {
			rt = m.boolVectorOf(tt.Count)
		}
		fr.define(&in, rt)
	case FuncCodeInstRet: // [opval?]
		in.Op = "ret"
		for i < len(o) && !fr.bad {
			a, _ := fr.valueTypePair(o, &i)
			add(a)
		}
	case FuncCodeInstBr: // [bb, bb, cond] or [bb]
		in.Op = "br"
		if len(o) == 1 {
			in.Blocks = []uint32{uint32(o[0])}
		} else if len(o) == 3 {
			in.Blocks = []uint32{uint32(o[0]), uint32(o[1])}
			i = 2
			add(fr.value(o, &i, m.findI1()))
		} else {
			fr.fail("a br record has %d operands (expected 1 or 3)", len(o))
		}
	case FuncCodeInstSwitch: // [opty, cond, default, (caseval id, bb)*]
		in.Op = "switch"
		t := uint32(fr.get(o, 0))
		i = 1
		add(fr.value(o, &i, t))
		in.Blocks = append(in.Blocks, uint32(fr.get(o, 2)))
		for k := 3; k+1 < len(o); k += 2 {
			in.Indices = append(in.Indices, o[k])
			in.Blocks = append(in.Blocks, uint32(o[k+1]))
		}
	case FuncCodeInstUnreachable:
		in.Op = "unreachable"
	case FuncCodeInstPhi: // [ty, (val signed-relative, bb)*]
		in.Op = "phi"
		t := uint32(fr.get(o, 0))
		for k := 1; k+1 < len(o); k += 2 {
			v := o[k]
			rel := int64(v >> 1)
			if v&1 != 0 {
				rel = -rel
			}
			id := uint32(int64(fr.next) - rel)
			if id >= fr.next {
				fr.ensure(id)
				fr.setType(id, t)
			}
			add(id)
			in.Blocks = append(in.Blocks, uint32(o[k+1]))
		}
		fr.define(&in, t)
	case FuncCodeInstAlloca: // [instty, opty, op, align]
		in.Op = "alloca"
		if len(o) < 4 {
			fr.fail("an alloca record has %d operands (expected 4)", len(o))
			break
		}
		al := o[3]
		in.Align = alignOf(al & 31)
		explicit := al&(1<<6) != 0
		size := uint32(o[2])
		fr.ensure(size)
		fr.setType(size, uint32(o[1]))
		add(size)
		rt := uint32(o[0])
		if explicit {
			in.Ty2 = rt
			rt = m.PointerTo(rt, 0)
		} else if t := m.TypeAt(rt); t != nil && len(t.Elems) > 0 {
			in.Ty2 = t.Elems[0]
		}
		fr.define(&in, rt)
	case FuncCodeInstLoad, FuncCodeInstLoadAtomic: // [op, ty, align, vol], [op, ty, align, vol, ordering, scope]
		in.Op = "load"
		a, pt := fr.valueTypePair(o, &i)
		add(a)
		rt := NoType
		extra := 2
		if rec.Code == FuncCodeInstLoadAtomic {
			extra = 4
		}
		if len(o)-i == extra+1 {
			rt = uint32(o[i])
			i++
		} else if t := m.TypeAt(pt); t != nil && len(t.Elems) > 0 {
			rt = t.Elems[0]
		}
		in.Align = alignOf(fr.get(o, i))
		in.Volatile = fr.get(o, i+1) != 0
		if rec.Code == FuncCodeInstLoadAtomic {
			in.Ordering, in.Scope = fr.get(o, i+2), fr.get(o, i+3)
		}
		fr.define(&in, rt)
	case FuncCodeInstStore, FuncCodeInstStoreAtomic, FuncCodeInstStoreOld, FuncCodeInstStoreAtomicOld:
		// [ptr, val, align, vol], atomic: [..., ordering, scope]
		in.Op = "store"
		p, pt := fr.valueTypePair(o, &i)
		var v uint32
		if rec.Code == FuncCodeInstStoreOld || rec.Code == FuncCodeInstStoreAtomicOld {
			et := m.elemType(pt)
			v = fr.value(o, &i, et)
		} else {
			v, _ = fr.valueTypePair(o, &i)
		}
		add(v, p)
		in.Align = alignOf(fr.get(o, i))
		in.Volatile = fr.get(o, i+1) != 0
		if rec.Code == FuncCodeInstStoreAtomic || rec.Code == FuncCodeInstStoreAtomicOld {
			in.Ordering, in.Scope = fr.get(o, i+2), fr.get(o, i+3)
		}
	case FuncCodeInstExtractVal: // [opval, idx...]
		in.Op = "extractvalue"
		a, t := fr.valueTypePair(o, &i)
		add(a)
		for ; i < len(o); i++ {
			in.Indices = append(in.Indices, o[i])
			if tt := m.TypeAt(t); tt != nil && (tt.Kind == TypeStruct && o[i] < uint64(len(tt.Elems)) || (tt.Kind == TypeArray && len(tt.Elems) > 0)) {
				if tt.Kind == TypeStruct {
					t = tt.Elems[o[i]]
				} else {
					t = tt.Elems[0]
				}
			} else {
				t = NoType
			}
		}
		fr.define(&in, t)
	case FuncCodeInstInsertVal: // [opval, opval, idx...]
		in.Op = "insertvalue"
		a, t := fr.valueTypePair(o, &i)
		b, _ := fr.valueTypePair(o, &i)
		add(a, b)
		in.Indices = append(in.Indices, o[min(i, len(o)):]...)
		fr.define(&in, t)
	case FuncCodeInstCall: // [attrs, cc, fmf?, fnty?, callee, args...]
		in.Op = "call"
		fr.call(&in, o)
	case FuncCodeInstFence: // [ordering, scope]
		in.Op = "fence"
		in.Ordering, in.Scope = fr.get(o, 0), fr.get(o, 1)
	case FuncCodeInstAtomicRMW: // [ptr, val, op, vol, ordering, scope]
		in.Op = "atomicrmw"
		p, pt := fr.valueTypePair(o, &i)
		et := m.elemType(pt)
		v := fr.value(o, &i, et)
		add(p, v)
		in.Pred = fr.get(o, i)
		in.Volatile = fr.get(o, i+1) != 0
		in.Ordering, in.Scope = fr.get(o, i+2), fr.get(o, i+3)
		fr.define(&in, et)
	case FuncCodeInstCmpXchg, FuncCodeInstCmpXchgOld: // [ptr, cmp, new, vol, success, scope, failure, weak]
		in.Op = "cmpxchg"
		p, _ := fr.valueTypePair(o, &i)
		c, ct := fr.valueTypePair(o, &i)
		n := fr.value(o, &i, ct)
		add(p, c, n)
		in.Volatile = fr.get(o, i) != 0
		in.Ordering, in.Scope = fr.get(o, i+1), fr.get(o, i+2)
		in.Failure = in.Ordering
		if i+3 < len(o) {
			in.Failure = o[i+3]
		}
		if i+4 < len(o) {
			in.Weak = o[i+4] != 0
		}
		rt := m.pairOf(ct, m.findI1())
		fr.define(&in, rt)
	case FuncCodeInstVAArg: // [valistty, valist, instty]
		in.Op = "va_arg"
		if len(o) < 3 {
			fr.fail("a va_arg record has %d operands", len(o))
			break
		}
		i = 1
		add(fr.value(o, &i, uint32(o[0])))
		fr.define(&in, uint32(o[2]))
	default:
		in.Op = fmt.Sprintf("<code %d>", rec.Code)
		fr.fail("instruction code %d is not one DXIL's LLVM 3.7 writes", rec.Code)
	}
	return in
}

func (fr *fnReader) call(in *Inst, o []uint64) {
	m := fr.m
	if len(o) < 3 {
		fr.fail("a call record has %d operands", len(o))
		return
	}
	in.Attrs = uint32(o[0])
	cc := o[1]
	if cc&1 != 0 {
		in.Tail = TailCall
	}
	if cc&(1<<14) != 0 {
		in.Tail = MustTailCall
	}
	in.CallConv = (cc >> 1) & 0x3ff
	i := 2
	if cc&(1<<17) != 0 { // fast-math flags (LLVM 3.9+)
		in.Flags, in.HasFlags = o[i], true
		i++
	}
	fnty := NoType
	if cc&(1<<15) != 0 { // explicit function type
		fnty = uint32(fr.get(o, i))
		i++
	}
	callee, ct := fr.valueTypePair(o, &i)
	if fnty == NoType {
		if t := m.TypeAt(ct); t != nil && t.Kind == TypePointer && len(t.Elems) > 0 {
			fnty = t.Elems[0]
		}
	}
	in.Ty2 = fnty
	t := m.TypeAt(fnty)
	if t == nil || t.Kind != TypeFunction || len(t.Elems) == 0 {
		fr.fail("a call without a function type")
		return
	}
	params := t.Elems[1:]
	for k, p := range params {
		if fr.bad {
			return
		}
		pt := m.TypeAt(p)
		if pt != nil && pt.Kind == TypeLabel {
			in.Blocks = append(in.Blocks, uint32(fr.get(o, i)))
			i++
			continue
		}
		if pt != nil && pt.Kind == TypeMetadata {
			if in.MDArgs == nil {
				in.MDArgs = make([]int64, len(params))
				for j := range in.MDArgs {
					in.MDArgs[j] = -1
				}
			}
			id := fr.next - uint32(fr.get(o, i))
			i++
			in.MDArgs[k] = int64(id)
			in.Args = append(in.Args, 0)
			continue
		}
		in.Args = append(in.Args, fr.value(o, &i, p))
	}
	if in.MDArgs != nil {
		in.MDArgs = in.MDArgs[:len(in.Args)]
	}
	for t.VarArg && i < len(o) && !fr.bad {
		a, _ := fr.valueTypePair(o, &i)
		in.Args = append(in.Args, a)
		if in.MDArgs != nil {
			in.MDArgs = append(in.MDArgs, -1)
		}
	}
	in.Args = append(in.Args, callee) // LLVM 3.7 keeps the callee last
	rt := t.Elems[0]
	if r := m.TypeAt(rt); r != nil && r.Kind == TypeVoid {
		in.Type = rt
		return
	}
	fr.define(in, rt)
}

// gepResult computes a getelementptr's result type: a pointer to the type
// the indices reach, in the base pointer's address space.
func (m *Module) gepResult(f *Function, src, base uint32, idx []uint32) uint32 {
	as := uint32(0)
	if t := m.TypeAt(base); t != nil {
		if t.Kind == TypeVector && len(t.Elems) > 0 {
			return base // vector of pointers: rare in DXIL, kept as the base type
		}
		as = t.AddrSpace
	}
	t := src
	for k, id := range idx {
		if k == 0 {
			continue
		}
		tt := m.TypeAt(t)
		if tt == nil {
			return NoType
		}
		switch tt.Kind {
		case TypeStruct:
			n, ok := m.ConstInt(f, id)
			if !ok || n < 0 || n >= int64(len(tt.Elems)) {
				return NoType
			}
			t = tt.Elems[n]
		case TypeArray, TypeVector, TypePointer:
			if len(tt.Elems) == 0 {
				return NoType
			}
			t = tt.Elems[0]
		default:
			return NoType
		}
	}
	return m.PointerTo(t, as)
}

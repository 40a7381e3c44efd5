package decode

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/decode/llvm/bitstream"
)

// The module's IR decoded completely, for disassembly: every type, global
// value, constant, metadata node, attribute group and instruction, with the
// bit range each instruction was read from. Value references are resolved to
// absolute value ids (LLVM 3.7's relative ids undone); printing is left to
// decode/text.

// IRModule is an LLVM 3.7 module as DXC writes it.
type IRModule struct {
	Base       int64 // absolute file offset of the bitcode's first byte; bit offsets below are absolute
	Size       int64 // bitcode bytes
	Part       string
	Triple     string
	DataLayout string

	Types     []IRType
	Values    []IRValue // module-level values: globals, functions and aliases in record order, then module constants
	Globals   []IRGlobal
	Functions []IRFunction

	AttrGroups map[uint32]IRAttrGroup // PARAMATTR_GROUP entries by group id
	AttrLists  [][]uint32             // PARAMATTR entries (attribute list i+1): their group ids

	Metadata      []IRMetadata // module-level metadata by id
	ModuleMDCount int          // metadata ids the module's METADATA_BLOCK defines
	// Locations are the DILocations DEBUG_LOC records make (uniqued, as
	// DILocation::get does), with ids from LocationBase so they never
	// collide with function-local metadata ids.
	Locations     []IRMetadata
	MDKinds       map[uint32]string
	NamedMetadata []IRNamedMD

	Problems []Problem
	// StoppedAt is the absolute bit offset where decoding stopped on bad
	// bitcode (0 when the whole module was read).
	StoppedAt uint64
	Stopped   string

	ptrCache map[[2]uint32]uint32
	voidType uint32 // type id + 1, 0: not looked up
	i1Type   uint32
	locIndex map[[4]uint32]uint32
}

// IRTypeKind is the kind of an IR type.
type IRTypeKind uint8

// Type kinds.
const (
	IRTypeOther IRTypeKind = iota
	IRTypeVoid
	IRTypeFloat
	IRTypeDouble
	IRTypeHalf
	IRTypeLabel
	IRTypeOpaque
	IRTypeInt
	IRTypePointer
	IRTypeArray
	IRTypeVector
	IRTypeStruct
	IRTypeFunction
	IRTypeMetadata
	IRTypeX86FP80
	IRTypeFP128
)

// IRType is one entry of the TYPE_BLOCK.
type IRType struct {
	Kind      IRTypeKind
	Width     uint32   // integer bits
	Count     uint64   // array/vector elements
	Elems     []uint32 // pointee; element; struct fields; function return type then parameters
	VarArg    bool
	Packed    bool
	Named     bool // a named (identified) struct, even with an empty name
	Name      string
	AddrSpace uint32
}

// IRValueKind says what a value id stands for.
type IRValueKind uint8

// Value kinds.
const (
	IRValueNone IRValueKind = iota
	IRValueGlobal
	IRValueFunction
	IRValueAlias
	IRValueConstant
	IRValueArgument
	IRValueInstruction
)

// IRValue is one value id.
type IRValue struct {
	Kind  IRValueKind
	Type  uint32
	Name  string `json:",omitempty"`
	Index int32  // Globals/Functions index; instruction index in its function
	// Constants: the CST_CODE and its operands (aggregate elements and
	// expression operands as absolute value ids).
	Code uint32   `json:",omitempty"`
	Ops  []uint64 `json:",omitempty"`
}

// IRGlobal is a MODULE_CODE_GLOBALVAR.
type IRGlobal struct {
	Name                  string
	ValueType             uint32 // the variable's type (the global is a pointer to it)
	Type                  uint32 // the pointer type
	Constant              bool
	AddrSpace             uint32
	Init                  int64 // value id of the initializer, -1 for none
	Linkage               uint64
	Align                 uint32
	Section               uint64
	Visibility            uint64
	ThreadLocal           uint64
	UnnamedAddr           bool
	ExternallyInitialized bool
	DLLStorage            uint64
	Bit, Bits             uint64
}

// IRFunction is a MODULE_CODE_FUNCTION and, when it has one, its body.
type IRFunction struct {
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

	ValueID     uint32
	LocalBase   uint32    // the first local value id (arguments)
	Locals      []IRValue // arguments, the body's constants and instruction results, from LocalBase
	Blocks      []IRBasicBlock
	Insts       []IRInst
	LocalMD     []IRMetadata // function-local metadata, ids from len(Module.Metadata) at read time
	LocalMDBase uint32
	Bit, Bits   uint64 // the FUNCTION_BLOCK
	HasBody     bool
}

// IRBasicBlock is one basic block: a name (from the function's symbol table) and its instructions.
type IRBasicBlock struct {
	Name        string
	First, Last int // instruction indexes [First, Last)
}

// IRInst is one instruction record.
type IRInst struct {
	Code     uint32 // FUNC_CODE_INST_*
	Op       string // the LLVM opcode name ("add", "call", "getelementptr", ...)
	Bit      uint64 // absolute bit offset of the record's abbreviation id
	Bits     uint64
	Type     uint32   // result type (void for none)
	Value    int64    // the value id it defines, -1 for none
	Args     []uint32 // operand value ids in LLVM's operand order
	ArgTypes []uint32 // per Args: an explicit type the record gave (noType if none)
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
	Scope    uint64 // synchronization scope (1: crosschread)
	Weak     bool
	Tail     uint64 // call: 1 tail, 2 musttail
	CallConv uint64
	Attrs    uint32  // call: attribute list
	MDArgs   []int64 // per Args of a call: the metadata id when the parameter is metadata, else -1
	DebugLoc int64   // metadata id of the location (-1: none)
	Attach   []IRAttachment
}

// IRAttachment is an instruction's metadata attachment.
type IRAttachment struct {
	Kind uint32
	Node uint32 // metadata id
}

// IRAttrGroup is one PARAMATTR_GROUP_BLOCK entry.
type IRAttrGroup struct {
	Index uint64 // 0xFFFFFFFF: the function, 0: the return value, n: parameter n
	Attrs []IRAttr
}

// IRAttr is one attribute: an enum kind, an integer attribute or a string key/value.
type IRAttr struct {
	Kind  uint64 // 0 enum, 1 int, 3 string, 4 string with value
	ID    uint64
	Int   uint64
	Key   string
	Value string
}

// IRNamedMD is a named metadata node.
type IRNamedMD struct {
	Name  string
	Nodes []uint32
}

// IRMetadata is one metadata id: a string, a value, a tuple or a DI node.
type IRMetadata struct {
	Code     uint32 // METADATA_* record code (LOCATION also for DEBUG_LOC's locations)
	Distinct bool
	Str      string
	Type     uint32   // METADATA_VALUE
	Value    uint32   // METADATA_VALUE: absolute value id
	Ops      []uint64 // NODE: ids+1 (0 null); DI records: the operands after the distinct flag
	Local    bool     // a function-local value
	Bit      uint64
}

// Metadata record codes.
const (
	MDString        = 1
	MDValue         = 2
	MDNode          = 3
	MDName          = 4
	MDDistinctNode  = 5
	MDKind          = 6
	MDLocation      = 7
	MDNamedNode     = 10
	MDGenericDebug  = 12
	MDSubrange      = 13
	MDEnumerator    = 14
	MDBasicType     = 15
	MDFile          = 16
	MDDerivedType   = 17
	MDCompositeType = 18
	MDSubroutine    = 19
	MDCompileUnit   = 20
	MDSubprogram    = 21
	MDLexicalBlock  = 22
	MDLexicalFile   = 23
	MDNamespace     = 24
	MDTemplateType  = 25
	MDTemplateValue = 26
	MDGlobalVar     = 27
	MDLocalVar      = 28
	MDExpression    = 29
	MDObjCProperty  = 30
	MDImported      = 31
	MDModule        = 32
)

// LocationBase is the first metadata id of IRModule.Locations.
const LocationBase = 1 << 30

// NoType marks a missing type id.
const NoType = ^uint32(0)

// elemType is the first type type id contains (a pointer's pointee, a
// vector's or array's element), or NoType.
func (m *IRModule) elemType(id uint32) uint32 {
	if t := m.IRTypeAt(id); t != nil && len(t.Elems) > 0 {
		return t.Elems[0]
	}
	return NoType
}

// IRTypeAt returns the type of id, or nil.
func (m *IRModule) IRTypeAt(id uint32) *IRType {
	if int64(id) < int64(len(m.Types)) {
		return &m.Types[id]
	}
	return nil
}

// Value returns value id as seen inside f (nil f: module level), or nil.
func (m *IRModule) Value(f *IRFunction, id uint32) *IRValue {
	if int64(id) < int64(len(m.Values)) {
		return &m.Values[id]
	}
	if f != nil && id >= f.LocalBase && int64(id-f.LocalBase) < int64(len(f.Locals)) {
		return &f.Locals[id-f.LocalBase]
	}
	return nil
}

// MD returns metadata id as seen inside f, or nil.
func (m *IRModule) MD(f *IRFunction, id uint32) *IRMetadata {
	if id >= LocationBase {
		if int64(id-LocationBase) < int64(len(m.Locations)) {
			return &m.Locations[id-LocationBase]
		}
		return nil
	}
	if int64(id) < int64(len(m.Metadata)) {
		return &m.Metadata[id]
	}
	if f != nil && id >= f.LocalMDBase && int64(id-f.LocalMDBase) < int64(len(f.LocalMD)) {
		return &f.LocalMD[id-f.LocalMDBase]
	}
	return nil
}

// PointerTo finds the pointer type to t in address space as in the type table (NoType if absent).
func (m *IRModule) PointerTo(t, as uint32) uint32 {
	if m.ptrCache == nil {
		m.ptrCache = map[[2]uint32]uint32{}
		for i, ty := range m.Types {
			if ty.Kind == IRTypePointer && len(ty.Elems) == 1 {
				k := [2]uint32{ty.Elems[0], ty.AddrSpace}
				if _, ok := m.ptrCache[k]; !ok {
					m.ptrCache[k] = uint32(i)
				}
			}
		}
	}
	if v, ok := m.ptrCache[[2]uint32{t, as}]; ok {
		return v
	}
	return NoType
}

func (m *IRModule) findType(match func(*IRType) bool) uint32 {
	for i := range m.Types {
		if match(&m.Types[i]) {
			return uint32(i)
		}
	}
	return NoType
}

func (m *IRModule) problem(sev Severity, bit uint64, structure, format string, args ...any) {
	if len(m.Problems) >= 200 {
		return
	}
	m.Problems = append(m.Problems, Problem{Severity: sev, Offset: m.Base + int64(bit/8), Part: m.Part, Structure: structure,
		Message: fmt.Sprintf("at bit %d: ", bit) + fmt.Sprintf(format, args...)})
}

// DecodeIR decodes LLVM bitcode (the bitcode of a DXIL or ILDB part, at
// absolute file offset base) completely. It never fails: what cannot be read
// becomes problems, and everything before the fault is kept.
func DecodeIR(bc []byte, base int64, part string) *IRModule {
	m := &IRModule{Base: base, Size: int64(len(bc)), Part: part, AttrGroups: map[uint32]IRAttrGroup{}, MDKinds: map[uint32]string{}}
	if len(bc) < 4 || string(bc[:4]) != "BC\xc0\xde" {
		m.problem(Error, 0, "bitcode", "expected the LLVM magic 'BC' 0xC0DE")
		m.StoppedAt, m.Stopped = uint64(base)*8, "no bitcode magic"
		return m
	}
	st := bitstream.Parse(bc, blockName)
	top := st.Blocks
	if st.Err != nil {
		bit := st.Err.Bit
		m.problem(Error, bit, "bitcode", "%s; the module is shown up to here", st.Err.Msg)
		m.StoppedAt = uint64(base)*8 + bit
		m.Stopped = st.Err.Msg
	}
	mod := findBlock(top, blockModule)
	if mod == nil {
		m.problem(Error, 32, "bitcode", "expected a MODULE_BLOCK")
		return m
	}
	r := &irReader{m: m}
	r.readModule(mod)
	return m
}

// irReader holds the state of one decode.
type irReader struct {
	m      *IRModule
	bodies []int // Functions with bodies, in record order
}

func (r *irReader) bit(b uint64) uint64 { return uint64(r.m.Base)*8 + b }

func (r *irReader) readModule(mod *bitstream.Block) {
	m := r.m
	for _, b := range mod.Blocks {
		switch b.ID {
		case blockType:
			r.readTypes(b)
		case 10: // PARAMATTR_GROUP_BLOCK
			r.readAttrGroups(b)
		case blockParamAttr:
			for _, rec := range b.Records {
				if rec.Code == 2 {
					m.AttrLists = append(m.AttrLists, bcU32s(rec.Ops))
				}
			}
		}
	}
	for _, rec := range mod.Records {
		switch rec.Code {
		case 2:
			m.Triple = opsText(rec.Ops)
		case 3:
			m.DataLayout = opsText(rec.Ops)
		case 7:
			r.readGlobalVar(rec)
		case 8:
			r.readFunctionRecord(rec)
		case 9, 14:
			t := NoType
			if len(rec.Ops) > 0 {
				t = uint32(rec.Ops[0])
			}
			m.Values = append(m.Values, IRValue{Kind: IRValueAlias, Type: t, Index: -1})
		}
	}
	for _, b := range mod.Blocks {
		switch b.ID {
		case blockConstants:
			m.Values = r.readConstants(b, m.Values, 0)
		case blockMetadata:
			m.Metadata = r.readMetadata(b, m.Metadata, true, nil)
		case blockValueSym:
			r.readModuleVST(b)
		}
	}
	m.ModuleMDCount = len(m.Metadata)
	for k, b := range functionBlocks(mod) {
		if k >= len(r.bodies) {
			m.problem(Warning, b.Start, "FUNCTION_BLOCK", "expected %d function bodies, found more", len(r.bodies))
			break
		}
		r.readFunction(b, &m.Functions[r.bodies[k]])
	}
}

func (r *irReader) readTypes(b *bitstream.Block) {
	m := r.m
	name := ""
	for _, rec := range b.Records {
		o := rec.Ops
		t := IRType{}
		switch rec.Code {
		case 1:
			continue
		case 2:
			t.Kind = IRTypeVoid
		case 3:
			t.Kind = IRTypeFloat
		case 4:
			t.Kind = IRTypeDouble
		case 10:
			t.Kind = IRTypeHalf
		case 5:
			t.Kind = IRTypeLabel
		case 16:
			t.Kind = IRTypeMetadata
		case 13:
			t.Kind = IRTypeX86FP80
		case 14:
			t.Kind = IRTypeFP128
		case 6:
			t.Kind, t.Named, t.Name, name = IRTypeOpaque, true, name, ""
		case 7:
			t.Kind = IRTypeInt
			if len(o) > 0 {
				t.Width = uint32(o[0])
			}
		case 8:
			t.Kind = IRTypePointer
			if len(o) > 0 {
				t.Elems = []uint32{uint32(o[0])}
			}
			if len(o) > 1 {
				t.AddrSpace = uint32(o[1])
			}
		case 11, 12:
			t.Kind = IRTypeArray
			if rec.Code == 12 {
				t.Kind = IRTypeVector
			}
			if len(o) > 1 {
				t.Count, t.Elems = o[0], []uint32{uint32(o[1])}
			}
		case 19:
			name = opsText(o)
			continue
		case 18, 20:
			t.Kind = IRTypeStruct
			if len(o) > 0 {
				t.Packed, t.Elems = o[0] != 0, bcU32s(o[1:])
			}
			if rec.Code == 20 {
				t.Named, t.Name, name = true, name, ""
			}
		case 21:
			t.Kind = IRTypeFunction
			if len(o) > 1 {
				t.VarArg, t.Elems = o[0] != 0, bcU32s(o[1:])
			}
		case 9:
			t.Kind = IRTypeFunction
			if len(o) > 2 {
				t.VarArg, t.Elems = o[0] != 0, bcU32s(o[2:])
			}
		default:
			r.m.problem(Warning, r.bit(rec.Start), "TYPE_BLOCK", "type code %d is not an LLVM 3.7 type", rec.Code)
		}
		m.Types = append(m.Types, t)
	}
}

func (r *irReader) readAttrGroups(b *bitstream.Block) {
	for _, rec := range b.Records {
		if rec.Code != 3 || len(rec.Ops) < 2 {
			continue
		}
		g := IRAttrGroup{Index: rec.Ops[1]}
		o := rec.Ops[2:]
		for i := 0; i < len(o); {
			a := IRAttr{Kind: o[i]}
			i++
			switch a.Kind {
			case 0:
				if i < len(o) {
					a.ID = o[i]
					i++
				}
			case 1:
				if i+1 < len(o) {
					a.ID, a.Int = o[i], o[i+1]
				}
				i += 2
			case 3, 4:
				j := i
				for j < len(o) && o[j] != 0 {
					j++
				}
				a.Key = opsText(o[i:j])
				i = j + 1
				if a.Kind == 4 {
					j = i
					for j < len(o) && o[j] != 0 {
						j++
					}
					if i <= len(o) && j <= len(o) && i <= j {
						a.Value = opsText(o[i:j])
					}
					i = j + 1
				}
			default:
				r.m.problem(Warning, r.bit(rec.Start), "PARAMATTR_GRP_CODE_ENTRY", "attribute encoding %d is unknown", a.Kind)
				i = len(o)
				continue
			}
			g.Attrs = append(g.Attrs, a)
		}
		r.m.AttrGroups[uint32(rec.Ops[0])] = g
	}
}

func alignOf(v uint64) uint32 {
	if v == 0 || v > 32 {
		return 0
	}
	return 1 << (v - 1)
}

func (r *irReader) readGlobalVar(rec bitstream.Record) {
	m := r.m
	o := rec.Ops
	g := IRGlobal{Init: -1, Type: NoType, ValueType: NoType, Bit: r.bit(rec.Start), Bits: rec.End - rec.Start}
	if len(o) < 4 {
		m.problem(Warning, r.bit(rec.Start), "MODULE_CODE_GLOBALVAR", "expected at least 4 operands, found %d", len(o))
	} else {
		g.Constant = o[1]&1 != 0
		if o[1]&2 != 0 {
			g.ValueType = uint32(o[0])
			g.AddrSpace = uint32(o[1] >> 2)
			g.Type = m.PointerTo(g.ValueType, g.AddrSpace)
		} else {
			g.Type = uint32(o[0])
			if t := m.IRTypeAt(g.Type); t != nil && t.Kind == IRTypePointer && len(t.Elems) > 0 {
				g.ValueType, g.AddrSpace = t.Elems[0], t.AddrSpace
			}
		}
		if o[2] != 0 {
			g.Init = int64(o[2] - 1)
		}
		g.Linkage = o[3]
		g.Align = alignOf(opAt(o, 4))
		g.Section = opAt(o, 5)
		g.Visibility = opAt(o, 6)
		g.ThreadLocal = opAt(o, 7)
		g.UnnamedAddr = opAt(o, 8) != 0
		g.ExternallyInitialized = opAt(o, 9) != 0
		g.DLLStorage = opAt(o, 10)
	}
	m.Globals = append(m.Globals, g)
	m.Values = append(m.Values, IRValue{Kind: IRValueGlobal, Type: g.Type, Index: int32(len(m.Globals) - 1)})
}

// opAt is a record's operand i, or 0 when the record stops before it (the
// trailing fields of GLOBALVAR and FUNCTION records are optional).
func opAt(o []uint64, i int) uint64 {
	if i < len(o) {
		return o[i]
	}
	return 0
}

func (r *irReader) readFunctionRecord(rec bitstream.Record) {
	m := r.m
	o := rec.Ops
	f := IRFunction{Type: NoType, PtrType: NoType, ValueID: uint32(len(m.Values))}
	if len(o) < 4 {
		m.problem(Warning, r.bit(rec.Start), "MODULE_CODE_FUNCTION", "expected at least 4 operands, found %d", len(o))
		f.Declaration = true
	} else {
		f.Type = uint32(o[0])
		if t := m.IRTypeAt(f.Type); t != nil && t.Kind == IRTypePointer && len(t.Elems) > 0 {
			f.Type = t.Elems[0]
		}
		if t := m.IRTypeAt(f.Type); t == nil || t.Kind != IRTypeFunction || len(t.Elems) == 0 {
			m.problem(Warning, r.bit(rec.Start), "MODULE_CODE_FUNCTION", "expected a function type, found type %d", f.Type)
			f.Type = NoType
		}
		f.PtrType = m.PointerTo(f.Type, 0)
		f.CallingConv = o[1]
		f.Declaration = o[2] != 0
		f.Linkage = o[3]
		f.Attrs = uint32(opAt(o, 4))
		f.Align = alignOf(opAt(o, 5))
		f.Section = opAt(o, 6)
		f.Visibility = opAt(o, 7)
		f.UnnamedAddr = opAt(o, 9) != 0
		f.DLLStorage = opAt(o, 11)
	}
	m.Functions = append(m.Functions, f)
	if !f.Declaration {
		r.bodies = append(r.bodies, len(m.Functions)-1)
	}
	m.Values = append(m.Values, IRValue{Kind: IRValueFunction, Type: f.PtrType, Index: int32(len(m.Functions) - 1)})
}

// readConstants appends the constants of a CONSTANTS_BLOCK to vals; base is
// the value id of vals[0].
func (r *irReader) readConstants(b *bitstream.Block, vals []IRValue, base uint32) []IRValue {
	for cur, rec := range constants(b) {
		v := IRValue{Kind: IRValueConstant, Type: cur, Code: rec.Code, Ops: rec.Ops, Index: -1}
		switch rec.Code {
		case 8, 9: // STRING, CSTRING: operands are the characters
		case 11: // CE_CAST [opc, opty, opval]: the result is the current type
		case 12, 20, 24:
		case 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 19, 21, 22, 23:
		default:
			r.m.problem(Warning, r.bit(rec.Start), "CONSTANTS_BLOCK", "constant code %d is not an LLVM 3.7 constant", rec.Code)
		}
		if rec.Code == 9 { // CSTRING: the terminating NUL is implied
			v.Code = 8
			v.Ops = append(append([]uint64(nil), rec.Ops...), 0)
		}
		vals = append(vals, v)
	}
	return vals
}

func (r *irReader) readModuleVST(b *bitstream.Block) {
	m := r.m
	for _, rec := range b.Records {
		var id uint64
		var name string
		switch {
		case rec.Code == 1 && len(rec.Ops) >= 1:
			id, name = rec.Ops[0], opsText(rec.Ops[1:])
		case rec.Code == 3 && len(rec.Ops) >= 2:
			id, name = rec.Ops[0], opsText(rec.Ops[2:])
		default:
			continue
		}
		if id >= uint64(len(m.Values)) {
			m.problem(Warning, r.bit(rec.Start), "VST_ENTRY", "the symbol %q names value %d; the module has %d values", name, id, len(m.Values))
			continue
		}
		v := &m.Values[id]
		v.Name = name
		switch v.Kind {
		case IRValueFunction:
			m.Functions[v.Index].Name = name
		case IRValueGlobal:
			m.Globals[v.Index].Name = name
		}
	}
}

// IsDXOp says whether a function is a DXIL operation (dx.op.*).
func (f *IRFunction) IsDXOp() bool { return strings.HasPrefix(f.Name, "dx.op.") }

// DXOpArgNames returns the argument names DXC prints after a dx.op call
// ("outputSigId,rowIndex,colIndex,value"), and whether the opcode is known.
func DXOpArgNames(op uint32) (string, bool) {
	i := sort.Search(len(dxOpArgs), func(i int) bool { return dxOpArgs[i].op >= op })
	if i < len(dxOpArgs) && dxOpArgs[i].op == op {
		return dxOpArgs[i].args, true
	}
	return "", false
}

// PartIR decodes the bitcode of a DXIL, ILDB or DXIL-style STAT part for
// disassembly, or returns nil when the part has no bitcode.
func PartIR(p *Part) *IRModule {
	if p == nil || p.Program == nil || len(p.Program.DXIL) == 0 {
		return nil
	}
	base := p.DataOffset + 8 + int64(p.Program.DXILOffset)
	return DecodeIR(p.Program.DXIL, base, p.Name)
}

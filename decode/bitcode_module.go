package decode

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
)

// Reading the module's IR from the block tree, as far as DXIL needs: the type
// table, global values and their names, constants, metadata, and in function
// bodies the value numbering that finds each dx.op call's opcode.

type irTypeKind uint8

const (
	tyOther irTypeKind = iota
	tyVoid
	tyFloat
	tyDouble
	tyHalf
	tyLabel
	tyOpaque
	tyInt
	tyPointer
	tyArray
	tyVector
	tyStruct
	tyFunction
	tyMetadata
)

type irType struct {
	kind   irTypeKind
	width  uint32   // integer bits
	count  uint64   // array/vector elements
	elems  []uint32 // pointee; element; struct fields; function return then params
	vararg bool
	packed bool
	name   string
	addr   uint32 // pointer address space
}

type irValueKind uint8

const (
	valGlobalVar irValueKind = iota + 1
	valFunction
	valAlias
	valConstant
	valArgument
	valInstruction
)

type irValue struct {
	kind   irValueKind
	typ    uint32 // type id, or NoType
	fn     int32  // index in Module.Functions for functions, else -1
	intVal int64
	isInt  bool // a CST_CODE_INTEGER
	undef  bool
}

// maxTypesShown bounds Module.Types.
const maxTypesShown = 4096

// mdWork bounds how many metadata nodes the DXIL readers visit in one module,
// since a hostile file can make every entry point share one huge list.
const mdWork = 1 << 18

// Metadata kinds for mdEntry.
const (
	mdOther uint8 = iota
	mdString
	mdValue
	mdNode
)

type mdEntry struct {
	kind uint8
	str  string
	typ  uint32
	val  uint32
	ops  []uint64 // node operands: id+1, 0 for null
}

type irModule struct {
	m         *Module
	r         *binread.Reader
	types     []irType
	values    []irValue
	globals   int      // global values (variables, functions, aliases)
	funcType  []uint32 // per Module.Functions entry: its function type id
	funcValue []uint32 // per Module.Functions entry: its value id
	bodies    []int    // Module.Functions indexes with bodies, in record order
	md        []mdEntry
	named     map[string][]uint64 // named metadata: node ids
	namedList []string
	warned    map[string]bool
	census    map[uint32]int
	data      map[uint32][]uint64 // CST_CODE_DATA elements by value id
	firstCall map[uint32]uint64   // opcode → bit offset of its first call record
	dxopFn    map[uint32]bool     // value ids of dx.op.* functions
	work      int                 // metadata nodes visited (bounded by mdWork)
	typeCache []string            // rendered inner types by id
}

func (ir *irModule) warnOnce(key string, sev Severity, format string, args ...any) {
	if ir.warned == nil {
		ir.warned = map[string]bool{}
	}
	if ir.warned[key] {
		return
	}
	ir.warned[key] = true
	ir.r.Problem(sev, format, args...)
}

func (ir *irModule) problemAtBit(sev Severity, bit uint64, structure, format string, args ...any) {
	ir.r.ProblemAt(sev, int(bit/8), structure, format, args...)
}

var linkageNames = [...]string{"external", "weak_any", "appending", "internal", "linkonce_any", "dllimport",
	"dllexport", "extern_weak", "common", "private", "weak_odr", "linkonce_odr", "available_externally",
	"private", "private", "linkonce_odr_autohide", "weak_any", "weak_odr", "linkonce_any", "linkonce_odr"}

func linkageName(v uint64) string {
	if v < uint64(len(linkageNames)) {
		return linkageNames[v]
	}
	return fmt.Sprintf("Linkage(%d)", v)
}

// read walks the module block: types, then global values, module constants,
// metadata, names, and finally function bodies (whose value numbers depend on
// everything before them).
func (ir *irModule) read(top []*bcBlock, mod *bcBlock) {
	m := ir.m
	if id := findBlock(top, blockIdent); id != nil {
		for _, rec := range id.Records {
			if rec.Code == 1 {
				m.Producer = opsText(rec.Ops)
			}
		}
	}
	for _, b := range mod.Blocks {
		if b.ID == blockType {
			ir.readTypes(b)
		}
	}
	// The rendered table is for people: a few thousand types is already more than any shader has.
	n := min(len(ir.types), maxTypesShown)
	m.Types = make([]string, n)
	for i := range n {
		m.Types[i] = ir.typeString(uint32(i), 0)
	}
	if n < len(ir.types) {
		ir.r.Problem(Note, "the type table has %d types; only the first %d are listed", len(ir.types), n)
	}
	for _, rec := range mod.Records {
		switch rec.Code {
		case 1:
			if len(rec.Ops) > 0 {
				m.Version = rec.Ops[0]
			}
		case 2:
			m.Triple = opsText(rec.Ops)
		case 3:
			m.DataLayout = opsText(rec.Ops)
		case 16:
			m.SourceFileName = opsText(rec.Ops)
		case 7: // GLOBALVAR: [type, isconst|explicit<<1|addrspace<<2, initid, linkage, ...]
			if len(rec.Ops) < 4 {
				ir.problemAtBit(Warning, rec.Start, "MODULE_CODE_GLOBALVAR", "a global variable record has %d operands, fewer than 4", len(rec.Ops))
				m.GlobalVariables = append(m.GlobalVariables, ModuleGlobal{})
				ir.values = append(ir.values, irValue{kind: valGlobalVar, typ: NoType, fn: int32(len(m.GlobalVariables) - 1)})
				continue
			}
			g := ModuleGlobal{Type: ir.typeString(uint32(rec.Ops[0]), 0), Constant: rec.Ops[1]&1 != 0, Linkage: linkageName(rec.Ops[3])}
			if rec.Ops[1]&2 != 0 {
				g.AddressSpace = uint32(rec.Ops[1] >> 2)
			} else if t := ir.typ(uint32(rec.Ops[0])); t != nil && t.kind == tyPointer {
				g.AddressSpace = t.addr
				if len(t.elems) > 0 {
					g.Type = ir.typeString(t.elems[0], 0)
				}
			}
			m.GlobalVariables = append(m.GlobalVariables, g)
			ir.values = append(ir.values, irValue{kind: valGlobalVar, typ: uint32(rec.Ops[0]), fn: int32(len(m.GlobalVariables) - 1)})
		case 8: // FUNCTION: [type, callingconv, isproto, linkage, ...]
			if len(rec.Ops) < 4 {
				ir.problemAtBit(Warning, rec.Start, "MODULE_CODE_FUNCTION", "a function record has %d operands, fewer than 4", len(rec.Ops))
				ir.values = append(ir.values, irValue{kind: valFunction, typ: NoType, fn: -1})
				continue
			}
			ft := uint32(rec.Ops[0])
			if t := ir.typ(ft); t != nil && t.kind == tyPointer && len(t.elems) > 0 {
				ft = t.elems[0] // pre-3.7 writers give the pointer type
			}
			if t := ir.typ(ft); t == nil || t.kind != tyFunction {
				ir.problemAtBit(Warning, rec.Start, "MODULE_CODE_FUNCTION", "function %d has type %d, which is not a function type", len(m.Functions), ft)
				ft = NoType
			}
			f := ModuleFunction{Type: ir.typeString(ft, 0), Declaration: rec.Ops[2] != 0, Linkage: linkageName(rec.Ops[3])}
			idx := len(m.Functions)
			m.Functions = append(m.Functions, f)
			ir.funcType = append(ir.funcType, ft)
			ir.funcValue = append(ir.funcValue, uint32(len(ir.values)))
			if !f.Declaration {
				ir.bodies = append(ir.bodies, idx)
			}
			ir.values = append(ir.values, irValue{kind: valFunction, typ: ft, fn: int32(idx)})
		case 9, 14: // ALIAS_OLD, ALIAS
			ir.values = append(ir.values, irValue{kind: valAlias, typ: NoType, fn: -1})
		}
	}
	ir.globals = len(ir.values)
	for _, b := range mod.Blocks {
		switch b.ID {
		case blockConstants:
			ir.readConstants(b)
		case blockMetadata:
			ir.readMetadata(b)
		}
	}
	for _, b := range mod.Blocks {
		if b.ID == blockValueSym {
			ir.readModuleVST(b)
		}
	}
	ir.dxopFn = map[uint32]bool{}
	for i, f := range m.Functions {
		if strings.HasPrefix(f.Name, "dx.op.") {
			m.DXOpFunctions = append(m.DXOpFunctions, f.Name)
			ir.dxopFn[ir.funcValue[i]] = true
			if !f.Declaration {
				ir.warnOnce("dxopbody", Warning, "%s has a body; dx.op functions are declarations the driver implements", f.Name)
			}
		}
	}
	ir.census = map[uint32]int{}
	ir.firstCall = map[uint32]uint64{}
	// Reserve room for the largest body's values once instead of regrowing per function.
	most := 0
	for _, b := range mod.Blocks {
		if b.ID != blockFunction {
			continue
		}
		n := len(b.Records)
		for _, sb := range b.Blocks {
			if sb.ID == blockConstants {
				n += len(sb.Records)
			}
		}
		most = max(most, n)
	}
	ir.values = slices.Grow(ir.values, most+256)
	read := 0
	for k, b := range mod.functionBlocks() {
		if k >= len(ir.bodies) {
			ir.problemAtBit(Warning, b.Start, "FUNCTION_BLOCK", "there are more function bodies than functions defined with a body (%d)", len(ir.bodies))
			break
		}
		ir.readFunction(b, ir.bodies[k])
		read = k + 1
	}
	if read < len(ir.bodies) && len(ir.bodies) > 0 {
		ir.r.Problem(Warning, "%d functions are defined with a body but only %d function blocks follow", len(ir.bodies), read)
	}
	for op, n := range ir.census {
		m.DXOps = append(m.DXOps, DXOp{Opcode: op, Name: DXOpName(op), Count: n, Offset: ir.r.Base + int64(ir.firstCall[op]/8)})
	}
	sort.Slice(m.DXOps, func(i, j int) bool { return m.DXOps[i].Opcode < m.DXOps[j].Opcode })
	if m.DXOps == nil {
		m.DXOps = []DXOp{}
	}
}

func (ir *irModule) typ(id uint32) *irType {
	if int64(id) < int64(len(ir.types)) {
		return &ir.types[id]
	}
	return nil
}

func (ir *irModule) readTypes(b *bcBlock) {
	var name string
	for _, rec := range b.Records {
		o := rec.Ops
		t := irType{}
		switch rec.Code {
		case 1: // NUMENTRY
			if len(o) > 0 && o[0] <= uint64(len(b.Records)) {
				ir.types = make([]irType, 0, o[0])
			}
			continue
		case 2:
			t.kind = tyVoid
		case 3:
			t.kind = tyFloat
		case 4:
			t.kind = tyDouble
		case 10:
			t.kind = tyHalf
		case 5:
			t.kind = tyLabel
		case 16:
			t.kind = tyMetadata
		case 6: // OPAQUE
			t.kind = tyOpaque
			t.name, name = name, ""
		case 7:
			t.kind = tyInt
			if len(o) > 0 {
				t.width = uint32(o[0])
			}
		case 8: // POINTER [pointee, addrspace]
			t.kind = tyPointer
			if len(o) > 0 {
				t.elems = []uint32{uint32(o[0])}
			}
			if len(o) > 1 {
				t.addr = uint32(o[1])
			}
		case 11, 12: // ARRAY/VECTOR [n, elt]
			t.kind = tyArray
			if rec.Code == 12 {
				t.kind = tyVector
			}
			if len(o) > 1 {
				t.count = o[0]
				t.elems = []uint32{uint32(o[1])}
			}
		case 19: // STRUCT_NAME
			name = opsText(o)
			continue
		case 18, 20: // STRUCT_ANON, STRUCT_NAMED [packed, elts...]
			t.kind = tyStruct
			if len(o) > 0 {
				t.packed = o[0] != 0
				t.elems = bcU32s(o[1:])
			}
			if rec.Code == 20 {
				t.name, name = name, ""
			}
		case 21: // FUNCTION [vararg, retty, params...]
			t.kind = tyFunction
			if len(o) > 1 {
				t.vararg = o[0] != 0
				t.elems = bcU32s(o[1:])
			}
		case 9: // FUNCTION_OLD [vararg, attrid, retty, params...]
			t.kind = tyFunction
			if len(o) > 2 {
				t.vararg = o[0] != 0
				t.elems = bcU32s(o[2:])
			}
		default:
			t.kind = tyOther
			t.name = recordName(blockType, rec.Code)
		}
		ir.types = append(ir.types, t)
	}
}

func bcU32s(o []uint64) []uint32 {
	v := make([]uint32, len(o))
	for i, x := range o {
		v[i] = uint32(x)
	}
	return v
}

// typeString renders a type as LLVM assembly; named structs print by name.
// A budget of 64 type nodes per rendering keeps hostile type tables (deep,
// wide, self-referencing) cheap.
func (ir *irModule) typeString(id uint32, depth int) string {
	budget := 64
	return ir.typeStr(id, depth, &budget)
}

func (ir *irModule) typeStr(id uint32, depth int, budget *int) string {
	t := ir.typ(id)
	if t == nil {
		return fmt.Sprintf("type#%d", int64(id))
	}
	*budget--
	if depth > 8 || *budget < 0 {
		return "…"
	}
	// Inner renderings do not depend on where they appear: cache the complete ones.
	if depth > 0 {
		if ir.typeCache == nil {
			ir.typeCache = make([]string, len(ir.types))
		}
		if c := ir.typeCache[id]; c != "" {
			return c
		}
		before := *budget
		s := ir.typeRender(t, depth, budget)
		if *budget >= 0 && depth == 1 && before >= 0 {
			ir.typeCache[id] = s
		}
		return s
	}
	return ir.typeRender(t, depth, budget)
}

func (ir *irModule) typeRender(t *irType, depth int, budget *int) string {
	switch t.kind {
	case tyVoid:
		return "void"
	case tyFloat:
		return "float"
	case tyDouble:
		return "double"
	case tyHalf:
		return "half"
	case tyLabel:
		return "label"
	case tyMetadata:
		return "metadata"
	case tyOpaque:
		return "%" + t.name
	case tyInt:
		return fmt.Sprintf("i%d", t.width)
	case tyPointer:
		s := "ptr"
		if len(t.elems) > 0 {
			s = ir.typeStr(t.elems[0], depth+1, budget) + "*"
		}
		if t.addr != 0 {
			s = strings.TrimSuffix(s, "*") + fmt.Sprintf(" addrspace(%d)*", t.addr)
		}
		return s
	case tyArray, tyVector:
		e := "?"
		if len(t.elems) > 0 {
			e = ir.typeStr(t.elems[0], depth+1, budget)
		}
		if t.kind == tyVector {
			return fmt.Sprintf("<%d x %s>", t.count, e)
		}
		return fmt.Sprintf("[%d x %s]", t.count, e)
	case tyStruct:
		if t.name != "" && depth > 0 {
			return "%" + t.name
		}
		parts := make([]string, 0, len(t.elems))
		for i, e := range t.elems {
			if i >= 16 {
				parts = append(parts, "…")
				break
			}
			parts = append(parts, ir.typeStr(e, depth+1, budget))
		}
		s := "{ " + strings.Join(parts, ", ") + " }"
		if len(parts) == 0 {
			s = "{}"
		}
		if t.packed {
			s = "<" + s + ">"
		}
		if t.name != "" {
			s = "%" + t.name + " = type " + s
		}
		return s
	case tyFunction:
		if len(t.elems) == 0 {
			return "fn?"
		}
		ps := make([]string, 0, len(t.elems)-1)
		for i, e := range t.elems[1:] {
			if i >= 16 {
				ps = append(ps, "…")
				break
			}
			ps = append(ps, ir.typeStr(e, depth+1, budget))
		}
		if t.vararg {
			ps = append(ps, "...")
		}
		return ir.typeStr(t.elems[0], depth+1, budget) + " (" + strings.Join(ps, ", ") + ")"
	}
	return t.name
}

// readConstants appends one value per record except SETTYPE.
func (ir *irModule) readConstants(b *bcBlock) {
	for cur, rec := range b.constants() {
		v := irValue{kind: valConstant, typ: cur, fn: -1}
		switch rec.Code {
		case 4: // INTEGER, signed VBR
			if len(rec.Ops) > 0 {
				x := rec.Ops[0]
				if x&1 != 0 {
					v.intVal = -int64(x >> 1)
				} else {
					v.intVal = int64(x >> 1)
				}
				v.isInt = true
			}
		case 2: // NULL: an integer zero when the type is an integer
			if t := ir.typ(cur); t != nil && t.kind == tyInt {
				v.isInt = true
			}
		case 3:
			v.undef = true
		case 22: // DATA: the elements of a constant array or vector
			if ir.data == nil {
				ir.data = map[uint32][]uint64{}
			}
			ir.data[uint32(len(ir.values))] = rec.Ops
		}
		ir.values = append(ir.values, v)
	}
}

// readMetadata reads module-level metadata: every record except NAME, KIND
// and NAMED_NODE defines the next metadata id.
func (ir *irModule) readMetadata(b *bcBlock) {
	if ir.named == nil {
		ir.named = map[string][]uint64{}
	}
	pendingName := ""
	havePending := false
	for _, rec := range b.Records {
		switch rec.Code {
		case 4: // NAME
			pendingName, havePending = opsText(rec.Ops), true
		case 10: // NAMED_NODE
			if !havePending {
				ir.problemAtBit(Warning, rec.Start, "METADATA_NAMED_NODE", "a named metadata node without a NAME record before it")
				continue
			}
			if _, dup := ir.named[pendingName]; !dup {
				ir.namedList = append(ir.namedList, pendingName)
			}
			ir.named[pendingName] = rec.Ops
			havePending = false
		case 6: // KIND
		case 35: // STRINGS (LLVM 4.0+): [count, offset] blob
			n := 0
			if len(rec.Ops) > 0 && rec.Ops[0] <= uint64(len(rec.Blob))+1 {
				n = int(rec.Ops[0])
			}
			for i := 0; i < n; i++ {
				ir.md = append(ir.md, mdEntry{kind: mdString})
			}
			ir.warnOnce("mdstrings", Note, "METADATA_STRINGS (an LLVM 4.0+ record) is not decoded: its %d strings read as empty", n)
		case 1:
			ir.md = append(ir.md, mdEntry{kind: mdString, str: opsText(rec.Ops)})
		case 2: // VALUE [ty, val]
			e := mdEntry{kind: mdValue, typ: NoType, val: ^uint32(0)}
			if len(rec.Ops) >= 2 {
				e.typ, e.val = uint32(rec.Ops[0]), uint32(rec.Ops[1])
			}
			ir.md = append(ir.md, e)
		case 3, 5: // NODE, DISTINCT_NODE
			ir.md = append(ir.md, mdEntry{kind: mdNode, ops: rec.Ops})
		default:
			ir.md = append(ir.md, mdEntry{kind: mdOther, str: recordName(blockMetadata, rec.Code)})
		}
	}
	ir.m.MetadataCount = len(ir.md)
}

func (ir *irModule) readModuleVST(b *bcBlock) {
	for _, rec := range b.Records {
		var id uint64
		var name string
		switch rec.Code {
		case 1: // ENTRY [valueid, name...]
			if len(rec.Ops) < 1 {
				continue
			}
			id, name = rec.Ops[0], opsText(rec.Ops[1:])
		case 3: // FNENTRY [valueid, offset, name...]
			if len(rec.Ops) < 2 {
				continue
			}
			id, name = rec.Ops[0], opsText(rec.Ops[2:])
		default:
			continue
		}
		if id >= uint64(len(ir.values)) {
			ir.problemAtBit(Warning, rec.Start, "VST_ENTRY", "the symbol %q names value %d, but the module has %d values", name, id, len(ir.values))
			continue
		}
		v := ir.values[id]
		switch v.kind {
		case valFunction:
			if v.fn >= 0 {
				ir.m.Functions[v.fn].Name = name
			}
		case valGlobalVar:
			if v.fn >= 0 && int(v.fn) < len(ir.m.GlobalVariables) {
				ir.m.GlobalVariables[v.fn].Name = name
			}
		}
	}
}

// Instruction codes that never define a value (LLVM 3.7 FUNC_CODE_*).
var instNoValue = map[uint32]bool{
	1: true, 10: true, 11: true, 12: true, 15: true, 24: true, 31: true, 33: true, 35: true,
	36: true, 39: true, 42: true, 44: true, 45: true,
}

// Instruction codes that define one value.
var instValue = map[uint32]bool{
	2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true, 9: true, 16: true, 19: true, 20: true,
	23: true, 26: true, 27: true, 28: true, 29: true, 30: true, 37: true, 38: true, 40: true, 41: true,
	43: true, 46: true, 47: true,
}

// readFunction numbers the body's values and counts dx.op calls by opcode.
func (ir *irModule) readFunction(b *bcBlock, fi int) {
	f := &ir.m.Functions[fi]
	ft := ir.typ(ir.funcType[fi])
	base := len(ir.values)
	defer func() { ir.values = ir.values[:base] }()
	if ft != nil && len(ft.elems) > 0 {
		for _, p := range ft.elems[1:] {
			ir.values = append(ir.values, irValue{kind: valArgument, typ: p, fn: -1})
		}
	}
	for _, sb := range b.Blocks {
		if sb.ID == blockConstants {
			ir.readConstants(sb)
		}
	}
	for _, rec := range b.Records {
		code := rec.Code
		if code == 1 {
			if len(rec.Ops) > 0 {
				f.Blocks = int(min(rec.Ops[0], 1<<31))
			}
			continue
		}
		if code == 33 || code == 35 { // debug locations are not instructions
			continue
		}
		f.Instructions++
		switch {
		case code == 34 || code == 13:
			if ir.call(f, rec) {
				ir.values = append(ir.values, irValue{kind: valInstruction, typ: NoType, fn: -1})
			}
		case instValue[code]:
			ir.values = append(ir.values, irValue{kind: valInstruction, typ: NoType, fn: -1})
		case instNoValue[code]:
		default:
			ir.warnOnce(fmt.Sprintf("inst%d", code), Warning, "function %q has instruction code %d, which LLVM 3.7 does not define; the dx.op census after it may be wrong", f.Name, code)
		}
	}
}

// call reads an INST_CALL (or INST_INVOKE) record, counts it when the callee
// is a dx.op function, and says whether the call defines a value.
//
// LLVM 3.7 CALL: [paramattrs, cc, fnty if cc bit 15, callee (relative; a type
// follows when it is a forward reference), args...]. INVOKE: [paramattrs, cc,
// normal bb, unwind bb, fnty if cc bit 13, callee, args...].
func (ir *irModule) call(f *ModuleFunction, rec bcRecord) bool {
	o := rec.Ops
	inst := uint32(len(ir.values))
	i := 2
	explicit := false
	if len(o) < 2 {
		ir.warnOnce("shortcall", Warning, "a call record in %q has %d operands", f.Name, len(o))
		return false
	}
	cc := o[1]
	if rec.Code == 13 {
		i = 4
		explicit = cc&(1<<13) != 0
	} else {
		explicit = cc&(1<<15) != 0
		if cc&(1<<17) != 0 { // fast-math flags (LLVM 3.9+)
			i++
		}
	}
	fnty := NoType
	if explicit {
		if i >= len(o) {
			return false
		}
		fnty = uint32(o[i])
		i++
	}
	if i >= len(o) {
		ir.warnOnce("shortcall", Warning, "a call record in %q ends before its callee", f.Name)
		return false
	}
	callee := inst - uint32(o[i])
	i++
	if callee >= inst { // forward reference: a type follows
		i++
	}
	if fnty == NoType && int64(callee) < int64(len(ir.values)) {
		v := ir.values[callee]
		if v.kind == valFunction {
			fnty = v.typ
		}
	}
	t := ir.typ(fnty)
	if t == nil || t.kind != tyFunction || len(t.elems) == 0 {
		ir.warnOnce("calltype", Warning, "a call in %q has no function type the decoder can find; the value numbering after it may be wrong", f.Name)
		return true
	}
	defines := true
	if rt := ir.typ(t.elems[0]); rt != nil && rt.kind == tyVoid {
		defines = false
	}
	if ir.dxopFn[callee] {
		f.DXOpCalls++
		if i >= len(o) {
			ir.warnOnce("dxopnoarg", Warning, "a call to a dx.op function in %q has no arguments", f.Name)
			return defines
		}
		arg := inst - uint32(o[i])
		if int64(arg) < int64(len(ir.values)) && ir.values[arg].isInt {
			op := uint32(ir.values[arg].intVal)
			if ir.census[op] == 0 {
				ir.firstCall[op] = rec.Start
			}
			ir.census[op]++
		} else {
			ir.warnOnce("dxopnonconst", Warning, "a call to a dx.op function in %q has an opcode that is not a constant integer", f.Name)
		}
	}
	return defines
}

// mdOp returns the metadata entry a node operand (id+1) refers to, or nil.
func (ir *irModule) mdOp(op uint64) *mdEntry {
	if op == 0 || op > uint64(len(ir.md)) {
		return nil
	}
	return &ir.md[op-1]
}

// mdAt returns the entry of a metadata id (not +1), or nil.
func (ir *irModule) mdAt(id uint64) *mdEntry {
	if id >= uint64(len(ir.md)) {
		return nil
	}
	return &ir.md[id]
}

// mdInt reads an integer constant wrapped as metadata.
func (ir *irModule) mdInt(e *mdEntry) (int64, bool) {
	if e == nil || e.kind != mdValue || int64(e.val) >= int64(len(ir.values)) {
		return 0, false
	}
	v := ir.values[e.val]
	return v.intVal, v.isInt
}

// mdRender prints metadata roughly as LLVM assembly, bounded in depth and length.
func (ir *irModule) mdRender(e *mdEntry, depth int, budget *int) string {
	if e == nil {
		return "null"
	}
	*budget--
	if *budget < 0 {
		return "…"
	}
	switch e.kind {
	case mdString:
		s := e.str
		if len(s) > 200 {
			s = s[:200] + "…"
		}
		return fmt.Sprintf("!%q", s)
	case mdValue:
		ts := ir.typeString(e.typ, 1)
		if int64(e.val) < int64(len(ir.values)) {
			v := ir.values[e.val]
			switch {
			case v.isInt:
				return ts + " " + strconv.FormatInt(v.intVal, 10)
			case v.undef:
				return ts + " undef"
			case v.kind == valFunction && v.fn >= 0:
				return ts + " @" + ir.m.Functions[v.fn].Name
			case v.kind == valGlobalVar:
				return ts + " @global"
			}
		}
		return ts + " …"
	case mdNode:
		if depth > 6 {
			return "!{…}"
		}
		parts := make([]string, 0, len(e.ops))
		for i, op := range e.ops {
			if i >= 24 {
				parts = append(parts, "…")
				break
			}
			parts = append(parts, ir.mdRender(ir.mdOp(op), depth+1, budget))
		}
		return "!{" + strings.Join(parts, ", ") + "}"
	}
	return "!" + e.str
}

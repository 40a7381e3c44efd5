// Package ir is dxscope's one reader of LLVM 3.7 IR, the version DXIL
// freezes: on top of the bitstream (decode/llvm/bitstream) it builds the
// module's types, global values, typed constants (aggregates and constant
// expressions as values), metadata (strings, values, tuples, debug-info
// nodes, names, attachments), attribute groups, function bodies
// (instructions with resolved operands, basic blocks, debug locations) and
// value symbol tables. LLVM's block, record and metadata codes are named as
// in LLVMBitCodes.h (codes.go).
//
// Like LLVM's BitcodeReader it never stops at the first fault: what cannot
// be read becomes a problem and everything before it is kept. It knows
// nothing of DXIL (that is decode/dxil) nor of how the module is printed
// beyond the one type printer (types.go); decode/text prints the assembly.
package ir

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/llvm/bitstream"
	"github.com/dxscope/dxscope/decode/report"
)

// Block and Record are the bitstream's, named here for the packages above
// the IR that summarize the stream the module was read from.
type (
	Block  = bitstream.Block
	Record = bitstream.Record
)

// Module is an LLVM 3.7 module as DXC writes it.
type Module struct {
	Base int64  // absolute file offset of the bitcode's first byte; bit offsets below are absolute
	Size int64  // bitcode bytes
	Part string // the part the bitcode is in, for problems

	Blocks  []*Block // the bitstream's top-level blocks
	Records int      // records in the whole stream

	Producer       string // IDENTIFICATION_CODE_STRING (LLVM 3.8+ writers)
	Version        uint64 // MODULE_CODE_VERSION: 1 means relative value ids
	Triple         string
	DataLayout     string
	SourceFileName string

	Types     []Type
	Values    []Value // module-level values: globals, functions and aliases in record order, then module constants
	Globals   []Global
	Functions []Function

	AttrGroups map[uint32]AttrGroup // PARAMATTR_GROUP entries by group id
	AttrLists  [][]uint32           // PARAMATTR entries (attribute list i+1): their group ids

	Metadata      []Metadata // module-level metadata by id
	ModuleMDCount int        // metadata ids the module's METADATA_BLOCKs define
	// Locations are the DILocations DEBUG_LOC records make (uniqued, as
	// DILocation::get does), with ids from LocationBase so they never
	// collide with function-local metadata ids.
	Locations     []Metadata
	MDKinds       map[uint32]string
	NamedMetadata []NamedMD

	// Problems are what the reader found wrong, each at its byte. Those with
	// Structure "bitcode" are about the stream itself (no magic, a bitstream
	// error, no module block); the rest about the IR.
	Problems []report.Problem
	// StoppedAt is the absolute bit offset where the bitstream turned bad
	// (0 when the whole stream was read), Stopped why.
	StoppedAt uint64
	Stopped   string

	ptrCache  map[[2]uint32]uint32
	voidType  uint32 // the first void type (NoType: none), once voidKnown
	i1Type    uint32
	voidKnown bool
	i1Known   bool
	locIndex  map[[4]uint32]uint32
	typeIdx   *typeIndex
	typeOrder
}

// NoType marks a missing type id.
const NoType = ^uint32(0)

// LocationBase is the first metadata id of Module.Locations.
const LocationBase = 1 << 30

// maxProblems bounds Module.Problems: past it, a broken module says nothing new.
const maxProblems = 200

// Global is a MODULE_CODE_GLOBALVAR.
type Global struct {
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

// linkageNames name the linkage values a GLOBALVAR or FUNCTION record
// writes, by LLVM 3.7's encoding (getDecodedLinkage's table).
var linkageNames = [...]string{"external", "weak_any", "appending", "internal", "linkonce_any", "dllimport",
	"dllexport", "extern_weak", "common", "private", "weak_odr", "linkonce_odr", "available_externally",
	"private", "private", "linkonce_odr_autohide", "weak_any", "weak_odr", "linkonce_any", "linkonce_odr"}

// LinkageName names a global's or function's linkage value ("Linkage(N)" for none LLVM defines).
func LinkageName(v uint64) string {
	if v < uint64(len(linkageNames)) {
		return linkageNames[v]
	}
	return fmt.Sprintf("Linkage(%d)", v)
}

// AttrGroup is one PARAMATTR_GROUP_BLOCK entry.
type AttrGroup struct {
	Index uint64 // 0xFFFFFFFF: the function, 0: the return value, n: parameter n
	Attrs []Attr
}

// Attr is one attribute: an enum kind, an integer attribute or a string key/value.
type Attr struct {
	Kind  AttrEncoding
	ID    uint64 // AttrEnum and AttrInt: the attribute (Attribute::AttrKind as the bitcode numbers it)
	Int   uint64 // AttrInt: its value (an alignment, a byte count)
	Key   string // AttrString, AttrStringValue
	Value string // AttrStringValue
}

// AttrEncoding is how a PARAMATTR_GRP_CODE_ENTRY writes one attribute.
type AttrEncoding uint64

// Attribute encodings.
const (
	AttrEnum        AttrEncoding = 0
	AttrInt         AttrEncoding = 1
	AttrString      AttrEncoding = 3
	AttrStringValue AttrEncoding = 4
)

// NamedMD is a named metadata node.
type NamedMD struct {
	Name  string
	Nodes []uint32 // metadata ids
}

// TypeAt returns the type of id, or nil.
func (m *Module) TypeAt(id uint32) *Type {
	if int64(id) < int64(len(m.Types)) {
		return &m.Types[id]
	}
	return nil
}

// elemType is the first type type id contains (a pointer's pointee, a
// vector's or array's element), or NoType.
func (m *Module) elemType(id uint32) uint32 {
	if t := m.TypeAt(id); t != nil && len(t.Elems) > 0 {
		return t.Elems[0]
	}
	return NoType
}

// Value returns value id as seen inside f (nil f: module level), or nil.
func (m *Module) Value(f *Function, id uint32) *Value {
	if int64(id) < int64(len(m.Values)) {
		return &m.Values[id]
	}
	if f == nil || id < f.LocalBase {
		return nil
	}
	i := int64(id - f.LocalBase)
	if i < int64(len(f.args)) {
		return &f.args[i] // ArgsShared
	}
	if i -= int64(len(f.args)); i < int64(len(f.Locals)) {
		return &f.Locals[i]
	}
	return nil
}

// MD returns metadata id as seen inside f (nil f: module level), or nil.
func (m *Module) MD(f *Function, id uint32) *Metadata {
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

// Named returns the node ids of the named metadata name (the first of that
// name), or nil.
func (m *Module) Named(name string) []uint32 {
	for _, n := range m.NamedMetadata {
		if n.Name == name {
			return n.Nodes
		}
	}
	return nil
}

// PointerTo finds the pointer type to t in address space as in the type table (NoType if absent).
func (m *Module) PointerTo(t, as uint32) uint32 {
	if m.ptrCache == nil {
		m.ptrCache = map[[2]uint32]uint32{}
		for i, ty := range m.Types {
			if ty.Kind == TypePointer && len(ty.Elems) == 1 {
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

func (m *Module) findType(match func(*Type) bool) uint32 {
	for i := range m.Types {
		if match(&m.Types[i]) {
			return uint32(i)
		}
	}
	return NoType
}

// problem records a problem at absolute bit offset bit.
func (m *Module) problem(sev report.Severity, bit uint64, structure, format string, args ...any) {
	if len(m.Problems) >= maxProblems {
		return
	}
	m.Problems = append(m.Problems, report.Problem{Severity: sev, Offset: int64(bit / 8), Part: m.Part, Structure: structure,
		Message: fmt.Sprintf("at bit %d: ", bit) + fmt.Sprintf(format, args...)})
}

// noteOnce records a problem once per module (the first time key is seen).
func (m *Module) noteOnce(seen map[string]bool, key string, sev report.Severity, bit uint64, structure, format string, args ...any) {
	if seen[key] {
		return
	}
	seen[key] = true
	m.problem(sev, bit, structure, format, args...)
}

// Decode reads LLVM bitcode (the bitcode of a DXIL or ILDB part, at
// absolute file offset base, in the part named part) completely. It never
// fails: what cannot be read becomes problems, and everything before the
// fault is kept.
func Decode(bc []byte, base int64, part string) *Module {
	m := &Module{Base: base, Size: int64(len(bc)), Part: part, AttrGroups: map[uint32]AttrGroup{}, MDKinds: map[uint32]string{}}
	if len(bc) < 4 || string(bc[:4]) != "BC\xc0\xde" {
		m.problem(report.Error, uint64(base)*8, "bitcode", "expected the LLVM magic 'BC' 0xC0DE")
		m.StoppedAt, m.Stopped = uint64(base)*8, "no bitcode magic"
		return m
	}
	st := bitstream.Parse(bc, BlockName)
	m.Blocks, m.Records = st.Blocks, st.Records
	if st.Err != nil {
		bit := uint64(base)*8 + st.Err.Bit
		m.problem(report.Error, bit, "bitcode", "%s; the module is shown up to here", st.Err.Msg)
		m.StoppedAt, m.Stopped = bit, st.Err.Msg
	}
	var mod *Block
	for _, b := range st.Blocks {
		switch {
		case b.ID == ModuleBlockID && mod == nil:
			mod = b
		case b.ID == IdentificationBlockID:
			for _, rec := range b.Records {
				if rec.Code == IdentificationCodeString {
					m.Producer = opsText(rec.Ops)
				}
			}
		}
	}
	if mod == nil {
		if st.Err == nil {
			m.problem(report.Error, uint64(base)*8+32, "bitcode", "expected a MODULE_BLOCK")
		}
		return m
	}
	r := &reader{m: m, seen: map[string]bool{}, argsLeft: 2*int64(len(bc)) + 4096}
	r.readModule(mod)
	return m
}

// reader holds the state of one decode.
type reader struct {
	m      *Module
	bodies []int           // Functions with bodies, in record order
	seen   map[string]bool // problems reported once per module
	// argsLeft is how many more arguments the bodies may have of their
	// own; past it a body shares its type's (args, Function.ArgsShared).
	argsLeft int64
	args     map[uint32][]Value
}

// bit is the absolute bit offset of bit b of the bitcode.
func (r *reader) bit(b uint64) uint64 { return uint64(r.m.Base)*8 + b }

func (r *reader) readModule(mod *Block) {
	m := r.m
	for _, b := range mod.Blocks {
		switch b.ID {
		case TypeBlockIDNew:
			r.readTypes(b)
		case ParamAttrGroupBlockID:
			r.readAttrGroups(b)
		case ParamAttrBlockID:
			for _, rec := range b.Records {
				if rec.Code == ParamAttrCodeEntry {
					m.AttrLists = append(m.AttrLists, u32s(rec.Ops))
				}
			}
		}
	}
	// Functions are large and a declaration's record a few bytes: size the
	// list once rather than growing it (growth allocates it several times).
	nf := 0
	for _, rec := range mod.Records {
		if rec.Code == ModuleCodeFunction {
			nf++
		}
	}
	if nf > 0 {
		m.Functions = make([]Function, 0, nf)
	}
	for _, rec := range mod.Records {
		switch rec.Code {
		case ModuleCodeVersion:
			if len(rec.Ops) > 0 {
				m.Version = rec.Ops[0]
			}
		case ModuleCodeTriple:
			m.Triple = opsText(rec.Ops)
		case ModuleCodeDataLayout:
			m.DataLayout = opsText(rec.Ops)
		case ModuleCodeSourceFilename:
			m.SourceFileName = opsText(rec.Ops)
		case ModuleCodeGlobalVar:
			r.readGlobalVar(rec)
		case ModuleCodeFunction:
			r.readFunctionRecord(rec)
		case ModuleCodeAliasOld, ModuleCodeAlias:
			t := NoType
			if len(rec.Ops) > 0 {
				t = uint32(rec.Ops[0])
			}
			m.Values = append(m.Values, Value{Kind: ValueAlias, Type: t, Index: -1})
		}
	}
	// Constants and metadata first: the symbol table names values by id.
	for _, b := range mod.Blocks {
		switch b.ID {
		case ConstantsBlockID:
			m.Values = r.readConstants(b, m.Values)
		case MetadataBlockID:
			m.Metadata = r.readMetadata(b, m.Metadata, true)
		}
	}
	for _, b := range mod.Blocks {
		if b.ID == ValueSymtabBlockID {
			r.readModuleVST(b)
		}
	}
	m.ModuleMDCount = len(m.Metadata)
	k := 0
	for _, b := range mod.Blocks {
		if b.ID != FunctionBlockID {
			continue
		}
		if k >= len(r.bodies) {
			m.problem(report.Warning, r.bit(b.Start), "FUNCTION_BLOCK", "expected %d function bodies, found more", len(r.bodies))
			break
		}
		r.readFunction(b, &m.Functions[r.bodies[k]])
		k++
	}
	if k < len(r.bodies) && m.StoppedAt == 0 {
		m.problem(report.Warning, r.bit(mod.End), "MODULE_BLOCK", "%d functions are defined with a body but only %d function blocks follow", len(r.bodies), k)
	}
}

func (r *reader) readAttrGroups(b *Block) {
	for _, rec := range b.Records {
		if rec.Code != ParamAttrGrpCodeEntry || len(rec.Ops) < 2 {
			continue
		}
		g := AttrGroup{Index: rec.Ops[1]}
		o := rec.Ops[2:]
		for i := 0; i < len(o); {
			a := Attr{Kind: AttrEncoding(o[i])}
			i++
			switch a.Kind {
			case AttrEnum:
				if i < len(o) {
					a.ID = o[i]
					i++
				}
			case AttrInt:
				if i+1 < len(o) {
					a.ID, a.Int = o[i], o[i+1]
				}
				i += 2
			case AttrString, AttrStringValue:
				j := i
				for j < len(o) && o[j] != 0 {
					j++
				}
				a.Key = opsText(o[i:j])
				i = j + 1
				if a.Kind == AttrStringValue {
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
				r.m.problem(report.Warning, r.bit(rec.Start), "PARAMATTR_GRP_CODE_ENTRY", "attribute encoding %d is unknown", a.Kind)
				i = len(o)
				continue
			}
			g.Attrs = append(g.Attrs, a)
		}
		r.m.AttrGroups[uint32(rec.Ops[0])] = g
	}
}

// alignOf decodes an alignment field (log2 + 1, 0 for none).
func alignOf(v uint64) uint32 {
	if v == 0 || v > 32 {
		return 0
	}
	return 1 << (v - 1)
}

// opAt is a record's operand i, or 0 when the record stops before it (the
// trailing fields of GLOBALVAR and FUNCTION records are optional).
func opAt(o []uint64, i int) uint64 {
	if i < len(o) {
		return o[i]
	}
	return 0
}

// GLOBALVAR: [type, isconst|explicittype<<1|addrspace<<2, initid+1, linkage,
// alignment, section, visibility, threadlocal, unnamed_addr,
// externally_initialized, dllstorageclass].
func (r *reader) readGlobalVar(rec Record) {
	m := r.m
	o := rec.Ops
	g := Global{Init: -1, Type: NoType, ValueType: NoType, Bit: r.bit(rec.Start), Bits: rec.End - rec.Start}
	if len(o) < 4 {
		m.problem(report.Warning, r.bit(rec.Start), "MODULE_CODE_GLOBALVAR", "expected at least 4 operands, found %d", len(o))
	} else {
		g.Constant = o[1]&1 != 0
		if o[1]&2 != 0 {
			g.ValueType = uint32(o[0])
			g.AddrSpace = uint32(o[1] >> 2)
			g.Type = m.PointerTo(g.ValueType, g.AddrSpace)
		} else {
			g.Type = uint32(o[0])
			if t := m.TypeAt(g.Type); t != nil && t.Kind == TypePointer && len(t.Elems) > 0 {
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
	m.Values = append(m.Values, Value{Kind: ValueGlobal, Type: g.Type, Index: int32(len(m.Globals) - 1)})
}

// FUNCTION: [type, callingconv, isproto, linkage, paramattrs, alignment,
// section, visibility, gc, unnamed_addr, prologuedata, dllstorageclass].
func (r *reader) readFunctionRecord(rec Record) {
	m := r.m
	o := rec.Ops
	f := Function{Type: NoType, PtrType: NoType, ValueID: uint32(len(m.Values))}
	if len(o) < 4 {
		m.problem(report.Warning, r.bit(rec.Start), "MODULE_CODE_FUNCTION", "expected at least 4 operands, found %d", len(o))
		f.Declaration = true
	} else {
		f.Type = uint32(o[0])
		if t := m.TypeAt(f.Type); t != nil && t.Kind == TypePointer && len(t.Elems) > 0 {
			f.Type = t.Elems[0] // pre-3.7 writers give the pointer type
		}
		if t := m.TypeAt(f.Type); t == nil || t.Kind != TypeFunction || len(t.Elems) == 0 {
			m.problem(report.Warning, r.bit(rec.Start), "MODULE_CODE_FUNCTION", "expected a function type, found type %d", f.Type)
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
	m.Values = append(m.Values, Value{Kind: ValueFunction, Type: f.PtrType, Index: int32(len(m.Functions) - 1)})
}

// readModuleVST names module-level values: ENTRY [valueid, name...] and
// FNENTRY [valueid, offset, name...].
func (r *reader) readModuleVST(b *Block) {
	m := r.m
	for _, rec := range b.Records {
		var id uint64
		var name string
		switch {
		case rec.Code == VSTCodeEntry && len(rec.Ops) >= 1:
			id, name = rec.Ops[0], opsText(rec.Ops[1:])
		case rec.Code == VSTCodeFnEntry && len(rec.Ops) >= 2:
			id, name = rec.Ops[0], opsText(rec.Ops[2:])
		default:
			continue
		}
		if id >= uint64(len(m.Values)) {
			m.problem(report.Warning, r.bit(rec.Start), "VST_ENTRY", "the symbol %q names value %d; the module has %d values", name, id, len(m.Values))
			continue
		}
		v := &m.Values[id]
		v.Name = name
		switch v.Kind {
		case ValueFunction:
			m.Functions[v.Index].Name = name
		case ValueGlobal:
			m.Globals[v.Index].Name = name
		}
	}
}

func u32s(o []uint64) []uint32 {
	v := make([]uint32, len(o))
	for i, x := range o {
		v[i] = uint32(x)
	}
	return v
}

// opsText converts record operands to a string whatever they hold (values
// above 0xff are dropped): names, triples and strings are written as one
// character per operand.
func opsText(ops []uint64) string {
	b := make([]byte, 0, len(ops))
	for _, o := range ops {
		if o <= 0xff {
			b = append(b, byte(o))
		}
	}
	return string(b)
}

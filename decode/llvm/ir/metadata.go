package ir

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// Metadata is one metadata id: a string, a value, a tuple, a location or a
// debug-info node (LLVM 3.7's MDString, ValueAsMetadata, MDTuple,
// DILocation and DINode subclasses).
type Metadata struct {
	// Code is the METADATA_* code of what it is: MetadataNode also for
	// DISTINCT_NODE and the pre-3.6 OLD_NODE and OLD_FN_NODE,
	// MetadataLocation also for the locations DEBUG_LOC makes.
	Code     uint32
	Record   uint32 // the code of the record it was read from (0 for DEBUG_LOC's locations)
	Distinct bool
	Str      string // MetadataString
	Type     uint32 // MetadataValue: the value's type
	Value    uint32 // MetadataValue: the value id (a function's local one when Local)
	Local    bool
	Bit      uint64 // absolute bit offset of the record
	ops      []uint64
}

// NumOperands is how many operands a tuple has (a GenericDINode's after its
// header; none for other metadata).
func (e *Metadata) NumOperands() int {
	switch e.Code {
	case MetadataNode:
		return len(e.ops)
	case MetadataGenericDebug:
		return max(len(e.ops)-3, 0)
	}
	return 0
}

// Operand returns the metadata id of operand i of a tuple (see
// NumOperands), or false when it is null or there is no such operand.
func (e *Metadata) Operand(i int) (uint32, bool) {
	if e.Code == MetadataGenericDebug {
		i += 3
	}
	if i < 0 || i >= len(e.ops) || (e.Code != MetadataNode && e.Code != MetadataGenericDebug) || e.ops[i] == 0 {
		return 0, false
	}
	return uint32(e.ops[i] - 1), true
}

// Elements are a DIExpression's elements: DW_OP codes and their arguments.
func (e *Metadata) Elements() []uint64 {
	if e.Code != MetadataExpression {
		return nil
	}
	return e.ops
}

func (r *reader) readMetadata(b *Block, list []Metadata, module bool) []Metadata {
	m := r.m
	name, haveName := "", false
	for _, rec := range b.Records {
		switch rec.Code {
		case MetadataName:
			name, haveName = opsText(rec.Ops), true
			continue
		case MetadataNamedNode:
			if !haveName {
				m.problem(report.Warning, r.bit(rec.Start), "METADATA_NAMED_NODE", "expected a NAME record before the named node")
				continue
			}
			m.NamedMetadata = append(m.NamedMetadata, NamedMD{Name: name, Nodes: u32s(rec.Ops)})
			haveName = false
			continue
		case MetadataKind:
			if len(rec.Ops) > 0 {
				m.MDKinds[uint32(rec.Ops[0])] = opsText(rec.Ops[1:])
			}
			continue
		case MetadataStrings: // LLVM 4.0+: [count, offset] blob
			n := 0
			if len(rec.Ops) > 0 && rec.Ops[0] <= uint64(len(rec.Blob))+1 {
				n = int(rec.Ops[0])
			}
			for range n {
				list = append(list, Metadata{Code: MetadataString, Record: rec.Code, Bit: r.bit(rec.Start)})
			}
			m.noteOnce(r.seen, "mdstrings", report.Note, r.bit(rec.Start), "METADATA_STRINGS", "METADATA_STRINGS (an LLVM 4.0+ record) is not decoded: its %d strings read as empty", n)
			continue
		}
		e := Metadata{Code: rec.Code, Record: rec.Code, Bit: r.bit(rec.Start)}
		switch rec.Code {
		case MetadataString:
			e.Str = opsText(rec.Ops)
		case MetadataValue: // [type, value]
			e.Type, e.Value = NoType, ^uint32(0)
			if len(rec.Ops) >= 2 {
				e.Type, e.Value = uint32(rec.Ops[0]), uint32(rec.Ops[1])
			}
			e.Local = !module
		case MetadataNode, MetadataDistinctNode: // [id+1 or 0 for null]*
			e.Distinct = rec.Code == MetadataDistinctNode
			e.Code = MetadataNode
			e.ops = rec.Ops
		case MetadataOldNode, MetadataOldFnNode: // [type, value]* pairs (pre-3.6)
			e.Code = MetadataNode
			e.ops = make([]uint64, len(rec.Ops)/2) // values in old nodes are not shown
		default:
			if rec.Code >= MetadataLocation && rec.Code <= MetadataModule && rec.Code != MetadataNamedNode && rec.Code != MetadataAttachment {
				// [distinct, fields...]
				if len(rec.Ops) > 0 {
					e.Distinct = rec.Ops[0]&1 != 0
					e.ops = rec.Ops[1:]
				}
			} else {
				m.problem(report.Warning, r.bit(rec.Start), "METADATA_BLOCK", "metadata code %d is not an LLVM 3.7 record", rec.Code)
			}
		}
		if rec.Code == MetadataLocation && len(e.ops) >= 4 && !e.Distinct && module {
			r.indexLoc(uint32(e.ops[0]), uint32(e.ops[1]), uint32(e.ops[2]), uint32(e.ops[3]), uint32(len(list)))
		}
		list = append(list, e)
	}
	return list
}

func (r *reader) indexLoc(line, col, scope, ia, id uint32) {
	if r.m.locIndex == nil {
		r.m.locIndex = map[[4]uint32]uint32{}
	}
	k := [4]uint32{line, col, scope, ia}
	if _, ok := r.m.locIndex[k]; !ok {
		r.m.locIndex[k] = id
	}
}

// location returns the metadata id of the DILocation (line, col, scope id,
// inlinedAt id+1), adding it to the module's metadata when it is new.
func (r *reader) location(line, col, scope, ia uint32, bit uint64) int64 {
	m := r.m
	k := [4]uint32{line, col, scope, ia}
	if id, ok := m.locIndex[k]; ok {
		return int64(id)
	}
	id := LocationBase + uint32(len(m.Locations))
	m.Locations = append(m.Locations, Metadata{Code: MetadataLocation, ops: []uint64{uint64(line), uint64(col), uint64(scope), uint64(ia)}, Bit: bit})
	r.indexLoc(line, col, scope, ia, id)
	return int64(id)
}

// MDNodeRefs lists a metadata node's operands that may be nodes, as metadata
// ids (-1 for null), in LLVM's MDNode operand order (the order its slot
// numbering walks them).
func (e *Metadata) MDNodeRefs() []int64 {
	o := e.ops
	ref := func(i int) int64 { // an id+1 operand
		if i < len(o) && o[i] != 0 {
			return int64(o[i] - 1)
		}
		return -1
	}
	var pos []int
	switch e.Code {
	case MetadataNode:
		out := make([]int64, len(o))
		for i := range o {
			out[i] = ref(i)
		}
		return out
	case MetadataLocation: // scope is a plain id
		out := []int64{-1, ref(3)}
		if len(o) > 2 {
			out[0] = int64(o[2])
		}
		return out
	case MetadataGenericDebug:
		out := []int64{}
		for i := 2; i < len(o); i++ {
			out = append(out, ref(i))
		}
		return out
	case MetadataDerivedType:
		pos = []int{2, 4, 1, 5, 10}
	case MetadataCompositeType:
		pos = []int{2, 4, 1, 5, 10, 12, 13, 14}
	case MetadataSubroutineType:
		pos = []int{1}
	case MetadataCompileUnit:
		pos = []int{1, 2, 4, 6, 8, 9, 10, 11, 12}
	case MetadataSubprogram:
		pos = []int{3, 0, 1, 1, 2, 5, 9, 14, 15, 16, 17}
	case MetadataLexicalBlock, MetadataLexicalBlockFile:
		pos = []int{1, 0}
	case MetadataNamespace:
		pos = []int{1, 0, 2}
	case MetadataTemplateType:
		pos = []int{0, 1}
	case MetadataTemplateValue:
		pos = []int{1, 2, 3}
	case MetadataGlobalVar:
		pos = []int{0, 1, 3, 5, 1, 2, 8, 9}
	case MetadataLocalVar:
		pos = []int{1, 2, 3, 5}
	case MetadataImportedEntity:
		pos = []int{1, 2, 4}
	case MetadataEnumerator:
		pos = []int{1}
	case MetadataBasicType:
		pos = []int{1}
	case MetadataFile:
		pos = []int{0, 1}
	case MetadataObjCProperty:
		pos = []int{1, 5}
	}
	out := make([]int64, len(pos))
	for i, p := range pos {
		out[i] = ref(p)
	}
	return out
}

// DIFieldKind says what a debug-info node's field holds.
type DIFieldKind uint8

// Field kinds.
const (
	DIString     DIFieldKind = iota // a string: metadata id+1 of an MDString (0: null)
	DIRef                           // a node: metadata id+1 (0: null)
	DIScope                         // a node: a plain metadata id (DILocation's scope, never null)
	DIUint                          // an unsigned number
	DIInt                           // a signed number
	DIRotated                       // a signed number with its sign in the low bit
	DIBool                          // a flag in the low bit
	DIFlags                         // DIFlags
	DITag                           // a DW_TAG
	DIArg                           // a variable's argument number (0 for a local)
	DIEncoding                      // a DW_ATE encoding
	DILanguage                      // a DW_LANG language
	DIVirtuality                    // a DW_VIRTUALITY
)

// DIField is one field of a debug-info node, with what LLVM 3.7's
// assembly writer does with it.
type DIField struct {
	Name  string
	Kind  DIFieldKind
	Value uint64 // the operand (0 when the record stops before it)
	Has   bool   // the record has the operand
	// SkipZero: the writer leaves the field out when it is zero (null, an
	// empty string); Default, when HasDefault: the tag it leaves out.
	SkipZero   bool
	Default    uint64
	HasDefault bool
}

// Ref returns the metadata id a DIString, DIRef or DIScope field refers to,
// or false for null.
func (f DIField) Ref() (uint32, bool) {
	switch f.Kind {
	case DIScope:
		return uint32(f.Value), true
	case DIString, DIRef:
		if f.Value != 0 {
			return uint32(f.Value - 1), true
		}
	}
	return 0, false
}

// Signed is a DIInt or DIRotated field's value.
func (f DIField) Signed() int64 {
	if f.Kind == DIRotated {
		return decodeSigned(f.Value)
	}
	return int64(f.Value)
}

// diNodes are the debug-info records and their fields in the order LLVM
// 3.7's AsmWriter prints them, each as name:KindOperand (the operand's
// index after the distinct flag), "?" where the writer leaves a zero out
// and "!N" the tag it leaves out. Kinds: s DIString, r DIRef, P DIScope,
// n DIUint, i DIInt, u DIRotated, b DIBool, f DIFlags, t DITag, A DIArg,
// e DIEncoding, l DILanguage, v DIVirtuality.
var diNodes = map[uint32]struct{ name, fields string }{
	MetadataLocation:       {"DILocation", "line:n0 column:n1? scope:P2 inlinedAt:r3?"},
	MetadataGenericDebug:   {"GenericDINode", "tag:t0 header:s2?"},
	MetadataSubrange:       {"DISubrange", "count:i0 lowerBound:u1?"},
	MetadataEnumerator:     {"DIEnumerator", "name:s1 value:u0"},
	MetadataBasicType:      {"DIBasicType", "tag:t0!36 name:s1? size:n2? align:n3? encoding:e4?"},
	MetadataFile:           {"DIFile", "filename:s0 directory:s1"},
	MetadataDerivedType:    {"DIDerivedType", "tag:t0 name:s1? scope:r4? file:r2? line:n3? baseType:r5 size:n6? align:n7? offset:n8? flags:f9? extraData:r10?"},
	MetadataCompositeType:  {"DICompositeType", "tag:t0 name:s1? scope:r4? file:r2? line:n3? baseType:r5? size:n6? align:n7? offset:n8? flags:f9? elements:r10? runtimeLang:l11? vtableHolder:r12? templateParams:r13? identifier:s14?"},
	MetadataSubroutineType: {"DISubroutineType", "flags:f0? types:r1"},
	MetadataCompileUnit: {"DICompileUnit", "language:l0? file:r1 producer:s2? isOptimized:b3 flags:s4? runtimeVersion:n5 splitDebugFilename:s6? " +
		"emissionKind:n7 enums:r8? retainedTypes:r9? subprograms:r10? globals:r11? imports:r12? dwoId:n13?"},
	MetadataSubprogram: {"DISubprogram", "name:s1? linkageName:s2? scope:r0 file:r3? line:n4? type:r5? isLocal:b6 isDefinition:b7 scopeLine:n8? " +
		"containingType:r9? virtuality:v10? virtualIndex:n11? flags:f12? isOptimized:b13 function:r14? templateParams:r15? declaration:r16? variables:r17?"},
	MetadataLexicalBlock:     {"DILexicalBlock", "scope:r0 file:r1? line:n2? column:n3?"},
	MetadataLexicalBlockFile: {"DILexicalBlockFile", "scope:r0 file:r1? discriminator:n2"},
	MetadataNamespace:        {"DINamespace", "name:s2? scope:r0 file:r1? line:n3?"},
	MetadataTemplateType:     {"DITemplateTypeParameter", "name:s0? type:r1"},
	MetadataTemplateValue:    {"DITemplateValueParameter", "tag:t0!48 name:s1? type:r2? value:r3"},
	MetadataGlobalVar:        {"DIGlobalVariable", "name:s1? linkageName:s2? scope:r0 file:r3? line:n4? type:r5? isLocal:b6 isDefinition:b7 variable:r8? declaration:r9?"},
	MetadataLocalVar:         {"DILocalVariable", "tag:t0 name:s2? arg:A6 scope:r1 file:r3? line:n4? type:r5? flags:f7?"},
	MetadataImportedEntity:   {"DIImportedEntity", "tag:t0 name:s4? scope:r1 entity:r2? line:n3?"},
	MetadataObjCProperty:     {"DIObjCProperty", "name:s0? file:r1? line:n2? setter:s4? getter:s3? attributes:n5? type:r6?"},
	MetadataModule:           {"DIModule", "scope:r0 name:s1? configMacros:s2? includePath:s3? isysroot:s4?"},
}

var diKinds = map[byte]DIFieldKind{'s': DIString, 'r': DIRef, 'P': DIScope, 'n': DIUint, 'i': DIInt, 'u': DIRotated,
	'b': DIBool, 'f': DIFlags, 't': DITag, 'A': DIArg, 'e': DIEncoding, 'l': DILanguage, 'v': DIVirtuality}

// diField is one field of a diNodes layout, parsed.
type diField struct {
	DIField     // Name, Kind, SkipZero, Default
	index   int // the operand
}

// diLayouts are diNodes parsed, once.
var diLayouts = func() map[uint32][]diField {
	out := map[uint32][]diField{}
	for code, n := range diNodes {
		for _, spec := range strings.Fields(n.fields) {
			name, rest, _ := strings.Cut(spec, ":")
			f := diField{DIField: DIField{Name: name, Kind: diKinds[rest[0]]}}
			rest = rest[1:]
			rest, f.SkipZero = strings.CutSuffix(rest, "?")
			rest, dflt, hasDefault := strings.Cut(rest, "!")
			f.index, _ = strconv.Atoi(rest)
			if hasDefault {
				f.Default, _ = strconv.ParseUint(dflt, 10, 64)
				f.HasDefault = true
			}
			out[code] = append(out[code], f)
		}
	}
	return out
}()

// field is layout field l of e with its operand.
func (e *Metadata) field(l diField) DIField {
	f := l.DIField
	if l.index < len(e.ops) {
		f.Value, f.Has = e.ops[l.index], true
	}
	return f
}

// DINode returns a location's or debug-info node's class name (DILocation,
// DIBasicType, …) and its fields in the order LLVM's writer prints them, or
// false for other metadata.
func (e *Metadata) DINode() (string, []DIField, bool) {
	layout, ok := diLayouts[e.Code]
	if !ok {
		return "", nil, false
	}
	out := make([]DIField, len(layout))
	for i, l := range layout {
		out[i] = e.field(l)
	}
	return diNodes[e.Code].name, out, true
}

// Field returns a debug-info node's field by name.
func (e *Metadata) Field(name string) (DIField, bool) {
	for _, l := range diLayouts[e.Code] {
		if l.Name == name {
			return e.field(l), true
		}
	}
	return DIField{}, false
}

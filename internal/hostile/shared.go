package hostile

import (
	"fmt"
	"strings"
)

// The inputs of this file name one structure from many records: a member
// list, a range table, a root signature, a stream-output description. Each
// record is a few bytes; what it names is not, so a reader that decodes or
// prints the structure once per reference costs records × structure.

// rdefSM5 starts an SM 5.0 pixel shader RDEF part of size bytes: the
// 28-byte header (one constant buffer at 60, its creator string at str), the
// 32-byte RD11 block, and the constant buffer (named str, one variable at
// 84, size cbSize).
func rdefSM5(size, str int, cbSize uint32) []byte {
	b := make([]byte, size)
	le.PutUint32(b[0:], 1)  // CBufferCount
	le.PutUint32(b[4:], 60) // CBufferOffset
	b[16], b[17] = 0, 5     // Target: 5.0
	le.PutUint16(b[18:], 0xFFFF)
	le.PutUint32(b[24:], uint32(str)) // CreatorOffset
	for i, v := range []uint32{0x31314452, 60, 24, 32, 40, 36, 12, 0} {
		le.PutUint32(b[28+4*i:], v)
	}
	cb := b[60:]
	le.PutUint32(cb[0:], uint32(str)) // NameOffset
	le.PutUint32(cb[4:], 1)           // VariableCount
	le.PutUint32(cb[8:], 84)          // VariableOffset
	le.PutUint32(cb[12:], cbSize)
	return b
}

// rdefVariable writes the constant buffer's one variable at 84: named str,
// of the type at typeOff, used.
func rdefVariable(b []byte, str, typeOff int, size uint32) {
	v := b[84:]
	le.PutUint32(v[0:], uint32(str))
	le.PutUint32(v[8:], size)
	le.PutUint32(v[12:], 2) // D3D_SVF_USED
	le.PutUint32(v[16:], uint32(typeOff))
	for i := 24; i < 40; i += 8 {
		le.PutUint32(v[i:], 0xFFFFFFFF) // StartTexture, StartSampler: none
	}
}

// rdefType writes a 36-byte SM5 type at off: a struct (class 5) of members
// members listed at memberOff, named str; or, members 0, a float4.
func rdefType(b []byte, off, members, memberOff, str int) {
	t := b[off:]
	if members == 0 {
		le.PutUint16(t[0:], 1) // D3D_SVC_VECTOR
		le.PutUint16(t[2:], 3) // D3D_SVT_FLOAT
		le.PutUint16(t[4:], 1)
		le.PutUint16(t[6:], 4)
		le.PutUint32(t[32:], uint32(str))
		return
	}
	le.PutUint16(t[0:], 5) // D3D_SVC_STRUCT
	le.PutUint16(t[4:], 1)
	le.PutUint16(t[6:], uint16(min(members, 0xFFFF)))
	le.PutUint16(t[10:], uint16(members))
	le.PutUint32(t[12:], uint32(memberOff))
	le.PutUint32(t[32:], uint32(str))
}

// rdefShader wraps an RDEF part in a pixel shader container with a
// two-token SHEX part (version and length), so the FXC listing has code.
func rdefShader(rdef []byte) []byte {
	shex := le.AppendUint32(nil, 0<<16|5<<4|0) // ps_5_0
	shex = le.AppendUint32(shex, 2)
	return Container(Part{"RDEF", rdef}, Part{"SHEX", shex})
}

// SharedMembersRDEF is a pixel shader whose RDEF has types struct types
// that all list one member list of members members; member j is of struct
// type j%types, so the list names every type (and each type, through it,
// itself). The one constant-buffer variable is of type 0. With 4,096 and
// 4,096 it is 197 KB; decoding the list once per type it names is 16
// million members.
func SharedMembersRDEF(types, members int) []byte {
	const str, typesAt = 124, 128
	listAt := typesAt + 36*types
	b := rdefSM5(listAt+12*members, str, 16)
	copy(b[str:], "s\x00\x00\x00")
	rdefVariable(b, str, typesAt, 16)
	for i := range types {
		rdefType(b, typesAt+36*i, members, listAt, str)
	}
	for j := range members {
		m := b[listAt+12*j:]
		le.PutUint32(m[0:], str)
		le.PutUint32(m[4:], uint32(typesAt+36*(j%types)))
		le.PutUint32(m[8:], uint32(16*j))
	}
	return rdefShader(b)
}

// NestedTypesRDEF is a pixel shader whose RDEF has depth struct types, each
// with fanout members of the next (the last a float4), each type with a
// member list of its own: decoding is linear, but printing the type tree as
// a tree is fanout^depth lines. With 14 and 4 it is 1.4 KB and 4¹⁴ (268
// million) lines; with 8 members per type, FXC's listing builds 8⁸.
func NestedTypesRDEF(depth, fanout int) []byte {
	const str, typesAt = 124, 128
	listsAt := typesAt + 36*(depth+1)
	b := rdefSM5(listsAt+12*fanout*depth, str, 16)
	copy(b[str:], "s\x00\x00\x00")
	rdefVariable(b, str, typesAt, 16)
	for i := 0; i <= depth; i++ {
		if i == depth {
			rdefType(b, typesAt+36*i, 0, 0, str)
			break
		}
		list := listsAt + 12*fanout*i
		rdefType(b, typesAt+36*i, fanout, list, str)
		for j := range fanout {
			m := b[list+12*j:]
			le.PutUint32(m[0:], str)
			le.PutUint32(m[4:], uint32(typesAt+36*(i+1)))
			le.PutUint32(m[8:], uint32(16*j))
		}
	}
	return rdefShader(b)
}

// SharedRangesRTS0 is a version 1.0 root signature (an RTS0 part's data)
// with tables descriptor-table parameters that all name one table payload
// of ranges SRV ranges. With 2,048 and 2,048 it is 66 KB; decoding the
// ranges once per table is four million ranges.
func SharedRangesRTS0(tables, ranges int) []byte {
	payload := 24 + 12*tables
	rangesAt := payload + 8
	b := make([]byte, rangesAt+20*ranges)
	le.PutUint32(b[0:], 1) // Version 1.0
	le.PutUint32(b[4:], uint32(tables))
	le.PutUint32(b[8:], 24) // RootParametersOffset
	le.PutUint32(b[16:], uint32(len(b)))
	for i := range tables {
		p := b[24+12*i:]
		le.PutUint32(p[0:], 0) // DescriptorTable
		le.PutUint32(p[4:], 0) // visible to all
		le.PutUint32(p[8:], uint32(payload))
	}
	le.PutUint32(b[payload:], uint32(ranges))
	le.PutUint32(b[payload+4:], uint32(rangesAt))
	for k := range ranges {
		g := b[rangesAt+20*k:]
		le.PutUint32(g[0:], 0) // SRV
		le.PutUint32(g[4:], 1) // one descriptor
		le.PutUint32(g[8:], uint32(k))
		le.PutUint32(g[16:], 0xFFFFFFFF) // appended
	}
	return b
}

// SharedRanges is a container whose RTS0 part is SharedRangesRTS0(tables, ranges).
func SharedRanges(tables, ranges int) []byte {
	return Container(Part{"RTS0", SharedRangesRTS0(tables, ranges)})
}

// RDATSharedRootSignature is a container whose RDAT has subobjects global
// root-signature subobjects that all name one RawBytes range holding
// SharedRangesRTS0(tables, ranges): every reference multiplies a root
// signature that already multiplies its ranges.
func RDATSharedRootSignature(subobjects, tables, ranges int) []byte {
	rs := SharedRangesRTS0(tables, ranges)
	for len(rs)%4 != 0 {
		rs = append(rs, 0)
	}
	str := []byte("\x00rs\x00")
	sub := le.AppendUint32(nil, uint32(subobjects))
	sub = le.AppendUint32(sub, 24)
	for range subobjects {
		sub = le.AppendUint32(sub, 1) // GlobalRootSignature
		sub = le.AppendUint32(sub, 1) // named "rs"
		sub = le.AppendUint32(sub, 0) // Data: RawBytes offset 0 ...
		sub = le.AppendUint32(sub, uint32(len(rs)))
		sub = append(sub, make([]byte, 8)...)
	}
	parts := []struct {
		typ  uint32
		data []byte
	}{{1, str}, {5, rs}, {6, sub}}
	b := le.AppendUint32(nil, 0x10)
	b = le.AppendUint32(b, uint32(len(parts)))
	off := len(b) + 4*len(parts)
	var body []byte
	for _, p := range parts {
		b = le.AppendUint32(b, uint32(off))
		body = le.AppendUint32(body, p.typ)
		body = le.AppendUint32(body, uint32(len(p.data)))
		body = append(body, p.data...)
		off += 8 + len(p.data)
	}
	return Container(Part{"RDAT", append(b, body...)})
}

// SharedStreamOutSQL is the SQL (for the sqlite3 CLI) of a state object
// database whose pipelines pipeline states all name one stream-output
// description of decls declarations. With 4,000 and 4,000 the database is
// 188 KB; attaching the declarations once per pipeline, each checked
// against those already there, is 64 billion comparisons.
func SharedStreamOutSQL(pipelines, decls int) string {
	var s strings.Builder
	s.WriteString(`PRAGMA page_size = 4096;
PRAGMA user_version = 2;
PRAGMA application_id = 0xD3D50DB;
CREATE TABLE shader_bytecode (Key BLOB NOT NULL PRIMARY KEY, Type TEXT, Bytecode BLOB);
CREATE TABLE so_declarations (Key BLOB NOT NULL PRIMARY KEY, Stream INTEGER NOT NULL, SemanticName TEXT NOT NULL, SemanticIndex INTEGER NOT NULL, StartComponent INTEGER NOT NULL, ComponentCount INTEGER NOT NULL, OutputSlot INTEGER NOT NULL);
CREATE TABLE stream_out_descs (Key BLOB NOT NULL PRIMARY KEY, BufferStride0 INTEGER NOT NULL, BufferStride1 INTEGER NOT NULL, BufferStride2 INTEGER NOT NULL, BufferStride3 INTEGER NOT NULL, NumStrides INTEGER NOT NULL, RasterizedStream INTEGER NOT NULL);
CREATE TABLE pipeline_states (Key BLOB NOT NULL PRIMARY KEY, RootSignature BLOB, InputLayout BLOB, ByteCode_VS BLOB, ByteCode_PS BLOB, ByteCode_HS BLOB, ByteCode_DS BLOB, ByteCode_GS BLOB, ByteCode_AS BLOB, ByteCode_MS BLOB, ByteCode_CS BLOB, DepthStencilDesc BLOB, RenderTargetFormats BLOB, BlendDesc BLOB, RasterizerDesc BLOB, ViewInstancingDesc BLOB, StreamOutDesc BLOB, SampleDesc_Count INTEGER, SampleDesc_Quality INTEGER, SampleMask INTEGER, IBStripCutValue INTEGER, PrimitiveTopology INTEGER, DSVFormat INTEGER, NodeMask INTEGER, Flags INTEGER);
CREATE TABLE stream_output_desc_to_stream_output_decl_associations (StreamOutDescKey BLOB NOT NULL, StreamOutDeclKey BLOB NOT NULL);
CREATE TABLE groups (Key BLOB NOT NULL PRIMARY KEY, Version INTEGER NOT NULL, PSOKey BLOB, SOKey BLOB);
BEGIN;
INSERT INTO stream_out_descs VALUES (X'50', 16, 0, 0, 0, 1, 0);
`)
	for i := range decls {
		fmt.Fprintf(&s, "INSERT INTO so_declarations VALUES (X'%08x', 0, 'SV_Position', %d, 0, 4, 0);\n", i, i)
		fmt.Fprintf(&s, "INSERT INTO stream_output_desc_to_stream_output_decl_associations VALUES (X'50', X'%08x');\n", i)
	}
	insertPipelines(&s, pipelines, "StreamOutDesc, SampleDesc_Count, PrimitiveTopology", "X'50', 1, 3")
	s.WriteString("COMMIT;\n")
	return s.String()
}

// Seeds are this file's inputs at sizes a fuzz target can start from: a
// few kilobytes, small enough to mutate quickly, large enough that decoding
// or printing the shared structure once per reference passes the fuzz
// targets' allocation bound (corpus.DecodeAlloc, ModelAlloc) at once.
func Seeds() [][]byte {
	vs, ps := LinkagePair(64, 64)
	return [][]byte{
		SharedMembersRDEF(64, 64),
		OffsetsAtOnePart(Part{"SHEX", MovProgram(64)}, 64),
		VertexInputs(64, 64),
		SharedInterfaceIDs(64, 64),
		NestedTypesRDEF(6, 8),
		SharedRanges(64, 64),
		RDATSharedRootSignature(32, 16, 16),
		SharedFunctionType(256, 32),
		SharedArguments(64, 64),
		TypeScan(256, 64),
		LongName(256, 256),
		StringConstant(256, 256),
		MDString(256, 256),
		AttributeList(256, 256),
		SharedNameDBUG(64, 256),
		ZlibSRCI(1 << 20),
		SPDBShader(SelfArrayPDB()),
		SPDBShader(InlineSitesPDB(32, 32)),
		SPDBShader(SharedModulePDB(8, 32)),
		SPDBShader(PieceNamesPDB(32, 2, 256)),
		SourceLines(64, 64, 256),
		SameNamedSources(64),
		SharedResourceName(64, 256),
		ShaderMessageSHEX(256),
		LibraryEntries(64, 64),
		NestedParts(64, 256),
		ShiftedNestedParts(64, 256, 4),
		OverlappingParts(16, 64),
		NestedStructsDXIL(6, 4, false),
		NestedStructsDXIL(1, 4, true),
		FieldAnnotations(64, 64, 64),
		OtherStreamRows(2),
		SharedIndices(64, 64),
		DamagedParts(64),
		SignaturesBesideCode(16),
		ModulesBesideSignature(16, 16),
		RDEFsBesideBindings(16),
		ModulesAfterModule(16),
		ModulesBesideSTAT(16),
		ViewIDState(256, 256),
		DebugValues(64),
		DebugValuesOfOne(64, 256),
		SharedSourceContents(64, 256),
		RDATSharedResources(64, 64),
		PSVsBeforeProgram(64),
		LibrarySharedResources(64, 64),
		ZlibPartsSRCI(4),
		ZlibPartsPDBI(4),
		vs, ps,
		PatchSignaturesAlone(64),
		SharedTypeName(256, 256),
		SharedEntryFunction(256, 256),
		SharedProperties(16, 512),
		TypedMetadata(256, 64),
	}
}

// PartData is the data of the first part named name in a container this
// package made, or nil.
func PartData(c []byte, name string) []byte {
	n := int(le.Uint32(c[28:]))
	for i := range n {
		off := int(le.Uint32(c[32+4*i:]))
		if string(c[off:off+4]) == name {
			return c[off+8 : off+8+int(le.Uint32(c[off+4:]))]
		}
	}
	return nil
}

// SharedValuesPSDBSQL is the SQL (for the sqlite3 CLI) of a precompiled
// shader database (its unofficial schema) whose groups groups each name
// one value key of values compiled values, and a value key of their own:
// every group lists the long list with its own, so copying it per group is
// groups × values.
func SharedValuesPSDBSQL(groups, values int) string {
	var s strings.Builder
	s.WriteString(psdbHeader)
	s.WriteString("INSERT INTO keys VALUES (0, X'00', 0);\n")
	for i := range values {
		fmt.Fprintf(&s, "INSERT INTO vals VALUES (0, %d, X'%08x');\n", i%4, i)
	}
	for i := 1; i <= groups; i++ {
		fmt.Fprintf(&s, "INSERT INTO keys VALUES (%d, X'%08x', 0);\n", i, i)
		fmt.Fprintf(&s, "INSERT INTO vals VALUES (%d, 0, X'%08x');\n", i, i)
		fmt.Fprintf(&s, "INSERT INTO groupkeys VALUES (%d, X'%08x', 1);\n", i, i)
		fmt.Fprintf(&s, "INSERT INTO groups VALUES (%d, 0);\n", i)
		fmt.Fprintf(&s, "INSERT INTO groups VALUES (%d, %d);\n", i, i)
	}
	s.WriteString("COMMIT;\n")
	return s.String()
}

// SharedDefaultsRDEF is a pixel shader whose RDEF constant buffer has
// variables float4 variables that all name one default value of size
// bytes (the variables' own records): each consumer writes a default value
// out once per variable.
func SharedDefaultsRDEF(variables, size int) []byte {
	const str = 60 + 24
	varsAt := str + 4
	typeAt := varsAt + 40*variables
	b := rdefSM5(typeAt+36+size, str, uint32(16*variables))
	le.PutUint32(b[60+8:], uint32(varsAt)) // VariableOffset
	le.PutUint32(b[60+4:], uint32(variables))
	copy(b[str:], "s\x00\x00\x00")
	rdefType(b, typeAt, 0, 0, str)
	for i := range variables {
		v := b[varsAt+40*i:]
		le.PutUint32(v[0:], str)
		le.PutUint32(v[4:], uint32(16*i))
		le.PutUint32(v[8:], uint32(size))
		le.PutUint32(v[12:], 2)
		le.PutUint32(v[16:], uint32(typeAt))
		le.PutUint32(v[20:], uint32(typeAt+36)) // DefaultValueOffset
		for j := 24; j < 40; j += 8 {
			le.PutUint32(v[j:], 0xFFFFFFFF)
		}
	}
	return rdefShader(b)
}

// UncoveredBindingsRDEF is a container whose SM4 RDEF part has k texture
// bindings, all at register t(1<<30) in space 0, where no range of
// SharedRangesRTS0 reaches: checking a root signature against them looks
// at every range for every binding.
func UncoveredBindingsRDEF(k int) []byte {
	const hdr, binding = 28, 32
	strAt := hdr + k*binding
	b := make([]byte, strAt+4)
	le.PutUint32(b[8:], uint32(k))    // ResourceCount
	le.PutUint32(b[12:], uint32(hdr)) // ResourceOffset
	b[16], b[17] = 0, 4               // Target: 4.0
	le.PutUint16(b[18:], 0xFFFF)      // pixel shader
	le.PutUint32(b[24:], uint32(strAt))
	copy(b[strAt:], "t")
	for i := range k {
		r := b[hdr+i*binding:]
		le.PutUint32(r, uint32(strAt)) // NameOffset
		le.PutUint32(r[4:], 2)         // D3D_SIT_TEXTURE
		le.PutUint32(r[20:], 1<<30)    // BindPoint
		le.PutUint32(r[24:], 1)        // BindCount
	}
	return Container(Part{"RDEF", b})
}

// SharedInterfaceIDs is a container whose IFCE part (FXC's class linkage)
// has k class types naming one name of n bytes and k interface slot records
// naming one list of n type IDs and one of n table IDs: reading the lists
// once per record is k × n.
func SharedInterfaceIDs(k, n int) []byte {
	const header = 0x24
	slots := header
	types := slots + 16*k
	typeIDs := types + 12*k
	tableIDs := typeIDs + (2*n+3)&^3
	name := tableIDs + 4*n
	b := make([]byte, name+n+1)
	for i, v := range []int{0, k, k, k, typeIDs, types, slots} {
		le.PutUint32(b[4*i:], uint32(v))
	}
	for i := range k {
		s := b[slots+16*i:]
		for j, v := range []int{1, n, typeIDs, tableIDs} {
			le.PutUint32(s[4*j:], uint32(v))
		}
		le.PutUint32(b[types+12*i:], uint32(name))
	}
	for i := range n {
		le.PutUint16(b[typeIDs+2*i:], uint16(i))
		le.PutUint32(b[tableIDs+4*i:], uint32(i))
		b[name+i] = 'A' + byte(i%26)
	}
	return Container(Part{"IFCE", b})
}

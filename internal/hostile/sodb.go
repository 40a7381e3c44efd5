package hostile

import (
	"fmt"
	"strings"
)

// sodbHeader starts the SQL of a state object database with the tables
// the builders below fill (columns as the published schema names them,
// only those used).
const sodbHeader = `PRAGMA page_size = 4096;
PRAGMA user_version = 2;
PRAGMA application_id = 0xD3D50DB;
CREATE TABLE shader_bytecode (Key BLOB NOT NULL PRIMARY KEY, Type TEXT, Bytecode BLOB);
CREATE TABLE pipeline_states (Key BLOB NOT NULL PRIMARY KEY, RootSignature BLOB, InputLayout BLOB, DepthStencilDesc BLOB, BlendDesc BLOB, SampleDesc_Count INTEGER);
CREATE TABLE groups (Key BLOB NOT NULL PRIMARY KEY, Version INTEGER NOT NULL, PSOKey BLOB, SOKey BLOB);
`

// psdbHeader starts the SQL of a precompiled shader database (its
// unofficial schema) and opens the transaction its rows go in.
const psdbHeader = `PRAGMA page_size = 4096;
CREATE TABLE keys(keyid INTEGER PRIMARY KEY, key BLOB, last_accessed REAL);
CREATE TABLE vals(keyid INTEGER REFERENCES keys(keyid), type INTEGER, value BLOB);
CREATE TABLE groupkeys(keyid INTEGER PRIMARY KEY, key BLOB, version INTEGER);
CREATE TABLE groups(groupkeyid INTEGER REFERENCES groupkeys(keyid), valuekeyid INTEGER REFERENCES keys(keyid));
CREATE TABLE compiler_id(id INTEGER PRIMARY KEY, abi INTEGER, version INTEGER, family TEXT);
BEGIN;
`

// SharedLongDescSQL is the SQL (for the sqlite3 CLI) of a state object
// database whose pipelines pipeline states all name one depth-stencil
// description holding size bytes of text (in texts of 1,000 bytes, one a
// column), and whose groups groups all name the first pipeline: a printer
// that writes the description (or the pipeline) out again for each that
// names it writes pipelines × size bytes.
func SharedLongDescSQL(pipelines, groups, size int) string {
	var s strings.Builder
	s.WriteString(sodbHeader)
	n := max(size/1000, 1)
	s.WriteString("CREATE TABLE depth_stencil_descs (Key BLOB NOT NULL PRIMARY KEY, DepthEnable INTEGER")
	for i := range n {
		fmt.Fprintf(&s, ", Text%d TEXT", i)
	}
	s.WriteString(");\nBEGIN;\nINSERT INTO depth_stencil_descs VALUES (X'44', 1")
	for range n {
		fmt.Fprintf(&s, ", '%s'", strings.Repeat("d", 1000))
	}
	s.WriteString(");\n")
	insertPipelines(&s, pipelines, "DepthStencilDesc, SampleDesc_Count", "X'44', 1")
	for i := range groups {
		fmt.Fprintf(&s, "INSERT INTO groups VALUES (X'%08x', 1, X'00000000', NULL);\n", i)
	}
	s.WriteString("COMMIT;\n")
	return s.String()
}

// SharedInputLayoutSQL is the SQL of a state object database whose
// pipelines pipeline states all name one input layout of elements input
// elements: every pipeline lists the layout's elements.
func SharedInputLayoutSQL(pipelines, elements int) string {
	var s strings.Builder
	s.WriteString(sodbHeader)
	s.WriteString(`CREATE TABLE input_element_descs (Key BLOB NOT NULL PRIMARY KEY, SemanticName TEXT NOT NULL, SemanticIndex INTEGER NOT NULL, Format INTEGER NOT NULL);
CREATE TABLE input_layout_to_input_element_associations (InputLayoutKey BLOB NOT NULL, InputElementKey BLOB NOT NULL);
BEGIN;
`)
	for i := range elements {
		fmt.Fprintf(&s, "INSERT INTO input_element_descs VALUES (X'%08x', 'TEXCOORD', %d, 2);\n", i, i)
		fmt.Fprintf(&s, "INSERT INTO input_layout_to_input_element_associations VALUES (X'4c', X'%08x');\n", i)
	}
	insertPipelines(&s, pipelines, "InputLayout, SampleDesc_Count", "X'4c', 1")
	s.WriteString("COMMIT;\n")
	return s.String()
}

// DescChainSQL is the SQL of a state object database whose one pipeline
// names a blend description whose render targets name a render-target
// blend description whose two faces name a depth-stencil operation
// description whose render targets name the next render-target blend
// description, levels times: each level is named twice by the one above,
// so following every reference visits 2^levels descriptions. With cycle
// the last level names the first again.
func DescChainSQL(levels int, cycle bool) string {
	var s strings.Builder
	s.WriteString(sodbHeader)
	s.WriteString(`CREATE TABLE blend_descs (Key BLOB NOT NULL PRIMARY KEY, RenderTarget0 BLOB, RenderTarget1 BLOB);
CREATE TABLE render_target_blend_descs (Key BLOB NOT NULL PRIMARY KEY, FrontFace BLOB, BackFace BLOB);
CREATE TABLE depth_stencil_op_descs (Key BLOB NOT NULL PRIMARY KEY, RenderTarget0 BLOB, RenderTarget1 BLOB);
BEGIN;
INSERT INTO pipeline_states (Key, BlendDesc, SampleDesc_Count) VALUES (X'50', X'42', 1);
INSERT INTO blend_descs VALUES (X'42', X'00000000', X'00000000');
`)
	for i := range levels {
		fmt.Fprintf(&s, "INSERT INTO render_target_blend_descs VALUES (X'%08x', X'%08x', X'%08x');\n", i, i, i)
		next := fmt.Sprintf("X'%08x'", i+1)
		if i == levels-1 {
			next = "NULL"
			if cycle {
				next = "X'00000000'"
			}
		}
		fmt.Fprintf(&s, "INSERT INTO depth_stencil_op_descs VALUES (X'%08x', %s, %s);\n", i, next, next)
	}
	s.WriteString("COMMIT;\n")
	return s.String()
}

// SharedExportSQL is the SQL of a state object database whose objects
// state objects each use one DXIL library exporting one export whose name
// is size bytes long, and whose pipelines pipeline states each name, for
// each of their two stages, one shader whose type is a size-byte text: a
// printer that writes the name (or the type) for each that names it
// writes objects × size bytes.
func SharedExportSQL(objects, pipelines, size int) string {
	var s strings.Builder
	s.WriteString(sodbHeader)
	s.WriteString(`CREATE TABLE state_objects (Key BLOB NOT NULL PRIMARY KEY, Type INTEGER, NodeMask INTEGER, Flags INTEGER, AddToStateObjectParent BLOB);
CREATE TABLE exports (Key BLOB NOT NULL PRIMARY KEY, Name TEXT NOT NULL, ExportToRename TEXT, Flags INTEGER NOT NULL);
CREATE TABLE so_to_dxil_lib_associations (StateObjectKey BLOB NOT NULL, DxilLibKey BLOB NOT NULL, ExportKey BLOB);
ALTER TABLE pipeline_states ADD COLUMN ByteCode_VS BLOB;
ALTER TABLE pipeline_states ADD COLUMN ByteCode_PS BLOB;
BEGIN;
`)
	long := strings.Repeat("e", size)
	fmt.Fprintf(&s, "INSERT INTO shader_bytecode VALUES (X'4c', '%s', X'00');\n", long)
	fmt.Fprintf(&s, "INSERT INTO exports VALUES (X'45', '%s', NULL, 0);\n", long)
	for i := range objects {
		fmt.Fprintf(&s, "INSERT INTO state_objects VALUES (X'%08x', 3, 0, 0, NULL);\n", i)
		fmt.Fprintf(&s, "INSERT INTO so_to_dxil_lib_associations VALUES (X'%08x', X'4c', X'45');\n", i)
	}
	insertPipelines(&s, pipelines, "ByteCode_VS, ByteCode_PS, SampleDesc_Count", "X'4c', X'4c', 1")
	s.WriteString("COMMIT;\n")
	return s.String()
}

// LongKeyPSDBSQL is the SQL of a precompiled shader database whose values
// compiled values all belong to one key of size bytes: a printer that
// writes a value's key with each value writes values × size bytes.
func LongKeyPSDBSQL(values, size int) string {
	var s strings.Builder
	s.WriteString(psdbHeader)
	fmt.Fprintf(&s, `INSERT INTO keys VALUES (0, zeroblob(%d), 0);
INSERT INTO groupkeys VALUES (1, X'01', 1);
INSERT INTO groups VALUES (1, 0);
`, size)
	for i := range values {
		fmt.Fprintf(&s, "INSERT INTO vals VALUES (0, %d, X'%08x');\n", i%4, i)
	}
	s.WriteString("COMMIT;\n")
	return s.String()
}

// insertPipelines writes n pipeline state rows, keyed 0 to n-1, each with
// the columns cols set to vals (SQL text).
func insertPipelines(s *strings.Builder, n int, cols, vals string) {
	for i := range n {
		fmt.Fprintf(s, "INSERT INTO pipeline_states (Key, %s) VALUES (X'%08x', %s);\n", cols, i, vals)
	}
}

package shaderdb

import (
	"fmt"
	"strconv"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/sqlite"
)

// SODB is the view of a state object database (schema: DirectX-Specs
// d3d/StateObjectDatabase.md, "SQL Database Schema", user_version 2).
type SODB struct {
	App            *Application // nil when app_id is empty
	Groups         []*Group
	Pipelines      []*PipelineState
	Shaders        []*Shader
	RootSignatures []*RootSignature
	StateObjects   []*StateObject

	shaders map[string]*Shader
	rootSig map[string]*RootSignature
	rep     *repeats // what its JSON wrote, so that shared things are written once
}

// Application is the app_id row: who recorded the database.
type Application struct {
	Exe           string
	Name          string
	EngineName    string
	AppVersion    Version4
	EngineVersion Version4
}

// Group is an application entry point (groups): a key and version a PSDB
// must match, pointing at a pipeline state or a state object.
type Group struct {
	Key         Key
	Version     int64
	PSOKey      Key
	SOKey       Key
	Pipeline    *PipelineState // resolved PSOKey, nil when absent
	StateObject *StateObject   // resolved SOKey
}

// Shader is a shader_bytecode row: a container and its type string.
type Shader struct {
	Key  Key
	Type string // VS, PS, GS, MS, AS, CS, ... as stored
	Size int64
	Blob BlobRef

	info  *ContainerInfo
	Users int // pipeline stages and state objects that use it
	rep   *repeats
}

// Bytes reads the container.
func (s *Shader) Bytes() ([]byte, error) { return s.Blob.Bytes() }

// Parse reads and decodes the container.
func (s *Shader) Parse() (*decode.File, error) {
	b, err := s.Bytes()
	if err != nil {
		return nil, err
	}
	return decode.Parse(b)
}

// Info reads the container's stage, profile and entry name (once).
func (s *Shader) Info() ContainerInfo {
	if s.info == nil {
		ci := probe(func(off, n int64) []byte {
			b, _ := s.Blob.v.Range(off, n)
			return b
		}, s.Size)
		s.info = &ci
	}
	return *s.info
}

// RootSignature is a root_signatures row: a serialized root signature.
type RootSignature struct {
	Key  Key
	Size int64
	Blob BlobRef
}

// Bytes reads the serialized root signature.
func (r *RootSignature) Bytes() ([]byte, error) { return r.Blob.Bytes() }

// Stage is one shader stage of a pipeline state.
type Stage struct {
	Name   string // VS, PS, HS, DS, GS, AS, MS, CS (from the ByteCode_XX column)
	Key    Key
	Shader *Shader // nil when the key is not in shader_bytecode
}

// PipelineState is a pipeline_states row with its links resolved.
type PipelineState struct {
	Key              Key
	RootSignatureKey Key
	RootSignature    *RootSignature
	InputLayoutKey   Key
	InputLayout      []*Desc // input_element_descs, in association order
	Stages           []*Stage
	Descs            []*Desc // depth-stencil, render-target formats, blend, rasterizer, view instancing, stream output
	Fields           []Field // the plain columns: sample desc, mask, strip cut, topology type, DSV format, node mask, flags

	rep *repeats
}

// Stage returns the stage of that name ("VS"), or nil.
func (p *PipelineState) Stage(name string) *Stage {
	for _, s := range p.Stages {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Desc is one row of a sub-state table (depth_stencil_descs, blend_descs, ...)
// with its enum values named and nested descriptions resolved.
type Desc struct {
	Table   string
	Key     Key
	Fields  []Field
	Missing bool // the key was not found in Table

	rep *repeats
}

// Field is one named column value.
type Field struct {
	Name  string
	Value string // rendered: number, text, key
	Num   int64  // integer value
	Enum  string // the enum value's C name, when the column holds a known enum
	Ref   *Desc  // a nested description (blend render targets, stencil faces)

	raw Key // a BLOB value's bytes (a key into another table)
}

func (f Field) String() string {
	if f.Enum != "" {
		return fmt.Sprintf("%s=%s (%s)", f.Name, f.Value, f.Enum)
	}
	return f.Name + "=" + f.Value
}

// StateObject is a state_objects row with its DXIL libraries and other
// subobjects (reached through the so_to_* association tables).
type StateObject struct {
	Key       Key
	Type      int64
	TypeName  string
	NodeMask  int64
	Flags     int64
	ParentKey Key // AddToStateObjectParent

	Libraries      []*DxilLibrary
	Existing       []Key // so_to_existing_so_associations: existing collections by key
	GlobalRootSigs []*RootSignature
	LocalRootSigs  []*RootSignature
	Subobjects     []*Desc // hit groups, shader/pipeline configs, generic programs, work graphs, associations

	rep *repeats
}

// DxilLibrary is a DXIL library subobject of a state object.
type DxilLibrary struct {
	Key     Key
	Shader  *Shader // nil when the key is not in shader_bytecode
	Exports []Export
}

// Export is an exports row (D3D12_EXPORT_DESC).
type Export struct {
	Name           string
	ExportToRename string
	Flags          int64
}

// stageColumns are the pipeline_states columns that key shader_bytecode.
var stageColumns = []string{"VS", "PS", "HS", "DS", "GS", "AS", "MS", "CS"}

// pipelineDescColumns map pipeline_states (and generic_programs) columns to their tables.
var pipelineDescColumns = []struct{ column, table string }{
	{"DepthStencilDesc", "depth_stencil_descs"}, {"RenderTargetFormats", "render_target_formats"},
	{"BlendDesc", "blend_descs"}, {"RasterizerDesc", "rasterizer_descs"},
	{"ViewInstancingDesc", "view_instancing_descs"}, {"StreamOutDesc", "stream_out_descs"},
}

// nestedRefs map sub-state columns that key another sub-state table.
var nestedRefs = map[string]string{
	"FrontFace": "depth_stencil_op_descs", "BackFace": "depth_stencil_op_descs",
	"RenderTarget0": "render_target_blend_descs", "RenderTarget1": "render_target_blend_descs",
	"RenderTarget2": "render_target_blend_descs", "RenderTarget3": "render_target_blend_descs",
	"RenderTarget4": "render_target_blend_descs", "RenderTarget5": "render_target_blend_descs",
	"RenderTarget6": "render_target_blend_descs", "RenderTarget7": "render_target_blend_descs",
	"NewName": "node_ids", "ShareInputOf": "node_ids",
}

// soAssociations are the so_to_* tables whose second column keys a subobject table.
var soAssociations = []struct{ table, column, target string }{
	{"so_to_hit_group_associations", "HitGroupKey", "rt_hit_groups"},
	{"so_to_rt_shader_config_associations", "ShaderConfigKey", "rt_shader_config"},
	{"so_to_rt_pipeline_config_associations", "PipelineConfigKey", "rt_pipeline_config"},
	{"so_to_generic_program_associations", "GenericProgramKey", "generic_programs"},
	{"so_to_work_graph_associations", "WorkGraphKey", "work_graphs"},
	{"so_to_dxil_subobject_to_exports_associations", "DxilSubobjectToExportsAssociationKey", "dxil_subobject_to_exports_associations"},
	{"so_to_subobject_to_exports_associations", "SubobjectToExportsAssociationKey", "subobject_to_exports_associations"},
}

// descCache loads sub-state tables once, keyed by table then key bytes.
type descCache struct {
	db     *sqlite.DB
	tables map[string]map[string]*Desc
	rep    *repeats
	clip   *clipper
}

func (c *descCache) load(table string) map[string]*Desc {
	if m, ok := c.tables[table]; ok {
		return m
	}
	m := map[string]*Desc{}
	c.tables[table] = m
	t := c.db.Table(table)
	if t == nil {
		return m
	}
	rows := t.Rows()
	for rows.Next() {
		r := rows.Row()
		d := &Desc{Table: table, Key: keyOf(r.Col("Key")), rep: c.rep}
		for i, col := range t.Columns {
			if i >= len(r.Values) || col.Name == "Key" {
				continue
			}
			d.Fields = append(d.Fields, c.clip.field(col.Name, r.Values[i]))
		}
		m[string(d.Key)] = d
	}
	// Resolve nested descriptions after the table is loaded (one level of
	// tables refer to others). A table that is itself named that way is not
	// followed further, as the schema's are not: a hostile one naming
	// another in a loop, or each level naming the next twice (2^levels
	// descriptions to write out), shows its keys.
	for _, target := range nestedRefs {
		if target == table {
			return m
		}
	}
	for _, d := range m {
		for i := range d.Fields {
			f := &d.Fields[i]
			if target, ok := nestedRefs[f.Name]; ok && f.Value != "NULL" && target != table {
				f.Ref = c.get(target, f.keyBytes())
			}
		}
	}
	return m
}

// get returns the description of key in table (Missing when absent).
func (c *descCache) get(table string, key Key) *Desc {
	if d, ok := c.load(table)[string(key)]; ok {
		return d
	}
	return &Desc{Table: table, Key: key, Missing: true}
}

func (f Field) keyBytes() Key { return Key(f.raw) }

// clipper cuts the texts a view holds for names, types and values to
// binread.MaxNameLen bytes, counting the cuts. Every row of a table holds
// its columns' names, and every pipeline or state object naming a shader
// or an export prints its type or name again: a 64 KB name named by 400
// rows printed 20 MB from 123 KB. Real ones are a few bytes.
type clipper struct{ cut int }

func (c *clipper) text(s string) string {
	if len(s) <= binread.MaxNameLen {
		return s
	}
	c.cut++
	return s[:binread.MaxNameLen]
}

// note says, once, how many were cut.
func (c *clipper) note(d *Database) {
	if c.cut > 0 {
		d.note(decode.Warning, "%d column names, shader types, export names or text values are longer than %d bytes; this view holds the first %d bytes of each, the file all of them", c.cut, binread.MaxNameLen, binread.MaxNameLen)
	}
}

// field renders one column's value under its (clipped) name.
func (c *clipper) field(name string, v sqlite.Value) Field {
	f := Field{Name: c.text(name)}
	switch v.Type {
	case sqlite.Integer:
		f.Num = v.Int
		f.Value = strconv.FormatInt(v.Int, 10)
		f.Enum = enumName(name, v.Int)
	case sqlite.Float:
		f.Value = strconv.FormatFloat(v.Float, 'g', -1, 64)
	case sqlite.Text:
		f.Value = strconv.Quote(c.text(v.Text()))
	case sqlite.Blob:
		k := keyOf(v)
		f.Value = k.String()
		f.raw = k
	default:
		f.Value = "NULL"
	}
	return f
}

func (d *Database) readSODB() *SODB {
	db := d.SQL
	s := &SODB{shaders: map[string]*Shader{}, rootSig: map[string]*RootSignature{}, rep: newRepeats(db.Size())}
	clip := &clipper{}
	defer clip.note(d)
	forRows(db, "app_id", func(r *sqlite.Row) {
		if s.App != nil {
			d.note(decode.Warning, "app_id has more than one row; the first is shown")
			return
		}
		s.App = &Application{Exe: r.Col("exe").Text(), Name: r.Col("app_name").Text(), EngineName: r.Col("engine_name").Text(),
			AppVersion: Version4(intOf(r.Col("app_version"))), EngineVersion: Version4(intOf(r.Col("engine_version")))}
	})
	if !forRows(db, "shader_bytecode", func(r *sqlite.Row) {
		sh := &Shader{Key: keyOf(r.Col("Key")), Type: clip.text(r.Col("Type").Text()), Blob: blobRef("shader_bytecode", "Bytecode", r), rep: s.rep}
		sh.Size = sh.Blob.Size
		if r.Col("Bytecode").Type != sqlite.Blob {
			d.note(decode.Warning, "shader_bytecode row %d (key %s) holds %s, not a BLOB, in Bytecode", r.Rowid, sh.Key, r.Col("Bytecode").Type)
		}
		s.Shaders = append(s.Shaders, sh)
		s.shaders[string(sh.Key)] = sh
	}) {
		d.note(decode.Warning, "the state object database has no shader_bytecode table")
	}
	forRows(db, "root_signatures", func(r *sqlite.Row) {
		rs := &RootSignature{Key: keyOf(r.Col("Key")), Blob: blobRef("root_signatures", "value", r)}
		rs.Size = rs.Blob.Size
		s.RootSignatures = append(s.RootSignatures, rs)
		s.rootSig[string(rs.Key)] = rs
	})

	cache := &descCache{db: db, tables: map[string]map[string]*Desc{}, rep: s.rep, clip: clip}
	// Input layouts: layout key -> element descriptions, in association order.
	layouts := map[string][]*Desc{}
	forRows(db, "input_layout_to_input_element_associations", func(r *sqlite.Row) {
		lk := string(keyOf(r.Col("InputLayoutKey")))
		layouts[lk] = append(layouts[lk], cache.get("input_element_descs", keyOf(r.Col("InputElementKey"))))
	})
	soDecls := map[string][]*Desc{}
	forRows(db, "stream_output_desc_to_stream_output_decl_associations", func(r *sqlite.Row) {
		k := string(keyOf(r.Col("StreamOutDescKey")))
		soDecls[k] = append(soDecls[k], cache.get("so_declarations", keyOf(r.Col("StreamOutDeclKey"))))
	})
	// A stream-output description gets its declarations once, however
	// many pipelines name it: they share the one Desc.
	declared := map[*Desc]bool{}

	pipes := map[string]*PipelineState{}
	forRows(db, "pipeline_states", func(r *sqlite.Row) {
		p := &PipelineState{Key: keyOf(r.Col("Key")), RootSignatureKey: keyOf(r.Col("RootSignature")), InputLayoutKey: keyOf(r.Col("InputLayout")), rep: s.rep}
		if p.RootSignatureKey != nil {
			p.RootSignature = s.rootSig[string(p.RootSignatureKey)]
			if p.RootSignature == nil {
				d.note(decode.Warning, "pipeline state %s names root signature %s, which is not in root_signatures", p.Key, p.RootSignatureKey)
			}
		}
		if p.InputLayoutKey != nil {
			p.InputLayout = layouts[string(p.InputLayoutKey)]
		}
		for _, st := range stageColumns {
			k := keyOf(r.Col("ByteCode_" + st))
			if k == nil {
				continue
			}
			sh := s.shaders[string(k)]
			if sh == nil {
				d.note(decode.Warning, "pipeline state %s's %s stage names shader %s, which is not in shader_bytecode", p.Key, st, k)
			} else {
				sh.Users++
			}
			p.Stages = append(p.Stages, &Stage{Name: st, Key: k, Shader: sh})
		}
		for _, dc := range pipelineDescColumns {
			k := keyOf(r.Col(dc.column))
			if k == nil {
				continue
			}
			desc := cache.get(dc.table, k)
			if desc.Missing {
				d.note(decode.Warning, "pipeline state %s's %s names %s, which is not in %s", p.Key, dc.column, k, dc.table)
			}
			if dc.table == "stream_out_descs" && !declared[desc] {
				declared[desc] = true
				desc.Fields = appendDeclarations(desc.Fields, soDecls[string(k)])
			}
			p.Descs = append(p.Descs, desc)
		}
		for _, c := range []string{"SampleDesc_Count", "SampleDesc_Quality", "SampleMask", "IBStripCutValue", "PrimitiveTopology", "DSVFormat", "NodeMask", "Flags"} {
			p.Fields = append(p.Fields, clip.field(c, r.Col(c)))
		}
		s.Pipelines = append(s.Pipelines, p)
		pipes[string(p.Key)] = p
	})

	// State objects and their subobjects.
	sos := map[string]*StateObject{}
	forRows(db, "state_objects", func(r *sqlite.Row) {
		so := &StateObject{Key: keyOf(r.Col("Key")), Type: intOf(r.Col("Type")), NodeMask: intOf(r.Col("NodeMask")), Flags: intOf(r.Col("Flags")), ParentKey: keyOf(r.Col("AddToStateObjectParent")), rep: s.rep}
		so.TypeName = enumStateObjectType.name(so.Type)
		s.StateObjects = append(s.StateObjects, so)
		sos[string(so.Key)] = so
	})
	exports := map[string]Export{}
	forRows(db, "exports", func(r *sqlite.Row) {
		exports[string(keyOf(r.Col("Key")))] = Export{Name: clip.text(r.Col("Name").Text()), ExportToRename: clip.text(r.Col("ExportToRename").Text()), Flags: intOf(r.Col("Flags"))}
	})
	soFor := func(r *sqlite.Row, table string) *StateObject {
		k := keyOf(r.Col("StateObjectKey"))
		so := sos[string(k)]
		if so == nil {
			d.note(decode.Warning, "%s row %d names state object %s, which is not in state_objects", table, r.Rowid, k)
		}
		return so
	}
	type libKey struct {
		so  *StateObject
		lib string
	}
	libs := map[libKey]*DxilLibrary{} // one lookup per row, however many libraries a state object has
	forRows(db, "so_to_dxil_lib_associations", func(r *sqlite.Row) {
		so := soFor(r, "so_to_dxil_lib_associations")
		if so == nil {
			return
		}
		lk := keyOf(r.Col("DxilLibKey"))
		lib := libs[libKey{so, string(lk)}]
		if lib == nil {
			lib = &DxilLibrary{Key: lk, Shader: s.shaders[string(lk)]}
			if lib.Shader == nil {
				d.note(decode.Warning, "state object %s's DXIL library %s is not in shader_bytecode", so.Key, lk)
			} else {
				lib.Shader.Users++
			}
			so.Libraries = append(so.Libraries, lib)
			libs[libKey{so, string(lk)}] = lib
		}
		if ek := keyOf(r.Col("ExportKey")); ek != nil {
			e, ok := exports[string(ek)]
			if !ok {
				d.note(decode.Warning, "state object %s exports %s from library %s, which is not in exports", so.Key, ek, lk)
				e = Export{Name: "(missing export " + ek.String() + ")"}
			}
			lib.Exports = append(lib.Exports, e)
		}
	})
	forRows(db, "so_to_existing_so_associations", func(r *sqlite.Row) {
		if so := soFor(r, "so_to_existing_so_associations"); so != nil {
			so.Existing = append(so.Existing, keyOf(r.Col("ExistingStateObjectKey")))
		}
	})
	for _, rs := range []struct {
		table string
		local bool
	}{{"so_to_global_rs_associations", false}, {"so_to_local_rs_associations", true}} {
		forRows(db, rs.table, func(r *sqlite.Row) {
			so := soFor(r, rs.table)
			if so == nil {
				return
			}
			k := keyOf(r.Col("RootSignatureKey"))
			sig := s.rootSig[string(k)]
			if sig == nil {
				d.note(decode.Warning, "state object %s names root signature %s, which is not in root_signatures", so.Key, k)
				return
			}
			if rs.local {
				so.LocalRootSigs = append(so.LocalRootSigs, sig)
			} else {
				so.GlobalRootSigs = append(so.GlobalRootSigs, sig)
			}
		})
	}
	for _, a := range soAssociations {
		forRows(db, a.table, func(r *sqlite.Row) {
			if so := soFor(r, a.table); so != nil {
				so.Subobjects = append(so.Subobjects, cache.get(a.target, keyOf(r.Col(a.column))))
			}
		})
	}
	for _, so := range s.StateObjects {
		if so.ParentKey != nil && sos[string(so.ParentKey)] == nil {
			d.note(decode.Warning, "state object %s adds to parent %s, which is not in state_objects", so.Key, so.ParentKey)
		}
	}

	forRows(db, "groups", func(r *sqlite.Row) {
		g := &Group{Key: keyOf(r.Col("Key")), Version: intOf(r.Col("Version")), PSOKey: keyOf(r.Col("PSOKey")), SOKey: keyOf(r.Col("SOKey"))}
		if g.PSOKey != nil {
			g.Pipeline = pipes[string(g.PSOKey)]
			if g.Pipeline == nil {
				d.note(decode.Warning, "group %s names pipeline state %s, which is not in pipeline_states", g.Key, g.PSOKey)
			}
		}
		if g.SOKey != nil {
			g.StateObject = sos[string(g.SOKey)]
			if g.StateObject == nil {
				d.note(decode.Warning, "group %s names state object %s, which is not in state_objects", g.Key, g.SOKey)
			}
		}
		if g.PSOKey == nil && g.SOKey == nil {
			d.note(decode.Warning, "group %s names neither a pipeline state nor a state object", g.Key)
		}
		s.Groups = append(s.Groups, g)
	})
	return s
}

// appendDeclarations adds a Declaration field per stream-output
// declaration, each key once (the association table may repeat a pair).
func appendDeclarations(fs []Field, decls []*Desc) []Field {
	seen := map[string]bool{}
	for _, decl := range decls {
		v := decl.Key.String()
		if seen[v] {
			continue
		}
		seen[v] = true
		fs = append(fs, Field{Name: "Declaration", Value: v, Ref: decl, raw: decl.Key})
	}
	return fs
}

// Shader returns the shader_bytecode row of that key, or nil.
func (s *SODB) Shader(key Key) *Shader { return s.shaders[string(key)] }

// Group returns the group of that key, or nil.
func (s *SODB) Group(key Key) *Group {
	for _, g := range s.Groups {
		if string(g.Key) == string(key) {
			return g
		}
	}
	return nil
}

package shaderdb

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/sqlite"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

func open(t testing.TB, raw []byte) *Database {
	t.Helper()
	d, err := Open(raw)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func warningsOrWorse(d *Database) []sqlite.Problem {
	var out []sqlite.Problem
	for _, p := range d.Problems() {
		if p.Severity >= decode.Warning {
			out = append(out, p)
		}
	}
	return out
}

func TestSODBFromCorpusRoundTrips(t *testing.T) {
	if _, ok := corpus.Dir(); !ok {
		t.Log("corpus absent: the database holds project-made containers only")
	}
	raw, in := buildSODB(t, sodbOptions{projectMade: 120})
	if len(in.shaders) < 2000 && testing.Verbose() {
		t.Logf("only %d shaders (corpus missing?)", len(in.shaders))
	}
	d := open(t, raw)
	if d.Kind != SODBKind || d.SODB == nil {
		t.Fatalf("kind %s, want SODB", d.Kind)
	}
	for _, p := range warningsOrWorse(d) {
		t.Errorf("problem: %s", p)
	}
	s := d.SODB

	// Application identity.
	if a := s.App; a == nil || a.Exe != "Game.exe" || a.Name != "Test Game" || a.EngineName != "Test Engine" ||
		a.AppVersion.String() != "1.93.1.0" || a.EngineVersion.String() != "4.3.0.0" {
		t.Errorf("application: %+v", s.App)
	}

	// Counts match what was inserted.
	counts := map[string]int{"shader_bytecode": len(in.shaders), "root_signatures": len(in.rootSigs),
		"pipeline_states": len(in.pipelines), "state_objects": len(in.stateObjs), "groups": len(in.groups)}
	for _, ti := range d.Tables {
		if want, ok := counts[ti.Name]; ok && ti.Rows != int64(want) {
			t.Errorf("table %s: %d rows, inserted %d", ti.Name, ti.Rows, want)
		}
	}
	if len(s.Shaders) != len(in.shaders) || len(s.Pipelines) != len(in.pipelines) || len(s.Groups) != len(in.groups) ||
		len(s.StateObjects) != len(in.stateObjs) || len(s.RootSignatures) != len(in.rootSigs) {
		t.Fatalf("view has %d shaders, %d pipelines, %d groups, %d state objects, %d root signatures; inserted %d, %d, %d, %d, %d",
			len(s.Shaders), len(s.Pipelines), len(s.Groups), len(s.StateObjects), len(s.RootSignatures),
			len(in.shaders), len(in.pipelines), len(in.groups), len(in.stateObjs), len(in.rootSigs))
	}

	if depth := d.SQL.Table("shader_bytecode").Depth(); depth < 2 {
		t.Errorf("shader_bytecode's b-tree has depth %d; the test wants interior pages", depth)
	} else {
		t.Logf("shader_bytecode b-tree depth %d", depth)
	}

	// Every container comes out byte-identical and decodes.
	decoded, overflowed, contiguous, profileOK, entryOK, entryWant := 0, 0, 0, 0, 0, 0
	var exceptions []string
	for _, want := range in.shaders {
		sh := s.Shader(want.key)
		if sh == nil {
			t.Errorf("shader %x missing", want.key)
			continue
		}
		if sh.Type != want.typ {
			t.Errorf("shader %x: type %q, want %q", want.key, sh.Type, want.typ)
		}
		b, err := sh.Bytes()
		if err != nil || !bytes.Equal(b, want.bytes) {
			t.Errorf("shader %x (%s): bytes differ from the file put in (%v)", want.key, want.path, err)
			continue
		}
		if sh.Blob.Contiguous {
			contiguous++
			if !bytes.Equal(raw[sh.Blob.Offset:sh.Blob.Offset+sh.Blob.Size], want.bytes) {
				t.Errorf("shader %x: the offset range 0x%x+%d does not hold its bytes", want.key, sh.Blob.Offset, sh.Blob.Size)
			}
		} else {
			overflowed++
		}
		if _, err := sh.Parse(); err != nil {
			t.Errorf("shader %x (%s): decode.Parse: %v", want.key, want.path, err)
		} else {
			decoded++
		}
		info := sh.Info()
		if info.Profile == want.profile {
			profileOK++
		} else {
			exceptions = append(exceptions, fmt.Sprintf("%s: profile %q, manifest says %q", want.path, info.Profile, want.profile))
		}
		if want.entry != "" {
			entryWant++
			if info.EntryName == want.entry {
				entryOK++
			} else {
				t.Errorf("%s: entry name %q, want %q", want.path, info.EntryName, want.entry)
			}
		}
	}
	t.Logf("%d/%d containers byte-identical and decoded; %d contiguous in the file, %d assembled from overflow pages", decoded, len(in.shaders), contiguous, overflowed)
	t.Logf("%d/%d profiles agree with the manifest or the maker; %d/%d entry names", profileOK, len(in.shaders), entryOK, entryWant)
	for _, e := range exceptions {
		t.Logf("  exception: %s", e)
	}
	if len(exceptions) > 0 {
		t.Errorf("%d profiles disagree", len(exceptions))
	}
	if overflowed == 0 || contiguous == 0 {
		t.Errorf("want both contiguous and overflowed blobs; got %d and %d", contiguous, overflowed)
	}
	if cs := d.Containers(); len(cs) != len(in.shaders)+len(in.rootSigs) {
		t.Errorf("Containers lists %d, want %d shaders and root signatures", len(cs), len(in.shaders)+len(in.rootSigs))
	} else if b, _ := cs[0].Bytes(); !bytes.Equal(b, in.shaders[0].bytes) {
		t.Errorf("Containers()[0] is not the first shader")
	}
	for _, want := range in.rootSigs {
		var got *RootSignature
		for _, r := range s.RootSignatures {
			if bytes.Equal(r.Key, want.key) {
				got = r
			}
		}
		if got == nil {
			t.Errorf("root signature %x missing", want.key)
			continue
		}
		b, _ := got.Bytes()
		f, err := decode.Parse(b)
		if !bytes.Equal(b, want.bytes) || err != nil || f.Part("RTS0") == nil {
			t.Errorf("root signature %x: bytes differ or no RTS0 part (%v)", want.key, err)
		}
	}

	// Every group, pipeline and stage link resolves to what was put in.
	pipes := map[string]pipeIn{}
	for _, p := range in.pipelines {
		pipes[string(p.key)] = p
	}
	for i, g := range s.Groups {
		w := in.groups[i]
		if !bytes.Equal(g.Key, w.key) || g.Version != w.version {
			t.Errorf("group %d: %s v%d, want %x v%d", i, g.Key, g.Version, w.key, w.version)
		}
		if w.isPipeline {
			if g.Pipeline == nil || !bytes.Equal(g.Pipeline.Key, w.pso) {
				t.Errorf("group %s: pipeline not resolved", g.Key)
				continue
			}
			want := pipes[string(w.pso)]
			if len(g.Pipeline.Stages) != len(want.stages) {
				t.Errorf("group %s: %d stages, want %d", g.Key, len(g.Pipeline.Stages), len(want.stages))
			}
			for _, st := range g.Pipeline.Stages {
				if st.Shader == nil || !bytes.Equal(st.Shader.Key, want.stages[st.Name]) {
					t.Errorf("group %s: stage %s does not resolve to shader %x", g.Key, st.Name, want.stages[st.Name])
				}
			}
			if g.Pipeline.RootSignature == nil || !bytes.Equal(g.Pipeline.RootSignature.Key, want.rs) {
				t.Errorf("group %s: root signature not resolved", g.Key)
			}
		} else if g.StateObject == nil || !bytes.Equal(g.StateObject.Key, w.so) {
			t.Errorf("group %s: state object not resolved", g.Key)
		}
	}
	if g := s.Groups[0]; !g.Key.IsText() || g.Key.String() != "PSO_Group_0" {
		t.Errorf("an ASCII key with its trailing NUL shows as %q, want PSO_Group_0", g.Key.String())
	}
	for i, so := range s.StateObjects {
		w := in.stateObjs[i]
		if len(so.Libraries) != 1 || so.Libraries[0].Shader == nil || !bytes.Equal(so.Libraries[0].Shader.Key, w.lib) {
			t.Errorf("state object %s: library not resolved", so.Key)
			continue
		}
		var names []string
		for _, e := range so.Libraries[0].Exports {
			names = append(names, e.Name)
		}
		if strings.Join(names, ",") != strings.Join(w.exports, ",") {
			t.Errorf("state object %s: exports %v, want %v", so.Key, names, w.exports)
		}
		if so.TypeName != "D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE" || len(so.GlobalRootSigs) != 1 {
			t.Errorf("state object %s: type %s, %d global root signatures", so.Key, so.TypeName, len(so.GlobalRootSigs))
		}
	}
}

// TestSubStateEnumsNamed checks the names against d3d12.h/dxgiformat.h values
// written into the database by hand in buildSODB.
func TestSubStateEnumsNamed(t *testing.T) {
	raw, _ := buildSODB(t, sodbOptions{corpusLimit: 1, projectMade: 4})
	d := open(t, raw)
	p := d.SODB.Pipelines[0]
	got := map[string]string{}
	var walk func(prefix string, ds *Desc)
	walk = func(prefix string, ds *Desc) {
		for _, f := range ds.Fields {
			got[prefix+ds.Table+"."+f.Name] = f.Enum
			if f.Ref != nil {
				walk(prefix+ds.Table+"."+f.Name+">", f.Ref)
			}
		}
	}
	for _, ds := range p.Descs {
		walk("", ds)
	}
	for _, ds := range p.InputLayout {
		walk(string(ds.Key)+":", ds)
	}
	for _, f := range p.Fields {
		got[f.Name] = f.Enum
	}
	want := map[string]string{
		"rasterizer_descs.FillMode":                                          "D3D12_FILL_MODE_SOLID",
		"rasterizer_descs.CullMode":                                          "D3D12_CULL_MODE_BACK",
		"rasterizer_descs.ConservativeRaster":                                "D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF",
		"render_target_formats.RTFormat0":                                    "DXGI_FORMAT_R8G8B8A8_UNORM",
		"depth_stencil_descs.DepthFunc":                                      "D3D12_COMPARISON_FUNC_LESS_EQUAL",
		"depth_stencil_descs.DepthWriteMask":                                 "D3D12_DEPTH_WRITE_MASK_ALL",
		"depth_stencil_descs.FrontFace>depth_stencil_op_descs.StencilPassOp": "D3D12_STENCIL_OP_REPLACE",
		"depth_stencil_descs.FrontFace>depth_stencil_op_descs.StencilFunc":   "D3D12_COMPARISON_FUNC_ALWAYS",
		"blend_descs.RenderTarget0>render_target_blend_descs.SrcBlend":       "D3D12_BLEND_SRC_ALPHA",
		"blend_descs.RenderTarget0>render_target_blend_descs.DestBlend":      "D3D12_BLEND_INV_SRC_ALPHA",
		"blend_descs.RenderTarget0>render_target_blend_descs.BlendOpAlpha":   "D3D12_BLEND_OP_ADD",
		"blend_descs.RenderTarget0>render_target_blend_descs.LogicOp":        "D3D12_LOGIC_OP_NOOP",
		"\xe0:input_element_descs.Format":                                    "DXGI_FORMAT_R32G32B32_FLOAT",
		"\xe1:input_element_descs.Format":                                    "DXGI_FORMAT_R32G32B32A32_FLOAT",
		"\xe0:input_element_descs.InputSlotClass":                            "D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA",
		"PrimitiveTopology":                                                  "D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE",
		"DSVFormat":                                                          "DXGI_FORMAT_D24_UNORM_S8_UINT",
		"IBStripCutValue":                                                    "D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_DISABLED",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%q: %q, want %q", k, got[k], w)
		}
	}
	if FormatName(9999) != "DXGI_FORMAT(9999)" {
		t.Errorf("unknown format prints %q", FormatName(9999))
	}
}

func TestWALModeSODB(t *testing.T) {
	raw, in := buildSODB(t, sodbOptions{corpusLimit: 150, projectMade: 30, wal: true})
	if raw[18] != 2 || raw[19] != 2 {
		t.Fatalf("sqlite3 did not write a WAL-mode header (bytes 18/19 = %d/%d)", raw[18], raw[19])
	}
	d := open(t, raw)
	if d.Kind != SODBKind || len(d.SODB.Shaders) != len(in.shaders) || len(d.SODB.Groups) != len(in.groups) {
		t.Fatalf("WAL database: kind %s, %d shaders (want %d)", d.Kind, len(d.SODB.Shaders), len(in.shaders))
	}
	note := false
	for _, p := range d.Problems() {
		note = note || strings.Contains(p.Message, "not yet checkpointed")
	}
	if !note {
		t.Errorf("no note that uncheckpointed WAL changes are not visible")
	}
	for _, want := range in.shaders {
		b, err := d.SODB.Shader(want.key).Bytes()
		if err != nil || !bytes.Equal(b, want.bytes) {
			t.Errorf("shader %x differs", want.key)
		}
	}
}

// TestUncheckpointedWAL copies the main file while sqlite3 still holds the
// database open, so the rows exist only in the -wal file.
func TestUncheckpointedWAL(t *testing.T) {
	dir := t.TempDir()
	main, cp := filepath.Join(dir, "live.db"), filepath.Join(dir, "copy.db")
	script := "CREATE TABLE groupkeys(keyid INTEGER PRIMARY KEY, key BLOB, version INTEGER);\n" +
		"PRAGMA journal_mode=WAL;\nPRAGMA wal_autocheckpoint=0;\n" +
		"INSERT INTO groupkeys VALUES(1, X'01', 1), (2, X'02', 1);\n" +
		".shell cp " + main + " " + cp + "\n"
	corpus.SQLite(t, main, script)
	raw, err := os.ReadFile(cp)
	if err != nil {
		t.Fatal(err)
	}
	d := open(t, raw)
	if !d.SQL.Header.WAL() {
		t.Fatalf("the copy is not in WAL mode")
	}
	found := false
	for _, p := range d.Problems() {
		found = found || strings.Contains(p.Message, "never checkpointed")
	}
	if !found || d.Tables[0].Rows != 0 {
		t.Errorf("%d rows; problems %v", d.Tables[0].Rows, d.Problems())
	}
}

func TestBrokenLinksAreProblems(t *testing.T) {
	raw := buildSODBScript(t, `
INSERT INTO shader_bytecode VALUES(X'01', 'VS', X'00');
INSERT INTO pipeline_states(Key, RootSignature, ByteCode_VS, ByteCode_PS, RasterizerDesc) VALUES(X'p0', X'9999', X'01', X'02', X'F7');
INSERT INTO groups VALUES(CAST('g' AS BLOB), 1, X'AA', NULL);
INSERT INTO groups VALUES(CAST('h' AS BLOB), 1, NULL, X'BB');
INSERT INTO so_to_dxil_lib_associations VALUES(X'CC', X'01', NULL);
`)
	d := open(t, raw)
	var msgs []string
	for _, p := range warningsOrWorse(d) {
		msgs = append(msgs, p.Message)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{"root signature 9999", "PS stage names shader 02", "RasterizerDesc names f7", "pipeline state aa", "state object bb", "state object cc"} {
		if !strings.Contains(strings.ToLower(all), strings.ToLower(want)) {
			t.Errorf("no problem mentions %q; problems:\n%s", want, all)
		}
	}
	if info := d.SODB.Shader([]byte{1}).Info(); info.IsContainer {
		t.Errorf("a 1-byte blob probed as a container")
	}
}

// buildSODBScript builds an SODB from the published DDL plus the given rows.
func buildSODBScript(t testing.TB, rows string) []byte {
	t.Helper()
	schema, err := os.ReadFile("testdata/sodb_schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	rows = strings.ReplaceAll(rows, "X'p0'", "X'b0'")
	dir := t.TempDir()
	return corpus.SQLite(t, filepath.Join(dir, "x.sodb"), "PRAGMA synchronous=OFF;\nBEGIN;\n"+string(schema)+rows+"COMMIT;\n")
}

func TestPSDBViewAndLink(t *testing.T) {
	rawS, in := buildSODB(t, sodbOptions{corpusLimit: 40, projectMade: 12})
	sodb := open(t, rawS)
	rng := rand.New(rand.NewSource(3))
	var groups []psdbGroupIn
	for i, g := range in.groups {
		if i%2 == 1 {
			continue
		}
		v := g.version
		if i == 4 {
			v++ // a stale PSDB entry
		}
		pg := psdbGroupIn{key: g.key, version: v}
		for j := 0; j < 1+i%3; j++ {
			size := 64 + rng.Intn(600)
			if j == 1 {
				size = 9000 + i // a vendor binary larger than a page
			}
			b := make([]byte, size)
			rng.Read(b)
			pg.values = append(pg.values, b)
		}
		groups = append(groups, pg)
	}
	groups = append(groups, psdbGroupIn{key: []byte("only_in_psdb\x00"), version: 1, values: [][]byte{{1, 2, 3}}})

	var sb strings.Builder
	sb.WriteString("PRAGMA journal_mode=WAL;\nPRAGMA synchronous=OFF;\nBEGIN;\n" + corpus.PSDBSchema)
	fmt.Fprintf(&sb, "INSERT INTO app_id VALUES(1, 'C:\\Games\\Game.exe', 'Test Game', 'Test Engine', %d, %d, %d);\n", int64(0x0001005D00010000), int64(0x0004000300000000), int64(0x0000000100020003))
	fmt.Fprintf(&sb, "INSERT INTO compiler_id VALUES(1, 3, %d, 'AMD_NAVI31:gfx1100');\n", int64(0x0020000059F307D5))
	keyid := 0
	nvals := 0
	for gi, g := range groups {
		fmt.Fprintf(&sb, "INSERT INTO groupkeys VALUES(%d, %s, %d);\n", gi+1, sqlBlob(g.key), g.version)
		for j, v := range g.values {
			keyid++
			fmt.Fprintf(&sb, "INSERT INTO keys VALUES(%d, %s, 45000.5);\n", keyid, sqlBlob(key16('V', keyid)))
			fmt.Fprintf(&sb, "INSERT INTO vals VALUES(%d, %d, %s);\n", keyid, j%4, sqlBlob(v))
			fmt.Fprintf(&sb, "INSERT INTO groups VALUES(%d, %d);\n", gi+1, keyid)
			nvals++
		}
	}
	sb.WriteString("COMMIT;\n")
	dir := t.TempDir()
	raw := corpus.SQLite(t, filepath.Join(dir, "x.psdb"), sb.String())

	d := open(t, raw)
	if d.Kind != PSDBKind || d.PSDB == nil {
		t.Fatalf("kind %s, want PSDB", d.Kind)
	}
	if !strings.Contains(d.Kind.String(), "unofficial") || !strings.Contains(d.PSDB.SchemaNote, "unofficial") {
		t.Errorf("the PSDB view is not labelled as based on an unofficial schema")
	}
	for _, p := range warningsOrWorse(d) {
		t.Errorf("problem: %s", p)
	}
	p := d.PSDB
	if len(p.Compilers) != 1 || p.Compilers[0].Family != "AMD_NAVI31:gfx1100" || p.Compilers[0].ABI != 3 || p.Compilers[0].Version.String() != "32.0.23027.2005" {
		t.Errorf("compiler: %+v", p.Compilers)
	}
	if p.App == nil || p.App.Name != "Test Game" || p.App.AppVersion.String() != "1.93.1.0" || p.App.AppProfileVersion.String() != "0.1.2.3" {
		t.Errorf("application: %+v", p.App)
	}
	if len(p.Groups) != len(groups) || p.Values != int64(nvals) {
		t.Fatalf("%d groups, %d values; inserted %d, %d", len(p.Groups), p.Values, len(groups), nvals)
	}
	for i, g := range p.Groups {
		w := groups[i]
		if !bytes.Equal(g.Key, w.key) || g.Version != w.version || len(g.Values) != len(w.values) {
			t.Errorf("group %d: %s v%d with %d values", i, g.Key, g.Version, len(g.Values))
			continue
		}
		for j, v := range g.Values {
			b, err := v.Bytes()
			if err != nil || !bytes.Equal(b, w.values[j]) || v.Size != int64(len(w.values[j])) {
				t.Errorf("group %s value %d differs", g.Key, j)
			}
			if want := []string{"OBJECT_CODE", "METADATA", "DEBUG_PDB", "PERFORMANCE_DATA"}[j%4]; v.Type.String() != "D3D12_COMPILER_VALUE_TYPE_"+want {
				t.Errorf("value type %s, want %s", v.Type, want)
			}
		}
	}

	links := Link(sodb.SODB, p)
	both, differ, psdbOnly, sodbOnly := 0, 0, 0, 0
	for _, l := range links {
		switch {
		case l.SODB != nil && l.PSDB != nil:
			both++
			if l.VersionsDiffer {
				differ++
			}
		case l.PSDB != nil:
			psdbOnly++
		default:
			sodbOnly++
		}
	}
	if both != len(groups)-1 || differ != 1 || psdbOnly != 1 || sodbOnly != len(in.groups)-(len(groups)-1) {
		t.Errorf("links: %d both (%d differ), %d PSDB only, %d SODB only", both, differ, psdbOnly, sodbOnly)
	}
}

func TestAnySQLiteBlobsScannedForContainers(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	c1 := projectShader("PS", "main", 100, rng)
	c2 := projectShader("VS", "vsmain", 9000, rng) // spans overflow pages
	junk := func(n int) []byte {
		b := make([]byte, n)
		rng.Read(b)
		return bytes.ReplaceAll(b, []byte("DXBC"), []byte("dxbc"))
	}
	type blobIn struct {
		data    []byte
		offsets []int64
	}
	blobs := []blobIn{
		{junk(500), nil},
		{c1, []int64{0}},
		{append(append(junk(1000), c1...), junk(37)...), []int64{1000}},
		{append(append(append(junk(3), c1...), c2...), junk(5)...), []int64{3, 3 + int64(len(c1))}},
		{c2, []int64{0}},
		{[]byte("DXBC but not a container at all, just text"), nil},
		{junk(20000), nil},
	}
	var sb strings.Builder
	sb.WriteString("PRAGMA synchronous=OFF;\nBEGIN;\nCREATE TABLE assets(id INTEGER PRIMARY KEY, name TEXT, data BLOB);\nCREATE TABLE notes(t TEXT, n INTEGER);\nINSERT INTO notes VALUES('hello', 3);\n")
	for i, b := range blobs {
		fmt.Fprintf(&sb, "INSERT INTO assets VALUES(%d, 'asset %d', %s);\n", i+1, i, sqlBlob(b.data))
	}
	sb.WriteString("COMMIT;\n")
	dir := t.TempDir()
	raw := corpus.SQLite(t, filepath.Join(dir, "x.db"), sb.String())
	d := open(t, raw)
	if d.Kind != Generic || !d.Scanned {
		t.Fatalf("kind %s, scanned %v", d.Kind, d.Scanned)
	}
	if len(d.Tables) != 2 || d.Tables[0].Rows != int64(len(blobs)) || d.Tables[1].Rows != 1 || len(d.Tables[0].Columns) != 3 {
		t.Errorf("tables: %+v", d.Tables)
	}
	if len(d.Blobs) != len(blobs) {
		t.Fatalf("%d blobs listed, inserted %d", len(d.Blobs), len(blobs))
	}
	for i, b := range d.Blobs {
		w := blobs[i]
		var got []int64
		for _, e := range b.Containers {
			got = append(got, e.Offset)
		}
		if fmt.Sprint(got) != fmt.Sprint(w.offsets) {
			t.Errorf("blob %d: containers at %v, want %v", i, got, w.offsets)
		}
		data, _ := b.Ref.Bytes()
		if !bytes.Equal(data, w.data) {
			t.Errorf("blob %d differs", i)
		}
		for _, e := range b.Containers {
			if _, err := decode.Parse(data[e.Offset : e.Offset+e.Size]); err != nil {
				t.Errorf("blob %d: container at %d does not decode: %v", i, e.Offset, err)
			}
			if b.Ref.Contiguous && !bytes.Equal(raw[b.Ref.Offset+e.Offset:b.Ref.Offset+e.Offset+e.Size], data[e.Offset:e.Offset+e.Size]) {
				t.Errorf("blob %d: file offset of the container is wrong", i)
			}
		}
	}
	if d.ContainerCount() != 5 {
		t.Errorf("%d containers found, want 5", d.ContainerCount())
	}
	cs := d.Containers()
	if len(cs) != 5 {
		t.Fatalf("Containers lists %d, want 5", len(cs))
	}
	for _, c := range cs {
		b, err := c.Bytes()
		if err != nil || !bytes.Equal(b, c1) && !bytes.Equal(b, c2) {
			t.Errorf("%s: bytes are neither of the containers put in (%v)", c.Label, err)
		}
		if _, err := c.Parse(); err != nil {
			t.Errorf("%s: %v", c.Label, err)
		}
		if c.FileOffset >= 0 && !bytes.Equal(raw[c.FileOffset:c.FileOffset+c.Size], b) {
			t.Errorf("%s: FileOffset 0x%x does not hold the container", c.Label, c.FileOffset)
		}
		if (c.FileOffset < 0) == c.Blob.Contiguous {
			t.Errorf("%s: FileOffset %d but contiguous %v", c.Label, c.FileOffset, c.Blob.Contiguous)
		}
	}
}

// TestEntryNamesAgreeWithObj2yaml compares Probe's PSV0 entry name with
// obj2yaml-19's EntryName for corpus files with a 52-byte runtime info.
func TestEntryNamesAgreeWithObj2yaml(t *testing.T) {
	exe := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	es := corpus.Entries(t)
	re := regexp.MustCompile(`(?m)^\s+EntryName:\s+(\S*)\s*$`)
	checked, agree := 0, 0
	for _, e := range es {
		if e.PSVSize != "52" || e.Obj2yaml != "ok" || checked >= 40 {
			continue
		}
		m := corpus.OutputMatch(re, exe, e.Path)
		if m == nil {
			continue
		}
		checked++
		want := strings.Trim(string(m), `'"`)
		if got := Probe(e.Bytes(t)).EntryName; got == want {
			agree++
		} else {
			t.Errorf("%s: entry %q, obj2yaml says %q", e.Rel, got, want)
		}
	}
	t.Logf("%d/%d entry names agree with obj2yaml-19", agree, checked)
}

// TestProbeAcceptsWhatScanAccepts: Probe re-checks the header and part table
// from ranged reads; it must agree with decode.Scan at offset 0, including on
// cut-off and damaged copies.
func TestProbeAcceptsWhatScanAccepts(t *testing.T) {
	es := corpus.Entries(t)
	rng := rand.New(rand.NewSource(9))
	agree, total := 0, 0
	for i, e := range es {
		b, err := os.ReadFile(e.Path)
		if err != nil {
			continue
		}
		variants := [][]byte{b}
		if i%10 == 0 && len(b) > 40 {
			cut := b[:32+rng.Intn(len(b)-32)]
			bad := append([]byte(nil), b...)
			bad[32+rng.Intn(len(b)-32)] ^= 0xff
			variants = append(variants, cut, bad)
		}
		for _, v := range variants {
			total++
			sc := decode.Scan(v)
			want := len(sc) > 0 && sc[0].Offset == 0
			got := Probe(v)
			if got.IsContainer == want && (!want || strings.Join(got.Parts, " ") == strings.Join(sc[0].Parts, " ")) {
				agree++
			} else {
				t.Errorf("%s (%d bytes): Probe says %v %v, Scan says %v", e.Rel, len(v), got.IsContainer, got.Parts, want)
			}
		}
	}
	t.Logf("%d/%d agree with decode.Scan", agree, total)
}

func TestKeyShownAsTextOrHex(t *testing.T) {
	cases := []struct {
		key  Key
		want string
	}{
		{Key("StateObjectDatabase_Dxil_VSPS\x00"), "StateObjectDatabase_Dxil_VSPS"},
		{Key("plain"), "plain"},
		{Key{0x01, 0xab}, "01ab"},
		{Key{0}, "00"},
		{Key("bad\x00middle"), "626164006d6964646c65"},
		{Key(" "), "20"},
		{Key("a b"), "a b"},
	}
	for _, c := range cases {
		if got := c.key.String(); got != c.want {
			t.Errorf("%q: %q, want %q", []byte(c.key), got, c.want)
		}
	}
	if v := Version4(0x0001005D00010000); v.String() != "1.93.1.0" {
		t.Errorf("version %s", v)
	}
}

func TestHostileDatabasesNeverPanic(t *testing.T) {
	raw, _ := buildSODB(t, sodbOptions{corpusLimit: 30, projectMade: 10, pageSize: 1024})
	rng := rand.New(rand.NewSource(11))
	for i := 0; i < 150; i++ {
		bad := append([]byte(nil), raw...)
		switch i % 3 {
		case 0:
			bad = bad[:100+rng.Intn(len(bad)-100)]
		default:
			for k := 0; k < 1+rng.Intn(30); k++ {
				bad[100+rng.Intn(len(bad)-100)] = byte(rng.Intn(256))
			}
		}
		func() {
			defer func() {
				if e := recover(); e != nil {
					t.Fatalf("mutation %d: panic: %v", i, e)
				}
			}()
			d, err := Open(bad)
			if err != nil {
				return
			}
			d.ScanBlobs()
			if d.SODB != nil {
				for _, s := range d.SODB.Shaders {
					s.Info()
				}
			}
		}()
	}
}

// BenchmarkListSODB100MB times listing a 100 MB state object database with
// 10,000 shaders: open, every table counted, every group, pipeline and stage
// resolved, every shader's stage and entry name probed.
//
// DXSCOPE_BENCH_SODB names a database to time instead (e.g. under wasm, where
// sqlite3 cannot run); DXSCOPE_BENCH_KEEP keeps the generated one there.
func BenchmarkListSODB100MB(b *testing.B) {
	var raw []byte
	n := 10000
	if p := os.Getenv("DXSCOPE_BENCH_SODB"); p != "" {
		var err error
		if raw, err = os.ReadFile(p); err != nil {
			b.Fatal(err)
		}
	} else {
		raw = generateBigSODB(b, n)
		if p := os.Getenv("DXSCOPE_BENCH_KEEP"); p != "" {
			os.WriteFile(p, raw, 0o644)
		}
	}
	b.Logf("database: %d bytes, %d shaders", len(raw), n)
	b.SetBytes(int64(len(raw)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := Open(raw)
		if err != nil {
			b.Fatal(err)
		}
		if len(d.SODB.Shaders) != n || len(d.SODB.Groups) != n/2 {
			b.Fatalf("%d shaders, %d groups", len(d.SODB.Shaders), len(d.SODB.Groups))
		}
		for _, s := range d.SODB.Shaders {
			if !s.Info().IsContainer {
				b.Fatal("a shader did not probe as a container")
			}
		}
	}
}

// generateBigSODB builds an SODB of n shaders (about 10 KB each, from 200
// project-made templates) in n/2 VS+PS pipelines, each under a group.
func generateBigSODB(b *testing.B, n int) []byte {
	corpus.Tool(b, "sqlite3", "sqlite3")
	dir := b.TempDir()
	rng := rand.New(rand.NewSource(1))
	const templates = 200
	stages := []string{"VS", "PS"}
	for i := 0; i < templates; i++ {
		c := projectShader(stages[i%2], fmt.Sprintf("main%d", i), 6000+rng.Intn(8000), rng)
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("t%d.dxbc", i)), c, 0o644)
	}
	schema, err := os.ReadFile("testdata/sodb_schema.sql")
	if err != nil {
		b.Fatal(err)
	}
	var sb strings.Builder
	sb.WriteString("PRAGMA synchronous=OFF;\nBEGIN;\n")
	sb.Write(schema)
	sb.WriteString("INSERT INTO app_id VALUES(1, 'Big.exe', 'Big', NULL, 1, 0);\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "INSERT INTO shader_bytecode VALUES(%s, '%s', readfile('%s'));\n", sqlBlob(key16('S', i)), stages[i%2], filepath.Join(dir, fmt.Sprintf("t%d.dxbc", i%templates)))
	}
	for i := 0; i < n/2; i++ {
		fmt.Fprintf(&sb, "INSERT INTO pipeline_states(Key, ByteCode_VS, ByteCode_PS) VALUES(%s, %s, %s);\n", sqlBlob(key16('P', i)), sqlBlob(key16('S', 2*i)), sqlBlob(key16('S', 2*i+1)))
		fmt.Fprintf(&sb, "INSERT INTO groups VALUES(CAST('group %d' AS BLOB), 1, %s, NULL);\n", i, sqlBlob(key16('P', i)))
	}
	sb.WriteString("COMMIT;\n")
	return corpus.SQLite(b, filepath.Join(dir, "big.sodb"), sb.String())
}

// FuzzShaderDB opens databases as the page does and walks every view; seeds
// are small SODB and PSDB files made by sqlite3 (testdata/seed.*) and the
// SQLite reader's seeds.
func FuzzShaderDB(f *testing.F) {
	corpus.AddSeeds(f, "testdata/seed.*", "../sqlite/testdata/*.db")
	// Rows naming rows and a schema's columns, small (the JSON's stubs need
	// more than the seeds' sizes; their cost per reference shows at once).
	for i, sql := range []string{hostile.SharedStreamOutSQL(40, 40), hostile.SharedInputLayoutSQL(40, 40), hostile.SharedLongDescSQL(1, 40, 2000),
		hostile.SharedValuesPSDBSQL(40, 40), hostile.DescChainSQL(6, false), hostile.DescChainSQL(3, true), hostile.WideTableSQL(300, 300),
		hostile.SharedExportSQL(20, 20, 2000), hostile.LongKeyPSDBSQL(20, 2000)} {
		f.Add(corpus.SQLite(f, filepath.Join(f.TempDir(), fmt.Sprintf("seed%d.db", i)), sql))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		defer corpus.Watchdog(10*time.Second, "FuzzShaderDB")()
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(b))()
		d, err := Open(b)
		if err != nil {
			return
		}
		if _, err := json.Marshal(d); err != nil {
			t.Fatalf("JSON: %v", err)
		}
		d.ScanBlobs()
		for _, c := range d.Containers() {
			cb, _ := c.Bytes()
			if int64(len(cb)) > c.Size {
				t.Fatalf("%s: %d bytes, more than its size %d", c.Label, len(cb), c.Size)
			}
			if c.FileOffset >= 0 && c.FileOffset+c.Size > int64(len(b)) {
				t.Fatalf("%s: file range 0x%x+%d outside the file", c.Label, c.FileOffset, c.Size)
			}
		}
		if d.SODB != nil {
			for _, s := range d.SODB.Shaders {
				s.Info()
			}
			if d.PSDB == nil {
				Link(d.SODB, &PSDB{})
			}
		}
		if d.PSDB != nil {
			for _, g := range d.PSDB.Groups {
				for _, v := range g.Values {
					v.Bytes()
				}
			}
		}
	})
}

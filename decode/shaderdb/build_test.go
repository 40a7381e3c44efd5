package shaderdb

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// Test databases are built at test time by Debian's sqlite3 CLI from SQL the
// tests generate: the published SODB DDL, the PSDB tables, and blobs loaded
// with readfile() (corpus files, project-made containers) or X'hex' literals.

func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
func sqlBlob(b []byte) string   { return "X'" + hex.EncodeToString(b) + "'" }

// part is one part of a project-made container.
type part struct {
	name string
	data []byte
}

// makeContainer lays out a container: header, part offsets, parts (the digest
// is left zero, as many tools write it).
func makeContainer(parts []part) []byte {
	size := 32 + 4*len(parts)
	for _, p := range parts {
		size += 8 + len(p.data)
	}
	b := make([]byte, 0, size)
	b = append(b, "DXBC"...)
	b = append(b, make([]byte, 16)...)
	b = binary.LittleEndian.AppendUint16(b, 1)
	b = binary.LittleEndian.AppendUint16(b, 0)
	b = binary.LittleEndian.AppendUint32(b, uint32(size))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(parts)))
	off := 32 + 4*len(parts)
	for _, p := range parts {
		b = binary.LittleEndian.AppendUint32(b, uint32(off))
		off += 8 + len(p.data)
	}
	for _, p := range parts {
		b = append(b, p.name...)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(p.data)))
		b = append(b, p.data...)
	}
	return b
}

// smStages are SM5 program types (the high 16 bits of the version token).
var smStages = map[string]uint32{"PS": 0, "VS": 1, "GS": 2, "HS": 3, "DS": 4, "CS": 5}

// projectShader makes an SM5 container with an SHEX token stream (version
// and length tokens), a PSV0 part recording entry as EntryFunctionName
// (PSVRuntimeInfo3, 52 bytes) and pad bytes of PRIV data.
func projectShader(stage, entry string, pad int, rng *rand.Rand) []byte {
	shex := binary.LittleEndian.AppendUint32(nil, smStages[stage]<<16|5<<4|0)
	shex = binary.LittleEndian.AppendUint32(shex, 2)
	ri := make([]byte, 52)
	ri[24] = byte(map[string]uint32{"PS": 0, "VS": 1, "GS": 2, "HS": 3, "DS": 4, "CS": 5}[stage])
	binary.LittleEndian.PutUint32(ri[48:], 1) // the name follows the empty string at 0
	table := append([]byte{0}, entry...)
	table = append(table, 0)
	for len(table)%4 != 0 {
		table = append(table, 0)
	}
	psv := binary.LittleEndian.AppendUint32(nil, 52)
	psv = append(psv, ri...)
	psv = binary.LittleEndian.AppendUint32(psv, 0) // ResourceCount
	psv = binary.LittleEndian.AppendUint32(psv, uint32(len(table)))
	psv = append(psv, table...)
	psv = binary.LittleEndian.AppendUint32(psv, 0) // SemanticIndexTableEntries
	priv := make([]byte, pad)
	rng.Read(priv)
	return makeContainer([]part{{"SHEX", shex}, {"PSV0", psv}, {"PRIV", priv}})
}

// shaderIn is one shader put into a test SODB.
type shaderIn struct {
	key     []byte
	typ     string // VS, PS, ..., LIB
	path    string // file the bytes were loaded from
	bytes   []byte
	profile string // expected profile ("" when unknown)
	entry   string // expected entry name ("" when not checked)
}

// sodbIn is what a test SODB holds.
type sodbIn struct {
	shaders   []*shaderIn
	rootSigs  []*shaderIn
	pipelines []pipeIn
	stateObjs []soIn
	groups    []groupIn
}

type pipeIn struct {
	key    []byte
	rs     []byte
	stages map[string][]byte
}

type soIn struct {
	key     []byte
	lib     []byte
	exports []string
}

type groupIn struct {
	key        []byte
	version    int64
	pso, so    []byte
	isPipeline bool
}

func key16(kind byte, i int) []byte {
	k := make([]byte, 16)
	k[0] = kind
	binary.BigEndian.PutUint64(k[8:], uint64(i)*0x9E3779B97F4A7C15)
	return k
}

// sodbOptions shape a generated SODB.
type sodbOptions struct {
	corpusLimit int // corpus shaders to include (0: all)
	projectMade int // project-made shaders to add
	wal         bool
	pageSize    int
}

// buildSODB generates and builds a state object database; it returns the
// file and what was put in.
func buildSODB(t testing.TB, opt sodbOptions) ([]byte, *sodbIn) {
	t.Helper()
	corpus.Tool(t, "sqlite3", "sqlite3")
	dir := t.TempDir()
	in := &sodbIn{}
	rng := rand.New(rand.NewSource(7))

	// Corpus shaders (real compiler output) and root signatures.
	if d, ok := corpus.Dir(); ok {
		es, err := corpus.Read(d)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, e := range es {
			if opt.corpusLimit > 0 && n >= opt.corpusLimit {
				break
			}
			b, err := os.ReadFile(e.Path)
			if err != nil || len(b) < 4 || string(b[:4]) != "DXBC" {
				continue
			}
			s := &shaderIn{path: e.Path, bytes: b}
			if e.Stage == "none" || e.Stage == "" {
				if e.Has("RTS0") {
					s.key = key16('R', len(in.rootSigs))
					in.rootSigs = append(in.rootSigs, s)
				}
				continue
			}
			s.typ = strings.ToUpper(e.Stage)
			s.key = key16('S', len(in.shaders))
			s.profile = e.Stage + "_" + strings.ReplaceAll(e.ShaderModel, ".", "_")
			in.shaders = append(in.shaders, s)
			n++
		}
	}
	// Project-made shaders: known entry names, sizes from tiny to several pages.
	stages := []string{"VS", "PS", "CS", "GS", "HS", "DS"}
	for i := 0; i < opt.projectMade; i++ {
		st := stages[i%len(stages)]
		pad := (i * 997) % 3000
		if i%10 == 0 {
			pad = 20000 + i*13 // larger than a page: an overflow chain
		}
		entry := fmt.Sprintf("main_%s_%d", strings.ToLower(st), i)
		b := projectShader(st, entry, pad, rng)
		p := filepath.Join(dir, fmt.Sprintf("made%d.dxbc", i))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		in.shaders = append(in.shaders, &shaderIn{key: key16('S', len(in.shaders)), typ: st, path: p, bytes: b,
			profile: strings.ToLower(st) + "_5_0", entry: entry})
	}
	// A project-made root signature container (the RTS0 part holds an empty v1.0 root signature).
	rts0 := make([]byte, 24)
	binary.LittleEndian.PutUint32(rts0, 1)
	binary.LittleEndian.PutUint32(rts0[8:], 24)
	binary.LittleEndian.PutUint32(rts0[16:], 24)
	rsb := makeContainer([]part{{"RTS0", rts0}})
	rsPath := filepath.Join(dir, "rs.dxbc")
	os.WriteFile(rsPath, rsb, 0o644)
	in.rootSigs = append(in.rootSigs, &shaderIn{key: key16('R', len(in.rootSigs)), path: rsPath, bytes: rsb})

	// Pipelines: each VS with a PS, every other non-library shader alone; libraries go to state objects.
	var vs, ps []*shaderIn
	for _, s := range in.shaders {
		switch s.typ {
		case "VS":
			vs = append(vs, s)
		case "PS":
			ps = append(ps, s)
		}
	}
	usedPS := map[*shaderIn]bool{}
	rsFor := func(i int) []byte { return in.rootSigs[i%len(in.rootSigs)].key }
	for i, v := range vs {
		p := pipeIn{key: key16('P', len(in.pipelines)), rs: rsFor(i), stages: map[string][]byte{"VS": v.key}}
		if len(ps) > 0 {
			q := ps[i%len(ps)]
			p.stages["PS"] = q.key
			usedPS[q] = true
		}
		in.pipelines = append(in.pipelines, p)
	}
	for i, s := range in.shaders {
		switch {
		case s.typ == "VS" || (s.typ == "PS" && usedPS[s]):
		case s.typ == "LIB":
			in.stateObjs = append(in.stateObjs, soIn{key: key16('O', len(in.stateObjs)), lib: s.key,
				exports: []string{fmt.Sprintf("RayGen%d", i), fmt.Sprintf("Miss%d", i)}})
		default:
			in.pipelines = append(in.pipelines, pipeIn{key: key16('P', len(in.pipelines)), rs: rsFor(i), stages: map[string][]byte{s.typ: s.key}})
		}
	}
	for i, p := range in.pipelines {
		in.groups = append(in.groups, groupIn{key: append([]byte(fmt.Sprintf("PSO_Group_%d", i)), 0), version: int64(i%3 + 1), pso: p.key, isPipeline: true})
	}
	for i, so := range in.stateObjs {
		in.groups = append(in.groups, groupIn{key: key16('G', i), version: 7, so: so.key})
	}

	// The SQL.
	schema, err := os.ReadFile("testdata/sodb_schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if opt.pageSize != 0 {
		fmt.Fprintf(&sb, "PRAGMA page_size=%d;\n", opt.pageSize)
	}
	if opt.wal {
		sb.WriteString("PRAGMA journal_mode=WAL;\n")
	}
	sb.WriteString("PRAGMA synchronous=OFF;\nBEGIN;\n")
	sb.Write(schema)
	fmt.Fprintf(&sb, "INSERT INTO app_id VALUES(1, 'Game.exe', 'Test Game', 'Test Engine', %d, %d);\n", int64(0x0001005D00010000), int64(0x0004000300000000))
	for _, s := range in.shaders {
		fmt.Fprintf(&sb, "INSERT INTO shader_bytecode VALUES(%s, %s, readfile(%s));\n", sqlBlob(s.key), sqlString(s.typ), sqlString(s.path))
	}
	for _, r := range in.rootSigs {
		fmt.Fprintf(&sb, "INSERT INTO root_signatures VALUES(%s, readfile(%s));\n", sqlBlob(r.key), sqlString(r.path))
	}
	// One of each sub-state, shared by every pipeline, with enum values to name.
	sb.WriteString(`INSERT INTO depth_stencil_op_descs VALUES(X'd0', 1, 1, 3, 8, 255, 255);
INSERT INTO depth_stencil_descs VALUES(X'd1', 1, 1, 4, 0, X'd0', X'd0', 0);
INSERT INTO render_target_blend_descs VALUES(X'b0', 1, 0, 5, 6, 1, 2, 1, 1, 4, 15);
INSERT INTO blend_descs VALUES(X'b1', 0, 0, X'b0', NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO rasterizer_descs VALUES(X'a1', 3, 3, 0, 0.0, 0.0, 0.0, 1, 0, 0, 0);
INSERT INTO render_target_formats VALUES(X'f1', 28, 0, 0, 0, 0, 0, 0, 0, 1);
INSERT INTO input_element_descs VALUES(X'e0', 'POSITION', 0, 6, 0, 0, 0, 0);
INSERT INTO input_element_descs VALUES(X'e1', 'COLOR', 0, 2, 0, 12, 0, 0);
INSERT INTO input_layout_to_input_element_associations VALUES(X'11', X'e0'), (X'11', X'e1');
`)
	for _, p := range in.pipelines {
		cols := []string{"Key", "RootSignature", "InputLayout", "DepthStencilDesc", "RenderTargetFormats", "BlendDesc", "RasterizerDesc",
			"SampleDesc_Count", "SampleDesc_Quality", "SampleMask", "IBStripCutValue", "PrimitiveTopology", "DSVFormat", "NodeMask", "Flags"}
		vals := []string{sqlBlob(p.key), sqlBlob(p.rs), "X'11'", "X'd1'", "X'f1'", "X'b1'", "X'a1'", "1", "0", "4294967295", "0", "3", "45", "0", "0"}
		for st, k := range p.stages {
			cols = append(cols, "ByteCode_"+st)
			vals = append(vals, sqlBlob(k))
		}
		fmt.Fprintf(&sb, "INSERT INTO pipeline_states(%s) VALUES(%s);\n", strings.Join(cols, ","), strings.Join(vals, ","))
	}
	for i, so := range in.stateObjs {
		fmt.Fprintf(&sb, "INSERT INTO state_objects VALUES(%s, 2, 0, 0, NULL);\n", sqlBlob(so.key))
		for j, e := range so.exports {
			ek := key16('X', i*10+j)
			fmt.Fprintf(&sb, "INSERT INTO exports VALUES(%s, %s, NULL, 0);\n", sqlBlob(ek), sqlString(e))
			fmt.Fprintf(&sb, "INSERT INTO so_to_dxil_lib_associations VALUES(%s, %s, %s);\n", sqlBlob(so.key), sqlBlob(so.lib), sqlBlob(ek))
		}
		fmt.Fprintf(&sb, "INSERT INTO so_to_global_rs_associations VALUES(%s, %s);\n", sqlBlob(so.key), sqlBlob(rsFor(i)))
	}
	for _, g := range in.groups {
		if g.isPipeline {
			fmt.Fprintf(&sb, "INSERT INTO groups VALUES(%s, %d, %s, NULL);\n", sqlBlob(g.key), g.version, sqlBlob(g.pso))
		} else {
			fmt.Fprintf(&sb, "INSERT INTO groups VALUES(%s, %d, NULL, %s);\n", sqlBlob(g.key), g.version, sqlBlob(g.so))
		}
	}
	sb.WriteString("COMMIT;\n")
	return corpus.SQLite(t, filepath.Join(dir, "test.sodb"), sb.String()), in
}

// psdbGroupIn is one group put into a test PSDB.
type psdbGroupIn struct {
	key     []byte
	version int64
	values  [][]byte // value i has type i%4
}

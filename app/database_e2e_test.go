//go:build !wasm

package app_test

// Browser tests of the database view: the real bundle (serve.Prepare, as
// cmd/serve builds it) served in-process and driven in headless Chromium.
// Databases are built at test time by Debian's sqlite3 from the published
// SODB DDL (decode/shaderdb/testdata/sodb_schema.sql), the unofficial PSDB
// tables and real corpus containers. Skips when chromium or sqlite3 is missing.

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/app/serve"
	"github.com/dxscope/dxscope/decode/shaderdb"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
	"github.com/dxscope/dxscope/views"
)

// ---- building databases with sqlite3 ----

func needTools(t testing.TB) {
	t.Helper()
	browsertest.Available(t)
	if _, err := exec.LookPath("sqlite3"); err != nil {
		corpus.Skip(t, "sqlite3", "sqlite3 CLI not installed: skipping the database browser test")
	}
}

func sqlStr(s string) string  { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
func sqlBlob(b []byte) string { return "X'" + hex.EncodeToString(b) + "'" }
func textKey(s string) []byte { return append([]byte(s), 0) } // C writers store the NUL
func version4(a, b, c, d uint16) int64 {
	return int64(uint64(a)<<48 | uint64(b)<<32 | uint64(c)<<16 | uint64(d))
}

func sodbSchema(t testing.TB) string {
	root, err := serve.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "decode", "shaderdb", "testdata", "sodb_schema.sql"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pickEntry returns the first corpus entry fitting want (smallest first).
func pickEntry(t *testing.T, es []corpus.Entry, what string, want func(corpus.Entry) bool) corpus.Entry {
	t.Helper()
	for _, e := range es {
		if want(e) {
			return e
		}
	}
	t.Fatalf("no corpus file is %s", what)
	return corpus.Entry{}
}

// testDBs is what the SODB and PSDB of the test hold.
type testDBs struct {
	sodbPath, psdbPath, otherPath string
	sodb, psdb, other             []byte
	vs, vsBig, ps, cs, lib, rs    corpus.Entry
	soKey                         []byte // the state object group's binary key
	value0                        []byte // the PSDB's first value of group PSO_Group_0
}

// buildTestDBs builds the SODB, the PSDB and another SQLite file with
// sqlite3, skipping the test without it or without Chromium.
func buildTestDBs(t *testing.T) *testDBs {
	needTools(t)
	es := corpus.Entries(t)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Size < es[j].Size })
	dxil := func(stage string, lo, hi int64) func(corpus.Entry) bool {
		return func(e corpus.Entry) bool {
			return e.Stage == stage && e.Has("DXIL") && e.Has("PSV0") && e.Size >= lo && e.Size < hi
		}
	}
	d := &testDBs{
		vs:    pickEntry(t, es, "a small DXIL vertex shader", dxil("vs", 1000, 3000)),
		vsBig: pickEntry(t, es, "a DXIL vertex shader over a 4 KB page", dxil("vs", 4500, 1<<20)),
		ps:    pickEntry(t, es, "a small DXIL pixel shader", dxil("ps", 1000, 3000)),
		cs:    pickEntry(t, es, "a small DXIL compute shader", dxil("cs", 1000, 3000)),
		lib:   pickEntry(t, es, "a DXIL library", func(e corpus.Entry) bool { return e.Stage == "lib" && e.Has("DXIL") }),
		rs:    pickEntry(t, es, "a root signature container", func(e corpus.Entry) bool { return e.Stage == "none" && e.Has("RTS0") }),
	}
	dir := t.TempDir()
	key := func(c byte, i int) []byte {
		k := make([]byte, 16)
		k[0] = c
		binary.BigEndian.PutUint64(k[8:], uint64(i+1)*0x9E3779B97F4A7C15)
		return k
	}
	d.soKey = key('G', 0)

	var sb strings.Builder
	sb.WriteString("PRAGMA synchronous=OFF;\nBEGIN;\n")
	sb.WriteString(sodbSchema(t))
	fmt.Fprintf(&sb, "INSERT INTO app_id VALUES(1, 'Game.exe', 'Test Game', 'Test Engine', %d, %d);\n", version4(1, 93, 1, 0), version4(4, 3, 0, 0))
	shaders := []struct {
		typ string
		e   corpus.Entry
	}{{"VS", d.vs}, {"VS", d.vsBig}, {"PS", d.ps}, {"CS", d.cs}, {"LIB", d.lib}}
	for i, s := range shaders {
		fmt.Fprintf(&sb, "INSERT INTO shader_bytecode VALUES(%s, %s, readfile(%s));\n", sqlBlob(key('S', i)), sqlStr(s.typ), sqlStr(s.e.Path))
	}
	fmt.Fprintf(&sb, "INSERT INTO root_signatures VALUES(%s, readfile(%s));\n", sqlBlob(key('R', 0)), sqlStr(d.rs.Path))
	sb.WriteString(`INSERT INTO depth_stencil_op_descs VALUES(X'd0', 1, 1, 3, 8, 255, 255);
INSERT INTO depth_stencil_descs VALUES(X'd1', 1, 1, 4, 0, X'd0', X'd0', 0);
INSERT INTO render_target_formats VALUES(X'f1', 28, 0, 0, 0, 0, 0, 0, 0, 1);
INSERT INTO rasterizer_descs VALUES(X'a1', 3, 3, 0, 0.0, 0.0, 0.0, 1, 0, 0, 0);
INSERT INTO input_element_descs VALUES(X'e0', 'POSITION', 0, 6, 0, 0, 0, 0);
INSERT INTO input_layout_to_input_element_associations VALUES(X'11', X'e0');
`)
	pipes := []struct{ cols, vals string }{
		{"ByteCode_VS, ByteCode_PS", sqlBlob(key('S', 0)) + ", " + sqlBlob(key('S', 2))},
		{"ByteCode_VS, ByteCode_PS", sqlBlob(key('S', 1)) + ", " + sqlBlob(key('S', 2))},
		{"ByteCode_CS", sqlBlob(key('S', 3))},
	}
	for i, p := range pipes {
		fmt.Fprintf(&sb, "INSERT INTO pipeline_states(Key, RootSignature, InputLayout, DepthStencilDesc, RenderTargetFormats, RasterizerDesc, PrimitiveTopology, DSVFormat, %s) VALUES(%s, %s, X'11', X'd1', X'f1', X'a1', 3, 45, %s);\n",
			p.cols, sqlBlob(key('P', i)), sqlBlob(key('R', 0)), p.vals)
		fmt.Fprintf(&sb, "INSERT INTO groups VALUES(%s, %d, %s, NULL);\n", sqlBlob(textKey(fmt.Sprintf("PSO_Group_%d", i))), i+1, sqlBlob(key('P', i)))
	}
	fmt.Fprintf(&sb, "INSERT INTO state_objects VALUES(%s, 2, 0, 0, NULL);\n", sqlBlob(key('O', 0)))
	for j, name := range []string{"RayGen", "Miss"} {
		fmt.Fprintf(&sb, "INSERT INTO exports VALUES(%s, %s, NULL, 0);\n", sqlBlob(key('X', j)), sqlStr(name))
		fmt.Fprintf(&sb, "INSERT INTO so_to_dxil_lib_associations VALUES(%s, %s, %s);\n", sqlBlob(key('O', 0)), sqlBlob(key('S', 4)), sqlBlob(key('X', j)))
	}
	fmt.Fprintf(&sb, "INSERT INTO so_to_global_rs_associations VALUES(%s, %s);\n", sqlBlob(key('O', 0)), sqlBlob(key('R', 0)))
	fmt.Fprintf(&sb, "INSERT INTO groups VALUES(%s, 7, NULL, %s);\n", sqlBlob(d.soKey), sqlBlob(key('O', 0)))
	sb.WriteString("COMMIT;\n")
	d.sodbPath = filepath.Join(dir, "game.sodb")
	d.sodb = corpus.SQLite(t, d.sodbPath, sb.String())

	// The PSDB: PSO_Group_0 at the same version, PSO_Group_1 at another,
	// the state object's group, and a group the SODB does not have.
	rng := rand.New(rand.NewSource(3))
	sb.Reset()
	sb.WriteString("PRAGMA synchronous=OFF;\nBEGIN;" + corpus.PSDBSchema)
	fmt.Fprintf(&sb, "INSERT INTO compiler_id VALUES(1, 2, %d, 'AMD_NAVI31:gfx1100');\n", version4(32, 0, 23027, 2005))
	fmt.Fprintf(&sb, "INSERT INTO app_id VALUES(1, 'C:\\Games\\Game.exe', 'Test Game', 'Test Engine', %d, %d, %d);\n", version4(1, 93, 1, 0), version4(4, 3, 0, 0), version4(0, 0, 0, 7))
	groups := []struct {
		key     []byte
		version int
	}{{textKey("PSO_Group_0"), 1}, {textKey("PSO_Group_1"), 3}, {d.soKey, 7}, {textKey("Orphan"), 1}}
	kid := 0
	for gi, g := range groups {
		fmt.Fprintf(&sb, "INSERT INTO groupkeys VALUES(%d, %s, %d);\n", gi+1, sqlBlob(g.key), g.version)
		for typ, size := range []int{700, 40} {
			kid++
			v := make([]byte, size)
			rng.Read(v)
			if gi == 0 && typ == 0 {
				d.value0 = v
			}
			k := make([]byte, 16)
			rng.Read(k)
			fmt.Fprintf(&sb, "INSERT INTO keys VALUES(%d, %s, 0.5);\nINSERT INTO vals VALUES(%d, %d, %s);\nINSERT INTO groups VALUES(%d, %d);\n",
				kid, sqlBlob(k), kid, typ, sqlBlob(v), gi+1, kid)
		}
	}
	sb.WriteString("COMMIT;\n")
	d.psdbPath = filepath.Join(dir, "game.psdb")
	d.psdb = corpus.SQLite(t, d.psdbPath, sb.String())

	// Any other SQLite file: a package table with a container inside a blob.
	ps, err := os.ReadFile(d.ps.Path)
	if err != nil {
		t.Fatal(err)
	}
	pack := append(append([]byte("PACK\x00\x01 header bytes\x00\x00"), ps...), "trailer"...)
	sb.Reset()
	fmt.Fprintf(&sb, `CREATE TABLE assets(name TEXT, data BLOB);
CREATE TABLE meta(k INTEGER PRIMARY KEY, v TEXT);
INSERT INTO assets VALUES('pack', %s), ('notes', X'00010203040506070809');
INSERT INTO meta VALUES(1, 'a'), (2, 'b'), (3, 'c');
`, sqlBlob(pack))
	d.otherPath = filepath.Join(dir, "assets.db")
	d.other = corpus.SQLite(t, d.otherPath, sb.String())
	return d
}

// ---- the browser ----

var bundle struct {
	once sync.Once
	dir  string
	opts serve.Options
	err  error
}

// serveBundle prepares the bundle as cmd/serve does (built when stale) and
// serves it on 127.0.0.1:0.
func serveBundle(t *testing.T) string {
	t.Helper()
	bundle.once.Do(func() {
		root, err := serve.FindRoot(".")
		if err != nil {
			bundle.err = err
			return
		}
		// A copy of web/'s own files, so the test's quick, low-quality
		// brotli files never end up in the repository's bundle.
		// Kept between runs (one per checkout): Prepare rebuilds it only when stale.
		bundle.dir = filepath.Join(os.TempDir(), fmt.Sprintf("dxscope-test-bundle-%x", sha256.Sum256([]byte(root)))[:len("dxscope-test-bundle-")+12])
		if bundle.err = copyStatic(filepath.Join(root, "web"), bundle.dir); bundle.err != nil {
			return
		}
		bundle.opts = serve.Options{Root: root, Dir: bundle.dir, BrotliQuality: 1}
	})
	if bundle.err != nil {
		t.Fatal(bundle.err)
	}
	o := bundle.opts
	o.Log = browsertest.Log(t)
	url, _, _ := browsertest.Serve(t, o)
	return url
}

// copyStatic copies the bundle's hand-made files (styles, icons,
// examples), not what Prepare builds or generates.
func copyStatic(from, to string) error {
	return filepath.WalkDir(from, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if e.IsDir() {
			if rel == "web" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		switch {
		case strings.HasSuffix(p, ".br"), strings.HasSuffix(p, ".gz"), strings.HasPrefix(e.Name(), "."),
			rel == "app.wasm", rel == "index.html", rel == "app.js", rel == "wasm_exec.js", rel == "app-worker.js", rel == "manifest.webmanifest", rel == "app.css":
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
}

// browser is the tab with the database checks on top of browsertest.Page.
type browser struct{ *browsertest.Page }

func newBrowser(t *testing.T, url string) *browser {
	b := &browser{browsertest.Start(t, url)}
	b.Open("")
	b.Run("the file picker", chromedp.WaitVisible(chromedp.CSS(`label[for="file-input"]`)))
	return b
}

// texts returns the trimmed text of every element matching sel.
func (b *browser) texts(sel string) []string {
	b.T.Helper()
	return browsertest.Eval[[]string](b.Page, fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(e => e.textContent.trim())`, sel))
}

func (b *browser) text(sel string) string {
	b.T.Helper()
	ts := b.texts(sel)
	if len(ts) == 0 {
		b.Shoot("failed-text")
		b.T.Fatalf("nothing matches %s", sel)
	}
	return ts[0]
}

func (b *browser) waitDB(kind, name string) {
	b.T.Helper()
	b.WaitFor(name+" to open as "+kind, fmt.Sprintf(`(() => { const v = document.getElementById('db-view'); const n = document.getElementById('db-name');
		return !!v && v.dataset.kind === %q && !!n && n.textContent === %q; })()`, kind, name))
}

func (b *browser) partNames() string {
	return strings.Join(b.texts(`#part-list .part .part-name`), " ")
}

// ---- the tests ----

func TestDatabaseViewsInBrowser(t *testing.T) {
	d := buildTestDBs(t)
	b := newBrowser(t, serveBundle(t))
	b.T.Logf("screenshots in %s", b.Shots)

	// Open the SODB through the file input: identity, groups, pipelines.
	b.Run("pick the SODB", chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{d.sodbPath}))
	b.waitDB("sodb", "game.sodb")
	if ms, _ := b.Eval(`window.dxscopeDBLoadMs || 0`).(float64); ms > 0 {
		t.Logf("%d-byte SODB: load to rendered view %.0f ms (in page)", len(d.sodb), ms)
	}
	if app := b.text(`#sodb-app`); !strings.Contains(app, "Test Game") || !strings.Contains(app, "1.93.1.0") || !strings.Contains(app, "4.3.0.0") {
		t.Errorf("application identity %q lacks the name or the four-part versions", app)
	}
	wantGroups := []string{"PSO_Group_0", "PSO_Group_1", "PSO_Group_2", hex.EncodeToString(d.soKey)}
	if got := b.texts(`#sodb-groups tbody tr td:first-child`); strings.Join(got, " ") != strings.Join(wantGroups, " ") {
		t.Errorf("groups %q, want %q (text keys as text, binary keys as hex)", got, wantGroups)
	}
	if got := b.texts(`#sodb-groups tbody tr td:nth-child(2)`); strings.Join(got, " ") != "1 2 3 7" {
		t.Errorf("group versions %q, want 1 2 3 7", got)
	}
	if got := b.texts(`#sodb-group-3 .db-stage-desc`); len(got) != 1 || got[0] != "RayGen, Miss" {
		t.Errorf("state object group's library exports %q, want RayGen, Miss", got)
	}
	b.Shoot("db-01-sodb-groups")

	b.Run("pipelines", chromedp.Click(chromedp.ID("db-sec-pipelines")), chromedp.WaitVisible(chromedp.ID("sodb-pipelines")))
	if got := b.texts(`#sodb-pipeline-0 .db-stage`); len(got) != 2 || !strings.HasPrefix(got[0], "VSvs_6_") || !strings.HasPrefix(got[1], "PSps_6_") {
		t.Errorf("pipeline 0 stages %q, want a VS and a PS with their profiles", got)
	}
	if rs := b.text(`#sodb-pipeline-0 td:nth-child(2)`); !strings.HasPrefix(rs, "52") {
		t.Errorf("pipeline 0 root signature cell %q, want the key 52… ('R')", rs)
	}
	// Sub-states with their enum names (values from d3d12.h / dxgiformat.h).
	b.Run("sub-states", chromedp.Click(chromedp.ID("details-pipe-0")), chromedp.WaitVisible(chromedp.CSS(`.db-details`)))
	details := b.text(`.db-details`)
	for _, want := range []string{"D3D12_COMPARISON_FUNC_LESS_EQUAL", "DXGI_FORMAT_R8G8B8A8_UNORM", "D3D12_FILL_MODE_SOLID", "D3D12_CULL_MODE_BACK",
		"D3D12_STENCIL_OP_REPLACE", "DXGI_FORMAT_R32G32B32_FLOAT", "D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE", "DXGI_FORMAT_D24_UNORM_S8_UINT"} {
		if !strings.Contains(details, want) {
			t.Errorf("pipeline sub-states lack %s", want)
		}
	}
	b.Shoot("db-02-sodb-pipelines")

	// One click opens the vertex shader in the inspector, in place: the hex
	// view addresses the database file.
	vsBytes, _ := os.ReadFile(d.vs.Path)
	vsAt := bytes.Index(d.sodb, vsBytes)
	b.Run("open the VS", chromedp.Click(chromedp.ID("open-pipe-0-VS")), chromedp.WaitVisible(chromedp.ID("part-list")))
	if got, want := b.partNames(), "Header "+strings.Join(d.vs.Parts, " "); got != want {
		t.Errorf("vertex shader parts %q, want %q (MANIFEST)", got, want)
	}
	if vsAt < 0 {
		t.Fatal("the vertex shader's bytes are not contiguous in the database file")
	}
	if got := b.text(`#part-0 .part-off`); got != fmt.Sprintf("0x%x", vsAt) {
		t.Errorf("container header at %s, the bytes are at 0x%x of the database file", got, vsAt)
	}
	if from := b.text(`#db-from`); !strings.Contains(from, "database file's") {
		t.Errorf("banner %q does not say the offsets are the database file's", from)
	}
	// The hex view opens at the container, inside the database file.
	b.WaitFor("the hex view to show the container's first bytes", "!!"+browsertest.HexByte(int64(vsAt)))
	b.Shoot("db-03-vertex-shader")

	// Back, and the larger vertex shader (overflow pages) opens from its own bytes.
	b.Run("back", chromedp.Click(chromedp.ID("db-back")), chromedp.WaitVisible(chromedp.ID("db-view")))
	b.Run("pipelines again", chromedp.Click(chromedp.ID("db-sec-pipelines")), chromedp.Click(chromedp.ID("open-pipe-1-VS")), chromedp.WaitVisible(chromedp.ID("part-list")))
	if got, want := b.partNames(), "Header "+strings.Join(d.vsBig.Parts, " "); got != want {
		t.Errorf("large vertex shader parts %q, want %q", got, want)
	}
	if got := b.text(`#part-0 .part-off`); got != "0x0" {
		t.Errorf("assembled container header at %s, want 0x0", got)
	}
	if from := b.text(`#db-from`); !strings.Contains(from, "overflow pages") {
		t.Errorf("banner %q does not say the blob was assembled", from)
	}
	b.Run("back", chromedp.Click(chromedp.ID("db-back")), chromedp.WaitVisible(chromedp.ID("db-view")))

	// Shader bytecode table: type, size, stage, entry name.
	b.Run("shaders", chromedp.Click(chromedp.ID("db-sec-shaders")), chromedp.WaitVisible(chromedp.ID("sodb-shaders")))
	if got := b.texts(`#sodb-shaders tbody tr td:nth-child(2)`); strings.Join(got, " ") != "VS VS PS CS LIB" {
		t.Errorf("shader types %q", got)
	}
	if got := b.text(`#sodb-shader-0 td:nth-child(3)`); !strings.Contains(got, fmt.Sprint(d.vs.Size)) && !strings.Contains(got, fmt.Sprintf("%d,%03d", d.vs.Size/1000, d.vs.Size%1000)) {
		t.Errorf("shader 0 size %q, file is %d bytes", got, d.vs.Size)
	}
	if got, want := b.text(`#sodb-shader-0 td:nth-child(4)`), "vs_"+strings.ReplaceAll(d.vs.ShaderModel, ".", "_"); got != want {
		t.Errorf("shader 0 stage %q, MANIFEST says %s", got, want)
	}
	b.Run("state objects", chromedp.Click(chromedp.ID("db-sec-stateobjects")), chromedp.WaitVisible(chromedp.ID("sodb-stateobjects")))
	if so := b.text(`#sodb-so-0`); !strings.Contains(so, "D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE") || !strings.Contains(so, "RayGen, Miss") {
		t.Errorf("state object row %q", so)
	}

	// Also open the PSDB: its identity, and the group links both ways.
	b.Run("also open the PSDB", chromedp.SetUploadFiles(chromedp.ID("db-also-input"), []string{d.psdbPath}))
	b.waitDB("psdb", "game.psdb")
	if note := b.text(`#psdb-schema-note`); !strings.Contains(note, "unofficial schema") {
		t.Errorf("PSDB note %q does not label the schema unofficial", note)
	}
	if got := b.texts(`#psdb-compilers tbody td`); strings.Join(got, " ") != "1 AMD_NAVI31:gfx1100 2 32.0.23027.2005 32 0 23027 2005" {
		t.Errorf("compiler row %q", got)
	}
	links := b.texts(`#psdb-groups tbody tr td:nth-child(4)`)
	wantLinks := []string{"✓ linked (SODB)", "⚠ version differs: SODB has 2", "✓ linked (SODB)", "not in the SODB"}
	if strings.Join(links, "|") != strings.Join(wantLinks, "|") {
		t.Errorf("PSDB group links %q, want %q", links, wantLinks)
	}
	b.Run("values", chromedp.Click(chromedp.ID("details-pgroup-0")), chromedp.WaitVisible(chromedp.ID("psdb-value-0-0")))
	if ty := b.text(`#psdb-value-0-0 .db-value-type`); ty != "D3D12_COMPILER_VALUE_TYPE_OBJECT_CODE" {
		t.Errorf("value 0 type %q", ty)
	}
	hexText := b.text(`#psdb-value-0-0 .db-hex`)
	var first []string
	for _, c := range d.value0[:8] {
		first = append(first, fmt.Sprintf("%02x", c))
	}
	if !strings.HasPrefix(hexText, "00000000  "+strings.Join(first, " ")) {
		t.Errorf("value hex starts %.40q, want the value's first bytes %s", hexText, strings.Join(first, " "))
	}
	b.Shoot("db-04-psdb")
	// Download hands the whole value to the browser as a Blob.
	b.Eval(`window.dxDownloads = []; const orig = URL.createObjectURL; URL.createObjectURL = o => { window.dxDownloads.push(o.size); return orig(o); }; true`)
	b.Run("download", chromedp.Click(chromedp.ID("download-0-0")))
	b.WaitFor("the download", `window.dxDownloads.length === 1`)
	if got := b.Eval(`window.dxDownloads[0]`); got != float64(len(d.value0)) {
		t.Errorf("downloaded %v bytes, the value has %d", got, len(d.value0))
	}

	b.Run("SODB tab", chromedp.Click(chromedp.ID("db-tab-0")))
	b.waitDB("sodb", "game.sodb")
	b.Run("groups", chromedp.Click(chromedp.ID("db-sec-groups")), chromedp.WaitVisible(chromedp.ID("sodb-groups")))
	links = b.texts(`#sodb-groups tbody tr td:nth-child(5)`)
	wantLinks = []string{"✓ linked (PSDB)", "⚠ version differs: PSDB has 3", "not in the PSDB", "✓ linked (PSDB)"}
	if strings.Join(links, "|") != strings.Join(wantLinks, "|") {
		t.Errorf("SODB group links %q, want %q", links, wantLinks)
	}
	b.Shoot("db-05-sodb-linked")

	// Any other SQLite file, dropped on the page: it opens beside the two.
	b.drop("assets.db", d.other)
	b.waitDB("sqlite", "assets.db")
	if got := b.texts(`.db-tab-name`); strings.Join(got, "|") != "game.sodb · SODB|game.psdb · PSDB|assets.db · SQLite" {
		t.Errorf("open databases %q", got)
	}
	// Tables with row counts, BLOBs checked for containers.
	if got := b.texts(`#db-blobs tbody tr td:first-child`); strings.Join(got, " ") != "assets.data assets.data" {
		t.Errorf("blobs %q, want the two assets.data values", got)
	}
	b.Run("tables", chromedp.Click(chromedp.ID("db-sec-tables")), chromedp.WaitVisible(chromedp.ID("db-tables")))
	if got := b.texts(`#db-tables tbody .db-rows`); strings.Join(got, " ") != "2 3" {
		t.Errorf("row counts %q, want 2 3", got)
	}
	b.Run("blobs", chromedp.Click(chromedp.ID("db-sec-blobs")), chromedp.WaitVisible(chromedp.ID("db-blobs")))
	b.Shoot("db-06-sqlite")
	psBytes, _ := os.ReadFile(d.ps.Path)
	psAt := bytes.Index(d.other, psBytes)
	b.Run("open the blob's container", chromedp.Click(chromedp.CSS(`#db-blobs button.db-open`)), chromedp.WaitVisible(chromedp.ID("part-list")))
	if got, want := b.partNames(), "Header "+strings.Join(d.ps.Parts, " "); got != want {
		t.Errorf("container in a blob: parts %q, want %q", got, want)
	}
	if got := b.text(`#part-0 .part-off`); got != fmt.Sprintf("0x%x", psAt) {
		t.Errorf("container in a blob at %s, its bytes are at 0x%x", got, psAt)
	}

	// Closing the PSDB unlinks the SODB's groups.
	b.Run("back", chromedp.Click(chromedp.ID("db-back")), chromedp.WaitVisible(chromedp.ID("db-view")))
	b.Run("close the PSDB", chromedp.Click(chromedp.ID("db-close-1")), chromedp.Click(chromedp.ID("db-tab-0")))
	b.waitDB("sodb", "game.sodb")
	if got := b.texts(`#sodb-groups tbody tr td:nth-child(5)`); strings.Join(got, "|") != "—|—|—|—" {
		t.Errorf("SODB group links after the PSDB closed: %q", got)
	}
}

// drop synthesizes dropping a file with these bytes on the page.
func (b *browser) drop(name string, data []byte) {
	b.T.Helper()
	b.Eval(fmt.Sprintf(`(() => {
		const s = atob(%q); const u = new Uint8Array(s.length);
		for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
		const dt = new DataTransfer(); dt.items.add(new File([u], %q));
		const el = document.getElementById('app');
		el.dispatchEvent(new DragEvent('dragover', {dataTransfer: dt, bubbles: true, cancelable: true}));
		el.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true; })()`, base64.StdEncoding.EncodeToString(data), name))
}

// withPRIV rebuilds a container with a PRIV part of random bytes added,
// so that it is total bytes long (the digest is left as it was: stale).
func withPRIV(t *testing.T, b []byte, total int, rng *rand.Rand) []byte {
	parts := hostile.RawParts(b)
	used := 32 + 4*(len(parts)+1)
	for _, p := range parts {
		used += len(p)
	}
	pad := make([]byte, max(0, total-used-8))
	rng.Read(pad)
	priv := append([]byte("PRIV"), binary.LittleEndian.AppendUint32(nil, uint32(len(pad)))...)
	return hostile.Relayout(b, append(parts, append(priv, pad...)))
}

// TestDatabaseLargeInBrowser measures listing a 100 MB SODB with 10,000
// shaders in the page (docs/database.md). Set DXSCOPE_DB_BENCH=1 to run it.
func TestDatabaseLargeInBrowser(t *testing.T) {
	if os.Getenv("DXSCOPE_DB_BENCH") == "" {
		t.Skip("set DXSCOPE_DB_BENCH=1 to measure a 100 MB database in the browser")
	}
	needTools(t)
	es := corpus.Entries(t)
	// 200 real vertex and pixel shaders, each given a PRIV part that brings
	// it to 6–15 KB (the corpus is mostly smaller), in 10,000 rows: ~100 MB.
	// Even rows vertex shaders, odd rows pixel shaders, as the pipelines use them.
	var vs, ps, cands []corpus.Entry
	for _, e := range es {
		if e.Size > 1000 && e.Size < 6000 && e.Stage == "vs" {
			vs = append(vs, e)
		} else if e.Size > 1000 && e.Size < 6000 && e.Stage == "ps" {
			ps = append(ps, e)
		}
	}
	for i := 0; i < 100 && i < len(vs) && i < len(ps); i++ {
		cands = append(cands, vs[i], ps[i])
	}
	const n = 10000
	dir := t.TempDir()
	rng := rand.New(rand.NewSource(5))
	var paths []string
	for i, e := range cands {
		b, err := os.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		b = withPRIV(t, b, 6000+rng.Intn(9000), rng)
		p := filepath.Join(dir, fmt.Sprintf("t%d.dxbc", i))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	var sb strings.Builder
	sb.WriteString("PRAGMA synchronous=OFF;\nPRAGMA journal_mode=OFF;\nBEGIN;\n")
	sb.WriteString(sodbSchema(t))
	sb.WriteString("INSERT INTO app_id VALUES(1, 'Big.exe', 'Big', NULL, 1, 0);\n")
	key := func(c byte, i int) string { return fmt.Sprintf("X'%02x%030x'", c, i) }
	for i := 0; i < n; i++ {
		e := cands[i%len(cands)]
		fmt.Fprintf(&sb, "INSERT INTO shader_bytecode VALUES(%s, %s, readfile(%s));\n", key('S', i), sqlStr(strings.ToUpper(e.Stage)), sqlStr(paths[i%len(paths)]))
	}
	for i := 0; i < n/2; i++ {
		fmt.Fprintf(&sb, "INSERT INTO pipeline_states(Key, ByteCode_VS, ByteCode_PS) VALUES(%s, %s, %s);\n", key('P', i), key('S', 2*i), key('S', 2*i+1))
		fmt.Fprintf(&sb, "INSERT INTO groups VALUES(CAST('group %d' AS BLOB), 1, %s, NULL);\n", i, key('P', i))
	}
	sb.WriteString("COMMIT;\n")
	path := filepath.Join(dir, "big.sodb")
	t0 := time.Now()
	raw := corpus.SQLite(t, path, sb.String())
	t.Logf("built a %d-byte SODB with %d shaders in %.1fs", len(raw), n, time.Since(t0).Seconds())

	// The native figure for the same file: open, and open + probe every shader.
	t0 = time.Now()
	db, err := shaderdb.Open(raw)
	if err != nil {
		t.Fatal(err)
	}
	openNative := time.Since(t0)
	for _, s := range db.SODB.Shaders {
		s.Info()
	}
	t.Logf("native: shaderdb.Open %.0f ms; with every shader probed %.0f ms", openNative.Seconds()*1000, time.Since(t0).Seconds()*1000)

	b := newBrowser(t, serveBundle(t))
	t0 = time.Now()
	b.Run("pick the big SODB", chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{path}))
	b.waitDB("sodb", "big.sodb")
	wall := time.Since(t0)
	load, _ := b.Eval(`window.dxscopeDBLoadMs || 0`).(float64)
	open, _ := b.Eval(`window.dxscopeDBOpenMs || 0`).(float64)
	t.Logf("browser: pick to rendered groups %.0f ms wall; in page: load start to rendered view %.0f ms, of which shaderdb.Open %.0f ms",
		wall.Seconds()*1000, load, open)
	if got := b.text(`#db-range-groups`); got != fmt.Sprintf("1–%d of %d", views.DBPageSize, n/2) {
		t.Errorf("groups range %q", got)
	}
	for _, step := range []struct{ what, click, wait string }{
		{"shaders page 1", "db-sec-shaders", "sodb-shaders"},
		{"shaders page 2", "db-next-shaders", "sodb-shader-50"},
		{"pipelines page 1", "db-sec-pipelines", "sodb-pipelines"},
	} {
		t1 := time.Now()
		b.Run(step.what, chromedp.Click(chromedp.ID(step.click)), chromedp.WaitVisible(chromedp.ID(step.wait)))
		t.Logf("browser: %s rendered in %.0f ms wall", step.what, time.Since(t1).Seconds()*1000)
	}
	b.Shoot("db-big-shaders")
}

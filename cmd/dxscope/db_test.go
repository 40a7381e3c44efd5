package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// needSQLite3 skips the test without Debian's sqlite3 CLI.
func needSQLite3(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sqlite3"); err != nil {
		corpus.Skip(t, "sqlite3", "sqlite3 CLI not installed")
	}
}

// buildTestSODB builds a small SODB with sqlite3 from the published DDL: two
// corpus shaders (a VS and a PS) in one pipeline under group "MainPass".
func buildTestSODB(t *testing.T) (path string, vs, ps []byte) {
	t.Helper()
	needSQLite3(t)
	var vsPath, psPath string
	for _, e := range corpus.Entries(t) {
		if e.Stage == "vs" && vsPath == "" && strings.HasPrefix(e.ShaderModel, "6") {
			vsPath = e.Path
		}
		if e.Stage == "ps" && psPath == "" && strings.HasPrefix(e.ShaderModel, "6") {
			psPath = e.Path
		}
	}
	if vsPath == "" || psPath == "" {
		t.Skip("corpus has no DXIL VS and PS")
	}
	vs, _ = os.ReadFile(vsPath)
	ps, _ = os.ReadFile(psPath)
	schema, err := os.ReadFile("../../decode/shaderdb/testdata/sodb_schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	script := "PRAGMA synchronous=OFF;\nBEGIN;\n" + string(schema) + fmt.Sprintf(`
INSERT INTO app_id VALUES(1, 'Game.exe', 'Game', NULL, 281474976710656, 0);
INSERT INTO shader_bytecode VALUES(X'0a0b', 'VS', readfile('%s'));
INSERT INTO shader_bytecode VALUES(X'0c0d', 'PS', readfile('%s'));
INSERT INTO rasterizer_descs VALUES(X'a1', 3, 2, 0, 0.0, 0.0, 0.0, 1, 0, 0, 0);
INSERT INTO pipeline_states(Key, ByteCode_VS, ByteCode_PS, RasterizerDesc, DSVFormat) VALUES(X'ff01', X'0a0b', X'0c0d', X'a1', 40);
INSERT INTO groups VALUES(CAST('MainPass' || char(0) AS BLOB), 3, X'ff01', NULL);
COMMIT;
`, vsPath, psPath)
	path = filepath.Join(t.TempDir(), "game.sodb")
	corpus.SQLite(t, path, script)
	return path, vs, ps
}

func TestDBListsAnSODB(t *testing.T) {
	path, _, _ := buildTestSODB(t)
	wantAll(t, runOK(t, "db", path),
		"Database: state object database (SODB)",
		"application_id 0x0D3D50DB, user_version 2",
		"Application: \"Game\" (Game.exe) version 1.0.0.0",
		"MainPass  version 3  -> pipeline state ff01",
		"    VS  0a0b  VS  vs_6_",
		"    PS  0c0d  PS  ps_6_",
		"CullMode=2 (D3D12_CULL_MODE_FRONT)",
		"DSVFormat=40 (DXGI_FORMAT_D32_FLOAT)",
		"Shaders: 2",
		"Problems: 0",
	)
}

func TestDBJSON(t *testing.T) {
	path, _, _ := buildTestSODB(t)
	out := runOK(t, "db", path, "--json")
	var doc struct {
		Kind string
		SODB struct {
			Groups []struct {
				Key     string
				Version int
			}
			Shaders []struct {
				Key, Type string
				Size      int
			}
		}
		Containers []struct {
			Label      string
			FileOffset int64
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if doc.Kind != "state object database (SODB)" || len(doc.SODB.Groups) != 1 || doc.SODB.Groups[0].Key != "MainPass" ||
		doc.SODB.Groups[0].Version != 3 || len(doc.SODB.Shaders) != 2 || doc.SODB.Shaders[0].Key != "0a0b" || len(doc.Containers) != 2 {
		t.Errorf("JSON document: %+v", doc)
	}
}

func TestDBExtractByGroupStageAndByRow(t *testing.T) {
	path, vs, ps := buildTestSODB(t)
	dir := t.TempDir()
	cases := []struct {
		args []string
		want []byte
	}{
		{[]string{"--group", "MainPass", "--stage", "VS"}, vs},
		{[]string{"--group", hex.EncodeToString([]byte("MainPass\x00")), "--stage", "ps"}, ps},
		{[]string{"--table", "shader_bytecode", "--rowid", "2"}, ps},
		{[]string{"--table", "shader_bytecode", "--rowid", "1", "--column", "Bytecode"}, vs},
	}
	for i, c := range cases {
		out := filepath.Join(dir, fmt.Sprintf("out%d.dxbc", i))
		// extract on a database does what dbextract does; test both spellings.
		cmd := []string{"dbextract", "extract"}[i%2]
		args := append([]string{cmd, path}, c.args...)
		args = append(args, "-o", out)
		if code, _, errs := runCmd(args...); code != 0 {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
			continue
		}
		got, _ := os.ReadFile(out)
		if !bytes.Equal(got, c.want) {
			t.Errorf("%v: extracted %d bytes that differ from the %d put in", c.args, len(got), len(c.want))
		}
		// The extracted container is a file the other commands read.
		if code, _, errs := runCmd("parts", out); code != 0 {
			t.Errorf("%v: parts on the extracted file: %s", c.args, errs)
		}
	}
	for _, bad := range [][]string{
		{"--group", "NoSuchGroup", "--stage", "VS"},
		{"--group", "MainPass", "--stage", "GS"},
		{"--table", "shader_bytecode", "--rowid", "99"},
		{"--table", "nope", "--rowid", "1"},
	} {
		if code, _, errs := runCmd(append([]string{"dbextract", path}, bad...)...); code != 1 || errs == "" {
			t.Errorf("%v: exit %d, want 1 with a message", bad, code)
		}
	}
	if code, _, _ := runCmd("dbextract", path); code != 2 {
		t.Errorf("dbextract without a selection: exit %d, want 2", code)
	}
}

func TestDBListsBlobsOfAnyDatabase(t *testing.T) {
	needSQLite3(t)
	es := corpus.Entries(t)
	c, err := os.ReadFile(es[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "assets.db")
	blob := append([]byte("prefix-16-bytes!"), c...)
	corpus.SQLite(t, path, fmt.Sprintf("CREATE TABLE assets(name TEXT, data BLOB);\nINSERT INTO assets VALUES('a', X'%x');\nINSERT INTO assets VALUES('b', X'00ff');\n", blob))
	wantAll(t, runOK(t, "db", path), "Database: SQLite database", "Blobs: 2, holding 1 containers", "container at blob offset 0x10")
	if code, _, _ := runCmd("db", es[0].Path); code != 1 {
		t.Errorf("db on a container (not a database): exit %d, want 1", code)
	}
}

func TestDBListsAPSDBAndExtractsAValue(t *testing.T) {
	needSQLite3(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "x.psdb")
	value := bytes.Repeat([]byte{0xde, 0xad, 0xbe, 0xef}, 3000) // larger than a page
	corpus.SQLite(t, path, fmt.Sprintf(`
CREATE TABLE keys(keyid INTEGER PRIMARY KEY, key BLOB, last_accessed REAL);
CREATE TABLE vals(keyid INTEGER, type INTEGER, value BLOB);
CREATE TABLE groupkeys(keyid INTEGER PRIMARY KEY, key BLOB, version INTEGER);
CREATE TABLE groups(groupkeyid INTEGER, valuekeyid INTEGER);
CREATE TABLE compiler_id(id INTEGER PRIMARY KEY, abi INTEGER, version INTEGER, family TEXT);
INSERT INTO compiler_id VALUES(1, 2, %d, 'AMD_NAVI31:gfx1100');
INSERT INTO groupkeys VALUES(1, CAST('MainPass' || char(0) AS BLOB), 3);
INSERT INTO keys VALUES(10, X'0102', 0);
INSERT INTO vals VALUES(10, 0, X'%x');
INSERT INTO groups VALUES(1, 10);
`, int64(0x0020000059F307D5), value))
	wantAll(t, runOK(t, "db", path), "unofficial schema", "adapter family \"AMD_NAVI31:gfx1100\", ABI 2, compiler version 32.0.23027.2005",
		"MainPass  version 3  1 values", "D3D12_COMPILER_VALUE_TYPE_OBJECT_CODE  12000 bytes", "deadbeefdeadbeef")
	o := filepath.Join(dir, "v.bin")
	if code, _, errs := runCmd("dbextract", path, "--group", "MainPass", "--value", "0", "-o", o); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(o); !bytes.Equal(got, value) {
		t.Errorf("extracted value differs (%d bytes)", len(got))
	}
}

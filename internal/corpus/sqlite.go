package corpus

import (
	"os/exec"
	"strings"
)

// SQLite runs Debian's sqlite3 CLI, the reference writer the database tests
// read back, with script on the database at path and returns the file it
// leaves there; without the CLI the test skips, counted under "sqlite3".
func SQLite(t TB, path, script string) []byte {
	t.Helper()
	cmd := exec.Command(Tool(t, "sqlite3", "sqlite3"), "-bail", path)
	cmd.Stdin = strings.NewReader(script)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sqlite3: %v\n%s", err, out)
	}
	return readFile(t, path, path)
}

// PSDBSchema is the unofficial PSDB table set (see decode/shaderdb's
// PSDBSchemaNote), as the tests that write a PSDB with sqlite3 create it.
const PSDBSchema = `
CREATE TABLE keys(keyid INTEGER PRIMARY KEY, key BLOB, last_accessed REAL);
CREATE TABLE vals(keyid INTEGER REFERENCES keys(keyid), type INTEGER, value BLOB);
CREATE TABLE groupkeys(keyid INTEGER PRIMARY KEY, key BLOB, version INTEGER);
CREATE TABLE groups(groupkeyid INTEGER REFERENCES groupkeys(keyid), valuekeyid INTEGER REFERENCES keys(keyid));
CREATE TABLE compiler_id(id INTEGER PRIMARY KEY, abi INTEGER, version INTEGER, family TEXT);
CREATE TABLE app_id(id INTEGER PRIMARY KEY, exe_path TEXT, app_name TEXT, engine_name TEXT, app_version INTEGER, engine_version INTEGER, app_profile_version INTEGER);
`

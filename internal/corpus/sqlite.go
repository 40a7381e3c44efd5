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

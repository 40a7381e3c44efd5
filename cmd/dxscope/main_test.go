package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// runCmd runs the CLI in-process and returns its exit status and output.
func runCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// runOK runs the CLI in-process, failing the test unless it exits 0, and
// returns its output.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := runCmd(args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errs)
	}
	return out
}

// wantAll reports each of wants that out lacks.
func wantAll(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// corpusPath is the path of a corpus file, skipping the test without the
// corpus or the file.
func corpusPath(t *testing.T, rel string) string {
	t.Helper()
	return corpus.Path(t, rel)
}

// The damaged files were changed after signing, so their digest mismatches too.
const (
	valid     = "../../testdata/containers/valid.dxbc"
	damaged   = "../../testdata/containers/part-offset-past-the-end.dxbc"
	unaligned = "../../testdata/containers/unaligned-part-is-a-note.dxbc"
)

func TestCheckStatusAndColumns(t *testing.T) {
	notContainer := filepath.Join(t.TempDir(), "x.txt")
	os.WriteFile(notContainer, []byte("hello, this is not a shader container at all"), 0o644)
	code, out, _ := runCmd("check", valid, damaged, unaligned)
	if code != 0 {
		t.Errorf("check on containers exited %d", code)
	}
	want := []string{
		valid + "\tok\t0\t0\t0\tvalid",
		damaged + "\tproblems\t1\t2\t0\tmismatch",
		unaligned + "\tok\t0\t0\t1\tvalid", // notes only: ok
	}
	if got := strings.Split(strings.TrimSpace(out), "\n"); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("check printed\n%s\nwant\n%s", out, strings.Join(want, "\n"))
	}
	code, out, _ = runCmd("check", valid, notContainer)
	if code != 1 || !strings.Contains(out, notContainer+"\terror\t") {
		t.Errorf("check with a non-container: exit %d, output %q", code, out)
	}
}

func TestPartsListsPartsAndProblems(t *testing.T) {
	code, out, errs := runCmd("parts", damaged)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	wantAll(t, out, "Part count: 1", "#0 - SFI0  offset 0x28  size 8 (8 B)", "Digest: mismatch")
	wantAll(t, errs, "Problems: 1 errors, 2 warnings, 0 notes", "error at 0x24", "past the end")
	if strings.Contains(out, "Problems") || strings.Contains(out, "past the end") {
		t.Errorf("problems on standard output:\n%s", out)
	}
}

func TestExtractWritesPartData(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "hash.bin")
	if code, _, e := runCmd("extract", valid, "HASH", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	b, _ := os.ReadFile(out)
	// flags 1, then the digest "0123456789abcdef" (see decode's twoParts).
	if string(b) != "\x01\x00\x00\x000123456789abcdef" {
		t.Errorf("extracted %q", b)
	}
	if code, _, e := runCmd("extract", valid, "RTS0"); code != 1 || !strings.Contains(e, "no part \"RTS0\" (the parts are \"SFI0\" \"HASH\")") {
		t.Errorf("missing part: exit %d, %q", code, e)
	}
}

func TestJSONUsesObj2yamlKeys(t *testing.T) {
	out := runOK(t, "json", valid)
	wantAll(t, out, `"Header": {`, `"Hash": "`, `"Version": {`, `"Major": 1`, `"FileSize": 84`, `"PartCount": 2`, `"PartOffsets": [`, `"Name": "SFI0"`, `"Doubles": true`, `"WaveOps": true`, `"IncludesSource": true`, `"Digest": "30313233343536373839616263646566"`, `"Status": "valid"`)
}

// TestMain ends the run with one line naming what was missing (the corpus,
// LLVM 19, sqlite3) and how many tests skipped for it.
func TestMain(m *testing.M) { corpus.Main(m) }

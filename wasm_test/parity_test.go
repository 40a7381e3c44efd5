//go:build !wasm

// Package wasmtest checks that the decoder compiled to js/wasm (as the page
// runs it) gives byte-identical JSON to the native build over the corpus:
// jsondump, built both ways, prints the digest of each file's JSON.
package wasmtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	// go test caches a pass against the test binary and the files the test
	// reads; jsondump is built by go build in a subprocess, so without
	// this the decoder is in neither, and a decoder changed since the last
	// pass (a fresh clone shares the build cache) kept the old result.
	_ "github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

func TestWasmDecoderMatchesNative(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		corpus.Skip(t, "node", "node is not installed: skipping the wasm parity test")
	}
	entries := corpus.Entries(t)
	execScript := filepath.Join(runtime.GOROOT(), "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(execScript); err != nil {
		t.Skipf("no %s: skipping", execScript)
	}
	// The same program, jsondump, built for js/wasm and natively.
	tmp := t.TempDir()
	corpus.WatchSources(t, "jsondump")
	wasm := buildJSONDump(t, filepath.Join(tmp, "jsondump.wasm"), "GOOS=js", "GOARCH=wasm")
	native := buildJSONDump(t, filepath.Join(tmp, "jsondump"))
	var paths []string
	for _, e := range entries {
		paths = append(paths, e.Path)
	}
	// The page's examples too, including one that is not a container.
	ex, _ := filepath.Glob("../web/examples/*")
	for _, p := range ex {
		abs, _ := filepath.Abs(p)
		paths = append(paths, abs)
	}
	list := filepath.Join(tmp, "list.txt")
	os.WriteFile(list, []byte(strings.Join(paths, "\n")+"\n"), 0o644)

	start := time.Now()
	cmd := exec.Command(execScript, wasm, list)
	cmd.Env = append(os.Environ(), "PATH="+os.Getenv("PATH"))
	got := digests(t, "under node", cmd)
	t.Logf("wasm decoded %d files under node in %.1fs", len(paths), time.Since(start).Seconds())
	want := digests(t, "natively", exec.Command(native, list))

	same := 0
	for _, p := range paths {
		if w := want[p]; w == "" || strings.HasPrefix(w, "read error") {
			t.Fatalf("%s: native jsondump says %q", p, w)
		}
		if got[p] == want[p] {
			same++
			continue
		}
		t.Errorf("%s: wasm %q, native %q", p, got[p], want[p])
	}
	t.Logf("%d/%d files give byte-identical JSON in wasm and natively", same, len(paths))
}

// buildJSONDump builds ./jsondump at out, for the GOOS and GOARCH in env.
func buildJSONDump(t *testing.T, out string, env ...string) string {
	t.Helper()
	build := exec.Command("go", "build", "-o", out, "./jsondump")
	build.Env = append(os.Environ(), env...)
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building jsondump %v: %v\n%s", env, err, msg)
	}
	return out
}

// digests runs jsondump and reads its lines: each file's digest by its path.
func digests(t *testing.T, how string, cmd *exec.Cmd) map[string]string {
	t.Helper()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running jsondump %s: %v", how, err)
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, rest, _ := strings.Cut(line, "\t")
		m[path] = rest
	}
	return m
}

//go:build !wasm

// Package wasmtest checks that the decoder compiled to js/wasm (as the page
// runs it) gives byte-identical JSON to the native build over the corpus.
package wasmtest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/corpus"
)

// nativeDigest is jsondump's Digest computed natively (repeated here so a
// change to one side cannot hide in shared code).
func nativeDigest(data []byte) string {
	var out []byte
	f, err := decode.Parse(data)
	if err != nil {
		out = []byte("error: " + err.Error())
	} else if out, err = json.Marshal(f); err != nil {
		out = []byte("marshal error: " + err.Error())
	}
	sum := sha256.Sum256(out)
	return fmt.Sprintf("%s\t%d", hex.EncodeToString(sum[:]), len(out))
}

func TestWasmDecoderMatchesNative(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		corpus.Skip(t, "node", "node is not installed: skipping the wasm parity test")
	}
	entries := corpus.Entries(t)
	execScript := filepath.Join(runtime.GOROOT(), "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(execScript); err != nil {
		t.Skipf("no %s: skipping", execScript)
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "jsondump.wasm")
	build := exec.Command("go", "build", "-o", bin, "./jsondump")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building jsondump for js/wasm: %v\n%s", err, out)
	}
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
	cmd := exec.Command(execScript, bin, list)
	cmd.Env = append(os.Environ(), "PATH="+os.Getenv("PATH"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running jsondump under node: %v", err)
	}
	t.Logf("wasm decoded %d files under node in %.1fs", len(paths), time.Since(start).Seconds())

	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, rest, _ := strings.Cut(line, "\t")
		got[path] = rest
	}
	same := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		want := nativeDigest(data)
		if got[p] == want {
			same++
			continue
		}
		t.Errorf("%s: wasm %q, native %q", p, got[p], want)
	}
	t.Logf("%d/%d files give byte-identical JSON in wasm and natively", same, len(paths))
}

//go:build !wasm

package app

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestExamplesAreBuilt: testdata/examples/build.sh, run into a folder of its
// own, writes every shipped example byte for byte; each is one the page
// lists; and LLVM's obj2yaml-19 reads each container's parts with the names
// and sizes the decoder finds.
func TestExamplesAreBuilt(t *testing.T) {
	corpus.Tool(t, "llvm-19", "yaml2obj-19")
	obj2yaml := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	// build.sh reads these in a subprocess, unseen by go test's cache.
	corpus.WatchSources(t, filepath.Join(root, "testdata", "examples"))
	out := t.TempDir()
	cmd := exec.Command("sh", "testdata/examples/build.sh", out)
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, msg)
	}
	listed := map[string]bool{}
	for _, e := range Examples {
		listed[e.File] = true
	}
	shipped, _ := filepath.Glob(filepath.Join(root, "web", "examples", "*"))
	if len(shipped) != len(Examples) {
		t.Errorf("web/examples holds %d files, the page lists %d examples", len(shipped), len(Examples))
	}
	part := regexp.MustCompile(`(?m)^  - Name:\s+(\S+)\n    Size:\s+(\d+)$`)
	for _, path := range shipped {
		name := filepath.Base(path)
		if !listed[name] {
			t.Errorf("%s is shipped but not listed in Examples", name)
		}
		have, _ := os.ReadFile(path)
		built, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || !bytes.Equal(have, built) {
			t.Errorf("%s: build.sh does not reproduce it (%v)", name, err)
		}
		f, err := decode.Parse(have)
		if err != nil || slices.ContainsFunc(f.Problems, func(p decode.Problem) bool { return p.Severity == decode.Error }) {
			continue // the bundle is no container, the damaged file is cut short
		}
		y, err := corpus.Run(obj2yaml, nil, path)
		if err != nil {
			t.Errorf("obj2yaml-19 %s: %v", name, err)
			continue
		}
		var got, want []string
		for _, m := range part.FindAllStringSubmatch(y, -1) {
			got = append(got, m[1]+" "+m[2])
		}
		for _, p := range f.Parts {
			want = append(want, p.Name+" "+strconv.Itoa(int(p.Size)))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: obj2yaml-19 reads parts %q, the decoder %q", name, got, want)
		}
	}
}

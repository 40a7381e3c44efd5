//go:build !wasm

package serve

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// wasmDeps lists the packages of the page's build, with go-app as it is
// (modfile "") or with the browser-only copy, and with more flags.
func wasmDeps(t *testing.T, root, modfile string, more ...string) map[string]bool {
	t.Helper()
	args := append([]string{"list", "-deps"}, more...)
	if modfile != "" {
		args = append(args, "-modfile", modfile)
	}
	cmd := exec.Command("go", append(args, WasmPackage)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	watchOwnPackages(t, root, deps)
	return deps
}

// watchOwnPackages reads the Go files of the listed packages of this module,
// and go.mod, in the test's own process: go list read them in a subprocess,
// which go test's cache does not see, so a pass would outlive an import added
// to the page's build (docs/testing.md).
func watchOwnPackages(t *testing.T, root string, deps map[string]bool) {
	t.Helper()
	const module = "github.com/dxscope/dxscope"
	corpus.WatchSources(t, filepath.Join(root, "go.mod"))
	for p := range deps {
		rel, ok := strings.CutPrefix(p, module)
		if !ok || (rel != "" && rel[0] != '/') {
			continue
		}
		corpus.WatchPackage(t, filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(rel, "/"))))
	}
}

func TestPageBuildLeavesOutGoAppServer(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	modfile, err := pageModFile(root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	with, without := wasmDeps(t, root, ""), wasmDeps(t, root, modfile)
	for _, p := range []string{"net/http", "crypto/tls", "crypto/ecdsa", "mime"} {
		if !with[p] {
			t.Errorf("%s is no longer in go-app's wasm build: is the copy still needed?", p)
		}
		if without[p] {
			t.Errorf("the page's build still links %s", p)
		}
	}
	// Nor package regexp (go-app's RouteWithRegexp, go-humanize's SI
	// parser, once our own patterns): docs/performance.md. go-humanize
	// itself stays (the page's sizes); its functions on math/big remain
	// imported but are not linked, as nothing calls them.
	// Nor the FIPS 140 module (crypto/rand through github.com/google/uuid,
	// crypto/sha256: linkstate has its own), which go-app's states and
	// device identifier brought.
	for _, p := range []string{"regexp", "crypto/rand", "crypto/sha256", "crypto/internal/fips140/drbg", "github.com/google/uuid"} {
		if without[p] {
			t.Errorf("the page's build links %s", p)
		}
	}
	// Nor net/netip and package unique, with net/url's overlay.
	overlay, err := pageOverlay(root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if !without["net/netip"] {
		t.Errorf("net/netip is no longer in the page's build without the overlay: is the overlay still needed?")
	}
	withOverlay := wasmDeps(t, root, modfile, "-overlay", overlay)
	for _, p := range []string{"net/netip", "unique"} {
		if withOverlay[p] {
			t.Errorf("the page's build with net/url's overlay links %s", p)
		}
	}
	if !withOverlay["net/url"] {
		t.Errorf("the page's build lost net/url")
	}
	if !without[HumanizeModule] {
		t.Errorf("the page's build lost go-humanize, which writes its sizes")
	}
	if !without[GoAppModule+"/pkg/app"] {
		t.Fatal("the page's build lost go-app")
	}

	// The copy is go-app byte for byte, less the dropped files, plus the
	// stub, with its edits applied.
	src, _, err := moduleDir(root, GoAppModule)
	if err != nil {
		t.Fatal(err)
	}
	mod, _ := os.ReadFile(modfile)
	_, copyDir, _ := strings.Cut(string(mod), GoAppModule+" => ")
	copyDir, _, _ = strings.Cut(copyDir, "\n")
	copyDir = strings.TrimSpace(copyDir)
	orig := filepath.Join(src, "pkg", "app")
	files, _ := filepath.Glob(filepath.Join(orig, "*.go"))
	compared := 0
	for _, f := range files {
		name := filepath.Base(f)
		got, err := os.ReadFile(filepath.Join(copyDir, "pkg", "app", name))
		switch {
		case goappDropped["pkg/app/"+name] || strings.HasSuffix(name, "_test.go"):
			if err == nil {
				t.Errorf("%s is in the copy", name)
			}
		case err != nil:
			t.Errorf("%s is missing from the copy: %v", name, err)
		default:
			want, _ := os.ReadFile(f)
			want, _, err := pageCopies[0].edited("pkg/app/"+name, want)
			if err != nil {
				t.Error(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from go-app's", name)
			}
			compared++
		}
	}
	if compared < 20 {
		t.Errorf("only %d of go-app's files compared", compared)
	}
}

// TestFlateOverlayStillWrites: compress/flate with the page's edits
// (stdEdits: the writer's Huffman encoders built on first use, not by the
// package's initialisers) still writes what it wrote: its own tests of the
// writer, of fixed, dynamic and Huffman-only blocks, pass with the overlay.
func TestFlateOverlayStillWrites(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	overlay, err := pageOverlay(root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-overlay", overlay, "-run",
		"^(TestDeflate|TestDeflateInflate|TestWriterReset|TestBlockHuff|TestWriteBlock|TestWriteBlockDynamic|TestBestSpeed|TestWriterDict)$",
		"compress/flate")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("compress/flate's tests with the page's overlay: %v\n%s", err, out)
	}
}

//go:build !wasm

// Package serve prepares the static bundle in web/ (the wasm binary, the
// generated page, precompressed copies) and serves it with the headers a
// decoder page needs. It never sees a user's file: decoding happens in the
// browser.
package serve

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
	dxapp "github.com/dxscope/dxscope/app"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// WasmPackage is the main package built for js/wasm as web/app.wasm.
const WasmPackage = "./cmd/serve"

// sourceDirs hold the Go sources app.wasm is built from; a newer file in any
// of them makes app.wasm stale.
var sourceDirs = []string{"app", "views", "decode", "cmd/serve"}

// recipeFiles say how app.wasm is built (the flags, and the copies of go-app
// and go-humanize the page builds against): the rest of app/serve is the
// server, not in the binary, but a change here changes app.wasm too.
var recipeFiles = []string{"app/serve/bundle.go", "app/serve/pagebuild.go", "app/serve/pageurl.go", "app/serve/pageip.go"}

// generated are the files GenerateStaticWebsite writes into the bundle.
var generated = []string{"index.html", "app.js", "wasm_exec.js", "app-worker.js", "manifest.webmanifest", "app.css"}

// compressible are the extensions worth precompressing.
var compressible = map[string]bool{".wasm": true, ".js": true, ".css": true, ".html": true, ".svg": true, ".webmanifest": true}

// Options control Prepare.
type Options struct {
	Root  string    // module root (holds go.mod)
	Dir   string    // bundle directory, default Root/web
	Log   io.Writer // progress messages, default os.Stderr
	Force bool      // rebuild app.wasm even when it is fresh
	// BrotliQuality for .br files (0–11); 11 is the smallest and slowest.
	BrotliQuality int
	// NoCompress skips writing .br/.gz copies (tests: the server then sends
	// the files as they are, since older copies no longer match).
	NoCompress bool
}

// FindRoot walks up from dir to the directory holding go.mod.
func FindRoot(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		p := filepath.Dir(d)
		if p == d {
			return "", fmt.Errorf("no go.mod above %s: run from the dxscope repository", dir)
		}
		d = p
	}
}

// Stale reports whether app.wasm is missing or older than any Go source it
// is built from (or go.mod/go.sum, or the build's recipe), and names the
// newest such file.
func Stale(root, wasm string) (bool, string, error) {
	st, err := os.Stat(wasm)
	if err != nil {
		return true, "app.wasm is missing", nil
	}
	built := st.ModTime()
	var newest string
	var newestT time.Time
	check := func(p string) {
		if fi, err := os.Stat(p); err == nil && fi.ModTime().After(newestT) {
			newest, newestT = p, fi.ModTime()
		}
	}
	check(filepath.Join(root, "go.mod"))
	check(filepath.Join(root, "go.sum"))
	for _, f := range recipeFiles {
		check(filepath.Join(root, filepath.FromSlash(f)))
	}
	for _, d := range sourceDirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) {
					return nil
				}
				return err
			}
			if e.IsDir() && p != filepath.Join(root, d) && (e.Name() == "testdata" || e.Name() == "e2e" || strings.HasPrefix(e.Name(), ".") || p == filepath.Join(root, "app", "serve")) {
				return filepath.SkipDir // not part of the wasm binary
			}
			if !e.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				check(p)
			}
			return nil
		})
		if err != nil {
			return false, "", err
		}
	}
	if newestT.After(built) {
		rel, _ := filepath.Rel(root, newest)
		return true, rel + " is newer than app.wasm", nil
	}
	return false, "", nil
}

// BuildWasm runs GOOS=js GOARCH=wasm go build for the page.
func BuildWasm(root, out string, log io.Writer) error {
	// Build beside the target and rename, so a server never sends half a binary.
	tmp := out + ".tmp"
	// -s -w drop the symbol names and DWARF: about 280 KB raw, 34 KB brotli,
	// and nothing the page uses (Go's own stack traces read pclntab).
	// DXSCOPE_WASM_SYMBOLS=1 keeps the names, for profiles that name functions.
	ldflags := "-ldflags=-s -w"
	if os.Getenv("DXSCOPE_WASM_SYMBOLS") != "" {
		ldflags = "-ldflags="
	}
	// Without go-app's HTTP server (pagebuild.go), unless that cannot be
	// done; DXSCOPE_WASM_GOAPP_SERVER=1 keeps it, to measure what it costs.
	var extra []string
	if os.Getenv("DXSCOPE_WASM_GOAPP_SERVER") == "" {
		work, err := os.MkdirTemp("", "dxscope-page-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(work)
		if modfile, err := pageModFile(root, work); err == nil {
			extra = []string{"-modfile", modfile}
		} else {
			fmt.Fprintf(log, "dxscope: app.wasm keeps go-app's server code (about 310 KB more brotli): %v\n", err)
		}
		if overlay, err := pageOverlay(root, work); err == nil {
			extra = append(extra, "-overlay", overlay)
		} else {
			fmt.Fprintf(log, "dxscope: app.wasm keeps net/netip's initialiser and compress/flate's writer encoders (about 30 KB more brotli): %v\n", err)
		}
	}
	msg, err := wasmBuild(root, extra, ldflags, tmp)
	if err != nil && extra != nil {
		fmt.Fprintf(log, "dxscope: building without go-app's server code and net/netip failed, so app.wasm keeps them (about 340 KB more brotli): %v\n%s", err, msg)
		msg, err = wasmBuild(root, nil, ldflags, tmp)
	}
	if err != nil {
		log.Write(msg)
		os.Remove(tmp)
		return fmt.Errorf("GOOS=js GOARCH=wasm go build %s: %w", WasmPackage, err)
	}
	return os.Rename(tmp, out)
}

// Prepare makes the bundle servable: app.wasm built if missing or stale,
// the page generated with a version that hashes the bundle's content, and
// .br/.gz copies of the compressible files. It returns the version.
func Prepare(o Options) (string, error) {
	if o.Log == nil {
		o.Log = os.Stderr
	}
	if o.Dir == "" {
		o.Dir = filepath.Join(o.Root, "web")
	}
	if o.BrotliQuality == 0 {
		o.BrotliQuality = 11
	}
	// Test binaries of several packages may prepare the same bundle at once
	// (go test ./... runs them in parallel): one at a time.
	unlock, err := lockDir(o.Dir)
	if err != nil {
		return "", err
	}
	defer unlock()
	wasm := filepath.Join(o.Dir, "app.wasm")
	stale, why, err := Stale(o.Root, wasm)
	if err != nil {
		return "", err
	}
	if stale || o.Force {
		if o.Force {
			why = "a rebuild was asked for"
		}
		fmt.Fprintf(o.Log, "dxscope: building web/app.wasm (%s): GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' (-gcflags=-l but for the runtime and the standard packages the decoder runs per byte) %s\n", why, WasmPackage)
		t := time.Now()
		if err := BuildWasm(o.Root, wasm, o.Log); err != nil {
			return "", err
		}
		fmt.Fprintf(o.Log, "dxscope: built in %.1fs\n", time.Since(t).Seconds())
	}
	version, err := ContentVersion(o.Dir)
	if err != nil {
		return "", err
	}
	var wasmSize int64
	if st, err := os.Stat(wasm); err == nil {
		wasmSize = st.Size()
	}
	dxapp.Register()
	h := dxapp.HandlerFor(version, wasmSize)
	// Generate beside the bundle and rename each file into place: a server
	// running from the same folder (another test, an earlier serve) must never
	// send a half-written page.
	tmp, err := os.MkdirTemp(o.Dir, ".generate-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := app.GenerateStaticWebsite(tmp, h); err != nil {
		return "", fmt.Errorf("generating the page: %w", err)
	}
	for _, name := range generated {
		if err := os.Rename(filepath.Join(tmp, name), filepath.Join(o.Dir, name)); err != nil {
			return "", fmt.Errorf("generating the page: %w", err)
		}
	}
	if !o.NoCompress {
		if err := CompressAll(o.Dir, o.BrotliQuality, o.Log); err != nil {
			return "", err
		}
	}
	return version, nil
}

// ContentVersion hashes every bundle file that is not generated from it
// (app.wasm, styles, icons, examples), so the version changes exactly when
// returning browsers need new files.
func ContentVersion(dir string) (string, error) {
	skip := map[string]bool{}
	for _, g := range generated {
		skip[g] = true
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if e.IsDir() || skip[rel] || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") || strings.HasPrefix(e.Name(), ".") {
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(f), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// CompressAll writes name.gz and name.br beside each compressible file whose
// copies are missing or older than it. Each copy appears whole (written to a
// temporary name, then renamed), so the server may run meanwhile: it sends a
// copy only once it exists and is newer than its source.
func CompressAll(dir string, quality int, log io.Writer) error {
	return filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !compressible[filepath.Ext(p)] {
			return err
		}
		src, err := os.Stat(p)
		if err != nil {
			return err
		}
		for _, enc := range []string{"gz", "br"} { // gzip first: it takes a second, brotli -q 11 much longer
			dst := p + "." + enc
			if st, err := os.Stat(dst); err == nil && !st.ModTime().Before(src.ModTime()) {
				continue
			}
			raw, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			t := time.Now()
			var buf bytes.Buffer
			tool := "Go"
			if enc == "br" {
				// The brotli CLI (C) is several times faster at quality 11;
				// the Go port gives the same format when it is absent.
				// A 16 MB window (the most browsers decode) lets the 11 MB wasm
				// refer back across all of itself: 18 KB smaller than the default.
				if out, err := exec.Command("brotli", "-c", "-q", fmt.Sprint(quality), "-w", "24", p).Output(); err == nil && len(out) > 0 {
					buf.Write(out)
					tool = "brotli CLI"
				} else {
					w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: 24})
					w.Write(raw)
					w.Close()
				}
			} else {
				w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
				w.Write(raw)
				w.Close()
			}
			if err := os.WriteFile(dst+".tmp", buf.Bytes(), 0o644); err != nil {
				return err
			}
			if err := os.Rename(dst+".tmp", dst); err != nil {
				return err
			}
			if len(raw) > 1<<20 {
				rel, _ := filepath.Rel(dir, dst)
				fmt.Fprintf(log, "dxscope: compressed %s: %d → %d bytes in %.1fs (%s)\n", rel, len(raw), buf.Len(), time.Since(t).Seconds(), tool)
			}
		}
		return nil
	})
}

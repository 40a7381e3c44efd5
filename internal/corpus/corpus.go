// Package corpus finds the shared corpus of real compiler output that tests
// run against (../shared/corpus from the repository root, or $DXSCOPE_CORPUS).
// The corpus is never copied into the repository; tests skip without it.
//
// It also holds what the tests of several packages share: reading corpus and
// repository files, the external programs they compare with (Tool, Run,
// RunEach, OutputMatch, SQLite), running in parallel, measuring a decode's
// cost, benchmarks and fuzz seeds.
package corpus

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
)

// Entry is one row of MANIFEST.tsv.
type Entry struct {
	Path        string   // absolute path of the container file
	Rel         string   // path relative to the corpus root, e.g. "real/owner__repo/name"
	SourceRepo  string   // where it came from
	SourcePath  string   // path in that repository
	Size        int64    // bytes
	Parts       []string // part names in directory order
	Stage       string   // ps, vs, cs, lib, none, ...
	ShaderModel string   // "6.0"
	Digest      string   // ok, zero, BAD
	PSVSize     string   // runtime-info size or "-"
	Extra       string
	Obj2yaml    string // "ok" or "fail"
	Note        string
}

// Listing returns the path of the compiler listing beside the file, or "" when there is none.
func (e Entry) Listing() string { return e.beside(".listing.txt") }

// HLSL returns the path of the HLSL source beside the file, or "".
func (e Entry) HLSL() string { return e.beside(".hlsl.txt") }

// beside returns the path of the file's companion with that suffix, or "".
func (e Entry) beside(suffix string) string {
	p := e.Path + suffix
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// ListingText returns the compiler listing beside the file, or "" when there
// is none; one that cannot be read fails the test.
func (e Entry) ListingText(t TB) string {
	t.Helper()
	if p := e.Listing(); p != "" {
		return string(readFile(t, e.Rel, p))
	}
	return ""
}

// Bytes returns the file's bytes, or fails the test when they cannot be read.
func (e Entry) Bytes(t TB) []byte {
	t.Helper()
	return readFile(t, e.Rel, e.Path)
}

// readFile reads path, or fails the test naming the corpus file it belongs to.
func readFile(t TB, rel, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return b
}

// Paths returns the files' paths.
func Paths(es []Entry) []string {
	paths := make([]string, len(es))
	for i, e := range es {
		paths[i] = e.Path
	}
	return paths
}

// Has reports whether the file has a part of that name.
func (e Entry) Has(part string) bool {
	for _, p := range e.Parts {
		if p == part {
			return true
		}
	}
	return false
}

// Dir returns the corpus directory and whether it exists.
func Dir() (string, bool) {
	if d := os.Getenv("DXSCOPE_CORPUS"); d != "" {
		st, err := os.Stat(d)
		return d, err == nil && st.IsDir()
	}
	d := filepath.Clean(filepath.Join(repoRoot(), "..", "shared", "corpus"))
	st, err := os.Stat(d)
	return d, err == nil && st.IsDir()
}

// Default reports whether the corpus is the shared one at ../shared/corpus
// (DXSCOPE_CORPUS unset): a test that asks the corpus to hold an example of
// everything (every lesson's field), or to reach the agreement it reached
// with its listings, asks it of that corpus alone.
func Default() bool { return os.Getenv("DXSCOPE_CORPUS") == "" }

// repoRoot is the repository's folder.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0) // <repo>/internal/corpus/corpus.go
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

// RepoFile returns a file of the repository itself (web/examples,
// testdata), named by its path from the repository's folder, or fails the
// test.
func RepoFile(t TB, rel string) []byte {
	t.Helper()
	return readFile(t, rel, filepath.Join(repoRoot(), rel))
}

// TB is the part of testing.TB the corpus needs, so this package does not import testing.
type TB interface {
	Helper()
	Skipf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Entries returns every manifest row, or skips the test when the corpus is absent.
func Entries(t TB) []Entry {
	t.Helper()
	d, ok := Dir()
	if !ok {
		Skip(t, "corpus", "corpus not found at %s (set DXSCOPE_CORPUS): skipping corpus test", d)
		return nil
	}
	es, err := Read(d)
	if err != nil {
		t.Fatalf("reading corpus manifest: %v", err)
	}
	return es
}

// WithPart returns the entries that have the named part, in manifest order.
func WithPart(es []Entry, part string) []Entry {
	var out []Entry
	for _, e := range es {
		if e.Has(part) {
			out = append(out, e)
		}
	}
	return out
}

// Sample returns every nth entry plus the four largest with a DXIL part and
// the largest of all: the files whose share links exceed MaxLinkLength
// (docs/share-links.md) and so go by hash, in a corpus of DXC's output or
// of FXC's. Skips the test when the corpus is absent.
func Sample(t TB, n int) []Entry {
	t.Helper()
	all := Entries(t)
	var out []Entry
	for i, e := range all {
		if i%n == 0 {
			out = append(out, e)
		}
	}
	dxil := WithPart(all, "DXIL")
	sort.Slice(dxil, func(i, j int) bool { return dxil[i].Size > dxil[j].Size })
	out = append(out, dxil[:min(4, len(dxil))]...)
	var largest *Entry
	for i := range all {
		if largest == nil || all[i].Size > largest.Size {
			largest = &all[i]
		}
	}
	if largest != nil && !slices.ContainsFunc(out, func(e Entry) bool { return e.Rel == largest.Rel }) {
		out = append(out, *largest)
	}
	return out
}

// SmallestFirst sorts es by file size, smallest first, and returns it.
func SmallestFirst(es []Entry) []Entry {
	sort.Slice(es, func(i, j int) bool { return es[i].Size < es[j].Size })
	return es
}

// Available returns every manifest row, or none when the corpus is absent or
// its manifest unreadable: for fuzz seeds and tests that also run without it.
func Available() []Entry {
	d, ok := Dir()
	if !ok {
		return nil
	}
	es, err := Read(d)
	if err != nil {
		return nil
	}
	return es
}

// Read parses MANIFEST.tsv in dir.
func Read(dir string) ([]Entry, error) {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		for len(c) < 13 {
			c = append(c, "")
		}
		e := Entry{Rel: c[0], Path: filepath.Join(dir, c[0]), SourceRepo: c[1], SourcePath: c[2],
			Parts: strings.Fields(c[5]), Stage: c[6], ShaderModel: c[7], Digest: c[8], PSVSize: c[9],
			Extra: c[10], Obj2yaml: c[11], Note: c[12]}
		var n int64
		for _, ch := range c[4] {
			if ch >= '0' && ch <= '9' {
				n = n*10 + int64(ch-'0')
			}
		}
		e.Size = n
		out = append(out, e)
	}
	return out, sc.Err()
}

// Path returns the path of one corpus file, named by its path under the
// corpus folder (as MANIFEST.tsv names it), or skips the test when the
// corpus or the file is absent: tests that name files of the shared corpus
// skip, not fail, on another corpus.
func Path(t TB, rel string) string {
	t.Helper()
	d, ok := Dir()
	if !ok {
		Skip(t, "corpus", "corpus not found at %s (set DXSCOPE_CORPUS): skipping", d)
		return ""
	}
	path := filepath.Join(d, rel)
	if _, err := os.Stat(path); err != nil {
		Skip(t, "named file", "corpus file %s is not in %s: skipping", rel, d)
		return ""
	}
	return path
}

// File returns the path and bytes of one corpus file as Path finds it; one
// that is there but cannot be read fails the test.
func File(t TB, rel string) (string, []byte) {
	t.Helper()
	path := Path(t, rel)
	return path, readFile(t, rel, path)
}

// Bytes returns one corpus file's bytes as File reads them.
func Bytes(t TB, rel string) []byte {
	t.Helper()
	_, b := File(t, rel)
	return b
}

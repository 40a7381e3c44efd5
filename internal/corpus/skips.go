package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// What a test needs that a fresh clone may lack, and how to get it: the
// package's closing line names these.
var needs = map[string]string{
	"corpus":     "put the shared corpus at ../shared/corpus or set DXSCOPE_CORPUS=DIR to run the ~1,960-file corpus tests",
	"llvm-19":    "apt-get install llvm-19 to run the differential tests against obj2yaml-19, yaml2obj-19, llvm-dis-19, llvm-bcanalyzer-19",
	"chromium":   "apt-get install chromium to run the browser tests",
	"sqlite3":    "apt-get install sqlite3 to run the tests that build databases",
	"node":       "apt-get install nodejs to run the wasm decoder tests",
	"diff":       "apt-get install diffutils to compare the code diff with GNU diff -u",
	"g++":        "apt-get install g++ to compile the printed C++ (root signatures, input layouts) and read it back",
	"named file": "these tests read files of the shared corpus by name, and this corpus lacks them",
}

var (
	mu      sync.Mutex
	skipped = map[string]int{}
)

// Skip skips a test because what (a key of the needs table: "corpus",
// "llvm-19", "chromium", "sqlite3", "node", "diff", "g++", "named file";
// or a kind of file the corpus has none of, such as "debug") is missing,
// and counts it for Report.
func Skip(t TB, what, format string, args ...any) {
	t.Helper()
	mu.Lock()
	skipped[what]++
	mu.Unlock()
	t.Skipf(format, args...)
}

// M is the part of *testing.M that Main needs.
type M interface{ Run() int }

// Main runs a package's tests and then says, in one line per missing
// thing, how many tests it skipped and how to run them. Use it from
// TestMain: func TestMain(m *testing.M) { corpus.Main(m) }.
func Main(m M) {
	_, file, _, _ := runtime.Caller(1)
	code := m.Run()
	if line := Report(); line != "" {
		say(packageOf(file) + ": " + line)
	}
	os.Exit(code)
}

// packageOf names the folder of a test file relative to the repository.
func packageOf(file string) string {
	if rel, err := filepath.Rel(repoRoot(), filepath.Dir(file)); err == nil {
		return "./" + filepath.ToSlash(rel)
	}
	return filepath.Dir(file)
}

// Report is the closing line: what was missing and how many tests skipped.
func Report() string {
	mu.Lock()
	defer mu.Unlock()
	var keys []string
	for k := range skipped {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		n := skipped[k]
		word := "tests"
		if n == 1 {
			word = "test"
		}
		if how, ok := needs[k]; ok {
			parts = append(parts, fmt.Sprintf("%d %s skipped: no %s (%s)", n, word, k, how))
		} else {
			parts = append(parts, fmt.Sprintf("%d %s skipped: no %s in this corpus", n, word, k))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ")
}

// say prints the line where a person sees it. `go test ./...` hides the
// output of a passing package unless -v is given, so in that mode (Linux,
// the go command writing to a terminal or a pipe) the line goes to the go
// command's own standard output, where the package's "ok" line follows it;
// elsewhere, and with -v, it is ordinary test output.
func say(line string) {
	verbose := false
	for _, a := range os.Args[1:] {
		if strings.HasPrefix(a, "-test.v") && !strings.HasSuffix(a, "=false") {
			verbose = true
		}
	}
	if !verbose {
		out := fmt.Sprintf("/proc/%d/fd/1", os.Getppid())
		// Only a terminal or a pipe: writing into a regular file the go
		// command also writes to would overwrite its lines.
		st, serr := os.Stat(out)
		if comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", os.Getppid())); err == nil && serr == nil && !st.Mode().IsRegular() && strings.TrimSpace(string(comm)) == "go" {
			if f, err := os.OpenFile(out, os.O_WRONLY|os.O_APPEND, 0); err == nil {
				fmt.Fprintln(f, line)
				f.Close()
				return
			}
		}
	}
	fmt.Println(line)
}

package corpus

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"sync"
)

// Tool returns the path of an external program the tests compare with, or
// skips the test, counted under what (a key of the needs table: "llvm-19",
// "sqlite3"), when it is not installed.
func Tool(t TB, what, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		Skip(t, what, "%s not installed: skipping", name)
	}
	return path
}

// Run runs tool with in as its standard input and returns its standard
// output; the error carries what the tool wrote to its standard error.
func Run(tool string, in []byte, args ...string) (string, error) {
	cmd := exec.Command(tool, args...)
	cmd.Stdin = bytes.NewReader(in)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return out.String(), nil
}

// Parallel calls fn(0) … fn(n-1), at most limit at a time (the machine is
// shared), and returns when every call has returned.
func Parallel(n, limit int, fn func(i int)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, limit))
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			fn(i)
		}()
	}
	wg.Wait()
}

// Spread keeps every n-th of xs so that about want remain (each run of an
// external tool costs time), unless the environment variable env is set to
// ask for all of them.
func Spread[T any](xs []T, want int, env string) []T {
	if os.Getenv(env) != "" || len(xs) <= want {
		return xs
	}
	step := len(xs) / want
	var s []T
	for i := 0; i < len(xs); i += step {
		s = append(s, xs[i])
	}
	return s
}

// OutputMatch runs tool with args and returns the first group re finds in
// what it prints, or nil when the tool fails or re finds nothing.
func OutputMatch(re *regexp.Regexp, tool string, args ...string) []byte {
	out, err := exec.Command(tool, args...).Output()
	if err != nil {
		return nil
	}
	if m := re.FindSubmatch(out); m != nil {
		return m[1]
	}
	return nil
}

// RunEach runs tool on each path, as many at a time as the machine has
// cores, and hands fn what it printed (or why it failed) from the goroutine
// that ran it.
func RunEach(tool string, paths []string, fn func(i int, out []byte, err error)) {
	Parallel(len(paths), max(2, runtime.NumCPU()), func(i int) {
		out, err := exec.Command(tool, paths[i]).Output()
		fn(i, out, err)
	})
}

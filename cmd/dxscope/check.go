package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["check"] = command{"[-r] [--json] [--strict] FILE|DIR...",
		"one line per container: status, problem counts, digest; -r walks folders, files with containers inside report each as PATH@0xOFFSET", runCheck}
}

// checkResult is one line of check: a container (or a file that is none).
type checkResult struct {
	Path     string `json:"path"`
	Status   string `json:"status"` // ok (notes at most), problems, error (not a container, unreadable)
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	Notes    int    `json:"notes"`
	Digest   string `json:"digest"` // valid, unsigned, bypass, mismatch; - when not a container
	Message  string `json:"message,omitempty"`
	inner    bool   // found inside another file
}

// checkFile decodes one file: itself when it is a container, else every
// container found inside it; a file with none is one error line.
func checkFile(path string) []checkResult {
	b, err := readInput(path)
	if err != nil {
		return []checkResult{{Path: path, Status: "error", Digest: "-", Message: err.Error()}}
	}
	if f, err := decode.Parse(b); err == nil {
		return []checkResult{resultOf(path, f)}
	} else if found := decode.Scan(b); len(found) > 0 {
		out := make([]checkResult, 0, len(found))
		for _, e := range found {
			name := fmt.Sprintf("%s@0x%x", path, e.Offset)
			c, _ := decode.ContainerAt(b, e.Offset)
			f, err := decode.Parse(c)
			if err != nil {
				out = append(out, checkResult{Path: name, Status: "error", Digest: "-", Message: err.Error(), inner: true})
				continue
			}
			r := resultOf(name, f)
			r.inner = true
			out = append(out, r)
		}
		return out
	} else {
		return []checkResult{{Path: path, Status: "none", Digest: "-", Message: err.Error()}}
	}
}

func resultOf(path string, f *decode.File) checkResult {
	e, w, n := decode.CountProblems(f.Problems)
	r := checkResult{Path: path, Status: "ok", Errors: e, Warnings: w, Notes: n, Digest: f.Digest.Status.String()}
	if e+w > 0 {
		r.Status = "problems"
	}
	return r
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	pos, flags := splitFlags(args, nil)
	_, recursive := flags["r"]
	_, asJSON := flags["json"]
	_, strict := flags["strict"]
	if len(pos) == 0 {
		fmt.Fprintln(stderr, "usage: dxscope check [-r] [--json] [--strict] FILE|DIR...")
		return 2
	}
	// The files, in a stable order: each argument's walk sorted by path.
	// Files found by walking that hold no container are counted, not listed.
	var paths []string
	walked := map[int]bool{}
	for _, p := range pos {
		st, err := os.Stat(p)
		if err == nil && st.IsDir() && recursive {
			filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() {
					walked[len(paths)] = true
					paths = append(paths, q)
				}
				return nil
			})
			continue
		}
		paths = append(paths, p)
	}
	results := make([][]checkResult, len(paths))
	progress := isTerminal(stderr) && len(paths) > 1
	var done int64
	var mu sync.Mutex
	work := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results[i] = checkFile(paths[i])
				if progress {
					mu.Lock()
					done++
					if done%64 == 0 || done == int64(len(paths)) {
						fmt.Fprintf(stderr, "\rchecked %d/%d files", done, len(paths))
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range paths {
		work <- i
	}
	close(work)
	wg.Wait()
	if progress {
		fmt.Fprint(stderr, "\r\033[K")
	}

	var files, containers, ok, withProblems, errs, none int
	digests := map[string]int{}
	status := 0
	enc := json.NewEncoder(stdout)
	for i, rs := range results {
		files++
		for _, r := range rs {
			if r.Status == "none" {
				if walked[i] {
					none++
					continue
				}
				r.Status = "error" // named on the command line: it should have been a container
			}
			switch r.Status {
			case "ok":
				ok++
				containers++
			case "problems":
				withProblems++
				containers++
			default:
				errs++
				status = 1
			}
			if r.Digest != "-" {
				digests[r.Digest]++
			}
			if strict && (r.Errors > 0 || r.Digest == "mismatch") {
				status = 1
			}
			if asJSON {
				enc.Encode(r)
			} else {
				fmt.Fprintf(stdout, "%s\t%s\t%d\t%d\t%d\t%s\n", text.Safe(r.Path), r.Status, r.Errors, r.Warnings, r.Notes, r.Digest)
			}
			if r.Message != "" && !asJSON && !recursive {
				fmt.Fprintf(stderr, "dxscope: %s: %s\n", text.Safe(r.Path), text.Safe(r.Message))
			}
		}
	}
	if len(paths) > 1 || recursive {
		var ds []string
		for k, v := range digests {
			ds = append(ds, fmt.Sprintf("%d %s", v, k))
		}
		sort.Strings(ds)
		fmt.Fprintf(stderr, "%s (%d without a container), %s: %d ok, %d with problems, %s; digests: %s\n", plural(files, "file"), none,
			plural(containers, "container"), ok, withProblems, plural(errs, "error"), strings.Join(ds, ", "))
	}
	return status
}

// isTerminal says whether w is a terminal (a character device), where a
// progress line helps rather than litters a log.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

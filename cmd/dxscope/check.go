package main

import (
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
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
	commands["check"] = command{"[-r] [--json] [--strict] [--problems] FILE|DIR...",
		"one line per container: status, problem counts, digest; -r walks folders, files with containers inside report each as PATH@0xOFFSET; --problems lists each problem (and the validator rule it breaks) under its line", runCheck}
}

// checkEntry is one path check reads: a FILE named on the command line, or
// one found by walking (walked); err says why it cannot be read at all.
type checkEntry struct {
	path   string
	walked bool
	err    error
}

// isDir says whether path is, or leads by links to, a folder.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// checkResult is one line of check: a container (or a file that is none).
type checkResult struct {
	Path     string `json:"path"`
	Status   string `json:"status"` // ok (notes at most), problems, error (not a container, unreadable)
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	Notes    int    `json:"notes"`
	Digest   string `json:"digest"` // valid, debug, bypass, preview-bypass, unsigned, mismatch; - when not a container
	Message  string `json:"message,omitempty"`
	// Problems are the container's problems, each with its rule when it
	// breaks one; written with --problems only.
	Problems []decode.Problem `json:"problems,omitempty"`
	inner    bool             // found inside another file
	problems []decode.Problem
}

// checkFile decodes one file: itself when it is a container, else every
// container found inside it, else every container a C array of it spells
// (an -Fh header); a file with none is one error line.
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
			c, _ := decode.ContainerAt(b, e.Offset)
			out = append(out, innerResult(fmt.Sprintf("%s@0x%x", path, e.Offset), c))
		}
		if end, stopped := decode.ScanStopped(found); stopped {
			last := &out[len(out)-1]
			last.Message = strings.TrimPrefix(last.Message+"; ", "; ") +
				fmt.Sprintf("the scan stops at this container, the %dth found; more may follow 0x%x", len(found), end)
		}
		return out
	} else if arrays := decode.CArrays(b); len(arrays) > 0 {
		// A source text (an -Fh header): each C array that spells a container.
		out := make([]checkResult, 0, len(arrays))
		for _, a := range arrays {
			out = append(out, innerResult(path+"@"+a.Name, a.Bytes))
		}
		return out
	} else {
		return []checkResult{{Path: path, Status: "none", Digest: "-", Message: err.Error()}}
	}
}

// innerResult decodes a container found inside another file, named name.
func innerResult(name string, c []byte) checkResult {
	f, err := decode.Parse(c)
	if err != nil {
		return checkResult{Path: name, Status: "error", Digest: "-", Message: err.Error(), inner: true}
	}
	r := resultOf(name, f)
	r.inner = true
	return r
}

func resultOf(path string, f *decode.File) checkResult {
	e, w, n := decode.CountProblems(f.Problems)
	r := checkResult{Path: path, Status: "ok", Errors: e, Warnings: w, Notes: n, Digest: f.Digest.Status.String(), problems: f.Problems}
	if e+w > 0 {
		r.Status = "problems"
	}
	return r
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check")
	recursive := fs.Bool("r", false, "walk folders")
	jsonFlag := fs.Bool("json", false, "one JSON object per line")
	strictFlag := fs.Bool("strict", false, "exit 1 on an error-severity problem or a mismatched digest")
	problemsFlag := fs.Bool("problems", false, "each problem under its container's line (with --json: a problems list), with the validator rule it breaks")
	pos, ok := parseArgs(fs, args, 1, -1, stderr)
	if !ok {
		return 2
	}
	asJSON, strict := *jsonFlag, *strictFlag
	// The files, in a stable order: each argument's walk sorted by path.
	// Files found by walking that hold no container are counted, not listed;
	// everything the walk finds that cannot be checked (a folder it cannot
	// list, a named pipe, a device, a link to a folder) is an error line.
	var entries []checkEntry
	for _, p := range pos {
		st, err := os.Stat(p)
		if err == nil && st.IsDir() && *recursive {
			filepath.WalkDir(p, func(q string, d iofs.DirEntry, err error) error {
				switch {
				case err != nil:
					// Called a second time for a folder it could not list.
					var pe *iofs.PathError
					if errors.As(err, &pe) {
						err = pe.Err // the path is the line's own
					}
					entries = append(entries, checkEntry{path: q, err: fmt.Errorf("cannot read this folder: %w", err)})
				case d.IsDir():
				case d.Type()&iofs.ModeSymlink != 0 && isDir(q):
					entries = append(entries, checkEntry{path: q, err: errors.New("a symbolic link to a folder: not followed")})
				default:
					entries = append(entries, checkEntry{path: q, walked: true})
				}
				return nil
			})
			continue
		}
		entries = append(entries, checkEntry{path: p})
	}
	paths := make([]string, len(entries))
	for i, e := range entries {
		paths[i] = e.path
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
				if err := entries[i].err; err != nil {
					results[i] = []checkResult{{Path: paths[i], Status: "error", Digest: "-", Message: err.Error()}}
				} else {
					results[i] = checkFile(paths[i])
				}
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

	var files, containers, oks, withProblems, errs, none, lines int
	digests := map[string]int{}
	status := 0
	for i, rs := range results {
		files++
		for _, r := range rs {
			if r.Status == "none" {
				if entries[i].walked {
					none++
					continue
				}
				r.Status = "error" // named on the command line: it should have been a container
			}
			switch r.Status {
			case "ok":
				oks++
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
			if *problemsFlag {
				r.Problems = r.problems
			}
			if asJSON {
				if jsonLine(stdout, stderr, r, lines) {
					lines++
				}
			} else {
				fmt.Fprintf(stdout, "%s\t%s\t%d\t%d\t%d\t%s\n", text.Safe(r.Path), r.Status, r.Errors, r.Warnings, r.Notes, r.Digest)
				for _, p := range r.Problems {
					fmt.Fprintf(stdout, "\t%s\n", text.Safe(p.String()))
				}
			}
			if r.Message != "" && !asJSON {
				if strings.HasPrefix(r.Message, r.Path) {
					fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(r.Message)) // it names the file already
				} else {
					fmt.Fprintf(stderr, "dxscope: %s: %s\n", text.Safe(r.Path), text.Safe(r.Message))
				}
			}
		}
	}
	if len(paths) > 1 || *recursive {
		var ds []string
		for k, v := range digests {
			ds = append(ds, fmt.Sprintf("%d %s", v, k))
		}
		sort.Strings(ds)
		fmt.Fprintf(stderr, "%s (%d without a container), %s: %d ok, %d with problems, %s; digests: %s\n", plural(files, "file"), none,
			plural(containers, "container"), oks, withProblems, plural(errs, "error"), strings.Join(ds, ", "))
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

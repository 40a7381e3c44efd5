package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Every text has a budget (issue: hostile input, second round): a text
// command stops after maxText bytes with a line saying where and why, and
// --full prints all of it.

// hostileFile writes b to a file of the test's and returns its path.
func hostileFile(t *testing.T, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTextCommandsStopAtTheirBudget(t *testing.T) {
	defer func(m int) { maxText = m }(maxText)
	maxText = 64 << 10
	rdef := hostileFile(t, "members.dxbc", hostile.SharedMembersRDEF(4096, 4096))
	rts := hostileFile(t, "ranges.dxbc", hostile.SharedRanges(2048, 2048))
	// Fourteenth round: link and reflect printed their texts whole (a pair
	// of signatures of 4,096 elements of one 1 KB name, 200 KB: 12 MB of
	// link text, 65 bytes per byte whatever the size).
	vs, ps := hostile.LinkagePair(4096, 1024)
	up, down := hostileFile(t, "vs.dxbc", vs), hostileFile(t, "ps.dxbc", ps)
	names := hostileFile(t, "names.dxbc", hostile.SharedResourceName(4096, 4096))
	// Nineteenth round: check --problems and sources printed theirs whole
	// (4,095 damaged parts, 541 KB: 10.7 MB of problems, 20 bytes per byte).
	damaged := hostileFile(t, "damaged.dxbc", hostile.DamagedParts(64))
	sources := hostileFile(t, "sources.dxbc", hostile.SameNamedSources(2000))
	// Twentieth: the input layout prints the one 1 KB name once per element.
	inputs := hostileFile(t, "inputs.dxbc", hostile.VertexInputs(4096, 1024))
	for _, c := range []struct {
		args []string
		full int // the status with --full
	}{{[]string{"rdef", rdef}, 0}, {[]string{"asm", rdef}, 0}, {[]string{"rootsig", rts}, 0}, {[]string{"rootsig", "--cpp", rts}, 0}, {[]string{"inputlayout", inputs}, 0}, {[]string{"diff", "--text", rdef, vertex}, 1},
		{[]string{"link", up, down}, 1}, {[]string{"link", "--json", up, down}, 1}, {[]string{"reflect", names}, 0}, {[]string{"reflect", "--json", names}, 0},
		{[]string{"check", "--problems", damaged}, 0}, {[]string{"sources", sources}, 0}, {[]string{"json", damaged}, 0}} {
		args := c.args
		code, out, errs := runCmd(args...)
		if slices.Contains(args, "--json") || args[0] == "json" {
			// A JSON document past the budget is not written at all: cut
			// short, it would not parse.
			if code != 1 || out != "" || !strings.Contains(errs, "dxscope: "+args[0]+": the JSON document would be ") || !strings.Contains(errs, "past the text budget of 64 KiB: nothing written") {
				t.Errorf("%q: exit %d, stdout %d bytes, stderr %q", args, code, len(out), errs)
			}
			code, full, _ := runCmd(append(args, "--full")...)
			if code != c.full || len(full) <= maxText || !json.Valid([]byte(full)) {
				t.Errorf("%q --full: exit %d, %d bytes, valid JSON %v", args, code, len(full), json.Valid([]byte(full)))
			}
			continue
		}
		stop := "… dxscope stopped this text at its budget of 64 KiB; dxscope " + args[0] + " --full prints all of it\n"
		if code != 1 || !strings.HasSuffix(out, stop) || len(out) > maxText+len(stop) {
			t.Errorf("%q: exit %d, %d bytes ending %q", args, code, len(out), out[max(0, len(out)-120):])
		}
		if !strings.Contains(errs, "the text stopped at its budget of 64 KiB (--full prints all of it)") {
			t.Errorf("%q: standard error says %q", args, errs)
		}
		// Only whole lines before the last one.
		if lines := strings.Split(strings.TrimSuffix(out, stop), "\n"); lines[len(lines)-1] != "" {
			t.Errorf("%q: the text ends inside a line: %q", args, lines[len(lines)-1])
		}
		code, full, _ := runCmd(append(args, "--full")...)
		if code != c.full || len(full) <= maxText || strings.Contains(full, "dxscope stopped this text") {
			t.Errorf("%q --full: exit %d, %d bytes", args, code, len(full))
		}
	}
}

// check --json writes JSON Lines, one document a container: at the budget
// it stops before the line that would pass it, so every line written
// parses, and says so on standard error alone.
func TestCheckJSONLinesStopAtTheBudget(t *testing.T) {
	defer func(m int) { maxText = m }(maxText)
	maxText = 64 << 10
	var paths []string
	for i := range 40 {
		paths = append(paths, hostileFile(t, fmt.Sprintf("damaged%d.dxbc", i), hostile.DamagedParts(4)))
	}
	args := append([]string{"check", "--json", "--problems"}, paths...)
	code, out, errs := runCmd(args...)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(out) > maxText || len(lines) == 0 || len(lines) >= len(paths) {
		t.Fatalf("exit %d, %d bytes in %d lines of %d containers", code, len(out), len(lines), len(paths))
	}
	for i, l := range lines {
		var r checkResult
		if err := json.Unmarshal([]byte(l), &r); err != nil || r.Path != paths[i] || len(r.Problems) == 0 {
			t.Fatalf("line %d: %v, path %q, %d problems", i, err, r.Path, len(r.Problems))
		}
	}
	want := fmt.Sprintf("dxscope: check: the JSON lines stopped at the text budget of 64 KiB after %d lines (--full writes all of them)", len(lines))
	if !strings.Contains(errs, want) {
		t.Errorf("standard error says %q, want %q", errs, want)
	}
	code, full, _ := runCmd(append(args, "--full")...)
	if n := strings.Count(full, "\n"); code != 0 || n != len(paths) {
		t.Errorf("--full: exit %d, %d lines of %d containers", code, n, len(paths))
	}
}

// TestDBNamesALongListAgain: 4,000 pipelines naming one stream-output
// description of 4,000 declarations print the description once.
func TestDBNamesALongListAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "so.sodb")
	corpus.SQLite(t, path, hostile.SharedStreamOutSQL(4000, 4000))
	out := runOK(t, "db", path)
	if n := strings.Count(out, "stream_out_descs P: 4006 fields, as above"); n != 3999 {
		t.Errorf("%d pipelines name the description printed above", n)
	}
	if n := strings.Count(out, "Declaration: so_declarations"); n != 4000 {
		t.Errorf("%d declarations printed", n)
	}
	if len(out) > 2<<20 {
		t.Errorf("%d bytes of text for a %d-byte database", len(out), fileSize(t, path))
	}
}

func fileSize(t *testing.T, path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// sources -o of k files of one name (issue: hostile input, seventh round):
// each file tried every suffix the ones before it took (a-2.hlsl, a-3.hlsl,
// …), k² names (4,096 files in 103 KB: 455 MB allocated, 7.9 s). Now each
// name keeps the suffix to try next: what a byte costs stays flat over
// three sizes, each twice the last, and the names are those it was.
func TestSourcesOfOneNameCostTheirSize(t *testing.T) {
	hostile.FlatPerByte(t, "sources -o of files of one name", []int{512, 1024, 2048}, 1.5, "bytes allocated", func(k int) (int, float64) {
		data := hostile.SameNamedSources(k)
		dir := t.TempDir()
		path := filepath.Join(dir, "f.dxbc")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		var stdout, stderr bytes.Buffer
		code := 0
		alloc, _ := corpus.Cost(func() { code = run([]string{"sources", path, "-o", out}, &stdout, &stderr) })
		if code != 0 {
			t.Fatalf("k=%d: exit %d: %s", k, code, stderr.String())
		}
		t.Logf("k=%d: %d bytes, %d files written, %d KB allocated (%d per byte)", k, len(data), k, alloc>>10, alloc/uint64(len(data)))
		for _, name := range []string{"a.hlsl", "a-2.hlsl", fmt.Sprintf("a-%d.hlsl", k)} {
			if _, err := os.Stat(filepath.Join(out, name)); err != nil {
				t.Errorf("k=%d: %v", k, err)
			}
		}
		return len(data), float64(alloc)
	})
}

// sweepCommands are the CLI's commands that read one file, and those that
// read it twice (diff and link of a file with itself), as
// TestEveryCommandOnEveryFamily runs them: F is the file, OUT a file and
// DIR a folder of the test's.
var sweepCommands = [][]string{
	{"json", "F"}, {"parts", "F"}, {"psv", "F"}, {"rootsig", "F"}, {"rdat", "F"}, {"rdef", "F"},
	{"asm", "F"}, {"asm", "F", "--code"}, {"asm", "F", "--source"}, {"dxil", "F"}, {"dis", "F"}, {"dis", "F", "--source"},
	{"reflect", "F"}, {"reflect", "F", "--json"}, {"check", "F"}, {"check", "--json", "F"}, {"sources", "F", "-o", "DIR"},
	{"diff", "F", "F"}, {"diff", "--text", "F", "F"}, {"diff", "--json", "F", "F"},
	{"strip", "--debug", "--reflect", "--priv", "F", "-o", "OUT"}, {"sign", "F", "-o", "OUT"},
	{"extractrootsig", "F", "-o", "OUT"}, {"link", "F", "F"}, {"link", "--json", "F", "F"},
	{"rootsig", "--suggest", "F"}, {"rootsig", "--suggest", "F", "F"},
}

// TestEveryCommandOnEveryFamily runs every command of sweepCommands on
// every hostile family (hostile.Families) at its size K and at 4K: what a
// byte costs (bytes allocated, bytes written) may not double when the
// input grows fourfold, as a quadratic reader's would. It takes minutes,
// so it runs when DXSCOPE_SWEEP is set (docs/testing.md).
func TestEveryCommandOnEveryFamily(t *testing.T) {
	if os.Getenv("DXSCOPE_SWEEP") == "" {
		t.Skip("set DXSCOPE_SWEEP=1 to run every command on every hostile family (minutes)")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "f.dxbc")
	cost := func(data []byte, cmd []string) (alloc, written float64) {
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		os.RemoveAll(filepath.Join(dir, "src"))
		args := make([]string, len(cmd))
		for i, a := range cmd {
			args[i] = map[string]string{"F": file, "OUT": filepath.Join(dir, "out.dxbc"), "DIR": filepath.Join(dir, "src")}[a]
			if args[i] == "" {
				args[i] = a
			}
		}
		var out, errs bytes.Buffer
		a, _ := corpus.Cost(func() { run(args, &out, &errs) })
		return float64(a) / float64(len(data)), float64(out.Len()+errs.Len()) / float64(len(data))
	}
	for _, f := range hostile.Families {
		small, large := f.Make(f.K), f.Make(4*f.K)
		for _, cmd := range sweepCommands {
			name := f.Name + ": " + strings.Join(cmd, " ")
			a1, w1 := cost(small, cmd)
			a2, w2 := cost(large, cmd)
			hostile.Flat(t, name, []float64{a1, a2}, 2, "bytes allocated")
			hostile.Flat(t, name, []float64{w1, w2}, 2, "bytes written")
		}
	}
	t.Logf("%d families × %d commands: each within twice its cost per byte at four times the size", len(hostile.Families), len(sweepCommands))
}

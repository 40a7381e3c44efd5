package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// withTimeout runs the CLI, failing the test if it has not finished in 30 s
// (a named pipe or /dev/zero read as a file would hang or never end).
func withTimeout(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code      int
		out, errs string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errs := runCmd(args...)
		done <- result{code, out, errs}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.errs
	case <-time.After(30 * time.Second):
		t.Fatalf("dxscope %s did not finish in 30 s", strings.Join(args, " "))
		return 0, "", ""
	}
}

// deepFolder makes a folder whose path is longer than Linux's PATH_MAX
// (4,096 bytes), built level by level through os.Root, with a container at
// the bottom. Opening it by name fails (ENAMETOOLONG) even for root, who
// reads a folder whatever its permissions say: a folder check -r cannot read
// wherever the tests run. It returns the path of its first level.
func deepFolder(t *testing.T, dir string, container []byte) string {
	t.Helper()
	name := "z" + strings.Repeat("d", 199) // last in the folder
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	for depth := 0; len(dir)+depth*(len(name)+1) < 4400; depth++ {
		if err := r.Mkdir(name, 0o755); err != nil {
			t.Fatal(err)
		}
		sub, err := r.OpenRoot(name)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		r = sub
	}
	defer r.Close()
	if err := r.WriteFile("bottom.dxbc", container, 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, name)
}

// TestCheckFolderWithSpecialEntries: check -r over a folder holding good
// files, a named pipe, a link to /dev/zero and folders it cannot read
// prints a line for every one, says why on stderr, fails (with --strict
// too) and does not hang.
func TestCheckFolderWithSpecialEntries(t *testing.T) {
	dir := t.TempDir()
	good, _ := os.ReadFile(valid)
	bad, _ := os.ReadFile(damaged)
	os.WriteFile(filepath.Join(dir, "a-valid.dxbc"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "b-damaged.dxbc"), bad, 0o644)
	fifo := filepath.Join(dir, "c-fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "d-zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "e-locked")
	os.Mkdir(locked, 0o755)
	os.WriteFile(filepath.Join(locked, "inner.dxbc"), good, 0o644)
	os.Chmod(locked, 0)
	defer os.Chmod(locked, 0o755) // so that TempDir's cleanup can remove it
	deep := deepFolder(t, dir, good)

	// The lines check must print, in order: path, status.
	want := []string{
		filepath.Join(dir, "a-valid.dxbc") + "\tok",
		filepath.Join(dir, "b-damaged.dxbc") + "\tproblems",
		fifo + "\terror",
		zero + "\terror",
	}
	if _, err := os.ReadDir(locked); err != nil {
		want = append(want, locked+"\terror") // not root: the permissions hold
	} else {
		t.Logf("running as root: %s is readable; the %d-byte path below is what cannot be read", locked, 4400)
		want = append(want, filepath.Join(locked, "inner.dxbc")+"\tok")
	}
	tooLong := deep
	for len(tooLong) <= 4096 {
		tooLong = filepath.Join(tooLong, filepath.Base(deep))
	}
	// WalkDir lists the last folder whose path fits and fails to open the
	// next one (or fails on the first that does not fit).
	want = append(want, "\terror") // the too-long folder: matched by status only below

	for _, strict := range []bool{false, true} {
		args := []string{"check", "-r", dir}
		if strict {
			args = []string{"check", "--strict", "-r", dir}
		}
		code, out, errs := withTimeout(t, args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 1 {
			t.Errorf("%q: exit %d, want 1", args, code)
		}
		if len(lines) != len(want) {
			t.Fatalf("%q: %d lines, want %d:\n%s\nstderr:\n%s", args, len(lines), len(want), out, errs)
		}
		for i, w := range want {
			if i == len(want)-1 {
				path, rest, _ := strings.Cut(lines[i], "\t")
				if !strings.HasPrefix(path, deep) || len(path) < 4000 || !strings.HasPrefix(rest, "error\t") {
					t.Errorf("line %d: %.80q…, want the too-long folder as an error", i, lines[i])
				}
				continue
			}
			if !strings.HasPrefix(lines[i], w+"\t") {
				t.Errorf("line %d: %q, want %q…", i, lines[i], w)
			}
		}
		// The reasons, on stderr.
		wantAll(t, errs, "c-fifo is a named pipe, not a regular file", "d-zero is a symbolic link to a character device, not a regular file",
			"cannot read this folder: file name too long", " ok, 1 with problems")
	}
}

// Reading a FILE: only regular files, at most --max-size bytes (1 GiB by
// default), standard input too; each refusal is one line on stderr, exit 1.
func TestReadsAreRegularAndCapped(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero")
	os.Symlink("/dev/zero", zero)
	// An 8 GiB file that takes no room on disk: refused by its size, unread.
	sparse := filepath.Join(dir, "sparse.bin")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(8 << 30); err != nil {
		t.Skipf("no sparse file: %v", err)
	}
	f.Close()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"parts", fifo}, "fifo is a named pipe, not a regular file"},
		{[]string{"dis", zero}, "zero is a symbolic link to a character device, not a regular file"},
		{[]string{"json", "/dev/null"}, "/dev/null is a character device"},
		{[]string{"parts", sparse}, "sparse.bin holds 8.0 GiB, more than 1.0 GiB, the most dxscope reads (--max-size SIZE reads more)"},
		{[]string{"parts", sparse + "@0x10"}, "sparse.bin holds 8.0 GiB, more than 1.0 GiB"},
		{[]string{"parts", "--max-size", "64", valid}, "valid.dxbc holds 84 B, more than 64 B, the most dxscope reads"},
		{[]string{"check", fifo, zero}, "fifo is a named pipe"},
		{[]string{"diff", fifo, valid}, "fifo is a named pipe"},
		{[]string{"db", fifo}, "fifo is a named pipe"},
		{[]string{"extract", fifo, "DXIL"}, "fifo is a named pipe"},
	} {
		code, out, errs := withTimeout(t, tc.args...)
		if code == 0 || code == 2 && tc.args[0] != "diff" || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1 and %q", tc.args, code, out, errs, tc.want)
		}
		if tc.args[0] != "check" && out != "" {
			t.Errorf("%q wrote %q on standard output", tc.args, out)
		}
	}
	// --max-size lifts the cap: the same file reads with room to spare.
	if code, _, errs := runCmd("parts", "--max-size", "1KiB", valid); code != 0 {
		t.Errorf("--max-size 1KiB: exit %d: %s", code, errs)
	}
	// The cap holds for the next command again.
	if code, _, errs := runCmd("parts", valid); code != 0 {
		t.Errorf("after --max-size: exit %d: %s", code, errs)
	}

	// Standard input: read up to the cap and one byte more, no further.
	b, _ := os.ReadFile(valid)
	src := &countingReader{r: bytes.NewReader(append(b, make([]byte, 10000)...))}
	stdin = src
	defer func() { stdin = os.Stdin }()
	code, _, errs := runCmd("parts", "--max-size", "100", "-")
	if code != 1 || !strings.Contains(errs, "standard input holds more than 100 B, the most dxscope reads") {
		t.Errorf("stdin over the cap: exit %d, %q", code, errs)
	}
	if src.n != 101 {
		t.Errorf("read %d bytes of standard input, want 101 (the cap and one)", src.n)
	}
	stdin = bytes.NewReader(b)
	if code, out, errs := runCmd("parts", "--max-size", fmt.Sprint(len(b)), "-"); code != 0 || !strings.Contains(out, "Digest: valid") {
		t.Errorf("stdin at the cap: exit %d, %q", code, errs)
	}
}

type countingReader struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

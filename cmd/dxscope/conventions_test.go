package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

func TestHelpGoesToStdoutAndExitsZero(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, errs := runCmd(args...)
		if code != 0 || !strings.Contains(out, "usage: dxscope COMMAND") || errs != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	// Without arguments it is a mistake: usage on stderr, exit 2.
	if code, out, errs := runCmd(); code != 2 || out != "" || !strings.Contains(errs, "usage:") {
		t.Errorf("no args: exit %d, %q, %q", code, out, errs)
	}
	// Every command answers --help with its own usage, without touching a file named --help.
	for name := range commands {
		for _, flag := range []string{"--help", "-h"} {
			code, out, errs := runCmd(name, flag)
			if code != 0 || !strings.HasPrefix(out, "usage: dxscope "+name+" ") || errs != "" {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q", name, flag, code, out, errs)
			}
		}
	}
	if code, out, _ := runCmd("help", "parts"); code != 0 || !strings.HasPrefix(out, "usage: dxscope parts FILE") {
		t.Errorf("help parts: %d %q", code, out)
	}
	// The usage column is aligned: every help text starts in the same column.
	_, out, _ := runCmd("help")
	col := -1
	for name, c := range commands {
		for _, l := range strings.Split(out, "\n") {
			if i := strings.Index(l, c.help); i >= 0 {
				if col == -1 {
					col = i
				} else if i != col {
					t.Errorf("help text of %s starts at column %d, not %d", name, i, col)
				}
			}
		}
	}
}

func TestVersion(t *testing.T) {
	for _, a := range []string{"version", "--version"} {
		code, out, _ := runCmd(a)
		if code != 0 || !strings.HasPrefix(out, "dxscope ") || !strings.Contains(out, "go1.") {
			t.Errorf("%s: %d %q", a, code, out)
		}
	}
}

// A file of more containers than the scan takes (decode.MaxScanHits: a
// million) says where the scan stopped, in parts' guide and in check.
func TestScanThatStopsSaysSo(t *testing.T) {
	one := make([]byte, decode.HeaderSize) // a container of no parts
	copy(one, decode.Magic)
	binary.LittleEndian.PutUint16(one[20:], 1)
	binary.LittleEndian.PutUint32(one[24:], decode.HeaderSize)
	data := append(make([]byte, 0, 2+(decode.MaxScanHits+2)*len(one)), "XX"...)
	for range decode.MaxScanHits + 2 {
		data = append(data, one...)
	}
	path := filepath.Join(t.TempDir(), "cache.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	end := 2 + decode.MaxScanHits*len(one)
	_, _, errs := runCmd("parts", path)
	if want := fmt.Sprintf("the first %d containers inside (the scan stops there; more may follow 0x%x)", decode.MaxScanHits, end); !strings.Contains(errs, want) {
		t.Errorf("parts: %.300q, want %q", errs, want)
	}
	// A million lines pass check's text budget: --full prints them all.
	_, out, errs := runCmd("check", "--full", path)
	if n := strings.Count(out, "\n"); n != decode.MaxScanHits || !strings.Contains(errs, fmt.Sprintf("@0x%x: the scan stops at this container, the %dth found; more may follow 0x%x", end-len(one), decode.MaxScanHits, end)) {
		t.Errorf("check: %d lines, stderr %.300q", n, errs)
	}
}

func TestStdinAndOffsetsAndDirectories(t *testing.T) {
	b, err := os.ReadFile(valid)
	if err != nil {
		t.Fatal(err)
	}
	// "-" reads standard input.
	stdin = bytes.NewReader(b)
	defer func() { stdin = os.Stdin }()
	code, out, _ := runCmd("parts", "-")
	if code != 0 || !strings.Contains(out, "#0 - SFI0") {
		t.Errorf("parts -: %d %q", code, out)
	}
	// A container inside another file: named PATH@0xOFFSET, and the file
	// itself says so when opened.
	dir := t.TempDir()
	pack := filepath.Join(dir, "pack.bin")
	os.WriteFile(pack, append(append([]byte("header of a package file, 37 bytes.."), b...), "trailer"...), 0o644)
	code, _, errs := runCmd("parts", pack)
	if code != 1 || !strings.Contains(errs, "1 container inside; name one as PATH@0xOFFSET") || !strings.Contains(errs, pack+"@0x24") {
		t.Errorf("parts on a package: %d %q", code, errs)
	}
	code, out, _ = runCmd("parts", pack+"@0x24")
	if code != 0 || !strings.Contains(out, "Digest: valid") {
		t.Errorf("parts PATH@0x24: %d %q", code, out)
	}
	code, out, _ = runCmd("check", pack)
	if code != 0 || strings.TrimSpace(out) != pack+"@0x24\tok\t0\t0\t0\tvalid" {
		t.Errorf("check on a package: %d %q", code, out)
	}
	// A directory names -r.
	if code, _, errs := runCmd("parts", dir); code != 1 || !strings.Contains(errs, "check -r") {
		t.Errorf("parts DIR: %d %q", code, errs)
	}
	// A SQLite file points at db.
	db := filepath.Join(dir, "x.sqlite")
	os.WriteFile(db, append([]byte("SQLite format 3\x00"), make([]byte, 100)...), 0o644)
	if code, _, errs := runCmd("psv", db); code != 1 || !strings.Contains(errs, "dxscope db") {
		t.Errorf("psv on SQLite: %d %q", code, errs)
	}
}

func TestCheckRecursiveStrictAndJSON(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{valid, damaged, unaligned} {
		b, _ := os.ReadFile(f)
		os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
		os.WriteFile(filepath.Join(dir, "sub", filepath.Base(f)), b, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a shader"), 0o644)
	code, out, errs := runCmd("check", "-r", dir)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || code != 0 { // notes.txt holds no container: counted, not listed
		t.Fatalf("check -r: exit %d, %d lines:\n%s", code, len(lines), out)
	}
	if !strings.Contains(errs, "4 files (1 without a container), 3 containers: 2 ok, 1 with problems, 0 errors; digests: 1 mismatch, 2 valid") {
		t.Errorf("summary: %q", errs)
	}
	// Stable: the same bytes every run.
	for range 3 {
		if _, again, _ := runCmd("check", "-r", dir); again != out {
			t.Fatalf("output changed between runs")
		}
	}
	// --strict: an error-severity problem or a mismatched digest fails the run.
	if code, _, _ := runCmd("check", valid, unaligned); code != 0 {
		t.Errorf("notes only: exit %d", code)
	}
	if code, _, _ := runCmd("check", "--strict", valid, damaged); code != 1 {
		t.Errorf("--strict with errors: exit %d", code)
	}
	if code, _, _ := runCmd("check", valid, damaged); code != 0 {
		t.Errorf("without --strict problems exit %d", code)
	}
	// --json: one object per line.
	_, out, _ = runCmd("check", "--json", valid, damaged)
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r checkResult
		if err := json.Unmarshal([]byte(l), &r); err != nil || r.Path == "" || r.Digest == "" {
			t.Errorf("json line %q: %v", l, err)
		}
	}
}

// BenchmarkCheckCorpus is `dxscope check -r` over the whole corpus.
func BenchmarkCheckCorpus(b *testing.B) {
	d, ok := corpus.Dir()
	if !ok {
		b.Skip("no corpus")
	}
	var out, errs bytes.Buffer
	for b.Loop() {
		out.Reset()
		errs.Reset()
		run([]string{"check", "-r", d}, &out, &errs)
	}
	b.ReportMetric(float64(strings.Count(out.String(), "\n")), "containers")
}

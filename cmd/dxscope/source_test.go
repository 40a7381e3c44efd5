package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

var annotation = regexp.MustCompile(`^(;|//) (.*):(\d+): (.*)$`)

// dis --source and asm --source print the plain listing with source lines
// added above instructions, nothing else changed; each added line quotes its
// file's line, and for FXC /Zi builds it names the line of the #line FXC's
// own listing puts there.
func TestSourceListingsInterleaveTheirSource(t *testing.T) {
	files, added, hashLines := 0, 0, 0
	for _, e := range corpus.Entries(t) {
		cmd := ""
		switch {
		case e.Has("SPDB") || e.Has("SDBG"):
			cmd = "asm"
		case e.Has("ILDB"):
			cmd = "dis"
		default:
			continue
		}
		var plain, with, errs bytes.Buffer
		if code := run([]string{cmd, e.Path}, &plain, &errs); code != 0 {
			t.Fatalf("%s %s: exit %d: %s", cmd, e.Rel, code, errs.String())
		}
		errs.Reset()
		if code := run([]string{cmd, "--source", e.Path}, &with, &errs); code != 0 {
			t.Fatalf("%s --source %s: exit %d: %s", cmd, e.Rel, code, errs.String())
		}
		files++
		marker := map[string]string{"asm": "//", "dis": ";"}[cmd]
		// Walk both outputs: every line --source adds is a source line.
		var lines []string // the source lines named, in order
		want := strings.Split(strings.TrimSuffix(plain.String(), "\n"), "\n")
		k := 0
		for _, l := range strings.Split(strings.TrimSuffix(with.String(), "\n"), "\n") {
			if k < len(want) && l == want[k] {
				k++
				continue
			}
			m := annotation.FindStringSubmatch(l)
			if m == nil || m[1] != marker {
				t.Errorf("%s --source %s: added a line that is not a source line: %q", cmd, e.Rel, l)
				break
			}
			added++
			lines = append(lines, m[3])
		}
		if k != len(want) {
			t.Errorf("%s --source %s: %d of the %d lines of %s are there", cmd, e.Rel, k, len(want), cmd)
		}
		if len(lines) == 0 {
			t.Errorf("%s --source %s: no source line added", cmd, e.Rel)
		}
		// FXC's listing: the line after each #line N is ours for line N.
		if e.Has("SPDB") && e.Listing() != "" {
			k := 0
			for _, l := range strings.Split(e.ListingText(t), "\n") {
				f := strings.Fields(l)
				if len(f) >= 2 && f[0] == "#line" {
					if k >= len(lines) || lines[k] != f[1] {
						t.Errorf("%s: FXC's #line %s is not matched by our source line %d (%v)", e.Rel, f[1], k, lines)
						break
					}
					k++
					hashLines++
				}
			}
		}
	}
	if files == 0 {
		corpus.Skip(t, "debug information", "no corpus file with debug information")
	}
	t.Logf("%d files: %d source lines added, %d of them at the #line of FXC's own listing", files, added, hashLines)
}

// sources -o DIR writes the embedded files; the one of FXC 9's SDBG part
// is the HLSL the test suite compiled (beside it in the corpus).
func TestSourcesWritesTheEmbeddedFiles(t *testing.T) {
	checked := 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("SDBG") && !e.Has("SPDB") && !e.Has("ILDB") {
			continue
		}
		dir := t.TempDir()
		var out, errs bytes.Buffer
		if code := run([]string{"sources", e.Path, "-o", dir}, &out, &errs); code != 0 {
			t.Fatalf("%s: exit %d: %s", e.Rel, code, errs.String())
		}
		written, _ := filepath.Glob(filepath.Join(dir, "*"))
		if len(written) == 0 {
			t.Errorf("%s: no file written: %s", e.Rel, out.String())
		}
		if e.HLSL() == "" {
			continue
		}
		want, err := os.ReadFile(e.HLSL())
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, w := range written {
			got, _ := os.ReadFile(w)
			found = found || strings.TrimSpace(strings.ReplaceAll(string(got), "\r", "")) == strings.TrimSpace(strings.ReplaceAll(string(want), "\r", ""))
		}
		if !found {
			t.Errorf("%s: no written file is the HLSL beside it", e.Rel)
		}
		checked++
	}
	t.Logf("%d embedded sources equal the HLSL beside them", checked)
}

func TestSourceFileNamesStayInTheirDirectory(t *testing.T) {
	used := map[string]int{}
	for _, c := range []struct{ in, want string }{
		{`D:\src\shader.hlsl`, "shader.hlsl"},
		{`../../etc/passwd`, "passwd"},
		{`..`, "source2.hlsl"},
		{`a/b/shader.hlsl`, "shader-2.hlsl"},
		{"x\x00y:z", "x_y_z"},
	} {
		if got := sourceFileName(c.in, 2, used); got != c.want {
			t.Errorf("sourceFileName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// parts on a DXC PDB file lists the container of its stream 5 and the
// shader hash the PDB belongs to.
func TestPartsOfAPDBFile(t *testing.T) {
	_, carve := corpus.File(t, "real/microsoft__DirectXShaderCompiler/DXC__Inputs__old_pdb.pdb__offc00.dxil")
	var plain, errs bytes.Buffer
	dir := t.TempDir()
	cso := filepath.Join(dir, "carve.dxil")
	if err := os.WriteFile(cso, carve, 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"parts", cso}, &plain, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var hash []byte
	// The HASH part's digest: flags (4 bytes) then 16 bytes, found by name.
	if i := bytes.Index(carve, []byte("HASH")); i >= 0 {
		hash = carve[i+12 : i+28]
	}
	pdb := filepath.Join(dir, "shader.pdb")
	if err := os.WriteFile(pdb, hostile.DXCPDB(carve, hash), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	errs.Reset()
	if code := run([]string{"parts", pdb}, &out, &errs); code != 0 {
		t.Fatalf("parts x.pdb: exit %d: %s", code, errs.String())
	}
	got := out.String()
	want := "Shader hash: " + fmt.Sprintf("%x", hash) + "\n"
	if !strings.Contains(got, "container of stream 5, 2016 bytes at 0xc00") || !strings.Contains(got, want) || !strings.HasSuffix(got, plain.String()) {
		t.Errorf("parts x.pdb:\n%s\nwant the part list of the container:\n%s", got, plain.String())
	}
}

// TestSourceBoundsAreSaid: where a crafted SPDB's debug information passes
// a bound of the source mapping (a code offset named by more inline sites
// than it takes; a variable whose type nests past what naming follows), the
// --source listings and sources say so on stderr, and stdout keeps only
// the dump.
func TestSourceBoundsAreSaid(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		data []byte
		says string
	}{
		{"inline.dxbc", hostile.SPDBShader(hostile.InlineSitesPDB(100, 4)), "(SPDB S_INLINESITE): 4 code offset(s) each took 64 inline sites, the most one takes"},
		{"selfarray.dxbc", hostile.SPDBShader(hostile.SelfArrayPDB()), "(SPDB S_LOCAL): 1 variable piece(s) named only in part"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"asm", path, "--source"}, {"sources", path}} {
			_, out, errs := runCmd(args...)
			if !strings.Contains(errs, c.says) {
				t.Errorf("%s: stderr lacks %q:\n%s", strings.Join(args, " "), c.says, errs)
			}
			if strings.Contains(out, "inline sites") || strings.Contains(out, "named only in part") {
				t.Errorf("%s: a problem on stdout:\n%s", strings.Join(args, " "), out)
			}
		}
	}
}

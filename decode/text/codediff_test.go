package text

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestHunksMatchDiffU: for texts whose alignment is unique, the hunks are
// the ones GNU diff -u writes (its header lines aside).
func TestHunksMatchDiffU(t *testing.T) {
	exe := corpus.Tool(t, "diff", "diff")
	lines := func(n int, f func(i int) string) []string {
		var out []string
		for i := 0; i < n; i++ {
			out = append(out, f(i))
		}
		return out
	}
	base := lines(40, func(i int) string { return "line " + strconv.Itoa(i) })
	for _, tc := range []struct {
		name string
		b    []string
	}{
		{"one changed", append(append(append([]string{}, base[:10]...), "changed 10"), base[11:]...)},
		{"two far apart", func() []string {
			b := append([]string{}, base...)
			b[3], b[30] = "x3", "x30"
			return b
		}()},
		{"inserted at the start", append([]string{"new"}, base...)},
		{"removed at the end", base[:35]},
		{"two close together", func() []string {
			b := append([]string{}, base...)
			b[10], b[15] = "y10", "y15"
			return b
		}()},
	} {
		var got bytes.Buffer
		cells := maxDiffCells
		for _, h := range hunks("u", codeLines(base), codeLines(tc.b), &cells) {
			writeHunk(&got, h)
		}
		dir := t.TempDir()
		pa, pb := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		os.WriteFile(pa, []byte(strings.Join(base, "\n")+"\n"), 0o644)
		os.WriteFile(pb, []byte(strings.Join(tc.b, "\n")+"\n"), 0o644)
		out, _ := exec.Command(exe, "-u", pa, pb).Output()
		want := strings.SplitN(string(out), "\n", 3)[2] // without the --- and +++ lines
		if g := strings.ReplaceAll(got.String(), " @@ u\n", " @@\n"); g != want {
			t.Errorf("%s:\n got\n%s want\n%s", tc.name, g, want)
		}
	}
}

func codeLines(ts []string) []CodeLine {
	out := make([]CodeLine, len(ts))
	for i, t := range ts {
		out[i].Text = t
	}
	return out
}

// applyCodeDiff applies WriteCodeDiff's hunks to a's units and returns the
// units it makes, so a test can check that the diff printed turns A into B.
func applyCodeDiff(t *testing.T, diff string, a []CodeUnit) map[string][]string {
	out := map[string][]string{}
	for _, u := range a {
		out[u.Name] = texts(u.Lines)
	}
	shift := map[string]int{} // lines added minus removed so far, per unit
	renamed := map[string]string{}
	ls := strings.Split(strings.TrimSuffix(diff, "\n"), "\n")
	for k := 2; k < len(ls); {
		h := ls[k]
		if !strings.HasPrefix(h, "@@ -") {
			t.Fatalf("line %d is not a hunk header: %q", k, h)
		}
		_, unit, _ := strings.Cut(h, " @@ ")
		if from, to, ok := strings.Cut(unit, " → "); ok { // a function paired under another name
			if _, done := renamed[from]; !done {
				renamed[from] = to
			}
			unit = from
		}
		startA, _ := strconv.Atoi(strings.Split(strings.TrimPrefix(strings.Fields(h)[1], "-"), ",")[0])
		k++
		var old, repl []string
		for k < len(ls) && !strings.HasPrefix(ls[k], "@@ ") {
			switch ls[k][0] {
			case ' ':
				old, repl = append(old, ls[k][1:]), append(repl, ls[k][1:])
			case '-':
				old = append(old, ls[k][1:])
			case '+':
				repl = append(repl, ls[k][1:])
			}
			k++
		}
		at := max(startA-1, 0) + shift[unit]
		if len(old) == 0 {
			at = max(startA, 0) + shift[unit]
		}
		cur := out[unit]
		if at+len(old) > len(cur) || strings.Join(cur[at:at+len(old)], "\n") != strings.Join(old, "\n") {
			t.Fatalf("hunk %q does not apply at line %d", h, at+1)
		}
		out[unit] = append(append(append([]string{}, cur[:at]...), repl...), cur[at+len(old):]...)
		shift[unit] += len(repl) - len(old)
	}
	res := map[string][]string{}
	for name, ls := range out {
		if to, ok := renamed[name]; ok {
			name = to
		}
		res[name] = ls
	}
	return res
}

// TestCodeDiffTurnsAIntoB: on pairs of real builds of one shader (DXC
// libraries of several versions, and FXC programs), the unified diff printed
// applies to A's code and gives exactly B's; a file against itself prints no
// hunk.
func TestCodeDiffTurnsAIntoB(t *testing.T) {
	const vk = "real/HansKristian-Work__vkd3d-proton/"
	for _, pair := range [][2]string{
		{vk + "d3d12_raytracing.c__rt_lib_dxil__v2.dxil", vk + "d3d12_raytracing.c__rt_lib_dxil__v7.dxil"},
		{vk + "d3d12_raytracing.c__rt_lib_dxil__v5.dxil", vk + "d3d12_raytracing.c__rt_lib_dxil__v6.dxil"},
	} {
		fa, fb := parseFile(t, pair[0]), parseFile(t, pair[1])
		ca, cb := Code(fa), Code(fb)
		if len(ca) < 2 || len(cb) < 2 {
			t.Fatalf("%s: %d and %d code units", pair[0], len(ca), len(cb))
		}
		var buf bytes.Buffer
		if !WriteCodeDiff(&buf, "A", "B", ca, cb) {
			t.Fatalf("%s and %s: no difference found", pair[0], pair[1])
		}
		got := applyCodeDiff(t, buf.String(), ca)
		for _, u := range cb {
			if g := strings.Join(got[u.Name], "\n"); g != strings.Join(texts(u.Lines), "\n") {
				t.Errorf("%s: patched A differs from B in %s", pair[1], u.Name)
			}
		}
		buf.Reset()
		if WriteCodeDiff(&buf, "A", "A", ca, ca) || strings.Count(buf.String(), "\n") != 2 {
			t.Errorf("%s against itself:\n%s", pair[0], buf.String())
		}
	}
}

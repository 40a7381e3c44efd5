package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// header writes containers as the C arrays of an -Fh header.
func header(t *testing.T, arrays map[string][]byte, order ...string) string {
	t.Helper()
	var s strings.Builder
	s.WriteString("#if 0\n; the compiler's listing\n#endif\n\n")
	for _, name := range order {
		fmt.Fprintf(&s, "const unsigned char %s[] = {", name)
		for i, c := range arrays[name] {
			if i%12 == 0 {
				s.WriteString("\n ")
			}
			fmt.Fprintf(&s, " 0x%02x,", c)
		}
		s.WriteString("\n};\n\n")
	}
	p := filepath.Join(t.TempDir(), "shader.h")
	if err := os.WriteFile(p, []byte(s.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSourceHeaders: a header of one C array reads as its container (and
// says so on stderr), one of several names them as PATH@NAME, PATH@NAME
// reads that one, and check lists each.
func TestSourceHeaders(t *testing.T) {
	a, err := os.ReadFile(valid)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(vertex)
	if err != nil {
		t.Fatal(err)
	}
	_, wantA, _ := runCmd("parts", valid)
	_, wantB, _ := runCmd("parts", vertex)

	one := header(t, map[string][]byte{"g_main": a}, "g_main")
	code, out, errs := runCmd("parts", one)
	if code != 0 || out != wantA || !strings.Contains(errs, "the container of the C array g_main (line 5") {
		t.Errorf("parts of a one-array header: exit %d, stderr %q, output equal to the container's: %v", code, errs, out == wantA)
	}

	two := header(t, map[string][]byte{"g_a": a, "g_b": b}, "g_a", "g_b")
	code, out, errs = runCmd("parts", two)
	if code != 1 || out != "" || !strings.Contains(errs, "2 C arrays spell containers") || !strings.Contains(errs, two+"@g_b  line ") {
		t.Errorf("parts of a two-array header: exit %d, output %q, stderr %q", code, out, errs)
	}
	if code, out, _ = runCmd("parts", two+"@g_b"); code != 0 || out != wantB {
		t.Errorf("parts PATH@g_b: exit %d, output equal to vertex.dxbc's: %v", code, out == wantB)
	}
	if code, _, errs = runCmd("parts", two+"@g_c"); code == 0 || !strings.Contains(errs, "no C array named g_c") {
		t.Errorf("parts PATH@g_c: exit %d, stderr %q", code, errs)
	}
	code, out, _ = runCmd("check", two)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], two+"@g_a\t") || !strings.HasPrefix(lines[1], two+"@g_b\t") {
		t.Errorf("check of a two-array header: exit %d, %q", code, out)
	}
}

package decode

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// wordArray writes b as the Wine and vkd3d test suites keep a shader:
// little-endian 32-bit words, 6 a line.
func wordArray(b []byte) string {
	var s strings.Builder
	for i := 0; i+4 <= len(b); i += 4 {
		if i%24 == 0 {
			s.WriteString("\n    ")
		}
		fmt.Fprintf(&s, "0x%08x, ", binary.LittleEndian.Uint32(b[i:]))
	}
	return s.String() + "\n"
}

// TestCArraysReadHeaders reads a container back from each way a header
// spells one (dxc -Fh's hex, fxc /Fh's decimal, the test suites' words),
// beside the arrays a header also holds that are none.
func TestCArraysReadHeaders(t *testing.T) {
	c := corpus.RepoFile(t, "testdata/containers/valid.dxbc")
	src := "#if 0\n;\n; a listing with braces { } and = [ ] in it\n;\n#endif\n\n" +
		"const unsigned char g_main[] = {" + corpus.ArrayValues(c, false) + "};\n\n" +
		"// not a container: another magic\nstatic const BYTE g_other[] = { 0x12, 0x34 };\n" +
		"/* a comment { 0x44 } */\nconst BYTE g_ps[] =\n{" + corpus.ArrayValues(c, true) + "};\n" +
		"static const DWORD ps_code[] = {" + wordArray(c) + "};\n" +
		"static const uint8_t g_cut[84] = {" + corpus.ArrayValues(c[:40], false) + "};\n" + // its FileSize does not fit
		"const char *names[] = { \"a\", \"b\" };\n" +
		"int table[2][2] = { {1, 2}, {3, 4} };\n" +
		"const unsigned char g_sized[sizeof(x) * 2] = {" + corpus.ArrayValues(c, false) + "};\n"
	got := CArrays([]byte(src))
	// Each array's line is its name's.
	lineOf := func(decl string) int { return 1 + strings.Count(src[:strings.Index(src, decl)], "\n") }
	want := []struct {
		name string
		line int
	}{{"g_main", lineOf("g_main[]")}, {"g_ps", lineOf("g_ps[]")}, {"ps_code", lineOf("ps_code[]")}, {"g_sized", lineOf("g_sized[")}}
	if len(got) != len(want) {
		for _, a := range got {
			t.Logf("%s line %d, %d bytes", a.Name, a.Line, len(a.Bytes))
		}
		t.Fatalf("%d arrays, want %d", len(got), len(want))
	}
	for i, w := range want {
		a := got[i]
		if a.Name != w.name || a.Line != w.line || !bytes.Equal(a.Bytes, c) {
			t.Errorf("array %d: %s line %d, %d bytes; want %s line %d, the %d bytes of valid.dxbc", i, a.Name, a.Line, len(a.Bytes), w.name, w.line, len(c))
		}
		if src[a.Offset] != '{' {
			t.Errorf("%s: offset %d is %q, not its brace", a.Name, a.Offset, src[a.Offset])
		}
	}
}

// TestCArraysCostTheirSize: texts made to keep the reader busy (braces that
// open no array, values that never end, arrays past MaxCArrays) cost at most
// a few bytes of allocation per byte of text.
func TestCArraysCostTheirSize(t *testing.T) {
	c := corpus.RepoFile(t, "testdata/containers/valid.dxbc")
	one := "a[]={" + corpus.ArrayValues(c, false) + "};"
	for name, text := range map[string]string{
		"braces":       strings.Repeat("{", 1<<20),
		"equals":       strings.Repeat("x[]=", 1<<18),
		"open values":  "x[]={" + strings.Repeat("0x44,", 1<<18),
		"words":        "x[]={" + strings.Repeat("0x43425844,", 1<<17),
		"many arrays":  strings.Repeat(one, 1<<20/len(one)),
		"comments":     strings.Repeat("/*{*/x[]=/*", 1<<16),
		"identifiers":  strings.Repeat("abcdefgh[", 1<<17),
		"long numbers": "x[]={" + strings.Repeat("9", 1<<20),
	} {
		alloc, _ := corpus.Cost(func() { CArrays([]byte(text)) })
		if limit := 8*uint64(len(text)) + 1<<20; alloc > limit {
			t.Errorf("%s: %d bytes of text allocated %d bytes (at most %d)", name, len(text), alloc, limit)
		}
	}
}

// FuzzCArrays: any text reads without panicking, and every array found
// spells a container, its name on its line before its brace.
func FuzzCArrays(f *testing.F) {
	c := corpus.RepoFile(f, "testdata/containers/valid.dxbc")
	f.Add([]byte("const unsigned char g_main[] = {" + corpus.ArrayValues(c, false) + "};"))
	f.Add([]byte("DWORD x[] = {" + wordArray(c) + "};"))
	f.Add([]byte("x[]={0x44,0x58,0x42,0x43}"))
	f.Fuzz(func(t *testing.T, text []byte) {
		for _, a := range CArrays(text) {
			if _, ok := ContainerAt(a.Bytes, 0); !ok || a.Offset < 0 || a.Offset >= int64(len(text)) || text[a.Offset] != '{' {
				t.Fatalf("array %s at %d: not a container at a brace", a.Name, a.Offset)
			}
			if brace := 1 + bytes.Count(text[:a.Offset], []byte("\n")); a.Line < 1 || a.Line > brace {
				t.Fatalf("array %s: line %d, its brace is on line %d", a.Name, a.Line, brace)
			}
		}
	})
}

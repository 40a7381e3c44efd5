package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

const vertex = "../../web/examples/vertex.dxbc" // ISG1, OSG1, PSV0, HASH, DXIL

// Every command parses its own flags, before or after its arguments: the
// two orders print the same bytes.
func TestFlagsBeforeOrAfterTheFile(t *testing.T) {
	fxc := corpusPathOr("real/HansKristian-Work__vkd3d-proton/bindless_cbv.h__bindless_cbv_code_dxbc.dxbc")
	for _, pair := range [][2][]string{
		{{"dis", "--no-header", vertex}, {"dis", vertex, "--no-header"}},
		{{"dis", "-no-header", vertex}, {"dis", vertex, "-no-header=true"}},
		{{"asm", "--code", fxc}, {"asm", fxc, "--code"}},
		{{"diff", "--json", vertex, valid}, {"diff", vertex, valid, "--json"}},
		{{"diff", "--text", vertex, vertex}, {"diff", vertex, "--text", vertex}},
		{{"check", "-r", "--strict", valid}, {"check", valid, "--strict", "-r"}},
		{{"parts", "--max-size", "2KiB", vertex}, {"parts", vertex, "--max-size=2048"}},
	} {
		if slices.Contains(pair[0], "") {
			continue // the corpus file is missing
		}
		c1, o1, e1 := runCmd(pair[0]...)
		c2, o2, e2 := runCmd(pair[1]...)
		if c1 != c2 || o1 != o2 || e1 != e2 {
			t.Errorf("%q and %q differ: exit %d/%d, %d/%d bytes of output, errors %q / %q", pair[0], pair[1], c1, c2, len(o1), len(o2), e1, e2)
		}
		if o1 == "" || c1 == 2 {
			t.Errorf("%q: exit %d, no output (%q)", pair[0], c1, e1)
		}
	}
	// --no-header took effect wherever it stood.
	with, without := runOK(t, "dis", vertex), runOK(t, "dis", vertex, "--no-header")
	if !strings.HasPrefix(with, ";") || !strings.HasPrefix(without, "target ") || !strings.HasSuffix(with, without) {
		t.Errorf("dis FILE --no-header starts %q; dis FILE starts %q", without[:min(60, len(without))], with[:min(60, len(with))])
	}
}

// corpusPathOr is a corpus file's path, or "" (that case is left out)
// without the corpus.
func corpusPathOr(rel string) string {
	dir, ok := corpus.Dir()
	if !ok {
		return ""
	}
	p := filepath.Join(dir, rel)
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// -o OUT may stand anywhere, for extract and dbextract alike.
func TestOutputFlagAnywhere(t *testing.T) {
	dir := t.TempDir()
	for i, args := range [][]string{
		{"extract", "-o", "OUT", valid, "HASH"},
		{"extract", valid, "-o", "OUT", "HASH"},
		{"extract", valid, "HASH", "-o", "OUT"},
		{"extract", valid, "HASH", "-o=OUT"},
		{"extract", valid, "HASH", "--o", "OUT"},
	} {
		out := filepath.Join(dir, strings.Repeat("x", i+1))
		for j := range args {
			if args[j] == "OUT" {
				args[j] = out
			} else if args[j] == "-o=OUT" {
				args[j] = "-o=" + out
			}
		}
		if code, stdout, errs := runCmd(args...); code != 0 || stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, stdout, errs)
			continue
		}
		if b, err := os.ReadFile(out); err != nil || string(b) != "\x01\x00\x00\x000123456789abcdef" {
			t.Errorf("%q wrote %q (%v)", args, b, err)
		}
	}
}

// An unknown flag, a flag missing its value or a bad value, and a wrong
// number of arguments are usage errors: exit 2, nothing on standard output,
// the flag named and the command's usage on standard error.
func TestUsageErrors(t *testing.T) {
	for name := range commands {
		code, out, errs := runCmd(name, valid, "--bogus")
		if code != 2 || out != "" || !strings.Contains(errs, "-bogus") || !strings.Contains(errs, "usage: dxscope "+name+" ") {
			t.Errorf("%s FILE --bogus: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
		code, out, errs = runCmd(name, "-x", valid)
		if code != 2 || out != "" || !strings.Contains(errs, "flag provided but not defined: -x") {
			t.Errorf("%s -x FILE: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
	for _, args := range [][]string{
		{"asm"}, {"dis", "--no-header"}, {"parts", valid, valid}, {"diff", valid}, {"diff", valid, valid, valid},
		{"extract", valid}, {"check"}, {"parts", valid, "--max-size"}, {"parts", valid, "--max-size", "lots"},
		{"extract", valid, "HASH", "-o"}, {"dis", "--no-header=maybe", valid}, {"parts", "---x", valid},
	} {
		if code, out, errs := runCmd(args...); code != 2 || out != "" || !strings.Contains(errs, "usage: dxscope "+args[0]) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if _, _, errs := runCmd("parts", valid, valid); !strings.Contains(errs, "unexpected argument") {
		t.Errorf("two files: %q", errs)
	}
}

// "--" ends the flags: what follows is a FILE even when it starts with "-".
func TestDoubleDashEndsFlags(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile(valid)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "--code"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	code, out, errs := runCmd("parts", "--", "--code")
	if code != 0 || !strings.Contains(out, "#0 - SFI0") {
		t.Errorf("parts -- --code: exit %d, %q, %q", code, out, errs)
	}
	if code, _, errs := runCmd("parts", "--code"); code != 2 || !strings.Contains(errs, "-code") {
		t.Errorf("parts --code (a flag): exit %d, %q", code, errs)
	}
	// A lone "-" is standard input, not a flag.
	if code, _, errs := runCmd("diff", "-", "--", "--code"); code == 2 && strings.Contains(errs, "flag") {
		t.Errorf("diff - -- --code: %q", errs)
	}
}

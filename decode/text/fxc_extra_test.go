package text

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
)

// TestDisassemblyMatchesExtraFXCListings compares against a directory of
// NAME.o containers and NAME.asm listings that fxc /Fc wrote for them (for
// example the 611 pairs of DXDecompiler's test suite), named by
// $DXSCOPE_FXC_LISTINGS. They are not part of the shared corpus, so the test
// skips without it.
func TestDisassemblyMatchesExtraFXCListings(t *testing.T) {
	dir := os.Getenv("DXSCOPE_FXC_LISTINGS")
	if dir == "" {
		t.Skip("DXSCOPE_FXC_LISTINGS not set: no extra fxc listings to compare with")
	}
	asms, _ := filepath.Glob(filepath.Join(dir, "*.asm"))
	sort.Strings(asms)
	files, exact, lines, matched := 0, 0, 0, 0
	for _, a := range asms {
		o := strings.TrimSuffix(a, ".asm") + ".o"
		data, err := os.ReadFile(o)
		if err != nil {
			continue
		}
		text, _ := os.ReadFile(a)
		want := listingCode(string(text))
		if len(want) == 0 {
			continue
		}
		f, err := decode.Parse(data)
		if err != nil {
			continue
		}
		s := bytecodeOf(f)
		if s == nil {
			continue
		}
		files++
		got := ourCode(f, s)
		lines += len(want)
		m, diffs := lineDiffs(want, got)
		for _, d := range diffs {
			t.Logf("%s %s", filepath.Base(a), d)
		}
		matched += m
		if m == len(want) && len(got) == len(want) {
			exact++
		}
	}
	t.Logf("%d/%d listings match line by line; %d/%d lines match", exact, files, matched, lines)
	if exact != files {
		t.Errorf("%d listings differ", files-exact)
	}
}

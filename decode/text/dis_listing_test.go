package text

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// commonLines counts the lines two listings share in order (longest common
// subsequence), so one differing line costs one line, not the rest.
func commonLines(a, b []string) int {
	if len(a)*len(b) > 25_000_000 {
		n := 0
		for i := range min(len(a), len(b)) {
			if a[i] == b[i] {
				n++
			}
		}
		return n
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// TestDisassemblyMatchesDXCListings compares `dxscope dis` with every DXC
// listing in the corpus that holds the IR (dxc -dumpbin output beside its
// binary): the whole listing, header comments and IR, line for line, and
// reports files and lines per compiler version (the version the listing's
// spellings were chosen from, ChooseDXCStyle).
func TestDisassemblyMatchesDXCListings(t *testing.T) {
	type tally struct{ files, same, lines, total int }
	byVersion := map[string]*tally{}
	files, same, lines, total, trimmed := 0, 0, 0, 0, 0
	for _, e := range corpus.Entries(t) {
		if e.Listing() == "" || (!e.Has("DXIL") && !e.Has("ILDB")) {
			continue
		}
		want := strings.ReplaceAll(e.ListingText(t), "\r\n", "\n")
		if !strings.Contains(want, "\ntarget datalayout") && !strings.HasPrefix(want, "target datalayout") {
			continue // a listing without the IR
		}
		f := parseEntry(t, e)
		w := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
		g := dxcListing(t, f)
		if !strings.Contains(want, " \n") {
			// The copy upstream lost its line-end blanks (DXC ends its
			// signature rows and "Pipeline Runtime Information: " with
			// some): compare without them, and count it apart.
			trimmed++
			g = slices.Clone(g)
			for i := range g {
				g[i] = strings.TrimRight(g[i], " ")
			}
		}
		n := commonLines(g, w)
		files++
		lines += n
		total += len(w)
		v := ChooseDXCStyle(f).Version
		key := "no version"
		if v.Source != "" {
			key = v.Source + " " + v.Text
		}
		vt := byVersion[key]
		if vt == nil {
			vt = &tally{}
			byVersion[key] = vt
		}
		vt.files++
		vt.lines += n
		vt.total += len(w)
		if n == len(w) && len(g) == len(w) {
			same++
			vt.same++
			continue
		}
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Errorf("%s: %d/%d lines agree; first difference at line %d:\n  ours: %q\n  dxc:  %q", e.Rel, n, len(w), i+1, g[i], w[i])
				break
			}
		}
		if len(g) != len(w) {
			t.Errorf("%s: %d lines, the listing has %d", e.Rel, len(g), len(w))
		}
	}
	if files == 0 {
		corpus.Skip(t, "corpus", "no DXC listing with IR in the corpus")
	}
	for _, k := range slices.Sorted(maps.Keys(byVersion)) {
		vt := byVersion[k]
		t.Logf("%s: %d/%d listings identical; %d/%d lines agree", k, vt.same, vt.files, vt.lines, vt.total)
	}
	t.Logf("%d/%d DXC listings identical (%d of them compared without line-end blanks, which their copy lost); %d/%d lines agree", same, files, trimmed, lines, total)
}

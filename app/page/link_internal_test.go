package page

import (
	"testing"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/internal/corpus"
)

// The page builds the fragment from each file's deflated copy, computed
// once; it must be the fragment linkstate.EncodeLink writes.
func TestBuildFragmentIsEncodeLink(t *testing.T) {
	entries := corpus.Sample(t, 60)
	states := []linkstate.State{
		{},
		{Name: "a.dxil", Part: "PSV0", Field: "PSV0/SigOutputElements/2/Cols", Hex: linkstate.Range{Start: 120, End: 124}, Row: 7, Open: []string{"PSV0/PSVInfo", "PSV0/PSVInfo/SigOutputElements"}},
		{Name: "a.dxil", Tab: "compare", Compare: "b.dxil", Field: "HASH/Digest"},
	}
	checked, byHash := 0, 0
	for i, e := range entries {
		a := e.Bytes(t)
		var b []byte
		if i%3 == 2 {
			b = entries[(i+1)%len(entries)].Bytes(t)
		}
		ra := newFileRef(a)
		var rb *fileRef
		if b != nil {
			rb = newFileRef(b)
		}
		for _, s := range states {
			got, inA, inB := buildFragment(s, ra, rb)
			want := linkstate.EncodeLink(linkstate.Link{State: s, File: a, Compare: b}, linkstate.MaxLinkLength)
			if got != want.Fragment || inA != want.FileEmbedded || inB != want.CompareEmbedded {
				t.Errorf("%s: buildFragment differs from EncodeLink (embedded %v/%v, want %v/%v)\n got %.200s\nwant %.200s",
					e.Path, inA, inB, want.FileEmbedded, want.CompareEmbedded, got, want.Fragment)
			}
			if !inA {
				byHash++
			}
			checked++
		}
	}
	t.Logf("%d fragments from %d files agree with EncodeLink (%d name the file by hash)", checked, len(entries), byHash)
	// The sample holds the corpus's largest file: when even that fits a
	// link, no file of this corpus goes by hash.
	largest := entries[0]
	for _, e := range entries {
		if e.Size > largest.Size {
			largest = e
		}
	}
	if byHash == 0 && linkstate.EncodeLink(linkstate.Link{File: largest.Bytes(t)}, linkstate.MaxLinkLength).FileEmbedded {
		corpus.Skip(t, "file too large for a link", "the largest file of this corpus, %d bytes, fits a link", largest.Size)
	}
	if byHash == 0 {
		t.Errorf("no fragment named its file by hash: the sample misses the large files")
	}
}

package text

import (
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// mustParse decodes b, named what in the failure when it does not decode.
func mustParse(t corpus.TB, what string, b []byte) *decode.File {
	t.Helper()
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return f
}

// parseEntry reads and decodes one corpus file; one that does not read or
// decode fails the test.
func parseEntry(t corpus.TB, e corpus.Entry) *decode.File {
	t.Helper()
	return mustParse(t, e.Rel, e.Bytes(t))
}

// parseFile reads and decodes the corpus file rel; without the corpus the
// test is skipped, and a file that does not decode fails it.
func parseFile(t corpus.TB, rel string) *decode.File {
	t.Helper()
	_, b := corpus.File(t, rel)
	return mustParse(t, rel, b)
}

// smallBitcode returns the bitcode of up to n small corpus modules (none
// without the corpus: fuzz seeds).
func smallBitcode(tb corpus.TB, n int) [][]byte {
	var out [][]byte
	for _, e := range corpus.Available() {
		if len(out) >= n {
			break
		}
		if !e.Has("DXIL") || e.Size > 12<<10 {
			continue
		}
		if p := parseEntry(tb, e).Part("DXIL"); p != nil && p.Program != nil && len(p.Program.DXIL) > 0 {
			out = append(out, p.Program.DXIL)
		}
	}
	return out
}

// smallModules is smallBitcode for a test that needs the corpus: it skips
// without it.
func smallModules(t *testing.T, n int) [][]byte {
	mods := smallBitcode(t, n)
	if len(mods) == 0 {
		corpus.Skip(t, "corpus", "no corpus")
	}
	return mods
}

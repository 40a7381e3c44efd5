package sm4

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// corpusTokenStreams returns up to max SHDR/SHEX payloads from the corpus
// (none when it is absent).
func corpusTokenStreams(tb testing.TB, max int) [][]byte {
	var out [][]byte
	for _, e := range corpus.Available() {
		if len(out) >= max {
			break
		}
		if !(e.Has("SHDR") || e.Has("SHEX")) {
			continue
		}
		out = append(out, corpus.Parts(e.Bytes(tb), "SHDR", "SHEX")...)
	}
	return out
}

// FuzzShaderBytecode feeds arbitrary bytes to the SHDR/SHEX decoder: it must
// never panic, keep every span inside the part, and walk instructions
// forward without overlapping.
func FuzzShaderBytecode(f *testing.F) {
	f.Add(stream(0, 4, 0, op(OpRet, 0)))
	f.Add(stream(0, 5, 1, op(OpDclResource, 3<<11, otok(comp0, 0, 0, OperandResource, 3, 0, 0, 0), 1, 10, 0xffffffff, 0x5555, 0)))
	f.Add(stream(0, 4, 0, []uint32{uint32(OpCustomData) | 3<<11, 6, 1, 2, 3, 4}))
	for _, b := range corpusTokenStreams(f, 150) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, out := decodeStream(b)
		end := int64(testBase + len(b))
		for _, sp := range out.Spans {
			if sp.Off < testBase || sp.End() > end || sp.Size < 0 {
				t.Fatalf("span %+v outside the part [%#x, %#x)", sp, testBase, end)
			}
		}
		for _, p := range out.Problems {
			if p.Offset < testBase || p.Offset > end {
				t.Fatalf("problem outside the part: %s", p)
			}
		}
		if s == nil {
			return
		}
		at := int64(testBase + 8)
		for _, in := range s.Instructions {
			if in.Offset < at || in.Size <= 0 || in.Offset+in.Size > end {
				t.Fatalf("instruction %+v out of order or bounds", in)
			}
			at = in.Offset + in.Size
		}
		for i := range s.Instructions {
			Format(&s.Instructions[i], Style{})
			Format(&s.Instructions[i], Style{LowerCaseCB: true, FloatTiesAway: true})
		}
	})
}

// TestShaderBytecodePrefixesNeverPanic decodes every dword prefix of some corpus
// token streams: truncation anywhere must give problems, not panics.
func TestShaderBytecodePrefixesNeverPanic(t *testing.T) {
	streams := corpusTokenStreams(t, 40)
	if len(streams) == 0 {
		corpus.Skip(t, "corpus", "corpus not found: no token streams to cut")
	}
	n := 0
	for _, b := range streams {
		for k := 0; k <= len(b); k += 4 {
			if s, _ := decodeStream(b[:k]); s != nil {
				texts(s)
			}
			n++
		}
	}
	t.Logf("%d prefixes of %d token streams decoded", n, len(streams))
}

func BenchmarkShaderBytecode(b *testing.B) {
	streams := corpusTokenStreams(b, 200)
	if len(streams) == 0 {
		b.Skip("corpus not found")
	}
	corpus.Bench(b, streams, func(s []byte) int { return len(s) }, func(b []byte) {
		s, _ := decodeStream(b)
		texts(s)
	})
}

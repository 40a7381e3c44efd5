package decode

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// BenchmarkParseCorpus decodes every corpus file once per iteration; MB/s is
// over the corpus bytes and allocs/op over the whole corpus (see files/op).
func BenchmarkParseCorpus(b *testing.B) {
	var files [][]byte
	for _, e := range corpus.Entries(b) {
		files = append(files, e.Bytes(b))
	}
	corpus.Bench(b, files, func(d []byte) int { return len(d) }, func(d []byte) {
		if _, err := Parse(d); err != nil {
			b.Fatal(err)
		}
	})
	b.ReportMetric(float64(len(files)), "files/op")
}

// BenchmarkParseLargePRIV is a 50 MB container whose bulk is one raw part:
// the cost is the digest over every byte.
func BenchmarkParseLargePRIV(b *testing.B) {
	d := buildContainer(testPart{"SFI0", le64(0)}, testPart{"PRIV", make([]byte, 50<<20)})
	b.SetBytes(int64(len(d)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Parse(d)
	}
}

package decode

import (
	"os"
	"testing"

	"github.com/dxscope/dxscope/decode/corpus"
)

// BenchmarkParseCorpus decodes every corpus file once per iteration; MB/s is
// over the corpus bytes and allocs/op over the whole corpus (see files/op).
func BenchmarkParseCorpus(b *testing.B) {
	es := corpus.Entries(b)
	var files [][]byte
	var total int64
	for _, e := range es {
		d, err := os.ReadFile(e.Path)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, d)
		total += int64(len(d))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, d := range files {
			if _, err := Parse(d); err != nil {
				b.Fatal(err)
			}
		}
	}
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

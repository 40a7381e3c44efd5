package dxil

import (
	"testing"

	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
)

// corpusBitcode returns the bitcode of every DXIL part in the corpus.
func corpusBitcode(tb testing.TB) [][]byte {
	var es []corpus.Entry
	for _, e := range corpus.Entries(tb) {
		if e.Has("DXIL") {
			es = append(es, e)
		}
	}
	return dxilBitcode(tb, es)
}

// dxilBitcode returns the bitcode of each file's DXIL part that holds a valid module.
func dxilBitcode(tb testing.TB, es []corpus.Entry) [][]byte {
	var out [][]byte
	for _, e := range es {
		if bc, ok := corpus.DXILBitcode(e.Bytes(tb)); ok && len(bc) >= 4 && string(bc[:4]) == "BC\xc0\xde" {
			out = append(out, bc)
		}
	}
	return out
}

// BenchmarkDecodeModule decodes the bitcode of every corpus DXIL part (spans included).
func BenchmarkDecodeModule(b *testing.B) {
	corpus.Bench(b, corpusBitcode(b), func(bc []byte) int { return len(bc) }, func(bc []byte) {
		Decode(bc, 0, "DXIL/Bitcode", "DXIL", &report.Sink{})
	})
}

// BenchmarkDecodeModuleLargest decodes the largest corpus module alone.
func BenchmarkDecodeModuleLargest(b *testing.B) {
	bcs := corpusBitcode(b)
	var big []byte
	for _, bc := range bcs {
		if len(bc) > len(big) {
			big = bc
		}
	}
	b.SetBytes(int64(len(big)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Decode(big, 0, "DXIL/Bitcode", "DXIL", &report.Sink{})
	}
}

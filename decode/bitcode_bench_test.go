package decode

import (
	"os"
	"testing"

	"github.com/dxscope/dxscope/decode/corpus"
)

// corpusBitcode returns the bitcode of every DXIL part in the corpus.
func corpusBitcode(tb testing.TB) [][]byte {
	var out [][]byte
	for _, e := range corpus.Entries(tb) {
		if !e.Has("DXIL") {
			continue
		}
		b, err := os.ReadFile(e.Path)
		if err != nil {
			continue
		}
		f, err := Parse(b)
		if err != nil {
			continue
		}
		if p := f.Part("DXIL"); p != nil && p.Program != nil && p.Program.BitcodeValid {
			out = append(out, p.Program.DXIL)
		}
	}
	return out
}

// BenchmarkDecodeModule decodes the bitcode of every corpus DXIL part (spans included).
func BenchmarkDecodeModule(b *testing.B) {
	bcs := corpusBitcode(b)
	var n int64
	for _, bc := range bcs {
		n += int64(len(bc))
	}
	b.SetBytes(n)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, bc := range bcs {
			decodeModule(newReader(bc, 0, "DXIL/Bitcode", "DXIL", &sink{}))
		}
	}
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
		decodeModule(newReader(big, 0, "DXIL/Bitcode", "DXIL", &sink{}))
	}
}

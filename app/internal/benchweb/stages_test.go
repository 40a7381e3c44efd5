//go:build !wasm

package benchweb

import (
	"os"
	"testing"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/views/model"
)

// The stages of opening a file, natively, over the same 20 corpus files
// the browser benchmark opens: decode, the view model (without and with
// every part's tree, whose JSON encoding and walk dominate), and the share
// link's work (SHA-256 and deflate of the file). The page does each in
// wasm, several times slower (docs/performance.md).

func benchFiles(b *testing.B) [][]byte {
	entries := corpus.Entries(b)
	var out [][]byte
	for _, f := range pickFiles(b, entries, 20) {
		raw, err := os.ReadFile(f.path)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, raw)
	}
	return out
}

func total(files [][]byte) (n int64) {
	for _, f := range files {
		n += int64(len(f))
	}
	return n
}

// benchOpen runs stage on each of the files once per iteration.
func benchOpen(b *testing.B, stage func(file []byte)) {
	files := benchFiles(b)
	b.SetBytes(total(files))
	for b.Loop() {
		for _, f := range files {
			stage(f)
		}
	}
}

func BenchmarkOpenDecode(b *testing.B) {
	benchOpen(b, func(f []byte) { decode.Parse(f) })
}

func BenchmarkOpenModel(b *testing.B) {
	benchOpen(b, func(f []byte) { model.Build("x", f, 0) })
}

func BenchmarkOpenModelAllTrees(b *testing.B) {
	benchOpen(b, func(f []byte) {
		m := model.Build("x", f, 0)
		for _, p := range m.Parts {
			p.Tree()
		}
	})
}

func BenchmarkOpenShareLink(b *testing.B) {
	benchOpen(b, func(f []byte) {
		linkstate.SHA256(f)
		linkstate.EncodeLink(linkstate.Link{File: f}, 0)
	})
}

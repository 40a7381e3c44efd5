//go:build !wasm

package benchweb

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
	"github.com/dxscope/dxscope/views/model"
)

// The largest parts a user selects: an SHEX part of 8,000 instructions (the
// corpus's largest compute shader's code repeated: real instructions, the
// size of the 7,978-instruction shader of issue 30), the corpus's largest
// DXIL bitcode (16 KB) and its ILDB with debug info. Selecting any of them
// must stay within 100 ms in the page.

const (
	bigSHEXSource = "real/bkaradzic__bgfx/shaders__dxbc__cs_fsr_easu_32.bin__off3c.dxbc"
	bigDXIL       = "real/bkaradzic__bgfx/shaders__dxil__cs_fsr_easu_16.bin__off3c.dxil"
	bigILDB       = "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil"
	bigSHEXCount  = 8000
)

// bigSHEX builds a container with one SHEX part of at least n instructions:
// the source's declarations once, then its code (without the final ret)
// repeated, then ret.
func bigSHEX(t testing.TB, n int) []byte {
	_, raw := corpus.File(t, bigSHEXSource)
	f, err := decode.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	p := f.Part("SHEX")
	if p == nil || p.Bytecode == nil {
		t.Fatalf("%s has no SHEX code", bigSHEXSource)
	}
	ins := p.Bytecode.Instructions
	body := 0
	for body < len(ins) && strings.HasPrefix(ins[body].OpcodeName, "dcl_") {
		body++
	}
	words := func(in decode.Instruction) []byte {
		return raw[in.Offset : in.Offset+in.Size]
	}
	var code []byte
	count := 0
	for _, in := range ins[:body] {
		code = append(code, words(in)...)
		count++
	}
	for count < n-1 {
		for _, in := range ins[body : len(ins)-1] {
			code = append(code, words(in)...)
			count++
		}
	}
	code = append(code, words(ins[len(ins)-1])...)
	data := make([]byte, 8, 8+len(code))
	binary.LittleEndian.PutUint32(data, binary.LittleEndian.Uint32(raw[p.DataOffset:])) // the version token
	binary.LittleEndian.PutUint32(data[4:], uint32(2+len(code)/4))                      // LengthInDwords
	data = append(data, code...)
	return hostile.Container(hostile.Part{Name: "SHEX", Data: data})
}

// bigCases are the big parts, written to dir: file path, name and the
// part to select.
func bigCases(t testing.TB, dir string) []openCase {
	shex := filepath.Join(dir, "big-shex-8000.dxbc")
	if err := os.WriteFile(shex, bigSHEX(t, bigSHEXCount), 0o644); err != nil {
		t.Fatal(err)
	}
	dxil, _ := corpus.File(t, bigDXIL)
	ildb, _ := corpus.File(t, bigILDB)
	return []openCase{
		{path: shex, name: filepath.Base(shex), parts: []string{"SHEX"}},
		{path: dxil, name: filepath.Base(dxil), parts: []string{"DXIL"}},
		{path: ildb, name: filepath.Base(ildb), parts: []string{"ILDB"}},
	}
}

// The big SHEX part holds the instructions asked for, every one decoded.
// DXSCOPE_BENCH_BIG=DIR also writes the big files there (for open_perf.mjs).
func TestBigSHEX(t *testing.T) {
	if dir := os.Getenv("DXSCOPE_BENCH_BIG"); dir != "" {
		for _, c := range bigCases(t, dir) {
			t.Logf("%s: select %s", c.path, c.parts[0])
		}
	}
	f, err := decode.Parse(bigSHEX(t, bigSHEXCount))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Part("SHEX")
	if n := len(p.Bytecode.Instructions); n < bigSHEXCount {
		t.Errorf("%d instructions, want at least %d", n, bigSHEXCount)
	}
	for _, pr := range f.Problems {
		if pr.Severity == decode.Error {
			t.Errorf("problem: %s", pr.Message)
		}
	}
}

// What the page does natively when a big part is selected: its own view's
// data (the listing or the disassembly), the part's tree (the Tree tab),
// and the code line a byte click finds.
func BenchmarkSelectBigPart(b *testing.B) {
	for _, c := range bigCases(b, b.TempDir()) {
		raw, err := os.ReadFile(c.path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.parts[0], func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				m := model.Build(c.name, raw, 0)
				for _, pv := range m.Parts {
					if pv.Name != c.parts[0] {
						continue
					}
					pv.LoadSpecials()
					pv.CodeListing()
					pv.Disassembly()
					pv.CodeAt(pv.Offset + pv.Size/2)
				}
			}
		})
	}
}

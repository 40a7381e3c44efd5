package text

import (
	"testing"

	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

func checkIR(t *testing.T, bc []byte, m *ir.Module) {
	lo, hi := uint64(m.Base)*8, uint64(m.Base+int64(len(bc)))*8
	for _, f := range m.Functions {
		last := uint64(0)
		for _, in := range f.Insts {
			if in.Bit < lo || in.Bit+in.Bits > hi {
				t.Fatalf("instruction %s at bit %d+%d outside the bitcode [%d, %d)", in.Op, in.Bit, in.Bits, lo, hi)
			}
			if in.Bit < f.Bit || in.Bit+in.Bits > f.Bit+f.Bits || in.Bit < last || in.Bits == 0 {
				t.Fatalf("instruction %s at bit %d+%d is not in order inside its function block at %d+%d", in.Op, in.Bit, in.Bits, f.Bit, f.Bits)
			}
			last = in.Bit + in.Bits
		}
	}
	for _, p := range m.Problems {
		if p.Offset < m.Base || p.Offset > m.Base+int64(len(bc)) {
			t.Fatalf("problem at %d outside the bitcode: %s", p.Offset, p)
		}
	}
}

// FuzzDisassemble decodes function blocks from arbitrary bitcode and prints
// them: never a panic, every instruction's bits inside the input.
func FuzzDisassemble(f *testing.F) {
	for _, b := range smallBitcode(f, 8) {
		f.Add(b)
	}
	f.Add(hostile.AllocaBodiesBitcode(2, 64, 5))
	f.Fuzz(func(t *testing.T, bc []byte) {
		m := ir.Decode(bc, 100, "DXIL")
		checkIR(t, bc, m)
		n := 0
		whole := DisassembleIR(m)
		for _, l := range whole {
			n += len(l.Text) + 1
		}
		// The head the page shows first is the listing's top.
		k := 1 + len(bc)%64
		head, more := DisassembleIRHead(m, DXCStyle{LineComments: true}, k)
		if more != (len(whole) > k) || len(head) != min(k, len(whole)) || len(head) > 0 && head[len(head)-1] != whole[len(head)-1] {
			t.Fatalf("the head of %d lines (%d, more %v) is not the top of the %d-line listing", k, len(head), more, len(whole))
		}
		// The text stays linear in the input (testdata holds an aggregate of
		// function pointers that once printed 3.7 MB from 2 KB).
		if n > 400*len(bc)+1<<20 {
			t.Fatalf("%d bytes of bitcode print as %d bytes of text", len(bc), n)
		}
	})
}

// TestTruncatedBitcodeGivesProblems cuts corpus modules at every 4-byte
// boundary (the bitstream's word): each cut must give problems, never a panic,
// and keep what came before it.
func TestTruncatedBitcodeGivesProblems(t *testing.T) {
	mods := smallModules(t, 4)
	cuts := 0
	for _, bc := range mods {
		whole := ir.Decode(bc, 0, "DXIL")
		if whole.StoppedAt != 0 {
			t.Fatalf("an intact module stops at bit %d: %s", whole.StoppedAt, whole.Stopped)
		}
		for n := 4; n < len(bc); n += 4 {
			m := ir.Decode(bc[:n], 0, "DXIL")
			checkIR(t, bc[:n], m)
			lines := DisassembleIR(m)
			if len(m.Problems) == 0 {
				t.Fatalf("cut at %d of %d bytes: no problem", n, len(bc))
			}
			if m.StoppedAt != 0 && (len(lines) == 0 || lines[len(lines)-1].Text == "") {
				t.Fatalf("cut at %d: the listing does not say where it stopped", n)
			}
			cuts++
		}
	}
	t.Logf("%d truncations of %d modules: all give problems", cuts, len(mods))
}

// BenchmarkDisassemble decodes and prints the largest DXIL part in the corpus.
func BenchmarkDisassemble(b *testing.B) {
	var best []byte
	var base int64
	for _, e := range corpus.Entries(b) {
		if !e.Has("DXIL") || e.Size < int64(len(best)) {
			continue
		}
		if p := parseEntry(b, e).Part("DXIL"); p != nil && p.Program != nil && len(p.Program.DXIL) > len(best) {
			best, base = p.Program.DXIL, p.DataOffset
		}
	}
	if best == nil {
		b.Skip("no DXIL part")
	}
	b.SetBytes(int64(len(best)))
	b.ReportAllocs()
	for b.Loop() {
		DisassembleIR(ir.Decode(best, base, "DXIL"))
	}
}

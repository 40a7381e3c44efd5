package ir

import (
	"slices"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestModulesMatchLLVMBCAnalyzer decodes a spread of corpus modules and
// checks the IR against llvm-bcanalyzer-19's count of the records it comes
// from: a type per TYPE_BLOCK record (but NUMENTRY and STRUCT_NAME), a
// constant per CONSTANTS_BLOCK record (but SETTYPE), a body per
// FUNCTION_BLOCK, an instruction per instruction record, a metadata id per
// METADATA_BLOCK record (but NAME, KIND and NAMED_NODE), a name per VST
// entry; and that the reader found nothing wrong.
func TestModulesMatchLLVMBCAnalyzer(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "llvm-bcanalyzer-19")
	es := corpus.SmallestFirst(corpus.WithPart(corpus.Entries(t), "DXIL"))
	es = corpus.Spread(es, 24, "DXSCOPE_BCANALYZER_ALL")
	agree, insts, consts, mds := 0, 0, 0, 0
	for _, e := range es {
		bc, ok := corpus.DXILBitcode(e.Bytes(t))
		if !ok {
			t.Errorf("%s: no DXIL bitcode", e.Rel)
			continue
		}
		m := Decode(bc, 0, "DXIL")
		for _, p := range m.Problems {
			t.Errorf("%s: %s", e.Rel, p)
		}
		// By value: a block the tool does not list counts nothing.
		stats, err := corpus.BCAnalyzerAs(tool, bc, func(b *corpus.BCBlockStats) corpus.BCBlockStats { return *b })
		if err != nil {
			t.Errorf("%s: %v", e.Rel, err)
			continue
		}
		sum := func(block uint32, but ...string) int {
			n := 0
			for _, k := range stats[block].Kinds {
				if !slices.Contains(but, k.Name) {
					n += int(k.Count)
				}
			}
			return n
		}
		bodies, ninst, nconst, vst := 0, 0, 0, 0
		// Constants, and named values (each a VST entry), module-level and local.
		count := func(vs []Value) {
			for _, v := range vs {
				if v.Kind == ValueConstant {
					nconst++
				}
				if v.Name != "" {
					vst++
				}
			}
		}
		count(m.Values)
		for _, f := range m.Functions {
			if f.HasBody {
				bodies++
			}
			ninst += len(f.Insts)
			count(f.Locals)
			for _, b := range f.Blocks {
				if b.Name != "" {
					vst++
				}
			}
		}
		localMD := 0
		for _, f := range m.Functions {
			localMD += len(f.LocalMD)
		}
		checks := []struct {
			what       string
			ours, them int
		}{
			{"types", len(m.Types), sum(TypeBlockIDNew, "NUMENTRY", "STRUCT_NAME")},
			{"constants", nconst, sum(ConstantsBlockID, "SETTYPE")},
			{"function bodies", bodies, stats[FunctionBlockID].Instances},
			{"instructions", ninst, sum(FunctionBlockID, "DECLAREBLOCKS", "DEBUG_LOC", "DEBUG_LOC_AGAIN")},
			{"metadata ids", len(m.Metadata) + localMD, sum(MetadataBlockID, "NAME", "KIND", "NAMED_NODE")},
			{"named values and blocks", vst, sum(ValueSymtabBlockID)},
		}
		bad := false
		for _, c := range checks {
			if c.ours != c.them {
				t.Errorf("%s: %d %s, llvm-bcanalyzer-19 counts %d records", e.Rel, c.ours, c.what, c.them)
				bad = true
			}
		}
		if !bad && len(m.Problems) == 0 {
			agree++
		}
		insts += ninst
		consts += nconst
		mds += len(m.Metadata)
	}
	t.Logf("%d/%d modules agree with llvm-bcanalyzer-19 and decode without problems (%d instructions, %d constants, %d metadata ids)", agree, len(es), insts, consts, mds)
}

// FuzzDecode reads arbitrary bytes as a module: no panic, and every
// problem and instruction lies inside the bitcode.
func FuzzDecode(f *testing.F) {
	f.Add(handModule())
	f.Add([]byte("BC\xc0\xde"))
	for _, e := range corpus.Spread(corpus.WithPart(corpus.Available(), "DXIL"), 3, "") {
		if bc, ok := corpus.DXILBitcode(e.Bytes(f)); ok {
			f.Add(bc)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		const base = 100
		m := Decode(b, base, "DXIL")
		end := int64(base + len(b))
		for _, p := range m.Problems {
			if p.Offset < base || p.Offset > end {
				t.Fatalf("problem at 0x%x outside [0x%x, 0x%x]: %s", p.Offset, base, end, p)
			}
		}
		for _, fn := range m.Functions {
			for _, in := range fn.Insts {
				if int64(in.Bit/8) < base || int64((in.Bit+in.Bits)/8) > end {
					t.Fatalf("instruction at bit %d+%d outside the bitcode", in.Bit, in.Bits)
				}
			}
		}
		// The printer's type walk must terminate on whatever the types are.
		p := NewTypePrinter(m, AsmSyntax)
		for i := range min(len(m.Types), 64) {
			p.Type(uint32(i))
		}
		m.IdentifiedStructs()
	})
}

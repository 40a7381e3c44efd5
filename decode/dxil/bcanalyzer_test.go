package dxil

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
)

// bcStats is one block id's line of llvm-bcanalyzer's per-block summary.
type bcStats struct {
	instances, abbrevs, records int
	kinds                       map[string][2]int64 // record name → count, bits
}

// bcanalyzerStats is a block of llvm-bcanalyzer's summary with its
// histogram by record name.
func bcanalyzerStats(b *corpus.BCBlockStats) *bcStats {
	s := &bcStats{instances: b.Instances, abbrevs: b.Abbrevs, records: b.Records, kinds: map[string][2]int64{}}
	for _, k := range b.Kinds {
		s.kinds[k.Name] = [2]int64{k.Count, k.Bits}
	}
	return s
}

// ourStats folds the module's block tree the same way: per block id, over all instances.
func ourStats(bs []*Block, res map[uint32]*bcStats) {
	for _, b := range bs {
		s := res[b.ID]
		if s == nil {
			s = &bcStats{kinds: map[string][2]int64{}}
			res[b.ID] = s
		}
		s.instances++
		s.abbrevs += b.Abbrevs
		s.records += b.Records
		for _, rc := range b.RecordCodes {
			k := s.kinds[rc.Name]
			s.kinds[rc.Name] = [2]int64{k[0] + int64(rc.Count), k[1] + rc.Bits}
		}
		ourStats(b.Blocks, res)
	}
}

// llvm19Names maps our LLVM 3.7 record names to LLVM 19's where they differ.
var llvm19Names = map[string]string{"STRING": "STRING_OLD"}

func compareBCStats(ours, theirs map[uint32]*bcStats) []string {
	var d []string
	var ids []int
	for id := range theirs {
		ids = append(ids, int(id))
	}
	for id := range ours {
		if theirs[id] == nil {
			ids = append(ids, int(id))
		}
	}
	sort.Ints(ids)
	for _, i := range ids {
		id := uint32(i)
		o, t := ours[id], theirs[id]
		if o == nil || t == nil {
			d = append(d, fmt.Sprintf("block %s: ours %v, llvm-bcanalyzer %v", ir.BlockName(id), o != nil, t != nil))
			continue
		}
		if o.instances != t.instances || o.records != t.records || o.abbrevs != t.abbrevs {
			d = append(d, fmt.Sprintf("block %s: ours %d instances/%d records/%d abbrevs, llvm-bcanalyzer %d/%d/%d",
				ir.BlockName(id), o.instances, o.records, o.abbrevs, t.instances, t.records, t.abbrevs))
		}
		for name, v := range o.kinds {
			tn := name
			if id == ir.MetadataBlockID || id == ir.IdentificationBlockID {
				if n, ok := llvm19Names[name]; ok {
					tn = n
				}
			}
			tv, ok := t.kinds[tn]
			if !ok {
				// LLVM 19 has no name for some 3.7 codes; it prints a number instead.
				continue
			}
			if tv != v {
				d = append(d, fmt.Sprintf("block %s record %s: ours %d records/%d bits, llvm-bcanalyzer %d/%d", ir.BlockName(id), name, v[0], v[1], tv[0], tv[1]))
			}
		}
	}
	return d
}

// TestBlocksMatchLLVMBCAnalyzer compares the module's block summary (block
// instances, record and abbreviation counts, and per-record-kind counts and
// bits, named as llvm-bcanalyzer names them) with llvm-bcanalyzer-19 for a
// spread of 30 corpus files.
func TestBlocksMatchLLVMBCAnalyzer(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "llvm-bcanalyzer-19")
	// The 30: an even spread, plus the largest file (most records).
	picked := corpus.SmallestFirst(corpus.WithPart(corpus.Entries(t), "DXIL"))
	var sample []corpus.Entry
	for i := 0; i < 29 && len(picked) > 0; i++ {
		sample = append(sample, picked[i*len(picked)/29])
	}
	if len(picked) > 0 {
		sample = append(sample, picked[len(picked)-1])
	}
	agree := 0
	for _, e := range sample {
		p, ok := decodePart(t, e, "DXIL")
		if !ok {
			t.Errorf("%s: no DXIL bitcode", e.Rel)
			continue
		}
		theirs, err := corpus.BCAnalyzerAs(tool, p.bc, bcanalyzerStats)
		if err != nil {
			t.Errorf("%s: %v", e.Rel, err)
			continue
		}
		ours := map[uint32]*bcStats{}
		ourStats(p.m.Blocks, ours)
		if d := compareBCStats(ours, theirs); len(d) > 0 {
			t.Errorf("%s: %s", e.Rel, strings.Join(d, "; "))
			continue
		}
		agree++
	}
	t.Logf("%d/%d files agree with llvm-bcanalyzer-19 (blocks, records, abbreviations, per-kind counts and bits)", agree, len(sample))
}

// TestPixelExampleMatchesLLVMBCAnalyzer: the hand-assembled example
// (web/examples/pixel.dxbc, testdata/examples/gen) reads the same to
// llvm-bcanalyzer-19 as to the decoder, block by block and record kind by
// record kind, and its main holds the fifteen instructions the generator
// lowered its HLSL to: nine calls (two loadInput, dot2, Sqrt, Saturate, four
// storeOutput), five float operations and ret.
func TestPixelExampleMatchesLLVMBCAnalyzer(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "llvm-bcanalyzer-19")
	bc, off, ok := corpus.ProgramBitcode(corpus.RepoFile(t, "web/examples/pixel.dxbc"), "DXIL")
	if !ok {
		t.Fatal("pixel.dxbc: no DXIL bitcode")
	}
	s := &report.Sink{}
	m := Decode(bc, off, "Module/Bitcode", "DXIL", s)
	if len(s.Problems) > 0 {
		t.Errorf("problems: %v", s.Problems)
	}
	theirs, err := corpus.BCAnalyzerAs(tool, bc, bcanalyzerStats)
	if err != nil {
		t.Fatal(err)
	}
	ours := map[uint32]*bcStats{}
	ourStats(m.Blocks, ours)
	if d := compareBCStats(ours, theirs); len(d) > 0 {
		t.Errorf("against llvm-bcanalyzer-19: %s", strings.Join(d, "; "))
	}
	fn := theirs[ir.FunctionBlockID]
	if fn == nil || fn.kinds["INST_CALL"][0] != 9 || fn.kinds["INST_BINOP"][0] != 5 || fn.kinds["INST_RET"][0] != 1 {
		t.Errorf("llvm-bcanalyzer-19 reads main's records as %+v, want 9 calls, 5 binary operations, 1 ret", fn)
	}
	ops := map[string]int{}
	for _, c := range m.DXOps {
		ops[c.Name] = c.Count
	}
	want := map[string]int{"LoadInput": 2, "StoreOutput": 4, "Dot2": 1, "Sqrt": 1, "Saturate": 1}
	if fmt.Sprint(ops) != fmt.Sprint(want) {
		t.Errorf("dx.op census %v, want %v", ops, want)
	}
}

package bitstream

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestMain ends the run with one line naming what was missing (the corpus, LLVM 19).
func TestMain(m *testing.M) { corpus.Main(m) }

// bcStats is one block id's line of llvm-bcanalyzer's per-block summary.
type bcStats struct {
	instances, abbrevs, records int
	hist                        [][2]int64 // per record code: count, bits (sorted)
}

// bcanalyzerStats is a block of llvm-bcanalyzer's summary: its counts and
// its record histogram with the names left out (naming records is the IR's
// business).
func bcanalyzerStats(b *corpus.BCBlockStats) *bcStats {
	s := &bcStats{instances: b.Instances, abbrevs: b.Abbrevs, records: b.Records}
	for _, k := range b.Kinds {
		s.hist = append(s.hist, [2]int64{k.Count, k.Bits})
	}
	sortHist(s.hist)
	return s
}

func sortHist(h [][2]int64) {
	sort.Slice(h, func(i, j int) bool { return h[i][0] < h[j][0] || h[i][0] == h[j][0] && h[i][1] < h[j][1] })
}

// ourStats folds a parsed stream the same way: per block id, over all instances.
func ourStats(bs []*Block) map[uint32]*bcStats {
	res := map[uint32]*bcStats{}
	codes := map[uint32]map[uint32][2]int64{}
	var walk func([]*Block)
	walk = func(bs []*Block) {
		for _, b := range bs {
			s := res[b.ID]
			if s == nil {
				s = &bcStats{}
				res[b.ID] = s
				codes[b.ID] = map[uint32][2]int64{}
			}
			s.instances++
			s.abbrevs += b.Abbrevs
			s.records += len(b.Records)
			for _, r := range b.Records {
				h := codes[b.ID][r.Code]
				codes[b.ID][r.Code] = [2]int64{h[0] + 1, h[1] + int64(r.End-r.Start)}
			}
			walk(b.Blocks)
		}
	}
	walk(bs)
	for id, s := range res {
		for _, h := range codes[id] {
			s.hist = append(s.hist, h)
		}
		sortHist(s.hist)
	}
	return res
}

func compareBCStats(ours, theirs map[uint32]*bcStats) []string {
	var d []string
	ids := map[uint32]bool{}
	for id := range theirs {
		ids[id] = true
	}
	for id := range ours {
		ids[id] = true
	}
	for id := range ids {
		o, t := ours[id], theirs[id]
		switch {
		case o == nil || t == nil:
			d = append(d, fmt.Sprintf("block #%d: ours %v, llvm-bcanalyzer %v", id, o != nil, t != nil))
		case o.instances != t.instances || o.records != t.records || o.abbrevs != t.abbrevs:
			d = append(d, fmt.Sprintf("block #%d: ours %d instances/%d records/%d abbrevs, llvm-bcanalyzer %d/%d/%d",
				id, o.instances, o.records, o.abbrevs, t.instances, t.records, t.abbrevs))
		case !slices.Equal(o.hist, t.hist):
			d = append(d, fmt.Sprintf("block #%d: record histogram (count, bits) ours %v, llvm-bcanalyzer %v", id, o.hist, t.hist))
		}
	}
	sort.Strings(d)
	return d
}

// TestParseMatchesLLVMBCAnalyzer compares, per block id, the instances,
// records and abbreviations and each record code's count and bits with
// llvm-bcanalyzer-19, over a spread of 12 corpus modules (the largest among them).
func TestParseMatchesLLVMBCAnalyzer(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "llvm-bcanalyzer-19")
	picked := corpus.SmallestFirst(corpus.WithPart(corpus.Entries(t), "DXIL"))
	sample := corpus.Spread(picked, 11, "DXSCOPE_BCANALYZER_ALL")
	if len(picked) > 0 {
		sample = append(sample, picked[len(picked)-1])
	}
	agree, records := 0, 0
	for _, e := range sample {
		bc, ok := corpus.DXILBitcode(e.Bytes(t))
		if !ok {
			t.Errorf("%s: no DXIL bitcode", e.Rel)
			continue
		}
		s := Parse(bc, nil)
		if s.Err != nil {
			t.Errorf("%s: %v at bit %d", e.Rel, s.Err, s.Err.Bit)
			continue
		}
		theirs, err := corpus.BCAnalyzerAs(tool, bc, bcanalyzerStats)
		if err != nil {
			t.Errorf("%s: %v", e.Rel, err)
			continue
		}
		if d := compareBCStats(ourStats(s.Blocks), theirs); len(d) > 0 {
			t.Errorf("%s: %s", e.Rel, strings.Join(d, "; "))
			continue
		}
		records += s.Records
		agree++
	}
	t.Logf("%d/%d modules agree with llvm-bcanalyzer-19 (%d records: per block id instances, records, abbreviations, each code's count and bits)", agree, len(sample), records)
}

// TestHostileBlockInfoCostsItsSize: a BLOCKINFO block defining 65,535
// abbreviations for one block id, then 10,000 empty blocks of that id. The
// blocks share the list; they used to copy it, 655 million abbreviations.
func TestHostileBlockInfoCostsItsSize(t *testing.T) {
	b := hostile.BlockInfoBitcode(MaxAbbrevs-1, 10000)
	var top []*Block
	var err error
	alloc, d := corpus.Cost(func() { top, err = parseBits(t, b) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("65,535 abbreviations x 10,000 blocks (%d bytes): %v, %d MB allocated", len(b), d, alloc>>20)
	if len(top) != 1 || len(top[0].Blocks) != 10001 {
		t.Fatalf("blocks: %d", len(top[0].Blocks))
	}
	// What decoding any hostile input may allocate in all: far below what
	// this one once cost (gigabytes), and what a browser tab can spare.
	if limit := uint64(256 << 20); alloc > limit {
		t.Errorf("%d MB allocated", alloc>>20)
	}
}

// FuzzParse reads arbitrary bytes as a bitstream: no panic, and every
// block and record lies inside the stream, in order.
func FuzzParse(f *testing.F) {
	f.Add(hostile.BlockInfoBitcode(3, 2))
	f.Add([]byte("BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00"))
	for _, e := range corpus.Spread(corpus.WithPart(corpus.Available(), "DXIL"), 3, "") {
		if bc, ok := corpus.DXILBitcode(e.Bytes(f)); ok {
			f.Add(bc)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s := Parse(b, nil)
		end := uint64(len(b)) * 8
		var check func([]*Block, int)
		check = func(bs []*Block, depth int) {
			if depth > MaxDepth {
				t.Fatalf("blocks nest %d deep", depth)
			}
			for _, bl := range bs {
				if bl.Start > bl.End || bl.End > end {
					t.Fatalf("block %d at bits [%d,%d) of %d", bl.ID, bl.Start, bl.End, end)
				}
				for _, r := range bl.Records {
					if r.Start < bl.Start || r.End < r.Start || r.End > bl.End {
						t.Fatalf("record %d at bits [%d,%d) outside its block [%d,%d)", r.Code, r.Start, r.End, bl.Start, bl.End)
					}
				}
				check(bl.Blocks, depth+1)
			}
		}
		check(s.Blocks, 0)
		if s.Records > RecordLimit(len(b)) {
			t.Fatalf("%d records", s.Records)
		}
	})
}

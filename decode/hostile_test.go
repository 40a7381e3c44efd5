package decode

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/llvm/bitstream"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Inputs that once cost time or memory out of proportion to their size
// (issue: hostile input costs what its size justifies). Each decodes within
// a fixed allocation bound; the time is logged, not asserted.

// hostileAllocLimit is what decoding any of these inputs may allocate in
// all: far below what they once cost (gigabytes), and what a browser tab
// can spare.
const hostileAllocLimit = 256 << 20

// costOf decodes b and returns the bytes allocated and the time taken.
func costOf(t *testing.T, b []byte) (uint64, time.Duration, *File) {
	t.Helper()
	var f *File
	var err error
	alloc, d := corpus.Cost(func() { f, err = Parse(b) })
	if err != nil {
		t.Fatal(err)
	}
	return alloc, d, f
}

// hostileInput is one input of the tables below, named for what it holds.
type hostileInput struct {
	name string
	data []byte
}

func TestHostileContainerTablesCostTheirSize(t *testing.T) {
	for _, c := range []hostileInput{
		{"8 MB of repeated headers", hostile.RepeatedHeaders(8 << 20)},
		{"100,000 parts at one offset", hostile.PartsAtOneOffset(100000)},
	} {
		alloc, d, f := costOf(t, c.data)
		t.Logf("%s: %d bytes decoded in %v, %d MB allocated, %d parts, %d problems", c.name, len(c.data), d, alloc>>20, len(f.Parts), len(f.Problems))
		// Allocation: a few times the input at most (the input itself is not copied).
		if limit := uint64(hostileAllocLimit); alloc > limit {
			t.Errorf("%s: %d MB allocated, over %d MB", c.name, alloc>>20, limit>>20)
		}
		if len(f.Parts) > MaxParts {
			t.Errorf("%s: %d parts decoded", c.name, len(f.Parts))
		}
		// Problems of one kind are summed up after the first few.
		if len(f.Problems) > 64 {
			t.Errorf("%s: %d problems", c.name, len(f.Problems))
		}
	}
}

func TestHostilePSVNamesCostTheirSize(t *testing.T) {
	data := hostile.LongNamePSV(1 << 20)
	alloc, d, f := costOf(t, data)
	t.Logf("PSV0, 765 elements naming one 1 MB string: %d bytes decoded in %v, %d MB allocated, %d problems", len(data), d, alloc>>20, len(f.Problems))
	if limit := uint64(hostileAllocLimit); alloc > limit {
		t.Errorf("%d MB allocated, over %d MB", alloc>>20, limit>>20)
	}
	if p := f.Part("PSV0"); p == nil || p.PSVInfo == nil || len(p.PSVInfo.SigInputElements) != 255 {
		t.Fatalf("elements not decoded")
	}
}

func TestHostileRDEFNamesCostTheirSize(t *testing.T) {
	data := hostile.ManyNamesRDEF(8000, 256<<10)
	alloc, d, f := costOf(t, data)
	t.Logf("RDEF, 8,000 bindings named inside one 256 KB string: %d bytes decoded in %v, %d MB allocated, %d problems", len(data), d, alloc>>20, len(f.Problems))
	if limit := uint64(hostileAllocLimit); alloc > limit {
		t.Errorf("%d MB allocated, over %d MB", alloc>>20, limit>>20)
	}
	p := f.Part("RDEF")
	if p == nil || p.ResourceDefs == nil || len(p.ResourceDefs.ResourceBindings) != 8000 {
		t.Fatalf("bindings not decoded: %v", f.Problems)
	}
	// Each name is the rest of the string from its offset, cut to binread.MaxNameLen
	// bytes in the decoded value (the part says so, once).
	if got := p.ResourceDefs.ResourceBindings[1].Name; len(got) != binread.MaxNameLen || got[:2] != "bc" {
		t.Errorf("binding 1 is named %.10q… (%d bytes)", got, len(got))
	}
	if len(f.Problems) != 1 || !strings.Contains(f.Problems[0].Message, "references name strings longer than 1024 bytes") {
		t.Errorf("problems: %v", f.Problems)
	}
}

// TestHostileJSONCostsItsSize: what the decoded values cost every consumer
// (the JSON export, the page's tree, which is built from JSON) is bounded by
// the input's size too: thousands of records naming one long string once
// made a 512 KB RDEF into 2 GB of JSON and a 1 MB PSV0 into 1.6 GB.
func TestHostileJSONCostsItsSize(t *testing.T) {
	for _, c := range []hostileInput{
		{"PSV0 names", hostile.LongNamePSV(1 << 20)},
		{"RDEF names", hostile.ManyNamesRDEF(8000, 256<<10)},
		{"BLOCKINFO", hostile.BlockInfo(bitstream.MaxAbbrevs-1, 10000)},
		{"huge grids", hostile.HugeGrids()},
		{"100,000 parts", hostile.PartsAtOneOffset(100000)},
		{"RDAT references", hostile.RDAT(512 << 10)},
	} {
		f, err := Parse(c.data)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d input bytes, %d bytes of JSON in %v", c.name, len(c.data), len(b), time.Since(t0))
		if limit := 64*len(c.data) + 1<<20; len(b) > limit {
			t.Errorf("%s: %d bytes of JSON from %d bytes of input (limit %d)", c.name, len(b), len(c.data), limit)
		}
	}
}

// TestHostileRDATCostsItsSize: a 512 KB RDAT whose thousands of function
// records all list every resource through one index array and name one
// long string: references resolve within a budget, strings are shared.
func TestHostileRDATCostsItsSize(t *testing.T) {
	data := hostile.RDAT(512 << 10)
	alloc, d, f := costOf(t, data)
	t.Logf("RDAT, 512 KB of shared references: %d bytes decoded in %v, %d MB allocated, %d problems", len(data), d, alloc>>20, len(f.Problems))
	if alloc > hostileAllocLimit {
		t.Errorf("%d MB allocated, over %d MB", alloc>>20, hostileAllocLimit>>20)
	}
	p := f.Part("RDAT")
	if p == nil || p.RuntimeData == nil || p.RuntimeData.ResourceTable == nil || p.RuntimeData.FunctionTable == nil {
		t.Fatalf("RDAT not decoded: %v", f.Problems)
	}
	rd := p.RuntimeData
	res, fns := len(rd.ResourceTable.Records), len(rd.FunctionTable.Records)
	if res != 512<<10/4/32 || fns != 512<<10/4/44 {
		t.Errorf("%d resources and %d functions decoded", res, fns)
	}
	if name := rd.FunctionTable.Records[0].Name; len(name) != binread.MaxNameLen || name[:3] != "abc" {
		t.Errorf("function 0 is named %.10q… (%d bytes)", name, len(name))
	}
	// Function 0's dependency names (strings into the long one, 1 KB each)
	// resolve until the budget ends; later lists are empty, which the part says.
	if got := rd.FunctionTable.Records[0].FunctionDependencies; len(got) < res/2 || got[1][:3] != "hij" {
		t.Errorf("function 0 lists %d dependencies", len(got))
	}
	if last := rd.FunctionTable.Records[fns-1]; len(last.FunctionDependencies) != 0 || len(last.ResourceNames) != 0 {
		t.Errorf("the last function resolved %d dependencies and %d resource names past the budget", len(last.FunctionDependencies), len(last.ResourceNames))
	}
	cut := false
	for _, pr := range f.Problems {
		cut = cut || strings.Contains(pr.Message, "lists from RDAT/FunctionTable")
	}
	if !cut {
		t.Errorf("no problem says the lists were cut: %v", f.Problems)
	}
}

// BenchmarkHostile decodes each hostile input (the figures in
// docs/architecture.md come from here).
func BenchmarkHostile(b *testing.B) {
	for _, c := range []hostileInput{
		{"RepeatedHeaders8MB", hostile.RepeatedHeaders(8 << 20)},
		{"PartsAtOneOffset100k", hostile.PartsAtOneOffset(100000)},
		{"PSVNames1MB", hostile.LongNamePSV(1 << 20)},
		{"RDEFNames512KB", hostile.ManyNamesRDEF(8000, 256<<10)},
		{"RDAT512KB", hostile.RDAT(512 << 10)},
		{"BlockInfo65535x10000", hostile.BlockInfo(bitstream.MaxAbbrevs-1, 10000)},
		{"HugeGrids", hostile.HugeGrids()},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.data)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(c.data)
			}
		})
	}
}

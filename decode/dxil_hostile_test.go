package decode

import (
	"encoding/json"
	"testing"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/llvm/bitstream"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// DXIL records naming one long metadata string (issue: hostile input,
// seventh round): k resource records of a few bits each, all named by one
// k-byte string, held the whole string each, and every consumer wrote it k
// times (k=4,096, 23 KB: 17.5 MB of JSON, doubling per byte with k). A name
// read from a metadata string now holds at most binread.MaxNameLen bytes,
// and 32 once the names pass twice the bitcode, with one Note: decoding
// and the JSON cost a flat amount per byte over three sizes, each twice the
// last.
func TestDXILNamesOfOneLongStringCostTheirSize(t *testing.T) {
	var allocs, outs []float64
	for _, k := range []int{2048, 4096, 8192} {
		data := hostile.SharedResourceName(k, k)
		var f *File
		alloc, _ := corpus.Cost(func() { f, _ = Parse(data) })
		js, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		m := f.Part("DXIL").Module
		if m == nil || len(m.Resources) != k {
			t.Fatalf("k=%d: the resources are not read", k)
		}
		if first, last := len(m.Resources[0].Name), len(m.Resources[k-1].Name); first != binread.MaxNameLen || last != 32 {
			t.Errorf("k=%d: the first name holds %d bytes, the last %d", k, first, last)
		}
		hasProblem(t, f, Note, "names hold the first 1024 bytes of their metadata string")
		t.Logf("k=%d: %d bytes, %d KB allocated (%d per byte), %d bytes of JSON (%d per byte)", k, len(data), alloc>>10, alloc/uint64(len(data)), len(js), len(js)/len(data))
		allocs = append(allocs, float64(alloc)/float64(len(data)))
		outs = append(outs, float64(len(js))/float64(len(data)))
	}
	hostile.Flat(t, "k resources naming one k-byte string", allocs, 1.5, "bytes allocated")
	hostile.Flat(t, "k resources naming one k-byte string", outs, 1.5, "bytes of JSON")
}

// A module of records that take four bits each (an abbreviation of literals
// writes a GLOBALVAR as its id alone): two records a byte, each costing the
// bitstream, IR and DXIL readers about 1.6 KB, so 98 KB of bitcode (262,144
// globals) allocated 415 MB and a 384 KB file held 676 MB of the page's
// heap. A stream now holds at most bitstream.RecordLimit records (16,384
// and one per two bytes; the corpus's densest stream has 0.17 per byte), and
// an Error says where the rest was left undecoded: at the largest size,
// decoding allocates under a third of what it did.
func TestDenseRecordsAreBoundedByTheStreamsSize(t *testing.T) {
	for _, globals := range []int{65536, 131072, 262144} {
		data := hostile.StringConstant(1, globals)
		var f *File
		alloc, _ := corpus.Cost(func() { f, _ = Parse(data) })
		p := f.Part("DXIL")
		if p == nil || p.Module == nil {
			t.Fatalf("%d globals: no module", globals)
		}
		limit := bitstream.RecordLimit(len(p.Program.DXIL))
		read := p.Module.Records
		perByte := float64(alloc) / float64(len(data))
		t.Logf("%d globals, %d bytes: %d records read (limit %d), %d MB allocated, %.0f per byte", globals, len(data), read, limit, alloc>>20, perByte)
		if read > limit {
			t.Errorf("%d globals: %d records read, more than the limit %d", globals, read, limit)
		}
		hasProblem(t, f, Error, "records in")
		if globals == 262144 && perByte > 1500 {
			t.Errorf("%d globals: %.0f bytes allocated per input byte (4,400 without the limit)", globals, perByte)
		}
	}
}

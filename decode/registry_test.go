package decode_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/binread"
)

// testCounts is the value of the made-up part ZZZ0: a u32 count, then that
// many u16 values.
type testCounts struct {
	Count  uint32
	Values []uint16
}

// Registering ZZZ0 here, in a test binary, is all it takes to add a part.
func init() {
	decode.RegisterPart(decode.PartKind{
		Name: "ZZZ0", Title: "test counts", About: "A made-up part: a count and that many 16-bit values.",
		Unique: true, KnownLayout: true, Key: "Counts",
		Decode: func(_ *decode.File, p *decode.Part, r *binread.Reader) {
			v := &testCounts{Count: r.U32("Count")}
			n := min(int(v.Count), r.Remaining()/2) // a count is checked against the bytes before it sizes anything
			if n < int(v.Count) {
				r.Problem(decode.Error, "Count says %d values, only %d fit", v.Count, n)
			}
			r.Begin("Values", "value list")
			for i := range n {
				v.Values = append(v.Values, r.U16(fmt.Sprint(i)))
			}
			r.End()
			p.Value = v
		},
		Summary: func(p *decode.Part) string { return fmt.Sprintf("%d values", len(p.Value.(*testCounts).Values)) },
	})
}

// container builds a one-part container around data.
func container(name string, data []byte) []byte {
	b := make([]byte, 36+8+len(data))
	copy(b, "DXBC")
	binary.LittleEndian.PutUint16(b[20:], 1)
	binary.LittleEndian.PutUint32(b[24:], uint32(len(b)))
	binary.LittleEndian.PutUint32(b[28:], 1)
	binary.LittleEndian.PutUint32(b[32:], 36)
	copy(b[36:], name)
	binary.LittleEndian.PutUint32(b[40:], uint32(len(data)))
	copy(b[44:], data)
	return b
}

func TestRegisteredPartIsEverywhere(t *testing.T) {
	data := []byte{2, 0, 0, 0, 7, 0, 9, 0}
	f, err := decode.Parse(container("ZZZ0", data))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Part("ZZZ0")
	if p == nil {
		t.Fatal("ZZZ0 not in the part list")
	}
	if p.Summary != "2 values" {
		t.Errorf("summary %q", p.Summary)
	}
	if got := decode.DescribePart("ZZZ0").Title; got != "test counts" {
		t.Errorf("title %q", got)
	}
	v, ok := p.Value.(*testCounts)
	if !ok || v.Count != 2 || !slices.Equal(v.Values, []uint16{7, 9}) {
		t.Fatalf("value %#v", p.Value)
	}
	// The span paths are the JSON key paths.
	want := map[string]int64{"ZZZ0/Count": 44, "ZZZ0/Values/0": 48, "ZZZ0/Values/1": 50}
	for _, s := range p.Spans {
		if off, ok := want[s.Path]; ok {
			if s.Off != off {
				t.Errorf("%s at %d, want %d", s.Path, s.Off, off)
			}
			delete(want, s.Path)
		}
	}
	if len(want) > 0 {
		t.Errorf("no spans for %v", want)
	}
	j, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(j), `"Counts":{"Count":2,"Values":[7,9]}`) {
		t.Errorf("JSON lacks the value: %s", j)
	}
	if !slices.Contains(decode.FuzzPartNames(), "ZZZ0") {
		t.Error("ZZZ0 is not fuzzed")
	}
	if k := decode.LookupPart("ZZZ0"); k == nil || !k.Unique {
		t.Error("registration not found")
	}
	// A count larger than the data is a problem, not a panic or a big allocation.
	f3, _ := decode.Parse(container("ZZZ0", []byte{0xff, 0xff, 0xff, 0xff, 1, 0}))
	if len(f3.Problems) == 0 || f3.Part("ZZZ0").Value.(*testCounts).Count != 0xffffffff {
		t.Errorf("problems %v", f3.Problems)
	}
}

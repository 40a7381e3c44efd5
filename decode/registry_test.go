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
	// The span paths are the JSON key paths, from the registered Key.
	want := map[string]int64{"Counts/Count": 44, "Counts/Values/0": 48, "Counts/Values/1": 50}
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

// checkCalls records the registered Checks' calls: the FourCC, how many
// parts it was given, and the value of the last part of the file at the time
// (so a check is seen to run after every part decoded).
var checkCalls []string

// ZZC0 and ZZB0 are made-up parts holding one byte, with a Check each.
func init() {
	for _, name := range []string{"ZZC0", "ZZB0"} {
		decode.RegisterPart(decode.PartKind{
			Name: name, Title: "test byte", About: "A made-up part holding one byte.",
			Decode: func(_ *decode.File, p *decode.Part, r *binread.Reader) { p.Value = r.U8("Byte") },
			Check: func(f *decode.File, parts []*decode.Part) {
				var vals []string
				for _, p := range parts {
					vals = append(vals, fmt.Sprint(p.Value))
				}
				last := f.Parts[len(f.Parts)-1]
				checkCalls = append(checkCalls, fmt.Sprintf("%s %s last=%v", parts[0].Name, strings.Join(vals, ","), last.Value))
				f.Problems = append(f.Problems, decode.Problem{Severity: decode.Note, Offset: parts[0].Offset, Part: parts[0].Name, Structure: "cross-check", Message: "checked"})
			},
		})
	}
}

// containerOf builds a container of the given parts (name, data), in order.
func containerOf(parts ...[2]string) []byte {
	size := 32 + 4*len(parts)
	for _, p := range parts {
		size += 8 + len(p[1])
	}
	b := make([]byte, 32+4*len(parts), size)
	copy(b, "DXBC")
	binary.LittleEndian.PutUint16(b[20:], 1)
	binary.LittleEndian.PutUint32(b[24:], uint32(size))
	binary.LittleEndian.PutUint32(b[28:], uint32(len(parts)))
	for i, p := range parts {
		binary.LittleEndian.PutUint32(b[32+4*i:], uint32(len(b)))
		b = append(b, p[0]...)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(p[1])))
		b = append(b, p[1]...)
	}
	return b
}

// Parse runs each registered Check once per FourCC present, in FourCC order
// (not file order), with that FourCC's parts in file order, after every part
// decoded; a FourCC the file lacks is not checked.
func TestRegisteredChecksRunInFourCCOrder(t *testing.T) {
	checkCalls = nil
	f, err := decode.Parse(containerOf([2]string{"ZZC0", "\x01"}, [2]string{"ZZB0", "\x02"}, [2]string{"ZZC0", "\x03"}, [2]string{"ZZZ0", "\x00\x00\x00\x00"}, [2]string{"ZZB0", "\x04"}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ZZB0 2,4 last=4", "ZZC0 1,3 last=4"}
	if !slices.Equal(checkCalls, want) {
		t.Errorf("checks ran as %q, want %q", checkCalls, want)
	}
	var notes []string
	for _, p := range f.Problems {
		if p.Structure == "cross-check" {
			notes = append(notes, p.Part)
		}
	}
	if !slices.Equal(notes, []string{"ZZB0", "ZZC0"}) {
		t.Errorf("the checks' problems are %q, want one for ZZB0 then ZZC0", notes)
	}
	checkCalls = nil
	if _, err := decode.Parse(containerOf([2]string{"ZZZ0", "\x00\x00\x00\x00"})); err != nil || len(checkCalls) != 0 {
		t.Errorf("a file without ZZB0 or ZZC0 ran %q (%v)", checkCalls, err)
	}
}

// A built-in family's Summary is registered with it and describes even a
// part that did not decode; a part with no Summary registered is "N bytes, raw".
func TestRegisteredSummaries(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"HASH", "\x01\x00\x00\x00" + strings.Repeat("\xab", 16), "MD5 abababababababababababababababab (includes source)"},
		{"HASH", "\x01\x00", "2 bytes, raw"},                    // too short to decode
		{"SFI0", "\x01\x00\x00\x00\x00\x00\x00\x00", "Doubles"}, // bit 0
		{"SFI0", "\x00\x00\x00\x00\x00\x00\x00\x00", "no optional features"},
		{"STAT", "\x05\x00\x00\x00", "5 instructions"}, // FXC: the first count
		{"PRIV", "abc", "3 bytes, raw"},                // registered, not decoded
		{"QQQ0", "abcd", "4 bytes, raw"},               // not registered
	} {
		f, err := decode.Parse(containerOf([2]string{c.name, c.data}))
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Parts[0].Summary; got != c.want {
			t.Errorf("%s %q: summary %q, want %q", c.name, c.data, got, c.want)
		}
	}
	for _, name := range []string{"SFI0", "HASH", "DXIL", "ILDB", "STAT", "ILDN", "VERS", "SRCI", "PDBI"} {
		if k := decode.LookupPart(name); k == nil || k.Summary == nil {
			t.Errorf("%s registers no Summary", name)
		}
	}
}

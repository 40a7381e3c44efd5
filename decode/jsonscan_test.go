package decode

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// jsonDecoded is what encoding/json's Decoder with UseNumber reads from b.
func jsonDecoded(t *testing.T, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return v
}

// JSONScanner.Value reads what encoding/json's Decoder reads (decode/diff
// relies on it): hand-written texts with every escape, and the JSON of every
// part of a sample of corpus files.
func TestJSONScannerValue(t *testing.T) {
	texts := []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-12.5e+3`, `""`,
		`"a\"b\\c\/d\b\f\n\r\t\u00e9\u2028\ud83d\ude00\ud800x"`,
		` { "A" : [ 1 , -2, 3.25, {"B": null, "C": [true, false]}, [] ], "D": {"E": "x"}, "A2": 18446744073709551615 } `,
	}
	check := func(b []byte) {
		got, ok := NewJSONScanner(b).Value()
		if !ok {
			t.Fatalf("%.200s: not read", b)
		}
		if want := jsonDecoded(t, b); !reflect.DeepEqual(got, want) {
			t.Fatalf("%.200s:\n got %#v\nwant %#v", b, got, want)
		}
	}
	for _, s := range texts {
		check([]byte(s))
	}
	for _, s := range []string{`{"A":`, `[1,`, `"ab`, `{"A" 1}`, `x`} {
		if _, ok := NewJSONScanner([]byte(s)).Value(); ok {
			t.Errorf("%s: read as whole", s)
		}
	}
	parts := 0
	for i, e := range corpus.Entries(t) {
		if i%25 != 0 {
			continue
		}
		f, err := Parse(e.Bytes(t))
		if err != nil {
			continue
		}
		for _, p := range f.Parts {
			js, err := json.Marshal(p)
			if err != nil {
				t.Fatal(err)
			}
			check(js)
			parts++
		}
	}
	t.Logf("%d parts of %d texts read as encoding/json reads them", parts, len(texts))
}

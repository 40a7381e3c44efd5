package model

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// treeValue turns a tree back into the values encoding/json decodes.
func treeValue(n *Node) any {
	switch n.Kind {
	case KindObject:
		m := map[string]any{}
		for _, c := range n.Children {
			m[c.Key] = treeValue(c)
		}
		return m
	case KindArray:
		a := []any{}
		for _, c := range n.Children {
			a = append(a, treeValue(c))
		}
		return a
	case KindString:
		return n.Full
	case KindNumber:
		return json.Number(n.Full)
	case KindBool:
		return n.Full == "true"
	}
	return nil
}

func dropSpans(v any) any {
	switch x := v.(type) {
	case map[string]any:
		delete(x, "Spans")
		for k, c := range x {
			x[k] = dropSpans(c)
		}
	case []any:
		for i, c := range x {
			x[i] = dropSpans(c)
		}
	}
	return v
}

func stdValue(t *testing.T, b []byte) any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return dropSpans(v)
}

// TestTreeScannerMatchesEncodingJSON: the tree's in-place JSON reader reads
// what encoding/json reads, escapes included, over every part of the corpus.
func TestTreeScannerMatchesEncodingJSON(t *testing.T) {
	tricky := json.RawMessage(`{"a":"<>&\u2028\ud83d\ude00\ud800x\"\\\/\b\f\n\r\t","Spans":[{"x":"]}"}],"n":-1.5e3,"t":true,"f":false,"z":null,"e":{},"l":[]}`)
	b, _ := json.Marshal(tricky)
	tr := BuildTree("X", tricky, nil)
	if got, want := treeValue(tr.Root), stdValue(t, b); !reflect.DeepEqual(got, want) {
		t.Errorf("tricky value:\n got %#v\nwant %#v", got, want)
	}
	entries := corpus.Entries(t)
	parts, files := 0, 0
	for i, e := range entries {
		if i%7 != 0 { // a seventh of the corpus keeps the test short
			continue
		}
		f, err := decode.Parse(e.Bytes(t))
		if err != nil {
			continue
		}
		files++
		for _, p := range f.Parts {
			q := *p
			q.Spans = nil
			b, err := json.Marshal(&q)
			if err != nil {
				continue
			}
			tr := BuildTree(p.Name, &q, nil)
			if tr.Truncated {
				continue
			}
			parts++
			if got, want := treeValue(tr.Root), stdValue(t, b); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s part %s: the tree differs from encoding/json's reading", e.Rel, p.Name)
			}
		}
	}
	t.Logf("%d parts of %d files read alike", parts, files)
}

// The tree prints numbers one way: offsets, sizes, flags and masks in hex
// (the decimal on hover), 0xFFFFFFFF by its meaning, counts and indexes as read.
func TestTreeNumberText(t *testing.T) {
	for _, tc := range []struct{ key, num, want string }{
		{"DataOffset", "264", "0x108"},
		{"Size", "228", "0xe4"},
		{"Size", "8", "8"}, // one digit reads the same
		{"RecordSizeInBytes", "16", "0x10"},
		{"Flags", "4096", "0x1000"},
		{"ExclusiveMask", "15", "0xf"},
		{"MaximumWaveLaneCount", "4294967295", "0xFFFFFFFF (none / unbounded)"},
		{"PartCount", "42", "42"},
		{"[3]", "100", "100"},
	} {
		if got := numberText(tc.key, tc.num); got != tc.want {
			t.Errorf("numberText(%q, %q) = %q, want %q", tc.key, tc.num, got, tc.want)
		}
	}
}

package binread

import (
	"slices"
	"testing"

	"github.com/dxscope/dxscope/decode/report"
)

func spanPaths(out *report.Sink) []string {
	var ps []string
	for _, s := range out.Spans {
		ps = append(ps, s.Path)
	}
	return ps
}

// A string with no NUL before the end of data cut short is no value: the
// bytes present are its start, not it. In whole data it is the string the
// bytes hold, with a warning.
func TestUnterminatedStringAtACut(t *testing.T) {
	for _, short := range []bool{false, true} {
		out := &report.Sink{}
		r := New([]byte("1.8.24"), 0, "V", "VERS", out)
		r.Short = short
		got := r.CString("Custom")
		switch {
		case short && (got != "" || len(out.Spans) != 0 || !slices.Equal(out.Absent, []string{"V/Custom"})):
			t.Errorf("cut: %q, spans %v, absent %v; want no value, no span, V/Custom absent", got, spanPaths(out), out.Absent)
		case !short && (got != "1.8.24" || !slices.Equal(spanPaths(out), []string{"V/Custom"}) || len(out.Absent) != 0 || len(out.Problems) != 1):
			t.Errorf("whole: %q, spans %v, absent %v, %d problems", got, spanPaths(out), out.Absent, len(out.Problems))
		}
	}
}

// Sub passes Short on to a range that ends where the cut data ends, or that
// it clips; a range ending before is whole.
func TestSubIsShortAtTheCut(t *testing.T) {
	r := New(make([]byte, 16), 0, "P", "P", &report.Sink{})
	r.Short = true
	for _, c := range []struct {
		off, n int
		short  bool
	}{{0, 8, false}, {8, 8, true}, {8, 12, true}} {
		if s := r.Sub(c.off, c.n, "P", "x"); s.Short != c.short {
			t.Errorf("Sub(%d, %d).Short = %v, want %v", c.off, c.n, s.Short, c.short)
		}
	}
	r.Short = false
	if s := r.Sub(8, 12, "P", "x"); !s.Short {
		t.Error("a clipped range is short even in whole data")
	}
}

// A structure a read fails in has no span (its bytes do not hold all of
// it); the fields read before keep theirs. A failed Bytes takes its place
// like a failed U32: the U32 after a cut 8-byte field is not read from its
// first bytes.
func TestStructureCutShortHasNoSpan(t *testing.T) {
	out := &report.Sink{}
	r := New([]byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0}, 0, "H", "P", out)
	r.Begin("Whole", "whole")
	r.U32("A")
	r.End()
	r.Begin("Cut", "cut")
	r.U32("B")
	r.Bytes("Magic", 8)
	v := r.U32("C")
	r.End()
	if want := []string{"H/Whole/A", "H/Whole", "H/Cut/B"}; !slices.Equal(spanPaths(out), want) || v != 0 {
		t.Errorf("spans %v, C = %d; want %v, C = 0", spanPaths(out), v, want)
	}
	out = &report.Sink{}
	r = New(make([]byte, 8), 0, "H", "P", out)
	r.Begin("S", "section")
	r.U32("A")
	r.CutShort()
	r.Seek(8)
	r.End()
	if want := []string{"H/S/A"}; !slices.Equal(spanPaths(out), want) {
		t.Errorf("after CutShort: spans %v, want %v", spanPaths(out), want)
	}
}

package text_test

import (
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Many functions, each a kilobyte of bitcode just under the alignment's
// table of cells, cost what their lines do: each had its own 16 MB table
// (64 of them, 132 KB: 700 MB allocated, 5,290 bytes per input byte).
func TestCodeDiffOfManyUnitsCostsItsLines(t *testing.T) {
	a := hostile.AllocaBodies(64, 2000, 1)
	b := hostile.AllocaBodies(64, 2000, 5)
	fa, err := decode.Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	ca, cb := text.Code(fa), text.Code(fb)
	if len(ca) < 2 || len(ca[1].Lines) < 2000 {
		t.Fatalf("the family's code is %d units; want 64 functions of 2,000 lines", len(ca))
	}
	var hunks int
	alloc, _ := corpus.Cost(func() { hunks = len(text.DiffCode(ca, cb)) })
	if hunks == 0 {
		t.Fatal("no hunks: the two files' code should differ")
	}
	n := len(a) + len(b)
	if perByte := float64(alloc) / float64(n); perByte > 2048 {
		t.Errorf("DiffCode allocated %d bytes for %d input bytes (%.0f per byte, want at most 2,048)", alloc, n, perByte)
	}
}

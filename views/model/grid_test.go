package model

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
)

// element is an allocated PSV0 signature element for the tests.
func element(name string, kind decode.PSVSemanticKind, row, col, cols int) decode.PSVSignatureElement {
	return decode.PSVSignatureElement{Name: name, Kind: kind, StartRow: row, StartCol: col, Cols: uint8(cols), Rows: 1,
		Indices: []uint32{0}, Allocated: true}
}

// vertexPSV is the PSV0 of testdata/examples/vertex.yaml: POSITION (xyz)
// and TEXCOORD (xy) in, SV_Position and TEXCOORD (xy) out, and its
// input→output table written by hand in the example's YAML.
func vertexPSV() *decode.PSVInfo {
	return &decode.PSVInfo{SigInputVectors: 2, SigOutputVectors: [4]uint8{2},
		SigInputElements:  []decode.PSVSignatureElement{element("POSITION", 0, 0, 0, 3), element("TEXCOORD", 0, 1, 0, 2)},
		SigOutputElements: []decode.PSVSignatureElement{element("", 3, 0, 0, 4), element("TEXCOORD", 0, 1, 0, 2)},
		InputToOutput: [4]*decode.PSVDependencyTable{{Name: "InputOutputMap[0]", InputVectors: 2, OutputVectors: 2,
			Words: []uint32{15, 15, 15, 0, 16, 32, 0, 0}, Offset: 0x1d0}}}
}

func TestGridFromPSVInputOutputMap(t *testing.T) {
	grids := GridsFromPSV(vertexPSV(), 0x40)
	if len(grids) != 1 {
		t.Fatalf("%d grids", len(grids))
	}
	g := grids[0]
	if len(g.Rows) != 8 || len(g.Cols) != 8 {
		t.Fatalf("%dx%d", len(g.Rows), len(g.Cols))
	}
	for _, tc := range []struct {
		r, c int
		want string
	}{
		{0, 0, "input POSITION0.x affects output SV_Position0.x"},
		{2, 3, "input POSITION0.z affects output SV_Position0.w"},
		{5, 5, "input TEXCOORD0.y affects output TEXCOORD0.y"},
		{4, 5, "input TEXCOORD0.x does not affect output TEXCOORD0.y"},
		{3, 0, "input v0.w does not affect output SV_Position0.x"},
	} {
		if got := g.Describe(tc.r, tc.c); got != tc.want {
			t.Errorf("(%d,%d): %q, want %q", tc.r, tc.c, got, tc.want)
		}
	}
	// Row 5 is word 5 of the table (one word per row); column 5 is its bit 5, in the word's first byte.
	if b, ok := g.Bit(5, 5); !ok || b.Off != 0x40+0x1d0+4*5 || b.Size != 1 || !strings.HasPrefix(b.Path, "PSVInfo/InputOutputMap/0/5 bit 5") {
		t.Errorf("cell (5,5)'s bit: %+v %v", b, ok)
	}
}

// With 9 output vectors (36 components) each input row takes two words and
// output 32 is bit 0 of the second.
func TestGridTableLayoutAcrossDwords(t *testing.T) {
	info := &decode.PSVInfo{SigInputVectors: 1, SigOutputVectors: [4]uint8{9},
		InputToOutput: [4]*decode.PSVDependencyTable{{Name: "InputOutputMap[0]", Words: []uint32{1, 0, 0, 1, 0, 0, 2147483648, 0}}}}
	g := GridsFromPSV(info, 0)[0]
	want := map[[2]int]bool{{0, 0}: true, {1, 32}: true, {3, 31}: true}
	for r := range g.Rows {
		for c := range g.Cols {
			if g.Set(r, c) != want[[2]int{r, c}] {
				t.Errorf("cell (%d,%d) = %v", r, c, g.Set(r, c))
			}
		}
	}
	if b, _ := g.Bit(1, 32); b.Off != 4*3 {
		t.Errorf("cell (1,32) is in byte %d, want 12 (word 3)", b.Off)
	}
}

// Names from the file reach grid labels with control and bidi characters
// escaped, long ones shortened in the middle (keeping the component), the
// whole name kept for the hover text.
func TestGridLabelsAreShownSafely(t *testing.T) {
	long := strings.Repeat("N", 5000)
	info := &decode.PSVInfo{SigInputVectors: 1, SigOutputVectors: [4]uint8{2},
		SigInputElements:  []decode.PSVSignatureElement{element("A\x1b]52;x\x07\u202eB", 0, 0, 0, 1)},
		SigOutputElements: []decode.PSVSignatureElement{element(long, 0, 1, 0, 2)},
		InputToOutput:     [4]*decode.PSVDependencyTable{{Name: "InputOutputMap[0]", Words: []uint32{1, 1, 1, 1}}}}
	g := GridsFromPSV(info, 0)[0]
	if got, want := g.Rows[0], `A\x1b]52;x\x07U+202EB0.x`; got != want {
		t.Errorf("row label %q, want %q", got, want)
	}
	c := g.Cols[5]
	if n := len([]rune(c)); n != MaxLabel || !strings.HasPrefix(c, "NNNN") || !strings.HasSuffix(c, "0.y") || !strings.Contains(c, "…") {
		t.Errorf("long column label %q (%d runes)", c, n)
	}
	if title := g.ColTitle(5); len(title) < 1000 || !strings.HasPrefix(title, "NNNN") {
		t.Errorf("the hover text lost the name: %d bytes", len(title))
	}
	if g.ColTitle(0) != "o0.x" || g.RowTitle(0) != g.Rows[0] {
		t.Errorf("short labels changed in the title: %q %q", g.ColTitle(0), g.RowTitle(0))
	}
}

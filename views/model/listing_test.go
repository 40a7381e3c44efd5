package model

import (
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// aon9File is a level-9 vertex shader from FXC: Aon9 with its listing, SHDR
// with FXC's header block, signatures.
const aon9File = "real/microsoft__DirectXTK/BasicEffect_VSBasicOneLightTxBn.inc__BasicEffect_VSBasicOneLightTxBn.dxbc"

// TestListingsLeaveTheTreeUnbuilt: showing a level-9 listing or FXC's
// header block reads no tree. The lines name the part their field is in; the
// page finds the node when a line is clicked (page.State.SelectField).
// Building the Aon9 part's tree for its listing cost every level-9 shader
// opened 12 ms in the page.
func TestListingsLeaveTheTreeUnbuilt(t *testing.T) {
	for _, name := range []string{"Aon9", "SHDR"} {
		pv := corpusPart(t, aon9File, name)
		pv.LoadSpecials()
		lines := pv.Level9
		if name == "SHDR" {
			lines = pv.FXCHeader
		}
		named := 0
		for _, l := range lines {
			if l.Part < 0 {
				continue
			}
			named++
			if l.Path == "" {
				t.Errorf("%s: line %q names part %d without a path", name, l.Text, l.Part)
			}
		}
		if named == 0 {
			t.Errorf("%s: none of %d listing lines names a field", name, len(lines))
		}
		for _, p := range pv.m.Parts[1:] { // the container header's tree is built with the model
			if p.tree != nil {
				t.Errorf("%s's listing built %s's tree", name, p.Name)
			}
		}
	}
	// The SHDR header's first signature row (the input SV_Position) names ISGN.
	pv := corpusPart(t, aon9File, "SHDR")
	pv.LoadSpecials()
	for _, l := range pv.FXCHeader {
		if strings.Contains(l.Text, "SV_Position") && l.Part >= 0 {
			if got := pv.m.Parts[l.Part].Name; got != "ISGN" {
				t.Errorf("the header's first SV_Position row names part %s, want ISGN", got)
			}
			return
		}
	}
	t.Errorf("no header line names the SV_Position input")
}

// manyPartsBefore is aon9File with k empty parts named XXXX before its own:
// every header line of its listings is matched against the parts by name.
func manyPartsBefore(t testing.TB, k int) []byte {
	_, b := corpus.File(t, aon9File)
	parts := make([][]byte, 0, k+8)
	for range k {
		parts = append(parts, []byte("XXXX\x00\x00\x00\x00"))
	}
	return hostile.Relayout(b, append(parts, hostile.RawParts(b)...))
}

// With 4,000 parts before them, the header lines still name their own part:
// the first of that name that is not bytecode, as with none before.
func TestListingOfManyPartsNamesItsParts(t *testing.T) {
	m := Build("many.dxbc", manyPartsBefore(t, 4000), 0)
	pv := partNamed(m, "SHDR")
	if pv == nil {
		t.Fatal("no SHDR")
	}
	pv.LoadSpecials()
	named := 0
	for _, l := range pv.FXCHeader {
		if l.Part >= 0 {
			named++
			if got := m.Parts[l.Part].Name; got == "XXXX" || got == "SHDR" {
				t.Errorf("line %q names part %d (%s)", l.Text, l.Part, got)
			}
		}
	}
	if named == 0 {
		t.Error("no header line names its part")
	}
}

// BenchmarkListingOfManyParts: naming the parts of the FXC listing's lines
// in a file of 4,000 parts, where each line was compared with every part.
func BenchmarkListingOfManyParts(b *testing.B) {
	data := manyPartsBefore(b, 4000)
	m := Build("many.dxbc", data, 0)
	f, _ := decode.Parse(data)
	ls := text.FXCListing(f)
	for b.Loop() {
		listingLines(m, ls, 0)
	}
}

// TestFXCHeaderHoldsTheLevel9Code: the SHDR view's header block of a
// level-9 shader is the whole listing before its code, the level-9 section
// whose D3D9 code FXC writes bare included, line for line.
func TestFXCHeaderHoldsTheLevel9Code(t *testing.T) {
	pv := corpusPart(t, aon9File, "SHDR")
	pv.LoadSpecials()
	var want []string
	for _, l := range text.FXCListing(pv.m.File) {
		if l.Part == "SHDR" && l.Path == "Bytecode/Version" {
			break
		}
		want = append(want, l.Text)
	}
	var got []string
	for _, l := range pv.FXCHeader {
		got = append(got, l.Text)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the header block has %d lines, the listing %d before the code:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	if !slices.Contains(got, "    vs_2_0") {
		t.Errorf("the header block has no level-9 version line")
	}
}

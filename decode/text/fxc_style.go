package text

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/sm4"
)

// FXCStyle is the spelling an FXC build would use for this file and the rule
// that chose it.
type FXCStyle struct {
	Creator string // the RDEF creator string, "" when the file has none
	// Version is the compiler version the creator string names ("10.1",
	// "9.29.952.3111"), nil when it names none.
	Version []int
	// Style is how the instructions are spelled (package sm4).
	sm4.Style
	// SlotBindings lists Resource Bindings as FXC before 10 does: "Name
	// Type Format Dim Slot Elements", a bare slot number and count, rather
	// than "HLSL Bind Count".
	SlotBindings bool
	// NarrowSignatureFormat makes the signature tables' Format column 6
	// wide (------), as FXC before 9.30 does, rather than 7.
	NarrowSignatureFormat bool
	Rule                  string // which rule applied, in a sentence
}

// fxcSpelling is one spelling that differs between FXC builds: the
// versions that write it, what it is in a few words (and what the others
// write, when the rule sentence names both), and the field it sets.
type fxcSpelling struct {
	versions func(v []int) bool
	on, off  string
	set      func(st *FXCStyle)
}

// fxcSpellings is the one table of what FXC builds spell differently, keyed
// by the compiler version of the RDEF creator string (docs/format.md gives
// the listings each row was read from). A file without one gets the zero
// style: what current builds' D3D Shader Disassembler prints.
var fxcSpellings = []fxcSpelling{
	{versions: below(10), on: "cb0[n] declarations", off: "CB0[n] declarations",
		set: func(st *FXCStyle) { st.LowerCaseCB = true }},
	{versions: anyVersion, on: "%f ties rounded away from zero",
		set: func(st *FXCStyle) { st.FloatTiesAway = true }},
	{versions: below(10), on: "Resource Bindings by Slot and Elements",
		set: func(st *FXCStyle) { st.SlotBindings = true }},
	{versions: between(9, 0, 9, 30), on: "a 6-wide signature Format column",
		set: func(st *FXCStyle) { st.NarrowSignatureFormat = true }},
}

// below is a versions predicate: a major version under n.
func below(n int) func([]int) bool { return func(v []int) bool { return len(v) > 0 && v[0] < n } }

// between is a versions predicate: from major.minor lo up to, not
// including, major.minor hi.
func between(loMajor, loMinor, hiMajor, hiMinor int) func([]int) bool {
	return func(v []int) bool {
		if len(v) == 0 {
			return false
		}
		minor := 0
		if len(v) > 1 {
			minor = v[1]
		}
		at := func(major, m int) int { return major<<16 | m }
		x := at(v[0], minor)
		return x >= at(loMajor, loMinor) && x < at(hiMajor, hiMinor)
	}
}

// anyVersion holds for every file with a creator string, version or not.
func anyVersion([]int) bool { return true }

var creatorVersion = regexp.MustCompile(`HLSL Shader Compiler (\d+(?:\.\d+)*)`)

// parseCreatorVersion returns the version numbers a creator string names,
// nil when it names none.
func parseCreatorVersion(creator string) []int {
	m := creatorVersion.FindStringSubmatch(creator)
	if m == nil || !strings.Contains(m[1], ".") {
		return nil
	}
	var v []int
	for _, s := range strings.Split(m[1], ".") {
		n, err := strconv.Atoi(s)
		if err != nil {
			break // a number too long to be one: the parts before it still say which build
		}
		v = append(v, n)
	}
	return v
}

// ChooseFXCStyle picks the spellings from the RDEF creator string by the
// table fxcSpellings and says which applied. A container without RDEF (or
// whose creator string is empty) gets today's spellings of the D3D Shader
// Disassembler of current SDKs: the corpus lists such files with it
// (DirectXTK12's listings round %f ties to even: 18.851562, 0.007812).
func ChooseFXCStyle(f *decode.File) FXCStyle {
	var creator string
	if p := f.Part("RDEF"); p != nil && p.ResourceDefs != nil {
		creator = p.ResourceDefs.Header.Creator
	}
	st := FXCStyle{Creator: creator}
	if creator == "" {
		st.Rule = "no RDEF creator string: CB0[n] declarations and %f ties rounded to even, as the D3D Shader Disassembler of current SDKs prints"
		return st
	}
	st.Version = parseCreatorVersion(creator)
	var said []string
	for _, s := range fxcSpellings {
		if s.versions(st.Version) {
			s.set(&st)
			said = append(said, s.on)
		} else if s.off != "" {
			said = append(said, s.off)
		}
	}
	family := "10 or later (or unrecognised)"
	if len(st.Version) > 0 && st.Version[0] < 10 {
		family = fmt.Sprintf("%d.x", st.Version[0])
	}
	st.Rule = fmt.Sprintf("creator %q is FXC %s: %s", creator, family, strings.Join(said, ", "))
	return st
}

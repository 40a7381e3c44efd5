package text

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// DXCVersion is what a container says about the DXC build that wrote it.
// DXC numbers its builds by commit count (utils/version/gen_version.py: a
// private build is "1.A.0.N" with N the commit count of its commit, plus
// 10000 on the main branch; an official release is "1.A.YYMM.N", N commits
// after the release branch), and VERS records the commit count itself.
type DXCVersion struct {
	Source string // where it was read: "VERS", "llvm.ident", "validator version"; "" when the file names none
	Text   string // what was read there, as written
	// Commits is the build's commit count (VERS, or a private build's
	// llvm.ident), 0 when not known.
	Commits int
	// Release is an official release's YYMM (1905, 2502), 0 for none.
	Release int
	// AfterRelease is an official build of the main branch after Release
	// (N ≥ 10000): it has what Release has and perhaps more. A build of the
	// release branch itself is judged by its release, not its commit count
	// (the branch's own commits are cherry-picks).
	AfterRelease bool
	// MinRelease bounds a build that names no release from below: the
	// first release whose validator writes the module's validator (or
	// DXIL) version. 0: no bound.
	MinRelease int
	// MaxCommits bounds it from above: "clang version 3.7" is the llvm.ident
	// of builds before DXC named itself there (commit count 3636, September
	// 2022). 0: no bound.
	MaxCommits int
}

// DXCStyle is the spelling a DXC build would use for this file's listing
// and the rule that chose it.
type DXCStyle struct {
	Version DXCVersion
	// PSVRuntimeInfo prints PSV0's runtime information as
	// PrintPSVRuntimeInfo writes it (";PSVRuntimeInfo:", wave lane counts,
	// the version 1 signature counts, EntryFunctionName), not the older
	// stage-only lines.
	PSVRuntimeInfo bool
	// LineComments writes "; line:N col:M" and "; var:…" after
	// instructions that carry debug locations and variables.
	LineComments bool
	// StructSemicolon closes a struct layout with "} Name;" (older builds
	// write "} Name" and put "/* empty struct */" at the struct's indent).
	StructSemicolon bool
	// ThreadsTitle writes the "; Compute Shader"-style title and its
	// NumThreads line for compute, mesh and amplification shaders.
	ThreadsTitle bool
	// WaveSizeLine writes "WaveSize=N" after the stage lines when PSV0's
	// minimum and maximum wave lane counts are equal.
	WaveSizeLine bool
	// OptionalFeatureNote lists SFI0's optional feature flags (bits 40 and
	// up) under "Note: shader has optional feature flags set:".
	OptionalFeatureNote bool
	// DoubledPatchSignature heads the container's patch-constant signature
	// "Patch Constant signature signature:" as builds before DXC 1.8.2502 do.
	DoubledPatchSignature bool
	// DoubledDXILPatchSignature heads the module's patch-constant signature
	// likewise, as builds before DXC 1.5.1909 do.
	DoubledDXILPatchSignature bool
	Rule                      string // which rules applied, in a sentence
}

// dxcSpelling is one spelling that differs between DXC builds: the commit
// that introduced it (its commit count) and the first release carrying it,
// whether a file that says nothing gets it (today's choice, what current
// builds print), what it is in a few words, and the field it sets.
type dxcSpelling struct {
	commits, release int
	byDefault        bool
	on, off          string
	set              func(st *DXCStyle, on bool)
}

// dxcSpellings is the one table of what DXC builds spell differently, keyed
// by the commit count that introduced each spelling (docs/format.md names
// each commit and the releases that carry it).
var dxcSpellings = []dxcSpelling{
	{commits: 4712, release: 2502, byDefault: false, on: "a ;PSVRuntimeInfo: block", off: "stage-only runtime information",
		set: func(st *DXCStyle, on bool) { st.PSVRuntimeInfo = on }},
	{commits: 2568, release: 2005, byDefault: true, on: "; line:/; var: comments", off: "no line or variable comments",
		set: func(st *DXCStyle, on bool) { st.LineComments = on }},
	{commits: 2167, release: 1905, byDefault: true, on: "struct layouts closed with a semicolon", off: "struct layouts closed without a semicolon",
		set: func(st *DXCStyle, on bool) { st.StructSemicolon = on }},
	{commits: 3578, release: 2207, byDefault: true, on: "compute, mesh and amplification titles with NumThreads", off: "no compute title",
		set: func(st *DXCStyle, on bool) { st.ThreadsTitle = on }},
	{commits: 2883, release: 2012, byDefault: true, on: "WaveSize lines", off: "no WaveSize line",
		set: func(st *DXCStyle, on bool) { st.WaveSizeLine = on }},
	{commits: 4458, release: 2405, byDefault: true, on: "the optional feature flags note", off: "no optional feature flags note",
		set: func(st *DXCStyle, on bool) { st.OptionalFeatureNote = on }},
	{commits: 4670, release: 2502, byDefault: true, on: "\"Patch Constant signature:\"", off: "\"Patch Constant signature signature:\"",
		set: func(st *DXCStyle, on bool) { st.DoubledPatchSignature = !on }},
	{commits: 2276, release: 1909, byDefault: true, on: "the module's \"Patch Constant signature:\"", off: "the module's \"Patch Constant signature signature:\"",
		set: func(st *DXCStyle, on bool) { st.DoubledDXILPatchSignature = !on }},
}

// has says whether a build of version v carries the spelling introduced at
// commit count commits and first released in release; known is false when
// the file does not say.
func (v DXCVersion) has(commits, release int) (on, known bool) {
	switch {
	case v.Release > 0 && !v.AfterRelease: // a release branch's count includes its cherry-picks: go by the release
		return v.Release >= release, true
	case v.Commits > 0:
		return v.Commits >= commits, true
	case v.Release > 0 && v.Release >= release:
		return true, true
	case v.Release > 0 && !v.AfterRelease:
		return false, true
	case v.MinRelease > 0 && v.MinRelease >= release:
		return true, true
	case v.MaxCommits > 0 && v.MaxCommits < commits:
		return false, true
	}
	return false, false
}

// The version strings below are read by hand, not with package regexp,
// which would be in the page for these alone.

// dottedNumbers reads n dot-separated runs of ASCII digits at the start of
// s, returning them and the rest of s; ok is false when s does not start so.
func dottedNumbers(s string, n int) (nums []string, rest string, ok bool) {
	for i := 0; i < n; i++ {
		if i > 0 {
			if s == "" || s[0] != '.' {
				return nil, s, false
			}
			s = s[1:]
		}
		d := digits(s)
		if d == 0 {
			return nil, s, false
		}
		nums, s = append(nums, s[:d]), s[d:]
	}
	return nums, s, true
}

// wordEnd says whether rest may follow a word: it is empty or starts with
// a character other than an ASCII letter, digit or "_" (a regexp's \b).
func wordEnd(rest string) bool {
	if rest == "" {
		return true
	}
	c := rest[0]
	return !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_')
}

// matchDXCIdent reads "dxcoob 1.8.2505.32 (b106a961d)" or "dxc(private)
// 1.7.0.13784 (main, e93cb6343)": the tool's name and the four numbers.
func matchDXCIdent(s string) (tool string, nums []string, ok bool) {
	for _, t := range []string{"dxcoob", "dxc(private)", "dxc"} {
		rest, found := strings.CutPrefix(s, t+" ")
		if !found {
			continue
		}
		if nums, rest, ok := dottedNumbers(rest, 4); ok && wordEnd(rest) {
			return t, nums, true
		}
	}
	return "", nil, false
}

// matchDXCRelease reads VERS's custom version string of an official build,
// "1.8.2403.34": the release (four digits, the first not 0) and the last
// number.
func matchDXCRelease(s string) (release, n string, ok bool) {
	nums, rest, ok := dottedNumbers(s, 4)
	if !ok || rest != "" || len(nums[2]) != 4 || nums[2][0] == '0' {
		return "", "", false
	}
	return nums[2], nums[3], true
}

// matchDXCDateIdent reads "dxcoob 2019.05.00", the 2019 releases'
// year.month: the year (20 and two digits) and the month (two digits).
func matchDXCDateIdent(s string) (year, month string, ok bool) {
	rest, found := strings.CutPrefix(s, "dxcoob ")
	if !found {
		return "", "", false
	}
	nums, rest, ok := dottedNumbers(rest, 3)
	if !ok || !wordEnd(rest) || len(nums[0]) != 4 || !strings.HasPrefix(nums[0], "20") || len(nums[1]) != 2 {
		return "", "", false
	}
	return nums[0], nums[1], true
}

// validatorFirstRelease is the first DXC release whose validator is 1.N
// (the release branches' kDxilMinor): a module for validator 1.N was
// written by that release or a later build (or a private build of the
// weeks before it, which this reading takes as the release).
var validatorFirstRelease = map[uint32]int{5: 1909, 6: 2012, 7: 2207, 8: 2403, 9: 2602}

// clangIdentCommits is the commit count at which DXC stopped writing
// "clang version 3.7" as llvm.ident by default (commit bdb110f42, "Fix
// version string in metadata", September 2022).
const clangIdentCommits = 3636

// parseDXCIdent reads an llvm.ident string; ok is false when it names no
// DXC build.
func parseDXCIdent(s string) (v DXCVersion, ok bool) {
	v = DXCVersion{Source: "llvm.ident", Text: s}
	if tool, m, ok := matchDXCIdent(s); ok {
		rev, _ := strconv.Atoi(m[2])
		n, _ := strconv.Atoi(m[3])
		if tool == "dxc(private)" || rev == 0 {
			v.Commits = n % 10000 // 10000 marks the main branch
			return v, v.Commits > 0
		}
		v.Release = rev
		v.AfterRelease = n >= 10000
		return v, true
	}
	if year, month, ok := matchDXCDateIdent(s); ok {
		y, _ := strconv.Atoi(year)
		mo, _ := strconv.Atoi(month)
		v.Release = (y%100)*100 + mo
		return v, true
	}
	if strings.HasPrefix(s, "clang version 3.7") {
		v.MaxCommits = clangIdentCommits - 1
		return v, true
	}
	return v, false
}

// DXCVersionOf reads which DXC build wrote f: VERS first (it records the
// commit count), then the module's llvm.ident, bounded by its validator and
// DXIL versions.
//
// llvm.ident comes from the module's summary, read at Parse: the page asks
// for every DXIL part's listing and text, and decoding the first module's
// IR for each cost parts × module (a file of thousands of parts after one
// large module).
func DXCVersionOf(f *decode.File) DXCVersion {
	if p := f.Part("VERS"); p != nil && p.CompilerVersion != nil && p.CompilerVersion.CommitCount > 0 {
		cv := p.CompilerVersion
		text := fmt.Sprintf("%d.%d commit count %d", cv.Major, cv.Minor, cv.CommitCount)
		if cv.CustomVersionString != "" {
			text += " (" + cv.CustomVersionString + ")"
		}
		v := DXCVersion{Source: "VERS", Text: text, Commits: int(cv.CommitCount)}
		// An official build names its release in the custom version string ("1.8.2403.34").
		if release, last, ok := matchDXCRelease(cv.CustomVersionString); ok {
			v.Release, _ = strconv.Atoi(release)
			n, _ := strconv.Atoi(last)
			v.AfterRelease = n >= 10000
		}
		return v
	}
	prog := f.Part("DXIL")
	if prog == nil || prog.Program == nil {
		prog = f.Part("ILDB")
	}
	if prog == nil || prog.Program == nil {
		return DXCVersion{}
	}
	var v DXCVersion
	if prog.Module != nil && prog.Module.Ident != "" {
		v, _ = parseDXCIdent(prog.Module.Ident)
	}
	if v.Commits > 0 || v.Release > 0 {
		return v
	}
	if mod := prog.Module; mod != nil {
		minor := uint32(0)
		if vv := mod.ValidatorVersion; vv != nil && vv.Major == 1 {
			minor = vv.Minor
		}
		if dv := mod.DXILVersion; dv != nil && dv.Major == 1 && dv.Minor > minor {
			minor = dv.Minor
		}
		if r := validatorFirstRelease[minor]; r > 0 {
			v.MinRelease = r
			if v.Source == "" {
				v.Source = "validator version"
			}
			v.Text = strings.TrimPrefix(v.Text+", ", ", ") + fmt.Sprintf("validator/DXIL 1.%d", minor)
		}
	}
	return v
}

// ChooseDXCStyle picks the listing's spellings from the DXC version the
// container records, by the table dxcSpellings, and says which applied. A
// spelling the file cannot decide (no version, or bounds that straddle the
// commit) is today's: what current DXC builds print, except the
// ;PSVRuntimeInfo: block, which needs a build that says it is recent.
func ChooseDXCStyle(f *decode.File) DXCStyle {
	st := DXCStyle{Version: DXCVersionOf(f)}
	var said, unknown []string
	for _, s := range dxcSpellings {
		on, known := st.Version.has(s.commits, s.release)
		if !known {
			on = s.byDefault
			if on {
				unknown = append(unknown, s.on)
			} else {
				unknown = append(unknown, s.off)
			}
		}
		s.set(&st, on)
		if known && on {
			said = append(said, s.on)
		} else if known {
			said = append(said, s.off)
		}
	}
	what := "no compiler version (no VERS, llvm.ident or validator version)"
	if st.Version.Source != "" {
		what = fmt.Sprintf("%s %q", st.Version.Source, st.Version.Text)
	}
	st.Rule = what
	if len(said) > 0 {
		st.Rule += ": " + strings.Join(said, ", ")
	}
	if len(unknown) > 0 {
		st.Rule += "; the file does not say, so today's choice: " + strings.Join(unknown, ", ")
	}
	return st
}

package text

import (
	"encoding/binary"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// dxcListing is `dxscope dis` of f: the debug module when there is one.
func dxcListing(t *testing.T, f *decode.File) []string {
	t.Helper()
	part := f.Part("ILDB")
	if part == nil || part.Program == nil {
		part = f.Part("DXIL")
	}
	var sb strings.Builder
	if err := WriteDisassembly(&sb, f, decode.PartIR(part)); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
}

// versPart is a VERS part (DxilCompilerVersion) naming a DXC build by its
// commit count.
func versPart(commits uint32) []byte {
	strs := []byte("0000000\x00dxscope test build\x00")
	for len(strs)%4 != 0 {
		strs = append(strs, 0)
	}
	b := make([]byte, 16, 16+len(strs))
	binary.LittleEndian.PutUint16(b[0:], 1)
	binary.LittleEndian.PutUint16(b[2:], 8)
	binary.LittleEndian.PutUint32(b[8:], commits)
	binary.LittleEndian.PutUint32(b[12:], uint32(len(strs)))
	return append(b, strs...)
}

// withCommits builds a container: f's parts and a VERS part saying DXC
// commit count commits wrote it.
func withCommits(t *testing.T, f *decode.File, commits uint32) *decode.File {
	t.Helper()
	b, err := edit.Write(f, []edit.Edit{{Op: edit.Set, Name: "VERS", Data: versPart(commits)}}, edit.Unsigned)
	if err != nil {
		t.Fatal(err)
	}
	g, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if v := DXCVersionOf(g); v.Source != "VERS" || v.Commits != int(commits) || v.Release != 0 {
		t.Fatalf("built container reads as %+v, want VERS commit count %d", v, commits)
	}
	return g
}

// TestParseDXCIdent reads llvm.ident strings found in the corpus, and the
// forms DXC's utils/version/gen_version.py describes.
func TestParseDXCIdent(t *testing.T) {
	for _, c := range []struct {
		in   string
		ok   bool
		want DXCVersion
	}{
		{"dxcoob 1.8.2505.32 (b106a961d)", true, DXCVersion{Release: 2505}},
		{"dxcoob 1.7.2212.40 (e043f4a12)", true, DXCVersion{Release: 2212}},
		{"dxcoob 1.5.1905.10042 (47e31c8a)", true, DXCVersion{Release: 1905, AfterRelease: true}}, // gen_version.py's example of main
		{"dxc(private) 1.7.0.13784 (main, e93cb6343)", true, DXCVersion{Commits: 3784}},
		{"dxc(private) 1.8.0.4973 (8f5595872)", true, DXCVersion{Commits: 4973}},
		{"dxcoob 2019.05.00", true, DXCVersion{Release: 1905}},
		{"clang version 3.7 (tags/RELEASE_370/final)", true, DXCVersion{MaxCommits: 3635}},
		{"dxc 1.2", false, DXCVersion{}},
		{"Apple LLVM version 3.7", false, DXCVersion{}},
	} {
		got, ok := parseDXCIdent(c.in)
		c.want.Source, c.want.Text = "llvm.ident", c.in
		if ok != c.ok || got != c.want {
			t.Errorf("parseDXCIdent(%q) = %+v, %v; want %+v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestVERSAgreesWithLLVMIdent: where a corpus container has both, VERS's
// release and the module's llvm.ident name the same release.
func TestVERSAgreesWithLLVMIdent(t *testing.T) {
	n := 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("VERS") || !e.Has("DXIL") {
			continue
		}
		f := parseEntry(t, e)
		v := DXCVersionOf(f)
		iv, ok := parseDXCIdent(f.Part("DXIL").Module.Ident)
		if v.Source != "VERS" || !ok {
			continue
		}
		n++
		if v.Release != iv.Release || v.Release == 0 {
			t.Errorf("%s: VERS %q reads as release %d, llvm.ident %q as %d", e.Rel, v.Text, v.Release, iv.Text, iv.Release)
		}
	}
	if n == 0 {
		corpus.Skip(t, "corpus", "no container with VERS and llvm.ident")
	}
	t.Logf("%d containers: VERS and llvm.ident name the same release", n)
}

// TestDXCSpellingsFollowTheCommits checks each row of the table against
// where DXC's history puts the commit that changed the spelling: the commit
// count of that commit and of the one before, the last release branch
// without it and the first with it (git merge-base --is-ancestor on
// microsoft/DirectXShaderCompiler; docs/format.md lists them).
func TestDXCSpellingsFollowTheCommits(t *testing.T) {
	field := map[string]func(DXCStyle) bool{
		"psv":       func(s DXCStyle) bool { return s.PSVRuntimeInfo },
		"line":      func(s DXCStyle) bool { return s.LineComments },
		"semicolon": func(s DXCStyle) bool { return s.StructSemicolon },
		"threads":   func(s DXCStyle) bool { return s.ThreadsTitle },
		"patch":     func(s DXCStyle) bool { return !s.DoubledPatchSignature },
		"dxilpatch": func(s DXCStyle) bool { return !s.DoubledDXILPatchSignature },
		"wavesize":  func(s DXCStyle) bool { return s.WaveSizeLine },
		"optional":  func(s DXCStyle) bool { return s.OptionalFeatureNote },
	}
	for _, c := range []struct {
		rule          string
		commit        int // the commit count of the change
		without, with int // the last release without it and the first with it
		byDefault     bool
	}{
		{"psv", 4712, 2407, 2502, false},      // 8a677d22c "[NFC] add utils for PSV"
		{"line", 2568, 2003, 2005, true},      // 8d79e009a "Printing out line num and debug variable"
		{"semicolon", 2167, 0, 1905, true},    // 7342a3b9b "Added missing semicolon in struct layout output"
		{"threads", 3578, 2112, 2207, true},   // 69627993e "Add numthreads to disassembly output"
		{"patch", 4670, 2407, 2502, true},     // 6f1c8e244 "Remove duplicated "signature" in output"
		{"dxilpatch", 2276, 1907, 1909, true}, // 968fe4113 "Add support for HLSL Meshlets"
		{"wavesize", 2883, 2010, 2012, true},  // d574d27c1 "Implement Shader Model 6.6"
		{"optional", 4458, 2403, 2405, true},  // 9c518dbd9 "RDAT: Check flags and WaveSize for min SM; …"
	} {
		get := field[c.rule]
		choose := func(v DXCVersion) DXCStyle {
			st := DXCStyle{Version: v}
			for _, s := range dxcSpellings {
				on, known := v.has(s.commits, s.release)
				if !known {
					on = s.byDefault
				}
				s.set(&st, on)
			}
			return st
		}
		for _, k := range []struct {
			v    DXCVersion
			want bool
		}{
			{DXCVersion{Commits: c.commit - 1}, false},
			{DXCVersion{Commits: c.commit}, true},
			{DXCVersion{Release: c.with}, true},
			{DXCVersion{Release: c.with, AfterRelease: true}, true},
			{DXCVersion{}, c.byDefault},
		} {
			if got := get(choose(k.v)); got != k.want {
				t.Errorf("%s: %+v gives %v, want %v", c.rule, k.v, got, k.want)
			}
		}
		if c.without > 0 {
			if get(choose(DXCVersion{Release: c.without})) {
				t.Errorf("%s: release %d has it, but DXC %d did not print it", c.rule, c.without, c.without)
			}
			// A release branch counts its cherry-picks: its count may pass
			// the commit's without holding it.
			if get(choose(DXCVersion{Release: c.without, Commits: c.commit + 100})) {
				t.Errorf("%s: a %d build with a higher commit count has it", c.rule, c.without)
			}
		}
	}
}

// spellingCensus runs fn over the corpus's DXIL containers, grouped by the
// version their style was chosen from, and logs the counts.
func spellingCensus(t *testing.T, what string, fn func(e corpus.Entry, f *decode.File, st DXCStyle) (counted bool)) {
	by := map[string]int{}
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") {
			continue
		}
		f := parseEntry(t, e)
		st := ChooseDXCStyle(f)
		if fn(e, f, st) {
			by[st.Version.Source+" "+st.Version.Text]++
		}
	}
	if len(by) == 0 {
		corpus.Skip(t, "corpus", "no DXC container in the corpus")
	}
	var keys []string
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%s: %d files of %s", what, by[k], k)
	}
}

// TestDXCPSVRuntimeInfoBlock: DXC from commit count 4712 (1.8.2502) prints
// PSV0 through PrintPSVRuntimeInfo. On corpus files of such builds the block
// is there with obj2yaml-19's values of PSV0; on older builds it is not.
func TestDXCPSVRuntimeInfoBlock(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	checked := 0
	spellingCensus(t, "PSVRuntimeInfo rule", func(e corpus.Entry, f *decode.File, st DXCStyle) bool {
		p := f.Part("PSV0")
		if p == nil || p.PSVInfo == nil {
			return false
		}
		lines := dxcListing(t, f)
		i := indexOf(lines, ";PSVRuntimeInfo:")
		if !st.PSVRuntimeInfo {
			if i >= 0 {
				t.Errorf("%s (%s): a ;PSVRuntimeInfo: block", e.Rel, st.Version.Text)
			}
			return true
		}
		if i < 0 || i < 3 || lines[i-2] != "; Pipeline Runtime Information: " {
			t.Errorf("%s (%s): no ;PSVRuntimeInfo: block after the Pipeline Runtime Information heading", e.Rel, st.Version.Text)
			return true
		}
		if checked >= 40 || e.Obj2yaml != "ok" {
			return true
		}
		checked++
		y, err := corpus.Run(tool, e.Bytes(t))
		if err != nil {
			t.Errorf("%s: obj2yaml-19: %v", e.Rel, err)
			return true
		}
		block := strings.Join(lines[i:], "\n")
		for _, want := range psvLinesFromYAML(y) {
			if !strings.Contains(block, "\n"+want+"\n") {
				t.Errorf("%s: the block lacks %q (obj2yaml-19's PSV0)", e.Rel, want)
			}
		}
		return true
	})
	t.Logf("%d blocks compared with obj2yaml-19", checked)

	// One block whole, as DXC's PrintPSVRuntimeInfo writes it for this
	// compute shader (PSV0 version 3, numthreads(1,1,1), entry main).
	f := parseFile(t, "real/HansKristian-Work__vkd3d-proton/buffers_oob_behavior.h__buffers_oob_behavior_code_dxil.dxil")
	lines := dxcListing(t, f)
	want := []string{";", "; Pipeline Runtime Information: ", ";", ";PSVRuntimeInfo:", "; Compute Shader", "; NumThreads=(1,1,1)",
		"; MinimumExpectedWaveLaneCount: 0", "; MaximumExpectedWaveLaneCount: 4294967295", "; UsesViewID: false",
		"; SigInputElements: 0", "; SigOutputElements: 0", "; SigPatchConstOrPrimElements: 0", "; SigInputVectors: 0",
		"; SigOutputVectors[0]: 0", "; SigOutputVectors[1]: 0", "; SigOutputVectors[2]: 0", "; SigOutputVectors[3]: 0",
		"; EntryFunctionName: main", ";"}
	i := indexOf(lines, "; Pipeline Runtime Information: ")
	if i < 1 || i-1+len(want) > len(lines) || strings.Join(lines[i-1:i-1+len(want)], "\n") != strings.Join(want, "\n") {
		t.Errorf("the 1.8.2505 compute shader's block:\n%s\nwant\n%s", strings.Join(lines[max(i-1, 0):min(max(i-1, 0)+len(want), len(lines))], "\n"), strings.Join(want, "\n"))
	}
}

func indexOf(lines []string, s string) int {
	for i, l := range lines {
		if l == s {
			return i
		}
	}
	return -1
}

var reYAMLField = regexp.MustCompile(`^\s+(MinimumWaveLaneCount|MaximumWaveLaneCount|UsesViewID|SigInputVectors|SigOutputVectors|NumThreadsX|NumThreadsY|NumThreadsZ|EntryName):\s+(.*)$`)

// psvLinesFromYAML is the lines of the block obj2yaml-19's PSVInfo says
// must be there (the values it decodes, spelled as PrintPSVRuntimeInfo does).
func psvLinesFromYAML(y string) []string {
	v := map[string]string{}
	in := false
	for _, l := range strings.Split(y, "\n") {
		if strings.HasPrefix(l, "    PSVInfo:") {
			in = true
			continue
		}
		if in && !strings.HasPrefix(l, "      ") {
			break
		}
		if m := reYAMLField.FindStringSubmatch(l); in && m != nil {
			v[m[1]] = m[2]
		}
	}
	var out []string
	if v["MinimumWaveLaneCount"] != "" && v["MinimumWaveLaneCount"] == v["MaximumWaveLaneCount"] {
		out = append(out, "; WaveSize="+v["MinimumWaveLaneCount"])
	} else if v["MinimumWaveLaneCount"] != "" {
		out = append(out, "; MinimumExpectedWaveLaneCount: "+v["MinimumWaveLaneCount"], "; MaximumExpectedWaveLaneCount: "+v["MaximumWaveLaneCount"])
	}
	if u, ok := v["UsesViewID"]; ok {
		out = append(out, "; UsesViewID: "+map[string]string{"0": "false"}[u])
		if u != "0" {
			out[len(out)-1] = "; UsesViewID: true"
		}
	}
	if s := v["SigInputVectors"]; s != "" {
		out = append(out, "; SigInputVectors: "+s)
	}
	if s := strings.Trim(v["SigOutputVectors"], "[] "); s != "" {
		for i, n := range strings.Split(s, ",") {
			out = append(out, fmt.Sprintf("; SigOutputVectors[%d]: %s", i, strings.TrimSpace(n)))
		}
	}
	if x := v["NumThreadsX"]; x != "" && x != "0" {
		out = append(out, "; NumThreads=("+x+","+v["NumThreadsY"]+","+v["NumThreadsZ"]+")")
	}
	if s, ok := v["EntryName"]; ok && s != "" && s != "''" {
		out = append(out, "; EntryFunctionName: "+s)
	}
	return out
}

var reLineComment = regexp.MustCompile(` ; line:\d+ col:\d+`)

// TestDXCLineComments: "; line:N col:M" and "; var:" start at commit count
// 2568 (1.5.2005). The corpus's DXC listing (a 1.7 build) has them; the
// same container saying it was written by commit 2567 lists exactly that
// listing without them, and by commit 2568 the listing itself.
func TestDXCLineComments(t *testing.T) {
	const rel = "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil"
	f := parseFile(t, rel)
	listing := strings.ReplaceAll(string(corpus.Bytes(t, rel+".listing.txt")), "\r\n", "\n")
	want := strings.Split(strings.TrimSuffix(listing, "\n"), "\n")
	if !reLineComment.MatchString(listing) {
		t.Fatal("the listing has no line comments to take out")
	}
	var without []string
	for _, l := range want {
		without = append(without, reLineComment.ReplaceAllString(l, ""))
	}
	for _, c := range []struct {
		commits uint32
		want    []string
	}{{2567, without}, {2568, want}} {
		got := dxcListing(t, withCommits(t, f, c.commits))
		// VERS is no part dxc -dumpbin prints; the header is the same.
		if g, w := strings.Join(got, "\n"), strings.Join(c.want, "\n"); g != w {
			t.Errorf("commit count %d: %d lines, want %d; first difference: %s", c.commits, len(got), len(c.want), firstDiff(got, c.want))
		}
	}
	// Real 1.4.1905 containers ("dxcoob 2019.05.00") carry no comments.
	spellingCensus(t, "line-comment rule", func(e corpus.Entry, f *decode.File, st DXCStyle) bool {
		if st.LineComments || st.Version.Text == "" {
			return false
		}
		for _, l := range dxcListing(t, f) {
			if reLineComment.MatchString(l) || strings.Contains(l, ` ; var:"`) {
				t.Errorf("%s (%s): %q", e.Rel, st.Version.Text, l)
				break
			}
		}
		return true
	})
}

func firstDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("line %d: %q, want %q", i+1, got[i], want[i])
		}
	}
	return "one is a prefix of the other"
}

var reStructClose = regexp.MustCompile(`^;(\s*)\} (\S*);(\s*); Offset:`)

// TestDXCStructSemicolon: before commit count 2167 (7342a3b9b, in no
// release: dxil-2019-05-16 has it) DXC closed a struct layout "} Name"
// padded to the offset column, and put "/* empty struct */" at the struct's
// indent. Corpus containers with buffer definitions, said to come from
// commit 2166 and 2167, list the same but for exactly those lines.
func TestDXCStructSemicolon(t *testing.T) {
	files, closings := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") || e.Has("VERS") {
			continue
		}
		f := parseEntry(t, e)
		if f.Digest.Status == decode.DigestMismatch {
			continue
		}
		newer := dxcListing(t, withCommits(t, f, 2167))
		has := false
		for _, l := range newer {
			if reStructClose.MatchString(l) {
				has = true
			}
		}
		if !has {
			continue
		}
		older := dxcListing(t, withCommits(t, f, 2166))
		if len(older) != len(newer) {
			t.Errorf("%s: %d lines before 2167, %d from it", e.Rel, len(older), len(newer))
			continue
		}
		files++
		for i := range newer {
			n, o := newer[i], older[i]
			m := reStructClose.FindStringSubmatch(n)
			switch {
			case m != nil:
				closings++
				want := n[:len(m[0])-len(m[3])-len("; Offset:")-1] + " " + n[len(m[0])-len(m[3])-len("; Offset:"):]
				if m[3] == "" { // the name overflowed the column
					want = strings.Replace(n, "} "+m[2]+";", "} "+m[2], 1)
				}
				if o != want {
					t.Errorf("%s line %d: %q before 2167, want %q", e.Rel, i+1, o, want)
				}
			case strings.HasSuffix(n, "/* empty struct */"), strings.HasSuffix(n, "(type annotation not present)"):
				if strings.TrimLeft(o, "; ") != strings.TrimLeft(n, "; ") || len(o) != len(n)-4 {
					t.Errorf("%s line %d: %q before 2167, want it 4 columns left of %q", e.Rel, i+1, o, n)
				}
			case o != n:
				t.Errorf("%s line %d: %q before 2167, %q from it", e.Rel, i+1, o, n)
			}
		}
	}
	if files == 0 {
		corpus.Skip(t, "corpus", "no DXC container with buffer definitions")
	}
	t.Logf("%d containers built as commit 2166 and 2167: %d struct closings differ by the semicolon, nothing else", files, closings)
}

// TestDXCThreadsTitle: the "; Compute Shader" title and NumThreads line
// (mesh and amplification too) start at commit count 3578 (1.7.2207). Real
// 1.4.1905 compute shaders list no title; newer ones list it with the
// module's numthreads.
func TestDXCThreadsTitle(t *testing.T) {
	title := map[dxil.ShaderKind]string{dxil.Compute: "; Compute Shader", dxil.Mesh: "; Mesh Shader", dxil.Amplification: "; Amplification Shader"}
	spellingCensus(t, "threads-title rule", func(e corpus.Entry, f *decode.File, st DXCStyle) bool {
		prog := f.Part("DXIL")
		if prog.Program == nil || prog.Module == nil || f.Part("PSV0") == nil || len(prog.Module.EntryPoints) == 0 {
			return false
		}
		want, ok := title[prog.Program.ShaderKind]
		if !ok {
			return false
		}
		lines := dxcListing(t, f)
		i := indexOf(lines, want)
		switch {
		case !st.ThreadsTitle && i >= 0:
			t.Errorf("%s (%s): %q", e.Rel, st.Version.Text, want)
		case st.ThreadsTitle && i < 0:
			t.Errorf("%s (%s): no %q", e.Rel, st.Version.Text, want)
		case st.ThreadsTitle:
			nt := prog.Module.EntryPoints[0].NumThreads
			if len(nt) == 3 && f.Part("PSV0").PSVInfo.Version >= 2 && // PSV0 before version 2 has no thread counts to print
				indexOf(lines, fmt.Sprintf("; NumThreads=(%d,%d,%d)", nt[0], nt[1], nt[2])) < 0 {
				t.Errorf("%s (%s): no NumThreads line with the module's %v", e.Rel, st.Version.Text, nt)
			}
		}
		return true
	})
}

// TestDXCPatchConstantHeadings: the container's patch-constant signature
// is headed "Patch Constant signature signature:" until commit count 4670
// (1.8.2502), the module's until 2276 (1.5.1909).
func TestDXCPatchConstantHeadings(t *testing.T) {
	spellingCensus(t, "patch-constant heading rule", func(e corpus.Entry, f *decode.File, st DXCStyle) bool {
		psg := f.Part("PSG1")
		if psg == nil || psg.Signature == nil {
			return false
		}
		lines := dxcListing(t, f)
		want, not := "; Patch Constant signature:", "; Patch Constant signature signature:"
		if st.DoubledPatchSignature {
			want, not = not, want
		}
		// The container's heading comes first (PrintSignature before the
		// module's PrintDxilSignature).
		i := indexOf(lines, want)
		if i < 0 || (indexOf(lines, not) >= 0 && indexOf(lines, not) < i) {
			t.Errorf("%s (%s): the container's patch-constant signature is not headed %q", e.Rel, st.Version.Text, want)
		}
		return true
	})
}

// TestDIExpressionIsNumbered builds a module whose named metadata holds a
// tuple of a DIExpression and a DW_TAG_restrict_type derived type: LLVM 3.7
// numbers the expression like any node (DXC's listings show "metadata !142"
// and "!142 = !DIExpression()") and names tag 0x37.
func TestDIExpressionIsNumbered(t *testing.T) {
	w, mod := hostile.NewModule()
	md := w.Enter(3, ir.MetadataBlockID, 3)
	w.Unabbrev(3, ir.MetadataExpression, 0)
	w.Unabbrev(3, ir.MetadataDerivedType, 0, 0x37, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	w.Unabbrev(3, ir.MetadataNode, 1, 2) // ids + 1
	w.Unabbrev(3, ir.MetadataName, 'f', 'o', 'o')
	w.Unabbrev(3, ir.MetadataNamedNode, 2)
	w.Exit(3, md)
	w.Exit(2, mod)
	var sb strings.Builder
	if err := WriteIR(&sb, ir.Decode(w.B, 0, "DXIL")); err != nil {
		t.Fatal(err)
	}
	want := "\n!foo = !{!0}\n\n!0 = !{!1, !2}\n!1 = !DIExpression()\n!2 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: null)\n"
	if sb.String() != want {
		t.Errorf("got\n%s\nwant\n%s", sb.String(), want)
	}
}

// TestDWARFNames spot-checks the DWARF tables against the DWARF 4
// standard's value tables (section 7.5.4, 7.8, 7.12, 7.9) and LLVM 3.7's
// own tags.
func TestDWARFNames(t *testing.T) {
	for _, c := range []struct {
		table map[uint64]string
		v     uint64
		want  string
	}{
		{dwTags, 0x37, "DW_TAG_restrict_type"}, {dwTags, 0x41, "DW_TAG_type_unit"}, {dwTags, 0x18, "DW_TAG_unspecified_parameters"},
		{dwTags, 0x4106, "DW_TAG_GNU_template_template_param"}, {dwTags, 0x100, "DW_TAG_auto_variable"},
		{dwTags, 0x101, "DW_TAG_arg_variable"}, {dwTags, 0x2e, "DW_TAG_subprogram"},
		{dwEncodings, 0x0f, "DW_ATE_decimal_float"}, {dwEncodings, 0x10, "DW_ATE_UTF"}, {dwEncodings, 0x04, "DW_ATE_float"},
		{dwLangs, 0x04, "DW_LANG_C_plus_plus"}, {dwLangs, 0x1c, "DW_LANG_Rust"}, {dwLangs, 0x8001, "DW_LANG_Mips_Assembler"},
		{dwVirtualities, 2, "DW_VIRTUALITY_pure_virtual"},
	} {
		if got := c.table[c.v]; got != c.want {
			t.Errorf("%#x names %q, want %q", c.v, got, c.want)
		}
	}
	// LLVM 3.7's Dwarf.def: 73 tags (DWARF 2-5, GNU and LLVM's), 16
	// encodings, 36 languages, 3 virtualities.
	for _, c := range []struct {
		name    string
		n, want int
	}{{"tags", len(dwTags), 73}, {"encodings", len(dwEncodings), 16}, {"languages", len(dwLangs), 36}, {"virtualities", len(dwVirtualities), 3}} {
		if c.n != c.want {
			t.Errorf("%d %s, Dwarf.def has %d", c.n, c.name, c.want)
		}
	}
}

// TestSummaryIdentIsTheModules: DXCVersionOf reads llvm.ident from the
// summary Parse makes; over the corpus it is what a walk of the whole
// module's named metadata finds.
func TestSummaryIdentIsTheModules(t *testing.T) {
	n := 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") {
			continue
		}
		f := parseEntry(t, e)
		p := f.Part("DXIL")
		if p.Module == nil {
			continue
		}
		want := ""
		if m := decode.PartIR(p); m != nil {
			for _, nm := range m.NamedMetadata {
				if nm.Name != "llvm.ident" || len(nm.Nodes) == 0 {
					continue
				}
				if node := m.MD(nil, nm.Nodes[0]); node != nil && node.Code == ir.MetadataNode {
					if id, ok := node.Operand(0); ok {
						if s := m.MD(nil, id); s != nil && s.Code == ir.MetadataString {
							want = s.Str
						}
					}
				}
				break
			}
		}
		if p.Module.Ident != want {
			t.Errorf("%s: the summary's llvm.ident is %q, the module's %q", e.Rel, p.Module.Ident, want)
		}
		if want != "" {
			n++
		}
	}
	if n == 0 {
		corpus.Skip(t, "corpus", "no DXIL part with llvm.ident")
	}
	t.Logf("%d DXIL parts: the summary's llvm.ident is the module's", n)
}

package decode_test

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/internal/corpus"
)

// ruleProblems are the problems of f that name a rule.
func ruleProblems(f *decode.File) []decode.Problem {
	var out []decode.Problem
	for _, p := range f.Problems {
		if p.Rule != "" {
			out = append(out, p)
		}
	}
	return out
}

// ruleBase finds the first corpus container (in manifest order) that keeps
// every rule and satisfies ok.
func ruleBase(t *testing.T, what string, ok func(f *decode.File) bool) *decode.File {
	t.Helper()
	for _, e := range corpus.Entries(t) {
		if !strings.HasPrefix(e.Rel, "real/") || !slices.Contains(e.Parts, "DXIL") {
			continue
		}
		f, err := decode.Parse(e.Bytes(t))
		if err != nil || len(ruleProblems(f)) > 0 {
			continue
		}
		if ok(f) {
			t.Logf("%s: %s", what, e.Rel)
			return f
		}
	}
	corpus.Skip(t, strings.TrimPrefix(what, "a "), "no corpus container is %s", what)
	return nil
}

// psvSection is the offset and size of a PSV0 section inside the part's data.
func psvSection(t *testing.T, p *decode.Part, name string) (int, int) {
	t.Helper()
	for _, s := range p.PSVInfo.Sections {
		if s.Name == name {
			return int(s.Offset - p.DataOffset), int(s.Size)
		}
	}
	t.Fatalf("PSV0 has no %s section", name)
	return 0, 0
}

func splice(b []byte, at, cut int, insert ...byte) []byte {
	out := append([]byte{}, b[:at]...)
	out = append(out, insert...)
	return append(out, b[at+cut:]...)
}

// One container per container rule, each made from a real container that
// keeps every rule by one edit (decode/edit lays it out and signs it), shows
// that rule's problem and no other rule's, and adds no other warning or
// error.
func TestEachContainerRuleIsReported(t *testing.T) {
	shader := func(f *decode.File) bool {
		p := f.Part("PSV0")
		return p != nil && p.PSVInfo != nil && p.PSVInfo.Version >= 3 && len(p.PSVInfo.Resources) >= 2 &&
			f.Part("RTS0") == nil && f.Part("DXIL").Program.ShaderKind == 5 &&
			p.PSVInfo.Resources[0].Type != p.PSVInfo.Resources[1].Type
	}
	base := ruleBase(t, "a compute shader with PSV0 version 3 and two resources of different types", shader)
	lib := ruleBase(t, "a library", func(f *decode.File) bool {
		return f.Part("DXIL").Program.ShaderKind == 6 && f.Part("RDAT") != nil
	})
	psvData := func(f *decode.File) []byte { return append([]byte{}, f.Part("PSV0").Data()...) }
	le := binary.LittleEndian

	cases := []struct {
		rule, what string
		base       *decode.File
		edit       func(t *testing.T, c *edit.Container, f *decode.File)
	}{
		{decode.RulePartRepeated, "a second SFI0 part (laid out by hand: the writer refuses one)", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			c.Parts = append(c.Parts, edit.Part{Name: "SFI0", Data: f.Part("SFI0").Data()})
		}},
		{decode.RulePartRepeated, "two STAT parts (the decoder allows a repeat; the validator allows none)", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			c.Parts = append(c.Parts, edit.Part{Name: "STAT", Data: make([]byte, 4)}, edit.Part{Name: "STAT", Data: make([]byte, 4)})
		}},
		{decode.RulePartInvalid, "a part the validator does not know", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			must(t, c.Set("XTRA", []byte{1, 2, 3, 4}))
		}},
		{decode.RulePartInvalid, "an input signature in a library", lib, func(t *testing.T, c *edit.Container, f *decode.File) {
			must(t, c.Set("ISG1", base.Part("ISG1").Data()))
		}},
		{decode.RulePartInvalid, "a HASH part of the wrong size", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			must(t, c.Set("HASH", make([]byte, 24)))
		}},
		{decode.RulePartMissing, "no SFI0 part", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			c.Remove("SFI0")
		}},
		{decode.RulePartMissing, "a library without RDAT", lib, func(t *testing.T, c *edit.Container, f *decode.File) {
			c.Remove("RDAT")
		}},
		{decode.RulePartMatches, "a patch-constant signature in a compute shader", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			must(t, c.Set("PSG1", f.Part("OSG1").Data()))
		}},
		{decode.RuleContentMatches, "PSV0's thread-group size changed", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			d := psvData(f)
			le.PutUint32(d[4+36:], le.Uint32(d[4+36:])+1) // NumThreadsX
			must(t, c.Set("PSV0", d))
		}},
		{decode.RuleContentMatches, "PSV0's first two resources swapped (resource order)", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			p := f.Part("PSV0")
			d := psvData(f)
			stride := int(p.PSVInfo.ResourceStride)
			at := int(p.PSVInfo.Resources[0].Offset - p.DataOffset)
			first := append([]byte{}, d[at:at+stride]...)
			copy(d[at:], d[at+stride:at+2*stride])
			copy(d[at+stride:], first)
			must(t, c.Set("PSV0", d))
		}},
		{decode.RuleContentMatches, "PSV0 version 2 where the validator version calls for 3", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			d := psvData(f)
			le.PutUint32(d, 48)
			must(t, c.Set("PSV0", splice(d, 4+48, 4)))
		}},
		{decode.RuleContentInvalid, "bytes after PSV0's last section", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			must(t, c.Set("PSV0", append(psvData(f), 0, 0, 0, 0)))
		}},
		{decode.RuleUnusedItemInTable, "a string no element uses", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			p := f.Part("PSV0")
			d := psvData(f)
			at, size := psvSection(t, p, "StringTable")
			le.PutUint32(d[at:], le.Uint32(d[at:])+4)
			must(t, c.Set("PSV0", splice(d, at+size, 0, 'x', 'y', 'z', 0)))
		}},
		{decode.RuleRootSignatureIncompatible, "an empty root signature for a shader that binds resources", base, func(t *testing.T, c *edit.Container, f *decode.File) {
			rs := make([]byte, 24) // version 1.0, no parameters, no static samplers
			le.PutUint32(rs, 1)
			le.PutUint32(rs[8:], 24)
			le.PutUint32(rs[16:], 24)
			must(t, c.Set("RTS0", rs))
		}},
	}
	seen := map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.rule+"/"+tc.what, func(t *testing.T) {
			c, err := edit.Load(tc.base)
			if err != nil {
				t.Fatal(err)
			}
			tc.edit(t, c, tc.base)
			b, err := c.Bytes(edit.Retail)
			if err != nil {
				b = layOut(c.Parts) // a container the writer refuses to make
			}
			f, err := decode.Parse(b)
			if err != nil {
				t.Fatal(err)
			}
			got := ruleProblems(f)
			if len(got) == 0 {
				t.Fatalf("no rule problem; problems: %v", f.Problems)
			}
			for _, p := range got {
				if p.Rule != tc.rule {
					t.Errorf("a %s problem too: %s", p.Rule, p)
				}
				if p.Severity != decode.Warning {
					t.Errorf("severity %s, want warning: %s", p.Severity, p)
				}
				if p.Offset <= 0 || p.Offset >= int64(len(b)) {
					t.Errorf("offset 0x%x outside the %d-byte container: %s", p.Offset, len(b), p)
				}
			}
			for _, p := range f.Problems {
				if p.Rule == "" && p.Severity != decode.Note && !slices.ContainsFunc(tc.base.Problems, func(q decode.Problem) bool { return q.Message == p.Message }) {
					t.Errorf("another problem: %s", p)
				}
			}
			t.Logf("%d problem(s), first: %s", len(got), got[0])
			seen[tc.rule] = true
		})
	}
	for _, r := range []string{decode.RuleContentInvalid, decode.RuleContentMatches, decode.RulePartInvalid, decode.RulePartMatches,
		decode.RulePartMissing, decode.RulePartRepeated, decode.RuleRootSignatureIncompatible, decode.RuleUnusedItemInTable} {
		if !seen[r] {
			t.Errorf("no container shows %s", r)
		}
	}
	t.Logf("%d containers, %d rules shown", len(cases), len(seen))
}

// layOut writes parts as a container with no digest, each part at the next
// multiple of 4: for containers decode/edit will not write (a repeated
// unique part).
func layOut(parts []edit.Part) []byte {
	le := binary.LittleEndian
	off := 32 + 4*len(parts)
	var offsets, body []byte
	for _, p := range parts {
		offsets = le.AppendUint32(offsets, uint32(off+len(body)))
		body = append(body, p.Name...)
		body = le.AppendUint32(body, uint32(len(p.Data)))
		body = append(body, p.Data...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	b := append([]byte("DXBC"), make([]byte, 16)...)
	b = le.AppendUint16(b, 1)
	b = le.AppendUint16(b, 0)
	b = le.AppendUint32(b, uint32(off+len(body)))
	b = le.AppendUint32(b, uint32(len(parts)))
	return append(append(b, offsets...), body...)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Real compiler output keeps the rules, but for the files listed with
// their reason in expectedWarnings; every DXIL container of the corpus was
// checked.
func TestCorpusKeepsTheContainerRules(t *testing.T) {
	var dxil, clean, listed int
	byRule := map[string]int{}
	for _, e := range corpus.Entries(t) {
		if !strings.HasPrefix(e.Rel, "real/") || !slices.Contains(e.Parts, "DXIL") {
			continue
		}
		f, err := decode.Parse(e.Bytes(t))
		if err != nil {
			t.Fatalf("%s: %v", e.Rel, err)
		}
		dxil++
		if _, ok := decode.ExpectedWarnings[e.Rel]; ok {
			listed++
		}
		ps := ruleProblems(f)
		if len(ps) == 0 {
			clean++
			continue
		}
		for _, p := range ps {
			byRule[p.Rule]++
		}
	}
	t.Logf("%d/%d DXIL containers keep every rule; problems by rule on the rest: %v", clean, dxil, byRule)
	if dxil-clean != listed {
		t.Errorf("%d DXIL containers break a rule; the %d listed in expectedWarnings do", dxil-clean, listed)
	}
}

// The root signature check compares every binding with every range, so it
// is skipped, with a note, when a file's sizes would make that quadratic.
func TestRootSignatureCheckHasABudget(t *testing.T) {
	base := ruleBase(t, "a shader with two resources", func(f *decode.File) bool {
		p := f.Part("PSV0")
		return p != nil && p.PSVInfo != nil && len(p.PSVInfo.Resources) >= 2 && f.Part("RTS0") == nil
	})
	c, err := edit.Load(base)
	if err != nil {
		t.Fatal(err)
	}
	rs := make([]byte, 8<<20) // a 1.0 header with no parameters, then 8 MB that could hold ranges
	binary.LittleEndian.PutUint32(rs, 1)
	binary.LittleEndian.PutUint32(rs[8:], 24)
	binary.LittleEndian.PutUint32(rs[16:], 24)
	must(t, c.Set("RTS0", rs))
	b, err := c.Bytes(edit.Retail)
	if err != nil {
		t.Fatal(err)
	}
	var f *decode.File
	_, d := corpus.Cost(func() { f, _ = decode.Parse(b) })
	t.Logf("%d bytes parsed in %v", len(b), d)
	found := false
	for _, p := range f.Problems {
		found = found || p.Part == "RTS0" && p.Severity == decode.Note && strings.Contains(p.Message, "was not checked")
		if p.Rule == decode.RuleRootSignatureIncompatible {
			t.Errorf("checked anyway: %s", p)
		}
	}
	if !found {
		t.Errorf("no note says the check was skipped: %v", f.Problems)
	}
}

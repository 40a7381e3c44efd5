package diff_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
)

// fieldsUnder lists a part's differences whose path starts with prefix.
func fieldsUnder(d diff.Part, prefix string) []diff.Field {
	var out []diff.Field
	for _, f := range d.Fields {
		if f.Path == prefix || strings.HasPrefix(f.Path, prefix+"/") {
			out = append(out, f)
		}
	}
	return out
}

// An inserted constant buffer (b1 between b0 and t0, in a PSV0 we wrote as
// YAML) is one added resource: no resource after it reads as changed, and
// the text dxscope diff prints names one resource, once in "What changed"
// and once in detail.
func TestDiffInsertedResourceIsOneAddedResource(t *testing.T) {
	a := mustParse(t, corpus.YAMLContainer(t, "diff-inserted-resource-a.yaml"))
	b := mustParse(t, corpus.YAMLContainer(t, "diff-inserted-resource-b.yaml"))
	c := diff.Compare(a, b)
	d := partDiff(t, c, "PSV0")
	res := fieldsUnder(d, "PSV0/Resources")
	if len(res) != 1 {
		for _, f := range res {
			t.Log(f.Text())
		}
		t.Fatalf("%d resource differences, want 1 (the inserted b1)", len(res))
	}
	f := res[0]
	if f.Path != "PSV0/Resources/1" || f.Kind != diff.FieldAdded || f.A.Present || !f.B.Present {
		t.Fatalf("difference %+v, want B's resource 1 added", f)
	}
	if want := "{Type: 2 (CBV), Space: 0, LowerBound: 1, UpperBound: 1}"; f.B.Value != want {
		t.Errorf("added %s, want %s (the YAML's second resource)", f.B.Value, want)
	}
	// B's side is the inserted record's 24 bytes: the YAML's resources start
	// after the 4-byte runtime-info size, the 48-byte v2 runtime info, the
	// resource count and the stride.
	pb := b.Part("PSV0")
	if want := pb.DataOffset + 4 + 48 + 4 + 4 + 24; f.B.Off != want || f.B.Size != 24 {
		t.Errorf("B side at 0x%x+%d, want 0x%x+24", f.B.Off, f.B.Size, want)
	}
	var out bytes.Buffer
	text.WriteComparison(&out, c)
	lines := 0
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.Contains(l, "Resources / ") {
			lines++
			if !strings.Contains(l, "(absent) → {Type: 2 (CBV)") {
				t.Errorf("dxscope diff says %q", l)
			}
		}
	}
	if lines != 2 {
		t.Errorf("dxscope diff names resources on %d lines, want 2:\n%s", lines, out.String())
	}
	if got := fieldsUnder(d, "PSV0/ResourceCount"); len(got) != 1 || got[0].Text() != "PSV0 / ResourceCount: 4 → 5" {
		t.Errorf("resource count: %+v", got)
	}
}

// An inserted input element (COLOR0 in register 1) is one added element; the
// two elements after it are matched by semantic and report only their own
// change, the register, each side at its own index.
func TestDiffInsertedSignatureElement(t *testing.T) {
	a := mustParse(t, corpus.YAMLContainer(t, "diff-inserted-element-a.yaml"))
	b := mustParse(t, corpus.YAMLContainer(t, "diff-inserted-element-b.yaml"))
	c := diff.Compare(a, b)
	d := partDiff(t, c, "ISG1")
	var got []string
	for _, f := range fieldsUnder(d, "ISG1/Parameters") {
		got = append(got, f.Text())
	}
	want := []string{
		`ISG1 / Parameters / 1: (absent) → {Name: "COLOR", Index: 0, Stream: 0}`,
		"ISG1 / Parameters / 2 / Register: 1 → 2",
		"ISG1 / Parameters / 3 / Register: 2 → 3",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Each side's register is its own element's (Register is the sixth
	// uint32 of a 32-byte DxilProgramSignatureElement).
	pa, pb := a.Part("ISG1").Signature.Parameters, b.Part("ISG1").Signature.Parameters
	for k, names := range [][2]string{{"NORMAL", "NORMAL"}, {"TEXCOORD", "TEXCOORD"}} {
		f, _ := fieldDiff(d, fmt.Sprintf("ISG1/Parameters/%d/Register", k+2))
		ia, ib := k+1, k+2
		if pa[ia].Name != names[0] || pb[ib].Name != names[1] {
			t.Fatalf("YAML elements %s, %s", pa[ia].Name, pb[ib].Name)
		}
		if f.A.Off != pa[ia].Offset+20 || f.B.Off != pb[ib].Offset+20 || f.A.Size != 4 || f.B.Size != 4 {
			t.Errorf("%s: A 0x%x+%d, B 0x%x+%d, want A 0x%x, B 0x%x", f.Path, f.A.Off, f.A.Size, f.B.Off, f.B.Size, pa[ia].Offset+20, pb[ib].Offset+20)
		}
		if wantA := fmt.Sprintf("ISG1/Parameters/%d/Register", ia); f.A.Path != wantA || f.B.Path != "" {
			t.Errorf("%s: side paths %q, %q, want %q and the field's", f.Path, f.A.Path, f.B.Path, wantA)
		}
	}
}

// rtLibBuilds are the successive builds of the ray-tracing library of
// vkd3d-proton's d3d12_raytracing.c (one test file, one commit), in order.
var rtLibBuilds = []string{"", "__v2", "__v3", "__v5", "__v6", "__v7", "__v9"}

// binding names a resource by what identifies it: class, space, range.
type binding struct {
	class              string
	space, lower, size uint32
}

// Successive builds of one library: the RDAT resource records and the
// module's !dx.resources are matched by binding. What each reports as added
// and removed is what the other part's bindings say was added and removed
// (two decoders of two parts), a matched resource never changes class, and
// a resource's name changes only where the module's name at that binding
// changed too.
func TestDiffLibraryBuildsMatchResourcesByBinding(t *testing.T) {
	const vk = "HansKristian-Work__vkd3d-proton/d3d12_raytracing.c__rt_lib_dxil"
	recordPath := regexp.MustCompile(`^RDAT/ResourceTable/Records/(A?)(\d+)(/.*)?$`)
	modulePath := regexp.MustCompile(`^DXIL/Resources/(A?)(\d+)(/.*)?$`)
	moduleBindings := func(f *decode.File) map[binding]string {
		out := map[binding]string{}
		for _, r := range f.Part("DXIL").Module.Resources {
			out[binding{r.Class, r.Space, r.LowerBound, r.RangeSize}] = r.Name
		}
		return out
	}
	rdatBinding := func(f *decode.File, i int) (binding, string) {
		r := f.Part("RDAT").RuntimeData.ResourceTable.Records[i]
		return binding{r.ClassName, r.Space, r.LowerBound, r.UpperBound - r.LowerBound + 1}, r.Name
	}
	moduleBinding := func(f *decode.File, i int) (binding, string) {
		r := f.Part("DXIL").Module.Resources[i]
		return binding{r.Class, r.Space, r.LowerBound, r.RangeSize}, r.Name
	}
	pairs, added, removed, renamed := 0, 0, 0, 0
	for i := 0; i+1 < len(rtLibBuilds); i++ {
		a := mustParse(t, corpusFile(t, vk+rtLibBuilds[i]+".dxil"))
		b := mustParse(t, corpusFile(t, vk+rtLibBuilds[i+1]+".dxil"))
		name := "rt_lib" + rtLibBuilds[i] + "→" + rtLibBuilds[i+1]
		ma, mb := moduleBindings(a), moduleBindings(b)
		c := diff.Compare(a, b)
		check := func(part string, re *regexp.Regexp, at func(*decode.File, int) (binding, string)) {
			gotAdded, gotRemoved := map[binding]bool{}, map[binding]bool{}
			for _, f := range partDiff(t, c, part).Fields {
				m := re.FindStringSubmatch(f.Path)
				if m == nil {
					continue
				}
				k, _ := strconv.Atoi(m[2])
				switch {
				case m[1] == "A" && m[3] == "" && f.Kind == diff.FieldRemoved:
					bd, _ := at(a, k)
					gotRemoved[bd] = true
				case m[1] == "" && m[3] == "" && f.Kind == diff.FieldAdded:
					bd, _ := at(b, k)
					gotAdded[bd] = true
				case m[1] == "" && (m[3] == "/Class" || m[3] == "/ClassName"):
					t.Errorf("%s: a matched resource changed class: %s", name, f.Text())
				case m[1] == "" && m[3] == "/Name":
					bd, _ := at(b, k)
					if _, ok := ma[bd]; !ok || ma[bd] == mb[bd] {
						t.Errorf("%s: %s, but the module's name at %v is %q in both", name, f.Text(), bd, mb[bd])
					}
					renamed++
				case m[3] == "":
					t.Errorf("%s: %s", name, f.Text())
				}
			}
			for bd := range mb {
				if _, ok := ma[bd]; !ok && !gotAdded[bd] {
					t.Errorf("%s: %s: %v is new in B's module, not reported added", name, part, bd)
				}
			}
			for bd := range ma {
				if _, ok := mb[bd]; !ok && !gotRemoved[bd] {
					t.Errorf("%s: %s: %v is gone from B's module, not reported removed", name, part, bd)
				}
			}
			for bd := range gotAdded {
				if _, ok := ma[bd]; ok {
					t.Errorf("%s: %s: %v reported added, but A's module has it", name, part, bd)
				}
			}
			for bd := range gotRemoved {
				if _, ok := mb[bd]; ok {
					t.Errorf("%s: %s: %v reported removed, but B's module has it", name, part, bd)
				}
			}
			added += len(gotAdded)
			removed += len(gotRemoved)
		}
		check("RDAT", recordPath, rdatBinding)
		check("DXIL", modulePath, moduleBinding)
		pairs++
	}
	t.Logf("%d successive builds: %d resources added, %d removed, %d renamed at the same binding (RDAT and module, each against the module's bindings)", pairs, added, removed, renamed)
}

// The compiler that wrote each file is among the first things said: VERS,
// llvm.ident and the validator version of two DXC libraries (the VERS
// values checked against the part's bytes), and FXC's RDEF creator.
func TestDiffNamesTheCompilerChange(t *testing.T) {
	const (
		older = "HansKristian-Work__vkd3d-proton/basic.h__basic_code_dxil.dxil"
		newer = "HansKristian-Work__vkd3d-proton/collection_handle_invariance.h__collection_handle_invariance_code_dxil.dxil"
	)
	a, b := mustParse(t, corpusFile(t, older)), mustParse(t, corpusFile(t, newer))
	c := diff.Compare(a, b)
	var ch *diff.Change
	for i := range c.Changes {
		if c.Changes[i].Topic == "compiler" {
			ch = &c.Changes[i]
			if i > 3 {
				t.Errorf("the compiler is change %d: %+v", i, c.Changes[:i])
			}
			break
		}
	}
	if ch == nil {
		t.Fatalf("no compiler change in %+v", c.Changes)
	}
	// VERS: Major, Minor (uint16), flags, commit count (uint32), then the strings.
	vers := func(f *decode.File) string {
		d := f.Part("VERS").Data()
		return fmt.Sprintf("%d.%d, %d commits", binary.LittleEndian.Uint16(d), binary.LittleEndian.Uint16(d[2:]), binary.LittleEndian.Uint32(d[8:]))
	}
	for _, want := range []string{"VERS \"" + vers(a), "→ \"" + vers(b), "llvm.ident \"dxcoob 1.8.2403.34", "→ \"dxcoob 1.8.2505.32", "validator 1.8 → 1.9"} {
		if !strings.Contains(ch.Text, want) {
			t.Errorf("%q lacks %q", ch.Text, want)
		}
	}
	if !strings.HasPrefix(ch.Path, "VERS/") {
		t.Errorf("the change selects %q, want a VERS field", ch.Path)
	}
	// A build with the same compiler says nothing about it.
	for _, ch := range diff.Compare(a, a).Changes {
		t.Errorf("identical files: %s", ch.Text)
	}

	// FXC: the RDEF creator string (read from the part: the header's
	// sixth uint32 is the creator's offset).
	creator := func(f *decode.File) string {
		d := f.Part("RDEF").Data()
		off := binary.LittleEndian.Uint32(d[24:])
		s := d[off:]
		return string(s[:bytes.IndexByte(s, 0)])
	}
	var fa *decode.File
	for _, e := range corpus.Entries(t) {
		if !slices.Contains(e.Parts, "RDEF") {
			continue
		}
		raw, err := os.ReadFile(e.Path)
		if err != nil {
			continue
		}
		f, err := decode.Parse(raw)
		if err != nil || f.Part("RDEF") == nil || f.Part("RDEF").ResourceDefs == nil {
			continue
		}
		if fa == nil {
			fa = f
			continue
		}
		if creator(f) == creator(fa) {
			continue
		}
		c := diff.Compare(fa, f)
		want := fmt.Sprintf("compiler: RDEF creator %q → %q", creator(fa), creator(f))
		found := false
		for _, ch := range c.Changes {
			found = found || ch.Text == want
		}
		if !found {
			t.Errorf("%s: no %q in %+v", e.Rel, want, c.Changes)
		}
		return
	}
	t.Fatal("no two corpus files with different RDEF creators")
}

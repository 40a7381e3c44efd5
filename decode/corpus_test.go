package decode

import (
	"bytes"
	"fmt"
	"gopkg.in/yaml.v3"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/internal/corpus"
)

// expectedWarnings lists, by corpus path, the warnings real files are known to
// carry, with the reason. Anything else is a regression.
var expectedWarnings = func() map[string]string {
	m := map[string]string{}
	for k, v := range expectedWarningList {
		m[k] = v
	}
	// Mesh shaders from DXC's mesh-shader preview: a vertex output array
	// (float4 pos[N] : SV_Position) is one metadata element with N semantic
	// indices over one row. PSV0 keeps one index (Rows is 1) while its index
	// table holds all N, so today's validator, which compares PSV0 with the
	// module since 2024, rejects what the validator of the day signed
	// (CONTAINER.CONTENTMATCHES, CONTAINER.UNUSEDITEMINTABLE).
	const preview = "mesh-shader preview DXC: SV_Position over one row with several semantic indices, which today's validator's PSV0 check rejects (CONTAINER.CONTENTMATCHES, CONTAINER.UNUSEDITEMINTABLE)"
	for _, name := range []string{"d3d12_mesh_shader.c__ms_code__v2.dxil", "d3d12_mesh_shader.c__ms_code__v3.dxil",
		"d3d12_mesh_shader.c__ms_cull_primitive.dxil", "d3d12_mesh_shader.c__ms_culling.dxil", "d3d12_mesh_shader.c__ms_simple.dxil",
		"d3d12_mesh_shader.c__ms_simple__v2.dxil", "d3d12_mesh_shader.c__ms_system_values.dxil",
		"ms_cull_primitive.h__ms_cull_primitive_code_dxil.dxil", "ms_culling.h__ms_culling_code_dxil.dxil",
		"ms_execute_indirect.h__ms_execute_indirect_code_dxil.dxil", "ms_execute_indirect_state.h__ms_execute_indirect_state_code_dxil.dxil",
		"ms_payload.h__ms_payload_code_dxil.dxil"} {
		m["real/HansKristian-Work__vkd3d-proton/"+name] = preview
	}
	// A DXC of early 2021 wrote validator version 1.6 with PSV0 version 1;
	// validators that shipped with 1.6 expect version 2 (CONTAINER.CONTENTMATCHES).
	for _, name := range []string{"d3d12_vrs.c__ps_code_dxil.dxil", "d3d12_vrs.c__vs_code_dxil.dxil"} {
		m["real/HansKristian-Work__vkd3d-proton/"+name] = "validator 1.6 with a 36-byte (version 1) PSVRuntimeInfo, which the validators of 1.6 reject (CONTAINER.CONTENTMATCHES)"
	}
	return m
}()

// expectedWarningList is expectedWarnings before the container rules.
var expectedWarningList = map[string]string{
	"real/HansKristian-Work__vkd3d-proton/texture_feedback_sample_grad.h__texture_feedback_sample_grad_code_dxbc.dxbc": "its sample_d_cl_s instruction at 0x140 declares 23 dwords but its operands end after 22; the extra dword is non-zero (FXC pads such opcodes with a zero dword elsewhere), so it stays a warning",
}

// parseFile reads and decodes one file; one that does not read or decode
// fails the test (TestCorpusDecodesWithoutErrors requires every corpus file
// to decode).
func parseFile(t testing.TB, path string) *File {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

func TestCorpusDecodesWithoutErrors(t *testing.T) {
	es := corpus.Entries(t)
	var decoded, withWarnings int
	for _, e := range es {
		f := parseFile(t, e.Path)
		decoded++
		for _, p := range f.Problems {
			switch {
			case p.Severity == Error && strings.HasPrefix(e.Rel, "real/"):
				t.Errorf("%s: %s", e.Rel, p)
			case p.Severity == Warning && strings.HasPrefix(e.Rel, "real/"):
				if _, ok := expectedWarnings[e.Rel]; !ok {
					t.Errorf("%s: unexpected %s", e.Rel, p)
				}
				withWarnings++
			}
		}
	}
	t.Logf("%d/%d corpus files decoded; %d warnings on real files, all expected", decoded, len(es), withWarnings)
}

// The manifest's digest column was computed independently of this code.
func TestCorpusDigestAgreesWithManifest(t *testing.T) {
	es := corpus.Entries(t)
	agree := 0
	var short, long int // both final-block paths must be exercised
	for _, e := range es {
		f := parseFile(t, e.Path)
		want := map[string][]DigestStatus{"ok": {DigestValid}, "zero": {DigestUnsigned}, "BAD": {DigestMismatch, DigestPreviewBypass, DigestBypass, DigestDebug}}[e.Digest]
		ok := false
		for _, w := range want {
			ok = ok || f.Digest.Status == w
		}
		if !ok {
			t.Errorf("%s: digest %s, manifest says %s", e.Rel, f.Digest.Status, e.Digest)
			continue
		}
		agree++
		if f.Digest.Status == DigestValid {
			if (f.Header.FileSize-20)%64 <= 55 {
				short++
			} else {
				long++
			}
		}
	}
	t.Logf("%d/%d digests agree with the manifest (%d one-block tails, %d two-block tails)", agree, len(es), short, long)
	if short == 0 || long == 0 {
		t.Errorf("both final-block paths must be checked against real files: %d short, %d long", short, long)
	}
}

// obj2yaml runs LLVM's obj2yaml on each file, a few at a time.
func obj2yaml(t *testing.T, es []corpus.Entry) map[string]map[string]any {
	t.Helper()
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	docs := make([]map[string]any, len(es))
	read := make([]bool, len(es))
	corpus.RunEach(tool, corpus.Paths(es), func(i int, b []byte, err error) {
		if err != nil {
			t.Errorf("%s: obj2yaml-19 failed though the manifest says it reads the file: %v", es[i].Rel, err)
			return
		}
		if err := yaml.Unmarshal(b, &docs[i]); err != nil {
			t.Errorf("%s: cannot parse obj2yaml output: %v", es[i].Rel, err)
			return
		}
		read[i] = true
	})
	out := map[string]map[string]any{}
	for i, e := range es {
		if read[i] {
			out[e.Rel] = docs[i]
		}
	}
	return out
}

// differ collects mismatches between obj2yaml's document and ours.
type differ struct {
	file string
	errs []string
}

func (d *differ) eq(path string, want, got any) {
	w, g := fmt.Sprint(norm(want)), fmt.Sprint(norm(got))
	if w != g {
		d.errs = append(d.errs, fmt.Sprintf("%s: obj2yaml %s, we %s", path, w, g))
	}
}

// norm turns YAML and Go values into comparable forms.
func norm(v any) any {
	switch x := v.(type) {
	case []any:
		var s []string
		for _, e := range x {
			s = append(s, fmt.Sprint(norm(e)))
		}
		return "[" + strings.Join(s, " ") + "]"
	case HexBytes:
		var s []string
		for _, c := range x {
			s = append(s, fmt.Sprint(c))
		}
		return "[" + strings.Join(s, " ") + "]"
	case []uint32:
		var s []string
		for _, c := range x {
			s = append(s, fmt.Sprint(c))
		}
		return "[" + strings.Join(s, " ") + "]"
	case uint16, uint32, uint64, int, int64, uint8:
		return fmt.Sprint(x)
	case dxil.ShaderKind:
		return fmt.Sprint(uint32(x))
	}
	return v
}

func TestCorpusAgreesWithObj2yaml(t *testing.T) {
	var es []corpus.Entry
	for _, e := range corpus.Entries(t) {
		if e.Obj2yaml == "ok" {
			es = append(es, e)
		}
	}
	docs := obj2yaml(t, es)
	var agree int
	fields := map[string]int{}
	for _, e := range es {
		doc, ok := docs[e.Rel]
		if !ok {
			continue
		}
		f := parseFile(t, e.Path)
		d := &differ{file: e.Rel}
		h, _ := doc["Header"].(map[string]any)
		ver, _ := h["Version"].(map[string]any)
		d.eq("Header.Hash", h["Hash"], f.Header.Hash)
		d.eq("Header.Version.Major", ver["Major"], f.Header.Version.Major)
		d.eq("Header.Version.Minor", ver["Minor"], f.Header.Version.Minor)
		d.eq("Header.FileSize", h["FileSize"], f.Header.FileSize)
		d.eq("Header.PartCount", h["PartCount"], f.Header.PartCount)
		d.eq("Header.PartOffsets", h["PartOffsets"], f.Header.PartOffsets)
		fields["Header"]++
		yparts, _ := doc["Parts"].([]any)
		d.eq("len(Parts)", len(yparts), len(f.Parts))
		for i, yp := range yparts {
			if i >= len(f.Parts) {
				break
			}
			ym, _ := yp.(map[string]any)
			p := f.Parts[i]
			at := fmt.Sprintf("Parts[%d]", i)
			d.eq(at+".Name", ym["Name"], p.Name)
			d.eq(at+".Size", ym["Size"], p.Size)
			if yf, ok := ym["Flags"].(map[string]any); ok {
				fields["Flags"]++
				if p.Flags == nil {
					d.errs = append(d.errs, at+".Flags: we have none")
				} else {
					for name, v := range yf {
						bit := -1
						for j, n := range featureFlagNames {
							if n == name {
								bit = j
							}
						}
						if name == "NextUnusedBit" { // LLVM 19's name for bit 31
							bit = 31
						}
						if bit < 0 {
							d.errs = append(d.errs, at+".Flags: unknown obj2yaml flag "+name)
							continue
						}
						d.eq(at+".Flags."+name, v, *p.Flags&(1<<bit) != 0)
					}
				}
			}
			if yh, ok := ym["Hash"].(map[string]any); ok {
				fields["Hash"]++
				if p.Hash == nil {
					d.errs = append(d.errs, at+".Hash: we have none")
				} else {
					d.eq(at+".Hash.IncludesSource", yh["IncludesSource"], p.Hash.IncludesSource)
					d.eq(at+".Hash.Digest", yh["Digest"], p.Hash.Digest)
				}
			}
			if yg, ok := ym["Program"].(map[string]any); ok {
				fields["Program"]++
				g := p.Program
				if g == nil {
					d.errs = append(d.errs, at+".Program: we have none")
				} else {
					d.eq(at+".Program.MajorVersion", yg["MajorVersion"], g.MajorVersion)
					d.eq(at+".Program.MinorVersion", yg["MinorVersion"], g.MinorVersion)
					d.eq(at+".Program.ShaderKind", yg["ShaderKind"], g.ShaderKind)
					d.eq(at+".Program.Size", yg["Size"], g.Size)
					d.eq(at+".Program.DXILMajorVersion", yg["DXILMajorVersion"], g.DXILMajorVersion)
					d.eq(at+".Program.DXILMinorVersion", yg["DXILMinorVersion"], g.DXILMinorVersion)
					d.eq(at+".Program.DXILSize", yg["DXILSize"], g.DXILSize)
					d.eq(at+".Program.DXIL", yg["DXIL"], g.DXIL)
				}
			}
		}
		if len(d.errs) > 0 {
			sort.Strings(d.errs)
			t.Errorf("%s disagrees with obj2yaml-19:\n  %s", e.Rel, strings.Join(d.errs, "\n  "))
			continue
		}
		agree++
	}
	t.Logf("%d/%d files agree with obj2yaml-19 (header %d, SFI0 flags %d, HASH %d, program headers %d)", agree, len(es), fields["Header"], fields["Flags"], fields["Hash"], fields["Program"])
	if agree != len(es) {
		t.Errorf("%d files disagree", len(es)-agree)
	}
}

// Every prefix of a real file is still handled: an error or problems, never a panic.
func TestCorpusPrefixesNeverPanic(t *testing.T) {
	es := corpus.Entries(t)
	var picked []corpus.Entry
	seen := map[string]bool{}
	for _, e := range es {
		// One small file per distinct part list, to cover every part decoder.
		key := strings.Join(e.Parts, " ")
		if e.Size <= 6000 && !seen[key] && len(picked) < 40 {
			seen[key] = true
			picked = append(picked, e)
		}
	}
	prefixes := 0
	for _, e := range picked {
		b, _ := os.ReadFile(e.Path)
		for n := 0; n < len(b); n++ {
			prefixes++
			f, err := Parse(bytes.Clone(b[:n]))
			if err == nil && len(f.Problems) == 0 {
				t.Errorf("%s: the %d-byte prefix of %d bytes decoded without any problem", e.Rel, n, len(b))
				break
			}
		}
	}
	t.Logf("%d prefixes of %d files handled", prefixes, len(picked))
}

// corpusWith decodes every corpus file that has a part of the given name.
func corpusWith(t *testing.T, part string) (files []corpus.Entry, decoded []*File) {
	for _, e := range corpus.Entries(t) {
		if e.Has(part) {
			files = append(files, e)
			decoded = append(decoded, parseFile(t, e.Path))
		}
	}
	return
}

package decode

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// The page's damaged example: PSV0 holds 32 of its 52 runtime-info bytes.
// Every field those bytes hold is decoded (version 3 from the size, a vertex
// shader from the byte at 0x124, 0xFFFFFFFF wave lanes at 0x120, 2 inputs
// and 2 outputs); the fields past them are absent, not zero.
func TestDamagedExampleShowsWhatItHolds(t *testing.T) {
	f := parseFile(t, "../web/examples/damaged.dxbc")
	p := f.Part("PSV0")
	if p == nil || p.PSVInfo == nil {
		t.Fatal("no PSV0")
	}
	info := p.PSVInfo
	got := fmt.Sprintf("v%d %s known=%v max=%#x in=%d out=%d", info.Version, info.ShaderStage, info.StageKnown,
		info.MaximumWaveLaneCount, info.SigInputElementCount, info.SigOutputElementCount)
	if want := "v3 Vertex known=true max=0xffffffff in=2 out=2"; got != want {
		t.Errorf("decoded %q, want %q", got, want)
	}
	for _, a := range []string{"PSVInfo/NumThreadsX", "PSVInfo/EntryName", "PSVInfo/SigOutputVectors/0", "PSVInfo/ResourceCount"} {
		if !slices.Contains(p.Absent, a) {
			t.Errorf("%s is not absent: %q", a, p.Absent)
		}
	}
	for _, a := range []string{"PSVInfo/ShaderStage", "PSVInfo/ShaderStageName", "PSVInfo/Version", "PSVInfo/SigInputVectors", "PSVInfo/MaximumWaveLaneCount"} {
		if slices.Contains(p.Absent, a) {
			t.Errorf("%s is held but said absent", a)
		}
	}
}

// Cut corpus files inside each part, at every structure boundary and in the
// middle of fields: every value a cut part shows (not in Absent) that has bytes
// must equal the value the whole file gives, since its bytes are the same.
// A decoder that fills a field it could not read shows a value the file does
// not hold, which this finds.
func TestCutPartsShowOnlyWhatTheyHold(t *testing.T) {
	es := corpus.Entries(t)
	perKind := map[string]int{}
	cuts, checked := 0, 0
	bad := map[string]int{}
	for _, e := range es {
		b, err := os.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := Parse(b)
		if err != nil || len(whole.Problems) > 0 {
			continue
		}
		for _, p := range whole.Parts {
			if p.Module != nil || perKind[p.Name] >= 3 || p.Size < 8 {
				continue
			}
			perKind[p.Name]++
			full := leafMap(t, p)
			at := map[int64]bool{}
			for _, s := range p.Spans {
				for _, o := range []int64{s.Off, s.Off + s.Size/2, s.Off + s.Size} {
					if o > p.DataOffset && o < p.DataOffset+int64(p.Size) {
						at[o] = true
					}
				}
			}
			offs := make([]int64, 0, len(at))
			for o := range at {
				offs = append(offs, o)
			}
			sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
			if step := len(offs) / 40; step > 1 { // at most about 40 cuts a part
				var some []int64
				for i := 0; i < len(offs); i += step {
					some = append(some, offs[i])
				}
				offs = some
			}
			for _, o := range offs {
				cut, err := Parse(b[:o])
				if err != nil {
					continue
				}
				cuts++
				q := cut.Parts[p.Index]
				absent := map[string]bool{}
				for _, a := range q.Absent {
					absent[a] = true
				}
				for path, v := range leafMap(t, q) {
					if absent[path] {
						continue
					}
					if w, ok := full[path]; ok {
						checked++
						if w != v {
							bad[fmt.Sprintf("%s %s", p.Name, pattern(path))]++
							if bad[fmt.Sprintf("%s %s", p.Name, pattern(path))] == 1 {
								t.Logf("%s cut at 0x%x: %s is %s, the whole file says %s", e.Rel, o, path, v, w)
							}
						}
					}
				}
			}
		}
	}
	keys := make([]string, 0, len(bad))
	for k := range bad {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		kind, field, _ := strings.Cut(k, " ")
		if notYet[kind] != "" && strings.HasPrefix(field, notYet[kind]) {
			t.Logf("not yet: %s: a cut part shows a value its bytes do not hold (%d times)", k, bad[k])
			continue
		}
		t.Errorf("%s: a cut part shows a value its bytes do not hold (%d times)", k, bad[k])
	}
	t.Logf("%d cuts of %d parts, %d held values equal to the whole file's", cuts, len(perKind), checked)
}

// notYet: the decoders whose cut parts still show values their bytes do not
// hold, by part and the value path they start with (each a decoder to fix,
// with its reason); the test fails on any other. None is left.
var notYet = map[string]string{}

// leafMap is a part's JSON values by path (rooted at its value keys), with
// only the values read from bytes: worked-out values may change with a cut.
func leafMap(t *testing.T, p *Part) map[string]string {
	out := map[string]string{}
	for key, v := range jsonObject(t, p) {
		if _, typed := v.(map[string]any); !typed {
			continue
		}
		leaves(v, key, func(path string, v any) {
			if workedOut(p, strings.TrimPrefix(path, key+"/"), v) == "" {
				out[path] = fmt.Sprint(v)
			}
		})
	}
	return out
}

// A list the decoder leaves empty because its records are past the cut is
// absent, not empty: the file says it has one. cbuffer2's RTS0 (one root
// parameter at RootParametersOffset 24, 68 bytes) cut after 34 of them.
func TestListPastTheCutIsAbsent(t *testing.T) {
	raw := corpus.Bytes(t, "real/microsoft__DirectXShaderCompiler/test__dxbc2dxil__cbuffer2__v2.dxbc")
	whole, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	rts := whole.Part("RTS0")
	f, _ := Parse(raw[:rts.DataOffset+34])
	p := f.Part("RTS0")
	if p == nil || p.RootSignature == nil {
		t.Fatal("no root signature in the cut file")
	}
	if got := strings.Join(p.Absent, ","); got != "RootSignature/Parameters" {
		t.Errorf("absent: %s, want RootSignature/Parameters", got)
	}
	if p.Summary != "v1.1, 1 parameter (0 decoded), no static samplers" {
		t.Errorf("summary %q", p.Summary)
	}
}

// The same for RDEF: EdgeDetectPixelShader's two resource bindings (32
// bytes each from RDEF data offset 60) cut after 100 bytes of the part.
func TestBindingsPastTheCutAreAbsent(t *testing.T) {
	raw := corpus.Bytes(t, "real/microsoft__DirectX-Graphics-Samples/EdgeDetectPixelShader.hlsl.h__g_EdgeDetectPixelShader__v2.dxbc")
	whole, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := Parse(raw[:whole.Part("RDEF").DataOffset+100])
	p := f.Part("RDEF")
	if !slices.Contains(p.Absent, "ResourceDefs/ResourceBindings") {
		t.Errorf("absent: %v, want ResourceDefs/ResourceBindings among them", p.Absent)
	}
	if !strings.Contains(p.Summary, "2 bindings (0 decoded)") {
		t.Errorf("summary %q", p.Summary)
	}
}

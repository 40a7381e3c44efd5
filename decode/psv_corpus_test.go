package decode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"gopkg.in/yaml.v3"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestPSVCorpusDecodesWithoutErrors decodes every real PSV0 part: none may
// have an Error, and every byte must be claimed by a decoded field.
func TestPSVCorpusDecodesWithoutErrors(t *testing.T) {
	entries := corpus.WithPart(corpus.Entries(t), "PSV0")
	ok, unclaimed := 0, 0
	versions := map[int]int{}
	for _, e := range entries {
		f := parseFile(t, e.Path)
		p := f.Part("PSV0")
		if p == nil || p.PSVInfo == nil {
			t.Errorf("%s: PSV0 not decoded", e.Rel)
			continue
		}
		bad := false
		for _, pr := range f.Problems {
			// Validator rules (PSV0 against the module) are TestCorpusKeepsTheContainerRules'.
			if pr.Part == "PSV0" && pr.Severity >= Warning && pr.Rule == "" {
				t.Errorf("%s: %s", e.Rel, pr)
				bad = bad || pr.Severity == Error
			}
		}
		for _, s := range p.Spans {
			if s.Kind == SpanUnknown {
				unclaimed++
				t.Errorf("%s: unclaimed bytes %+v", e.Rel, s)
			}
		}
		if want := e.PSVSize; want != fmt.Sprint(p.PSVInfo.RuntimeInfoSize) {
			t.Errorf("%s: runtime info size %d, manifest says %s", e.Rel, p.PSVInfo.RuntimeInfoSize, want)
		}
		if !bad && p.PSVInfo.Complete {
			ok++
		}
		versions[p.PSVInfo.Version]++
	}
	t.Logf("%d/%d corpus PSV0 parts decode completely without an error or warning (versions %v); %d unclaimed spans", ok, len(entries), versions, unclaimed)
	if len(entries) > 0 && ok != len(entries) {
		t.Errorf("%d parts failed", len(entries)-ok)
	}
}

// obj2yamlPSV returns the PSVInfo mapping in what obj2yaml-19 printed (out,
// or why it failed, err).
func obj2yamlPSV(out []byte, err error) (map[string]any, error) {
	if err != nil {
		return nil, err
	}
	// Parse only the PSV0 item of the part list: the DXIL part's byte list
	// makes the whole document slow to parse.
	start := bytes.Index(out, []byte("\n  - Name:            PSV0\n"))
	if start < 0 {
		return nil, fmt.Errorf("obj2yaml printed no PSV0 part")
	}
	item := out[start+1:]
	if end := bytes.Index(item[4:], []byte("\n  - Name: ")); end >= 0 {
		item = item[:end+5]
	}
	var parts []map[string]any
	if err := yaml.Unmarshal(item, &parts); err != nil {
		return nil, err
	}
	for _, p := range parts {
		if p["Name"] == "PSV0" {
			m, _ := p["PSVInfo"].(map[string]any)
			if m == nil {
				return nil, fmt.Errorf("obj2yaml printed no PSVInfo")
			}
			return m, nil
		}
	}
	return nil, fmt.Errorf("obj2yaml printed no PSV0 part")
}

// normalize turns YAML and JSON values into comparable ones (all numbers int64).
func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, e := range x {
			m[k] = normalize(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = normalize(e)
		}
		return l
	case int:
		return int64(x)
	case uint64:
		return int64(x)
	case float64:
		return int64(x)
	}
	return v
}

// llvmException says why LLVM 19's reading of this part is known to differ
// from DXC's for key, or "" when both must agree.
func llvmException(info *PSVInfo, key string) string {
	switch {
	case key == "Version" && info.Version == 4:
		return "LLVM 19 reads any runtime info of 52 bytes or more as v3 (no NumBytesGroupSharedMemory)"
	case !info.IsStage(2) && (key == "InputOutputMap" || key == "OutputVectorMasks") &&
		(info.SigOutputVectors[1]|info.SigOutputVectors[2]|info.SigOutputVectors[3]) != 0:
		return "non-geometry shader with output vectors on streams 1-3: LLVM reads tables for them, DXC does not"
	case info.IsStage(13) && info.SigInputVectors != 0 && key == "InputOutputMap":
		return "mesh shader with input vectors: LLVM reads an input→output table, DXC does not"
	}
	return ""
}

// TestPSVAgreesWithObj2yaml compares every PSV0 field obj2yaml-19 prints with ours.
func TestPSVAgreesWithObj2yaml(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	entries := corpus.WithPart(corpus.Entries(t), "PSV0")
	type result struct {
		e       corpus.Entry
		m       map[string]any
		err     error
		rebuilt bool
	}
	dir := t.TempDir()
	paths, rebuilt := corpus.Paths(entries), make([]bool, len(entries))
	for i, e := range entries {
		if e.Obj2yaml != "ok" {
			// LLVM 19 rejects these files for parts other than PSV0
			// (unpadded signatures of validators before 1.7): give it
			// the PSV0 and DXIL parts alone, 4-byte aligned.
			paths[i], rebuilt[i] = filepath.Join(dir, fmt.Sprint(i)), true
			if err := os.WriteFile(paths[i], psvOnlyContainer(t, e.Path), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	results := make([]result, len(entries))
	corpus.RunEach(tool, paths, func(i int, out []byte, err error) {
		m, err := obj2yamlPSV(out, err)
		results[i] = result{e: entries[i], m: m, err: err, rebuilt: rebuilt[i]}
	})
	nrebuilt := 0

	agree, fields := 0, 0
	exceptions := map[string]int{}
	for _, res := range results {
		if res.err != nil {
			t.Errorf("%s: obj2yaml: %v", res.e.Rel, res.err)
			continue
		}
		f := parseFile(t, res.e.Path)
		info := f.Part("PSV0").PSVInfo
		diffs, excs, n := diffObj2yaml(t, info, res.m)
		fields += n
		for _, e := range excs {
			exceptions[e]++
		}
		for _, d := range diffs {
			t.Errorf("%s: %s", res.e.Rel, d)
		}
		same := len(diffs) == 0
		if res.rebuilt {
			nrebuilt++
		}
		if same {
			agree++
		}
	}
	t.Logf("%d/%d files agree with obj2yaml-19 on every PSV0 field it prints (%d field comparisons; %d files given to obj2yaml as PSV0+DXIL only because LLVM 19 rejects another of their parts)", agree, len(results), fields, nrebuilt)
	if agree != len(results) {
		t.Errorf("%d files disagree", len(results)-agree)
	}
	for why, n := range exceptions {
		t.Logf("  not compared %d times: %s", n, why)
	}
}

// diffObj2yaml compares every key obj2yaml printed with our JSON, except
// where LLVM 19's reading is known to differ from DXC's; it returns the
// differences, the reasons for the keys left out, and the number compared.
func diffObj2yaml(t testing.TB, info *PSVInfo, m map[string]any) (diffs, exceptions []string, compared int) {
	ours := normalize(jsonObject(t, info)).(map[string]any)
	theirs := normalize(m).(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(theirs)) {
		if why := llvmException(info, k); why != "" {
			exceptions = append(exceptions, why)
			continue
		}
		compared++
		got, ok := ours[k]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("obj2yaml prints %s: %v; we print nothing", k, theirs[k]))
			continue
		}
		want := theirs[k]
		if k == "Resources" || strings.HasPrefix(k, "Sig") && strings.HasSuffix(k, "Elements") {
			got = onlyKeys(got, want)
		}
		if !reflect.DeepEqual(got, want) {
			diffs = append(diffs, fmt.Sprintf("%s: ours %v, obj2yaml %v", k, got, want))
		}
	}
	return diffs, exceptions, compared
}

// psvOnlyContainer rebuilds a corpus file with only its PSV0 and DXIL parts.
func psvOnlyContainer(t testing.TB, path string) []byte {
	f := parseFile(t, path)
	var parts []testPart
	for _, name := range []string{"PSV0", "DXIL"} {
		if p := f.Part(name); p != nil {
			d := bytes.Clone(p.Data())
			if name == "DXIL" {
				d = append(d, make([]byte, -len(d)&3)...)
			}
			parts = append(parts, testPart{name, d})
		}
	}
	return buildContainer(parts...)
}

// onlyKeys drops from each object of got the added keys that want's objects lack.
func onlyKeys(got, want any) any {
	gl, ok1 := got.([]any)
	wl, ok2 := want.([]any)
	if !ok1 || !ok2 || len(gl) != len(wl) {
		return got
	}
	out := make([]any, len(gl))
	for i := range gl {
		gm, ok1 := gl[i].(map[string]any)
		wm, ok2 := wl[i].(map[string]any)
		if !ok1 || !ok2 {
			out[i] = gl[i]
			continue
		}
		m := map[string]any{}
		for k := range wm {
			if v, ok := gm[k]; ok {
				m[k] = v
			}
		}
		out[i] = m
	}
	return out
}

// TestPSVViewIDCorpusFiles checks the masks and tables of the corpus shaders
// that read SV_ViewID against values read by hand from their bytes (xxd).
// Only the vertex and mesh shaders set UsesViewID; the two pixel shaders read
// SV_ViewID but DXC leaves UsesViewID 0 for pixel shaders, so they carry no
// ViewID mask, only their input→output table.
func TestPSVViewIDCorpusFiles(t *testing.T) {
	type dep struct{ in, out string }
	tests := []struct {
		file     string
		stage    dxil.ShaderKind
		viewID   uint8
		words    []uint32 // OutputVectorMasks[0]
		viewIDOn []string // labels of the set mask bits
		table    []uint32 // InputOutputMap[0]
		deps     []dep    // every input→output dependency, by label
	}{
		{
			file: "vs_view_id.h__vs_view_id_code_dxil.dxil", stage: 1, viewID: 1,
			words:    []uint32{0x106},
			viewIDOn: []string{"SV_Position0.y", "SV_Position0.z", "VID0.x"},
			table:    []uint32{0x3, 0, 0, 0, 0x205, 0, 0, 0},
			deps: []dep{{"SV_VertexID0.x", "SV_Position0.x"}, {"SV_VertexID0.x", "SV_Position0.y"},
				{"SV_InstanceID0.x", "SV_Position0.x"}, {"SV_InstanceID0.x", "SV_Position0.z"}, {"SV_InstanceID0.x", "IID0.y"}},
		},
		{
			file: "ms_view_id_passthrough.h__ms_view_id_passthrough_code_dxil.dxil", stage: 13, viewID: 1,
			words:    []uint32{0x10},
			viewIDOn: []string{"UV_VIEWID0.x"},
		},
		{
			file: "ps_view_id.h__ps_view_id_code_dxil.dxil", stage: 0,
			table: []uint32{0, 0, 0, 0, 1, 0, 0, 0, 2, 4, 0, 0},
			deps:  []dep{{"COOKIE0.x", "SV_Target0.x"}, {"VID0.x", "SV_Target0.y"}, {"IID0.y", "SV_Target0.z"}},
		},
		{
			file: "ps_view_id_passthrough.h__ps_view_id_passthrough_code_dxil.dxil", stage: 0,
			table: []uint32{0, 0, 0, 0, 1, 0, 0, 0},
			deps:  []dep{{"UV_VIEWID0.x", "SV_Target0.x"}},
		},
	}
	for _, tc := range tests {
		f := parseFile(t, corpus.Path(t, "real/HansKristian-Work__vkd3d-proton/"+tc.file))
		info := f.Part("PSV0").PSVInfo
		if info.ShaderStage != tc.stage || info.UsesViewID != tc.viewID {
			t.Errorf("%s: stage %v UsesViewID %d", tc.file, info.ShaderStage, info.UsesViewID)
		}
		m := info.ViewIDOutputMasks[0]
		if tc.words == nil {
			if m != nil {
				t.Errorf("%s: unexpected ViewID mask %+v", tc.file, m)
			}
		} else if m == nil || !reflect.DeepEqual(m.Words, tc.words) {
			t.Errorf("%s: ViewID mask %+v, want %x", tc.file, m, tc.words)
		} else {
			var on []string
			for _, c := range m.Components() {
				on = append(on, info.ComponentLabel(PSVSigOutput, c))
			}
			if !reflect.DeepEqual(on, tc.viewIDOn) {
				t.Errorf("%s: ViewID-dependent outputs %v, want %v", tc.file, on, tc.viewIDOn)
			}
		}
		if info.ViewIDPatchOrPrimMask != nil {
			t.Errorf("%s: no primitive vectors, yet a primitive mask", tc.file)
		}
		tab := info.InputToOutput[0]
		if tc.table == nil {
			if tab != nil {
				t.Errorf("%s: unexpected table %+v", tc.file, tab)
			}
			continue
		}
		if tab == nil || !reflect.DeepEqual(tab.Words, tc.table) {
			t.Errorf("%s: table %+v, want %x", tc.file, tab, tc.table)
			continue
		}
		var deps []dep
		for in := 0; in < tab.InputVectors*4; in++ {
			for _, out := range tab.Outputs(in) {
				deps = append(deps, dep{info.ComponentLabel(PSVSigInput, in), info.ComponentLabel(PSVSigOutput, out)})
			}
		}
		if !reflect.DeepEqual(deps, tc.deps) {
			t.Errorf("%s: dependencies %v, want %v", tc.file, deps, tc.deps)
		}
	}
}

// samplePSVParts returns PSV0 part data from a few corpus files of different
// stages (and the builder's mesh part), for truncation tests and fuzz seeds.
func samplePSVParts(t testing.TB) [][]byte {
	var parts [][]byte
	for _, c := range builtPSVCases() {
		parts = append(parts, c[0].data)
	}
	seen := map[string]int{}
	for _, e := range corpus.Available() {
		if !e.Has("PSV0") || seen[e.Stage+e.PSVSize] >= 1 {
			continue
		}
		seen[e.Stage+e.PSVSize]++
		if p := parseFile(t, e.Path).Part("PSV0"); p != nil {
			parts = append(parts, bytes.Clone(p.Data()))
		}
	}
	return parts
}

// TestPSVTruncatedPrefixes decodes every proper prefix of sample parts: each
// must report an Error (a section is cut), and none may panic.
func TestPSVTruncatedPrefixes(t *testing.T) {
	parts := samplePSVParts(t)
	n := 0
	for _, full := range parts {
		for l := 0; l < len(full); l++ {
			p, probs := parsePSV(t, testPart{"PSV0", full[:l]}, programPart(1))
			n++
			if worst(probs) != Error {
				t.Errorf("prefix %d/%d of a %s part: no error (%v)", l, len(full), p.PSVInfo.ShaderStage, probs)
			}
			checkSpans(t, p)
		}
	}
	t.Logf("%d prefixes of %d parts", n, len(parts))
}

func checkSpans(t testing.TB, p *Part) {
	t.Helper()
	lo, hi := p.DataOffset, p.DataOffset+int64(len(p.Data()))
	for _, s := range p.Spans {
		if s.Off < lo || s.End() > hi || s.Size < 0 {
			t.Fatalf("span %+v outside the part [0x%x, 0x%x)", s, lo, hi)
		}
	}
}

func FuzzPSV0(f *testing.F) {
	for _, p := range samplePSVParts(f) {
		f.Add(p)
	}
	warmJSON()
	f.Fuzz(func(t *testing.T, data []byte) {
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, 2*len(data))() // decoded twice
		for _, kind := range []dxil.ShaderKind{dxil.Hull, dxil.Mesh} {
			p, _ := parsePSV(t, testPart{"PSV0", data}, programPart(kind))
			checkSpans(t, p)
			info := p.PSVInfo
			_ = info.Summary()
			if _, err := json.Marshal(info); err != nil {
				t.Fatal(err)
			}
			tables := append(info.InputToOutput[:], info.InputToPatch, info.PatchToOutput)
			for _, tab := range tables {
				if tab == nil {
					continue
				}
				if len(tab.Words) != tab.RowDwords()*tab.InputVectors*4 {
					t.Fatalf("table %s has %d words for %d×%d vectors", tab.Name, len(tab.Words), tab.InputVectors, tab.OutputVectors)
				}
				for in := 0; in < tab.InputVectors*4; in++ {
					for _, out := range tab.Outputs(in) {
						_ = info.StreamComponentLabel(tab.Output, tab.Stream, out)
					}
					_ = info.ComponentLabel(tab.Input, in)
				}
			}
		}
	})
}

// builtPSVCases are the hand-built containers, for obj2yaml and fuzz seeds.
func builtPSVCases() map[string][]testPart {
	c := map[string][]testPart{
		"mesh ViewID primitives":         {{"PSV0", meshViewIDPSV().bytes()}, programPart(13)},
		"geometry streams":               {{"PSV0", geometryStreamsPSV().bytes()}, programPart(2)},
		"domain patch table":             {{"PSV0", domainPatchPSV().bytes()}, programPart(4)},
		"hull ViewID":                    {{"PSV0", hullViewIDPSV().bytes()}, programPart(3)},
		"v4 compute":                     {{"PSV0", version4PSV(56).bytes()}, programPart(5)},
		"larger runtime info (64 bytes)": {{"PSV0", version4PSV(64).bytes()}, programPart(5)},
	}
	v0 := map[dxil.ShaderKind]rtInfo{
		1: newRT(24).u8(0, 1), 3: newRT(24).u32(0, 3).u32(4, 4).u32(8, 2).u32(12, 3), 4: newRT(24).u32(0, 16).u8(4, 1).u32(8, 3),
		2: newRT(24).u32(0, 7).u32(4, 5).u32(8, 9).u8(12, 1), 0: newRT(24).u8(0, 1).u8(1, 1),
		13: newRT(24).u32(0, 256).u32(4, 64).u32(8, 32).u16(12, 64).u16(14, 126), 14: newRT(24).u32(0, 48),
	}
	for k, info := range v0 {
		psv := testPSV{info: info.u32(16, 32).u32(20, 64), stride: 16, resources: [][]uint32{{2, 1, 3, 3}}}
		c["v0 "+k.String()] = []testPart{{"PSV0", psv.bytes()}, programPart(k)}
	}
	return c
}

// TestPSVBuiltContainersAgreeWithObj2yaml runs obj2yaml-19 on the hand-built
// containers too, as an independent reading of the bytes the tests wrote.
func TestPSVBuiltContainersAgreeWithObj2yaml(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	dir := t.TempDir()
	for name, parts := range builtPSVCases() {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		b := buildContainer(parts...)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := obj2yamlPSV(exec.Command(tool, path).Output())
		if err != nil {
			t.Errorf("%s: obj2yaml: %v", name, err)
			continue
		}
		f, _ := Parse(b)
		diffs, excs, n := diffObj2yaml(t, f.Part("PSV0").PSVInfo, m)
		for _, d := range diffs {
			t.Errorf("%s: %s", name, d)
		}
		if n < 6 {
			t.Errorf("%s: only %d fields compared", name, n)
		}
		for _, e := range excs {
			t.Logf("%s: not compared: %s", name, e)
		}
		// LLVM reads the primitive ViewID mask for hull shaders only (DXC: hull
		// and mesh), so obj2yaml never shows a mesh shader's; we do.
		if name == "mesh ViewID primitives" {
			if _, ok := m["PatchOrPrimMasks"]; ok {
				t.Errorf("obj2yaml-19 now prints a mesh shader's PatchOrPrimMasks: LLVM changed")
			}
			if w := f.Part("PSV0").PSVInfo.ViewIDPatchOrPrimMask; w == nil {
				t.Errorf("no primitive ViewID mask")
			}
		}
	}
}

func BenchmarkPSV0(b *testing.B) {
	parts := samplePSVParts(b)
	var files [][]byte
	n := 0
	for _, p := range parts {
		files = append(files, buildContainer(testPart{"PSV0", p}))
		n += len(p)
	}
	b.SetBytes(int64(n))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			if _, err := Parse(f); err != nil {
				b.Fatal(err)
			}
		}
	}
}

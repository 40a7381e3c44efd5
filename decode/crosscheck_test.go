package decode

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

func spanAt(t *testing.T, p *Part, path string) Span {
	t.Helper()
	for _, s := range p.Spans {
		if s.Path == path {
			return s
		}
	}
	t.Fatalf("no span %s", path)
	return Span{}
}

func crossWarnings(f *File) []string {
	var w []string
	for _, p := range f.Problems {
		if p.Structure == "cross-check" {
			w = append(w, p.Message)
		}
	}
	return w
}

// TestCrossCheckCatchesDisagreement changes PSV0 in real files, field by
// field, and expects the DXIL metadata to contradict it.
func TestCrossCheckCatchesDisagreement(t *testing.T) {
	var file corpus.Entry
	for _, e := range corpus.Entries(t) {
		if e.Stage == "cs" && e.PSVSize == "52" && e.Has("DXIL") && strings.HasPrefix(e.Rel, "real/") {
			if f := parseFile(t, e.Path); len(f.Part("PSV0").PSVInfo.Resources) > 0 {
				file = e
				break
			}
		}
	}
	if file.Path == "" {
		t.Skip("no compute shader with resources and PSV0 v3 in the corpus")
	}
	orig := file.Bytes(t)
	f, _ := Parse(orig)
	if w := crossWarnings(f); len(w) > 0 {
		t.Fatalf("%s: the unchanged file already disagrees: %v", file.Rel, w)
	}
	psv := f.Part("PSV0")
	info := psv.PSVInfo
	for _, tc := range []struct {
		name  string
		patch func(b []byte)
		want  string
	}{
		{"stage", func(b []byte) { b[spanAt(t, psv, "PSVInfo/ShaderStage").Off] = 0 },
			"PSV0 says the shader is a Pixel shader, the DXIL program header says Compute"},
		{"entry name", func(b []byte) {
			// Point EntryFunctionName at the table's first string, the empty one.
			binary.LittleEndian.PutUint32(b[spanAt(t, psv, "PSVInfo/EntryName").Off:], 0)
		}, `PSV0 names the entry function "", the DXIL metadata (dx.entryPoints) names it "` + info.EntryName + `"`},
		{"resource register", func(b []byte) {
			off := info.Resources[0].Offset + 8 // LowerBound
			binary.LittleEndian.PutUint32(b[off:], info.Resources[0].LowerBound+7)
		}, "which PSV0's resource table lacks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bytes.Clone(orig)
			tc.patch(b)
			g, err := Parse(b)
			if err != nil {
				t.Fatal(err)
			}
			w := crossWarnings(g)
			if len(w) == 0 || !strings.Contains(strings.Join(w, "\n"), tc.want) {
				t.Errorf("%s: cross-check warnings %q, want one containing %q", file.Rel, w, tc.want)
			}
		})
	}
}

// TestCrossCheckCoversTheCorpus counts the real files where PSV0 and the DXIL
// metadata were both there to compare, so a silent skip cannot pass.
func TestCrossCheckCoversTheCorpus(t *testing.T) {
	var compared, resources int
	es := corpus.Entries(t)
	for _, e := range es {
		if !e.Has("PSV0") || !e.Has("DXIL") {
			continue
		}
		f := parseFile(t, e.Path)
		m := f.Part("DXIL").Module
		info := f.Part("PSV0").PSVInfo
		if m == nil || info == nil || len(m.EntryPoints) == 0 {
			continue
		}
		compared++
		resources += len(info.Resources)
		if w := crossWarnings(f); len(w) > 0 && strings.HasPrefix(e.Rel, "real/") {
			t.Errorf("%s: %v", e.Rel, w)
		}
	}
	t.Logf("PSV0 cross-checked against the DXIL metadata in %d files (%d PSV0 resources matched)", compared, resources)
	if want := len(corpus.WithPart(corpus.WithPart(es, "DXIL"), "PSV0")); compared < want {
		t.Errorf("only %d of the manifest's %d files with DXIL and PSV0 were cross-checked", compared, want)
	}
}

package model

import (
	"os"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// A library's entry point count counts its shaders: its first entry holds
// the module-wide properties and is not one. Checked against the HLSL each
// library was compiled from ([shader("…")] attributes).
func TestLibraryEntryPointsCountShaders(t *testing.T) {
	checked := 0
	for _, e := range corpus.Entries(t) {
		if e.Stage != "lib" || !e.Has("DXIL") {
			continue
		}
		src, err := os.ReadFile(e.HLSL())
		if err != nil {
			continue
		}
		m := Build(e.Rel, e.Bytes(t), 0)
		for _, pv := range m.Parts {
			s := pv.DXILSummary()
			if pv.Name != "DXIL" || s == nil {
				continue
			}
			want := strings.Count(string(src), "[shader(")
			if got := s.Shaders(); got != want {
				t.Errorf("%s: %d entry points counted, the HLSL has %d shaders", e.Rel, got, want)
			}
			if len(s.EntryPoints) == 0 || !s.EntryPoints[0].ModuleWide || s.EntryPoints[0].Name != "(module-wide properties)" {
				t.Errorf("%s: the first entry %+v is not the module-wide one", e.Rel, s.EntryPoints)
			}
			checked++
		}
	}
	if checked == 0 {
		corpus.Skip(t, "corpus", "no library with its HLSL beside it")
	}
	t.Logf("%d libraries: entry points counted as their HLSL's shaders", checked)
}

// A shader with a level-9 version names its level-9 profile: every Aon9
// file of the corpus is DirectXTK's (compiled for ps_4_0_level_9_1 and
// vs_4_0_level_9_1 by its CompileShaders.cmd) or Wine's, all SM 2.0 code.
func TestLevel9Profile(t *testing.T) {
	n := 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("Aon9") {
			continue
		}
		m := Build(e.Rel, e.Bytes(t), 0)
		if !strings.HasSuffix(m.Profile, "_4_0_level_9_1") {
			t.Errorf("%s: profile %q, want its level-9 profile", e.Rel, m.Profile)
		}
		n++
	}
	if n == 0 {
		corpus.Skip(t, "corpus", "no Aon9 file")
	}
	t.Logf("%d level-9 shaders name their level-9 profile", n)
	// 2.x code (ps_2_x, 0xFFFF0201) is level 9_3's; a profile without an
	// Aon9 part stays as it is.
	f := &decode.File{Parts: []*decode.Part{{Level9: &decode.Aon9{ShaderVersion: 0xFFFF0201}}}}
	for in, want := range map[string]string{"ps_4_0": "ps_4_0_level_9_3", "cs_5_0": "cs_5_0", "vs_6_0": "vs_6_0"} {
		if got := Level9Profile(in, f); got != want {
			t.Errorf("Level9Profile(%s) = %s, want %s", in, got, want)
		}
	}
	if got := Level9Profile("ps_4_0", &decode.File{}); got != "ps_4_0" {
		t.Errorf("without Aon9: %s", got)
	}
}

package decode

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// Version words written by hand from the program-header and token layouts.
func TestStageFromVersionWords(t *testing.T) {
	for _, c := range []struct {
		ver            uint32
		dxil           bool
		stage, profile string
	}{
		{0x00010060, true, "Vertex", "vs_6_0"},
		{0x000d0065, true, "Mesh", "ms_6_5"},
		{0x00060063, true, "Library", "lib_6_3"},
		{0x00000050, false, "Pixel", "ps_5_0"},
		{0x00050051, false, "Compute", "cs_5_1"},
		{0xfff00050, false, "Library", "lib_5_0"},
		{0x00090040, false, "program type 9", "??_4_0"},
	} {
		var s, p string
		if c.dxil {
			s, p = ProgramStage(c.ver)
		} else {
			s, p = BytecodeStage(c.ver)
		}
		if s != c.stage || p != c.profile {
			t.Errorf("%#x: %s %s, want %s %s", c.ver, s, p, c.stage, c.profile)
		}
	}
}

// The manifest records each corpus file's stage and shader model from the
// compiler's own metadata: Identity must agree on every file.
func TestIdentityMatchesManifest(t *testing.T) {
	agree, n := 0, 0
	for _, e := range corpus.Entries(t) {
		if e.Stage == "none" || e.Stage == "" {
			continue
		}
		n++
		id := parseFile(t, e.Path).Identity()
		want := e.Stage + "_" + strings.ReplaceAll(e.ShaderModel, ".", "_")
		if id.Profile == want {
			agree++
		} else if n-agree <= 10 {
			t.Errorf("%s: profile %q, manifest %q", e.Rel, id.Profile, want)
		}
	}
	t.Logf("%d/%d corpus files: profile agrees with the manifest", agree, n)
}

func TestUnmangled(t *testing.T) {
	for in, want := range map[string]string{
		"\x01?Entry1@@YAXXZ":               "Entry1",
		"\x01?MyClosestHit@@YAXUPayload@@": "MyClosestHit",
		"main":                             "main",
		"?@@":                              "?@@",
	} {
		if got := Unmangled(in); got != want {
			t.Errorf("Unmangled(%q) = %q, want %q", in, got, want)
		}
	}
}

// A library names its entry points, not one mangled function: the HLSL
// source of the corpus library declares four raygeneration shaders.
func TestLibraryEntryNames(t *testing.T) {
	_, b := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_raytracing.c__rt_lib_dxil__v2.dxil")
	f, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Identity().Entry; got != "Entry1 and 3 more" {
		t.Errorf("library entry %q, want Entry1 and 3 more", got)
	}
}

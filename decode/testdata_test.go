package decode

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

var update = flag.Bool("update", false, "rewrite the generated files under testdata/ (DXSCOPE_UPDATE=1 does too)")

// containersDir holds containers the project made for cases the corpus lacks.
const containersDir = "../testdata/containers"

func fileName(name string) string {
	return regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(name), "-") + ".dxbc"
}

// TestTestdataContainers checks that each committed damaged container is
// exactly what its builder makes, and that it still reports its problems.
func TestTestdataContainers(t *testing.T) {
	for _, tc := range problemCases {
		path := filepath.Join(containersDir, fileName(tc.name))
		golden(t, path, tc.build())
	}
}

// golden keeps the committed file at path equal to what its builder makes,
// want: with -update or DXSCOPE_UPDATE=1 it writes want there first. It
// returns the file's bytes.
func golden(t *testing.T, path string, want []byte) []byte {
	t.Helper()
	const hint = "run go test ./decode -update to write it again"
	if *update || os.Getenv("DXSCOPE_UPDATE") == "1" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s)", err, hint)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what its builder makes (%s)", path, hint)
	}
	return got
}

// TestYAMLContainers builds containers from YAML we wrote with LLVM's yaml2obj
// (an independent encoder) and checks that we decode what the YAML says.
func TestYAMLContainers(t *testing.T) {
	for _, tc := range []struct {
		yaml  string
		check func(t *testing.T, f *File)
	}{
		{"unaligned.yaml", func(t *testing.T, f *File) {
			if len(f.Parts) != 3 || f.Parts[1].Offset != 0x39 || f.Parts[2].Offset != 0x55 {
				t.Fatalf("parts = %+v", f.Parts)
			}
			notes := 0
			for _, p := range f.Problems {
				if p.Severity == Note && strings.Contains(p.Message, "not a multiple of 4") {
					notes++
				} else if p.Severity != Note && !standInBitcode(p) {
					t.Errorf("unexpected %s", p)
				}
			}
			if notes != 2 {
				t.Errorf("%d unaligned notes, want 2", notes)
			}
			h := f.Part("HASH").Hash
			if h == nil || h.Digest.String() != "00010203040506071020304050607080" || h.IncludesSource {
				t.Errorf("HASH = %+v", h)
			}
			g := f.Part("DXIL").Program
			if g == nil || g.ShaderKind != 5 || g.MajorVersion != 6 || g.MinorVersion != 5 || g.DXILMajorVersion != 1 || g.DXILMinorVersion != 5 || g.DXILSize != 4 || g.Size != 7 || !g.BitcodeValid {
				t.Errorf("Program = %+v", g)
			}
			if f.Digest.Status != DigestUnsigned {
				t.Errorf("digest %s", f.Digest.Status)
			}
		}},
		{"no-psv.yaml", func(t *testing.T, f *File) {
			var names []string
			for _, p := range f.Parts {
				names = append(names, p.Name)
			}
			if strings.Join(names, " ") != "SFI0 ISG1 OSG1 HASH DXIL" || f.Part("PSV0") != nil {
				t.Fatalf("parts %v", names)
			}
			if fl := f.Part("SFI0").Flags; fl == nil || strings.Join(fl.Names(), ",") != "Doubles,WaveOps,Int64Ops" {
				t.Errorf("SFI0 = %v", fl)
			}
			if h := f.Part("HASH").Hash; h == nil || !h.IncludesSource || h.Digest.String() != "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf" {
				t.Errorf("HASH = %+v", h)
			}
			if g := f.Part("DXIL").Program; g == nil || g.ShaderKind != 1 || g.ShaderKindName != "Vertex" || g.MajorVersion != 6 || g.MinorVersion != 0 {
				t.Errorf("Program = %+v", g)
			}
			for _, p := range f.Problems {
				if p.Severity == Error && !standInBitcode(p) {
					t.Errorf("unexpected %s", p)
				}
			}
		}},
	} {
		t.Run(tc.yaml, func(t *testing.T) {
			f, err := Parse(corpus.YAMLContainer(t, tc.yaml))
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, f)
		})
	}
}

// standInBitcode is the one problem the YAML containers must have: their
// DXIL parts hold only the 4-byte bitcode magic, which is no LLVM module.
func standInBitcode(p Problem) bool {
	return p.Part == "DXIL" && strings.Contains(p.Message, "no MODULE_BLOCK")
}

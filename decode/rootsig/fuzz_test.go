package rootsig

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/corpus"
)

// fuzzSeeds are texts of every shape the compiler takes, and the sources
// kept beside corpus root signatures.
func fuzzSeeds() []string {
	seeds := []string{
		"", "RootFlags(0)", "CBV(b0, space = 1, visibility = SHADER_VISIBILITY_PIXEL, flags = DATA_STATIC)",
		"RootConstants(num32BitConstants = 4, b0), DescriptorTable(SRV(t0, numDescriptors = unbounded, offset = DESCRIPTOR_RANGE_OFFSET_APPEND), Sampler(s0))",
		"StaticSampler(s0, filter = FILTER_ANISOTROPIC, mipLODBias = -1.5f, maxLOD = 3.4028235e+38, flags = UINT_BORDER_COLOR)",
		"#define RS \"CBV(b0), \" \\\n \"SRV(t0)\"\n", "[RootSignature(\"UAV(u0)\")] void main() {}", "\"CBV(b0)\" \"\"",
		"/* x */ CBV(b0) // y", "#define RS \"a\\\"b\\\\c\\nd\"", "[RootSignature(RS)]\n#define RS \"CBV(b0)\"",
	}
	if dir, ok := corpus.Dir(); ok {
		paths, _ := filepath.Glob(filepath.Join(dir, "real", "*", "*rootsig*.hlsl.txt"))
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil {
				seeds = append(seeds, string(b))
			}
		}
	}
	return seeds
}

// FuzzParse: any text compiles to a value or gives an *Error at a place in
// the text, never a panic; a value encodes to the size its layout says, and
// prints as text that compiles back to the same value.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, text string, version uint8) {
		defer corpus.Watchdog(10*time.Second, "FuzzParse")()
		v := uint32(version%3) + 1
		rs, err := Parse(text, v)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: not an *Error: %v", text, err)
			}
			if e.Offset < 0 || e.Offset > len(text) || e.Msg == "" {
				t.Fatalf("%q: error out of the text: %+v", text, e)
			}
			if line, col := lineCol(text, e.Offset); line != e.Line || col != e.Col {
				t.Fatalf("%q: offset %d is %d:%d, the error says %d:%d", text, e.Offset, line, col, e.Line, e.Col)
			}
			return
		}
		b := Encode(rs, v)
		if want := rs.StaticSamplersOffset + rs.NumStaticSamplers*samplerSize(v); uint32(len(b)) != want {
			t.Fatalf("%q: %d bytes, layout says %d", text, len(b), want)
		}
		back, err := Parse(rs.HLSL(), v)
		if err != nil {
			t.Fatalf("%q printed as %q: %v", text, rs.HLSL(), err)
		}
		if !reflect.DeepEqual(back, rs) {
			t.Fatalf("%q printed as %q reads back differently", text, rs.HLSL())
		}
	})
}

// BenchmarkParse compiles long texts of each kind, including the shapes
// that make a careless scanner quadratic (runs of '[', '#', '"', '/*');
// MB/s that stays level across sizes is the linear time the fuzz target
// needs.
func BenchmarkParse(b *testing.B) {
	clause := "DescriptorTable(CBV(b1, space = 7, flags = DESCRIPTORS_VOLATILE), SRV(t16, numDescriptors = 8), visibility = SHADER_VISIBILITY_PIXEL), " +
		"StaticSampler(s0, filter = FILTER_MIN_MAG_MIP_POINT, maxLOD = 1000.0), CBV(b0, space = 3), "
	for _, c := range []struct {
		name string
		unit string
	}{
		{"clauses", clause}, {"define", "\"" + clause + "\" \\\n"}, {"brackets", "[ ["}, {"hashes", "#\n"},
		{"quotes", "\"\n"}, {"comments", "/* */"}, {"open-parens", "DescriptorTable("},
	} {
		for _, n := range []int{1 << 10, 1 << 14} {
			text := strings.Repeat(c.unit, n)
			if c.name == "define" {
				text = "#define RS " + text
			}
			b.Run(c.name+"/"+itoa(len(text)), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					Parse(text, 2)
				}
			})
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

package rootsig_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestMain ends the run with one line naming what was missing.
func TestMain(m *testing.M) { corpus.Main(m) }

// rts0 is one corpus RTS0 part: its bytes and what decode made of them.
type rts0 struct {
	rel  string
	raw  []byte
	part *decode.Part
}

// corpusParts returns every RTS0 part of the corpus (the test skips without it).
func corpusParts(t *testing.T) []rts0 {
	t.Helper()
	var out []rts0
	for _, e := range corpus.Entries(t) {
		if !e.Has("RTS0") {
			continue
		}
		data := e.Bytes(t)
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", e.Rel, err)
		}
		p := f.Part("RTS0")
		out = append(out, rts0{e.Rel, data[p.DataOffset : p.DataOffset+int64(p.Size)], p})
	}
	return out
}

// firstDiff describes where two byte strings first differ.
func firstDiff(got, want []byte) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("first difference at byte 0x%x: got 0x%02x, want 0x%02x", i, got[i], want[i])
		}
	}
	return fmt.Sprintf("got %d bytes, want %d", len(got), len(want))
}

// TestCorpusRoundTrip prints every RTS0 part of the corpus as HLSL, compiles
// the text back with the part's version and checks the bytes are the
// part's bytes and the value the decoded value, both from the bare clauses
// (HLSL) and from the #define form `dxscope rootsig` prints.
func TestCorpusRoundTrip(t *testing.T) {
	parts := corpusParts(t)
	same, sameDefine := 0, 0
	for _, c := range parts {
		rs := c.part.RootSignature
		if rs == nil {
			t.Errorf("%s: RTS0 did not decode", c.rel)
			continue
		}
		back, err := rootsig.Parse(rs.HLSL(), rs.Version)
		if err != nil {
			t.Errorf("%s: compiling its HLSL: %v\n%s", c.rel, err, rs.HLSL())
			continue
		}
		if got := rootsig.Encode(back, rs.Version); !bytes.Equal(got, c.raw) {
			t.Errorf("%s: %s\n%s", c.rel, firstDiff(got, c.raw), rs.HLSL())
			continue
		}
		if !reflect.DeepEqual(back, rs) {
			a, _ := json.Marshal(back)
			b, _ := json.Marshal(rs)
			t.Errorf("%s: same bytes, but the compiled value differs from the decoded one:\n%s\n%s", c.rel, a, b)
			continue
		}
		same++
		var listing bytes.Buffer
		text.WriteRootSignature(&listing, c.part)
		// The cost line, counted here from the parameter types as D3D12
		// documents them: a table 1 DWORD, a root descriptor 2, a root
		// constant 1 each.
		var cost uint32
		for _, p := range back.Parameters {
			switch p.ParameterType {
			case rootsig.RootParamDescriptorTable:
				cost++
			case rootsig.RootParamConstants32Bit:
				cost += p.Constants.Num32BitValues
			default:
				cost += 2
			}
		}
		if line := fmt.Sprintf("\n// cost: %d of 64 DWORDs\n", cost); !strings.Contains(listing.String(), line) {
			t.Errorf("%s: `dxscope rootsig` output has no %q:\n%s", c.rel, line, listing.String())
		}
		if back, err := rootsig.Parse(listing.String(), rs.Version); err != nil {
			t.Errorf("%s: compiling `dxscope rootsig` output: %v\n%s", c.rel, err, listing.String())
		} else if got := rootsig.Encode(back, rs.Version); !bytes.Equal(got, c.raw) {
			t.Errorf("%s: `dxscope rootsig` output: %s", c.rel, firstDiff(got, c.raw))
		} else {
			sameDefine++
		}
	}
	t.Logf("%d/%d RTS0 parts printed as HLSL and compiled back with their version give the same bytes and value (%d/%d from the #define form)",
		same, len(parts), sameDefine, len(parts))
	if len(parts) > 0 && same == 0 {
		t.Error("no part round-tripped")
	}
}

// TestBuiltRoundTrip does for decode's built containers (every parameter
// kind in 1.0, 1.1 and 1.2, laid out by decode's own test builder) what
// TestCorpusRoundTrip does for the corpus, which has no 1.2 signature.
func TestBuiltRoundTrip(t *testing.T) {
	for _, v := range []string{"1_0", "1_1", "1_2"} {
		rel := "decode/testdata/rts/every_kind_v" + v + ".dxbc"
		data := corpus.RepoFile(t, rel)
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		p := f.Part("RTS0")
		rs, raw := p.RootSignature, data[p.DataOffset:p.DataOffset+int64(p.Size)]
		back, err := rootsig.Parse(rs.HLSL(), rs.Version)
		if err != nil {
			t.Fatalf("%s: %v\n%s", rel, err, rs.HLSL())
		}
		if got := rootsig.Encode(back, rs.Version); !bytes.Equal(got, raw) {
			t.Errorf("%s: %s", rel, firstDiff(got, raw))
		}
		if !reflect.DeepEqual(back, rs) {
			t.Errorf("%s: the compiled value differs from the decoded one", rel)
		}
	}
}

// TestCorpusSources compiles the root signature sources kept beside corpus
// containers (what their test suites gave DXC: a #define, an attribute in a
// shader) with the version DXC wrote and compares with DXC's bytes.
func TestCorpusSources(t *testing.T) {
	n, same := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("RTS0") || e.HLSL() == "" {
			continue
		}
		n++
		src, err := os.ReadFile(e.HLSL())
		if err != nil {
			t.Fatal(err)
		}
		data := e.Bytes(t)
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", e.Rel, err)
		}
		p := f.Part("RTS0")
		raw := data[p.DataOffset : p.DataOffset+int64(p.Size)]
		rs, err := rootsig.Parse(string(src), p.RootSignature.Version)
		if err != nil {
			t.Errorf("%s: %v\n%s", e.Rel, err, src)
			continue
		}
		if got := rootsig.Encode(rs, p.RootSignature.Version); !bytes.Equal(got, raw) {
			t.Errorf("%s: %s\n%s", e.Rel, firstDiff(got, raw), src)
			continue
		}
		same++
	}
	t.Logf("%d/%d root signature sources beside corpus containers compile to DXC's bytes", same, n)
}

package d3d9

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestMain ends the run with one line naming what was missing (the corpus)
// and how many tests skipped for it.
func TestMain(m *testing.M) { corpus.Main(m) }

// level9Shaders returns the D3D9 shaders inside a container's Aon9 parts,
// found by the Aon9 header's ShaderSize and ShaderOffset at 8 and 12
// (package decode reads both properly; this is just enough for tests of the
// token stream alone).
func level9Shaders(b []byte) [][]byte {
	var out [][]byte
	for _, part := range corpus.Parts(b, "Aon9") {
		if len(part) < 16 {
			continue
		}
		ss, so := int(binary.LittleEndian.Uint32(part[8:])), int(binary.LittleEndian.Uint32(part[12:]))
		if so >= 0 && ss >= 0 && so+ss <= len(part) {
			out = append(out, part[so:so+ss])
		}
	}
	return out
}

// TestEveryCorpusLevel9ShaderDecodes decodes the D3D9 shader of every
// corpus Aon9 part: no Error, every opcode known, and an end token. (How
// the text compares with FXC's listings is decode/text's test.)
func TestEveryCorpusLevel9ShaderDecodes(t *testing.T) {
	n, clean, instructions := 0, 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("Aon9") {
			continue
		}
		for _, b := range level9Shaders(e.Bytes(t)) {
			n++
			s, problems, _ := decodeBytes(b)
			bad := s.End != 0xFFFF
			for _, p := range problems {
				if p.Severity == report.Error {
					t.Errorf("%s: %s", e.Rel, p)
					bad = true
				}
			}
			for i := range s.Instructions {
				if text := Format(&s.Instructions[i]); strings.HasPrefix(text, "D3D9Opcode(") {
					t.Errorf("%s: instruction %d: %s", e.Rel, i, text)
					bad = true
				}
			}
			instructions += len(s.Instructions)
			if !bad {
				clean++
			}
		}
	}
	t.Logf("%d/%d level-9 shaders decode without an Error (%d instructions)", clean, n, instructions)
}

package sm4

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestMain ends the run with one line naming what was missing (the corpus)
// and how many tests skipped for it.
func TestMain(m *testing.M) { corpus.Main(m) }

// TestEveryCorpusTokenStreamDecodes decodes every SHDR/SHEX part of the
// corpus and requires that none reports an Error and that every
// instruction's opcode is one the format defines. (How the text compares
// with FXC's own listings is decode/text's test: the spelling depends on
// the compiler version the container records.)
func TestEveryCorpusTokenStreamDecodes(t *testing.T) {
	n, clean, instructions := 0, 0, 0
	for _, e := range corpus.Entries(t) {
		if !(e.Has("SHDR") || e.Has("SHEX")) {
			continue
		}
		n++
		bad := false
		for _, b := range corpus.Parts(e.Bytes(t), "SHDR", "SHEX") {
			s, out := decodeStream(b)
			for _, p := range out.Problems {
				if p.Severity == report.Error {
					t.Errorf("%s: %s", e.Rel, p)
					bad = true
				}
			}
			if s == nil {
				continue
			}
			instructions += len(s.Instructions)
			for i, text := range texts(s) {
				if strings.HasPrefix(text, "unknown_opcode") || strings.HasSuffix(text, "<truncated>") {
					t.Errorf("%s: instruction %d: %s", e.Rel, i, text)
					bad = true
				}
			}
		}
		if !bad {
			clean++
		}
	}
	t.Logf("%d/%d SHDR/SHEX parts decode without an Error (%d instructions)", clean, n, instructions)
}

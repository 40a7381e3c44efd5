package dxil

import (
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestMain ends the run with one line naming what was missing (the corpus, LLVM 19).
func TestMain(m *testing.M) { corpus.Main(m) }

// programPart is one program part's bitcode in a corpus file, decoded as
// Parse decodes it (at its offset in the file, spans under "Module/Bitcode" as the part's value key names them).
type programPart struct {
	rel, name string
	bc        []byte
	m         *Module
	sink      *report.Sink
}

// decodePart decodes part's bitcode in file e, or returns false when it has none.
func decodePart(t testing.TB, e corpus.Entry, part string) (programPart, bool) {
	bc, off, ok := corpus.ProgramBitcode(e.Bytes(t), part)
	if !ok {
		return programPart{}, false
	}
	s := &report.Sink{}
	return programPart{e.Rel, part, bc, Decode(bc, off, "Module/Bitcode", part, s), s}, true
}

// TestBitcodeCorpusDecodesWithoutErrors decodes every DXIL and ILDB part of
// the corpus and requires no Error problem from the bitcode reader.
func TestBitcodeCorpusDecodesWithoutErrors(t *testing.T) {
	es := corpus.Entries(t)
	files, parts, libs, bad, records, spans := 0, 0, 0, 0, 0, 0
	var bytes int64
	start := time.Now()
	for _, e := range es {
		if !e.Has("DXIL") && !e.Has("ILDB") {
			continue
		}
		files++
		if e.Stage == "lib" {
			libs++
		}
		for _, name := range []string{"DXIL", "ILDB"} {
			p, ok := decodePart(t, e, name)
			if !ok {
				continue
			}
			parts++
			bytes += int64(len(p.bc))
			for _, sp := range p.sink.Spans {
				if strings.HasPrefix(sp.Path, "Module/Bitcode") {
					spans++
				}
			}
			records += p.m.Records
			for _, pr := range p.sink.Problems {
				if pr.Severity == report.Error {
					t.Errorf("%s: %s", e.Rel, pr)
					bad++
				}
			}
		}
	}
	t.Logf("%d files (%d libraries), %d DXIL/ILDB parts, %d bytes of bitcode, %d error problems, in %v", files, libs, parts, bytes, bad, time.Since(start))
	t.Logf("%d records, %d bitcode spans (blocks and records of 32 bytes or more)", records, spans)
}

package decode

import (
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/corpus"
)

// programParts returns the parts of f that carry bitcode (DXIL, ILDB, DXIL-style STAT).
func bitcodeParts(f *File) []*Part {
	var ps []*Part
	for _, p := range f.Parts {
		if p.Program != nil && p.Program.BitcodeValid {
			ps = append(ps, p)
		}
	}
	return ps
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
		f := parseFile(t, e.Path)
		files++
		if e.Stage == "lib" {
			libs++
		}
		for _, p := range bitcodeParts(f) {
			if p.Name != "DXIL" && p.Name != "ILDB" {
				continue
			}
			parts++
			bytes += int64(len(p.Program.DXIL))
			for _, sp := range p.Spans {
				if strings.HasPrefix(sp.Path, p.Name+"/Bitcode") {
					spans++
				}
			}
			if p.Module == nil {
				t.Errorf("%s %s: no module", e.Rel, p.Name)
				bad++
				continue
			}
			records += p.Module.Records
			for _, pr := range f.Problems {
				if pr.Part == p.Name && pr.Severity == Error {
					t.Errorf("%s: %s", e.Rel, pr)
					bad++
				}
			}
		}
	}
	t.Logf("%d files (%d libraries), %d DXIL/ILDB parts, %d bytes of bitcode, %d error problems, in %v", files, libs, parts, bytes, bad, time.Since(start))
	t.Logf("%d records, %d bitcode spans (blocks and records of 32 bytes or more)", records, spans)
}

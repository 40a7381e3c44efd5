package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
)

// The page's Text tab shows decode/text's dumps; each dump command of the
// CLI prints exactly those texts for the parts it covers on standard output,
// and nothing else (the parts' problems go to standard error). Checked over
// the whole corpus, so a dump changed for one side only fails here.
func TestCommandsPrintThePagesTexts(t *testing.T) {
	for _, c := range []string{"parts", "reflect", "psv", "rootsig", "dxil", "dis", "rdat", "rdef", "asm"} {
		if _, ok := text.DumpNamed(c); !ok {
			t.Errorf("dxscope %s prints a text the page cannot show: no decode/text dump of that name", c)
		}
	}
	checked := map[string]int{}
	for _, e := range corpus.Entries(t) {
		b, err := os.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := decode.Parse(b)
		if err != nil {
			continue
		}
		for _, c := range []string{"parts", "reflect", "psv", "rootsig", "dxil", "dis", "rdat", "rdef", "asm"} {
			d, _ := text.DumpNamed(c)
			var want strings.Builder
			for _, p := range coveredParts(c, f) {
				if d.Whole || p != nil && d.Has(f, p) {
					want.WriteString(d.Text(f, p))
				}
			}
			if want.Len() == 0 {
				continue
			}
			var out, errb bytes.Buffer
			run([]string{c, e.Path}, &out, &errb)
			if out.String() != want.String() {
				t.Errorf("%s: dxscope %s prints what the page does not show (%d bytes vs the page's %d)", e.Rel, c, out.Len(), want.Len())
				continue
			}
			checked[c]++
		}
	}
	t.Logf("files checked per command: %v", checked)
	if len(checked) > 0 && (checked["dis"] == 0 || checked["asm"] == 0 || checked["psv"] == 0) {
		t.Errorf("the corpus should have exercised dis, asm and psv: %v", checked)
	}
}

// coveredParts are the parts a command prints, in its order: the whole
// container (nil) for parts, the first part for the one-part commands, the
// debug module first for dis (as dxc -dumpbin), every part for the others.
func coveredParts(command string, f *decode.File) []*decode.Part {
	d, _ := text.DumpNamed(command)
	switch command {
	case "parts", "reflect":
		return []*decode.Part{nil}
	case "dis":
		if p := f.Part("ILDB"); p != nil && d.Has(f, p) {
			return []*decode.Part{p}
		}
		if p := f.Part("DXIL"); p != nil {
			return []*decode.Part{p}
		}
		return nil
	case "psv", "rootsig", "rdef", "asm":
		for _, p := range f.Parts {
			if d.Has(f, p) {
				return []*decode.Part{p}
			}
		}
		return nil
	}
	return f.Parts
}

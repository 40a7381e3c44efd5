package model

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// The HASH view's digest is the one LLVM's obj2yaml reads from the same
// bytes, on the first 40 corpus files that have a HASH part.
func TestHashFactsAgreeWithObj2yaml(t *testing.T) {
	if _, ok := corpus.Dir(); !ok {
		corpus.Skip(t, "corpus", "corpus not found")
	}
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	digest := regexp.MustCompile(`(?s)- Name:\s+HASH\n.*?Digest:\s+\[([^\]]*)\]`)
	checked := 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("HASH") || checked == 40 {
			continue
		}
		m := corpus.OutputMatch(digest, tool, e.Path)
		if m == nil {
			continue
		}
		var want strings.Builder
		for _, f := range strings.FieldsFunc(string(m), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
			var v int
			fmt.Sscanf(f, "0x%x", &v)
			fmt.Fprintf(&want, "%02x", v)
		}
		mod := Build("x", e.Bytes(t), 0)
		for _, pv := range mod.Parts {
			if pv.Name != "HASH" {
				continue
			}
			f := pv.Facts()
			if f == nil || len(f.Facts) == 0 || f.Facts[0].Value != want.String() {
				t.Errorf("%s: HASH view %+v, obj2yaml's digest %s", e.Path, f, want.String())
			}
			checked++
		}
	}
	if checked == 0 && len(corpus.WithPart(corpus.Entries(t), "HASH")) > 0 {
		t.Fatal("no HASH part compared")
	}
	if checked == 0 {
		corpus.Skip(t, "HASH part", "no file of this corpus has a HASH part")
	}
	t.Logf("%d HASH digests agree with obj2yaml", checked)
}

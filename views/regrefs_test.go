package views

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/views/model"
)

var regSpan = regexp.MustCompile(`<span class="tok-reg">([^<]*)</span>`)

// A click on a register finds it by counting the r#/x# tokens the listing
// coloured before it: on every SHDR/SHEX line of the corpus those tokens are
// the typed operands' temporaries, in order.
func TestRegisterTokensMatchOperands(t *testing.T) {
	files, lines := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("SHEX") && !e.Has("SHDR") {
			continue
		}
		m := model.Build(e.Rel, e.Bytes(t), 0)
		for _, pv := range m.Parts {
			c := pv.CodeListing()
			r := c.RegisterRefs()
			if r == nil {
				continue
			}
			files++
			for i, l := range c.Lines {
				if strings.HasPrefix(l.Text, "dcl_") {
					continue // x# declared: not an access
				}
				var b strings.Builder
				colorLine(&b, l.Text, FXCSyntax)
				var toks []string
				for _, sm := range regSpan.FindAllStringSubmatch(b.String(), -1) {
					if name, _, ok := model.TempName(sm[1]); ok {
						toks = append(toks, name)
					}
				}
				if want := r.Temps(i); !slices.Equal(toks, want) {
					t.Errorf("%s line %d %q: tokens %v, operands' temporaries %v", e.Rel, i, l.Text, toks, want)
				}
				lines++
			}
		}
	}
	if files == 0 {
		t.Skip("no SHDR/SHEX file in the corpus")
	}
	t.Logf("%d listings, %d lines", files, lines)
}

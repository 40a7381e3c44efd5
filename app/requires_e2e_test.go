//go:build !wasm

package app_test

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/decode/text"
)

// The summary bar names what the shader requires, as `dxscope parts` does
// (issue 28: the requirements first in the summary of every shader).
func TestSummaryShowsRequirements(t *testing.T) {
	for _, ex := range []string{"vertex.dxbc", "compute.dxbc"} {
		_, f := example(t, ex)
		want := strings.TrimPrefix(text.RequirementsLine(reflect.RequirementsOf(f)), "Requirements: ")
		p := openExample(t, ex)
		p.WaitFor("the requirements", `!!document.querySelector('#requires')`)
		got := browsertest.Eval[string](p, `document.querySelector('#requires').closest('.sum-item').title`)
		p.Shoot("requires-" + ex)
		if got != "Requirements: "+want || !strings.HasPrefix(want, "shader model 6.") {
			t.Errorf("%s: the summary says %q, dxscope parts says %q", ex, got, want)
		}
	}
}

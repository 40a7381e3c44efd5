//go:build !wasm

package app

import (
	"testing"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/internal/pageops"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FuzzPageDraws runs the page's operations as FuzzPageOps does and draws
// the whole page (the inspector and every view under it, as HTML) after
// each: a panic in a view ends the page's Go program as surely as one in
// the decoder, and the page must survive any file and any link.
func FuzzPageDraws(f *testing.F) {
	pageops.Fuzz(f, "..", func() (*page.State, func()) {
		in := &Inspector{}
		return in.state(), func() { app.HTMLString(in) }
	})
}

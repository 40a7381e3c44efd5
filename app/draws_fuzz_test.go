//go:build !wasm

package app

import (
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/internal/pageops"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FuzzPageDraws runs the page's operations as FuzzPageOps does and draws
// the whole page (the inspector and every view under it, as HTML) after
// each: a panic in a view ends the page's Go program as surely as one in
// the decoder, and the page must survive any file and any link.
func FuzzPageDraws(f *testing.F) {
	for _, s := range pageops.Seeds {
		f.Add(s)
	}
	files := pageops.Files(filepath.Join(".."))
	f.Fuzz(func(t *testing.T, input []byte) {
		in := &Inspector{}
		pageops.Run(t, in.state(), files, input, func() { app.HTMLString(in) })
	})
}

// Package app is the dxscope inspector page: the Inspector component that
// owns the page state, the go-app handler that describes the bundle, and the
// examples. Files are decoded in the browser (WebAssembly); nothing is uploaded.
package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Example is a small container shipped in web/examples/ for one-click opening.
type Example struct {
	File  string // file name under web/examples/
	Label string
	About string
}

// Examples are built from testdata/examples (see build.sh there).
var Examples = []Example{
	{"vertex.dxbc", "vertex shader", "signatures, PSV0 with an entry name and an input→output map"},
	{"compute.dxbc", "compute shader", "8×8×1 threads, one UAV"},
	{"pixel.dxbc", "pixel shader (DXIL)", "hand-assembled code: the disassembly, dx.op calls, an input→output map"},
	{"pixel-sm5.dxbc", "pixel shader (SM5)", "the same shader hand-assembled as FXC's tokens: the listing"},
	{"damaged.dxbc", "damaged file", "cut off inside PSV0: shows problems"},
	{"bundle.bin", "package file", "not a container, two containers inside"},
}

// Register routes the page; both the native binary (to pre-render and
// generate the static files) and the wasm binary must call it.
func Register() {
	app.Route("/", func() app.Composer { return &Inspector{} })
}

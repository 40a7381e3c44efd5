package page_test

import (
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/internal/pageops"
)

// FuzzPageOps runs the page's operations in the order and with the
// arguments the input gives (internal/pageops): the page must survive any
// sequence (no panic), and a link it writes must show what it showed.
func FuzzPageOps(f *testing.F) {
	for _, s := range pageops.Seeds {
		f.Add(s)
	}
	files := pageops.Files(filepath.Join("..", ".."))
	f.Fuzz(func(t *testing.T, in []byte) {
		pageops.Run(t, page.New(), files, in, nil)
	})
}

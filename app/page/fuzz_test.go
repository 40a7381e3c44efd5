package page_test

import (
	"testing"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/internal/pageops"
)

// FuzzPageOps runs the page's operations in the order and with the
// arguments the input gives (internal/pageops): the page must survive any
// sequence (no panic), and a link it writes must show what it showed.
func FuzzPageOps(f *testing.F) {
	pageops.Fuzz(f, "../..", func() (*page.State, func()) { return page.New(), nil })
}

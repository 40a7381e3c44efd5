package text

import (
	"fmt"
	"io"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/decode"
)

// WriteParts prints the part list and the problems of f as text: the
// report of `dxscope parts` and of the page's "part list" download.
func WriteParts(w io.Writer, f *decode.File) {
	fmt.Fprintf(w, "Part count: %d\n", len(f.Parts))
	for _, p := range f.Parts {
		fmt.Fprintf(w, "#%d - %s  offset 0x%x  size %d (%s)  %s\n", p.Index, Safe(p.Name), p.Offset, p.Size, humanize.IBytes(uint64(p.Size)), SafeCap(p.Summary, 200))
	}
	fmt.Fprintf(w, "Digest: %s\n", f.Digest.Status)
	WriteProblems(w, f.Problems)
}

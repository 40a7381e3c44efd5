package text

import (
	"fmt"
	"io"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/decode"
)

// WriteParts prints the part list of f and its digest status as text: what
// `dxscope parts` writes on standard output (the problems, WriteProblems,
// go to standard error) and the page's text of the container.
func WriteParts(w io.Writer, f *decode.File) {
	fmt.Fprintf(w, "Part count: %d\n", len(f.Parts))
	for _, p := range f.Parts {
		fmt.Fprintf(w, "#%d - %s  offset 0x%x  size %d (%s)  %s\n", p.Index, Safe(p.Name), p.Offset, p.Size, humanize.IBytes(uint64(p.Size)), SafeCap(p.Summary, 200))
	}
	fmt.Fprintf(w, "Digest: %s\n", f.Digest.Status)
}

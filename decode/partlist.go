package decode

import (
	"fmt"
	"io"

	"github.com/dustin/go-humanize"
)

// WriteParts prints the part list and the problems of f as text: the
// report of `dxscope parts` and of the page's "part list" download.
func WriteParts(w io.Writer, f *File) {
	fmt.Fprintf(w, "Part count: %d\n", len(f.Parts))
	for _, p := range f.Parts {
		fmt.Fprintf(w, "#%d - %s  offset 0x%x  size %d (%s)  %s\n", p.Index, p.Name, p.Offset, p.Size, humanize.IBytes(uint64(p.Size)), p.Summary)
	}
	fmt.Fprintf(w, "Digest: %s\n", f.Digest.Status)
	e, wn, n := CountProblems(f.Problems)
	fmt.Fprintf(w, "Problems: %d errors, %d warnings, %d notes\n", e, wn, n)
	for _, p := range f.Problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
}

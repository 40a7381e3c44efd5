package text

import (
	"fmt"
	"io"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/reflect"
)

// WriteParts prints the part list of f, its digest status and what its
// shader requires (RequirementsLine) as text: what
// `dxscope parts` writes on standard output (the problems, WriteProblems,
// go to standard error) and the page's text of the container.
func WriteParts(w io.Writer, f *decode.File) {
	if p := f.PDBFile; p != nil {
		at := "scattered over its blocks"
		if p.ContainerOffset >= 0 {
			at = fmt.Sprintf("at 0x%x", p.ContainerOffset)
		}
		fmt.Fprintf(w, "PDB file (MSF 7.00, %d bytes): the container of stream 5, %d bytes %s; offsets below are the container's\n", p.Length, p.ContainerSize, at)
		if len(p.ShaderHash) > 0 {
			fmt.Fprintf(w, "Shader hash: %s\n", p.ShaderHash)
		}
		if len(p.Problems) > 0 {
			fmt.Fprintf(w, "PDB problems: %d\n", len(p.Problems))
			for _, pr := range p.Problems {
				fmt.Fprintf(w, "  %s\n", Safe(pr.String()))
			}
		}
	}
	fmt.Fprintf(w, "Part count: %d\n", len(f.Parts))
	for _, p := range f.Parts {
		fmt.Fprintf(w, "#%d - %s  offset 0x%x  size %d (%s)  %s\n", p.Index, Safe(p.Name), p.Offset, p.Size, humanize.IBytes(uint64(p.Size)), SafeCap(p.Summary, 200))
	}
	fmt.Fprintf(w, "Digest: %s\n", f.Digest.Status)
	fmt.Fprintln(w, RequirementsLine(reflect.RequirementsOf(f)))
}

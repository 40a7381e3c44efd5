package text

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode/diff"
)

// WriteComparison prints a comparison for people, as dxscope diff does: the
// header section, then one line per part (identical parts take one line
// each and nothing more), the differing fields under each changed part with
// both sides' offsets, and a byte summary where no decoded field explains
// the change. Part names, summaries and field texts come from the files and
// go through Safe: each stays on its line.
func WriteComparison(w io.Writer, c *diff.Comparison) {
	if c.Identical {
		fmt.Fprintf(w, "identical: %d bytes, %d parts\n", c.Bytes.LenA, c.Counts.Identical)
		return
	}
	if len(c.Changes) > 0 {
		fmt.Fprintln(w, "What changed, most meaningful first:")
		for _, ch := range c.Changes {
			fmt.Fprintf(w, "  %s\n", Safe(ch.Text))
		}
		fmt.Fprintln(w, "In detail:")
	}
	fmt.Fprintln(w, "Header")
	if len(c.Header) == 0 {
		fmt.Fprintln(w, "  (no differences)")
	}
	for _, d := range c.Header {
		writeField(w, "  ", d)
	}
	n := c.Counts
	fmt.Fprintf(w, "Parts: %d identical, %d changed, %d added, %d removed, %d moved, %d resized\n",
		n.Identical, n.Changed, n.Added, n.Removed, n.Moved, n.Resized)
	for _, d := range c.Parts {
		writePart(w, d)
	}
	if c.Counts.Changed+c.Counts.Added+c.Counts.Removed == 0 && !c.Bytes.Same() {
		fmt.Fprintf(w, "Bytes outside the parts differ: %d bytes, first at 0x%x\n", c.Bytes.Differ, c.Bytes.FirstA)
	}
}

func writePart(w io.Writer, d diff.Part) {
	switch d.Status {
	case diff.PartIdentical:
		fmt.Fprintf(w, "  = %-4s #%d  %d bytes, identical%s\n", Safe(d.Name), d.A.Index, d.A.Size, moveText(d))
		return
	case diff.PartAdded:
		fmt.Fprintf(w, "  + %-4s #%d at 0x%x, %d bytes: only in B  %s\n", Safe(d.Name), d.B.Index, d.B.Offset, d.B.Size, Safe(d.B.Summary))
		return
	case diff.PartRemoved:
		fmt.Fprintf(w, "  - %-4s #%d at 0x%x, %d bytes: only in A  %s\n", Safe(d.Name), d.A.Index, d.A.Offset, d.A.Size, Safe(d.A.Summary))
		return
	}
	size := fmt.Sprintf("%d bytes", d.A.Size)
	if d.Resized {
		size = fmt.Sprintf("%d → %d bytes (resized)", d.A.Size, d.B.Size)
	}
	fmt.Fprintf(w, "  ~ %-4s #%d  %s, changed%s\n", Safe(d.Name), d.A.Index, size, moveText(d))
	if d.A.Summary != d.B.Summary && len(d.Fields) > 0 {
		fmt.Fprintf(w, "      summary: %s → %s\n", Safe(d.A.Summary), Safe(d.B.Summary))
	}
	for _, f := range d.Fields {
		writeField(w, "      ", f)
	}
	if d.Omitted > 0 {
		fmt.Fprintf(w, "      ... and %d more differences\n", d.Omitted)
	}
	if d.Uncompared {
		fmt.Fprintln(w, "      bytes: "+diff.UncomparedText)
	}
	if b := d.Bytes; b != nil && !b.Same() {
		fmt.Fprintf(w, "      bytes: %d of %d differ, first at part offset 0x%x (A 0x%x, B 0x%x)", b.Differ, min(b.LenA, b.LenB), b.First, b.FirstA, b.FirstB)
		if b.LenA != b.LenB {
			fmt.Fprintf(w, ", length %d → %d", b.LenA, b.LenB)
		}
		fmt.Fprintln(w)
	}
}

func moveText(d diff.Part) string {
	s := ""
	if d.A != nil && d.B != nil && d.A.Index != d.B.Index {
		s += fmt.Sprintf(", #%d → #%d", d.A.Index, d.B.Index)
	}
	if d.Moved {
		s += " (moved)"
	}
	return s
}

func writeField(w io.Writer, indent string, d diff.Field) {
	where := ""
	if d.A.Off >= 0 || d.B.Off >= 0 {
		where = fmt.Sprintf("   [A %s, B %s]", offText(d.A), offText(d.B))
	}
	fmt.Fprintf(w, "%s%s%s\n", indent, Safe(d.Text()), where)
}

func offText(s diff.FieldSide) string {
	if s.Off < 0 {
		return "-"
	}
	return fmt.Sprintf("0x%x+%d", s.Off, s.Size)
}

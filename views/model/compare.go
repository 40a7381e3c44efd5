package model

import (
	"fmt"
	"sort"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/decode/text"
)

// CompareRef names a difference in a Comparison: Part is the index in
// Comparison.Parts (-1 for the header section), Field the index in that
// part's Fields (-1 for the part as a whole).
type CompareRef struct {
	Part, Field int
}

// CodeRef names one line of the code comparison: its hunk and its line.
type CodeRef struct{ Hunk, Line int }

// Path returns the field path a ref names ("" for a whole part), as a link's field=.
func (r CompareRef) Path(c *diff.Comparison) string {
	switch {
	case c == nil:
		return ""
	case r.Part < 0:
		if r.Field >= 0 && r.Field < len(c.Header) {
			return c.Header[r.Field].Path
		}
	case r.Part < len(c.Parts):
		d := c.Parts[r.Part]
		if r.Field >= 0 && r.Field < len(d.Fields) {
			return d.Fields[r.Field].Path
		}
		return d.Name
	}
	return ""
}

// FindCompareRef finds the difference a link's field= names: a field path,
// or a part name for the whole part. ok is false when nothing matches.
func FindCompareRef(c *diff.Comparison, path string) (CompareRef, bool) {
	if c == nil || path == "" {
		return CompareRef{}, false
	}
	for i, d := range c.Header {
		if d.Path == path {
			return CompareRef{-1, i}, true
		}
	}
	for i, p := range c.Parts {
		for j, d := range p.Fields {
			if d.Path == path {
				return CompareRef{i, j}, true
			}
		}
	}
	for i, p := range c.Parts {
		if p.Name == path {
			return CompareRef{i, -1}, true
		}
	}
	return CompareRef{}, false
}

// FirstDifference is the ref the compare view selects first: the first
// differing field of the first changed part, else the first part that is
// not identical, else the first header difference.
func FirstDifference(c *diff.Comparison) (CompareRef, bool) {
	if c == nil {
		return CompareRef{}, false
	}
	for i, p := range c.Parts {
		if len(p.Fields) > 0 {
			return CompareRef{i, 0}, true
		}
	}
	for i, p := range c.Parts {
		if p.Status != diff.PartIdentical {
			return CompareRef{i, -1}, true
		}
	}
	if len(c.Header) > 0 {
		return CompareRef{-1, 0}, true
	}
	return CompareRef{}, false
}

// Sides returns the bytes to highlight in A and B for a ref (Size 0: none
// on that side).
func (r CompareRef) Sides(c *diff.Comparison) (a, b diff.FieldSide) {
	a.Off, b.Off = -1, -1
	if c == nil {
		return
	}
	if r.Part < 0 {
		if r.Field >= 0 && r.Field < len(c.Header) {
			return c.Header[r.Field].A, c.Header[r.Field].B
		}
		return
	}
	if r.Part >= len(c.Parts) {
		return
	}
	d := c.Parts[r.Part]
	if r.Field >= 0 && r.Field < len(d.Fields) {
		return d.Fields[r.Field].A, d.Fields[r.Field].B
	}
	// The whole part: its first differing byte when there is one, else its data.
	side := func(ps *diff.PartSide, first int64) diff.FieldSide {
		if ps == nil {
			return diff.FieldSide{Off: -1}
		}
		if first >= 0 {
			return diff.FieldSide{Present: true, Off: first, Size: 1}
		}
		return diff.FieldSide{Present: true, Off: ps.DataOffset, Size: int64(ps.Size)}
	}
	fa, fb := int64(-1), int64(-1)
	if d.Bytes != nil && !d.Bytes.Same() && d.Bytes.First < min(d.Bytes.LenA, d.Bytes.LenB) {
		fa, fb = d.Bytes.FirstA, d.Bytes.FirstB
	}
	return side(d.A, fa), side(d.B, fb)
}

// DiffMarks marks the bytes that differ between two containers, for the
// hex views: the header and the part table compared in place, each part
// present on both sides compared from its start (so a part that moved is
// compared with itself), parts on one side only marked whole. baseA and
// baseB are where the containers start in the shown data.
//
// What it reads is bounded by the two files: a changed pair is compared
// over the bytes diff compared (none when diff left it uncompared), pairs
// at one distance apart over the union of their stretches, and the parts
// on one side are marked through a count of the parts open at each byte,
// so parts listed over one run of bytes (or claiming gigabytes) cost the
// run once, not once per part.
func DiffMarks(c *diff.Comparison, a, b []byte, baseA, baseB int64) (ma, mb []bool) {
	ma, mb = make([]bool, len(a)), make([]bool, len(b))
	cmp := func(offA, offB, n int64) {
		for i := int64(0); i < n; i++ {
			pa, pb := baseA+offA+i, baseB+offB+i
			switch {
			case pa < int64(len(a)) && pb < int64(len(b)):
				if a[pa] != b[pb] {
					ma[pa], mb[pb] = true, true
				}
			case pa < int64(len(a)):
				ma[pa] = true
			case pb < int64(len(b)):
				mb[pb] = true
			default:
				return // past both ends
			}
		}
	}
	openA, openB := make([]int32, len(a)+1), make([]int32, len(b)+1)
	open := func(n []int32, off, size int64) {
		if lo, hi := max(0, off), min(off+size, int64(len(n)-1)); lo < hi {
			n[lo]++
			n[hi]--
		}
	}
	cmp(0, 0, decode.HeaderSize)
	// The changed pairs' stretches, merged where pairs at the same distance
	// apart overlap: a file and an edited copy that list their parts over
	// one run of bytes compare the run once.
	type stretch struct{ delta, start, end int64 }
	var pairs []stretch
	for _, d := range c.Parts {
		switch {
		case d.A != nil && d.B != nil:
			if bd := d.Bytes; d.Status != diff.PartIdentical && bd != nil {
				n := int64(max(bd.LenA, bd.LenB)) + decode.PartHeaderSize
				pairs = append(pairs, stretch{d.B.Offset - d.A.Offset, d.A.Offset, d.A.Offset + n})
			}
		case d.A != nil:
			open(openA, baseA+d.A.Offset, int64(d.A.Size)+decode.PartHeaderSize)
		case d.B != nil:
			open(openB, baseB+d.B.Offset, int64(d.B.Size)+decode.PartHeaderSize)
		}
	}
	sort.Slice(pairs, func(i, j int) bool {
		x, y := pairs[i], pairs[j]
		return x.delta < y.delta || x.delta == y.delta && x.start < y.start
	})
	for i := 0; i < len(pairs); {
		s := pairs[i]
		for i++; i < len(pairs) && pairs[i].delta == s.delta && pairs[i].start <= s.end; i++ {
			s.end = max(s.end, pairs[i].end)
		}
		cmp(s.start, s.start+s.delta, s.end-s.start)
	}
	for _, s := range []struct {
		m    []bool
		open []int32
	}{{ma, openA}, {mb, openB}} {
		n := int32(0)
		for i := range s.m {
			if n += s.open[i]; n > 0 {
				s.m[i] = true
			}
		}
	}
	return ma, mb
}

// FieldLabel writes a difference the way dxscope diff does:
// "PSV0 / SigOutputElements[2] / Cols: 3 → 4".
func FieldLabel(f diff.Field) string { return f.Text() }

func WhereText(f diff.Field) string {
	side := func(s diff.FieldSide) string {
		if s.Off < 0 {
			return "-"
		}
		return fmt.Sprintf("%s+%d", Hex(s.Off), s.Size)
	}
	if f.A.Off < 0 && f.B.Off < 0 {
		return ""
	}
	return fmt.Sprintf("A %s, B %s", side(f.A), side(f.B))
}

// CompareCode aligns the code of two files (the DXIL disassembly per
// function, or the FXC listing) and returns the hunks that differ, with
// every line's bytes as offsets in each model's data.
func CompareCode(a, b *Model) []CodeHunk {
	if a == nil || b == nil || a.File == nil || b.File == nil {
		return nil
	}
	hs := text.DiffCode(text.Code(a.File), text.Code(b.File))
	for i := range hs {
		for j := range hs[i].Lines {
			l := &hs[i].Lines[j]
			if l.A.Size > 0 {
				l.A.Off += a.Base
			}
			if l.B.Size > 0 {
				l.B.Off += b.Base
			}
		}
	}
	return hs
}

// CompareReport is a Comparison as the compare view shows it: a verdict, what
// changed, and a row per part (the header first when it differs).
type CompareReport struct {
	Verdict string // "The files differ. Parts: 3 identical, 1 changed, …"
	Changes []CompareChange
	Rows    []CompareRow
}

// CompareChange is one line of "what changed", most meaningful first.
type CompareChange struct{ Topic, Path, Text string }

// CompareRow is one part of the comparison (Ref.Part -1: the header).
type CompareRow struct {
	Ref       CompareRef // Field -1: the part as a whole
	Status    string     // identical, changed, added, removed
	Mark      string     // = ~ + -
	Name      string     // shown safely
	Text      string     // "#3  228 bytes, changed, #3 → #4 (moved)"
	Summary   string     // the part's summary, shown safely
	Clickable bool       // a changed, added or removed part selects its bytes
	Fields    []CompareField
	Omitted   int    // differences left out after diff.MaxFields
	Bytes     string // "bytes: 4 of 228 differ, …" ("" when the bytes agree)
}

// CompareField is one value that differs.
type CompareField struct {
	Ref   CompareRef
	Path  string
	Label string // "Cols: 4 → 3"
	Where string // "A 0x120+1, B 0x120+1"
}

// NewCompareReport lays c out for the compare view.
func NewCompareReport(c *diff.Comparison) *CompareReport {
	if c == nil {
		return nil
	}
	n := c.Counts
	r := &CompareReport{Verdict: fmt.Sprintf("%s Parts: %d identical, %d changed, %d added, %d removed, %d moved, %d resized.",
		map[bool]string{true: "The files are identical.", false: "The files differ."}[c.Identical],
		n.Identical, n.Changed, n.Added, n.Removed, n.Moved, n.Resized)}
	for _, ch := range c.Changes {
		r.Changes = append(r.Changes, CompareChange{Topic: ch.Topic, Path: ch.Path, Text: ch.Text})
	}
	if len(c.Header) > 0 {
		r.Rows = append(r.Rows, CompareRow{Ref: CompareRef{-1, -1}, Status: "changed", Mark: "~", Name: HeaderPart,
			Fields: compareFields(-1, c.Header)})
	}
	for i, d := range c.Parts {
		r.Rows = append(r.Rows, comparePart(i, d))
	}
	return r
}

func comparePart(i int, d diff.Part) CompareRow {
	side := d.A
	if side == nil {
		side = d.B
	}
	row := CompareRow{Ref: CompareRef{i, -1}, Status: d.Status.String(), Name: Shown(d.Name), Summary: Shown(side.Summary),
		Clickable: d.Status != diff.PartIdentical, Omitted: d.Omitted, Fields: compareFields(i, d.Fields)}
	switch d.Status {
	case diff.PartIdentical:
		row.Mark, row.Text = "=", fmt.Sprintf("#%d  %s, identical", side.Index, countText(int64(side.Size), "byte"))
	case diff.PartAdded:
		row.Mark, row.Text = "+", fmt.Sprintf("#%d at %s, %s: only in B", d.B.Index, Hex(d.B.Offset), countText(int64(d.B.Size), "byte"))
	case diff.PartRemoved:
		row.Mark, row.Text = "-", fmt.Sprintf("#%d at %s, %s: only in A", d.A.Index, Hex(d.A.Offset), countText(int64(d.A.Size), "byte"))
	default:
		size := countText(int64(d.A.Size), "byte")
		if d.Resized {
			size = fmt.Sprintf("%d → %d bytes (resized)", d.A.Size, d.B.Size)
		}
		row.Mark, row.Text = "~", fmt.Sprintf("#%d  %s, changed", d.A.Index, size)
	}
	if d.A != nil && d.B != nil && d.A.Index != d.B.Index {
		row.Text += fmt.Sprintf(", #%d → #%d", d.A.Index, d.B.Index)
	}
	if d.Moved {
		row.Text += " (moved)"
	}
	if d.Uncompared {
		row.Bytes = "bytes: " + diff.UncomparedText
	}
	if b := d.Bytes; b != nil && !b.Same() {
		row.Bytes = fmt.Sprintf("bytes: %d of %d differ, first at part offset %s (A %s, B %s)", b.Differ, min(b.LenA, b.LenB), Hex(int64(b.First)), Hex(b.FirstA), Hex(b.FirstB))
		if b.LenA != b.LenB {
			row.Bytes += fmt.Sprintf(", length %d → %d", b.LenA, b.LenB)
		}
	}
	return row
}

func compareFields(part int, fs []diff.Field) []CompareField {
	out := make([]CompareField, len(fs))
	for j, f := range fs {
		out[j] = CompareField{Ref: CompareRef{part, j}, Path: f.Path, Label: FieldLabel(f), Where: WhereText(f)}
	}
	return out
}

// countText is "1 byte", "2 bytes".
func countText(n int64, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return fmt.Sprintf("%d %ss", n, s)
}

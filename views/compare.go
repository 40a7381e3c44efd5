package views

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// CompareRef names a difference in a Comparison: Part is the index in
// Comparison.Parts (-1 for the header section), Field the index in that
// part's Fields (-1 for the part as a whole).
type CompareRef struct {
	Part, Field int
}

// Path returns the field path a ref names ("" for a whole part), as a link's field=.
func (r CompareRef) Path(c *decode.Comparison) string {
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
func FindCompareRef(c *decode.Comparison, path string) (CompareRef, bool) {
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
func FirstDifference(c *decode.Comparison) (CompareRef, bool) {
	if c == nil {
		return CompareRef{}, false
	}
	for i, p := range c.Parts {
		if len(p.Fields) > 0 {
			return CompareRef{i, 0}, true
		}
	}
	for i, p := range c.Parts {
		if p.Status != decode.PartIdentical {
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
func (r CompareRef) Sides(c *decode.Comparison) (a, b decode.FieldSide) {
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
	side := func(ps *decode.PartSide, first int64) decode.FieldSide {
		if ps == nil {
			return decode.FieldSide{Off: -1}
		}
		if first >= 0 {
			return decode.FieldSide{Present: true, Off: first, Size: 1}
		}
		return decode.FieldSide{Present: true, Off: ps.DataOffset, Size: int64(ps.Size)}
	}
	fa, fb := int64(-1), int64(-1)
	if d.Bytes != nil && !d.Bytes.Same() && d.Bytes.First < min(d.Bytes.LenA, d.Bytes.LenB) {
		fa, fb = d.Bytes.FirstA, d.Bytes.FirstB
	}
	return side(d.A, fa), side(d.B, fb)
}

// CompareView shows what differs between two containers, part by part, with
// both files' bytes side by side. Identical parts take one line each.
type CompareView struct {
	app.Compo
	Cmp      *decode.Comparison
	A, B     *Model
	Selected CompareRef
	HasSel   bool
	// The hex views' selections and reveal requests (owned by the page).
	SelA, SelB       decode.Span
	RevealA, RevealB int64
	RevealSeq        int
	MarksA, MarksB   []bool // bytes that differ (DiffMarks)
}

// DiffMarks marks the bytes that differ between two containers, for the
// hex views: the header and the part table compared in place, each part
// present on both sides compared from its start (so a part that moved is
// compared with itself), parts on one side only marked whole. baseA and
// baseB are where the containers start in the shown data.
func DiffMarks(c *decode.Comparison, a, b []byte, baseA, baseB int64) (ma, mb []bool) {
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
			}
		}
	}
	mark := func(m []bool, off, n int64) {
		for i := max(0, off); i < min(off+n, int64(len(m))); i++ {
			m[i] = true
		}
	}
	cmp(0, 0, decode.HeaderSize)
	for _, d := range c.Parts {
		switch {
		case d.A != nil && d.B != nil:
			if d.Status != decode.PartIdentical {
				cmp(d.A.Offset, d.B.Offset, max(int64(d.A.Size), int64(d.B.Size))+decode.PartHeaderSize)
			}
		case d.A != nil:
			mark(ma, baseA+d.A.Offset, int64(d.A.Size)+decode.PartHeaderSize)
		case d.B != nil:
			mark(mb, baseB+d.B.Offset, int64(d.B.Size)+decode.PartHeaderSize)
		}
	}
	return ma, mb
}

// Render draws the report and the two hex views.
func (v *CompareView) Render() app.UI {
	c := v.Cmp
	if c == nil || v.A == nil || v.B == nil {
		return app.Div().ID("compare").Class("compare")
	}
	n := c.Counts
	head := fmt.Sprintf("%d identical, %d changed, %d added, %d removed, %d moved, %d resized", n.Identical, n.Changed, n.Added, n.Removed, n.Moved, n.Resized)
	verdict := "The files differ."
	if c.Identical {
		verdict = "The files are identical."
	}
	var rows []app.UI
	if len(c.Header) > 0 {
		rows = append(rows, app.Li().Class("cmp-part cmp-changed").Body(
			app.Div().Class("cmp-line").Body(app.Span().Class("cmp-mark").Text("~"), app.Span().Class("part-name").Text("Header")),
			v.fields(-1, c.Header, 0),
		))
	}
	for i := range c.Parts {
		rows = append(rows, v.part(i))
	}
	return app.Div().ID("compare").Class("compare").Body(
		app.H2().Body(
			app.Text("Compare "), app.Span().ID("cmp-name-a").Class("cmp-a").Text("A: "+v.A.Name),
			app.Text(" → "), app.Span().ID("cmp-name-b").Class("cmp-b").Text("B: "+v.B.Name),
		),
		app.P().ID("cmp-verdict").Class("cmp-verdict").Text(verdict+" Parts: "+head+"."),
		app.Ul().ID("cmp-parts").Class("cmp-parts").Body(rows...),
		app.Div().Class("cmp-hex").Body(
			app.Div().Class("cmp-side").Body(
				app.H3().Text("A: "+v.A.Name),
				&HexView{Model: v.A, Sel: v.SelA, RevealOff: v.RevealA, RevealSeq: v.RevealSeq, IDPrefix: "hexa", ClickAct: ActCompareByteA, Marks: v.MarksA},
			),
			app.Div().Class("cmp-side").Body(
				app.H3().Text("B: "+v.B.Name),
				&HexView{Model: v.B, Sel: v.SelB, RevealOff: v.RevealB, RevealSeq: v.RevealSeq, IDPrefix: "hexb", ClickAct: ActCompareByteB, Marks: v.MarksB},
			),
		),
	)
}

func (v *CompareView) part(i int) app.UI {
	d := v.Cmp.Parts[i]
	ref := CompareRef{i, -1}
	side := d.A
	if side == nil {
		side = d.B
	}
	var mark, text string
	switch d.Status {
	case decode.PartIdentical:
		mark, text = "=", fmt.Sprintf("#%d  %s, identical", side.Index, plural2(int64(side.Size), "byte"))
	case decode.PartAdded:
		mark, text = "+", fmt.Sprintf("#%d at %s, %s: only in B", d.B.Index, Hex(d.B.Offset), plural2(int64(d.B.Size), "byte"))
	case decode.PartRemoved:
		mark, text = "-", fmt.Sprintf("#%d at %s, %s: only in A", d.A.Index, Hex(d.A.Offset), plural2(int64(d.A.Size), "byte"))
	default:
		size := plural2(int64(d.A.Size), "byte")
		if d.Resized {
			size = fmt.Sprintf("%d → %d bytes (resized)", d.A.Size, d.B.Size)
		}
		mark, text = "~", fmt.Sprintf("#%d  %s, changed", d.A.Index, size)
	}
	if d.A != nil && d.B != nil && d.A.Index != d.B.Index {
		text += fmt.Sprintf(", #%d → #%d", d.A.Index, d.B.Index)
	}
	if d.Moved {
		text += " (moved)"
	}
	cls := "cmp-part cmp-" + d.Status.String()
	line := app.Div().Class("cmp-line").DataSet("part", d.Name).Body(
		app.Span().Class("cmp-mark").Text(mark),
		app.Span().Class("part-name").Text(d.Name),
		app.Span().Class("cmp-text").Text(text),
		app.If(side.Summary != "", func() app.UI { return app.Span().Class("cmp-summary").Text(side.Summary) }),
	)
	if d.Status == decode.PartIdentical {
		return app.Li().Class(cls).Body(line)
	}
	if v.HasSel && v.Selected == ref {
		cls += " selected"
	}
	line = line.OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActCompareSelect, ref) }, app.EventScope(ref.Part, ref.Field))
	body := []app.UI{line, v.fields(i, d.Fields, d.Omitted)}
	if b := d.Bytes; b != nil && !b.Same() {
		t := fmt.Sprintf("bytes: %d of %d differ, first at part offset %s (A %s, B %s)", b.Differ, min(b.LenA, b.LenB), Hex(int64(b.First)), Hex(b.FirstA), Hex(b.FirstB))
		if b.LenA != b.LenB {
			t += fmt.Sprintf(", length %d → %d", b.LenA, b.LenB)
		}
		body = append(body, app.Div().Class("cmp-bytes").Text(t))
	}
	return app.Li().Class(cls).Body(body...)
}

func (v *CompareView) fields(part int, fs []decode.FieldDiff, omitted int) app.UI {
	if len(fs) == 0 {
		return app.Text("")
	}
	items := make([]app.UI, 0, len(fs)+1)
	for j, f := range fs {
		ref := CompareRef{part, j}
		cls := "cmp-field"
		if v.HasSel && v.Selected == ref {
			cls += " selected"
		}
		items = append(items, app.Li().Class(cls).ID(fmt.Sprintf("cmp-field-%d-%d", part+1, j)).DataSet("path", f.Path).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActCompareSelect, ref) }, app.EventScope(ref.Part, ref.Field)).Body(
			app.Span().Class("cmp-path").Text(FieldLabel(f)),
			app.Span().Class("cmp-where").Text(whereText(f)),
		))
	}
	if omitted > 0 {
		items = append(items, app.Li().Class("cmp-more").Text(fmt.Sprintf("… and %d more differences", omitted)))
	}
	return app.Ul().Class("cmp-fields").Body(items...)
}

// FieldLabel writes a difference the way dxscope diff does:
// "PSV0 / SigOutputElements[2] / Cols: 3 → 4".
func FieldLabel(f decode.FieldDiff) string {
	a, b := f.A.Value, f.B.Value
	if !f.A.Present {
		a = "(absent)"
	}
	if !f.B.Present {
		b = "(absent)"
	}
	label := strings.ReplaceAll(f.Path, "/", " / ")
	if f.Kind == decode.DiffLength {
		return fmt.Sprintf("%s: %s → %s elements", label, a, b)
	}
	return fmt.Sprintf("%s: %s → %s", label, a, b)
}

func whereText(f decode.FieldDiff) string {
	side := func(s decode.FieldSide) string {
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

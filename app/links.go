package app

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// maxCompressed is the largest file whose deflated copy is tried for the
// link. A 256 KiB file would have to deflate 30:1 to fit MaxLinkLength
// (real containers reach 5:1), and compressing megabytes at every open
// would cost seconds in the browser; larger files go by hash.
const maxCompressed = 256 << 10

// fileRef is one opened file as the link needs it, computed once per file.
type fileRef struct {
	data []byte
	sha  string
	enc  string // the f=/c= value (deflate + base64url); "" when not tried
}

func newFileRef(data []byte) *fileRef {
	r := &fileRef{data: data, sha: linkstate.SHA256(data)}
	if len(data) <= maxCompressed {
		frag := linkstate.EncodeLink(linkstate.Link{File: data}, 0).Fragment
		if _, f, ok := strings.Cut(frag, "&f="); ok {
			r.enc = f
		}
	}
	return r
}

// buildFragment writes the state with the files, like linkstate.EncodeLink
// with MaxLinkLength but reusing each file's deflated copy: the file goes in
// when the link stays within the limit, then the compared file; a file left
// out is named by its SHA-256 and size.
func buildFragment(s linkstate.State, a, b *fileRef) (frag string, inA, inB bool) {
	s.SHA256, s.Size, s.CompareSHA256, s.CompareSize = "", 0, "", 0
	build := func(withA, withB bool) string {
		t := s
		if a != nil && !withA {
			t.SHA256, t.Size = a.sha, int64(len(a.data))
		}
		if b != nil && !withB {
			t.CompareSHA256, t.CompareSize = b.sha, int64(len(b.data))
		}
		f := linkstate.Encode(t, nil)
		if withA {
			f += "&f=" + a.enc
		}
		if withB {
			f += "&c=" + b.enc
		}
		return f
	}
	fits := func(f string) bool { return len(f) <= linkstate.MaxLinkLength }
	inA, inB = a != nil && a.enc != "", b != nil && b.enc != ""
	frag = build(inA, inB)
	if !fits(frag) && inB {
		inB = false
		frag = build(inA, inB)
	}
	if !fits(frag) && inA {
		inA = false
		frag = build(inA, inB)
		if b != nil && b.enc != "" {
			if f2 := build(false, true); fits(f2) {
				frag, inB = f2, true
			}
		}
	}
	return frag, inA, inB
}

// shareState is the Inspector's share-link, export and compare state.
type shareState struct {
	a      *fileRef     // the shown file
	aModel *model.Model // the model a was computed for

	written  string // the fragment last written or applied
	lastKey  string // file, part, tab and compared file of that fragment
	embedded bool   // the link carries the file
	linkLen  int

	row      int64 // first hex row shown (row=)
	rowSeq   int   // bumped to make the hex view show row exactly
	rowTick  int   // debounces writing row= while scrolling
	applying bool  // a link is being applied: no writes
	noteSeq  int   // the latest link write waiting for a paint

	pending *linkstate.State // a link's state waiting for its file or compared file
	linkErr string           // why a link or an opened file was refused
	note    string           // what a link did that is worth saying
	copied  string

	// ctx is the Inspector's own context (from OnMount): promise callbacks
	// dispatch through it, because an element's context is dropped when
	// go-app replaces the element before the promise settles.
	ctx    app.Context
	hasCtx bool

	cmp *compareState // the last comparison; shown while in.screen is screenCompare
}

// linkState returns what the page shows as a link state.
func (in *Inspector) linkState() linkstate.State {
	m := in.model
	s := linkstate.State{Name: m.Name, At: m.Base, Row: in.share.row}
	if c := in.share.cmp; in.comparing() {
		s.Tab = "compare"
		s.Compare = c.b.Name
		if c.hasSel {
			s.Field = c.sel.Path(c.cmp)
		}
		s.Row = 0
		return s
	}
	if m.File == nil || in.part < 0 || in.part >= len(m.Parts) {
		return s
	}
	pv := m.Parts[in.part]
	s.Part = pv.Name
	s.Tab = tabNames[in.tab] // "" for the part's own view

	t := pv.Tree()
	var want decode.Span // the bytes the part and field select by themselves
	if t != nil && in.node >= 0 && in.node < len(t.Nodes) && in.node != t.Root.ID {
		n := t.Nodes[in.node]
		s.Field = t.FieldPath(n)
		var ok bool
		if want, ok = pv.Span(t.SpanOf(n)); !ok {
			want = decode.Span{Off: pv.Offset, Size: pv.Size} // selectNode keeps the part's bytes
		}
	} else {
		want = decode.Span{Off: pv.Offset, Size: pv.Size}
	}
	if in.sel.Size > 0 && (in.sel.Off != want.Off || in.sel.Size != want.Size) {
		s.Hex = linkstate.Range{Start: in.sel.Off, End: in.sel.End()}
	}
	if t != nil && in.part < len(in.open) {
		open := in.open[in.part]
		def := defaultOpen(pv)
		same := true
		for id, o := range open {
			if o != def[id] {
				same = false
			}
		}
		for id, o := range def {
			if o != open[id] {
				same = false
			}
		}
		if !same {
			for id, o := range open {
				if o && id >= 0 && id < len(t.Nodes) && id != t.Root.ID {
					s.Open = append(s.Open, t.FieldPath(t.Nodes[id]))
				}
			}
			sort.Strings(s.Open)
		}
	}
	return s
}

// defaultOpen is the open set show gives a part: the root and the typed value.
func defaultOpen(pv *model.PartView) map[int]bool {
	open := map[int]bool{}
	if pv.Tree() != nil {
		open[pv.Tree().Root.ID] = true
		for _, c := range pv.Tree().Root.Children {
			if c.Kind == model.KindObject && c.Key != "Digest" {
				open[c.ID] = true
			}
		}
	}
	return open
}

func (in *Inspector) fileRef() *fileRef {
	if in.model == nil {
		return nil
	}
	if in.share.aModel != in.model {
		if in.share.a == nil || !sameBytes(in.share.a.data, in.model.Data) {
			in.share.a = newFileRef(in.model.Data)
		}
		in.share.aModel = in.model
	}
	return in.share.a
}

func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// viewKey is what makes a view meaningful: a change here gets a history entry.
func (in *Inspector) viewKey(s linkstate.State) string {
	k := ""
	if r := in.fileRef(); r != nil {
		k = r.sha
	}
	k += "|" + strconv.FormatInt(s.At, 16) + "|" + s.Part + "|" + s.Tab
	if c := in.share.cmp; c != nil && s.Tab == "compare" {
		k += "|" + c.bRef.sha
	}
	return k
}

// noteView writes the current view into the address bar.
func (in *Inspector) noteView(ctx app.Context) {
	if in.model == nil || in.share.applying {
		return
	}
	s := in.linkState()
	var b *fileRef
	if c := in.share.cmp; c != nil && s.Tab == "compare" {
		b = c.bRef
	}
	frag, inA, _ := buildFragment(s, in.fileRef(), b)
	in.share.embedded, in.share.linkLen = inA, len(frag)
	if frag == in.share.written {
		return
	}
	in.share.written = frag
	in.share.copied = ""
	u := ctx.Page().URL()
	setFragment(u, frag)
	if key := in.viewKey(s); key != in.share.lastKey {
		in.share.lastKey = key
		ctx.NavigateTo(u)
		return
	}
	ctx.Page().ReplaceURL(u)
}

func setFragment(u *url.URL, frag string) {
	u.RawFragment = frag
	u.Fragment = frag
	if f, err := url.PathUnescape(frag); err == nil {
		u.Fragment = f
	}
}

// OnNav applies the link in the address bar: on load, on Back/Forward and
// when the user edits the fragment. Fragments the page wrote itself are skipped.
// #demo=grid shows the grid and signature table with made-up data instead.
func (in *Inspector) OnNav(ctx app.Context) {
	raw := ctx.Page().URL().EscapedFragment()
	if ctx.Page().URL().Fragment == "demo=grid" {
		if in.model == nil && in.screen != screenDatabase {
			in.screen = screenDemo
		}
		return
	}
	if in.screen == screenDemo {
		in.screen = screenWelcome
	}
	if raw == in.share.written {
		return
	}
	in.applyLink(ctx, raw)
}

// applyLink restores the view a fragment describes. Errors are shown, the
// page stays as it was.
func (in *Inspector) applyLink(ctx app.Context, raw string) {
	in.share.written = raw
	in.share.linkErr, in.share.note = "", ""
	if raw == "" {
		// Back past the first file: the page as it was before any file.
		in.closeFile()
		in.share.pending = nil
		return
	}
	l, err := linkstate.DecodeLink(raw)
	if err != nil {
		in.share.linkErr = "This link cannot be opened: " + err.Error()
		return
	}
	s := l.State
	if len(s.Unknown) > 0 {
		in.share.note = "This link has keys this page does not know, ignored: " + strings.Join(s.Unknown, ", ") + "."
	}
	switch {
	case l.File != nil:
		if r := in.fileRef(); r == nil || r.sha != linkstate.SHA256(l.File) || in.model.Name != s.Name || in.model.Base != s.At {
			name := s.Name
			if name == "" {
				name = "file from the link"
			}
			in.quietly(func() { in.show(ctx, in.buildAt(name, l.File, s.At)) })
		}
	case s.SHA256 != "":
		if r := in.fileRef(); r == nil || r.sha != s.SHA256 {
			in.share.pending = &s
			in.closeFile()
			return
		}
	case in.model == nil:
		// A deep link: applied to the file the user opens next.
		in.share.pending = &s
		return
	}
	in.share.pending = nil
	in.applyState(ctx, s, l.Compare)
}

// quietly runs fn without writing links: what fn shows is not a view of its own.
func (in *Inspector) quietly(fn func()) {
	in.share.applying = true
	defer func() { in.share.applying = false }()
	fn()
}

// buildAt decodes the container a link names: the one at its offset when
// the file has a container there, else the whole file, with a note saying
// which piece of the link did not resolve.
func (in *Inspector) buildAt(name string, data []byte, at int64) *model.Model {
	if at > 0 {
		if m := build(name, data, at); m.File != nil {
			return m
		}
		in.share.note = fmt.Sprintf("This link shows the container at 0x%x, but %s has no container there: showing the whole file.", at, model.Shown(name))
	}
	return build(name, data, 0)
}

// applyState restores a state on the shown file (and, for a compare link,
// opens the compared file or asks for it).
func (in *Inspector) applyState(ctx app.Context, s linkstate.State, compare []byte) {
	m := in.model
	if m == nil {
		return
	}
	in.share.applying = true
	defer func() {
		in.share.applying = false
		st := in.linkState()
		in.share.lastKey = in.viewKey(st)
		var b *fileRef
		if c := in.share.cmp; c != nil && st.Tab == "compare" {
			b = c.bRef
		}
		frag, inA, _ := buildFragment(st, in.fileRef(), b)
		in.share.embedded, in.share.linkLen = inA, len(frag)
	}()
	if s.Tab == "compare" || s.Compare != "" || compare != nil || s.CompareSHA256 != "" {
		switch {
		case compare != nil:
			name := s.Compare
			if name == "" {
				name = "compared file from the link"
			}
			if c := in.share.cmp; c == nil || c.bRef.sha != linkstate.SHA256(compare) {
				in.startCompare(ctx, name, compare)
			}
		case s.CompareSHA256 != "":
			if c := in.share.cmp; c == nil || c.bRef.sha != s.CompareSHA256 {
				p := s
				in.share.pending = &p
				in.screen = screenFile
				return
			}
		}
		if in.share.cmp != nil {
			in.screen = screenCompare
			in.compareSelectPath(ctx, s.Field)
			return
		}
	}
	in.screen = screenFile
	if m.File == nil {
		return
	}
	part := -1
	name := s.Part
	if name == "" && s.Field != "" {
		name, _, _ = strings.Cut(s.Field, "/")
		if i := strings.IndexByte(name, '['); i >= 0 {
			name = name[:i]
		}
	}
	for i, pv := range m.Parts {
		if pv.Name == name || (name == "Header" && pv.Name == model.HeaderPart) {
			part = i
			break
		}
	}
	if name != "" && part < 0 {
		in.share.linkErr = fmt.Sprintf("The link selects part %s, which %s does not have.", model.Shown(name), model.Shown(m.Name))
		return
	}
	if part < 0 {
		return
	}
	in.selectPart(ctx, part)
	in.tab = tabOwnView
	for t, name := range tabNames {
		if s.Tab == name {
			in.tab = t
		}
	}
	pv := m.Parts[part]
	t := pv.Tree()
	if t != nil && part < len(in.open) {
		// The link's open nodes, or the default set when it names none.
		open := defaultOpen(pv)
		if len(s.Open) > 0 {
			open = map[int]bool{t.Root.ID: true}
			for _, p := range s.Open {
				if n := t.FindField(p); n != nil {
					open[n.ID] = true
				}
			}
		}
		in.open[part] = open
		in.rev++
	}
	if s.Field != "" {
		n := t.FindField(s.Field)
		if n == nil {
			in.share.linkErr = fmt.Sprintf("The link selects %s, which %s does not have: showing the part.", model.Shown(s.Field), model.Shown(m.Name))
		} else {
			in.selectNode(ctx, part, n.ID, true)
			for p := n.Parent; p != nil; p = p.Parent {
				in.open[part][p.ID] = true
			}
			in.rev++
			in.scrollNode(ctx)
		}
	}
	if !s.Hex.Empty() && s.Hex.Start < int64(len(m.Data)) {
		end := min(s.Hex.End, int64(len(m.Data)))
		if in.sel.Off != s.Hex.Start || in.sel.End() != end {
			// The field recorded there (the deepest with exactly this range), else the bytes alone.
			var sp decode.Span
			found := false
			m.Spans.Containing(s.Hex.Start, func(c decode.Span) bool {
				if c.Off == s.Hex.Start && c.End() == end {
					sp, found = c, true
				}
				return true
			})
			if !found {
				sp = decode.Span{Path: fmt.Sprintf("bytes %s–%s", model.Hex(s.Hex.Start), model.Hex(end)), Off: s.Hex.Start, Size: end - s.Hex.Start, Kind: decode.SpanRaw}
			}
			in.sel = sp
			in.enc, _ = m.Spans.Enclosing(sp)
		}
		in.revealAt(in.sel.Off)
	}
	in.share.row = s.Row
	// The hex view may only now be mounted: show the row after this render.
	ctx.Defer(func(ctx app.Context) {
		ctx.Dispatch(func(ctx app.Context) {
			if s.Row > 0 {
				in.share.row = s.Row
				in.share.rowSeq++
			} else {
				in.revealAt(in.sel.Off)
			}
		})
	})
}

// onHexRow keeps row= current while scrolling, written once scrolling stops.
func (in *Inspector) onHexRow(ctx app.Context, r views.HexRow) {
	if r.View != "" || in.model == nil {
		ctx.PreventUpdate()
		return
	}
	in.share.row = r.Row
	in.share.rowTick++
	tick := in.share.rowTick
	ctx.PreventUpdate()
	ctx.After(300*time.Millisecond, func(ctx app.Context) {
		if tick == in.share.rowTick {
			in.noteView(ctx)
		}
	})
}

// mountShare subscribes to the share bar's and the compare view's actions.
func (in *Inspector) mountShare(ctx app.Context) {
	in.share.ctx, in.share.hasCtx = ctx, true
	// Tells scripts and the browser test that the page reacts from now on.
	ctx.Defer(func(app.Context) { app.Window().Set("dxscopeReady", true) })
	ctx.Handle(views.ActHexRow, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(views.HexRow); ok {
			in.onHexRow(ctx, r)
		}
	})
	ctx.Handle(views.ActCopyLink, func(ctx app.Context, a app.Action) { in.copyLink(ctx) })
	ctx.Handle(views.ActCopyText, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(views.CopyRequest); ok {
			in.copyText(ctx, r.Text, r.Done)
		}
	})
	ctx.Handle(views.ActExport, func(ctx app.Context, a app.Action) {
		if k, ok := a.Value.(string); ok {
			in.export(ctx, k)
		}
	})
	ctx.Handle(views.ActCompareMode, func(ctx app.Context, a app.Action) {
		in.share.note = ""
		if in.next == openAsCompared {
			in.next = openAsNew
			return
		}
		in.next = openAsCompared
		if in.model != nil {
			in.share.note = "Compare mode: open or drop the file to compare with " + model.Shown(in.model.Name) + ". (Shift+drop does this too.)"
		}
	})
	ctx.Handle(views.ActCloseCompare, func(ctx app.Context, a app.Action) {
		in.screen = screenFile
		in.noteView(ctx)
	})
	ctx.Handle(views.ActCompareSelect, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(model.CompareRef); ok {
			in.compareSelect(ctx, r)
			in.noteView(ctx)
		}
	})
	ctx.Handle(views.ActCompareCode, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(views.CodeRef); ok {
			in.compareCodeLine(r)
		}
	})
	ctx.Handle(views.ActCompareByteA, func(ctx app.Context, a app.Action) {
		if off, ok := a.Value.(int64); ok {
			in.compareByte(off, true)
		}
	})
	ctx.Handle(views.ActCompareByteB, func(ctx app.Context, a app.Action) {
		if off, ok := a.Value.(int64); ok {
			in.compareByte(off, false)
		}
	})
}

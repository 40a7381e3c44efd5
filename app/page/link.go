// The link: what the page shows as a share link, how it reaches the address
// bar (a new history entry or over the current one), and a link applied.
package page

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/decode/sqlite"
	"github.com/dxscope/dxscope/views/model"
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

func newFileRef(data []byte) *fileRef { return newFileRefFrom(linkstate.NewDigest(data)) }

// newFileRefFrom is newFileRef finishing a SHA-256 begun in steps.
func newFileRefFrom(d *linkstate.Digest) *fileRef {
	data := d.Data()
	r := &fileRef{data: data, sha: d.Sum()}
	if len(data) <= maxCompressed {
		frag := linkstate.EncodeLink(linkstate.Link{File: data}, 0).Fragment
		if _, f, ok := strings.Cut(frag, "&f="); ok {
			r.enc = f
		}
	}
	return r
}

// BuildFragment writes the state with the files, like linkstate.EncodeLink
// with MaxLinkLength but reusing each file's deflated copy: the file goes in
// when the link stays within the limit, then the compared file; a file left
// out is named by its SHA-256 and size.
//
// A pipeline's other files (stages) go in after both, all or none, when
// everything fits; else the link names them only (stage=).
func buildFragment(s linkstate.State, a, b *fileRef, stages ...*fileRef) (frag string, inA, inB bool) {
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
	if len(stages) > 0 {
		encs := make([]string, len(stages))
		for i, r := range stages {
			encs[i] = r.enc
		}
		if f := frag + "&s=" + strings.Join(encs, ","); fits(f) && !slices.Contains(encs, "") {
			return f, inA, inB
		}
		// Not carried: named by hash, so the page can ask for them.
		for _, r := range stages {
			s.StageSHA256 = append(s.StageSHA256, r.sha)
		}
		frag = build(inA, inB)
	}
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

// fileRef returns the shown file's link data, computed once per file.
func (s *State) fileRef() *fileRef {
	if s.Model == nil {
		return nil
	}
	if s.Link.aModel != s.Model {
		if s.Link.a == nil || !sameBytes(s.Link.a.data, s.Model.Data) {
			s.Link.a = s.refOf(s.Model.Data)
		}
		s.Link.aModel = s.Model
	}
	return s.Link.a
}

// refOf returns the link data of bytes: known (knownRef), finished from
// the steps HashStep took, else computed.
func (s *State) refOf(data []byte) *fileRef {
	if r := s.knownRef(data); r != nil {
		return r
	}
	if d := s.Link.hashing; d != nil && d.Of(data) {
		s.Link.hashing = nil
		return newFileRefFrom(d)
	}
	return newFileRef(data)
}

// HashAbove is the size above which the shown file's SHA-256 for its link
// is taken in steps (HashStep) rather than at once.
const HashAbove = 8 << 20

// HashStep hashes up to n more bytes of the shown file for its link and
// reports whether the link can be written without a long task: at once for
// a file of HashAbove or less, or one whose link data is computed. A
// gigabyte hashed at once stops the page for half a minute (30 s in
// headless Chromium on a loaded two-core VM, docs/performance.md); the
// Inspector calls this between frames until it says true. Whatever needs
// the link sooner (Note) finishes the rest itself.
func (s *State) HashStep(n int) bool {
	m := s.Model
	if m == nil || len(m.Data) <= HashAbove || s.knownRef(m.Data) != nil {
		return true
	}
	if s.Link.hashing == nil || !s.Link.hashing.Of(m.Data) {
		s.Link.hashing = linkstate.NewDigest(m.Data)
	}
	return s.Link.hashing.Step(n)
}

// knownRef returns the link data of bytes already worked out: the shown
// file's or a database's when it is one of them, else nil.
func (s *State) knownRef(data []byte) *fileRef {
	if r := s.Link.a; r != nil && sameBytes(r.data, data) {
		return r
	}
	for _, d := range s.DB.refs {
		if d != nil && sameBytes(d.data, data) {
			return d
		}
	}
	return nil
}

func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// LinkState returns what the page shows as a link state.
func (s *State) LinkState() linkstate.State {
	if s.Screen == Database && len(s.DB.List) > 0 {
		return linkstate.State{Name: s.DB.List[s.DB.active()].Name}
	}
	m := s.Model
	if m == nil {
		return linkstate.State{}
	}
	if s.Pipelining() {
		return s.pipelineLinkState()
	}
	st := linkstate.State{Name: m.Name, At: m.Base, Row: s.Link.Row}
	if c := s.Cmp; s.Comparing() && c.A == nil {
		st.Tab = "compare"
		st.Compare = c.B.Name
		if c.RootSigGiven {
			st.RootSig, st.RootSigVersion = c.checked.Text, rootsig.VersionName(c.checked.Version)
		}
		switch {
		case c.LinkSel >= 0:
			st.Field = linkageField + strconv.Itoa(c.LinkSel)
		case c.HasSel:
			st.Field = c.Sel.Path(c.Diff)
		}
		st.Row = 0
		return st
	}
	pv := s.PartView()
	if pv == nil {
		return st
	}
	st.Part = pv.Name
	st.Tab = s.Tab.Name()
	for c, p := range s.TextPages() {
		if st.Pages == nil {
			st.Pages = map[string]int{}
		}
		st.Pages[c] = p + 1
	}
	if s.Src.Valid() {
		st.Src = s.Src.String()
	}

	var want decode.Span // the bytes the part and field select by themselves
	if n := s.SelectedNode(); n != nil {
		t := pv.Tree()
		st.Field = t.FieldPath(n)
		var ok bool
		if want, ok = pv.Span(t.SpanOf(n)); !ok {
			want = decode.Span{Off: pv.Offset, Size: pv.Size} // selectNode keeps the part's bytes
		}
	} else {
		want = decode.Span{Off: pv.Offset, Size: pv.Size}
	}
	if s.Sel.Size > 0 && (s.Sel.Off != want.Off || s.Sel.Size != want.Size) {
		st.Hex = linkstate.Range{Start: s.Sel.Off, End: s.Sel.End()}
	}
	if s.Part < len(s.Expanded) && s.Expanded[s.Part] != nil {
		t := pv.Tree()
		open := s.Expanded[s.Part]
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
					st.Open = append(st.Open, t.FieldPath(t.Nodes[id]))
				}
			}
			sort.Strings(st.Open)
		}
	}
	return st
}

// defaultOpen is the open set a part gets when first shown: the root and
// the typed value.
func defaultOpen(pv *model.PartView) map[int]bool {
	open := map[int]bool{}
	if t := pv.Tree(); t != nil {
		open[t.Root.ID] = true
		for _, c := range t.Root.Children {
			if c.Kind == model.KindObject && c.Key != "Digest" {
				open[c.ID] = true
			}
		}
	}
	return open
}

// viewKey is what a history entry stands for: the file (and the container
// in it), the compared file, or a database. A change here pushes an entry;
// parts, fields, tabs and bytes of the same file replace it, so Back leaves
// the file however many parts were clicked.
func (s *State) viewKey() string {
	if s.Screen == Database && len(s.DB.List) > 0 {
		return "db|" + s.dbRef(s.DB.active(), s.DB.List[s.DB.active()]).sha
	}
	r := s.fileRef()
	if r == nil {
		return ""
	}
	k := r.sha + "|" + strconv.FormatInt(s.Model.Base, 16)
	if c := s.Cmp; s.Comparing() {
		k += "|" + c.bRef.sha
	}
	if s.Pipelining() {
		for _, r := range s.Stages.refs {
			k += "|" + r.sha
		}
	}
	return k
}

// link returns the current link, whether it carries the shown file, and
// the same link with its files named by hash instead ("" when it carries
// none): what the address bar holds of a view left before its link was
// due (Effects.LinkShort).
func (s *State) link() (frag string, inA bool, short string) {
	st := s.LinkState()
	var a, b *fileRef
	var stages []*fileRef
	switch {
	case s.Screen == Database && len(s.DB.List) > 0:
		a = s.dbRef(s.DB.active(), s.DB.List[s.DB.active()])
	default:
		a = s.fileRef()
		if c := s.Cmp; s.Comparing() {
			b = c.bRef
		}
		if s.Pipelining() {
			stages = s.Stages.refs
		}
	}
	frag, inA, inB := buildFragment(st, a, b, stages...)
	if inA || inB || strings.Contains(frag, "&s=") {
		hashed := make([]*fileRef, len(stages))
		for i, r := range stages {
			hashed[i] = byHash(r)
		}
		short, _, _ = buildFragment(st, byHash(a), byHash(b), hashed...)
	}
	return frag, inA, short
}

// byHash is a file's link data without its deflated copy: a link built
// from it names the file by SHA-256 and size.
func byHash(r *fileRef) *fileRef {
	if r == nil {
		return nil
	}
	return &fileRef{data: r.data, sha: r.sha}
}

// note writes the current view into the address bar: a new history entry
// when the file, comparison or database changed, else over the current one.
func (s *State) note() {
	if s.Link.applying || s.Model == nil && !(s.Screen == Database && len(s.DB.List) > 0) {
		return
	}
	frag, inA, short := s.link()
	s.Link.Embedded, s.Link.Len = inA, len(frag)
	s.fx.LinkAfterPaint = false
	if frag == s.Link.written {
		return
	}
	s.Link.written, s.Link.dropped = frag, false
	s.fx.Link, s.fx.LinkShort = frag, short
	s.fx.History = Replace
	if key := s.viewKey(); key != s.Link.lastKey {
		s.Link.lastKey = key
		s.fx.History = Push
	}
}

// Note writes the link now: what the page does once an opened file is
// drawn (Effects.LinkAfterPaint), and after scrolling the hex view.
func (s *State) Note() Effects {
	s.note()
	return s.take()
}

// ApplyLink restores the view a fragment describes: on load, on Back and
// Forward, and when the user edits the address. Fragments the page wrote
// itself change nothing. #demo=grid shows the special views with made-up
// data.
func (s *State) ApplyLink(raw string) Effects {
	raw = strings.TrimPrefix(raw, "#")
	if raw == "demo=grid" {
		if s.Model == nil && s.Screen != Database {
			s.Screen = Demo
		}
		return s.take()
	}
	if s.Screen == Demo {
		s.Screen = Welcome
	}
	if raw == s.Link.written && !s.Link.dropped {
		return Effects{Unchanged: true}
	}
	s.applyLink(raw)
	return s.take()
}

// LinkDropped says that the view shown was left before its link was
// written (the browser moved while the link waited for the paint): the
// address and the history entry still hold the view before it, so the next
// link applied is applied even when it is that view's, the one last
// written.
func (s *State) LinkDropped() { s.Link.dropped = true }

// applyLink restores the view a fragment describes. Errors are shown, the
// page stays as it was.
func (s *State) applyLink(raw string) {
	s.Link.written, s.Link.dropped = raw, false
	s.Link.Err, s.Link.Note = "", ""
	if raw == "" {
		// Back past the first file: the page as it was before any file.
		s.closeFile()
		s.Link.Pending = nil
		return
	}
	l, err := linkstate.DecodeLink(raw)
	if err != nil {
		s.Link.Err = "This link cannot be opened: " + err.Error()
		return
	}
	st := l.State
	if len(st.Unknown) > 0 {
		s.Link.Note = "This link has keys this page does not know, ignored: " + strings.Join(st.Unknown, ", ") + "."
	}
	name := st.Name
	if name == "" {
		name = "file from the link"
	}
	if s.Editing() {
		sha := st.SHA256
		if l.File != nil {
			sha = linkstate.SHA256(l.File)
		}
		if s.editTo(sha) {
			// Back or Forward within edit mode: the edits are undone or
			// made again, the mode and its undo list kept.
			s.fx.LinkAfterPaint = false
			s.Link.Pending = nil
			s.applyState(st, l.Compare, l.Stages)
			return
		}
	}
	switch {
	case l.File != nil && sqlite.IsSQLite(l.File) && st.Tab != "compare":
		// A database the link carries: the database, or a container in it.
		s.quietly(func() {
			if s.openDatabase(name, l.File) && st.At > 0 {
				s.showFromDatabase(s.DB.List[s.DB.Active], st.At)
			}
		})
		if s.Screen == Database {
			s.afterApply()
			return
		}
	case l.File != nil:
		if r := s.fileRef(); r == nil || r.sha != linkstate.SHA256(l.File) || s.Model.Name != st.Name || s.Model.Base != st.At {
			s.quietly(func() { s.show(s.buildAt(name, l.File, st.At)) })
		}
	case st.SHA256 != "":
		if d := s.DB.bySHA(s, st.SHA256); d >= 0 {
			// A database already open: itself, or a container in it.
			s.quietly(func() {
				s.DB.Active = d
				if st.At > 0 {
					if r := s.fileRef(); r == nil || r.sha != st.SHA256 || s.Model.Base != st.At {
						s.showFromDatabase(s.DB.List[d], st.At)
					}
				} else {
					s.Model, s.Cmp, s.Screen, s.DB.From = nil, nil, Database, nil
				}
			})
			if s.Screen == Database {
				s.afterApply()
				return
			}
			break
		}
		r := s.fileRef()
		if r == nil || r.sha != st.SHA256 {
			s.Link.Pending = &st
			s.closeFile()
			return
		}
		if s.Model.Base != st.At {
			data := s.Model.Data
			s.quietly(func() { s.show(s.buildAt(s.Model.Name, data, st.At)) })
		}
	case s.Model == nil:
		// A deep link: applied to the file the user opens next.
		s.Link.Pending = &st
		return
	}
	s.Link.Pending = nil
	s.applyState(st, l.Compare, l.Stages)
}

// quietly runs fn without writing links: what fn shows is not a view of its own.
func (s *State) quietly(fn func()) {
	was := s.Link.applying
	s.Link.applying = true
	defer func() { s.Link.applying = was }()
	fn()
}

// buildAt decodes the container a link names: the one at its offset when
// the file has a container there, else the whole file, with a note saying
// which piece of the link did not resolve.
func (s *State) buildAt(name string, data []byte, at int64) *model.Model {
	if at > 0 {
		if m := s.build(name, data, at); m.File != nil {
			return m
		}
		s.Link.Note = fmt.Sprintf("This link shows the container at 0x%x, but %s has no container there: showing the whole file.", at, model.Shown(name))
	}
	return s.build(name, data, 0)
}

// afterApply records the view a link restored as the one the address bar
// shows, without writing it (the address bar already holds the link).
func (s *State) afterApply() {
	s.Link.lastKey = s.viewKey()
	frag, inA, _ := s.link()
	s.Link.Embedded, s.Link.Len = inA, len(frag)
}

// applyState restores a state on the shown file (and, for a compare link,
// opens the compared file or asks for it; for a pipeline link, the
// pipeline of the files stages).
func (s *State) applyState(st linkstate.State, compare []byte, stages [][]byte) {
	m := s.Model
	if m == nil {
		return
	}
	was := s.Link.applying
	s.Link.applying = true
	defer func() {
		s.Link.applying = was
		s.afterApply()
	}()
	if st.Tab == "pipeline" {
		s.applyPipeline(st, stages)
		if s.Screen != File {
			return
		}
	}
	if st.Tab == "compare" || st.Compare != "" || compare != nil || st.CompareSHA256 != "" {
		switch {
		case compare != nil:
			name := st.Compare
			if name == "" {
				name = "compared file from the link"
			}
			if c := s.Cmp; c == nil || c.bRef.sha != linkstate.SHA256(compare) {
				s.startCompare(name, compare)
			}
		case st.CompareSHA256 != "":
			if c := s.Cmp; c == nil || c.bRef.sha != st.CompareSHA256 {
				p := st
				s.Link.Pending = &p
				s.Screen = File
				return
			}
		}
		if s.Cmp != nil {
			s.Screen = Compare
			if c := s.Cmp; c.Link != nil && (st.RootSig != "" || c.RootSigGiven) {
				s.compareRootSig(st.RootSig, rootSigVersion(st.RootSigVersion))
				c.RootSig.Rev++ // the link set the text: the text box shows it
			}
			s.compareSelectPath(st.Field)
			return
		}
	}
	s.Screen = File
	if m.File == nil {
		return
	}
	part := -1
	name := st.Part
	if name == "" && st.Field != "" {
		name, _, _ = strings.Cut(st.Field, "/")
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
		s.Link.Err = fmt.Sprintf("The link selects part %s, which %s does not have.", model.Shown(name), model.Shown(m.Name))
		return
	}
	if part < 0 {
		return
	}
	s.selectPart(part)
	s.fx.RevealPart = true
	s.Tab = OwnView
	for t, name := range tabNames {
		if st.Tab == name {
			s.Tab = t
		}
	}
	pv := m.Parts[part]
	s.textPage, s.textPart = nil, part
	if s.Tab == Text {
		for c, p := range st.Pages {
			if p = textPageOf(pv, c, p-1); p > 0 {
				if s.textPage == nil {
					s.textPage = map[string]int{}
				}
				s.textPage[c] = p
			}
		}
	}
	if len(st.Open) > 0 && pv.Tree() != nil && part < len(s.Expanded) {
		// The link's open nodes (none named: the default set, made when
		// the tree is first shown).
		t := pv.Tree()
		open := map[int]bool{t.Root.ID: true}
		for _, p := range st.Open {
			if n := t.FindField(p); n != nil {
				open[n.ID] = true
			}
		}
		s.Expanded[part] = open
		s.ExpandedRev++
	}
	if st.Field != "" {
		var n *model.Node
		if t := pv.Tree(); t != nil {
			n = t.FindField(st.Field)
		}
		if n == nil {
			s.Link.Err = fmt.Sprintf("The link selects %s, which %s does not have: showing the part.", model.Shown(st.Field), model.Shown(m.Name))
		} else {
			s.selectNode(part, n.ID)
			s.openTo(part, n)
			s.fx.RevealNode = true
		}
	}
	if !st.Hex.Empty() && st.Hex.Start < int64(len(m.Data)) {
		end := min(st.Hex.End, int64(len(m.Data)))
		if s.Sel.Off != st.Hex.Start || s.Sel.End() != end {
			// The field recorded there (the deepest with exactly this range), else the bytes alone.
			var sp decode.Span
			found := false
			m.Spans.Containing(st.Hex.Start, func(c decode.Span) bool {
				if c.Off == st.Hex.Start && c.End() == end {
					sp, found = c, true
				}
				return true
			})
			if !found {
				sp = decode.Span{Path: fmt.Sprintf("bytes %s–%s", model.Hex(st.Hex.Start), model.Hex(end)), Off: st.Hex.Start, Size: end - st.Hex.Start, Kind: decode.SpanRaw}
				if r, ok := pv.CodeAt(st.Hex.Start); ok && r.Off == st.Hex.Start && r.Size == end-st.Hex.Start {
					sp = codeSpan(r) // an instruction line's bytes
				}
			}
			s.Sel = sp
			s.Enc, _ = m.Spans.Enclosing(sp)
		}
		s.fx.RevealCode = true
	}
	s.followSource()
	if l, ok := model.ParseSourceLine(st.Src); ok && st.Src != "" {
		if sv := s.Sources(); sv != nil && l.File < len(sv.Files) {
			s.Src = l
			s.fx.RevealSource = true
		}
	}
	s.Link.Row = st.Row
	if st.Row > 0 {
		s.fx.RevealHex = false
		s.fx.ShowRow, s.fx.HexRow = true, st.Row
	} else {
		s.revealHex(s.Sel.Off)
	}
}

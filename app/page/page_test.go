package page_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/pageops"
	"github.com/dxscope/dxscope/views/model"
)

// TestMain ends the run with one line naming what was missing.
func TestMain(m *testing.M) { corpus.Main(m) }

// Corpus files the share tests open (app/share_e2e_test.go), and code.
const (
	vsFile    = "real/HansKristian-Work__vkd3d-proton/vs_topology.h__vs_topology_code_dxil.dxil"
	waveA     = "real/HansKristian-Work__vkd3d-proton/cs_wave_size_range_64.h__cs_wave_size_range_64_code_dxil.dxil"
	waveB     = "real/HansKristian-Work__vkd3d-proton/cs_wave_size_range_64_128.h__cs_wave_size_range_64_128_code_dxil.dxil"
	largeFile = "real/bkaradzic__bgfx/shaders__dxil__cs_fsr_easu_16.bin__off3c.dxil"
	shexFile  = "real/bkaradzic__bgfx/shaders__dxbc__cs_fsr_easu_32.bin__off3c.dxbc"
	dxilCode  = "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil"
)

// browser is the address bar and history a page runs in
// (pageops.Session), with the page tests' short names.
type browser struct {
	*pageops.Session
	t *testing.T
	s *page.State
}

func newBrowser(t *testing.T) *browser {
	s := page.New()
	return &browser{pageops.New(t, s), t, s}
}

// do carries out an operation's effects and returns them.
func (b *browser) do(fx page.Effects) page.Effects {
	b.t.Helper()
	return b.Do(fx)
}

func (b *browser) back() page.Effects {
	b.t.Helper()
	return b.Back()
}

func (b *browser) forward() page.Effects {
	b.t.Helper()
	return b.Forward()
}

// link is the address bar's fragment.
func (b *browser) link() string { return b.Link() }

// open opens bytes as the user does and carries out the effects.
func (b *browser) open(name string, data []byte) page.Effects {
	b.t.Helper()
	return b.do(b.s.Open(name, data))
}

// comparing is a browser that opened a and then, in compare mode, b.
func comparing(t *testing.T, aName string, a []byte, bName string, b []byte) *browser {
	t.Helper()
	br := newBrowser(t)
	br.open(aName, a)
	br.do(br.s.CompareMode())
	br.open(bName, b)
	return br
}

func (b *browser) part() string {
	if pv := b.s.PartView(); pv != nil {
		return pv.Name
	}
	return ""
}

func (b *browser) node() string {
	if n := b.s.SelectedNode(); n != nil {
		return n.JSONPath
	}
	return ""
}

// example reads one of the page's example files.
func example(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "web", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// partIndex returns the index in the model of the part of that name.
func partIndex(t *testing.T, s *page.State, name string) int {
	t.Helper()
	for i, pv := range s.Model.Parts {
		if pv.Name == name {
			return i
		}
	}
	t.Fatalf("%s has no part %s", s.Model.Name, name)
	return -1
}

// nodeID returns the ID of the node at a JSON path of the selected part.
func nodeID(t *testing.T, s *page.State, jsonPath string) int {
	t.Helper()
	n := s.TreeOf().Find(func(n *model.Node) bool { return n.JSONPath == jsonPath })
	if n == nil {
		t.Fatalf("no node %s in %s", jsonPath, s.PartView().Name)
	}
	return n.ID
}

func TestOpening(t *testing.T) {
	vertex := example(t, "vertex.dxbc")
	cases := []struct {
		name      string
		file      string
		wantPart  string
		wantSelAt int64 // a byte the selection must hold
		wantErr   bool  // the selection is a problem's byte
	}{
		{"a container opens on its first part", "vertex.dxbc", "ISG1", 0x34, false},
		{"a damaged file opens on its first error", "damaged.dxbc", "PSV0", 0x104, true},
		{"a compute example", "compute.dxbc", "PSV0", 0x28, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newBrowser(t)
			fx := b.s.Open(c.file, example(t, c.file))
			if !fx.LinkAfterPaint || fx.History != page.Keep {
				t.Errorf("opening writes the link %v/%v; want it after the paint", fx.History, fx.LinkAfterPaint)
			}
			if fx.Focus != "part-list" || !fx.FocusQuietly {
				t.Errorf("focus %q quietly=%v, want the part list focused without scrolling", fx.Focus, fx.FocusQuietly)
			}
			if !fx.RevealHex {
				t.Error("the hex view is not asked to show the selection")
			}
			b.do(fx)
			if b.s.Screen != page.File || b.part() != c.wantPart || b.s.Tab != page.OwnView {
				t.Errorf("screen %v, part %q, tab %v; want the file on %s's own view", b.s.Screen, b.part(), b.s.Tab, c.wantPart)
			}
			if c.wantSelAt < b.s.Sel.Off || c.wantSelAt >= b.s.Sel.End() {
				t.Errorf("selection %s %#x+%d does not hold %#x", b.s.Sel.Path, b.s.Sel.Off, b.s.Sel.Size, c.wantSelAt)
			}
			if b.At != 1 || !strings.Contains(b.link(), "name="+c.file) || !strings.Contains(b.link(), "&f=") {
				t.Errorf("history %d entries, link %.100s; want one pushed with the file inside", b.At+1, b.link())
			}
			if got, want := b.s.Title(), c.file+" · dxscope"; got != want {
				t.Errorf("title %q, want %q", got, want)
			}
		})
	}
	t.Run("containers inside a file", func(t *testing.T) {
		b := newBrowser(t)
		b.open("bundle.bin", example(t, "bundle.bin"))
		if b.s.Model.File != nil || len(b.s.Model.Embedded) != 2 {
			t.Fatalf("bundle.bin: file %v, %d embedded", b.s.Model.File != nil, len(b.s.Model.Embedded))
		}
		list := b.link()
		b.do(b.s.OpenNested(b.s.Model.Embedded[1].Offset))
		if b.s.Model.Base != 0x33e || b.Last.History != page.Push || !strings.Contains(b.link(), "at=0x33e") {
			t.Errorf("nested: base %#x, %v %.80s", b.s.Model.Base, b.Last.History, b.link())
		}
		b.back()
		if b.s.Model.File != nil || b.link() != list {
			t.Errorf("Back from the nested container: file %v", b.s.Model.File != nil)
		}
	})
	t.Run("SQLite opens as a database", func(t *testing.T) {
		b := newBrowser(t)
		b.open("vertex.dxbc", vertex)
		sodb := corpus.RepoFile(t, "decode/shaderdb/testdata/seed.sodb")
		b.open("seed.sodb", sodb)
		if b.s.Screen != page.Database || b.s.Model != nil || len(b.s.DB.List) != 1 || b.Last.History != page.Push {
			t.Fatalf("screen %v, %d databases, %v", b.s.Screen, len(b.s.DB.List), b.Last.History)
		}
		if got := b.s.Title(); got != "seed.sodb · dxscope" {
			t.Errorf("title %q", got)
		}
	})
}

// Part and field selections replace the history entry; a new file, a
// comparison or a database pushes one, so Back after five part clicks
// returns to the previous file.
func TestHistory(t *testing.T) {
	b := newBrowser(t)
	b.open("compute.dxbc", example(t, "compute.dxbc"))
	first := b.link()
	b.open("vertex.dxbc", example(t, "vertex.dxbc"))
	if b.At != 2 {
		t.Fatalf("%d history entries after two files, want 3 (the empty page and one per file)", b.At+1)
	}
	for _, name := range []string{"OSG1", "PSV0", "HASH", "DXIL", "ISG1"} {
		fx := b.do(b.s.SelectPart(partIndex(t, b.s, name)))
		if fx.History != page.Replace || !strings.Contains(fx.Link, "part="+name) {
			t.Errorf("part %s: %v %.80s; want the entry replaced", name, fx.History, fx.Link)
		}
	}
	b.do(b.s.SelectPart(partIndex(t, b.s, "PSV0")))
	if fx := b.do(b.s.SelectNode(b.s.Part, nodeID(t, b.s, "PSVInfo/SigOutputElements/1"))); fx.History != page.Replace || !strings.Contains(fx.Link, "field=PSVInfo/SigOutputElements/1") {
		t.Errorf("field: %v %.120s", fx.History, fx.Link)
	}
	if fx := b.do(b.s.SetTab(page.Tree)); fx.History != page.Replace || !strings.Contains(fx.Link, "tab=tree") {
		t.Errorf("tab: %v %.120s", fx.History, fx.Link)
	}
	if fx := b.do(b.s.Goto(0x210)); fx.History != page.Replace {
		t.Errorf("a byte: %v", fx.History)
	}
	if b.At != 2 {
		t.Fatalf("%d history entries after clicks in one file, want 3", b.At+1)
	}
	b.back()
	if b.s.Model.Name != "compute.dxbc" || b.link() != first {
		t.Errorf("Back shows %s, want compute.dxbc", b.s.Model.Name)
	}
	b.forward()
	if b.s.Model.Name != "vertex.dxbc" || b.part() != "DXIL" || b.s.Tab != page.Tree {
		t.Errorf("Forward shows %s part %s tab %v, want vertex.dxbc as it was left (DXIL in the tree)", b.s.Model.Name, b.part(), b.s.Tab)
	}
	b.back()
	b.back()
	if b.s.Model != nil || b.s.Screen != page.Welcome {
		t.Errorf("Back past the first file: model %v, screen %v", b.s.Model != nil, b.s.Screen)
	}
}

// TestBackBeforeTheLinkIsWritten: a file left before its link was written
// (the browser moved while it waited for the paint) is not what the address
// bar shows: the link of the file before it, applied again, shows that file,
// as app.Inspector's returnAfterDrop asks. Without LinkDropped the link is
// the one last written and changes nothing.
func TestBackBeforeTheLinkIsWritten(t *testing.T) {
	s := page.New()
	s.Open("compute.dxbc", example(t, "compute.dxbc"))
	first := s.Note().Link
	if fx := s.Open("vertex.dxbc", example(t, "vertex.dxbc")); !fx.LinkAfterPaint {
		t.Fatalf("an opened file's link does not wait for the paint: %+v", fx)
	}
	if fx := s.ApplyLink(first); !fx.Unchanged || s.Model.Name != "vertex.dxbc" {
		t.Fatalf("the link last written changed the page (%s shown): the test below proves nothing", s.Model.Name)
	}
	s.LinkDropped()
	if fx := s.ApplyLink(first); fx.Unchanged || s.Model.Name != "compute.dxbc" {
		t.Errorf("after LinkDropped, compute.dxbc's link shows %s (unchanged %v), want compute.dxbc", s.Model.Name, fx.Unchanged)
	}
	if fx := s.ApplyLink(first); !fx.Unchanged {
		t.Errorf("compute.dxbc's link applied twice changed the page the second time")
	}
}

// Every link form the share tests use restores its view.
func TestLinks(t *testing.T) {
	vertex := example(t, "vertex.dxbc")
	withFile := func(st linkstate.State) string { return linkstate.Encode(st, vertex) }
	cases := []struct {
		name     string
		link     string
		part     string // the part selected ("" for none)
		node     string // the node selected
		tab      page.Tab
		sel      [2]int64 // the selected bytes (0, 0: any)
		row      int64
		open     string // a node that must be open
		err      string // in the link error
		note     string // in the link note
		pending  bool   // the link waits for its file
		screen   page.Screen
		noFileAt bool
	}{
		{name: "part and file", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "PSV0"}), part: "PSV0", node: "", screen: page.File},
		{name: "field", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "PSV0", Field: "PSV0/SigOutputElements/1/Cols"}),
			part: "PSV0", node: "PSVInfo/SigOutputElements/1/Cols", open: "PSVInfo/SigOutputElements/1", screen: page.File},
		{name: "field without part", link: withFile(linkstate.State{Name: "vertex.dxbc", Field: "HASH/Digest"}), part: "HASH", node: "Hash/Digest", screen: page.File},
		{name: "tab=tree", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "PSV0", Tab: "tree"}), part: "PSV0", tab: page.Tree, screen: page.File},
		{name: "tab=text", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "DXIL", Tab: "text"}), part: "DXIL", tab: page.Text, screen: page.File},
		{name: "hex range", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "PSV0", Hex: linkstate.Range{Start: 0x110, End: 0x118}}),
			part: "PSV0", sel: [2]int64{0x110, 0x118}, screen: page.File},
		{name: "row", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "DXIL", Row: 7}), part: "DXIL", row: 7, screen: page.File},
		{name: "open nodes", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "PSV0", Open: []string{"PSV0/SigInputElements"}}),
			part: "PSV0", open: "PSVInfo/SigInputElements", screen: page.File},
		{name: "deep link waits for a file", link: "part=HASH", pending: true, screen: page.Welcome},
		{name: "by hash waits for the file", link: linkstate.EncodeLink(linkstate.Link{State: linkstate.State{Name: "vertex.dxbc", Part: "PSV0"}, File: vertex}, 1).Fragment,
			pending: true, screen: page.Welcome},
		{name: "damaged link", link: withFile(linkstate.State{Name: "vertex.dxbc"})[:200], err: "cannot be opened", screen: page.Welcome},
		{name: "bad escape", link: "field=%ZZ", err: "cannot be opened", screen: page.Welcome},
		{name: "bad hex", link: "hex=5-x", err: "hex=", screen: page.Welcome},
		{name: "unknown keys", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "HASH"}) + "&zz=1", part: "HASH", note: "zz", screen: page.File},
		{name: "missing part", link: withFile(linkstate.State{Name: "vertex.dxbc", Part: "RTS0"}), err: "part RTS0", part: "ISG1", screen: page.File},
		{name: "missing field", link: withFile(linkstate.State{Name: "vertex.dxbc", Field: "PSV0/Nope"}), err: "PSV0/Nope", part: "PSV0", screen: page.File},
		{name: "nested container", link: linkstate.Encode(linkstate.State{Name: "bundle.bin", At: 0x4f, Part: "PSV0"}, example(t, "bundle.bin")), part: "PSV0", screen: page.File},
		{name: "no container at at=", link: linkstate.Encode(linkstate.State{Name: "bundle.bin", At: 0x10}, example(t, "bundle.bin")), note: "no container there", screen: page.File, noFileAt: true},
		{name: "demo", link: "demo=grid", screen: page.Demo},
		{name: "empty", link: "", screen: page.Welcome},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newBrowser(t)
			b.Entries[0] = c.link
			fx := b.do(b.s.ApplyLink("#" + c.link))
			s := b.s
			if s.Screen != c.screen {
				t.Errorf("screen %v, want %v", s.Screen, c.screen)
			}
			if b.part() != c.part {
				t.Errorf("part %q, want %q", b.part(), c.part)
			}
			if c.node != "" && b.node() != c.node {
				t.Errorf("node %q, want %q", b.node(), c.node)
			}
			if s.Tab != c.tab {
				t.Errorf("tab %v, want %v", s.Tab, c.tab)
			}
			if c.sel != [2]int64{} && (s.Sel.Off != c.sel[0] || s.Sel.End() != c.sel[1]) {
				t.Errorf("selection %#x–%#x, want %#x–%#x", s.Sel.Off, s.Sel.End(), c.sel[0], c.sel[1])
			}
			if c.row > 0 && (!fx.ShowRow || fx.HexRow != c.row || s.Link.Row != c.row) {
				t.Errorf("row: show %v %d, state %d; want %d", fx.ShowRow, fx.HexRow, s.Link.Row, c.row)
			}
			if c.open != "" {
				id := nodeID(t, s, c.open)
				if !s.OpenNodes()[id] {
					t.Errorf("%s is not open", c.open)
				}
			}
			if !strings.Contains(s.Link.Err, c.err) || c.err == "" && s.Link.Err != "" {
				t.Errorf("error %q, want %q", s.Link.Err, c.err)
			}
			if !strings.Contains(s.Link.Note, c.note) || c.note == "" && s.Link.Note != "" {
				t.Errorf("note %q, want %q", s.Link.Note, c.note)
			}
			if (s.Link.Pending != nil) != c.pending {
				t.Errorf("pending %v, want %v", s.Link.Pending != nil, c.pending)
			}
			if c.noFileAt && (s.Model == nil || s.Model.Base != 0) {
				t.Error("the whole file is not shown")
			}
			if fx.History != page.Keep {
				t.Errorf("applying a link writes the address bar (%v)", fx.History)
			}
			// The page's own link is the one applied, rewritten: applying it
			// again changes nothing.
			if s.Model != nil && s.Link.Err == "" && c.note == "" {
				frag := s.Note()
				if frag.History != page.Keep {
					st, _, _ := linkstate.Decode(frag.Link)
					want, _, _ := linkstate.Decode(c.link)
					if want.Part != "" && st.Part != want.Part || st.Tab != want.Tab || st.Row != want.Row {
						t.Errorf("the page's link %+v differs from the one applied %+v", st, want)
					}
				}
			}
		})
	}
}

// A link that names its file by hash asks for it and refuses other files;
// a deep link applies to whatever file opens next.
func TestLinksWaitingForTheirFile(t *testing.T) {
	_, big := corpus.File(t, largeFile)
	_, a := corpus.File(t, waveA)
	name := filepath.Base(largeFile)
	enc := linkstate.EncodeLink(linkstate.Link{State: linkstate.State{Name: name, Part: "PSV0"}, File: big}, linkstate.MaxLinkLength)
	if enc.FileEmbedded {
		t.Fatalf("%s fits in a link", name)
	}
	b := newBrowser(t)
	b.Entries[0] = enc.Fragment
	b.do(b.s.ApplyLink(enc.Fragment))
	if p := b.s.Link.Pending; p == nil || p.SHA256 == "" || p.Size != int64(len(big)) {
		t.Fatalf("pending %+v", p)
	}
	b.open(filepath.Base(waveA), a)
	if !strings.Contains(b.s.Link.Err, "not the file") || b.s.Model != nil {
		t.Errorf("another file: error %q, model %v", b.s.Link.Err, b.s.Model != nil)
	}
	b.open(name, big)
	if b.s.Link.Err != "" || b.s.Link.Pending != nil || b.part() != "PSV0" {
		t.Errorf("the right file: error %q, part %s", b.s.Link.Err, b.part())
	}
	if !strings.Contains(b.link(), "sha=") || strings.Contains(b.link(), "&f=") {
		t.Errorf("the link should name the large file by hash: %.200s", b.link())
	}

	d := newBrowser(t)
	d.do(d.s.ApplyLink("part=HASH"))
	d.open(filepath.Base(waveA), a)
	if d.part() != "HASH" || d.s.Link.Pending != nil {
		t.Errorf("deep link: part %q", d.part())
	}
}

// TestShortLinkNamesTheFilesByHash: Effects.LinkShort, what the address bar
// holds of a view left before its link was due, is the link with each file
// it carries named by SHA-256 and size instead, the rest of the view the
// same; a link that carries no file has none.
func TestShortLinkNamesTheFilesByHash(t *testing.T) {
	_, a := corpus.File(t, waveA)
	_, bb := corpus.File(t, waveB)
	check := func(what string, fx page.Effects, files ...[]byte) {
		t.Helper()
		long, err := linkstate.DecodeLink(fx.Link)
		if err != nil {
			t.Fatalf("%s: the link %.80s: %v", what, fx.Link, err)
		}
		short, err := linkstate.DecodeLink(fx.LinkShort)
		if err != nil {
			t.Fatalf("%s: the short link %.80s: %v", what, fx.LinkShort, err)
		}
		want := long.State
		want.SHA256, want.Size = linkstate.SHA256(files[0]), int64(len(files[0]))
		if len(files) > 1 {
			want.CompareSHA256, want.CompareSize = linkstate.SHA256(files[1]), int64(len(files[1]))
		}
		if long.File == nil || short.File != nil || short.Compare != nil || !reflect.DeepEqual(short.State, want) {
			t.Errorf("%s: short link %q\n for %.120s\n reads %+v\n want %+v", what, fx.LinkShort, fx.Link, short.State, want)
		}
		if len(fx.LinkShort) >= len(fx.Link) {
			t.Errorf("%s: the short link has %d characters, the link %d", what, len(fx.LinkShort), len(fx.Link))
		}
	}
	b := newBrowser(t)
	check("an opened file", b.open("a.dxil", a), a)
	check("a part selected", b.do(b.s.SelectPart(partIndex(t, b.s, "PSV0"))), a)
	b.do(b.s.CompareMode())
	check("a compare", b.open("b.dxil", bb), a, bb)

	// A file too large for a link is named by hash already: no shorter form.
	big := append(append([]byte(nil), a...), make([]byte, 300<<10)...)
	h := newBrowser(t)
	if fx := h.open("big.dxil", big); !strings.Contains(fx.Link, "sha=") || strings.Contains(fx.Link, "f=") || fx.LinkShort != "" {
		t.Errorf("a 300 KB file: link %.100s, short link %.100s", fx.Link, fx.LinkShort)
	}
}

// A file larger than MaxOpen is refused by its size, before it is read,
// with the size and the command that reads it; MaxOpen itself is read.
func TestTooLarge(t *testing.T) {
	s := page.New()
	if s.TooLarge("edge.bin", page.MaxOpen) || s.Status != "" {
		t.Errorf("a file of exactly MaxOpen is refused: %q", s.Status)
	}
	if !s.TooLarge("pak.bin", 5<<30+1) {
		t.Fatal("a 5 GiB file is not refused")
	}
	want := "pak.bin is 5.0 GiB: the page reads files of up to 2.0 GiB"
	if !strings.HasPrefix(s.Status, want) || !strings.Contains(s.Status, "dxscope check --max-size 6GiB FILE") {
		t.Errorf("status %q, want it to begin %q and name --max-size 6GiB", s.Status, want)
	}
}

// The page holds at most Keeps bytes of files at once (MaxOpen, 2 GiB, in
// the browser: wasm's memory ends at 4 GiB, and two files of 1 GiB compared
// ended the program). Under a budget of three files of waveA's size: a
// third file is not compared beside two (the file shown stays, compare
// mode ends), a new file replaces the shown ones and opens, and an edit
// (a copy) stops at the budget, with the reason.
func TestWhatThePageHoldsIsBounded(t *testing.T) {
	_, a := corpus.File(t, waveA)
	bb := append([]byte(nil), a...)
	third := append([]byte(nil), a...)
	s := page.New()
	s.Keeps = int64(3*len(a) - 1)
	s.Open("a.dxil", a)
	s.CompareNext()
	if s.TooLarge("b.dxil", int64(len(bb))) {
		t.Fatalf("two files refused under a budget of three: %q", s.Status)
	}
	s.Open("b.dxil", bb)
	if !s.Comparing() {
		t.Fatal("the compare did not start")
	}
	s.CompareNext()
	if !s.TooLarge("c.dxil", int64(len(third))) || s.Next != page.OpenAsNew || !strings.Contains(s.Status, "c.dxil (") || !strings.Contains(s.Status, "was not compared") {
		t.Errorf("a third file to compare beside two: status %q, next %v", s.Status, s.Next)
	}
	if s.TooLarge("c.dxil", int64(len(third))) {
		t.Errorf("a file that replaces the shown ones is refused: %q", s.Status)
	}
	s.Open("c.dxil", third)
	if s.Comparing() || s.Model.Name != "c.dxil" {
		t.Fatalf("the new file is not shown alone")
	}
	s.StartEdit()
	if s.EditSign(edit.Retail); s.Edit.Err != "" || len(s.Edit.Steps) != 1 {
		t.Fatalf("the first edit (a second copy): %q", s.Edit.Err)
	}
	if s.EditSign(edit.Retail); len(s.Edit.Steps) != 1 || !strings.Contains(s.Edit.Err, "would pass the") {
		t.Errorf("the second edit, a third copy: %d steps, %q", len(s.Edit.Steps), s.Edit.Err)
	}
}

// A file larger than HashAbove is hashed for its link in steps: HashStep
// says false until every step is taken, the link then names the file by
// crypto/sha256's hash, and a link needed sooner (Note after one step)
// finishes the hash itself. A small file's link is ready at once.
func TestLargeFileHashedInSteps(t *testing.T) {
	_, a := corpus.File(t, waveA)
	big := append(append([]byte(nil), a...), make([]byte, page.HashAbove+3<<20+5)...)
	want := sha256.Sum256(big)
	for _, early := range []bool{false, true} {
		s := page.New()
		fx := s.Open("big.dxil", big)
		if !fx.LinkAfterPaint {
			t.Fatalf("opening a file: the link is not written after the paint")
		}
		steps := 0
		for !s.HashStep(1 << 20) {
			steps++
			if early {
				break
			}
			if steps > len(big)>>20+2 {
				t.Fatal("HashStep never says true")
			}
		}
		if !early && steps != len(big)>>20 {
			t.Errorf("%d MB hashed in %d steps of 1 MB, want %d", len(big)>>20, steps, len(big)>>20)
		}
		l, err := linkstate.DecodeLink(s.Note().Link)
		if err != nil {
			t.Fatal(err)
		}
		if l.State.SHA256 != hex.EncodeToString(want[:]) || l.State.Size != int64(len(big)) {
			t.Errorf("early=%v: the link names sha=%s size=%d, want %x size=%d", early, l.State.SHA256, l.State.Size, want, len(big))
		}
		if !s.HashStep(1) {
			t.Errorf("early=%v: HashStep after the link is written says false", early)
		}
	}
	s := page.New()
	s.Open("a.dxil", a)
	if !s.HashStep(1) {
		t.Error("a small file: HashStep says false")
	}
}

// Compare: compare mode makes the next file the compared one; the link
// carries both files and the difference; a compare link by hash asks for
// the compared file.
func TestCompare(t *testing.T) {
	_, a := corpus.File(t, waveA)
	_, bb := corpus.File(t, waveB)
	_, vs := corpus.File(t, vsFile)
	b := newBrowser(t)
	b.open("a.dxil", a)
	b.do(b.s.CompareMode())
	if b.s.Next != page.OpenAsCompared || !strings.Contains(b.s.Link.Note, "Compare mode") {
		t.Fatalf("compare mode: %v %q", b.s.Next, b.s.Link.Note)
	}
	b.open("b.dxil", bb)
	if b.s.Screen != page.Compare || b.s.Cmp == nil || !b.s.Cmp.HasSel || b.Last.History != page.Push {
		t.Fatalf("compare: screen %v, history %v", b.s.Screen, b.Last.History)
	}
	if !b.Last.RevealCompare || b.s.Cmp.SelA.Size == 0 || b.s.Cmp.SelB.Size == 0 {
		t.Errorf("both sides selected and shown: %v %v %v", b.Last.RevealCompare, b.s.Cmp.SelA, b.s.Cmp.SelB)
	}
	st, err := linkstate.DecodeLink(b.link())
	if err != nil || st.State.Tab != "compare" || st.State.Compare != "b.dxil" || st.File == nil || st.Compare == nil || st.State.Field == "" {
		t.Fatalf("compare link %+v %v", st.State, err)
	}
	if got := b.s.Title(); got != "a.dxil ↔ b.dxil · dxscope" {
		t.Errorf("title %q", got)
	}
	// The link reopens the comparison on the same difference.
	c := newBrowser(t)
	c.Entries[0] = b.link()
	c.do(c.s.ApplyLink(b.link()))
	if !c.s.Comparing() || c.s.Cmp.Sel != b.s.Cmp.Sel {
		t.Errorf("the compare link shows %v, selection %+v want %+v", c.s.Screen, c.s.Cmp, b.s.Cmp.Sel)
	}
	// Close it: a view of its own.
	b.do(b.s.CloseCompare())
	if b.s.Screen != page.File || b.Last.History != page.Push {
		t.Errorf("closing: %v %v", b.s.Screen, b.Last.History)
	}
	b.back()
	if !b.s.Comparing() {
		t.Errorf("Back returns to the comparison: %v", b.s.Screen)
	}
	// By hash: the compared file is asked for and checked.
	h := linkstate.EncodeLink(linkstate.Link{State: linkstate.State{Name: "a.dxil", Tab: "compare", Compare: "b.dxil"}, File: a, Compare: bb}, 1)
	if h.CompareEmbedded {
		t.Fatal("the compared file is embedded")
	}
	f := linkstate.State{Name: "a.dxil", Tab: "compare", Compare: "b.dxil", CompareSHA256: linkstate.SHA256(bb), CompareSize: int64(len(bb))}
	frag := linkstate.Encode(f, a)
	d := newBrowser(t)
	d.do(d.s.ApplyLink(frag))
	if d.s.Link.Pending == nil || d.s.Link.Pending.CompareSHA256 == "" || d.s.Comparing() {
		t.Fatalf("the compared file by hash: pending %+v", d.s.Link.Pending)
	}
	d.open("v.dxil", vs)
	if !strings.Contains(d.s.Link.Err, "compared file") {
		t.Errorf("another compared file: %q", d.s.Link.Err)
	}
	d.open("b.dxil", bb)
	if !d.s.Comparing() || d.s.Link.Pending != nil || d.s.Link.Err != "" {
		t.Errorf("the right compared file: comparing %v, err %q", d.s.Comparing(), d.s.Link.Err)
	}
}

// A database: opening it is a history entry; a container opened from it is
// another, whose link names the database by hash and the container by
// offset; Back and Forward move between them.
func TestDatabase(t *testing.T) {
	sodb := corpus.RepoFile(t, "decode/shaderdb/testdata/seed.sodb")
	b := newBrowser(t)
	b.open("seed.sodb", sodb)
	dbLink := b.link()
	if b.s.Screen != page.Database || !strings.Contains(dbLink, "name=seed.sodb") {
		t.Fatalf("database: %v %.80s", b.s.Screen, dbLink)
	}
	cs := b.s.DB.List[0].DB.Containers()
	if len(cs) == 0 {
		t.Fatal("the seed database lists no containers")
	}
	b.do(b.s.OpenDBContainer(model.DBContainerRef{DB: 0, C: cs[0]}))
	if b.s.Screen != page.File || !b.s.FromDatabase() || b.Last.History != page.Push {
		t.Fatalf("container from the database: %v from %v %v", b.s.Screen, b.s.FromDatabase(), b.Last.History)
	}
	cLink := b.link()
	if cs[0].FileOffset > 0 && !strings.Contains(cLink, "at=0x") {
		t.Errorf("the container's link %.100s does not name its offset", cLink)
	}
	b.back()
	if b.s.Screen != page.Database || b.s.Model != nil {
		t.Errorf("Back: screen %v", b.s.Screen)
	}
	b.forward()
	if b.s.Screen != page.File || b.s.Model == nil {
		t.Errorf("Forward: screen %v", b.s.Screen)
	}
	b.do(b.s.BackToDatabase())
	if b.s.Screen != page.Database || b.Last.History != page.Push {
		t.Errorf("Back to the database: %v %v", b.s.Screen, b.Last.History)
	}
	// In a fresh page the database's link by hash waits for the database.
	byHash := linkstate.EncodeLink(linkstate.Link{State: linkstate.State{Name: "seed.sodb"}, File: sodb}, 1).Fragment
	c := newBrowser(t)
	c.do(c.s.ApplyLink(byHash))
	if c.s.Link.Pending == nil {
		t.Fatal("the database link does not wait for its file")
	}
	c.open("seed.sodb", sodb)
	if c.s.Screen != page.Database || c.s.Link.Pending != nil {
		t.Errorf("given the database: %v, pending %v", c.s.Screen, c.s.Link.Pending != nil)
	}
	c.do(c.s.CloseDatabase(0))
	if c.s.Screen != page.Welcome || len(c.s.DB.List) != 0 {
		t.Errorf("closing the only database: %v", c.s.Screen)
	}
}

// Selections stay where the eye is: a byte clicked inside code shown by
// the part's own view selects exactly its instruction and keeps the view;
// in the tree it selects the deepest field.
func TestSelectingCode(t *testing.T) {
	cases := []struct {
		name string
		file string
		part string
		off  func(pv *model.PartView) int64 // a byte inside code
	}{
		{"SHEX token", shexFile, "SHEX", func(pv *model.PartView) int64 { return pv.CodeListing().Lines[13].Off + 5 }},
		{"DXIL bitcode record", dxilCode, "DXIL", func(pv *model.PartView) int64 {
			d := pv.Disassembly()
			for _, l := range d.Lines {
				if l.Inst && strings.Contains(l.Text, "@dx.op.storeOutput.f32(i32 5") {
					return l.Off + l.Size/2
				}
			}
			t.Fatal("no storeOutput call")
			return 0
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, data := corpus.File(t, c.file)
			b := newBrowser(t)
			b.open(filepath.Base(c.file), data)
			b.do(b.s.SelectPart(partIndex(t, b.s, c.part)))
			pv := b.s.PartView()
			off := c.off(pv)
			want, ok := pv.CodeAt(off)
			if !ok {
				t.Fatalf("no code at %#x", off)
			}
			fx := b.do(b.s.SelectByte(off))
			if b.s.Tab != page.OwnView || b.part() != c.part {
				t.Errorf("tab %v part %s: the code view must stay", b.s.Tab, b.part())
			}
			if b.s.Sel.Off != want.Off || b.s.Sel.Size != want.Size || !fx.RevealCode {
				t.Errorf("selection %#x+%d (reveal %v), want the instruction %q at %#x+%d", b.s.Sel.Off, b.s.Sel.Size, fx.RevealCode, want.Text, want.Off, want.Size)
			}
			if fx.History != page.Replace {
				t.Errorf("a byte click writes the link as %v", fx.History)
			}
			// The link reopens on the same instruction.
			r := newBrowser(t)
			r.do(r.s.ApplyLink(fx.Link))
			if r.s.Sel.Off != want.Off || r.s.Sel.Size != want.Size || r.s.Tab != page.OwnView {
				t.Errorf("the link reopens %#x+%d on tab %v", r.s.Sel.Off, r.s.Sel.Size, r.s.Tab)
			}
			// In the tree, the same byte selects its deepest field.
			b.do(b.s.SetTab(page.Tree))
			b.do(b.s.SelectByte(off))
			deep, _ := b.s.Model.Spans.Deepest(off)
			if b.s.Tab != page.Tree || b.s.Sel.Off != deep.Off || b.s.Sel.Size != deep.Size || b.node() == "" {
				t.Errorf("in the tree: tab %v, selection %s %#x+%d, node %q; want %s", b.s.Tab, b.s.Sel.Path, b.s.Sel.Off, b.s.Sel.Size, b.node(), deep.Path)
			}
		})
	}
}

// Keys move through parts and tree nodes; the link follows.
func TestKeys(t *testing.T) {
	b := newBrowser(t)
	b.open("vertex.dxbc", example(t, "vertex.dxbc"))
	steps := []struct {
		key     string
		where   page.KeyPlace
		handled bool
		part    string
		tab     page.Tab
		focus   string
	}{
		{"]", page.Elsewhere, true, "OSG1", page.OwnView, ""},
		{"ArrowDown", page.InPartList, true, "PSV0", page.OwnView, ""},
		{"ArrowUp", page.InPartList, true, "OSG1", page.OwnView, ""},
		{"ArrowRight", page.InPartList, true, "OSG1", page.Tree, "tree"},
		{"ArrowDown", page.InTree, true, "OSG1", page.Tree, ""},
		{"g", page.Elsewhere, true, "OSG1", page.Tree, "hex-goto"},
		{"x", page.Elsewhere, false, "OSG1", page.Tree, ""},
		{"[", page.Elsewhere, true, "ISG1", page.OwnView, ""},
	}
	for _, st := range steps {
		fx, handled := b.s.Key(st.key, st.where)
		b.do(fx)
		if handled != st.handled || b.part() != st.part || b.s.Tab != st.tab || fx.Focus != st.focus {
			t.Errorf("%s: handled %v part %s tab %v focus %q; want %v %s %v %q", st.key, handled, b.part(), b.s.Tab, fx.Focus, st.handled, st.part, st.tab, st.focus)
		}
	}
	if b.At != 1 {
		t.Errorf("%d history entries after keys in one file, want 2", b.At+1)
	}
	if fx, _ := b.s.Key("?", page.Elsewhere); !b.s.ShowKeys || fx.History != page.Keep {
		t.Error("? does not show the keys")
	}
}

// The problems list's buttons select the first problem of a severity.
func TestShowFirstProblem(t *testing.T) {
	b := newBrowser(t)
	b.open("damaged.dxbc", example(t, "damaged.dxbc"))
	fx := b.do(b.s.ShowFirstProblem("warning"))
	if !fx.ShowProblem || b.s.Model.Problems[fx.Problem].Severity != decode.Warning || !fx.RevealHex {
		t.Fatalf("effects %+v", fx)
	}
	p := b.s.Model.Problems[fx.Problem]
	if p.Offset < b.s.Sel.Off || p.Offset >= b.s.Sel.End() {
		t.Errorf("the selection %#x+%d does not hold the warning's byte %#x", b.s.Sel.Off, b.s.Sel.Size, p.Offset)
	}
}

// TestSelectingAListingLine: a listing line names its field by path; the
// page finds the field's node when the line is clicked (SelectField), and
// falls back to the line's bytes, or to nothing, when the tree has none.
func TestSelectingAListingLine(t *testing.T) {
	const aon9File = "real/microsoft__DirectXTK/BasicEffect_VSBasicOneLightTxBn.inc__BasicEffect_VSBasicOneLightTxBn.dxbc"
	_, data := corpus.File(t, aon9File)
	b := newBrowser(t)
	b.open(filepath.Base(aon9File), data)
	b.do(b.s.SelectPart(partIndex(t, b.s, "SHDR")))
	pv := b.s.PartView()
	pv.LoadSpecials()
	var line *model.ListingLine
	for i, l := range pv.FXCHeader {
		if l.Part >= 0 && strings.Contains(l.Text, "NORMAL") {
			line = &pv.FXCHeader[i]
			break
		}
	}
	if line == nil {
		t.Fatal("no header line names the NORMAL input")
	}
	b.do(b.s.SelectField(line.Part, line.Path, line.Off, line.Size))
	if got := b.part(); got != "ISGN" {
		t.Fatalf("the NORMAL row selected part %s, want ISGN", got)
	}
	n := b.s.SelectedNode()
	if n == nil || n.JSONPath != "Signature/Parameters/1" {
		t.Fatalf("the NORMAL row selected node %v, want ISGN's Signature/Parameters/1", n)
	}
	if b.s.Sel.Off != line.Off {
		t.Errorf("selected bytes start at 0x%x, the line's at 0x%x", b.s.Sel.Off, line.Off)
	}
	isgn := partIndex(t, b.s, "ISGN")
	fx := b.s.SelectField(isgn, "Signature/NoSuchField", 0, 0)
	if !fx.Unchanged {
		t.Errorf("a path the tree lacks, without bytes, changed the page: %+v", fx)
	}
	b.do(b.s.SelectField(isgn, "Signature/NoSuchField", 0x20, 4))
	if b.s.Sel.Off > 0x20 || b.s.Sel.Off+b.s.Sel.Size <= 0x20 {
		t.Errorf("a path the tree lacks selected %+v, want the field holding 0x20", b.s.Sel)
	}
}

// Compare of shaders of adjacent stages carries their linkage: a row
// selects the output's bytes on the earlier stage's side and the input's
// on the later's, and shows both; choosing a difference leaves the row.
func TestCompareLinkage(t *testing.T) {
	vs, ps := corpus.RepoFile(t, "web/examples/vertex.dxbc"), corpus.RepoFile(t, "web/examples/pixel.dxbc")
	for _, order := range []struct {
		a, b       []byte
		earlierIsB bool
	}{{vs, ps, false}, {ps, vs, true}} {
		b := comparing(t, "a.dxbc", order.a, "b.dxbc", order.b)
		l := b.s.Cmp.Link
		if l == nil || len(l.Rows) != 2 || l.EarlierIsB != order.earlierIsB || b.s.Cmp.LinkSel != -1 {
			t.Fatalf("linkage %+v", l)
		}
		b.do(b.s.CompareLinkRow(1))
		out, in := b.s.Cmp.SelA, b.s.Cmp.SelB
		if order.earlierIsB {
			out, in = in, out
		}
		r := l.Rows[1]
		if b.s.Cmp.LinkSel != 1 || b.s.Cmp.HasSel || !b.Last.RevealCompare || in.Off != r.InOff || in.Size != 32 || out.Off != r.OutOff || out.Size != 32 {
			t.Errorf("row 1: selected %d, in %+v, out %+v, row %+v", b.s.Cmp.LinkSel, in, out, r)
		}
		if fx := b.s.CompareLinkRow(2); !fx.Unchanged {
			t.Error("a row past the end changed the page")
		}
		// The link names the row, and opens on it.
		st, err := linkstate.DecodeLink(b.link())
		if err != nil || st.State.Field != "linkage/1" {
			t.Fatalf("link field %q, %v", st.State.Field, err)
		}
		c := newBrowser(t)
		c.do(c.s.ApplyLink(b.link()))
		if !c.s.Comparing() || c.s.Cmp.LinkSel != 1 || c.s.Cmp.SelA != b.s.Cmp.SelA || c.s.Cmp.SelB != b.s.Cmp.SelB {
			t.Errorf("the link opens on row %d, %+v %+v", c.s.Cmp.LinkSel, c.s.Cmp.SelA, c.s.Cmp.SelB)
		}
		if ref, ok := model.FirstDifference(b.s.Cmp.Diff); ok {
			b.do(b.s.CompareSelect(ref))
			if b.s.Cmp.LinkSel != -1 {
				t.Error("a difference chosen left the linkage row selected")
			}
		}
	}
	_, wa := corpus.File(t, waveA)
	_, wb := corpus.File(t, waveB)
	b := comparing(t, "a.dxil", wa, "b.dxil", wb)
	if b.s.Cmp.Link != nil {
		t.Errorf("two builds of one shader: linkage %+v", b.s.Cmp.Link)
	}
}

// TestCompareWithThePipelinesRootSignature: the compare view checks a pair
// as a pipeline created with a root signature the user gives, as `dxscope
// link --rootsig` does (TestLinkCommandWithRootSignature): vkd3d-proton's
// pixel shader binds b0 and t0, so CBV(b0) leaves t0 uncovered and
// CBV(b0), DescriptorTable(SRV(t0)) covers both; a text that does not
// parse keeps the linkage and says where; the link carries the text.
func TestCompareWithThePipelinesRootSignature(t *testing.T) {
	vs := corpus.RepoFile(t, "web/examples/vertex.dxbc")
	_, ps := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__ps_code_dxil__v5.dxil")
	b := comparing(t, "vs.dxbc", vs, "ps.dxil", ps)
	c := b.s.Cmp
	if c.Link == nil || !c.Link.Links || c.RootSigGiven || c.Link.GivenRootSig {
		t.Fatalf("the pair with the shaders' own root signatures: %+v", c.Link)
	}
	rootSigErrors := func() (n int, text string) {
		for _, p := range c.Link.Problems {
			if p.Rule == "LINK.ROOTSIG" && p.Severity == "error" {
				n, text = n+1, p.Text
			}
		}
		return
	}
	b.do(b.s.CompareRootSig("CBV(b0)", rootsig.Version1_1))
	if n, text := rootSigErrors(); c.Link.Links || !c.RootSigGiven || !c.Link.GivenRootSig || n != 1 ||
		!strings.Contains(text, "the pixel shader: register(t0, space0)") || !strings.Contains(c.Link.Title, "does not link (1 error)") {
		t.Errorf("CBV(b0): links %v, given %v, %d errors (%q), title %q", c.Link.Links, c.RootSigGiven, n, text, c.Link.Title)
	}
	// The link carries the text and its version, and opens on the same check.
	l, err := linkstate.DecodeLink(b.link())
	if err != nil || l.State.RootSig != "CBV(b0)" || l.State.RootSigVersion != "1.1" {
		t.Fatalf("the link's root signature %q %q, %v", l.State.RootSig, l.State.RootSigVersion, err)
	}
	o := newBrowser(t)
	o.do(o.s.ApplyLink(b.link()))
	if oc := o.s.Cmp; oc == nil || !oc.RootSigGiven || oc.RootSig.Text != "CBV(b0)" || oc.Link.Links || oc.RootSig.Rev == 0 {
		t.Errorf("the link opens without the root signature it carries (%v)", oc != nil)
	}
	b.do(b.s.CompareRootSig("CBV(b0), DescriptorTable(SRV(t0))", rootsig.Version1_0))
	if n, _ := rootSigErrors(); !c.Link.Links || n != 0 || !c.RootSigGiven {
		t.Errorf("CBV(b0), DescriptorTable(SRV(t0)): links %v, %d errors", c.Link.Links, n)
	}
	if l, _ := linkstate.DecodeLink(b.link()); l.State.RootSigVersion != "1.0" {
		t.Errorf("version 1.0 in the link as %q", l.State.RootSigVersion)
	}
	before := c.Link
	b.do(b.s.CompareRootSig("CBV(b0),\n  DescriptorTable(SRV(t0)", rootsig.Version1_1))
	if e := c.RootSig.Err; e == nil || e.Line != 2 || c.Link != before {
		t.Errorf("a text that does not parse: error %+v, linkage changed %v", e, c.Link != before)
	}
	// The link keeps the text the linkage was checked with.
	if l, _ := linkstate.DecodeLink(b.link()); l.State.RootSig != "CBV(b0), DescriptorTable(SRV(t0))" || l.State.RootSigVersion != "1.0" {
		t.Errorf("after a text that does not parse, the link says rs=%q rsv=%q", l.State.RootSig, l.State.RootSigVersion)
	}
	b.do(b.s.CompareRootSig("  ", rootsig.Version1_1))
	if c.RootSigGiven || c.Link.GivenRootSig || !c.Link.Links || c.RootSig.Err != nil {
		t.Errorf("an empty text: given %v, links %v, error %+v", c.RootSigGiven, c.Link.Links, c.RootSig.Err)
	}
	if l, _ := linkstate.DecodeLink(b.link()); l.State.RootSig != "" {
		t.Errorf("the shaders' own root signatures, and the link says rs=%q", l.State.RootSig)
	}

	// Where a shader carries a root signature, the text starts as it (the
	// one the application's is usually written from), not yet used.
	_, vsx := corpus.File(t, "real/microsoft__DirectXTK12/AlphaTestEffect_VSAlphaTestNoFog.inc__AlphaTestEffect_VSAlphaTestNoFog.dxbc")
	_, psx := corpus.File(t, "real/microsoft__DirectXTK12/AlphaTestEffect_PSAlphaTestEqNeNoFog.inc__AlphaTestEffect_PSAlphaTestEqNeNoFog.dxbc")
	x := comparing(t, "ps.dxbc", psx, "vs.dxbc", vsx)
	xc := x.s.Cmp
	f, err := decode.Parse(vsx)
	if err != nil || f.Part("RTS0") == nil || f.Part("RTS0").RootSignature == nil {
		t.Fatalf("the DirectXTK12 vertex shader carries no root signature: %v", err)
	}
	want := f.Part("RTS0").RootSignature.HLSL()
	if xc.Link == nil || xc.RootSig.Text != want || xc.RootSig.Version != rootsig.Version1_1 || xc.RootSigGiven {
		t.Fatalf("the text starts as %q (version %d, given %v), want B's %q", xc.RootSig.Text, xc.RootSig.Version, xc.RootSigGiven, want)
	}
	x.do(x.s.CompareRootSig(xc.RootSig.Text, xc.RootSig.Version))
	if !xc.RootSigGiven || !xc.Link.Links {
		t.Errorf("the pair given the root signature its vertex shader carries: links %v, %+v", xc.Link.Links, xc.Link.Problems)
	}
}

// A pair neither of whose shaders carries a root signature: the compare
// view's root signature starts as dxscope's suggestion for both
// (decode.SuggestRootSignature, held to the corpus there), which the pair
// links with; edit mode on a shader without RTS0 starts its text as the
// suggestion for that shader alone. Checking or applying a text ends the
// suggestion.
func TestSuggestedRootSignatures(t *testing.T) {
	vs := corpus.RepoFile(t, "web/examples/vertex.dxbc")
	_, ps := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__ps_code_dxil__v5.dxil")
	b := comparing(t, "vs.dxbc", vs, "ps.dxil", ps)
	c := b.s.Cmp
	want := "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT),\nCBV(b0),\nDescriptorTable(SRV(t0), visibility = SHADER_VISIBILITY_PIXEL)"
	if c.Link == nil || !c.RootSig.Suggested || c.RootSig.Text != want || c.RootSigGiven {
		t.Fatalf("the text starts as %q (suggested %v), want %q", c.RootSig.Text, c.RootSig.Suggested, want)
	}
	noted := false
	for _, p := range c.Link.Problems {
		noted = noted || p.Rule == "LINK.NOROOTSIG" && p.Severity == "note"
	}
	if !noted {
		t.Errorf("no LINK.NOROOTSIG note: %+v", c.Link.Problems)
	}
	b.do(b.s.CompareRootSig(c.RootSig.Text, c.RootSig.Version))
	for _, p := range c.Link.Problems {
		if strings.HasPrefix(p.Rule, "LINK.ROOTSIG") || p.Rule == "LINK.NOROOTSIG" {
			t.Errorf("checked with the suggestion: %+v", p)
		}
	}
	if !c.Link.Links || !c.RootSigGiven || c.RootSig.Suggested {
		t.Errorf("checked with the suggestion: links %v, given %v, still suggested %v", c.Link.Links, c.RootSigGiven, c.RootSig.Suggested)
	}

	e := newBrowser(t)
	e.open("vs.dxbc", vs)
	e.do(e.s.StartEdit())
	if rs := e.s.Edit.RS; !rs.Suggested || rs.Text != "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT),\nCBV(b0, visibility = SHADER_VISIBILITY_VERTEX)" {
		t.Errorf("edit mode starts with %q (suggested %v)", rs.Text, rs.Suggested)
	}
	e.do(e.s.ApplyRootSig(e.s.Edit.RS.Text, rootsig.Version1_1, false))
	if rs := e.s.Edit.RS; rs.Suggested || !rs.Covered || e.s.Model.File.Part("RTS0") == nil {
		t.Errorf("applied: suggested %v, covered %v, RTS0 %v (%+v)", rs.Suggested, rs.Covered, e.s.Model.File.Part("RTS0") != nil, rs.Cover)
	}
}

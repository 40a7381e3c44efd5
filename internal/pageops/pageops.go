// Package pageops runs the page's operations (app/page) as a fuzz input
// orders them, in a session with an address bar and history as the
// browser keeps them. app/page's FuzzPageOps runs them on the page state,
// app's FuzzPageDraws draws the whole page after each one.
package pageops

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/hostile"
	"github.com/dxscope/dxscope/views/model"
)

// Session is a page in a browser: it carries out the link effects as
// app.Inspector does (a push is a new entry, a replace rewrites the current
// one, a link after the paint is written at once) and goes Back and
// Forward through ApplyLink, as go-app's OnNav does.
type Session struct {
	T       testing.TB
	S       *page.State
	Entries []string
	At      int
	Last    page.Effects // the effects of the last operation
}

// New is a session of s with nothing open.
func New(t testing.TB, s *page.State) *Session {
	return &Session{T: t, S: s, Entries: []string{""}}
}

// Do carries out an operation's effects and returns them. The page's own
// link, applied as the browser applies it after a push, must change
// nothing.
func (b *Session) Do(fx page.Effects) page.Effects {
	b.T.Helper()
	if fx.LinkAfterPaint {
		later := b.S.Note()
		fx.History, fx.Link, fx.LinkShort = later.History, later.Link, later.LinkShort
	}
	switch fx.History {
	case page.Push:
		b.Entries = append(b.Entries[:b.At+1], fx.Link)
		b.At++
		if again := b.S.ApplyLink(fx.Link); !again.Unchanged {
			b.T.Errorf("the page's own link %.80s changed the page", fx.Link)
		}
	case page.Replace:
		b.Entries[b.At] = fx.Link
	}
	b.Last = fx
	return fx
}

// Back goes to the previous history entry.
func (b *Session) Back() page.Effects {
	b.T.Helper()
	if b.At == 0 {
		b.T.Fatal("no history entry to go back to")
	}
	b.At--
	return b.Do(b.S.ApplyLink(b.Entries[b.At]))
}

// Forward goes to the next history entry.
func (b *Session) Forward() page.Effects {
	b.T.Helper()
	b.At++
	return b.Do(b.S.ApplyLink(b.Entries[b.At]))
}

// Link is the address bar's fragment.
func (b *Session) Link() string { return b.Entries[b.At] }

// File is a file the operations open.
type File struct {
	Name string
	Data []byte
}

// Files are what Run opens: the page's examples, the linkage fixtures, the
// fixtures with a PRIV part of noise (a link then names them by hash and
// waits for them), a state object database, and the hostile seeds.
// root is the repository's root.
func Files(root string) []File {
	filesOnce.Do(func() {
		read := func(path string) []byte {
			b, err := os.ReadFile(filepath.Join(root, path))
			if err != nil {
				panic(err)
			}
			return b
		}
		for _, n := range []string{"vertex.dxbc", "compute.dxbc", "pixel.dxbc", "pixel-sm5.dxbc", "damaged.dxbc", "bundle.bin"} {
			files = append(files, File{n, read(filepath.Join("web", "examples", n))})
		}
		for _, n := range []string{"vs.dxbc", "gs.dxbc", "ps-works.dxbc", "ps-fails.dxbc"} {
			b := read(filepath.Join("testdata", "linkage", n))
			files = append(files, File{n, b}, File{"big-" + n, hostile.WithNoise(b, 6000)})
		}
		files = append(files, File{"seed.sodb", read(filepath.Join("decode", "shaderdb", "testdata", "seed.sodb"))})
		for i, b := range hostile.Seeds() {
			files = append(files, File{"hostile-" + string(rune('a'+i%26)) + ".dxbc", b})
		}
	})
	return files
}

var (
	filesOnce sync.Once
	files     []File
)

// Run runs the operations in the order and with the arguments in gives:
// files opened alone and together, links applied (the page's own, cut
// short, or made of the input's bytes), Back and Forward, selections,
// compare and pipeline root signatures, edit mode, databases, keys. after,
// when not nil, runs after each operation (the page drawn). Inputs of more
// than 64 bytes are skipped: a session of 64 steps reaches any state.
func Run(t testing.TB, s *page.State, files []File, in []byte, after func()) {
	if len(in) > 64 {
		return
	}
	b := New(t, s)
	next := func() int {
		if len(in) == 0 {
			return 0
		}
		v := int(in[0])
		in = in[1:]
		return v
	}
	for len(in) > 0 {
		switch next() % 22 {
		case 0:
			ff := files[next()%len(files)]
			b.Do(s.Open(ff.Name, ff.Data))
		case 1:
			n := 2 + next()%5
			var names []string
			var datas [][]byte
			for range n {
				ff := files[next()%len(files)]
				names, datas = append(names, ff.Name), append(datas, ff.Data)
			}
			b.Do(s.OpenFiles(names, datas))
		case 2:
			if b.At > 0 {
				b.Back()
			}
		case 3:
			if b.At+1 < len(b.Entries) {
				b.Forward()
			}
		case 4:
			// The page's own link, cut short.
			l := b.Entries[next()%len(b.Entries)]
			b.Do(s.ApplyLink(l[:next()*len(l)/255]))
		case 5:
			if s.Model != nil {
				b.Do(s.SelectPart(next() % (len(s.Model.Parts) + 1)))
			}
		case 6:
			b.Do(s.SelectByte(int64(next() * 16)))
		case 7:
			b.Do(s.CompareMode())
		case 8:
			texts := []string{"CBV(b0)", "", "DescriptorTable(SRV(t0, numDescriptors=unbounded))", "RootFlags(", "StaticSampler(s0)"}
			b.Do(s.PipelineRootSig(texts[next()%len(texts)], rootsig.Version1_1))
		case 9:
			texts := []string{"CBV(b0)", "", "RootConstants(num32BitConstants=64, b0)", "DescriptorTable("}
			b.Do(s.CompareRootSig(texts[next()%len(texts)], rootsig.Version1_0))
		case 10:
			b.Do(s.PipelineOpen(next()%6 - 1))
		case 11:
			b.Do(s.StartEdit())
			b.Do(s.EditRemovePart(next() % 8))
		case 12:
			b.Do(s.Undo())
			b.Do(s.EditSign(edit.Digest(next() % 3)))
		case 13:
			// Bytes of the input, as a file or as a link.
			n := next() % (len(in) + 1)
			raw := in[:n]
			in = in[n:]
			if next()%2 == 0 {
				b.Do(s.Open("input.bin", raw))
			} else {
				b.Do(s.ApplyLink(string(raw)))
			}
		case 14:
			b.Do(s.SetTab(page.Tab(next() % 3)))
		case 15:
			b.Do(s.CloseCompare())
		case 16:
			b.Do(s.OpenNested(int64(next() * 4)))
			b.Do(s.BackToFile())
		case 17:
			b.Do(s.SelectBytes(model.ByteRange{Off: int64(next()), Size: int64(next())}))
			s.HashStep(next() << 10)
		case 18:
			// A container of an open database, then back to the list.
			if len(s.DB.List) > 0 {
				d := next() % len(s.DB.List)
				if cs := s.DB.List[d].DB.Containers(); len(cs) > 0 {
					b.Do(s.OpenDBContainer(model.DBContainerRef{DB: d, C: cs[next()%len(cs)]}))
				}
			}
			if next()%2 == 0 {
				b.Do(s.BackToDatabase())
			}
		case 19:
			b.Do(s.SelectDatabase(next()%3 - 1))
			if next()%4 == 0 {
				b.Do(s.CloseDatabase(next()%3 - 1))
			}
		case 20:
			keys := []string{"ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft", "Enter", "Home", "End", "h", "g", "[", "]", "?", "Escape"}
			fx, _ := s.Key(keys[next()%len(keys)], page.KeyPlace(next()%3))
			b.Do(fx)
		case 21:
			// Edit mode: a field's value, a root signature, undo and redo.
			b.Do(s.StartEdit())
			if _, cur := s.SelectedField(); cur != "" || next()%2 == 0 {
				values := []string{"0", "1", "0xffffffff", "-1", "", "4294967296", "zz"}
				b.Do(s.EditField(values[next()%len(values)]))
			}
			texts := []string{"CBV(b0)", "RootFlags(0)", "DescriptorTable(", ""}
			b.Do(s.ApplyRootSig(texts[next()%len(texts)], rootsig.Version1_1, next()%2 == 0))
			b.Do(s.Redo())
		}
		if after != nil {
			after()
		}
	}
	// What the page shows can be drawn: its title, selection, tree, texts
	// and source lines read.
	_ = s.Title()
	_ = s.PartView()
	_ = s.SelectedNode()
	_ = s.TreeOf()
	_ = s.TextPages()
	_ = s.Sources()
	_, _ = s.LineCode()
	_ = s.LinkState()
}

// Fuzz runs each input of f on a page start makes (with what to run after
// each operation, or nil), its files read from the repository at root,
// starting from Seeds.
func Fuzz(f *testing.F, root string, start func() (s *page.State, after func())) {
	for _, s := range Seeds {
		f.Add(s)
	}
	files := Files(root)
	f.Fuzz(func(t *testing.T, in []byte) {
		s, after := start()
		Run(t, s, files, in, after)
	})
}

// Seeds are inputs that reach the states worth starting from; the first is
// the crash FuzzPageOps found first.
var Seeds = [][]byte{
	// A pipeline link that carries its first file and waits for the others
	// (reached by Back from another file), left for the empty page by Back,
	// then a file opened: the wait once outlived the file it waited with.
	{1, 1, 7, 9, 11, 0, 0, 2, 2, 0, 6},
	{0, 2, 5, 1, 6, 0x40, 7, 0, 0, 3, 8, 9},
	{1, 4, 6, 8, 10, 12, 9, 0, 10, 1, 2, 3, 11, 0, 12, 1},
	{0, 0, 13, 5, 14, 0, 15, 1, 0, 16, 17, 2},
	// The database, a container of it, keys, edit mode.
	{0, 14, 18, 0, 0, 1, 2, 3, 19, 1, 0, 20, 0, 1, 20, 4, 0, 21, 0, 1, 0, 1, 22, 18, 1, 1, 0, 2, 2},
	// Each hostile seed opened, its first part selected, its tree and text.
	{0, 15, 5, 1, 14, 1, 14, 2, 0, 20, 5, 1, 14, 2, 0, 25, 5, 2, 14, 1, 0, 30, 5, 1, 14, 2, 0, 35, 5, 3, 14, 1},
}

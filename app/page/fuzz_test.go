package page_test

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

// fuzzFiles are what FuzzPageOps opens: the page's examples, the linkage
// fixtures, the fixtures with a PRIV part of noise (a link then names them
// by hash and waits for them), and a state object database.
var fuzzFiles = sync.OnceValue(func() (files []fuzzFile) {
	read := func(path string) []byte {
		b, err := os.ReadFile(path)
		if err != nil {
			panic(err)
		}
		return b
	}
	for _, n := range []string{"vertex.dxbc", "compute.dxbc", "pixel.dxbc", "pixel-sm5.dxbc", "damaged.dxbc", "bundle.bin"} {
		files = append(files, fuzzFile{n, read(filepath.Join("..", "..", "web", "examples", n))})
	}
	for _, n := range []string{"vs.dxbc", "gs.dxbc", "ps-works.dxbc", "ps-fails.dxbc"} {
		b := read(filepath.Join("..", "..", "testdata", "linkage", n))
		files = append(files, fuzzFile{n, b})
		files = append(files, fuzzFile{"big-" + n, hostile.WithNoise(b, 6000)})
	}
	return append(files, fuzzFile{"seed.sodb", read(filepath.Join("..", "..", "decode", "shaderdb", "testdata", "seed.sodb"))})
})

type fuzzFile struct {
	name string
	data []byte
}

// FuzzPageOps runs the page's operations in the order and with the
// arguments the input gives: files opened alone and together, links
// applied (the page's own, cut short, or made of the input's bytes), Back
// and Forward, selections, compare and pipeline root signatures, edit
// mode, databases, keys. The page must survive any sequence (no panic), and a link it
// writes must show what it showed (browser.do checks that).
func FuzzPageOps(f *testing.F) {
	// A pipeline link that carries its first file and waits for the others
	// (reached by Back from another file), left for the empty page by Back,
	// then a file opened: the wait once outlived the file it waited with.
	f.Add([]byte{1, 1, 7, 9, 11, 0, 0, 2, 2, 0, 6})
	f.Add([]byte{0, 2, 5, 1, 6, 0x40, 7, 0, 0, 3, 8, 9})
	f.Add([]byte{1, 4, 6, 8, 10, 12, 9, 0, 10, 1, 2, 3, 11, 0, 12, 1})
	f.Add([]byte{0, 0, 13, 5, 14, 0, 15, 1, 0, 16, 17, 2})
	f.Add([]byte{0, 14, 18, 0, 0, 1, 2, 3, 19, 1, 0, 20, 0, 1, 20, 4, 0, 21, 0, 1, 0, 1, 22, 18, 1, 1, 0, 2, 2})
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 64 {
			return // a page session of 64 steps is long enough to reach any state
		}
		files := fuzzFiles()
		b := newBrowser(t)
		s := b.s
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
				b.do(s.Open(ff.name, ff.data))
			case 1:
				n := 2 + next()%5
				var names []string
				var datas [][]byte
				for range n {
					ff := files[next()%len(files)]
					names, datas = append(names, ff.name), append(datas, ff.data)
				}
				b.do(s.OpenFiles(names, datas))
			case 2:
				if b.at > 0 {
					b.back()
				}
			case 3:
				if b.at+1 < len(b.entries) {
					b.forward()
				}
			case 4:
				// The page's own link, cut short.
				l := b.entries[next()%len(b.entries)]
				b.do(s.ApplyLink(l[:next()*len(l)/255]))
			case 5:
				if s.Model != nil {
					b.do(s.SelectPart(next() % (len(s.Model.Parts) + 1)))
				}
			case 6:
				b.do(s.SelectByte(int64(next() * 16)))
			case 7:
				b.do(s.CompareMode())
			case 8:
				texts := []string{"CBV(b0)", "", "DescriptorTable(SRV(t0, numDescriptors=unbounded))", "RootFlags(", "StaticSampler(s0)"}
				b.do(s.PipelineRootSig(texts[next()%len(texts)], rootsig.Version1_1))
			case 9:
				texts := []string{"CBV(b0)", "", "RootConstants(num32BitConstants=64, b0)", "DescriptorTable("}
				b.do(s.CompareRootSig(texts[next()%len(texts)], rootsig.Version1_0))
			case 10:
				b.do(s.PipelineOpen(next()%6 - 1))
			case 11:
				b.do(s.StartEdit())
				b.do(s.EditRemovePart(next() % 8))
			case 12:
				b.do(s.Undo())
				b.do(s.EditSign(edit.Digest(next() % 3)))
			case 13:
				// Bytes of the input, as a file or as a link.
				n := next() % (len(in) + 1)
				raw := in[:n]
				in = in[n:]
				if next()%2 == 0 {
					b.do(s.Open("input.bin", raw))
				} else {
					b.do(s.ApplyLink(string(raw)))
				}
			case 14:
				b.do(s.SetTab(page.Tab(next() % 3)))
			case 15:
				b.do(s.CloseCompare())
			case 16:
				b.do(s.OpenNested(int64(next() * 4)))
				b.do(s.BackToFile())
			case 17:
				b.do(s.SelectBytes(model.ByteRange{Off: int64(next()), Size: int64(next())}))
				s.HashStep(next() << 10)
			case 18:
				// A container of an open database, then back to the list.
				if len(s.DB.List) > 0 {
					d := next() % len(s.DB.List)
					if cs := s.DB.List[d].DB.Containers(); len(cs) > 0 {
						b.do(s.OpenDBContainer(model.DBContainerRef{DB: d, C: cs[next()%len(cs)]}))
					}
				}
				if next()%2 == 0 {
					b.do(s.BackToDatabase())
				}
			case 19:
				b.do(s.SelectDatabase(next()%3 - 1))
				if next()%4 == 0 {
					b.do(s.CloseDatabase(next()%3 - 1))
				}
			case 20:
				keys := []string{"ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft", "Enter", "Home", "End", "h", "g", "[", "]", "?", "Escape"}
				fx, _ := s.Key(keys[next()%len(keys)], page.KeyPlace(next()%3))
				b.do(fx)
			case 21:
				// Edit mode: a field's value, a root signature, undo and redo.
				b.do(s.StartEdit())
				if _, cur := s.SelectedField(); cur != "" || next()%2 == 0 {
					values := []string{"0", "1", "0xffffffff", "-1", "", "4294967296", "zz"}
					b.do(s.EditField(values[next()%len(values)]))
				}
				texts := []string{"CBV(b0)", "RootFlags(0)", "DescriptorTable(", ""}
				b.do(s.ApplyRootSig(texts[next()%len(texts)], rootsig.Version1_1, next()%2 == 0))
				b.do(s.Redo())
			}
		}
		// What the page shows can be drawn: its title, selection, tree,
		// texts and source lines read.
		_ = s.Title()
		_ = s.PartView()
		_ = s.SelectedNode()
		_ = s.TreeOf()
		_ = s.TextPages()
		_ = s.Sources()
		_, _ = s.LineCode()
		_ = s.LinkState()
	})
}

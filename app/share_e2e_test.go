//go:build !wasm

package app_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	dxapp "github.com/dxscope/dxscope/app"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// Corpus files the test opens (docs/diff.md's pair, a vertex shader with
// outputs, and a DXIL shader too large for a link).
const (
	vsFile    = "real/HansKristian-Work__vkd3d-proton/vs_topology.h__vs_topology_code_dxil.dxil"
	waveA     = "real/HansKristian-Work__vkd3d-proton/cs_wave_size_range_64.h__cs_wave_size_range_64_code_dxil.dxil"
	waveB     = "real/HansKristian-Work__vkd3d-proton/cs_wave_size_range_64_128.h__cs_wave_size_range_64_128_code_dxil.dxil"
	largeFile = "real/bkaradzic__bgfx/shaders__dxil__cs_fsr_easu_16.bin__off3c.dxil"
)

// TestShareLinksInBrowser drives the page in headless Chromium: a link made
// by selecting a field restores it in a fresh browser context, a damaged
// link says so, a link to a file too large for it asks for the file and
// checks it, and a compare shows the differing field.
func TestShareLinksInBrowser(t *testing.T) {
	needBrowser(t)
	file := func(rel string) string { return corpus.Path(t, rel) }
	// One browser; each step in a tab of its own browser context.
	browser := startBrowser(t)
	start := time.Now()

	// 1. Open a file, select PSV0 and a field in it, read the link.
	var link, wantPart, wantNode, wantTeach string
	t.Run("select and read the link", func(t *testing.T) {
		p := browser.NewTab(t)
		p.Open("")
		p.Upload("#file-input", file(vsFile))
		p.WaitFile(filepath.Base(vsFile))
		// The link is written just after the file is painted (docs/performance.md).
		p.WaitFor("the address bar's link with the file", `location.hash.includes('name=') && location.hash.includes('f=')`)
		p.Click(`#part-list .part[data-name="PSV0"]`)
		p.WaitFor("PSV0 selected", `document.querySelector('#part-list .part.selected')?.dataset.name === 'PSV0'`)
		p.Click("#tab-tree") // the tree is drawn when its tab is shown
		p.WaitFor("PSV0's tree", `!!document.querySelector('#tree .node')`)
		// A PSV0 signature element when PSV0 is decoded; else the deepest visible leaf of its tree.
		hasSig := browsertest.Eval[bool](p, `(() => { const n = [...document.querySelectorAll('#tree .node')].find(e => /SigOutputElements$/.test(e.dataset.path));
			if (!n) return false; if (n.getAttribute('aria-expanded') !== 'true') n.querySelector('.twisty').click(); return true })()`)
		if hasSig {
			// Open the first output element and select its Cols (the element itself if it has none).
			p.WaitFor("an output element", `[...document.querySelectorAll('#tree .node')].some(e => /SigOutputElements\/0$/.test(e.dataset.path))`)
			browsertest.Eval[bool](p, `(() => { const n = [...document.querySelectorAll('#tree .node')].find(e => /SigOutputElements\/0$/.test(e.dataset.path));
				if (n.getAttribute('aria-expanded') !== 'true') n.querySelector('.twisty').click(); return true })()`)
			p.WaitFor("the element open", `[...document.querySelectorAll('#tree .node')].some(e => /SigOutputElements\/0\/Cols$/.test(e.dataset.path))`)
			wantNode = browsertest.Eval[string](p, `(() => { const ns = [...document.querySelectorAll('#tree .node')];
				const n = ns.find(e => /SigOutputElements\/0\/Cols$/.test(e.dataset.path)) || ns.find(e => /SigOutputElements\/0$/.test(e.dataset.path));
				n.click(); return n.dataset.path })()`)
		} else {
			t.Logf("PSV0 has no SigOutputElements on this branch (PSV0 is raw): selecting a leaf of its tree instead")
			wantNode = browsertest.Eval[string](p, `(() => { const ns = [...document.querySelectorAll('#tree .node')].filter(e => e.dataset.path && !e.classList.contains('kind-object') && !e.classList.contains('kind-array'));
				const n = ns[ns.length - 1]; n.click(); return n.dataset.path })()`)
		}
		p.WaitFor("the node selected", `document.querySelector('#tree .node.selected')?.dataset.path === `+browsertest.JSString(wantNode))
		wantPart = "PSV0"
		wantTeach = browsertest.Eval[string](p, `document.querySelector('#teach-path')?.textContent || ''`)
		// Scroll the hex view 5 rows down: row= follows once scrolling stops.
		p.Do(chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById('hex-scroll'); e.scrollTop = 5 * 18; e.dispatchEvent(new Event('scroll')) })()`))
		p.WaitFor("the link updated", `location.hash.includes('field=') && location.hash.includes('row=5')`)
		link = p.Href()
		frag := p.Fragment()
		if !strings.Contains(frag, "part=PSV0") || !strings.Contains(frag, "&f=") {
			t.Errorf("link %q lacks part=PSV0 or the file", frag)
		}
		st, data, err := linkstate.Decode(frag)
		if err != nil {
			t.Fatalf("the page wrote a link linkstate cannot read: %v", err)
		}
		if want, _ := os.ReadFile(file(vsFile)); string(data) != string(want) {
			t.Errorf("the link's file is not the opened file (%d bytes, want %d)", len(data), len(want))
		}
		t.Logf("link: %d characters, part %s, field %s, hex %v", len(frag), st.Part, st.Field, st.Hex)

		// Downloads: the JSON of the whole decode and the bitcode, sizes as the decoder says.
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		js, _ := dxapp.ExportJSON(f)
		bc, _ := decode.ExtractPart(f, "dxil")
		for _, d := range []struct {
			button, suffix string
			size           int
		}{{"#export-json", ".json", len(js)}, {"#export-bitcode", ".bc", len(bc)}, {"#export-part", ".PSV0.bin", int(f.Part("PSV0").Size)}} {
			p.Click(d.button)
			p.WaitFor("the download from "+d.button, fmt.Sprintf(`window.dxscopeLastDownload?.name?.endsWith(%s) && window.dxscopeLastDownload.size === %d`, browsertest.JSString(d.suffix), d.size))
		}

		p.Click(`#copy-link`)
		p.WaitFor("copy feedback", `document.querySelector('#copy-status') !== null`)
		t.Logf("Copy link says: %s", browsertest.Eval[string](p, `document.querySelector('#copy-status').textContent`))

		// Another part replaces the history entry (TestBackLeavesTheFile);
		// the address bar follows it.
		entries := browsertest.Eval[int](p, `history.length`)
		p.Click(`#part-list .part[data-name="HASH"]`)
		p.WaitFor("HASH in the link", `location.hash.includes('part=HASH')`)
		if n := browsertest.Eval[int](p, `history.length`); n != entries {
			t.Errorf("a part click made a history entry (%d, was %d)", n, entries)
		}
		p.Shoot("1-selected")
	})
	if link == "" {
		t.Fatal("no link to continue with")
	}

	// 2. The link in a fresh browser context, with no file: the same view.
	t.Run("link restores the view in a fresh context", func(t *testing.T) {
		p := browser.NewTab(t)
		p.Open(link[strings.Index(link, "#")+1:])
		p.WaitFile(filepath.Base(vsFile))
		p.WaitFor("the part and node", `document.querySelector('#part-list .part.selected')?.dataset.name === 'PSV0' && document.querySelector('#tree .node.selected')?.dataset.path === `+browsertest.JSString(wantNode))
		part, node := selected(p)
		if part != wantPart || node != wantNode {
			t.Errorf("restored %s / %s, want %s / %s", part, node, wantPart, wantNode)
		}
		if got := browsertest.Eval[string](p, `document.querySelector('#teach-path')?.textContent || ''`); got != wantTeach {
			t.Errorf("the teaching panel shows %q, want %q", got, wantTeach)
		}
		if n := browsertest.Eval[int](p, `document.querySelectorAll('#hex-rows .b.sel').length`); n == 0 {
			t.Errorf("no selected bytes in the hex view")
		}
		p.WaitFor("the hex view at row 5", `document.getElementById('hex-scroll').scrollTop === 5 * 18`)
		p.Shoot("2-restored")
	})

	// 3. A damaged link: a clear message, no blank page. The next step
	// reuses the tab, its link arriving as a hash change.
	var tab *browsertest.Page
	outer := t
	t.Run("damaged link says so", func(t *testing.T) {
		p := browser.NewTab(outer) // closed at the end of the whole test
		p.T = t
		tab = p
		frag := link[strings.Index(link, "#")+1:]
		cut := frag[:len(frag)-40] // the file cut short, as a truncated paste does
		p.Open(cut)
		p.WaitFor("the error", `document.querySelector('#link-error')?.textContent.includes('cannot be opened')`)
		msg := browsertest.Eval[string](p, `document.querySelector('#link-error').textContent`)
		if !strings.Contains(msg, "cut short") && !strings.Contains(msg, "damaged") {
			t.Errorf("message %q does not say the link is damaged", msg)
		}
		if !browsertest.Eval[bool](p, `document.querySelector('#file-input') !== null`) {
			t.Errorf("the page lost its file picker after a bad link")
		}
		// An edited value on the same page: hash change, same message kind.
		p.Do(chromedp.Evaluate[chromedp.Void](`location.hash = 'v=1&hex=9-3'`))
		p.WaitFor("the hex error", `document.querySelector('#link-error')?.textContent.includes('hex=')`)
		t.Logf("messages: %q; %q", msg, browsertest.Eval[string](p, `document.querySelector('#link-error').textContent`))
		p.Shoot("3-damaged")
	})

	// 4. A file too large for the link: the page asks for it and checks it.
	t.Run("hash link asks for the file and checks it", func(t *testing.T) {
		big, err := os.ReadFile(file(largeFile))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(largeFile)
		enc := linkstate.EncodeLink(linkstate.Link{State: linkstate.State{Name: name, Part: "PSV0"}, File: big}, linkstate.MaxLinkLength)
		if enc.FileEmbedded {
			t.Fatalf("%s (%d bytes) fits in a link; the test needs one that does not", name, len(big))
		}
		p := tab
		if p == nil {
			p = browser.NewTab(t)
			p.Open("")
		}
		p.T = t
		p.Do(chromedp.Evaluate[chromedp.Void](`location.hash = ` + browsertest.JSString(enc.Fragment)))
		p.WaitFor("the prompt", `document.querySelector('#link-prompt')?.textContent.includes(`+browsertest.JSString(name)+`)`)
		prompt := browsertest.Eval[string](p, `document.querySelector('#link-prompt').textContent`)
		if !strings.Contains(prompt, "16,824 bytes") && !strings.Contains(prompt, "16 KiB") {
			t.Errorf("the prompt does not give the size: %q", prompt)
		}
		p.Shoot("4-prompt")
		p.Upload("#file-input", file(waveA))
		p.WaitFor("the refusal", `document.querySelector('#link-error')?.textContent.includes('not the file')`)
		if browsertest.Eval[bool](p, `document.querySelector('#file-name') !== null`) {
			t.Errorf("a different file was opened anyway")
		}
		t.Logf("refusal: %s", browsertest.Eval[string](p, `document.querySelector('#link-error').textContent`))
		p.Upload("#file-input", file(largeFile))
		p.WaitFor("the right file", `document.querySelector('#file-name')?.textContent === `+browsertest.JSString(name)+` && document.querySelector('#part-list .part.selected')?.dataset.name === 'PSV0'`)
		if browsertest.Eval[bool](p, `document.querySelector('#link-error') !== null`) {
			t.Errorf("the error stayed after the right file was opened")
		}
		if h := p.Fragment(); !strings.Contains(h, "sha=") || strings.Contains(h, "&f=") {
			t.Errorf("the address bar should name the large file by hash: #%.200s", h)
		}
	})

	// 5. A deep link without a file applies to the file opened next; then
	// 6. compare that file with the other of docs/diff.md's pair: the
	// differing field, both hex views at it, a link that carries both files.
	t.Run("deep link applies to the next file; compare shows the differing field", func(t *testing.T) {
		p := browser.NewTab(t)
		p.Open("part=HASH")
		p.WaitFor("the deep-link note", `document.querySelector('#link-prompt')?.textContent.includes('HASH')`)
		p.Upload("#file-input", file(waveA))
		p.WaitFile(filepath.Base(waveA))
		p.WaitFor("HASH selected", `document.querySelector('#part-list .part.selected')?.dataset.name === 'HASH'`)
		// Compare mode, then the ordinary picker: the file is compared, not opened.
		p.Click(`#compare-drop`)
		p.WaitFor("compare mode on", `document.querySelector('#compare-drop')?.getAttribute('aria-pressed') === 'true'`)
		p.Upload("#file-input", file(waveB))
		p.WaitFor("the compare view", `document.querySelectorAll('#compare .cmp-field').length > 0`)
		fields := browsertest.Eval[[]string](p, `[...document.querySelectorAll('#compare .cmp-field .cmp-path')].map(e => e.textContent)`)
		t.Logf("differences: %q", fields)
		want := "HASH / Digest"
		if browsertest.Eval[bool](p, `[...document.querySelectorAll('#compare .cmp-field')].some(e => e.dataset.path.startsWith('PSV0/'))`) {
			want = "PSV0 / MaximumWaveLaneCount: 64 → 128"
		} else {
			t.Logf("PSV0 is raw on this branch: its entry has only its bytes line; checking the HASH digest instead")
			if !browsertest.Eval[bool](p, `[...document.querySelectorAll('#compare .cmp-part.cmp-changed')].some(e => e.querySelector('.part-name').textContent === 'PSV0' && e.querySelector('.cmp-bytes'))`) {
				t.Errorf("PSV0 is not listed as changed with its differing bytes")
			}
		}
		found := false
		for _, f := range fields {
			found = found || strings.Contains(f, want)
		}
		if !found {
			t.Errorf("no difference %q among %q", want, fields)
		}
		if n := browsertest.Eval[int](p, `document.querySelectorAll('#compare .cmp-identical').length`); n != 3 {
			t.Errorf("%d identical parts listed, want 3 (SFI0 ISG1 OSG1 collapse to one line each)", n)
		}
		// Choose the wanted difference: both hex views select its bytes.
		p.Do(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('#compare .cmp-field')].find(e => e.textContent.includes(` + browsertest.JSString(want) + `)).click()`))
		p.WaitFor("both sides selected", `document.querySelectorAll('#hexa-rows .b.sel').length > 0 && document.querySelectorAll('#hexb-rows .b.sel').length > 0`)
		p.WaitFor("differing bytes marked on both sides", `document.querySelectorAll('#hexa-rows .b.diff').length > 0 && document.querySelectorAll('#hexb-rows .b.diff').length > 0`)
		p.WaitFor("the compare link", `location.hash.includes('tab=compare') && location.hash.includes('&c=')`)
		p.Shoot("6-compare")
		clink := p.Fragment()
		sel := browsertest.Eval[string](p, `document.querySelector('#compare .cmp-field.selected')?.dataset.path || ''`)

		q := browser.NewTab(t)
		q.Open(clink)
		q.WaitFor("the compare view from the link", `document.querySelector('#compare .cmp-field.selected')?.dataset.path === `+browsertest.JSString(sel))
		if !strings.Contains(browsertest.Eval[string](q, `document.querySelector('#cmp-name-b').textContent`), filepath.Base(waveB)) {
			t.Errorf("the compared file's name did not travel in the link")
		}
		q.Shoot("6-compare-from-link")

		// A compare link whose compared file goes by hash: the page asks for
		// that file, refuses another, and compares with the right one.
		a, _ := os.ReadFile(file(waveA))
		other, _ := os.ReadFile(file(vsFile))
		name := filepath.Base(vsFile)
		hashLink := linkstate.Encode(linkstate.State{Name: filepath.Base(waveA), Tab: "compare", Compare: name,
			CompareSHA256: linkstate.SHA256(other), CompareSize: int64(len(other))}, a)
		q.Do(chromedp.Evaluate[chromedp.Void](`location.hash = ` + browsertest.JSString(hashLink)))
		q.WaitFor("the prompt for the compared file", `document.querySelector('#link-prompt')?.textContent.includes(`+browsertest.JSString(name)+`)`)
		q.Upload("#compare-input", file(waveB))
		q.WaitFor("the refusal", `document.querySelector('#link-error')?.textContent.includes('compared file')`)
		q.Upload("#compare-input", file(vsFile))
		q.WaitFor("the compare with the right file", `document.querySelector('#cmp-name-b')?.textContent.includes(`+browsertest.JSString(name)+`) && document.querySelector('#link-prompt') === null`)
	})
	t.Logf("browser work took %.1fs; screenshots in %s", time.Since(start).Seconds(), browser.Shots)
}

// A file larger than page.HashAbove is hashed for its link a step at a time
// between the browser's tasks (writeLinkWhenHashed): once written, the link
// names the file by the SHA-256 crypto/sha256 gives and by its size.
func TestLargeFileLinkByHashInBrowser(t *testing.T) {
	p := browserPage(t)
	data := browsertest.BigContainer(page.HashAbove + 8<<20 + 13)
	path := filepath.Join(t.TempDir(), "big.dxbc")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	p.Upload("#file-input", path)
	p.WaitFile("big.dxbc")
	p.WaitFor("the link naming the file by hash", `location.hash.includes('sha=')`)
	st, file, err := linkstate.Decode(p.Fragment())
	if err != nil {
		t.Fatalf("the page wrote a link linkstate cannot read: %v", err)
	}
	want := sha256.Sum256(data)
	if st.SHA256 != hex.EncodeToString(want[:]) || st.Size != int64(len(data)) || file != nil {
		t.Errorf("the link names sha=%s size=%d (file carried: %v), want sha=%x size=%d", st.SHA256, st.Size, file != nil, want, len(data))
	}
}

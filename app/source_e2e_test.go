//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
)

// The source view against the compilers' own listings: FXC's /Zi listing
// prints "#line N "file"" above the instructions each source line made,
// DXC's prints "; line:N col:M" after each instruction.

const (
	fxcDebug  = "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc"
	dxilDebug = "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil"
)

// fxcListedLines reads the FXC /Zi listing beside a corpus file: every
// instruction after the first #line with the #line above it.
func fxcListedLines(t *testing.T, path string) []corpus.ListedInst {
	t.Helper()
	raw, err := os.ReadFile(path + ".listing.txt")
	if err != nil {
		t.Skipf("no listing beside %s: %v", path, err)
	}
	out := corpus.FXCListedLines(string(raw))
	if len(out) == 0 {
		t.Fatalf("%s: the listing has no #line", path)
	}
	return out
}

// codeLineText is a JS expression: the text of a code line element e,
// without its offset and trailing comment.
const codeLineText = `(e => { const off = e.querySelector('.listing-off'); return e.textContent.slice(off ? off.textContent.length : 0).split('//')[0].trim(); })`

func TestSourceViewInBrowser(t *testing.T) {
	t.Run("FXC", func(t *testing.T) {
		path, _, f := corpusFile(t, fxcDebug)
		listed := fxcListedLines(t, path)
		p := openFile(t, path)
		viewport(p, 1400, 900)
		p.Click(`#part-list .part[data-name="SHEX"]`)
		p.WaitFor("the source pane", `!!document.querySelector('#source-pane .src-line')`)

		// An instruction line selects the line FXC's listing names for it:
		// the second texture sample, under "#line 24" of presentPS.hlsl.
		var pick corpus.ListedInst
		for _, l := range listed {
			if strings.HasPrefix(l.Text, "sample_indexable") && strings.Contains(l.Text, "t1.") {
				pick = l
			}
		}
		if pick.Text == "" {
			t.Fatal("the listing has no sample of t1")
		}
		line := `[...document.querySelectorAll('#listing .listing-line')].find(e => ` + codeLineText + `(e) === ` + browsertest.JSString(pick.Text) + `)`
		p.WaitFor("the instruction line", `!!`+line)
		browsertest.Eval[bool](p, `(`+line+`.click(), true)`)
		p.WaitFor("a source line selected", `!!document.querySelector('#source-pane .src-line.selected')`)
		got := browsertest.Eval[[]string](p, `[document.querySelector('#source-pane .src-line.selected').dataset.src,
			document.querySelector('#source-pane .source-file[aria-selected="true"]').title]`)
		if got[0] != strconv.Itoa(pick.Line) || !strings.HasSuffix(got[1], pick.File) {
			t.Errorf("%q selects source line %s of %s; the listing says line %d of %s", pick.Text, got[0], got[1], pick.Line, pick.File)
		}
		visible(t, p, "the selected source line", `#source-pane .src-line.selected`)

		// A source line selects every instruction the listing puts under it:
		// color.hlsli line 56, ten instructions of the inlined SRGBToLinear.
		want := map[string]int{}
		var target corpus.ListedInst
		for _, l := range listed {
			if l.File == "color.hlsli" && l.Line == 56 {
				target = l
				want[l.Text]++
			}
		}
		if len(want) == 0 {
			t.Fatal("the listing has no color.hlsli line 56")
		}
		fileTab := `[...document.querySelectorAll('#source-pane .source-file')].find(e => e.title.endsWith(` + browsertest.JSString(target.File) + `))`
		browsertest.Eval[bool](p, `(`+fileTab+`.click(), true)`)
		p.WaitFor("color.hlsli shown", fileTab+`.getAttribute('aria-selected') === 'true'`)
		p.Click(fmt.Sprintf(`#source-pane #src-line-%d`, target.Line))
		p.WaitFor("the line's instructions marked", `document.querySelectorAll('#listing .listing-line.src-mark').length > 0`)
		marked := browsertest.Eval[[]string](p, `[...document.querySelectorAll('#listing .listing-line.src-mark')].map(`+codeLineText+`)`)
		gotN := map[string]int{}
		for _, m := range marked {
			gotN[m]++
		}
		if fmt.Sprint(gotN) != fmt.Sprint(want) {
			t.Errorf("color.hlsli:56 marks %v; the listing puts %v under it", gotN, want)
		}
		t.Logf("color.hlsli:56 marks %d instructions, as the listing", len(marked))
		if n := browsertest.Eval[int](p, `document.querySelectorAll('#listing .listing-line.selected.src-mark').length`); n != 1 {
			t.Errorf("%d of the line's instructions selected, want the first", n)
		}
		// Their bytes: inside SHEX, one selected run per instruction.
		selectionInside(t, p, f.Part("SHEX"))
		runs := browsertest.Eval[int](p, `[...document.querySelectorAll('.hex-rows .hex-bytes .b')].filter((e, i, a) => e.classList.contains('sel') && !(a[i-1] && a[i-1].classList.contains('sel'))).length`)
		if runs < 1 {
			t.Error("no selected bytes")
		}
		visible(t, p, "the first instruction of the line", `#listing .listing-line.selected`)
		visible(t, p, "its bytes", `.hex-rows .hex-bytes .b.sel`)
		p.Shoot("source-fxc")

		// The meaning pane lists what the line made, each a click from its
		// bytes: the same instructions, the first selected; the third
		// clicked becomes the selection, in the listing too.
		p.WaitFor("the line's instructions listed", `document.querySelectorAll('#line-code-list .line-code-inst').length === `+fmt.Sprint(len(marked)))
		listedText := browsertest.Eval[[]string](p, `[...document.querySelectorAll('#line-code-list .line-code-inst code')].map(e => e.textContent.trim())`)
		if fmt.Sprint(listedText) != fmt.Sprint(marked) {
			t.Errorf("the meaning pane lists %q, the listing marks %q", listedText, marked)
		}
		if browsertest.Eval[int](p, `[...document.querySelectorAll('#line-code-list .line-code-inst')].findIndex(e => e.classList.contains('selected'))`) != 0 {
			t.Error("the meaning pane does not mark the first instruction as selected")
		}
		if len(marked) > 2 {
			browsertest.Eval[bool](p, `(document.querySelectorAll('#line-code-list .line-code-inst')[2].click(), true)`)
			p.WaitFor("the third instruction selected", `document.querySelectorAll('#line-code-list .line-code-inst')[2].classList.contains('selected') && `+codeLineText+`(document.querySelector('#listing .listing-line.selected')) === `+browsertest.JSString(marked[2]))
			visible(t, p, "its bytes", `.hex-rows .hex-bytes .b.sel`)
			p.Shoot("source-fxc-line-code")
		}

		// A variable's row selects the instruction defining it.
		row := `[...document.querySelectorAll('#variable-table .variable-row.clickable')].find(e => e.title.startsWith('defined by'))`
		p.WaitFor("a variable defined by an instruction", `!!`+row)
		def := browsertest.Eval[string](p, row+`.title.slice('defined by '.length).split(': click')[0]`)
		browsertest.Eval[bool](p, `(`+row+`.click(), true)`)
		p.WaitFor("its instruction selected", `(e => e && `+codeLineText+`(e) === `+browsertest.JSString(strings.TrimSpace(strings.SplitN(def, "//", 2)[0]))+`)(document.querySelector('#listing .listing-line.selected'))`)

		// Search in the listing: every match, the first shown.
		n := 0
		for _, l := range listed {
			if strings.Contains(strings.ToLower(l.Text), "movc") {
				n++
			}
		}
		p.Click(`#listing-find`)
		p.Do(chromedp.KeyEvent("movc"))
		p.WaitFor("a match", `document.querySelector('#listing .listing-line.found') && `+codeLineText+`(document.querySelector('#listing .listing-line.found')).startsWith('movc')`)
		if s := browsertest.Eval[string](p, `document.getElementById('listing-find-status').textContent`); s != fmt.Sprintf("1 of %d", n) {
			t.Errorf("search status %q, want 1 of %d (the listing's movc lines)", s, n)
		}
		p.Click(`#listing-find-next`)
		p.WaitFor("the second match", `document.getElementById('listing-find-status').textContent.startsWith('2 of')`)
		visible(t, p, "the match", `#listing .listing-line.found`)

		// Full width gives the code and its source the page's width.
		p.Click(`#full-view`)
		p.WaitFor("full width", `document.querySelector('.columns').classList.contains('full-view')`)
		w := browsertest.Eval[[]float64](p, `[document.getElementById('code-source').getBoundingClientRect().width, document.getElementById('listing').getBoundingClientRect().width, innerWidth]`)
		if w[0] < 0.9*w[2] || w[1] < 0.45*w[2] {
			t.Errorf("full width: code and source %.0f px, listing %.0f px of a %.0f px window", w[0], w[1], w[2])
		}
		p.Shoot("source-fxc-full-width")
	})

	t.Run("DXIL", func(t *testing.T) {
		path, _, f := corpusFile(t, dxilDebug)
		listing, err := os.ReadFile(path + ".listing.txt")
		if err != nil {
			t.Skip(err)
		}
		// DXC's listing: the store's line.
		m := regexp.MustCompile(`call void @dx\.op\.storeOutput.*; line:(\d+) col:`).FindSubmatch(listing)
		if m == nil {
			t.Fatal("the listing has no storeOutput with a line")
		}
		p := openFile(t, path)
		viewport(p, 1400, 900)
		p.Click(`#part-list .part[data-name="DXIL"]`)
		p.WaitFor("the note naming the debug module", `!!document.getElementById('show-source-part')`)
		p.Click(`#show-source-part`)
		p.WaitFor("ILDB with its source", `!!document.querySelector('#source-pane .src-line') && !!document.querySelector('.disasm-line')`)
		call := `[...document.querySelectorAll('.disasm-line')].find(e => e.textContent.includes('@dx.op.storeOutput.f32(i32 5'))`
		browsertest.Eval[bool](p, `(`+call+`.click(), true)`)
		p.WaitFor("a source line selected", `!!document.querySelector('#source-pane .src-line.selected')`)
		if got := browsertest.Eval[string](p, `document.querySelector('#source-pane .src-line.selected').dataset.src`); got != string(m[1]) {
			t.Errorf("the storeOutput call selects source line %s; DXC's listing says line:%s", got, m[1])
		}
		src := browsertest.Eval[string](p, `document.querySelector('#source-pane .src-line.selected').textContent`)
		if !strings.Contains(src, "float main() : SV_Target") {
			t.Errorf("the selected source line reads %q", src)
		}
		// Every instruction with that line (the store and the ret) is marked.
		lines := len(regexp.MustCompile(`(?m)^  .*; line:`+string(m[1])+` col:`).FindAll(listing, -1))
		if n := browsertest.Eval[int](p, `document.querySelectorAll('.disasm-line.src-mark').length`); n != lines {
			t.Errorf("%d instructions marked; DXC's listing gives %d that line", n, lines)
		}
		// The source line selects them, their bytes inside ILDB and in view.
		p.Click(`#disasm-scroll .disasm-line:not(.disasm-inst)`) // something else first
		p.Click(`#source-pane #src-line-` + string(m[1]))
		p.WaitFor("the store selected", `document.querySelector('.disasm-line.selected')?.textContent.includes('storeOutput')`)
		selectionInside(t, p, f.Part("ILDB"))
		visible(t, p, "the store", `.disasm-line.selected`)
		visible(t, p, "its bytes", `.hex-rows .hex-bytes .b.sel`)

		// The link holds the source line: a fresh tab opens on it.
		frag := p.Fragment()
		if !strings.Contains(frag, "src=") {
			t.Errorf("the link %q does not name the source line", frag)
		}
		q := freshBrowser(t, p, frag)
		q.WaitFor("the shared source line", `document.querySelector('#source-pane .src-line.selected')?.dataset.src === `+browsertest.JSString(string(m[1])))

		p.Click(`#disasm-find`)
		p.Do(chromedp.KeyEvent("storeOutput"))
		p.WaitFor("the match", `document.querySelector('.disasm-line.found')?.textContent.includes('storeOutput')`)
		p.Shoot("source-dxil")
	})
}

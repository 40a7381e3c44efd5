//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
	"github.com/dxscope/dxscope/views/model"
)

// The Text tab shows what the command-line tool prints for a part: for the
// debug module (ILDB) the module as dxc -dumpbin lists it, which must equal
// DXC's own listing of this very file (beside it in the corpus); the tab is
// in the link, and the download carries the whole text.
func TestTextTabShowsTheCompilersListing(t *testing.T) {
	const rel = "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil"
	p, f := openPart(t, rel, "ILDB")
	path, _ := corpus.File(t, rel)
	listing, err := os.ReadFile(path + ".listing.txt")
	if err != nil {
		t.Skip("the listing beside the corpus file is missing: skipping")
	}
	want := strings.ReplaceAll(string(listing), "\r\n", "\n")

	p.Click("#tab-text")
	p.WaitFor("the ILDB part's texts", `!!document.querySelector('#dump-dis .dump-text') && !!document.querySelector('#dump-dxil .dump-text')`)
	if got := browsertest.Eval[string](p, `document.querySelector('#dump-dis .dump-text').textContent`); got != want {
		t.Errorf("the Text tab's disassembly differs from DXC's listing (%d vs %d bytes); starts %q", len(got), len(want), got[:min(len(got), 120)])
	}
	if got := browsertest.Eval[string](p, `document.querySelector('#dump-dxil .dump-text').textContent`); !strings.HasPrefix(got, "ILDB: ps_6_0, DXIL 1.0, ") {
		t.Errorf("the module summary starts %q", got[:min(len(got), 60)])
	}
	p.Shoot("text-tab")

	p.Click("#dump-dis-download")
	p.WaitFor("the download", `!!window.dxscopeLastDownload`)
	dl := browsertest.Eval[map[string]any](p, `window.dxscopeLastDownload`)
	if dl["name"] != "TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.ll" || dl["size"] != float64(len(want)) {
		t.Errorf("downloaded %v, want the %d-byte listing as .ll", dl, len(want))
	}

	p.WaitFor("the tab in the link", `location.hash.includes('tab=text') && location.hash.includes('part=ILDB')`)
	q := freshBrowser(t, p, p.Fragment())
	q.WaitFor("the link's Text tab", `!!document.querySelector('#tab-text[aria-selected="true"]') && !!document.querySelector('#dump-dis .dump-text')`)

	// The container's own text, on the header: the part list.
	q.Click(`#part-list .part[data-name="Header"]`)
	// The header's tabs are drawn after its selection: a click before that
	// would land on the ILDB part's Text tab, already selected.
	q.WaitFor("the header", `document.querySelector('#part-list .part.selected')?.dataset.name === 'Header' && !!document.querySelector('#tab-text')`)
	q.Click("#tab-text")
	q.WaitFor("the part list text", `!!document.querySelector('#dump-parts .dump-text')`)
	first := strings.SplitN(browsertest.Eval[string](q, `document.querySelector('#dump-parts .dump-text').textContent`), "\n", 2)[0]
	if first != fmt.Sprintf("Part count: %d", len(f.Parts)) {
		t.Errorf("the header's text starts %q; the file has %d parts", first, len(f.Parts))
	}
	// And the reflection, with a download.
	q.WaitFor("the reflection text", `!!document.querySelector('#dump-reflect .dump-text')`)
	if got := browsertest.Eval[string](q, `document.querySelector('#dump-reflect .dump-text').textContent`); !strings.HasPrefix(got, "Reflection of a DXIL container (ps_6_0)\n") || !strings.Contains(got, "\nRequirements:\n  Shader model 6.0  [DXIL]") {
		t.Errorf("the header's reflection text starts %q", got[:min(len(got), 120)])
	}
	q.Click("#dump-reflect-download")
	q.WaitFor("the reflection download", `!!window.dxscopeLastDownload && window.dxscopeLastDownload.name.endsWith('.reflect.txt')`)
}

// A text over one page is drawn a page at a time under the pager bar: the
// PSV0 text of a file naming one 1 MiB string 765 times is 2 MB in 9,966
// lines, one of them 1 MiB long (cut over several pages). Each page
// continues exactly where the one before ended, the pages together are the
// whole text (written natively by the view model, as the CLI writes it),
// and the download carries all of it.
func TestTextTabPagesALongText(t *testing.T) {
	const name = "psv-long-names.dxbc"
	data := hostile.LongNamePSV(1 << 20)
	var whole string
	for _, pv := range model.Build(name, data, 0).Parts {
		if pv.Name == "PSV0" {
			whole = pv.Dumps()[0].Text
		}
	}
	if len(whole) <= model.TextPageBytes {
		t.Fatalf("the PSV0 text is %d bytes: no longer than a page", len(whole))
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	p := openFile(t, path)
	p.Click(`#part-list .part[data-name="PSV0"]`)
	p.WaitFor("the PSV0 tabs", `document.querySelector('#part-list .part.selected')?.dataset.name === 'PSV0' && !!document.querySelector('#tab-text')`)
	p.Click("#tab-text")
	p.WaitFor("the pager above the text", `!!document.querySelector('#dump-psv #dump-psv-pager + .dump-text')`)
	const page = `document.querySelector('#dump-psv .dump-text').textContent`
	const where = `document.querySelector('#dump-psv-pager .pager-where').textContent`
	first := browsertest.Eval[string](p, page)
	if first == "" || len(first) > model.TextPageBytes || !strings.HasPrefix(whole, first) {
		t.Fatalf("the first page is %d bytes, a prefix of the text: %v", len(first), strings.HasPrefix(whole, first))
	}
	lines := strings.Count(whole, "\n")
	if got, want := browsertest.Eval[string](p, where), fmt.Sprintf("lines 1–%d of %d", strings.Count(first, "\n"), lines); got != want {
		t.Errorf("the bar says %q, want %q", got, want)
	}
	if !browsertest.Eval[bool](p, `document.querySelector('#dump-psv-pager .pager-prev').disabled`) {
		t.Error("‹ is enabled on the first page")
	}
	p.Shoot("text-tab-paged")

	// › to the last page: each continues the text where the last ended.
	shown, pages := first, 1
	for !browsertest.Eval[bool](p, `document.querySelector('#dump-psv-pager .pager-next').disabled`) {
		browsertest.Eval[bool](p, `(window.lastPage = `+page+`, true)`)
		p.Click("#dump-psv-pager .pager-next")
		p.WaitFor(fmt.Sprintf("page %d", pages+1), page+` !== window.lastPage`)
		next := browsertest.Eval[string](p, page)
		if next == "" || len(next) > model.TextPageBytes || !strings.HasPrefix(whole[len(shown):], next) {
			t.Fatalf("page %d (%d bytes) does not continue the text after byte %d; the bar says %q", pages+1, len(next), len(shown), browsertest.Eval[string](p, where))
		}
		shown, pages = shown+next, pages+1
		if pages > len(whole)/1000 {
			t.Fatalf("%d pages and counting", pages)
		}
	}
	if shown != whole || pages < len(whole)/model.TextPageBytes {
		t.Errorf("%d pages showed %d bytes of the %d-byte text", pages, len(shown), len(whole))
	}
	if got := browsertest.Eval[string](p, where); !strings.HasSuffix(got, fmt.Sprintf(" of %d", lines)) {
		t.Errorf("the last page's bar says %q", got)
	}
	p.Shoot("text-tab-paged-last")
	p.Click("#dump-psv-pager .pager-first")
	p.WaitFor("the first page again", page+` === `+browsertest.JSString(first))

	p.Click("#dump-psv-download")
	p.WaitFor("the download", `!!window.dxscopeLastDownload`)
	if dl := browsertest.Eval[map[string]any](p, `window.dxscopeLastDownload`); dl["name"] != "psv-long-names.psv.txt" || dl["size"] != float64(len(whole)) {
		t.Errorf("downloaded %v, want the whole %d-byte text", dl, len(whole))
	}
}

// The Text tab's page is in the link: PSV0's text of a file naming one
// 1,000-byte string 765 times is four pages; › twice shows the third (lines
// 5,388–8,066, which begin with output element 158), the address bar says
// page=psv:3 in the same history entry, and the link opened in a tab that
// shares nothing with this one shows the same page, the same first line.
func TestTextTabPageInTheLink(t *testing.T) {
	const name = "psv-long-names-1000.dxbc"
	data := hostile.LongNamePSV(1000)
	var pages []model.TextPage
	var whole string
	for _, pv := range model.Build(name, data, 0).Parts {
		if pv.Name == "PSV0" {
			pages, whole = pv.Dumps()[0].Pages, pv.Dumps()[0].Text
		}
	}
	if len(pages) < 3 {
		t.Fatalf("the PSV0 text has %d pages, want 3 or more", len(pages))
	}
	third := whole[pages[2].Start:pages[2].End]
	firstLine, _, _ := strings.Cut(third, "\n")
	where := fmt.Sprintf("lines %d–%d of %d", pages[2].FirstLine, pages[2].LastLine, pages[len(pages)-1].LastLine)
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}

	const text = `document.querySelector('#dump-psv .dump-text').textContent`
	const bar = `document.querySelector('#dump-psv-pager .pager-where').textContent`
	p := openFile(t, path)
	p.Click(`#part-list .part[data-name="PSV0"]`)
	p.WaitFor("the PSV0 tabs", `document.querySelector('#part-list .part.selected')?.dataset.name === 'PSV0' && !!document.querySelector('#tab-text')`)
	p.Click("#tab-text")
	p.WaitFor("the pager", `!!document.querySelector('#dump-psv-pager') && location.hash.includes('tab=text')`)
	entries := browsertest.Eval[int](p, `history.length`)
	for page := 2; page <= 3; page++ {
		browsertest.Eval[bool](p, `(window.lastPage = `+text+`, true)`)
		p.Click("#dump-psv-pager .pager-next")
		p.WaitFor(fmt.Sprintf("page %d in the link", page), text+` !== window.lastPage && location.hash.includes('&page=psv:`+fmt.Sprint(page)+`&')`)
	}
	if got := browsertest.Eval[string](p, text); got != third {
		t.Fatalf("page 3 shows %d bytes starting %.60q; want %d starting %.60q", len(got), got, len(third), third)
	}
	if n := browsertest.Eval[int](p, `history.length`); n != entries {
		t.Errorf("turning two pages made %d history entries; want them to replace the one there", n-entries)
	}
	link := p.Fragment()
	if !strings.Contains(link, "&tab=text&page=psv:3&") || !strings.Contains(link, "&f=") {
		t.Fatalf("the link %.160s; want the Text tab's page 3 and the file", link)
	}

	q := freshBrowser(t, p, link)
	q.WaitFor("the link's Text tab", `!!document.querySelector('#tab-text[aria-selected="true"]') && !!document.querySelector('#dump-psv-pager')`)
	got := browsertest.Eval[string](q, text)
	if line, _, _ := strings.Cut(got, "\n"); line != firstLine || got != third {
		t.Errorf("the link shows a page of %d bytes starting %.80q; want page 3, %d bytes starting %.80q", len(got), line, len(third), firstLine)
	}
	if got := browsertest.Eval[string](q, bar); got != where {
		t.Errorf("the link's pager says %q, want %q", got, where)
	}
	if q.Fragment() != link {
		t.Errorf("the opened link became %.160s", q.Fragment())
	}
	q.Shoot("text-tab-page-3-from-link")
}

// showTextHolding shows the page of a part's text (its command's) that
// holds s, from the page shown on, turning pages with ›; it fails the test
// when no page does.
func showTextHolding(t *testing.T, p *browsertest.Page, command, s string) {
	t.Helper()
	text := fmt.Sprintf(`document.querySelector('#dump-%s .dump-text')`, command)
	next := fmt.Sprintf(`#dump-%s-pager .pager-next`, command)
	p.WaitFor("the "+command+" text", "!!"+text)
	for page := 1; !browsertest.Eval[bool](p, text+`.textContent.includes(`+browsertest.JSString(s)+`)`); page++ {
		if !browsertest.Eval[bool](p, `(b => !!b && !b.disabled)(document.querySelector('`+next+`'))`) {
			t.Fatalf("no page of the %s text holds %q", command, s)
		}
		browsertest.Eval[bool](p, `(window.lastPage = `+text+`.textContent, true)`)
		p.Click(next)
		p.WaitFor(fmt.Sprintf("page %d of the %s text", page+1, command), text+`.textContent !== window.lastPage`)
	}
}

// The Text tab of an RTS0 part offers the root signature as C++ filling
// D3D12's structures beside the HLSL text: the text the page shows is the
// one the CLI prints natively (rootsig --cpp), it names that command, and
// it downloads as .rootsig.cpp. DirectXTK12's quad vertex shader carries a
// root signature of two SRV tables, a CBV and a static sampler.
func TestTextTabShowsTheRootSignatureAsCPP(t *testing.T) {
	const rel = "real/microsoft__DirectXTK12/PostProcess_VSQuadDual.inc__PostProcess_VSQuadDual.dxbc"
	p, f := openPart(t, rel, "RTS0")
	d, ok := text.DumpNamed("rootsig --cpp")
	if !ok {
		t.Fatal("no rootsig --cpp text")
	}
	want := d.Text(f, f.Part("RTS0"))
	p.Click("#tab-text")
	p.WaitFor("the RTS0 part's texts", `!!document.querySelector('#dump-rootsig .dump-text') && !!document.querySelector('#dump-rootsig-cpp .dump-text')`)
	got := browsertest.Eval[string](p, `document.querySelector('#dump-rootsig-cpp .dump-text').textContent`)
	if got != want {
		t.Errorf("the page's C++ differs from rootsig --cpp's (%d vs %d bytes):\n%s", len(got), len(want), got)
	}
	for _, line := range []string{
		"    static const D3D12_STATIC_SAMPLER_DESC samplers[] = {\n",
		"D3D12_COMPARISON_FUNC_LESS_EQUAL, D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE, 0.0f, D3D12_FLOAT32_MAX, 0, 0, D3D12_SHADER_VISIBILITY_PIXEL },\n",
		"    params[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;\n",
		"    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;\n",
	} {
		if !strings.Contains(got, line) {
			t.Errorf("the page's C++ has no line %q", line)
		}
	}
	if cmd := browsertest.Eval[string](p, `document.querySelector('#dump-rootsig-cpp .dump-command').textContent`); cmd != "dxscope rootsig --cpp FILE" {
		t.Errorf("the text names the command %q", cmd)
	}
	p.Eval(`document.querySelector('#dump-rootsig-cpp').scrollIntoView()`)
	p.Shoot("text-tab-rootsig-cpp")
	p.Click("#dump-rootsig-cpp-download")
	p.WaitFor("the download", `!!window.dxscopeLastDownload`)
	dl := browsertest.Eval[map[string]any](p, `window.dxscopeLastDownload`)
	if dl["name"] != "PostProcess_VSQuadDual.inc__PostProcess_VSQuadDual.rootsig.cpp" || dl["size"] != float64(len(want)) {
		t.Errorf("downloaded %v, want the %d-byte C++ as .rootsig.cpp", dl, len(want))
	}
}

// The Text tab of a vertex shader's input signature offers the input
// layout a pipeline must give it, as C++: the text the CLI prints natively
// (inputlayout), under its command's name.
func TestTextTabShowsTheInputLayout(t *testing.T) {
	const rel = "real/microsoft__DirectXTK12/NormalMapEffect_VSNormalPixelLightingTxVcNoSpecBn.inc__NormalMapEffect_VSNormalPixelLightingTxVcNoSpecBn.dxbc"
	p, f := openPart(t, rel, "ISGN")
	d, _ := text.DumpNamed("inputlayout")
	want := d.Text(f, f.Part("ISGN"))
	p.Click("#tab-text")
	p.WaitFor("the input layout", `!!document.querySelector('#dump-inputlayout .dump-text')`)
	got := browsertest.Eval[string](p, `document.querySelector('#dump-inputlayout .dump-text').textContent`)
	if got != want {
		t.Errorf("the page's input layout differs from the CLI's (%d vs %d bytes):\n%s", len(got), len(want), got)
	}
	for _, line := range []string{
		`    { "SV_Position", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, D3D12_APPEND_ALIGNED_ELEMENT, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0 },` + "\n",
		`    { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, D3D12_APPEND_ALIGNED_ELEMENT, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0 },` + "\n",
	} {
		if !strings.Contains(got, line) {
			t.Errorf("the page's input layout has no line %q", line)
		}
	}
	if cmd := browsertest.Eval[string](p, `document.querySelector('#dump-inputlayout .dump-command').textContent`); cmd != "dxscope inputlayout FILE" {
		t.Errorf("the text names the command %q", cmd)
	}
	p.Shoot("text-tab-inputlayout")
}

// A class-linkage shader's IFCE part (DXC's dxbc2dxil test interface1,
// an FXC build) shows as its fields in the tree (a part without a view of
// its own), and the SHEX part's Text tab, the FXC listing, prints the
// class types and interface slots as FXC does.
func TestClassLinkageInBrowser(t *testing.T) {
	const rel = "real/microsoft__DirectXShaderCompiler/test__dxbc2dxil__interface1.dxbc"
	p, _ := openPart(t, rel, "IFCE")
	p.WaitFor("the IFCE tree", `!!document.querySelector('#tree .node[data-path="Interfaces/InterfaceSlotCount"]')`)
	if v := browsertest.Eval[string](p, `document.querySelector('#tree .node[data-path="Interfaces/InterfaceSlotCount"] .val').textContent`); !strings.HasPrefix(v, "253") {
		t.Errorf("InterfaceSlotCount shows %q, want 253 (dcl_interface fp0[253])", v)
	}
	p.Shoot("class-linkage-tree")
	p.Click(`#part-list .part[data-name="SHEX"]`)
	p.WaitFor("the SHEX part", `document.querySelector('#part-list .part.selected')?.dataset.name === 'SHEX' && !!document.querySelector('#tab-text')`)
	p.Click("#tab-text")
	p.WaitFor("the listing", `!!document.querySelector('#dump-asm .dump-text')`)
	got := browsertest.Eval[string](p, `document.querySelector('#dump-asm .dump-text').textContent`)
	for _, line := range []string{"// Available Class Types:\n", "// Interface slots, 253 total:\n", "// | Type ID  |   0-252 |0    1    \n", "//   interface IFace I[253];"} {
		if !strings.Contains(got, line) {
			t.Errorf("the listing has no %q", line)
		}
	}
	p.Shoot("class-linkage-listing")
}

//go:build !wasm

// Package e2e drives the real served bundle in headless Chromium: the page
// loads, files open through the picker and by drop, parts list, bytes and
// fields link, non-containers and nested containers are handled, and a
// 50 MB file stays light. Skips when Chromium is missing.
package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/app/serve"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// pick returns the first corpus entry matching want.
func pick(t *testing.T, entries []corpus.Entry, want func(corpus.Entry) bool) corpus.Entry {
	t.Helper()
	for _, e := range entries {
		if want(e) {
			return e
		}
	}
	t.Fatal("no corpus file fits")
	return corpus.Entry{}
}

// obj2yamlEntryName asks LLVM's obj2yaml (an independent reader) for the PSV0
// entry name; "" when the tool is missing or prints none.
func obj2yamlEntryName(path string) string {
	out, err := exec.Command("obj2yaml-19", path).Output()
	if err != nil {
		return ""
	}
	m := regexp.MustCompile(`(?m)^\s*EntryName:\s*(\S+)\s*$`).FindSubmatch(out)
	if m == nil {
		return ""
	}
	return strings.Trim(string(m[1]), `'"`)
}

// page is the browser tab with this test's own checks on top of browsertest.Page.
type page struct{ *browsertest.Page }

func (p *page) text(sel string) string {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, 30*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		p.Shoot("failed-text")
		p.T.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

// expect waits until the JavaScript expression evaluates to want (views
// update after the action they raise is handled), and reports what it was.
func (p *page) expect(what, expr string, want any) {
	p.T.Helper()
	wj, _ := json.Marshal(want)
	ctx, cancel := context.WithTimeout(p.Ctx, 10*time.Second)
	defer cancel()
	cond := fmt.Sprintf(`(() => { try { return JSON.stringify(%s) === %q } catch (e) { return false } })()`, expr, string(wj))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(8*time.Second))); err != nil {
		p.T.Errorf("%s: got %v, want %v", what, p.evalSafe(expr), want)
	}
}

func (p *page) evalSafe(expr string) any {
	ctx, cancel := context.WithTimeout(p.Ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](`(() => { try { return `+expr+` } catch (e) { return String(e) } })()`))
	if err != nil {
		return err
	}
	return v
}

// partNames reads the part list as the page shows it.
func (p *page) partNames() []string {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, 30*time.Second)
	defer cancel()
	names, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('#part-list .part')).map(e => e.dataset.name)`))
	if err != nil {
		p.T.Fatal(err)
	}
	return names
}

// drop synthesizes a drop of a file with the given bytes onto the page.
func (p *page) drop(name string, data []byte) { p.T.Helper(); p.dropOn("#app", name, data) }

// dropOn synthesizes a drop of a file onto the element sel.
func (p *page) dropOn(sel, name string, data []byte) {
	p.T.Helper()
	js := fmt.Sprintf(`(() => {
		const s = atob(%q); const u = new Uint8Array(s.length);
		for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
		const dt = new DataTransfer(); dt.items.add(new File([u], %q));
		const el = document.querySelector(%q);
		el.dispatchEvent(new DragEvent('dragover', {dataTransfer: dt, bubbles: true, cancelable: true}));
		el.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true; })()`, base64.StdEncoding.EncodeToString(data), name, sel)
	p.Eval(js)
}

func TestInspectorInBrowser(t *testing.T) {
	browsertest.Available(t)
	entries := corpus.Entries(t)
	start := time.Now()

	url, version, srv := browsertest.ServeWeb(t)
	t.Logf("bundle ready in %.1fs (version %s)", time.Since(start).Seconds(), version)
	// go-app writes its own wasm_exec.js: it must be the toolchain's, or the
	// wasm cannot start.
	root, err := serve.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	ours, _ := os.ReadFile(filepath.Join(root, "web", "wasm_exec.js"))
	theirs, _ := os.ReadFile(filepath.Join(goruntime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
	if string(ours) != string(theirs) {
		t.Errorf("web/wasm_exec.js differs from the Go toolchain's lib/wasm/wasm_exec.js")
	}
	p := &page{browsertest.Start(t, url)}
	t.Logf("screenshots in %s", p.Shots)

	// Load: the wasm runs (so the CSP allows it) and renders the page.
	p.Open("")
	p.Run("the file picker", chromedp.WaitVisible(chromedp.CSS(`label[for="file-input"]`)))
	// Every later render must pass the Content-Security-Policy too (style attributes).
	p.Eval(`window.cspViolations = []; document.addEventListener('securitypolicyviolation', e => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI)); true`)
	p.Shoot("01-welcome")

	// The dependency grid at its largest (128×128 components, made-up data):
	// hovering a cell and moving the keyboard focus both describe the cell.
	p.Run("demo grid", chromedp.Navigate(url+"#demo=grid"), chromedp.WaitVisible(chromedp.CSS(`.grid-cells`)))
	rect := p.Eval(`(() => { const r = document.querySelector('.grid-cells').getBoundingClientRect(); return [r.left, r.top] })()`).([]any)
	x, y := rect[0].(float64)+1*8+4, rect[1].(float64)+5*8+4
	p.Run("hover a cell", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
	p.expect("hovered cell sentence", `document.querySelector('.grid-sentence').textContent`, "input TEXCOORD1.y affects output SV_Position0.y")
	p.expect("hovered row label highlighted", `document.querySelector('.grid-row.hl').textContent`, "TEXCOORD1.y")
	p.Shoot("01b-grid-demo")
	p.Run("grid keyboard", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1), chromedp.Focus(chromedp.CSS(`.grid-scroll`)), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowDown))
	p.expect("focused cell sentence", `document.querySelector('.grid-sentence').textContent`, "input TEXCOORD0.y affects output SV_Position0.y")

	// Open a DXIL file through the file input.
	dxil := pick(t, entries, func(e corpus.Entry) bool {
		return e.Has("PSV0") && e.Has("DXIL") && e.Has("ISG1") && e.PSVSize == "52" && e.Size < 5000
	})
	p.Upload("#file-input", dxil.Path)
	p.WaitFile(filepath.Base(dxil.Path))
	if got := p.partNames(); strings.Join(got, " ") != "Header "+strings.Join(dxil.Parts, " ") {
		t.Errorf("part list %v, want Header + %v (MANIFEST)", got, dxil.Parts)
	}
	loadMs, _ := p.Eval(`window.dxscopeLoadMs || 0`).(float64)
	t.Logf("%d-byte shader: load to rendered part list %.0f ms (in page)", dxil.Size, loadMs)

	// Selecting PSV0 shows its entry name once PSV0 is decoded.
	p.Run("select PSV0", chromedp.Click(chromedp.CSS(`#part-list .part[data-name="PSV0"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#tab-view`))) // PSV0 opens on its own view, the tree one tab away
	raw, _ := os.ReadFile(dxil.Path)
	f, _ := decode.Parse(raw)
	want := obj2yamlEntryName(dxil.Path)
	if ps := f.Part("PSV0"); ps != nil && ps.PSVInfo != nil && want != "" {
		p.expect("summary entry name (obj2yaml's)", `document.getElementById('entry-name').textContent`, want)
		p.Run("PSV0's tree", chromedp.Click(chromedp.CSS(`#tab-tree`)), chromedp.WaitVisible(chromedp.CSS(`#tree`)))
		p.expect("PSV0 tree shows the entry name", `document.getElementById('tree').textContent.includes(`+fmt.Sprintf("%q", want)+`)`, true)
		p.Run("PSV0's view again", chromedp.Click(chromedp.CSS(`#tab-view`)))
	} else {
		t.Logf("PSV0 is not decoded on this build (or obj2yaml-19 is missing): entry-name check skipped (obj2yaml says %q)", want)
	}
	p.Shoot("02-dxil-psv0")
	// PSV0's resources in HLSL register notation.
	p.WaitFor("the PSV0 resource table", `!!document.querySelector('#psv-resources td.binding')`)
	if b := p.Eval(`document.querySelector('#psv-resources td.binding').textContent`); !regexp.MustCompile(`^[tubs]\d+`).MatchString(fmt.Sprint(b)) {
		t.Errorf("PSV0 resource binding shown as %v", b)
	}
	// SFI0 as the features the shader asks for, not a JSON tree.
	p.Run("select SFI0", chromedp.Click(chromedp.CSS(`#part-list .part[data-name="SFI0"]`)))
	p.WaitFor("the SFI0 view", `!!document.querySelector('#sfi0 h3')`)
	p.Shoot("02b-sfi0")

	// Clicking a byte selects the field that holds it: FileSize is bytes
	// 24..27 of the header, a part's Size bytes 4..7 of its part header.
	p.Run("goto 0x19", chromedp.SetValue(chromedp.ID("hex-goto"), "0x19"), chromedp.Click(chromedp.CSS(`.hex-tools button[type="submit"]`)))
	p.ClickByte(26)
	p.expect("byte 26 selects", `document.getElementById('teach-path').textContent`, "Header/FileSize")
	p.expect("byte 26 reveals tree node", `document.querySelector('#tree .node.selected').dataset.path`, "Header/FileSize")
	// A byte gets its hover text when the pointer comes over it.
	p.HoverByte(26)
	p.WaitFor("byte 26's hover text", browsertest.HexByte(26)+`.title !== ''`)
	p.expect("hovering byte 26 names its field", browsertest.HexByte(26)+`.title`, "0x1a: Header/FileSize = "+fmt.Sprint(len(raw)))
	p.expect("the hover box outlines byte 26", `(b => { const h = document.getElementById('hex-hover').getBoundingClientRect(); return h.width > 0 && Math.abs(h.x + h.width/2 - b.x) < 1 && Math.abs(h.y + h.height/2 - b.y) < 1 })(`+browsertest.HexByte(26)+`)`, true)
	p.HoverByte(25)
	p.expect("hovering byte 25 names it", browsertest.HexByte(25)+`.title`, "0x19: Header/FileSize = "+fmt.Sprint(len(raw)))
	p.expect("highlighted bytes", browsertest.HexSelected+`.join(',')`, "24,25,26,27")
	psv := f.Part("PSV0")
	sizeByte := psv.Offset + 5
	p.Run("goto PSV0 size", chromedp.SetValue(chromedp.ID("hex-goto"), fmt.Sprintf("0x%x", sizeByte)), chromedp.Click(chromedp.CSS(`.hex-tools button[type="submit"]`)))
	p.ClickByte(sizeByte)
	p.expect("a PSV0 part-header byte selects", `document.getElementById('teach-path').textContent`, "PSV0/Size")
	p.expect("selected part after clicking a PSV0 byte", `document.querySelector('#part-list .part.selected .part-name').textContent`, "PSV0")
	p.expect("teaching title", `document.getElementById('teach-title').textContent`, "Part size")
	p.Shoot("03-byte-selects-field")

	// Keyboard in the tree: ↓ moves from the part's root to its first field.
	p.Run("the tree tab", chromedp.Click(chromedp.CSS(`#tab-tree`)), chromedp.WaitVisible(chromedp.CSS(`#tree`)))
	p.Run("tree keyboard", chromedp.Focus(chromedp.CSS(`#tree`)), chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowDown))
	p.expect("↓ in the tree selects the part's first field", `document.querySelector('#tree .node.selected').dataset.path`, "Name")
	p.expect("… and its bytes", `document.getElementById('teach-path').textContent`, "PSV0/Name")

	// Keyboard: ] moves to the next part.
	p.Run("keyboard", chromedp.Focus(chromedp.CSS(`#part-list`)), chromedp.KeyEvent("]"))
	next := dxil.Parts[(indexOf(dxil.Parts, "PSV0") + 1)]
	p.expect("] selects the next part", `document.querySelector('#part-list .part.selected .part-name').textContent`, next)

	// Open an FXC file by a synthesized drop; its stage comes from SHEX/SHDR.
	fxc := pick(t, entries, func(e corpus.Entry) bool { return (e.Has("SHEX") || e.Has("SHDR")) && e.Has("RDEF") && e.Size < 4000 })
	fxcData, _ := os.ReadFile(fxc.Path)
	p.drop(filepath.Base(fxc.Path), fxcData)
	p.WaitFile(filepath.Base(fxc.Path))
	if got := p.partNames(); strings.Join(got, " ") != "Header "+strings.Join(fxc.Parts, " ") {
		t.Errorf("dropped file: part list %v, want Header + %v", got, fxc.Parts)
	}
	if stage := p.text(`.sum-stage .sum-value`); !strings.HasSuffix(stage, strings.ReplaceAll(fxc.Stage+"_"+fxc.ShaderModel, ".", "_")) {
		t.Errorf("FXC stage %q, MANIFEST says %s %s", stage, fxc.Stage, fxc.ShaderModel)
	}
	p.Shoot("04-dropped-fxc")

	// Its SHDR/SHEX listing: one line per instruction as decoded; clicking a
	// line selects that instruction's bytes.
	fxcFile, _ := decode.Parse(fxcData)
	code := fxcFile.Part("SHEX")
	if code == nil {
		code = fxcFile.Part("SHDR")
	}
	p.Run("select the code part", chromedp.Click(chromedp.CSS(`#part-list .part[data-name="`+code.Name+`"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#listing`)))
	ins := code.Bytecode.Instructions
	p.expect("listing lines", `document.querySelectorAll('#listing .listing-line[data-off]').length`, float64(len(ins)))
	last := len(ins) - 1
	p.Run("click the last instruction", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#listing .listing-line[data-off="%d"]`, ins[last].Offset))))
	p.expect("the clicked instruction's bytes are selected", `document.getElementById('teach-path').textContent`, fmt.Sprintf("%s/Bytecode/Instructions/%d", code.Name, last))
	p.Shoot("04b-listing")

	// A file that is not a container says so.
	p.drop("notes.txt", []byte("These are not the bytes you are looking for.\n"))
	p.WaitFile("notes.txt")
	if msg := p.text(`#not-container-msg`); !strings.Contains(msg, "is not a DirectX shader container") {
		t.Errorf("non-container message %q", msg)
	}

	// A file with containers inside lists them, and each opens in place.
	var pkg []byte
	pkg = append(pkg, []byte("PACKAGE\x00\x01\x02 header of some game archive\n")...)
	offA := len(pkg)
	pkg = append(pkg, raw...)
	pkg = append(pkg, make([]byte, 37)...)
	offB := len(pkg)
	pkg = append(pkg, fxcData...)
	pkg = append(pkg, []byte("trailer")...)
	p.drop("archive.pak", pkg)
	p.WaitFile("archive.pak")
	p.Run("embedded list", chromedp.WaitVisible(chromedp.CSS(`#embedded`)))
	if got := p.Eval(`Array.from(document.querySelectorAll('#embedded tbody tr td:first-child')).map(e => e.textContent).join(' ')`); got != fmt.Sprintf("0x%x 0x%x", offA, offB) {
		t.Errorf("embedded offsets %v, want 0x%x 0x%x", got, offA, offB)
	}
	p.Shoot("05-embedded")
	p.Run("open nested", chromedp.Click(chromedp.CSS(fmt.Sprintf(`button.open-nested[data-off="%d"]`, offB))),
		chromedp.WaitVisible(chromedp.CSS(`#part-list`)))
	if got := p.partNames(); strings.Join(got, " ") != "Header "+strings.Join(fxc.Parts, " ") {
		t.Errorf("nested container: part list %v, want Header + %v", got, fxc.Parts)
	}
	// Its hex view addresses the outer file: the header starts at offB.
	p.expect("nested container's first byte in view", "!!"+browsertest.HexByte(int64(offB)), true)
	p.expect("nested container's summary", `document.querySelector('.sum-base .sum-value').textContent`, fmt.Sprintf("0x%x", offB))

	// Example buttons work (served from the bundle).
	p.Run("example", chromedp.Click(chromedp.CSS(`#example-vertex\.dxbc`)))
	p.WaitFile("vertex.dxbc")
	p.Run("select PSV0 of the example", chromedp.Click(chromedp.CSS(`#part-list .part[data-name="PSV0"]`)))
	p.Shoot("06-example-vertex")

	// A file dropped on "Drop to compare" is compared with the shown one, not opened.
	compute, err := os.ReadFile(filepath.Join(root, "web", "examples", "compute.dxbc"))
	if err != nil {
		t.Fatal(err)
	}
	p.dropOn("#compare-drop", "compute.dxbc", compute)
	p.WaitFor("the compare view", `document.querySelectorAll('#compare .cmp-part').length > 0`)
	if got := p.Eval(`document.getElementById('file-name').textContent`); got != "vertex.dxbc" {
		t.Errorf("after a drop on the compare button the page shows %v", got)
	}
	if got := p.Eval(`document.querySelector('#cmp-changes li')?.textContent`); got != "stage: Vertex → Compute" {
		t.Errorf("the first change shown is %v, want the stage", got)
	}
	p.Shoot("06a-compare-drop")
	p.Run("back to the inspector", chromedp.Click(chromedp.CSS(`#close-compare`)))

	// Problems: the damaged example (cut inside PSV0) lists errors; choosing
	// one shows its bytes.
	p.Run("damaged example", chromedp.Click(chromedp.CSS(`#example-damaged\.dxbc`)))
	p.WaitFile("damaged.dxbc")
	p.expect("damaged example has errors", `document.querySelectorAll('#problems .sev-error').length > 0`, true)
	off := p.Eval(`+document.querySelector('#problems .sev-error .problem-off').textContent`)
	p.Run("jump to a problem", chromedp.Click(chromedp.CSS(`#problems .sev-error .problem-jump`)))
	p.expect("problem offset selected in the hex view", `(o => `+browsertest.HexSelected+`.includes(o))(+document.querySelector('#problems .sev-error .problem-off').textContent)`, true)
	t.Logf("first error at %v", off)
	p.Shoot("06b-damaged")

	// A 4 KB shader and a 50 MB file through the file input: time to the
	// rendered part list, and how many hex rows are in the DOM.
	tmp := t.TempDir()
	big := filepath.Join(tmp, "big-priv.dxbc")
	os.WriteFile(big, browsertest.BigContainer(50<<20), 0o644)
	for _, tc := range []struct{ name, path string }{{"4 KB shader", dxil.Path}, {"50 MB container", big}} {
		p.Eval(`window.dxscopeLoadMs = 0`)
		t1 := time.Now()
		p.Upload("#file-input", tc.path)
		p.WaitFile(filepath.Base(tc.path))
		wall := time.Since(t1)
		ms, _ := p.Eval(`window.dxscopeLoadMs || 0`).(float64)
		rows, _ := p.Eval(`document.querySelectorAll('.hex-row').length`).(float64)
		t.Logf("%s: change event to rendered part list %.0f ms in page, %.0f ms as the test sees it; %d hex rows in the DOM", tc.name, ms, float64(wall.Milliseconds()), int(rows))
		if rows > 64 {
			t.Errorf("%s: %d hex rows in the DOM; the view must render only visible rows", tc.name, int(rows))
		}
	}
	// Scroll the 50 MB view to its middle and end: still few rows, right offsets.
	for _, off := range []int64{25 << 20, 50<<20 + 40} {
		p.Run("goto in 50 MB", chromedp.SetValue(chromedp.ID("hex-goto"), fmt.Sprintf("0x%x", off)), chromedp.Click(chromedp.CSS(`.hex-tools button[type="submit"]`)))
		p.WaitFor(fmt.Sprintf("byte 0x%x drawn", off), "!!"+browsertest.HexByte(off))
		rows, _ := p.Eval(`document.querySelectorAll('.hex-row').length`).(float64)
		if rows > 64 {
			t.Errorf("at 0x%x: %d hex rows in the DOM", off, int(rows))
		}
	}
	p.Shoot("07-50MB")

	// A ViewID shader: the grid's filled cells are the ones the decoder's
	// own PSV API (not the page's tree adapter) says depend on the view.
	for _, e := range entries {
		if !strings.Contains(e.Rel, "vs_view_id.h__") {
			continue
		}
		raw, _ := os.ReadFile(e.Path)
		f, _ := decode.Parse(raw)
		info := f.Part("PSV0").PSVInfo
		if info == nil || len(info.Masks()) == 0 {
			t.Fatalf("%s: no decoded ViewID mask", e.Rel)
		}
		var want []string
		for _, c := range info.Masks()[0].Components() {
			want = append(want, info.ComponentLabel(decode.PSVSigOutput, c))
		}
		p.Upload("#file-input", e.Path)
		p.WaitFile(filepath.Base(e.Path))
		p.Run("select PSV0 (ViewID)", chromedp.Click(chromedp.CSS(`#part-list .part[data-name="PSV0"]`)),
			chromedp.WaitVisible(chromedp.CSS(`.special.grid .grid-svg`)))
		// Read the filled cells back from what is drawn: each "M x y" of the
		// grid-on path is one cell; its column label is the header above it.
		got := p.Eval(`(() => {
			const g = Array.from(document.querySelectorAll('.special.grid')).find(x => x.querySelector('h3').textContent.startsWith('ViewID'));
			if (!g) return 'no ViewID grid';
			const cols = Array.from(g.querySelectorAll('.grid-col')).map(c => c.textContent);
			const cs = parseFloat(g.querySelector('.grid-col').style.width);
			const d = g.querySelector('.grid-on').getAttribute('d');
			return Array.from(d.matchAll(/M(\d+) (\d+)/g)).map(m => cols[Math.floor(+m[1] / cs)]).join(' ');
		})()`)
		if got != strings.Join(want, " ") {
			t.Errorf("ViewID grid shows %v, the decoded mask says %v", got, want)
		}
		p.Shoot("06c-viewid-grid")

		// The DXIL view: the dx.op census as decoded, sortable by calls.
		ops := f.Part("DXIL").Module.DXOps
		p.Run("select DXIL", chromedp.Click(chromedp.CSS(`#part-list .part[data-name="DXIL"]`)),
			chromedp.WaitVisible(chromedp.CSS(`#dxops`)))
		var opcodes []string
		for _, o := range ops {
			opcodes = append(opcodes, fmt.Sprint(o.Opcode))
		}
		p.expect("census rows, by opcode", `Array.from(document.querySelectorAll('#dxops tr.dxop')).map(r => r.dataset.opcode).join(' ')`, strings.Join(opcodes, " "))
		most := ops[0]
		for _, o := range ops {
			if o.Count > most.Count {
				most = o
			}
		}
		p.Run("sort by calls", chromedp.Click(chromedp.ID("dxops-sort-count")))
		p.expect("most-called operation first", `document.querySelector('#dxops tr.dxop').dataset.opcode`, fmt.Sprint(most.Opcode))
		p.Shoot("06d-dxil-census")
		break
	}

	// Dark theme follows prefers-color-scheme.
	if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}); err != nil {
		t.Fatal(err)
	}
	p.Run("example dark", chromedp.Click(chromedp.CSS(`#example-vertex\.dxbc`)))
	p.WaitFile("vertex.dxbc")
	bg := p.Eval(`getComputedStyle(document.body).backgroundColor`)
	if bg != "rgb(22, 24, 29)" {
		t.Errorf("dark background %v", bg)
	}
	p.Run("select ISG1 dark", chromedp.Click(chromedp.CSS(`#part-list .part[data-name="ISG1"]`)))
	p.Shoot("08-dark")

	if v := p.Eval(`window.cspViolations.join('; ')`); v != "" {
		t.Errorf("CSP violations: %v", v)
	}

	// Offline after the first visit: once the service worker has cached the
	// bundle, the page reloads and opens an example with the server gone.
	cacheName := "app-" + version
	p.Eval(fmt.Sprintf(`window.swCached = 0; caches.open(%q).then(c => c.keys()).then(k => { window.swCached = k.length }); true`, cacheName))
	func() {
		ctx, cancel := context.WithTimeout(p.Ctx, 60*time.Second)
		defer cancel()
		// Re-ask until the worker has cached everything (it caches on install).
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`(() => { caches.open(%q).then(c => c.keys()).then(k => { window.swCached = k.length }); return window.swCached >= 10 })()`, cacheName),
			chromedp.WithPollingTimeout(50*time.Second)))
		if err != nil {
			t.Fatalf("the service worker did not cache the bundle: %v (cached %v)", err, p.evalSafe(`window.swCached`))
		}
	}()
	srv.Close()
	p.Run("reload offline", chromedp.Reload())
	p.WaitReady("the page offline")
	p.Run("offline example", chromedp.Click(chromedp.CSS(`#example-compute\.dxbc`)))
	p.WaitFile("compute.dxbc")
	p.expect("offline: compute example parts", `Array.from(document.querySelectorAll('#part-list .part')).map(e => e.dataset.name).join(' ')`, "Header PSV0 DXIL")
	t.Logf("browser test took %.1fs (including bundle preparation)", time.Since(start).Seconds())
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

//go:build !wasm

package app_test

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/views/model"
)

// An FXC pixel shader with STAT and a root signature holding CBV b0, the
// constant buffer its RDEF binds (retail digest).
const editFile = "real/microsoft__DirectXShaderCompiler/test__dxbc2dxil__cbuffer2__v2.dxbc"

// download clicks the edit panel's Download and returns the bytes the
// browser was given.
func download(t *testing.T, p *browsertest.Page, n int) []byte {
	t.Helper()
	// The page's CSP allows no fetch of blob: URLs: the test keeps the Blob
	// the page hands the browser and reads it.
	browsertest.Eval[bool](p, `(window.dxscopeLastDownload = null, window.dxscopeGot = null,
		window.dxscopeCreate = window.dxscopeCreate || URL.createObjectURL,
		URL.createObjectURL = b => { b.arrayBuffer().then(buf => {
			let s = ''; const u = new Uint8Array(buf); for (let i = 0; i < u.length; i++) s += String.fromCharCode(u[i]);
			window.dxscopeGot = btoa(s);
		}); return window.dxscopeCreate.call(URL, b); }, true)`)
	p.Click("#edit-download")
	p.WaitFor("the download", `!!window.dxscopeLastDownload`)
	name := browsertest.Eval[string](p, `window.dxscopeLastDownload.name`)
	if name != "test__dxbc2dxil__cbuffer2__v2.edited.dxbc" {
		t.Errorf("download %d is named %q, want test__dxbc2dxil__cbuffer2__v2.edited.dxbc", n, name)
	}
	p.WaitFor("the downloaded bytes", `window.dxscopeGot !== null`)
	b, err := base64.StdEncoding.DecodeString(browsertest.Eval[string](p, `window.dxscopeGot`))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Edit mode end to end: remove STAT, replace the root signature from HLSL
// text (a typo is shown at its line and column; the fix applies), download
// (the bytes decode with a valid digest, STAT gone, RTS0 the compiled text,
// every other part the original's bytes), the compare view lists exactly
// the two edits, and undo brings back the original bytes.
func TestEditModeInBrowser(t *testing.T) {
	path, orig, f := corpusFile(t, editFile)
	p := openFile(t, path)
	p.Click("#edit-toggle")
	p.WaitFor("the edit panel", `!!document.querySelector('#edit-panel') && !!document.querySelector('#remove-part-1')`)
	if got := browsertest.Eval[string](p, `document.querySelector('#rs-text').value`); !strings.HasPrefix(got, "DescriptorTable(CBV(b0,") {
		t.Errorf("the root signature text starts %.60q, want the current RTS0 as HLSL", got)
	}
	p.Shoot("edit-1-on")

	// Remove STAT with its button in the part list.
	p.Click(`#part-list .part[data-name="STAT"] .remove-part`)
	p.WaitFor("STAT removed", `!document.querySelector('#part-list .part[data-name="STAT"]') && document.querySelectorAll('#edit-list li').length === 1`)
	p.Shoot("edit-2-removed")

	// A typo: "spaec" at line 2, column 25.
	const typo = "RootFlags(0),\nDescriptorTable(CBV(b0, spaec = 0), visibility = SHADER_VISIBILITY_PIXEL)"
	p.Do(chromedp.SetValue(chromedp.ID("rs-text"), typo))
	p.Click("#rs-apply")
	p.WaitFor("the inline error", `!!document.querySelector('#rs-error')`)
	pos := browsertest.Eval[[]string](p, `(e => [e.dataset.line, e.dataset.col, e.querySelector('.rs-error-at').textContent])(document.querySelector('#rs-error'))`)
	if pos[0] != "2" || pos[1] != "25" {
		t.Errorf("the error is at %s:%s, want 2:25", pos[0], pos[1])
	}
	lines := strings.Split(pos[2], "\n")
	if len(lines) != 2 || lines[0] != strings.Split(typo, "\n")[1] || lines[1] != strings.Repeat(" ", 24)+"^" || lines[0][24:29] != "spaec" {
		t.Errorf("the error shows %q, want line 2 with a caret under \"spaec\"", pos[2])
	}
	if n := browsertest.Eval[int](p, `document.querySelectorAll('#edit-list li').length`); n != 1 {
		t.Errorf("the typo made an edit: %d edits", n)
	}
	p.Shoot("edit-3-typo")

	// A root signature without b0: the coverage check's error, Apply anyway
	// offered, nothing applied.
	p.Do(chromedp.SetValue(chromedp.ID("rs-text"), "CBV(b1)"))
	p.Click("#rs-apply")
	p.WaitFor("the coverage error", `!!document.querySelector('#rs-force') && !!document.querySelector('#rs-cover .sev-error')`)
	if n := browsertest.Eval[int](p, `document.querySelectorAll('#edit-list li').length`); n != 1 {
		t.Errorf("a root signature that does not cover the shader was applied: %d edits", n)
	}
	p.Shoot("edit-3b-mismatch")

	// The fix applies: RTS0 replaced, the coverage check passes (b0 is in the table).
	fixed := strings.Replace(typo, "spaec", "space", 1)
	p.Do(chromedp.SetValue(chromedp.ID("rs-text"), fixed))
	p.Click("#rs-apply")
	p.WaitFor("RTS0 replaced", `document.querySelectorAll('#edit-list li').length === 2 && !document.querySelector('#rs-error')`)
	if ok := browsertest.Eval[bool](p, `!!document.querySelector('#rs-covered') && !document.querySelector('#rs-cover')`); !ok {
		t.Error("the page does not say the root signature covers the shader")
	}
	p.Shoot("edit-4-rootsig")

	got := download(t, p, 1)
	g, err := decode.Parse(got)
	if err != nil {
		t.Fatalf("the download does not decode: %v", err)
	}
	if g.Digest.Status != decode.DigestValid {
		t.Errorf("the download's digest is %s, want valid", g.Digest.Status)
	}
	rs, err := rootsig.Parse(fixed, rootsig.Version1_1)
	if err != nil {
		t.Fatal(err)
	}
	wantRTS0 := rootsig.Encode(rs, rootsig.Version1_1)
	var names []string
	for _, q := range g.Parts {
		names = append(names, q.Name)
		switch q.Name {
		case "RTS0":
			if !bytes.Equal(q.Data(), wantRTS0) {
				t.Errorf("the downloaded RTS0 is % x, want % x", q.Data(), wantRTS0)
			}
		default:
			if o := f.Part(q.Name); o == nil || !bytes.Equal(o.Data(), q.Data()) {
				t.Errorf("the downloaded %s is not the original's bytes", q.Name)
			}
		}
	}
	if strings.Join(names, " ") != "RDEF ISGN OSGN SHEX RTS0" {
		t.Errorf("the download has parts %v, want RDEF ISGN OSGN SHEX RTS0", names)
	}
	for _, pr := range g.Problems {
		if pr.Severity == decode.Error {
			t.Errorf("the download decodes with an error: %s", pr)
		}
	}

	// The compare view: exactly STAT removed and RTS0 changed.
	p.Click("#edit-compare")
	p.WaitFor("the compare view", `!!document.querySelector('#cmp-parts')`)
	rows := browsertest.Eval[[][]string](p, `[...document.querySelectorAll('#cmp-parts > li.cmp-part')].map(li => [li.querySelector('.part-name').textContent, li.className])`)
	diffs := map[string]string{}
	for _, r := range rows {
		if r[0] == model.HeaderPart || strings.Contains(r[1], "cmp-identical") {
			continue
		}
		diffs[r[0]] = r[1]
	}
	if len(diffs) != 2 || !strings.Contains(diffs["STAT"], "cmp-removed") || !strings.Contains(diffs["RTS0"], "cmp-changed") {
		t.Errorf("the compare view lists %v, want STAT removed and RTS0 changed", diffs)
	}
	p.Shoot("edit-5-compare")

	// Back to the file, undo both edits: the original bytes.
	p.Click("#close-compare")
	p.WaitFor("the edit panel again", `!!document.querySelector('#edit-panel')`)
	p.Click("#edit-undo")
	p.WaitFor("one edit undone", `document.querySelectorAll('#edit-list li').length === 1`)
	before := browsertest.Eval[string](p, `location.hash`)
	p.Click("#edit-undo")
	p.WaitFor("both undone", `!document.querySelector('#edit-list') && !!document.querySelector('#part-list .part[data-name="STAT"]')`)
	// The undone view's entry is written linkDelay after its paint (a step
	// taken sooner writes it first; the browser's Back is no such step):
	// wait for its link, as a user who looks at the page does.
	p.WaitFor("the undone view's link", `history.state?.link === location.hash.slice(1) && location.hash !== `+browsertest.JSString(before))
	if b := download(t, p, 2); !bytes.Equal(b, orig) {
		t.Errorf("after undo the download is %d bytes, not the original %d", len(b), len(orig))
	}
	p.Shoot("edit-6-undone")

	// Each edit and undo is a history entry: Back returns to the view before
	// the last undo (STAT removed), still in edit mode with its edit list.
	browsertest.Eval[bool](p, `(history.back(), true)`)
	p.WaitFor("Back to the first edit", `!!document.querySelector('#edit-panel') && document.querySelectorAll('#edit-list li').length === 1 && !document.querySelector('#part-list .part[data-name="STAT"]')`)
	p.Shoot("edit-7-back")
}

// A number in the tree changed in place: the root signature's range register
// (RTS0 data offset 52: the 24-byte header, a 12-byte parameter header, the
// table's 8-byte header, RangeType and NumDescriptors) set to 1 from the
// edit panel gives the RTS0 the compiler makes of "DescriptorTable(CBV(b1))",
// with a valid digest.
func TestEditFieldInBrowser(t *testing.T) {
	path, _, f := corpusFile(t, editFile)
	p := openFile(t, path)
	p.Click("#edit-toggle")
	p.WaitFor("the edit panel", `!!document.querySelector('#edit-panel')`)
	at := f.Part("RTS0").DataOffset + 52
	hexGoTo(p, at)
	const reg = "RootSignature/Parameters/0/Table/Ranges/0/BaseShaderRegister"
	p.WaitFor("the field editor", `(e => !!e && e.querySelector('code').textContent === '`+reg+`')(document.querySelector('#field-editor'))`)
	if v := browsertest.Eval[string](p, `document.querySelector('#field-value').value`); v != "0" {
		t.Errorf("the field editor shows %q, want 0", v)
	}
	p.Do(chromedp.SetValue(chromedp.ID("field-value"), "1"))
	p.Click("#field-set")
	p.WaitFor("the field set", `document.querySelectorAll('#edit-list li').length === 1`)
	if v := browsertest.Eval[string](p, `(document.querySelector('#tree .node.selected .val') || {textContent: ''}).textContent`); v != "1" {
		t.Errorf("the selected tree node shows %q, want 1", v)
	}
	p.Shoot("edit-field")
	b := download(t, p, 1)
	g, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rootsig.Parse("DescriptorTable(CBV(b1))", rootsig.Version1_1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.Part("RTS0").Data(), rootsig.Encode(rs, rootsig.Version1_1); !bytes.Equal(got, want) {
		t.Errorf("the downloaded RTS0 is % x, want % x", got, want)
	}
	if g.Digest.Status != decode.DigestValid {
		t.Errorf("digest %s, want valid", g.Digest.Status)
	}
}

// Enumerations by name and flags by bit (RTS0: ShaderVisibility at data
// offset 28, the root signature's Flags at 20): the list offers Pixel, the
// boxes ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT; each Set is read back by name.
func TestEditFieldByNameInBrowser(t *testing.T) {
	path, _, f := corpusFile(t, editFile)
	p := openFile(t, path)
	p.Click("#edit-toggle")
	p.WaitFor("the edit panel", `!!document.querySelector('#edit-panel')`)
	hexGoTo(p, f.Part("RTS0").DataOffset+28)
	p.WaitFor("the visibility's list", `!!document.querySelector('#field-enum') && document.querySelector('#field-editor code').textContent === 'RootSignature/Parameters/0/ShaderVisibility'`)
	opts := browsertest.Eval[[]string](p, `[...document.querySelectorAll('#field-enum option')].map(o => o.textContent)`)
	if strings.Join(opts, ",") != "All (0),Vertex (1),Hull (2),Domain (3),Geometry (4),Pixel (5),Amplification (6),Mesh (7)" {
		t.Errorf("the list offers %v", opts)
	}
	p.Do(chromedp.SetValue(chromedp.ID("field-enum"), "5"))
	browsertest.Eval[bool](p, `(document.querySelector('#field-enum').dispatchEvent(new Event('change')), true)`)
	if v := browsertest.Eval[string](p, `document.querySelector('#field-value').value`); v != "5" {
		t.Errorf("choosing Pixel puts %q in the box, want 5", v)
	}
	p.Click("#field-set")
	p.WaitFor("the visibility set", `document.querySelectorAll('#edit-list li').length === 1`)
	if v := browsertest.Eval[string](p, `(document.querySelector('#tree .node.selected .val') || {textContent: ''}).textContent`); !strings.Contains(v, "Pixel") {
		t.Errorf("the selected tree node shows %q, want Pixel", v)
	}
	p.Shoot("edit-field-enum")

	hexGoTo(p, f.Part("RTS0").DataOffset+20)
	p.WaitFor("the flags' boxes", `!!document.querySelector('#field-flags') && document.querySelector('#field-editor code').textContent === 'RootSignature/Flags'`)
	if n := browsertest.Eval[int](p, `document.querySelectorAll('#field-flags input[type=checkbox]').length`); n != 13 {
		t.Errorf("%d flag boxes, want 13", n)
	}
	p.Click("#field-flag-1")
	if v := browsertest.Eval[string](p, `document.querySelector('#field-value').value`); v != "0x1" {
		t.Errorf("ticking bit 0x1 puts %q in the box", v)
	}
	p.Shoot("edit-field-flags")
	p.Click("#field-set")
	p.WaitFor("the flags set", `document.querySelectorAll('#edit-list li').length === 2`)
	b := download(t, p, 1)
	g, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	rs := g.Part("RTS0").RootSignature
	if rs.Flags != 1 || rs.Parameters[0].ShaderVisibility.String() != "Pixel" {
		t.Errorf("the downloaded root signature has flags 0x%x and visibility %s", rs.Flags, rs.Parameters[0].ShaderVisibility)
	}
	// Ctrl+Z undoes the last edit, Ctrl+Shift+Z makes it again.
	p.Do(chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.WaitFor("Ctrl+Z undid one edit", `document.querySelectorAll('#edit-list li').length === 1`)
	p.Do(chromedp.KeyEvent("Z", chromedp.KeyModifiers(chromedp.ModifierCtrl, chromedp.ModifierShift)))
	p.WaitFor("Ctrl+Shift+Z made it again", `document.querySelectorAll('#edit-list li').length === 2`)
}

package views

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Actions for share links and compare.
const (
	ActHexRow        = "dx-hex-row"        // value: HexRow; the first row shown changed (for row= in the link)
	ActCompareSelect = "dx-compare-select" // value: model.CompareRef; a difference was chosen
	ActCompareByteA  = "dx-compare-byte-a" // value: int64 offset clicked in A's hex view
	ActCompareByteB  = "dx-compare-byte-b" // value: int64 offset clicked in B's hex view
	ActCompareLink   = "dx-compare-link"   // value: int, a row of the linkage table
	// ActCompareRootSig checks the linkage with the pipeline's own root signature.
	ActCompareRootSig = "dx-compare-rootsig" // value: RootSigRequest ("" text: the shaders' own)
)

// HexRow reports the first row a hex view shows.
type HexRow struct {
	View string // the view's IDPrefix
	Row  int64
}

// id names one of the view's elements: "hex-scroll" for the main view,
// "<prefix>-scroll" for others, so two hex views can share a page.
func (h *HexView) id(what string) string {
	p := h.IDPrefix
	if p == "" {
		p = "hex"
	}
	return p + "-" + what
}

func (h *HexView) clickAction() string {
	if h.ClickAct != "" {
		return h.ClickAct
	}
	return ActSelectByte
}

// reportRow tells the page which row is first, so the link can keep it.
func (h *HexView) reportRow(ctx app.Context) {
	ctx.NewActionWithValue(ActHexRow, HexRow{View: h.IDPrefix, Row: h.first})
}

func (h *HexView) markClass(off int64) string {
	if off >= 0 && off < int64(len(h.Marks)) && h.Marks[off] {
		return " diff"
	}
	return ""
}

// FirstRow returns the first row shown.
func (h *HexView) FirstRow() int64 { return h.first }

// ShareBar is the row of share and export buttons under the summary. It
// reports clicks as the actions named in ShareActs.
type ShareBar struct {
	app.Compo
	Copied      string // "copied" or a failure message after Copy link, "" otherwise
	Embedded    bool   // the link carries the file
	LinkLen     int    // characters of the current link
	PartName    string // the selected part ("" or Header: no part download)
	Bitcode     bool   // the file has bitcode to download
	Selection   int64  // bytes selected (0: no copy buttons)
	Compare     bool   // the compare view is showing
	CompareMode bool   // the next file opened is compared with this one
	HasModel    bool
}

// Share bar actions (no value unless noted).
const (
	ActCopyLink     = "dx-copy-link"
	ActExport       = "dx-export" // value: string, one of the Export* names
	ActCompareMode  = "dx-compare-mode"
	ActCloseCompare = "dx-close-compare"
	ActLinkWritten  = "dx-link-written" // value: LinkFacts; the link was written and nothing else changed
)

// LinkFacts is what the share bar says of the link in the address bar.
type LinkFacts struct {
	Embedded bool // the link carries the file
	Len      int  // characters
}

// OnMount takes the facts of a link written after the file was drawn: the
// page then updates the bar alone.
func (s *ShareBar) OnMount(ctx app.Context) {
	ctx.Handle(ActLinkWritten, func(ctx app.Context, a app.Action) {
		if f, ok := a.Value.(LinkFacts); ok {
			s.Embedded, s.LinkLen, s.Copied = f.Embedded, f.Len, ""
		}
	})
}

// Export kinds.
const (
	ExportJSON    = "json"
	ExportParts   = "parts"
	ExportPart    = "part"
	ExportBitcode = "bitcode"
	ExportHex     = "hex"
	ExportCArray  = "carray"
	ExportBase64  = "base64"
)

// Render draws the bar.
func (s *ShareBar) Render() app.UI {
	btn := func(id, label, title string, act string, val any) app.UI {
		// The scope makes go-app replace the handler when a button moves to
		// another position; it keeps a closure from the same literal otherwise.
		return app.Elem("button").ID(id).Title(title).Text(label).OnClick(func(ctx app.Context, e app.Event) {
			if val == nil {
				ctx.NewAction(act)
			} else {
				ctx.NewActionWithValue(act, val)
			}
		}, app.EventScope(id))
	}
	where := "the file is in the link"
	if !s.Embedded {
		where = "the file is too large for a link: the link names it by SHA-256 and asks for it"
	}
	items := []app.UI{
		btn("copy-link", "Copy link", "copy the address: it reproduces this view ("+where+")", ActCopyLink, nil),
		app.If(s.Copied != "", func() app.UI { return app.Elem("span").ID("copy-status").Class("copy-status").Text(s.Copied) }),
		app.Elem("span").ID("link-info").Class("share-info").Text(fmt.Sprintf("%s characters, %s", commas(s.LinkLen), map[bool]string{true: "file inside", false: "file by hash"}[s.Embedded])),
	}
	if s.HasModel && !s.Compare {
		items = append(items,
			app.Elem("span").Class("share-sep").Text("Download:"),
			btn("export-json", "JSON", "the whole decode, as dxscope json writes it", ActExport, ExportJSON),
			btn("export-parts", "part list", "the part list and problems as text, as dxscope parts writes it", ActExport, ExportParts),
		)
		if s.PartName != "" && s.PartName != model.HeaderPart {
			items = append(items, btn("export-part", model.Shown(s.PartName)+" bytes", "this part's data, as dxa -extractpart writes it", ActExport, ExportPart))
		}
		if s.Bitcode {
			items = append(items, btn("export-bitcode", "bitcode", "the DXIL bitcode alone (for llvm-bcanalyzer)", ActExport, ExportBitcode))
		}
		if s.Selection > 0 {
			items = append(items,
				app.Elem("span").Class("share-sep").Text(fmt.Sprintf("Copy %s:", plural2(s.Selection, "byte"))),
				btn("copy-hex", "hex", "copy the selected bytes as hex", ActExport, ExportHex),
				btn("copy-carray", "C array", "copy the selected bytes as a C array", ActExport, ExportCArray),
				btn("copy-base64", "base64", "copy the selected bytes as base64", ActExport, ExportBase64),
			)
		}
	}
	if s.HasModel {
		if s.Compare {
			items = append(items, app.Elem("span").Class("share-sep"), btn("close-compare", "Back to the inspector", "leave the compare view", ActCloseCompare, nil))
		} else {
			items = append(items,
				app.Elem("span").Class("share-sep"),
				FileButton("compare-input", "button secondary", "compare-label", "open a second container and see what differs", "Compare with…"),
				app.Elem("button").ID("compare-drop").Aria("pressed", s.CompareMode).Class(map[bool]string{true: "on"}[s.CompareMode]).
					Title("the next file you open or drop is compared with this one (Shift+drop does it too); click again to cancel").
					Text("Drop to compare").OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActCompareMode) }, app.EventScope("compare-drop")),
			)
		}
	}
	return app.Elem("div").ID("share-bar").Class("share-bar").Body(items...)
}

func commas(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

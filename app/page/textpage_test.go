package page_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/internal/hostile"
)

// The Text tab's page is in the link: PSV0's text of a file naming one
// 1,000-byte string 765 times is 972 KB, four pages (model.TextPages).
// Turning a page replaces the history entry, as a selection does; the
// link opened elsewhere shows the same page; the first page is not written,
// so the link of page 1 is the link the page wrote before page= existed.
func TestTextPageInTheLink(t *testing.T) {
	const name = "psv-long-names.dxbc"
	data := hostile.LongNamePSV(1000)
	b := newBrowser(t)
	b.open(name, data)
	psv := partIndex(t, b.s, "PSV0")
	if n := len(b.s.Model.Parts[psv].Dumps()[0].Pages); n != 4 {
		t.Fatalf("the PSV0 text has %d pages, want 4", n)
	}
	b.do(b.s.SelectPart(psv))
	b.do(b.s.SetTab(page.Text))
	first := b.link()
	if strings.Contains(first, "page=") {
		t.Fatalf("page 1 is written: %.120s", first)
	}

	fx := b.do(b.s.SetTextPage("psv", 2))
	if fx.History != page.Replace || b.At != 1 {
		t.Errorf("turning the page: %v, %d entries; want the entry replaced", fx.History, b.At+1)
	}
	if !strings.Contains(b.link(), "&tab=text&page=psv:3&") {
		t.Errorf("the link after turning to page 3: %.120s", b.link())
	}
	if got := b.s.TextPages(); !reflect.DeepEqual(got, map[string]int{"psv": 2}) {
		t.Errorf("pages %v, want psv's third (2 from 0)", got)
	}
	third := b.link()

	// The link opened in another page shows page 3, and writes the same link.
	o := newBrowser(t)
	o.Entries[0] = third
	if fx := o.do(o.s.ApplyLink("#" + third)); fx.History != page.Keep || o.s.Link.Err != "" {
		t.Fatalf("applying the link: %v, error %q", fx.History, o.s.Link.Err)
	}
	if o.part() != "PSV0" || o.s.Tab != page.Text || !reflect.DeepEqual(o.s.TextPages(), map[string]int{"psv": 2}) {
		t.Errorf("the link shows part %s tab %v pages %v; want PSV0's text on page 3", o.part(), o.s.Tab, o.s.TextPages())
	}
	if fx := o.s.Note(); fx.History != page.Keep || o.s.Link.Written() != third {
		t.Errorf("the page's link differs from the one applied: %v", fx.History)
	}

	// Back to page 1: the link is byte for byte the one before page=.
	b.do(b.s.SetTextPage("psv", 0))
	if b.link() != first || len(b.s.TextPages()) != 0 {
		t.Errorf("page 1 again: pages %v, link %.120s; want %.120s", b.s.TextPages(), b.link(), first)
	}

	// Past the last page: the last; a text the part does not have: nothing.
	b.do(b.s.SetTextPage("psv", 99))
	if got := b.s.TextPages()["psv"]; got != 3 || !strings.Contains(b.link(), "page=psv:4&") {
		t.Errorf("page 100 shows page %d (from 0), link %.120s; want the last, 3", got, b.link())
	}
	b.do(b.s.SetTextPage("dis", 5))
	if got := b.s.TextPages(); !reflect.DeepEqual(got, map[string]int{"psv": 3}) {
		t.Errorf("a page of a text PSV0 does not have: pages %v", got)
	}

	// Another tab or part, and back: the texts open on their first pages,
	// and no link names a page of a text not shown.
	b.do(b.s.SetTab(page.Tree))
	if strings.Contains(b.link(), "page=") {
		t.Errorf("the tree's link names a text page: %.120s", b.link())
	}
	b.do(b.s.SetTab(page.Text))
	if len(b.s.TextPages()) != 0 || b.link() != first {
		t.Errorf("the Text tab again: pages %v, link %.120s", b.s.TextPages(), b.link())
	}
	b.do(b.s.SetTextPage("psv", 2))
	b.do(b.s.Goto(0)) // a byte of the header: another part, the Text tab kept
	if b.part() == "PSV0" || len(b.s.TextPages()) != 0 || strings.Contains(b.link(), "page=") {
		t.Errorf("another part (%s): pages %v, link %.120s", b.part(), b.s.TextPages(), b.link())
	}

	// Links written by hand: the value is clamped to the pages the text has,
	// or ignored; the link opens, without an error.
	base := linkstate.Encode(linkstate.State{Name: name, Part: "PSV0", Tab: "text"}, data)
	for _, c := range []struct {
		page string // page='s value; "" for no page=
		want map[string]int
	}{
		{"", nil},
		{"psv:3", map[string]int{"psv": 2}},
		{"psv:0x3", map[string]int{"psv": 2}},
		{"psv:4", map[string]int{"psv": 3}},
		{"psv:5", map[string]int{"psv": 3}},
		{"psv:99999999999999999999", nil},
		{"psv:1", nil},
		{"psv:0", nil},
		{"psv:-3", nil},
		{"psv:zz", nil},
		{"psv", nil},
		{":3", nil},
		{"dis:3", nil},
		{"dis:3,psv:2", map[string]int{"psv": 1}},
		{"psv:3,psv:2", map[string]int{"psv": 1}},
		{"%2C%2C,psv:x:3", nil},
	} {
		link := base
		if c.page != "" {
			link = "page=" + c.page + "&" + base
		}
		o := newBrowser(t)
		o.Entries[0] = link
		o.do(o.s.ApplyLink("#" + link))
		got := o.s.TextPages()
		if len(got) == 0 {
			got = nil
		}
		if o.s.Link.Err != "" || o.part() != "PSV0" || o.s.Tab != page.Text || !reflect.DeepEqual(got, c.want) {
			t.Errorf("page=%s: part %s tab %v pages %v error %q; want PSV0's text, pages %v", c.page, o.part(), o.s.Tab, got, o.s.Link.Err, c.want)
		}
	}
	// A page without the Text tab shows the part's own view, and the
	// page's link has no page=.
	o = newBrowser(t)
	link := "page=psv:3&" + linkstate.Encode(linkstate.State{Name: name, Part: "PSV0"}, data)
	o.do(o.s.ApplyLink("#" + link))
	if o.s.Tab != page.OwnView || len(o.s.TextPages()) != 0 {
		t.Errorf("page= without tab=text: tab %v pages %v", o.s.Tab, o.s.TextPages())
	}
}

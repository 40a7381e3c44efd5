//go:build !wasm

package serve

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// TestPageParseURL holds the copy of go-app's URL reader to url.Parse over
// the URLs a browser hands the page: its address with and without a share
// link, escapes in every part, ports, IPv6 hosts, users, opaque and
// relative forms.
func TestPageParseURL(t *testing.T) {
	urls := []string{
		"http://127.0.0.1:8080/",
		"http://127.0.0.1:8080",
		"https://example.com/dxscope/index.html",
		"http://localhost:8080/#part=PSV0&field=PSVInfo/SigOutputElements/2/Cols&f=eJzrDPBz5-WS4mJgYOD19HAJAtIKIMzBBCQ",
		"http://localhost:8080/?x=1&y=%20z#a%2Fb",
		"http://localhost:8080/?#frag",
		"http://localhost:8080/?",
		"http://localhost:8080/??a",
		"http://localhost:8080/a%2Fb/c%20d/",
		"http://localhost:8080/a b",
		"http://localhost:8080/#a%zz",
		"http://localhost:8080/%zz",
		"http://localhost:8080/#%E2%9C%93%20ok#again",
		"http://[::1]:8080/p",
		"http://user:pa%40ss@host.example:81/p?q#f",
		"http://user@host/",
		"HTTP://Example.COM/Path",
		"mailto:someone@example.com",
		"mailto:someone@example.com?subject=hi",
		"blob:http://localhost:8080/2c2a6b8e-0f0e-4b7c-9d7e-4b7e1e1f7e1f",
		"file:///home/user/a.cso",
		"/",
		"/relative/path?q#f",
		"relative",
		"//host/path",
		"*",
		"",
	}
	for _, raw := range urls {
		want, werr := url.Parse(raw)
		got, gerr := pageParseURL(raw)
		if (werr != nil) != (gerr != nil) {
			t.Errorf("%q: url.Parse says %v, pageParseURL %v", raw, werr, gerr)
			continue
		}
		if werr != nil {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got  %#v\n want %#v", raw, got, want)
		}
		if got.String() != want.String() {
			t.Errorf("%q: String %q, want %q", raw, got.String(), want.String())
		}
	}
	if !strings.Contains(pageURLParser(), "func pageParseURL(") {
		t.Errorf("the copy's stub does not get pageParseURL")
	}
}

// FuzzPageParseURL: the copy's URL reader never panics, and where both it
// and url.Parse read an address of the page's own schemes they agree (the
// page reads location.href, which a link can fill with anything).
func FuzzPageParseURL(f *testing.F) {
	for _, s := range []string{"http://127.0.0.1:8080/#part=PSV0&f=eJzr", "http://[::1]:8080/p?q#f", "http://u:p@h/%zz", "https://x/a%2Fb#%E2%9C%93"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, gerr := pageParseURL(raw)
		want, werr := url.Parse(raw)
		if gerr != nil || werr != nil || !(strings.HasPrefix(raw, "http://") || strings.HasPrefix(raw, "https://")) {
			return
		}
		if got.String() != want.String() || got.Fragment != want.Fragment || got.Path != want.Path || got.RawQuery != want.RawQuery {
			t.Errorf("%q:\n got  %#v\n want %#v", raw, got, want)
		}
	})
}

//go:build !wasm

package app

import (
	"strings"
	"testing"
)

// TestResolverServesFromTheBundleRoot: resources live at the bundle root,
// and the big files carry the version so they can be cached for a year.
func TestResolverServesFromTheBundleRoot(t *testing.T) {
	r := bundleResolver{version: "v1"}
	for _, tc := range []struct{ in, want string }{
		{"/web/app.wasm", "/app-v1.wasm"},
		{"/web/dxscope.css", "/dxscope-v1.css"},
		{"/web/icon.svg", "/icon.svg"},
		{"web/examples/vertex.dxbc", "/examples/vertex.dxbc"},
		{"/web", ""},
		{"/", "/"},
		{"/app.js", "/app.js"},
		{"https://example.com/x.png", "https://example.com/x.png"},
	} {
		if got := r.Resolve(tc.in); got != tc.want {
			t.Errorf("Resolve(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestHandlerUsesLocalIcons: go-app's default icons are remote, and a
// service worker that cannot fetch them leaves the page broken offline.
func TestHandlerUsesLocalIcons(t *testing.T) {
	h := Handler("v1")
	for _, icon := range []string{h.Icon.Default, h.Icon.Large, h.Icon.SVG, h.Icon.Maskable} {
		if icon == "" || strings.Contains(icon, "://") {
			t.Errorf("icon %q is not a local file", icon)
		}
	}
	if h.Version != "v1" {
		t.Errorf("version %q", h.Version)
	}
}

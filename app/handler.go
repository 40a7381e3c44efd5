//go:build !wasm

// The handler is the server's half of the page: the wasm build leaves it
// out, with go-app's own handler (see serve.BuildWasm).

package app

import (
	"path"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// bundleResolver serves static resources from the bundle root instead of
// /web/, so one directory (web/) holds the generated page and its resources.
// The big, rarely changing files (app.wasm, the style sheet) get the version
// in their name, so the server can let browsers cache them for a year.
type bundleResolver struct{ version string }

// Resolve maps "/web/x" to "/x" ("/web/app.wasm" to "/app-VERSION.wasm")
// and leaves other locations alone.
func (b bundleResolver) Resolve(loc string) string {
	if strings.HasPrefix(loc, "http://") || strings.HasPrefix(loc, "https://") {
		return loc
	}
	switch {
	case loc == "/web" || loc == "web":
		return ""
	case strings.HasPrefix(loc, "web/"):
		loc = "/" + loc
	case !strings.HasPrefix(loc, "/web/"):
		return loc
	}
	loc = strings.TrimPrefix(loc, "/web")
	if b.version != "" && HashedName(loc) {
		ext := path.Ext(loc)
		return strings.TrimSuffix(loc, ext) + "-" + b.version + ext
	}
	return loc
}

// HashedName says whether a bundle file is served under a versioned name.
func HashedName(p string) bool { return p == "/app.wasm" || p == "/dxscope.css" }

// Handler describes the bundle. version must change whenever any file of the
// bundle does (a content hash), so returning browsers fetch the new app.
func Handler(version string) *app.Handler { return HandlerFor(version, 0) }

// HandlerFor is Handler for a bundle whose app.wasm is wasmSize bytes
// (0: unknown). The loader counts decoded bytes, so its percentage needs
// the decoded size: the Content-Length of a brotli response is the
// compressed one.
func HandlerFor(version string, wasmSize int64) *app.Handler {
	// go-app caches the default, large and maskable icons but not the SVG
	// one, which the page shows: list it so the page is whole offline.
	cache := []string{"/web/icon.svg"}
	for _, e := range Examples {
		cache = append(cache, "/web/examples/"+e.File)
	}
	wasmLength := ""
	if wasmSize > 0 {
		wasmLength = strconv.FormatInt(wasmSize, 10)
	}
	return &app.Handler{
		Name:            "dxscope",
		ShortName:       "dxscope",
		Title:           "dxscope: DirectX shader container inspector",
		Description:     "Inspect DXBC/DXIL shader containers in the browser: parts, fields, bytes, problems. Nothing is uploaded.",
		Author:          "dxscope",
		LoadingLabel:    "Loading the decoder ({progress}%)",
		BackgroundColor: "#1b1d22",
		ThemeColor:      "#1b1d22",
		Lang:            "en",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-192.png",
			SVG:      "/web/icon.svg",
		},
		Styles: []string{"/web/dxscope.css", "/web/share.css", "/web/database.css"},
		// Run before go-app: repair links go-app cannot parse, keep a file chosen before the decoder is live.
		Scripts:            []string{"/web/urlguard.js", "/web/earlyfile.js"},
		CacheableResources: cache,
		Resources:          bundleResolver{version},
		Version:            version,
		// Start downloading app.wasm while the HTML is parsed, not once
		// app.js has run; app.js's fetch (cors, same-origin credentials)
		// then takes the preloaded response.
		RawHeaders: []string{`<link rel="preload" href="` + bundleResolver{version}.Resolve("/web/app.wasm") +
			`" as="fetch" type="application/wasm" crossorigin="anonymous">`},
		WasmContentLength:     wasmLength,
		ServiceWorkerTemplate: serviceWorkerJS,
	}
}

// Package app is the dxscope inspector page: the Inspector component that
// owns the page state, the go-app handler that describes the bundle, and the
// examples. Files are decoded in the browser (WebAssembly); nothing is uploaded.
package app

import (
	"path"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Example is a small container shipped in web/examples/ for one-click opening.
type Example struct {
	File  string // file name under web/examples/
	Label string
	About string
}

// Examples are built from testdata/examples (see build.sh there).
var Examples = []Example{
	{"vertex.dxbc", "vertex shader", "signatures, PSV0 with an entry name and an input→output map"},
	{"compute.dxbc", "compute shader", "8×8×1 threads, one UAV"},
	{"damaged.dxbc", "damaged file", "cut off inside PSV0: shows problems"},
	{"bundle.bin", "package file", "not a container, two containers inside"},
}

// Register routes the page; both the native binary (to pre-render and
// generate the static files) and the wasm binary must call it.
func Register() {
	app.Route("/", func() app.Composer { return &Inspector{} })
}

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
		// Runs before go-app reads the address: repairs links go-app cannot parse.
		Scripts:            []string{"/web/urlguard.js"},
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

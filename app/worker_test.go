//go:build !wasm

package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestServiceWorkerTemplate: our worker replaces go-app's installWorker
// (a go-app update that changes it must be looked at again).
func TestServiceWorkerTemplate(t *testing.T) {
	if serviceWorkerJS == app.DefaultAppWorkerJS || !strings.Contains(serviceWorkerJS, `cache: "only-if-cached"`) {
		t.Fatal("go-app's installWorker changed: the worker downloads app.wasm again during a first visit; update installWorkerJS")
	}
	h := HandlerFor("v1", 12345)
	if h.ServiceWorkerTemplate != serviceWorkerJS || h.WasmContentLength != "12345" {
		t.Errorf("worker template or wasm length not set: %q", h.WasmContentLength)
	}
	if len(h.RawHeaders) != 1 || !strings.Contains(h.RawHeaders[0], `href="/app-v1.wasm"`) || !strings.Contains(h.RawHeaders[0], `rel="preload"`) {
		t.Errorf("no preload of the versioned wasm: %v", h.RawHeaders)
	}
}

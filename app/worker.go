package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// installWorkerJS replaces go-app's installWorker in the service worker. On
// a first visit go-app's worker downloads every resource at once, app.wasm
// included, while the page is downloading and compiling the same app.wasm:
// on two cores the second download and decompression slow the page's own
// start. Ours takes app.wasm from the HTTP cache once the page has it
// (versioned names are cacheable for a year), waiting up to 10 s before it
// falls back to the network, and caches it before the small files, so a
// cache holding them holds the wasm too.
const installWorkerJS = `async function installWorker() {
  const cache = await caches.open(cacheName);
  const isWasm = (r) => r.endsWith(".wasm");
  for (const r of resourcesToCache.filter(isWasm)) {
    await cacheFromPage(cache, r);
  }
  await cache.addAll(resourcesToCache.filter((r) => !isWasm(r)));
}

async function cacheFromPage(cache, url) {
  for (let i = 0; i < 40; i++) {
    try {
      const resp = await fetch(new Request(url, { cache: "only-if-cached", mode: "same-origin" }));
      if (resp.ok) {
        await cache.put(url, resp);
        return;
      }
    } catch (err) { }
    await new Promise((r) => setTimeout(r, 250));
  }
  await cache.add(url);
}`

const goappInstallWorkerJS = `async function installWorker() {
  const cache = await caches.open(cacheName);
  await cache.addAll(resourcesToCache);
}`

// serviceWorkerJS is go-app's worker with installWorker replaced; when a
// go-app update changes the function, go-app's own worker is used as it is
// (TestServiceWorkerTemplate notices).
var serviceWorkerJS = func() string {
	if !strings.Contains(app.DefaultAppWorkerJS, goappInstallWorkerJS) {
		return app.DefaultAppWorkerJS
	}
	return strings.Replace(app.DefaultAppWorkerJS, goappInstallWorkerJS, installWorkerJS, 1)
}()

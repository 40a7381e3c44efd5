// Cold loads of one or more served builds, interleaved: N fresh browser contexts each (default 7) load the
// page until the app is live (go-app's loader removed), as open_perf.mjs's cold load does; prints each
// build's median and every run. usage: N=7 node scripts/cold_load.mjs URL [URL ...] (Playwright as for
// open_perf.mjs: npm install playwright-core@1 in the folder it runs from).
import { chromium } from "playwright-core";
const urls = process.argv.slice(2);
const n = Number(process.env.N || 7);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
const res = Object.fromEntries(urls.map((u) => [u, []]));
for (let i = 0; i < n; i++) {
  for (const url of urls) {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await ctx.newPage();
    const t0 = Date.now();
    await page.goto(url, { waitUntil: "load", timeout: 120000 });
    await page.waitForFunction(() => !document.getElementById("app-wasm-loader"), null, { timeout: 120000, polling: "raf" });
    res[url].push(Date.now() - t0);
    await ctx.close();
  }
}
await browser.close();
for (const u of urls) { const s = [...res[u]].sort((a, b) => a - b); console.log(u, "median", s[Math.floor(s.length / 2)], "all", res[u].join(" ")); }

// bigfile_live.mjs: how the page answers while it takes a large file's SHA-256 for
// its link. Opens FILE (any large file with a container inside, e.g. one made with
// `truncate -s 400M big.bin` and a shader written into it with dd), then prints the
// time until the file is shown, the time until the address bar's link names it by
// sha=, and the longest gap between the ticks of a 10 ms timer after the paint (what
// a click would wait). docs/performance.md uses it.
// usage (playwright-core installed beside it, as for ../shared/tools/open_perf.mjs):
//   node bigfile_live.mjs URL FILE
import { chromium } from "playwright-core";
const [url, file] = process.argv.slice(2);
const flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: flags });
const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
await page.goto(url, { waitUntil: "load", timeout: 120000 });
await page.waitForFunction(() => !document.getElementById("app-wasm-loader"), null, { timeout: 120000, polling: "raf" });
await page.evaluate(() => {
  window.__gaps = [];
  let last = performance.now();
  setInterval(() => { const n = performance.now(); window.__gaps.push([n, n - last]); last = n; }, 10);
});
const name = file.split("/").pop();
const t0 = Date.now();
await page.locator("input[type=file]").first().setInputFiles(file);
await page.waitForFunction((n) => document.body.innerText.includes(n), name, { timeout: 600000, polling: 200 });
const shown = Date.now() - t0;
const tShown = await page.evaluate(() => performance.now());
await page.waitForFunction(() => location.hash.includes("sha="), null, { timeout: 600000, polling: 200 });
const linked = Date.now() - t0;
const r = await page.evaluate((ts) => {
  const g = window.__gaps.filter(([n]) => n > ts);
  return { maxGap: Math.round(Math.max(0, ...g.map((x) => x[1]))), ticks: g.length };
}, tShown);
console.log(`${name}: shown ${shown} ms, link with sha= ${linked} ms; after the paint the longest gap between 10 ms timer ticks ${r.maxGap} ms (${r.ticks} ticks)`);
await browser.close();

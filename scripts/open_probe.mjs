// open_probe.mjs: open_perf.mjs's opens (../shared/tools), split in three: from the
// start of Playwright's setInputFiles to the file input's change event, from the
// change event until the file's name and part names are in the DOM (checked inside
// the page every animation frame), and open_perf's own total (until its
// waitForFunction on document.body.innerText answers in Node). docs/performance.md
// uses it to say where open_perf's time goes.
// usage (playwright-core installed beside it, as for open_perf.mjs):
//   node open_probe.mjs URL FILE:PART,PART,... [FILE:...]   (TABLE=1 prints every open)
// PAUSE=ms waits that long before each open (a user's pace rather than one file
// straight after another); JSFLAGS="--liftoff-only" passes V8 flags to Chromium (to
// see what V8's optimising recompilation costs the opens).
import { chromium } from "playwright-core";
const [url, ...cases] = process.argv.slice(2);
const flags = [...(process.env.JSFLAGS ? ["--js-flags=" + process.env.JSFLAGS] : []), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: flags });
const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await ctx.newPage();
await page.goto(url, { waitUntil: "load", timeout: 120000 });
await page.waitForFunction(() => !document.getElementById("app-wasm-loader"), null, { timeout: 120000, polling: "raf" });
await page.waitForTimeout(500);
const rows = [];
for (const c of cases) {
  const i = c.lastIndexOf(":");
  const file = c.slice(0, i), parts = c.slice(i + 1).split(",").filter(Boolean);
  const name = file.split("/").pop();
  await page.evaluate(([n, ps]) => {
    window.__p = { change: 0, shown: 0, polls: 0, pollMs: 0 };
    document.addEventListener("change", () => { window.__p.change = performance.now(); }, { capture: true, once: true });
    const check = () => {
      const fn = document.getElementById("file-name");
      if (fn && fn.textContent === n) {
        const pl = document.getElementById("part-list");
        if (pl && ps.every(p => pl.textContent.includes(p))) { window.__p.shown = performance.now(); return; }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, [name, parts]);
  const input = page.locator("input[type=file]").first();
  if (process.env.PAUSE) await page.waitForTimeout(+process.env.PAUSE);
  const t0 = Date.now();
  const p0 = await page.evaluate(() => performance.now());
  await input.setInputFiles(file);
  await page.waitForFunction(([n, ps]) => {
    const s = performance.now();
    const t = document.body ? document.body.innerText : "";
    window.__p.polls++; window.__p.pollMs += performance.now() - s;
    return t.includes(n) && ps.every((p) => t.includes(p));
  }, [name, parts], { timeout: 30000, polling: "raf" });
  const total = Date.now() - t0;
  const p = await page.evaluate(() => window.__p);
  rows.push({ name: name.slice(0, 40), total, toChange: Math.round(p.change - p0), changeToShown: Math.round(p.shown - p.change), polls: p.polls, pollMs: Math.round(p.pollMs) });
}
const q = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const inpage = rows.map(r => r.changeToShown), tot = rows.map(r => r.total);
console.log(`${url} in-page first ${inpage[0]} p50 ${q(inpage,.5)} p90 ${q(inpage,.9)} | open_perf clock first ${tot[0]} p50 ${q(tot,.5)} p90 ${q(tot,.9)}`);
if (process.env.TABLE) console.table(rows);
await browser.close();

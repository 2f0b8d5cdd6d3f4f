// The browser suite: starts `haipai serve --port 0`, launches Debian's Chromium headless through
// playwright-core, and runs every `tests` entry of every `*.test.mjs` beside this file, each in
// a fresh browser context. A test fails on a thrown error, on an uncaught error in the page and
// on a console error. Screenshots go to docs/images/ (or $HAIPAI_SHOTS).
//
//   HAIPAI_BIN=target/debug/haipai node crates/web/tests/browser/run.mjs [name filter]
//
// A test file exports `tests`: [{ name, run: async ({ page, base, shot }) => { ... } }], where
// `base` is the server's URL ending in `/` and `shot(name)` saves a PNG of the page.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { readdirSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const bin = resolve(process.env.HAIPAI_BIN ?? join(root, "target/debug/haipai"));
const shots = resolve(process.env.HAIPAI_SHOTS ?? join(root, "docs/images"));
const filter = process.argv[2] ?? "";
const TEST_TIMEOUT_MS = 90_000;

/** Starts the server; resolves with it and its URL once it prints its first line. */
function startServer() {
  const server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, fail) => {
    let text = "";
    server.on("error", (e) => fail(new Error(`cannot start ${bin}: ${e.message}`)));
    server.on("exit", (code) => fail(new Error(`${bin} serve exited with ${code}`)));
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const m = text.match(/haipai serves (http:\/\/\S+\/)/);
      if (m) ok({ server, base: m[1] });
    });
  });
}

function withTimeout(promise, ms, what) {
  let timer;
  const late = new Promise((_, fail) => { timer = setTimeout(() => fail(new Error(`${what}: no end within ${ms} ms`)), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function runOne(browser, base, test) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(`uncaught in the page: ${e.message}`));
  // a failed load is judged by its response below (an API's 400 to bad input is expected)
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) pageErrors.push(`console error: ${m.text()}`);
  });
  page.on("response", (r) => { if (r.status() >= 400 && !r.url().includes("/api/")) pageErrors.push(`${r.status()} for ${r.url()}`); });
  const shot = async (name) => { mkdirSync(shots, { recursive: true }); await page.screenshot({ path: join(shots, `${name}.png`) }); };
  try {
    await withTimeout(test.run({ page, base, shot }), TEST_TIMEOUT_MS, test.name);
    if (pageErrors.length) throw new Error(pageErrors.join("\n"));
  } finally {
    await context.close();
  }
}

const files = readdirSync(here).filter((f) => f.endsWith(".test.mjs")).sort();
const { server, base } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let passed = 0;
const failed = [];
const started = Date.now();
try {
  for (const file of files) {
    const { tests } = await import(pathToFileURL(join(here, file)).href);
    for (const test of tests.filter((t) => `${file} ${t.name}`.includes(filter))) {
      const t0 = Date.now();
      try {
        await runOne(browser, base, test);
        passed += 1;
        console.log(`ok    ${file}: ${test.name} (${Date.now() - t0} ms)`);
      } catch (e) {
        failed.push(`${file}: ${test.name}`);
        console.log(`FAIL  ${file}: ${test.name} (${Date.now() - t0} ms)\n${e.stack ?? e}`);
      }
    }
  }
} finally {
  await browser.close();
  server.kill();
}
console.log(`browser suite: ${passed} passed, ${failed.length} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failed.length) {
  console.log(failed.map((f) => `  failed: ${f}`).join("\n"));
  process.exit(1);
}
if (passed === 0) {
  console.log(`no test matched '${filter}'`);
  process.exit(1);
}

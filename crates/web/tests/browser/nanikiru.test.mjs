// The 何切る page: a hand entered by clicking tiles, a `?q=` link and a bad hand, each against
// what `haipai ev` itself answers for the same question (run here from $HAIPAI_BIN).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const bin = resolve(process.env.HAIPAI_BIN ?? join(root, "target/debug/haipai"));

/** What `haipai ev - --json` answers for the request object `question` (an error included). */
function command(question) {
  try {
    return JSON.parse(execFileSync(bin, ["ev", "-", "--json"], { input: JSON.stringify(question), encoding: "utf8" }));
  } catch (e) {
    if (e.stdout) return JSON.parse(e.stdout);
    throw e;
  }
}

/** What `haipai ev HAND --json FLAGS...` answers: the command with its flags. */
function commandWithFlags(hand, flags) {
  return JSON.parse(execFileSync(bin, ["ev", hand, "--json", ...flags], { encoding: "utf8" }));
}

// What a server with a full queue answers (its 503), held back to see the spinner.
const BUSY = "the server is busy: too many questions are waiting; try again in a moment";

const tiles = (hand) => [...hand.matchAll(/(\d+)([mpsz])/g)].flatMap(([, digits, suit]) => [...digits].map((d) => d + suit));

/** The page's best row: its discard and its points as shown. */
async function bestRow(page) {
  const best = page.locator("#candidates tbody tr.best");
  await best.waitFor();
  return { discard: await best.getAttribute("data-discard"), points: await best.locator("td.points").textContent() };
}

export const tests = [
  {
    name: "a hand entered by clicking tiles gets the command's best discard and points",
    run: async ({ page, base }) => {
      const hand = "123349m3688p1245s";
      const expected = command({ hand }).candidates;
      await page.goto(`${base}nanikiru`);
      for (const code of tiles(hand)) await page.click(`#picker button[data-tile="${code}"]`);
      assert.equal(await page.inputValue("#hand-text"), hand);
      assert.equal(await page.locator("#hand button").count(), 14);
      const best = await bestRow(page);
      assert.deepEqual(best, { discard: expected[0].discard, points: expected[0].points.toFixed(2) });
      const rows = await page.locator("#candidates tbody tr").evaluateAll((rs) => rs.map((r) => r.getAttribute("data-discard")));
      assert.deepEqual(rows, expected.map((c) => c.discard));
      assert.match(page.url(), /[?&]q=123349m3688p1245s(&|$)/);
      // a fifteenth tile is refused with a message, and a tile of the hand clicked leaves it
      await page.click('#picker button[data-tile="7z"]');
      assert.match(await page.textContent("#picker-message"), /at most 14 tiles/);
      for (const code of ["9m", "1m", "2m"]) await page.click(`#hand button[data-tile="${code}"]`);
      assert.equal(await page.inputValue("#hand-text"), "334m3688p1245s");
      await page.click('#picker button[data-tile="3m"]');
      await page.click('#picker button[data-tile="3m"]');
      assert.equal(await page.inputValue("#hand-text"), "33334m3688p1245s");
      await page.click('#picker button[data-tile="3m"]');
      assert.match(await page.textContent("#picker-message"), /only four 3m/);
    },
  },
  {
    name: "a ?q= link shows the answer, a row selects the chart, a change rewrites the URL",
    run: async ({ page, base, shot }) => {
      const question = { hand: "222567m345p33667s", dora_indicators: ["1z"], turn: 1, model: "article", riichi: "best" };
      const expected = command(question);
      await page.goto(`${base}nanikiru?q=222567m345p33667s&dora-indicator=1z&turn=1&model=article&riichi=best`);
      assert.deepEqual(await bestRow(page), { discard: "6s", points: expected.candidates[0].points.toFixed(2) });
      assert.equal(expected.candidates[0].discard, "6s");
      const first = page.locator("#candidates tbody tr").first();
      const sides = (e) => [e.riichi, e.dama].map((v, i) => `${["riichi", "dama"][i]} ${v.points.toFixed(2)} (${(100 * v.win).toFixed(2)} %)`);
      assert.deepEqual(await first.locator(".side").allTextContents(), sides(expected.candidates[0]));
      assert.equal(await first.locator(".side.chosen").textContent(), sides(expected.candidates[0])[0]);
      const live = await first.locator(".need small").allTextContents();
      assert.deepEqual(live, expected.candidates[0].necessary.map((n) => String(n.live)));
      assert.equal(await page.textContent("#model-line"), expected.model);
      assert.match(expected.model, /^model: one player, tsumo wins only, no opponents; rules default$/);
      assert.equal(await page.locator("#chart svg polyline").count(), 2);
      assert.equal(await page.locator("#chart svg circle.dot.points").count(), 17);
      // another row draws its own values by turn
      const second = expected.candidates[1];
      await page.click(`#candidates tbody tr[data-discard="${second.discard}"]`);
      assert.match(await page.textContent("#chart-title"), new RegExp(`^Discard ${second.discard}:`));
      const turn1 = await page.locator("#chart svg circle.dot.points title").first().textContent();
      assert.equal(turn1, `turn 1: points ${second.per_turn.points[0].toFixed(2)}`);
      await page.click('#candidates tbody tr[data-discard="6s"]');
      await shot("nanikiru");
      await page.fill("#turn", "5");
      await page.waitForFunction(() => new URLSearchParams(location.search).get("turn") === "5");
      const later = command({ ...question, turn: 5 }).candidates[0];
      await page.waitForFunction((p) => document.querySelector("#candidates tr.best td.points")?.textContent === p, later.points.toFixed(2));
    },
  },
  {
    name: "a scoring switch in the link is the command's flag: ?no-red answers as --no-red",
    run: async ({ page, base }) => {
      const hand = "222067m345p33667s";
      const position = ["--dora-indicator", "4p", "--budget", "0"];
      const noRed = commandWithFlags(hand, [...position, "--no-red"]).candidates[0];
      const plain = commandWithFlags(hand, position).candidates[0];
      assert.notEqual(noRed.points.toFixed(2), plain.points.toFixed(2));
      await page.goto(`${base}nanikiru?q=${hand}&dora-indicator=4p&budget=0&no-red`);
      assert.deepEqual(await bestRow(page), { discard: noRed.discard, points: noRed.points.toFixed(2) });
      assert.equal(await page.isChecked("#no-red"), true);
      assert.equal(await page.isChecked("#no-ura"), false);
      // unticked, red fives count again; another switch ticked goes into the URL as its flag
      await page.click("#no-red");
      await page.waitForFunction((p) => document.querySelector("#candidates tr.best td.points")?.textContent === p, plain.points.toFixed(2));
      assert.equal(new URL(page.url()).searchParams.has("no-red"), false);
      await page.click("#no-menzen-tsumo");
      await page.waitForFunction(() => new URLSearchParams(location.search).get("no-menzen-tsumo") === "1");
      const noTsumo = commandWithFlags(hand, [...position, "--no-menzen-tsumo"]).candidates[0];
      await page.waitForFunction((p) => document.querySelector("#candidates tr.best td.points")?.textContent === p, noTsumo.points.toFixed(2));
    },
  },
  {
    name: "a bad hand shows the command's error under the box",
    run: async ({ page, base }) => {
      await page.goto(`${base}nanikiru?q=222567m345p33667s`);
      await bestRow(page);
      // text typed is drawn; a hand short of 13 tiles is not asked
      await page.fill("#hand-text", "19m19p0s");
      assert.deepEqual(await page.locator("#hand button").evaluateAll((bs) => bs.map((b) => b.dataset.tile)), ["1m", "9m", "1p", "9p", "0s"]);
      await page.waitForFunction(() => /^5 tiles/.test(document.querySelector("#status-text").textContent));
      assert.equal(await page.locator("#candidates").isHidden(), true);
      for (const hand of ["222567m345p3366x", "2222267m345p3367s"]) {
        const expected = command({ hand }).error;
        assert.ok(expected, `the command refuses ${hand}`);
        await page.fill("#hand-text", hand);
        await page.waitForFunction((e) => document.querySelector("#hand-error").textContent === e, expected);
        assert.equal(await page.locator("#candidates").isHidden(), true);
      }
    },
  },
  {
    name: "a busy or slow server is an error shown clearly, a spinner meanwhile; a phone's width fits",
    run: async ({ page, base }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      let release;
      const held = new Promise((ok) => { release = ok; });
      const busy = async (route) => {
        await held;
        await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: BUSY }) });
      };
      await page.route("**/api/ev", busy);
      await page.goto(`${base}nanikiru?q=222567m345p33667s`);
      await page.locator("#spinner").waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375);
      release();
      await page.locator("#spinner").waitFor({ state: "hidden" });
      assert.equal(await page.textContent("#answer-error"), `The server is busy (503): ${BUSY}`);
      assert.equal(await page.textContent("#hand-error"), "");
      // the real answer, on a phone: the page scrolls down, not sideways (the table scrolls)
      await page.unroute("**/api/ev", busy);
      await page.fill("#turn", "2");
      await page.locator("#candidates tbody tr.best").waitFor();
      assert.equal(await page.textContent("#answer-error"), "");
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375);
    },
  },
];

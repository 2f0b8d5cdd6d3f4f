// The Shanghai page: a seeded Turtle deal played along its solution by clicking tiles, a losing
// move named by the live 感想戦 and the review, a layout file loaded through the file input, and
// a link with moves reopening the position.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SEED = 42;

async function api(base, name, body) {
  const response = await fetch(`${base}api/shanghai/${name}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${answer.error}`);
  return answer;
}

const moveText = ([a, b]) => `${a}-${b}`;

/** Clicks the two tiles of `move` and waits for the verdict of the position after `count` moves. */
async function playMove(page, move, count) {
  for (const slot of move) await page.click(`.sh-tile[data-slot="${slot}"]`);
  await page.waitForSelector(`#verdict[data-moves="${count}"]`);
  return page.textContent("#verdict");
}

/**
 * A position along the deal's winning line where some legal move loses the board: the moves
 * before it and that move, found through the API.
 */
async function findLosingMove(base, deal) {
  const { line } = await api(base, "review", { ...deal, moves: [] });
  for (let k = 0; k < line.length; k += 1) {
    const moves = line.slice(0, k);
    const { legal } = await api(base, "check", { ...deal, moves });
    for (const move of legal) {
      const after = await api(base, "check", { ...deal, moves: [...moves, move] });
      if (after.verdict === "lost") return { moves, losing: move, next: after.legal[0] };
    }
  }
  throw new Error("no losing move along the winning line");
}

export const tests = [
  {
    name: "a seeded Turtle deal played along its solution stays winnable and is won",
    run: async ({ page, base }) => {
      const deal = { layout: "turtle", seed: SEED, winnable: false, rules: "standard" };
      const { line, line_from } = await api(base, "review", { ...deal, moves: [] });
      assert.equal(line_from, 0);
      assert.equal(line.length, 72);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${base}shanghai?layout=turtle&seed=${SEED}`);
      await page.waitForSelector('#verdict[data-moves="0"]');
      assert.equal(await page.locator(".sh-tile").count(), 144);
      assert.equal(await page.textContent("#verdict"), "winnable");
      // the whole Turtle fits a 1280x800 window
      const board = await page.locator("#board").boundingBox();
      assert.ok(board.x >= 0 && board.y >= 0 && board.x + board.width <= 1280 && board.y + board.height <= 800, JSON.stringify(board));
      for (const [i, move] of line.entries()) {
        const verdict = await playMove(page, move, i + 1);
        assert.equal(verdict, i + 1 === line.length ? "won" : "winnable", `after move ${i + 1} (${moveText(move)})`);
      }
      assert.equal(await page.locator(".sh-tile:not(.gone)").count(), 0);
      // the game's end brings the review: every move kept the board winnable
      await page.waitForSelector("#review-moves tbody tr");
      assert.equal(await page.locator("#review-moves tbody tr").count(), 72);
      assert.equal(await page.locator("#review-moves tr.losing").count(), 0);
      assert.match(await page.textContent("#review-summary"), /Every move kept the board winnable/);
      assert.ok(page.url().endsWith(`moves=${line.map(moveText).join(",")}`), page.url());
    },
  },
  {
    name: "a losing move is named by the indicator and the review, and undone",
    run: async ({ page, base, shot }) => {
      const deal = { layout: "turtle", seed: SEED, winnable: false, rules: "standard" };
      const { moves, losing, next } = await findLosingMove(base, deal);
      const n = moves.length + 1;
      await page.setViewportSize({ width: 1280, height: 800 });
      // a link with the moves reopens the position
      await page.goto(`${base}shanghai?layout=turtle&seed=${SEED}&moves=${moves.map(moveText).join(",")}`);
      await page.waitForSelector(`#verdict[data-moves="${moves.length}"]`);
      assert.equal(await page.locator(".sh-tile.gone").count(), 2 * moves.length);
      assert.equal(await page.textContent("#verdict"), "winnable");
      const named = `lost — move ${n} (${moveText(losing)}) lost it`;
      assert.equal(await playMove(page, losing, n), named);
      // a later move leaves the verdict naming the move that lost it
      if (next) assert.ok((await playMove(page, next, n + 1)).startsWith(named));
      await page.click("#review");
      await page.waitForSelector("#review-moves tr.losing");
      const row = await page.locator("#review-moves tr.losing td").allTextContents();
      assert.deepEqual(row.slice(0, 2), [String(n), moveText(losing)]);
      assert.equal(row[3], "lost");
      assert.match(await page.textContent("#review-summary"), new RegExp(`Move ${n} \\(${moveText(losing)}\\) lost the board`));
      assert.match(await page.textContent("#review-line"), moves.length ? new RegExp(`after move ${moves.length} `) : /from the start/);
      await shot("shanghai");
      // undo back to before the losing move: winnable again; redo: lost again
      const back = next ? 2 : 1;
      for (let i = 0; i < back; i += 1) await page.click("#undo");
      await page.waitForSelector(`#verdict[data-moves="${moves.length}"]`);
      assert.equal(await page.textContent("#verdict"), "winnable");
      await page.click("#redo");
      await page.waitForSelector(`#verdict[data-moves="${n}"]`);
      assert.equal(await page.textContent("#verdict"), named);
      // the review's winning line replayed from the last winnable position wins
      await page.click("#review");
      await page.waitForSelector("#review-moves tr.losing");
      await page.click("#replay");
      await page.waitForSelector("#verdict.won", { timeout: 60_000 });
      assert.equal(await page.locator(".sh-tile:not(.gone)").count(), 0);
    },
  },
  {
    name: "a layout file loaded through the file input is dealt, hinted and played",
    run: async ({ page, base }) => {
      const dir = mkdtempSync(join(tmpdir(), "haipai-shanghai-"));
      try {
        // haipai notation: a 4x2 base and two tiles on it, half a tile down
        const file = join(dir, "bridge.txt");
        writeFileSync(file, "# a small layout\n0 0..1 0..3\n1 0.5 1..2\n");
        await page.goto(`${base}shanghai?layout=turtle&seed=3`);
        await page.waitForSelector('#verdict[data-moves="0"]');
        await page.setInputFiles("#layout-file", file);
        await page.waitForFunction(() => document.querySelectorAll(".sh-tile").length === 10);
        await page.waitForSelector('#verdict[data-moves="0"]');
        assert.equal(await page.textContent("#file-name"), "bridge.txt");
        assert.match(await page.textContent("#left"), /^bridge\.txt · seed 3 · 10 of 10 tiles left/);
        const url = new URL(page.url());
        assert.equal(url.searchParams.get("layout_file"), "# a small layout\n0 0..1 0..3\n1 0.5 1..2\n");
        // the top tiles stand half a tile lower than the base's first row and lifted up-left
        const top = await page.locator(".sh-tile").evaluateAll((es) => es.map((e) => [e.offsetLeft, e.offsetTop]));
        assert.ok(top[8][1] < top[4][1] && top[8][1] > top[0][1] - 10, JSON.stringify(top));
        await page.click("#hint");
        await page.waitForFunction(() => document.querySelectorAll(".sh-tile.hint").length === 2);
        const hint = await page.locator(".sh-tile.hint").evaluateAll((es) => es.map((e) => Number(e.dataset.slot)));
        const verdict = await playMove(page, hint, 1);
        assert.ok(["winnable", "won"].includes(verdict) || verdict.startsWith("lost"), verdict);
        // the link reopens the same deal from the file and its move
        await page.goto(page.url());
        await page.waitForSelector('#verdict[data-moves="1"]');
        assert.equal(await page.locator(".sh-tile.gone").count(), 2);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: "a link with an illegal move shows the deal and names the move",
    run: async ({ page, base }) => {
      const deal = { layout: "turtle", seed: SEED, winnable: false, rules: "standard" };
      const { free } = await api(base, "check", { ...deal, moves: [] });
      const blocked = [...Array(144).keys()].find((s) => !free.includes(s));
      await page.goto(`${base}shanghai?layout=turtle&seed=${SEED}&moves=${blocked}-${free[0]}`);
      await page.waitForSelector('#verdict[data-moves="0"]');
      // the move is named with its slots in either order
      const message = await page.textContent("#message");
      assert.ok([`move 1 (${blocked}-${free[0]})`, `move 1 (${free[0]}-${blocked})`].some((m) => message.includes(m)), message);
      assert.equal(await page.locator(".sh-tile.gone").count(), 0);
    },
  },
];

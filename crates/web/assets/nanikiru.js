// The 何切る page: a hand entered with the tile picker or as MPSZ text, the position and the
// model's options, asked of POST /api/ev (the answer of `haipai ev - --json --per-turn`) and
// shown as the command shows it, with a chart of the selected discard's values by turn. The
// whole question lives in the URL: `q` for the hand, the command's long flag names for the rest.
(() => {
"use strict";

const { tileSvg, splitTiles } = window.haipaiTiles;
const $ = (id) => document.getElementById(id);
const MAX_TILES = 14;
const TURNS = 17;

// The question's fields other than the hand: the URL parameter (the command's long flag),
// the control's id, the request field, its kind and its default (not written to the URL).
const FIELDS = [
  { param: "dora-indicator", field: "dora_indicators", kind: "tiles" },
  { param: "turn", field: "turn", kind: "number", fallback: "1" },
  { param: "seat", field: "seat", kind: "text", fallback: "E" },
  { param: "round", field: "round", kind: "text", fallback: "E" },
  { param: "visible", field: "visible", kind: "text" },
  { param: "discards", field: "discards", kind: "text" },
  { param: "model", field: "model", kind: "text", fallback: "full" },
  { param: "riichi", field: "riichi", kind: "text" },
  { param: "objective", field: "objective", kind: "text" },
  { param: "budget", field: "budget", kind: "number" },
  { param: "rules", field: "rules", kind: "text" },
  { param: "top", field: "top", kind: "number" },
  { param: "may-decline", field: "may_decline", kind: "flag" },
  // The scoring switches: the command's --no-ura, ..., the request's no_ura, ...
  ...["no-ura", "no-ippatsu", "no-double-riichi", "no-haitei", "no-red", "no-dora", "no-menzen-tsumo"]
    .map((param) => ({ param, field: param.replace(/-/g, "_"), kind: "flag" })),
];

function element(name, attributes = {}, ...children) {
  const e = document.createElement(name);
  for (const [k, v] of Object.entries(attributes)) {
    if (k === "className") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// ---- the hand as text: closed tiles and called melds in brackets ----

/** The hand of `text`: its closed tiles, its melds (`[789s]` as "789s") and whether the text
 * is plain MPSZ the picture shows exactly (otherwise only the server can say what is wrong). */
function parseHand(text) {
  const melds = [];
  const rest = text.replace(/\s+/g, "").replace(/\[([^\]]*)\]/g, (_, m) => { melds.push(m); return ""; });
  const plain = /^(\d+[mpsz])*$/.test(rest) && melds.every((m) => /^(\d+[mpsz])+\*?$/.test(m));
  return { closed: splitTiles(rest), melds, plain };
}

/** A tile's kind: the red five counts as a five. */
const kind = (code) => (code[0] === "0" ? "5" + code[1] : code);

/** Tiles in the usual order: suits m, p, s, z; by number, a red five before the other fives. */
function sortTiles(codes) {
  const key = (c) => "mpsz".indexOf(c[1]) * 20 + (c[0] === "0" ? 10 : 2 * Number(c[0]) + 1);
  return [...codes].sort((a, b) => key(a) - key(b));
}

/** MPSZ text of tiles in order (`222067m345p`). */
function mpsz(codes) {
  let out = "";
  let digits = "";
  let suit = "";
  for (const c of codes) {
    if (suit && c[1] !== suit) { out += digits + suit; digits = ""; }
    suit = c[1];
    digits += c[0];
  }
  return suit ? out + digits + suit : "";
}

const handText = (hand) => mpsz(hand.closed) + hand.melds.map((m) => `[${m}]`).join("");
const handSize = (hand) => hand.closed.length + 3 * hand.melds.length;

/** Why `code` cannot join `hand`, or null when it can. */
function refusal(hand, code) {
  if (handSize(hand) >= MAX_TILES) return `A hand has at most ${MAX_TILES} tiles: click a tile of the hand to remove one.`;
  const all = [...hand.closed, ...hand.melds.flatMap((m) => splitTiles(m))];
  if (all.filter((c) => kind(c) === kind(code)).length >= 4) return `There are only four ${kind(code)}: the hand holds all of them.`;
  if (code[0] === "0" && all.includes(code)) return `There is one red five ${code} (0${code[1]}), and the hand holds it.`;
  return null;
}

// ---- the controls ----

function drawPicker() {
  const picker = $("picker");
  for (const suit of "mpsz") {
    const row = element("div", { className: "picker-row" });
    const numbers = suit === "z" ? "1234567" : "1234567890";
    for (const n of numbers) {
      const code = n + suit;
      const b = element("button", { type: "button", "data-tile": code, title: `add ${code}`, "aria-label": `add ${code}` });
      b.append(tileSvg(code));
      b.addEventListener("click", () => addTile(code));
      row.append(b);
    }
    picker.append(row);
  }
}

function addTile(code) {
  const hand = parseHand($("hand-text").value);
  const why = hand.plain ? refusal(hand, code) : "Correct the text first: the picture follows it.";
  $("picker-message").textContent = why ?? "";
  $("picker-message").className = why ? "error" : "muted";
  if (why) return;
  hand.closed = sortTiles([...hand.closed, code]);
  $("hand-text").value = handText(hand);
  changed();
}

function removeTile(index) {
  const hand = parseHand($("hand-text").value);
  hand.closed.splice(index, 1);
  $("hand-text").value = handText(hand);
  $("picker-message").textContent = "";
  changed();
}

function removeMeld(index) {
  const hand = parseHand($("hand-text").value);
  hand.melds.splice(index, 1);
  $("hand-text").value = handText(hand);
  changed();
}

function drawHand() {
  const hand = parseHand($("hand-text").value);
  const box = $("hand");
  box.replaceChildren();
  hand.closed.forEach((code, i) => {
    const b = element("button", { type: "button", "data-tile": code, title: `remove ${code}`, "aria-label": `remove ${code}` });
    b.append(tileSvg(code));
    b.addEventListener("click", () => removeTile(i));
    box.append(b);
  });
  hand.melds.forEach((m, i) => {
    const b = element("button", { type: "button", className: "meld", title: `remove the meld ${m}` });
    for (const code of splitTiles(m)) b.append(tileSvg(code));
    b.addEventListener("click", () => removeMeld(i));
    box.append(b);
  });
  if (!hand.closed.length && !hand.melds.length) box.append(element("span", { className: "muted" }, "Click the tiles below, or type the hand."));
  const n = handSize(hand);
  $("count").textContent = hand.plain ? `${n} tile${n === 1 ? "" : "s"}` : "";
}

/** The dora indicators as the request's list: one tile each when the text is plain MPSZ,
 * otherwise its words as typed (the server names what is wrong). */
function doraList(text) {
  const t = text.replace(/\s+/g, "");
  if (/^(\d+[mpsz])*$/.test(t)) return splitTiles(t);
  return text.split(/\s+/).filter(Boolean);
}

function drawDora() {
  const box = $("dora-tiles");
  box.replaceChildren();
  const text = $("dora-indicator").value.replace(/\s+/g, "");
  if (!/^(\d+[mpsz])*$/.test(text)) return;
  splitTiles(text).forEach((code, i) => {
    const b = element("button", { type: "button", "data-tile": code, title: `remove the indicator ${code}` });
    b.append(tileSvg(code));
    b.addEventListener("click", () => {
      const tiles = splitTiles(text);
      tiles.splice(i, 1);
      $("dora-indicator").value = mpsz(tiles);
      changed();
    });
    box.append(b);
  });
}

function controlValue(f) {
  const e = $(f.param);
  return f.kind === "flag" ? e.checked : e.value.trim();
}

function setControl(f, value) {
  const e = $(f.param);
  if (f.kind === "flag") e.checked = value !== null && value !== "false" && value !== "0";
  else if (f.param === "riichi" && value === "always") e.value = "";
  else e.value = value ?? f.fallback ?? "";
}

// ---- the URL ----

function readUrl() {
  const params = new URLSearchParams(location.search);
  $("hand-text").value = params.get("q") ?? "";
  for (const f of FIELDS) {
    const all = params.getAll(f.param);
    setControl(f, all.length ? all.join(f.kind === "tiles" ? "" : " ") : f.kind === "flag" ? null : undefined);
  }
  return params.has("q");
}

function writeUrl() {
  const params = new URLSearchParams();
  const hand = $("hand-text").value.trim();
  if (hand) params.set("q", hand);
  for (const f of FIELDS) {
    const v = controlValue(f);
    if (f.kind === "flag") { if (v) params.set(f.param, "1"); }
    else if (v !== "" && v !== f.fallback) params.set(f.param, v);
  }
  const query = params.toString().replace(/%5B/g, "[").replace(/%5D/g, "]");
  history.replaceState(null, "", query ? `?${query}` : location.pathname);
}

// ---- asking the server ----

/** The request of the question on the page (fields of `haipai ev -`, plus per_turn). */
function request() {
  const body = { hand: $("hand-text").value.trim(), per_turn: true };
  for (const f of FIELDS) {
    const v = controlValue(f);
    if (f.kind === "flag") { if (v) body[f.field] = true; }
    else if (v === "") continue;
    else if (f.kind === "number") body[f.field] = /^\d+$/.test(v) ? Number(v) : v;
    else if (f.kind === "tiles") { const list = doraList(v); if (list.length) body[f.field] = list; }
    else body[f.field] = v;
  }
  return body;
}

let asked = 0;
let pending = null;
let timer = null;

function changed() {
  drawHand();
  drawDora();
  writeUrl();
  clearTimeout(timer);
  timer = setTimeout(ask, 250);
}

function busy(on, text = "") {
  $("spinner").hidden = !on;
  $("status-text").textContent = text;
}

async function ask() {
  const hand = parseHand($("hand-text").value);
  pending?.abort();
  $("hand-error").textContent = "";
  $("answer-error").textContent = "";
  if (hand.plain && handSize(hand) < 13) {
    clearAnswer();
    const n = handSize(hand);
    busy(false, n ? `${n} tiles: a hand has 14 (which tile to discard) or 13 (its value as it stands).` : "");
    return;
  }
  const mine = ++asked;
  pending = new AbortController();
  busy(true, "Computing…");
  try {
    const response = await fetch("/api/ev", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request()),
      signal: pending.signal,
    });
    const answer = await response.json().catch(() => ({ error: `the server answered ${response.status} without JSON` }));
    if (mine !== asked) return;
    busy(false);
    if (response.ok) showAnswer(answer);
    else showError(response.status, answer.error ?? `the server answered ${response.status}`);
  } catch (e) {
    if (e.name === "AbortError" || mine !== asked) return;
    busy(false);
    showError(0, `the server cannot be reached (${e.message})`);
  }
}

function clearAnswer() {
  $("candidates").hidden = true;
  $("chart-box").hidden = true;
  $("model-line").textContent = "";
  $("notes").textContent = "";
}

function showError(status, message) {
  clearAnswer();
  if (status === 400) {
    $("hand-error").textContent = message;
    return;
  }
  const what = { 503: "The server is busy (503)", 504: "The question took too long (504)" }[status] ?? (status ? `Error ${status}` : "No answer");
  $("answer-error").textContent = `${what}: ${message}`;
}

// ---- the answer ----

const pct = (x) => (100 * x).toFixed(2);
const pts = (x) => x.toFixed(2);

function notes(answer) {
  const out = [`hand ${answer.hand}  turn ${answer.turn}  unseen ${answer.unseen}  shanten ${answer.shanten}`];
  if (answer.shanten < 0) out.push("complete: winning now is not among the answers");
  const b = answer.budget;
  if (b.lowered) out.push(`answered with exchange ${b.used} (asked ${b.asked}; lowered by ${b.lowered.by} to fit ${b.lowered.max_states} states)`);
  if (answer.double_riichi) out.push("turn 1: a riichi now is a double riichi, counted");
  return out.join(" · ");
}

function necessaryCell(c) {
  const cell = element("td", { className: "left necessary" });
  for (const n of c.necessary) {
    const item = element("span", { className: "need", title: `${n.tile}: ${n.live} live, ${pts(n.points)} points` });
    item.append(tileSvg(n.tile), element("small", {}, String(n.live)));
    cell.append(item);
  }
  const live = c.necessary.reduce((s, n) => s + n.live, 0);
  cell.append(element("span", { className: "muted" }, c.necessary.length ? ` (${live})` : "-"));
  return cell;
}

function riichiCell(c) {
  const cell = element("td", { className: "left" });
  if (!c.riichi || !c.dama) return cell;
  const side = (name, e) => element("span", { className: c.flags.includes(name) ? "side chosen" : "side" }, `${name} ${pts(e.points)} (${pct(e.win)} %)`);
  cell.append(side("riichi", c.riichi), side("dama", c.dama));
  return cell;
}

function showAnswer(answer) {
  $("model-line").textContent = answer.model;
  $("notes").textContent = notes(answer);
  const tbody = $("candidates").querySelector("tbody");
  tbody.replaceChildren();
  answer.candidates.forEach((c, i) => {
    const discard = element("td", { className: "discard" });
    discard.append(c.discard ? tileSvg(c.discard) : element("span", {}, "as it stands"));
    if (i === 0) discard.append(element("span", { className: "badge" }, "best"));
    const row = element("tr", { "data-discard": c.discard ?? "", className: i === 0 ? "best" : "" },
      discard, element("td", { className: "points" }, pts(c.points)), element("td", { className: "win" }, pct(c.win)),
      element("td", {}, pct(c.tenpai)), element("td", {}, String(c.shanten)), necessaryCell(c), riichiCell(c),
      element("td", { className: "left flags" }, c.flags.join(", ")));
    row.addEventListener("click", () => select(answer, i));
    tbody.append(row);
  });
  $("candidates").hidden = false;
  if (answer.candidates.length) select(answer, 0);
  else $("chart-box").hidden = true;
}

function select(answer, index) {
  const rows = $("candidates").querySelectorAll("tbody tr");
  rows.forEach((r, i) => r.classList.toggle("selected", i === index));
  const c = answer.candidates[index];
  $("chart-title").textContent = `${c.discard ? "Discard " + c.discard : "The hand as it stands"}: expected points and win % if the question came at each turn (now: turn ${answer.turn})`;
  $("chart").replaceChildren(chart(c.per_turn, answer.turn));
  $("chart-box").hidden = false;
}

// ---- the chart: expected points (left axis) and win % (right axis) by turn ----

const SVG_NS = "http://www.w3.org/2000/svg";

function svg(name, attributes, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A round top for the points axis: 1, 2 or 5 times a power of ten, at least `x`. */
function niceTop(x) {
  if (x <= 0) return 1000;
  const p = 10 ** Math.floor(Math.log10(x));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= x);
}

function chart(perTurn, now) {
  const [W, H, L, R, T, B] = [640, 220, 56, 48, 14, 34];
  const top = niceTop(Math.max(...perTurn.points));
  const x = (t) => L + ((t - 1) * (W - L - R)) / (TURNS - 1);
  const yPoints = (v) => T + (1 - v / top) * (H - T - B);
  const yWin = (v) => T + (1 - v) * (H - T - B);
  const out = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": "expected points and win % by turn" });
  for (let k = 0; k <= 4; k++) {
    const y = T + (k * (H - T - B)) / 4;
    out.append(svg("line", { x1: L, x2: W - R, y1: y, y2: y, class: "grid" }));
    out.append(svg("text", { x: L - 6, y: y + 4, "text-anchor": "end", class: "axis points" }, String(Math.round(top * (1 - k / 4)))));
    out.append(svg("text", { x: W - R + 6, y: y + 4, class: "axis win" }, `${100 - 25 * k}%`));
  }
  for (let t = 1; t <= TURNS; t++) out.append(svg("text", { x: x(t), y: H - B + 16, "text-anchor": "middle", class: "axis" }, String(t)));
  out.append(svg("text", { x: (L + W - R) / 2, y: H - 3, "text-anchor": "middle", class: "axis" }, "turn"));
  out.append(svg("line", { x1: x(now), x2: x(now), y1: T, y2: H - B, class: "now" }));
  const line = (values, y, cls, label, format) => {
    out.append(svg("polyline", { points: values.map((v, i) => `${x(i + 1)},${y(v)}`).join(" "), class: `series ${cls}` }));
    values.forEach((v, i) => {
      const dot = svg("circle", { cx: x(i + 1), cy: y(v), r: 3, class: `dot ${cls}` });
      dot.append(svg("title", {}, `turn ${i + 1}: ${label} ${format(v)}`));
      out.append(dot);
    });
  };
  line(perTurn.win, yWin, "win", "win", (v) => `${pct(v)} %`);
  line(perTurn.points, yPoints, "points", "points", pts);
  out.append(svg("text", { x: L + 8, y: T + 14, class: "legend points" }, "— expected points"));
  out.append(svg("text", { x: L + 150, y: T + 14, class: "legend win" }, "- - win %"));
  return out;
}

// ---- start ----

drawPicker();
$("hand-text").addEventListener("input", () => { $("picker-message").textContent = ""; changed(); });
$("clear").addEventListener("click", () => { $("hand-text").value = ""; changed(); });
for (const f of FIELDS) $(f.param).addEventListener(f.kind === "flag" || $(f.param).tagName === "SELECT" ? "change" : "input", changed);
const linked = readUrl();
drawHand();
drawDora();
if (linked) ask();
})();

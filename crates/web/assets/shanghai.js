// The Shanghai page: a deal drawn with its layers and half-tile offsets, played by clicking two
// free tiles of one group, with the live 感想戦 (/api/shanghai/check after every move), a hint,
// undo and redo, and the review of the whole game (/api/shanghai/review). The deal and the moves
// live in the URL: /shanghai?layout=turtle&seed=42&winnable=1&moves=12-40,3-7.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const { tileSvg } = window.haipaiTiles;

  const state = {
    deal: null, // what names the deal in every request: {layout | layout_file, map?, seed, winnable, rules}
    file: null, // a layout file chosen from disk: {name, text}
    info: null, // the answer of /api/shanghai/deal
    faces: new Map(), // slot -> face
    moves: [], // [[a, b], ...] played
    redo: [], // moves taken back, the next one last
    check: null, // the answer of /api/shanghai/check for `moves`, null while asked
    selected: null,
    hint: null,
    asked: 0, // the number of the latest check asked: older answers are dropped
    replaying: 0, // the number of the replay running (0: none)
    runs: 0, // replays started
    line: null, // the review's winning line: {from, moves, base}
  };

  async function api(path, body) {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json().catch(() => ({ error: `${path}: HTTP ${response.status}` }));
    if (!response.ok) throw new Error(answer.error ?? `${path}: HTTP ${response.status}`);
    return answer;
  }

  const say = (text) => { $("message").textContent = text; };
  const moveText = ([a, b]) => `${a}-${b}`;
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  // Flowers match flowers and seasons match seasons; any other face matches itself.
  const group = (face) => (face.startsWith("bonus:") ? face.slice(0, 7) : face);

  // ---- the deal and the URL ----

  function dealFromForm() {
    const seed = Number($("seed").value || 0);
    if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`seed '${$("seed").value}': a whole number from 0 is needed`);
    const deal = state.file ? { layout_file: state.file.text, name: state.file.name } : { layout: $("layout").value.trim() || "turtle" };
    if (state.file && $("map").value.trim()) deal.map = $("map").value.trim();
    return Object.assign(deal, { seed, winnable: $("winnable").checked, rules: $("rules").value });
  }

  function parseMoves(text) {
    if (!text) return [];
    return text.split(/[,\s]+/).filter(Boolean).map((m, i) => {
      const pair = m.match(/^(\d+)-(\d+)$/);
      if (!pair) throw new Error(`moves: move ${i + 1} '${m}' is not two slots A-B`);
      return [Number(pair[1]), Number(pair[2])];
    });
  }

  function writeUrl() {
    const d = state.deal;
    const params = new URLSearchParams();
    if (d.layout_file !== undefined) {
      params.set("file", state.file.name);
      params.set("layout_file", d.layout_file);
      if (d.map) params.set("map", d.map);
    } else params.set("layout", d.layout);
    params.set("seed", String(d.seed));
    if (d.winnable) params.set("winnable", "1");
    if (d.rules !== "standard") params.set("rules", d.rules);
    if (state.moves.length) params.set("moves", state.moves.map(moveText).join(","));
    history.replaceState(null, "", `/shanghai?${params.toString().replace(/%2C/g, ",")}`);
  }

  function readUrl() {
    const params = new URLSearchParams(location.search);
    if (params.has("layout_file")) showFile({ name: params.get("file") || "layout file", text: params.get("layout_file") });
    if (params.has("layout")) $("layout").value = params.get("layout");
    $("map").value = params.get("map") ?? "";
    $("seed").value = params.get("seed") ?? String(1 + Math.floor(Math.random() * 99999));
    $("winnable").checked = ["1", "true"].includes(params.get("winnable"));
    $("rules").value = params.get("rules") === "grid" ? "grid" : "standard";
    return parseMoves(params.get("moves"));
  }

  function showFile(file) {
    state.file = file;
    $("file-name").textContent = file ? file.name : "";
    $("clear-file").hidden = !file;
    $("map-label").hidden = !file;
    $("layout").disabled = Boolean(file);
    if (!file) $("layout-file").value = "";
  }

  // Deals the form's deal and plays `moves` on it.
  async function newDeal(moves = []) {
    stopReplay();
    say("");
    const deal = dealFromForm();
    const info = await api("/api/shanghai/deal", deal);
    Object.assign(state, { deal, info, faces: new Map(info.tiles.map((t) => [t.slot, t.face])), moves, redo: [], selected: null, hint: null });
    $("review-panel").hidden = true;
    drawBoard();
    writeUrl();
    await refresh();
  }

  // ---- the board ----

  // Draws every tile of the deal: x and y in half-tile units, each layer shifted up-left by
  // `lift` pixels so that the stack shows, the tile's edge drawn as a shadow to the lower right.
  function drawBoard() {
    const tiles = [...state.info.tiles].sort((a, b) => a.z - b.z || a.y - b.y || a.x - b.x);
    const min = (k) => Math.min(...tiles.map((t) => t[k]));
    const max = (k) => Math.max(...tiles.map((t) => t[k]));
    const [x0, y0, z0] = [min("x"), min("y"), min("z")];
    const spanX = max("x") + 2 - x0;
    const spanY = max("y") + 2 - y0;
    const layers = max("z") - z0;
    const box = $("board-box");
    const roomW = box.clientWidth - 24;
    const roomH = Math.max(260, window.innerHeight - box.getBoundingClientRect().top - 24);
    const lift0 = 4;
    const half = Math.max(7, Math.min(24, Math.floor((roomW - layers * lift0) / spanX), Math.floor(((roomH - layers * lift0) * 3) / (spanY * 4))));
    const lift = Math.max(2, Math.round(half / 5));
    const halfH = (half * 4) / 3;
    const board = $("board");
    board.replaceChildren();
    board.style.width = `${spanX * half + layers * lift + lift + 2}px`;
    board.style.height = `${spanY * halfH + layers * lift + lift + 2}px`;
    board.style.setProperty("--lift", `${lift}px`);
    for (const t of tiles) {
      const e = document.createElement("div");
      e.className = "sh-tile";
      e.dataset.slot = t.slot;
      e.dataset.face = t.face;
      e.title = `slot ${t.slot} · ${t.face.replace("bonus:", "")} · layer ${t.z}`;
      e.style.left = `${(t.x - x0) * half + (layers - (t.z - z0)) * lift}px`;
      e.style.top = `${(t.y - y0) * halfH + (layers - (t.z - z0)) * lift}px`;
      e.style.width = `${2 * half}px`;
      e.style.height = `${2 * halfH}px`;
      e.appendChild(tileSvg(t.face));
      board.appendChild(e);
    }
    render();
  }

  function gone() {
    return new Set(state.moves.flat());
  }

  // Marks each tile: gone, free (from the latest check), selected, in the hint.
  function render() {
    const removed = gone();
    const free = new Set(state.check ? state.check.free : []);
    const hint = new Set(state.hint ?? []);
    for (const e of $("board").children) {
      const slot = Number(e.dataset.slot);
      e.classList.toggle("gone", removed.has(slot));
      e.classList.toggle("free", free.has(slot));
      e.classList.toggle("selected", state.selected === slot);
      e.classList.toggle("hint", hint.has(slot));
    }
    const total = state.info ? state.info.tiles.length : 0;
    $("left").textContent = state.info ? `${state.info.layout} · seed ${state.deal.seed} · ${total - removed.size} of ${total} tiles left · ${state.moves.length} moves` : "";
    $("undo").disabled = state.moves.length === 0;
    $("redo").disabled = state.redo.length === 0;
  }

  // ---- the live 感想戦 ----

  function verdictText(check) {
    if (check.verdict === "lost") {
      const i = check.losing_move;
      // no losing move named: the deal itself cannot be cleared, or the budget left it open
      const which = i !== null && i !== undefined ? ` — move ${i + 1} (${moveText(state.moves[i])}) lost it` : state.moves.length ? "" : " — the deal cannot be cleared";
      return `lost${which}${check.legal.length ? "" : " · no moves left"}`;
    }
    return check.verdict;
  }

  // Asks the check for the moves played and shows its verdict; an older answer is dropped.
  async function refresh() {
    const asked = ++state.asked;
    state.check = null;
    const v = $("verdict");
    v.className = "sh-verdict asking";
    delete v.dataset.moves;
    render();
    let check;
    try {
      check = await api("/api/shanghai/check", { ...state.deal, moves: state.moves });
    } catch (e) {
      if (asked === state.asked) v.textContent = "";
      throw e;
    }
    if (asked !== state.asked) return;
    state.check = check;
    v.textContent = verdictText(check);
    v.className = `sh-verdict ${check.verdict}`;
    v.dataset.moves = String(state.moves.length);
    v.title = `${check.ms} ms`;
    render();
    if (!state.replaying && (check.verdict === "won" || check.legal.length === 0)) await review();
  }

  // ---- playing ----

  async function play(move) {
    const next = state.redo[state.redo.length - 1];
    if (next && ((next[0] === move[0] && next[1] === move[1]) || (next[0] === move[1] && next[1] === move[0]))) state.redo.pop();
    else state.redo = [];
    state.moves.push(move);
    state.selected = null;
    state.hint = null;
    markStale();
    writeUrl();
    try {
      await refresh();
    } catch (e) {
      // the server refused the move: the position before it again
      state.moves.pop();
      writeUrl();
      await refresh();
      throw e;
    }
  }

  function click(event) {
    const e = event.target.closest(".sh-tile");
    if (!e || e.classList.contains("gone") || !state.check) return;
    stopReplay();
    const slot = Number(e.dataset.slot);
    say("");
    if (!e.classList.contains("free")) {
      say(`slot ${slot} is not free`);
      return;
    }
    const chosen = state.selected;
    if (chosen === slot) state.selected = null;
    else if (chosen !== null && group(state.faces.get(chosen)) === group(state.faces.get(slot))) {
      act(() => play([chosen, slot]))();
      return;
    } else state.selected = slot;
    render();
  }

  async function undo() {
    if (!state.moves.length) return;
    stopReplay();
    state.redo.push(state.moves.pop());
    Object.assign(state, { selected: null, hint: null });
    markStale();
    writeUrl();
    await refresh();
  }

  async function redo() {
    if (state.redo.length) await play(state.redo[state.redo.length - 1]);
  }

  async function hint() {
    say("");
    const answer = await api("/api/shanghai/hint", { ...state.deal, moves: state.moves });
    state.hint = answer.move;
    if (!answer.move) say("no move left");
    render();
  }

  // ---- the review ----

  function markStale() {
    $("review-panel").classList.toggle("stale", !$("review-panel").hidden);
  }

  async function review() {
    const panel = $("review-panel");
    panel.hidden = false;
    panel.classList.remove("stale");
    panel.classList.add("asking");
    $("review-summary").textContent = "reviewing every move…";
    const moves = [...state.moves];
    let answer;
    try {
      answer = await api("/api/shanghai/review", { ...state.deal, moves });
    } finally {
      panel.classList.remove("asking");
    }
    showReview(answer, moves);
  }

  function showReview(answer, moves) {
    const i = answer.losing_move;
    const lost = i === null || i === undefined ? "" : ` Move ${i + 1} (${moveText(moves[i])}) lost the board.`;
    const kept = answer.moves.length && !lost && answer.verdict !== "lost" && answer.moves.every((m) => m.winnable_after) ? " Every move kept the board winnable." : "";
    $("review-summary").textContent = `${moves.length} moves, now ${answer.verdict}.${lost}${kept}`;
    const body = $("review-moves").tBodies[0];
    body.replaceChildren();
    answer.moves.forEach((m, n) => {
      const row = body.insertRow();
      if (n === i) row.className = "losing";
      if (n === i || (i === null && n === answer.moves.length - 1)) requestAnimationFrame(() => scrollTo(row));
      const after = m.winnable_after === true ? "winnable" : m.winnable_after === false ? "lost" : "unknown";
      row.insertCell().textContent = String(n + 1);
      row.insertCell().textContent = moveText(m.move);
      const faces = row.insertCell();
      for (const s of m.move) faces.appendChild(tileSvg(state.faces.get(s), { className: "small" }));
      const cell = row.insertCell();
      cell.textContent = after;
      cell.className = after === "winnable" ? "good" : after === "lost" ? "bad" : "muted";
    });
    const line = answer.line ?? [];
    $("review-line-box").hidden = line.length === 0;
    $("review-line").textContent = line.length
      ? `A winning line from ${answer.line_from ? `the position after move ${answer.line_from}` : "the start"} (${line.length} moves): ${line.map(moveText).join(" ")}`
      : "";
    state.line = { from: answer.line_from, moves: line, base: moves.slice(0, answer.line_from) };
  }

  // Scrolls the review's list of moves (not the page) to show `row`.
  function scrollTo(row) {
    const list = row.closest(".sh-review-moves");
    list.scrollTop += row.getBoundingClientRect().top - list.getBoundingClientRect().top - list.clientHeight / 2;
  }

  // Takes the game back to where the review's winning line starts and plays the line out.
  async function replay() {
    const { base, moves } = state.line;
    const run = ++state.runs;
    state.replaying = run;
    state.moves = [...base];
    Object.assign(state, { redo: [], selected: null, hint: null });
    for (const move of moves) {
      if (state.replaying !== run) return;
      state.moves.push(move);
      writeUrl();
      await refresh();
      await sleep(60);
    }
    if (state.replaying === run) state.replaying = 0;
  }

  function stopReplay() {
    if (state.replaying) state.replaying = 0;
  }

  // ---- wiring ----

  // Runs an action of the page: an error is shown, never thrown at the console.
  const act = (f) => async (event) => {
    if (event && event.preventDefault && event.type === "submit") event.preventDefault();
    try {
      await f(event);
    } catch (e) {
      say(e.message);
    }
  };

  $("board").addEventListener("click", click);
  $("deal-form").addEventListener("submit", act(() => newDeal()));
  $("undo").addEventListener("click", act(undo));
  $("redo").addEventListener("click", act(redo));
  $("hint").addEventListener("click", act(hint));
  $("review").addEventListener("click", act(review));
  $("replay").addEventListener("click", act(replay));
  $("random-seed").addEventListener("click", act(() => { $("seed").value = String(1 + Math.floor(Math.random() * 99999)); return newDeal(); }));
  $("clear-file").addEventListener("click", act(() => { showFile(null); return newDeal(); }));
  $("layout-file").addEventListener("change", act(async () => {
    const file = $("layout-file").files[0];
    if (!file) return;
    showFile({ name: file.name, text: await file.text() });
    await newDeal();
  }));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select")) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && key === "z") act(undo)();
    else if ((e.ctrlKey || e.metaKey) && key === "y") act(redo)();
    else if (key === "escape") { state.selected = null; state.hint = null; render(); }
  });
  let resizing;
  window.addEventListener("resize", () => { clearTimeout(resizing); resizing = setTimeout(() => state.info && drawBoard(), 150); });

  act(async () => {
    let moves = [];
    try {
      moves = readUrl();
    } catch (e) {
      say(e.message);
    }
    try {
      await newDeal(moves);
    } catch (e) {
      // moves the deal does not allow: the deal without them, and the reason
      if (!moves.length || !state.info) throw e;
      state.moves = [];
      writeUrl();
      await refresh();
      say(e.message);
    }
  })();
})();

// Tile pictures drawn as SVG by haipai (no tile set of another project): a light tile with the
// number in its suit's colour and the suit's name under it, honours as their characters, red
// fives on a pink face, flowers and seasons (Shanghai) as their characters.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const SUIT = { m: ["#b03a2e", "man"], p: ["#1f4e9c", "pin"], s: ["#1b7a3a", "sou"] };
const HONOUR = { 1: ["東", "#222"], 2: ["南", "#222"], 3: ["西", "#222"], 4: ["北", "#222"], 6: ["發", "#1b7a3a"], 7: ["中", "#c0392b"] };
// Shanghai's bonus tiles: f1-f4 flowers (plum, orchid, chrysanthemum, bamboo), s1-s4 seasons.
const BONUS = { f: ["梅蘭菊竹", "#8e44ad"], s: ["春夏秋冬", "#d35400"] };

function svgElement(name, attributes, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function face(svg, colour, big, small) {
  svg.appendChild(svgElement("text", { x: 15, y: small ? 24 : 28, "font-size": small ? 21 : 20, "font-weight": small ? "bold" : "normal", "text-anchor": "middle", fill: colour, "font-family": "sans-serif" }, big));
  if (small) svg.appendChild(svgElement("text", { x: 15, y: 35, "font-size": 8, "text-anchor": "middle", fill: colour, "font-family": "sans-serif" }, small));
}

// One tile as an <svg> element, 30 by 40 units. `code` is MPSZ (`5m`, `0p` for a red five,
// `7z`) or a bonus tile (`f1`..`f4`, `s1`..`s4` as Shanghai writes them with a prefix
// "bonus:"), or null for a face-down tile.
function tileSvg(code, options = {}) {
  const svg = svgElement("svg", { viewBox: "0 0 30 40", class: "tile" + (options.className ? " " + options.className : "") });
  const red = code && code[0] === "0" && "mps".includes(code[1]);
  const fill = code === null ? "#d9c9a3" : red ? "#ffe4e1" : "#fffdf5";
  svg.appendChild(svgElement("rect", { x: 1, y: 1, width: 28, height: 38, rx: 4, fill, stroke: "#777" }));
  if (code === null) return svg;
  if (code.startsWith("bonus:")) {
    const [set, n] = [code[6], Number(code[7])];
    face(svg, BONUS[set][1], BONUS[set][0][n - 1]);
  } else if (code[1] === "z") {
    const n = Number(code[0]);
    if (n === 5) svg.appendChild(svgElement("rect", { x: 7, y: 8, width: 16, height: 24, rx: 2, fill: "none", stroke: "#2e6fb5", "stroke-width": 2.5 }));
    else face(svg, HONOUR[n][1], HONOUR[n][0]);
  } else {
    const [colour, name] = SUIT[code[1]];
    face(svg, red ? "#e00000" : colour, red ? "5" : code[0], name);
  }
  svg.setAttribute("aria-label", code);
  return svg;
}

// The tiles of an MPSZ string without melds (`123m0p44z`), each as its code.
function splitTiles(text) {
  const out = [];
  let digits = [];
  for (const c of text) {
    if (c >= "0" && c <= "9") digits.push(c);
    else if ("mpsz".includes(c)) { for (const d of digits) out.push(d + c); digits = []; }
  }
  return out;
}

window.haipaiTiles = { tileSvg, splitTiles };

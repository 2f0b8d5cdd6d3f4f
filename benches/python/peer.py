#!/usr/bin/env python3
"""PyPI `mahjong` (2.1.0, MIT) side by side with haipai on the same seeded inputs.

For each row, runs `peer_inputs` (benches/src/bin/peer_inputs.rs, release build), which times
haipai on the inputs in its own process and writes them with haipai's answers; then times the
Python peer on the same inputs (median of seven runs), checks every answer against haipai's,
and prints one Markdown table row: haipai's time, the peer's, and the ratio.

    cargo build --release -p haipai-benches --bin peer_inputs
    python3 -m venv /tmp/mahjong-venv && /tmp/mahjong-venv/bin/pip install mahjong==2.1.0
    /tmp/mahjong-venv/bin/python benches/python/peer.py [--hands N] [--only ROW]

Rows: tiles (14-tile random hands parsed from MPSZ text, the tiles bench's seed), shanten
(14-tile random hands, the shanten bench's seed), agari-random and
agari-winning (the decompose bench's inputs), score (every winning situation of haipai-score's
oracle corpus, which this package scored when it was generated). Run from the repository root.
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
from importlib.metadata import version

from mahjong.agari import Agari
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.shanten import Shanten
from mahjong.tile import TilesConverter

PEER_INPUTS = "target/release/peer_inputs"
CORPUS = "crates/score/tests/data/corpus.jsonl"
SUITS = "mpsz"
WINDS = "ESWN"


def median_ns(items, f):
    """Median over seven runs of f over every item, in nanoseconds per item."""
    times = []
    for _ in range(7):
        start = time.perf_counter()
        for x in items:
            f(x)
        times.append((time.perf_counter() - start) * 1e9 / len(items))
    return statistics.median(times)


def haipai(mode, n):
    """haipai's header (mode, count, ns per input) and the lines after it."""
    out = subprocess.run([PEER_INPUTS, mode, str(n)], check=True, capture_output=True, text=True).stdout
    lines = out.splitlines()
    _, _, _, count, ns = lines[0].split()
    return int(count), float(ns), lines[1:]


def hand_row(mode, n, peer):
    count, ours, lines = haipai(mode, n)
    hands = []
    for line in lines:
        digits, answer = line.split()
        hands.append(([int(c) for c in digits], int(answer)))
    for tiles, answer in hands:
        got = peer(tiles)
        if got != answer:
            sys.exit(f"{mode}: peer says {got}, haipai {answer}, for counts {tiles}")
    theirs = median_ns([t for t, _ in hands], peer)
    return mode, count, ours, theirs


def tiles_row(n):
    count, ours, lines = haipai("tiles", n)
    hands = [(text, [int(c) for c in digits]) for digits, text in (line.split() for line in lines)]
    parse = lambda text: TilesConverter.one_line_string_to_34_array(text)
    for text, counts in hands:
        if parse(text) != counts:
            sys.exit(f"tiles: peer reads {text} as {parse(text)}, haipai as {counts}")
    theirs = median_ns([t for t, _ in hands], parse)
    return "tiles", count, ours, theirs


def tiles_of(text):
    """Kinds (0..33) and red flags of MPSZ text without melds: [(kind, red)]."""
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        else:
            s = SUITS.index(ch)
            for d in digits:
                out.append((9 * s + (4 if d == "0" else int(d) - 1), d == "0"))
            digits = []
    return out


class Ids:
    """Hands out 136-format ids: copy 0 of a five is its red one, as in the corpus script."""

    def __init__(self):
        self.next = {k: ([1, 2, 3] if k < 27 and k % 9 == 4 else [0, 1, 2, 3]) for k in range(34)}

    def take(self, kind, red):
        return kind * 4 if red else kind * 4 + self.next[kind].pop(0)


def request(req):
    """The corpus line as arguments of HandCalculator.estimate_hand_value."""
    ids = Ids()
    closed = [ids.take(k, r) for k, r in tiles_of(req["hand"])]
    melds = []
    for m in req.get("melds", []):
        body = m.strip("[]")
        mark = body[-1] if body[-1] in "*+" else ""
        kinds = tiles_of(body.rstrip("*+"))
        tiles = sorted(ids.take(k, r) for k, r in kinds)
        if len(kinds) == 4:
            kind = Meld.SHOUMINKAN if mark == "+" else Meld.KAN
        else:
            kind = Meld.PON if kinds[0][0] == kinds[1][0] else Meld.CHI
        melds.append(Meld(meld_type=kind, tiles=tiles, opened=mark != "*"))
    win_kind = tiles_of(req["win"])[0][0]
    win = next(t for t in closed if t // 4 == win_kind)
    flag = lambda k: req.get(k, False)
    config = HandConfig(
        is_tsumo=flag("tsumo"),
        is_riichi=flag("riichi"),
        is_daburu_riichi=flag("double_riichi"),
        is_ippatsu=flag("ippatsu"),
        is_rinshan=flag("rinshan"),
        is_chankan=flag("chankan"),
        is_haitei=flag("haitei"),
        is_houtei=flag("houtei"),
        is_tenhou=flag("tenhou"),
        is_chiihou=flag("chiihou"),
        player_wind=EAST + WINDS.index(req["seat"]),
        round_wind=EAST + WINDS.index(req["round"]),
        tsumi_number=req.get("honba", 0),
        kyoutaku_number=req.get("sticks", 0),
        options=OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=True,
            has_double_yakuman=True,
            kazoe_limit=HandConstants.KAZOE_LIMITED,
            kiriage=False,
        ),
    )
    indicators = lambda key: [tiles_of(t)[0][0] * 4 + 1 for t in req.get(key, [])]
    all_ids = closed + [t for m in melds for t in m.tiles]
    return all_ids, win, melds, indicators("dora_indicators"), indicators("ura_indicators"), config


def score_one(args):
    all_ids, win, melds, dora, ura, config = args
    res = HandCalculator.estimate_hand_value(
        all_ids, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config
    )
    return res.cost["total"] if not res.error else 0


def score_row():
    count, ours, lines = haipai("score", 0)
    with open(CORPUS, encoding="utf-8") as f:
        reqs = [json.loads(line) for line in f.read().splitlines()[1:] if line.strip()]
    requests = [request(r) for r in reqs if "total" in r]
    total = sum(score_one(a) for a in requests)
    if len(requests) != count or total != int(lines[0]):
        sys.exit(f"score: peer {len(requests)} hands, {total} points; haipai {count}, {lines[0]}")
    theirs = median_ns(requests, score_one)
    return "score", count, ours, theirs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000, help="hands per hand row (default 20000)")
    ap.add_argument("--only", help="one row: tiles, shanten, agari-random, agari-winning or score")
    args = ap.parse_args()
    rows = {
        "tiles": lambda: tiles_row(args.hands),
        "shanten": lambda: hand_row("shanten", args.hands, Shanten.calculate_shanten),
        "agari-random": lambda: hand_row("agari-random", args.hands, lambda t: int(Agari.is_agari(t))),
        "agari-winning": lambda: hand_row("agari-winning", args.hands, lambda t: int(Agari.is_agari(t))),
        "score": score_row,
    }
    print(f"PyPI mahjong {version('mahjong')}, Python {sys.version.split()[0]}")
    print("| row | inputs | haipai ns/input | mahjong ns/input | ratio |")
    print("|---|---|---|---|---|")
    for name, row in rows.items():
        if args.only and args.only != name:
            continue
        mode, count, ours, theirs = row()
        print(f"| {mode} | {count} | {ours:.0f} | {theirs:.0f} | {theirs / ours:.0f}x |", flush=True)


if __name__ == "__main__":
    main()

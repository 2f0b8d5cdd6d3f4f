#!/usr/bin/env python3
"""haipai's Python package against PyPI `mahjong` (2.1.0) and `xiangting` (the Python
package of the xiangting crate) on shanten, in one run, on the same seeded hands.

Rows: each library's shanten one hand per call (the hand as a list of 34 counts for the
peers; as MPSZ text and as a row of counts for haipai), and haipai's `shanten_batch` over an
`(N, 34)` uint8 array; `shanten(Hand)` takes hands parsed beforehand. Times are per hand,
the median of five runs; every answer of every library is checked against `mahjong`'s (the
batch's over all its rows). Prints a Markdown table and the ratios to `mahjong` per hand.

`--quick` (2,000 hands, a batch of 100,000 rows, three runs: a few seconds) is the check
crates/python/run-tests.sh runs in CI: the answers must agree, the ratios are printed and not
judged (a loaded machine moves them).

    python3 -m venv /tmp/bench-venv
    /tmp/bench-venv/bin/pip install ./crates/python mahjong==2.1.0 xiangting numpy
    /tmp/bench-venv/bin/python benches/python/bench_python.py [--quick] [--hands N] [--batch N]
"""

import argparse
import random
import statistics
import sys
import time
from importlib.metadata import version

import numpy as np
import xiangting
from mahjong.shanten import Shanten

import haipai


def seeded_hands(count, seed):
    """`count` 14-tile hands drawn from the 136 tiles, as rows of 34 counts."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = np.zeros((count, 34), dtype=np.uint8)
    for row in out:
        for k in rng.sample(wall, 14):
            row[k] += 1
    return out


def mpsz(counts):
    out = ""
    for suit, letter, size in ((0, "m", 9), (1, "p", 9), (2, "s", 9), (3, "z", 7)):
        digits = "".join(str(d + 1) * int(counts[9 * suit + d]) for d in range(size))
        if digits:
            out += digits + letter
    return out


def median_seconds(work, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def agree(name, got, want, hands):
    """Exits naming the first hand where `name` disagrees with `mahjong`."""
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            sys.exit(f"{name} says {g} where mahjong says {w}, hand {i}: {mpsz(hands[i])}")
    if len(got) != len(want):
        sys.exit(f"{name}: {len(got)} answers for {len(want)} hands")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes and three runs (a few seconds)")
    ap.add_argument("--hands", type=int, help="hands per run of the per-hand rows (20,000; quick 2,000)")
    ap.add_argument("--batch", type=int, help="rows of the batch (1,000,000; quick 100,000)")
    ap.add_argument("--seed", type=int, default=20261128)
    args = ap.parse_args()
    args.hands = args.hands or (2_000 if args.quick else 20_000)
    args.batch = args.batch or (100_000 if args.quick else 1_000_000)
    runs = 3 if args.quick else 5

    hands = seeded_hands(args.hands, args.seed)
    lists = hands.tolist()
    texts = [mpsz(r) for r in lists]
    parsed = [haipai.Hand.parse(t) for t in texts]
    batch = np.resize(hands, (args.batch, 34))

    oracle = Shanten()
    want = [oracle.calculate_shanten(h) for h in lists]
    four = xiangting.PlayerCount.FOUR
    agree("xiangting", [xiangting.calculate_replacement_number(h, four) - 1 for h in lists], want, lists)
    agree("haipai shanten(text)", [haipai.shanten(t) for t in texts], want, lists)
    agree("haipai shanten(Hand)", [haipai.shanten(h) for h in parsed], want, lists)
    repeated = np.resize(np.array(want, dtype=np.int8), len(batch)).tolist()
    agree("haipai shanten_batch", haipai.shanten_batch(batch).tolist(), repeated, batch)

    rows = [
        ("mahjong " + version("mahjong"), "calculate_shanten(list)", median_seconds(lambda: [oracle.calculate_shanten(h) for h in lists], runs) / len(lists)),
        ("xiangting " + version("xiangting"), "calculate_replacement_number(list)", median_seconds(lambda: [xiangting.calculate_replacement_number(h, four) for h in lists], runs) / len(lists)),
        ("haipai", "shanten(text)", median_seconds(lambda: [haipai.shanten(t) for t in texts], runs) / len(lists)),
        ("haipai", "shanten(Hand)", median_seconds(lambda: [haipai.shanten(h) for h in parsed], runs) / len(lists)),
        ("haipai", "shanten_batch(array), per row", median_seconds(lambda: haipai.shanten_batch(batch), runs) / len(batch)),
    ]
    base = rows[0][2]
    print(f"{len(lists)} hands per call row, {len(batch)} rows in the batch (14 tiles, seed {args.seed}, median of {runs} runs); every answer agrees with mahjong's")
    print("| library | call | per hand | mahjong per hand / this |")
    print("|---|---|---:|---:|")
    for lib, call, seconds in rows:
        print(f"| {lib} | `{call}` | {seconds * 1e9:,.0f} ns | {base / seconds:,.1f}x |")
    xt = rows[1][2]
    print(f"batch against xiangting per hand: {xt / rows[4][2]:,.1f}x faster")


if __name__ == "__main__":
    main()

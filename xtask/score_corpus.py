#!/usr/bin/env python3
"""Writes the haipai-score oracle corpus: seeded random winning situations scored by the
PyPI package `mahjong` (2.1.0, MIT), one compact JSON object per line.

Run by `cargo xtask gen-score-corpus` inside a fresh virtual environment:

    python3 xtask/score_corpus.py --seed 20261123 --count 22000 --out crates/score/tests/data/corpus.jsonl

The first line is a header naming the command, the script, the oracle's version and the
arguments: {"generated_by":"cargo xtask gen-score-corpus","script":"xtask/score_corpus.py",
"oracle":"mahjong 2.1.0","seed":...,"count":...,"variant":...}. Each other line is a request in the shape `haipai score -` reads (hand = closed tiles including the
winning tile, melds = bracketed melds, win, flags, seat, round, dora_indicators,
ura_indicators, honba, sticks) plus the oracle's answer: `han`, `fu`, `total` (all the winner
receives), `main` / `additional` (payments before honba: ron payment or the dealer's share /
each non-dealer's share), and `yaku` as [[name, han], ...] in haipai's snake_case names; or
`error` ("no_yaku") when the hand has no yaku.

Oracle options used: open tanyao on, red fives on, double yakuman on, kazoe limited to
yakuman, no kiriage (these are haipai's default `Rules`). With `--variant`: no open tanyao,
no double yakuman, kazoe capped at sanbaiman, kiriage mangan (haipai's `Rules` with
`kuitan: false, double_yakuman: false, kazoe_yakuman: false, kiriage: true`).
"""

import argparse
import importlib.metadata
import json
import random
import sys

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

WINDS = "ESWN"
SUITS = "mpsz"

# oracle yaku name -> haipai name
NAMES = {
    "Menzen Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan_kaihou",
    "Haitei Raoyue": "haitei_raoyue",
    "Houtei Raoyui": "houtei_raoyui",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Yakuhai (haku)": "yakuhai_haku",
    "Yakuhai (hatsu)": "yakuhai_hatsu",
    "Yakuhai (chun)": "yakuhai_chun",
    "Yakuhai (seat wind east)": "yakuhai_seat_wind",
    "Yakuhai (seat wind south)": "yakuhai_seat_wind",
    "Yakuhai (seat wind west)": "yakuhai_seat_wind",
    "Yakuhai (seat wind north)": "yakuhai_seat_wind",
    "Yakuhai (round wind east)": "yakuhai_round_wind",
    "Yakuhai (round wind south)": "yakuhai_round_wind",
    "Yakuhai (round wind west)": "yakuhai_round_wind",
    "Yakuhai (round wind north)": "yakuhai_round_wind",
    "Chiitoitsu": "chiitoitsu",
    "Chantai": "chanta",
    "Ittsu": "ittsu",
    "Sanshoku Doujun": "sanshoku_doujun",
    "Sanshoku Doukou": "sanshoku_doukou",
    "San Kantsu": "sankantsu",
    "Toitoi": "toitoi",
    "San Ankou": "sanankou",
    "Shou Sangen": "shousangen",
    "Honroutou": "honroutou",
    "Ryanpeikou": "ryanpeikou",
    "Junchan": "junchan",
    "Honitsu": "honitsu",
    "Chinitsu": "chinitsu",
    "Dora": "dora",
    "Aka Dora": "aka_dora",
    "Ura Dora": "ura_dora",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Daisangen": "daisangen",
    "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki",
    "Tsuu Iisou": "tsuuiisou",
    "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou",
    "Chuuren Poutou": "chuuren_poutou",
    "Daburu Chuuren Poutou": "junsei_chuuren_poutou",
    "Kokushi Musou": "kokushi_musou",
    "Kokushi Musou Juusanmen Matchi": "kokushi_musou_13",
    "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii",
    "Suu Kantsu": "suukantsu",
}

GREEN = [19, 20, 21, 23, 25, 32]
TERMINALS_HONOURS = [0, 8, 9, 17, 18, 26] + list(range(27, 34))


def tile_str(kind):
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def is_five(kind):
    return kind < 27 and kind % 9 == 4


def palette(rng):
    """Kinds a hand may draw its tiles from, biased towards yaku-rich shapes."""
    r = rng.random()
    if r < 0.55:
        return list(range(34)), "any"
    if r < 0.65:
        s = rng.randrange(3)
        return list(range(9 * s, 9 * s + 9)), "one_suit"
    if r < 0.77:
        s = rng.randrange(3)
        return list(range(9 * s, 9 * s + 9)) + list(range(27, 34)), "suit_honours"
    if r < 0.84:
        return list(range(27, 34)) + rng.sample(range(27), 6), "honour_heavy"
    if r < 0.89:
        return TERMINALS_HONOURS, "terminals"
    if r < 0.92:
        return GREEN, "green"
    return [k for k in range(27) if k % 9 not in (0, 8)], "simples"


def random_group(rng, kinds, triplet_bias):
    seq_starts = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 1 in kinds and k + 2 in kinds]
    if seq_starts and rng.random() >= triplet_bias:
        return ("seq", rng.choice(seq_starts))
    return ("trip", rng.choice(kinds))


def outside_group(rng, honours):
    """A group holding a terminal (or honour): 123, 789 or a terminal/honour triplet."""
    s = rng.randrange(3)
    r = rng.random()
    if r < 0.6:
        return ("seq", 9 * s + rng.choice([0, 6]))
    if honours and r < 0.8:
        return ("trip", rng.randrange(27, 34))
    return ("trip", 9 * s + rng.choice([0, 8]))


def build_standard(rng):
    kinds, _ = palette(rng)
    triplet_bias = rng.choice([0.15, 0.3, 0.5, 0.9])
    n_melds = rng.choices([0, 1, 2, 3, 4], weights=[50, 20, 15, 10, 5])[0]
    shape = rng.choices(["free", "outside", "pure_outside", "sanshoku", "ittsu"], weights=[80, 6, 5, 5, 4])[0]
    for _ in range(1000):
        counts = [0] * 34
        groups = [random_group(rng, kinds, triplet_bias) for _ in range(4)]
        pair = rng.choice(kinds)
        if shape in ("outside", "pure_outside"):
            honours = shape == "outside"
            groups = [outside_group(rng, honours) for _ in range(4)]
            pair = rng.choice(TERMINALS_HONOURS if honours else TERMINALS_HONOURS[:6])
        elif shape == "sanshoku":
            d = rng.randrange(7) if rng.random() < 0.8 else rng.randrange(9)
            g = "seq" if d < 7 and rng.random() < 0.8 else "trip"
            groups[:3] = [(g, 9 * s + d) for s in range(3)]
            rng.shuffle(groups)
        elif shape == "ittsu":
            s = rng.randrange(3)
            groups[:3] = [("seq", 9 * s + d) for d in (0, 3, 6)]
            rng.shuffle(groups)
        counts[pair] += 2
        parts = []  # (kind_of_part, first, open, kan_type)
        for i, (g, k) in enumerate(groups):
            is_meld = i < n_melds
            if g == "seq":
                for d in range(3):
                    counts[k + d] += 1
                parts.append(("chi" if is_meld else "seq", k))
            else:
                kan = rng.random() < (0.3 if is_meld else 0.06)
                counts[k] += 4 if kan else 3
                if kan:
                    if is_meld:
                        parts.append((rng.choice(["openkan", "addedkan", "closedkan"]), k))
                    else:
                        parts.append(("closedkan", k))
                else:
                    parts.append(("pon" if is_meld else "trip", k))
        if max(counts) <= 4:
            return parts, pair
    return None


def physical(parts_tiles, red_parts):
    """Assigns 136-format ids: parts_tiles is a list of kind lists; red_parts[suit] is the
    index of the part holding that suit's red five (or None)."""
    pools = {k: ([1, 2, 3] if is_five(k) else [0, 1, 2, 3]) for k in range(34)}
    out = []
    for pi, kinds in enumerate(parts_tiles):
        ids = []
        red_used = set()
        for k in kinds:
            if is_five(k) and red_parts[k // 9] == pi and (k // 9) not in red_used:
                red_used.add(k // 9)
                ids.append(k * 4)
            else:
                ids.append(k * 4 + pools[k].pop(0))
        out.append(ids)
    return out


def notation(kinds_ids):
    """MPSZ notation of 136-format ids (red fives as 0)."""
    by_suit = {s: [] for s in range(4)}
    for t in sorted(kinds_ids):
        k = t // 4
        d = "0" if t in (16, 52, 88) else str(k % 9 + 1)
        by_suit[k // 9].append(d)
    out = ""
    for s in range(4):
        if by_suit[s]:
            out += "".join(by_suit[s]) + SUITS[s]
    return out


VARIANT = False


def possible_indicators(dora, ura, held):
    """The indicators as drawn, made possible without drawing again (so the random stream, and
    every other situation, stay as they were): at most five of each (one and one per kan), and
    each moved on to the next kind that still has a copy in the wall beside the hand's tiles
    (`held`, kinds) and the indicators before it."""
    left = [4 - held.count(k) for k in range(34)]
    out = []
    for drawn in (dora[:5], ura[:5]):
        kept = []
        for k in drawn:
            while left[k] == 0:
                k = (k + 1) % 34
            left[k] -= 1
            kept.append(k)
        out.append(kept)
    return out


def make_situation(rng):
    r = rng.random()
    melds = []  # (type, kinds)
    closed = []  # kinds
    if r < 0.08:
        kinds, _ = palette(rng)
        if len(kinds) < 7:
            kinds = list(range(34))
        closed = [k for k in rng.sample(kinds, 7) for _ in range(2)]
    elif r < 0.11:
        closed = TERMINALS_HONOURS + [rng.choice(TERMINALS_HONOURS)]
    elif r < 0.13:
        s = rng.randrange(3)
        closed = [9 * s + d for d in [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]] + [9 * s + rng.randrange(9)]
    else:
        built = build_standard(rng)
        if built is None:
            return None
        parts, pair = built
        closed = [pair, pair]
        for kind, k in parts:
            if kind == "seq":
                closed += [k, k + 1, k + 2]
            elif kind == "trip":
                closed += [k, k, k]
            elif kind == "chi":
                melds.append(("chi", [k, k + 1, k + 2]))
            elif kind == "pon":
                melds.append(("pon", [k] * 3))
            else:
                melds.append((kind, [k] * 4))
    all_kinds = closed + [k for _, ks in melds for k in ks]
    if max(all_kinds.count(k) for k in set(all_kinds)) > 4:
        return None
    parts_tiles = [closed] + [ks for _, ks in melds]
    red_parts = [None, None, None]
    for s in range(3):
        five = 9 * s + 4
        holders = [i for i, ks in enumerate(parts_tiles) if five in ks]
        if holders and (all_kinds.count(five) == 4 or rng.random() < 0.5):
            red_parts[s] = rng.choice(holders)
    ids = physical(parts_tiles, red_parts)
    closed_ids = ids[0]
    win_id = rng.choice(closed_ids)
    is_open = any(t != "closedkan" for t, _ in melds)
    has_kan = any(t.endswith("kan") for t, _ in melds)

    seat = rng.randrange(4)
    rnd = rng.choices(range(4), weights=[4, 4, 1, 1])[0]
    dealer = seat == 0
    tsumo = rng.random() < 0.5
    flags = {}
    if not is_open and rng.random() < 0.5:
        if rng.random() < 0.12:
            flags["double_riichi"] = True
        else:
            flags["riichi"] = True
        if rng.random() < 0.25:
            flags["ippatsu"] = True
    if tsumo:
        if has_kan and rng.random() < 0.3:
            flags["rinshan"] = True
        elif rng.random() < 0.08:
            flags["haitei"] = True
        if not melds and rng.random() < 0.04:
            flags = {"tenhou" if dealer else "chiihou": True}
    else:
        if rng.random() < 0.08:
            flags["houtei"] = True
        elif rng.random() < 0.05 and all_kinds.count(win_id // 4) == 1:
            # A robbed tile is the fourth copy (the other three are in the opponent's kan), so
            # chankan needs a winning tile held once; the draw is made either way, so the
            # random stream stays as it was.
            flags["chankan"] = True
    n_ind = 1 + sum(1 for t, _ in melds if t.endswith("kan"))
    if rng.random() < 0.1:
        n_ind += 1
    dora = [rng.randrange(34) for _ in range(n_ind)]
    ura = [rng.randrange(34) for _ in range(n_ind)] if ("riichi" in flags or "double_riichi" in flags) else []
    # With chankan the opponent's kan holds the other three copies of the winning tile.
    held = all_kinds + [win_id // 4] * 3 if flags.get("chankan") else all_kinds
    dora, ura = possible_indicators(dora, ura, held)
    honba = rng.choices([0, 1, 2, 5], weights=[6, 2, 1, 1])[0]
    sticks = rng.choices([0, 1, 3], weights=[6, 3, 1])[0]

    meld_objs = []
    meld_strs = []
    for (t, _), mids in zip(melds, ids[1:]):
        mtype = {"chi": Meld.CHI, "pon": Meld.PON, "openkan": Meld.KAN, "closedkan": Meld.KAN, "addedkan": Meld.SHOUMINKAN}[t]
        meld_objs.append(Meld(meld_type=mtype, tiles=sorted(mids), opened=(t != "closedkan")))
        mark = {"closedkan": "*", "addedkan": "+"}.get(t, "")
        meld_strs.append("[" + notation(mids) + mark + "]")

    req = {"hand": notation(closed_ids)}
    if meld_strs:
        req["melds"] = meld_strs
    req["win"] = tile_str(win_id // 4)
    if tsumo:
        req["tsumo"] = True
    req.update(flags)
    req["seat"] = WINDS[seat]
    req["round"] = WINDS[rnd]
    req["dora_indicators"] = [tile_str(k) for k in dora]
    if ura:
        req["ura_indicators"] = [tile_str(k) for k in ura]
    if honba:
        req["honba"] = honba
    if sticks:
        req["sticks"] = sticks

    options = OptionalRules(
        has_open_tanyao=not VARIANT,
        has_aka_dora=True,
        has_double_yakuman=not VARIANT,
        kazoe_limit=HandConstants.KAZOE_SANBAIMAN if VARIANT else HandConstants.KAZOE_LIMITED,
        kiriage=VARIANT,
    )
    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=flags.get("riichi", False),
        is_daburu_riichi=flags.get("double_riichi", False),
        is_ippatsu=flags.get("ippatsu", False),
        is_rinshan=flags.get("rinshan", False),
        is_chankan=flags.get("chankan", False),
        is_haitei=flags.get("haitei", False),
        is_houtei=flags.get("houtei", False),
        is_tenhou=flags.get("tenhou", False),
        is_chiihou=flags.get("chiihou", False),
        player_wind=EAST + seat,
        round_wind=EAST + rnd,
        tsumi_number=honba,
        kyoutaku_number=sticks,
        options=options,
    )
    all_ids = [t for part in ids for t in part]
    res = HandCalculator.estimate_hand_value(
        all_ids,
        win_id,
        melds=meld_objs,
        dora_indicators=[k * 4 + 1 for k in dora],
        ura_dora_indicators=[k * 4 + 1 for k in ura],
        config=config,
    )
    if res.error:
        if res.error != HandCalculator.ERR_NO_YAKU:
            raise RuntimeError(f"oracle error {res.error} on {req}")
        req["error"] = "no_yaku"
        return req
    is_open_hand = any(m.opened for m in meld_objs)
    yaku = []
    for y in res.yaku:
        han = y.han_open if (is_open_hand and y.han_open) else y.han_closed
        yaku.append([NAMES[y.name], han])
    req["han"] = res.han
    req["fu"] = res.fu
    req["total"] = res.cost["total"]
    req["main"] = res.cost["main"]
    req["additional"] = res.cost["additional"]
    req["yaku"] = yaku
    return req


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=20261123)
    ap.add_argument("--count", type=int, default=22000)
    ap.add_argument("--out", required=True)
    ap.add_argument(
        "--variant",
        action="store_true",
        help="score with the variant rules: no open tanyao, no double yakuman, kazoe capped at sanbaiman, kiriage",
    )
    args = ap.parse_args()
    global VARIANT
    VARIANT = args.variant
    rng = random.Random(args.seed)
    header = {
        "generated_by": "cargo xtask gen-score-corpus",
        "script": "xtask/score_corpus.py",
        "oracle": "mahjong " + importlib.metadata.version("mahjong"),
        "seed": args.seed,
        "count": args.count,
        "variant": args.variant,
    }
    lines = [json.dumps(header, separators=(",", ":"))]
    while len(lines) < args.count + 1:
        sit = make_situation(rng)
        if sit is not None:
            lines.append(json.dumps(sit, separators=(",", ":")))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines) - 1} situations to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

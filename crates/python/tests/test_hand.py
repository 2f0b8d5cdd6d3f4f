"""Hands, shanten per form, necessary and unnecessary tiles, waits: agreement with PyPI
`mahjong` on 10,000 seeded hands and with the command's JSON."""

import random

import pytest
from mahjong.shanten import Shanten

import haipai

KINDS = [f"{d}{s}" for s in "mps" for d in range(1, 10)] + [f"{d}z" for d in range(1, 8)]


def mpsz(counts):
    """34 counts in MPSZ notation."""
    out = ""
    for suit, letter, size in ((0, "m", 9), (1, "p", 9), (2, "s", 9), (3, "z", 7)):
        digits = "".join(str(d + 1) * counts[9 * suit + d] for d in range(size))
        if digits:
            out += digits + letter
    return out


def seeded_hands(count, seed=20261128):
    """`count` hands of 13 or 14 tiles drawn from the 136, as counts."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for i in range(count):
        counts = [0] * 34
        for k in rng.sample(wall, 13 + i % 2):
            counts[k] += 1
        hands.append(counts)
    return hands


def test_parse_prints_and_checks():
    h = haipai.Hand.parse("123m456p789s1122z")
    assert str(h) == "123m456p789s1122z" and len(h) == 13 and h.is_closed
    assert h == haipai.Hand.parse("1122z123m456p789s")
    assert hash(h) == hash(haipai.Hand.parse("1122z123m456p789s"))
    assert repr(h) == "Hand('123m456p789s1122z')"
    assert haipai.Hand.parse("23m055p[789s][111z]", any_size=True).melds == ["789s", "111z"]
    assert haipai.Hand.parse("0m234567m22p234s55z").red_fives == (1, 0, 0)
    assert sum(h.counts) == 13


def test_shanten_agrees_with_mahjong_on_10000_seeded_hands():
    oracle = Shanten()
    for counts in seeded_hands(10_000):
        text = mpsz(counts)
        hand = haipai.Hand.parse(text)
        assert haipai.shanten(hand) == oracle.calculate_shanten(counts), text
        assert haipai.shanten(text) == haipai.shanten(hand)
        assert haipai.shanten_regular(hand) == oracle.calculate_shanten_for_regular_hand(counts), text
        assert haipai.shanten_seven_pairs(hand) == oracle.calculate_shanten_for_chiitoitsu_hand(counts), text
        assert haipai.shanten_thirteen_orphans(hand) == oracle.calculate_shanten_for_kokushi_hand(counts), text


def test_necessary_and_unnecessary_tiles_by_their_definition():
    """A kind is necessary when drawing it lowers the shanten, unnecessary when discarding it
    keeps it (checked with PyPI `mahjong`'s shanten)."""
    oracle = Shanten()
    for counts in seeded_hands(400, seed=7):
        base = oracle.calculate_shanten(counts)
        s, tiles = (haipai.necessary_tiles if sum(counts) == 13 else haipai.unnecessary_tiles)(mpsz(counts))
        assert s == base
        if sum(counts) == 13:
            want = [KINDS[k] for k in range(34) if counts[k] < 4 and oracle.calculate_shanten(_add(counts, k, 1)) < base]
        else:
            want = [KINDS[k] for k in range(34) if counts[k] and oracle.calculate_shanten(_add(counts, k, -1)) == base]
            want = want if base >= 0 else []
        assert tiles == want, mpsz(counts)


def _add(counts, k, n):
    out = list(counts)
    out[k] += n
    return out


def test_shanten_and_waits_equal_the_command(command):
    hands = ["123m456p789s1122z", "1112345678999m", "23m55p[789s][111z]", "19m19p19s1234567z", "2m", "0m234p[5555s*]"]
    for text in hands:
        (cli,) = command("shanten", text)
        assert haipai.shanten(text) == cli["shanten"]
        assert haipai.shanten_regular(text) == cli["regular"]
        assert haipai.shanten_seven_pairs(text) == cli["seven_pairs"]
        assert haipai.shanten_thirteen_orphans(text) == cli["thirteen_orphans"]
        if "necessary" in cli:
            assert haipai.necessary_tiles(text) == (cli["shanten"], cli["necessary"])
        (w,) = command("waits", text, "--kinds")
        if "error" in w:
            with pytest.raises(haipai.HandError) as caught:
                haipai.waits(text)
            assert str(caught.value) == w["error"]
        else:
            assert haipai.waits(text) == w


def test_bad_hands_raise_hand_error_with_the_command_message_and_column(command):
    for text in ["123x", "1111m1m", "123m456p789s1122333z", "[123m]", "55555m", "1m[123m][456m][789m][111z][222z]", "123456789m11p11s[111z]"]:
        (cli,) = command("shanten", text)
        with pytest.raises(haipai.HandError) as caught:
            haipai.shanten(text)
        assert str(caught.value) == cli["error"]
        assert isinstance(caught.value, ValueError) and isinstance(caught.value, haipai.HaipaiError)
    with pytest.raises(haipai.HandError) as caught:
        haipai.Hand.parse("123m45x")
    assert caught.value.column == 7  # 1-based, as the command prints it
    with pytest.raises(haipai.HandError, match="13 or 14 tiles"):
        haipai.Hand.parse("123m")
    with pytest.raises(haipai.HandError, match="a Hand or an MPSZ string"):
        haipai.shanten(123)
    with pytest.raises(haipai.HandError, match="five copies"):
        haipai.unnecessary_tiles("11111m")


def test_sanma_equals_the_command(command):
    """`sanma=True` answers as `haipai shanten --sanma`: the forms, the necessary tiles of
    three-player mahjong, the discards that keep the shanten, and its errors."""
    hands = ["19m123456789p11s", "19m19p19s1234567z", "1199m19p123456s77z", "1m123p456s[999p][111z]", "99m123789p1s2z", "23m123456789p11s", "1m123p[234m][111z]", "19m19p19s1234567z1m"]
    for text in hands:
        (cli,) = command("shanten", text, "--sanma")
        if "error" in cli:
            with pytest.raises(haipai.HandError) as caught:
                haipai.shanten(text, sanma=True)
            assert str(caught.value) == cli["error"], text
            continue
        assert cli["sanma"] is True
        assert haipai.shanten(text, sanma=True) == cli["shanten"], text
        assert haipai.shanten_regular(text, sanma=True) == cli["regular"], text
        assert haipai.shanten_seven_pairs(text, sanma=True) == cli["seven_pairs"], text
        assert haipai.shanten_thirteen_orphans(text, sanma=True) == cli["thirteen_orphans"], text
        if "necessary" in cli:
            assert haipai.necessary_tiles(text, sanma=True) == (cli["shanten"], cli["necessary"]), text
        else:
            keep = {row["discard"] for row in cli["discards"] if row["shanten"] == cli["shanten"]}
            s, tiles = haipai.unnecessary_tiles(text, sanma=True)
            assert (s, set(tiles)) == (cli["shanten"], keep), text


def test_sanma_leaves_out_2m_to_8m():
    four = haipai.necessary_tiles("19m123456789p11s")[1]
    three = haipai.necessary_tiles("19m123456789p11s", sanma=True)[1]
    assert three == [t for t in four if t[1] != "m" or t[0] in "19"] and three != four
    with pytest.raises(haipai.HandError, match="three-player mahjong has no 2m-8m"):
        haipai.necessary_tiles("23m123456789p11s", sanma=True)


def test_red_fives_per_suit_and_in_print():
    h = haipai.Hand.parse("340m406p22s[055s]", any_size=True)
    assert h.red_fives == (1, 1, 1)
    assert h.closed_red_fives == (1, 1, 0)
    assert str(h) == "340m406p22s[055s]" and repr(h) == "Hand('340m406p22s[055s]')"
    assert haipai.Hand.parse(str(h), any_size=True) == h
    assert h != haipai.Hand.parse("345m456p22s[555s]", any_size=True)
    assert h.counts[4] == 1 and h.counts[13] == 1  # a red five counts as a five
    plain = haipai.Hand.parse("123m456p789s1122z")
    assert plain.red_fives == (0, 0, 0) and plain.closed_red_fives == (0, 0, 0)

"""`ev` answers equal `haipai ev --json`; bad questions raise `EvError` or `HandError`."""

import pytest

import haipai

CASES = [
    ("222567m345p33667s", ["--dora-indicator", "1z", "--model", "article"], dict(dora_indicators=["1z"], model="article")),
    ("123m456p789s23p11z5s", ["--turn", "5", "--seat", "S"], dict(turn=5, seat="S")),
    ("123m456p789s23p11z5s", ["--riichi", "best", "--per-turn", "--discards", "5s"], dict(riichi="best", discards="5s")),
    ("12m456p789s23p11z5s1s", ["--budget", "0", "--objective", "win", "--visible", "3m", "4p"], dict(budget=0, objective="win", visible=["3m", "4p"])),
    ("345m0p678p234s5566z", ["--no-red", "--no-ura", "--top", "2", "--rules", "tenhou"], dict(red_fives=False, ura_dora=False, top=2, rules="tenhou")),
    ("345m406p78p234s556z", ["--turn", "12", "--may-decline"], dict(turn=12, may_decline=True)),
    ("234m55p45m[789s][111z]", ["--round", "S"], dict(round="S")),
]


@pytest.mark.parametrize("hand,flags,kwargs", CASES)
def test_ev_equals_the_command(command, hand, flags, kwargs):
    (cli,) = command("ev", hand, *flags)
    assert "error" not in cli, cli
    assert haipai.ev(haipai.Hand.parse(hand, any_size=True), **kwargs) == cli
    assert haipai.ev(hand, **kwargs) == cli


def test_bad_questions_raise(command):
    (cli,) = command("ev", "123m456p789s23p11z5x")
    with pytest.raises(haipai.HandError) as caught:
        haipai.ev("123m456p789s23p11z5x")
    assert str(caught.value) == cli["error"]
    with pytest.raises(haipai.EvError, match="model 'nope': expected full or article"):
        haipai.ev("123m456p789s23p11z5s", model="nope")
    with pytest.raises(haipai.EvError, match="turn 18: from 1 to 17"):
        haipai.ev("123m456p789s23p11z5s", turn=18)
    with pytest.raises(haipai.EvError, match="riichi 'maybe'"):
        haipai.ev("123m456p789s23p11z5s", riichi="maybe")
    with pytest.raises(haipai.HandError, match="a second red 5p"):
        haipai.ev("123m406p789s23p11z", visible="0p")
    with pytest.raises(haipai.HandError, match="visible '1x'"):
        haipai.ev("123m456p789s23p11z5s", visible="1x")
    with pytest.raises(haipai.EvError, match="turn -1: from 1 to 17"):
        haipai.ev("123m456p789s23p11z5s", turn=-1)
    with pytest.raises(haipai.EvError, match="budget 300: from 0 to 255"):
        haipai.ev("123m456p789s23p11z5s", budget=300)
    with pytest.raises(haipai.EvError, match="top 0"):
        haipai.ev("123m456p789s23p11z5s", top=0)

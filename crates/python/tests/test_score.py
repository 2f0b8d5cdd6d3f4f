"""`score` against PyPI `mahjong` on haipai's own seeded situations (the generator of score's
oracle corpus, xtask/score_corpus.py, run live), against the committed corpus, and against
the command."""

import importlib.util
import json
import random

import pytest

import haipai


@pytest.fixture(scope="module")
def corpus_generator(root):
    spec = importlib.util.spec_from_file_location("score_corpus", root / "xtask" / "score_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou"]


def ours(req, rules="default", **changes):
    kwargs = {flag: True for flag in FLAGS if req.get(flag)}
    return haipai.score(
        req["hand"] + "".join(req.get("melds", [])),
        req["win"],
        seat=req["seat"],
        round=req["round"],
        dora_indicators=req.get("dora_indicators", []),
        ura_indicators=req.get("ura_indicators", []),
        honba=req.get("honba", 0),
        sticks=req.get("sticks", 0),
        rules=rules,
        **kwargs,
        **changes,
    )


def agree(req, answer):
    if req.get("error") == "no_yaku":
        assert answer["han"] == 0 and answer["error"] == "no yaku", req
        return
    assert (answer["han"], answer["fu"], answer["points"]["total"]) == (req["han"], req["fu"], req["total"]), req
    assert sorted(y["name"] for y in answer["yaku"]) == sorted(name for name, _ in req["yaku"]), req


def test_score_agrees_with_mahjong_on_seeded_situations(corpus_generator):
    corpus_generator.VARIANT = False
    rng = random.Random(20261128)
    checked = 0
    while checked < 2_000:
        req = corpus_generator.make_situation(rng)
        if req is not None:
            agree(req, ours(req))
            checked += 1


def test_score_agrees_with_mahjong_under_the_variant_rules(corpus_generator):
    corpus_generator.VARIANT = True
    try:
        rng = random.Random(20261129)
        checked = 0
        while checked < 500:
            req = corpus_generator.make_situation(rng)
            if req is not None:
                agree(req, ours(req, kuitan=False, double_yakuman=False, kazoe_yakuman=False, kiriage=True))
                checked += 1
    finally:
        corpus_generator.VARIANT = False


def test_score_agrees_with_the_committed_corpus(root):
    lines = (root / "crates" / "score" / "tests" / "data" / "corpus.jsonl").read_text().splitlines()[1:3001]
    for line in lines:
        req = json.loads(line)
        agree(req, ours(req))


def test_score_equals_the_command(command):
    cases = [
        (["234567m22p234s555z", "--win", "5z", "--tsumo"], dict(win="5z", tsumo=True)),
        (["123999m78999p123s", "--win", "1m", "--riichi", "--seat", "N", "--round", "S", "--dora-indicator", "8s", "--ura-indicator", "4m", "--sticks", "1"],
         dict(win="1m", riichi=True, seat="N", round="S", dora_indicators=["8s"], ura_indicators=["4m"], sticks=1)),
        (["19m19p19s1234567z1m", "--win", "1m", "--rules", "tenhou"], dict(win="1m", rules="tenhou")),
        (["234567m22p234s[555z]", "--win", "2p"], dict(win="2p")),
        (["123456m22p234s[777z]", "--win", "1m", "--no-kuitan"], dict(win="1m", kuitan=False)),
    ]
    for args, kwargs in cases:
        (cli,) = command("score", *args)
        assert haipai.score(args[0], **kwargs) == cli, args


def test_bad_situations_raise(command):
    (cli,) = command("score", "234567m22p234s555z", "--win", "5x")
    with pytest.raises(haipai.HandError) as caught:
        haipai.score("234567m22p234s555z", "5x")
    assert str(caught.value) == cli["error"].replace("--win", "win")
    with pytest.raises(haipai.ScoreError, match="not a rules preset"):
        haipai.score("234567m22p234s555z", "5z", rules="nope")
    with pytest.raises(haipai.ScoreError, match="not a wind"):
        haipai.score("234567m22p234s555z", "5z", seat="X")
    with pytest.raises(haipai.ScoreError):
        haipai.score("234567m22p234s555z", "1m")
    with pytest.raises(haipai.ScoreError, match="honba -1: from 0 to 4294967295"):
        haipai.score("234567m22p234s555z", "5z", honba=-1)
    with pytest.raises(haipai.HandError, match="no red 5m"):
        haipai.score("234567m22p234s555z", "0m")

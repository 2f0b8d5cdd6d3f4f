"""`review` equals `haipai review --json` on the project's own logs, goes into a DataFrame as
it is, maps over a folder of logs on a two-worker Dask cluster; odds and Shanghai equal the
command."""

import shutil

import pytest

import haipai

FLAGS = "crates/review/tests/fixtures/flags.json"
KANS = "crates/log/tests/fixtures/kans_chankan.mjson"
SUUANKOU = "crates/review/tests/fixtures/suuankou.json"


def without_time(records):
    return [{k: v for k, v in r.items() if k != "ms"} for r in records]


@pytest.mark.parametrize("log,player", [(FLAGS, None), (FLAGS, "0"), (KANS, "1")])
def test_review_equals_the_command(root, command, log, player):
    args = ["review", str(root / log)] + (["--player", player] if player else [])
    cli = command(*args)
    ours = haipai.review(str(root / log), player=int(player) if player else None)
    assert without_time(ours) == without_time(cli)
    assert len(ours) > 0


@pytest.mark.parametrize("rules", [None, "default", "majsoul"])
def test_review_takes_the_rules_the_log_implies_as_the_command_does(root, command, rules):
    """A Tenhou game is reviewed under Tenhou's rules unless `rules` says otherwise (in this
    one a four-concealed-triplets wait scores a double yakuman by default, one under Tenhou's
    rules), and every record names the preset, as the command's do."""
    args = ["review", str(root / SUUANKOU), "--player", "0"] + (["--rules", rules] if rules else [])
    cli = command(*args)
    ours = haipai.review(root / SUUANKOU, player=0, rules=rules)
    assert without_time(ours) == without_time(cli)
    assert {r["rules"] for r in ours} == {rules or "tenhou"}


def test_review_rules_change_the_values(root):
    tenhou = haipai.review(root / SUUANKOU, player=0)
    default = haipai.review(root / SUUANKOU, player=0, rules="default")
    assert [r["candidates"] for r in tenhou] != [r["candidates"] for r in default]


def test_review_estimates_past_the_state_limit_as_the_command_does(root, command):
    """Over `max_states` even at budget 0 a decision is estimated by playouts: its `method`
    says so with the budget and the standard error, as the command's does."""
    cli = command("review", str(root / FLAGS), "--player", "0", "--max-states", "1")
    ours = haipai.review(root / FLAGS, player=0, max_states=1)
    assert without_time(ours) == without_time(cli)
    estimated = [r["method"] for r in ours if "error" in r["method"]]
    assert estimated and all(m["exact"] is False and m["budget"] == 0 for m in estimated)


def test_review_takes_bytes_paths_and_names(root):
    path = root / FLAGS
    by_path = without_time(haipai.review(path, player="Ton"))
    assert by_path == without_time(haipai.review(path.read_bytes(), player=0))


def test_review_into_a_dataframe(root):
    pandas = pytest.importorskip("pandas", reason="pandas is not installed")
    frame = pandas.DataFrame(haipai.review(root / FLAGS))
    assert {"round", "seat", "played", "best", "loss", "flags", "candidates"} <= set(frame.columns)
    assert (frame["loss"] >= 0).all()


def test_bad_logs_raise_log_error(root, tmp_path):
    with pytest.raises(haipai.LogError, match="cannot be read"):
        haipai.review(tmp_path / "missing.json")
    with pytest.raises(haipai.LogError):
        haipai.review(b"not a log")
    with pytest.raises(haipai.LogError, match="the game's seats are 0 to 3"):
        haipai.review(root / FLAGS, player=7)
    with pytest.raises(haipai.LogError, match="no such seat or name"):
        haipai.review(root / FLAGS, player="Nobody")
    with pytest.raises(haipai.LogError, match=r"'nope' is not a rules preset \(default, tenhou"):
        haipai.review(root / FLAGS, rules="nope")


def review_file(path):
    """One log's decisions, each tagged with its file (run on a Dask worker)."""
    import haipai as h

    return [dict(r, log=path.name) for r in h.review(path)]


def test_review_a_folder_on_a_two_worker_dask_cluster(root, tmp_path):
    distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
    for log in (FLAGS, KANS):
        shutil.copy(root / log, tmp_path)
    paths = sorted(tmp_path.iterdir())
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            futures = client.map(review_file, paths)
            results = client.gather(futures)
    assert [len(r) for r in results] == [len(haipai.review(p)) for p in paths]
    assert {r["log"] for rs in results for r in rs} == {p.name for p in paths}


def test_odds_equal_the_command(command):
    for what, tiles in (("tenhou", "5"), ("shanten", "8")):
        (cli,) = command("odds", what, "--tiles", tiles)
        assert haipai.odds(what, tiles=int(tiles)) == cli
    with pytest.raises(haipai.HaipaiError, match="hand size must be 1..=14"):
        haipai.odds("shanten", tiles=15)
    with pytest.raises(haipai.HaipaiError, match="expected tenhou, shanten or derived"):
        haipai.odds("nope")


def test_shanghai_equals_the_command(command):
    (cli,) = command("shanghai", "solve", "--layout", "grid2x4x4", "--seed", "5")
    ours = haipai.shanghai.solve("grid2x4x4", seed=5)
    assert {k: v for k, v in ours.items() if k != "time_ms"} == {k: v for k, v in cli.items() if k != "time_ms"}
    text = haipai.shanghai.deal("grid2x4x4", seed=5, winnable=True)
    solved = haipai.shanghai.solve(deal=text)
    assert solved["verdict"] == "winnable"
    first = solved["moves"][0].split()[0]
    reviewed = haipai.shanghai.review(first, deal=text)
    assert reviewed["tiles_left"] == 30 and reviewed["moves"]
    with pytest.raises(haipai.ShanghaiError, match="bad move"):
        haipai.shanghai.review("1-x", deal=text)
    with pytest.raises(haipai.ShanghaiError):
        haipai.shanghai.solve("no-such-layout")
    with pytest.raises(haipai.ShanghaiError, match="deal"):
        haipai.shanghai.solve(deal="not a deal")


LAYOUTS = "crates/shanghai/tests/fixtures"


def without(record, *keys):
    return {k: v for k, v in record.items() if k not in keys}


@pytest.mark.parametrize("name,map_name", [("small.layout", None), ("small.txt", None), ("small.map", "small")])
def test_shanghai_layout_files_equal_the_command(root, command, command_text, name, map_name):
    """A layout file, as a path or as its text, gives the command's deal and solve for
    `--file` (and `--map`); a deal made on it is solved and reviewed with it."""
    path = root / LAYOUTS / name
    flags = ["--file", str(path)] + (["--map", map_name] if map_name else []) + ["--seed", "3"]
    (cli,) = command("shanghai", "solve", *flags)
    for given in (path, str(path), path.read_text()):
        ours = haipai.shanghai.solve(layout_file=given, map=map_name, seed=3)
        if isinstance(given, str) and "\n" in given:
            cli_named = dict(cli, layout="layout") if not map_name else cli
            assert without(ours, "time_ms") == without(cli_named, "time_ms")
        else:
            assert without(ours, "time_ms") == without(cli, "time_ms")
    deal_text = haipai.shanghai.deal(layout_file=path, map=map_name, seed=3, winnable=True)
    assert deal_text == command_text("shanghai", "deal", *flags, "--winnable").rstrip("\n")
    solved = haipai.shanghai.solve(deal=deal_text, layout_file=path)
    assert solved["verdict"] == "winnable"
    reviewed = haipai.shanghai.review(solved["moves"][0].split()[0], deal=deal_text, layout_file=path)
    assert reviewed["tiles_left"] == 6 and reviewed["moves"]


def test_bad_layout_files_raise_the_commands_errors(root, command_error, tmp_path):
    for name, flags in (("broken.layout", []), ("broken.map", []), ("small.layout", ["--map", "small"])):
        path = root / LAYOUTS / name
        cli = command_error("shanghai", "solve", "--file", str(path), *flags)
        with pytest.raises(haipai.ShanghaiError) as caught:
            haipai.shanghai.solve(layout_file=path, map=flags[1] if flags else None)
        assert str(caught.value) == cli
    with pytest.raises(haipai.ShanghaiError, match="missing.layout: "):
        haipai.shanghai.solve(layout_file=tmp_path / "missing.layout")
    with pytest.raises(haipai.ShanghaiError, match="give one"):
        haipai.shanghai.solve("turtle", layout_file=root / LAYOUTS / "small.layout")
    with pytest.raises(haipai.ShanghaiError, match="map: a GNOME map's name, given with layout_file"):
        haipai.shanghai.solve(map="small")
    with pytest.raises(haipai.ShanghaiError, match="not UTF-8"):
        haipai.shanghai.solve(layout_file=b"\xff\xfe\n")
    with pytest.raises(haipai.ShanghaiError, match="not int"):
        haipai.shanghai.solve(layout_file=3)

//! `haipai review`: the JSON fields, the numbers against `haipai ev` asked with the same
//! position, a three-player game, a round that cannot be replayed, bad logs and players, and
//! the HTML page. The games are the review crate's hand-made fixtures.

use crate::haipai;
use serde_json::Value;

const FLAGS: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../review/tests/fixtures/flags.json"));
const SANMA: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../review/tests/fixtures/sanma.json"));
/// The dealer throws 9m from 111m222p333s444z5z9m: suuankou tanki, double or single yakuman.
const KANS: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../review/tests/fixtures/kans.json"));
const SUUANKOU: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../review/tests/fixtures/suuankou.json"));

fn lines(out: &str) -> Vec<Value> {
    out.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

fn seat0() -> Vec<Value> {
    let (code, out, err) = haipai(&["review", "-", "--player", "0", "--json"], FLAGS);
    assert_eq!(code, 0, "{err}");
    lines(&out)
}

#[test]
fn json_has_every_documented_field() {
    let all = seat0();
    assert_eq!(all.len(), 4, "two discards and a call in E1-0, a discard in E3-0");
    for d in &all {
        for key in [
            "kind",
            "round",
            "seat",
            "event",
            "turn",
            "model_turn",
            "wall",
            "hand",
            "melds",
            "drawn",
            "dora_indicators",
            "unseen",
            "played",
            "riichi",
            "best",
            "best_win",
            "points",
            "loss",
            "flags",
            "method",
            "candidates",
            "ms",
            "rules",
        ] {
            assert!(d.get(key).is_some(), "{key} missing from {d}");
        }
        for c in d["candidates"].as_array().expect("candidates") {
            for key in ["play", "call", "discard", "points", "win", "tenpai", "shanten", "necessary"] {
                assert!(c.get(key).is_some(), "{key} missing from {c}");
            }
        }
    }
    let first = &all[0];
    assert_eq!(first["kind"], "discard");
    assert_eq!(first["round"], "E1-0");
    assert_eq!(
        (first["seat"].as_u64(), first["turn"].as_u64(), first["model_turn"].as_u64()),
        (Some(0), Some(1), Some(1))
    );
    assert_eq!(first["hand"], "123789m456p789s11z");
    assert_eq!(first["drawn"], "9s");
    assert_eq!(first["dora_indicators"], serde_json::json!(["8p"]));
    assert_eq!(first["played"], "9s");
    assert_eq!(first["flags"], serde_json::json!(["furiten", "riichi"]));
    assert_eq!(first["method"], serde_json::json!({"exact": true, "budget": 1}));
    let pass = &all[1];
    assert_eq!((pass["kind"].as_str(), pass["played"].as_str()), (Some("call"), Some("pass")));
    let plays: Vec<&str> =
        pass["candidates"].as_array().expect("rows").iter().filter_map(|c| c["play"].as_str()).collect();
    assert!(plays.contains(&"pass") && plays.iter().any(|p| p.starts_with("pon 11z, ")), "{plays:?}");
}

#[test]
fn numbers_equal_haipai_ev_for_the_same_position() {
    // seat 0's second discard: turn 3 (15 draws left), seen 9s 6z 1z 9p 99p (seat 1's pon)
    // 4z 5z 2z, indicator 8p
    let d = seat0().into_iter().find(|d| d["played"] == "1z").expect("the 1z discard");
    assert_eq!(d["model_turn"].as_u64(), Some(3));
    let args = [
        "ev",
        "123789m456p78s115z",
        "--turn",
        "3",
        "--dora-indicator",
        "8p",
        "--visible",
        "999p9s12456z",
        "--riichi",
        "best",
        "--max-states",
        "3000000",
        "--rules",
        "tenhou",
        "--json",
    ];
    assert_eq!(d["rules"], "tenhou", "a tenhou.net/6 game");
    let (code, out, err) = haipai(&args, "");
    assert_eq!(code, 0, "{err}");
    let ev: Value = serde_json::from_str(out.trim()).expect("ev's JSON");
    assert_eq!(ev["unseen"], d["unseen"]);
    let rows = d["candidates"].as_array().expect("rows");
    let candidates = ev["candidates"].as_array().expect("candidates");
    assert_eq!(rows.len(), candidates.len());
    for c in candidates {
        let row = rows.iter().find(|r| r["discard"] == c["discard"]).expect("the same discard");
        for (key, digits) in [("points", 0.006), ("win", 0.00006), ("tenpai", 0.00006)] {
            let (a, b) = (row[key].as_f64().expect("number"), c[key].as_f64().expect("number"));
            assert!((a - b).abs() < digits, "{key} of {}: review {a}, ev {b}", c["discard"]);
        }
        assert_eq!(row["shanten"], c["shanten"]);
    }
}

#[test]
fn a_three_player_game_says_it_is_not_covered() {
    let (code, out, _) = haipai(&["review", "-"], SANMA);
    assert_eq!(code, 0);
    assert!(out.contains("does not cover sanma yet"), "{out}");
    let (_, out, _) = haipai(&["review", "-", "--json"], SANMA);
    let d = &lines(&out)[0];
    assert_eq!(d["method"]["reason"], "three-player games are not covered yet");
    assert_eq!(d["candidates"], serde_json::json!([]));
}

#[test]
fn a_broken_round_is_reported_and_the_others_reviewed() {
    // E1-0 copied as E2-0, where seat 1 throws a 9m it does not hold; written as mjai
    let mut game = haipai::log::read(FLAGS.as_bytes()).expect("fixture");
    let mut broken = game.rounds[0].clone();
    broken.hand = 2;
    let nine = haipai::log::LogTile::new(haipai_tiles::parse_tile("9m").expect("tile").tile(), false).expect("tile");
    if let Some(haipai::log::Event::Discard { tile, tsumogiri, .. }) =
        broken.events.iter_mut().find(|e| matches!(e, haipai::log::Event::Discard { seat: 1, .. }))
    {
        (*tile, *tsumogiri) = (nine, false);
    }
    game.rounds.insert(1, broken);
    let log = haipai::log::mjai::write(&game);
    let (code, out, err) = haipai(&["review", "-", "--player", "0", "--json"], &log);
    assert_eq!(code, 2);
    assert!(err.contains("E2-0, event") && err.contains("9m, which is not in its hand"), "{err}");
    let all = lines(&out);
    assert!(all.iter().any(|d| d["round"] == "E2-0" && d["error"].is_string()));
    assert!(all.iter().any(|d| d["round"] == "E1-0" && d["kind"] == "discard"));
    assert!(all.iter().any(|d| d["round"] == "E3-0" && d["kind"] == "discard"));
}

#[test]
fn a_round_that_cannot_be_read_is_reported_and_the_others_reviewed() {
    // E3-0's second seat is dealt a 58, which names no tile
    let log = FLAGS
        .replace("[11,12,13,17,18,22,22,29,29,34,35,36,44],[],[]", "[58,12,13,17,18,22,22,29,29,34,35,36,44],[],[]");
    let (code, out, err) = haipai(&["review", "-", "--player", "0", "--json"], &log);
    assert_eq!(code, 2);
    assert!(err.contains("E3-0: 58 is not a tile (the round is not reviewed)"), "{err}");
    let all = lines(&out);
    assert!(all.iter().any(|d| d["round"] == "E3-0" && d["error"] == "E3-0: 58 is not a tile"));
    assert!(all.iter().any(|d| d["round"] == "E1-0" && d["kind"] == "discard"));
    let (code, out, _) = haipai(&["review", "-", "--player", "0"], &log);
    assert_eq!(code, 2);
    assert!(out.contains("\nNot reviewed: E3-0: 58 is not a tile\n"), "{out}");
    let (code, _, err) = haipai(&["review", "-"], "{\"log\": [[[0,0,0]]]");
    assert_eq!(code, 2);
    assert!(err.contains("bad JSON"), "not JSON is the whole file's error: {err}");
}

#[test]
fn bad_logs_and_players_are_errors() {
    let (code, _, err) = haipai(&["review", "-"], "not a log");
    assert_eq!(code, 2);
    assert!(err.starts_with("error: -: "), "{err}");
    let (code, _, err) = haipai(&["review", "/nonexistent/game.json"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/game.json: cannot be read"), "{err}");
    let (code, _, err) = haipai(&["review", "-", "--player", "Nobody"], FLAGS);
    assert_eq!(code, 2);
    assert!(err.contains("--player 'Nobody'") && err.contains("'Ton'"), "{err}");
    let (code, _, err) = haipai(&["review", "-", "--player", "4"], FLAGS);
    assert_eq!(code, 2);
    assert!(err.contains("seats are 0 to 3"), "{err}");
}

#[test]
fn text_names_the_model_and_ranks_the_mistakes() {
    let (code, out, _) = haipai(&["review", "-", "--player", "Nan"], FLAGS);
    assert_eq!(code, 0);
    assert!(out.starts_with("Every decision of seat 1 (Nan)."), "{out}");
    assert!(out.contains("Model: one player, tsumo wins only, no opponents"));
    assert!(out.contains("The largest mistakes"), "{out}");
    assert!(out.contains("no-yaku"), "{out}");
    // each round: its decisions, matches and points lost, then its largest mistakes first
    let (_, out, _) = haipai(&["review", "-", "--player", "0"], FLAGS);
    let round = out.lines().find(|l| l.starts_with("E1-0: ")).expect("E1-0's line");
    assert!(round.contains("3 decisions, 3 computed, 1 matched the best, "), "{round}");
    let mistakes: Vec<&str> = out.lines().filter(|l| l.starts_with("  largest mistakes: ")).collect();
    assert!(!mistakes.is_empty(), "{out}");
    let losses: Vec<f64> = mistakes[0]
        .split("; ")
        .map(|m| {
            m.rsplit(": ").next().and_then(|x| x.strip_suffix(" lost")).expect("a loss").parse().expect("a number")
        })
        .collect();
    assert_eq!(losses.len(), 2, "{}", mistakes[0]);
    assert!(losses[0] >= losses[1], "{losses:?}");
}

#[test]
fn a_red_five_in_the_hand_is_written_0() {
    let log = FLAGS.replace(",32,15],[41,45]", ",32,51],[41,45]");
    let (code, out, err) = haipai(&["review", "-", "--player", "2", "--json"], &log);
    assert_eq!(code, 0, "{err}");
    let first = &lines(&out)[0];
    assert_eq!(first["hand"], "406m137p123s12367z", "{first}");
    assert_eq!(first["drawn"], "1z");
}

/// The page `haipai review - --player 0 --html FILE` writes for the log `log` (`name` tells
/// the scratch folders of the tests apart).
fn page_of(log: &str, name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("haipai-review-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("review.html");
    let (code, _, err) = haipai(&["review", "-", "--player", "0", "--html", path.to_str().expect("path")], log);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(&path).expect("the page");
    std::fs::remove_dir_all(&dir).ok();
    page
}

#[test]
fn html_is_one_self_contained_page() {
    let page = page_of(FLAGS, "flags");
    assert!(page.starts_with("<!DOCTYPE html>") && page.trim_end().ends_with("</html>"));
    assert!(page.contains("<symbol id=\"t1z\"") && page.contains("<use href=\"#t9s\"/>"));
    assert!(page.contains("<polyline"), "a chart");
    assert!(page.contains("one player, tsumo wins only, no opponents"));
    assert!(page.contains("Rules: tenhou (the log&#x27;s") || page.contains("Rules: tenhou (the log's"), "the rules");
    assert!(page.contains("name=\"viewport\"") && page.contains("<div class=\"wide\"><table>"), "narrow screens");
    let external = page.matches("http").count();
    assert_eq!(external, page.matches("http://www.w3.org/2000/svg").count(), "only SVG namespaces");
    assert!(!page.contains("<script") && !page.contains("<link"));
}

#[test]
fn a_kan_is_a_decision_and_a_row_in_the_json_and_a_point_of_the_chart() {
    let (code, out, err) = haipai(&["review", "-", "--player", "0", "--json"], KANS);
    assert_eq!(code, 0, "{err}");
    let decisions = lines(&out);
    let kan = decisions.iter().find(|d| d["kind"] == "kan").expect("the ankan");
    assert_eq!((&kan["played"], &kan["method"]["exact"]), (&Value::from("ankan 1z"), &Value::from(true)));
    let row = kan["candidates"].as_array().expect("rows").iter().find(|c| c["play"] == "ankan 1z").expect("its row");
    assert_eq!((&row["call"], &row["discard"]), (&Value::from("ankan 1z"), &Value::Null));
    assert_eq!(kan["points"], row["points"]);
    // The chart: a point for each computed discard and kan of seat 0 (three in E1-0, two in E2-0).
    let page = page_of(KANS, "kans");
    let computed = decisions.iter().filter(|d| d["kind"] != "call" && d["method"]["computed"] != false).count();
    assert_eq!((page.matches("<circle").count(), computed), (5, 5));
    // The kan played and best: its word and the tile drawn.
    assert_eq!(page.matches("<td>ankan <svg").count(), 2, "played and best");
}

#[test]
fn a_low_state_limit_lowers_the_budget_and_says_so() {
    let (code, out, err) = haipai(&["review", "-", "--player", "0", "--json", "--max-states", "300"], FLAGS);
    assert_eq!(code, 0, "{err}");
    let methods: Vec<Value> = lines(&out).into_iter().map(|d| d["method"].clone()).collect();
    assert!(methods.iter().any(|m| m["asked"] == 1 && m["budget"] == 0), "{methods:?}");
    let (code, _, err) = haipai(&["review", "-", "--max-states", "0"], FLAGS);
    assert_eq!(code, 2, "{err}");
}

/// The points of every discard `haipai ev` gives the suuankou fixture's position under `rules`.
fn ev_points(rules: &str) -> Vec<(String, f64)> {
    let args = ["ev", "111m222p333s444z5z9m", "--turn", "1", "--dora-indicator", "1m", "--riichi", "best", "--no-red"];
    let (code, out, err) = haipai(&[&args[..], &["--max-states", "3000000", "--rules", rules, "--json"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let ev: Value = serde_json::from_str(out.trim()).expect("ev's JSON");
    let rows = ev["candidates"].as_array().expect("candidates").iter();
    rows.map(|c| (c["discard"].to_string(), c["points"].as_f64().expect("points"))).collect()
}

/// The points of every discard the review gives, with `flags` added to the command.
fn review_points(log: &str, flags: &[&str]) -> (String, Vec<(String, f64)>) {
    let (code, out, err) = haipai(&[&["review", "-", "--player", "0", "--json"][..], flags].concat(), log);
    assert_eq!(code, 0, "{err}");
    let d = lines(&out).remove(0);
    let rows = d["candidates"].as_array().expect("candidates").iter();
    (
        d["rules"].as_str().unwrap_or_default().to_string(),
        rows.map(|c| (c["discard"].to_string(), c["points"].as_f64().expect("points"))).collect(),
    )
}

#[test]
fn the_rules_come_from_the_log_or_rules_and_equal_haipai_ev_s() {
    let same = |a: &[(String, f64)], b: &[(String, f64)]| {
        assert_eq!(a.len(), b.len());
        for (tile, pa) in a {
            let pb = b.iter().find(|(t, _)| t == tile).map(|(_, p)| *p).expect("the same discard");
            assert!((pa - pb).abs() < 0.006, "{tile}: {pa} against {pb}");
        }
    };
    let (tenhou, default) = (ev_points("tenhou"), ev_points("default"));
    let best = |rows: &[(String, f64)]| rows.iter().map(|r| r.1).fold(0.0, f64::max);
    assert!(best(&tenhou) * 1.5 < best(&default), "a single yakuman on Tenhou: {tenhou:?} {default:?}");
    let (rules, points) = review_points(SUUANKOU, &[]);
    assert_eq!(rules, "tenhou", "a tenhou.net/6 game is Tenhou's");
    same(&points, &tenhou);
    let (rules, points) = review_points(SUUANKOU, &["--rules", "default"]);
    assert_eq!(rules, "default");
    same(&points, &default);
    let mjai = haipai::log::mjai::write(&haipai::log::read(SUUANKOU.as_bytes()).expect("fixture"));
    let (rules, points) = review_points(&mjai, &[]);
    assert_eq!(rules, "default", "mjai does not say");
    same(&points, &default);
    let (_, out, _) = haipai(&["review", "-"], SUUANKOU);
    assert!(out.contains("\nRules: tenhou (the log's: a Tenhou game; --rules changes it).\n"), "{out}");
    let (_, out, _) = haipai(&["review", "-"], &mjai);
    assert!(out.contains("\nRules: default (the log does not say; --rules changes it).\n"), "{out}");
    let (code, _, err) = haipai(&["review", "-", "--rules", "sega"], SUUANKOU);
    assert_eq!(code, 2);
    assert!(err.contains("'sega' is not a rules preset"), "{err}");
}

#[test]
fn a_question_over_the_limit_even_at_budget_0_is_estimated() {
    let (code, out, err) = haipai(&["review", "-", "--player", "0", "--json", "--max-states", "1"], FLAGS);
    assert_eq!(code, 0, "{err}");
    let decisions = lines(&out);
    let estimated: Vec<&Value> = decisions.iter().filter(|d| d["method"]["error"].is_f64()).collect();
    assert!(!estimated.is_empty(), "{out}");
    for d in &estimated {
        assert_eq!((&d["method"]["exact"], &d["method"]["budget"]), (&Value::from(false), &Value::from(0)));
        assert!(d["candidates"].as_array().is_some_and(|c| !c.is_empty()) && d["best"].is_string(), "{d}");
    }
    let refused = decisions.iter().filter(|d| d["method"]["reason"].as_str().is_some_and(|r| r.contains("states")));
    assert_eq!(refused.count(), 0, "{out}");
}

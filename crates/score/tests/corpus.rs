//! Scores the whole oracle corpus (`tests/data/corpus.jsonl`, written by
//! `cargo xtask gen-score-corpus` with the PyPI package `mahjong` 2.1.0) and compares han, fu,
//! total points, payments and the yaku list with the oracle's. The corpus files are generated:
//! their first line names the command and its arguments, and a test pins both files' sizes.
//! Every situation is one a wall can deal (no fifth copy between the hand and the indicators,
//! at most five indicators of each kind), so every one is compared: `score` refuses the others
//! (`tests/tricky.rs`), and the oracle would score them.

use haipai_score::{MAX_INDICATORS, Outcome, Rules, Situation, WinningTiles, dora_han, score, value};
use serde_json::Value;

mod common;

use common::{CORPUS, VARIANT, situation, situations_of};

/// Both corpus files open with the generator's header and hold exactly what it was asked for
/// (22,000 and 5,000 situations); their sizes are pinned, so an edit by hand or a regeneration
/// with other settings fails here (regenerate with `cargo xtask gen-score-corpus`).
#[test]
fn corpus_files_name_their_generator_and_are_pinned() {
    let header = |seed: u32, count: u32, variant: bool| {
        format!(
            "{{\"generated_by\":\"cargo xtask gen-score-corpus\",\"script\":\"xtask/score_corpus.py\",\
             \"oracle\":\"mahjong 2.1.0\",\"seed\":{seed},\"count\":{count},\"variant\":{variant}}}"
        )
    };
    assert_eq!(CORPUS.lines().next(), Some(header(20261123, 22_000, false).as_str()));
    assert_eq!(VARIANT.lines().next(), Some(header(5, 5_000, true).as_str()));
    assert_eq!((situations_of(CORPUS).count(), CORPUS.len()), (22_000, 5_034_481));
    assert_eq!((situations_of(VARIANT).count(), VARIANT.len()), (5_000, 1_135_577));
}

/// The generator draws only indicators a wall can deal (`possible_indicators` in
/// `xtask/score_corpus.py`) and chankan only on a tile held once, so both corpora compare
/// every situation with the oracle.
#[test]
fn every_situation_is_one_a_wall_can_deal() {
    for corpus in [CORPUS, VARIANT] {
        for line in situations_of(corpus) {
            let s = situation(&serde_json::from_str(line).expect("corpus line is JSON"));
            assert!(!impossible_to_deal(&s), "{line}");
        }
    }
}

/// Our answer in the corpus's shape, for comparison.
fn ours(s: &Situation, rules: &Rules) -> String {
    match score(s, rules) {
        Err(e) => format!("error {e}"),
        Ok(Outcome::NoYaku) => "no_yaku".to_string(),
        Ok(Outcome::Win(w)) => {
            let mut yaku: Vec<String> = w.yaku.iter().map(|(y, h)| format!("{y}:{h}")).collect();
            yaku.sort();
            let p = w.payment;
            let honba = s.conditions.honba;
            let (main, additional) = if s.conditions.tsumo {
                if s.is_dealer() {
                    (p.non_dealer - 100 * honba, p.non_dealer - 100 * honba)
                } else {
                    (p.dealer - 100 * honba, p.non_dealer - 100 * honba)
                }
            } else {
                (p.ron - 300 * honba, 0)
            };
            format!("han {} fu {} total {} main {main} add {additional} yaku {}", w.han, w.fu, p.total, yaku.join(","))
        }
    }
}

/// Whether the indicators make a fifth copy of a kind with the hand's tiles, or are more than
/// a round turns over, or a chankan robs a tile the hand holds again: a situation no wall can
/// deal.
fn impossible_to_deal(s: &Situation) -> bool {
    if s.dora_indicators.len().max(s.ura_indicators.len()) > MAX_INDICATORS {
        return true;
    }
    let mut seen = s.hand.all_tiles();
    if s.conditions.chankan {
        // A robbed tile is the fourth copy: held once, the other three in the opponent's kan.
        if seen[s.win.index()] != 1 {
            return true;
        }
        seen[s.win.index()] += 3;
    }
    for t in s.dora_indicators.iter().chain(&s.ura_indicators) {
        seen[t.index()] += 1;
    }
    seen.iter().any(|&c| c > 4)
}

fn oracle(req: &Value) -> String {
    if req.get("error").is_some() {
        return "no_yaku".to_string();
    }
    let mut yaku: Vec<String> = req["yaku"]
        .as_array()
        .expect("yaku")
        .iter()
        .map(|y| format!("{}:{}", y[0].as_str().expect("name"), y[1]))
        .collect();
    yaku.sort();
    format!(
        "han {} fu {} total {} main {} add {} yaku {}",
        req["han"],
        req["fu"],
        req["total"],
        req["main"],
        req["additional"],
        yaku.join(",")
    )
}

fn disagreements(corpus: &str, rules: &Rules) -> (usize, Vec<String>) {
    let mut total = 0;
    let mut bad = Vec::new();
    for line in situations_of(corpus) {
        let req: Value = serde_json::from_str(line).expect("corpus line is JSON");
        total += 1;
        let s = situation(&req);
        let (a, b) = (ours(&s, rules), oracle(&req));
        if a != b {
            bad.push(format!("{line}\n  ours:   {a}\n  oracle: {b}"));
        }
    }
    (total, bad)
}

#[test]
fn whole_corpus_agrees_with_the_oracle() {
    let (total, bad) = disagreements(CORPUS, &Rules::default());
    assert_eq!(total, 22_000);
    let shown: Vec<&String> = bad.iter().take(15).collect();
    assert!(
        bad.is_empty(),
        "{} of {total} disagree:\n{}",
        bad.len(),
        shown.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn variant_rules_reproduce_the_oracle_options() {
    // Oracle: has_open_tanyao=False, has_double_yakuman=False, KAZOE_SANBAIMAN, kiriage=True.
    let rules = Rules::default().kuitan(false).double_yakuman(false).kazoe_yakuman(false).kiriage(true);
    let (total, bad) = disagreements(VARIANT, &rules);
    assert_eq!(total, 5_000);
    let shown: Vec<&str> = bad.iter().take(15).map(String::as_str).collect();
    assert!(bad.is_empty(), "{} of {total} disagree:\n{}", bad.len(), shown.join("\n"));
    // And the options matter: the default rules disagree with this corpus.
    assert!(!disagreements(VARIANT, &Rules::default()).1.is_empty());
}

#[test]
fn corpus_covers_every_yaku_and_every_kind_of_win() {
    let mut seen = std::collections::HashSet::new();
    let mut kinds = std::collections::HashSet::new();
    for line in situations_of(CORPUS) {
        let req: Value = serde_json::from_str(line).expect("json");
        for y in req["yaku"].as_array().into_iter().flatten() {
            seen.insert(y[0].as_str().expect("name").to_string());
        }
        let open = req["melds"].as_array().is_some_and(|m| m.iter().any(|x| !x.as_str().unwrap_or("").ends_with("*]")));
        let tsumo = req["tsumo"].as_bool().unwrap_or(false);
        kinds.insert((open, tsumo, req["seat"].to_string(), req["round"].to_string()));
        if req.get("error").is_some() {
            seen.insert("no_yaku".to_string());
        }
    }
    for y in haipai_score::Yaku::ALL {
        assert!(seen.contains(y.name()), "the corpus never shows {y}");
    }
    assert!(seen.contains("no_yaku"));
    // closed/open x tsumo/ron x 4 seats x 4 rounds
    assert_eq!(kinds.len(), 64);
}

/// The allocation-free path (`value` + `Value::with_ura`) gives the same han, fu and payments
/// as `score` on every corpus situation, with the ura-dora added afterwards.
#[test]
fn value_path_agrees_with_score_on_the_corpus() {
    let rules = Rules::default();
    let mut checked = 0;
    let mut with_ura = 0;
    for line in situations_of(CORPUS) {
        let req: Value = serde_json::from_str(line).expect("corpus line is JSON");
        let s = situation(&req);
        let all = s.hand.all_tiles();
        let tiles = WinningTiles::new(s.hand.closed(), s.win)
            .melds(s.hand.melds())
            .red_fives(s.hand.red_fives())
            .dora_indicators(&s.dora_indicators);
        let fast = value(&tiles, &s.conditions, &rules).unwrap_or_else(|e| panic!("{line}: {e}"));
        match (score(&s, &rules).expect("scores"), fast) {
            (Outcome::NoYaku, None) => {}
            (Outcome::Win(w), Some(v)) => {
                let ura = dora_han(&all, &s.ura_indicators);
                with_ura += usize::from(ura > 0 && (s.conditions.riichi || s.conditions.double_riichi));
                let p = v.with_ura(ura);
                assert_eq!(p, w.payment, "{line}");
                if ura == 0 || !(s.conditions.riichi || s.conditions.double_riichi) {
                    assert_eq!((v.han, v.fu, v.yakuman), (w.han, w.fu, w.yakuman), "{line}");
                }
            }
            (a, b) => panic!("{line}: score {a:?}, value {b:?}"),
        }
        checked += 1;
    }
    assert!(checked >= 19_000 && with_ura > 1000, "{checked} situations, {with_ura} with ura-dora");
}

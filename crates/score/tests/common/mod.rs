//! Reading score's oracle corpora (`tests/data/corpus*.jsonl`, written by
//! `cargo xtask gen-score-corpus`): a header line, then one JSON situation a line. Shared by
//! `tests/corpus.rs` and the score bench (`benches/benches/score.rs` includes this file by
//! its path).

#![allow(dead_code)]

use haipai_score::Situation;
use haipai_tiles::Wind;
use haipai_tiles::{Hand, Tile, parse_tile};
use serde_json::Value;

/// The corpus scored with the default rules.
pub const CORPUS: &str = include_str!("../data/corpus.jsonl");
/// The same kind of corpus scored with the oracle's variant options (`--variant`).
pub const VARIANT: &str = include_str!("../data/corpus_variant.jsonl");

/// The corpus's situations: every line after the header.
pub fn situations_of(corpus: &str) -> impl Iterator<Item = &str> {
    corpus.lines().skip(1).filter(|l| !l.trim().is_empty())
}

/// The tile a JSON string names.
fn tile(v: &Value) -> Tile {
    parse_tile(v.as_str().expect("tile string")).expect("tile").tile()
}

/// The situation of one corpus line: the hand and its melds, the winning tile, the flags, the
/// winds, the indicators, honba and sticks.
pub fn situation(req: &Value) -> Situation {
    let mut text = req["hand"].as_str().expect("hand").to_string();
    for m in req["melds"].as_array().into_iter().flatten() {
        text.push_str(m.as_str().expect("meld"));
    }
    let hand = Hand::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut s = Situation::new(hand, tile(&req["win"]));
    let flag = |k: &str| req[k].as_bool().unwrap_or(false);
    s.conditions.tsumo = flag("tsumo");
    s.conditions.riichi = flag("riichi");
    s.conditions.double_riichi = flag("double_riichi");
    s.conditions.ippatsu = flag("ippatsu");
    s.conditions.haitei = flag("haitei");
    s.conditions.houtei = flag("houtei");
    s.conditions.rinshan = flag("rinshan");
    s.conditions.chankan = flag("chankan");
    s.conditions.tenhou = flag("tenhou");
    s.conditions.chiihou = flag("chiihou");
    s.conditions.seat = Wind::parse(req["seat"].as_str().expect("seat")).expect("wind");
    s.conditions.round = Wind::parse(req["round"].as_str().expect("round")).expect("wind");
    s.dora_indicators = req["dora_indicators"].as_array().into_iter().flatten().map(tile).collect();
    s.ura_indicators = req["ura_indicators"].as_array().into_iter().flatten().map(tile).collect();
    s.conditions.honba = req["honba"].as_u64().unwrap_or(0) as u32;
    s.conditions.sticks = req["sticks"].as_u64().unwrap_or(0) as u32;
    s
}

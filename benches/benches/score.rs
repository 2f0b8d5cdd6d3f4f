//! Scoring speed: every winning situation of haipai-score's oracle corpus (closed and open,
//! tsumo and ron, seven pairs, thirteen orphans, yakuman), scored with the default rules. The
//! answer is checked: the sum of the points equals the oracle's (PyPI `mahjong` 2.1.0).

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use haipai::score::{Conditions, Outcome, Rules, Situation, WinningTiles, dora_han, score, value};
use haipai::tiles::{Hand, parse_tile};
use serde_json::Value;
use std::hint::black_box;

#[path = "../../crates/score/tests/common/mod.rs"]
mod corpus;

/// The corpus's winning situations (no-yaku lines skipped) and the oracle's point total.
fn situations() -> (Vec<Situation>, u64) {
    let mut out = Vec::new();
    let mut oracle = 0u64;
    for line in corpus::situations_of(corpus::CORPUS) {
        let req: Value = serde_json::from_str(line).expect("json");
        let Some(total) = req["total"].as_u64() else { continue };
        oracle += total;
        out.push(corpus::situation(&req));
    }
    (out, oracle)
}

fn total(s: &Situation, rules: &Rules) -> u64 {
    match score(s, rules) {
        Ok(Outcome::Win(w)) => u64::from(w.payment.total),
        _ => 0,
    }
}

/// The allocation-free path: `value`, then the ura-dora han added with `with_ura`.
fn fast_total(s: &Situation, cond: &Conditions, ura: u32, rules: &Rules) -> u64 {
    let h = &s.hand;
    match value(
        &WinningTiles::new(h.closed(), s.win)
            .melds(h.melds())
            .red_fives(h.red_fives())
            .dora_indicators(&s.dora_indicators),
        cond,
        rules,
    ) {
        Ok(Some(v)) => u64::from(v.total_with_ura(ura)),
        _ => 0,
    }
}

fn bench_score(c: &mut Criterion) {
    let (sits, oracle) = situations();
    let rules = Rules::default();
    let mut group = c.benchmark_group("score");
    group.throughput(Throughput::Elements(sits.len() as u64));
    group.bench_function("corpus_winning_hands", |b| {
        b.iter(|| {
            let sum: u64 = sits.iter().map(|s| total(black_box(s), &rules)).sum();
            assert_eq!(sum, oracle);
        })
    });
    // The first 1,000 hands: they stay in cache, so this is the cost of scoring itself.
    let few = &sits[..1000];
    let few_oracle: u64 = few.iter().map(|s| total(s, &rules)).sum();
    group.throughput(Throughput::Elements(few.len() as u64));
    group.bench_function("first_1000_winning_hands", |b| {
        b.iter(|| {
            let sum: u64 = few.iter().map(|s| total(black_box(s), &rules)).sum();
            assert_eq!(sum, few_oracle);
        })
    });
    // The same hands through `value` (no yaku list, no allocation), ura-dora han precomputed.
    let fast: Vec<(Situation, Conditions, u32)> = sits
        .iter()
        .map(|s| {
            let riichi = s.conditions.riichi || s.conditions.double_riichi;
            let ura = if riichi { dora_han(&s.hand.all_tiles(), &s.ura_indicators) } else { 0 };
            (s.clone(), s.conditions, ura)
        })
        .collect();
    group.throughput(Throughput::Elements(fast.len() as u64));
    group.bench_function("value_corpus_winning_hands", |b| {
        b.iter(|| {
            let sum: u64 = fast.iter().map(|(s, c, u)| fast_total(black_box(s), c, *u, &rules)).sum();
            assert_eq!(sum, oracle);
        })
    });
    group.finish();
    let single = |hand: &str, win: &str| {
        let mut s = Situation::new(Hand::parse(hand).expect("hand"), parse_tile(win).expect("tile").tile());
        s.conditions.riichi = true;
        s
    };
    let mut group = c.benchmark_group("score_one");
    // A pinfu hand with two readings of the winning tile.
    let pinfu = single("233445m678p234s99s", "3m");
    group.bench_function("pinfu_two_readings", |b| b.iter(|| total(black_box(&pinfu), &rules)));
    // A nine-gates chinitsu with several decompositions.
    let gates = single("11122345678999m", "2m");
    group.bench_function("chuuren", |b| b.iter(|| total(black_box(&gates), &rules)));
    let chinitsu = single("22233344455566p", "5p");
    group.bench_function("chinitsu_many_decompositions", |b| b.iter(|| total(black_box(&chinitsu), &rules)));
    let cond = pinfu.conditions;
    group.bench_function("value_pinfu_two_readings", |b| b.iter(|| fast_total(black_box(&pinfu), &cond, 1, &rules)));
    group.finish();
}

criterion_group!(benches, bench_score);
criterion_main!(benches);

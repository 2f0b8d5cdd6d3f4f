//! Exact counting over every dealt hand: document 003's table and the 13/14-tile shanten
//! distributions (their known totals asserted on every iteration).

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use haipai::combinatorics::{ShantenDistribution, TenhouTable, Variant};
use std::hint::black_box;

fn combinatorics(c: &mut Criterion) {
    let mut group = c.benchmark_group("combinatorics");
    group.sample_size(10);
    group.bench_function("tenhou_table_14", |b| {
        b.iter(|| {
            let t = TenhouTable::compute(black_box(14), Variant::FOUR_PLAYER);
            assert_eq!(t.complete_states(), 12_859_078_207_674);
        })
    });
    group.bench_function("shanten_distribution_14", |b| {
        b.iter(|| {
            let d = ShantenDistribution::compute(black_box(14), Variant::FOUR_PLAYER);
            assert_eq!(d.count(-1).states, 12_859_078_207_674);
            assert_eq!(d.count(6).states, 6_601_397_483_077_632);
        })
    });
    group.bench_function("shanten_distributions_13_and_14", |b| {
        // The target: both dealt-hand tables from scratch in at most 10 s.
        b.iter(|| {
            let d13 = ShantenDistribution::compute(black_box(13), Variant::FOUR_PLAYER);
            let d14 = ShantenDistribution::compute(black_box(14), Variant::FOUR_PLAYER);
            assert_eq!(d13.count(0).states, 39_270_395_383_132);
            assert_eq!(d13.count(6).states, 4_045_365_540_028_416);
            assert_eq!(d14.count(-1).states, 12_859_078_207_674);
        })
    });
    group.bench_function("shanten_distribution_13_sanma", |b| {
        b.iter(|| {
            let d = ShantenDistribution::compute(black_box(13), Variant::SANMA);
            assert_eq!(d.total().states, 20_592_957_740_312_160);
        })
    });
    group.finish();
}

criterion_group!(benches, combinatorics);
criterion_main!(benches);

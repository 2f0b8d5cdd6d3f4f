//! Shanten, necessary and unnecessary tiles: haipai's tables against xiangting 6.0.2 on the
//! same 1,000,000 seeded random hands. Each bench first checks that both give the same sums.

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use haipai::shanten;
use haipai::tiles::Counts;
use haipai_benches::random_hands;
use std::hint::black_box;
use xiangting::PlayerCount;

const HANDS: usize = 1_000_000;

fn ours_sum(hands: &[Counts]) -> i64 {
    hands.iter().map(|h| i64::from(shanten::shanten(black_box(h)))).sum()
}

fn xiangting_sum(hands: &[Counts]) -> i64 {
    hands
        .iter()
        .map(|h| i64::from(xiangting::calculate_replacement_number(black_box(h), PlayerCount::Four).unwrap()) - 1)
        .sum()
}

fn ours_necessary(hands: &[Counts]) -> u64 {
    hands.iter().map(|h| shanten::necessary_tiles(black_box(h)).1.bits()).fold(0, u64::wrapping_add)
}

fn xiangting_necessary(hands: &[Counts]) -> u64 {
    hands
        .iter()
        .map(|h| xiangting::calculate_necessary_tiles(black_box(h), PlayerCount::Four).unwrap().1)
        .fold(0, u64::wrapping_add)
}

fn ours_unnecessary(hands: &[Counts]) -> u64 {
    hands.iter().map(|h| shanten::unnecessary_tiles(black_box(h)).1.bits()).fold(0, u64::wrapping_add)
}

fn xiangting_unnecessary(hands: &[Counts]) -> u64 {
    hands
        .iter()
        .map(|h| xiangting::calculate_unnecessary_tiles(black_box(h), PlayerCount::Four).unwrap().1)
        .fold(0, u64::wrapping_add)
}

fn bench(c: &mut Criterion) {
    let h14 = random_hands(HANDS, 14, 14);
    let h13 = random_hands(HANDS, 13, 13);
    assert_eq!(ours_sum(&h14), xiangting_sum(&h14), "shanten sums differ");
    assert_eq!(ours_necessary(&h13), xiangting_necessary(&h13), "necessary tiles differ");
    assert_eq!(ours_unnecessary(&h14), xiangting_unnecessary(&h14), "unnecessary tiles differ");

    let mut group = c.benchmark_group("shanten");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.sample_size(10);
    group.bench_function("haipai/shanten_14", |b| b.iter(|| ours_sum(&h14)));
    group.bench_function("xiangting/replacement_number_14", |b| b.iter(|| xiangting_sum(&h14)));
    group.bench_function("haipai/necessary_13", |b| b.iter(|| ours_necessary(&h13)));
    group.bench_function("xiangting/necessary_13", |b| b.iter(|| xiangting_necessary(&h13)));
    group.bench_function("haipai/unnecessary_14", |b| b.iter(|| ours_unnecessary(&h14)));
    group.bench_function("xiangting/unnecessary_14", |b| b.iter(|| xiangting_unnecessary(&h14)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

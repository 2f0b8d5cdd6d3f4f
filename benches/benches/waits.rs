//! Waits: the full listing of waiting lines over all 93,600 one-suit 13-tile hands and over
//! 100,000 seeded random tenpai hands of all suits, side by side with the add-each-tile
//! reference (`haipai_waits::reference`), and the regular win test of haipai-decompose.

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use haipai::decompose::{is_agari, winning_arrangements};
use haipai::tiles::Counts;
use haipai::waits::reference::{self, manzu, one_suit_hands};
use haipai::waits::{Notation, waits};
use haipai_benches::{random_hands, random_tenpai_hands, random_winning_hands};
use std::hint::black_box;

fn count_lines(hands: &[Counts]) -> (usize, usize) {
    let (mut tenpai, mut lines) = (0, 0);
    for h in hands {
        let w = waits(black_box(h));
        tenpai += usize::from(w.is_tenpai());
        lines += w.lines().len();
    }
    (tenpai, lines)
}

fn bench_waits(c: &mut Criterion) {
    let one_suit: Vec<Counts> = one_suit_hands(13).iter().map(manzu).collect();
    let general = random_tenpai_hands(100_000, 4);
    let (gen_tenpai, gen_lines) = count_lines(&general);
    assert_eq!(gen_tenpai, general.len());

    let mut group = c.benchmark_group("waits");
    group.sample_size(10);
    group.throughput(Throughput::Elements(one_suit.len() as u64));
    group.bench_function("one_suit_93600_all_lines", |b| {
        b.iter(|| assert_eq!(count_lines(&one_suit), (40_196, 101_717)));
    });
    group.bench_function("one_suit_93600_reference", |b| {
        b.iter(|| {
            let lines: usize = one_suit.iter().map(|h| reference::lines(black_box(h), h, Notation::Digits).len()).sum();
            assert_eq!(lines, 101_717);
        })
    });
    group.throughput(Throughput::Elements(general.len() as u64));
    group.bench_function("general_100k_tenpai_all_lines", |b| {
        b.iter(|| assert_eq!(count_lines(&general), (gen_tenpai, gen_lines)));
    });
    group.finish();
}

fn bench_agari(c: &mut Criterion) {
    let hands = random_hands(100_000, 14, 5);
    let wins = random_winning_hands(100_000, 6);
    let expect_random = hands.iter().filter(|h| winning_arrangements(h).next().is_some()).count();
    let expect_wins = wins.iter().filter(|h| winning_arrangements(h).next().is_some()).count();
    let mut group = c.benchmark_group("decompose");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("is_agari_100k_random", |b| {
        b.iter(|| assert_eq!(hands.iter().filter(|h| is_agari(black_box(h))).count(), expect_random));
    });
    group.bench_function("is_agari_100k_winning", |b| {
        b.iter(|| assert_eq!(wins.iter().filter(|h| is_agari(black_box(h))).count(), expect_wins));
    });
    group.bench_function("winning_arrangements_100k_winning", |b| {
        b.iter(|| wins.iter().map(|h| winning_arrangements(black_box(h)).count()).sum::<usize>());
    });
    group.finish();
}

criterion_group!(benches, bench_waits, bench_agari);
criterion_main!(benches);

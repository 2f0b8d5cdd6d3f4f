//! Parse and print throughput of MPSZ notation.

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use haipai::tiles::Hand;
use haipai_benches::random_hands;
use std::hint::black_box;

fn parse_print(c: &mut Criterion) {
    let hands: Vec<Hand> =
        random_hands(10_000, 14, 1).into_iter().map(|h| Hand::from_counts(h).expect("valid")).collect();
    let texts: Vec<String> = hands.iter().map(ToString::to_string).collect();
    let mut group = c.benchmark_group("tiles");
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.bench_function("parse_10k_hands", |b| {
        b.iter(|| {
            let mut ok = 0;
            for t in &texts {
                ok += usize::from(Hand::parse(black_box(t)).is_ok());
            }
            assert_eq!(ok, texts.len());
        })
    });
    group.bench_function("print_10k_hands", |b| {
        b.iter(|| {
            let mut len = 0;
            for h in &hands {
                len += black_box(h).to_string().len();
            }
            len
        })
    });
    group.finish();
}

criterion_group!(benches, parse_print);
criterion_main!(benches);

//! One-player expected value (haipai-ev): the bench hands, dealer, East round,
//! indicator 1z, single-threaded, then with rayon across discards, then the same two in a
//! reused `Workspace` (the memory of the question before). Every iteration checks the
//! answer: document 001's 4282.35 for the article case, the best discard and its expected
//! points (pinned to 1e-6 relative) for the others.
//!
//! The default budget (one exchange beyond the minimum) is counted from the 14-tile input, as
//! document 001 counts it, and all discards share one state graph (docs/ev-model.md).

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use haipai::ev::{Analysis, Options, Query, Workspace, evaluate};
use haipai::tiles::{Hand, parse_tile};
use std::hint::black_box;

fn query(hand: &str) -> Query {
    let mut q = Query::new(Hand::parse(hand).expect("hand"));
    q.dora_indicators = vec![parse_tile("1z").expect("tile").tile()];
    q
}

fn check(a: &Analysis, discard: &str, points: f64) {
    let best = &a.candidates[0];
    assert_eq!(best.discard.map(|t| t.to_string()).as_deref(), Some(discard));
    assert!((best.value.points - points).abs() <= 1e-6 * points, "{} vs {points}", best.value.points);
}

fn ev(c: &mut Criterion) {
    let mut group = c.benchmark_group("ev");
    group.sample_size(10);
    let budget0 = Options::default().extra_exchanges(0);
    let cases: [(&str, &str, Options, &str, f64); 6] = [
        ("doc001_article_tenpai", "222567m345p33667s", Options::article(), "6s", 4_282.351_728_198_831),
        ("tenpai_default", "222567m345p33667s", Options::default(), "6s", 9_062.434_940_510_646),
        ("2shanten_budget0", "123349m3688p1245s", budget0.clone(), "2s", 1_691.422_041_960_864),
        ("3shanten_budget0", "026m1358p1345579s", budget0, "1s", 1_911.313_513_092_787_6),
        ("2shanten_default", "123349m3688p1245s", Options::default(), "9m", 2_034.253_934_546_707_6),
        ("3shanten_default", "026m1358p1345579s", Options::default(), "1s", 2_709.879_613_467_715),
    ];
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("pool");
    for (name, hand, opts, discard, points) in &cases {
        let q = query(hand);
        group.bench_function(format!("{name}/1thread"), |b| {
            b.iter(|| {
                let a = one.install(|| evaluate(black_box(&q), opts)).expect("evaluate");
                check(&a, discard, *points);
            })
        });
        group.bench_function(format!("{name}/rayon"), |b| {
            b.iter(|| {
                let a = evaluate(black_box(&q), opts).expect("evaluate");
                check(&a, discard, *points);
            })
        });
        // The memory of the previous iteration's question reused (a program asking many
        // questions in a row), on one thread, then with rayon.
        let mut workspace = Workspace::new();
        group.bench_function(format!("{name}/workspace"), |b| {
            b.iter(|| {
                let a = one.install(|| workspace.evaluate(black_box(&q), opts)).expect("evaluate");
                check(&a, discard, *points);
            })
        });
        group.bench_function(format!("{name}/workspace_rayon"), |b| {
            b.iter(|| {
                let a = workspace.evaluate(black_box(&q), opts).expect("evaluate");
                check(&a, discard, *points);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, ev);
criterion_main!(benches);

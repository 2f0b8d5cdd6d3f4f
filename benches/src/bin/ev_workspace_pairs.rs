//! `evaluate` (fresh memory) and `Workspace::evaluate` (the memory of the question before)
//! timed in alternating pairs on one thread, so that a machine whose speed drifts moves both
//! alike: the minimum, median and 90th percentile of each, and the median of the pairs'
//! ratios (docs/PERFORMANCE.md, ev).
//!
//! `cargo run --release -p haipai-benches --bin ev_workspace_pairs -- 026m1358p1345579s 30`
//! (the hand, dealer, East round, indicator 1z, default options; the number of pairs).

use haipai::ev::{Options, Query, Workspace, evaluate};
use haipai::tiles::{Hand, parse_tile};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(hand), Some(pairs)) = (args.get(1), args.get(2)) else {
        return Err("usage: ev_workspace_pairs HAND PAIRS".into());
    };
    let pairs: usize = pairs.parse()?;
    if pairs == 0 {
        return Err("PAIRS must be at least 1".into());
    }
    let mut q = Query::new(Hand::parse(hand)?);
    q.dora_indicators = vec![parse_tile("1z")?.tile()];
    let options = Options::default();
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    let mut workspace = Workspace::new();
    let (mut fresh, mut reused) = (Vec::new(), Vec::new());
    for _ in 0..pairs {
        fresh.push(one.install(|| timed(|| evaluate(&q, &options)))?);
        reused.push(one.install(|| timed(|| workspace.evaluate(&q, &options)))?);
    }
    let mut ratios: Vec<f64> = fresh.iter().zip(&reused).map(|(f, r)| r / f).collect();
    println!("fresh     ms: {}", summary(&mut fresh));
    println!("workspace ms: {}", summary(&mut reused));
    println!("median ratio workspace / fresh: {:.3}", median(&mut ratios));
    Ok(())
}

/// Milliseconds `f` took, or its error.
fn timed<T, E>(f: impl FnOnce() -> Result<T, E>) -> Result<f64, E> {
    let start = Instant::now();
    std::hint::black_box(f()?);
    Ok(start.elapsed().as_secs_f64() * 1e3)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn summary(v: &mut [f64]) -> String {
    let m = median(v);
    format!("min {:.2}, median {m:.2}, p90 {:.2}", v[0], v[v.len() * 9 / 10])
}

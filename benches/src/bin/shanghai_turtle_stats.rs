//! Solves seeded random Turtle deals and prints the verdict counts and time percentiles:
//! `cargo run --release -p haipai-benches --bin shanghai_turtle_stats -- DEALS [NODE_BUDGET] [FIRST_SEED]`;
//! with `PEEK=1` set, one line per deal with its node and relaxation counts and a digest of
//! the winning line (to compare two builds).

use std::time::Instant;

use haipai::shanghai::{Blocking, Board, Budget, Deal, Layout, Solver, Verdict};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let deals = args.first().copied().unwrap_or(100);
    let budget = Budget { nodes: args.get(1).copied().unwrap_or(50_000_000), time: None, ..Budget::default() };
    let first = args.get(2).copied().unwrap_or(0);
    let turtle = Layout::builtin("turtle").expect("built in");
    let (mut won, mut lost, mut unknown) = (0, 0, 0);
    let mut times = Vec::new();
    let mut relax = 0u64;
    for seed in first..first + deals {
        let deal = Deal::random(&turtle, Blocking::Standard, seed).expect("even");
        let board = Board::new(turtle.clone(), Blocking::Standard, deal.faces).expect("valid");
        let t = Instant::now();
        let mut solver = Solver::with_budget(&board, budget);
        let v = solver.solve();
        let dt = t.elapsed().as_secs_f64() * 1e3;
        if dt > 100.0 {
            eprintln!("slow: seed {seed} {dt:.1} ms {} nodes {}", solver.stats().nodes, v.name());
        }
        times.push((dt, seed, solver.stats().nodes));
        if std::env::var("PEEK").is_ok() {
            println!(
                "seed {seed} {} {dt:.3} ms nodes {} relax {} moves {}",
                v.name(),
                solver.stats().nodes,
                solver.stats().relaxations,
                moves_digest(&v)
            );
        }
        relax += solver.stats().relaxations;
        match v {
            Verdict::Winnable(_) => won += 1,
            Verdict::Unwinnable => lost += 1,
            Verdict::Unknown(_) => unknown += 1,
        }
    }
    let total: f64 = times.iter().map(|t| t.0).sum();
    let nodes: u64 = times.iter().map(|t| t.2).sum();
    println!(
        "total {total:.0} ms, {nodes} nodes, {relax} relaxations, {:.2} us per relaxation",
        total * 1e3 / relax as f64
    );
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let p = |q: f64| times[((times.len() - 1) as f64 * q) as usize].0;
    println!("won {won} lost {lost} unknown {unknown}");
    println!("median {:.3} ms p99 {:.3} ms p999 {:.3} max {:.3}", p(0.5), p(0.99), p(0.999), p(1.0));
    for t in times.iter().rev().take(5) {
        println!("slow: seed {} {:.1} ms {} nodes", t.1, t.0, t.2);
    }
}

/// A digest of the winning line (0 when there is none), to compare two builds' moves.
fn moves_digest(v: &Verdict) -> u64 {
    let Verdict::Winnable(moves) = v else { return 0 };
    moves.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, m| {
        (h ^ (u64::from(m.0) << 16 | u64::from(m.1))).wrapping_mul(0x0100_0000_01b3)
    })
}

//! Times the 感想戦 review (every legal move classified) over positions of seeded random Turtle
//! deals: the opening and every tenth position along a winning line, each with a fresh solver:
//! `cargo run --release -p haipai-benches --bin shanghai_review_times -- DEALS [FIRST_SEED]`.
//! With `PEEK=1` it also prints each review's classes (`k` keeps winnable, `l` loses, `u`
//! unknown, in the order of the moves), to compare two builds; with `COUNTS=1`, each review's
//! nodes and relaxation runs (all its calls) and their totals.

use std::time::Instant;

use haipai::shanghai::{Blocking, Board, Deal, Layout, MoveClass, Solver, Verdict};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let deals = args.first().copied().unwrap_or(100);
    let first = args.get(1).copied().unwrap_or(1);
    let turtle = Layout::builtin("turtle").expect("built in");
    let mut times = Vec::new();
    let mut unknown = 0;
    let peek = std::env::var_os("PEEK").is_some();
    let counts = std::env::var_os("COUNTS").is_some();
    let (mut nodes, mut relaxations) = (0, 0);
    for seed in first..first + deals {
        let deal = Deal::random(&turtle, Blocking::Standard, seed).expect("even");
        let board = Board::new(turtle.clone(), Blocking::Standard, deal.faces).expect("valid");
        let line = match Solver::new(&board).solve() {
            Verdict::Winnable(line) => line,
            _ => Vec::new(),
        };
        let mut present = board.full();
        for (k, m) in std::iter::once(None).chain(line.iter().map(Some)).enumerate() {
            if let Some(m) = m {
                present.remove(m.0 as usize);
                present.remove(m.1 as usize);
            }
            if k % 10 != 0 || present.is_empty() {
                continue;
            }
            let t = Instant::now();
            let mut solver = Solver::new(&board);
            let review = solver.review(present);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            let stats = solver.stats();
            (nodes, relaxations) = (nodes + stats.total_nodes, relaxations + stats.total_relaxations);
            if counts {
                println!("seed {seed} after {k}: nodes {} relax {}", stats.total_nodes, stats.total_relaxations);
            }
            unknown += review.iter().filter(|(_, c)| matches!(c, MoveClass::Unknown(_))).count();
            if peek {
                let classes: String = review.iter().map(|(_, c)| class_letter(*c)).collect();
                println!("seed {seed} after {k}: {classes}");
            }
            if ms > 50.0 {
                eprintln!("slow review: seed {seed} after {k} moves, {} moves, {ms:.1} ms", review.len());
            }
            times.push(ms);
        }
    }
    times.sort_by(f64::total_cmp);
    let p = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{} reviews over {deals} deals: median {:.3} ms, p99 {:.3} ms, max {:.3} ms; {unknown} unknown",
        times.len(),
        p(0.5),
        p(0.99),
        p(1.0)
    );
    if counts {
        println!("total: nodes {nodes} relax {relaxations}");
    }
}

/// One letter per class, for `PEEK`.
fn class_letter(class: MoveClass) -> char {
    match class {
        MoveClass::KeepsWinnable => 'k',
        MoveClass::Loses => 'l',
        MoveClass::Unknown(_) => 'u',
    }
}

//! Cross-checks the pairing search against the plain move search on seeded random Turtle
//! deals: `cargo run --release -p haipai-benches --bin shanghai_cross_check -- DEALS [FIRST_SEED] [NODE_BUDGET]`.
//! Prints each deal where they differ (an `unknown` from the move search is only counted).

use haipai::shanghai::{Blocking, Board, Budget, Deal, Layout, Solver, Verdict};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let deals = args.first().copied().unwrap_or(100);
    let first = args.get(1).copied().unwrap_or(1);
    let budget = Budget { nodes: args.get(2).copied().unwrap_or(2_000_000), time: None, ..Budget::default() };
    let turtle = Layout::builtin("turtle").expect("built in");
    let (mut same, mut differ, mut unknown) = (0, 0, 0);
    for seed in first..first + deals {
        let deal = Deal::random(&turtle, Blocking::Standard, seed).expect("even");
        let board = Board::new(turtle.clone(), Blocking::Standard, deal.faces).expect("valid");
        let a = Solver::new(&board).solve();
        let b = Solver::with_budget(&board, budget).solve_by_moves(board.full());
        for v in [&a, &b] {
            if let Verdict::Winnable(m) = v {
                board.check_win(board.full(), m).expect("replays");
            }
        }
        match (a.name(), b.name()) {
            (_, "unknown") => unknown += 1,
            (x, y) if x == y => same += 1,
            (x, y) => {
                differ += 1;
                println!("seed {seed}: pairing search {x}, move search {y}");
            }
        }
    }
    println!("{same} agree, {differ} differ, {unknown} unknown for the move search");
}

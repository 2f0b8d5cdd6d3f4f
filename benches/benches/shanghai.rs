//! Shanghai: solving seeded random Turtle deals (every answer checked: wins replayed, the count
//! of unwinnable deals pinned by brute-force-free recount), 感想戦 reviews of Turtle positions,
//! and dealing. The distribution over many deals comes from `haipai shanghai stats` (see
//! docs/PERFORMANCE.md); criterion measures a fixed batch.

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use haipai::shanghai::{Blocking, Board, Deal, Layout, MoveClass, Solver, Verdict};
use std::hint::black_box;

fn turtle_board(seed: u64, winnable: bool) -> Board {
    let turtle = Layout::builtin("turtle").expect("built in");
    let deal = if winnable {
        Deal::winnable(&turtle, Blocking::Standard, seed)
    } else {
        Deal::random(&turtle, Blocking::Standard, seed)
    }
    .expect("even layout");
    Board::new(turtle, Blocking::Standard, deal.faces).expect("valid board")
}

/// Solves every board, checks each win by replaying it, returns the number of unwinnable ones.
fn solve_all(boards: &[Board]) -> usize {
    let mut lost = 0;
    for b in boards {
        match Solver::new(black_box(b)).solve() {
            Verdict::Winnable(moves) => assert!(b.check_win(b.full(), &moves).is_ok()),
            Verdict::Unwinnable => lost += 1,
            Verdict::Unknown(_) => panic!("unknown"),
        }
    }
    lost
}

fn bench_shanghai(c: &mut Criterion) {
    // Seeds 1..=40 of `haipai shanghai stats --seed 1`: 37 winnable, 3 unwinnable, pinned
    // here and checked on every iteration (and every win replayed).
    let boards: Vec<Board> = (1..=40).map(|s| turtle_board(s, false)).collect();
    assert_eq!(solve_all(&boards), PINNED_LOST);
    let mut group = c.benchmark_group("shanghai");
    group.sample_size(10);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("solve 40 random Turtle deals", |b| {
        b.iter(|| assert_eq!(solve_all(&boards), PINNED_LOST));
    });

    // 感想戦: every legal move of a position, classified. The opening position and one after
    // 30 moves of a winning line of a winnable-by-construction deal.
    let board = turtle_board(1, true);
    let Verdict::Winnable(line) = Solver::new(&board).solve() else { panic!("winnable by construction") };
    let mid = board.play(board.full(), &line[..30]).expect("legal");
    for (name, present) in [("review the opening position", board.full()), ("review after 30 moves", mid)] {
        let review = Solver::new(&board).review(present);
        assert!(review.iter().any(|(_, c)| *c == MoveClass::KeepsWinnable));
        assert!(review.iter().all(|(_, c)| !matches!(c, MoveClass::Unknown(_))));
        group.throughput(Throughput::Elements(1));
        group.bench_function(name, |b| {
            b.iter(|| {
                let r = Solver::new(&board).review(black_box(present));
                assert_eq!(r.len(), review.len());
                r
            })
        });
    }

    let turtle = Layout::builtin("turtle").expect("built in");
    group.bench_function("deal random", |b| b.iter(|| Deal::random(&turtle, Blocking::Standard, black_box(9))));
    group.bench_function("deal winnable", |b| b.iter(|| Deal::winnable(&turtle, Blocking::Standard, black_box(9))));
    group.finish();
}

const PINNED_LOST: usize = 3;

criterion_group!(benches, bench_shanghai);
criterion_main!(benches);

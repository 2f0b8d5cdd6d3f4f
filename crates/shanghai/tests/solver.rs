//! The solver against the brute-force oracle on seeded random small deals, replays of every
//! winnable answer, document 002's counterexample, and a small Turtle sample.

use haipai_shanghai::{Blocking, Board, Deal, Layout, MoveClass, MoveErrorKind, Solver, Verdict, brute, doc002};

/// Small layouts (at most 24 tiles) for the oracle comparison.
fn small_layouts() -> Vec<(Layout, Blocking)> {
    let mut v = vec![
        (Layout::grid(2, 3, 4).unwrap(), Blocking::Grid),
        (Layout::grid(3, 2, 4).unwrap(), Blocking::Grid),
        (Layout::grid(1, 4, 6).unwrap(), Blocking::Grid),
        (Layout::grid(4, 1, 4).unwrap(), Blocking::Standard),
    ];
    let mini = haipai_shanghai::formats::parse_haipai(
        "mini turtle",
        "0 0 1..4\n0 1 0..5\n0 2 1..4\n1 0.5..1.5 1.5..3.5\n2 1 2.5\n2 1 1.5\n",
    )
    .unwrap();
    assert!(mini.len() <= 24 && mini.len().is_multiple_of(2), "{}", mini.len());
    v.push((mini.clone(), Blocking::Standard));
    v.push((mini, Blocking::Grid));
    v
}

/// A small deal with few kinds so that groups repeat and choices matter.
fn small_faces(n: usize, seed: u64) -> Vec<haipai_shanghai::Face> {
    let mut rng = haipai_tiles::rng::Rng::new(seed);
    let kinds = 2 + rng.index(n / 4);
    let mut faces: Vec<_> = (0..n).map(|i| haipai_shanghai::Face::new((i / 2) % kinds).unwrap()).collect();
    // pairs of kinds: make every group even by construction (i/2 gives pairs)
    rng.shuffle(&mut faces);
    faces
}

fn agree(deals_per_layout: u64) {
    for (li, (layout, rules)) in small_layouts().into_iter().enumerate() {
        for seed in 0..2 * deals_per_layout {
            // Odd seeds: few kinds, groups of up to eight (the move search); even seeds: the
            // standard set, groups of four (the pairing search).
            let faces = if seed % 2 == 1 {
                small_faces(layout.len(), seed * 31 + li as u64)
            } else {
                let mut f = haipai_shanghai::Face::set_for(layout.len());
                haipai_tiles::rng::Rng::new(seed * 31 + li as u64).shuffle(&mut f);
                f
            };
            let Ok(board) = Board::new(layout.clone(), rules, faces) else {
                continue;
            };
            let expect = brute::winnable(&board, board.full());
            match Solver::new(&board).solve() {
                Verdict::Winnable(moves) => {
                    assert!(expect, "layout {li} seed {seed}: solver wins, brute force does not");
                    board.check_win(board.full(), &moves).unwrap();
                }
                Verdict::Unwinnable => assert!(!expect, "layout {li} seed {seed}: solver loses a winnable deal"),
                Verdict::Unknown(_) => panic!("unknown on a small board"),
            }
        }
    }
}

#[test]
fn agrees_with_brute_force_on_small_deals() {
    agree(300);
}

#[test]
fn document_002_counterexample_is_winnable() {
    let (board, stuck, full) = doc002::counterexample();
    let pattern = doc002::stalemate(&board, stuck).expect("the stacked pair alone is stuck");
    assert!(doc002::text_says_lost(&pattern, full), "the text's rule calls it lost");
    assert!(brute::winnable(&board, full));
    match Solver::new(&board).solve_from(full) {
        Verdict::Winnable(moves) => board.check_win(full, &moves).unwrap(),
        other => panic!("expected winnable, got {other:?}"),
    }
    assert_eq!(Solver::new(&board).solve_from(stuck), Verdict::Unwinnable);
}

#[test]
fn turtle_sample_and_review() {
    let turtle = Layout::builtin("turtle").unwrap();
    let mut lost = 0;
    for seed in 0..4 {
        let deal = Deal::random(&turtle, Blocking::Standard, seed).unwrap();
        let board = Board::new(turtle.clone(), Blocking::Standard, deal.faces).unwrap();
        match Solver::new(&board).solve() {
            Verdict::Winnable(moves) => board.check_win(board.full(), &moves).unwrap(),
            Verdict::Unwinnable => lost += 1,
            Verdict::Unknown(_) => panic!("seed {seed}: unknown"),
        }
    }
    assert!(lost <= 1, "{lost} of 4 lost");
    // Winnable by construction really is.
    for seed in 0..2 {
        let deal = Deal::winnable(&turtle, Blocking::Standard, seed).unwrap();
        let board = Board::new(turtle.clone(), Blocking::Standard, deal.faces).unwrap();
        assert!(matches!(Solver::new(&board).solve(), Verdict::Winnable(_)), "seed {seed}");
        let mut solver = Solver::new(&board);
        let review = solver.review(board.full());
        assert!(review.iter().any(|(_, c)| *c == haipai_shanghai::MoveClass::KeepsWinnable));
    }
}

/// Reviews carry nogoods from the position to its moves and back, some of them not tied to the
/// move's pairing (solver.rs, "Nogoods"), and repair known lines: on Turtle openings whose
/// moves need the full runs (229 and 351 were the slowest reviews of seeds 101-400; 351 has
/// two losing moves splitting one group two ways, whose proofs share nogoods), every class
/// must be what a fresh solver says of the position after the move.
#[test]
fn turtle_review_agrees_with_fresh_solves() {
    let turtle = Layout::builtin("turtle").unwrap();
    let mut losing = 0;
    for seed in [30, 35, 53, 229, 351] {
        let deal = Deal::random(&turtle, Blocking::Standard, seed).unwrap();
        let board = Board::new(turtle.clone(), Blocking::Standard, deal.faces).unwrap();
        let review = Solver::new(&board).review(board.full());
        losing += review.iter().filter(|(_, c)| *c == MoveClass::Loses).count();
        for (m, class) in review {
            let mut p = board.full();
            p.remove(m.0 as usize);
            p.remove(m.1 as usize);
            let expect = match Solver::new(&board).solve_from(p) {
                Verdict::Winnable(_) => MoveClass::KeepsWinnable,
                Verdict::Unwinnable => MoveClass::Loses,
                Verdict::Unknown(limit) => MoveClass::Unknown(limit),
            };
            assert_eq!(class, expect, "seed {seed} move {m}");
        }
    }
    assert_eq!(losing, 8, "seeds 35, 53 and 229 have one losing opening move each, 351 five");
}

#[test]
fn deal_text_round_trips() {
    let turtle = Layout::builtin("turtle").unwrap();
    let deal = Deal::random(&turtle, Blocking::Standard, 7).unwrap();
    let back = Deal::parse(&deal.to_text()).unwrap();
    assert_eq!(back, deal);
    assert_eq!(
        Deal::parse("layout turtle\nfaces\n1m 2m\n9q\n").unwrap_err().to_string(),
        "line 4: '9q' is not a face (1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..4f, 1t..4t)"
    );
}

#[test]
fn review_agrees_with_brute_force() {
    let mut checked = 0;
    for (li, (layout, rules)) in small_layouts().into_iter().enumerate() {
        for seed in 0..40u64 {
            let mut faces = haipai_shanghai::Face::set_for(layout.len());
            let mut rng = haipai_tiles::rng::Rng::new(seed * 13 + li as u64);
            rng.shuffle(&mut faces);
            let board = Board::new(layout.clone(), rules, faces).unwrap();
            // Review the opening and a position a few random moves in.
            let mut present = board.full();
            for step in 0..3 {
                let mut solver = Solver::new(&board);
                for (m, class) in solver.review(present) {
                    let mut p = present;
                    p.remove(m.0 as usize);
                    p.remove(m.1 as usize);
                    let expect = if brute::winnable(&board, p) { MoveClass::KeepsWinnable } else { MoveClass::Loses };
                    assert_eq!(class, expect, "layout {li} seed {seed} step {step} move {m}");
                    checked += 1;
                }
                let moves = board.moves(&present);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.index(moves.len())];
                present.remove(m.0 as usize);
                present.remove(m.1 as usize);
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn unknown_only_when_an_explicit_budget_runs_out() {
    use haipai_shanghai::{Budget, Limit};
    use std::time::Duration;
    let turtle = Layout::builtin("turtle").unwrap();
    // Seed 12 is unwinnable and needs thousands of nodes.
    let deal = Deal::random(&turtle, Blocking::Standard, 12).unwrap();
    let board = Board::new(turtle, Blocking::Standard, deal.faces).unwrap();
    let tiny = Budget { nodes: 10, time: None, ..Budget::default() };
    assert_eq!(Solver::with_budget(&board, tiny).solve(), Verdict::Unknown(Limit::Nodes(10)));
    let no_time = Budget { nodes: u64::MAX, time: Some(Duration::ZERO), ..Budget::default() };
    assert_eq!(Solver::with_budget(&board, no_time).solve(), Verdict::Unknown(Limit::Time(Duration::ZERO)));
    // A review's time budget covers the whole review: every move is unknown, for that reason.
    let review = Solver::with_budget(&board, no_time).review(board.full());
    assert!(!review.is_empty());
    assert!(review.iter().all(|(_, c)| *c == MoveClass::Unknown(Limit::Time(Duration::ZERO))));
}

#[test]
fn the_default_budget_bounds_time_and_memory() {
    use haipai_shanghai::Budget;
    let budget = Budget::default();
    assert!(budget.time.is_some_and(|t| t.as_secs() <= 10));
    assert!(budget.memory <= 1 << 30);
    assert_eq!(budget.table_entries(), budget.memory / Budget::TABLE_ENTRY_BYTES);
}

#[test]
fn the_tables_of_lost_positions_stay_within_the_memory_budget() {
    use haipai_shanghai::Budget;
    // A 256-tile grid (groups of more than four: the plain move search) and an unwinnable
    // Turtle deal (the pairing search) both remember thousands of lost positions unbounded.
    let grid = Layout::named("grid1x16x16").unwrap();
    let turtle = Layout::builtin("turtle").unwrap();
    for (layout, seed) in [(grid, 13), (turtle, 12)] {
        let deal = Deal::random(&layout, Blocking::Standard, seed).unwrap();
        let board = Board::new(layout, Blocking::Standard, deal.faces).unwrap();
        let roomy = Budget { nodes: 3_000, time: None, ..Budget::default() };
        let mut solver = Solver::with_budget(&board, roomy);
        solver.solve();
        let unbounded = solver.stats().dead;
        assert!(unbounded > 200, "seed {seed}: {unbounded} lost positions");
        let cap = 100;
        let small = Budget { memory: cap * Budget::TABLE_ENTRY_BYTES, ..roomy };
        let mut solver = Solver::with_budget(&board, small);
        let verdict = solver.solve();
        assert_eq!(solver.stats().dead, cap, "seed {seed}");
        // Fewer remembered losses never change an answer, only the work.
        if let Verdict::Winnable(line) = verdict {
            assert_eq!(board.check_win(board.full(), &line), Ok(()));
        }
    }
}

#[test]
fn illegal_moves_say_why() {
    let turtle = Layout::builtin("turtle").expect("built in");
    let deal = Deal::random(&turtle, Blocking::Standard, 351).expect("even");
    let board = Board::new(turtle, Blocking::Standard, deal.faces).expect("valid");
    let mut present = board.full();
    let first = board.moves(&present)[0];
    present.remove(first.0 as usize);
    present.remove(first.1 as usize);
    let mut seen = std::collections::HashSet::new();
    for a in 0..board.len() + 2 {
        for b in a..board.len() + 2 {
            let m = haipai_shanghai::Move(a as u16, b as u16);
            let why = board.why_illegal(&present, m);
            assert_eq!(why.is_none(), board.is_legal(&present, m), "{m}: {why:?}");
            // Each kind comes with its own wording.
            let word = match why.as_ref().map(|e| *e.kind()) {
                None => "",
                Some(MoveErrorKind::SameSlot) => "twice",
                Some(MoveErrorKind::OffBoard) => "is not on the board",
                Some(MoveErrorKind::Removed) => "is already removed",
                Some(MoveErrorKind::Mismatch) => "do not match",
                Some(MoveErrorKind::NotFree) => "is not free",
                Some(other) => panic!("{m}: unexpected kind {other:?}"),
            };
            assert!(why.as_ref().is_none_or(|e| e.message().contains(word)), "{m}: {why:?}");
            seen.insert(why.map(|e| *e.kind()));
        }
    }
    assert_eq!(seen.len(), 6, "every reason met: {seen:?}");
    let err = board.play(present, &[first]).expect_err("already played");
    let first_slot = first.0;
    let face = &board.faces()[usize::from(first_slot)];
    let message = format!("move 1 ({first}) is not legal: slot {first_slot} ({face}) is already removed");
    assert_eq!((err.kind(), err.to_string()), (&MoveErrorKind::Removed, message));
    let left = board.check_win(board.full(), &[]).expect_err("the board is full");
    assert_eq!((left.kind(), left.message()), (&MoveErrorKind::TilesRemain, "144 tiles remain after the moves"));
}

//! A game's review move by move ([`Solver::review_game`]) against the brute-force oracle on
//! random games of small seeded boards, and on Turtle games along and off a winning line.

use haipai_shanghai::{
    Blocking, Board, Budget, Deal, Face, Layout, Move, MoveClass, MoveErrorKind, Solver, Verdict, brute,
};
use haipai_tiles::rng::Rng;

/// Small layouts (at most 24 tiles), both rule sets.
fn small_boards() -> Vec<(Layout, Blocking)> {
    let mini = haipai_shanghai::formats::parse_haipai(
        "mini turtle",
        "0 0 1..4\n0 1 0..5\n0 2 1..4\n1 0.5..1.5 1.5..3.5\n2 1 2.5\n2 1 1.5\n",
    )
    .unwrap();
    vec![
        (Layout::grid(2, 3, 4).unwrap(), Blocking::Grid),
        (Layout::grid(3, 2, 4).unwrap(), Blocking::Grid),
        (Layout::grid(4, 1, 4).unwrap(), Blocking::Standard),
        (mini.clone(), Blocking::Standard),
        (mini, Blocking::Grid),
    ]
}

/// A random game: random legal moves from the full board until none is left.
fn random_game(board: &Board, rng: &mut Rng) -> Vec<Move> {
    let mut present = board.full();
    let mut game = Vec::new();
    loop {
        let moves = board.moves(&present);
        if moves.is_empty() {
            return game;
        }
        let m = moves[rng.index(moves.len())];
        present.remove(m.0 as usize);
        present.remove(m.1 as usize);
        game.push(m);
    }
}

#[test]
fn every_position_and_the_losing_move_agree_with_brute_force() {
    let (mut lost_games, mut won_games) = (0, 0);
    for (li, (layout, rules)) in small_boards().into_iter().enumerate() {
        for seed in 0..60u64 {
            let mut faces = Face::set_for(layout.len());
            let mut rng = Rng::new(seed * 17 + li as u64);
            rng.shuffle(&mut faces);
            let board = Board::new(layout.clone(), rules, faces).unwrap();
            let game = random_game(&board, &mut rng);
            let at = board.positions(&game).unwrap();
            let truth: Vec<bool> = at.iter().map(|&p| brute::winnable(&board, p)).collect();
            let review = Solver::new(&board).review_game(&game).unwrap();
            let what = format!("layout {li} seed {seed}");
            assert_eq!(review.winnable, truth.iter().map(|&w| Some(w)).collect::<Vec<_>>(), "{what}");
            let first_lost = truth.iter().position(|&w| !w);
            assert_eq!(review.losing_move, first_lost.filter(|&k| k > 0).map(|k| k - 1), "{what}");
            let last_won = truth.iter().rposition(|&w| w);
            assert_eq!(review.line_from, last_won, "{what}");
            if let Some(k) = last_won {
                board.check_win(at[k], &review.line).unwrap();
            }
            if first_lost.is_some_and(|k| k > 0) { lost_games += 1 } else { won_games += 1 }
        }
    }
    assert!(lost_games > 30 && won_games > 30, "{lost_games} lost, {won_games} won");
}

fn turtle(seed: u64) -> Board {
    let turtle = Layout::builtin("turtle").unwrap();
    let deal = Deal::random(&turtle, Blocking::Standard, seed).unwrap();
    Board::new(turtle, Blocking::Standard, deal.faces).unwrap()
}

#[test]
fn a_turtle_game_along_a_line_stays_winnable_and_a_losing_move_is_named() {
    let board = turtle(42);
    let Verdict::Winnable(line) = Solver::new(&board).solve() else { panic!("seed 42 is winnable") };
    let won = Solver::new(&board).review_game(&line).unwrap();
    assert!(won.winnable.iter().all(|&w| w == Some(true)));
    assert_eq!((won.losing_move, won.line_from, won.line.len()), (None, Some(72), 0));

    // Leave the line with the first move along it that loses, then play on at random.
    let at = board.positions(&line).unwrap();
    let (k, losing) = (20..72)
        .find_map(|k| {
            let review = Solver::new(&board).review(at[k]);
            review.into_iter().find(|(_, c)| *c == MoveClass::Loses).map(|(m, _)| (k, m))
        })
        .expect("a losing move somewhere along the line");
    let present = at[k];
    let mut game = line[..k].to_vec();
    game.push(losing);
    let mut rng = Rng::new(5);
    let mut p = board.positions(&game).unwrap()[k + 1];
    for _ in 0..10 {
        let moves = board.moves(&p);
        let Some(&m) = moves.get(rng.index(moves.len().max(1))) else { break };
        p.remove(m.0 as usize);
        p.remove(m.1 as usize);
        game.push(m);
    }
    let lost = Solver::new(&board).review_game(&game).unwrap();
    assert_eq!(lost.losing_move, Some(k));
    assert_eq!(lost.last(), Some(false));
    assert_eq!(lost.winnable_after(k - 1), Some(true));
    assert_eq!(lost.winnable_after(k), Some(false));
    assert_eq!(lost.line_from, Some(k));
    board.check_win(present, &lost.line).unwrap();
}

#[test]
fn an_exhausted_budget_leaves_positions_undecided_never_guessed() {
    // Seed 12 cannot be cleared and its proof needs thousands of nodes.
    let board = turtle(12);
    let game: Vec<Move> = board.moves(&board.full()).into_iter().take(1).collect();
    let tiny = Budget { nodes: 10, time: None, ..Budget::default() };
    let review = Solver::with_budget(&board, tiny).review_game(&game).unwrap();
    let full = Solver::new(&board).review_game(&game).unwrap();
    assert_eq!(full.winnable, vec![Some(false), Some(false)]);
    assert_eq!(review.winnable[0], None, "the deal's proof needs more than 10 nodes");
    assert!(review.winnable.iter().zip(&full.winnable).all(|(w, f)| w.is_none() || w == f), "{review:?}");
    assert_eq!((review.losing_move, review.line_from), (None, None));
    assert_eq!(full.losing_move, None, "the deal itself is lost: no move lost it");
}

#[test]
fn an_illegal_move_is_named_with_its_number() {
    let board = turtle(42);
    let first = board.moves(&board.full())[0];
    let err = Solver::new(&board).review_game(&[first, first]).unwrap_err();
    assert_eq!(*err.kind(), MoveErrorKind::Removed);
    assert!(err.to_string().starts_with(&format!("move 2 ({first}): slot {} (", first.0)), "{err}");
}

//! The standard traits users expect of the public types: `FromStr` and `Display` round trips
//! of faces and of seeded random deals, the verdicts' names, and `Send + Sync`.

use haipai_shanghai::BUILTIN;
use haipai_shanghai::{
    Bits, Blocking, Board, Budget, Deal, Face, Layout, LayoutError, Limit, Move, MoveClass, MoveError, Solver, Verdict,
};
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// Compiles only for types that may cross and be shared between threads.
fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn main_types_are_send_and_sync() {
    assert_send_sync::<Layout>();
    assert_send_sync::<Board>();
    assert_send_sync::<Deal>();
    assert_send_sync::<Face>();
    assert_send_sync::<Move>();
    assert_send_sync::<Bits>();
    assert_send_sync::<Budget>();
    assert_send_sync::<Verdict>();
    assert_send_sync::<MoveClass>();
    assert_send_sync::<Solver<'static>>();
    assert_send_sync::<LayoutError>();
    assert_send_sync::<MoveError>();
}

#[test]
fn every_face_round_trips_through_its_text() {
    for face in (0..42).map(|i| Face::new(i).expect("a face")) {
        assert_eq!(face.to_string().parse::<Face>(), Ok(face));
    }
    for bad in ["", "0m", "8z", "5f", "1x", "11m"] {
        assert!(bad.parse::<Face>().is_err(), "{bad}");
    }
}

#[test]
fn seeded_random_deals_round_trip_through_their_text() {
    for (name, _) in BUILTIN {
        let layout = Layout::builtin(name).expect("built in");
        for seed in 0..5 {
            let deal = Deal::random(&layout, Blocking::Standard, seed).expect("an even layout");
            assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal), "{name} seed {seed}");
        }
    }
}

#[test]
fn layouts_and_boards_compare_by_their_contents() {
    let turtle = Layout::builtin("turtle").expect("built in");
    assert_eq!(Layout::named("Turtle"), Ok(turtle.clone()));
    assert_ne!(Layout::named("grid 2x2x4").ok(), Some(turtle.clone()));
    let board = |seed| {
        let deal = Deal::random(&turtle, Blocking::Standard, seed).expect("a deal");
        Board::new(turtle.clone(), Blocking::Standard, deal.faces).expect("a board")
    };
    assert_eq!(board(1), board(1));
    assert_ne!(board(1), board(2));
}

#[test]
fn verdicts_and_move_classes_print_their_names() {
    assert_eq!(Verdict::Winnable(vec![Move(0, 1)]).to_string(), "winnable");
    assert_eq!(Verdict::Unwinnable.to_string(), "unwinnable");
    assert_eq!(Verdict::Unknown(Limit::Nodes(5)).to_string(), "unknown");
    assert_eq!(MoveClass::KeepsWinnable.to_string(), "keeps-winnable");
    assert_eq!(MoveClass::Loses.to_string(), "loses");
    assert_eq!(MoveClass::Unknown(Limit::Time(Duration::from_secs(3))).to_string(), "unknown");
    assert_eq!(Limit::Nodes(5).to_string(), "gave up after 5 nodes");
    assert_eq!(Limit::Time(Duration::from_secs(3)).to_string(), "gave up after 3 s");
    assert_eq!(Limit::Time(Duration::from_millis(1500)).to_string(), "gave up after 1500 ms");
}

#[test]
fn a_review_tallies_by_move_class() {
    let layout = Layout::named("grid 2x2x4").expect("a grid");
    let deal = Deal::random(&layout, Blocking::Grid, 3).expect("16 slots");
    let board = Board::new(layout, Blocking::Grid, deal.faces).expect("a board");
    let mut tally: HashMap<MoveClass, usize> = HashMap::new();
    for (_, class) in Solver::new(&board).review(board.full()) {
        *tally.entry(class).or_default() += 1;
    }
    assert_eq!(tally.values().sum::<usize>(), board.moves(&board.full()).len());
    let verdicts: HashSet<Verdict> =
        [Verdict::Unknown(Limit::Nodes(1)), Verdict::Unwinnable, Verdict::Unknown(Limit::Nodes(1))]
            .into_iter()
            .collect();
    assert_eq!(verdicts.len(), 2);
}

#[test]
fn a_solver_prints_its_board_budget_and_statistics() {
    let layout = Layout::named("grid 1x2x2").expect("a grid");
    let deal = Deal::random(&layout, Blocking::Grid, 1).expect("four slots");
    let board = Board::new(layout, Blocking::Grid, deal.faces).expect("a board");
    let solver = Solver::new(&board);
    let text = format!("{solver:?}");
    assert!(text.starts_with("Solver { layout: \"grid 1x2x2\", slots: 4, budget: Budget {"), "{text}");
    assert!(text.ends_with(", .. }"), "{text}");
}

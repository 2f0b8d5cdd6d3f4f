//! Seeded random-input attack on the shanghai crate: layout files in the four formats
//! (haipai notation, KMahjongg `.layout` v1.0 and v1.1, GNOME `.map` XML, `x y z` slot lists;
//! the fixtures here, every one of them loaded; `cargo xtask interop` mutates the reference
//! files likewise) and deal texts, mutated by
//! `mutate` (characters inserted, deleted or replaced, spans repeated, lines swapped, the
//! text cut, huge and negative numbers, non-ASCII), read by `parse_any` and each format's
//! reader, and layout names by `Layout::named`; then small random boards with random sets of
//! removed slots (slots beyond the board included) given to `Solver::solve_from`,
//! `Solver::review` and `Board::moves`, checked against the brute-force oracle. Asserts: no
//! panic, a file error that concerns a line names one inside the file, an accepted layout
//! printed in haipai notation reads back as the same slots, an accepted deal prints to text
//! that reads back as the same deal, and the solver's answers are the oracle's; slot indices
//! past the board and past the 256 a set holds are never members, never free, and a move
//! naming one is refused naming it.
//! `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

use haipai_test_utils::mutate;

use haipai_shanghai::BUILTIN;
use haipai_shanghai::formats::{parse_any, parse_gnome, parse_haipai, parse_kmahjongg, parse_slot_list};
use haipai_shanghai::{Bits, Blocking, Board, Budget, Deal, Layout, LayoutError, MoveClass, Solver, Verdict, brute};
use haipai_tiles::rng::Rng;

/// The fixtures to break, every one of them (a missing one fails the test).
const FIXTURES: [&str; 6] =
    ["small.txt", "small.layout", "small.map", "broken.layout", "broken.map", "small_slots.txt"];

/// The layout files to break: the fixtures and two built-ins.
fn examples() -> Vec<String> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let read = |f: &str| {
        let path = format!("{dir}/tests/fixtures/{f}");
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let mut out: Vec<String> = FIXTURES.iter().map(|f| read(f)).collect();
    out.extend(BUILTIN.iter().take(2).map(|(_, text)| text.to_string()));
    assert_eq!(out.len(), FIXTURES.len() + 2);
    out
}

#[test]
fn every_fixture_is_an_example_and_the_good_ones_read() {
    let examples = examples();
    assert_eq!(examples.len(), 8);
    let read: Vec<bool> = examples.iter().map(|text| parse_any("fixture", text, None).is_ok()).collect();
    // small.txt, .layout, .map and small_slots.txt are one board; broken.* are refused; the
    // two built-ins read.
    assert_eq!(read, [true, true, true, false, false, true, true, true]);
    let small = parse_any("s", &examples[0], None).unwrap();
    for other in [1, 2, 5] {
        assert_eq!(parse_any("s", &examples[other], None).unwrap().slots(), small.slots(), "{}", FIXTURES[other]);
    }
}

/// `layout` in haipai notation, one slot a line.
fn to_haipai(layout: &Layout) -> String {
    let half = |v: i32| if v % 2 == 0 { format!("{}", v / 2) } else { format!("{}.5", v / 2) };
    layout.slots().iter().map(|s| format!("{} {} {}\n", s.z, half(s.y), half(s.x))).collect()
}

/// Checks one reader's answer for `text`: a line inside the file, or a layout that prints and
/// reads back as itself.
fn check_layout(text: &str, result: Result<Layout, LayoutError>) {
    match result {
        Ok(layout) => {
            assert!(!layout.is_empty() && layout.len() <= 256, "{text:?}");
            let printed = to_haipai(&layout);
            let again = parse_haipai("again", &printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
            assert_eq!(again.slots(), layout.slots(), "{text:?}");
        }
        Err(e) => {
            let lines = text.lines().count().max(1);
            assert!(e.line().is_none_or(|l| (1..=lines).contains(&l)), "{text:?}: {e} (of {lines} lines)");
            assert!(!e.message().is_empty());
        }
    }
}

#[test]
fn mutated_layout_files_are_read_or_refused_with_a_line() {
    let examples = examples();
    let mut rng = Rng::new(mutate::seed());
    for _ in 0..mutate::cases(1_500) {
        let example = &examples[rng.index(examples.len())];
        let text = mutate::mutate(&mut |n| rng.index(n), example);
        check_layout(&text, parse_any("fuzz", &text, None));
        check_layout(&text, parse_haipai("fuzz", &text));
        check_layout(&text, parse_kmahjongg("fuzz", &text));
        check_layout(&text, parse_slot_list("fuzz", &text));
        match parse_gnome(&text) {
            Ok(maps) => maps.into_iter().for_each(|m| check_layout(&text, Ok(m))),
            Err(e) => check_layout(&text, Err(e)),
        }
    }
}

#[test]
fn mutated_layout_names_are_named_or_refused() {
    let names = ["turtle", "grid2x3x4", "grid 2 x 3 x 4", "GRID1x1x2", "grid16x4x4", "grid0x1x1"];
    let mut rng = Rng::new(mutate::seed());
    for _ in 0..mutate::cases(3_000) {
        let example = names[rng.index(names.len())];
        let name = mutate::mutate(&mut |n| rng.index(n), example);
        match Layout::named(&name) {
            Ok(layout) => assert!(!layout.is_empty() && layout.len() <= 256, "{name:?}"),
            Err(e) => assert!(e.line().is_none() && !e.message().is_empty(), "{name:?}: {e}"),
        }
    }
}

#[test]
fn mutated_deals_are_read_or_refused_with_a_line() {
    let layouts = [Layout::named("turtle").expect("turtle"), Layout::grid(2, 2, 3).expect("a grid")];
    let mut rng = Rng::new(mutate::seed());
    for case in 0..mutate::cases(3_000) {
        let layout = &layouts[case % 2];
        let rules = if rng.index(2) == 0 { Blocking::Standard } else { Blocking::Grid };
        let mut deal = Deal::random(layout, rules, rng.next_u64()).expect("an even layout");
        if rng.index(4) == 0 {
            deal.seed = None;
        }
        if rng.index(4) == 0 {
            // A deal made for a file carries whatever name the user gave it.
            deal.layout = mutate::mutate(&mut |n| rng.index(n), &deal.layout);
        }
        let text = deal.to_text();
        assert_eq!(Deal::parse(&text).as_ref(), Ok(&deal), "{text}");
        let broken = mutate::mutate(&mut |n| rng.index(n), &text);
        match Deal::parse(&broken) {
            Ok(read) => {
                assert_eq!(Deal::parse(&read.to_text()), Ok(read.clone()), "{broken:?}");
                if read.layout == deal.layout
                    && let Ok(board) = Board::new(layout.clone(), read.rules, read.faces.clone())
                {
                    assert_eq!(board.len(), layout.len());
                }
            }
            Err(e) => {
                let lines = broken.lines().count().max(1);
                assert!(e.line().is_none_or(|l| (1..=lines).contains(&l)), "{broken:?}: {e}");
            }
        }
    }
}

/// A small random layout: a grid of up to 2 x 3 x 4 cells with holes, or a tiny built-in grid.
fn small_layout(rng: &mut Rng) -> Option<Layout> {
    let (d, r, c) = (1 + rng.index(2), 1 + rng.index(3), 1 + rng.index(4));
    let cells: Vec<Vec<Vec<bool>>> =
        (0..d).map(|_| (0..r).map(|_| (0..c).map(|_| rng.index(5) > 0).collect()).collect()).collect();
    let layout = Layout::grid_cells("small", &cells).ok()?;
    (layout.len() % 2 == 0 && layout.len() <= 16).then_some(layout)
}

/// Random slots: each slot of `0..n + 8` (some beyond the board) present with probability 3/4.
fn random_present(rng: &mut Rng, n: usize) -> Bits {
    let mut b = Bits::EMPTY;
    for i in 0..n + 8 {
        if rng.index(4) > 0 {
            b.insert(i);
        }
    }
    if rng.index(8) == 0 {
        b.insert(255);
    }
    b
}

/// The slots of `present` on the board (what the solver reads).
fn on_board(board: &Board, present: Bits) -> Bits {
    let mut b = Bits::EMPTY;
    present.iter().filter(|&i| i < board.len()).for_each(|i| b.insert(i));
    b
}

#[test]
fn solver_answers_on_arbitrary_positions_are_the_oracles() {
    let mut rng = Rng::new(mutate::seed());
    let mut checked = 0;
    for _ in 0..mutate::cases(400) {
        let Some(layout) = small_layout(&mut rng) else { continue };
        let rules = if rng.index(2) == 0 { Blocking::Standard } else { Blocking::Grid };
        let deal = Deal::random(&layout, rules, rng.next_u64()).expect("an even layout");
        let board = Board::new(layout, rules, deal.faces).expect("a board");
        let present = random_present(&mut rng, board.len());
        let real = on_board(&board, present);
        let truth = brute::winnable(&board, real);
        let mut solver = Solver::new(&board);
        match solver.solve_from(present) {
            Verdict::Winnable(line) => {
                assert!(truth, "{present:?}");
                assert_eq!(board.check_win(real, &line), Ok(()), "{present:?}");
            }
            Verdict::Unwinnable => assert!(!truth, "{present:?}"),
            Verdict::Unknown(_) => panic!("{present:?}: no answer on a small board"),
        }
        let moves = board.moves(&present);
        assert!(moves.iter().all(|&m| board.is_legal(&real, m)), "{present:?}");
        let review = solver.review(present);
        assert_eq!(review.len(), moves.len(), "{present:?}");
        for (m, class) in review {
            let after = board.play(real, &[m]).expect("a legal move");
            let keeps = brute::winnable(&board, after);
            assert_eq!(class, if keeps { MoveClass::KeepsWinnable } else { MoveClass::Loses }, "{present:?} {m}");
        }
        checked += 1;
    }
    assert!(checked > 50, "{checked} boards");
}

/// Slot indices past the board and past the 256 a set holds: a set never contains them and
/// removing one does nothing; no such slot is free; a move naming one is refused as off the
/// board, naming the slot.
#[test]
fn slot_indices_past_the_board() {
    let mut rng = Rng::new(mutate::seed() ^ 9);
    let mut checked = 0;
    for _ in 0..mutate::cases(400) {
        let Some(layout) = small_layout(&mut rng) else { continue };
        let rules = if rng.index(2) == 0 { Blocking::Standard } else { Blocking::Grid };
        let deal = Deal::random(&layout, rules, rng.next_u64()).expect("an even layout");
        let board = Board::new(layout.clone(), rules, deal.faces).expect("a board");
        let mut present = random_present(&mut rng, board.len());
        let far = [board.len(), board.len() + rng.index(300), 255, 256, 1000, usize::MAX];
        for &i in &far {
            assert!(!board.is_free(&present, i) && !layout.is_free(rules, &present, i), "slot {i}");
            if i >= 256 {
                assert!(!present.contains(i), "slot {i}");
                let before = present;
                present.remove(i);
                assert_eq!(present, before, "removing slot {i}");
            }
            let on = rng.index(board.len());
            present.insert(on);
            let m = haipai_shanghai::Move::new(on, i);
            let why = board.why_illegal(&present, m).expect("off the board");
            let slot = (m.1 as usize).to_string();
            assert!(why.to_string().contains(&format!("slot {slot} is not on the board")), "{m}: {why}");
        }
        checked += 1;
    }
    assert!(checked > 50, "{checked} boards");
}

#[test]
fn layout_names_that_need_quotes_read_back() {
    let grid = Layout::grid(1, 1, 2).expect("a grid");
    for name in ["Four Winds #2", " Taipei", "", "a\"b\\c\nd\te\u{0}", "\"quoted\"", "turtle"] {
        let mut deal = Deal::random(&grid, Blocking::Standard, 1).expect("a deal");
        deal.layout = name.to_string();
        let text = deal.to_text();
        assert_eq!(Deal::parse(&text), Ok(deal), "{text}");
    }
    assert!(Deal::random(&grid, Blocking::Standard, 1).expect("a deal").to_text().contains("\nlayout grid 1x1x2\n"));
    let read = |text: &str| Deal::parse(text).map(|d| d.layout).map_err(|e| e.to_string());
    assert_eq!(read("layout \"a # b\" # a comment\nfaces\n"), Ok("a # b".to_string()));
    assert_eq!(read("layout \"a\nfaces\n"), Err("line 1: bad quoted layout name: the closing '\"' is missing".into()));
    assert_eq!(
        read("layout \"a\" b\nfaces\n"),
        Err("line 1: bad quoted layout name: 'b' after the closing '\"'".into())
    );
    assert!(read("layout \"a\\q\"\nfaces\n").unwrap_err().starts_with("line 1: bad quoted layout name: '\\' starts"));
}

#[test]
fn any_budget_is_a_budget() {
    let layout = Layout::grid(1, 2, 2).expect("a grid");
    let deal = Deal::random(&layout, Blocking::Standard, 3).expect("a deal");
    let board = Board::new(layout, Blocking::Standard, deal.faces).expect("a board");
    for time in [None, Some(std::time::Duration::ZERO), Some(std::time::Duration::MAX)] {
        for nodes in [0, 1, u64::MAX] {
            let mut solver = Solver::with_budget(&board, Budget { nodes, time, ..Budget::default() });
            match solver.solve() {
                Verdict::Winnable(line) => assert_eq!(board.check_win(board.full(), &line), Ok(())),
                Verdict::Unwinnable => assert!(!brute::winnable(&board, board.full())),
                Verdict::Unknown(_) => assert!(nodes < 100 || time == Some(std::time::Duration::ZERO)),
            }
        }
    }
}

#[test]
fn layouts_from_any_slots_are_built_or_refused() {
    use haipai_shanghai::Slot;
    let mut rng = Rng::new(mutate::seed());
    let extreme = [i32::MIN, i32::MIN + 1, -2049, -1, 0, 1, 2048, 2049, i32::MAX - 1, i32::MAX];
    let mut built = 0;
    for _ in 0..mutate::cases(3_000) {
        let base = extreme[rng.index(extreme.len())];
        let spread = [4, 40, 4_000][rng.index(3)];
        let coordinate = |rng: &mut Rng| {
            if rng.index(20) == 0 {
                extreme[rng.index(extreme.len())]
            } else {
                base.saturating_add(2 * rng.index(spread) as i32)
            }
        };
        let n = if rng.index(4) == 0 { rng.index(300) } else { rng.index(12) };
        let slots: Vec<Slot> = (0..n)
            .map(|_| Slot { x: coordinate(&mut rng), y: coordinate(&mut rng), z: coordinate(&mut rng) })
            .collect();
        match Layout::new("any", slots.clone()) {
            Ok(layout) => {
                assert_eq!(layout.len(), slots.len());
                assert!(layout.slots().iter().all(|s| (0..=2048).contains(&s.x) && (0..=2048).contains(&s.z)));
                let _ = layout.layer_sizes();
                // Layouts built from slots may float tiles; files may not (the readers refuse them).
                match parse_haipai("again", &to_haipai(&layout)) {
                    Ok(again) => assert_eq!(again.slots(), layout.slots()),
                    Err(e) => assert!(e.message().contains("floats"), "{e}"),
                }
                built += 1;
            }
            Err(e) => assert!(e.line().is_none() && !e.message().is_empty()),
        }
    }
    assert!(built > 100, "{built} layouts built");
}

//! Audit cross-checks: the solver, the plain move search and the review against the
//! brute-force oracle on seeded random small layouts (half-tile offsets, stacks, bridges, a
//! tile covering two), under both rule sets, with groups of two to eight tiles including
//! flowers and seasons; and positions part-way through a game. Medium boards (groups of four)
//! compare the pairing search with the plain move search. Exact values on hand-made layouts,
//! the Turtle's special tiles, tiny boards, deals and their text, and illegal moves.

use haipai_shanghai::{Bits, Blocking, Board, Face, Layout, MoveClass, Slot, Solver, Verdict, brute};
use haipai_tiles::rng::Rng;

/// A random layout of `n` slots (even, at most 20) in a small box, half-tile offsets allowed,
/// tiles placed on any of three layers (so some float over gaps: bridges).
fn random_layout(rng: &mut Rng, n: usize, dense: bool) -> Layout {
    let (w, h, d) = if dense { (7, 4, 5) } else { (9, 6, 3) };
    let mut slots: Vec<Slot> = Vec::new();
    while slots.len() < n {
        let s = Slot { x: rng.index(w) as i32, y: rng.index(h) as i32, z: rng.index(d) as i32 };
        let clash = slots.iter().any(|t| t.z == s.z && (t.x - s.x).abs() < 2 && (t.y - s.y).abs() < 2);
        if !clash {
            slots.push(s);
        }
    }
    Layout::new("random", slots).expect("no overlaps")
}

/// Random faces for `n` slots: groups of two or four tiles (of eight at most when `big`),
/// drawn from all 36 matching groups (flowers and seasons with mixed faces).
fn random_faces(rng: &mut Rng, n: usize, big: bool) -> Vec<Face> {
    let mut groups: Vec<u8> = (0..36).collect();
    rng.shuffle(&mut groups);
    let mut faces = Vec::with_capacity(n);
    for g in groups {
        if faces.len() == n {
            break;
        }
        let sizes: &[usize] = if big { &[2, 4, 6, 8] } else { &[2, 4] };
        let size = sizes[rng.index(sizes.len())].min(n - faces.len());
        for k in 0..size {
            let index = match g {
                34 => 34 + k % 4,
                35 => 38 + k % 4,
                _ => g as usize,
            };
            faces.push(Face::new(index).expect("face"));
        }
    }
    rng.shuffle(&mut faces);
    faces
}

fn after(present: Bits, m: haipai_shanghai::Move) -> Bits {
    let mut p = present;
    p.remove(m.0 as usize);
    p.remove(m.1 as usize);
    p
}

/// Checks the solver's answers at `present` against brute force; returns the oracle's answer.
fn check_position(board: &Board, present: Bits, what: &str) -> bool {
    let expect = brute::winnable(board, present);
    for by_moves in [false, true] {
        let mut solver = Solver::new(board);
        let verdict = if by_moves { solver.solve_by_moves(present) } else { solver.solve_from(present) };
        match verdict {
            Verdict::Winnable(moves) => {
                assert!(expect, "{what} (by moves {by_moves}): solver wins, brute force does not");
                board.check_win(present, &moves).unwrap();
            }
            Verdict::Unwinnable => assert!(!expect, "{what} (by moves {by_moves}): solver loses a winnable position"),
            Verdict::Unknown(_) => panic!("{what}: unknown on a small board"),
        }
    }
    expect
}

fn audit(boards: u64) -> (usize, usize, usize) {
    let (mut positions, mut won, mut reviewed) = (0, 0, 0);
    for seed in 0..boards {
        let mut rng = Rng::new(0x5a17 + seed);
        let dense = seed % 5 < 2;
        let n = 2 * (1 + rng.index(if dense { 9 } else { 10 }));
        let layout = random_layout(&mut rng, n, dense);
        let rules = if seed % 2 == 0 { Blocking::Standard } else { Blocking::Grid };
        let big = seed % 3 == 2;
        let faces = random_faces(&mut rng, n, big);
        let board = Board::new(layout, rules, faces).expect("even groups");
        let mut present = board.full();
        for step in 0.. {
            let what = format!("seed {seed} step {step}");
            won += check_position(&board, present, &what) as usize;
            positions += 1;
            if step % 2 == 0 {
                for (m, class) in Solver::new(&board).review(present) {
                    let expect = if brute::winnable(&board, after(present, m)) {
                        MoveClass::KeepsWinnable
                    } else {
                        MoveClass::Loses
                    };
                    assert_eq!(class, expect, "{what} move {m}");
                    reviewed += 1;
                }
            }
            let moves = board.moves(&present);
            if moves.is_empty() {
                break;
            }
            present = after(present, moves[rng.index(moves.len())]);
        }
    }
    (positions, won, reviewed)
}

#[test]
fn random_small_layouts_agree_with_brute_force() {
    let boards = std::env::var("AUDIT_BOARDS").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    let (positions, won, reviewed) = audit(boards);
    eprintln!("{positions} {won} {reviewed}");
    assert!(positions > 1500 && won > 300 && reviewed > 1000, "{positions} {won} {reviewed}");
}

/// Slots from `(x, y, z)` triples, half-tile units.
fn slots(v: &[(i32, i32, i32)]) -> Vec<Slot> {
    v.iter().map(|&(x, y, z)| Slot { x, y, z }).collect()
}

/// The free slots of `present` under `rules`.
fn free(layout: &Layout, rules: Blocking, present: &Bits) -> Vec<usize> {
    (0..layout.len()).filter(|&i| present.contains(i) && layout.is_free(rules, present, i)).collect()
}

fn set(v: &[usize]) -> Bits {
    let mut b = Bits::EMPTY;
    v.iter().for_each(|&i| b.insert(i));
    b
}

/// The standard rule on half-tile offsets: a tile on any higher layer overlapping by a half
/// tile blocks (also across an empty layer: a bridge); a left or right neighbour is a tile of
/// the same layer touching the side and overlapping by a half tile vertically. The grid rule
/// sees none of these (it needs the very cell above, or the cell two half tiles aside).
#[test]
fn freeness_on_half_tile_offsets() {
    // 0 A (0,0,0); 1 B (2,1,0): right of A, half a row down; 2 C (2,3,0): under B, touching
    // A only at a corner; 3 D (1,1,1): covers A and B; 4 F (0,0,2): on D, and over A across
    // layer 1; 5 E (3,4,2): over C across layer 1.
    let layout = Layout::new("offsets", slots(&[(0, 0, 0), (2, 1, 0), (2, 3, 0), (1, 1, 1), (0, 0, 2), (3, 4, 2)]))
        .expect("no overlap");
    let listed = |i: usize| {
        let b = &layout.blockers(Blocking::Standard)[i];
        (b.above.clone(), b.left.clone(), b.right.clone())
    };
    assert_eq!(listed(0), (vec![3, 4], vec![], vec![1]));
    assert_eq!(listed(1), (vec![3], vec![0], vec![]));
    assert_eq!(listed(2), (vec![5], vec![], vec![]));
    assert_eq!(listed(3), (vec![4], vec![], vec![]));
    assert_eq!(listed(4), (vec![], vec![], vec![]));
    assert_eq!(listed(5), (vec![], vec![], vec![]));
    let all = layout.len();
    assert_eq!(free(&layout, Blocking::Standard, &Bits::first(all)), vec![4, 5]);
    // F gone: D is free, A and B still under D.
    assert_eq!(free(&layout, Blocking::Standard, &set(&[0, 1, 2, 3, 5])), vec![3, 5]);
    // D and F gone: A (open left) and B (open right) are free; C under E.
    assert_eq!(free(&layout, Blocking::Standard, &set(&[0, 1, 2, 5])), vec![0, 1, 5]);
    // D gone but F left: F still covers A across the empty layer 1.
    assert_eq!(free(&layout, Blocking::Standard, &set(&[0, 1, 2, 4])), vec![1, 2, 4]);
    assert!(
        layout.blockers(Blocking::Grid).iter().all(|b| b.above.is_empty() && b.left.is_empty() && b.right.is_empty())
    );
    // Sideways a half tile apart vertically still blocks; a full tile apart does not. Slots
    // by row: 0 (0,0), 1 (4,0), 2 (2,1) between them, 3 (6,2) beside 1 but a tile lower.
    let row = Layout::new("row", slots(&[(0, 0, 0), (2, 1, 0), (4, 0, 0), (6, 2, 0)])).expect("no overlap");
    assert_eq!(free(&row, Blocking::Standard, &Bits::first(4)), vec![0, 1, 3]);
    assert_eq!(free(&row, Blocking::Grid, &Bits::first(4)), vec![0, 1, 2, 3]);
}

/// The Turtle's special tiles block as in the classic game: the top tile covers the four
/// under it; the left end tile (half a row down) blocks the left tiles of rows 3 and 4, the
/// first right end tile their right tiles, and the second right end tile the first.
#[test]
fn turtle_special_tiles_block_as_in_the_classic_game() {
    let t = Layout::builtin("turtle").expect("built in");
    assert_eq!((t.len(), t.layer_sizes()), (144, vec![87, 36, 16, 4, 1]));
    let at = |x: i32, y: i32, z: i32| t.index_of(Slot { x, y, z }).expect("a Turtle slot");
    let b = |i: usize| &t.blockers(Blocking::Standard)[i];
    let (left_end, right1, right2, top) = (at(0, 7, 0), at(26, 7, 0), at(28, 7, 0), at(13, 7, 4));
    assert_eq!((left_end, right1, right2, top), (42, 43, 44, 143));
    assert_eq!(
        (b(left_end).left.clone(), b(left_end).right.clone()),
        (vec![], vec![at(2, 6, 0) as u16, at(2, 8, 0) as u16])
    );
    assert_eq!(b(at(2, 6, 0)).left, vec![left_end as u16]);
    assert_eq!(b(at(2, 8, 0)).left, vec![left_end as u16]);
    assert_eq!(b(at(24, 6, 0)).right, vec![right1 as u16]);
    assert_eq!(b(at(24, 8, 0)).right, vec![right1 as u16]);
    assert_eq!(b(right1).left, vec![at(24, 6, 0) as u16, at(24, 8, 0) as u16]);
    assert_eq!(
        (b(right1).right.clone(), b(right2).left.clone(), b(right2).right.clone()),
        (vec![right2 as u16], vec![right1 as u16], vec![])
    );
    for (x, y) in [(12, 6), (14, 6), (12, 8), (14, 8)] {
        assert_eq!(b(at(x, y, 3)).above, vec![top as u16]);
    }
    assert!(b(top).above.is_empty() && b(top).left.is_empty() && b(top).right.is_empty());
    // At the start: the top, the two outer end tiles, the ends of rows 0-2 and 5-7 of layer
    // 0 (rows 3 and 4 are closed by the end tiles), the 12 row ends of layer 1 and the 8 of
    // layer 2 are free: 35 tiles.
    let full = Bits::first(144);
    let open = free(&t, Blocking::Standard, &full);
    assert_eq!(open.len(), 35);
    assert!(open.contains(&top) && open.contains(&left_end) && open.contains(&right2) && !open.contains(&right1));
    // With the top gone the four under it are free: each is an end of its row of two.
    let mut no_top = full;
    no_top.remove(top);
    assert_eq!(free(&t, Blocking::Standard, &no_top).iter().filter(|&&i| t.slots()[i].z == 3).count(), 4);
}

fn faces(text: &str) -> Vec<Face> {
    text.split_whitespace().map(|w| Face::parse(w).expect("a face")).collect()
}

/// A row of `n` tiles side by side on one layer.
fn row(n: i32) -> Layout {
    Layout::new("row", (0..n).map(|i| Slot { x: 2 * i, y: 0, z: 0 })).expect("a row")
}

/// Flowers match flowers and seasons seasons, whatever their numbers; kinds (document 002's
/// numbers, number `n` written as kind `n - 1`) match only themselves.
#[test]
fn faces_match_by_group() {
    let board = Board::new(row(6), Blocking::Standard, faces("1f 1t 3f 2t 1m 1m")).expect("even groups");
    // Free: the two ends only (1f and 1m): no move.
    assert!(board.moves(&board.full()).is_empty());
    let inner = set(&[1, 2, 3]);
    // 1t, 3f, 2t alone: 1t (left end) and 2t (right end) are free and match.
    assert_eq!(board.moves(&inner), vec![haipai_shanghai::Move(1, 3)]);
    let pairs = Board::new(row(4), Blocking::Standard, faces("4f 2f 3t 4t")).expect("even groups");
    assert_eq!(Solver::new(&pairs).solve(), Verdict::Unwinnable);
    let mixed = Board::new(row(4), Blocking::Standard, faces("4f 3t 4t 2f")).expect("even groups");
    assert_eq!(
        Solver::new(&mixed).solve(),
        Verdict::Winnable(vec![haipai_shanghai::Move(0, 3), haipai_shanghai::Move(1, 2)])
    );
    // Document 002's numbers on a 1x1x4 grid row: 1 2 2 1 is won (the ends, then the
    // middle); in 1 2 1 2 the two free ends do not match: lost.
    let numbers = |v: [usize; 4]| v.map(|n| Face::new(n - 1).expect("number")).to_vec();
    let grid = Layout::grid(1, 1, 4).expect("grid");
    let outer = Board::new(grid.clone(), Blocking::Grid, numbers([1, 2, 2, 1])).expect("even");
    assert_eq!(
        Solver::new(&outer).solve(),
        Verdict::Winnable(vec![haipai_shanghai::Move(0, 3), haipai_shanghai::Move(1, 2)])
    );
    let crossed = Board::new(grid, Blocking::Grid, numbers([1, 2, 1, 2])).expect("even");
    assert_eq!(Solver::new(&crossed).solve(), Verdict::Unwinnable);
    assert_eq!(
        Board::new(row(2), Blocking::Standard, faces("1m 2m")).unwrap_err().to_string(),
        "an odd number of tiles (1) match 1m: every tile needs a partner"
    );
}

/// Deals are reproducible from their seed; winnable-by-construction deals are won (replayed)
/// on every built-in layout and grids under both rule sets; a layout that cannot be cleared
/// at all has no winnable deal.
#[test]
fn deals_are_reproducible_and_winnable_ones_are_won() {
    let turtle = Layout::builtin("turtle").expect("built in");
    let a = haipai_shanghai::Deal::random(&turtle, Blocking::Standard, 1).expect("even");
    assert_eq!(a, haipai_shanghai::Deal::random(&turtle, Blocking::Standard, 1).expect("even"));
    assert_ne!(a.faces, haipai_shanghai::Deal::random(&turtle, Blocking::Standard, 2).expect("even").faces);
    let mut sorted = a.faces.clone();
    sorted.sort();
    assert_eq!(sorted, Face::standard_set());
    let first: Vec<String> = a.faces[..8].iter().map(|f| f.to_string()).collect();
    assert_eq!(first, ["4m", "3f", "1z", "1p", "9m", "9s", "1m", "1p"]);
    let w = haipai_shanghai::Deal::winnable(&turtle, Blocking::Standard, 1).expect("clearable");
    assert_eq!(w, haipai_shanghai::Deal::winnable(&turtle, Blocking::Standard, 1).expect("clearable"));
    let mut layouts: Vec<Layout> =
        ["turtle", "pyramid", "fortress", "stairs"].iter().map(|n| Layout::builtin(n).expect("built in")).collect();
    layouts.push(Layout::grid(3, 4, 6).expect("grid"));
    for layout in &layouts {
        for rules in [Blocking::Standard, Blocking::Grid] {
            for seed in 0..3 {
                let deal = haipai_shanghai::Deal::winnable(layout, rules, seed).expect("clearable");
                let board = Board::new(layout.clone(), rules, deal.faces).expect("valid");
                match Solver::new(&board).solve() {
                    Verdict::Winnable(moves) => board.check_win(board.full(), &moves).expect("replays"),
                    other => panic!("{} {rules:?} seed {seed}: {other:?}", layout.name()),
                }
            }
        }
    }
    let stack = Layout::new("stack", slots(&[(0, 0, 0), (0, 0, 1)])).expect("two");
    let e = haipai_shanghai::Deal::winnable(&stack, Blocking::Standard, 0).unwrap_err();
    assert_eq!(
        (e.kind(), e.message()),
        (
            &haipai_shanghai::LayoutErrorKind::NoWinnableDeal,
            "layout 'stack' could not be cleared in 10000 random tries"
        )
    );
}

/// The deal text: a round trip of a grid deal with flowers and seasons, faces on the `faces`
/// line itself, and bad files (each error names its line).
#[test]
fn deal_text_reads_back_and_names_bad_lines() {
    use haipai_shanghai::Deal;
    let grid = Layout::grid(4, 6, 6).expect("144 cells");
    let deal = Deal::winnable(&grid, Blocking::Grid, 5).expect("clearable");
    let text = deal.to_text();
    assert!(text.starts_with("# haipai shanghai deal\nlayout grid 4x6x6\nrules grid\nseed 5\nfaces\n"), "{text}");
    let back = Deal::parse(&text).expect("reads");
    assert_eq!(back, deal);
    assert_eq!(Layout::named(&back.layout).expect("a grid name").slots(), grid.slots());
    // Faces may start on the `faces` line (they used to be dropped there).
    let inline = Deal::parse("layout grid1x2x2\nrules grid\nfaces 1m 1m\n2f 4f\n").expect("reads");
    assert_eq!((inline.rules, inline.seed, inline.faces), (Blocking::Grid, None, faces("1m 1m 2f 4f")));
    let e = |text: &str| Deal::parse(text).unwrap_err().to_string();
    assert_eq!(e("layout a\nlayout b\nfaces\n"), "line 2: a second 'layout' line (the first is line 1)");
    assert_eq!(e("seed 1\nlayout a\n# c\nseed 2\nfaces\n"), "line 4: a second 'seed' line (the first is line 1)");
    assert_eq!(
        e("layout a\nfaces 1m 1q\n"),
        "line 2: '1q' is not a face (1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..4f, 1t..4t)"
    );
    assert_eq!(
        e("layout a\nfaces\n1m\nlayout b\n"),
        "line 4: 'layout' is not a face (1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..4f, 1t..4t)"
    );
    assert_eq!(e("layout a\nrules Grid\nfaces\n"), "line 2: unknown rules 'Grid' (standard or grid)");
    assert_eq!(e("layout a\nshape x\n"), "line 2: unknown line 'shape x' (layout, rules, seed, faces)");
    assert_eq!(e("rules grid\nfaces\n1m 1m\n"), "the deal has no 'layout' line");
    assert_eq!(e("layout a\n"), "the deal has no 'faces' section");
}

/// Exact answers on tiny and odd boards: empty, two tiles side by side or stacked, four
/// tiles in a stack or a row, a bridge over a gap, a tile covering two.
#[test]
fn tiny_and_odd_boards() {
    use haipai_shanghai::Move;
    let solve = |layout: &Layout, rules: Blocking, text: &str| {
        let board = Board::new(layout.clone(), rules, faces(text)).expect("valid");
        (Solver::new(&board).solve(), brute::winnable(&board, board.full()))
    };
    let two = row(2);
    assert_eq!(solve(&two, Blocking::Standard, "1m 1m"), (Verdict::Winnable(vec![Move(0, 1)]), true));
    let board = Board::new(two, Blocking::Standard, faces("1m 1m")).expect("valid");
    assert_eq!(Solver::new(&board).solve_from(Bits::EMPTY), Verdict::Winnable(vec![]));
    assert_eq!(Solver::new(&board).review(Bits::EMPTY), vec![]);
    let stack2 = Layout::new("stack", slots(&[(0, 0, 0), (0, 0, 1)])).expect("two");
    for rules in [Blocking::Standard, Blocking::Grid] {
        assert_eq!(solve(&stack2, rules, "1m 1m"), (Verdict::Unwinnable, false));
    }
    // Four in one stack: only the top is ever free, so nothing can go.
    let stack4 = Layout::new("stack", slots(&[(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3)])).expect("four");
    assert_eq!(solve(&stack4, Blocking::Standard, "1m 2m 2m 1m"), (Verdict::Unwinnable, false));
    // Two stacks of two side by side (slots 0, 1 below 2, 3): with different tops, lost;
    // with equal tops, the tops pair, then the bottoms.
    let stacks = Layout::new("stacks", slots(&[(0, 0, 0), (2, 0, 0), (0, 0, 1), (2, 0, 1)])).expect("four");
    assert_eq!(solve(&stacks, Blocking::Standard, "2m 1m 1m 2m"), (Verdict::Unwinnable, false));
    assert_eq!(
        solve(&stacks, Blocking::Standard, "2m 2m 1m 1m"),
        (Verdict::Winnable(vec![Move(2, 3), Move(0, 1)]), true)
    );
    // A row of four: only its ends are free; 1 2 2 1 is won, 1 2 1 2 and 1 1 2 2 lost.
    let four = row(4);
    assert_eq!(
        solve(&four, Blocking::Standard, "1m 2m 2m 1m"),
        (Verdict::Winnable(vec![Move(0, 3), Move(1, 2)]), true)
    );
    assert_eq!(solve(&four, Blocking::Standard, "1m 2m 1m 2m"), (Verdict::Unwinnable, false));
    assert_eq!(solve(&four, Blocking::Standard, "1m 1m 2m 2m"), (Verdict::Unwinnable, false));
    // A bridge: a tile on layer 2 straddling two touching tiles of layer 0 covers both
    // under the standard rule (its overlap counts across the empty layer 1); the grid rule
    // sees nothing above them. Slots: 0 (0,0,0), 1 (2,0,0), 2 (6,0,0) apart, 3 the bridge.
    let bridge = Layout::new("bridge", slots(&[(0, 0, 0), (2, 0, 0), (1, 0, 2), (6, 0, 0)])).expect("four");
    assert_eq!(bridge.blockers(Blocking::Standard)[0].above, vec![3]);
    assert_eq!(bridge.blockers(Blocking::Standard)[1].above, vec![3]);
    assert_eq!(solve(&bridge, Blocking::Standard, "1m 2m 1m 2m"), (Verdict::Unwinnable, false));
    assert_eq!(solve(&bridge, Blocking::Grid, "1m 2m 1m 2m"), (Verdict::Winnable(vec![Move(0, 2), Move(1, 3)]), true));
    // A tile covering two (slot 3 on slots 0 and 2, one above the other): it can pair with
    // neither, so its partner must be slot 1.
    let cover = Layout::new("cover", slots(&[(0, 0, 0), (0, 2, 0), (0, 1, 1), (4, 1, 0)])).expect("four");
    assert_eq!(
        (cover.blockers(Blocking::Standard)[0].above.clone(), cover.blockers(Blocking::Standard)[2].above.clone()),
        (vec![3], vec![3])
    );
    assert_eq!(solve(&cover, Blocking::Standard, "1m 2m 2m 1m"), (Verdict::Unwinnable, false));
    assert_eq!(
        solve(&cover, Blocking::Standard, "2m 1m 2m 1m"),
        (Verdict::Winnable(vec![Move(1, 3), Move(0, 2)]), true)
    );
}

/// Positions no play reaches: a lone tile of a group is never cleared (the plain move search
/// used to answer it won with a move taking slot 0 twice), and slots beyond the board (which
/// used to panic) hold nothing.
#[test]
fn odd_positions_are_lost_and_slots_beyond_the_board_ignored() {
    use haipai_shanghai::{Move, MoveClass};
    let board = Board::new(row(4), Blocking::Standard, faces("1m 2m 1m 2m")).expect("valid");
    for position in [set(&[0]), set(&[0, 1, 3]), set(&[2])] {
        assert_eq!(Solver::new(&board).solve_from(position), Verdict::Unwinnable, "{position:?}");
        assert_eq!(Solver::new(&board).solve_by_moves(position), Verdict::Unwinnable, "{position:?}");
    }
    assert_eq!(Solver::new(&board).review(set(&[0, 1, 3])), vec![(Move(1, 3), MoveClass::Loses)]);
    // Groups of six use the plain move search: a lone tile there too.
    let six = Board::new(row(6), Blocking::Standard, faces("1m 1m 1m 1m 1m 1m")).expect("valid");
    assert_eq!(Solver::new(&six).solve_from(set(&[2, 3, 5])), Verdict::Unwinnable);
    assert_eq!(Solver::new(&six).solve_from(set(&[3, 5])), Verdict::Winnable(vec![Move(3, 5)]));
    let mut beyond = set(&[1, 2]);
    beyond.insert(200);
    let pair = Board::new(row(4), Blocking::Standard, faces("1m 2m 2m 1m")).expect("valid");
    assert_eq!(Solver::new(&pair).solve_from(beyond), Verdict::Winnable(vec![Move(1, 2)]));
    assert_eq!(Solver::new(&pair).review(beyond), vec![(Move(1, 2), MoveClass::KeepsWinnable)]);
    assert_eq!(pair.moves(&beyond), vec![Move(1, 2)]);
}

/// `Board::why_illegal` gives the first reason in its documented order, in exact words.
#[test]
fn illegal_moves_give_the_first_reason() {
    use haipai_shanghai::{Move, MoveErrorKind as K};
    // A row of three on a row of three: slots 0-2 below, 3-5 on them.
    let layout = Layout::new("two rows", (0..6).map(|i| Slot { x: 2 * (i % 3), y: 0, z: i / 3 })).expect("valid");
    let board = Board::new(layout, Blocking::Standard, faces("1m 2m 3m 3m 2m 1m")).expect("valid");
    let mut present = board.full();
    present.remove(4);
    let why = |m: Move| board.why_illegal(&present, m).map(|e| (*e.kind(), e.to_string()));
    assert_eq!(why(Move(3, 3)), Some((K::SameSlot, "it takes slot 3 twice".into())));
    assert_eq!(why(Move(4, 9)), Some((K::Removed, "slot 4 (2m) is already removed".into())));
    assert_eq!(why(Move(3, 9)), Some((K::OffBoard, "slot 9 is not on the board (slots 0-5)".into())));
    // Not free and not matching: the faces are named first.
    assert_eq!(why(Move(0, 1)), Some((K::Mismatch, "1m and 2m do not match".into())));
    assert_eq!(why(Move(0, 5)), Some((K::NotFree, "slot 0 (1m) is not free".into())));
    assert_eq!(why(Move(2, 3)), Some((K::NotFree, "slot 2 (3m) is not free".into())));
    present.remove(3);
    present.remove(2);
    assert_eq!(board.why_illegal(&present, Move(0, 5)), None);
    assert_eq!(board.moves(&present), vec![Move(0, 5)]);
}

/// GNOME layers are whole numbers: a half layer is refused (it used to be read as the layer
/// below).
#[test]
fn gnome_half_layers_are_refused() {
    use haipai_shanghai::formats::parse_gnome;
    let err = |text: &str| parse_gnome(text).unwrap_err().to_string();
    let tile = "<mahjongg><map name=\"a\">\n<tile x=\"0\" y=\"0\" z=\"1.5\"/>\n</map></mahjongg>";
    assert_eq!(err(tile), "line 2: attribute z=\"1.5\" of <tile> is not a whole layer");
    let layer = "<mahjongg><map name=\"a\">\n\n<layer z=\"0.5\"><tile x=\"0\" y=\"0\"/></layer>\n</map></mahjongg>";
    assert_eq!(err(layer), "line 3: attribute z=\"0.5\" of <layer> is not a whole layer");
    let whole = "<mahjongg><map name=\"a\"><layer z=\"2\"><row y=\"0\" left=\"0\" right=\"1\"/></layer><tile x=\"0.5\" y=\"0\" z=\"3.0\"/></map></mahjongg>";
    let maps = parse_gnome(whole).expect("reads");
    assert_eq!(maps[0].slots(), slots(&[(0, 0, 0), (2, 0, 0), (1, 0, 1)]));
}

/// Which verdict, as a number (0 winnable, 1 unwinnable, 2 unknown), its moves replayed.
fn verdict_of(board: &Board, present: Bits, verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Winnable(moves) => {
            board.check_win(present, &moves).expect("the moves clear the board");
            0
        }
        Verdict::Unwinnable => 1,
        Verdict::Unknown(_) => 2,
    }
}

/// Boards of 24-52 tiles in groups of four (beyond brute force): the pairing search, the plain
/// move search and one solver reused along the game agree at every position; each move of a
/// review is classed as a fresh move search says. (Run once with `MEDIUM_BOARDS=5000`:
/// 29,862 positions, 4,776 of them lost, and 379,142 reviewed moves agreed.)
#[test]
fn medium_random_layouts_agree_across_searches() {
    let boards = std::env::var("MEDIUM_BOARDS").ok().and_then(|v| v.parse().ok()).unwrap_or(200u64);
    let (mut positions, mut lost, mut reviewed) = (0, 0, 0);
    for seed in 0..boards {
        let mut rng = Rng::new(0xbeef + seed);
        let n = 4 * (6 + rng.index(8));
        let (w, h, d) = [(16, 8, 4), (12, 6, 5), (20, 10, 3)][seed as usize % 3];
        let mut slots: Vec<Slot> = Vec::new();
        while slots.len() < n {
            let s = Slot { x: rng.index(w) as i32, y: rng.index(h) as i32, z: rng.index(d) as i32 };
            if !slots.iter().any(|t| t.z == s.z && (t.x - s.x).abs() < 2 && (t.y - s.y).abs() < 2) {
                slots.push(s);
            }
        }
        let layout = Layout::new("medium", slots).expect("no overlaps");
        let rules = if seed % 2 == 0 { Blocking::Standard } else { Blocking::Grid };
        // Groups of four: kinds, and the flowers in one board of four.
        let face = |i: usize| if seed % 4 == 3 && i >= n - 4 { 34 + i % 4 } else { (i / 4) * 3 % 34 };
        let mut faces: Vec<Face> = (0..n).map(|i| Face::new(face(i)).expect("face")).collect();
        rng.shuffle(&mut faces);
        let board = Board::new(layout, rules, faces).expect("groups of four");
        let mut present = board.full();
        let mut reused = Solver::new(&board);
        for step in 0..6 {
            let what = format!("seed {seed} step {step}");
            let pairing = verdict_of(&board, present, Solver::new(&board).solve_from(present));
            let by_moves = verdict_of(&board, present, Solver::new(&board).solve_by_moves(present));
            let again = verdict_of(&board, present, reused.solve_from(present));
            assert_eq!((pairing, by_moves, again), (pairing, pairing, pairing), "{what}");
            assert!(pairing < 2, "{what}: unknown");
            positions += 1;
            lost += pairing as usize;
            if step % 2 == 0 {
                for (m, class) in Solver::new(&board).review(present) {
                    let fresh = match Solver::new(&board).solve_by_moves(after(present, m)) {
                        Verdict::Winnable(_) => MoveClass::KeepsWinnable,
                        _ => MoveClass::Loses,
                    };
                    assert_eq!(class, fresh, "{what} move {m}");
                    reviewed += 1;
                }
            }
            let moves = board.moves(&present);
            if moves.is_empty() {
                break;
            }
            present = after(present, moves[rng.index(moves.len())]);
        }
    }
    eprintln!("{positions} positions ({lost} lost), {reviewed} reviewed moves");
    assert!(positions > 1000 && lost > 100 && reviewed > 10_000, "{positions} {lost} {reviewed}");
}

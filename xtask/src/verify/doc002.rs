//! Document 002 (Shanghai stalemate detection for a 感想戦 mode): its grid freeness rule
//! reproduced, its 'certain stalemate' (詰み必至形) rule shown unsafe with the counterexample,
//! its row-ends move search shown to miss moves on a board with gaps, haipai's exact solver
//! against brute force on small deals, and random Turtle deals with no 'Unknown' (the document
//! gives up after 2 s). The default run solves 6,000 oracle deals and 10,000 Turtle deals;
//! `--full` 100,002 and 100,000.

use super::Check;
use haipai::shanghai::{Bits, Blocking, Board, Deal, Face, Layout, Solver, Verdict, brute, doc002};
use haipai::tiles::rng::Rng;
use rayon::prelude::*;

/// A grid position as the document stores it: `cells[depth][row][col]`, depth 0 on top,
/// 0 for an empty cell, else the tile's number (face index + 1).
type Cells = Vec<Vec<Vec<usize>>>;

/// The slot index of cell `[d][r][c]` of a `depth`-layer grid layout (`None`: no tile there).
fn cell_slot(layout: &Layout, depth: usize, d: usize, r: usize, c: usize) -> Option<usize> {
    let slot = haipai::shanghai::Slot { x: 2 * c as i32, y: 2 * r as i32, z: (depth - 1 - d) as i32 };
    layout.index_of(slot)
}

/// The slot index of a cell of a full grid.
fn cell_index(layout: &Layout, depth: usize, d: usize, r: usize, c: usize) -> usize {
    cell_slot(layout, depth, d, r, c).expect("full grid")
}

fn to_cells(board: &Board, present: &Bits, dims: (usize, usize, usize)) -> Cells {
    let (depth, rows, cols) = dims;
    let mut cells = vec![vec![vec![0; cols]; rows]; depth];
    for (d, layer) in cells.iter_mut().enumerate() {
        for (r, row) in layer.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                if let Some(i) = cell_slot(board.layout(), depth, d, r, c).filter(|&i| present.contains(i)) {
                    *cell = board.faces()[i].index() + 1;
                }
            }
        }
    }
    cells
}

/// The document's `IsSelectable`: a tile with nothing above it (depth - 1) whose column is at
/// the board's edge or has an empty neighbour in its row.
fn doc_selectable(cells: &Cells, d: usize, r: usize, c: usize) -> bool {
    let cols = cells[0][0].len();
    let row = &cells[d][r];
    row[c] != 0
        && (d == 0 || cells[d - 1][r][c] == 0)
        && (c == 0 || c == cols - 1 || row[c - 1] == 0 || row[c + 1] == 0)
}

/// The document's `Search`: only each row's leftmost and rightmost tiles are candidates;
/// returns the number of matching pairs among the selectable ones.
fn doc_search_pairs(cells: &Cells) -> usize {
    let mut numbers = Vec::new();
    for (d, layer) in cells.iter().enumerate() {
        for (r, row) in layer.iter().enumerate() {
            let occupied: Vec<usize> = (0..row.len()).filter(|&c| row[c] != 0).collect();
            let (Some(&left), Some(&right)) = (occupied.first(), occupied.last()) else {
                continue;
            };
            for c in if left == right { vec![left] } else { vec![left, right] } {
                if doc_selectable(cells, d, r, c) {
                    numbers.push(row[c]);
                }
            }
        }
    }
    let mut pairs = 0;
    for (k, a) in numbers.iter().enumerate() {
        pairs += numbers[k + 1..].iter().filter(|&b| b == a).count();
    }
    pairs
}

fn draw(cells: &Cells) -> String {
    let mut lines = Vec::new();
    for (d, layer) in cells.iter().enumerate() {
        let rows: Vec<String> = layer
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&n| if n == 0 { "..".to_string() } else { Face::new(n - 1).expect("face").to_string() })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        lines.push(format!("depth {d}: {}", rows.join(" / ")));
    }
    lines.join("\n")
}

fn verdict_name(v: &Verdict) -> &'static str {
    v.name()
}

/// Random positions of a full grid: a shuffled standard set with random tiles removed.
fn random_position(board: &Board, rng: &mut Rng) -> Bits {
    let mut present = board.full();
    for i in 0..board.len() {
        if rng.below(3) == 0 {
            present.remove(i);
        }
    }
    present
}

fn freeness_check() -> Check {
    let dims = (3, 3, 6);
    let layout = Layout::grid(dims.0, dims.1, dims.2).expect("grid");
    let mut faces = Face::set_for(layout.len());
    Rng::new(2).shuffle(&mut faces);
    let board = Board::new(layout, Blocking::Grid, faces).expect("board");
    let mut rng = Rng::new(2002);
    let positions = 2_000;
    let mut agree = 0;
    for _ in 0..positions {
        let present = random_position(&board, &mut rng);
        let cells = to_cells(&board, &present, dims);
        let ok = (0..dims.0).all(|d| {
            (0..dims.1).all(|r| {
                (0..dims.2).all(|c| {
                    let i = cell_index(board.layout(), dims.0, d, r, c);
                    doc_selectable(&cells, d, r, c) == (present.contains(i) && board.is_free(&present, i))
                })
            })
        });
        agree += usize::from(ok);
    }
    Check::new(
        format!("the document's IsSelectable against haipai's grid rule on {positions} random positions of a 3x3x6 grid"),
        format!("{positions} positions agree"),
        format!("{agree} positions agree"),
    )
    .note("haipai's Blocking::Grid: free when the cell above (depth - 1) is empty and the row neighbour on one side is empty or off the board")
}

fn stalemate_rule_check() -> Check {
    let (board, stuck, full) = doc002::counterexample();
    let pattern = doc002::stalemate(&board, stuck).expect("a stalemate");
    let text_says = if doc002::text_says_lost(&pattern, full) { "lost" } else { "not lost" };
    let truth = if brute::winnable(&board, full) { "winnable" } else { "unwinnable" };
    let ours = Solver::new(&board).solve_from(full);
    if let Verdict::Winnable(moves) = &ours {
        board.check_win(full, moves).expect("replay");
    }
    let dims = (2, 2, 3);
    Check::new("詰み必至形 as the text defines it: a stalemate plus non-blocking tiles", truth, verdict_name(&ours))
        .errs(format!(
            "its rule calls this position {text_says}. Stalemate: A on A (the upper A is the \
         blocking tile); added: two free A tiles, not blocking tiles. It is won by pairing each stacked A with \
         an added one.\n{}\n(The document's code compares face numbers, not positions, and so skips this case; \
         haipai prunes only with sound tests.)",
            draw(&to_cells(&board, &full, dims))
        ))
}

/// A position of a grid with gaps where the document's row-ends search finds no pair yet a
/// legal move exists and the position can be cleared: the first one a seeded search meets.
fn gap_check() -> Check {
    let dims = (2, 2, 5);
    let layout = Layout::grid(dims.0, dims.1, dims.2).expect("grid");
    for seed in 0..200_000u64 {
        let mut rng = Rng::new(seed);
        let mut faces: Vec<Face> = (0..layout.len()).map(|i| Face::new(i / 4 % 4).expect("face")).collect();
        rng.shuffle(&mut faces);
        let board = Board::new(layout.clone(), Blocking::Grid, faces).expect("board");
        // Remove random pairs of equal faces (not necessarily legally): gaps inside rows.
        let mut present = board.full();
        for _ in 0..4 {
            let a = rng.index(board.len());
            if let Some(b) = (0..board.len())
                .find(|&b| b != a && present.contains(a) && present.contains(b) && board.faces()[a] == board.faces()[b])
            {
                present.remove(a);
                present.remove(b);
            }
        }
        let cells = to_cells(&board, &present, dims);
        if doc_search_pairs(&cells) == 0 && !board.moves(&present).is_empty() && brute::winnable(&board, present) {
            let ours = Solver::new(&board).solve_from(present);
            if let Verdict::Winnable(moves) = &ours {
                board.check_win(present, moves).expect("replay");
            }
            let legal: Vec<String> =
                board.moves(&present).iter().map(|m| board.faces()[m.0 as usize].to_string()).collect();
            return Check::new("row-ends search on a board with gaps", "winnable", verdict_name(&ours)).errs(format!(
                "its Search looks only at each row's leftmost and rightmost tiles, finds no \
                 pair and records a stalemate, but tiles beside a gap are free too (legal pairs: {}); its trie key \
                 of row ends is exact only while rows have no gaps (seed {seed}).\n{}",
                legal.join(", "),
                draw(&cells)
            ));
        }
    }
    Check::new("row-ends search on a board with gaps", "a counterexample", "none found")
}

/// Small layouts for the oracle comparison, with their rules.
fn small_layouts() -> Vec<(Layout, Blocking)> {
    let mini = haipai::shanghai::formats::parse_haipai(
        "mini turtle",
        "0 0 1..4\n0 1 0..5\n0 2 1..4\n1 0.5..1.5 1.5..3.5\n2 1 2.5\n2 1 1.5\n",
    )
    .expect("valid");
    vec![
        (Layout::grid(2, 3, 4).expect("grid"), Blocking::Grid),
        (Layout::grid(3, 2, 4).expect("grid"), Blocking::Grid),
        (Layout::grid(1, 4, 6).expect("grid"), Blocking::Grid),
        (Layout::grid(4, 1, 4).expect("grid"), Blocking::Standard),
        (mini.clone(), Blocking::Standard),
        (mini, Blocking::Grid),
    ]
}

fn oracle_check(deals: u64) -> Check {
    let layouts = small_layouts();
    let per = deals.div_ceil(layouts.len() as u64);
    let results: Vec<(u64, u64, Vec<String>)> = layouts
        .par_iter()
        .enumerate()
        .map(|(li, (layout, rules))| {
            let (mut agree, mut won, mut bad) = (0, 0, Vec::new());
            for seed in 0..per {
                let mut rng = Rng::new(seed * 7 + li as u64);
                // Half the deals use the standard set (groups of four), half few kinds (larger groups).
                let faces: Vec<Face> = if seed % 2 == 0 {
                    let mut f = Face::set_for(layout.len());
                    rng.shuffle(&mut f);
                    f
                } else {
                    let kinds = 3 + rng.index(layout.len() / 8);
                    let mut f: Vec<Face> = (0..layout.len()).map(|i| Face::new(i / 2 % kinds).expect("face")).collect();
                    rng.shuffle(&mut f);
                    f
                };
                let board = Board::new(layout.clone(), *rules, faces).expect("groups of at most eight");
                let truth = brute::winnable(&board, board.full());
                let ok = match Solver::new(&board).solve() {
                    Verdict::Winnable(m) => truth && board.check_win(board.full(), &m).is_ok(),
                    Verdict::Unwinnable => !truth,
                    Verdict::Unknown(_) => false,
                };
                won += u64::from(truth);
                if ok {
                    agree += 1;
                } else if bad.len() < 3 {
                    bad.push(format!("{} seed {seed}", layout.name()));
                }
            }
            (agree, won, bad)
        })
        .collect();
    let total = per * layouts.len() as u64;
    let agree: u64 = results.iter().map(|r| r.0).sum();
    let won: u64 = results.iter().map(|r| r.1).sum();
    let bad: Vec<String> = results.into_iter().flat_map(|r| r.2).collect();
    Check::new(
        format!("brute force vs the solver on {total} small deals (6 layouts, <= 24 tiles)"),
        format!("{total} agree"),
        format!("{agree} agree"),
    )
    .note(if bad.is_empty() {
        format!("{won} winnable by brute force; every Winnable move list replayed")
    } else {
        format!("disagreements: {}", bad.join(", "))
    })
}

fn turtle_check(deals: u64) -> Vec<Check> {
    let turtle = Layout::builtin("turtle").expect("built in");
    let results: Vec<(u8, f64)> = (1..=deals)
        .into_par_iter()
        .map(|seed| {
            let deal = Deal::random(&turtle, Blocking::Standard, seed).expect("even");
            let board = Board::new(turtle.clone(), Blocking::Standard, deal.faces).expect("valid");
            let start = std::time::Instant::now();
            let v = Solver::new(&board).solve();
            let ms = start.elapsed().as_secs_f64() * 1e3;
            let kind = match v {
                Verdict::Winnable(m) => {
                    if board.check_win(board.full(), &m).is_ok() {
                        0
                    } else {
                        3
                    }
                }
                Verdict::Unwinnable => 1,
                Verdict::Unknown(_) => 2,
            };
            (kind, ms)
        })
        .collect();
    let count = |k: u8| results.iter().filter(|r| r.0 == k).count() as u64;
    let (lost, unknown, bad) = (count(1), count(2), count(3));
    let mut times: Vec<f64> = results.iter().map(|r| r.1).collect();
    times.sort_by(f64::total_cmp);
    let pct = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let n = deals as f64;
    let p = lost as f64 / n;
    // 99 % interval around the peer's 2.955 %: consistent when our share falls inside.
    let sd = (0.02955 * (1.0 - 0.02955) / n).sqrt();
    let consistent = (p - 0.02955).abs() <= 2.576 * sd + 0.00005;
    vec![
        Check::new(
            format!("{deals} random Turtle deals (seeds 1..={deals}): Unknown answers"),
            "0 unknown, every win replayed",
            format!(
                "{unknown} unknown{}",
                if bad == 0 { ", every win replayed".to_string() } else { format!(", {bad} bad move lists") }
            ),
        )
        .note(format!(
            "the document gives up ('判定不能') after 2 s; haipai's only limit is an explicit node budget \
             (default 50 million nodes, optional time). Time per deal: median {:.2} ms, p99 {:.1} ms, p99.9 {:.1} ms, max {:.1} ms",
            pct(0.5),
            pct(0.99),
            pct(0.999),
            pct(1.0)
        )),
        Check::new(
            format!("{deals} random Turtle deals: unwinnable share vs the peer's 2.95-2.96 %"),
            "consistent (99 % interval)",
            if consistent { "consistent (99 % interval)".to_string() } else { "inconsistent".to_string() },
        )
        .note(format!(
            "{lost} unwinnable = {:.2} % (peer interval at this sample size: {:.2}-{:.2} %)",
            100.0 * p,
            100.0 * (0.02955 - 2.576 * sd),
            100.0 * (0.02955 + 2.576 * sd)
        )),
    ]
}

/// The checks of document 002.
pub fn checks(full: bool) -> Vec<Check> {
    let mut out = vec![freeness_check(), stalemate_rule_check(), gap_check()];
    out.push(oracle_check(if full { 100_000 } else { 6_000 }));
    out.extend(turtle_check(if full { 100_000 } else { 10_000 }));
    out
}

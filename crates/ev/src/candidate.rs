//! One candidate's report from a solved state graph ([`candidate`]): its values at every
//! draw index (dama, riichi and the policy's combination of the two), its necessary tiles
//! with their live copies and their share of the points.

use crate::analysis::{Candidate, Expectation, Necessary, PerTurn, Root};
use crate::engine::{Arrays, Child, LAST, RiichiChoice, Setup, Solver, contributions, first_passage};
use crate::options::Options;
use crate::oracle::Oracle;
use haipai_tiles::{Counts, Tile};

fn value_at(a: &Arrays, d: usize) -> Expectation {
    Expectation { points: a.p[d], win: a.w[d], tenpai: a.t[d] }
}

/// A root's values at every draw index.
struct RootValues {
    /// Staying dama.
    dama: Arrays,
    /// With riichi declared now (double riichi at index 0 where counted); `None` where riichi
    /// is not possible.
    riichi: Option<Arrays>,
    /// The per-turn value: riichi or dama as the policy combines them, dama without riichi.
    arrays: Arrays,
}

impl RootValues {
    /// The values of root hand `h` (red bits `red`), solved as state `root_index`. With riichi:
    /// double riichi on the first discard of the game (turn 1: index 0 of every question's
    /// arrays, a 13-tile input's as a 14-tile one's).
    fn of<O: Oracle>(solver: &mut Solver<'_, O>, options: &Options, h: &mut Counts, red: u8, root_index: u32) -> Self {
        let dama = solver.root_arrays(root_index);
        if !solver.can_riichi(h) {
            return RootValues { dama, riichi: None, arrays: dama };
        }
        let ri = solver.riichi(h, red, false);
        let mut r = solver.riichi_arrays(ri);
        if options.double_riichi {
            let di = solver.riichi(h, red, true);
            let dbl = solver.riichi_arrays(di);
            r.p[0] = dbl.p[0];
            r.w[0] = dbl.w[0];
            r.t[0] = dbl.t[0];
        }
        RootValues { dama, riichi: Some(r), arrays: solver.combine(&dama, &r) }
    }

    /// Whether the process that runs from draw `d0` is riichi's (the policy's choice at `d0`).
    fn uses_riichi(&self, options: &Options, d0: usize) -> bool {
        self.riichi.is_some_and(|r| RiichiChoice::new(options).takes(r.at(d0), self.dama.at(d0)))
    }
}

/// The necessary tiles among the kept draws `children` (each with its points in `parts`) of
/// hand `h` at `shanten`, and the points of the draws that are not necessary.
fn kept_necessary<O: Oracle>(
    solver: &mut Solver<'_, O>,
    h: &mut Counts,
    shanten: i8,
    children: &[Child],
    parts: &[f64],
) -> (Vec<Necessary>, f64) {
    let mut necessary = Vec::new();
    let mut other_points = 0.0;
    for (c, &pts) in children.iter().zip(parts.iter()) {
        h[c.kind] += 1;
        let lowers = solver.shanten(h) < shanten;
        h[c.kind] -= 1;
        if lowers {
            necessary.push(Necessary { tile: Tile::new(c.kind).expect("kind"), live: c.live as u8, points: pts });
        } else {
            other_points += pts;
        }
    }
    (necessary, other_points)
}

/// Adds to `necessary` the live tiles that lower hand `h`'s `shanten` but whose draw the
/// policy never keeps (0 points).
fn add_unkept_necessary<O: Oracle>(
    solver: &mut Solver<'_, O>,
    h: &mut Counts,
    shanten: i8,
    necessary: &mut Vec<Necessary>,
) {
    for k in 0..34 {
        if h[k] >= 4 || necessary.iter().any(|n| n.tile.index() == k) {
            continue;
        }
        let live = solver.live(h, k);
        h[k] += 1;
        let lowers = solver.shanten(h) < shanten;
        h[k] -= 1;
        if lowers && live > 0 {
            necessary.push(Necessary { tile: Tile::new(k).expect("kind"), live, points: 0.0 });
        }
    }
}

/// Whether the first-passage value from draw `d0` of the `children` agrees with the
/// candidate's `value` (a debug check of the contributions' total).
fn first_passage_agrees(
    setup: &Setup,
    children: &[Child],
    d0: usize,
    use_riichi: bool,
    shanten: i8,
    value: Expectation,
) -> bool {
    let mut terminal = Arrays::ZERO;
    terminal.t[LAST] = if use_riichi || shanten == 0 { 1.0 } else { 0.0 };
    let (later, first) = first_passage(&setup.denom, children, terminal);
    let check = if use_riichi { first.p[d0] } else { later.p[d0] };
    (check - value.points).abs() <= 1e-6 * value.points.abs().max(1.0)
}

/// One candidate's report, from its root's state `root_index` in a solved `solver`.
pub(crate) fn candidate<O: Oracle>(
    solver: &mut Solver<'_, O>,
    options: &Options,
    setup: &Setup,
    (discard, root, red): Root,
    root_index: u32,
    d0: usize,
) -> Candidate {
    let mut h = root;
    let shanten = solver.shanten(&h);
    let values = RootValues::of(solver, options, &mut h, red, root_index);
    let arrays = values.arrays;
    let value = value_at(&arrays, d0);
    let use_riichi = values.uses_riichi(options, d0);
    let children = if use_riichi {
        let double = options.double_riichi && d0 == 0;
        solver.riichi_children(&mut h, red, double)
    } else {
        solver.root_children(root_index)
    };
    // A dama root may throw a drawn tile straight back: such a draw counts as thrown (a riichi
    // root's children throw nothing back).
    let parts = contributions(&setup.denom, &children, d0, &values.dama);
    debug_assert!(first_passage_agrees(setup, &children, d0, use_riichi, shanten, value));
    let (mut necessary, other_points) = kept_necessary(solver, &mut h, shanten, &children, &parts);
    // Necessary tiles whose draw the policy never keeps still count as necessary (0 points).
    add_unkept_necessary(solver, &mut h, shanten, &mut necessary);
    necessary.sort_by_key(|n| n.tile);
    let per_turn = if options.every_turn {
        PerTurn { points: arrays.p[..LAST].to_vec(), win: arrays.w[..LAST].to_vec(), tenpai: arrays.t[..LAST].to_vec() }
    } else {
        PerTurn::default()
    };
    let riichi = values.riichi.map(|r| value_at(&r, d0));
    let dama = values.riichi.map(|_| value_at(&values.dama, d0));
    Candidate { discard, shanten, value, per_turn, necessary, riichi, dama, other_points }
}

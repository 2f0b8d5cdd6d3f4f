//! The [`Solver`]'s Monte Carlo playout: one game from a root with the computed policy, drawing
//! with the model's probabilities (what `simulate` averages).

use super::choice::RiichiChoice;
use super::keys::unpack;
use super::records::{Child, Discard, NONE, draws};
use super::values::better;
use super::{LAST, Solver};
use crate::oracle::Oracle;
use haipai_tiles::Counts;
use haipai_tiles::rng::Rng;

/// Where a game stands before a draw: a 13-tile state played dama, or a riichi hand (its
/// tiles, red bits, whether the declaration was a double riichi, whether ippatsu is still on).
enum Playing {
    Dama(u32),
    Riichi(Counts, u8, bool, bool),
}

/// What one draw of a game leads to: the next standing, or the game's end (points, won,
/// tenpai).
enum Turn {
    Next(Playing),
    Ends((f64, bool, bool)),
}

/// A discard's value at the next draw index and where it leaves the game.
type Choice = ((f64, f64, f64), Playing);

impl<'a, O: Oracle> Solver<'a, O> {
    /// Plays one game from the root with the computed policy, drawing with the model's
    /// probabilities (the model's wall: see `docs/ev-model.md`); `riichi_root` says whether the
    /// root declared riichi (a double riichi when `double`). Returns (points, won, tenpai).
    /// Call after [`Solver::solve`].
    pub fn playout(
        &mut self,
        rng: &mut Rng,
        root: u32,
        d0: usize,
        riichi_root: bool,
        double: bool,
    ) -> (f64, bool, bool) {
        let mut st = if riichi_root {
            let (h, red) = unpack(self.key13(root));
            Playing::Riichi(h, red, double, true)
        } else {
            Playing::Dama(root)
        };
        let mut d = d0;
        // A riichi hand never changes: its winning draws are listed once.
        let mut riichi_kids: Option<Vec<Child>> = None;
        while d < LAST {
            let turn = match st {
                Playing::Dama(i) => self.dama_turn(rng, i, d),
                Playing::Riichi(mut h, red, double, ipp) => {
                    if riichi_kids.is_none() {
                        riichi_kids = Some(self.riichi_children(&mut h, red, double));
                    }
                    let kids = riichi_kids.as_deref().unwrap_or_default();
                    self.riichi_turn(rng, kids, d, (h, red, double, ipp))
                }
            };
            match turn {
                Turn::Next(next) => st = next,
                Turn::Ends(end) => return end,
            }
            d += 1;
        }
        (0.0, false, self.ends_tenpai(&st))
    }

    /// One draw `d` of a dama 13-tile state `i`: the draw (thrown when it is none of the kept
    /// ones), then a win taken or the best discard, as the pass decides.
    fn dama_turn(&self, rng: &mut Rng, i: u32, d: usize) -> Turn {
        let Some(j) = self.draw_dama(rng, i, d) else {
            return Turn::Next(Playing::Dama(i));
        };
        // A win is taken, unless the policy may decline it and a discard is better (as the
        // pass decides: the win first, then each discard when better).
        let win = self.win_of(j, d == LAST - 1);
        if let Some(p) = win
            && !self.q.opts.may_decline
        {
            return Turn::Ends((p, true, true));
        }
        let best = self.best_discard(j, d);
        if let Some(p) = win
            && best.as_ref().is_none_or(|b| !better(self.q.opts.objective, b.0, (p, 1.0, 1.0)))
        {
            return Turn::Ends((p, true, true));
        }
        match best {
            Some((_, next)) => Turn::Next(next),
            None => Turn::Ends((0.0, false, false)),
        }
    }

    /// The 14-tile state a draw `d` of dama state `i` leads to (a five's red or plain copies
    /// picked by their shares), or `None` when the drawn tile is not a kept draw.
    fn draw_dama(&self, rng: &mut Rng, i: u32, d: usize) -> Option<u32> {
        let kids = draws(&self.kids(i));
        let kid = kids[pick(rng, self.q.s.denom[d], kids.iter().map(|k| f64::from(k.live)))?];
        let mut j = kid.parts[0].1;
        if kid.len == 2 && rng.unit_f64() >= kid.parts[0].0 {
            j = kid.parts[1].1;
        }
        Some(j)
    }

    /// The best admissible discard of 14-tile state `j` after draw `d` (dama, or riichi where
    /// the policy takes it), with its value at `d + 1`; `None` when it has none.
    fn best_discard(&self, j: u32, d: usize) -> Option<Choice> {
        let objective = self.q.opts.objective;
        let mut best: Option<Choice> = None;
        for Discard { dama, riichi } in self.discards(j) {
            let dv = self.value13(dama, d + 1);
            let mut cand = (dv, Playing::Dama(dama));
            if riichi != NONE {
                let rv = self.riichi_arrays(riichi).at(d + 1);
                if RiichiChoice::new(&self.q.opts).takes(rv, dv) {
                    let (h, red) = unpack(self.key13(dama));
                    cand = (rv, Playing::Riichi(h, red, false, true));
                }
            }
            if best.as_ref().is_none_or(|b| better(objective, cand.0, b.0)) {
                best = Some(cand);
            }
        }
        best
    }

    /// One draw `d` of a riichi hand whose winning draws are `kids`: a win (with ippatsu on
    /// the first draw after the declaration), else the hand waits on without ippatsu.
    fn riichi_turn(
        &self,
        rng: &mut Rng,
        kids: &[Child],
        d: usize,
        (h, red, double, ipp): (Counts, u8, bool, bool),
    ) -> Turn {
        match pick(rng, self.q.s.denom[d], kids.iter().map(|k| k.live)) {
            Some(n) => {
                let a = if ipp { kids[n].first } else { kids[n].later };
                Turn::Ends((a.p[d], true, true))
            }
            None => Turn::Next(Playing::Riichi(h, red, double, false)),
        }
    }

    /// Whether a game that ran out of draws standing at `st` ends tenpai.
    fn ends_tenpai(&self, st: &Playing) -> bool {
        match *st {
            Playing::Dama(i) => self.hands13[self.locate13(i).0].shanten == 0,
            Playing::Riichi(..) => true,
        }
    }
}

/// Draws a tile from a wall of `denom` tiles (raised to the draws' sum) against draws whose
/// live copies are `lives`: the index of the draw it is, or `None` when it is none of them.
fn pick(rng: &mut Rng, denom: f64, lives: impl Iterator<Item = f64> + Clone) -> Option<usize> {
    let s: f64 = lives.clone().sum();
    let big = denom.max(s);
    let mut u = rng.unit_f64() * big;
    for (n, live) in lives.enumerate() {
        if u < live {
            return Some(n);
        }
        u -= live;
    }
    None
}

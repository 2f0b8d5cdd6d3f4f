//! What the roots and the simulator read of a solved [`Solver`]: a state's hand and rank
//! ([`Solver::locate13`], [`Solver::locate14`]), its draws, win and discards as single states,
//! a 13-tile state's value at a draw index, and the roots' arrays and children.

use super::keys::with_red;
use super::records::{Child, Discard, HAND, Kid, Label, NONE, Part, WITH_RIICHI, draws};
use super::values::Arrays;
use super::variants::{FIVE_SUIT, RANK, RED};
use super::{LAST, Solver};
use crate::oracle::Oracle;

impl<'a, O: Oracle> Solver<'a, O> {
    /// The 13-tile hand of state `i` and the state's rank among its variants.
    pub(super) fn locate13(&self, i: u32) -> (usize, usize) {
        let g = self.hands13.partition_point(|h| h.base <= i) - 1;
        (g, (i - self.hands13[g].base) as usize)
    }

    /// The 14-tile hand of state `j` and the state's rank among its variants.
    fn locate14(&self, j: u32) -> (usize, usize) {
        let g = self.hands14.partition_point(|h| h.base <= j) - 1;
        (g, (j - self.hands14[g].base) as usize)
    }

    /// The draws of 13-tile state `i`, with their kinds.
    pub(super) fn kids(&self, i: u32) -> Vec<(Kid, Label)> {
        let (g, rank) = self.locate13(i);
        let hand = self.hands13[g];
        let red = RED[usize::from(hand.mask)][rank];
        let mut out = Vec::new();
        for step in &self.steps[hand.steps.range()] {
            let state = |red: u8| step.state + u32::from(RANK[usize::from(step.mask)][usize::from(red)]);
            let kind = step.kind;
            let suit = FIVE_SUIT[usize::from(kind)];
            let red_live = if suit < 3 { self.q.red.of(red, usize::from(suit)) } else { 0 };
            if red_live > 0 {
                let with = red | 1 << suit;
                out.push((Kid { state: state(with), copies: red_live }, Label { kind, part: Part::Red }));
                out.push((
                    Kid { state: state(red), copies: step.copies - red_live },
                    Label { kind, part: Part::Plain },
                ));
            } else {
                out.push((Kid { state: state(red), copies: step.copies }, Label { kind, part: Part::Whole }));
            }
        }
        out
    }

    /// The win points of 14-tile state `j` at a plain draw (`last` false) or at the last draw,
    /// `None` without a win.
    pub(super) fn win_of(&self, j: u32, last: bool) -> Option<f64> {
        let (g, rank) = self.locate14(j);
        let hand = self.hands14[g];
        if hand.win == NONE {
            return None;
        }
        let p = self.wins[hand.win as usize + rank][usize::from(last)];
        (!p.is_nan()).then_some(p)
    }

    /// The admissible discards of 14-tile state `j`.
    pub(super) fn discards(&self, j: u32) -> Vec<Discard> {
        let (g, rank) = self.locate14(j);
        let hand = self.hands14[g];
        let red = RED[usize::from(hand.mask)][rank];
        self.option_pool[hand.options()]
            .iter()
            .map(|&entry| {
                let to = self.hands13[(entry.info & HAND) as usize];
                let r = RANK[usize::from(to.mask)][usize::from(red & entry.kept_red())];
                let riichi = if entry.info & WITH_RIICHI != 0 { to.riichi + u32::from(r) } else { NONE };
                Discard { dama: to.base + u32::from(r), riichi }
            })
            .collect()
    }

    /// The [`pack`]ed hand and red bits of 13-tile state `i` (with every layer kept).
    pub(super) fn key13(&self, i: u32) -> u128 {
        let (g, rank) = self.locate13(i);
        with_red(self.keys13[g], RED[usize::from(self.hands13[g].mask)][rank])
    }

    /// The value of 13-tile state `i` before draw `d` (after [`Solver::solve`], with every
    /// layer kept).
    pub(super) fn value13(&self, i: u32, d: usize) -> (f64, f64, f64) {
        self.layers.value13(i, d)
    }

    /// The root's dama arrays (after [`Solver::solve`]).
    pub fn root_arrays(&self, r: u32) -> Arrays {
        let mut a = Arrays::ZERO;
        for (d, v) in self.layers.root13(r).iter().enumerate() {
            a.set(d, (v[0], v[1], v[2]));
        }
        a
    }

    /// The root's draw children with their 14-tile arrays (after [`Solver::solve`]), and the
    /// copies of each that the policy throws straight back at each draw index: those whose
    /// 14-tile value there is the root's own value at the next index, all three quantities
    /// bit for bit (the best discard is the drawn tile: the value is copied from the root).
    pub fn root_children(&self, r: u32) -> Vec<Child> {
        let kids = self.kids(r);
        let own = &self.layers.root13(r);
        let mut at = 0;
        draws(&kids)
            .iter()
            .map(|draw| {
                let mut a = Arrays::ZERO;
                for &(wt, j) in &draw.parts[..draw.len] {
                    let values = self.layers.root14(j);
                    for (d, v) in values.iter().enumerate() {
                        a.p[d] += wt * v[0];
                        a.w[d] += wt * v[1];
                        a.t[d] += wt * v[2];
                    }
                }
                let parts = &kids[at..at + draw.len];
                at += draw.len;
                let mut thrown = [0.0; LAST];
                for (kid, _) in parts {
                    let values = self.layers.root14(kid.state);
                    for (d, x) in thrown.iter_mut().enumerate() {
                        if values[d] == own[d + 1] {
                            *x += f64::from(kid.copies);
                        }
                    }
                }
                let kind = usize::from(parts[0].1.kind);
                Child { kind, live: f64::from(draw.live), first: a, later: a, thrown }
            })
            .collect()
    }
}

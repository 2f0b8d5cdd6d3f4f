//! The recursion over draws in closed form, for a state given as its children: its values
//! with and without ippatsu ([`first_passage`]), one draw index of it for a riichi state's
//! waits ([`riichi_step`], [`Wait`]), and each child's contribution to the points
//! ([`contributions`]).

use super::LAST;
use super::records::Child;
use super::values::{Arrays, larger};

/// The recursion over draws from a state with the given children: `later[d]` is the value
/// before draw `d`, `first[d]` the same when draw `d` is the first one (ippatsu), both falling
/// back on `later[d + 1]` when the draw is thrown.
pub(crate) fn first_passage(denom: &[f64; LAST], children: &[Child], terminal: Arrays) -> (Arrays, Arrays) {
    let s: f64 = children.iter().map(|c| c.live).sum();
    let mut later = terminal;
    let mut first = terminal;
    for d in (0..LAST).rev() {
        let big = denom[d].max(s);
        let stay = 1.0 - s / big;
        let (mut lp, mut lw, mut lt) = (stay * later.p[d + 1], stay * later.w[d + 1], stay * later.t[d + 1]);
        let (mut fp, mut fw, mut ft) = (lp, lw, lt);
        for c in children {
            let q = c.live / big;
            lp += q * c.later.p[d];
            lw += q * c.later.w[d];
            lt += q * c.later.t[d];
            fp += q * c.first.p[d];
            fw += q * c.first.w[d];
            ft += q * c.first.t[d];
        }
        later.set(d, (lp, lw, lt));
        first.set(d, (fp, fw, ft));
    }
    (later, first)
}

/// The live copies of a riichi state's waits, summed as [`first_passage`] sums its children's.
pub(super) fn live_sum(waits: &[Wait]) -> f64 {
    waits.iter().map(|w| w.live).sum()
}

/// One winning kind of a riichi state: its live copies and the points of the win on the first
/// draw after the declaration (`first`, ippatsu) and later (`later`), each at a plain draw and
/// at the last draw (haitei). The win and tenpai probabilities of a win are 1.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(test, derive(PartialEq))]
pub(super) struct Wait {
    pub(super) live: f64,
    pub(super) first: [f64; 2],
    pub(super) later: [f64; 2],
}

/// One draw index `d` of [`first_passage`] for a riichi state with the given waits (and their
/// live copies summed, [`live_sum`]), from its `later` values at `d + 1`: its `later` and
/// `first` values at `d` (the same arithmetic in the same order, so the same values).
pub(super) fn riichi_step(denom: f64, (waits, s): (&[Wait], f64), d: usize, later: [f64; 3]) -> ([f64; 3], [f64; 3]) {
    let big = larger(denom, s);
    let stay = 1.0 - s / big;
    let last = usize::from(d == LAST - 1);
    let (mut lp, mut lw, mut lt) = (stay * later[0], stay * later[1], stay * later[2]);
    let mut fp = lp;
    for w in waits {
        let q = w.live / big;
        lp += q * w.later[last];
        lw += q * 1.0;
        lt += q * 1.0;
        fp += q * w.first[last];
    }
    // The first draw's win and tenpai are the later ones: the same start, the same terms in
    // the same order.
    ([lp, lw, lt], [fp, lw, lt])
}

/// Each child's contribution to the points of `first[d0]` (see [`first_passage`]): the
/// points of the paths whose first kept draw is this child. The copies a child throws straight
/// back at draw `d` ([`Child::thrown`]; their value there is the state's own value at `d + 1`,
/// `own`) count at `d` as thrown draws, not kept ones, so their paths are credited to the draws
/// they keep later. Exact either way: such a copy adds to the value what a thrown draw would.
pub(crate) fn contributions(denom: &[f64; LAST], children: &[Child], d0: usize, own: &Arrays) -> Vec<f64> {
    if d0 >= LAST {
        return vec![0.0; children.len()];
    }
    let s: f64 = children.iter().map(|c| c.live).sum();
    // The chance that draw `d` keeps nothing: `1 - kept copies / denominator`.
    let stay: [f64; LAST] = std::array::from_fn(|d| {
        let kept: f64 = children.iter().map(|c| c.live - c.thrown[d]).sum();
        1.0 - kept / denom[d].max(s)
    });
    children
        .iter()
        .map(|c| {
            // From the last draw back to d0.
            let mut g = 0.0;
            for d in (d0..LAST).rev() {
                let big = denom[d].max(s);
                let p = if d == d0 { c.first.p[d] } else { c.later.p[d] };
                let mut here = c.live / big * p;
                if c.thrown[d] > 0.0 {
                    here -= c.thrown[d] / big * own.p[d + 1];
                }
                g = here + stay[d] * g;
            }
            g
        })
        .collect()
}

//! The pass over draw indices, per hand: [`Graph`], the read-only state graph its threads
//! share, with the 14-tile layer (each variant's best of a win and its admissible discards,
//! dama or riichi: [`Graph::layer14`]) and the 13-tile layer (the first-passage sum over a
//! hand's draws: [`Graph::layer13`]), both specialised to 1, 2, 4 or 8 variants.

use super::best::{Best, keep_best};
use super::choice::RiichiChoice;
use super::records::{CLEARS, HAND, Hand13, Hand14, NONE, Opt, Step, WITH_RIICHI};
use super::values::{better, larger};
use super::variants::{CLEARED_RANK, RANK, RED, variants};
use super::{LAST, N};
use crate::options::Objective;

/// The state graph, read-only, as the pass over draw indices sees it (shared by its threads).
pub(super) struct Graph<'g> {
    pub(super) hands13: &'g [Hand13],
    pub(super) hands14: &'g [Hand14],
    pub(super) steps: &'g [Step],
    pub(super) options: &'g [Opt],
    /// The riichi states of the 13-tile hands ([`Hand13::riichi`], by the hand index of an
    /// [`Opt`]), then those of the single variants' resolved discards ([`Split::riichi13`](super::renumber::Split::riichi13)).
    pub(super) riichi13: &'g [u32],
    pub(super) wins: &'g [[f64; 2]],
    /// The live red copies of each suit's five (`red_live[suit][red]`) for a state with red
    /// bits `red` ([`RedLive::of`]), as numbers (the gathers multiply by them).
    pub(super) red_live: [[f64; 8]; 3],
    pub(super) objective: Objective,
    pub(super) choice: RiichiChoice,
    pub(super) may_decline: bool,
    /// Where the parallel chunks of the layers start (empty: on the calling thread).
    pub(super) chunks13: Vec<usize>,
    pub(super) chunks14: Vec<usize>,
    /// The hands the pass visits at draw index `d`: those before `ends13[d]` (after it, no
    /// hand is reached by then: each holds more tiles the input does not than draws made),
    /// the same for `ends14`.
    pub(super) ends13: [usize; N],
    pub(super) ends14: [usize; N],
    /// The first draw index computed ([`Solver::first_index`](super::Solver)): a hand holding
    /// `used` tiles the input does not is reached at `from + used` at the earliest.
    pub(super) from: usize,
}

/// For each draw index `d`, the end of the hands some of which may be reached by `d`: one past
/// the last hand whose first possible index (`first(g)`) is at most `d` (breadth first, the
/// hands come nearly in the order of their first index, so most hands before it are).
pub(super) fn live_ends(hands: usize, first: impl Fn(usize) -> u8) -> [usize; N] {
    let mut ends = [0; N];
    for g in 0..hands {
        if let Some(end) = ends.get_mut(usize::from(first(g))) {
            *end = g + 1;
        }
    }
    for d in 1..N {
        ends[d] = ends[d].max(ends[d - 1]);
    }
    ends
}

impl Graph<'_> {
    /// The values after draw `d` of the 14-tile hands `hands`, written to `out` (their states,
    /// from the first hand's): for each state a win, or the best admissible discard (dama or
    /// riichi) valued at `d + 1`. Not written where it is exactly zero (fewer draws left than
    /// its shanten: no discard reaches tenpai; it was zero at every later index, so it still
    /// is), never read (an index no path reaches: it holds more tiles the input does not than
    /// draws made), or the same as at `d + 1` (a hand without discards, before the last draw).
    pub(super) fn layer14(
        &self,
        hands: std::ops::Range<usize>,
        out: &mut [[f64; 3]],
        d: usize,
        next13: &[[f64; 3]],
        next_r: &[[f64; 3]],
    ) {
        // The comparison specialised to the objective (the choice loop compiled once for each).
        match self.objective {
            Objective::Points => self.layer14_by::<0>(hands, out, d, (next13, next_r), |a, b| {
                better(Objective::Points, (a[0], a[1], a[2]), (b[0], b[1], b[2]))
            }),
            Objective::Win => self.layer14_by::<1>(hands, out, d, (next13, next_r), |a, b| {
                better(Objective::Win, (a[0], a[1], a[2]), (b[0], b[1], b[2]))
            }),
        }
    }

    /// [`Graph::layer14`] under the comparison `better` ([`better`] under the objective), which
    /// compares component `FIRST` first (see [`Best`]).
    fn layer14_by<const FIRST: usize>(
        &self,
        hands: std::ops::Range<usize>,
        out: &mut [[f64; 3]],
        d: usize,
        next: (&[[f64; 3]], &[[f64; 3]]),
        better: impl Fn([f64; 3], [f64; 3]) -> bool + Copy,
    ) {
        if hands.is_empty() {
            return;
        }
        let offset = self.hands14[hands.start].base;
        // Before the last two indices, a hand without discards is as it was at `d + 1`.
        let settled = d + 3 <= LAST;
        for hand in &self.hands14[hands] {
            // Not reached yet, or zero (fewer draws left than its shanten: no discard reaches
            // tenpai) as it was at every later index (never written, still zero).
            if d + 1 < self.from + usize::from(hand.used) || d + 1 > usize::from(hand.until) {
                continue;
            }
            // A hand without discards (a win taken, or none) has the same value at every index
            // but the last: kept from `d + 1` once computed there (reached by `d + 1` too, as
            // `used <= d + 1`).
            if settled && hand.len == 0 {
                continue;
            }
            // Counted in 32 bits (so `b + n` cannot overflow: no test for it).
            let b = (hand.base - offset) as usize;
            let out = &mut out[b..b + variants(hand.mask)];
            // The best values sized to the hand's variants (a constant: the loops unroll).
            match out.len() {
                1 => self.value14::<FIRST, 1>(hand, d, next, out.try_into().expect("1 state"), better),
                2 => self.value14::<FIRST, 2>(hand, d, next, out.try_into().expect("2 states"), better),
                4 => self.value14::<FIRST, 4>(hand, d, next, out.try_into().expect("4 states"), better),
                _ => self.value14::<FIRST, 8>(hand, d, next, out.try_into().expect("8 states"), better),
            }
        }
    }

    /// The values after draw `d` of the `V` variants of the 14-tile hand `hand`, written to
    /// `out`, under the comparison `better`: each variant takes the best of its win (when it
    /// may be declined) and its discards, in the order of the option pool, compared in place
    /// (in the layer read; the winner is copied once).
    #[inline(always)]
    fn value14<const FIRST: usize, const V: usize>(
        &self,
        hand: &Hand14,
        d: usize,
        (next13, next_r): (&[[f64; 3]], &[[f64; 3]]),
        out: &mut [[f64; 3]; V],
        better: impl Fn([f64; 3], [f64; 3]) -> bool + Copy,
    ) {
        // The win, when the hand has one here (whether it has does not depend on the red fives:
        // they are dora).
        let last = usize::from(d == LAST - 1);
        let won: Option<[[f64; 3]; V]> = (hand.win != NONE)
            .then(|| &self.wins[hand.win as usize..hand.win as usize + V])
            .filter(|wins| !wins[0][last].is_nan())
            .map(|wins| std::array::from_fn(|c| [wins[c][last], 1.0, 1.0]));
        let reds = &CLEARED_RANK[usize::from(hand.mask & 7)];
        let mut options = self.options[hand.options()].iter();
        let mut best = match &won {
            Some(won) if !self.may_decline => {
                *out = *won;
                return;
            }
            Some(won) => Best::<FIRST, V>::of(won.each_ref()),
            None => {
                // The first option taken as it is (no best to compare with yet); its floors
                // computed only when another option follows.
                let Some(&first) = options.next() else {
                    *out = [ZERO; V];
                    return;
                };
                let mut best = Best::<FIRST, V>::unfloored([&ZERO; V]);
                self.offer::<FIRST, V, false>(first, reds, (next13, next_r), &mut best, better);
                if options.len() > 0 {
                    best.refloor();
                }
                best
            }
        };
        for &entry in options {
            self.offer::<FIRST, V, true>(entry, reds, (next13, next_r), &mut best, better);
        }
        for (o, b) in out.iter_mut().zip(best.at) {
            *o = *b;
        }
    }

    /// Offers the discard `entry` to each variant's `best` (`reds`: the hand's
    /// [`CLEARED_RANK`]s):
    /// kept when better, or taken when there is no best yet (not `FOUND`).
    #[inline(always)]
    fn offer<'v, const FIRST: usize, const V: usize, const FOUND: bool>(
        &self,
        entry: Opt,
        reds: &[[u8; 8]; 32],
        (next13, next_r): (&'v [[f64; 3]], &'v [[f64; 3]]),
        best: &mut Best<'v, FIRST, V>,
        better: impl Fn([f64; 3], [f64; 3]) -> bool + Copy,
    ) {
        let found = FOUND;
        let state = entry.state as usize;
        // The riichi states of the 13-tile hand (only when riichi is considered).
        let riichi_at = (entry.info & WITH_RIICHI != 0).then(|| self.riichi13[(entry.info & HAND) as usize] as usize);
        if entry.info & CLEARS == 0 {
            // A discard that keeps every red bit leaves the same variants, rank for rank;
            // the policy picked once for all of them (riichi always: no dama value read).
            match (riichi_at, self.choice.fixed()) {
                (None, _) | (Some(_), Some(false)) => {
                    let dama: &[[f64; 3]; V] = next13[state..state + V].try_into().expect("V states");
                    keep_best(best, found, |c| &dama[c], better);
                }
                (Some(at), Some(true)) => {
                    let riichi: &[[f64; 3]; V] = next_r[at..at + V].try_into().expect("V states");
                    keep_best(best, found, |c| &riichi[c], better);
                }
                (Some(at), None) => {
                    let riichi: &[[f64; 3]; V] = next_r[at..at + V].try_into().expect("V states");
                    let dama: &[[f64; 3]; V] = next13[state..state + V].try_into().expect("V states");
                    keep_best(best, found, |c| self.dama_or_riichi(&dama[c], &riichi[c], better), better);
                }
            }
        } else {
            let rank = &reds[(entry.info >> 26 & 31) as usize];
            let r = |c: usize| usize::from(rank[c]);
            match riichi_at {
                None => keep_best(best, found, |c| &next13[state + r(c)], better),
                Some(at) => keep_best(
                    best,
                    found,
                    |c| self.dama_or_riichi(&next13[state + r(c)], &next_r[at + r(c)], better),
                    better,
                ),
            }
        }
    }

    /// The value of a discard that may declare riichi, under the policy: its dama value or its
    /// riichi value.
    #[inline(always)]
    fn dama_or_riichi<'v>(
        &self,
        dama: &'v [f64; 3],
        riichi: &'v [f64; 3],
        better: impl Fn([f64; 3], [f64; 3]) -> bool,
    ) -> &'v [f64; 3] {
        if self.choice.takes_by(|| better(*riichi, *dama)) { riichi } else { dama }
    }

    /// The values before draw `d` (denominator `denom`) of the 13-tile hands `hands`, written
    /// to `out` (their states, from the first hand's): for each state its draws' values `v14`
    /// (see [`Solver::fill_layer`]) and, for a thrown draw, its own value at `d + 1` (`next`,
    /// or `out` itself when `None`). Not written at an index no path reaches (more tiles the
    /// input does not than draws made): never read.
    pub(super) fn layer13(
        &self,
        hands: std::ops::Range<usize>,
        out: &mut [[f64; 3]],
        next: Option<&[[f64; 3]]>,
        d: usize,
        denom: f64,
        v14: &[[f64; 3]],
    ) {
        if hands.is_empty() {
            return;
        }
        let offset = self.hands13[hands.start].base;
        for hand in &self.hands13[hands] {
            // Not reached yet, or zero (fewer draws left than its shanten) as it was at every
            // later index (never written after the terminal values, zero from a shanten of 1).
            if d < self.from + usize::from(hand.used) || d > usize::from(hand.until) {
                continue;
            }
            // Counted in 32 bits (so `b + n` cannot overflow: no test for it).
            let b = (hand.base - offset) as usize;
            let n = variants(hand.mask);
            let out = &mut out[b..b + n];
            let next = next.map(|next| &next[hand.base as usize..hand.base as usize + n]);
            if hand.plain {
                self.gather_plain(hand, &mut out[0], next.map(|next| next[0]), denom, v14);
                continue;
            }
            // The accumulators sized to the hand's variants (a constant, so they stay in
            // registers and the loops unroll).
            match n {
                1 => self.gather13::<1>(hand, out, next, denom, v14),
                2 => self.gather13::<2>(hand, out, next, denom, v14),
                4 => self.gather13::<4>(hand, out, next, denom, v14),
                _ => self.gather13::<8>(hand, out, next, denom, v14),
            }
        }
    }

    /// [`Graph::gather13`] of a [`Hand13::plain`] hand: its draws' values added as they are.
    fn gather_plain(&self, hand: &Hand13, out: &mut [f64; 3], next: Option<[f64; 3]>, denom: f64, v14: &[[f64; 3]]) {
        let mut a = [0.0f64; 3];
        for step in &self.steps[hand.steps.range()] {
            let (q, v) = (f64::from(step.copies), v14[step.state as usize]);
            add_scaled(&mut a, q, v);
        }
        let (stay, inv) = draw_weights(hand, denom);
        *out = mix(stay, next.unwrap_or(*out), inv, a);
    }

    /// The values of the `V` variants of 13-tile hand `hand` before a draw of denominator
    /// `denom`, written to `out`, from their own values after it (`next`, or `out` itself when
    /// `None`) and their draws' values `v14` (see [`Solver::fill_layer`]).
    fn gather13<const V: usize>(
        &self,
        hand: &Hand13,
        out: &mut [[f64; 3]],
        next: Option<&[[f64; 3]]>,
        denom: f64,
        v14: &[[f64; 3]],
    ) {
        let reds = &RED[usize::from(hand.mask)];
        let mut acc = [[0.0f64; 3]; V];
        let steps = &self.steps[hand.steps.range()];
        if V < 8 {
            for step in steps {
                if step.suit == 3 {
                    add_step(&mut acc, step, v14);
                } else {
                    self.add_five(&mut acc, step, reds, v14);
                }
            }
        } else {
            // Eight variants: the steps up to each five added to a copy of the accumulators,
            // which that loop keeps in registers (the fives' per-variant sums keep them in
            // memory).
            let mut k = 0;
            while k < steps.len() {
                let mut run = acc;
                while let Some(step) = steps.get(k).filter(|step| step.suit == 3) {
                    add_step(&mut run, step, v14);
                    k += 1;
                }
                acc = run;
                let Some(step) = steps.get(k) else { break };
                self.add_five(&mut acc, step, reds, v14);
                k += 1;
            }
        }
        let (stay, inv) = draw_weights(hand, denom);
        let out: &mut [[f64; 3]; V] = out.try_into().expect("V states");
        let own = match next {
            Some(next) => *<&[[f64; 3]; V]>::try_from(next).expect("V states"),
            None => *out,
        };
        for ((o, a), own) in out.iter_mut().zip(&acc).zip(&own) {
            *o = mix(stay, *own, inv, *a);
        }
    }

    /// Adds a drawn five's values to the accumulators `acc` of a hand's variants (their red
    /// bits `reds`): each variant reads the variant of the 14-tile hand with its red bits, split
    /// into the red copy and the plain ones when its red copy is live.
    #[inline(always)]
    fn add_five<const V: usize>(&self, acc: &mut [[f64; 3]; V], step: &Step, reds: &[u8; 8], v14: &[[f64; 3]]) {
        let (rank, at) = (&RANK[usize::from(step.mask & 7)], step.state as usize);
        let suit = step.suit;
        let live = &self.red_live[usize::from(suit)];
        // The copies as a number once (the red copy and the plain ones, as numbers, are exact:
        // small integers).
        let copies = f64::from(step.copies);
        // Unrolled (a constant index for each variant), so the accumulators may stay in
        // registers.
        each_variant::<V>(|c| {
            let (a, red) = (&mut acc[c], reds[c] & 7);
            let red_live = live[usize::from(red)];
            if red_live > 0.0 {
                let v = v14[at + usize::from(rank[usize::from(red | 1 << suit)])];
                add_scaled(a, red_live, v);
                let v = v14[at + usize::from(rank[usize::from(red)])];
                add_scaled(a, copies - red_live, v);
            } else {
                let v = v14[at + usize::from(rank[usize::from(red)])];
                add_scaled(a, copies, v);
            }
        });
    }
}

/// Adds a drawn tile's values that is not a five to the accumulators `acc` of a hand's
/// variants: the same variants, rank for rank.
#[inline(always)]
fn add_step<const V: usize>(acc: &mut [[f64; 3]; V], step: &Step, v14: &[[f64; 3]]) {
    let (q, at) = (f64::from(step.copies), step.state as usize);
    let v: &[[f64; 3]; V] = v14[at..at + V].try_into().expect("V states");
    for (a, v) in acc.iter_mut().zip(v) {
        add_scaled(a, q, *v);
    }
}

/// The value of a 14-tile state without a win or a discard.
pub(super) const ZERO: [f64; 3] = [0.0; 3];

/// Calls `f` with each variant `0..V` in turn, written out (each call sees a constant).
#[inline(always)]
fn each_variant<const V: usize>(mut f: impl FnMut(usize)) {
    for c in 0..8 {
        if c < V {
            f(c);
        }
    }
}

/// Adds `q` times `v` to `a` (each of points, win, tenpai).
#[inline(always)]
fn add_scaled(a: &mut [f64; 3], q: f64, v: [f64; 3]) {
    a[0] += q * v[0];
    a[1] += q * v[1];
    a[2] += q * v[2];
}

/// The weights of a 13-tile hand's draw of denominator `denom`: of its value when the draw is
/// thrown (`1 - live / denom`) and of its draws' summed values (`1 / denom`); a denominator
/// below the live count (no such draw is reached) is raised to it.
#[inline(always)]
fn draw_weights(hand: &Hand13, denom: f64) -> (f64, f64) {
    let live = f64::from(hand.live);
    let big = larger(denom, live);
    (1.0 - live / big, 1.0 / big)
}

/// `stay * own + inv * drawn`, each of points, win, tenpai.
#[inline(always)]
fn mix(stay: f64, own: [f64; 3], inv: f64, drawn: [f64; 3]) -> [f64; 3] {
    [stay * own[0] + inv * drawn[0], stay * own[1] + inv * drawn[1], stay * own[2] + inv * drawn[2]]
}

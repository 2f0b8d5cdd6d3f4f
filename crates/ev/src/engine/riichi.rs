//! The [`Solver`]'s riichi states: a riichi hand only waits. Its waits ([`Wait`]s) are its
//! necessary tiles, each priced from one oracle total and the hand's ura-dora groups moved by
//! the drawn tile ([`Solver::riichi_waits_of`]), variant by variant; the listing gives a
//! 13-tile hand the riichi states of its variants ([`Solver::riichi13`]), the roots and the
//! simulator ask for theirs ([`Solver::riichi`]); the policy's choice between dama and riichi.

use super::choice::RiichiChoice;
use super::closed_form::{Wait, live_sum, riichi_step};
use super::keys::{pack, unit, unpack};
use super::records::{Child, NONE, RedLive, Span};
use super::scoring::{totals_points, ura_of_one};
use super::values::Arrays;
use super::variants::{FIVE_SUIT, RED, at_least, kinds, ranks, variants};
use super::{LAST, N, Solver};
use crate::oracle::Oracle;
use haipai_tiles::Counts;

impl<'a, O: Oracle> Solver<'a, O> {
    /// Gives 13-tile hand `g` (holding `h`) the riichi states of its variants, when it has
    /// none yet.
    pub(super) fn riichi13(&mut self, g: u32, h: &mut Counts) {
        if self.hands13[g as usize].riichi != NONE {
            return;
        }
        let answer = self.hand_necessary(g, h);
        let mask = self.hands13[g as usize].mask;
        let first = self.riichi_states.len() as u32;
        self.hands13[g as usize].riichi = first;
        if self.q.walks() {
            // Only the reached variants' waits, once the walk has found them.
            self.riichi_states.resize(first as usize + variants(mask), Span::default());
            self.pending_riichi.push((g, answer));
            return;
        }
        let key = self.keys13[g as usize];
        let reds = &RED[usize::from(mask)][..variants(mask)];
        let mut waits = std::mem::take(&mut self.wait_scratch);
        let n = self.riichi_waits_of(h, key, reds, false, answer, &mut waits);
        for v in 0..reds.len() {
            self.push_riichi(&waits[v * n..(v + 1) * n]);
        }
        self.wait_scratch = waits;
    }

    /// The waits of the reached variants of the hands [`Solver::riichi13`] left pending (after
    /// [`Solver::mark_reachable`]); the others' riichi states keep no wait (never read).
    pub(super) fn pending_riichi_waits(&mut self) {
        for (g, answer) in std::mem::take(&mut self.pending_riichi) {
            let hand = self.hands13[g as usize];
            let (mut h, _) = unpack(self.keys13[g as usize]);
            let (mut reached, mut reds, mut n) = ([0usize; 8], [0u8; 8], 0);
            for c in ranks(hand.reach) {
                (reached[n], reds[n]) = (c, RED[usize::from(hand.mask)][c]);
                n += 1;
            }
            if n == 0 {
                continue;
            }
            let mut waits = std::mem::take(&mut self.wait_scratch);
            let per = self.riichi_waits_of(&mut h, self.keys13[g as usize], &reds[..n], false, answer, &mut waits);
            for (v, &c) in reached[..n].iter().enumerate() {
                let start = self.riichi_waits.len() as u32;
                self.riichi_waits.extend(waits[v * per..(v + 1) * per].iter().map(|&(_, w)| w));
                self.riichi_states[hand.riichi as usize + c] = Span { start, len: per as u32 };
            }
            self.wait_scratch = waits;
        }
    }

    /// Whether a discard into this 13-tile hand would consider riichi.
    pub fn can_riichi(&mut self, h13: &Counts) -> bool {
        self.q.riichi_considered() && self.shanten(h13) == 0
    }

    /// The policy's choice between dama and riichi, index by index.
    pub fn combine(&self, dama: &Arrays, riichi: &Arrays) -> Arrays {
        let choice = RiichiChoice::new(&self.q.opts);
        let mut out = *dama;
        for d in 0..N {
            if choice.takes(riichi.at(d), dama.at(d)) {
                out.set(d, riichi.at(d));
            }
        }
        out
    }

    /// The wait children of a riichi hand: `first` with ippatsu, `later` without.
    pub fn riichi_children(&mut self, h: &mut Counts, red: u8, double: bool) -> Vec<Child> {
        let answer = self.necessary(h);
        self.riichi_children_of(h, red, double, answer)
    }

    /// [`Solver::riichi_children`] given the hand's [`Oracle::necessary`] answer: each wait's
    /// arrays, constant over the plain draws, its haitei value at the last draw.
    fn riichi_children_of(&mut self, h: &mut Counts, red: u8, double: bool, answer: (i8, u64)) -> Vec<Child> {
        let spread = |points: [f64; 2]| {
            let mut a = Arrays::ZERO;
            for d in 0..LAST {
                a.set(d, (points[usize::from(d == LAST - 1)], 1.0, 1.0));
            }
            a
        };
        let mut waits = Vec::new();
        self.riichi_waits_of(h, pack(h, 0), &[red], double, answer, &mut waits);
        waits
            .into_iter()
            .map(|(kind, w)| Child {
                kind,
                live: w.live,
                first: spread(w.first),
                later: spread(w.later),
                thrown: [0.0; LAST],
            })
            .collect()
    }

    /// The waits of a riichi hand (by kind) given its [`Oracle::necessary`] answer, for each of
    /// the red bits `reds` (the hand's variants): live copies and the win's points with
    /// ippatsu (`first`) and without (`later`), at a plain draw and at the last one. The
    /// oracle's totals and the ura-dora distribution of a wait are asked once for all variants,
    /// and each count of extra han priced once. `out` gets the waits variant by variant (the
    /// same kinds for each: `out[v * n..(v + 1) * n]` for variant `v`); returns `n`.
    pub(super) fn riichi_waits_of(
        &mut self,
        h: &mut Counts,
        key13: u128,
        reds: &[u8],
        double: bool,
        (sh, necessary): (i8, u64),
        out: &mut Vec<(usize, Wait)>,
    ) -> usize {
        let level = if double { 2 } else { 1 };
        let waits = self.live_waits(h, (sh, necessary));
        let n = waits.count_ones() as usize;
        let none = Wait { live: 0.0, first: [0.0; 2], later: [0.0; 2] };
        out.clear();
        out.resize(n * reds.len(), (0, none));
        // The ura-dora groups of the hand, moved to each wait's complete hand.
        let ura13 = (waits != 0 && self.q.opts.ura_dora && self.q.s.ura_count > 0).then(|| self.q.ura_groups(h));
        let han = self.extra_han(level);
        for (i, k) in kinds(waits).enumerate() {
            let c = self.q.live(h, k);
            h[k] += 1;
            let prices =
                if self.q.opts.menzen_tsumo { Some(self.wait_prices(h, (key13, k), reds, ura13, han)) } else { None };
            for (v, &red) in reds.iter().enumerate() {
                out[v * n + i] = (k, self.wait_of(h, (k, c, red), level, prices, han));
            }
            h[k] -= 1;
        }
        n
    }

    /// The winning kinds of a riichi hand of shanten `sh` with its necessary tiles (a riichi
    /// hand is tenpai) that have a live copy, as bits.
    fn live_waits(&self, h: &Counts, (sh, necessary): (i8, u64)) -> u64 {
        let candidates = if sh == 0 { necessary & !at_least(h, 4) } else { 0 };
        kinds(candidates).filter(|&k| self.q.live(h, k) > 0).fold(0u64, |m, k| m | 1 << k)
    }

    /// The extra han of a riichi win declared at `level` (2: double riichi), as the options
    /// switch them.
    fn extra_han(&self, level: u8) -> ExtraHan {
        ExtraHan {
            double: u32::from(level == 2 && self.q.opts.double_riichi),
            ippatsu: u32::from(self.q.opts.ippatsu),
            haitei: u32::from(self.q.opts.haitei),
            red_fives: self.q.opts.red_fives,
            meld_red: self.q.s.meld_red,
        }
    }

    /// With menzen tsumo on, the points of a riichi win of `h` (the wait `k` drawn; `key13` the
    /// 13-tile hand's key) with `x` extra han (`prices[x]`, `None` without a yaku): the four
    /// (ippatsu, haitei) values and both red cases of every variant (red bits `reds`) come from
    /// one oracle total and one ura-dora distribution (`ura13` the 13-tile hand's groups, moved
    /// by the draw), what `win_points` computes for each, asked once, each count of extra han
    /// priced once.
    fn wait_prices(
        &mut self,
        h: &mut Counts,
        (key13, k): (u128, usize),
        reds: &[u8],
        ura13: Option<[u32; 5]>,
        han: ExtraHan,
    ) -> Option<[f64; 8]> {
        let t = self.scoring.win_totals_of(&self.q, h, key13 + unit(k), k, true, false);
        h[k] -= 1;
        let moved = ura13.map(|groups| self.q.ura_groups_after_draw(h, groups, k));
        h[k] += 1;
        // One indicator (the common case) on the stack, more through the tables.
        let one = moved.filter(|_| self.q.s.ura_count == 1).map(ura_of_one);
        let many = moved.filter(|_| self.q.s.ura_count != 1).map(|groups| self.q.ura_of_groups(groups));
        let dist: Option<&[f64]> = one.as_ref().map(|d| &d[..]).or(many.as_deref());
        let most_red = reds.iter().map(|&red| han.red(red_copy(self.q.red, k, red).1)).max().unwrap_or(0);
        let top = most_red + han.double + han.ippatsu + han.haitei;
        t.map(|t| {
            let mut prices = [0.0; 8];
            for (x, p) in prices.iter_mut().enumerate().take(top as usize + 1) {
                *p = totals_points(&t, x as u32, dist);
            }
            prices
        })
    }

    /// The wait on kind `k` (`c` live copies, drawn into `h`) of the variant with red bits
    /// `red`: its points with ippatsu and without, at a plain draw and at the last one, the red
    /// copy and the plain ones weighted by their live copies; from `prices` with menzen tsumo on
    /// ([`Solver::wait_prices`]), else from [`Scoring::win_points`](super::scoring::Scoring::win_points).
    fn wait_of(
        &mut self,
        h: &Counts,
        (k, c, red): (usize, u8, u8),
        level: u8,
        prices: Option<Option<[f64; 8]>>,
        han: ExtraHan,
    ) -> Wait {
        let (red_live, red_bits) = red_copy(self.q.red, k, red);
        let pr = f64::from(red_live) / f64::from(c);
        let mut wait = Wait { live: f64::from(c), first: [0.0; 2], later: [0.0; 2] };
        for (ipp, points) in [(true, &mut wait.first), (false, &mut wait.later)] {
            for haitei in [false, true] {
                let extra = han.double + u32::from(ipp) * han.ippatsu + u32::from(haitei) * han.haitei;
                let (q, scoring) = (&self.q, &mut self.scoring);
                let mut value = |bits: u8| match prices {
                    Some(prices) => prices.map_or(0.0, |p| p[(han.red(bits) + extra) as usize]),
                    None => scoring.win_points(q, h, bits, k, (level, ipp, haitei)).unwrap_or(0.0),
                };
                let plain = value(red);
                let with_red = if pr > 0.0 { value(red_bits) } else { 0.0 };
                points[usize::from(haitei)] = pr * with_red + (1.0 - pr) * plain;
            }
        }
        wait
    }

    /// A riichi hand's state index (memoised): it wins or throws every draw. The listing keeps
    /// the riichi states of a 13-tile hand's variants with the hand ([`Hand13::riichi`]); this
    /// is for the roots and the simulator.
    pub fn riichi(&mut self, h: &mut Counts, red: u8, double: bool) -> u32 {
        let key = pack(h, red) | u128::from(double) << 120;
        if let Some(&i) = self.index_riichi.get(&key) {
            return i;
        }
        let answer = self.necessary(h);
        let mut waits = Vec::new();
        self.riichi_waits_of(h, pack(h, 0), &[red], double, answer, &mut waits);
        let i = self.push_riichi(&waits);
        self.index_riichi.insert(key, i);
        i
    }

    /// A new riichi state with the given waits.
    fn push_riichi(&mut self, waits: &[(usize, Wait)]) -> u32 {
        let start = self.riichi_waits.len() as u32;
        self.riichi_waits.extend(waits.iter().map(|&(_, w)| w));
        let i = self.riichi_states.len() as u32;
        self.riichi_states.push(Span { start, len: waits.len() as u32 });
        i
    }

    /// A riichi state's arrays right after the declaration (ippatsu on the next draw): the
    /// `first` arrays of [`first_passage`], computed as the pass over draw indices does.
    pub fn riichi_arrays(&self, i: u32) -> Arrays {
        let waits = &self.riichi_waits[self.riichi_states[i as usize].range()];
        let mut first = Arrays::ZERO;
        first.t[LAST] = 1.0;
        let mut later = [0.0, 0.0, 1.0];
        for d in (0..LAST).rev() {
            let (l, f) = riichi_step(self.q.s.denom[d], (waits, live_sum(waits)), d, later);
            later = l;
            first.set(d, (f[0], f[1], f[2]));
        }
        first
    }
}

/// The han a riichi win adds to the oracle's totals: double riichi, ippatsu and haitei (each 1
/// when switched on) and the red fives (with the called melds').
#[derive(Clone, Copy)]
struct ExtraHan {
    double: u32,
    ippatsu: u32,
    haitei: u32,
    red_fives: bool,
    meld_red: u32,
}

impl ExtraHan {
    /// The han of the red fives of a hand whose red bits are `bits` (0 with red fives off).
    fn red(self, bits: u8) -> u32 {
        if self.red_fives { bits.count_ones() + self.meld_red } else { 0 }
    }
}

/// The live red copies of kind `k` for a state with red bits `red`, and the red bits with that
/// copy drawn: `(0, red)` for a kind that is not a five.
fn red_copy(live: RedLive, k: usize, red: u8) -> (u8, u8) {
    match FIVE_SUIT[k] {
        s @ 0..3 => (live.of(red, usize::from(s)), red | 1 << s),
        _ => (0, red),
    }
}

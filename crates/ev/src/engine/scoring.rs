//! The scoring: a tsumo win's points from the oracle's parts or totals (memoised
//! per hand, winning tile and riichi; red fives, ippatsu, haitei and double riichi added as
//! han) and the ura-dora distribution of a winning hand (by groups of live tiles, moved by one
//! draw in [`Question::ura_groups_after_draw`]). [`Scoring`] owns the memos; what depends on the
//! question only is [`Question`]'s.

use super::keys::{pack, win_key};
use super::question::Question;
use super::records::Shared;
use super::variants::{DORA_OF, INDICATOR_OF};
use crate::oracle::{EXTRA, Oracle, Totals, WinParts, WinQuery};
use haipai_tiles::{Counts, Tile, Wind};
use hashbrown::HashMap;
use std::rc::Rc;

/// The win points' memos: the oracle's parts and totals ([`Shared`]) and the ura-dora
/// distributions, per winning hand. The listing and the riichi states price wins through it,
/// the question given as an argument.
#[derive(Default)]
pub(super) struct Scoring {
    /// Oracle answers that depend on the hand only.
    shared: Shared,
    /// Ura-dora distributions per winning hand.
    memo_ura: HashMap<u128, Rc<[f64]>>,
}

impl Scoring {
    /// Memos starting from `shared` (an earlier question's, emptied; see [`Buffers`](super::Buffers)).
    pub(super) fn new(shared: Shared) -> Scoring {
        Scoring { shared, memo_ura: HashMap::new() }
    }

    /// The oracle's answers, for the next question's [`Scoring::new`].
    pub(super) fn into_shared(self) -> Shared {
        self.shared
    }

    /// The oracle's parts of a tsumo win without red fives, ippatsu or double riichi (they
    /// only add han, see `docs/ev-model.md`); memoised.
    fn win_parts<O: Oracle>(
        &mut self,
        q: &Question<'_, O>,
        h14: &Counts,
        drawn: usize,
        riichi: bool,
        haitei: bool,
    ) -> Option<WinParts> {
        let key = win_key(pack(h14, 0), drawn, riichi, haitei);
        if let Some(&v) = self.shared.parts.get(&key) {
            return v;
        }
        let v = q.o.score(&q.win_query(h14, drawn, riichi, haitei));
        self.shared.parts.insert(key, v);
        v
    }

    /// The oracle's [`Totals`] of a tsumo win without red fives, ippatsu or double riichi
    /// (they are extra han); memoised.
    fn win_totals<O: Oracle>(
        &mut self,
        q: &Question<'_, O>,
        h14: &Counts,
        drawn: usize,
        riichi: bool,
        haitei: bool,
    ) -> Option<Totals> {
        self.win_totals_of(q, h14, pack(h14, 0), drawn, riichi, haitei)
    }

    /// [`Scoring::win_totals`] given the hand's [`pack`]ed key without red bits `plain`.
    pub(super) fn win_totals_of<O: Oracle>(
        &mut self,
        q: &Question<'_, O>,
        h14: &Counts,
        plain: u128,
        drawn: usize,
        riichi: bool,
        haitei: bool,
    ) -> Option<Totals> {
        let key = win_key(plain, drawn, riichi, haitei);
        if let Some(&v) = self.shared.totals.get(&key) {
            return v;
        }
        if !haitei && q.riichi_considered() {
            // A hand that may win with riichi is asked both ways at once (the dama reading
            // takes its extra han from the riichi one; most complete hands are asked both).
            let (dama, with_riichi) = q.o.tsumo_totals_pair(&q.win_query(h14, drawn, false, false));
            self.shared.totals.insert(win_key(plain, drawn, false, false), dama);
            self.shared.totals.insert(win_key(plain, drawn, true, false), with_riichi);
            return if riichi { with_riichi } else { dama };
        }
        let v = q.o.tsumo_totals(&q.win_query(h14, drawn, riichi, haitei));
        self.shared.totals.insert(key, v);
        v
    }

    /// Points of a tsumo win (ura-dora as an expectation), or `None` without a yaku. The
    /// win's `(riichi, ippatsu, haitei)`: `riichi` 0 none, 1 riichi, 2 double riichi.
    pub fn win_points<O: Oracle>(
        &mut self,
        q: &Question<'_, O>,
        h14: &Counts,
        red: u8,
        drawn: usize,
        (riichi, ippatsu, haitei): (u8, bool, bool),
    ) -> Option<f64> {
        let riichi = if riichi == 2 && !q.opts.double_riichi { 1 } else { riichi };
        let ippatsu = ippatsu && q.opts.ippatsu && riichi > 0;
        let haitei = haitei && q.opts.haitei;
        let red_han = q.red_han(red);
        if q.opts.menzen_tsumo {
            return self.points_from_totals(q, h14, drawn, (riichi, ippatsu, haitei), red_han);
        }
        // Menzen tsumo switched off: the best reading's han less one, extra han added to it.
        let parts = self.parts_with_han(q, h14, drawn, (riichi, ippatsu, haitei), red_han);
        parts.and_then(|parts| self.parts_points(q, h14, parts, riichi))
    }

    /// [`Scoring::win_points`] with menzen tsumo on (`riichi`, `ippatsu`, `haitei` as the
    /// options allow them, `red_han` the red fives'): exact, every extra han through the
    /// oracle's totals.
    fn points_from_totals<O: Oracle>(
        &mut self,
        q: &Question<'_, O>,
        h14: &Counts,
        drawn: usize,
        (riichi, ippatsu, haitei): (u8, bool, bool),
        red_han: u32,
    ) -> Option<f64> {
        let totals = match self.win_totals(q, h14, drawn, riichi > 0, false) {
            Some(t) => Some((t, extra_han(red_han, (riichi, ippatsu, haitei)))),
            None if haitei && riichi == 0 => self.win_totals(q, h14, drawn, false, true).map(|t| (t, red_han)),
            None => None,
        };
        totals.map(|(t, extra)| {
            if riichi > 0 && q.opts.ura_dora && q.s.ura_count > 0 {
                let dist = self.ura_memo(q, h14);
                totals_points(&t, extra, Some(&dist))
            } else {
                totals_points(&t, extra, None)
            }
        })
    }

    /// The oracle's parts of a win with the extra han added (`riichi`, `ippatsu`, `haitei` as
    /// the options allow them, `red_han` the red fives'; none to a yakuman). Without riichi
    /// haitei may be the only yaku: then the oracle is asked with haitei.
    fn parts_with_han<O: Oracle>(
        &mut self,
        q: &Question<'_, O>,
        h14: &Counts,
        drawn: usize,
        (riichi, ippatsu, haitei): (u8, bool, bool),
        red_han: u32,
    ) -> Option<WinParts> {
        let parts = match self.win_parts(q, h14, drawn, riichi > 0, false) {
            Some(p) => Some((p, extra_han(red_han, (riichi, ippatsu, haitei)))),
            None if haitei && riichi == 0 => self.win_parts(q, h14, drawn, false, true).map(|p| (p, red_han)),
            None => None,
        };
        parts.map(|(mut p, extra)| {
            if p.yakuman == 0 {
                p.han += extra;
            }
            p
        })
    }

    /// The points of a win of `h14` read as `parts` (extra han added) with menzen tsumo off: a
    /// reading that counted menzen tsumo loses its han (no win when it was the only yaku);
    /// with riichi (`riichi` above 0) and ura-dora, averaged over the ura-dora distribution.
    fn parts_points<O: Oracle>(
        &mut self,
        q: &Question<'_, O>,
        h14: &Counts,
        mut parts: WinParts,
        riichi: u8,
    ) -> Option<f64> {
        let dealer = q.s.seat == Wind::East;
        if parts.yakuman == 0 && !q.opts.menzen_tsumo && parts.menzen_tsumo {
            if !parts.other_yaku {
                return None;
            }
            parts.han -= 1;
        }
        if riichi > 0 && q.opts.ura_dora && parts.yakuman == 0 && q.s.ura_count > 0 {
            let dist = self.ura_memo(q, h14);
            Some(
                dist.iter()
                    .enumerate()
                    .map(|(n, &pr)| pr * f64::from(q.o.tsumo_points(parts.han + n as u32, parts.fu, 0, dealer)))
                    .sum(),
            )
        } else {
            Some(f64::from(q.o.tsumo_points(parts.han, parts.fu, parts.yakuman, dealer)))
        }
    }

    /// The ura-dora distribution of a winning hand (see [`Scoring::ura_distribution`]),
    /// memoised per hand.
    fn ura_memo<O: Oracle>(&mut self, q: &Question<'_, O>, h14: &Counts) -> Rc<[f64]> {
        let key = pack(h14, 0);
        if let Some(d) = self.memo_ura.get(&key) {
            return d.clone();
        }
        let d: Rc<[f64]> = q.ura_distribution(h14).into();
        self.memo_ura.insert(key, d.clone());
        d
    }
}

impl<O: Oracle> Question<'_, O> {
    /// A tsumo win of `h14` on `drawn` without red fives, ippatsu or double riichi (they only
    /// add han, see `docs/ev-model.md`).
    fn win_query<'q>(&'q self, h14: &'q Counts, drawn: usize, riichi: bool, haitei: bool) -> WinQuery<'q> {
        WinQuery {
            closed: h14,
            red: [0; 3],
            melds: &self.s.melds,
            win: Tile::new(drawn).expect("kind index"),
            seat: self.s.seat,
            round: self.s.round,
            dora_indicators: &self.s.dora,
            riichi,
            double_riichi: false,
            ippatsu: false,
            haitei,
            aka_dora: false,
        }
    }

    /// The distribution of the ura-dora count of a winning hand: `ura_count` indicators drawn
    /// without replacement from the live tiles.
    pub fn ura_distribution(&self, h14: &Counts) -> Vec<f64> {
        self.ura_of_groups(self.ura_groups(h14))
    }

    /// The live tiles of a hand holding `h`, grouped by how many dora they would make as the
    /// ura-dora indicator (0..=4, four or more counted as four).
    pub(crate) fn ura_groups(&self, h: &Counts) -> [u32; 5] {
        let mut groups = [0u32; 5];
        for u in 0..34 {
            groups[self.dora_made(h, u)] += u32::from(self.live(h, u));
        }
        groups
    }

    /// How many dora indicator kind `u` makes for a hand holding `h` (and the melds), capped
    /// at four (the group of [`Question::ura_groups`]).
    fn dora_made(&self, h: &Counts, u: usize) -> usize {
        let d = DORA_OF[u];
        usize::from(h[d] + self.s.meld_counts[d]).min(4)
    }

    /// [`Question::ura_groups`] of `h` with one more copy of kind `k`, from the groups of `h`:
    /// only indicator `k` (its live copies) and the indicator of `k` (its dora) move.
    pub(crate) fn ura_groups_after_draw(&self, h: &mut Counts, groups: [u32; 5], k: usize) -> [u32; 5] {
        let mut g = groups;
        let before = INDICATOR_OF[k];
        for u in [k, before] {
            g[self.dora_made(h, u)] -= u32::from(self.live(h, u));
        }
        h[k] += 1;
        for u in [k, before] {
            g[self.dora_made(h, u)] += u32::from(self.live(h, u));
        }
        h[k] -= 1;
        g
    }

    /// The ura-dora distribution of [`Question::ura_distribution`] from the hand's
    /// [`Question::ura_groups`].
    pub(crate) fn ura_of_groups(&self, groups: [u32; 5]) -> Vec<f64> {
        let m = self.s.ura_count;
        let total: u32 = groups.iter().sum();
        if m == 1 {
            return ura_of_one(groups).to_vec();
        }
        let max_n = 4 * m;
        // ways[j * width + n]: ways to choose j tiles with ura count n (two flat tables, swapped
        // group by group).
        let width = max_n + 1;
        let mut ways = vec![0f64; (m + 1) * width];
        let mut next = vec![0f64; (m + 1) * width];
        ways[0] = 1.0;
        for (v, &g) in groups.iter().enumerate() {
            next.fill(0.0);
            for (j, row) in ways.chunks_exact(width).enumerate() {
                for (n, &w) in row.iter().enumerate() {
                    if w == 0.0 {
                        continue;
                    }
                    for x in 0..=(m - j).min(g as usize) {
                        let nn = n + x * v;
                        if nn <= max_n {
                            next[(j + x) * width + nn] += w * binom(g, x as u32);
                        }
                    }
                }
            }
            std::mem::swap(&mut ways, &mut next);
        }
        let all_ways = binom(total, m as u32);
        ways[m * width..].iter().map(|&w| if all_ways > 0.0 { w / all_ways } else { 0.0 }).collect()
    }
}

/// Points of a win from its oracle totals with `extra` han, averaged over the ura-dora
/// distribution when there is one.
pub(super) fn totals_points(t: &Totals, extra: u32, dist: Option<&[f64]>) -> f64 {
    let at = |k: u32| f64::from(t[(k as usize).min(EXTRA - 1)]);
    match dist {
        Some(dist) => dist.iter().enumerate().map(|(n, &pr)| pr * at(extra + n as u32)).sum(),
        None => at(extra),
    }
}

/// [`Question::ura_of_groups`] for one ura-dora indicator: the chance of each count is its
/// group's share of the live tiles (the general tables give the same numbers: each way is one
/// tile), without an allocation.
pub(super) fn ura_of_one(groups: [u32; 5]) -> [f64; 5] {
    let total: u32 = groups.iter().sum();
    groups.map(|g| if total > 0 { f64::from(g) / f64::from(total) } else { 0.0 })
}

/// Binomial coefficient as a float.
pub(crate) fn binom(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    let mut r = 1.0;
    for i in 0..k {
        r = r * f64::from(n - i) / f64::from(i + 1);
    }
    r
}

/// The han a win adds to every reading: the red fives' `red_han`, double riichi's (`riichi`
/// 2), ippatsu's and haitei's (riichi's own han is the oracle's).
fn extra_han(red_han: u32, (riichi, ippatsu, haitei): (u8, bool, bool)) -> u32 {
    red_han + u32::from(riichi == 2) + u32::from(ippatsu) + u32::from(haitei)
}

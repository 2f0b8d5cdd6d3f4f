//! Document 003's table: how many of all `M`-tile hands are complete (天和 for the dealer's 14),
//! counted as patterns and as states, by generating functions over the suits.
//!
//! Each number suit contributes a series `Σ w(pattern) x^tiles y^pairs` over its complete
//! patterns (melds only: `y^0`; melds and one pair: `y^1`); each honour kind contributes
//! `1 + w(3) x^3 + w(2) x^2 y`. The number of "four melds and a pair" hands is the coefficient of
//! `x^14 y^1` in the product. Seven pairs is `[x^14]` of `Π (1 + w(2) x^2)` over the kinds,
//! thirteen orphans `[x^14 y]` of `Π (w(1) x + w(2) x^2 y)` over the thirteen terminal and honour
//! kinds. The idea of splitting by suit and multiplying per-suit counts is document 003's
//! (after らすかる's "麻雀の数学"); the polynomial formulation is ours.

use crate::cfmt;
use crate::count::{Count, Ratio};
use crate::series::Series;
use crate::variant::{Variant, for_each_suit_pattern};
use haipai_decompose::suit_is_complete;

/// Document 003's printed result (its `tenhou_prob.cpp` for 14 tiles), verbatim:
/// `TenhouTable::compute(14, Variant::FOUR_PLAYER).render()` reproduces it to the character
/// (checked by the unit tests, `cargo xtask verify` and the `haipai odds tenhou` tests).
pub const DOCUMENT_003: &str = "\
Number of Tiles         14
Total                   326520504500    4250305029168216000
Legal Hand              11498658        11353128141498  0.000267113
Internal Seven Pairs    4668            1306741248      3.07446e-08
Seven Pairs             5379616         1505948184576   3.54315e-05
Thirteen Orphans        13              1308622848      3.07889e-08
Probability             3.025448319456385e-06
";

/// The counts of document 003's table for hands of `tiles` tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TenhouTable {
    /// Hand size `M`.
    pub tiles: usize,
    /// The variant counted.
    pub variant: Variant,
    /// All hands of `M` tiles.
    pub total: Count,
    /// Hands that split into `(M - 2) / 3` melds and one pair ("Legal Hand").
    pub legal: Count,
    /// Hands that are both a legal hand and seven pairs (二盃口 shapes; "Internal Seven Pairs").
    pub internal_seven_pairs: Count,
    /// Seven pairs: `M / 2` distinct pairs (including the 二盃口 shapes).
    pub seven_pairs: Count,
    /// Thirteen orphans (only for `M = 14`).
    pub thirteen_orphans: Count,
}

/// One suit's complete patterns with at most `max_tiles` tiles, classified once by
/// haipai-decompose's one-pass test ([`crate::brute::suit_is_complete`] is the slow oracle):
/// `(counts, tiles, pairs)` with `pairs` 0 or 1.
fn complete_suit_patterns(max_tiles: usize) -> Vec<([u8; 9], usize, usize)> {
    let mut out = Vec::new();
    for_each_suit_pattern(max_tiles, |c, n| {
        if n % 3 == 0 && suit_is_complete(c, false) {
            out.push((*c, n, 0));
        } else if n % 3 == 2 && suit_is_complete(c, true) {
            out.push((*c, n, 1));
        }
    });
    out
}

impl TenhouTable {
    /// Counts every hand of `tiles` tiles (`tiles ≤ 14`) of the variant. Larger sizes are
    /// counted by the same definitions up to 54 tiles; 0 tiles is one hand, the empty one,
    /// which counts as "seven pairs" of no pair.
    ///
    /// # Panics
    ///
    /// For 55 tiles or more, whose counts pass `u128` (the CLI asks 1..=14 only).
    ///
    /// ```
    /// use haipai_combinatorics::{TenhouTable, Variant};
    /// let t = TenhouTable::compute(14, Variant::FOUR_PLAYER);
    /// assert_eq!(t.legal.states, 11_353_128_141_498);
    /// assert_eq!(t.probability().one_in().map(|n| n as u64), Some(330_529));
    /// ```
    pub fn compute(tiles: usize, variant: Variant) -> TenhouTable {
        let m = tiles;
        let complete = complete_suit_patterns(m);
        let mut all_factors = Vec::new();
        let mut legal_factors = Vec::new();
        let mut isp_factors = Vec::new();
        let mut sp_factors = Vec::new();
        let mut orphan_factors = Vec::new();
        for suit in 0..3 {
            let mut all = Series::zero(m, 0);
            for_each_suit_pattern(m, |c, n| all.add_term(n, 0, variant.suit_weight(suit, c)));
            let mut legal = Series::zero(m, 1);
            let mut isp = Series::zero(m, 1);
            for (c, n, pairs) in &complete {
                let w = variant.suit_weight(suit, c);
                legal.add_term(*n, *pairs, w);
                if c.iter().all(|&k| k == 0 || k == 2) {
                    isp.add_term(*n, *pairs, w);
                }
            }
            all_factors.push(all);
            legal_factors.push(legal);
            isp_factors.push(isp);
        }
        for kind in 0..34 {
            let w = |c: u8| variant.weight(kind, c);
            if kind >= 27 {
                let mut all = Series::zero(m, 0);
                for c in 0..=4 {
                    all.add_term(c as usize, 0, w(c));
                }
                all_factors.push(all);
                let mut legal = Series::one(m, 1);
                legal.add_term(3, 0, w(3));
                legal.add_term(2, 1, w(2));
                legal_factors.push(legal);
                let mut isp = Series::one(m, 1);
                isp.add_term(2, 1, w(2));
                isp_factors.push(isp);
            }
            let mut sp = Series::one(m, 0);
            sp.add_term(2, 0, w(2));
            sp_factors.push(sp);
            let terminal = kind >= 27 || kind % 9 == 0 || kind % 9 == 8;
            if terminal {
                let mut o = Series::zero(m, 1);
                o.add_term(1, 0, w(1));
                o.add_term(2, 1, w(2));
                orphan_factors.push(o);
            }
        }
        let total = Series::product(m, 0, &all_factors).get(m, 0);
        let legal = if m % 3 == 2 { Series::product(m, 1, &legal_factors).get(m, 1) } else { Count::ZERO };
        let internal_seven_pairs = if m % 3 == 2 { Series::product(m, 1, &isp_factors).get(m, 1) } else { Count::ZERO };
        let seven_pairs = if m.is_multiple_of(2) { Series::product(m, 0, &sp_factors).get(m, 0) } else { Count::ZERO };
        let thirteen_orphans = Series::product(m, 1, &orphan_factors).get(m, 1);
        TenhouTable { tiles, variant, total, legal, internal_seven_pairs, seven_pairs, thirteen_orphans }
    }

    /// States of complete hands: legal + seven pairs - both + thirteen orphans.
    pub fn complete_states(&self) -> u128 {
        self.legal.states + self.seven_pairs.states - self.internal_seven_pairs.states + self.thirteen_orphans.states
    }

    /// Patterns of complete hands: legal + seven pairs - both + thirteen orphans.
    pub fn complete_patterns(&self) -> u128 {
        self.legal.patterns + self.seven_pairs.patterns - self.internal_seven_pairs.patterns
            + self.thirteen_orphans.patterns
    }

    /// The exact probability that a random hand of `M` tiles is complete (天和 for `M = 14`).
    pub fn probability(&self) -> Ratio {
        Ratio::new(self.complete_states(), self.total.states)
    }

    /// The table as document 003 prints it: C++ `setw` columns (24, 16, 16, left-aligned),
    /// percentages in the default float format, the probability in `scientific` with 15 digits.
    /// Trailing blanks that `setw` leaves at line ends are not printed (the document does not
    /// show them either).
    pub fn render(&self) -> String {
        let dtot = self.total.states;
        let pct = |d: u128| cfmt::general(100.0 * d as f64 / dtot as f64, 6);
        let row = |name: &str, c: Count| format!("{:<24}{:<16}{:<16}{}", name, c.patterns, c.states, pct(c.states));
        let lines = [
            format!("{:<24}{}", "Number of Tiles", self.tiles),
            format!("{:<24}{:<16}{}", "Total", self.total.patterns, self.total.states),
            row("Legal Hand", self.legal),
            row("Internal Seven Pairs", self.internal_seven_pairs),
            row("Seven Pairs", self.seven_pairs),
            row("Thirteen Orphans", self.thirteen_orphans),
            format!("{:<24}{}", "Probability", cfmt::scientific(self.complete_states() as f64 / dtot as f64, 15)),
        ];
        let mut s = String::new();
        for l in lines {
            s.push_str(l.trim_end());
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute;

    #[test]
    fn document_003_to_the_character() {
        let t = TenhouTable::compute(14, Variant::FOUR_PLAYER);
        assert_eq!(t.render(), DOCUMENT_003);
        insta::assert_snapshot!("tenhou_4p", t.render());
    }

    #[test]
    fn variants_snapshot() {
        let mut out = String::new();
        for v in [Variant::SANMA, Variant { sanma: false, red_fives: true }, Variant { sanma: true, red_fives: true }] {
            let t = TenhouTable::compute(14, v);
            out.push_str(&format!("# {}\n{}exact {}\n\n", v.name(), t.render(), t.probability()));
        }
        insta::assert_snapshot!("tenhou_variants", out);
    }

    #[test]
    fn every_size_and_variant_sums_to_the_binomial() {
        for v in brute::VARIANTS {
            let plain = Variant { red_fives: false, ..v };
            for m in 0..=14 {
                let t = TenhouTable::compute(m, v);
                assert_eq!(t.total.states, crate::binom(v.physical_tiles(), m as u32), "M={m} {}", v.name());
                // Red fives split patterns, never states.
                let p = TenhouTable::compute(m, plain);
                let states = |t: &TenhouTable| {
                    [t.total, t.legal, t.internal_seven_pairs, t.seven_pairs, t.thirteen_orphans].map(|c| c.states)
                };
                assert_eq!(states(&t), states(&p), "M={m} {}", v.name());
            }
        }
    }

    #[test]
    fn small_hands_match_brute_force() {
        for v in brute::VARIANTS {
            // M = 7, 8 run in `cargo xtask verify --full`.
            for m in 0..=6 {
                let t = TenhouTable::compute(m, v);
                let b = brute::tenhou(m, v);
                assert_eq!(t, b, "M={m} {}", v.name());
                assert_eq!(t.total.states, crate::binom(v.physical_tiles(), m as u32));
            }
        }
    }
}

//! The exact shanten distribution of every hand of `M` tiles, by profile generating functions.
//!
//! Each tile group (three number suits, seven honour kinds) becomes a map from [`Profile`] to a
//! polynomial over tile count whose coefficients are counts; groups combine by
//! multiplying polynomials and combining profiles. Profiles are capped to what the question can
//! distinguish (regular distances above 8 cannot beat seven pairs' worst case of 6 shanten for
//! 13/14 tiles), which keeps the number of distinct partial profiles small (about 2,100 per
//! suit, 110 for the seven honours, 6,600 for two suits and the honours).
//!
//! Order of work, for speed: the two suits `m` and `p` first (when their classes are equal, as
//! in four-player mahjong, only the pairs `a ≤ b` are multiplied and the others counted twice),
//! then the honours, then a last sweep over (everything else) × (suit `s`) that needs only the
//! coefficient of `x^M` of each product and adds it to the bin of the combined shanten.
//!
//! Inside, coefficients are `u64`, not [`Count`]'s `u128`: every coefficient of every partial
//! product counts hands of at most 14 tiles from a subset of the tiles in play, so it is at most
//! `C(136, 14) ≈ 4.25e18 < 2^64 ≈ 1.8e19`, and so is every single product term (it is one summand
//! of such a coefficient). Patterns never exceed states. The results are widened to [`Count`].

use hashbrown::HashMap;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::count::{Count, Ratio};
use crate::profile::{CLAMP, ENTRIES, FAR, Profile, honour_profile, suit_profile};
use crate::variant::{Variant, for_each_suit_pattern};

/// Coefficients kept: `x^0..=x^14`.
const DEG: usize = 15;

/// A polynomial over tile count with `u64` pattern and state coefficients (see the module doc
/// for why `u64` cannot overflow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Poly {
    pat: [u64; DEG],
    st: [u64; DEG],
}

impl Poly {
    const ZERO: Poly = Poly { pat: [0; DEG], st: [0; DEG] };

    /// Adds a small weight (a product of binomials of one group) at degree `deg`.
    fn add_term(&mut self, deg: usize, c: Count) {
        debug_assert!(c.states <= u128::from(u64::MAX));
        self.pat[deg] += c.patterns as u64;
        self.st[deg] += c.states as u64;
    }

    fn add(&mut self, o: &Poly) {
        for i in 0..DEG {
            self.pat[i] += o.pat[i];
            self.st[i] += o.st[i];
        }
    }

    /// `self += times · a · b`, truncated at degree `tiles`.
    fn add_product(&mut self, a: &Poly, b: &Poly, tiles: usize, times: u64) {
        for i in 0..=tiles {
            let (ap, ast) = (a.pat[i] * times, a.st[i] * times);
            if ast == 0 {
                continue;
            }
            for j in 0..=tiles - i {
                self.pat[i + j] += ap * b.pat[j];
                self.st[i + j] += ast * b.st[j];
            }
        }
    }

    /// The coefficient of `x^tiles` in `a · b`: `(patterns, states)`.
    fn top_of_product(a: &Poly, b: &Poly, tiles: usize) -> (u64, u64) {
        let (mut p, mut s) = (0, 0);
        for i in 0..=tiles {
            p += a.pat[i] * b.pat[tiles - i];
            s += a.st[i] * b.st[tiles - i];
        }
        (p, s)
    }
}

/// Groups with equal (capped) profiles and their weight polynomial.
type Classes = HashMap<Profile, Poly>;

/// The parameters of one distribution question.
#[derive(Clone, Copy, Debug)]
struct Question {
    tiles: usize,
    cap: u8,
    seven_cap: u8,
    special: bool,
}

impl Question {
    fn new(tiles: usize) -> Question {
        let special = tiles >= 13;
        Question { tiles, cap: if special { 8 } else { CLAMP }, seven_cap: 7, special }
    }

    fn normalize(&self, p: Profile) -> Profile {
        let mut p = p.capped(self.cap, self.seven_cap);
        if !self.special {
            p.pairs = 0;
            p.kinds = 0;
            p.orphans = 0;
            p.orphan_pair = false;
        }
        p
    }

    fn combine(&self, a: &Profile, b: &Profile) -> Profile {
        self.normalize(a.combine(b, self.cap, self.seven_cap))
    }
}

fn suit_classes(q: &Question, variant: Variant, suit: usize) -> Classes {
    let mut map: Classes = HashMap::new();
    for_each_suit_pattern(q.tiles, |c, n| {
        let w = variant.suit_weight(suit, c);
        if w.is_zero() {
            return;
        }
        map.entry(q.normalize(suit_profile(c))).or_insert(Poly::ZERO).add_term(n, w);
    });
    map
}

fn honour_classes(q: &Question, variant: Variant) -> Classes {
    let mut identity = Profile { d: [FAR; ENTRIES], pairs: 0, kinds: 0, orphans: 0, orphan_pair: false };
    identity.d[0] = 0;
    let mut one = Poly::ZERO;
    one.add_term(0, Count::ONE);
    let mut acc: Classes = HashMap::from_iter([(q.normalize(identity), one)]);
    for kind in 27..34 {
        let mut single: Classes = HashMap::new();
        for c in 0..=4u8 {
            let w = variant.weight(kind, c);
            if !w.is_zero() && usize::from(c) <= q.tiles {
                // c = 3 and c = 4 share a profile: accumulate, never overwrite.
                single.entry(q.normalize(honour_profile(c))).or_insert(Poly::ZERO).add_term(usize::from(c), w);
            }
        }
        acc = multiply(q, &acc, &single, false, &|_| {});
    }
    acc
}

/// The product of two class maps. With `symmetric` (the caller guarantees `a == b`), only the
/// pairs `i ≤ j` of `a`'s entries are multiplied, those with `i < j` twice over. `tick(n)` is
/// called as `n` more entries of `a` are done.
fn multiply(q: &Question, a: &Classes, b: &Classes, symmetric: bool, tick: &(dyn Fn(usize) + Sync)) -> Classes {
    let left: Vec<(&Profile, &Poly)> = a.iter().collect();
    // Symmetric: both sides in the same order (two equal maps may iterate differently).
    let right: Vec<(&Profile, &Poly)> = if symmetric { left.clone() } else { b.iter().collect() };
    let indexed: Vec<(usize, &(&Profile, &Poly))> = left.iter().enumerate().collect();
    indexed
        .par_chunks(32)
        .map(|chunk| {
            let mut out: Classes = HashMap::new();
            for (i, (pa, fa)) in chunk {
                let from = if symmetric { *i } else { 0 };
                for (j, (pb, fb)) in right.iter().enumerate().skip(from) {
                    let times = if symmetric && j != *i { 2 } else { 1 };
                    let p = q.combine(pa, pb);
                    out.entry(p).or_insert(Poly::ZERO).add_product(fa, fb, q.tiles, times);
                }
            }
            tick(chunk.len());
            out
        })
        .reduce(HashMap::new, |mut x, y| {
            for (p, f) in y {
                x.entry(p).or_insert(Poly::ZERO).add(&f);
            }
            x
        })
}

/// The shanten distribution of all hands of one size in one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShantenDistribution {
    /// Hand size `M`.
    pub tiles: usize,
    /// The tile universe.
    pub variant: Variant,
    /// `(shanten, count)` for every shanten value that occurs, ascending.
    pub rows: Vec<(i8, Count)>,
}

impl ShantenDistribution {
    /// Counts every hand of `tiles` tiles (1..=14) by shanten number. For 13 and 14 tiles
    /// shanten is the least over the regular form, seven pairs and thirteen orphans; for smaller
    /// hands the regular form with `(tiles - 1) / 3` melds and a pair. A size outside 1..=14
    /// is brought to the nearest end of that range (0 counts 1-tile hands, 40 counts
    /// 14-tile hands); the result's `tiles` is the size counted.
    ///
    /// ```
    /// use haipai_combinatorics::{ShantenDistribution, Variant};
    /// let d = ShantenDistribution::compute(5, Variant::FOUR_PLAYER);
    /// assert_eq!(d.total().states, haipai_combinatorics::binom(136, 5));
    /// assert_eq!(ShantenDistribution::compute(0, Variant::FOUR_PLAYER).tiles, 1);
    /// ```
    pub fn compute(tiles: usize, variant: Variant) -> ShantenDistribution {
        ShantenDistribution::compute_with_progress(tiles, variant, &|_, _| {})
    }

    /// [`ShantenDistribution::compute`], calling `progress(done, total)` from the worker threads
    /// as the two long stages advance (`total` is an estimate until the last stage starts).
    pub fn compute_with_progress(
        tiles: usize,
        variant: Variant,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> ShantenDistribution {
        let tiles = tiles.clamp(1, 14);
        let q = Question::new(tiles);
        let man = suit_classes(&q, variant, 0);
        let pin = suit_classes(&q, variant, 1);
        let sou: Vec<(Profile, Poly)> = suit_classes(&q, variant, 2).into_iter().collect();
        // Progress: the entries of `man` (first product), then those of the last sweep's left side
        // (its size is known only then; estimated meanwhile as three times `man`'s).
        let done = AtomicUsize::new(0);
        let estimate = 4 * man.len();
        let two_suits =
            multiply(&q, &man, &pin, man == pin, &|n| progress(done.fetch_add(n, Ordering::Relaxed) + n, estimate));
        let rest = multiply(&q, &two_suits, &honour_classes(&q, variant), false, &|_| {});
        let entries: Vec<(&Profile, &Poly)> = rest.iter().collect();
        let first = done.load(Ordering::Relaxed);
        let total = first + entries.len();
        let acc = entries
            .par_chunks(16)
            .map(|chunk| {
                let mut acc = [(0u64, 0u64); 16];
                for (pa, fa) in chunk {
                    for (pb, fb) in &sou {
                        let (p, st) = Poly::top_of_product(fa, fb, tiles);
                        if st != 0 {
                            let s = q.combine(pa, pb).shanten(tiles);
                            let e = &mut acc[(s + 1) as usize];
                            e.0 += p;
                            e.1 += st;
                        }
                    }
                }
                progress(done.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len(), total);
                acc
            })
            .reduce(
                || [(0u64, 0u64); 16],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        x.0 += y.0;
                        x.1 += y.1;
                    }
                    a
                },
            );
        let mut acc = acc.map(|(p, st)| Count::new(u128::from(p), u128::from(st)));
        let rows = acc.iter_mut().enumerate().filter(|(_, c)| !c.is_zero()).map(|(i, c)| (i as i8 - 1, *c)).collect();
        ShantenDistribution { tiles, variant, rows }
    }

    /// The sum over all rows (`C(136, M)` states for four players).
    pub fn total(&self) -> Count {
        self.rows.iter().fold(Count::ZERO, |a, (_, c)| a + *c)
    }

    /// The count at one shanten value (zero if none).
    pub fn count(&self, shanten: i8) -> Count {
        self.rows.iter().find(|(s, _)| *s == shanten).map_or(Count::ZERO, |(_, c)| *c)
    }

    /// The exact probability that a random hand (uniform over physical tile sets) has this
    /// shanten number.
    pub fn probability(&self, shanten: i8) -> Ratio {
        Ratio::new(self.count(shanten).states, self.total().states)
    }

    /// The exact probability that a random hand has at most this shanten number.
    pub fn probability_at_most(&self, shanten: i8) -> Ratio {
        let n = self.rows.iter().filter(|(s, _)| *s <= shanten).map(|(_, c)| c.states).sum();
        Ratio::new(n, self.total().states)
    }

    /// The table for people: shanten, patterns, states, exact fraction, percentage, "1 in N",
    /// then the exact mean.
    pub fn render(&self) -> String {
        let mut out = format!(
            "{} tiles, {} players{}: {} states ({} tiles in play), {} patterns\n",
            self.tiles,
            self.variant.players(),
            if self.variant.red_fives { ", red fives distinct" } else { "" },
            self.total().states,
            self.variant.physical_tiles(),
            self.total().patterns
        );
        out.push_str(&format!(
            "{:>7}  {:>14}  {:>20}  {:>12}  {:>14}  {}\n",
            "shanten", "patterns", "states", "percent", "1 in", "exact fraction"
        ));
        for (s, c) in &self.rows {
            let r = self.probability(*s);
            out.push_str(&format!(
                "{:>7}  {:>14}  {:>20}  {:>11.7}%  {:>14}  {}\n",
                s,
                c.patterns,
                c.states,
                100.0 * r.to_f64(),
                one_in(&r),
                r
            ));
        }
        let (neg, mean) = self.mean();
        out.push_str(&format!(
            "mean shanten {}{} ≈ {}{:.6}\n",
            if neg { "-" } else { "" },
            mean,
            if neg { "-" } else { "" },
            mean.to_f64()
        ));
        out
    }

    /// The exact mean shanten over states, as a fraction `(Σ s · states) / total`; its sign is
    /// carried separately because shanten can be -1. Returns `(negative, magnitude)`.
    pub fn mean(&self) -> (bool, Ratio) {
        let pos: u128 = self.rows.iter().filter(|(s, _)| *s > 0).map(|(s, c)| *s as u128 * c.states).sum();
        let neg: u128 =
            self.rows.iter().filter(|(s, _)| *s < 0).map(|(s, c)| s.unsigned_abs() as u128 * c.states).sum();
        let total = self.total().states;
        if pos >= neg { (false, Ratio::new(pos - neg, total)) } else { (true, Ratio::new(neg - pos, total)) }
    }
}

/// "1 in N" for display: `N` to 4 significant digits at least, integers with thousands
/// separators (`330,530`), `never` for probability zero.
pub fn one_in(r: &Ratio) -> String {
    match r.one_in() {
        None => "never".to_string(),
        Some(n) if n >= 1000.0 => {
            let digits = format!("{:.0}", n);
            let mut out = String::new();
            for (i, ch) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    out.push(',');
                }
                out.push(ch);
            }
            out
        }
        Some(n) => format!("{n:.4}").trim_end_matches('0').trim_end_matches('.').to_string(),
    }
}

/// The profile of one whole hand (34 counts), by combining its groups exactly as the
/// distribution does. Its [`Profile::shanten`] is the hand's shanten number.
///
/// Precondition: at most four of a kind and at most 14 tiles (the suit tables cover suits of at
/// most 14 tiles); beyond that the answer is unspecified, never a panic.
pub fn hand_profile(counts: &[u8; 34]) -> Profile {
    let mut p = Profile { d: [FAR; ENTRIES], pairs: 0, kinds: 0, orphans: 0, orphan_pair: false };
    p.d[0] = 0;
    for s in 0..3 {
        let c: [u8; 9] = std::array::from_fn(|i| counts[9 * s + i]);
        p = p.combine(&suit_profile(&c), FAR, 7);
    }
    for &c in &counts[27..] {
        p = p.combine(&honour_profile(c), FAR, 7);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute;
    use haipai_tiles::rng::Rng;
    use haipai_tiles::sample::shuffled_wall_hand;

    /// `../shared/REFERENCE.md`: states per shanten, -1 first (14 tiles) / 0 first (13 tiles).
    const REF14: [u128; 8] = [
        12859078207674,
        2966241795738948,
        99154452630748356,
        828714358375292670,
        1867404976243926528,
        1211948980271480832,
        233501763289743360,
        6601397483077632,
    ];
    const REF13: [u128; 7] = [
        39270395383132,
        3006175115638776,
        45249205945148216,
        175141291509958900,
        192909046305573888,
        63384201353756672,
        4045365540028416,
    ];

    #[test]
    fn reference_tables_digit_for_digit() {
        let d14 = ShantenDistribution::compute(14, Variant::FOUR_PLAYER);
        let states: Vec<u128> = d14.rows.iter().map(|(_, c)| c.states).collect();
        assert_eq!(states, REF14);
        assert_eq!(d14.rows[0].0, -1);
        assert_eq!(d14.total().states, crate::binom(136, 14));
        // The complete hands agree with document 003's table.
        assert_eq!(d14.count(-1).patterns, crate::TenhouTable::compute(14, Variant::FOUR_PLAYER).complete_patterns());
        let d13 = ShantenDistribution::compute(13, Variant::FOUR_PLAYER);
        let states: Vec<u128> = d13.rows.iter().map(|(_, c)| c.states).collect();
        assert_eq!(states, REF13);
        assert_eq!(d13.rows[0].0, 0);
        assert_eq!(d13.total().states, crate::binom(136, 13));
        assert_eq!(d13.total().patterns, crate::TenhouTable::compute(13, Variant::FOUR_PLAYER).total.patterns);
        // Exact means, also computable by hand from REFERENCE.md's rows (Σ s · states / C(136, M)).
        let (neg, mean) = d14.mean();
        assert!(!neg);
        assert_eq!(mean.to_string(), "33367408859373163/10572898082508000");
        let (neg, mean) = d13.mean();
        assert!(!neg);
        assert_eq!(mean.to_string(), "3638146736905591/1016333101188000");
        let odds = crate::odds::derived(&d13, &d14);
        insta::assert_snapshot!("odds_4p", crate::odds::render(&odds));
        insta::assert_snapshot!("distribution_4p", format!("{}\n{}", d13.render(), d14.render()));
    }

    #[test]
    fn sanma_and_red_fives_snapshot() {
        // Sanma for both sizes; red fives for 13 tiles (14 runs in `cargo xtask verify --full`).
        let mut out = String::new();
        for (m, v) in [(13, Variant::SANMA), (14, Variant::SANMA), (13, Variant { sanma: false, red_fives: true })] {
            let d = ShantenDistribution::compute(m, v);
            assert_eq!(d.total().states, crate::binom(v.physical_tiles(), m as u32));
            assert_eq!(d.total().patterns, crate::TenhouTable::compute(m, v).total.patterns);
            out.push_str(&d.render());
            out.push('\n');
        }
        insta::assert_snapshot!("shanten_variants", out);
    }

    #[test]
    fn red_fives_change_patterns_not_states() {
        // Telling red fives apart splits patterns; the physical tiles, hence the states of every
        // row, are the same. Checked for every size up to 12 here, 13 and 14 under `verify --full`.
        let red = Variant { sanma: false, red_fives: true };
        let red3 = Variant { sanma: true, red_fives: true };
        for m in 1..=12 {
            for (plain, with_red) in [(Variant::FOUR_PLAYER, red), (Variant::SANMA, red3)] {
                let a = ShantenDistribution::compute(m, plain);
                let b = ShantenDistribution::compute(m, with_red);
                let states = |d: &ShantenDistribution| d.rows.iter().map(|(s, c)| (*s, c.states)).collect::<Vec<_>>();
                assert_eq!(states(&a), states(&b), "M={m} {}", with_red.name());
                assert!(b.total().patterns > a.total().patterns, "M={m}");
                assert_eq!(b.total().states, crate::binom(with_red.physical_tiles(), m as u32));
                assert_eq!(b.total().patterns, crate::TenhouTable::compute(m, with_red).total.patterns);
            }
        }
    }

    #[test]
    fn one_in_formats() {
        assert_eq!(one_in(&Ratio::new(1, 330_530)), "330,530");
        assert_eq!(one_in(&Ratio::new(2, 5)), "2.5");
        assert_eq!(one_in(&Ratio::new(0, 5)), "never");
    }

    #[test]
    fn small_hands_match_enumeration() {
        // M = 6..=8 run in `cargo xtask verify --full`.
        for v in brute::VARIANTS {
            for m in 1..=5 {
                let fast = ShantenDistribution::compute(m, v);
                assert_eq!(fast, brute::shanten_distribution(m, v), "M={m} {}", v.name());
                assert_eq!(fast.total().states, crate::binom(v.physical_tiles(), m as u32));
            }
        }
    }

    #[test]
    fn hand_profile_matches_target_enumeration() {
        let mut rng = Rng::new(11);
        for n in 0..4000 {
            let size = [1, 2, 4, 5, 7, 8][n % 6];
            let c = shuffled_wall_hand(&mut rng, size);
            assert_eq!(
                hand_profile(&c).shanten(size),
                brute::regular_shanten(&c, size),
                "{}",
                haipai_tiles::counts_to_string(&c)
            );
        }
    }

    #[test]
    fn hand_profile_matches_haipai_shanten() {
        // The combination of profiles against haipai-shanten's fast path (which merges the same
        // suit vectors by its own class tables) on seeded random hands of every size.
        let mut rng = Rng::new(2026);
        for n in 0..20_000 {
            let size = 1 + n % 14;
            let c = shuffled_wall_hand(&mut rng, size);
            assert_eq!(
                hand_profile(&c).shanten(size),
                brute::shanten_of(&c, size),
                "{}",
                haipai_tiles::counts_to_string(&c)
            );
        }
    }

    #[test]
    fn hand_shanten_matches_xiangting() {
        let mut rng = Rng::new(7);
        for n in 0..3000 {
            let size = if n % 2 == 0 { 13 } else { 14 };
            let c = shuffled_wall_hand(&mut rng, size);
            let ours = hand_profile(&c).shanten(size);
            let theirs = xiangting::calculate_replacement_number(&c, xiangting::PlayerCount::Four).unwrap() as i8 - 1;
            assert_eq!(ours, theirs, "{}", haipai_tiles::counts_to_string(&c));
        }
    }
}

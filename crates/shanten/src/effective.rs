//! Table-driven necessary tiles (有効牌) and unnecessary tiles (不要牌).
//!
//! For each suit take the combined vector `O` of the other three suits (the rest of the hand)
//! and flip it into `W[k][p] = O[m - k][1 - p]` (what the others need when this suit holds
//! `k` melds and `p` pairs). Every entry has `V + W >= r` (the suit's vector `V`, the
//! replacement number `r`), and the entries with `V + W = r` are the suit's *optimal
//! entries* `E` (a 10-bit mask; generated for every suit class, class of the rest and `m`:
//! [`tables::suit_optimal`], [`tables::honour_optimal`], one table read instead of the vector
//! arithmetic of [`optimal_entries`]). A draw changes one entry by at most -1, so it lowers `r`
//! exactly when it lowers an entry of `E`; a discard changes an entry by at most +1, so it
//! keeps `r` exactly when it keeps an entry of `E`. Which entries a change of suit class
//! `from → to` lowers (keeps) is a generated 10-bit mask, so each kind costs the changed
//! pattern's class (its rank comes from the neighbour ranks, all nine computed in one pass),
//! one table read and one AND, for all nine kinds of a suit without branches. This is the
//! idea of xiangting's necessary / unnecessary tables (there per pattern and entry; here per
//! pair of classes, 80 KiB). Honour kinds with the same count give the same class (the
//! histogram key), so at most four honour evaluations are needed. Seven pairs and thirteen
//! orphans are handled by their formulas.

use crate::tables;
use haipai_tiles::Counts;

const L7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const ONES: u64 = 0x0101_0101_0101_0101;

/// Bytes to bits: a byte whose high bit is set (all others clear) at byte `i` of `x` gives
/// bit `i` of the result.
#[inline(always)]
fn pack(x: u64) -> u32 {
    ((x >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// `0x80` in each byte of `x` that is zero, `0` elsewhere (exact, no false positives).
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    !(((x & L7) + L7) | x | L7)
}

/// The entries `e = 2k + p` (bits 0..10) on an optimal path for one suit: where
/// `V[e] + W[e] = r` with `W[k][p] = O[m - k][1 - p]` the cost of the other suits and
/// `k <= m`. Since the vectors add up to at least `r` everywhere and a draw lowers an
/// entry by at most one (a discard raises it by at most one), a draw lowers `r` exactly
/// when it lowers one of these entries, and a discard keeps `r` exactly when it keeps one.
/// The generator computes the optimal-entry tables with it ([`tables::suit_optimal`]).
#[inline(always)]
pub(crate) fn optimal_entries(v: u128, others: u128, m: usize, r: u8) -> u32 {
    let m = m.min(4);
    // Byte j of `x` is others[2m + 1 - j] for j <= 2m + 1, and 0x7f above (never on a path).
    let len = u128::MAX >> (8 * (14 - 2 * m));
    let x = (others.swap_bytes() >> (8 * (14 - 2 * m))) | (!len & (u128::from(L7) * (1 | 1 << 64)));
    // Entries are at most 10 (and 0x7f): the byte sums do not carry.
    let sum = v + x;
    let target = u64::from(r) * ONES;
    let lo = zero_bytes(sum as u64 ^ target);
    let hi = zero_bytes((sum >> 64) as u64 ^ target) & 0xffff;
    pack(lo) | pack(hi) << 8
}

/// How [`regular`] learns, for one suit, which of its nine kinds change some entry of the
/// optimal set `e` (bits `2k + p`): a draw of the kind lowers it (`draw`), or a discard keeps
/// it (`!draw`). Bit `i` = the suit's kind `i`; kinds that are not candidates (held four
/// times for a draw, not held for a discard) may be set, [`regular`] masks them off.
pub(crate) trait SuitChanges {
    /// The suit's counts `suit`, their rank ([`tables::rank9`]) and class.
    fn kinds(&mut self, suit: &[u8; 9], rank: usize, class: u8, e: u32, draw: bool) -> u64;
}

/// [`SuitChanges`] computed on the spot: the nine neighbour classes from their ranks.
pub(crate) struct Direct;

impl SuitChanges for Direct {
    #[inline(always)]
    fn kinds(&mut self, suit: &[u8; 9], _rank: usize, class: u8, e: u32, draw: bool) -> u64 {
        let ranks = if draw { tables::ranks_plus(suit) } else { tables::ranks_minus(suit) };
        let row = tables::suit_change_row(class, draw);
        let mut sb = 0u64;
        for (i, &rank) in ranks.iter().take(9).enumerate() {
            let changed = tables::change_mask(row, tables::suit_class_of_rank(rank));
            sb |= u64::from(u32::from(changed) & e != 0) << i;
        }
        sb
    }
}

/// For each of a suit's nine kinds (its counts `suit`, its class `class`), the entries of the
/// suit's cost vector that a draw of the kind lowers (`draw`) or a discard of it keeps.
/// Meaningful for the candidates only (below four copies for a draw, held for a discard).
#[inline(always)]
pub(crate) fn changed_entries(suit: &[u8; 9], class: u8, draw: bool) -> [u16; 9] {
    let ranks = if draw { tables::ranks_plus(suit) } else { tables::ranks_minus(suit) };
    // All nine kinds, branch-free (cheaper than visiting only the candidates, whose number
    // the branch predictor cannot guess); the changed ranks of kinds that are not candidates
    // are some rank in range.
    let row = tables::suit_change_row(class, draw);
    std::array::from_fn(|i| tables::change_mask(row, tables::suit_class_of_rank(ranks[i])))
}

/// Regular form: the replacement number, and the kinds whose draw (`draw`) lowers it or
/// whose discard (`!draw`) keeps it.
#[inline(always)]
pub(crate) fn regular<S: SuitChanges>(
    counts: &Counts,
    masks: &Masks,
    m: usize,
    draw: bool,
    changes: &mut S,
) -> (u8, u64) {
    let (sm, sp, ss, sz) = tables::split(counts);
    let suits = [sm, sp, ss];
    // Written out rather than `suits.map(..)`: the array map was an outlined call per oracle
    // call, its argument array passed through memory.
    let ranks = [tables::rank9(sm), tables::rank9(sp), tables::rank9(ss)];
    let [cm, cp, cs] = ranks.map(tables::suit_class_of_rank);
    let cz = tables::honour_class(sz);
    let mp = tables::combine_suits(cm, cp);
    let mps = tables::add_suit(mp, cs);
    let r = tables::finish(tables::add_honours(mps, cz), m);
    let o_m = tables::add_honours(tables::combine_suits(cp, cs), cz);
    let o_p = tables::add_honours(tables::combine_suits(cm, cs), cz);
    let o_s = tables::add_honours(mp, cz);
    let others = [o_m, o_p, o_s];
    let classes = [cm, cp, cs];
    // Candidate kinds: below four copies for a draw, held for a discard.
    let candidates = if draw { ALL & !masks.four } else { masks.held };
    let mut bits = 0u64;
    for s in 0..3 {
        let c = classes[s];
        let e = u32::from(tables::suit_optimal(m, c, others[s]));
        bits |= changes.kinds(suits[s], ranks[s], c, e, draw) << (9 * s);
    }
    let e = u32::from(tables::honour_optimal(m, cz, mps));
    let key = tables::honour_key(sz);
    for c in 0..4 {
        // Draw: a kind held c times gets c + 1. Discard: a kind held c + 1 times gets c.
        let (from, to) = if draw { (c, c + 1) } else { (c + 1, c) };
        let kinds = masks.exactly(from) >> 27 & 0x7f;
        let next = (key + weight(to)).wrapping_sub(weight(from));
        let changed = tables::honour_change(cz, tables::honour_class_of_key(next), draw);
        bits |= kinds << 27 & (u64::from(u32::from(changed) & e != 0)).wrapping_neg();
    }
    (r, bits & candidates)
}

/// The histogram-key weight of a count (see [`tables::honour_key`]).
#[inline(always)]
fn weight(c: usize) -> usize {
    (1usize << (3 * c)) >> 3
}

/// Regular-form replacement number and necessary kinds (bits over the 34 kinds).
#[inline]
pub(crate) fn regular_necessary(counts: &Counts, masks: &Masks, m: usize) -> (u8, u64) {
    regular(counts, masks, m, true, &mut Direct)
}

/// Regular-form replacement number and unnecessary kinds (bits over the 34 kinds).
#[inline]
pub(crate) fn regular_unnecessary(counts: &Counts, masks: &Masks, m: usize) -> (u8, u64) {
    regular(counts, masks, m, false, &mut Direct)
}

const ALL: u64 = (1 << 34) - 1;
/// The thirteen terminal and honour kinds.
const ORPHAN_BITS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;

/// Bit masks (over the 34 kinds) of the kinds held at least once, twice, three and four
/// times.
#[derive(Clone, Copy)]
pub(crate) struct Masks {
    /// Held at least once.
    pub held: u64,
    /// At least twice.
    pub two: u64,
    /// At least three times.
    pub three: u64,
    /// Four times.
    pub four: u64,
}

impl Masks {
    #[inline(always)]
    pub(crate) fn new(counts: &Counts) -> Masks {
        // Bytes to bits: a 0/1 byte at byte i goes to bit i of the top byte of the product.
        let pack = |x: u64| x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let w = crate::words(counts);
        // The three bit planes of the counts (each at most 4 = 0b100).
        let (mut b0, mut b1, mut b2) = (0u64, 0u64, 0u64);
        for (j, &x) in w.iter().enumerate() {
            b0 |= pack(x & ONES) << (8 * j);
            b1 |= pack(x >> 1 & ONES) << (8 * j);
            b2 |= pack(x >> 2 & ONES) << (8 * j);
        }
        Masks { held: b0 | b1 | b2, two: b1 | b2, three: b2 | (b1 & b0), four: b2 }
    }

    /// Kinds held exactly `c` times (0..=4).
    #[inline(always)]
    fn exactly(&self, c: usize) -> u64 {
        match c {
            0 => ALL & !self.held,
            1 => self.held & !self.two,
            2 => self.two & !self.three,
            3 => self.three & !self.four,
            _ => self.four,
        }
    }
}

/// Seven pairs (13/14 tiles): shanten, the draws that lower it, the discards that keep it.
#[inline]
pub(crate) fn seven_pairs(masks: &Masks) -> (i8, u64, u64) {
    let Masks { held, two, three, .. } = *masks;
    let ones = held & !two;
    let kinds = held.count_ones() as i8;
    let pairs = two.count_ones() as i8;
    let shanten = 6 - pairs + (7 - kinds).max(0);
    // A single becomes a pair; a new kind helps only while fewer than seven kinds.
    let draws = ones | if kinds < 7 { ALL & !held } else { 0 };
    // A third or fourth copy is spare; a single is spare once there are more than seven kinds.
    let discards = three | if kinds > 7 { ones } else { 0 };
    (shanten, draws, discards)
}

/// Thirteen orphans (13/14 tiles): shanten, the draws that lower it, the discards that keep it.
#[inline]
pub(crate) fn thirteen_orphans(masks: &Masks) -> (i8, u64, u64) {
    let Masks { held: all_held, two: all_two, three: all_three, .. } = *masks;
    let held = all_held & ORPHAN_BITS;
    let pairs = all_two & ORPHAN_BITS;
    let kinds = held.count_ones() as i8;
    let shanten = 13 - kinds - i8::from(pairs != 0);
    let draws = (ORPHAN_BITS & !held) | if pairs != 0 { 0 } else { held };
    // A discard keeps the shanten if it is no orphan, a third copy, or a pair when another
    // pair exists.
    // Two pairs or more: a bit left once the lowest is cleared (no bit count: a dozen
    // instructions without `popcnt` in the baseline target).
    let spare_pairs = if pairs & pairs.wrapping_sub(1) != 0 { pairs } else { 0 };
    (shanten, draws, (all_held & !ORPHAN_BITS) | (all_three & ORPHAN_BITS) | spare_pairs)
}

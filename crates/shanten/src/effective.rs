//! Table-driven necessary tiles (有効牌) and unnecessary tiles (不要牌).
//!
//! A draw of kind `t` in suit `s` lowers the replacement number `r` exactly when some
//! optimal split of the melds and the pair among the suits gives suit `s` an entry
//! `(k, p)` whose cost drops when `t` is added. So for each suit we read the combined
//! vector `O` of the other three suits from the tables, flip it into
//! `W[k][p] = O[m - k][1 - p]`, and for each kind compare `min(V' + W)` with `r`, where `V'`
//! is the vector of the suit pattern with the tile added (its class found through the
//! neighbour ranks, all nine computed in one pass). Discards work the same way with a tile
//! removed. Honour kinds with the same count give the same class (the histogram key), so at
//! most four honour evaluations are needed. Seven pairs and thirteen orphans are handled by their formulas.

use crate::tables;
use haipai_tiles::Counts;

const H: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;
const ONES: u128 = 0x0101_0101_0101_0101_0101_0101_0101_0101;

/// Thresholds for one suit: byte `2k + p` is `r + bias - W[k][p]` (0 where negative or
/// where the entry is not allowed), where `W[k][p] = O[m - k][1 - p]` is what the other
/// suits need when this suit holds `k` melds and `p` pairs. A candidate vector `V'` passes
/// when some byte has `V' + 1 <= threshold`, tested on all 16 bytes at once.
#[inline(always)]
fn thresholds(others: u128, m: usize, r: u8, bias: u8) -> u128 {
    let m = m.min(4);
    // Byte j of `x` is others[2m + 1 - j] for j <= 2m + 1, and 0 above.
    let x = others.swap_bytes() >> (8 * (14 - 2 * m));
    let len = u128::MAX >> (8 * (14 - 2 * m));
    let d = ((ONES * u128::from(r + bias)) | H) - x;
    // Keep r + bias - x where it is not negative (the high bit survived), else 0.
    let keep = ((d & H) >> 7) * 0xff;
    // Stored as `(t | H) - 1` per byte (no borrow: every byte is at least 0x80), the form
    // [`passes`] subtracts from.
    ((d & !H & keep & len) | H) - ONES
}

/// True if some byte of `v` (each at most 10) satisfies `v + 1 <= t`, given the thresholds
/// as [`thresholds`] stores them (`(t | 0x80) - 1` per byte, t below 128).
#[inline(always)]
fn passes(v: u128, stored: u128) -> bool {
    (stored - v) & H != 0
}

/// Per-suit thresholds and the replacement number.
struct Context {
    t: [u128; 4],
    r: u8,
}

/// `bias` 0: draws that lower `r` (`V' + W < r`); `bias` 1: discards that keep it
/// (`V' + W <= r`, and never below).
#[inline(always)]
fn context(counts: &Counts, m: usize, bias: u8) -> Context {
    let (sm, sp, ss, sz) = tables::split(counts);
    let (cm, cp, cs, cz) =
        (tables::suit_class(sm), tables::suit_class(sp), tables::suit_class(ss), tables::honor_class(sz));
    let mp = tables::combine_suits(cm, cp);
    let mps = tables::add_suit(mp, cs);
    let r = tables::finish(tables::add_honors(mps, cz), m);
    let o_m = tables::add_honors(tables::combine_suits(cp, cs), cz);
    let o_p = tables::add_honors(tables::combine_suits(cm, cs), cz);
    let o_s = tables::add_honors(mp, cz);
    let others = [o_m, o_p, o_s, mps].map(tables::combined_vector_bits);
    // Full hands (13/14 tiles, m = 4) get constant shifts in `thresholds`.
    let t = if m >= 4 { others.map(|o| thresholds(o, 4, r, bias)) } else { others.map(|o| thresholds(o, m, r, bias)) };
    Context { t, r }
}

/// The histogram-key weight of a count (see [`tables::honor_key`]).
#[inline(always)]
fn weight(c: usize) -> usize {
    (1usize << (3 * c)) >> 3
}

/// Regular form: the replacement number, and the kinds whose draw (`draw`) lowers it or
/// whose discard (`!draw`) keeps it.
#[inline(always)]
fn regular(counts: &Counts, masks: &Masks, m: usize, draw: bool) -> (u8, u64) {
    let ctx = context(counts, m, u8::from(!draw));
    // Candidate kinds: below four copies for a draw, held for a discard.
    let candidates = if draw { ALL & !masks.four } else { masks.held };
    let mut bits = 0u64;
    for s in 0..3 {
        let suit: &[u8; 9] = counts[9 * s..9 * s + 9].try_into().expect("nine");
        let ranks = if draw { tables::ranks_plus(suit) } else { tables::ranks_minus(suit) };
        let mut todo = candidates >> (9 * s) & 0x1ff;
        if draw {
            // Draws with no held tile of the suit within two ranks all give the same suit
            // class (checked over every pattern by the `far_draws_in_a_suit_share_one_class`
            // test), so one evaluation decides them all.
            let h = masks.held >> (9 * s) & 0x1ff;
            let near = (h | h << 1 | h << 2 | h >> 1 | h >> 2) & 0x1ff;
            let far = todo & !near;
            if far != 0 {
                let i = far.trailing_zeros() as usize;
                let v = tables::suit_vector_bits(tables::suit_class_of_rank(ranks[i & 15]));
                bits |= far << (9 * s) & u64::from(passes(v, ctx.t[s])).wrapping_neg();
                todo &= near;
            }
        }
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let v = tables::suit_vector_bits(tables::suit_class_of_rank(ranks[i & 15]));
            bits |= u64::from(passes(v, ctx.t[s])) << (9 * s + i);
        }
    }
    let honors: &[u8; 7] = counts[27..34].try_into().expect("seven");
    let key = tables::honor_key(honors);
    for c in 0..4 {
        // Draw: a kind held c times gets c + 1. Discard: a kind held c + 1 times gets c.
        let (from, to) = if draw { (c, c + 1) } else { (c + 1, c) };
        let kinds = masks.exactly(from) >> 27 & (candidates >> 27);
        let next = (key + weight(to)).wrapping_sub(weight(from));
        let v = tables::honor_vector_bits(tables::honor_class_of_key(next));
        bits |= (kinds & 0x7f) << 27 & (u64::from(passes(v, ctx.t[3])).wrapping_neg());
    }
    (ctx.r, bits)
}

/// Regular-form replacement number and necessary kinds (bits over the 34 kinds).
#[inline]
pub(crate) fn regular_necessary(counts: &Counts, masks: &Masks, m: usize) -> (u8, u64) {
    regular(counts, masks, m, true)
}

/// Regular-form replacement number and unnecessary kinds (bits over the 34 kinds).
#[inline]
pub(crate) fn regular_unnecessary(counts: &Counts, masks: &Masks, m: usize) -> (u8, u64) {
    regular(counts, masks, m, false)
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
        let hi = 0x8080_8080_8080_8080u64;
        let w = crate::words(counts);
        let at = |bias: u64| {
            let mut m = 0u64;
            for (j, &x) in w.iter().enumerate() {
                m |= pack((x.wrapping_add(bias) & hi) >> 7) << (8 * j);
            }
            m
        };
        Masks {
            held: at(0x7f7f_7f7f_7f7f_7f7f),
            two: at(0x7e7e_7e7e_7e7e_7e7e),
            three: at(0x7d7d_7d7d_7d7d_7d7d),
            four: at(0x7c7c_7c7c_7c7c_7c7c),
        }
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
    let spare_pairs = if pairs.count_ones() >= 2 { pairs } else { 0 };
    (shanten, draws, (all_held & !ORPHAN_BITS) | (all_three & ORPHAN_BITS) | spare_pairs)
}

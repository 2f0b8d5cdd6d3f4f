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

use crate::reference::ORPHANS;
use crate::tables::{self, Vector};
use haipai_tiles::Counts;

#[inline(always)]
fn flip(others: &Vector, m: usize) -> Vector {
    let mut w = [crate::generate::CLAMP; 16];
    for k in 0..=m.min(4) {
        w[2 * k] = others[2 * (m - k) + 1];
        w[2 * k + 1] = others[2 * (m - k)];
    }
    w
}

#[inline(always)]
fn min_sum(v: &Vector, w: &Vector) -> u8 {
    let mut best = u8::MAX;
    for j in 0..16 {
        best = best.min(v[j] + w[j]);
    }
    best
}

/// The histogram-key weight of a count (see [`tables::honor_key`]).
#[inline(always)]
fn weight(c: usize) -> usize {
    (1usize << (3 * c)) >> 3
}

/// Bits (0..7) of the honour kinds held exactly `c` times.
#[inline(always)]
fn kinds_with_count(honors: &[u8; 7], c: usize) -> u64 {
    let mut bits = 0u64;
    for (i, &h) in honors.iter().enumerate() {
        bits |= u64::from(usize::from(h) == c) << i;
    }
    bits
}

/// Per-suit context: classes and the flipped vectors of the other suits.
struct Context {
    w: [Vector; 4],
    r: u8,
}

#[inline(always)]
fn context(counts: &Counts, m: usize) -> Context {
    let (sm, sp, ss, sz) = tables::split(counts);
    let (cm, cp, cs, cz) =
        (tables::suit_class(sm), tables::suit_class(sp), tables::suit_class(ss), tables::honor_class(sz));
    let mp = tables::combine_suits(cm, cp);
    let mps = tables::add_suit(mp, cs);
    let r = tables::finish(tables::add_honors(mps, cz), m);
    let o_m = tables::add_honors(tables::combine_suits(cp, cs), cz);
    let o_p = tables::add_honors(tables::combine_suits(cm, cs), cz);
    let o_s = tables::add_honors(mp, cz);
    let w = [
        flip(&tables::combined_vector(o_m), m),
        flip(&tables::combined_vector(o_p), m),
        flip(&tables::combined_vector(o_s), m),
        flip(&tables::combined_vector(mps), m),
    ];
    Context { w, r }
}

/// Regular-form replacement number and necessary kinds (bits over the 34 kinds).
#[inline]
pub(crate) fn regular_necessary(counts: &Counts, m: usize) -> (u8, u64) {
    let ctx = context(counts, m);
    let mut bits = 0u64;
    for s in 0..3 {
        let suit: &[u8; 9] = counts[9 * s..9 * s + 9].try_into().expect("nine");
        let ranks = tables::ranks_plus(suit);
        for i in 0..9 {
            if suit[i] < 4 {
                let v = tables::suit_vector(tables::suit_class_of_rank(ranks[i]));
                if min_sum(&v, &ctx.w[s]) < ctx.r {
                    bits |= 1 << (9 * s + i);
                }
            }
        }
    }
    let honors: &[u8; 7] = counts[27..34].try_into().expect("seven");
    let key = tables::honor_key(honors);
    for c in 0..4 {
        let kinds = kinds_with_count(honors, c);
        if kinds != 0 {
            let v = tables::honor_vector(tables::honor_class_of_key(key + weight(c + 1) - weight(c)));
            if min_sum(&v, &ctx.w[3]) < ctx.r {
                bits |= kinds << 27;
            }
        }
    }
    (ctx.r, bits)
}

/// Regular-form replacement number and unnecessary kinds (bits over the 34 kinds).
#[inline]
pub(crate) fn regular_unnecessary(counts: &Counts, m: usize) -> (u8, u64) {
    let ctx = context(counts, m);
    let mut bits = 0u64;
    for s in 0..3 {
        let suit: &[u8; 9] = counts[9 * s..9 * s + 9].try_into().expect("nine");
        let ranks = tables::ranks_minus(suit);
        for i in 0..9 {
            if suit[i] > 0 {
                let v = tables::suit_vector(tables::suit_class_of_rank(ranks[i]));
                if min_sum(&v, &ctx.w[s]) == ctx.r {
                    bits |= 1 << (9 * s + i);
                }
            }
        }
    }
    let honors: &[u8; 7] = counts[27..34].try_into().expect("seven");
    let key = tables::honor_key(honors);
    for c in 1..5 {
        let kinds = kinds_with_count(honors, c);
        if kinds != 0 {
            let v = tables::honor_vector(tables::honor_class_of_key(key + weight(c - 1) - weight(c)));
            if min_sum(&v, &ctx.w[3]) == ctx.r {
                bits |= kinds << 27;
            }
        }
    }
    (ctx.r, bits)
}

/// Seven pairs (13/14 tiles): shanten, the draws that lower it, the discards that keep it.
#[inline]
pub(crate) fn seven_pairs(counts: &Counts) -> (i8, u64, u64) {
    let (mut ones, mut twos, mut more) = (0u64, 0u64, 0u64);
    for (i, &c) in counts.iter().enumerate() {
        ones |= u64::from(c == 1) << i;
        twos |= u64::from(c == 2) << i;
        more |= u64::from(c >= 3) << i;
    }
    let kinds = (ones | twos | more).count_ones() as i8;
    let pairs = (twos | more).count_ones() as i8;
    let shanten = 6 - pairs + (7 - kinds).max(0);
    let all = (1u64 << 34) - 1;
    let absent = all & !(ones | twos | more);
    // A single becomes a pair; a new kind helps only while fewer than seven kinds.
    let draws = ones | if kinds < 7 { absent } else { 0 };
    // A third or fourth copy is spare; a single is spare once there are more than seven kinds.
    let discards = more | if kinds > 7 { ones } else { 0 };
    (shanten, draws, discards)
}

/// Thirteen orphans (13/14 tiles): shanten, the draws that lower it, the discards that keep it.
#[inline]
pub(crate) fn thirteen_orphans(counts: &Counts) -> (i8, u64, u64) {
    let mut held = 0u64;
    let mut pairs = 0u64;
    let mut orphans = 0u64;
    for i in ORPHANS {
        orphans |= 1 << i;
        held |= u64::from(counts[i] >= 1) << i;
        pairs |= u64::from(counts[i] >= 2) << i;
    }
    let kinds = held.count_ones() as i8;
    let has_pair = pairs != 0;
    let shanten = 13 - kinds - i8::from(has_pair);
    let draws = (orphans & !held) | if has_pair { 0 } else { held };
    let all = (1u64 << 34) - 1;
    let non_orphans = all & !orphans & TileSetBits::held(counts);
    let triples = ORPHANS.iter().fold(0u64, |acc, &i| acc | u64::from(counts[i] >= 3) << i);
    // A discard keeps the shanten if it is no orphan, a third copy, or a pair when another pair exists.
    let spare_pairs = if pairs.count_ones() >= 2 { pairs } else { 0 };
    (shanten, draws, non_orphans | triples | spare_pairs)
}

struct TileSetBits;

impl TileSetBits {
    #[inline(always)]
    fn held(counts: &Counts) -> u64 {
        let mut bits = 0u64;
        for (i, &c) in counts.iter().enumerate() {
            bits |= u64::from(c > 0) << i;
        }
        bits
    }
}

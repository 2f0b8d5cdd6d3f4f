//! Slow, obviously correct oracles: enumerate every multiset of `M` tiles over the 34 kinds
//! (at most the copies in play of each), weigh each one directly, and classify it with
//! code that shares nothing with the generating functions: straightforward recursions for the
//! complete forms, haipai-shanten's own `shanten` for shanten numbers.
//!
//! Also here: the per-suit oracles for the two pieces the fast paths borrow from sibling
//! crates, `suit_is_complete` (against `haipai_decompose::suit_is_complete`) and
//! `suit_distances` (against haipai-shanten's table vectors), both compared on every suit
//! pattern by the tests.
//!
//! Used by the unit tests for small `M` and by `cargo xtask verify --full` for `M ≤ 8`.
//!
//! The classifiers take any counts without a panic, but the meld recursions take time
//! exponential in the number of tiles: they are meant for hands of at most 14 tiles (a hand
//! of 255 copies of every kind would not finish).

use crate::count::Count;
use crate::profile::{ENTRIES, FAR, MELDS};
use crate::tenhou::TenhouTable;
use crate::variant::Variant;

/// The four variants every table is checked in.
pub const VARIANTS: [Variant; 4] = [
    Variant { sanma: false, red_fives: false },
    Variant { sanma: true, red_fives: false },
    Variant { sanma: false, red_fives: true },
    Variant { sanma: true, red_fives: true },
];

/// Calls `f(counts, weight)` for every multiset of exactly `m` tiles of the variant.
pub fn for_each_hand(m: usize, variant: Variant, mut f: impl FnMut(&[u8; 34], Count)) {
    fn rec(k: usize, left: usize, c: &mut [u8; 34], w: Count, v: Variant, f: &mut dyn FnMut(&[u8; 34], Count)) {
        if k == 34 {
            if left == 0 {
                f(c, w);
            }
            return;
        }
        // Not enough room left in the remaining kinds: prune.
        if left > 4 * (34 - k) {
            return;
        }
        for n in 0..=left.min(usize::from(v.copies(k))) {
            c[k] = n as u8;
            rec(k + 1, left - n, c, w * v.weight(k, n as u8), v, f);
        }
        c[k] = 0;
    }
    rec(0, m, &mut [0; 34], Count::ONE, variant, &mut f);
}

/// Whether the 34 counts split into melds only (runs within a suit, triplets).
pub fn all_melds(c: &mut [u8; 34]) -> bool {
    let Some(i) = c.iter().position(|&n| n > 0) else {
        return true;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = all_melds(c);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        for d in 0..3 {
            c[i + d] -= 1;
        }
        let ok = all_melds(c);
        for d in 0..3 {
            c[i + d] += 1;
        }
        return ok;
    }
    false
}

/// Whether the hand is melds plus exactly one pair.
pub fn melds_and_pair(c: &[u8; 34]) -> bool {
    let mut c = *c;
    for i in 0..34 {
        if c[i] >= 2 {
            c[i] -= 2;
            let ok = all_melds(&mut c);
            c[i] += 2;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Whether every held kind is held exactly twice (seven pairs when 14 tiles).
pub fn pairs_only(c: &[u8; 34]) -> bool {
    c.iter().all(|&n| n == 0 || n == 2)
}

/// Thirteen orphans: every terminal and honour held, one of them twice, nothing else.
pub fn thirteen_orphans(c: &[u8; 34]) -> bool {
    let term = |i: usize| i >= 27 || matches!(i % 9, 0 | 8);
    (0..34).all(|i| if term(i) { (1..=2).contains(&c[i]) } else { c[i] == 0 })
        && (0..34).filter(|&i| c[i] == 2).count() == 1
}

/// Document 003's table by enumeration.
pub fn tenhou(m: usize, variant: Variant) -> TenhouTable {
    let mut t = TenhouTable {
        tiles: m,
        variant,
        total: Count::ZERO,
        legal: Count::ZERO,
        internal_seven_pairs: Count::ZERO,
        seven_pairs: Count::ZERO,
        thirteen_orphans: Count::ZERO,
    };
    for_each_hand(m, variant, |c, w| {
        t.total += w;
        let legal = m % 3 == 2 && melds_and_pair(c);
        let sp = m.is_multiple_of(2) && pairs_only(c);
        if legal {
            t.legal += w;
        }
        if sp {
            t.seven_pairs += w;
        }
        if legal && sp {
            t.internal_seven_pairs += w;
        }
        if thirteen_orphans(c) {
            t.thirteen_orphans += w;
        }
    });
    t
}

/// The shanten number of one hand of `m` tiles as the distribution defines it, computed by
/// haipai-shanten (no code shared with the profiles): [`haipai_shanten::shanten`] for the sizes
/// it accepts (`3n + 1`, `3n + 2`), and for `m = 3, 6, 9, 12` its regular replacement number with
/// `(m - 1) / 3` melds and a pair, minus one.
pub fn shanten_of(c: &[u8; 34], m: usize) -> i8 {
    if m.is_multiple_of(3) {
        haipai_shanten::regular_replacement(c, (m.max(1) - 1) / 3) as i8 - 1
    } else {
        haipai_shanten::shanten(c)
    }
}

/// The shanten distribution by enumeration: every hand of `m` tiles, classified by
/// [`shanten_of`].
pub fn shanten_distribution(m: usize, variant: Variant) -> crate::ShantenDistribution {
    let mut acc = [Count::ZERO; 16];
    for_each_hand(m, variant, |c, w| {
        let s = shanten_of(c, m);
        acc[(s + 1) as usize] += w;
    });
    let rows = (0..16).filter(|&i| !acc[i].is_zero()).map(|i| (i as i8 - 1, acc[i])).collect();
    crate::ShantenDistribution { tiles: m, variant, rows }
}

/// Regular-form shanten of a hand of `m` tiles by enumerating every complete target (`k = (m - 1) / 3`
/// melds and a pair, at most four of a kind) and counting the tiles the hand lacks; minus one.
/// Exponential in `k`: meant for `m ≤ 8`.
pub fn regular_shanten(c: &[u8; 34], m: usize) -> i8 {
    let k = (m.max(1) - 1) / 3;
    let mut target = [0u8; 34];
    let mut best = u32::MAX;
    fn lack(c: &[u8; 34], t: &[u8; 34]) -> u32 {
        (0..34).map(|i| u32::from(t[i].saturating_sub(c[i]))).sum()
    }
    fn rec(start: usize, left: usize, c: &[u8; 34], t: &mut [u8; 34], best: &mut u32) {
        if left == 0 {
            for p in 0..34 {
                if t[p] + 2 <= 4 {
                    t[p] += 2;
                    *best = (*best).min(lack(c, t));
                    t[p] -= 2;
                }
            }
            return;
        }
        // Meld ids: 0..34 triplets, 34.. runs (suit s, start n).
        for id in start..34 + 21 {
            let tiles: [usize; 3] = if id < 34 {
                [id; 3]
            } else {
                let r = id - 34;
                let base = (r / 7) * 9 + r % 7;
                [base, base + 1, base + 2]
            };
            let mut ok = true;
            for &x in &tiles {
                t[x] += 1;
                ok &= t[x] <= 4;
            }
            if ok {
                rec(id, left - 1, c, t, best);
            }
            for &x in &tiles {
                t[x] -= 1;
            }
        }
    }
    rec(0, k, c, &mut target, &mut best);
    best as i8 - 1
}

/// Whether a nine-count suit splits into melds (runs and triplets) and, when `with_pair`,
/// exactly one pair. A slow, obviously correct recursion on the lowest held tile.
pub fn suit_is_complete(counts: &[u8; 9], with_pair: bool) -> bool {
    let mut c = *counts;
    complete_rec(&mut c, with_pair)
}

fn complete_rec(c: &mut [u8; 9], pair: bool) -> bool {
    let Some(i) = c.iter().position(|&n| n > 0) else {
        return !pair;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = complete_rec(c, pair);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i + 2 < 9 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = complete_rec(c, pair);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        if ok {
            return true;
        }
    }
    if pair && c[i] >= 2 {
        c[i] -= 2;
        let ok = complete_rec(c, false);
        c[i] += 2;
        if ok {
            return true;
        }
    }
    false
}

/// `5^i`.
const POW5: [usize; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];
/// Number of nine-count suit patterns (each count 0..=4).
pub const SUIT_PATTERNS: usize = POW5[9];

/// Index of a suit pattern in the lattice: base 5, tile 1 least significant.
pub fn suit_index(c: &[u8; 9]) -> usize {
    c.iter().rev().fold(0, |acc, &n| acc * 5 + usize::from(n))
}

/// Distance vectors (unclamped, capped at [`FAR`]) of every suit pattern, indexed by
/// [`suit_index`], computed from the definition by two sweeps over the lattice of patterns:
/// upward, "contains a target" (a pattern of exactly `m` melds and `h` pairs) spreads from each
/// pattern to those with one more tile; downward, the distance of a pattern that contains no
/// target is one more than the least distance among the patterns with one more tile. The
/// oracle for [`crate::profile::suit_distance`].
pub fn suit_distances() -> Vec<[u8; ENTRIES]> {
    // Mark targets: every multiset of m ≤ 4 melds (7 runs, 9 triplets) and h ≤ 1 pairs.
    let mut mask = vec![0u16; SUIT_PATTERNS];
    let mut c = [0u8; 9];
    fn melds(start: usize, m: usize, c: &mut [u8; 9], mask: &mut [u16]) {
        // Record with h = 0 and with each possible pair.
        mask[suit_index(c)] |= 1 << (2 * m);
        for p in 0..9 {
            if c[p] + 2 <= 4 {
                c[p] += 2;
                mask[suit_index(c)] |= 1 << (2 * m + 1);
                c[p] -= 2;
            }
        }
        if m == MELDS {
            return;
        }
        // Meld ids 0..9 triplets, 9..16 runs; non-decreasing ids avoid duplicates.
        for id in start..16 {
            let tiles: &[usize] = if id < 9 { &[id, id, id] } else { &[id - 9, id - 8, id - 7] };
            if tiles.iter().all(|&t| c[t] < 4) && (id >= 9 || c[id] + 3 <= 4) {
                for &t in tiles {
                    c[t] += 1;
                }
                melds(id, m + 1, c, mask);
                for &t in tiles {
                    c[t] -= 1;
                }
            }
        }
    }
    melds(0, 0, &mut c, &mut mask);
    // Upward: a pattern contains a target if one with one tile fewer does.
    for idx in 0..SUIT_PATTERNS {
        let mut m = mask[idx];
        for p in POW5.iter().take(9) {
            if (idx / p) % 5 > 0 {
                m |= mask[idx - p];
            }
        }
        mask[idx] = m;
    }
    // Downward: distance = 0 if it contains a target, else 1 + least over one more tile.
    let mut dist = vec![[FAR; ENTRIES]; SUIT_PATTERNS];
    for idx in (0..SUIT_PATTERNS).rev() {
        let mut d = [FAR; ENTRIES];
        for p in POW5.iter().take(9) {
            if (idx / p) % 5 < 4 {
                let up = &dist[idx + p];
                for e in 0..ENTRIES {
                    d[e] = d[e].min(up[e].saturating_add(1));
                }
            }
        }
        for (e, v) in d.iter_mut().enumerate() {
            if mask[idx] & (1 << e) != 0 {
                *v = 0;
            }
        }
        dist[idx] = d;
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{CLAMP, honour_profile, suit_distance};
    use crate::variant::for_each_suit_pattern;

    #[test]
    fn decompose_suit_test_matches_recursion_on_every_suit_pattern() {
        let mut n = 0;
        for_each_suit_pattern(14, |c, _| {
            n += 1;
            for pair in [false, true] {
                assert_eq!(haipai_decompose::suit_is_complete(c, pair), suit_is_complete(c, pair), "{c:?} {pair}");
            }
        });
        assert_eq!(n, 405_350);
    }

    #[test]
    fn shanten_tables_match_lattice_on_every_suit_pattern() {
        let lattice = suit_distances();
        for_each_suit_pattern(14, |c, _| {
            let ours = lattice[suit_index(c)].map(|d| d.min(CLAMP));
            assert_eq!(suit_distance(c), ours, "{c:?}");
        });
    }

    #[test]
    fn honour_profile_matches_shanten_reference() {
        for c in 0..=4u8 {
            let theirs = haipai_shanten::reference::suit_costs(&[c], false);
            let ours = honour_profile(c).d;
            for m in 0..=MELDS {
                for h in 0..2 {
                    assert_eq!(ours[2 * m + h].min(CLAMP), theirs[m][h].min(CLAMP), "c={c} m={m} h={h}");
                }
            }
        }
    }
}

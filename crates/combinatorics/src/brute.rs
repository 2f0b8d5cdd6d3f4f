//! Slow, obviously correct oracles: enumerate every multiset of `M` tiles over the 34 kinds
//! (at most the copies in play of each), weigh each one directly, and classify it with
//! straightforward recursions that do not share code with the fast paths.
//!
//! Used by the unit tests for small `M` and by `cargo xtask verify --full` for `M ≤ 8`.

use crate::count::Count;
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
    let term = |i: usize| i >= 27 || i % 9 == 0 || i % 9 == 8;
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
        let sp = m % 2 == 0 && pairs_only(c);
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

/// The shanten distribution by enumeration: every hand of `m` tiles, its shanten from
/// [`crate::distribution::hand_profile`] (itself checked against [`regular_shanten`] and the
/// `xiangting` crate).
pub fn shanten_distribution(m: usize, variant: Variant) -> crate::ShantenDistribution {
    let mut acc = [Count::ZERO; 16];
    for_each_hand(m, variant, |c, w| {
        let s = crate::distribution::hand_profile(c).shanten(m);
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

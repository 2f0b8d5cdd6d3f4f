//! The reference implementation: slow, obviously right, the oracle for the tables.
//!
//! # Definition
//!
//! A hand of `n = 3m + 1` or `3m + 2` closed tiles needs `m` melds and a pair. Its
//! *replacement number* `r` is the least number of tiles that must be drawn (each draw
//! followed by a discard) to hold a complete hand: the minimum, over every complete hand
//! `W` of `3m + 2` tiles with **at most four copies of each kind**, of the number of tiles
//! of `W` the hand lacks (`Σ max(0, W[i] - H[i])`). Shanten is `r - 1`, so a complete hand
//! is `-1` and tenpai is `0`. The four-copy limit counts only the closed tiles given: the
//! function never sees called melds, so `1111m456p789p123s` is 1-shanten (its only wait
//! would be a fifth 1m). Seven pairs needs seven *different* kinds (a quad is one pair) and
//! thirteen orphans the thirteen terminal and honour kinds plus one more of them; both apply
//! only to hands of 13 or 14 tiles.
//!
//! # Method
//!
//! [`suit_costs`] is a depth-first search over the target shapes of one suit, in the
//! spirit of document 000 but searching what the hand must *become* rather than what it
//! holds: walking the nine (or seven) kinds left to right it chooses how many sequences
//! start at each kind, whether a triplet and whether the pair sit there, never putting more
//! than four copies of a kind in the target, and charges each kind the copies the hand
//! lacks. The result is a 5 × 2 table: the least number of tiles to add for `k` melds
//! (0..=4) and `p` pairs (0 or 1) in that suit. [`regular_replacement`] combines the four
//! suits' tables by min-plus convolution. Because it ranges over every target, the four-copy
//! limit and every partial shape (ryanmen, penchan, kanchan, pair) are taken into account
//! without special cases; memoisation on (kind, open sequences) keeps it polynomial.
//!
//! [`classic_regular`] is the textbook search the document describes, corrected: melds,
//! pair, partial shapes including kanchan, and the bound `2m - 2·melds - partials - pair`
//! with `melds + partials` capped at `m`. It ignores the four-copy limit, so it can be lower
//! than the true value (it gives 0 for `1111m456p789p123s`); the tests check it never
//! exceeds [`shanten_regular`] and equals it on hands with no four-of-a-kind.

#![allow(clippy::needless_range_loop)] // index arithmetic over [k][p] reads clearer

use haipai_tiles::{Counts, Tile, TileSet};

/// A cost larger than any real one (a target that cannot be built).
pub const INF: u8 = 100;

/// Shanten of a form that does not apply to the hand's size (seven pairs and thirteen
/// orphans need 13 or 14 tiles).
pub const NOT_APPLICABLE: i8 = i8::MAX;

/// Least number of tiles to add to `counts` (one suit, 9 kinds, or honours, 7 kinds with
/// `sequences = false`) to hold `k` melds and `p` pairs, indexed `[k][p]`; [`INF`] if no
/// such shape exists.
///
/// # Panics
///
/// When `counts` has more than ten kinds (a suit has nine).
pub fn suit_costs(counts: &[u8], sequences: bool) -> [[u8; 2]; 5] {
    let mut memo = [[[None; 5]; 5]; 10];
    search(counts, sequences, 0, 0, 0, &mut memo)
}

type Costs = [[u8; 2]; 5];

/// Target shapes from kind `i` on, with `a` sequences started at `i - 2` and `b` at `i - 1`
/// still needing kind `i`.
fn search(
    counts: &[u8],
    sequences: bool,
    i: usize,
    a: usize,
    b: usize,
    memo: &mut [[[Option<Costs>; 5]; 5]; 10],
) -> Costs {
    if i == counts.len() {
        let mut base = [[INF; 2]; 5];
        if a == 0 && b == 0 {
            base[0][0] = 0;
        }
        return base;
    }
    if let Some(c) = memo[i][a][b] {
        return c;
    }
    let mut best = [[INF; 2]; 5];
    let have = usize::from(counts[i]);
    let max_start = if sequences && i + 2 < counts.len() { 4 } else { 0 };
    for s in 0..=max_start {
        for t in 0..=1 {
            for q in 0..=1 {
                let want = a + b + s + 3 * t + 2 * q;
                if want > 4 || s + t > 4 {
                    continue;
                }
                let cost = want.saturating_sub(have) as u8;
                let rest = search(counts, sequences, i + 1, b, s, memo);
                for k in 0..5 {
                    for p in 0..2 {
                        let r = rest[k][p];
                        if r >= INF {
                            continue;
                        }
                        let (nk, np) = (k + s + t, p + q);
                        if nk < 5 && np < 2 {
                            best[nk][np] = best[nk][np].min(r + cost);
                        }
                    }
                }
            }
        }
    }
    memo[i][a][b] = Some(best);
    best
}

/// Min-plus convolution of two suits' cost tables.
pub fn combine(x: &[[u8; 2]; 5], y: &[[u8; 2]; 5]) -> [[u8; 2]; 5] {
    let mut out = [[INF; 2]; 5];
    for k1 in 0..5 {
        for p1 in 0..2 {
            for k2 in 0..5 - k1 {
                for p2 in 0..2 - p1 {
                    let v = x[k1][p1].saturating_add(y[k2][p2]).min(INF);
                    let o = &mut out[k1 + k2][p1 + p2];
                    *o = (*o).min(v);
                }
            }
        }
    }
    out
}

/// The cost table of a whole hand: the four suits' tables combined.
pub fn hand_costs(counts: &Counts) -> [[u8; 2]; 5] {
    let m = suit_costs(&counts[0..9], true);
    let p = suit_costs(&counts[9..18], true);
    let s = suit_costs(&counts[18..27], true);
    let z = suit_costs(&counts[27..34], false);
    combine(&combine(&m, &p), &combine(&s, &z))
}

fn size(counts: &Counts) -> usize {
    counts.iter().map(|&c| usize::from(c)).sum()
}

/// Replacement number of the regular form (melds + pair): shanten + 1. Like the crate's
/// plain functions it takes any counts and never panics, but the answer is specified only for
/// a valid hand (at most 14 tiles, four of a kind); a hand of 15 tiles or more needs more
/// than four melds, which no table here holds, and gets [`INF`].
pub fn regular_replacement(counts: &Counts) -> u8 {
    hand_costs(counts).get(size(counts) / 3).map_or(INF, |costs| costs[1])
}

/// Shanten of the regular form (melds + pair); melds needed = tiles / 3.
pub fn shanten_regular(counts: &Counts) -> i8 {
    regular_replacement(counts) as i8 - 1
}

/// Shanten of seven pairs (seven different kinds), or [`NOT_APPLICABLE`] unless 13/14 tiles.
pub fn shanten_seven_pairs(counts: &Counts) -> i8 {
    if !matches!(size(counts), 13 | 14) {
        return NOT_APPLICABLE;
    }
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as i8;
    let kinds = counts.iter().filter(|&&c| c >= 1).count() as i8;
    6 - pairs + (7 - kinds).max(0)
}

/// The thirteen terminal and honour kinds.
pub const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Shanten of thirteen orphans, or [`NOT_APPLICABLE`] unless 13/14 tiles.
pub fn shanten_thirteen_orphans(counts: &Counts) -> i8 {
    if !matches!(size(counts), 13 | 14) {
        return NOT_APPLICABLE;
    }
    let kinds = ORPHANS.iter().filter(|&&i| counts[i] >= 1).count() as i8;
    let pair = ORPHANS.iter().any(|&i| counts[i] >= 2);
    13 - kinds - i8::from(pair)
}

/// Shanten over all three forms.
pub fn shanten(counts: &Counts) -> i8 {
    shanten_regular(counts).min(shanten_seven_pairs(counts)).min(shanten_thirteen_orphans(counts))
}

/// For 3n+1 tiles: shanten and the kinds whose draw lowers it (by trying each draw).
pub fn necessary_tiles(counts: &Counts) -> (i8, TileSet) {
    let now = shanten(counts);
    let mut set = TileSet::EMPTY;
    let mut h = *counts;
    for t in Tile::all() {
        if h[t.index()] >= 4 {
            continue;
        }
        h[t.index()] += 1;
        if shanten(&h) < now {
            set.insert(t);
        }
        h[t.index()] -= 1;
    }
    (now, set)
}

/// For 3n+2 tiles: shanten and the kinds whose discard keeps it (by trying each discard).
pub fn unnecessary_tiles(counts: &Counts) -> (i8, TileSet) {
    let now = shanten(counts);
    let mut set = TileSet::EMPTY;
    let mut h = *counts;
    for t in Tile::all() {
        if h[t.index()] == 0 {
            continue;
        }
        h[t.index()] -= 1;
        if shanten(&h) == now {
            set.insert(t);
        }
        h[t.index()] += 1;
    }
    (now, set)
}

/// The textbook depth-first search (document 000, corrected): melds, pair and partial
/// shapes (pair, ryanmen/penchan, kanchan) are taken out kind by kind, and each full
/// decomposition is scored `2m - 2·melds - partials - pair` with `melds + partials` capped
/// at `m`. It ignores the four-copy limit (see the module docs).
pub fn classic_regular(counts: &Counts) -> i8 {
    let m = (size(counts) / 3) as i8;
    let mut h = *counts;
    let mut best = i8::MAX;
    classic(&mut h, 0, m, 0, 0, false, &mut best);
    best
}

fn classic(h: &mut Counts, mut i: usize, m: i8, melds: i8, partials: i8, pair: bool, best: &mut i8) {
    while i < 34 && h[i] == 0 {
        i += 1;
    }
    if i == 34 {
        let used = partials.min(m - melds);
        let v = 2 * (m - melds) - used - i8::from(pair);
        *best = (*best).min(v);
        return;
    }
    let number = i < 27;
    let pos = i % 9;
    // triplet
    if h[i] >= 3 {
        h[i] -= 3;
        classic(h, i, m, melds + 1, partials, pair, best);
        h[i] += 3;
    }
    // sequence
    if number && pos <= 6 && h[i + 1] > 0 && h[i + 2] > 0 {
        h[i] -= 1;
        h[i + 1] -= 1;
        h[i + 2] -= 1;
        classic(h, i, m, melds + 1, partials, pair, best);
        h[i] += 1;
        h[i + 1] += 1;
        h[i + 2] += 1;
    }
    if h[i] >= 2 {
        h[i] -= 2;
        // the pair (head)
        if !pair {
            classic(h, i, m, melds, partials, true, best);
        }
        // a pair as a partial shape
        classic(h, i, m, melds, partials + 1, pair, best);
        h[i] += 2;
    }
    // ryanmen / penchan, and kanchan
    for d in [1, 2] {
        if number && pos + d <= 8 && h[i + d] > 0 {
            h[i] -= 1;
            h[i + d] -= 1;
            classic(h, i, m, melds, partials + 1, pair, best);
            h[i] += 1;
            h[i + d] += 1;
        }
    }
    // isolated
    h[i] -= 1;
    classic(h, i, m, melds, partials, pair, best);
    h[i] += 1;
}

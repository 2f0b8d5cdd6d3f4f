//! `winning_arrangements`: every distinct regular decomposition of a winning hand's closed
//! tiles, suit by suit, with no allocation.
//!
//! Groups never cross suits, so a hand's arrangements are the cartesian product of each suit's
//! own splits. The per-suit tile counts decide almost everything at once: the pair's suit is
//! the one whose count is 2 modulo 3 (every other must be 0 modulo 3, else there is nothing to
//! list), and inside that suit the pair sits at a position `j` with `2j ≡ Σ i·count[i]
//! (mod 3)`, so at most three positions are tried (document 003's rule, as in
//! [`crate::is_agari`]). Each suit is then split once by a small depth-first walk: the lowest
//! tile still held must start a group; if it is held `c` times, the only choice is how many
//! triplets start there (`k`, most first), and the other `c - 3k` copies start sequences.
//! Deciding all groups of a tile at once is what makes each multiset of groups appear once.
//!
//! A suit has at most 3 splits without the pair and 4 with it (over all pair positions; a test
//! checks every suit of up to 14 tiles), so the splits live in fixed arrays and the iterator
//! walks their product like an odometer: pair position first, then the suits in tile order.
//! This is exactly the order of a depth-first search over the whole hand, pair by pair.

use crate::group::{Arrangement, Group};
use haipai_tiles::{Counts, Tile};

/// Every distinct regular decomposition (groups + one pair) of the closed tiles; see
/// [`WinningArrangements`]. Empty unless [`crate::is_agari`] holds.
///
/// Arrangements come ordered by the pair's tile index; each one's groups are sorted.
///
/// ```
/// use haipai_decompose::winning_arrangements;
/// use haipai_tiles::parse_counts;
///
/// // The nine gates completed with a 2m: one reading.
/// let hand = parse_counts("11122345678999m")?;
/// let lines: Vec<String> = winning_arrangements(&hand).map(|a| a.to_string()).collect();
/// assert_eq!(lines, ["(111m)(22m)(345m)(678m)(999m)"]);
/// // Three equal sequences are also three triplets.
/// let hand = parse_counts("111222333m789p55s")?;
/// assert_eq!(winning_arrangements(&hand).count(), 2);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
pub fn winning_arrangements(closed: &Counts) -> WinningArrangements {
    WinningArrangements::new(closed)
}

/// The filler of unused group slots.
const PLACEHOLDER: Group = Group::Triplet(Tile::EAST);

/// The most splits one suit can have (4: e.g. `66677788899999m`, over its pair positions).
const CAP: usize = 4;

/// Every tile by index, so building a group needs no check.
const TILES: [Tile; 34] = {
    let mut out = [Tile::EAST; 34];
    let mut i = 0;
    while i < 34 {
        out[i] = match Tile::new(i) {
            Some(t) => t,
            None => Tile::EAST,
        };
        i += 1;
    }
    out
};

/// One split of one suit: up to four group codes (`tile << 1 | is_sequence`, one byte each,
/// lowest byte first, in order), their number, and the pair's tile index if the suit holds it.
#[derive(Clone, Copy, Debug, Default)]
struct Split {
    codes: u32,
    len: u8,
    pair: u8,
}

/// All splits of one suit, in depth-first order (pair position first).
#[derive(Clone, Copy, Debug, Default)]
struct Splits {
    items: [Split; CAP],
    len: u8,
    /// Set if a split was found with the array full (never, by the exhaustive test).
    overflow: bool,
}

impl Splits {
    fn push(&mut self, split: Split) {
        if usize::from(self.len) < CAP {
            self.items[usize::from(self.len)] = split;
            self.len += 1;
        } else {
            self.overflow = true;
        }
    }
}

/// Iterator over every distinct regular decomposition; see [`winning_arrangements`].
///
/// It holds each suit's splits in fixed arrays (computed when it is created) and the position
/// in their product, so it allocates nothing.
#[derive(Clone, Debug)]
pub struct WinningArrangements {
    /// Splits of the three numbered suits and the honours.
    suits: [Splits; 4],
    /// Which entry of `suits` holds the pair.
    pair_suit: u8,
    /// The current split of each suit.
    at: [u8; 4],
    /// The pair suit's splits with the current pair: `seg_start..seg_end`.
    seg_start: u8,
    seg_end: u8,
    done: bool,
}

impl WinningArrangements {
    fn new(closed: &Counts) -> WinningArrangements {
        let mut it = WinningArrangements {
            suits: [Splits::default(); 4],
            pair_suit: 0,
            at: [0; 4],
            seg_start: 0,
            seg_end: 0,
            done: true,
        };
        let mut totals = [0u32; 4];
        for (s, total) in totals.iter_mut().enumerate() {
            *total = closed[s * 9..(s * 9 + 9).min(34)].iter().map(|&c| u32::from(c)).sum();
        }
        let total: u32 = totals.iter().sum();
        if total % 3 != 2 || total > 14 {
            return it;
        }
        let mut pair_suit = None;
        for (s, &t) in totals.iter().enumerate() {
            match t % 3 {
                0 => {}
                2 if pair_suit.is_none() => pair_suit = Some(s),
                _ => return it,
            }
        }
        let Some(p) = pair_suit else { return it };
        // The suits without the pair first: they are the cheapest to reject.
        for s in (0..4).filter(|&s| s != p) {
            if totals[s] > 0 && !split_suit(closed, s, false, &mut it.suits[s]) {
                return it;
            }
            if totals[s] == 0 {
                it.suits[s].len = 1;
            }
        }
        if !split_suit(closed, p, true, &mut it.suits[p]) {
            return it;
        }
        it.pair_suit = p as u8;
        it.done = false;
        it.start_segment(0);
        it
    }

    /// Points the iterator at the first combination for the pair of the pair suit's split
    /// `start`.
    fn start_segment(&mut self, start: u8) {
        let p = usize::from(self.pair_suit);
        let splits = &self.suits[p];
        let pair = splits.items[usize::from(start) % CAP].pair;
        let mut end = start + 1;
        while end < splits.len && splits.items[usize::from(end) % CAP].pair == pair {
            end += 1;
        }
        self.at = [0; 4];
        self.at[p] = start;
        self.seg_start = start;
        self.seg_end = end;
    }

    /// Steps to the next combination: the last suit fastest, a new pair after the first suit.
    fn advance(&mut self) {
        let p = usize::from(self.pair_suit);
        for s in (0..4).rev() {
            let (low, high) = if s == p { (self.seg_start, self.seg_end) } else { (0, self.suits[s].len) };
            if self.at[s] + 1 < high {
                self.at[s] += 1;
                return;
            }
            self.at[s] = low;
        }
        if self.seg_end < self.suits[p].len {
            self.start_segment(self.seg_end);
        } else {
            self.done = true;
        }
    }
}

/// Splits suit `s` (0..3 numbered, 3 honours) of `closed` into groups, plus one pair if
/// `with_pair`, appending every split to `out`; false if there is none.
fn split_suit(closed: &Counts, s: usize, with_pair: bool, out: &mut Splits) -> bool {
    if s == 3 {
        return split_honors(closed, with_pair, out);
    }
    let base = s * 9;
    // Four bits per tile: the caller checked there are at most 14 tiles.
    let mut x = 0u64;
    let mut weighted = 0u32;
    for (i, &c) in closed[base..base + 9].iter().enumerate() {
        x |= u64::from(c) << (4 * i);
        weighted += i as u32 * u32::from(c);
    }
    if !with_pair {
        walk(x, base as u32, 0, 0, 0, out);
        return out.len > 0;
    }
    let mut j = (2 * weighted % 3) as usize;
    while j < 9 {
        if (x >> (4 * j)) & 15 >= 2 {
            walk(x - (2 << (4 * j)), base as u32, 0, 0, (base + j) as u8, out);
        }
        j += 3;
    }
    out.len > 0
}

/// The honours: every count must be a multiple of 3 (triplets), except the pair's (2 more).
fn split_honors(closed: &Counts, with_pair: bool, out: &mut Splits) -> bool {
    let mut cur = Split::default();
    let mut pairs = 0;
    for (i, &c) in closed.iter().enumerate().skip(27) {
        if c == 0 {
            continue;
        }
        match c % 3 {
            0 => {}
            2 => {
                pairs += 1;
                cur.pair = i as u8;
            }
            _ => return false,
        }
        for _ in 0..c / 3 {
            if cur.len == 4 {
                return false;
            }
            cur.codes |= (i as u32) << 1 << (8 * u32::from(cur.len));
            cur.len += 1;
        }
    }
    if pairs != u32::from(with_pair) {
        return false;
    }
    out.push(cur);
    true
}

/// Depth-first walk over the tiles `x` (four bits per tile) of one numbered suit whose first
/// tile index is `base`: appends to `out` every split of `x` into groups, after the `len`
/// group codes already in `codes`, with the pair `pair`.
fn walk(mut x: u64, base: u32, mut codes: u32, mut len: u32, pair: u8, out: &mut Splits) {
    loop {
        if x == 0 {
            out.push(Split { codes, len: len as u8, pair });
            return;
        }
        let i = x.trailing_zeros() / 4;
        let c = ((x >> (4 * i)) & 15) as u32;
        let tile = (base + i) << 1;
        if c < 3 {
            // Only sequences can start here: exactly `c` of them.
            if len + c > 4 || i > 6 || (x >> (4 * i + 4)) & 15 < u64::from(c) || (x >> (4 * i + 8)) & 15 < u64::from(c)
            {
                return;
            }
            x -= u64::from(c) * (0x111 << (4 * i));
            for _ in 0..c {
                codes |= (tile | 1) << (8 * len);
                len += 1;
            }
            continue;
        }
        // Here `k` triplets and `c - 3k` sequences may start: most triplets first. Fewer
        // triplets means more groups and more sequences, so the first misfit ends it.
        let mut k = c / 3;
        loop {
            let s = c - 3 * k;
            if len + k + s > 4 {
                return;
            }
            let mut y = x - (u64::from(c) << (4 * i));
            if s > 0 {
                if i > 6 || (y >> (4 * i + 4)) & 15 < u64::from(s) || (y >> (4 * i + 8)) & 15 < u64::from(s) {
                    return;
                }
                y -= u64::from(s) * (0x110 << (4 * i));
            }
            let mut g = codes;
            for n in 0..k {
                g |= tile << (8 * (len + n));
            }
            for n in k..k + s {
                g |= (tile | 1) << (8 * (len + n));
            }
            walk(y, base, g, len + k + s, pair, out);
            if k == 0 {
                return;
            }
            k -= 1;
        }
    }
}

/// The group of a code (see [`Split`]).
fn group(code: u32) -> Group {
    let tile = TILES[(code as usize >> 1) % 34];
    if code & 1 == 1 { Group::Sequence(tile) } else { Group::Triplet(tile) }
}

impl Iterator for WinningArrangements {
    type Item = Arrangement;

    fn next(&mut self) -> Option<Arrangement> {
        if self.done {
            return None;
        }
        let p = usize::from(self.pair_suit);
        let mut codes = 0u64;
        let mut len = 0u32;
        for (splits, &at) in self.suits.iter().zip(&self.at) {
            let split = splits.items[usize::from(at) % CAP];
            codes |= u64::from(split.codes) << (8 * len);
            len += u32::from(split.len);
        }
        let mut arr = Arrangement {
            pair: TILES[usize::from(self.suits[p].items[usize::from(self.at[p]) % CAP].pair) % 34],
            groups: [PLACEHOLDER; 4],
            len: len as u8,
        };
        for (n, slot) in arr.groups.iter_mut().enumerate().take(len as usize) {
            *slot = group((codes >> (8 * n)) as u32 & 0xff);
        }
        self.advance();
        Some(arr)
    }
}

impl std::iter::FusedIterator for WinningArrangements {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every numbered suit of up to 14 tiles (any counts) has at most `CAP` splits with the
    /// pair and 3 without, so the fixed arrays never drop one.
    #[test]
    fn split_arrays_never_overflow() {
        fn rec(t: &mut Counts, i: usize, left: u8, most: &mut [u8; 2]) {
            if i == 9 {
                let total: u32 = t[..9].iter().map(|&c| u32::from(c)).sum();
                if total % 3 != 1 {
                    let with_pair = total % 3 == 2;
                    let mut out = Splits::default();
                    split_suit(t, 0, with_pair, &mut out);
                    assert!(!out.overflow, "{}", haipai_tiles::counts_to_string(t));
                    let m = &mut most[usize::from(with_pair)];
                    *m = (*m).max(out.len);
                }
                return;
            }
            for v in 0..=left {
                t[i] = v;
                rec(t, i + 1, left - v, most);
            }
            t[i] = 0;
        }
        let mut most = [0u8; 2];
        rec(&mut [0; 34], 0, 14, &mut most);
        assert_eq!(most, [3, 4]);
    }
}

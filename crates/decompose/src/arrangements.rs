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

/// All splits of one suit, in depth-first order (pair position first).
///
/// A split is stored as up to four group codes (`tile << 1 | is_sequence`, one byte each),
/// already placed at the suit's slots in the arrangement, so the codes of the suits combine by
/// `|`: a suit always has the same number of groups, its tile count divided by 3.
#[derive(Clone, Copy, Debug, Default)]
struct Splits {
    codes: [u32; CAP],
    /// The pair's tile index in each split (for the suit that holds the pair).
    pairs: [u8; CAP],
    len: u8,
    /// Set if a split was found with the arrays full (never, by the exhaustive test).
    overflow: bool,
}

impl Splits {
    fn push(&mut self, codes: u64, pair: u8) {
        let n = usize::from(self.len);
        if n < CAP {
            self.codes[n] = codes as u32;
            self.pairs[n] = pair;
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
    /// Groups per arrangement.
    groups: u8,
    /// The current split of each suit.
    at: [u8; 4],
    /// The pair suit's splits with the current pair: `seg_start..seg_end`.
    seg_start: u8,
    seg_end: u8,
    /// True if there is more than one combination.
    several: bool,
    done: bool,
}

/// Bytes `start..start + 8` of the counts as one little-endian word.
fn word(closed: &Counts, start: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&closed[start..start + 8]);
    u64::from_le_bytes(bytes)
}

/// The sum of the bytes of `w`, each below 16.
fn byte_sum(w: u64) -> u32 {
    (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The eight byte counts of `w` (each below 16) as eight 4-bit fields.
fn nibbles(w: u64) -> u64 {
    let w = (w | (w >> 4)) & 0x00ff_00ff_00ff_00ff;
    let w = (w | (w >> 8)) & 0x0000_ffff_0000_ffff;
    (w | (w >> 16)) & 0xffff_ffff
}

/// `0, 1, 0x101, ...`: `n` copies of a one-byte group code.
const REPEAT: [u64; 8] = [0, 1, 0x101, 0x1_0101, 0x101_0101, 0, 0, 0];

impl WinningArrangements {
    fn new(closed: &Counts) -> WinningArrangements {
        let mut it = WinningArrangements {
            suits: [Splits::default(); 4],
            pair_suit: 0,
            groups: 0,
            at: [0; 4],
            seg_start: 0,
            seg_end: 0,
            several: false,
            done: true,
        };
        // Tiles 1..8 of each numbered suit as bytes, the nines apart; the honours as bytes.
        let low = [word(closed, 0), word(closed, 9), word(closed, 18), word(closed, 26) >> 8];
        let nines = [closed[8], closed[17], closed[26], 0];
        // A count of 16 or more is more than 14 tiles (and would spoil the byte sums).
        if (low[0] | low[1] | low[2] | low[3]) & 0xf0f0_f0f0_f0f0_f0f0 != 0 || (nines[0] | nines[1] | nines[2]) > 15 {
            return it;
        }
        let totals: [u32; 4] = std::array::from_fn(|s| byte_sum(low[s]) + u32::from(nines[s]));
        let total: u32 = totals.iter().sum();
        if total % 3 != 2 || total > 14 {
            return it;
        }
        let mut pair_suit = 4;
        for (s, &t) in totals.iter().enumerate() {
            match t % 3 {
                0 => {}
                2 if pair_suit == 4 => pair_suit = s,
                _ => return it,
            }
        }
        let p = pair_suit;
        // Each suit's groups take the next slots.
        let mut slot = 0;
        for (s, out) in it.suits.iter_mut().enumerate() {
            if totals[s] == 0 {
                out.len = 1;
                continue;
            }
            if s == 3 {
                split_honors(low[3], slot, s == p, out);
            } else {
                split_numbered(low[s], nines[s], s, slot, s == p, out);
            }
            if out.len == 0 {
                return it;
            }
            slot += totals[s] / 3;
        }
        it.pair_suit = p as u8;
        it.groups = (total / 3) as u8;
        it.done = false;
        it.several = it.suits.iter().any(|s| s.len > 1);
        it.start_segment(0);
        it
    }

    /// Points the iterator at the first combination for the pair of the pair suit's split
    /// `start`.
    fn start_segment(&mut self, start: u8) {
        let p = usize::from(self.pair_suit);
        let splits = &self.suits[p];
        let pair = splits.pairs[usize::from(start) % CAP];
        let mut end = start + 1;
        while end < splits.len && splits.pairs[usize::from(end) % CAP] == pair {
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

/// The honours (`w`: seven byte counts, each below 16) from group slot `slot`: every count
/// must be a multiple of 3 (triplets), except the pair's, which has 2 more.
fn split_honors(mut w: u64, slot: u32, with_pair: bool, out: &mut Splits) {
    let mut codes = 0u64;
    let mut len = slot;
    let mut pair = None;
    while w != 0 {
        let i = w.trailing_zeros() / 8;
        let c = ((w >> (8 * i)) & 0xff) as u32;
        w &= !(0xff << (8 * i));
        let tile = 27 + i;
        match c % 3 {
            0 => {}
            2 if pair.is_none() => pair = Some(tile as u8),
            _ => return,
        }
        let k = c / 3;
        if len + k > 4 {
            return;
        }
        codes |= ((u64::from(tile) << 1) * REPEAT[k as usize]) << (8 * len);
        len += k;
    }
    if pair.is_some() == with_pair {
        out.push(codes, pair.unwrap_or(0));
    }
}

/// Numbered suit `s` (`low`: its tiles 1..8 as bytes, `nine`: its 9s; each count below 16)
/// from group slot `slot`: every split into groups, plus one pair if `with_pair`.
fn split_numbered(low: u64, nine: u8, s: usize, slot: u32, with_pair: bool, out: &mut Splits) {
    let x = nibbles(low) | u64::from(nine) << 32;
    let base = 9 * s as u32;
    if !with_pair {
        walk(x, base, 0, slot, 0, out);
        return;
    }
    // The pair sits at j with 2j == sum(i * count[i]) (mod 3): the multiplication adds up
    // (i mod 3) * count[i] over tiles 1..8 in its top byte.
    let weighted = (low.wrapping_mul(0x0001_0200_0102_0001) >> 56) as u32 + 2 * u32::from(nine);
    let mut j = 2 * weighted % 3;
    while j < 9 {
        if (x >> (4 * j)) & 15 >= 2 {
            walk(x - (2 << (4 * j)), base, 0, slot, (base + j) as u8, out);
        }
        j += 3;
    }
}

/// Depth-first walk over the tiles `x` (four bits per tile) of one numbered suit whose first
/// tile index is `base`: appends to `out` every split of `x` into groups, placed from slot
/// `len` on after `codes`, with the pair `pair`. Tiles held once or twice start sequences
/// only, which this loop takes; a tile held three times or more is a choice ([`branch`]).
#[inline]
fn walk(mut x: u64, base: u32, mut codes: u64, mut len: u32, pair: u8, out: &mut Splits) {
    loop {
        if x == 0 {
            out.push(codes, pair);
            return;
        }
        let i = x.trailing_zeros() / 4;
        let c = ((x >> (4 * i)) & 15) as u32;
        if c >= 3 {
            branch(x, base, codes, len, pair, out, i, c);
            return;
        }
        // Exactly `c` sequences start here.
        if len + c > 4 || i > 6 || (x >> (4 * i + 4)) & 15 < u64::from(c) || (x >> (4 * i + 8)) & 15 < u64::from(c) {
            return;
        }
        x -= u64::from(c) * (0x111 << (4 * i));
        codes |= ((u64::from(base + i) << 1 | 1) * REPEAT[c as usize]) << (8 * len);
        len += c;
    }
}

/// [`walk`] at tile `i` of `x`, held `c >= 3` times: `k` triplets and `c - 3k` sequences may
/// start there, most triplets first. Fewer triplets means more groups and more sequences, so
/// the first misfit ends the choice.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn branch(x: u64, base: u32, codes: u64, len: u32, pair: u8, out: &mut Splits, i: u32, c: u32) {
    let tile = u64::from(base + i) << 1;
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
        let g = codes | (tile * REPEAT[k as usize]) << (8 * len) | ((tile | 1) * REPEAT[s as usize]) << (8 * (len + k));
        walk(y, base, g, len + k + s, pair, out);
        if k == 0 {
            return;
        }
        k -= 1;
    }
}

/// The group of a code (see [`Splits`]).
fn group(code: u64) -> Group {
    let tile = Tile::new(code as usize >> 1).unwrap_or(Tile::EAST);
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
        for (splits, &at) in self.suits.iter().zip(&self.at) {
            codes |= u64::from(splits.codes[usize::from(at) % CAP]);
        }
        let mut arr = Arrangement {
            pair: Tile::new(usize::from(self.suits[p].pairs[usize::from(self.at[p]) % CAP])).unwrap_or(Tile::EAST),
            groups: [PLACEHOLDER; 4],
            len: self.groups,
        };
        for (n, slot) in arr.groups.iter_mut().enumerate().take(usize::from(self.groups)) {
            *slot = group((codes >> (8 * n)) & 0xff);
        }
        if self.several {
            self.advance();
        } else {
            self.done = true;
        }
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
                    split_numbered(word(t, 0), t[8], 0, 0, with_pair, &mut out);
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

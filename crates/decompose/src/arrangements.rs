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
//! There is a real choice only where a tile held three times or more could also start three
//! sequences; everywhere else the walk is a straight pass. Each suit is one `u64` of 4-bit
//! counts (see `packed.rs`).
//!
//! A suit has at most 3 splits without the pair and 4 with it (over all pair positions; a test
//! checks every suit of up to 14 tiles), so the splits live in fixed arrays and the iterator
//! walks their product like an odometer: pair position first, then the suits in tile order.
//! This is exactly the order of a depth-first search over the whole hand, pair by pair.

use crate::group::{Arrangement, Group};
use crate::packed::{Suits, field};
use haipai_tiles::{Counts, Tile};

/// Every distinct regular decomposition (groups + one pair) of the closed tiles; see
/// [`WinningArrangements`]. Empty unless [`crate::is_agari`] holds.
///
/// Each arrangement's groups are sorted; the arrangements come ordered by the pair's tile index,
/// then by their group lists (compared in [`Group`]'s order: at the first difference, the lower
/// tile, or a triplet before a sequence). Unused group slots hold `Group::Triplet(Tile::EAST)`.
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

/// Where the splits of one suit go, in depth-first order (pair position first): the suit's
/// rows of [`WinningArrangements`].
///
/// A split is stored as up to four group codes (`tile << 1 | is_sequence`, one byte each),
/// already placed at the suit's slots in the arrangement, so the codes of the suits combine by
/// `|`: a suit always has the same number of groups, its tile count divided by 3.
struct Splits<'a> {
    it: &'a mut WinningArrangements,
    /// The suit.
    s: usize,
}

impl Splits<'_> {
    fn push(&mut self, codes: u64, pair: u8) {
        let (it, s) = (&mut *self.it, self.s);
        let n = usize::from(it.lens[s]);
        if n < CAP {
            it.codes[s][n] = codes as u32;
            it.pairs[s][n] = pair;
            it.lens[s] += 1;
        } else {
            it.overflow = true;
        }
    }
}

/// Iterator over every distinct regular decomposition; see [`winning_arrangements`].
///
/// It holds each suit's splits in fixed arrays (computed when it is created) and the position
/// in their product, so it allocates nothing.
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningArrangements {
    /// Group codes of the splits of the three numbered suits and the honours (see [`Splits`]).
    codes: [[u32; CAP]; 4],
    /// The pair's tile index in each split.
    pairs: [[u8; CAP]; 4],
    /// The number of splits of each suit.
    lens: [u8; 4],
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
    overflow: bool,
}

/// `0, 1, 0x101, ...`: `n` copies of a one-byte group code.
const REPEAT: [u64; 8] = [0, 1, 0x101, 0x1_0101, 0x101_0101, 0, 0, 0];

impl WinningArrangements {
    fn new(closed: &Counts) -> WinningArrangements {
        let mut it = WinningArrangements {
            codes: [[0; CAP]; 4],
            pairs: [[0; CAP]; 4],
            lens: [0; 4],
            pair_suit: 0,
            groups: 0,
            at: [0; 4],
            seg_start: 0,
            seg_end: 0,
            several: false,
            done: true,
            overflow: false,
        };
        it.fill(closed);
        it
    }

    /// Splits every suit of `closed` and points at the first combination; leaves the iterator
    /// done if there is none.
    fn fill(&mut self, closed: &Counts) {
        let Some(suits) = Suits::new(closed) else { return };
        let p = suits.pair_suit;
        // Each suit's groups take the next slots.
        let mut slot = 0;
        for s in 0..3 {
            if suits.totals[s] == 0 {
                self.lens[s] = 1;
                continue;
            }
            split_numbered(&suits, s, slot, &mut Splits { it: self, s });
            if self.lens[s] == 0 {
                return;
            }
            slot += suits.totals[s] / 3;
        }
        if suits.totals[3] == 0 {
            self.lens[3] = 1;
        } else if !split_honours(suits.low[3], slot, p == 3, &mut Splits { it: self, s: 3 }) {
            return;
        }
        self.pair_suit = p as u8;
        self.groups = (suits.total / 3) as u8;
        self.done = false;
        self.several = self.lens.iter().any(|&n| n > 1);
        self.start_segment(0);
    }

    /// Points the iterator at the first combination for the pair of the pair suit's split
    /// `start`.
    fn start_segment(&mut self, start: u8) {
        let p = usize::from(self.pair_suit);
        let pairs = &self.pairs[p];
        let pair = pairs[usize::from(start) % CAP];
        let mut end = start + 1;
        while end < self.lens[p] && pairs[usize::from(end) % CAP] == pair {
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
            let (low, high) = if s == p { (self.seg_start, self.seg_end) } else { (0, self.lens[s]) };
            if self.at[s] + 1 < high {
                self.at[s] += 1;
                return;
            }
            self.at[s] = low;
        }
        if self.seg_end < self.lens[p] {
            self.start_segment(self.seg_end);
        } else {
            self.done = true;
        }
    }
}

/// The honours (`w`: seven byte counts, each below 16) from group slot `slot`: every count
/// must be a multiple of 3 (triplets), except the pair's, which has 2 more. False if not.
fn split_honours(mut w: u64, slot: u32, with_pair: bool, out: &mut Splits<'_>) -> bool {
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
            _ => return false,
        }
        let k = c / 3;
        if len + k > 4 {
            return false;
        }
        codes |= ((u64::from(tile) << 1) * REPEAT[k as usize]) << (8 * len);
        len += k;
    }
    if pair.is_some() != with_pair {
        return false;
    }
    out.push(codes, pair.unwrap_or(0));
    true
}

/// Numbered suit `s` from group slot `slot`: every split into groups, plus one pair if it is
/// the pair's suit.
fn split_numbered(suits: &Suits, s: usize, slot: u32, out: &mut Splits<'_>) {
    let x = suits.fields(s);
    let base = 9 * s as u32;
    if s != suits.pair_suit {
        walk(x, base, 0, slot, 0, out);
        return;
    }
    let mut j = suits.first_pair_position(s);
    while j < 9 {
        if field(x, j) >= 2 {
            walk(x - (2 << (4 * j)), base, 0, slot, (base + j) as u8, out);
        }
        j += 3;
    }
}

/// Depth-first walk over the tiles `x` (four bits per tile) of one numbered suit, the lowest
/// field being tile index `tile`: appends to `out` every split of `x` into groups, placed from
/// slot `len` on after `codes`, with the pair `pair`. At the lowest tile held, `c` copies
/// start `c / 3` triplets and `c % 3` sequences, unless three more sequences (instead of a
/// triplet) also fit: only then is there a choice to make ([`branch`]).
///
/// Fields above the suit's 9th tile are zero, so a sequence that would run past the 9 fails
/// the field test; and every group takes three real tiles of a hand of at most 14, so `len`
/// never passes 4.
#[inline(always)]
fn walk(mut x: u64, mut tile: u32, mut codes: u64, mut len: u32, pair: u8, out: &mut Splits<'_>) {
    loop {
        if x == 0 {
            out.push(codes, pair);
            return;
        }
        let skip = x.trailing_zeros() / 4;
        x >>= 4 * skip;
        tile += skip;
        let c = (x & 15) as u32;
        let (next, after) = (((x >> 4) & 15) as u32, ((x >> 8) & 15) as u32);
        let code = u64::from(tile) << 1;
        if c < 3 {
            // Exactly `c` sequences start here.
            if next < c || after < c {
                return;
            }
            x -= u64::from(c) * 0x111;
            codes |= ((code | 1) * REPEAT[c as usize]) << (8 * len);
            len += c;
            continue;
        }
        let (k, s) = (c / 3, c % 3);
        if next >= s + 3 && after >= s + 3 && len + k + s + 2 <= 4 {
            branch(x, tile, codes, len, pair, out);
            return;
        }
        if next < s || after < s {
            return;
        }
        x -= u64::from(c) + u64::from(s) * 0x110;
        codes |= (code * REPEAT[k as usize]) << (8 * len) | ((code | 1) * REPEAT[s as usize]) << (8 * (len + k));
        len += k + s;
    }
}

/// [`walk`] at its lowest field, held `c >= 3` times: `k` triplets and `c - 3k` sequences may
/// start there, most triplets first. Fewer triplets means more groups and more sequences, so
/// the first misfit ends the choice.
#[inline(never)]
fn branch(x: u64, tile: u32, codes: u64, len: u32, pair: u8, out: &mut Splits<'_>) {
    let c = (x & 15) as u32;
    let code = u64::from(tile) << 1;
    let mut k = c / 3;
    loop {
        let s = c - 3 * k;
        if len + k + s > 4 || ((x >> 4) & 15) < u64::from(s) || ((x >> 8) & 15) < u64::from(s) {
            return;
        }
        let y = x - u64::from(c) - u64::from(s) * 0x110;
        let g = codes | (code * REPEAT[k as usize]) << (8 * len) | ((code | 1) * REPEAT[s as usize]) << (8 * (len + k));
        walk(y, tile, g, len + k + s, pair, out);
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

    #[inline]
    fn next(&mut self) -> Option<Arrangement> {
        if self.done {
            return None;
        }
        let p = usize::from(self.pair_suit);
        let mut codes = 0u64;
        for (codes_of, &at) in self.codes.iter().zip(&self.at) {
            codes |= u64::from(codes_of[usize::from(at) % CAP]);
        }
        let mut arr = Arrangement {
            pair: Tile::new(usize::from(self.pairs[p][usize::from(self.at[p]) % CAP])).unwrap_or(Tile::EAST),
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
                    let mut it = winning_arrangements(&[0; 34]);
                    let mut out = Splits { it: &mut it, s: 0 };
                    let suits = Suits {
                        low: [crate::packed::word(t, 0), 0, 0, 0],
                        nines: [t[8], 0, 0, 0],
                        totals: [total, 0, 0, 0],
                        total,
                        pair_suit: if with_pair { 0 } else { 3 },
                    };
                    split_numbered(&suits, 0, 0, &mut out);
                    assert!(!it.overflow, "{}", haipai_tiles::counts_to_string(t));
                    let m = &mut most[usize::from(with_pair)];
                    *m = (*m).max(it.lens[0]);
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

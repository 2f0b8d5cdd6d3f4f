//! `winning_arrangements`: every distinct regular decomposition of a winning hand's closed
//! tiles, as a resumable depth-first search that allocates nothing.
//!
//! For each pair candidate (skipped at once unless the rest passes the fast per-suit test) the
//! search walks the tiles upwards. The lowest tile still held must start a group; if it is held
//! `c` times, the choice is only how many triplets start there (`k`, 0 or 1 for `c <= 5`), and
//! the other `c - 3k` copies start sequences. Deciding all groups of a tile at once is what makes
//! each multiset of groups appear exactly once.

use crate::agari::{honors_are_complete, suit_is_complete};
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

#[derive(Clone, Copy, Debug)]
struct Frame {
    tile: u8,
    triplets: u8,
    sequences: u8,
}

const NO_FRAME: Frame = Frame { tile: 0, triplets: 0, sequences: 0 };

const PLACEHOLDER: Group = Group::Triplet(Tile::EAST);

/// Iterator over every distinct regular decomposition; see [`winning_arrangements`].
///
/// It owns a copy of the counts and a fixed-size search stack, so it allocates nothing.
#[derive(Clone, Debug)]
pub struct WinningArrangements {
    closed: Counts,
    next_pair: u8,
    active: bool,
    work: Counts,
    current: Arrangement,
    frames: [Frame; 5],
    depth: u8,
}

impl WinningArrangements {
    fn new(closed: &Counts) -> WinningArrangements {
        let total: u32 = closed.iter().map(|&c| u32::from(c)).sum();
        let valid = total % 3 == 2 && total <= 14;
        WinningArrangements {
            closed: *closed,
            next_pair: if valid { 0 } else { 34 },
            active: false,
            work: [0; 34],
            current: Arrangement { pair: Tile::EAST, groups: [PLACEHOLDER; 4], len: 0 },
            frames: [NO_FRAME; 5],
            depth: 0,
        }
    }

    /// The number of sequences that would start at `i` if `k` triplets start there, or `None`
    /// if that choice does not fit.
    fn option(&self, i: usize, k: u8) -> Option<u8> {
        let c = self.work[i];
        if 3 * k > c {
            return None;
        }
        let s = c - 3 * k;
        if usize::from(self.current.len) + usize::from(k + s) > 4 {
            return None;
        }
        if s > 0 && (i >= 27 || i % 9 > 6 || self.work[i + 1] < s || self.work[i + 2] < s) {
            return None;
        }
        Some(s)
    }

    fn apply(&mut self, i: usize, k: u8, s: u8) {
        let tile = Tile::new(i).unwrap_or(Tile::EAST);
        self.work[i] = 0;
        if s > 0 {
            self.work[i + 1] -= s;
            self.work[i + 2] -= s;
        }
        for _ in 0..k {
            self.current.groups[usize::from(self.current.len)] = Group::Triplet(tile);
            self.current.len += 1;
        }
        for _ in 0..s {
            self.current.groups[usize::from(self.current.len)] = Group::Sequence(tile);
            self.current.len += 1;
        }
        self.frames[usize::from(self.depth)] = Frame { tile: i as u8, triplets: k, sequences: s };
        self.depth += 1;
    }

    fn undo(&mut self) -> Frame {
        self.depth -= 1;
        let f = self.frames[usize::from(self.depth)];
        let i = usize::from(f.tile);
        self.work[i] = 3 * f.triplets + f.sequences;
        if f.sequences > 0 {
            self.work[i + 1] += f.sequences;
            self.work[i + 2] += f.sequences;
        }
        self.current.len -= f.triplets + f.sequences;
        f
    }

    /// Tries the choices at tile `i` from `k` triplets downwards; true if one was applied.
    fn try_from(&mut self, i: usize, mut k: u8) -> bool {
        loop {
            if let Some(s) = self.option(i, k) {
                self.apply(i, k, s);
                return true;
            }
            if k == 0 {
                return false;
            }
            k -= 1;
        }
    }

    /// Backtracks to the next untried choice; false when the search for this pair is over.
    fn backtrack(&mut self) -> bool {
        while self.depth > 0 {
            let f = self.undo();
            if f.triplets > 0 && self.try_from(usize::from(f.tile), f.triplets - 1) {
                return true;
            }
        }
        false
    }

    /// Descends from the current state to the next complete arrangement; false if none is left
    /// for this pair.
    fn descend(&mut self) -> bool {
        loop {
            let start =
                if self.depth == 0 { 0 } else { usize::from(self.frames[usize::from(self.depth) - 1].tile) + 1 };
            let Some(i) = (start..34).find(|&i| self.work[i] > 0) else {
                return true;
            };
            let k = self.work[i] / 3;
            if !self.try_from(i, k) && !self.backtrack() {
                return false;
            }
        }
    }

    fn start_pair(&mut self) -> bool {
        while self.next_pair < 34 {
            let j = usize::from(self.next_pair);
            self.next_pair += 1;
            if self.closed[j] < 2 {
                continue;
            }
            let mut rest = self.closed;
            rest[j] -= 2;
            if !rest_is_complete(&rest) {
                continue;
            }
            self.work = rest;
            self.current.pair = Tile::new(j).unwrap_or(Tile::EAST);
            self.current.len = 0;
            self.depth = 0;
            return true;
        }
        false
    }
}

/// True if `rest` (no pair) splits into complete groups.
fn rest_is_complete(rest: &Counts) -> bool {
    let mut h = [0u8; 7];
    h.copy_from_slice(&rest[27..]);
    honors_are_complete(&h, false)
        && (0..3).all(|s| {
            let mut t = [0u8; 9];
            t.copy_from_slice(&rest[s * 9..s * 9 + 9]);
            suit_is_complete(&t, false)
        })
}

impl Iterator for WinningArrangements {
    type Item = Arrangement;

    fn next(&mut self) -> Option<Arrangement> {
        loop {
            let found = if self.active {
                self.backtrack() && self.descend()
            } else if self.start_pair() {
                self.active = true;
                self.descend()
            } else {
                return None;
            };
            if found {
                return Some(self.current);
            }
            self.active = false;
        }
    }
}

impl std::iter::FusedIterator for WinningArrangements {}

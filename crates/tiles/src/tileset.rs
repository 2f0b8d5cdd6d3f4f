//! `TileSet`, a bit set over the 34 kinds, and functions for the `[u8; 34]` counts type.

use crate::error::Error;
use crate::tile::{KINDS, Tile};
use std::fmt;
use std::str::FromStr;

/// Tile counts per kind, index order 1m..9m, 1p..9p, 1s..9s, 1z..7z.
pub type Counts = [u8; KINDS];

/// A set of tile kinds: bit `i` is kind `i` (1m = bit 0 ... 7z = bit 33).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TileSet(u64);

const ALL_BITS: u64 = (1 << KINDS) - 1;

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);
    /// All 34 kinds.
    pub const ALL: TileSet = TileSet(ALL_BITS);

    /// The set with bit `i` for kind `i`; bits above 33 are dropped.
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & ALL_BITS)
    }

    /// The raw bits.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// True if `tile` is in the set.
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 >> tile.index() & 1 == 1
    }

    /// Adds `tile`.
    pub fn insert(&mut self, tile: Tile) {
        self.0 |= 1 << tile.index();
    }

    /// Removes `tile`.
    pub fn remove(&mut self, tile: Tile) {
        self.0 &= !(1 << tile.index());
    }

    /// The set with `tile` added.
    #[must_use]
    pub const fn with(self, tile: Tile) -> TileSet {
        TileSet(self.0 | 1 << tile.index())
    }

    /// Number of kinds in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Union.
    #[must_use]
    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// Intersection.
    #[must_use]
    pub const fn intersection(self, other: TileSet) -> TileSet {
        TileSet(self.0 & other.0)
    }

    /// The kinds in index order.
    pub fn iter(self) -> impl Iterator<Item = Tile> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Tile::new(i)
        })
    }

    /// The kinds with a non-zero count.
    pub fn from_counts(counts: &Counts) -> TileSet {
        let mut bits = 0u64;
        for (i, &c) in counts.iter().enumerate() {
            if c > 0 {
                bits |= 1 << i;
            }
        }
        TileSet(bits)
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut set = TileSet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

impl fmt::Display for TileSet {
    /// MPSZ notation of the kinds, one of each, e.g. `58s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut counts = [0u8; KINDS];
        for t in self.iter() {
            counts[t.index()] = 1;
        }
        f.write_str(&crate::notation::counts_to_string(&counts))
    }
}

impl FromStr for TileSet {
    type Err = Error;

    /// Parses closed tiles in MPSZ as [`parse_counts`](crate::parse_counts) does and keeps
    /// the kinds written: `58s` (what [`Display`](fmt::Display) prints), and `558s` is the
    /// same set. The empty string (or only spaces) is the empty set, as it prints. Melds in
    /// brackets are refused.
    ///
    /// ```
    /// use haipai_tiles::TileSet;
    ///
    /// let set: TileSet = "14m258s".parse()?;
    /// assert_eq!((set.len(), set.to_string()), (5, "14m258s".to_string()));
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    fn from_str(s: &str) -> Result<TileSet, Error> {
        if s.trim().is_empty() {
            return Ok(TileSet::EMPTY);
        }
        crate::notation::parse_counts(s).map(|counts| TileSet::from_counts(&counts))
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TileSet({self})")
    }
}

/// Total number of tiles in `counts`.
pub fn total(counts: &Counts) -> u32 {
    counts.iter().map(|&c| u32::from(c)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_follow_kind_order() {
        let set: TileSet = [Tile::new(0).unwrap(), Tile::EAST, Tile::RED].into_iter().collect();
        assert_eq!(set.bits(), 1 | 1 << 27 | 1 << 33);
        assert_eq!(set.len(), 3);
        assert_eq!(set.to_string(), "1m17z");
        assert_eq!(TileSet::from_bits(u64::MAX), TileSet::ALL);
        assert_eq!(set.iter().count(), 3);
    }
}

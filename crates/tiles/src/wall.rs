//! `Wall`: the 136 physical tiles, shuffled deterministically from a seed, with draws.

use crate::rng::Rng;
use crate::tile::{PHYSICAL_TILES, PhysicalTile};

/// A shuffled wall. The order is a uniform Fisher-Yates shuffle of tiles 0..136 driven by
/// [`Rng`] (xoshiro256** seeded with SplitMix64), so a seed names one wall everywhere.
#[derive(Clone, Debug)]
pub struct Wall {
    tiles: Vec<PhysicalTile>,
    next: usize,
}

impl Wall {
    /// The wall for `seed`.
    ///
    /// ```
    /// use haipai_tiles::Wall;
    /// let mut a = Wall::shuffled(42);
    /// let mut b = Wall::shuffled(42);
    /// assert_eq!(a.draw(), b.draw());
    /// assert_eq!(a.remaining(), 135);
    /// ```
    pub fn shuffled(seed: u64) -> Wall {
        let mut tiles: Vec<PhysicalTile> = (0..PHYSICAL_TILES).filter_map(PhysicalTile::new).collect();
        Rng::new(seed).shuffle(&mut tiles);
        Wall { tiles, next: 0 }
    }

    /// A wall in the given order (for tests and replays). The tiles are taken as given, with
    /// no check that they are the 136 once each: any list, empty or with repeats, draws in order.
    pub fn from_order(tiles: Vec<PhysicalTile>) -> Wall {
        Wall { tiles, next: 0 }
    }

    /// Draws the next tile, or `None` when the wall is empty.
    pub fn draw(&mut self) -> Option<PhysicalTile> {
        let t = self.tiles.get(self.next).copied();
        if t.is_some() {
            self.next += 1;
        }
        t
    }

    /// Draws `n` tiles (fewer if the wall runs out).
    pub fn draw_many(&mut self, n: usize) -> Vec<PhysicalTile> {
        (0..n).map_while(|_| self.draw()).collect()
    }

    /// Tiles not yet drawn.
    pub fn remaining(&self) -> usize {
        self.tiles.len() - self.next
    }

    /// The tiles not yet drawn, in draw order.
    pub fn rest(&self) -> &[PhysicalTile] {
        &self.tiles[self.next..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_is_a_permutation() {
        let mut w = Wall::shuffled(1);
        let mut seen = [false; PHYSICAL_TILES];
        while let Some(t) = w.draw() {
            assert!(!seen[t.index()]);
            seen[t.index()] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(w.draw(), None);
    }
}

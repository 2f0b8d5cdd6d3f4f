//! Helpers shared by the integration tests: seeded random hands and the xiangting oracle.

#![allow(dead_code)]

use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, TileSet};

/// One random closed hand of `size` tiles drawn without replacement from the 136.
pub fn random_hand(rng: &mut Rng, size: usize) -> Counts {
    let mut wall: Vec<u8> = (0..136u8).collect();
    let mut counts = [0u8; 34];
    for i in 0..size {
        let j = i + rng.index(136 - i);
        wall.swap(i, j);
        counts[usize::from(wall[i] / 4)] += 1;
    }
    counts
}

/// A random hand biased towards few kinds (many pairs, triplets and quads), to reach the
/// four-copy corner cases that uniform hands rarely hit.
pub fn clumped_hand(rng: &mut Rng, size: usize) -> Counts {
    let kinds = 3 + rng.index(6);
    let first = rng.index(34 - kinds);
    let spread = 1 + rng.index(3);
    let mut counts = [0u8; 34];
    let mut n = 0;
    while n < size {
        let i = (first + rng.index(kinds) * spread).min(33);
        let i = if rng.below(4) == 0 { rng.index(34) } else { i };
        if counts[i] < 4 {
            counts[i] += 1;
            n += 1;
        }
    }
    counts
}

/// xiangting's shanten (replacement number - 1).
pub fn xt_shanten(counts: &Counts) -> i8 {
    xiangting::calculate_replacement_number(counts, xiangting::PlayerCount::Four).unwrap() as i8 - 1
}

/// xiangting's necessary tiles.
pub fn xt_necessary(counts: &Counts) -> (i8, TileSet) {
    let (r, set) = xiangting::calculate_necessary_tiles(counts, xiangting::PlayerCount::Four).unwrap();
    (r as i8 - 1, TileSet::from_bits(set))
}

/// xiangting's unnecessary tiles.
pub fn xt_unnecessary(counts: &Counts) -> (i8, TileSet) {
    let (r, set) = xiangting::calculate_unnecessary_tiles(counts, xiangting::PlayerCount::Four).unwrap();
    (r as i8 - 1, TileSet::from_bits(set))
}

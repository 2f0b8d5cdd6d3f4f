//! What the integration tests share: seeded random hands and the xiangting oracle.

#![allow(dead_code)]

use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, TileSet};

/// One random closed hand of `size` tiles drawn without replacement from the 136 (not every
/// test file that includes this module draws them).
#[allow(unused_imports)]
pub use haipai_tiles::sample::random_hand;

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

/// The named edge cases of REFERENCE.md, shared by the reference and the fast implementation:
/// (name, hand, shanten, regular, seven pairs, thirteen orphans); 127 = not applicable.
pub const CASES: &[(&str, &str, i8, i8, i8, i8)] = &[
    ("document 000 example, tenpai", "123456789m11p11s", 0, 0, 4, 8),
    ("complete regular", "123m456p789s11122z", -1, -1, 4, 8),
    ("four-copy limit: only wait is a fifth 1m", "1111m456p789p123s", 1, 1, 5, 9),
    ("quad is one pair for seven pairs", "1111m2233p4455s66z", 1, 2, 1, 10),
    ("seven pairs tenpai", "1188m288p55s1177z", 0, 3, 0, 9),
    ("seven pairs complete", "1188m2288p55s1177z", -1, 3, -1, 9),
    ("thirteen orphans 13-sided", "19m19p19s1234567z", 0, 8, 6, 0),
    ("thirteen orphans complete", "19m19p19s12345677z", -1, 7, 5, -1),
    ("kanchan counts as a partial", "1133m1133p1379s5z", 2, 3, 2, 7),
    ("document 000 counterexample", "12m45m12p45p159s13z", 4, 4, 6, 7),
    ("nine gates", "1112345678999m", 0, 0, 4, 10),
    ("one tile", "5z", 0, 0, 127, 127),
    ("two tiles, pair", "55z", -1, -1, 127, 127),
    ("two tiles, no pair", "1m9s", 0, 0, 127, 127),
    ("four tiles, quad", "1111m", 1, 1, 127, 127),
    ("four tiles, tenpai", "1112m", 0, 0, 127, 127),
    ("honour quads", "1111222233334z", 3, 3, 6, 8),
    ("all isolated", "147m258p369s1234z", 6, 8, 6, 7),
];

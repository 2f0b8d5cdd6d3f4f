//! Seeded random hands for tests, benches and checks. The crates' tests, the benches and
//! `cargo xtask verify` draw their inputs here, so one seed names the same hands everywhere
//! and each way of drawing them is written once.

use crate::rng::Rng;
use crate::{Counts, Tile};

/// One random closed hand of `size` tiles (at most 136: a larger size deals the 136) drawn without replacement from the
/// 136: [`deal_hand`] from a wall in index order.
pub fn random_hand(rng: &mut Rng, size: usize) -> Counts {
    let mut wall: [u8; 136] = std::array::from_fn(|i| i as u8);
    deal_hand(rng, &mut wall, size)
}

/// `size` tiles (at most 136: a larger size deals the 136) drawn without replacement from `wall`, the 136 physical tiles
/// (`kind * 4 + copy`) in any order, as counts: the first `size` steps of a Fisher-Yates
/// shuffle, which stays in `wall`, so a wall passed again goes on from its new order.
pub fn deal_hand(rng: &mut Rng, wall: &mut [u8; 136], size: usize) -> Counts {
    let mut counts = [0u8; 34];
    for i in 0..size.min(136) {
        let j = i + rng.index(136 - i);
        wall.swap(i, j);
        counts[usize::from(wall[i] / 4)] += 1;
    }
    counts
}

/// The first `size` tiles (at most 136: a larger size takes the 136) of a wall shuffled whole by [`Rng::shuffle`], as
/// counts: hands as uniform as [`random_hand`]'s, from another stream of the same seed.
pub fn shuffled_wall_hand(rng: &mut Rng, size: usize) -> Counts {
    let mut wall: Vec<usize> = (0..136).map(|t| t / 4).collect();
    rng.shuffle(&mut wall);
    let mut counts = [0u8; 34];
    for &k in &wall[..size.min(136)] {
        counts[k] += 1;
    }
    counts
}

/// Adds a group at kind `at` to `counts`: on a coin flip a sequence from `at` where one can
/// start (a number tile 1-7), else a triplet. The coin is tossed only where a sequence fits.
///
/// # Panics
///
/// When `at` is not a kind (34 or more), or a count would pass 255.
pub fn add_group(rng: &mut Rng, counts: &mut Counts, at: usize) {
    if at < 27 && at % 9 <= 6 && rng.index(2) == 0 {
        counts[at] += 1;
        counts[at + 1] += 1;
        counts[at + 2] += 1;
    } else {
        counts[at] += 3;
    }
}

/// Takes one tile of a random held kind (each held kind alike) out of `counts`.
///
/// # Panics
///
/// When `counts` holds no tile.
pub fn take_random_held(rng: &mut Rng, counts: &mut Counts) {
    let held: Vec<usize> = (0..34).filter(|&i| counts[i] > 0).collect();
    counts[held[rng.index(held.len())]] -= 1;
}

/// A random closed complete hand, four groups and a pair, and one of its kinds as the
/// winning tile; `None` when the draw makes a fifth copy of a kind. Each group is a triplet
/// of any kind one time in three, else a sequence of a random suit; the pair is of any kind.
pub fn random_complete_hand(rng: &mut Rng) -> Option<(Counts, Tile)> {
    let mut h = [0u8; 34];
    for _ in 0..4 {
        if rng.below(3) == 0 {
            h[rng.index(34)] += 3;
        } else {
            let start = rng.index(3) * 9 + rng.index(7);
            for c in &mut h[start..start + 3] {
                *c += 1;
            }
        }
    }
    h[rng.index(34)] += 2;
    if h.iter().any(|&c| c > 4) {
        return None;
    }
    let held: Vec<usize> = (0..34).filter(|&k| h[k] > 0).collect();
    Some((h, Tile::new(held[rng.index(held.len())])?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_hands_have_their_size_and_at_most_four_copies() {
        let mut rng = Rng::new(1);
        for size in [0, 1, 13, 14, 136] {
            for hand in [random_hand(&mut rng, size), shuffled_wall_hand(&mut rng, size)] {
                assert_eq!(hand.iter().map(|&c| usize::from(c)).sum::<usize>(), size);
                assert!(hand.iter().all(|&c| c <= 4));
            }
        }
    }

    #[test]
    fn complete_hands_hold_fourteen_tiles_and_their_winning_tile() {
        let mut rng = Rng::new(2);
        for _ in 0..200 {
            if let Some((h, win)) = random_complete_hand(&mut rng) {
                assert_eq!(h.iter().map(|&c| u32::from(c)).sum::<u32>(), 14);
                assert!(h[win.index()] > 0 && h.iter().all(|&c| c <= 4));
            }
        }
    }

    /// Sizes past the wall deal the whole wall: four copies of every kind.
    #[test]
    fn sizes_past_the_wall_take_all_136() {
        let mut rng = Rng::new(7);
        assert_eq!(random_hand(&mut rng, 500), [4u8; 34]);
        assert_eq!(shuffled_wall_hand(&mut rng, 137), [4u8; 34]);
        assert_eq!(random_hand(&mut rng, 14).iter().map(|&c| usize::from(c)).sum::<usize>(), 14);
    }
}

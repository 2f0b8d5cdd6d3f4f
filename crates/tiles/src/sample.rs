//! Seeded random hands for tests, benches and checks. The crates' tests, the benches and
//! `cargo xtask verify` draw their inputs here, so one seed names the same hands everywhere
//! and each way of drawing them is written once.

use crate::rng::Rng;
use crate::Counts;

/// One random closed hand of `size` tiles (at most 136) drawn without replacement from the
/// 136: [`deal_hand`] from a wall in index order.
pub fn random_hand(rng: &mut Rng, size: usize) -> Counts {
    let mut wall: [u8; 136] = std::array::from_fn(|i| i as u8);
    deal_hand(rng, &mut wall, size)
}

/// `size` tiles (at most 136) drawn without replacement from `wall`, the 136 physical tiles
/// (`kind * 4 + copy`) in any order, as counts: the first `size` steps of a Fisher-Yates
/// shuffle, which stays in `wall`, so a wall passed again goes on from its new order.
pub fn deal_hand(rng: &mut Rng, wall: &mut [u8; 136], size: usize) -> Counts {
    let mut counts = [0u8; 34];
    for i in 0..size {
        let j = i + rng.index(136 - i);
        wall.swap(i, j);
        counts[usize::from(wall[i] / 4)] += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_hands_have_their_size_and_at_most_four_copies() {
        let mut rng = Rng::new(1);
        for size in [0, 1, 13, 14, 136] {
            let hand = random_hand(&mut rng, size);
            assert_eq!(hand.iter().map(|&c| usize::from(c)).sum::<usize>(), size);
            assert!(hand.iter().all(|&c| c <= 4));
        }
    }
}

//! Shared inputs for haipai's benchmarks: seeded random hands, so that every bench and
//! every peer sees the same data.

use haipai::tiles::Counts;
use haipai::tiles::rng::Rng;

/// `n` random closed hands of `size` tiles (at most four copies), from `seed`.
pub fn random_hands(n: usize, size: usize, seed: u64) -> Vec<Counts> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| random_hand(&mut rng, size)).collect()
}

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

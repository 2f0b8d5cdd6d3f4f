//! Shared inputs for haipai's benchmarks: seeded random hands, so that every bench and
//! every peer sees the same data.

use haipai::tiles::Counts;
use haipai::tiles::rng::Rng;
/// One random closed hand of `size` tiles drawn without replacement from the 136.
pub use haipai::tiles::sample::random_hand;

/// `n` random closed hands of `size` tiles (at most four copies), from `seed`.
pub fn random_hands(n: usize, size: usize, seed: u64) -> Vec<Counts> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| random_hand(&mut rng, size)).collect()
}

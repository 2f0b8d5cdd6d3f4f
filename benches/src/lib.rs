//! Shared inputs for haipai's benchmarks: seeded random hands, so that every bench and
//! every peer sees the same data.

use haipai::tiles::Counts;
use haipai::tiles::rng::Rng;
/// One random closed hand of `size` tiles drawn without replacement from the 136.
pub use haipai::tiles::sample::random_hand;
use haipai::tiles::sample::take_random_held;
use haipai::waits::waits;

/// `n` random closed hands of `size` tiles (at most four copies), from `seed`.
pub fn random_hands(n: usize, size: usize, seed: u64) -> Vec<Counts> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| random_hand(&mut rng, size)).collect()
}

/// `n` random tenpai hands: a random winning shape of 14 tiles (pair + 4 groups, at most four
/// copies) with one random tile taken out.
pub fn random_tenpai_hands(n: usize, seed: u64) -> Vec<Counts> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut c = [0u8; 34];
        c[rng.index(34)] += 2;
        for _ in 0..4 {
            let i = rng.index(34);
            if i < 27 && i % 9 <= 6 && rng.index(3) > 0 {
                c[i] += 1;
                c[i + 1] += 1;
                c[i + 2] += 1;
            } else {
                c[i] += 3;
            }
        }
        if c.iter().any(|&x| x > 4) {
            continue;
        }
        take_random_held(&mut rng, &mut c);
        out.push(c);
    }
    out
}

/// `n` random 14-tile hands that are mostly complete: [`random_tenpai_hands`] with the lowest
/// of its winning tiles added (a hand whose every wait is karaten stays at 13 tiles).
pub fn random_winning_hands(n: usize, seed: u64) -> Vec<Counts> {
    let mut hands = random_tenpai_hands(n, seed);
    for h in &mut hands {
        if let Some(t) = waits(h).winning_tiles().iter().next() {
            h[t.index()] += 1;
        }
    }
    hands
}

//! Prints a shanten distribution and its timing.
use haipai_combinatorics::{ShantenDistribution, Variant};
fn main() {
    let m: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(14);
    let t = std::time::Instant::now();
    let d = ShantenDistribution::compute(m, Variant::FOUR_PLAYER);
    for (s, c) in &d.rows {
        println!("{s}: {} {}", c.patterns, c.states);
    }
    println!("{:?}", t.elapsed());
}

//! Prints a shanten distribution and its timing: `dist [TILES] [sanma] [red]`.
use haipai_combinatorics::{ShantenDistribution, Variant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let m: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(14);
    let v = Variant { sanma: args.iter().any(|a| a == "sanma"), red_fives: args.iter().any(|a| a == "red") };
    let t = std::time::Instant::now();
    let d = ShantenDistribution::compute(m, v);
    print!("{}", d.render());
    eprintln!("{:?}", t.elapsed());
}

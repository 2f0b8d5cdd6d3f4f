//! temp
use haipai_ev::*;
use haipai_tiles::{Hand, parse_tile};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hand = &args[1];
    let extra: u8 = args.get(2).map_or(1, |s| s.parse().unwrap());
    let mut q = Query::new(Hand::parse(hand).unwrap());
    q.dora_indicators = vec![parse_tile("1z").unwrap().0];
    let o = Options { extra_exchanges: extra, ..Options::default() };
    let t = std::time::Instant::now();
    let a = evaluate(&q, &o).unwrap();
    println!("{hand} eval {:?} states {}", t.elapsed(), a.states);
    for c in a.candidates.iter().take(3) {
        println!("{:?} {:?}", c.discard.map(|t| t.to_string()), c.value);
    }
}

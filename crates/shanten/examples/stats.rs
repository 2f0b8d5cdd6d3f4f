//! Scratch timing.
use haipai_shanten::tables;
use haipai_tiles::rng::Rng;
use std::hint::black_box;
use std::time::Instant;
fn hand(rng: &mut Rng, size: usize) -> [u8; 34] {
    let mut wall: Vec<u8> = (0..136u8).collect();
    let mut counts = [0u8; 34];
    for i in 0..size {
        let j = i + rng.index(136 - i);
        wall.swap(i, j);
        counts[usize::from(wall[i] / 4)] += 1;
    }
    counts
}
fn time(name: &str, hands: &[[u8; 34]], f: impl Fn(&[u8; 34]) -> u64) {
    for _ in 0..3 {
        let t = Instant::now();
        let mut s = 0u64;
        for h in hands {
            s = s.wrapping_add(f(black_box(h)));
        }
        println!("{name}: {:.1} ns/hand ({s})", t.elapsed().as_nanos() as f64 / hands.len() as f64);
    }
}
fn main() {
    let mut rng = Rng::new(1);
    let hands: Vec<[u8; 34]> = (0..1_000_000).map(|_| hand(&mut rng, 14)).collect();
    time("sum", &hands, |h| h.iter().map(|&c| u64::from(c)).sum());
    time("ranks", &hands, |h| {
        (tables::rank9(h[0..9].try_into().unwrap())
            + tables::rank9(h[9..18].try_into().unwrap())
            + tables::rank9(h[18..27].try_into().unwrap())
            + tables::rank7(h[27..34].try_into().unwrap())) as u64
    });
    time("classes", &hands, |h| {
        (tables::suit_class(h[0..9].try_into().unwrap()) as u64
            + tables::suit_class(h[9..18].try_into().unwrap()) as u64
            + tables::suit_class(h[18..27].try_into().unwrap()) as u64
            + tables::honor_class(h[27..34].try_into().unwrap()) as u64)
    });
    time("regular", &hands, |h| haipai_shanten::shanten_regular(h) as u64);
    time("shanten", &hands, |h| haipai_shanten::shanten(h) as u64);
    time("xiangting", &hands, |h| {
        xiangting::calculate_replacement_number(h, xiangting::PlayerCount::Four).unwrap() as u64
    });
}

//! Three-player (sanma) functions against xiangting's `PlayerCount::Three` and against the
//! reference search, on seeded random hands from the 108-tile wall, plus named cases.

use haipai_shanten::sanma;
use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, ErrorKind, TileSet, counts_to_string, parse_counts};

const SIZES: [usize; 10] = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];

/// A random sanma hand of `size` tiles: without replacement from the 108 tiles, or biased to
/// few kinds (many pairs and quads) every other time.
fn sanma_hand(rng: &mut Rng, size: usize, clumped: bool) -> Counts {
    let kinds: Vec<usize> = sanma::KINDS.iter().map(|t| t.index()).collect();
    let mut counts = [0u8; 34];
    if clumped {
        let few: Vec<usize> = (0..3 + rng.index(5)).map(|_| kinds[rng.index(kinds.len())]).collect();
        let mut n = 0;
        while n < size {
            let i = if rng.below(5) == 0 { kinds[rng.index(kinds.len())] } else { few[rng.index(few.len())] };
            if counts[i] < 4 {
                counts[i] += 1;
                n += 1;
            }
        }
        return counts;
    }
    let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
    for i in 0..size {
        let j = i + rng.index(wall.len() - i);
        wall.swap(i, j);
        counts[wall[i]] += 1;
    }
    counts
}

fn xt(counts: &Counts) -> i8 {
    xiangting::calculate_replacement_number(counts, xiangting::PlayerCount::Three).unwrap() as i8 - 1
}

#[test]
fn sanma_matches_xiangting_and_reference() {
    let mut rng = Rng::new(0x5a_0003);
    for round in 0..20_000 {
        let size = if round % 2 == 0 { 13 + (round / 2) % 2 } else { SIZES[rng.index(10)] };
        let hand = sanma_hand(&mut rng, size, round % 3 == 0);
        let text = counts_to_string(&hand);
        assert_eq!(sanma::shanten(&hand), xt(&hand), "shanten of {text}");
        if round % 10 == 0 {
            assert_eq!(sanma::shanten_regular(&hand), sanma::reference_shanten_regular(&hand), "regular {text}");
        }
        if size % 3 == 1 {
            let (r, set) = xiangting::calculate_necessary_tiles(&hand, xiangting::PlayerCount::Three).unwrap();
            assert_eq!(sanma::necessary_tiles(&hand), (r as i8 - 1, TileSet::from_bits(set)), "necessary {text}");
        } else {
            let (r, set) = xiangting::calculate_unnecessary_tiles(&hand, xiangting::PlayerCount::Three).unwrap();
            assert_eq!(sanma::unnecessary_tiles(&hand), (r as i8 - 1, TileSet::from_bits(set)), "unnecessary {text}");
        }
    }
}

#[test]
fn named_sanma_cases() {
    let h = |s: &str| parse_counts(s).unwrap();
    // 1m and 9m pair up or stay alone; in four-player 1m and 9m also wait on 2m, 3m, 7m, 8m.
    assert_eq!(sanma::shanten(&h("19m123456789p11s")), 1);
    assert_eq!(haipai_shanten::shanten(&h("19m123456789p11s")), 1);
    assert_eq!(sanma::necessary_tiles(&h("19m123456789p11s")).1.to_string(), "19m1s");
    assert_eq!(haipai_shanten::necessary_tiles(&h("19m123456789p11s")).1.to_string(), "123789m1s");
    // Thirteen orphans and seven pairs are unchanged.
    assert_eq!(sanma::shanten(&h("19m19p19s1234567z")), 0);
    assert_eq!(sanma::shanten(&h("1199m2233p4455s6z")), 0);
    assert_eq!(sanma::try_necessary_tiles(&h("19m19p19s1234567z")).unwrap().1.to_string(), "19m19p19s1234567z");
    assert_eq!(sanma::unnecessary_tiles(&h("111m999m123p456s11z")).1, TileSet::EMPTY);
}

#[test]
fn sanma_rejects_2m_to_8m() {
    let err = sanma::try_shanten(&parse_counts("5m123456789p11s").unwrap()).unwrap_err();
    let reason = "three-player mahjong has no 2m-8m";
    assert_eq!(err.kind(), &ErrorKind::NotATile { text: "5m".to_string(), reason });
    let wrong_size = |e: haipai_tiles::Error| matches!(e.kind(), ErrorKind::WrongSize { .. });
    assert!(wrong_size(sanma::try_shanten(&parse_counts("123p").unwrap()).unwrap_err()));
    assert!(wrong_size(sanma::try_necessary_tiles(&parse_counts("19m123456789p112s").unwrap()).unwrap_err()));
    // Three pinzu runs and the 11s pair; 1m, 9m and 2s are loose (1m/9m form no runs in sanma),
    // and the 1s can go too (12s then waits): each of those four discards keeps 1-shanten.
    let keep = TileSet::from_counts(&parse_counts("19m12s").unwrap());
    assert_eq!(sanma::try_unnecessary_tiles(&parse_counts("19m123456789p112s").unwrap()), Ok((1, keep)));
    assert_eq!(sanma::try_shanten_regular(&parse_counts("19m123456789p11s").unwrap()), Ok(1));
}

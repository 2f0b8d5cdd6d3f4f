//! The table-driven functions against xiangting (100k seeded random hands) and against the
//! reference (the tables' own tests, freshness and size, are unit tests in `src/table_tests.rs`).

mod common;

use common::{clumped_hand, random_hand, xt_necessary, xt_shanten, xt_unnecessary};
use haipai_shanten::reference;
use haipai_tiles::counts_to_string;
use haipai_tiles::rng::Rng;

const SIZES: [usize; 10] = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];

#[test]
fn shanten_matches_xiangting_on_100k_hands() {
    let mut rng = Rng::new(0x5eed_1000);
    for round in 0..100_000 {
        let size = if round % 2 == 0 { 13 + (round / 2) % 2 } else { SIZES[rng.index(10)] };
        let hand = if round % 5 == 0 { clumped_hand(&mut rng, size) } else { random_hand(&mut rng, size) };
        assert_eq!(haipai_shanten::shanten(&hand), xt_shanten(&hand), "shanten of {}", counts_to_string(&hand));
    }
}

#[test]
fn necessary_and_unnecessary_match_xiangting() {
    let mut rng = Rng::new(0x5eed_2000);
    for round in 0..100_000 {
        let size = if round % 2 == 0 { 13 + (round / 2) % 2 } else { SIZES[rng.index(10)] };
        let hand = if round % 5 == 0 { clumped_hand(&mut rng, size) } else { random_hand(&mut rng, size) };
        let text = counts_to_string(&hand);
        if size % 3 == 1 {
            assert_eq!(haipai_shanten::necessary_tiles(&hand), xt_necessary(&hand), "necessary of {text}");
        } else {
            assert_eq!(haipai_shanten::unnecessary_tiles(&hand), xt_unnecessary(&hand), "unnecessary of {text}");
        }
    }
}

#[test]
fn fast_matches_reference() {
    let mut rng = Rng::new(0x5eed_3000);
    for round in 0..5_000 {
        let size = SIZES[rng.index(10)];
        let hand = if round % 2 == 0 { clumped_hand(&mut rng, size) } else { random_hand(&mut rng, size) };
        let text = counts_to_string(&hand);
        assert_eq!(haipai_shanten::shanten_regular(&hand), reference::shanten_regular(&hand), "regular {text}");
        assert_eq!(haipai_shanten::shanten_seven_pairs(&hand), reference::shanten_seven_pairs(&hand), "{text}");
        assert_eq!(haipai_shanten::shanten_thirteen_orphans(&hand), reference::shanten_thirteen_orphans(&hand));
        assert_eq!(haipai_shanten::shanten(&hand), reference::shanten(&hand), "shanten {text}");
        if size % 3 == 1 {
            assert_eq!(haipai_shanten::necessary_tiles(&hand), reference::necessary_tiles(&hand), "nec {text}");
        } else {
            assert_eq!(haipai_shanten::unnecessary_tiles(&hand), reference::unnecessary_tiles(&hand), "unn {text}");
        }
    }
}

/// A [`haipai_shanten::Memo`] answers as the free functions do, on 100k seeded random hands
/// (one memo for all, so most suit patterns are found in it; a fresh one every 997 hands, so
/// new patterns are filled and the table grows often), and as the reference on 5k.
#[test]
fn memo_matches_the_free_functions_and_the_reference() {
    let mut rng = Rng::new(0x5eed_3500);
    let mut memo = haipai_shanten::Memo::new();
    for round in 0..100_000 {
        if round % 997 == 0 {
            memo = haipai_shanten::Memo::default();
        }
        let size = if round % 2 == 0 { 13 + (round / 2) % 2 } else { SIZES[rng.index(10)] };
        let hand = if round % 5 == 0 { clumped_hand(&mut rng, size) } else { random_hand(&mut rng, size) };
        let text = counts_to_string(&hand);
        if size % 3 == 1 {
            let answer = memo.necessary_tiles(&hand);
            assert_eq!(answer, haipai_shanten::necessary_tiles(&hand), "necessary of {text}");
            if round % 20 < 1 {
                assert_eq!(answer, reference::necessary_tiles(&hand), "necessary of {text}");
            }
        } else {
            let answer = memo.unnecessary_tiles(&hand);
            assert_eq!(answer, haipai_shanten::unnecessary_tiles(&hand), "unnecessary of {text}");
            if round % 20 < 1 {
                assert_eq!(answer, reference::unnecessary_tiles(&hand), "unnecessary of {text}");
            }
        }
    }
    assert!(!memo.is_empty() && memo.len() <= 405_350);
}

//! The reference implementation: named edge cases from REFERENCE.md, xiangting as a
//! differential oracle on seeded random hands, and the textbook DFS as a cross-check.

mod common;

use common::{CASES, clumped_hand, random_hand, xt_necessary, xt_shanten, xt_unnecessary};
use haipai_shanten::reference;
use haipai_tiles::parse_counts;
use haipai_tiles::rng::Rng;

fn h(s: &str) -> haipai_tiles::Counts {
    parse_counts(s).unwrap()
}

#[test]
fn named_edge_cases() {
    for &(name, hand, all, reg, seven, orphans) in CASES {
        let c = h(hand);
        assert_eq!(reference::shanten_regular(&c), reg, "{name}: regular of {hand}");
        assert_eq!(reference::shanten_seven_pairs(&c), seven, "{name}: seven pairs of {hand}");
        assert_eq!(reference::shanten_thirteen_orphans(&c), orphans, "{name}: orphans of {hand}");
        assert_eq!(reference::shanten(&c), all, "{name}: shanten of {hand}");
    }
}

fn sizes() -> impl Iterator<Item = usize> {
    [1, 2, 4, 5, 7, 8, 10, 11, 13, 14].into_iter()
}

#[test]
fn reference_agrees_with_xiangting() {
    let mut rng = Rng::new(0x5eed_0001);
    for round in 0..3000 {
        let size = if round % 2 == 0 { 13 + round % 4 / 2 } else { sizes().nth(rng.index(10)).unwrap() };
        let hand = if round % 3 == 0 { clumped_hand(&mut rng, size) } else { random_hand(&mut rng, size) };
        let text = haipai_tiles::counts_to_string(&hand);
        assert_eq!(reference::shanten(&hand), xt_shanten(&hand), "shanten of {text}");
        if size % 3 == 1 {
            assert_eq!(reference::necessary_tiles(&hand), xt_necessary(&hand), "necessary of {text}");
        } else {
            assert_eq!(reference::unnecessary_tiles(&hand), xt_unnecessary(&hand), "unnecessary of {text}");
        }
    }
}

#[test]
fn classic_dfs_is_a_lower_bound_and_exact_without_quads() {
    let mut rng = Rng::new(0x5eed_0002);
    for round in 0..1500 {
        let size = sizes().nth(rng.index(10)).unwrap();
        let hand = if round % 2 == 0 { clumped_hand(&mut rng, size) } else { random_hand(&mut rng, size) };
        let text = haipai_tiles::counts_to_string(&hand);
        let exact = reference::shanten_regular(&hand);
        let classic = reference::classic_regular(&hand);
        assert!(classic <= exact, "classic {classic} > exact {exact} for {text}");
        if hand.iter().all(|&c| c < 4) {
            assert_eq!(classic, exact, "no quad but classic {classic} != exact {exact} for {text}");
        }
    }
    assert_eq!(reference::classic_regular(&h("1111m456p789p123s")), 0);
    assert_eq!(reference::classic_regular(&h("12m45m12p45p159s13z")), 4);
}

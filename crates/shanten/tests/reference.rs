//! The reference implementation: named edge cases from REFERENCE.md, xiangting as a
//! differential oracle on seeded random hands, and the textbook DFS as a cross-check.

mod common;

use common::{clumped_hand, random_hand, xt_necessary, xt_shanten, xt_unnecessary};
use haipai_shanten::reference;
use haipai_tiles::parse_counts;
use haipai_tiles::rng::Rng;

fn h(s: &str) -> haipai_tiles::Counts {
    parse_counts(s).unwrap()
}

/// (name, hand, shanten, regular, seven pairs, thirteen orphans); 127 = not applicable.
const CASES: &[(&str, &str, i8, i8, i8, i8)] = &[
    ("document 000 example, tenpai", "123456789m11p11s", 0, 0, 4, 8),
    ("complete regular", "123m456p789s11122z", -1, -1, 4, 8),
    ("four-copy limit: only wait is a fifth 1m", "1111m456p789p123s", 1, 1, 5, 9),
    ("quad is one pair for seven pairs", "1111m2233p4455s66z", 1, 2, 1, 10),
    ("seven pairs tenpai", "1188m288p55s1177z", 0, 3, 0, 9),
    ("seven pairs complete", "1188m2288p55s1177z", -1, 3, -1, 9),
    ("thirteen orphans 13-sided", "19m19p19s1234567z", 0, 8, 6, 0),
    ("thirteen orphans complete", "19m19p19s12345677z", -1, 7, 5, -1),
    ("kanchan counts as a partial", "1133m1133p1379s5z", 2, 3, 2, 7),
    ("document 000 counterexample", "12m45m12p45p159s13z", 4, 4, 6, 7),
    ("nine gates", "1112345678999m", 0, 0, 4, 10),
    ("one tile", "5z", 0, 0, 127, 127),
    ("two tiles, pair", "55z", -1, -1, 127, 127),
    ("two tiles, no pair", "1m9s", 0, 0, 127, 127),
    ("four tiles, quad", "1111m", 1, 1, 127, 127),
    ("four tiles, tenpai", "1112m", 0, 0, 127, 127),
    ("honour quads", "1111222233334z", 3, 3, 6, 8),
    ("all isolated", "147m258p369s1234z", 6, 8, 6, 7),
];

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

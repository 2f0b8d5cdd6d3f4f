//! The public API on named cases: the REFERENCE.md edge cases through the fast functions,
//! necessary and unnecessary tiles of small named hands, the `try_` variants' errors and
//! the live-count function (受け入れ枚数).

use haipai_shanten::{
    NOT_APPLICABLE, live_count, necessary_tiles, shanten, shanten_regular, shanten_seven_pairs,
    shanten_thirteen_orphans, try_necessary_tiles, try_shanten, try_shanten_regular, try_shanten_seven_pairs,
    try_shanten_thirteen_orphans, try_unnecessary_tiles, unnecessary_tiles,
};
use haipai_tiles::{Counts, ErrorKind, TileSet, parse_counts};

mod common;

use common::CASES;

fn h(s: &str) -> Counts {
    parse_counts(s).unwrap()
}

#[test]
fn named_edge_cases_fast() {
    for &(name, hand, all, reg, seven, orphans) in CASES {
        let c = h(hand);
        assert_eq!(shanten_regular(&c), reg, "{name}: regular of {hand}");
        assert_eq!(shanten_seven_pairs(&c), seven, "{name}: seven pairs of {hand}");
        assert_eq!(shanten_thirteen_orphans(&c), orphans, "{name}: orphans of {hand}");
        assert_eq!(shanten(&c), all, "{name}: shanten of {hand}");
        assert_eq!(try_shanten(&c), Ok(all), "{name}: try_shanten of {hand}");
        assert_eq!(try_shanten_regular(&c), Ok(reg));
        assert_eq!(try_shanten_seven_pairs(&c), Ok(seven));
        assert_eq!(try_shanten_thirteen_orphans(&c), Ok(orphans));
    }
    assert_eq!(NOT_APPLICABLE, 127);
}

/// (name, hand, shanten, necessary or unnecessary kinds in our notation).
const TILE_CASES: &[(&str, &str, i8, &str)] = &[
    ("document 000 example: shanpon", "123456789m11p11s", 0, "1p1s"),
    ("nine gates: nine-sided", "1112345678999m", 0, "123456789m"),
    ("thirteen orphans 13-sided", "19m19p19s1234567z", 0, "19m19p19s1234567z"),
    ("four-copy limit: every kind but 1m", "1111m456p789p123s", 1, "23456789m123456789p123456789s1234567z"),
    ("seven pairs tenpai on the single", "1188m288p55s1177z", 0, "2p"),
    ("one tile: itself", "5z", 0, "5z"),
    ("tenpai discards", "123456789m11p112s", 0, "12s"),
    ("complete: every discard loses the win", "123m456p789s11122z", -1, ""),
    ("two tiles, pair: complete", "55z", -1, ""),
    ("two tiles, no pair: either", "1m9s", 0, "1m9s"),
];

#[test]
fn named_necessary_and_unnecessary() {
    for &(name, hand, s, tiles) in TILE_CASES {
        let c = h(hand);
        let n: u8 = c.iter().sum();
        let got = if n % 3 == 1 { try_necessary_tiles(&c) } else { try_unnecessary_tiles(&c) }.unwrap();
        assert_eq!(got.0, s, "{name}: shanten of {hand}");
        assert_eq!(got.1.to_string(), tiles, "{name}: tiles of {hand}");
        let plain = if n % 3 == 1 { necessary_tiles(&c) } else { unnecessary_tiles(&c) };
        assert_eq!(plain, got);
    }
}

#[test]
fn try_variants_reject_bad_input() {
    let mut five = h("1111m");
    five[0] = 5;
    let one_m = haipai_tiles::Tile::new(0).unwrap();
    assert_eq!(try_shanten(&five).unwrap_err().kind(), &ErrorKind::TooManyCopies(one_m));
    assert_eq!(try_shanten(&[0; 34]).unwrap_err().kind(), &ErrorKind::Empty);
    let wrong_size = |expected: &str, got| ErrorKind::WrongSize { expected: expected.to_string(), got, melds: 0 };
    let sizes = "1, 2, 4, 5, 7, 8, 10, 11, 13 or 14";
    for (bad, got) in [("123m", 3), ("123456m", 6), ("123456789m123456p", 15)] {
        assert_eq!(try_shanten(&h(bad)).unwrap_err().kind(), &wrong_size(sizes, got), "{bad}");
    }
    let message = try_shanten(&h("123m")).unwrap_err().to_string();
    assert_eq!(message, "1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles expected, got 3");
    // Necessary tiles need 3m + 1 tiles, unnecessary tiles 3m + 2.
    let necessary = try_necessary_tiles(&h("123456789m11p112s")).unwrap_err();
    assert_eq!(necessary.kind(), &wrong_size("1, 4, 7, 10 or 13", 14));
    let unnecessary = try_unnecessary_tiles(&h("123456789m11p11s")).unwrap_err();
    assert_eq!(unnecessary.kind(), &wrong_size("2, 5, 8, 11 or 14", 13));
    let tiles = |s: &str| TileSet::from_counts(&h(s));
    assert_eq!(try_necessary_tiles(&h("123456789m11p11s")), Ok((0, tiles("1p1s"))));
    assert_eq!(try_unnecessary_tiles(&h("123456789m11p112s")), Ok((0, tiles("12s"))));
}

#[test]
fn live_count_subtracts_hand_and_visible() {
    let hand = h("123456789m11p11s");
    let (_, draws) = necessary_tiles(&hand);
    // 1p and 1s: two copies each left outside the hand.
    assert_eq!(live_count(draws, &hand, &[0; 34]), 4);
    let visible = h("1p1s1s");
    assert_eq!(live_count(draws, &hand, &visible), 1);
    // Floored at zero when the caller over-counts.
    let too_many = h("111p");
    assert_eq!(live_count(draws, &hand, &too_many), 2);
    let nine = h("1112345678999m");
    let (_, waits) = necessary_tiles(&nine);
    assert_eq!(live_count(waits, &nine, &[0; 34]), 1 + 3 * 7 + 1);
}

/// A kind held four times among the closed tiles is never necessary (it cannot be drawn); a
/// kind whose other copies sit in called melds is not seen: it stays necessary, and
/// `live_count` gives it no copy (haipai-waits calls such a hand karaten).
#[test]
fn necessary_tiles_and_every_copy_held() {
    // A closed quad with three called melds: any other kind makes a tanki, 1-shanten.
    let quad = h("2222m");
    let (s, draws) = necessary_tiles(&quad);
    assert_eq!((s, draws.len()), (1, 33));
    assert!(!draws.contains(haipai_tiles::Tile::new(1).unwrap()));
    // A quad is one pair for seven pairs: 1111m2233p4455s6z is 2-shanten, and 1m is not
    // necessary.
    let pairs = h("1111m2233p4455s6z");
    // Every other kind is a seventh kind for seven pairs (1111m2233p4455s6z9s less a 1m is
    // 1-shanten), or helps the regular form.
    let (s, draws) = necessary_tiles(&pairs);
    assert_eq!((s, draws.to_string()), (2, "23456789m123456789p123456789s1234567z".to_string()));
    // The closed 1m beside a pon of 1m: tenpai on 1m, with no copy left to draw.
    let one = h("1m");
    assert_eq!(necessary_tiles(&one), (0, TileSet::from_counts(&one)));
    assert_eq!(live_count(TileSet::from_counts(&one), &one, &h("111m")), 0);
}

//! Notation tests: table-driven parse/print cases, error messages, round trips, and a
//! property test that no input panics.

use haipai_tiles::{ErrorKind, Hand, Tile, parse_counts, parse_tile};
use proptest::prelude::*;

#[test]
fn normalises_hands() {
    let cases = [
        ("222567m345p33667s", "222567m345p33667s"),
        ("222567m34p3366s北", "222567m34p3366s4z"),
        ("北222567m34p3366s", "222567m34p3366s4z"),
        ("ESWNPFC123m456p1s", "123m456p1s1234567z"),
        ("東南西北白發中123m456p1s", "123m456p1s1234567z"),
        ("5550m123p456s789s1z", "0555m123p456789s1z"),
        ("123m 456p 789s 1122z", "123m456p789s1122z"),
        ("123m456p11z[789s][555z]", "123m456p11z[789s][555z]"),
        ("406m789p11z[789s][5555z*]", "406m789p11z[789s][5555z*]"),
        ("11z[123m][456p][3333s+][5555z]", "11z[123m][456p][3333s+][5555z]"),
        ("11223344z[406m][0555p]", "11223344z[406m][0555p]"),
    ];
    for (input, expected) in cases {
        let hand = Hand::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(hand.to_string(), expected, "{input}");
        let again = Hand::parse(&hand.to_string()).unwrap();
        assert_eq!(again, hand, "round trip of {input}");
    }
}

#[test]
fn error_messages_name_what_and_where() {
    let cases = [
        ("11111m", "at 5: five copies of 1m"),
        ("12m8z", "at 4: '8z' is not a tile: honours are 1z..7z"),
        ("123m0z", "at 5: '0z' is not a tile: red fives are 0m, 0p and 0s; honours are 1z..7z"),
        ("123m456p789s1122", "at 13: digits '1122' have no suit letter after them (m, p, s or z)"),
        (
            "123x",
            "at 4: 'x' is not a tile, digit or suit letter (use 1-9 and 0 for a red five, then m, p, s or z; or ESWNPFC, or 東南西北白發中)",
        ),
        ("m123", "at 1: 'm' is not a tile: a suit letter needs digits before it"),
        ("", "no tiles given"),
        ("123m456p789s11z", "13 or 14 tiles expected, got 11"),
        ("123m456p789s111222z", "13 or 14 tiles expected, got 15"),
        ("123m456p789s1z", "13 or 14 tiles expected, got 10"),
        ("123m", "13 or 14 tiles expected, got 3"),
        ("123m[12m]", "at 5: '[12m]' is not a meld: a meld has three tiles, or four for a kan"),
        ("123m[124m]", "at 5: '[124m]' is not a meld: three tiles must be a sequence of one suit or three of a kind"),
        ("123m[789s", "at 5: '[' is never closed by ']'"),
        ("[789s]123m", "at 7: closed tiles must come before the called melds in brackets"),
        ("00m5m123p456s789s", "at 2: more than one red 5m"),
        ("11z[1111z][111z]", "at 4: five copies of 1z"),
    ];
    for (input, expected) in cases {
        match Hand::parse(input) {
            Err(e) if e.to_string() == expected => {}
            other => panic!("{input}: expected error {expected:?}, got {other:?}"),
        }
    }
}

#[test]
fn size_error_mentions_melds() {
    let e = Hand::parse("123m[789s]").unwrap_err();
    assert_eq!(e.to_string(), "13 or 14 tiles expected, got 6 (3 counted for the called meld)");
    let e = Hand::parse("123m[789s][111z]").unwrap_err();
    assert_eq!(e.to_string(), "13 or 14 tiles expected, got 9 (3 counted for each of the 2 called melds)");
    assert_eq!(parse_tile("10m").unwrap_err().to_string(), "one tile expected, got 2");
}

#[test]
fn single_tiles() {
    let parsed = parse_tile("0p").unwrap();
    assert_eq!((parsed.tile(), parsed.is_red()), (Tile::from_suit_number(haipai_tiles::Suit::Pin, 5).unwrap(), true));
    let parsed = parse_tile("北").unwrap();
    assert_eq!((parsed.tile(), parsed.is_red()), (Tile::NORTH, false));
    let parsed = parse_tile("7z").unwrap();
    assert_eq!((parsed.tile(), parsed.is_red()), (Tile::RED, false));
    let kind = |s: &str| parse_tile(s).unwrap_err().kind().clone();
    assert_eq!(kind("12m"), ErrorKind::WrongSize { expected: "1".into(), got: 2, melds: 0 });
    assert_eq!(kind("9z"), ErrorKind::NotATile { text: "9z".into(), reason: "honours are 1z..7z" });
    assert_eq!(kind(""), ErrorKind::Empty);
}

#[test]
fn a_red_five_needs_a_five_held_where_it_is_counted() {
    use haipai_tiles::{ErrorKind, Meld, MeldKind};
    let five_m = Tile::from_suit_number(haipai_tiles::Suit::Man, 5).unwrap();
    // It used to say "more than one red 5m" of a single red five with no 5m.
    let e = Hand::new([0; 34], [1, 0, 0], Vec::new()).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::RedFiveNotHeld(five_m));
    assert_eq!(e.to_string(), "a red 5m is counted but no 5m is held");
    // A closed red five with the only 5m in a meld: the closed tiles hold no five to be it.
    let closed = parse_counts("123p456p789p1z").unwrap();
    let pon = Meld::new(MeldKind::Pon, five_m, 0).unwrap();
    assert_eq!(Hand::new(closed, [1, 0, 0], vec![pon]).unwrap_err().kind(), &ErrorKind::RedFiveNotHeld(five_m));
    assert!(Hand::new(closed, [0, 0, 0], vec![Meld::new(MeldKind::Pon, five_m, 1).unwrap()]).is_ok());
}

#[test]
fn counts_reject_melds() {
    let kind = parse_counts("123m[456p]").unwrap_err().kind().clone();
    let reason = "called melds are not allowed here, only closed tiles";
    assert_eq!(kind, ErrorKind::NotAMeld { text: "456p".into(), reason });
    assert_eq!(parse_counts("19m19p19s1234567z").unwrap().iter().map(|&c| c as u32).sum::<u32>(), 13);
}

#[test]
fn glyph_output() {
    let hand = Hand::parse("123m456p789s1122z").unwrap();
    assert_eq!(hand.to_glyphs(), "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀁🀁");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn no_byte_string_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        // Besides not panicking: the parsers agree with each other, and an error's column
        // points into the input (or just past its end).
        let s = String::from_utf8_lossy(&bytes);
        let any_size = Hand::parse_any_size(&s);
        match Hand::parse(&s) {
            Ok(hand) => {
                prop_assert!(hand.size() == 13 || hand.size() == 14);
                prop_assert_eq!(any_size, Ok(hand));
            }
            Err(e) => {
                let end = s.chars().count() + 1;
                prop_assert!(e.column().is_none_or(|c| (1..=end).contains(&c)), "{e} in {s:?}");
            }
        }
        if let Ok(counts) = parse_counts(&s) {
            prop_assert!(counts.iter().all(|&c| c <= 4));
        }
        if let Ok(parsed) = parse_tile(&s) {
            prop_assert!(!parsed.is_red() || parsed.tile().number() == 5);
        }
    }

    #[test]
    fn no_notation_like_string_panics(s in "[0-9mpsz\\[\\]\\*\\+ ESWNPFC東北]{0,30}") {
        if let Ok(h) = Hand::parse_any_size(&s) {
            let printed = h.to_string();
            prop_assert_eq!(Hand::parse_any_size(&printed).unwrap(), h);
        }
    }

    #[test]
    fn round_trip_of_random_counts(seed in any::<u64>()) {
        let mut rng = haipai_tiles::rng::Rng::new(seed);
        let mut counts = [0u8; 34];
        let mut n = 0;
        while n < 14 {
            let k = rng.index(34);
            if counts[k] < 4 { counts[k] += 1; n += 1; }
        }
        let hand = Hand::from_counts(counts).unwrap();
        prop_assert_eq!(Hand::parse(&hand.to_string()).unwrap(), hand);
    }
}

/// Every kind of bad input found while reading names the column where it went wrong: the tile
/// (or the `[` of the meld) that brings a fifth copy or a second red five, the fifth `[`. Only
/// the size and emptiness, which concern the whole input, have no column.
#[test]
fn every_reading_error_names_its_column() {
    let cases: [(&str, Option<usize>, &str); 14] = [
        ("11111m", Some(5), "at 5: five copies of 1m"),
        ("1m2m1111m3m", Some(8), "at 8: five copies of 1m"),
        ("1112345678999m[1111m]", Some(15), "at 15: five copies of 1m"),
        ("50m123p456s[555m]", Some(12), "at 12: five copies of 5m"),
        ("00m5m123p456s789s", Some(2), "at 2: more than one red 5m"),
        ("0m123p456s789s1z[406m]", Some(17), "at 17: more than one red 5m"),
        ("0p123s[406m][406p]", Some(13), "at 13: more than one red 5p"),
        ("1z[111m][222m][333m][444m][555m]", Some(27), "at 27: 5 called melds: at most 4"),
        ("1m[123p][456p][789p][111z]", None, ""),
        (
            "123m[45*m]",
            Some(8),
            "at 8: '*' is not a tile, digit or suit letter (use 1-9 and 0 for a red five, then m, p, s or z; or ESWNPFC, or 東南西北白發中)",
        ),
        ("123m[456m*]", Some(5), "at 5: '[456m*]' is not a meld: the marks * and + are for kans (four tiles)"),
        ("123m[*]", Some(5), "at 5: '[*]' is not a meld: it is empty"),
        ("1m[0000m]", Some(3), "at 3: '[0000m]' is not a meld: more than one red five"),
        ("123m456p789s1z 2", Some(16), "at 16: digits '2' have no suit letter after them (m, p, s or z)"),
    ];
    for (input, column, message) in cases {
        match Hand::parse_any_size(input) {
            Err(e) => {
                assert_eq!(e.column(), column, "{input}: {e}");
                assert_eq!(e.to_string(), message, "{input}");
            }
            Ok(h) => assert!(column.is_none(), "{input} parsed as {h}"),
        }
    }
    // Closed counts refuse a meld at its bracket.
    assert_eq!(parse_counts("123m[456p]").unwrap_err().column(), Some(5));
    // The whole input: no column.
    assert_eq!(Hand::parse("123m").unwrap_err().column(), None);
    assert_eq!(Hand::parse(" ").unwrap_err().column(), None);
}

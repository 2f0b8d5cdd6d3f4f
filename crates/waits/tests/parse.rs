//! Reading back what the crate prints: every line (karaten ones included), shape and wait
//! kind the crate yields on seeded random hands reads back as the same value, and the errors
//! name what is wrong and where (a table of messages).

use haipai_tiles::rng::Rng;
use haipai_tiles::sample::{random_complete_hand, random_hand, take_random_held};
use haipai_tiles::{Counts, parse_counts};
use haipai_waits::{Line, LineOptions, ParseError, ParseErrorKind, Shape, WaitKind, waits, waits_with};
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// `value` prints to text that reads back as `value`.
fn round_trip<T: Display + FromStr<Err = ParseError> + PartialEq + Debug>(value: &T) {
    let text = value.to_string();
    assert_eq!(text.parse::<T>().as_ref(), Ok(value), "{text}");
}

/// A seeded hand of 13 (sometimes 10, 7, 4 or 1) tiles: a complete hand less a tile (tenpai
/// by construction) or any hand.
fn random_waiting_hand(rng: &mut Rng, k: usize) -> Counts {
    match random_complete_hand(rng) {
        Some((mut h, _)) if k.is_multiple_of(2) => {
            take_random_held(rng, &mut h);
            h
        }
        _ => random_hand(rng, [13, 13, 10, 7, 4, 1][k % 6]),
    }
}

#[test]
fn every_line_and_shape_of_random_hands_reads_back() {
    let mut rng = Rng::new(0x3a_1e5);
    let options = LineOptions::default().karaten(true);
    let (mut lines, mut shapes) = (0, 0);
    for k in 0..600 {
        let hand = random_waiting_hand(&mut rng, k);
        let w = waits_with(&hand, &[0; 34], options);
        for line in w.lines() {
            round_trip(line);
            round_trip(&line.kind());
            lines += 1;
        }
        for shape in w.shapes() {
            round_trip(&shape);
            shapes += 1;
        }
    }
    assert!(lines > 300 && shapes > 0, "{lines} lines, {shapes} shapes");
}

/// Named hands of every wait kind, karaten and the multi-sided shapes among them.
#[test]
fn every_kind_reads_back() {
    let hands = [
        "1112224588899m",     // ryanmen
        "1112223334699m",     // kanchan
        "1113333555666m",     // karaten lines kept below
        "1122335556799m",     // shanpon
        "12m456m123p789s11z", // penchan
        "1223344556677m",     // seven pairs
        "19m19p19s1234567z",  // thirteen orphans, 13-sided
        "19m19p19s1234566z",  // thirteen orphans
        "4567m123p456s789s",  // nobetan
        "23456m123p789s11z",  // sanmenchan
        "1m",                 // tanki
    ];
    let mut kinds = Vec::new();
    for hand in hands {
        let w = waits_with(&parse_counts(hand).unwrap(), &[0; 34], LineOptions::default().karaten(true));
        assert!(!w.lines().is_empty(), "{hand}");
        w.lines().iter().for_each(round_trip);
        w.shapes().iter().for_each(round_trip);
        kinds.extend(w.lines().iter().map(|l| l.kind()));
    }
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds, WaitKind::ALL);
    WaitKind::ALL.iter().for_each(round_trip);
}

/// A line's text does not tell the called melds: wins that a meld cuts are read back.
#[test]
fn lines_read_back_without_the_called_melds() {
    let closed = parse_counts("1m123p456p789p").unwrap();
    let pon_1m = parse_counts("111m").unwrap();
    let kept = waits_with(&closed, &pon_1m, LineOptions::default().karaten(true));
    let line = kept.lines()[0];
    assert!(line.is_karaten());
    let read: Line = line.to_string().parse().unwrap();
    assert_eq!((read.kind(), read.wins().to_string()), (line.kind(), "1m".to_string()));
    assert_eq!(read, waits(&closed).lines()[0]);
}

/// The message (with its column) of each error.
fn message<T: FromStr<Err = ParseError> + Debug>(text: &str) -> String {
    format!("{text:?}: {}", text.parse::<T>().expect_err(text))
}

#[test]
fn errors_name_what_and_where() {
    let got = [
        message::<WaitKind>("Tanki"),
        message::<WaitKind>(""),
        message::<Shape>("nobetan 4568m"),
        message::<Shape>("nobetan 6789z"),
        message::<Shape>("sanmenchan 12345m"),
        message::<Shape>("nobetan  4567m"),
        message::<Shape>("ryanmen 45m"),
        message::<Shape>("nobetan"),
        message::<Line>("(111m)(222m)(888m)(99m)[45m"),
        message::<Line>("(111m)(222m)(888m)(99m)"),
        message::<Line>("(124m)[5m]"),
        message::<Line>("(789z)[5m]"),
        message::<Line>("(123m)(11m)[45p]"),
        message::<Line>("(11m)(111m)(123m)[45p]"),
        message::<Line>("(11m)(123m)[19p]"),
        message::<Line>("(11m)(22m)[45p]"),
        message::<Line>("(11m)(123m)[5m]"),
        message::<Line>("(11m)(11m)(22m)(33m)(44m)(55m)[6m]"),
        message::<Line>("(11m)(22m)(33m)(44m)(55m)(66m)[6m]"),
        message::<Line>("[19m19p19s1234666z]"),
        message::<Line>("[1199m19p19s12345z]"),
        message::<Line>("[15m19p19s1234567z]"),
        message::<Line>("[19m1p9p19s1234567z]"),
        message::<Line>("(11m)[54p]"),
        message::<Line>("(11m)[45p] "),
        message::<Line>("(11m)[4p5s]"),
        message::<Line>("(11m)[12z]"),
        message::<Line>("(11m)[4]"),
        message::<Line>("(11m)[4"),
        message::<Line>("(11m)[40p]"),
        message::<Line>("(11m)[]"),
        message::<Line>(""),
    ];
    let expected = [
        r#""Tanki": 'Tanki' is not a wait kind: tanki, shanpon, ryanmen, kanchan, penchan, seven-pairs, thirteen-orphans or thirteen-orphans-13"#,
        r#""": no wait kind given"#,
        r#""nobetan 4568m": at 9: '4568m' is not a nobetan: four tiles in a row of one suit, from 1234 to 6789"#,
        r#""nobetan 6789z": at 11: '8z' is not a tile: honours are 1z..7z"#,
        r#""sanmenchan 12345m": at 12: '12345m' is not a sanmenchan: five tiles in a row of one suit, 23456, 34567 or 45678"#,
        r#""nobetan  4567m": at 9: ' ' where a digit 1-9 should be"#,
        r#""ryanmen 45m": at 1: 'ryanmen' is not a shape: nobetan or sanmenchan"#,
        r#""nobetan": at 8: the text ends where one space should be"#,
        r#""(111m)(222m)(888m)(99m)[45m": at 24: '[' is never closed by ']'"#,
        r#""(111m)(222m)(888m)(99m)": at 24: the text ends where '(' or '[' should be"#,
        r#""(124m)[5m]": at 1: '(124m)' is not a pair or group: not three of a kind nor three in a row (written lowest first)"#,
        r#""(789z)[5m]": at 3: '8z' is not a tile: honours are 1z..7z"#,
        r#""(123m)(11m)[45p]": at 7: '(11m)' comes after '(123m)': pairs and groups go by lowest tile, then as (11m) (111m) (123m)"#,
        r#""(11m)(111m)(123m)[45p]": at 6: five copies of 1m"#,
        r#""(11m)(123m)[19p]": at 12: not a waiting line: two waiting tiles are a pair or two tiles of a suit at most two apart"#,
        r#""(11m)(22m)[45p]": at 11: not a waiting line: two waiting tiles go with one pair (the head) and at most three groups"#,
        r#""(11m)(123m)[5m]": at 12: not a waiting line: a single waiting tile goes with at most four groups (tanki) or six pairs (seven pairs)"#,
        r#""(11m)(11m)(22m)(33m)(44m)(55m)[6m]": at 31: not a waiting line: seven pairs are six different pairs and a single of another kind"#,
        r#""(11m)(22m)(33m)(44m)(55m)(66m)[6m]": at 31: not a waiting line: seven pairs are six different pairs and a single of another kind"#,
        r#""[19m19p19s1234666z]": at 1: not a waiting line: thirteen orphans wait with terminals and honours only, at most two of a kind"#,
        r#""[1199m19p19s12345z]": at 1: not a waiting line: thirteen orphans hold twelve of the thirteen kinds or all of them"#,
        r#""[15m19p19s1234567z]": at 1: not a waiting line: thirteen orphans wait with terminals and honours only, at most two of a kind"#,
        r#""[19m1p9p19s1234567z]": at 7: '9p' is not a waiting part: waiting tiles go in tile order, one suit letter after each suit's digits"#,
        r#""(11m)[54p]": at 7: '54p' is not a waiting part: waiting tiles go in tile order, one suit letter after each suit's digits"#,
        r#""(11m)[45p] ": at 11: ' ' where the end of the text should be"#,
        r#""(11m)[4p5s]": at 6: not a waiting line: two waiting tiles are a pair or two tiles of a suit at most two apart"#,
        r#""(11m)[12z]": at 6: not a waiting line: two waiting tiles are a pair or two tiles of a suit at most two apart"#,
        r#""(11m)[4]": at 8: ']' where a digit or a suit letter (m, p, s or z) should be"#,
        r#""(11m)[4": at 7: digits '4' have no suit letter after them (m, p, s or z)"#,
        r#""(11m)[40p]": at 8: '0p' is not a tile: a red five is written 5 here"#,
        r#""(11m)[]": at 7: ']' where a digit 1-9 should be"#,
        r#""": no line given"#,
    ];
    assert_eq!(got, expected);
}

/// The kinds behind the messages, for callers that match on them.
#[test]
fn error_kinds_and_columns() {
    let e = "(11m)(111m)(123m)[45p]".parse::<Line>().unwrap_err();
    assert_eq!((e.kind(), e.column()), (&ParseErrorKind::TooManyCopies("1m".parse().unwrap()), Some(6)));
    let e = "shanpon".parse::<WaitKind>();
    assert_eq!(e.map(|k| k.name()), Ok("shanpon"));
    let e = "tanki ".parse::<WaitKind>().unwrap_err();
    assert_eq!(e.column(), None);
}

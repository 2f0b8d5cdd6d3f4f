//! Reading back what the crate prints: every decomposition, block, arrangement and group the
//! crate yields on seeded random hands reads back as the same value, every valid block and
//! group does, and the errors name what is wrong and where (a table of messages).

use haipai_decompose::{
    Arrangement, Block, BlockKind, BlockKinds, Decomposition, Decompositions, Group, ParseError, ParseErrorKind,
    decompositions, winning_arrangements,
};
use haipai_tiles::Tile;
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::{random_complete_hand, random_hand};
use std::fmt::Display;
use std::str::FromStr;

/// `value` prints to text that reads back as `value`.
fn round_trip<T: Display + FromStr<Err = ParseError> + PartialEq + std::fmt::Debug>(value: &T) {
    let text = value.to_string();
    assert_eq!(text.parse::<T>().as_ref(), Ok(value), "{text}");
}

/// Four hundred seeded hands: complete hands and hands of every size 0..=14.
#[test]
fn everything_yielded_on_random_hands_reads_back() {
    let mut rng = Rng::new(0x9a_45e);
    let (mut decomposition_count, mut arrangement_count) = (0, 0);
    for k in 0..400usize {
        let hand = match random_complete_hand(&mut rng) {
            Some((h, _)) if k.is_multiple_of(2) => h,
            _ => random_hand(&mut rng, k % 15),
        };
        // Every decomposition of a small hand; of a large one (thousands), those with at most
        // four loose blocks (the waits ask for two).
        let size: u32 = hand.iter().map(|&c| u32::from(c)).sum();
        let loose = if size <= 10 { 14 } else { 4 };
        for d in Decompositions::new(&hand, BlockKinds::ALL, loose) {
            round_trip(&d);
            d.blocks().iter().for_each(round_trip);
            decomposition_count += 1;
        }
        for a in winning_arrangements(&hand) {
            round_trip(&a);
            a.groups().iter().for_each(round_trip);
            arrangement_count += 1;
        }
    }
    assert!(decomposition_count > 10_000 && arrangement_count > 100, "{decomposition_count} {arrangement_count}");
}

/// Every block that fits its tile and every group read back; those that do not fit print
/// nothing worth reading and are not made.
#[test]
fn every_valid_block_and_group_reads_back() {
    for tile in Tile::all() {
        for kind in BlockKind::ALL {
            if let Some(block) = Block::new(tile, kind) {
                round_trip(&block);
            }
        }
        round_trip(&Group::Triplet(tile));
        if let Some(g) = Group::sequence(tile) {
            round_trip(&g);
        }
    }
}

/// The empty decomposition (of no tiles) prints as nothing and reads back; a pair alone is an
/// arrangement of no group.
#[test]
fn the_smallest_values_read_back() {
    let empty = decompositions(&[0; 34]).next().expect("one decomposition of nothing");
    assert_eq!("".parse::<Decomposition>(), Ok(empty));
    let mut pair = [0; 34];
    pair[31] = 2;
    let a = winning_arrangements(&pair).next().expect("the pair");
    assert_eq!(("(55z)".parse::<Arrangement>(), a.groups().len()), (Ok(a), 0));
}

/// The message (with its column) of each error.
fn message<T: FromStr<Err = ParseError> + std::fmt::Debug>(text: &str) -> String {
    text.parse::<T>().expect_err(text).to_string()
}

#[test]
fn errors_name_what_and_where() {
    let cases: &[(&str, &str, String)] = &[
        ("group", "124m", message::<Group>("124m")),
        ("group", "567z", message::<Group>("567z")),
        ("group", "888z", message::<Group>("888z")),
        ("group", "(123m)", message::<Group>("(123m)")),
        ("group", "12m", message::<Group>("12m")),
        ("group", "123", message::<Group>("123")),
        ("group", "123m ", message::<Group>("123m ")),
        ("group", "", message::<Group>("")),
        ("block", "(124m)", message::<Block>("(124m)")),
        ("block", "[19m]", message::<Block>("[19m]")),
        ("block", "(8910m)", message::<Block>("(8910m)")),
        ("block", "(111z", message::<Block>("(111z")),
        ("block", "(111z]", message::<Block>("(111z]")),
        ("block", "(123z)", message::<Block>("(123z)")),
        ("block", "[12z]", message::<Block>("[12z]")),
        ("block", "{12m}", message::<Block>("{12m}")),
        ("block", "[21m]", message::<Block>("[21m]")),
        ("block", "(505m)", message::<Block>("(505m)")),
        ("block", "12m", message::<Block>("12m")),
        ("block", "(x)", message::<Block>("(x)")),
        ("block", "[11q]", message::<Block>("[11q]")),
        ("decomposition", "(111m)(11m)", message::<Decomposition>("(111m)(11m)")),
        ("decomposition", "(111m)(111m)1m", message::<Decomposition>("(111m)(111m)1m")),
        ("decomposition", "{11m}{22m}", message::<Decomposition>("{11m}{22m}")),
        ("decomposition", "[12m]{11m}", message::<Decomposition>("[12m]{11m}")),
        ("decomposition", "(111m)(222m)(333m)(444m)(555m)", message::<Decomposition>("(111m)(222m)(333m)(444m)(555m)")),
        ("arrangement", "(123m)(11m)", message::<Arrangement>("(123m)(11m)")),
        ("arrangement", "(11m)(22m)", message::<Arrangement>("(11m)(22m)")),
        ("arrangement", "(111m)(123m)", message::<Arrangement>("(111m)(123m)")),
        ("arrangement", "(11m)(111m)(123m)", message::<Arrangement>("(11m)(111m)(123m)")),
        (
            "arrangement",
            "(11z)(111m)(222m)(333m)(444m)(555m)",
            message::<Arrangement>("(11z)(111m)(222m)(333m)(444m)(555m)"),
        ),
        ("arrangement", "(12m)", message::<Arrangement>("(12m)")),
        ("arrangement", "[11m]", message::<Arrangement>("[11m]")),
    ];
    let got: Vec<String> = cases.iter().map(|(what, text, m)| format!("{what} {text:?}: {m}")).collect();
    let expected = [
        r#"group "124m": at 1: '124m' is not a group: not three of a kind nor three in a row (written lowest first)"#,
        r#"group "567z": at 1: '567z' is not a group: honours make no sequence"#,
        r#"group "888z": at 1: '8z' is not a tile: honours are 1z..7z"#,
        r#"group "(123m)": at 1: '(' where a digit 1-9 (a group is written bare, e.g. 123m) should be"#,
        r#"group "12m": at 1: '12m' is not a group: a group has three tiles"#,
        r#"group "123": at 1: digits '123' have no suit letter after them (m, p, s or z)"#,
        r#"group "123m ": at 5: ' ' where the end of the text should be"#,
        r#"group "": no group given"#,
        r#"block "(124m)": at 1: '(124m)' is not a block: not three of a kind nor three in a row (written lowest first)"#,
        r#"block "[19m]": at 1: '[19m]' is not a block: a partial shape is a pair or two tiles of a suit at most two apart"#,
        r#"block "(8910m)": at 1: '(8910m)' is not a block: a group in () has three tiles"#,
        r#"block "(111z": at 1: '(' is never closed by ')'"#,
        r#"block "(111z]": at 6: ']' where ')' should be"#,
        r#"block "(123z)": at 1: '(123z)' is not a block: honours make no sequence"#,
        r#"block "[12z]": at 1: '[12z]' is not a block: honours make no partial shape but a pair"#,
        r#"block "{12m}": at 1: '{12m}' is not a block: the head in {} is a pair"#,
        r#"block "[21m]": at 1: '[21m]' is not a block: a partial shape is a pair or two tiles of a suit at most two apart"#,
        r#"block "(505m)": at 3: '0m' is not a tile: a red five is written 5 here"#,
        r#"block "12m": at 1: '12m' is not a block: an isolated tile is one digit and its suit; more tiles go in brackets"#,
        r#"block "(x)": at 2: 'x' where a digit 1-9 should be"#,
        r#"block "[11q]": at 4: 'q' where a digit or a suit letter (m, p, s or z) should be"#,
        r#"decomposition "(111m)(11m)": at 7: '(11m)' is not a block: a group in () has three tiles"#,
        r#"decomposition "(111m)(111m)1m": at 7: five copies of 1m"#,
        r#"decomposition "{11m}{22m}": at 6: a second head: a decomposition has at most one {..}"#,
        r#"decomposition "[12m]{11m}": at 6: '{11m}' comes after '[12m]': blocks go by lowest tile, then as (111m) (123m) {11m} [11m] [12m] [13m] 1m"#,
        r#"decomposition "(111m)(222m)(333m)(444m)(555m)": at 25: 15 tiles: a decomposition covers at most 14"#,
        r#"arrangement "(123m)(11m)": at 7: '(11m)' comes after '(123m)': pairs and groups go by lowest tile, then as (11m) (111m) (123m)"#,
        r#"arrangement "(11m)(22m)": at 6: a second pair: an arrangement has exactly one"#,
        r#"arrangement "(111m)(123m)": no pair: an arrangement has exactly one, such as (55z)"#,
        r#"arrangement "(11m)(111m)(123m)": at 6: five copies of 1m"#,
        r#"arrangement "(11z)(111m)(222m)(333m)(444m)(555m)": at 6: '(111m)' comes after '(11z)': pairs and groups go by lowest tile, then as (11m) (111m) (123m)"#,
        r#"arrangement "(12m)": at 1: '(12m)' is not a pair or group: two tiles in () are a pair of one kind"#,
        r#"arrangement "[11m]": at 1: '[11m]' is not a pair or group: pairs and groups are written in (), such as (55z) or (123m)"#,
    ];
    assert_eq!(got, expected);
}

/// The kinds behind the messages, for callers that match on them.
#[test]
fn error_kinds_and_columns() {
    let e = "(111m)(111m)1m".parse::<Decomposition>().unwrap_err();
    assert_eq!((e.kind(), e.column()), (&ParseErrorKind::TooManyCopies("1m".parse().unwrap()), Some(7)));
    let e = "(123m)".parse::<Arrangement>().unwrap_err();
    assert_eq!((e.kind(), e.column()), (&ParseErrorKind::NoPair, None));
    let e = "(11m)(222m)(333m)(444m)(555m)(666m)".parse::<Arrangement>().unwrap_err();
    assert_eq!((e.kind(), e.column()), (&ParseErrorKind::TooManyGroups(5), Some(30)));
}

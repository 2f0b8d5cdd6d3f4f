//! Seeded random-input attack on the tiles crate's readers: valid hands (closed tiles, melds
//! in brackets with their marks, red fives, honours in all three spellings) mutated by
//! `mutate` (a character inserted, deleted or replaced, a span repeated hundreds of times, the
//! text cut, huge numbers, non-ASCII) and fed to `Hand::parse`, `Hand::parse_any_size`,
//! `parse_counts`, `parse_tile` and the `FromStr` of `Meld` and `TileSet`; and random counts, red fives and melds given to
//! `Hand::new` and `Hand::add`. Asserts: no panic, every reading error but an empty input and
//! the size rule names a column inside the input, and what is accepted prints to text that
//! reads back as the same value. `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

use haipai_test_utils::mutate;

use haipai_tiles::rng::Rng;
use haipai_tiles::{ErrorKind, Hand, Meld, MeldKind, Tile, TileSet, parse_counts, parse_tile};

/// Valid inputs to mutate.
const EXAMPLES: &[&str] = &[
    "222567m34p3366s北",
    "123m456p789s1122z",
    "ESWNPFC123m456p1s",
    "東南西北白發中123m456p1s",
    "5550m123p456s789s1z",
    "123m 456p 789s 1122z",
    "123m456p11z[789s][555z]",
    "406m789p11z[789s][5555z*]",
    "11z[123m][456p][3333s+][5555z]",
    "11223344z[406m][0555p]",
    "0m",
    "7z",
    "発",
];

/// Checks one input against every reader; panics (failing the test) naming the input.
fn check(input: &str) {
    let end = input.chars().count() + 1;
    let located = |e: &haipai_tiles::Error| match e.kind() {
        ErrorKind::Empty | ErrorKind::WrongSize { .. } => true,
        _ => e.column().is_some_and(|c| (1..=end).contains(&c)),
    };
    match Hand::parse_any_size(input) {
        Ok(hand) => {
            let printed = hand.to_string();
            assert_eq!(Hand::parse_any_size(&printed).as_ref(), Ok(&hand), "{input:?} printed as {printed:?}");
            assert!(hand.all_tiles().iter().all(|&c| c <= 4), "{input:?}: {hand}");
            assert!(hand.red_fives() <= 3, "{input:?}: {hand}");
            match Hand::parse(input) {
                Ok(h) => assert_eq!(h, hand, "{input:?}"),
                Err(e) => assert!(matches!(e.kind(), ErrorKind::WrongSize { .. }), "{input:?}: {e}"),
            }
        }
        Err(e) => {
            assert!(located(&e), "{input:?}: an error without its column: {e}");
            points_at_the_culprit(input, &e);
            assert_eq!(Hand::parse(input), Err(e), "{input:?}");
        }
    }
    match parse_counts(input) {
        Ok(counts) => assert!(counts.iter().all(|&c| c <= 4), "{input:?}"),
        Err(e) => assert!(located(&e), "{input:?}: an error without its column: {e}"),
    }
    if let Ok(parsed) = parse_tile(input) {
        assert!(!parsed.is_red() || parsed.tile().number() == 5, "{input:?}");
        assert_eq!(parse_tile(&parsed.to_string()), Ok(parsed), "{input:?}");
    }
    match input.parse::<Meld>() {
        Ok(meld) => assert_eq!(meld.to_string().parse::<Meld>(), Ok(meld), "{input:?}"),
        Err(e) => assert!(located(&e), "{input:?}: an error without its column: {e}"),
    }
    match input.parse::<TileSet>() {
        Ok(set) => assert_eq!(set.to_string().parse::<TileSet>(), Ok(set), "{input:?}"),
        Err(e) => assert!(located(&e), "{input:?}: an error without its column: {e}"),
    }
}

/// Checks that the column of `e` holds what the message names: the unexpected character,
/// the first digit without a suit, the digit (or suit letter) of a tile that is none, the `[`
/// of a bad meld.
fn points_at_the_culprit(input: &str, e: &haipai_tiles::Error) {
    let chars: Vec<char> = input.chars().collect();
    let Some(at) = e.column().and_then(|c| chars.get(c - 1)) else { return };
    let ok = match e.kind() {
        ErrorKind::UnexpectedCharacter(c) => at == c,
        ErrorKind::MissingSuit(digits) => digits.starts_with(*at),
        ErrorKind::NotATile { text, .. } => text.starts_with(*at),
        ErrorKind::NotAMeld { .. } | ErrorKind::UnclosedBracket | ErrorKind::TooManyMelds(_) => *at == '[',
        _ => true,
    };
    assert!(ok, "{input:?}: {e} points at '{at}'");
}

#[test]
fn mutated_hands_are_read_or_refused_with_a_column() {
    let mut rng = Rng::new(mutate::seed());
    for _ in 0..mutate::cases(20_000) {
        let example = EXAMPLES[rng.index(EXAMPLES.len())];
        check(&mutate::mutate(&mut |n| rng.index(n), example));
    }
}

#[test]
fn long_runs_of_one_tile_are_refused_at_the_fifth_copy() {
    for n in [5, 255, 256, 257, 1000] {
        for tile in ["1", "0", "E", "北"] {
            let input = match tile {
                "1" | "0" => format!("{}m", tile.repeat(n)),
                _ => tile.repeat(n),
            };
            let e = Hand::parse_any_size(&input).unwrap_err();
            let at = if tile == "0" { 2 } else { 5 };
            assert_eq!(e.column(), Some(at), "{n} x {tile}: {e}");
            check(&input);
        }
    }
}

/// A random meld (any kind, any tile, maybe a red five), or `None` when the draw names none.
fn random_meld(rng: &mut Rng) -> Option<Meld> {
    let kind = [MeldKind::Chi, MeldKind::Pon, MeldKind::OpenKan, MeldKind::ClosedKan, MeldKind::AddedKan][rng.index(5)];
    Meld::new(kind, Tile::new(rng.index(34))?, rng.index(3) as u8)
}

#[test]
fn random_counts_and_melds_are_checked_without_panicking() {
    let mut rng = Rng::new(mutate::seed());
    for _ in 0..mutate::cases(20_000) {
        let mut closed = [0u8; 34];
        for _ in 0..rng.index(20) {
            let k = rng.index(34);
            closed[k] = if rng.index(8) == 0 { 250 + rng.index(6) as u8 } else { closed[k].saturating_add(1) };
        }
        let red = [0, 1, 2].map(|_| [0, 0, 1, 2, 255][rng.index(5)]);
        let melds: Vec<Meld> = (0..rng.index(6)).filter_map(|_| random_meld(&mut rng)).collect();
        match Hand::new(closed, red, melds.clone()) {
            Ok(hand) => {
                assert!(hand.all_tiles().iter().all(|&c| c <= 4), "{closed:?} {red:?} {melds:?}");
                assert_eq!(Hand::parse(&hand.to_string()), Ok(hand.clone()));
                let mut more = hand.clone();
                let tile = Tile::new(rng.index(34)).expect("a kind");
                if more.add(tile, rng.index(2) == 0).is_ok() {
                    assert!(more.all_tiles().iter().all(|&c| c <= 4), "{hand} + {tile}");
                    assert_eq!(Hand::parse_any_size(&more.to_string()), Ok(more));
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

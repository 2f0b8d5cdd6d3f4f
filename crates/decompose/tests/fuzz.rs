//! Seeded random-input attack on the crate's readers: printed decompositions, blocks,
//! arrangements and groups mutated by `haipai_test_utils::mutate` (a character inserted,
//! deleted or replaced, a span repeated hundreds of times, the text cut, huge numbers,
//! non-ASCII), and random strings of the notation's own characters, fed to the `FromStr` of `Decomposition`, `Block`, `Arrangement` and `Group`.
//! Asserts: no panic, every error but an empty input and a missing pair names a column inside
//! the input (or just past its end), and what is accepted prints to text that reads back as
//! the same value, holds no fifth copy, and is among what the crate's iterators yield for its
//! tiles. `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen
//! the run.

use haipai_decompose::{
    Arrangement, Block, BlockKinds, Decomposition, Decompositions, Group, ParseError, ParseErrorKind,
    winning_arrangements,
};
use haipai_test_utils::mutate;
use haipai_tiles::rng::Rng;
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// Valid inputs to mutate: what the crate prints.
const EXAMPLES: &[&str] = &[
    "(123m){55z}[46p]9s",
    "(111m)(123m){11m}[11m][12m][13m]1m",
    "{99s}[23m][89p]7z7z",
    "(111m)(222m)(789p)(55s)(345s)",
    "(11z)(123m)(123m)(123m)(789s)",
    "(55z)",
    "[12m]",
    "{55z}",
    "123m",
    "555z",
    "9s",
    "",
];

/// `input` is read as `T` or refused with an error that has its column; what is read prints
/// back to text that reads as the same value.
fn check<T: FromStr<Err = ParseError> + Display + PartialEq + Debug>(input: &str) -> Option<T> {
    let end = input.chars().count() + 1;
    match input.parse::<T>() {
        Ok(value) => {
            let printed = value.to_string();
            assert_eq!(printed.parse::<T>().as_ref(), Ok(&value), "{input:?} printed as {printed:?}");
            Some(value)
        }
        Err(e) => {
            let located = match e.kind() {
                ParseErrorKind::Empty(_) | ParseErrorKind::NoPair => e.column().is_none(),
                _ => e.column().is_some_and(|c| (1..=end).contains(&c)),
            };
            assert!(located, "{input:?}: an error without its column: {e}");
            None
        }
    }
}

/// At most four copies of each kind in `counts`.
fn no_fifth_copy(counts: &[u8; 34]) -> bool {
    counts.iter().all(|&c| c <= 4)
}

#[test]
fn mutated_texts_are_read_or_refused_with_a_column() {
    let mut rng = Rng::new(mutate::seed());
    let mut accepted = 0;
    for _ in 0..mutate::cases(20_000) {
        let example = EXAMPLES[rng.index(EXAMPLES.len())];
        let input = mutate::mutate(&mut |n| rng.index(n), example);
        if let Some(d) = check::<Decomposition>(&input) {
            let mut counts = [0u8; 34];
            d.blocks().iter().for_each(|b| b.add_to(&mut counts));
            assert!(no_fifth_copy(&counts) && counts.iter().map(|&c| u32::from(c)).sum::<u32>() <= 14, "{input:?}");
            let loose = d.blocks().iter().filter(|b| !b.is_meld()).count() as u8;
            assert!(Decompositions::new(&counts, BlockKinds::ALL, loose).any(|x| x == d), "{input:?}: not yielded");
            accepted += 1;
        }
        if let Some(a) = check::<Arrangement>(&input) {
            assert!(no_fifth_copy(&a.tiles()), "{input:?}");
            assert!(winning_arrangements(&a.tiles()).any(|x| x == a), "{input:?}: not yielded");
            accepted += 1;
        }
        if let Some(b) = check::<Block>(&input) {
            assert!(b.is_valid(), "{input:?}");
        }
        if let Some(g) = check::<Group>(&input) {
            assert!(g.is_valid(), "{input:?}");
        }
    }
    assert!(accepted > 0, "every mutation refused");
}

/// Random strings over the notation's own characters (brackets, digits, suit letters), which
/// the mutations rarely assemble: the same assertions.
#[test]
fn random_bracket_soup_is_read_or_refused_with_a_column() {
    const SOUP: &[char] = &['(', ')', '{', '}', '[', ']', '1', '2', '3', '5', '7', '8', '9', '0', 'm', 'p', 's', 'z'];
    let mut rng = Rng::new(mutate::seed() ^ 0x50_0b);
    for _ in 0..mutate::cases(20_000) {
        let len = rng.index(40);
        let input: String = (0..len).map(|_| SOUP[rng.index(SOUP.len())]).collect();
        check::<Decomposition>(&input);
        check::<Arrangement>(&input);
        check::<Block>(&input);
        check::<Group>(&input);
    }
}

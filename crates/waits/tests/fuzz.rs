//! Seeded random-input attack on the crate's readers: printed lines, shapes and wait kinds
//! mutated by `haipai_test_utils::mutate` (a character inserted, deleted or replaced, a span
//! repeated hundreds of times, the text cut, huge numbers, non-ASCII), and random strings of
//! the notation's own characters, fed to the `FromStr`
//! of `Line`, `Shape` and `WaitKind`. Asserts: no panic, every error but an empty input and an
//! unknown wait kind names a column inside the input (or just past its end), and what is
//! accepted prints to text that reads back as the same value; an accepted line is one of the
//! lines `waits_with` finds for its own tiles (karaten kept). `HAIPAI_FUZZ_CASES` and
//! `HAIPAI_FUZZ_SEED` widen the run.

use haipai_decompose::Group;
use haipai_test_utils::mutate;
use haipai_tiles::rng::Rng;
use haipai_waits::{Line, LineOptions, ParseError, ParseErrorKind, Shape, WaitKind, waits_with};
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// Valid inputs to mutate: what the crate prints.
const EXAMPLES: &[&str] = &[
    "(111m)(222m)(888m)(99m)[45m]",
    "(123m)(123m)(55m)(567m)[99m]",
    "(123m)(456p)(11z)[13s]",
    "(11z)(123p)(789s)[12m]",
    "(234p)[1m]",
    "(11m)(22m)(33m)(44m)(55m)(66m)[7m]",
    "[19m19p19s1234567z]",
    "[19m19p19s1234566z]",
    "[5z]",
    "nobetan 4567m",
    "sanmenchan 23456m",
    "thirteen-orphans-13",
    "seven-pairs",
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
                ParseErrorKind::Empty(_) => e.column().is_none(),
                ParseErrorKind::UnknownName { what: "wait kind", .. } => e.column().is_none(),
                _ => e.column().is_some_and(|c| (1..=end).contains(&c)),
            };
            assert!(located, "{input:?}: an error without its column: {e}");
            None
        }
    }
}

/// The closed tiles of a line: its groups, pairs and waiting part.
fn tiles_of(line: &Line) -> [u8; 34] {
    let mut counts = [0u8; 34];
    line.groups().iter().for_each(|g: &Group| g.add_to(&mut counts));
    line.pairs().iter().for_each(|t| counts[t.index()] += 2);
    line.waiting().iter().for_each(|t| counts[t.index()] += 1);
    counts
}

#[test]
fn mutated_texts_are_read_or_refused_with_a_column() {
    let mut rng = Rng::new(mutate::seed());
    let options = LineOptions::default().karaten(true);
    let mut accepted = 0;
    for _ in 0..mutate::cases(20_000) {
        let example = EXAMPLES[rng.index(EXAMPLES.len())];
        let input = mutate::mutate(&mut |n| rng.index(n), example);
        if let Some(line) = check::<Line>(&input) {
            let closed = tiles_of(&line);
            assert!(closed.iter().all(|&c| c <= 4), "{input:?}");
            let w = waits_with(&closed, &[0; 34], options);
            assert!(
                w.lines().contains(&line),
                "{input:?}: not a line of its tiles: {:?}",
                w.classic_lines(Default::default())
            );
            accepted += 1;
        }
        check::<Shape>(&input);
        check::<WaitKind>(&input);
    }
    assert!(accepted > 0, "every mutation refused");
}

/// Random strings over the notation's own characters (brackets, digits, suit letters, the
/// space and letters of the names), which the mutations rarely assemble: the same assertions.
#[test]
fn random_bracket_soup_is_read_or_refused_with_a_column() {
    const SOUP: &[char] = &['(', ')', '[', ']', '1', '2', '3', '4', '5', '7', '9', '0', 'm', 'p', 's', 'z', ' ', 'n'];
    let mut rng = Rng::new(mutate::seed() ^ 0x50_0b);
    for _ in 0..mutate::cases(20_000) {
        let len = rng.index(40);
        let input: String = (0..len).map(|_| SOUP[rng.index(SOUP.len())]).collect();
        if let Some(line) = check::<Line>(&input) {
            let w = waits_with(&tiles_of(&line), &[0; 34], LineOptions::default().karaten(true));
            assert!(w.lines().contains(&line), "{input:?}");
        }
        check::<Shape>(&input);
        check::<WaitKind>(&input);
    }
}

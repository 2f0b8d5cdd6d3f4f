//! The crate's one error type: opaque, with a `#[non_exhaustive]` kind.

use crate::tile::Tile;
use std::fmt;

/// An error from parsing or validating tiles, hands and melds.
///
/// The message names what was wrong and, for parse errors, where (a 1-based character
/// column of the input): `at 3: '8z' is not a tile: honours are 1z..7z`. Every error found
/// while reading has a column, a fifth copy or a second red five at the tile (or the `[` of the
/// meld) that brings it and a fifth meld at its `[`; only an empty input and the size rule
/// concern the whole input and have none (as do the checks of [`crate::Hand::new`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    column: Option<usize>,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is empty (or only spaces).
    Empty,
    /// A digit-suit pair that names no tile, such as `8z` or `0z`.
    NotATile {
        /// The text as written, e.g. `8z`.
        text: String,
        /// Why, e.g. `honours are 1z..7z`.
        reason: &'static str,
    },
    /// A character that is neither a digit, a suit letter, an honour letter nor a bracket.
    UnexpectedCharacter(char),
    /// Digits at the end (or before a bracket or honour) with no suit letter after them.
    MissingSuit(String),
    /// More than four copies of a kind (closed tiles and melds together).
    TooManyCopies(Tile),
    /// More than one red five of a suit.
    TooManyRedFives(Tile),
    /// A red five counted where no five of its suit is held (the five, e.g. `5m`).
    RedFiveNotHeld(Tile),
    /// A hand of the wrong size.
    WrongSize {
        /// What was expected, e.g. `14` or `13 or 14`.
        expected: String,
        /// The number of tiles found (closed + 3 per called meld).
        got: usize,
        /// Called melds counted in `got`.
        melds: usize,
    },
    /// A bracketed group that is not a chi, pon or kan.
    NotAMeld {
        /// The group as written.
        text: String,
        /// Why.
        reason: &'static str,
    },
    /// A `[` without its `]`.
    UnclosedBracket,
    /// Closed tiles written after a called meld.
    TilesAfterMeld,
    /// More than four called melds.
    TooManyMelds(usize),
    /// A name that is no wind (winds are `E`, `S`, `W`, `N`, `east`..`north`, `1z`..`4z`, 東南西北).
    NotAWind(String),
}

impl Error {
    /// An error of `kind` at a 1-based character column. For the crates of haipai that check tiles (shanten, waits, score);
    /// not part of the API.
    #[doc(hidden)]
    pub fn at(column: usize, kind: ErrorKind) -> Error {
        Error { kind, column: Some(column) }
    }

    /// An error of `kind` that concerns the whole input. For the crates of haipai that check tiles (shanten, waits, score); not part of
    /// the API.
    #[doc(hidden)]
    pub fn whole(kind: ErrorKind) -> Error {
        Error { kind, column: None }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The 1-based character column where it went wrong, if it concerns one place.
    pub fn column(&self) -> Option<usize> {
        self.column
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Empty => write!(f, "no tiles given"),
            ErrorKind::NotATile { text, reason } => write!(f, "'{text}' is not a tile: {reason}"),
            ErrorKind::UnexpectedCharacter(c) => write!(
                f,
                "'{c}' is not a tile, digit or suit letter (use 1-9 and 0 for a red five, then m, p, s or z; or ESWNPFC, or 東南西北白發中)"
            ),
            ErrorKind::MissingSuit(digits) => {
                write!(f, "digits '{digits}' have no suit letter after them (m, p, s or z)")
            }
            ErrorKind::TooManyCopies(t) => write!(f, "five copies of {t}"),
            ErrorKind::TooManyRedFives(t) => write!(f, "more than one red {t}"),
            ErrorKind::RedFiveNotHeld(t) => write!(f, "a red {t} is counted but no {t} is held"),
            ErrorKind::WrongSize { expected, got, melds } => {
                match expected.as_str() {
                    "1" => write!(f, "one tile expected, got {got}")?,
                    _ => write!(f, "{expected} tiles expected, got {got}")?,
                }
                match melds {
                    0 => Ok(()),
                    1 => write!(f, " (3 counted for the called meld)"),
                    _ => write!(f, " (3 counted for each of the {melds} called melds)"),
                }
            }
            ErrorKind::NotAMeld { text, reason } => write!(f, "'[{text}]' is not a meld: {reason}"),
            ErrorKind::UnclosedBracket => write!(f, "'[' is never closed by ']'"),
            ErrorKind::TilesAfterMeld => {
                write!(f, "closed tiles must come before the called melds in brackets")
            }
            ErrorKind::TooManyMelds(n) => write!(f, "{n} called melds: at most 4"),
            ErrorKind::NotAWind(text) => {
                write!(f, "'{text}' is not a wind (E, S, W or N, east..north, 1z..4z, 東南西北)")
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "at {c}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for Error {}

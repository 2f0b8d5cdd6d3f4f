//! The reader of the bracketed notation (`(123m)(55z)[46m]`, `{55m}[23p]`) and its one error
//! type, [`ParseError`]: a cursor over the characters, digit runs with their suit letter,
//! brackets, and errors that name their 1-based column. The `FromStr` of decompose's types and
//! of haipai-waits' wait kinds, shapes and lines are written on it.

use haipai_tiles::{Suit, Tile};
use std::fmt;

/// An error from reading the bracketed notation: a [`Group`](crate::Group),
/// [`Block`](crate::Block), [`Decomposition`](crate::Decomposition) or
/// [`Arrangement`](crate::Arrangement) here, a wait kind, shape or waiting line in haipai-waits
/// (which uses this type and this reader).
///
/// The message names what was wrong and where (a 1-based character column of the input):
/// `at 1: '(124m)' is not a group: not three of a kind nor three in a row`. An empty
/// input, a missing pair and an unknown name concern the whole input and have no column.
///
/// ```
/// use haipai_decompose::{Block, ParseErrorKind};
///
/// let err = "[19m]".parse::<Block>().unwrap_err();
/// assert_eq!(err.column(), Some(1));
/// assert!(matches!(err.kind(), ParseErrorKind::NotAShape { .. }));
/// assert_eq!(err.to_string(), "at 1: '[19m]' is not a block: a partial shape is a pair or two tiles of a suit at most two apart");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: ParseErrorKind,
    column: Option<usize>,
}

/// What went wrong (new kinds may be added).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input is empty where something is needed.
    Empty(&'static str),
    /// A name that is no wait kind or shape.
    UnknownName {
        /// `wait kind` or `shape`.
        what: &'static str,
        /// The text as given.
        text: String,
    },
    /// A character that cannot stand where it is.
    UnexpectedCharacter {
        /// The character found.
        found: char,
        /// What should stand there, e.g. `a suit letter (m, p, s or z)`.
        expected: &'static str,
    },
    /// The text ends where more is needed.
    UnexpectedEnd(&'static str),
    /// Digits with no suit letter after them (`(111`).
    MissingSuit(String),
    /// A digit and suit that name no tile here: `8z`, or `0m` (the crate prints no red five).
    NotATile {
        /// The digit and its suit letter, e.g. `8z`.
        text: String,
        /// Why, e.g. `honours are 1z..7z`.
        reason: &'static str,
    },
    /// Tiles written as a shape they do not make: `(124m)`, `[19m]`, `(123z)`, `nobetan 4568m`.
    NotAShape {
        /// The shape as written, brackets included.
        text: String,
        /// What it was read as: `group`, `block`, `pair or group`, `nobetan`, `waiting part`.
        what: &'static str,
        /// Why it is none.
        reason: &'static str,
    },
    /// An opening bracket that is never closed.
    Unclosed(char),
    /// A fifth copy of a kind.
    TooManyCopies(Tile),
    /// A decomposition of more than 14 tiles (the count reached).
    TooManyTiles(usize),
    /// An arrangement of more than 4 groups (the count reached).
    TooManyGroups(usize),
    /// A second head `{..}` in a decomposition.
    SecondHead,
    /// A second pair in an arrangement.
    SecondPair,
    /// An arrangement without its pair.
    NoPair,
    /// A block, group or pair written before one it should follow.
    OutOfOrder {
        /// The block, group or pair as written.
        text: String,
        /// The one before it.
        previous: String,
        /// The order expected.
        order: &'static str,
    },
    /// Pairs, groups and a waiting part that make no waiting line together (the reason).
    NotALine(&'static str),
}

impl ParseError {
    /// An error of `kind` at a 1-based character column. For haipai-waits, whose parsers share this reader;
    /// not part of the API.
    #[doc(hidden)]
    pub fn at(column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { kind, column: Some(column) }
    }

    /// An error of `kind` that concerns the whole input. For haipai-waits, whose parsers share this reader; not part of
    /// the API.
    #[doc(hidden)]
    pub fn whole(kind: ParseErrorKind) -> ParseError {
        ParseError { kind, column: None }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// The 1-based character column where it went wrong, if it concerns one place.
    pub fn column(&self) -> Option<usize> {
        self.column
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty(what) => write!(f, "no {what} given"),
            ParseErrorKind::UnknownName { what: "shape", text } => {
                write!(f, "'{text}' is not a shape: nobetan or sanmenchan")
            }
            ParseErrorKind::UnknownName { what, text } => write!(
                f,
                "'{text}' is not a {what}: tanki, shanpon, ryanmen, kanchan, penchan, seven-pairs, thirteen-orphans or thirteen-orphans-13"
            ),
            ParseErrorKind::UnexpectedCharacter { found, expected } => {
                write!(f, "'{found}' where {expected} should be")
            }
            ParseErrorKind::UnexpectedEnd(expected) => write!(f, "the text ends where {expected} should be"),
            ParseErrorKind::MissingSuit(digits) => {
                write!(f, "digits '{digits}' have no suit letter after them (m, p, s or z)")
            }
            ParseErrorKind::NotATile { text, reason } => write!(f, "'{text}' is not a tile: {reason}"),
            ParseErrorKind::NotAShape { text, what, reason } => write!(f, "'{text}' is not a {what}: {reason}"),
            ParseErrorKind::Unclosed(open) => write!(f, "'{open}' is never closed by '{}'", closer(*open)),
            ParseErrorKind::TooManyCopies(t) => write!(f, "five copies of {t}"),
            ParseErrorKind::TooManyTiles(n) => write!(f, "{n} tiles: a decomposition covers at most 14"),
            ParseErrorKind::TooManyGroups(n) => write!(f, "{n} groups: an arrangement has at most 4"),
            ParseErrorKind::SecondHead => write!(f, "a second head: a decomposition has at most one {{..}}"),
            ParseErrorKind::SecondPair => write!(f, "a second pair: an arrangement has exactly one"),
            ParseErrorKind::NoPair => write!(f, "no pair: an arrangement has exactly one, such as (55z)"),
            ParseErrorKind::OutOfOrder { text, previous, order } => {
                write!(f, "'{text}' comes after '{previous}': {order}")
            }
            ParseErrorKind::NotALine(reason) => write!(f, "not a waiting line: {reason}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "at {c}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for ParseError {}

/// The closing bracket of an opening one.
fn closer(open: char) -> char {
    match open {
        '(' => ')',
        '{' => '}',
        _ => ']',
    }
}

/// The tile of digit `d` in `suit`, written at `column`.
pub fn tile_of(d: u8, suit: Suit, column: usize) -> Result<Tile, ParseError> {
    let reason = match d {
        0 => "a red five is written 5 here",
        8 | 9 if suit == Suit::Honour => "honours are 1z..7z",
        _ => match Tile::from_suit_number(suit, d) {
            Some(tile) => return Ok(tile),
            None => "no such tile",
        },
    };
    Err(ParseError::at(column, ParseErrorKind::NotATile { text: format!("{d}{}", suit.letter()), reason }))
}

/// A run of digits and its suit letter, the tiles read and checked.
pub struct Run {
    /// The tiles, each with the column of its digit.
    pub tiles: Vec<(Tile, usize)>,
    /// The suit letter's suit.
    pub suit: Suit,
}

/// A cursor over the characters of the input.
pub struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    /// A cursor at the first character of `input`.
    pub fn new(input: &str) -> Reader {
        Reader { chars: input.chars().collect(), at: 0 }
    }

    /// The next character, if any.
    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// Moves past the next character.
    pub fn advance(&mut self) {
        self.at += 1;
    }

    /// The 1-based column of the next character.
    pub fn column(&self) -> usize {
        self.at + 1
    }

    /// True when nothing is left.
    pub fn is_done(&self) -> bool {
        self.at >= self.chars.len()
    }

    /// The text from column `from` to the cursor.
    pub fn text_from(&self, from: usize) -> String {
        self.chars[from - 1..self.at].iter().collect()
    }

    /// An error for the next character (or the end), where `expected` should be.
    pub fn unexpected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            Some(found) => ParseError::at(self.column(), ParseErrorKind::UnexpectedCharacter { found, expected }),
            None => ParseError::at(self.column(), ParseErrorKind::UnexpectedEnd(expected)),
        }
    }

    /// Ok if nothing is left.
    pub fn expect_end(&self) -> Result<(), ParseError> {
        if self.is_done() { Ok(()) } else { Err(self.unexpected("the end of the text")) }
    }

    /// Reads `c`, or an error naming `expected`.
    pub fn expect(&mut self, c: char, expected: &'static str) -> Result<(), ParseError> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// Reads digits, each with its column.
    pub fn digits(&mut self) -> Vec<(u8, usize)> {
        let mut digits = Vec::new();
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            digits.push((d as u8, self.column()));
            self.at += 1;
        }
        digits
    }

    /// Reads the suit letter after `digits` (not empty).
    pub fn suit(&mut self, digits: &[(u8, usize)]) -> Result<Suit, ParseError> {
        match self.peek() {
            Some(c) => {
                let suit =
                    Suit::from_letter(c).ok_or_else(|| self.unexpected("a digit or a suit letter (m, p, s or z)"))?;
                self.at += 1;
                Ok(suit)
            }
            None => {
                let text = digits.iter().map(|&(d, _)| char::from(b'0' + d)).collect();
                Err(ParseError::at(digits[0].1, ParseErrorKind::MissingSuit(text)))
            }
        }
    }

    /// Reads digits and their suit letter, checking each tile; `None` if no digit stands at
    /// the cursor.
    pub fn run(&mut self) -> Result<Option<Run>, ParseError> {
        let digits = self.digits();
        if digits.is_empty() {
            return Ok(None);
        }
        let suit = self.suit(&digits)?;
        let tiles = digits.iter().map(|&(d, col)| tile_of(d, suit, col).map(|t| (t, col))).collect::<Result<_, _>>()?;
        Ok(Some(Run { tiles, suit }))
    }

    /// Reads the bracket closing `open`, written at `column`; `expected` names what should
    /// stand there in an error.
    pub fn close(&mut self, open: char, column: usize, expected: &'static str) -> Result<(), ParseError> {
        if self.is_done() {
            return Err(ParseError::at(column, ParseErrorKind::Unclosed(open)));
        }
        self.expect(closer(open), expected)
    }
}

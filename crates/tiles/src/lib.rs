//! Mahjong tiles, red fives, hands, melds and walls, with MPSZ notation in and out.
//!
//! This is the bottom layer of haipai: every other crate speaks in its types.
//!
//! - [`Tile`]: one of the 34 kinds, index order 1m..9m, 1p..9p, 1s..9s, 1z..7z
//!   (1z..7z = East, South, West, North, White, Green, Red).
//! - [`PhysicalTile`]: one of the 136 tiles, `kind * 4 + copy`; copy 0 of each suit's
//!   five is the red five (aka dora).
//! - [`TileSet`]: a bit set over the 34 kinds (bit `i` = kind `i`); [`Counts`] is
//!   `[u8; 34]` in the same order.
//! - [`Hand`]: closed tiles plus called [`Meld`]s; [`Wall`]: a seeded shuffle.
//! - [`Wind`]: a seat or round wind.
//! - [`sample`]: seeded random hands, the inputs of the workspace's tests and benches.
//! - [`Error`]: one opaque error; its [`ErrorKind`] is `#[non_exhaustive]`.
//!
//! # Notation
//!
//! MPSZ: digits followed by their suit letter, `123m456p789s1122z`. `0m`, `0p`, `0s` are
//! red fives. Honours may also be written as the letters `E S W N P F C` (P white,
//! F green, C red) or as 東南西北白發中. Called melds follow the closed tiles in
//! brackets: `[789s]` chi, `[555z]` pon, `[5555z]` open kan, `[5555z*]` closed kan,
//! `[5555z+]` added kan.
//!
//! [`Tile`], [`TileSet`], [`Meld`] and [`Hand`] implement `FromStr` and `Display`, and each
//! reads back what it prints: `"7z".parse::<Tile>()`, `"[5555z*]".parse::<Meld>()`.
//!
//! ```
//! use haipai_tiles::{Hand, Tile};
//!
//! let hand = Hand::parse("222567m34p3366s北")?;
//! assert_eq!(hand.to_string(), "222567m34p3366s4z");
//! assert_eq!(hand.closed()[Tile::NORTH.index()], 1);
//!
//! let with_melds = Hand::parse("406m789p11z[789s][5555z*]")?;
//! assert_eq!(with_melds.to_string(), "406m789p11z[789s][5555z*]");
//! assert!(!with_melds.is_closed());
//!
//! let err = Hand::parse("12m8z").unwrap_err();
//! assert_eq!(err.to_string(), "at 4: '8z' is not a tile: honours are 1z..7z");
//! # Ok::<(), haipai_tiles::Error>(())
//! ```
//!
//! # Errors and invariants
//!
//! Every parser and constructor that can fail returns [`Error`]: its [`ErrorKind`] says what
//! (`TooManyCopies`, `WrongSize`, `NotATile`, ...), its [`column`](Error::column) where, and it
//! prints as `at COLUMN: what`. A [`Hand`] never holds a fifth copy of a kind (closed tiles and
//! melds together) nor more than one red five of a suit; [`Hand::parse`] also requires 13 or
//! 14 tiles (3 counted per called meld), [`Hand::parse_any_size`] does not. Parsing never
//! panics, whatever the input. [`rng::Rng`] is fully specified, so a seed means the same
//! [`Wall`] on every platform and in every version.
//!
//! ```
//! use haipai_tiles::{ErrorKind, Hand, Tile};
//!
//! let err = Hand::parse("11111m23p456p789s").unwrap_err();
//! assert_eq!(err.kind(), &ErrorKind::TooManyCopies(Tile::new(0).expect("1m")));
//! assert!(matches!(Hand::parse("123m").unwrap_err().kind(), ErrorKind::WrongSize { got: 3, .. }));
//! assert_eq!(Hand::parse_any_size("123m")?.size(), 3);
//! # Ok::<(), haipai_tiles::Error>(())
//! ```
//!
//! The mahjong terms (MPSZ, red five, meld, ...) are explained in the glossary of the `haipai`
//! crate: <https://docs.rs/haipai/latest/haipai/glossary/>.

mod error;
mod hand;
mod meld;
mod notation;
pub mod rng;
pub mod sample;
mod tile;
mod tileset;
mod wall;
mod wind;

pub use error::{Error, ErrorKind};
pub use hand::Hand;
pub use meld::{Meld, MeldKind};
pub use notation::{
    ParsedTile, counts_to_glyphs, counts_to_string, counts_to_string_with_red, parse_counts, parse_tile,
};
pub use tile::{KINDS, PHYSICAL_TILES, PhysicalTile, Suit, Tile};
pub use tileset::{Counts, TileSet, total};
pub use wall::Wall;
pub use wind::Wind;

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

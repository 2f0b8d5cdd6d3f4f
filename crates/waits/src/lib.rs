//! Waits (待ち): the winning tiles of a tenpai hand and every decomposition that waits, each with
//! its wait kind and the tiles it wins on, printed in the classic format of document 004.
//!
//! A hand of 3n+1 closed tiles (13 with no called melds) waits in the regular form when it
//! splits into n complete groups and a single tile (tanki), or n-1 groups, a pair and a two-tile
//! partial shape (ryanmen, kanchan, penchan, or a second pair: shanpon). Every such split is a
//! [`Line`]; seven pairs (six pairs and a single) and thirteen orphans add their own lines.
//!
//! # The classic format
//!
//! Document 004 asks for complete groups and the pair in `()` and the waiting part in `[]`:
//! `(111)(222)(888)(99)[45]`. Groups print sorted by lowest tile (a pair before a triplet before
//! a sequence of the same tile), so order-only differences print once. A shanpon prints as two
//! lines, one per pair in the brackets (`...(55)[99]` and `...(99)[55]`). The seven-pairs line is
//! `(11)(22)(33)(44)(55)(66)[7]`; thirteen orphans print all thirteen closed tiles in the
//! brackets (`[19m19p19s1234567z]`). [`Notation::Digits`] prints digits alone, as the document
//! does for one-suit hands; [`Notation::Mpsz`] adds the suit letter to every group and groups the
//! waiting part's digits by suit: `(123m)(456p)(11z)[45s]`.
//!
//! # Karaten
//!
//! A line whose every winning tile is already held four times (closed tiles and called melds
//! together) wins on nothing (空聴) and is dropped unless [`LineOptions::karaten`] is set. A two-sided
//! wait with one side used up stays and wins on the other side only ([`Line::wins`]).
//!
//! haipai-shanten reads the closed tiles only, so a hand whose only winning tiles are held four
//! times *with its called melds* (`1m[111m][123p][456p][789p]`) is shanten 0 there and not tenpai
//! here; without called melds, shanten 0 and [`Waits::is_tenpai`] always agree, and the winning
//! tiles are shanten's necessary tiles.
//!
//! ```
//! use haipai_waits::{waits, Notation, WaitKind};
//! use haipai_tiles::parse_counts;
//!
//! let w = waits(&parse_counts("1112223334699m")?);
//! assert_eq!(w.winning_tiles().to_string(), "5m");
//! assert_eq!(w.classic_lines(Notation::Digits), ["(111)(222)(333)(99)[46]", "(123)(123)(123)(99)[46]"]);
//! assert!(w.lines().iter().all(|l| l.kind() == WaitKind::Kanchan));
//!
//! // Karaten: the lone 3 of 1113333555666 can only win on a fifth 3, so that line (and the
//! // 33 + 33 shanpon) is dropped; the two kanchan waits on 2 and 4 stay.
//! let w = waits(&parse_counts("1113333555666m")?);
//! assert_eq!(w.classic_lines(Notation::Digits), ["(11)(333)(555)(666)[13]", "(111)(333)(55)(666)[35]"]);
//! assert_eq!(w.winning_tiles().to_string(), "24m");
//! # Ok::<(), haipai_tiles::Error>(())
//! ```
//!
//! # Errors and invariants
//!
//! [`waits`] and [`waits_with`] take closed counts and never fail: a hand that is not 3n+1
//! tiles (at most 13) has no lines. [`hand_waits`] takes a [`Hand`](haipai_tiles::Hand) and
//! returns a [`haipai_tiles::Error`] unless it holds 13 tiles (3 per called meld). Lines are
//! sorted and distinct; the winning tiles are the union of the lines' wins, and (with no called melds) they are exactly haipai-shanten's necessary tiles of a
//! tenpai hand.
//!
//! [`ParseError`] (opaque, with a `#[non_exhaustive]` [`ParseErrorKind`] and a 1-based
//! column: `at 24: not a waiting line: ...`) comes from the `FromStr` of [`WaitKind`],
//! [`Shape`] and [`Line`], which read back exactly what their `Display` prints, never
//! panicking. Every wait kind and shape the crate yields reads back equal, and so does every
//! line of [`waits`] and of [`waits_with`] without meld tiles; the text of a line does not
//! tell the called melds, so a line whose wins they cut reads back with those wins (see
//! [`Line`]'s `FromStr`).
//!
//! ```
//! use haipai_waits::{Line, waits};
//! use haipai_tiles::parse_counts;
//!
//! let w = waits(&parse_counts("1122335556799m")?);
//! let lines: Vec<Line> = w.lines().iter().map(|l| l.to_string().parse()).collect::<Result<_, _>>()?;
//! assert_eq!(lines, w.lines());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The mahjong terms (tanki, shanpon, kanchan, karaten, ...) are explained in the glossary of
//! the `haipai` crate: <https://docs.rs/haipai/latest/haipai/glossary/>.

/// Document 004's example hands and lines: data for the tests and `cargo xtask verify`, not
/// part of the API.
#[doc(hidden)]
pub mod document004;
mod line;
mod parse;
pub mod reference;
mod shape;
mod waits;
mod win_kind;

pub use haipai_decompose::{ParseError, ParseErrorKind};
pub use line::{Line, Notation, WaitKind};
pub use shape::Shape;
pub use waits::{LineOptions, Waits, hand_waits, waits, waits_with};
pub use win_kind::{group_wait, win_kinds};

/// The crate's public types are `Send + Sync`, so users may share them between threads.
#[cfg(test)]
mod send_sync {
    use super::*;

    /// Compiles only for types that may cross and be shared between threads.
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn main_types_are_send_and_sync() {
        assert_send_sync::<Waits>();
        assert_send_sync::<Line>();
        assert_send_sync::<WaitKind>();
        assert_send_sync::<Shape>();
        assert_send_sync::<LineOptions>();
        assert_send_sync::<Notation>();
        assert_send_sync::<ParseError>();
    }
}

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

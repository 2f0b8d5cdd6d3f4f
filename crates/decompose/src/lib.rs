//! Hand decomposition: win (和了) tests, every winning arrangement, and every split of closed
//! tiles into melds, a pair, partial shapes and isolated tiles.
//!
//! Everything works on closed tiles as [`Counts`](haipai_tiles::Counts) (`[u8; 34]`); called
//! melds are never passed in: a hand with `m` called melds has `14 - 3m` (or `13 - 3m`) closed
//! tiles, and the number of groups to find is inferred from that count.
//!
//! - [`is_agari`]: the regular form (groups + one pair), fast, suit by suit
//!   ([`suit_is_complete`], [`honours_are_complete`]).
//! - [`is_seven_pairs`], [`is_thirteen_orphans`], and [`is_winning_shape`] for any of the three.
//! - [`winning_arrangements`]: every distinct regular decomposition ([`Arrangement`]: [`Group`]s
//!   and a pair), with no allocation per item.
//! - [`decompositions`] / [`Decompositions`]: every split into [`Block`]s — complete groups, at
//!   most one head pair, partial shapes (pair, ryanmen, penchan, kanchan) and isolated tiles —
//!   optionally restricted by [`BlockKinds`] and a bound on the non-group blocks.
//! - `FromStr` for [`Group`], [`Block`], [`Decomposition`] and [`Arrangement`]: the printed
//!   text read back, with a [`ParseError`] naming what is wrong and where.
//!
//! ```
//! use haipai_decompose::{is_agari, is_seven_pairs, winning_arrangements};
//! use haipai_tiles::parse_counts;
//!
//! let hand = parse_counts("112233m456p789s55z")?;
//! assert!(is_agari(&hand));
//! assert!(!is_seven_pairs(&hand));
//! let all: Vec<String> = winning_arrangements(&hand).map(|a| a.to_string()).collect();
//! assert_eq!(all, ["(123m)(123m)(456p)(789s)(55z)"]);
//!
//! // Seven pairs and three regular readings at once (the pair 11, 44 or 77):
//! let hand = parse_counts("11223344556677m")?;
//! assert!(is_seven_pairs(&hand));
//! assert_eq!(winning_arrangements(&hand).count(), 3);
//! # Ok::<(), haipai_tiles::Error>(())
//! ```
//!
//! # Errors and invariants
//!
//! No function taking counts returns an error or panics, whatever the counts (255s included).
//! The one error type, [`ParseError`] (opaque, with a `#[non_exhaustive]` [`ParseErrorKind`]
//! and a 1-based column: `at 1: '(124m)' is not a block: ...`), comes from the `FromStr` of
//! [`Group`], [`Block`], [`Decomposition`] and [`Arrangement`], which read back exactly what
//! their `Display` prints: every value the crate yields from counts of at most four copies a
//! kind reads back equal (`x.to_string().parse() == Ok(x)`); text out of the printed order, a
//! shape that is none (`(124m)`, `[19m]`, a sequence of honours), a fifth copy or a second
//! head is an error, never a panic. The one panic is on a group, block or arrangement written by hand that is
//! no such thing (their fields are public): `Group::Sequence` of 8m, a ryanmen at 9m, an
//! arrangement of five groups. [`Group::sequence`] and [`Block::new`] build only real ones,
//! and `is_valid` tells. Inputs are closed tiles only; a hand of more than
//! 14 tiles is never complete and has no arrangement or decomposition. Counts above 4 are taken
//! arithmetically, so a caller may ask about "the hand plus a fifth copy". Each distinct
//! arrangement or decomposition comes once, its groups or blocks sorted, in a documented order
//! that does not change between runs (score's tie-breaking relies on it).
//!
//! ```
//! use haipai_decompose::{decompositions, is_agari, winning_arrangements};
//! use haipai_tiles::parse_counts;
//!
//! let fifteen = parse_counts("111222333444555m")?;
//! assert!(!is_agari(&fifteen));
//! assert_eq!((winning_arrangements(&fifteen).count(), decompositions(&fifteen).count()), (0, 0));
//! # Ok::<(), haipai_tiles::Error>(())
//! ```
//!
//! ```
//! use haipai_decompose::{Arrangement, Decomposition, winning_arrangements};
//! use haipai_tiles::parse_counts;
//!
//! let a: Arrangement = "(123m)(123m)(456p)(789s)(55z)".parse()?;
//! assert_eq!(winning_arrangements(&parse_counts("112233m456p789s55z")?).next(), Some(a));
//! let err = "(123m)[19m]".parse::<Decomposition>().unwrap_err();
//! assert_eq!(err.to_string(), "at 7: '[19m]' is not a block: a partial shape is a pair or two tiles of a suit at most two apart");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The mahjong terms (agari, meld, pair, ryanmen, ...) are explained in the glossary of the
//! `haipai` crate: <https://docs.rs/haipai/latest/haipai/glossary/>.

mod agari;
mod arrangements;
mod blocks;
mod group;
mod packed;
mod parse;
mod reader;

pub use agari::{
    TERMINALS_AND_HONOURS, honours_are_complete, is_agari, is_seven_pairs, is_thirteen_orphans, is_winning_shape,
    suit_is_complete,
};
pub use arrangements::{WinningArrangements, winning_arrangements};
pub use blocks::{Block, BlockKind, BlockKinds, Decomposition, Decompositions, decompositions};
pub use group::{Arrangement, Group};
pub use reader::{ParseError, ParseErrorKind};
/// The notation reader haipai-waits' parsers share; not part of the API.
#[doc(hidden)]
pub use reader::{Reader, Run, tile_of};

/// The crate's public types are `Send + Sync`, so users may share them between threads.
#[cfg(test)]
mod send_sync {
    use super::*;

    /// Compiles only for types that may cross and be shared between threads.
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn main_types_are_send_and_sync() {
        assert_send_sync::<Group>();
        assert_send_sync::<Arrangement>();
        assert_send_sync::<Block>();
        assert_send_sync::<BlockKind>();
        assert_send_sync::<BlockKinds>();
        assert_send_sync::<Decomposition>();
        assert_send_sync::<Decompositions>();
        assert_send_sync::<WinningArrangements>();
        assert_send_sync::<ParseError>();
    }
}

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

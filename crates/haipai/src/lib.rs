//! haipai (配牌): mahjong algorithms, one crate per concern, re-exported here.
//!
//! Each module is one crate of the workspace behind a cargo feature of the same name,
//! so a user who needs only tiles and shanten pays for nothing else. A feature also turns on
//! the modules its crate's public functions take or return types of (the last column):
//!
//! | module | crate | feature | also turns on | what it is for |
//! |---|---|---|---|---|
//! | [`tiles`] | `haipai-tiles` | `tiles` (default) | — | tiles, hands, melds, walls; MPSZ notation |
//! | [`decompose`] | `haipai-decompose` | `decompose` | `tiles` | win tests; every split into melds, pair and partial shapes |
//! | [`shanten`] | `haipai-shanten` | `shanten` | `tiles` | shanten, necessary and unnecessary tiles |
//! | [`waits`] | `haipai-waits` | `waits` | `decompose`, `tiles` | the waits of a tenpai hand, every waiting decomposition |
//! | [`score`] | `haipai-score` | `score` | `decompose`, `tiles` | yaku, fu and points |
//! | [`combinatorics`] | `haipai-combinatorics` | `combinatorics` | `tiles` | exact odds over every dealt hand |
//! | [`ev`] | `haipai-ev` | `ev` | `shanten`, `score`, `decompose`, `tiles` | one-player expected value per discard (何切る) |
//! | [`shanghai`] | `haipai-shanghai` | `shanghai` | `tiles` | mahjong solitaire: layouts, deals, an exact solver |
//! | [`log`] | `haipai-log` | `log` | `tiles` | game logs (tenhou.net/6, mjlog, mjai) read, written and replayed into decisions |
//! | [`review`] | `haipai-review` | `review` | `ev`, `log`, `shanten`, `score`, `decompose`, `tiles` | every decision of a game asked of the one-player model |
//!
//! A crate may use more than its feature turns on: `haipai-combinatorics` is built on
//! `haipai-shanten` and `haipai-decompose`, but with `combinatorics` alone the `shanten` and
//! `decompose` modules stay off (turn their features on to use them).
//!
//! The mahjong terms used throughout (shanten, tenpai, yaku, fu, dora, ...) are explained
//! once, in the [`glossary`].
//!
//! Errors: each crate has its own, opaque with a `#[non_exhaustive]` kind to match on:
//! `tiles::Error` (parsing and hand checks; also returned by shanten's `try_` functions and
//! `waits::hand_waits`), `score::Error`, `ev::Error`, `shanghai::LayoutError` and
//! `shanghai::MoveError`, `log::Error`; `decompose::ParseError` and `waits::ParseError` come only from
//! reading their printed values back (`FromStr`). decompose's functions on counts and
//! combinatorics return no errors (each function states its preconditions).
//!
//! ```
//! # #[cfg(feature = "tiles")] {
//! let hand = haipai::tiles::Hand::parse("123m456p789s1122z")?;
//! assert_eq!(hand.size(), 13);
//! # }
//! # Ok::<(), haipai::tiles::Error>(())
//! ```

pub mod glossary;

#[cfg(feature = "tiles")]
pub use haipai_tiles as tiles;

#[cfg(feature = "decompose")]
pub use haipai_decompose as decompose;

#[cfg(feature = "shanten")]
pub use haipai_shanten as shanten;

#[cfg(feature = "waits")]
pub use haipai_waits as waits;

#[cfg(feature = "score")]
pub use haipai_score as score;

#[cfg(feature = "combinatorics")]
pub use haipai_combinatorics as combinatorics;

#[cfg(feature = "ev")]
pub use haipai_ev as ev;

#[cfg(feature = "shanghai")]
pub use haipai_shanghai as shanghai;

#[cfg(feature = "log")]
pub use haipai_log as log;

#[cfg(feature = "review")]
pub use haipai_review as review;

/// The README's Rust example, compiled and run as a doctest (every module it uses is on when
/// the whole workspace is tested: the cli asks for every feature).
#[cfg(all(doctest, feature = "shanten", feature = "waits", feature = "score", feature = "ev", feature = "shanghai"))]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

/// The example of the crate's README.md, compiled and run as a doctest (it uses `shanten` and
/// `waits`, as it tells its reader to turn on).
#[cfg(all(doctest, feature = "shanten", feature = "waits"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

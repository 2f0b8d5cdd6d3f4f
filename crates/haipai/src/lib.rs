//! haipai (配牌): mahjong algorithms, one crate per concern, re-exported here.
//!
//! Each module is one crate of the workspace behind a cargo feature of the same name,
//! so a user who needs only tiles and shanten pays for nothing else:
//!
//! | module | crate | feature |
//! |---|---|---|
//! | [`tiles`] | `haipai-tiles` | `tiles` (default) |
//! | [`decompose`] | `haipai-decompose` | `decompose` |
//! | [`shanten`] | `haipai-shanten` | `shanten` |
//! | [`waits`] | `haipai-waits` | `waits` |
//! | [`score`] | `haipai-score` | `score` |
//! | [`combinatorics`] | `haipai-combinatorics` | `combinatorics` |
//! | [`ev`] | `haipai-ev` | `ev` |
//! | [`shanghai`] | `haipai-shanghai` | `shanghai` |
//!
//! ```
//! # #[cfg(feature = "tiles")] {
//! let hand = haipai::tiles::Hand::parse("123m456p789s1122z")?;
//! assert_eq!(hand.size(), 13);
//! # }
//! # Ok::<(), haipai::tiles::Error>(())
//! ```

#[cfg(feature = "shanghai")]
pub use haipai_shanghai as shanghai;
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

/// The README's Rust example, compiled and run as a doctest (every module it uses is on when
/// the whole workspace is tested: the cli asks for every feature).
#[cfg(all(doctest, feature = "shanten", feature = "waits", feature = "score", feature = "ev", feature = "shanghai"))]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

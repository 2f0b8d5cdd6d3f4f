//! Exact odds over every dealt mahjong hand, by generating functions.
//!
//! Counting all `C(136, 14) ≈ 4.25e18` fourteen-tile hands one by one is hopeless; counting them by
//! suit is not. A hand is a choice of counts in each of the three number suits and the seven
//! honour kinds; every property this crate counts depends on each suit only through a small
//! *profile*. So each suit becomes a polynomial `Σ weight · x^tiles` per profile, and the suits
//! combine by polynomial multiplication: the coefficient of `x^14` is the answer.
//!
//! Counts come in two flavours ([`Count`]): *patterns* (multisets of tile kinds, at most four of
//! each) and *states* (sets of physical tiles: each pattern weighted by `Π C(4, count)`). All
//! counts are exact `u128` (see the `count` module for why that suffices), probabilities exact [`Ratio`]s;
//! floats appear only when printing.
//!
//! - [`TenhouTable`]: document 003's table (天和), reproduced to the character.
//! - [`ShantenDistribution`]: the exact shanten distribution of all hands of `M` tiles.
//! - [`odds`]: derived odds (天和, 地和 given no interruption, dealt tenpai, each shanten level).
//! - [`profile`]: the per-suit summaries the distributions multiply.
//! - [`Series`]: the truncated bivariate generating functions underneath.
//! - [`Variant`]: four-player, sanma (108 tiles), red fives as distinct kinds.
//! - [`brute`]: enumeration oracles for small hands.
//!
//! The code map, the invariants and how to ask a new question: `docs/crates/combinatorics.md`.
//!
//! ```
//! use haipai_combinatorics::hand_profile;
//! use haipai_combinatorics::{Series, ShantenDistribution, TenhouTable, Variant, binom};
//! use haipai_tiles::parse_counts;
//!
//! // Document 003's table, to the character; 天和 is 1 in 330,530.
//! let t = TenhouTable::compute(14, Variant::FOUR_PLAYER);
//! assert_eq!(t.total.states, binom(136, 14));
//! assert_eq!(t.render().lines().last(), Some("Probability             3.025448319456385e-06"));
//! assert_eq!(t.probability().one_in().map(f64::round), Some(330_530.0));
//!
//! // Where does a dealt hand stand among all 13-tile hands? This one is 1-shanten, and only
//! // about 1 deal in 159 is as good or better.
//! let hand = parse_counts("123456789m1p11s5z")?;
//! let s = hand_profile(&hand).shanten(13);
//! assert_eq!(s, 1);
//! let d = ShantenDistribution::compute(13, Variant::FOUR_PLAYER);
//! assert_eq!(d.probability_at_most(s).to_string(), "44785963397381/7114331708316000");
//!
//! // A new question in a few lines: 14-tile hands without an honour tile. One series per kind,
//! // Σ weight(c) x^c; multiply the 27 number kinds and read the coefficient of x^14.
//! let v = Variant::FOUR_PLAYER;
//! let kinds: Vec<Series> = (0..27)
//!     .map(|kind| {
//!         let mut f = Series::zero(14, 0);
//!         (0..=4).for_each(|c| f.add_term(usize::from(c), 0, v.weight(kind, c)));
//!         f
//!     })
//!     .collect();
//! let no_honours = Series::product(14, 0, &kinds).get(14, 0);
//! assert_eq!(no_honours.states, binom(108, 14));
//! # Ok::<(), haipai_tiles::Error>(())
//! ```
//!
//! # Errors and invariants
//!
//! Nothing here returns an error; each function states its preconditions (a hand size of 1 to
//! 14 tiles). Counts are exact: every distribution's rows add up to `C(n, M)` states (`n` = 136,
//! or 108 for sanma), and a probability is an exact [`Ratio`] until it is printed.
//!
//! The mahjong terms (天和, shanten, tenpai, sanma, ...) are explained in the glossary of the
//! `haipai` crate: <https://docs.rs/haipai/latest/haipai/glossary/>.

/// The brute-force enumerators, the slow twins of the fast counts: test support for this
/// crate's tests and `cargo xtask verify`, not part of the API.
#[doc(hidden)]
pub mod brute;
/// C++ number formatting for document 003's table: support for `cargo xtask verify`, not
/// part of the API.
#[doc(hidden)]
pub mod cfmt;
mod count;
mod distribution;
pub mod odds;
pub mod profile;
mod series;
mod tenhou;
mod variant;

pub use count::{Count, Ratio, binom, checked_binom};
pub use distribution::{ShantenDistribution, hand_profile, one_in};
pub use series::Series;
/// Document 003's published table, which [`TenhouTable::render`] reproduces to the character
/// (for the tests and `cargo xtask verify`).
#[doc(hidden)]
pub use tenhou::DOCUMENT_003;
pub use tenhou::TenhouTable;
pub use variant::Variant;

/// The crate's public types are `Send + Sync`, so users may share them between threads.
#[cfg(test)]
mod send_sync {
    use super::*;

    /// Compiles only for types that may cross and be shared between threads.
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn main_types_are_send_and_sync() {
        assert_send_sync::<Count>();
        assert_send_sync::<Ratio>();
        assert_send_sync::<Series>();
        assert_send_sync::<TenhouTable>();
        assert_send_sync::<ShantenDistribution>();
        assert_send_sync::<Variant>();
        assert_send_sync::<profile::Profile>();
        assert_send_sync::<odds::Odd>();
    }
}

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

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
//! counts are exact `u128` (see [`count`] for why that suffices), probabilities exact [`Ratio`]s;
//! floats appear only when printing.
//!
//! - [`TenhouTable`]: document 003's table (天和), reproduced to the character.
//! - [`Series`]: the truncated bivariate generating functions underneath.
//! - [`Variant`]: four-player, sanma (108 tiles), red fives as distinct kinds.
//! - [`brute`]: enumeration oracles for small hands.
//!
//! ```
//! use haipai_combinatorics::{TenhouTable, Variant};
//!
//! let t = TenhouTable::compute(14, Variant::FOUR_PLAYER);
//! assert_eq!(t.total.states, haipai_combinatorics::binom(136, 14));
//! assert_eq!(t.render().lines().last(), Some("Probability             3.025448319456385e-06"));
//! let p = t.probability();
//! assert_eq!(p.one_in().map(|n| n.round()), Some(330_530.0));
//! # Ok::<(), haipai_tiles::Error>(())
//! ```

pub mod brute;
pub mod cfmt;
pub mod count;
pub mod series;
pub mod tenhou;
pub mod variant;

pub use count::{Count, Ratio, binom};
pub use series::Series;
pub use tenhou::TenhouTable;
pub use variant::Variant;
pub mod distribution;
pub mod odds;
pub mod profile;
pub use distribution::ShantenDistribution;

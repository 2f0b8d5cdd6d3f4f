//! haipai-ev: one-player mahjong expected value (何切る), exact over draws.
//!
//! The model is written down in `docs/ev-model.md`: one player, no calls, from a 14-tile hand
//! at turn `t` the player discards, then draws and discards until a win or the draws run out.
//! For every distinct discard the engine gives the expected points, the win and tenpai
//! probabilities, the same at every turn, the necessary tiles with their live copies and each
//! necessary draw's contribution to the expected points.
//!
//! The idea of the model and of an exact memoised recursion over draws is document 001's
//! (the one-player expected-value article and its reference engine, nekobean/mahjong-cpp);
//! the formulation (first-passage arrays for every turn at once, riichi as a state, an exchange
//! budget keyed on the hand) and the code are our own.
//!
//! - [`evaluate`] (with haipai-shanten and haipai-score) or [`evaluate_with`] (any [`Oracle`])
//!   answers a [`Query`] under [`Options`] with an [`Analysis`]: one [`Candidate`] per discard.
//! - [`evaluate_candidate_with`]: one candidate only, with only its root in the state graph
//!   (less work when one discard's value is all that is asked).
//! - [`Workspace`]: the same answers for many questions in a row, in memory kept from one
//!   question to the next (faster than [`evaluate`] after the first).
//! - [`simulate`] / [`simulate_with`]: a Monte Carlo check of the computed policy.
//! - [`Error`]: opaque, its [`ErrorKind`] is `#[non_exhaustive]`.
//!
//! ```
//! use haipai_ev::{ErrorKind, Options, Query, evaluate};
//! use haipai_tiles::{Hand, parse_tile};
//!
//! // Document 001's tenpai example: dealer, East round, turn 1, indicator 1z.
//! let q = Query::new(Hand::parse("222567m345p33667s")?).dora_indicators(vec![parse_tile("1z")?.tile()]);
//! let a = evaluate(&q, &Options::article())?;
//! let best = &a.candidates[0];
//! assert_eq!(best.discard.map(|t| t.to_string()), Some("6s".to_string()));
//! assert_eq!(format!("{:.2} {:.2}", best.value.points, best.necessary[0].points), "4282.35 2141.18");
//!
//! let late = q.turn(18);
//! assert_eq!(evaluate(&late, &Options::article()).unwrap_err().kind(), &ErrorKind::Turn(18));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Guarantees
//!
//! The answer is exact under the model (no sampling) and deterministic. [`Analysis::candidates`]
//! are sorted by the objective, best first (ties: the other quantities, then tile order). For
//! each candidate, `0 <= win <= tenpai <= 1` (a won hand counts as tenpai), and its necessary
//! tiles' contributions plus `other_points` add up to its expected points. [`evaluate`]
//! returns an [`Error`] for a malformed question (not 13 or 14 tiles, a turn outside 1..=17, a
//! fifth copy, a second red five, too many indicators). A
//! budget whose search would exceed [`Options::max_states`] is lowered ([`Analysis::budget`]
//! says to what, and why), or, with [`Options::lower_budget`] off or at budget 0, refused with
//! [`ErrorKind::TooManyStates`].
//!
//! The mahjong terms (何切る, tenpai, riichi, dama, ura-dora, hand change, ...) are explained in
//! the glossary of the `haipai` crate: <https://docs.rs/haipai/latest/haipai/glossary/>.

mod analysis;
mod budget;
mod candidate;
mod engine;
pub mod options;
pub mod oracle;
mod simulate;
mod standard;
#[cfg(test)]
mod tests_budget;
#[cfg(test)]
mod tests_by_hand;
#[cfg(test)]
mod tests_doc;
#[cfg(test)]
mod tests_props;
mod workspace;

pub use analysis::{
    Analysis, Candidate, Error, ErrorKind, Expectation, Necessary, PerTurn, Query, evaluate_candidate_with,
    evaluate_with,
};
pub use budget::{Budget, Lowering};
pub use options::{Objective, Options, RiichiPolicy};
pub use oracle::{Oracle, WinParts, WinQuery};
pub use simulate::{Estimate, simulate_with};
pub use standard::{Standard, evaluate, simulate};
pub use workspace::Workspace;

/// The crate's public types are `Send + Sync`, so users may share them between threads.
#[cfg(test)]
mod send_sync {
    use super::*;

    /// Compiles only for types that may cross and be shared between threads.
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn main_types_are_send_and_sync() {
        assert_send_sync::<Query>();
        assert_send_sync::<Options>();
        assert_send_sync::<Analysis>();
        assert_send_sync::<Candidate>();
        assert_send_sync::<Estimate>();
        assert_send_sync::<Necessary>();
        assert_send_sync::<PerTurn>();
        assert_send_sync::<Expectation>();
        assert_send_sync::<Standard>();
        assert_send_sync::<WinQuery<'static>>();
        assert_send_sync::<WinParts>();
        assert_send_sync::<Error>();
        assert_send_sync::<ErrorKind>();
        assert_send_sync::<Objective>();
        assert_send_sync::<RiichiPolicy>();
        assert_send_sync::<Workspace>();
        assert_send_sync::<Budget>();
    }
}

/// The options' derived traits: the enums' defaults are those of [`Options::default`], and
/// options may key a hash map (a cache of analyses per option set).
#[cfg(test)]
mod option_traits {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn defaults_agree_and_options_hash() {
        let options = Options::default();
        assert_eq!((options.objective, options.riichi), (Objective::default(), RiichiPolicy::default()));
        let set: HashSet<Options> = [options.clone(), Options::article(), options].into_iter().collect();
        assert_eq!(set.len(), 1 + usize::from(Options::article() != Options::default()));
    }
}

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

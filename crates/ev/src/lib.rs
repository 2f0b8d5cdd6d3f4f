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

mod analysis;
mod engine;
pub mod options;
pub mod oracle;
mod standard;
#[cfg(test)]
mod tests_doc;
#[cfg(test)]
mod tests_props;

pub use analysis::{
    Analysis, Candidate, Error, ErrorKind, Estimate, Necessary, PerTurn, Query, Value, evaluate_with, simulate_with,
};
pub use options::{Objective, Options, RiichiPolicy};
pub use oracle::{Oracle, WinParts, WinQuery};
pub use standard::{Standard, evaluate, simulate};

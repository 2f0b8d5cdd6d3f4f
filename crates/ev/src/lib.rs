//! haipai-ev: one-player mahjong expected value (何切る), exact over draws.
//!
//! The model is written down in `docs/ev-model.md`: one player, no calls, from a 14-tile hand
//! at turn `t` the player discards, then draws and discards until a win or the draws run out.

pub mod options;

pub use options::{Objective, Options, RiichiPolicy};

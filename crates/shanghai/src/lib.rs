//! Mahjong solitaire (上海, Shanghai): layouts, layout files, deals and an exact solver.
//!
//! - [`Layout`]: slots in half-tile units with precomputed blockers under two [`Blocking`]
//!   rules: the standard rule and document 002's grid rule. Built in: the Turtle and a few
//!   others ([`BUILTIN`]) and document-002 grids; readers for KMahjongg `.layout`, GNOME
//!   `.map`, `x y z` slot lists and haipai's own notation in [`formats`].
//! - [`Face`]: 34 kinds x 4, flowers and seasons, with matching groups.
//! - [`Deal`]: seeded random and winnable-by-construction deals, with a text format.
//! - [`Board`] + [`Solver`]: an exact, complete solver answering [`Verdict::Winnable`] with
//!   the moves, [`Verdict::Unwinnable`], or [`Verdict::Unknown`] only when its [`Budget`]
//!   (nodes, time; bounded by default) runs out; [`Solver::review`] classifies every legal move (感想戦).
//!
//! (`brute`, an exhaustive oracle for small boards, and `doc002`, document 002's unsafe
//! stalemate rule and its counterexample, are test support for this crate's tests and
//! `cargo xtask verify`, not part of the API.)
//!
//! ```
//! use haipai_shanghai::{Board, Deal, Layout, Blocking, Solver, Verdict};
//!
//! let turtle = Layout::builtin("turtle").ok_or("no turtle")?;
//! assert_eq!(turtle.layer_sizes(), vec![87, 36, 16, 4, 1]);
//! let deal = Deal::random(&turtle, Blocking::Standard, 42)?;
//! let board = Board::new(turtle, Blocking::Standard, deal.faces)?;
//! // Seed 42's random deal is winnable: 72 moves clear the 144 tiles.
//! let Verdict::Winnable(moves) = Solver::new(&board).solve() else { panic!("seed 42 is winnable") };
//! assert_eq!(moves.len(), 72);
//! assert_eq!(board.check_win(board.full(), &moves), Ok(()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors and invariants
//!
//! Layouts, layout files, deals and [`Board::new`] return a [`LayoutError`] (kind
//! [`LayoutErrorKind`]: an unknown name, an unreadable file, bad slots or faces, no winnable
//! deal found); playing or replaying moves returns a [`MoveError`] (kind [`MoveErrorKind`]: a
//! slot off the board or already removed, faces that do not match, a tile that is not free,
//! tiles left). The solver is exact: a [`Verdict::Winnable`] move list always replays to an
//! empty board, [`Verdict::Unwinnable`] is a proof, and [`Verdict::Unknown`] comes only from an
//! exhausted [`Budget`]. A seed gives the same deal on every platform.
//!
//! The terms (free tile, stalemate, 感想戦, ...) are explained in the glossary of the `haipai`
//! crate: <https://docs.rs/haipai/latest/haipai/glossary/>.

mod bits;
mod board;
#[doc(hidden)]
pub mod brute;
mod deal;
#[doc(hidden)]
pub mod doc002;
mod faces;
pub mod formats;
mod layout;
mod solver;

pub use bits::{Bits, MAX_SLOTS};
pub use board::{Board, Move, MoveError, MoveErrorKind};
pub use deal::Deal;
pub use faces::{FACES, Face, GROUPS};
pub use layout::{BUILTIN, Blockers, Blocking, Layout, LayoutError, LayoutErrorKind, MAX_SPAN, Slot};
pub use solver::{Budget, GameReview, Limit, MoveClass, Solver, Stats, Verdict};

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

//! Mahjong solitaire (上海, Shanghai): layouts, layout files, deals and an exact solver.
//!
//! - [`Layout`]: slots in half-tile units with precomputed blockers under two [`Rules`]:
//!   the standard rule and document 002's grid rule. Built in: the Turtle and a few others
//!   ([`layout::BUILTIN`]) and document-002 grids; readers for KMahjongg `.layout`, GNOME
//!   `.map` and haipai's own notation in [`formats`].
//! - [`Face`]: 34 kinds x 4, flowers and seasons, with matching groups.
//! - [`Deal`]: seeded random and winnable-by-construction deals, with a text format.
//! - [`Board`] + [`Solver`]: an exact, complete solver answering [`Verdict::Winnable`] with
//!   the moves, [`Verdict::Unwinnable`], or [`Verdict::Unknown`] only when its explicit
//!   [`Budget`] runs out; [`Solver::review`] classifies every legal move (感想戦).
//! - [`brute`]: an exhaustive oracle for small boards; [`doc002`]: document 002's unsafe
//!   stalemate rule and its counterexample.
//!
//! ```
//! use haipai_shanghai::{Board, Deal, Layout, Rules, Solver, Verdict};
//!
//! let turtle = Layout::builtin("turtle").ok_or("no turtle")?;
//! assert_eq!(turtle.layer_sizes(), vec![87, 36, 16, 4, 1]);
//! let deal = Deal::random(&turtle, Rules::Standard, 42)?;
//! let board = Board::new(turtle, Rules::Standard, deal.faces)?;
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

pub mod bits;
pub mod board;
pub mod brute;
pub mod deal;
pub mod doc002;
pub mod faces;
pub mod formats;
pub mod layout;
pub mod solver;

pub use bits::Bits;
pub use board::{Board, Move, MoveError, MoveErrorKind};
pub use deal::Deal;
pub use faces::Face;
pub use layout::{Layout, LayoutError, LayoutErrorKind, Rules, Slot};
pub use solver::{Budget, MoveClass, Solver, Verdict};

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

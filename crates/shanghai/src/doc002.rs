//! Document 002's "certain stalemate" (詰み必至形) rule, as the text defines it, kept only to
//! show that it is unsafe.
//!
//! The document calls a position with tiles left and no move a 詰み確定形 (stalemate), its
//! free row-end tiles the ブロッキング牌 (blocking tiles), and declares any position made
//! by adding tiles other than the blocking tiles to a stalemate a 詰み必至形 (certain to
//! stall). That is false: a stuck pair `AA`, one on the other, is a stalemate whose blocking
//! tile is the upper `A`; adding two free `A` tiles elsewhere gives a position the rule calls
//! lost, yet it is won by pairing each stacked `A` with a new one. (The document's code
//! compares face numbers rather than positions, which avoids this case; its trie key of row
//! ends is exact only while rows stay unbroken.) haipai's solver uses only the sound tests
//! described in the crate's `solver` module.

use crate::bits::Bits;
use crate::board::Board;
use crate::faces::Face;
use crate::layout::{Blocking, Layout};

/// A stalemate as the document records it: the tiles present and the blocking (free) tiles.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Stalemate {
    /// Tiles on the board.
    pub tiles: Bits,
    /// Its free tiles.
    pub blocking: Bits,
}

/// The stalemate of `present`, when it has tiles and no move.
pub fn stalemate(board: &Board, present: Bits) -> Option<Stalemate> {
    if present.is_empty() || !board.moves(&present).is_empty() {
        return None;
    }
    let mut blocking = Bits::EMPTY;
    for i in board.free_tiles(&present) {
        blocking.insert(i);
    }
    Some(Stalemate { tiles: present, blocking })
}

/// The text's rule: `present` holds every tile of the stalemate, and the added tiles are not
/// blocking tiles. Unsound (see the module docs).
pub fn text_says_lost(pattern: &Stalemate, present: Bits) -> bool {
    pattern.tiles.iter().all(|i| present.contains(i))
        && present.iter().all(|i| pattern.tiles.contains(i) || !pattern.blocking.contains(i))
}

/// The counterexample as a document-002 grid (depth 0 on top, two rows of three columns):
/// `A` on `A` in row 0, column 0, and two more `A` tiles, both free, at the ends of row 1 of
/// the lower layer. Returns the board, the stalemate position (the stacked pair alone) and
/// the full position.
pub fn counterexample() -> (Board, Bits, Bits) {
    // depth 0 (top):    row 0: A . .    row 1: . . .
    // depth 1 (bottom): row 0: A . .    row 1: A . A
    let cells = vec![
        vec![vec![true, false, false], vec![false, false, false]],
        vec![vec![true, false, false], vec![true, false, true]],
    ];
    let layout = Layout::grid_cells("doc002 counterexample", &cells).expect("valid grid");
    let a = Face::new(0).expect("1m");
    let board = Board::new(layout, Blocking::Grid, vec![a; 4]).expect("four tiles of one face");
    let slots = board.layout().slots();
    let mut stuck = Bits::EMPTY;
    for (i, s) in slots.iter().enumerate() {
        if s.y == 0 && s.x == 0 {
            stuck.insert(i);
        }
    }
    (board.clone(), stuck, board.full())
}

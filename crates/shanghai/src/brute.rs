//! A brute-force oracle for small boards: plain depth-first search over every legal move,
//! remembering each position's answer. No forced moves, no pruning, no ordering.

use hashbrown::HashMap;

use crate::bits::Bits;
use crate::board::Board;

/// Whether `present` can be cleared, by exhaustive search. Meant for boards of at most
/// about 24 tiles.
pub fn winnable(board: &Board, present: Bits) -> bool {
    fn go(board: &Board, present: Bits, memo: &mut HashMap<Bits, bool>) -> bool {
        if present.is_empty() {
            return true;
        }
        if let Some(&r) = memo.get(&present) {
            return r;
        }
        let mut result = false;
        for m in board.moves(&present) {
            let mut p = present;
            p.remove(m.0 as usize);
            p.remove(m.1 as usize);
            if go(board, p, memo) {
                result = true;
                break;
            }
        }
        memo.insert(present, result);
        result
    }
    go(board, present, &mut HashMap::new())
}

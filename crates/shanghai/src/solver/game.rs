//! A game's moves judged one by one: which positions of the game can still be cleared, the
//! first move after which the board is lost, and a winning line from the last winnable
//! position (the 感想戦 of a whole game, and the live indicator after every move).
//!
//! Winnability only goes from true to false along a game (a position after a move is
//! winnable only if the one before it was), so the first lost position is found by a binary
//! search over the game's prefixes. One solver answers every question of the game, keeping its
//! tables of lost positions, and a winnable answer settles the positions after it for free
//! while the game's moves follow its line (a move that is one of the line's pairs keeps the
//! board winnable, and so does one the review's repair turns into a line).

use super::Solver;
use super::review::repair;
use super::verdict::Verdict;
use crate::bits::Bits;
use crate::board::{Board, Move, MoveError};
use std::time::Instant;

/// What a game's moves did, from [`Solver::review_game`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameReview {
    /// Per position `k` of the game (the board after its first `k` moves, `0..=moves.len()`):
    /// whether it can be cleared, `None` where the budget ran out before it was decided.
    pub winnable: Vec<Option<bool>>,
    /// The index (into the moves) of the move after which the board was lost, the position
    /// before it winnable: `None` when every position decided is winnable, when the deal
    /// itself cannot be cleared, or when the budget left the boundary undecided.
    pub losing_move: Option<usize>,
    /// A winning line from position [`line_from`](GameReview::line_from) (empty when no
    /// position of the game is known to be winnable).
    pub line: Vec<Move>,
    /// The last position of the game known to be winnable, where [`line`](GameReview::line)
    /// starts (`None` when there is none).
    pub line_from: Option<usize>,
}

impl GameReview {
    /// Whether the board after the whole game can be cleared (`None`: not decided).
    pub fn last(&self) -> Option<bool> {
        self.winnable.last().copied().flatten()
    }

    /// Whether the board after move `i` (an index into the moves) can be cleared.
    pub fn winnable_after(&self, i: usize) -> Option<bool> {
        self.winnable.get(i + 1).copied().flatten()
    }
}

impl Board {
    /// The positions of a game: the full board, then the board after each of `moves`. An
    /// illegal move's error names its number (from 1), the move and why:
    /// `move 3 (12-40): slot 40 (5m) is not free`.
    pub fn positions(&self, moves: &[Move]) -> Result<Vec<Bits>, MoveError> {
        let mut out = Vec::with_capacity(moves.len() + 1);
        out.push(self.full());
        for (k, &m) in moves.iter().enumerate() {
            let mut p = out[k];
            if let Some(why) = self.why_illegal(&p, m) {
                return Err(MoveError::new(*why.kind(), format!("move {} ({m}): {why}", k + 1)));
            }
            p.remove(m.0 as usize);
            p.remove(m.1 as usize);
            out.push(p);
        }
        Ok(out)
    }
}

/// The search state of one game's review: what is known of each position.
struct Known {
    winnable: Vec<Option<bool>>,
    /// Positions tried whose answer ran out of budget (not tried again).
    tried: Vec<bool>,
    /// The greatest position known winnable, with a winning line from it.
    best: Option<(usize, Vec<Move>)>,
    /// The least position known lost.
    lost: Option<usize>,
}

impl Known {
    fn new(n: usize) -> Known {
        Known { winnable: vec![None; n + 1], tried: vec![false; n + 1], best: None, lost: None }
    }

    /// Position `k` is winnable with `line`: so are all before it.
    fn won(&mut self, k: usize, line: Vec<Move>) {
        self.winnable[..=k].iter_mut().for_each(|w| *w = Some(true));
        if self.best.as_ref().is_none_or(|(b, _)| *b < k) {
            self.best = Some((k, line));
        }
    }

    /// Position `k` is lost: so are all after it.
    fn lost(&mut self, k: usize) {
        self.winnable[k..].iter_mut().for_each(|w| *w = Some(false));
        if self.lost.is_none_or(|l| k < l) {
            self.lost = Some(k);
        }
    }

    /// The next position to ask about: the middle of the undecided ones between the last
    /// known winnable and the first known lost, skipping those that ran out of budget.
    fn next(&self) -> Option<usize> {
        let from = self.best.as_ref().map_or(0, |(b, _)| b + 1);
        let to = self.lost.unwrap_or(self.winnable.len());
        let open: Vec<usize> = (from..to).filter(|&k| !self.tried[k]).collect();
        (!open.is_empty()).then(|| open[open.len() / 2])
    }
}

impl Solver<'_> {
    /// 感想戦 of a whole game: whether the board can be cleared after each of `moves` (played
    /// from the full board), the first move after which it could not, and a winning line from
    /// the last winnable position. The last position is asked first (a game still winnable
    /// needs no other question); otherwise a binary search over the game's prefixes finds
    /// the first lost one, each winnable answer's line settling the positions after it while
    /// the game follows it. The budget's time covers the whole review (its nodes each
    /// question); a position left undecided is `None`, never a guess.
    ///
    /// ```
    /// use haipai_shanghai::{Blocking, Board, Deal, Layout, Solver, Verdict};
    ///
    /// let turtle = Layout::builtin("turtle").ok_or("no turtle")?;
    /// let deal = Deal::random(&turtle, Blocking::Standard, 42)?;
    /// let board = Board::new(turtle, Blocking::Standard, deal.faces)?;
    /// let Verdict::Winnable(line) = Solver::new(&board).solve() else { panic!("winnable") };
    /// let game = Solver::new(&board).review_game(&line[..10])?;
    /// assert_eq!(game.last(), Some(true));
    /// assert_eq!(game.losing_move, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn review_game(&mut self, moves: &[Move]) -> Result<GameReview, MoveError> {
        let board = self.board;
        let at = board.positions(moves)?;
        let n = moves.len();
        let mut known = Known::new(n);
        self.review_deadline = self.budget.time.and_then(|t| Instant::now().checked_add(t));
        let mut k = n;
        loop {
            known.tried[k] = true;
            match self.solve_from(at[k]) {
                Verdict::Winnable(line) => self.follow(&at, moves, k, line, &mut known),
                Verdict::Unwinnable => known.lost(k),
                Verdict::Unknown(_) => {}
            }
            if self.review_deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            match known.next() {
                Some(next) => k = next,
                None => break,
            }
        }
        self.review_deadline = None;
        Ok(finish(known))
    }

    /// Position `k` is winnable with `line`: the positions after it are too while the game's
    /// moves are pairs of the line or repair it.
    fn follow(&self, at: &[Bits], moves: &[Move], mut k: usize, mut line: Vec<Move>, known: &mut Known) {
        let stop = known.lost.unwrap_or(at.len());
        while k + 1 < stop {
            let m = moves[k];
            if let Some(i) = line.iter().position(|&l| l == m) {
                line.remove(i);
            } else if let Some(repaired) = repair(self.board, at[k], &line, m) {
                line = repaired[1..].to_vec();
            } else {
                break;
            }
            k += 1;
        }
        known.won(k, line);
    }
}

/// The review of what is known.
fn finish(known: Known) -> GameReview {
    let losing_move = known.lost.filter(|&l| l > 0 && known.winnable[l - 1] == Some(true)).map(|l| l - 1);
    let (line_from, line) = match known.best {
        Some((k, line)) => (Some(k), line),
        None => (None, Vec::new()),
    };
    GameReview { winnable: known.winnable, losing_move, line, line_from }
}

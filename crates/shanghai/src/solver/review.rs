//! 感想戦: every legal move of a position classified, reusing each winning line found (a move of
//! it, a repaired line, one more group re-split) before searching the rest with the position's
//! nogoods (docs/crates/shanghai.md, "The review").

use super::Solver;
use super::nogoods::inherit;
use super::nogoods::lift;
use super::on_board;
use super::splits::splits_of;
use super::verdict::MoveClass;
use super::verdict::Verdict;
use crate::bits::Bits;
use crate::board::Board;
use crate::board::Move;
use crate::board::is_free_count;
use std::time::Instant;

/// A winning line from `present` starting with `m = a-b` that pairs the tiles as the winning
/// line `line` does, except that `line`'s `a-x` and `b-y` become `m` and `x-y`: `None` when no
/// order of those pairs clears the board. With the pairs fixed, taking any pair whose two tiles
/// are free is safe (a removal never blocks a tile), so one greedy replay decides it.
///
/// When that fails, the same pairs with one more group of four split another way are
/// replayed (a move changes one group's split, and the line it wins with often needs a second
/// group changed).
pub(super) fn repair(board: &Board, present: Bits, line: &[Move], m: Move) -> Option<Vec<Move>> {
    let pairs = repaired_pairs(line, m)?;
    replay(board, present, m, pairs.clone()).or_else(|| resplit_one_more(board, present, m, &pairs))
}

/// `line`'s pairs with `m = a-b` and `x-y` in place of its `a-x` and `b-y`, `m` left out:
/// `None` when `m` is one of `line`'s pairs.
pub(super) fn repaired_pairs(line: &[Move], m: Move) -> Option<Vec<Move>> {
    let find = |t: u16| line.iter().position(|mv| mv.0 == t || mv.1 == t);
    let (i, j) = (find(m.0)?, find(m.1)?);
    if i == j {
        return None;
    }
    let other = |mv: Move, t: u16| if mv.0 == t { mv.1 } else { mv.0 };
    let mut pairs: Vec<Move> = line.iter().enumerate().filter(|&(k, _)| k != i && k != j).map(|(_, &mv)| mv).collect();
    pairs.push(Move::new(other(line[i], m.0) as usize, other(line[j], m.1) as usize));
    Some(pairs)
}

/// The first [`replay`] after `m` that clears the board with `pairs`, except that the two
/// pairs of one group other than `m`'s are split one of the two other ways.
pub(super) fn resplit_one_more(board: &Board, present: Bits, m: Move, pairs: &[Move]) -> Option<Vec<Move>> {
    let g = board.slot_groups()[m.0 as usize];
    for (i, &first) in pairs.iter().enumerate() {
        let h = board.slot_groups()[first.0 as usize];
        if h == g {
            continue;
        }
        for (j, &second) in pairs.iter().enumerate().skip(i + 1) {
            if board.slot_groups()[second.0 as usize] != h {
                continue;
            }
            let (a, b, c, d) = (first.0 as usize, first.1 as usize, second.0 as usize, second.1 as usize);
            for (x, y) in [(Move::new(a, c), Move::new(b, d)), (Move::new(a, d), Move::new(b, c))] {
                let mut resplit = pairs.to_vec();
                resplit[i] = x;
                resplit[j] = y;
                if let Some(line) = replay(board, present, m, resplit) {
                    return Some(line);
                }
            }
        }
    }
    None
}

/// The line from `present` that starts with `m` and then takes `pairs` greedily (any pair
/// whose two tiles are free, at once), or `None` when they do not clear the board: with the
/// pairs fixed, taking a free pair never hurts (a removal never blocks a tile). Freeness is
/// read off blocker counts kept up to date by each take (every tile of `pairs` is present
/// until taken).
pub(super) fn replay(board: &Board, present: Bits, m: Move, mut pairs: Vec<Move>) -> Option<Vec<Move>> {
    let mut p = present;
    p.remove(m.0 as usize);
    p.remove(m.1 as usize);
    let mut counts = vec![0; board.len()];
    board.blocker_counts(&p, &mut counts);
    let mut new = Vec::with_capacity(pairs.len() + 1);
    new.push(m);
    while !pairs.is_empty() {
        let before = pairs.len();
        pairs.retain(|&mv| {
            let (a, b) = (mv.0 as usize, mv.1 as usize);
            let free = is_free_count(counts[a]) && is_free_count(counts[b]);
            if free {
                board.take_off(&mut counts, a);
                board.take_off(&mut counts, b);
                new.push(mv);
            }
            !free
        });
        if pairs.len() == before {
            return None;
        }
    }
    board.check_win(present, &new).is_ok().then_some(new)
}

impl Solver<'_> {
    /// 感想戦: every legal move of `present` with what it does.
    ///
    /// The position is solved first: when it cannot be cleared, every move loses. Otherwise
    /// each winning line found (the position's, then each move's) is reused: a move that is
    /// one of a known line's pairs keeps the board winnable (taking a pair of a winning line
    /// earlier leaves every later move legal), and so does a move `a-b` when a known line's
    /// pairs, with `a-b` and `x-y` in place of its `a-x` and `b-y`, clear the board in some
    /// order (a greedy replay decides it), or do so with one more group split another way.
    /// Only the remaining moves are searched, with full runs only (no cheap first run) whose
    /// nodes stop forward-checking once ten checks in a row have refuted nothing: each with
    /// the nogoods known at the position (module doc, "Nogoods"; those a move's search
    /// finds without using the pair it left of its group hold at the position as they are, so
    /// they apply to every later move), trying first at each branch the split the latest
    /// winning line makes (phase saving: a move changes one group, so the line's other splits
    /// mostly still win).
    ///
    /// ```
    /// use haipai_shanghai::{Board, Deal, Layout, MoveClass, Blocking, Solver};
    ///
    /// let layout = Layout::named("grid 2x2x4")?;
    /// let deal = Deal::random(&layout, Blocking::Grid, 3)?;
    /// let board = Board::new(layout, Blocking::Grid, deal.faces)?;
    /// let mut solver = Solver::new(&board);
    /// let review = solver.review(board.full());
    /// assert_eq!(review.len(), board.moves(&board.full()).len());
    /// for (m, class) in &review {
    ///     let after = board.play(board.full(), &[*m])?;
    ///     let winnable = Solver::new(&board).solve_from(after).name() == "winnable";
    ///     assert_eq!(*class == MoveClass::KeepsWinnable, winnable, "{m}: {class}");
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn review(&mut self, present: Bits) -> Vec<(Move, MoveClass)> {
        let board = self.board;
        let present = on_board(board, present);
        let moves = board.moves(&present);
        let mut lines: Vec<Vec<Move>> = Vec::new();
        self.review_deadline = self.budget.time.and_then(|t| Instant::now().checked_add(t));
        match self.solve_from(present) {
            Verdict::Winnable(line) => lines.push(line),
            Verdict::Unwinnable => {
                self.review_deadline = None;
                return moves.into_iter().map(|m| (m, MoveClass::Loses)).collect();
            }
            Verdict::Unknown(_) => {}
        }
        // Nogoods at `present`: the position's own, then each searched move's lifted back.
        let mut nogoods = self.nogoods.list.clone();
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            if lines.iter().any(|l| l.contains(&m)) {
                out.push((m, MoveClass::KeepsWinnable));
                continue;
            }
            if let Some(line) = lines.iter().find_map(|l| repair(board, present, l, m)) {
                lines.push(line);
                out.push((m, MoveClass::KeepsWinnable));
                continue;
            }
            let mut p = present;
            p.remove(m.0 as usize);
            p.remove(m.1 as usize);
            self.nogoods.inherited = inherit(board, present, &nogoods, m);
            self.moved = if lift(board, present, m) == 0 { usize::MAX } else { board.group_of(m.0 as usize) };
            self.hint = lines.last().map_or(0, |line| splits_of(board, p, line));
            let known = self.nogoods.inherited.len();
            self.full_runs_only = true;
            let verdict = self.solve_from(p);
            self.full_runs_only = false;
            let class = match verdict {
                Verdict::Winnable(rest) => {
                    let mut line = vec![m];
                    line.extend(rest);
                    lines.push(line);
                    MoveClass::KeepsWinnable
                }
                Verdict::Unwinnable => MoveClass::Loses,
                Verdict::Unknown(limit) => MoveClass::Unknown(limit),
            };
            self.moved = usize::MAX;
            let lifted = lift(board, present, m);
            let learnt = self.nogoods.list.iter().zip(&self.nogoods.moved).skip(known);
            nogoods.extend(learnt.map(|(&n, &moved)| if moved { n | lifted } else { n }));
            out.push((m, class));
        }
        self.hint = 0;
        self.review_deadline = None;
        out
    }
}

//! The exact solver: depth-first search with safe forced moves, a transposition table of
//! lost positions keyed on the set of tiles still present, and sound dead-lock pruning.
//!
//! It answers [`Verdict::Winnable`] with a full move sequence, [`Verdict::Unwinnable`], or
//! [`Verdict::Unknown`] only when the explicit [`Budget`] of search nodes runs out.
//!
//! Soundness of each shortcut (freeness only grows as tiles are removed):
//! - *Forced moves.* When all remaining tiles of a matching group are free (two or four of
//!   them), removing them now is never worse: any winning sequence can be reordered to take
//!   them first, since taking tiles never blocks another, and tiles of one group are
//!   interchangeable among themselves.
//! - *Dead-locks.* A tile lying (directly or through a stack) on another must be removed
//!   first, so the two can never be a pair. A group with two tiles left, one covering the
//!   other, or with four left where each of the three ways to split them into two pairs puts
//!   a covering pair together, can never be cleared.
//! - *Transposition table.* Whether a position can be cleared depends only on the set of tiles
//!   present, so a lost set is never searched twice.

use hashbrown::HashSet;

use crate::bits::Bits;
use crate::board::{Board, Move};

/// How much search the solver may spend before answering `Unknown`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Maximum number of search nodes (positions expanded).
    pub nodes: u64,
}

impl Default for Budget {
    /// Generous: 50 million nodes (random Turtle deals need at most a few hundred thousand).
    fn default() -> Budget {
        Budget { nodes: 50_000_000 }
    }
}

/// The solver's answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The board can be cleared; the moves do it.
    Winnable(Vec<Move>),
    /// No sequence of moves clears the board.
    Unwinnable,
    /// The budget ran out first.
    Unknown,
}

impl Verdict {
    /// A one-word name: `winnable`, `unwinnable` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Winnable(_) => "winnable",
            Verdict::Unwinnable => "unwinnable",
            Verdict::Unknown => "unknown",
        }
    }
}

/// Search statistics of the last call.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// Positions expanded.
    pub nodes: u64,
    /// Lost positions remembered.
    pub dead: usize,
}

/// An exact solver for one board. It keeps its table of lost positions between calls, so
/// solving successive positions of one game (as [`Solver::review`] does) reuses work.
pub struct Solver<'b> {
    board: &'b Board,
    dead: HashSet<Bits>,
    nodes: u64,
    limit: u64,
    budget: Budget,
    free: Vec<bool>,
}

struct OutOfBudget;

/// What one legal move does to a position, from [`Solver::review`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveClass {
    /// The board can still be cleared after the move.
    KeepsWinnable,
    /// The move loses: the board can no longer be cleared.
    Loses,
    /// The budget ran out.
    Unknown,
}

impl MoveClass {
    /// `keeps-winnable`, `loses` or `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::KeepsWinnable => "keeps-winnable",
            MoveClass::Loses => "loses",
            MoveClass::Unknown => "unknown",
        }
    }
}

impl<'b> Solver<'b> {
    /// A solver for `board` with the default budget.
    pub fn new(board: &'b Board) -> Solver<'b> {
        Solver::with_budget(board, Budget::default())
    }

    /// A solver for `board` with `budget` per call.
    pub fn with_budget(board: &'b Board, budget: Budget) -> Solver<'b> {
        Solver {
            board,
            dead: HashSet::new(),
            nodes: 0,
            limit: 0,
            budget,
            free: vec![false; board.len()],
        }
    }

    /// Statistics of the last call (nodes of that call, table size overall).
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            dead: self.dead.len(),
        }
    }

    /// Solves the full board.
    pub fn solve(&mut self) -> Verdict {
        self.solve_from(self.board.full())
    }

    /// Solves the position where the tiles of `present` are on the board.
    pub fn solve_from(&mut self, present: Bits) -> Verdict {
        self.nodes = 0;
        self.limit = self.budget.nodes;
        let mut path = Vec::new();
        match self.dfs(present, &mut path) {
            Ok(true) => {
                debug_assert!(self.board.check_win(present, &path).is_ok());
                Verdict::Winnable(path)
            }
            Ok(false) => Verdict::Unwinnable,
            Err(OutOfBudget) => Verdict::Unknown,
        }
    }

    /// 感想戦: every legal move of `present` with what it does.
    pub fn review(&mut self, present: Bits) -> Vec<(Move, MoveClass)> {
        let moves = self.board.moves(&present);
        moves
            .into_iter()
            .map(|m| {
                let mut p = present;
                p.remove(m.0 as usize);
                p.remove(m.1 as usize);
                let class = match self.solve_from(p) {
                    Verdict::Winnable(_) => MoveClass::KeepsWinnable,
                    Verdict::Unwinnable => MoveClass::Loses,
                    Verdict::Unknown => MoveClass::Unknown,
                };
                (m, class)
            })
            .collect()
    }

    fn dfs(&mut self, mut present: Bits, path: &mut Vec<Move>) -> Result<bool, OutOfBudget> {
        let base = path.len();
        let board = self.board;
        let groups = board.groups;
        // Per group: remaining tiles and free tiles (a group has at most 8 tiles).
        let mut remaining = [0u8; 64];
        let mut free_list = [[0u16; 8]; 64];
        let mut free_n = [0u8; 64];
        loop {
            remaining[..groups].fill(0);
            free_n[..groups].fill(0);
            for i in present.iter() {
                let g = board.group[i] as usize;
                remaining[g] += 1;
                let f = board.is_free(&present, i);
                self.free[i] = f;
                if f {
                    free_list[g][free_n[g] as usize] = i as u16;
                    free_n[g] += 1;
                }
            }
            let mut forced = false;
            for g in 0..groups {
                let r = remaining[g];
                if r > 0 && free_n[g] == r {
                    for k in (0..r as usize).step_by(2) {
                        let (a, b) = (free_list[g][k], free_list[g][k + 1]);
                        path.push(Move::new(a as usize, b as usize));
                        present.remove(a as usize);
                        present.remove(b as usize);
                    }
                    forced = true;
                }
            }
            if !forced {
                break;
            }
        }
        if present.is_empty() {
            return Ok(true);
        }
        if self.dead.contains(&present) {
            path.truncate(base);
            return Ok(false);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            path.truncate(base);
            return Err(OutOfBudget);
        }
        if self.deadlocked(&present, &remaining[..groups]) {
            self.dead.insert(present);
            path.truncate(base);
            return Ok(false);
        }
        // Candidate moves, best first: tiles that block more present tiles first.
        let mut cands: Vec<(u32, Move)> = Vec::new();
        for g in 0..groups {
            let nf = free_n[g] as usize;
            if nf < 2 {
                continue;
            }
            let fl = &free_list[g][..nf];
            for x in 0..nf {
                for y in x + 1..nf {
                    let (a, b) = (fl[x] as usize, fl[y] as usize);
                    let score = self.unblocks(&present, a) + self.unblocks(&present, b);
                    cands.push((score, Move::new(a, b)));
                }
            }
        }
        cands.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, m) in cands {
            let mut p = present;
            p.remove(m.0 as usize);
            p.remove(m.1 as usize);
            path.push(m);
            match self.dfs(p, path) {
                Ok(true) => return Ok(true),
                Ok(false) => {
                    path.pop();
                }
                Err(e) => {
                    path.truncate(base);
                    return Err(e);
                }
            }
        }
        self.dead.insert(present);
        path.truncate(base);
        Ok(false)
    }

    fn unblocks(&self, present: &Bits, i: usize) -> u32 {
        self.board.blocks[i]
            .iter()
            .filter(|&&j| present.contains(j as usize))
            .count() as u32
            + 4 * (self.board.above[i].is_empty() && self.board.layout().slots()[i].z > 0) as u32
    }

    /// Sound dead-lock test: some group cannot be split into pairs without pairing a tile
    /// with one lying (directly or through a stack) on it.
    fn deadlocked(&self, present: &Bits, remaining: &[u8]) -> bool {
        let board = self.board;
        let mut tiles = [[0usize; 4]; 64];
        let mut n = [0usize; 64];
        for i in present.iter() {
            let g = board.group[i] as usize;
            if remaining[g] <= 4 {
                tiles[g][n[g]] = i;
                n[g] += 1;
            }
        }
        let bad = |a: usize, b: usize| board.cover[a].contains(b) || board.cover[b].contains(a);
        for g in 0..remaining.len() {
            match n[g] {
                2 if bad(tiles[g][0], tiles[g][1]) => return true,
                4 => {
                    let t = tiles[g];
                    let ok = |a: usize, b: usize, c: usize, d: usize| {
                        !bad(t[a], t[b]) && !bad(t[c], t[d])
                    };
                    if !ok(0, 1, 2, 3) && !ok(0, 2, 1, 3) && !ok(0, 3, 1, 2) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }
}

/// Solves `board` from the full position with the default budget.
pub fn solve(board: &Board) -> Verdict {
    Solver::new(board).solve()
}

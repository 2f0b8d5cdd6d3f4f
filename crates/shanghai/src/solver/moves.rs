//! The plain move search: safe forced moves, then every move, best first, with the dead-lock
//! test, the relaxation and the table of lost positions; no pairing decisions. It solves boards
//! whose groups exceed four tiles and cross-checks the pairing search.

use super::OutOfBudget;
use super::Solver;
use crate::bits::Bits;
use crate::board::Move;

/// A position's tiles per group in the move search (see [`Solver::count_free`]).
pub(super) struct GroupTiles {
    /// Tiles present.
    pub(super) remaining: [u8; 64],
    /// The free ones (a group has at most 8 tiles): the first `free_n` of each.
    pub(super) free: [[u16; 8]; 64],
    /// How many are free.
    pub(super) free_n: [u8; 64],
}

impl Solver<'_> {
    /// The plain move search (see [`Solver::solve_by_moves`]): takes the groups whose tiles
    /// are all free, then tries each move, best first; a lost position is remembered in
    /// `dead`.
    pub(super) fn dfs(&mut self, mut present: Bits, path: &mut Vec<Move>) -> Result<bool, OutOfBudget> {
        let base = path.len();
        let mut tiles = GroupTiles { remaining: [0u8; 64], free: [[0u16; 8]; 64], free_n: [0u8; 64] };
        self.take_free_groups(&mut present, &mut tiles, path);
        if present.is_empty() {
            return Ok(true);
        }
        if let Some(result) = self.settled(&present, &tiles.remaining[..self.board.group_count()]) {
            path.truncate(base);
            return result;
        }
        for (_, m) in self.move_candidates(&present, &tiles) {
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
        self.remember_dead(present);
        path.truncate(base);
        Ok(false)
    }

    /// Takes every group whose tiles are all free (safe: its pairs can be taken in any order),
    /// until none is left; `tiles` ends up counting the position's tiles per group.
    pub(super) fn take_free_groups(&mut self, present: &mut Bits, tiles: &mut GroupTiles, path: &mut Vec<Move>) {
        loop {
            self.count_free(present, tiles);
            let mut forced = false;
            for g in 0..self.board.group_count() {
                let r = tiles.remaining[g];
                if r > 0 && tiles.free_n[g] == r {
                    for k in (0..r as usize).step_by(2) {
                        let (a, b) = (tiles.free[g][k], tiles.free[g][k + 1]);
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
    }

    /// Counts `present`'s tiles and free tiles per group into `tiles`, and marks each tile's
    /// freeness in `self.free`.
    pub(super) fn count_free(&mut self, present: &Bits, tiles: &mut GroupTiles) {
        let board = self.board;
        let groups = board.group_count();
        tiles.remaining[..groups].fill(0);
        tiles.free_n[..groups].fill(0);
        for i in present.iter() {
            let g = board.group_of(i);
            tiles.remaining[g] += 1;
            let f = board.is_free(present, i);
            self.free[i] = f;
            if f {
                tiles.free[g][tiles.free_n[g] as usize] = i as u16;
                tiles.free_n[g] += 1;
            }
        }
    }

    /// The outcome of a position of the move search known without trying its moves: lost
    /// when remembered in `dead`, dead-locked or refuted by the relaxation (then remembered),
    /// out of budget; `None` when its moves must be tried.
    pub(super) fn settled(&mut self, present: &Bits, remaining: &[u8]) -> Option<Result<bool, OutOfBudget>> {
        if self.table.dead.contains(present) {
            return Some(Ok(false));
        }
        if self.out_of_budget() {
            return Some(Err(OutOfBudget));
        }
        if self.deadlocked(present, remaining) || self.relaxed_clear(present, 0, remaining).is_some() {
            self.remember_dead(*present);
            return Some(Ok(false));
        }
        None
    }

    /// Candidate moves, best first: tiles that block more present tiles first.
    pub(super) fn move_candidates(&self, present: &Bits, tiles: &GroupTiles) -> Vec<(u32, Move)> {
        let mut cands: Vec<(u32, Move)> = Vec::new();
        for g in 0..self.board.group_count() {
            let nf = tiles.free_n[g] as usize;
            if nf < 2 {
                continue;
            }
            let fl = &tiles.free[g][..nf];
            for x in 0..nf {
                for y in x + 1..nf {
                    let (a, b) = (fl[x] as usize, fl[y] as usize);
                    let score = self.unblocks(present, a) + self.unblocks(present, b);
                    cands.push((score, Move::new(a, b)));
                }
            }
        }
        cands.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        cands
    }
}

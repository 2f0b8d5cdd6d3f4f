//! Reasons: which groups' decisions a loss depends on, read off where the relaxation got stuck
//! and shrunk by undeciding groups one at a time; and the sound dead-lock test (tiles that lie
//! on each other cannot pair) (docs/crates/shanghai.md, "The solver", steps 3 and 6).

use super::Solver;
use super::nogoods::MOVED;
use super::relaxation::alone_mask;
use super::splits::SPLITS;
use super::splits::bit_indices;
use super::splits::restrict;
use crate::bits::Bits;
use crate::board::Board;
use crate::board::is_free_count;

/// Where a run of the relaxation got stuck, kept to work out why only when needed.
#[derive(Clone, Copy)]
pub(super) struct Stuck {
    /// The tiles left.
    pub(super) p: Bits,
    /// Per group, its tiles that went singly.
    pub(super) gone: [u8; 64],
    /// The decisions of the run (the node's, plus the split forward-checked).
    pub(super) commit: u128,
    /// The node's groups of two (bit `g`).
    pub(super) twos: u64,
    /// The node's decided groups: the reason is a subset of them.
    pub(super) decided: u64,
    /// The reason, once worked out.
    pub(super) reason: Option<u64>,
    /// The group of four a forward check decided (with the node's own run, the group
    /// undecided, clearing the board), else `usize::MAX`: a run of the reason's shrinking
    /// clears the board once that group's tiles are gone (see [`Solver::shrink_reason`]).
    pub(super) checked: usize,
}

impl Default for Stuck {
    fn default() -> Stuck {
        Stuck { p: Bits::EMPTY, gone: [0; 64], commit: 0, twos: 0, decided: 0, reason: None, checked: usize::MAX }
    }
}

/// Per group of four tiles (others: `false`), per split: whether it pairs a tile with one
/// lying (through stacks) on it.
pub(super) fn covering_splits(board: &Board) -> Vec<[bool; 3]> {
    (0..board.group_count())
        .map(|g| std::array::from_fn(|s| board.members(g).len() == 4 && pairs_covering(board, g, s)))
        .collect()
}

/// Whether split `s` of the four tiles of group `g` pairs a tile with one lying on it.
pub(super) fn pairs_covering(board: &Board, g: usize, s: usize) -> bool {
    let m = board.members(g);
    let sp = SPLITS[s];
    let bad = |a: u16, b: u16| {
        let (a, b) = (a as usize, b as usize);
        board.cover(a).contains(b) || board.cover(b).contains(a)
    };
    bad(m[sp[0]], m[sp[1]]) || bad(m[sp[2]], m[sp[3]])
}

impl Solver<'_> {
    /// Why the splits `s` of group `g` with `which[s]` cannot be played: a split pairing a
    /// tile with one it covers needs no decision; a refuted split fails for the reason its
    /// forward check found.
    pub(super) fn why_not(&mut self, g: usize, which: [bool; 3], refuted: u128) -> u64 {
        let mut why = 0;
        for (s, &w) in which.iter().enumerate() {
            if w && refuted >> (3 * g + s) & 1 != 0 && !self.covering_split(g, s) {
                let mut stuck = self.why_refuted[g][s];
                let fresh = stuck.reason.is_none();
                let r = self.reason(&mut stuck);
                why |= r;
                self.why_refuted[g][s] = stuck;
                if fresh && self.full_run {
                    let hist = self.hist & !(3u128 << (2 * g)) | (s as u128 + 1) << (2 * g);
                    self.learn(restrict(hist, r | 1 << g), r & MOVED != 0);
                }
            }
        }
        why
    }

    /// Whether split `s` of group `g` pairs a tile with one lying (through stacks) on it
    /// (worked out once per board, in `covering`).
    pub(super) fn covering_split(&self, g: usize, s: usize) -> bool {
        self.covering[g][s]
    }

    /// The groups of free tiles left where the relaxation got stuck get heavier, so the search
    /// decides them earlier from now on. `counts` must be the blocker counts of `p` (as the
    /// run that got stuck there leaves them).
    pub(super) fn blame(&mut self, p: &Bits) {
        let board = self.board;
        for i in p.iter() {
            if is_free_count(self.run.counts[i]) {
                self.heavier(board.group_of(i), 1);
            }
        }
    }

    /// Why the relaxation got stuck at `stuck.p` (worked out once, then kept in it): a subset
    /// of its decided groups whose decisions alone make it get stuck (see the module doc).
    /// The cheap first run of the search takes [`Solver::stuck_decisions`]; later runs, where
    /// losses are fewer and costlier, shrink that further ([`Solver::shrink_reason`]).
    pub(super) fn reason(&mut self, stuck: &mut Stuck) -> u64 {
        if let Some(reason) = stuck.reason {
            return reason;
        }
        let mut reason = self.stuck_decisions(stuck);
        if self.full_run {
            reason = self.shrink_reason(stuck, reason);
        } else {
            let free = self.free_twos(&stuck.p, stuck.twos);
            reason |= if self.moved != usize::MAX && free >> self.moved & 1 != 0 {
                MOVED | free & !(1 << self.moved)
            } else {
                free
            };
        }
        stuck.reason = Some(reason);
        reason
    }

    /// The decided groups with a free tile at `stuck.p` beside another tile of theirs that is
    /// free or gone: only these could move there if undecided, so the relaxation stays stuck
    /// with every other decision dropped.
    pub(super) fn stuck_decisions(&self, stuck: &Stuck) -> u64 {
        let board = self.board;
        let p = &stuck.p;
        let can_move = |g: usize| {
            board.members(g).iter().map(|&t| t as usize).any(|i| {
                p.contains(i) && board.is_free(p, i) && {
                    let (free_other, rest) = alone_mask(board, p, i, g, |p, t| board.is_free(p, t));
                    free_other != 0 || rest.count_ones() > 1
                }
            })
        };
        bit_indices(stuck.decided).filter(|&g| can_move(g)).fold(0, |m, g| m | 1 << g)
    }

    /// Shrinks the reason `needed` the relaxation got stuck at `stuck.p`: the decided groups
    /// outside it are undecided at once, then each group of it in turn, continuing the
    /// relaxation from where it got stuck; a group stays in the reason only when undeciding it
    /// lets the relaxation clear the board.
    ///
    /// Where a forward check of group `g` got stuck (`stuck.checked`), a run clears the board
    /// as soon as `g`'s last tile goes, so it stops there: its removals, and those it continues
    /// from, are ones the node's own run (`g` undecided, fewer or the same other decisions)
    /// allows too, so by the unique fixpoint those rules clear the board from there (the node's
    /// run cleared it with more decisions); with `g`'s tiles gone, the rules are the same.
    pub(super) fn shrink_reason(&mut self, stuck: &Stuck, mut needed: u64) -> u64 {
        let board = self.board;
        let (mut p, mut gone) = (stuck.p, stuck.gone);
        self.set_partners(stuck);
        for g in bit_indices(stuck.decided & !needed) {
            self.unpair(g, &p, &mut gone);
        }
        let mut step = 0;
        board.blocker_counts(&p, &mut self.run.counts);
        for g in bit_indices(needed) {
            self.unpair(g, &p, &mut gone);
            let (mut p2, mut gone2) = (p, gone);
            self.save_counts();
            self.queue_free(board.members(g));
            self.drain::<false>(&mut p2, &mut gone2, &mut step, usize::MAX, stuck.checked);
            if p2.is_empty() {
                self.pair(g, stuck.commit);
                self.restore_counts();
            } else {
                needed &= !(1 << g);
                (p, gone) = (p2, gone2);
            }
        }
        // Each group of two with a free tile where the run is stuck now (its tiles two of a
        // group of four decided above, or the moved group): does the relaxation still get
        // stuck with its tiles going singly, as if it were undecided? Groups left out go singly
        // from then on; a group freed by their removals is tested in turn.
        let mut tested = 0;
        loop {
            let untested = self.free_twos(&p, stuck.twos) & !tested;
            if untested == 0 {
                break;
            }
            let h = untested.trailing_zeros() as usize;
            tested |= 1 << h;
            let left: Vec<u16> = board.members(h).iter().copied().filter(|&t| p.contains(t as usize)).collect();
            self.unpair(h, &p, &mut gone);
            let (mut p2, mut gone2) = (p, gone);
            self.save_counts();
            self.queue_free(&left);
            self.drain::<false>(&mut p2, &mut gone2, &mut step, usize::MAX, stuck.checked);
            if p2.is_empty() {
                needed |= if h == self.moved { MOVED } else { 1 << h };
                if let [a, b] = left[..] {
                    self.run.partner[a as usize] = b;
                    self.run.partner[b as usize] = a;
                }
                self.restore_counts();
            } else {
                (p, gone) = (p2, gone2);
            }
        }
        needed
    }

    /// The groups of `twos` (groups of two tiles at the node) with a tile free at `p`: the
    /// others could not move at `p` however their tiles were paired.
    pub(super) fn free_twos(&self, p: &Bits, twos: u64) -> u64 {
        let board = self.board;
        bit_indices(twos)
            .filter(|&g| board.members(g).iter().any(|&t| p.contains(t as usize) && board.is_free(p, t as usize)))
            .fold(0, |m, g| m | 1 << g)
    }

    /// Sets the relaxation's partners as they were when it got stuck at `stuck.p`.
    pub(super) fn set_partners(&mut self, stuck: &Stuck) {
        let board = self.board;
        for g in 0..board.group_count() {
            let m = board.members(g);
            for &t in m {
                self.run.partner[t as usize] = u16::MAX;
            }
            if stuck.twos >> g & 1 != 0 {
                let mut it = m.iter().copied().filter(|&t| stuck.p.contains(t as usize));
                if let (Some(a), Some(b)) = (it.next(), it.next()) {
                    self.run.partner[a as usize] = b;
                    self.run.partner[b as usize] = a;
                }
            } else if stuck.commit >> (2 * g) & 3 != 0 {
                self.pair(g, stuck.commit);
            }
        }
    }

    /// Sound dead-lock test: some group cannot be split into pairs without pairing a tile
    /// with one lying (directly or through a stack) on it.
    pub(super) fn deadlocked(&self, present: &Bits, remaining: &[u8]) -> bool {
        let board = self.board;
        let mut tiles = [[0usize; 4]; 64];
        let mut n = [0usize; 64];
        for i in present.iter() {
            let g = board.group_of(i);
            if remaining[g] <= 4 {
                tiles[g][n[g]] = i;
                n[g] += 1;
            }
        }
        let bad = |a: usize, b: usize| board.cover(a).contains(b) || board.cover(b).contains(a);
        for g in 0..remaining.len() {
            match n[g] {
                2 if bad(tiles[g][0], tiles[g][1]) => return true,
                4 => {
                    let t = tiles[g];
                    let ok = |a: usize, b: usize, c: usize, d: usize| !bad(t[a], t[b]) && !bad(t[c], t[d]);
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

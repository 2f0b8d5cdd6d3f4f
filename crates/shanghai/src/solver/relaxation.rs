//! The optimistic relaxation: decided pairs go when both tiles are free, an undecided tile
//! alone when a groupmate is free or gone. Its runs (`drain`) on blocker counts, the base run's
//! saved states, and the forward checks of a group's splits (docs/crates/shanghai.md, "The
//! solver", step 4).

use super::Solver;
use super::all_gone;
use super::reasons::Stuck;
use super::splits::SPLITS;
use super::splits::decided;
use crate::bits::Bits;
use crate::bits::MAX_SLOTS;
use crate::board::Board;
use crate::board::GONE;
use crate::board::Move;
use crate::board::is_free_count;
use crate::board::uncovered_count;

/// The state of the relaxation runs of the current node: blocker counts, the queue of tiles to
/// look at, partners, and the base run's record.
pub(super) struct Relaxation {
    /// Per slot, the partner of a decided tile (`u16::MAX` for none).
    pub(super) partner: Vec<u16>,
    /// The tiles the running relaxation still has to look at.
    pub(super) queue: Vec<u16>,
    /// Per slot, its blockers present in the running relaxation's position (packed, see
    /// [`Board::blocker_counts`]), kept up to date by its removals. It and the other count
    /// vectors, and `partner`, have an entry per possible slot ([`MAX_SLOTS`], the entries
    /// beyond the board unused), so [`Solver::drain`] indexes them without bounds checks; so
    /// do `when` and `seen`.
    pub(super) counts: Vec<u32>,
    /// `counts` saved: after a forward check's first phase, or before a shrink step.
    pub(super) saved_counts: Vec<u32>,
    /// `counts` of the set of tiles `counts_of` (the node's position), so the node's runs
    /// start from a copy instead of counting.
    pub(super) node_counts: Vec<u32>,
    pub(super) counts_of: Option<Bits>,
    /// The decisions of the node's base relaxation.
    pub(super) base_commit: u128,
    /// The groups of two of the node's base relaxation.
    pub(super) base_twos: u64,
    /// Per slot, from the last relaxation: the step at which it went.
    pub(super) when: Vec<u32>,
    /// Per slot of an undecided group, from the last relaxation: which members of its group
    /// (bit `k` for `members[g][k]`) were free or gone when it went.
    pub(super) seen: Vec<u8>,
    /// States of the node's base run, saved by it (a recording [`Solver::drain`]) at its start
    /// and once its removals reach each multiple of `SNAP_EVERY`, for
    /// [`Solver::replay_base`]: the tiles left, the tiles gone singly per group, how many
    /// removals were made, and where its queue is kept in `snap_queues`; their blocker counts
    /// in `snap_counts` (the board's slots each).
    pub(super) snaps: Vec<Snap>,
    pub(super) snap_counts: Vec<u32>,
    pub(super) snap_queues: Vec<u16>,
}

impl Relaxation {
    /// The state before any run.
    pub(super) fn new() -> Relaxation {
        Relaxation {
            partner: vec![u16::MAX; MAX_SLOTS],
            queue: Vec::new(),
            counts: vec![0; MAX_SLOTS],
            saved_counts: vec![0; MAX_SLOTS],
            node_counts: vec![0; MAX_SLOTS],
            counts_of: None,
            base_commit: 0,
            base_twos: 0,
            when: vec![0; MAX_SLOTS],
            seen: vec![0; MAX_SLOTS],
            snaps: Vec::new(),
            snap_counts: Vec::new(),
            snap_queues: Vec::new(),
        }
    }
}

/// A state of the node's base run (see `Solver::snaps`).
#[derive(Clone, Copy)]
pub(super) struct Snap {
    pub(super) p: Bits,
    pub(super) gone: [u8; 64],
    pub(super) removed: u32,
    pub(super) queue: (usize, usize),
}

/// How many removals of a node's base run lie between two of its states saved for forward
/// checks (see [`Solver::replay_base`]; a state is saved once the removals reach each
/// multiple, one more when a pair crosses it).
pub(super) const SNAP_EVERY: usize = 8;

/// Queues the tiles of `tiles` present with nothing on them by the blocker counts `counts`
/// ([`uncovered_count`]), in order, on the queue `queue[..len]`: each is written and kept
/// only when so, without a branch to mispredict.
#[inline(always)]
pub(super) fn queue_uncovered_of(queue: &mut Vec<u16>, len: &mut usize, tiles: &[u16], counts: &[u32; MAX_SLOTS]) {
    let end = *len + tiles.len();
    if queue.len() < end {
        queue.resize(end.max(2 * queue.len()), 0);
    }
    let mut n = *len;
    for &t in tiles {
        queue[n] = t;
        n += uncovered_count(counts[t as usize % MAX_SLOTS]) as usize;
    }
    *len = n;
}

/// The greedy phase on a group with two tiles left (`m` its members): takes them when both
/// are free; returns whether it did.
#[inline]
pub(super) fn take_last_pair(
    board: &Board,
    counts: &mut [u32],
    present: &mut Bits,
    path: &mut Vec<Move>,
    m: &[u16],
) -> bool {
    let mut it = m.iter().map(|&t| t as usize).filter(|&t| present.contains(t));
    let (a, b) = (it.next().expect("two"), it.next().expect("two"));
    if is_free_count(counts[a]) && is_free_count(counts[b]) {
        take_counted(board, counts, present, path, a, b);
        true
    } else {
        false
    }
}

/// The greedy phase's pairs to take of a group of four, by its tiles' freeness `free`, its
/// decided split's pairs `split` and its decision `code` (as in `commit`): both pairs (0 and
/// 2) when all four tiles are free (any split clears them), else the decided split's free
/// pair, else none; with whether taking them depends on the decision (a decided group's pair
/// taken while its other pair stays).
#[inline]
pub(super) fn free_pairs(free: [bool; 4], split: [usize; 4], code: usize) -> (&'static [usize], bool) {
    let pair_free = |k: usize| free[split[k]] && free[split[k + 1]];
    if free.iter().all(|&f| f) {
        (&[0, 2], false)
    } else if code != 0 && pair_free(0) {
        (&[0], true)
    } else if code != 0 && pair_free(2) {
        (&[2], true)
    } else {
        (&[], false)
    }
}

/// How many tiles of each group `present` holds.
#[inline]
pub(super) fn tiles_per_group(board: &Board, present: &Bits) -> [u8; 64] {
    let mut rem = [0u8; 64];
    for i in present.iter() {
        rem[board.group_of(i)] += 1;
    }
    rem
}

/// Takes the pair `a-b`, keeping the blocker counts `counts` of `present` up to date.
pub(super) fn take_counted(
    board: &Board,
    counts: &mut [u32],
    present: &mut Bits,
    path: &mut Vec<Move>,
    a: usize,
    b: usize,
) {
    take(present, path, a, b);
    board.take_off(counts, a);
    board.take_off(counts, b);
}

/// Takes the pair `a-b`.
pub(super) fn take(present: &mut Bits, path: &mut Vec<Move>, a: usize, b: usize) {
    present.remove(a);
    present.remove(b);
    path.push(Move::new(a, b));
}

/// [`alone_mask`] for tile `i` of the group `members`, read off the blocker counts `counts`
/// (a slot not present has [`GONE`]).
#[inline(always)]
pub(super) fn alone_mask_counted(members: &[u16], i: usize, counts: &[u32; MAX_SLOTS]) -> (u8, u8) {
    let (mut free_other, mut rest) = (0u8, 0u8);
    for (k, &t) in members.iter().enumerate() {
        let t = t as usize % MAX_SLOTS;
        let c = counts[t];
        if t == i || c & GONE != 0 {
            rest |= 1 << k;
        } else if is_free_count(c) {
            free_other |= 1 << k;
        }
    }
    (free_other, rest)
}

/// For tile `i` of group `g`: the members (bit `k` for `members[g][k]`) other than `i` that
/// are present and free (by `is_free`), and those that are `i` or gone.
#[inline(always)]
pub(super) fn alone_mask(
    board: &Board,
    p: &Bits,
    i: usize,
    g: usize,
    mut is_free: impl FnMut(&Bits, usize) -> bool,
) -> (u8, u8) {
    let (mut free_other, mut rest) = (0u8, 0u8);
    for (k, &t) in board.members(g).iter().enumerate() {
        let t = t as usize;
        if t == i || !p.contains(t) {
            rest |= 1 << k;
        } else if is_free(p, t) {
            free_other |= 1 << k;
        }
    }
    (free_other, rest)
}

impl Solver<'_> {
    /// An optimistic relaxation: decided pairs go when both are free; an undecided tile goes
    /// alone as soon as it is free and another tile of its group is free too or has already
    /// gone. Every real sequence of moves removes a subset of what this removes (freeness only
    /// grows as tiles go), so when it cannot clear the board, neither can play.
    ///
    /// The run starts from `present` and saves its states (`snaps`) for the node's forward
    /// checks (see [`Solver::replay_base`]).
    pub(super) fn relaxed_clear(&mut self, present: &Bits, commit: u128, rem: &[u8]) -> Option<Stuck> {
        const NONE: u16 = u16::MAX;
        self.relaxations += 1;
        self.run.base_commit = commit;
        self.run.base_twos = rem.iter().enumerate().filter(|&(_, &r)| r == 2).fold(0, |m, (g, _)| m | 1 << g);
        let board = self.board;
        let partner = &mut self.run.partner;
        let mut gone = [0u8; 64];
        for (g, &r) in rem.iter().enumerate() {
            let m = board.members(g);
            for &t in m {
                partner[t as usize] = NONE;
            }
            match r {
                2 => {
                    let mut it = m.iter().copied().filter(|&t| present.contains(t as usize));
                    let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                    partner[a as usize] = b;
                    partner[b as usize] = a;
                }
                4 => {
                    let code = (commit >> (2 * g) & 3) as usize;
                    if code != 0 {
                        let sp = SPLITS[code - 1];
                        for k in [0, 2] {
                            let (a, b) = (m[sp[k]], m[sp[k + 1]]);
                            partner[a as usize] = b;
                            partner[b as usize] = a;
                        }
                    }
                }
                _ => {}
            }
        }
        self.run.snaps.clear();
        self.run.snap_counts.clear();
        self.run.snap_queues.clear();
        let (mut p, mut step) = self.replay_base(present, 0, &mut gone);
        self.drain::<true>(&mut p, &mut gone, &mut step, usize::MAX, usize::MAX);
        self.blame(&p);
        (!p.is_empty()).then(|| Stuck {
            p,
            gone,
            commit,
            twos: self.run.base_twos,
            decided: decided(commit),
            reason: None,
            checked: usize::MAX,
        })
    }

    /// The state a run continues from: with `prefix` 0, `present` with its free tiles queued
    /// (its counts set); else the latest state of the node's base run saved before its
    /// `prefix`-th removal (`snaps`): its tiles left, gone tiles per group (into `gone`),
    /// blocker counts and queue. Returns the position and the removals made.
    ///
    /// A run continuing from a saved state with the base run's queue there reaches the same
    /// fixpoint as one from `present`, when its rules differ from the base run's only for a
    /// group none of whose tiles went before `prefix` (a forward check's, frozen or split):
    /// every entry the base run took up to there was one such a run takes alike (the group's
    /// tiles could not go then under either rule: its tiles went singly in the base run as
    /// soon as one had a free groupmate, which a pair needs too), so the saved state and queue
    /// are that run's own at that point (see [`Solver::drain`]).
    pub(super) fn replay_base(&mut self, present: &Bits, prefix: usize, gone: &mut [u8; 64]) -> (Bits, u32) {
        if prefix == 0 || self.run.snaps.is_empty() {
            self.start_counts(present);
            self.queue_present(present);
            return (*present, 0);
        }
        let mut k = (prefix / SNAP_EVERY).min(self.run.snaps.len() - 1);
        while self.run.snaps[k].removed as usize > prefix {
            k -= 1;
        }
        let snap = self.run.snaps[k];
        *gone = snap.gone;
        let n = self.board.len();
        self.run.counts[..n].copy_from_slice(&self.run.snap_counts[k * n..(k + 1) * n]);
        self.run.queue.clear();
        self.run.queue.extend_from_slice(&self.run.snap_queues[snap.queue.0..snap.queue.1]);
        (snap.p, snap.removed)
    }

    /// Forward checks the undecided group `g`: for each split `s` with `need[s]`, whether the
    /// relaxation clears the board with `g` split that way (the other groups as the node's
    /// base run left their partners). The answers equal `relaxed_clear`'s with `only = Some(g)`:
    /// the relaxation's removals are monotone (freeness and the count of gone groupmates only
    /// grow), so it reaches the same fixpoint in any order. That lets the splits share a first
    /// phase run with `g`'s tiles held back (none of those removals depends on `g`'s split);
    /// each split then only continues from there, starting with `g`'s tiles, and stops with
    /// the board cleared as soon as `g`'s last tile goes: the node's base run (`g` undecided)
    /// cleared it, every removal of the check is one that run's rules allow too (a decided
    /// pair's tiles go singly as well), so by the unique fixpoint those rules clear the board
    /// from where the check is; with `g`'s tiles gone, the two runs' rules are the same. So
    /// once the first phase has freed all four of `g`'s tiles (it stops there, see
    /// [`Solver::drain`]), every split's pairs go at once: no split needs its run (each is
    /// counted as one).
    pub(super) fn forward_check(&mut self, present: &Bits, prefix: usize, g: usize, need: [bool; 3]) -> [bool; 3] {
        const NONE: u16 = u16::MAX;
        let board = self.board;
        let m = board.members(g);
        for &t in m {
            self.run.partner[t as usize] = NONE;
        }
        let mut gone = [0u8; 64];
        let (mut p, mut step) = self.replay_base(present, prefix, &mut gone);
        let mut out = [false; 3];
        let needed = need.iter().filter(|&&n| n).count();
        if needed == 1 {
            // One split to check: no first phase to share; the queue holds the free tiles.
            let s = need.iter().position(|&n| n).expect("one split");
            out[s] = self.check_split(g, s, p, gone, step);
            return out;
        }
        if self.drain::<false>(&mut p, &mut gone, &mut step, g, usize::MAX) {
            // The group's four tiles all free: each split's pairs both go, and with the group
            // gone the board clears (see above), so no split needs its run (each counted).
            self.relaxations += needed as u64;
            return out;
        }
        self.save_counts();
        for s in 0..3 {
            if need[s] {
                self.restore_counts();
                self.queue_free(m);
                out[s] = self.check_split(g, s, p, gone, step);
            }
        }
        out
    }

    /// One split `s` of group `g` forward-checked from `p` (with the counts and the queue set):
    /// whether the relaxation gets stuck, with why kept in `why_refuted` (see
    /// [`Solver::forward_check`]).
    pub(super) fn check_split(&mut self, g: usize, s: usize, mut p: Bits, mut gone: [u8; 64], mut step: u32) -> bool {
        const NONE: u16 = u16::MAX;
        let m = self.board.members(g);
        self.relaxations += 1;
        let sp = SPLITS[s];
        for k in [0, 2] {
            let (a, b) = (m[sp[k]], m[sp[k + 1]]);
            self.run.partner[a as usize] = b;
            self.run.partner[b as usize] = a;
        }
        self.drain::<false>(&mut p, &mut gone, &mut step, usize::MAX, g);
        self.blame(&p);
        let stuck = !p.is_empty();
        if stuck {
            let commit = self.run.base_commit | (s as u128 + 1) << (2 * g);
            let (twos, decided) = (self.run.base_twos, decided(self.run.base_commit));
            self.why_refuted[g][s] = Stuck { p, gone, commit, twos, decided, reason: None, checked: g };
        }
        for &t in m {
            self.run.partner[t as usize] = NONE;
        }
        stuck
    }

    /// Queues the free tiles of `p` (in increasing order, so the last is taken first). A tile
    /// not free at the start of a run could only go once a removal freed it, and each removal
    /// queues the tiles it frees (and the groupmates of a group's first tile gone alone): that
    /// later entry is taken first and removes it if anything does, so leaving out the first
    /// entry changes neither the removals nor their order. Branch-free: each tile is written,
    /// and kept when free.
    pub(super) fn queue_present(&mut self, p: &Bits) {
        let counts = &self.run.counts[..];
        let queue = &mut self.run.queue;
        queue.clear();
        queue.resize(p.len() + 1, 0);
        let mut n = 0;
        for (k, &word) in p.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                let i = k * 64 + w.trailing_zeros() as usize;
                queue[n] = i as u16;
                n += is_free_count(counts[i]) as usize;
                w &= w - 1;
            }
        }
        queue.truncate(n);
    }

    /// Queues the tiles of `tiles` free by the blocker counts `counts` (gone ones are not), in
    /// order: a tile not free there could only go once a removal queued it again (see
    /// [`Solver::drain`]).
    pub(super) fn queue_free(&mut self, tiles: &[u16]) {
        self.run.queue.clear();
        let counts = &self.run.counts;
        self.run.queue.extend(tiles.iter().copied().filter(|&t| is_free_count(counts[t as usize])));
    }

    /// Undecides group `g` for the relaxation (its tiles then go singly) at `p`, counting its
    /// removed tiles as gone.
    pub(super) fn unpair(&mut self, g: usize, p: &Bits, gone: &mut [u8; 64]) {
        let m = self.board.members(g);
        for &t in m {
            self.run.partner[t as usize] = u16::MAX;
        }
        gone[g] = m.iter().filter(|&&t| !p.contains(t as usize)).count() as u8;
    }

    /// Pairs group `g`'s tiles for the relaxation as `commit` splits them.
    pub(super) fn pair(&mut self, g: usize, commit: u128) {
        let m = self.board.members(g);
        let code = (commit >> (2 * g) & 3) as usize;
        let sp = SPLITS[code - 1];
        for k in [0, 2] {
            let (a, b) = (m[sp[k]], m[sp[k + 1]]);
            self.run.partner[a as usize] = b;
            self.run.partner[b as usize] = a;
        }
    }

    /// Runs the relaxation's queue to its fixpoint, removing from `p`; the tiles of group
    /// `frozen` (if a group) stay, and when an entry of one is taken while all of them are
    /// free, it stops there and returns true (else false; a removal that frees one of them
    /// queues it, so this mostly finds them all free as soon as they are). When the last tile
    /// of group `watched` (if a group) goes, it stops at once with `p` empty: the callers that
    /// watch a group know the board would be cleared then (see [`Solver::forward_check`] and
    /// [`Solver::shrink_reason`]). With `RECORD` (the node's base run) it records `when` and
    /// `seen`, and saves its state (`snaps`: tiles left, gone tiles, counts and queue) at its
    /// start and once its removals reach each multiple of `SNAP_EVERY`.
    ///
    /// A removal queues only the slots it unblocks that are left with nothing on them
    /// ([`uncovered_count`]: present, and free unless blocked on both sides), and a tile gone
    /// alone queues such groupmates only when it is the first of its group to go (`gone`
    /// from 0 to 1); the callers queue free tiles only (every tile that may go where the run
    /// starts). No removal is missed, so the run reaches the relaxation's unique fixpoint: a
    /// tile's removal needs it free, so an entry queued while it was not could only remove it
    /// after whatever freed it (or its partner, or a groupmate) queued a later entry for it or
    /// them, taken first (freeness and gone groupmates only grow during a run); and a free
    /// tile of an undecided group whose entry was taken while it could not go alone (no
    /// groupmate free or gone) can go once a groupmate goes: the first to go queues it, and
    /// a tile freed later is queued by what freed it, when one has gone already. The order of
    /// the removals may differ from a run queueing every groupmate at each lone removal, not
    /// their set: only `when`, `seen` and the saved states (the node's base run) depend on the
    /// order, and they decide which forward checks [`Solver::certify`] spares and where checks
    /// start, never what a check finds.
    ///
    /// The position, the step and the queue (a buffer and a length, see `queue_uncovered_of`) are kept in
    /// locals while it runs. Freeness is read off the blocker counts `counts` (see
    /// [`Board::blocker_counts`]), which each removal keeps up to date for the few slots it
    /// blocks, instead of testing the position's masks.
    pub(super) fn drain<const RECORD: bool>(
        &mut self,
        p: &mut Bits,
        gone: &mut [u8; 64],
        step: &mut u32,
        frozen: usize,
        watched: usize,
    ) -> bool {
        const NONE: u16 = u16::MAX;
        let board = self.board;
        // Per possible slot (see `new`): indexed modulo `MAX_SLOTS`, without bounds checks.
        let partner: &[u16; MAX_SLOTS] = self.run.partner[..].try_into().expect("a partner per possible slot");
        let when: &mut [u32; MAX_SLOTS] = (&mut self.run.when[..]).try_into().expect("a step per possible slot");
        let seen: &mut [u8; MAX_SLOTS] = (&mut self.run.seen[..]).try_into().expect("an entry per possible slot");
        let group: &[u8; MAX_SLOTS] = board.slot_groups()[..].try_into().expect("a group per possible slot");
        let n_slots = board.len();
        let counts: &mut [u32; MAX_SLOTS] = (&mut self.run.counts[..]).try_into().expect("a count per possible slot");
        // The queue as a buffer and a length: tiles are written unconditionally and kept
        // when uncovered (see `queue_uncovered_of`).
        let mut queue = std::mem::take(&mut self.run.queue);
        let mut len = queue.len();
        let mut q = *p;
        let mut at = *step;
        let mut next_snap = at;
        let mut frozen_free = false;
        while len > 0 {
            if RECORD && at >= next_snap {
                let start = self.run.snap_queues.len();
                self.run.snap_queues.extend_from_slice(&queue[..len]);
                self.run.snap_counts.extend_from_slice(&counts[..n_slots]);
                self.run.snaps.push(Snap { p: q, gone: *gone, removed: at, queue: (start, start + len) });
                next_snap = (at / SNAP_EVERY as u32 + 1) * SNAP_EVERY as u32;
            }
            len -= 1;
            let i = queue[len] as usize % MAX_SLOTS;
            if !is_free_count(counts[i]) {
                continue;
            }
            // A group number is below 36 ([`crate::Face::group`]): modulo 64, `gone[g]` needs
            // no bounds check.
            let g = group[i] as usize % 64;
            if g == frozen {
                // Taken only once something freed or uncovered it: are the group's tiles all
                // free now?
                if board.members(g).iter().all(|&t| is_free_count(counts[t as usize % MAX_SLOTS])) {
                    frozen_free = true;
                    break;
                }
                continue;
            }
            let j = partner[i];
            if j != NONE {
                let j = j as usize % MAX_SLOTS;
                if is_free_count(counts[j]) {
                    q.remove_slot(i);
                    q.remove_slot(j);
                    if RECORD {
                        when[i] = at;
                        when[j] = at + 1;
                        at += 2;
                    }
                    if g == watched && all_gone(board.members(g), &q) {
                        q = Bits::EMPTY;
                        break;
                    }
                    counts[j] |= GONE;
                    board.take_off_queued(counts, i, &mut queue, &mut len);
                    board.take_off_queued(counts, j, &mut queue, &mut len);
                }
            } else {
                let m = board.members(g);
                let ok = if RECORD {
                    let (free_other, rest) = alone_mask_counted(m, i, counts);
                    let ok = gone[g] > 0 || free_other != 0;
                    if ok {
                        seen[i] = free_other | rest;
                    }
                    ok
                } else {
                    gone[g] > 0
                        || m.iter().any(|&t| {
                            let t = t as usize % MAX_SLOTS;
                            t != i && is_free_count(counts[t])
                        })
                };
                if ok {
                    if RECORD {
                        when[i] = at;
                        at += 1;
                    }
                    q.remove_slot(i);
                    let first_gone = gone[g] == 0;
                    gone[g] += 1;
                    if g == watched && all_gone(m, &q) {
                        q = Bits::EMPTY;
                        break;
                    }
                    board.take_off_queued(counts, i, &mut queue, &mut len);
                    if first_gone {
                        queue_uncovered_of(&mut queue, &mut len, m, counts);
                    }
                }
            }
        }
        *p = q;
        *step = at;
        queue.clear();
        self.run.queue = queue;
        frozen_free
    }

    /// Sets `counts` to the blocker counts of `present`: a copy when it is the set counted
    /// last (the node's runs all start there), else counted afresh.
    pub(super) fn start_counts(&mut self, present: &Bits) {
        if self.run.counts_of != Some(*present) {
            self.board.blocker_counts(present, &mut self.run.node_counts);
            self.run.counts_of = Some(*present);
        }
        let n = self.board.len();
        self.run.counts[..n].copy_from_slice(&self.run.node_counts[..n]);
    }

    /// Saves `counts` (the board's slots) to `saved_counts`.
    pub(super) fn save_counts(&mut self) {
        let n = self.board.len();
        self.run.saved_counts[..n].copy_from_slice(&self.run.counts[..n]);
    }

    /// Restores `counts` (the board's slots) from `saved_counts`.
    pub(super) fn restore_counts(&mut self) {
        let n = self.board.len();
        self.run.counts[..n].copy_from_slice(&self.run.saved_counts[..n]);
    }
}

//! The pairing search: the runs (a cheap first one, then restarts with growing cut-offs), the
//! nodes (greedy phase, lost table, dead-lock test, forward checks, branching on the group with
//! the fewest splits left) and the group weights that order them (docs/crates/shanghai.md,
//! "The solver", steps 1-5).

use super::Found;
use super::OutOfBudget;
use super::Solver;
use super::nogoods::MOVED;
use super::nogoods::NOGOOD_BUMP;
use super::relaxation::free_pairs;
use super::relaxation::take_counted;
use super::relaxation::take_last_pair;
use super::relaxation::tiles_per_group;
use super::splits::SPLITS;
use super::splits::bit_indices;
use super::splits::decided;
use super::splits::restrict;
use crate::bits::Bits;
use crate::board::Board;
use crate::board::Move;
use crate::board::is_free_count;

/// The most a group's ordering weight gets before every weight is halved: the branching
/// order adds `64 * weight` plus half of that at random (and a little more) in a `u32`.
pub(super) const MAX_WEIGHT: u32 = 1 << 24;

/// An undecided group of four to forward-check.
pub(super) struct Cand {
    pub(super) group: usize,
    /// Splits not yet refuted and not pairing a covered tile.
    pub(super) viable: [bool; 3],
    /// Ordering weight: tiles blocked by the group's tiles, more when two are free.
    pub(super) weight: u32,
    /// Splits the node's base relaxation already certifies.
    pub(super) certified: [bool; 3],
    /// How many tiles the base relaxation removed before the group's first.
    pub(super) prefix: usize,
    /// Where it is checked: see [`sort_candidates`].
    pub(super) key: u64,
}

/// What forward checking found at a node (see [`Solver::check_candidates`]).
pub(super) struct Checked {
    /// Splits refuted: the node's, and those the checks refuted.
    pub(super) refuted: u128,
    /// The group to branch on: its viable splits, how many, and its weight.
    pub(super) best: Option<(usize, [bool; 3], u32, u32)>,
    /// Groups left with one split (two bits per group, as `commit`): decided together in
    /// one child.
    pub(super) forced: u128,
    /// Splits whose check cleared the board (the children's `cleared_above`).
    pub(super) cleared: u128,
}

impl Checked {
    /// Makes group `g` the one to branch on if it has fewer viable splits than the best so
    /// far, or as many and a greater weight.
    pub(super) fn offer(&mut self, g: usize, viable: [bool; 3], count: u32, weight: u32) {
        let better = match self.best {
            None => true,
            Some((_, _, n, w)) => count < n || (count == n && weight > w),
        };
        if better {
            self.best = Some((g, viable, count, weight));
        }
    }
}

/// The cheap first run of the pairing search stops forward-checking a node's groups after
/// this many checks in a row refuted nothing.
pub(super) const CHEAP_QUIET_CHECKS: usize = 3;

/// A review's searches of its moves (full runs only) stop forward-checking a node's groups
/// after this many checks in a row refuted nothing; other full runs check every group. A
/// check left out only prunes less (docs/crates/shanghai.md, "Order and restarts"): fewer relaxation runs
/// for somewhat more nodes, which pays on the long move searches of the slow reviews
/// (docs/PERFORMANCE.md, "Fewer forward checks in every full run").
pub(super) const REVIEW_QUIET_CHECKS: usize = 10;

/// Sorts the candidates to check: fewest viable splits first, then heaviest (`weight` plus 64
/// times the group's ordering weight), ties in their order (as a stable sort by that key).
/// Each key is made once, with the candidate's place last so that keys differ: an unstable
/// sort of them gives the stable order.
pub(super) fn sort_candidates(cands: &mut [Cand], weights: &[u32]) {
    for (k, c) in cands.iter_mut().enumerate() {
        let count = c.viable.iter().filter(|&&x| x).count() as u64;
        let weight = c.weight + 64 * weights[c.group];
        c.key = count << 40 | u64::from(!weight) << 8 | k as u64;
    }
    cands.sort_unstable_by_key(|c| c.key);
}

/// Per slot, the slots it blocks as a set, and 4 when nothing lies on it and it is above the
/// ground layer (see [`Solver::unblocks`]).
pub(super) fn blocks_of(board: &Board) -> Vec<(Bits, u32)> {
    (0..board.len())
        .map(|i| {
            let mut blocks = Bits::EMPTY;
            for &j in board.blocks(i) {
                blocks.insert(j as usize);
            }
            (blocks, 4 * u32::from(board.above(i).is_empty() && board.layout().slots()[i].z > 0))
        })
        .collect()
}

impl Solver<'_> {
    /// The pairing search's runs on `present`, until one ends within its cut-off or the budget
    /// runs out.
    ///
    /// A cheap first run forward-checks groups at a node only while the checks keep
    /// refuting splits, which clears most deals in under 100 nodes. Then restarts
    /// with growing cut-offs forward-check every undecided group: the table of lost
    /// positions and the failure weights of the groups carry over, so each run branches
    /// on the groups that caused failures first, with a random perturbation of the
    /// weights and of the order of the splits (seeded from the position) so that each
    /// run explores differently and one bad early choice cannot hold up every run. The
    /// last run is bounded only by the budget.
    pub(super) fn pairing_runs(&mut self, present: Bits, path: &mut Vec<Move>) -> Result<bool, OutOfBudget> {
        let mut cutoff = self.start_runs(present);
        loop {
            self.limit = self.nodes.saturating_add(cutoff).min(self.budget.nodes);
            path.clear();
            self.cleared_above = 0;
            match self.search(present, 0, 0, path).map(|f| matches!(f, Found::Won)) {
                Err(OutOfBudget) if self.nodes < self.budget.nodes && !self.timed_out => {
                    cutoff = self.next_run(cutoff);
                }
                r => break r,
            }
        }
    }

    /// Sets up the pairing search's runs on `present`: the kind of the first run, the random
    /// seed, and the nogoods (only those the call inherits); returns the first run's cut-off.
    pub(super) fn start_runs(&mut self, present: Bits) -> u64 {
        let (cutoff, full_only) = if self.full_runs_only { (2_000, true) } else { (100, false) };
        self.full_run = full_only;
        self.rng = present.0.iter().fold(0x9e37_79b9_7f4a_7c15, |h, &w| (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9));
        self.nogoods.list.clear();
        self.nogoods.groups.clear();
        self.nogoods.moved.clear();
        self.forget_watches();
        for (n, moved) in std::mem::take(&mut self.nogoods.inherited) {
            self.add_nogood(n, moved);
        }
        cutoff
    }

    /// Prepares the run after one that hit its cut-off `cutoff`: a full run, with a greater
    /// cut-off; returns it.
    pub(super) fn next_run(&mut self, cutoff: u64) -> u64 {
        let cutoff = if self.full_run { cutoff.saturating_mul(3) / 2 } else { 2_000 };
        self.full_run = true;
        // Older failures count half as much in each new run (as VSIDS decays its
        // activities), so each run follows the latest ones more.
        self.weight.iter_mut().for_each(|w| *w /= 2);
        cutoff
    }

    /// The pairing search (groups of at most four tiles). `commit` holds two bits per group
    /// with all four tiles present: 0 undecided, else which of the three splits into pairs
    /// was chosen (1: t0t1/t2t3, 2: t0t2/t1t3, 3: t0t3/t1t2, `t` the group's slots in order).
    /// With the splits fixed, taking any removable pair at once is safe, so the search branches
    /// only on splits. A loss comes with its reason: the groups (bit `g`) whose decisions in
    /// the node's history it depends on, a nogood (see the module doc).
    pub(super) fn search(
        &mut self,
        present: Bits,
        commit: u128,
        refuted: u128,
        path: &mut Vec<Move>,
    ) -> Result<Found, OutOfBudget> {
        let (base, hist0, path_why0, known0) = (path.len(), self.hist, self.path_why, self.nogoods.known);
        (self.hist_above, self.nogoods.known_above) = (hist0, known0);
        self.hist |= commit;
        let found = self.search_node(present, commit, refuted, path);
        (self.hist, self.path_why, self.nogoods.known) = (hist0, path_why0, known0);
        if !matches!(found, Ok(Found::Won)) {
            path.truncate(base);
        }
        found
    }

    /// [`Solver::search`] once the node's history is set, without restoring it or `path`: the
    /// greedy phase, the lost table, then [`Solver::expand`] (which checks the nogoods); a loss
    /// is remembered with its reason, and as a nogood.
    pub(super) fn search_node(
        &mut self,
        present: Bits,
        commit: u128,
        refuted: u128,
        path: &mut Vec<Move>,
    ) -> Result<Found, OutOfBudget> {
        let (present, commit, rem, greedy_why) = self.greedy(present, commit, path);
        if present.is_empty() {
            return Ok(Found::Won);
        }
        if let Some(why) = self.known_lost(&present, commit) {
            return Ok(Found::Lost(why | greedy_why | self.path_why | self.moved_bit()));
        }
        self.path_why |= greedy_why;
        if self.out_of_budget() {
            return Err(OutOfBudget);
        }
        let why = match self.expand(present, commit, refuted, &rem, path)? {
            Found::Won => return Ok(Found::Won),
            Found::Lost(why) => why & (decided(self.hist) | MOVED),
        };
        self.remember_lost(present, restrict(commit, why));
        if self.full_run {
            self.learn(restrict(self.hist, why), why & MOVED != 0);
        }
        Ok(Found::Lost(why))
    }

    /// Keeps a nogood the search found (see [`Solver::add_nogood`]); each of its groups gets
    /// [`NOGOOD_BUMP`] heavier, so the search decides the groups of recent conflicts early (as
    /// VSIDS bumps the variables of a learnt clause).
    pub(super) fn learn(&mut self, nogood: u128, moved: bool) {
        for g in bit_indices(decided(nogood)) {
            self.heavier(g, NOGOOD_BUMP);
        }
        self.add_nogood(nogood, moved);
    }

    /// Adds `by` to group `g`'s ordering weight; when it gets over [`MAX_WEIGHT`], every
    /// weight is halved (a solver reused for many calls never overflows, and the order of the
    /// weights barely changes).
    pub(super) fn heavier(&mut self, g: usize, by: u32) {
        self.weight[g] += by;
        if self.weight[g] > MAX_WEIGHT {
            self.weight.iter_mut().for_each(|w| *w /= 2);
        }
    }

    /// The greedy phase: takes every group whose tiles are all free and every free pair of a
    /// decided group, until none is left. Returns the position, the decisions left (groups
    /// still of four), the tiles left per group and the groups whose decisions a move
    /// depended on (a decided group's pair taken while its other pair stayed).
    ///
    /// Freeness is read off the blocker counts, kept up to date by each take; those of the
    /// position it returns are kept for the node's runs (see [`Solver::start_counts`]).
    #[allow(clippy::needless_range_loop)]
    pub(super) fn greedy(
        &mut self,
        mut present: Bits,
        mut commit: u128,
        path: &mut Vec<Move>,
    ) -> (Bits, u128, [u8; 64], u64) {
        let board = self.board;
        let groups = board.group_count();
        self.start_counts(&present);
        let counts = &mut self.run.counts[..];
        let mut rem = tiles_per_group(board, &present);
        let mut why = 0u64;
        loop {
            let mut changed = false;
            for g in 0..groups {
                let m = board.members(g);
                match rem[g] {
                    2 if take_last_pair(board, counts, &mut present, path, m) => {
                        rem[g] = 0;
                        changed = true;
                    }
                    4 => {
                        let code = (commit >> (2 * g) & 3) as usize;
                        let free: [bool; 4] = std::array::from_fn(|k| is_free_count(counts[m[k] as usize]));
                        let split = SPLITS[if code == 0 { 0 } else { code - 1 }];
                        let (pairs, used) = free_pairs(free, split, code);
                        why |= u64::from(used) << g;
                        for &k in pairs {
                            let (a, b) = (m[split[k]] as usize, m[split[k + 1]] as usize);
                            take_counted(board, counts, &mut present, path, a, b);
                        }
                        if !pairs.is_empty() {
                            rem[g] -= 2 * pairs.len() as u8;
                            commit &= !(3u128 << (2 * g));
                            changed = true;
                        }
                    }
                    _ => {}
                }
            }
            if !changed {
                break;
            }
        }
        self.keep_node_counts(present);
        (present, commit, rem, why)
    }

    /// Keeps the blocker counts of `present`, the position a node's greedy phase ends at, for
    /// the node's runs (see [`Solver::start_counts`]).
    pub(super) fn keep_node_counts(&mut self, present: Bits) {
        let n = self.board.len();
        self.run.node_counts[..n].copy_from_slice(&self.run.counts[..n]);
        self.run.counts_of = Some(present);
    }

    /// One node of the pairing search after its greedy phase: the dead-lock test, the
    /// relaxation, forward checking, then the children.
    pub(super) fn expand(
        &mut self,
        present: Bits,
        commit: u128,
        refuted: u128,
        rem: &[u8; 64],
        path: &mut Vec<Move>,
    ) -> Result<Found, OutOfBudget> {
        let (refuted, cands) = match self.prepare_candidates(&present, commit, refuted, rem) {
            Ok(ready) => ready,
            Err(why) => return Ok(Found::Lost(why)),
        };
        let checked = match self.check_candidates(&present, &cands, refuted) {
            Ok(checked) => checked,
            Err(why) => return Ok(Found::Lost(why)),
        };
        let above = std::mem::replace(&mut self.cleared_above, checked.cleared);
        let found = self.descend(present, commit, &checked, path);
        self.cleared_above = above;
        found
    }

    /// The node's candidate groups, certified and sorted, with the splits refuted so far
    /// (the nogoods propagated); or the reason the node is lost: by the nogoods, by a group
    /// with no split left, or by the relaxation.
    pub(super) fn prepare_candidates(
        &mut self,
        present: &Bits,
        commit: u128,
        refuted: u128,
        rem: &[u8; 64],
    ) -> Result<(u128, Vec<Cand>), u64> {
        let groups = self.board.group_count();
        let refuted = self.propagate(refuted)?;
        let mut cands = self.candidates(present, commit, refuted, &rem[..groups])?;
        let stuck = self.relaxed_clear(present, commit, &rem[..groups]);
        if let Some(mut stuck) = stuck {
            return Err(self.reason(&mut stuck));
        }
        self.certify(&mut cands);
        sort_candidates(&mut cands, &self.weight);
        Ok((refuted, cands))
    }

    /// Forward checking: keeps only the splits the relaxation does not refute, and picks the
    /// group with the fewest left to branch on; or the reason the node is lost (a group with
    /// no split left).
    pub(super) fn check_candidates(&mut self, present: &Bits, cands: &[Cand], refuted: u128) -> Result<Checked, u64> {
        let mut checked = Checked { refuted, best: None, forced: 0, cleared: 0 };
        let max_quiet = self.quiet_limit();
        let mut quiet = 0;
        // A review's move searches skip the splits whose check cleared the board at the
        // parent (`cleared_above`): with one more decision such a check mostly clears again
        // (96 % of them in seed 351's opening review), and a check left out only refutes
        // nothing. The node's own checks that clear are skipped by its children in turn.
        let skipped = if self.full_runs_only { self.cleared_above } else { 0 };
        for c in cands {
            if quiet == max_quiet {
                break;
            }
            let g = c.group;
            let viable = self.check_splits(present, c, skipped, &mut checked, &mut quiet);
            let count = viable.iter().filter(|&&v| v).count() as u32;
            if count < 3 {
                self.heavier(g, 3 - count);
            }
            if count == 0 {
                return Err(self.why_not(g, [true; 3], checked.refuted));
            }
            if count == 1 {
                let only = viable.iter().position(|&v| v).expect("one split");
                checked.forced |= (only as u128 + 1) << (2 * g);
                // The forced child checks the remaining groups anyway, with one more decision
                // (a split refuted here would be refuted there too): checking them here too is
                // mostly wasted.
                if self.full_run {
                    break;
                }
            }
            let weight = self.branch_weight(c);
            checked.offer(g, viable, count, weight);
        }
        Ok(checked)
    }

    /// Checks in a row that refuted nothing before a node stops forward-checking: the cheap
    /// run stops at three, a review's move searches at `REVIEW_QUIET_CHECKS`.
    pub(super) fn quiet_limit(&self) -> usize {
        if !self.full_run {
            CHEAP_QUIET_CHECKS
        } else if self.full_runs_only {
            REVIEW_QUIET_CHECKS
        } else {
            usize::MAX
        }
    }

    /// Forward-checks candidate `c`'s splits that are viable, not certified and not
    /// `skipped`: returns those left viable, and records in `checked` the splits refuted and
    /// those whose check cleared the board; `quiet` counts the checks in a row that refuted
    /// nothing.
    pub(super) fn check_splits(
        &mut self,
        present: &Bits,
        c: &Cand,
        skipped: u128,
        checked: &mut Checked,
        quiet: &mut usize,
    ) -> [bool; 3] {
        let g = c.group;
        let mut viable = c.viable;
        let need: [bool; 3] = std::array::from_fn(|s| viable[s] && !c.certified[s] && skipped >> (3 * g + s) & 1 == 0);
        *quiet += 1;
        if need.iter().any(|&n| n) {
            let stuck = self.forward_check(present, c.prefix, g, need);
            for s in 0..3 {
                if stuck[s] {
                    viable[s] = false;
                    checked.refuted |= 1 << (3 * g + s);
                    *quiet = 0;
                } else if need[s] {
                    checked.cleared |= 1 << (3 * g + s);
                }
            }
        }
        viable
    }

    /// Candidate `c`'s weight for the choice of the group to branch on: its own plus its
    /// group's failure weight, randomly perturbed in a full run.
    pub(super) fn branch_weight(&mut self, c: &Cand) -> u32 {
        let mut weight = c.weight + 64 * self.weight[c.group];
        if self.full_run {
            weight += (self.next_random() % u64::from(weight / 2 + 1)) as u32;
        }
        weight
    }

    /// The node's children once forward checking is done: one child deciding every forced
    /// group, else a branch on the best group; with neither, the node is lost.
    pub(super) fn descend(
        &mut self,
        present: Bits,
        commit: u128,
        checked: &Checked,
        path: &mut Vec<Move>,
    ) -> Result<Found, OutOfBudget> {
        if checked.forced != 0 {
            self.decide_forced(present, commit, checked.refuted, checked.forced, path)
        } else {
            match checked.best {
                Some((g, viable, _, _)) => self.branch(present, commit, checked.refuted, g, viable, path),
                None => Ok(Found::Lost(decided(commit) | self.path_why | self.moved_bit())),
            }
        }
    }

    /// Decides every group left with a single split (`forced`) in one child. Each is the only
    /// split left for its group in this whole subtree, so a loss below is a loss here for the
    /// child's reason plus, for each forced group in it, the reasons its other splits failed.
    pub(super) fn decide_forced(
        &mut self,
        present: Bits,
        commit: u128,
        refuted: u128,
        forced: u128,
        path: &mut Vec<Move>,
    ) -> Result<Found, OutOfBudget> {
        let why = match self.search(present, commit | forced, refuted, path)? {
            Found::Won => return Ok(Found::Won),
            Found::Lost(why) => why,
        };
        let forced_groups = decided(forced);
        let mut out = why & !forced_groups;
        for g in 0..self.board.group_count() {
            if (forced_groups & why) >> g & 1 != 0 {
                let code = (forced >> (2 * g) & 3) as usize;
                out |= self.why_not(g, std::array::from_fn(|s| s != code - 1), refuted);
            }
        }
        Ok(Found::Lost(out))
    }

    /// Tries each split of group `g` still `viable` (splits with a pair removable now first).
    /// A child lost for a reason not involving `g` is lost whatever `g`'s split (every win
    /// splits `g` somehow), so the node is too and the other splits are skipped (backjumping).
    pub(super) fn branch(
        &mut self,
        present: Bits,
        commit: u128,
        refuted: u128,
        g: usize,
        viable: [bool; 3],
        path: &mut Vec<Move>,
    ) -> Result<Found, OutOfBudget> {
        let board = self.board;
        let m = board.members(g);
        let mut order: Vec<usize> = (0..3).filter(|&s| viable[s]).collect();
        let now = |s: usize| {
            let sp = SPLITS[s];
            let f = |k: usize| board.is_free(&present, m[sp[k]] as usize);
            (f(0) && f(1)) || (f(2) && f(3))
        };
        if self.full_run {
            for k in (1..order.len()).rev() {
                order.swap(k, (self.next_random() % (k as u64 + 1)) as usize);
            }
        }
        let hinted = (self.hint >> (2 * g) & 3) as usize;
        order.sort_by_key(|&s| (s + 1 != hinted, !now(s)));
        let mut out = 0;
        for s in order {
            let c = commit | ((s as u128 + 1) << (2 * g));
            match self.search(present, c, refuted, path)? {
                Found::Won => return Ok(Found::Won),
                Found::Lost(why) if why >> g & 1 == 0 => return Ok(Found::Lost(why)),
                Found::Lost(why) => out |= why & !(1 << g),
            }
        }
        Ok(Found::Lost(out | self.why_not(g, viable.map(|v| !v), refuted)))
    }

    /// The dead-lock test and the undecided groups of four to forward-check, or the reason
    /// the position is lost: a group of two whose tiles cover one another (no reason), a
    /// decided split that cannot be played, or an undecided group with no split left.
    /// Freeness is read off `node_counts`, which the greedy phase left as those of `present`.
    pub(super) fn candidates(
        &mut self,
        present: &Bits,
        commit: u128,
        refuted: u128,
        rem: &[u8],
    ) -> Result<Vec<Cand>, u64> {
        debug_assert_eq!(self.run.counts_of, Some(*present));
        let board = self.board;
        let mut cands = Vec::with_capacity(rem.len());
        for (g, &r) in rem.iter().enumerate() {
            let m = board.members(g);
            match r {
                2 => {
                    let mut it = m.iter().map(|&t| t as usize).filter(|&t| present.contains(t));
                    let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                    if board.cover(a).contains(b) || board.cover(b).contains(a) {
                        return Err(if g == self.moved { MOVED } else { 1 << g });
                    }
                }
                4 => {
                    let code = (commit >> (2 * g) & 3) as usize;
                    let viable: [bool; 3] =
                        std::array::from_fn(|s| refuted >> (3 * g + s) & 1 == 0 && !self.covering_split(g, s));
                    if code != 0 {
                        if !viable[code - 1] {
                            let which = std::array::from_fn(|s| s == code - 1);
                            return Err(1 << g | self.why_not(g, which, refuted));
                        }
                        continue;
                    }
                    if viable.iter().all(|&v| !v) {
                        return Err(self.why_not(g, [true; 3], refuted));
                    }
                    let nfree = m.iter().filter(|&&t| is_free_count(self.run.node_counts[t as usize])).count();
                    let weight: u32 = m.iter().map(|&t| self.unblocks(present, t as usize)).sum::<u32>()
                        + if nfree >= 2 { 32 } else { 0 };
                    cands.push(Cand { group: g, viable, weight, certified: [false; 3], prefix: 0, key: 0 });
                }
                _ => {}
            }
        }
        Ok(cands)
    }

    /// Marks the splits the successful base relaxation already certifies: in its run, the
    /// first tile of each pair to go saw the other free. Forcing such a split lets the
    /// relaxation replay the same run with the pair taken together, so it would succeed
    /// again. Also records how many tiles the run removed before each group's first.
    pub(super) fn certify(&self, cands: &mut [Cand]) {
        for cand in cands.iter_mut() {
            let m = self.board.members(cand.group);
            let pair_ok = |x: usize, y: usize| {
                let (a, b) = (m[x] as usize, m[y] as usize);
                if self.run.when[a] <= self.run.when[b] {
                    self.run.seen[a] >> y & 1 != 0
                } else {
                    self.run.seen[b] >> x & 1 != 0
                }
            };
            for (s, sp) in SPLITS.iter().enumerate() {
                if cand.viable[s] && pair_ok(sp[0], sp[1]) && pair_ok(sp[2], sp[3]) {
                    cand.certified[s] = true;
                }
            }
            cand.prefix = m.iter().map(|&t| self.run.when[t as usize]).min().unwrap_or(0) as usize;
        }
    }

    /// How much removing tile `i` opens up: the tiles of `present` it blocks, plus 4 when
    /// nothing lies on it and it is above the ground layer (an ordering weight).
    pub(super) fn unblocks(&self, present: &Bits, i: usize) -> u32 {
        let (blocks, top) = &self.blocks_of[i];
        // Few bits are set: clearing them one by one beats a software popcount (the baseline
        // x86-64 target has no POPCNT instruction).
        let mut blocked = 0;
        for k in 0..4 {
            let mut w = blocks.0[k] & present.0[k];
            while w != 0 {
                blocked += 1;
                w &= w - 1;
            }
        }
        debug_assert_eq!(
            blocked,
            self.board.blocks(i).iter().filter(|&&j| present.contains(j as usize)).count() as u32
        );
        blocked + top
    }
}

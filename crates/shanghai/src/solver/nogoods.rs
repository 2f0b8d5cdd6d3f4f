//! Nogoods: losses lifted to the root of the call, kept with two watched groups each and
//! applied at every node (unit propagation); what a review's move searches inherit and give back
//! (docs/crates/shanghai.md, "The solver", step 7, and "Soundness").

use super::Solver;
use super::reasons::Stuck;
use super::splits::bit_indices;
use super::splits::decided;
use super::splits::split_code;
use super::splits::split_in;
use super::splits::split_masks;
use crate::bits::Bits;
use crate::board::Board;
use crate::board::Move;

/// The nogoods of the current call, with the watches that apply them (see
/// [`Solver::propagate`]).
pub(super) struct Nogoods {
    /// Losses lifted to the root of the call (decisions, as in `commit`): no win from the root
    /// makes all of them. Cleared at each call.
    pub(super) list: Vec<u128>,
    /// Per nogood, its groups (bit `g`), and those it splits each way (see [`split_masks`]).
    pub(super) groups: Vec<(u64, [u64; 3])>,
    /// Per nogood, whether it depends on how the call's first move paired its group (see
    /// `moved`); one that does not holds before that move too.
    pub(super) moved: Vec<bool>,
    /// Per nogood of two groups or more, the two of its groups it watches (see
    /// [`Solver::propagate`]); others hold `[u8::MAX; 2]`.
    pub(super) watch: Vec<[u8; 2]>,
    /// Per split `s` of each group `g` (index `3 * g + s`): the nogoods that watch `g` and
    /// split it that way.
    pub(super) watchers: Vec<Vec<u32>>,
    /// The nogoods of fewer than two groups, looked at in every node.
    pub(super) short: Vec<u32>,
    /// How many nogoods (the first ones) have their watches.
    pub(super) watched: usize,
    /// How many nogoods there were when the node's [`Solver::propagate`] looked at them (0
    /// above the root), and the same for its parent.
    pub(super) known: usize,
    pub(super) known_above: usize,
    /// The nogoods [`Solver::propagate`] looks at in a node (kept to reuse its memory).
    pub(super) to_check: Vec<u32>,
    /// Nogoods the next call starts with, each with whether it depends on how the call's
    /// first move paired its group (see [`inherit`]); taken by that call.
    pub(super) inherited: Vec<(u128, bool)>,
}

impl Nogoods {
    /// No nogoods, for a board of `groups` matching groups.
    pub(super) fn new(groups: usize) -> Nogoods {
        Nogoods {
            list: Vec::new(),
            groups: Vec::new(),
            moved: Vec::new(),
            watch: Vec::new(),
            watchers: vec![Vec::new(); 3 * groups],
            short: Vec::new(),
            watched: 0,
            known: 0,
            known_above: 0,
            to_check: Vec::new(),
            inherited: Vec::new(),
        }
    }
}

/// The most nogoods kept per call (each node of a full run scans them, see
/// [`Solver::propagate`]).
pub(super) const MAX_NOGOODS: usize = 20_000;

/// How much heavier each group of a learnt nogood gets (see [`Solver::learn`]).
pub(super) const NOGOOD_BUMP: u32 = 4;

/// In a loss's reason (bit `g` per group; no group has this index): the loss depends on the
/// pair the call's first move left of its group (see `Solver::moved`).
pub(super) const MOVED: u64 = 1 << 62;

/// [`MOVED`] when `moved`, else nothing.
pub(super) fn moved_if(moved: bool) -> u64 {
    if moved { MOVED } else { 0 }
}

/// What a scan of every nogood finds at a node (a debug check of [`Solver::propagate`]): the
/// reason the node is lost, or the splits refuted, with each split refuted there and its
/// reason (group, split, reason).
#[cfg(debug_assertions)]
pub(super) type Scanned = Result<(u128, Vec<(usize, usize, u64)>), u64>;

/// The nogoods of a call at `present` that hold at the position after move `m` (see the module
/// doc, "Nogoods"): one that does not decide `m`'s group, and, with that group's decision
/// dropped, one that splits it the way `m` pairs its tiles (any win after `m`, with `m` first,
/// is a win from `present` that splits the group so). Others say nothing about the position.
pub(super) fn inherit(board: &Board, present: Bits, nogoods: &[u128], m: Move) -> Vec<(u128, bool)> {
    let g = board.group_of(m.0 as usize);
    let field = 3u128 << (2 * g);
    let code = split_code(board, present, g, m);
    nogoods
        .iter()
        .filter_map(|&n| match n & field {
            0 => Some((n, false)),
            f if Some(f >> (2 * g)) == code => Some((n & !field, true)),
            _ => None,
        })
        .collect()
}

/// What a nogood of the position after move `m` needs to hold at `present`: the decision `m`
/// makes for its group (a win from `present` that splits the group so can take `m` first and
/// then be a win after it), or nothing when the group is not four tiles there.
pub(super) fn lift(board: &Board, present: Bits, m: Move) -> u128 {
    let g = board.group_of(m.0 as usize);
    split_code(board, present, g, m).map_or(0, |code| code << (2 * g))
}

impl Solver<'_> {
    /// Keeps `nogood` (while fewer than `MAX_NOGOODS` are kept), with whether it depends on
    /// how the call's first move paired its group.
    pub(super) fn add_nogood(&mut self, nogood: u128, moved: bool) {
        if self.nogoods.list.len() < MAX_NOGOODS {
            self.nogoods.list.push(nogood);
            self.nogoods.groups.push((decided(nogood), split_masks(nogood)));
            self.nogoods.moved.push(moved);
        }
    }

    /// [`MOVED`] in a review's call for a move that split a group of four, else nothing: a
    /// loss whose argument is not followed through conservatively depends on that pairing.
    pub(super) fn moved_bit(&self) -> u64 {
        if self.moved == usize::MAX { 0 } else { MOVED }
    }

    /// In full runs: the node is lost when its history includes a nogood (for the nogood's
    /// groups still decided, see the module doc); else the splits that would complete a nogood
    /// (all of whose decisions but one, an undecided group's split, the history makes) are
    /// refuted, with the nogood's other groups still decided as their reason.
    ///
    /// Incremental, as SAT solvers watch two literals per clause: each nogood of two groups or
    /// more watches two of its groups, and only the nogoods watching a group the node decided,
    /// split as they split it, the nogoods new since the last node and those of fewer than two
    /// groups are looked at (see [`Solver::watch_new_decisions`]); they are then applied in
    /// the order of the nogoods, so the node loses for the first nogood its history includes
    /// and each split is refuted for the first nogood it would complete, as a scan of every
    /// nogood would find. A nogood left out neither holds nor has its last group undecided
    /// with its other groups split as it says, unless it did so at the parent already and
    /// the parent looked at it: the split it refutes is then among the refuted splits passed
    /// down. The nogoods learnt since the parent looked (below its earlier children, or by
    /// the parent itself) are all looked at ([`Solver::check_learnt_since`]).
    pub(super) fn propagate(&mut self, mut refuted: u128) -> Result<u128, u64> {
        if !self.full_run {
            return Ok(refuted);
        }
        let h = split_masks(self.hist);
        #[cfg(debug_assertions)]
        let expected = self.propagate_by_scan(refuted, h);
        let mut to_check = std::mem::take(&mut self.nogoods.to_check);
        to_check.clear();
        self.watch_new_decisions(h, &mut to_check);
        to_check.extend_from_slice(&self.nogoods.short);
        self.check_learnt_since(h, &mut to_check);
        self.watch_new_nogoods(h, &mut to_check);
        self.nogoods.known = self.nogoods.list.len();
        to_check.sort_unstable();
        to_check.dedup();
        let mut found = Ok(());
        for &k in &to_check {
            found = self.apply_nogood(k as usize, h, &mut refuted);
            if found.is_err() {
                break;
            }
        }
        self.nogoods.to_check = to_check;
        let found = found.map(|()| refuted);
        #[cfg(debug_assertions)]
        self.assert_as_scanned(&expected, &found);
        found
    }

    /// What nogood `k` does at a node whose history splits the groups `h` (see
    /// [`split_masks`]): `Err` with its groups when the history includes it; else, when its
    /// last group is undecided and the rest split as it says, that split is refuted (unless
    /// it is already), with the nogood's other groups as its reason.
    pub(super) fn apply_nogood(&mut self, k: usize, h: [u64; 3], refuted: &mut u128) -> Result<(), u64> {
        let (groups, n) = self.nogoods.groups[k];
        // The nogood's groups the history does not split as it does.
        let miss = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
        if miss == 0 {
            return Err(groups | moved_if(self.nogoods.moved[k]));
        }
        if miss & (miss - 1) != 0 || (h[0] | h[1] | h[2]) & miss != 0 {
            return Ok(());
        }
        let g = miss.trailing_zeros() as usize;
        let s = split_in(n, g);
        if *refuted >> (3 * g + s) & 1 == 0 {
            *refuted |= 1 << (3 * g + s);
            let reason = groups & !(1 << g) | moved_if(self.nogoods.moved[k]);
            self.why_refuted[g][s] = Stuck { reason: Some(reason), ..Stuck::default() };
        }
        Ok(())
    }

    /// For each group the node decided (its history less its parent's), the nogoods watching
    /// it split that way: a watch moves to another group of the nogood that the history does
    /// not split as the nogood does (one decided otherwise first: it stays so below), when
    /// there is one besides the other watch; else the nogood goes on `to_check` when it holds
    /// or its one such group is undecided.
    ///
    /// The watches keep this invariant: at the node and at each of its ancestors, a nogood
    /// with two groups or more not split as it says there watches two of them. A watch only
    /// moves to such a group at the node, which stays one above (and below, until the
    /// search returns above the node). A watch stays on a group the node split as the
    /// nogood does only when at most one of the nogood's groups is not: then so it is below,
    /// and above the node that group is undecided. So a nogood no watch of which the node
    /// decided as it says has two such groups at the node if it had at the parent: it
    /// neither holds nor has one group left.
    pub(super) fn watch_new_decisions(&mut self, h: [u64; 3], to_check: &mut Vec<u32>) {
        const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
        let hist_groups = h[0] | h[1] | h[2];
        let mut fresh = (self.hist | self.hist >> 1) & LOW & !(self.hist_above | self.hist_above >> 1);
        let level = hist_groups.count_ones() - fresh.count_ones();
        while fresh != 0 {
            let g = (fresh.trailing_zeros() / 2) as usize;
            fresh &= fresh - 1;
            self.level[g] = level;
            let lit = 3 * g + (self.hist >> (2 * g) & 3) as usize - 1;
            let mut list = std::mem::take(&mut self.nogoods.watchers[lit]);
            let mut i = 0;
            while i < list.len() {
                let k = list[i] as usize;
                let (groups, n) = self.nogoods.groups[k];
                let open = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
                let slot = usize::from(self.nogoods.watch[k][0] as usize != g);
                let rest = open & !(1 << self.nogoods.watch[k][1 - slot]);
                if rest == 0 {
                    if open & hist_groups == 0 {
                        to_check.push(k as u32);
                    }
                    i += 1;
                    continue;
                }
                let otherwise = rest & hist_groups;
                let c = if otherwise != 0 { otherwise } else { rest }.trailing_zeros() as usize;
                self.nogoods.watch[k][slot] = c as u8;
                self.nogoods.watchers[3 * c + split_in(n, c)].push(k as u32);
                list.swap_remove(i);
            }
            self.nogoods.watchers[lit] = list;
        }
    }

    /// Puts on `to_check` the nogoods learnt since the parent's [`Solver::propagate`] that
    /// already have their watches (given below an earlier child of the parent) and hold at
    /// the node or have one group left undecided: they may have done so at the parent
    /// already, where they were not applied.
    pub(super) fn check_learnt_since(&self, h: [u64; 3], to_check: &mut Vec<u32>) {
        let hist_groups = h[0] | h[1] | h[2];
        for k in self.nogoods.known_above..self.nogoods.watched {
            let (groups, n) = self.nogoods.groups[k];
            let open = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
            if open & open.wrapping_sub(1) == 0 && open & hist_groups == 0 {
                to_check.push(k as u32);
            }
        }
    }

    /// Gives the nogoods learnt since the last node their watches, and puts those that hold
    /// at the node or have one group left undecided on `to_check` (and those of fewer than
    /// two groups on `short`). A nogood with two groups or more not split as it says watches
    /// two of them; else it watches its one such group, if any, and the groups decided
    /// latest on the path: above the node, a group it holds is undecided exactly when it was
    /// decided below that ancestor, so two groups not split as it says, if there are two
    /// there, include the watched ones.
    pub(super) fn watch_new_nogoods(&mut self, h: [u64; 3], to_check: &mut Vec<u32>) {
        let hist_groups = h[0] | h[1] | h[2];
        for k in self.nogoods.watched..self.nogoods.list.len() {
            let (groups, n) = self.nogoods.groups[k];
            let open = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
            if open & open.wrapping_sub(1) == 0 && open & hist_groups == 0 {
                to_check.push(k as u32);
            }
            if groups.count_ones() < 2 {
                self.nogoods.watch.push([u8::MAX; 2]);
                self.nogoods.short.push(k as u32);
                continue;
            }
            let a = self.watch_choice(open, groups & !open, hist_groups);
            let b = self.watch_choice(open & !(1 << a), groups & !open & !(1 << a), hist_groups);
            self.nogoods.watch.push([a as u8, b as u8]);
            self.nogoods.watchers[3 * a + split_in(n, a)].push(k as u32);
            self.nogoods.watchers[3 * b + split_in(n, b)].push(k as u32);
        }
        self.nogoods.watched = self.nogoods.list.len();
    }

    /// The group a new nogood watches: one of `open` (its groups the history does not split
    /// as it says; one decided otherwise first), else the one of `held` decided latest.
    pub(super) fn watch_choice(&self, open: u64, held: u64, hist_groups: u64) -> usize {
        if open != 0 {
            let otherwise = open & hist_groups;
            return if otherwise != 0 { otherwise } else { open }.trailing_zeros() as usize;
        }
        bit_indices(held).max_by_key(|&g| self.level[g]).expect("two groups or more")
    }

    /// Drops every nogood's watches (at the start of a call, whose nogoods start afresh).
    pub(super) fn forget_watches(&mut self) {
        self.nogoods.known = 0;
        self.nogoods.watch.clear();
        self.nogoods.watchers.iter_mut().for_each(Vec::clear);
        self.nogoods.short.clear();
        self.nogoods.watched = 0;
    }

    /// What a scan of every nogood in order finds at the node (the incremental
    /// [`Solver::propagate`] must find the same): the loss's reason, or the splits refuted
    /// with the reasons of those refuted here.
    #[cfg(debug_assertions)]
    pub(super) fn propagate_by_scan(&self, mut refuted: u128, h: [u64; 3]) -> Scanned {
        let hist_groups = h[0] | h[1] | h[2];
        let mut reasons = Vec::new();
        for (k, &(groups, n)) in self.nogoods.groups.iter().enumerate() {
            let miss = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
            if miss == 0 {
                return Err(groups | moved_if(self.nogoods.moved[k]));
            }
            if miss & (miss - 1) != 0 || hist_groups & miss != 0 {
                continue;
            }
            let g = miss.trailing_zeros() as usize;
            let s = split_in(n, g);
            if refuted >> (3 * g + s) & 1 == 0 {
                refuted |= 1 << (3 * g + s);
                reasons.push((g, s, groups & !(1 << g) | moved_if(self.nogoods.moved[k])));
            }
        }
        Ok((refuted, reasons))
    }

    /// Panics unless `found` is what [`Solver::propagate_by_scan`] found (`expected`), or
    /// unless every nogood with two groups or more the history does not split as it says
    /// watches two of them (the invariant of [`Solver::watch_new_decisions`]).
    #[cfg(debug_assertions)]
    pub(super) fn assert_as_scanned(&self, expected: &Scanned, found: &Result<u128, u64>) {
        let h = split_masks(self.hist);
        for (k, &(groups, n)) in self.nogoods.groups.iter().enumerate() {
            let open = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
            let w = self.nogoods.watch[k];
            if open.count_ones() >= 2 {
                assert!(open >> w[0] & 1 != 0 && open >> w[1] & 1 != 0, "nogood {k} watches {w:?}, open {open:x}");
            }
        }
        match (expected, found) {
            (Err(a), Err(b)) => assert_eq!(a, b, "the same loss"),
            (Ok((a, reasons)), Ok(b)) => {
                assert_eq!(a, b, "the same splits refuted");
                for &(g, s, r) in reasons {
                    assert_eq!(self.why_refuted[g][s].reason, Some(r), "the same reason");
                }
            }
            _ => panic!("propagate: {found:?}, a scan of every nogood: {expected:?}"),
        }
    }
}

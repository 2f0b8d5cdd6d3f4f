//! The tables of lost positions, within the memory budget: sets of tiles the move search
//! found lost, and those the pairing search found lost under some decisions (module doc of
//! `solver`; docs/crates/shanghai.md, "The solver", step 2).

use super::Solver;
use super::splits::decided;
use super::splits::spread;
use crate::bits::Bits;
use hashbrown::{HashMap, HashSet};

/// The tables of lost positions, within the memory budget (see [`Budget::memory`]).
pub(super) struct LostTable {
    /// Lost positions of the move search (sets of tiles).
    pub(super) dead: HashSet<Bits>,
    /// Lost positions of the pairing search: for each set of tiles, the decisions (as in
    /// `commit`, only the groups the loss depends on) under which it cannot be cleared.
    pub(super) lost: HashMap<Bits, LostUnder>,
    /// How many decisions `lost` holds (entries of the memory budget).
    pub(super) lost_count: usize,
    /// The most entries `dead` and `lost` may hold together (see [`Budget::memory`]).
    pub(super) cap: usize,
}

impl LostTable {
    /// Empty tables holding at most `cap` entries together.
    pub(super) fn new(cap: usize) -> LostTable {
        LostTable { dead: HashSet::new(), lost: HashMap::new(), lost_count: 0, cap }
    }
}

/// The decisions (as in `commit`, only those a loss depends on) under which one set of
/// tiles is known lost: the first kept inline, as most sets have one.
pub(super) struct LostUnder {
    pub(super) first: u128,
    pub(super) more: Vec<u128>,
}

impl Solver<'_> {
    /// Whether the tables of lost positions have room for one more entry (see
    /// [`Budget::memory`]); when they are full, losses are no longer remembered.
    pub(super) fn table_has_room(&self) -> bool {
        self.table.dead.len() + self.table.lost_count < self.table.cap
    }

    /// Remembers that the move search's position `present` is lost, when the table has room.
    pub(super) fn remember_dead(&mut self, present: Bits) {
        if self.table_has_room() {
            self.table.dead.insert(present);
        }
    }

    /// Remembers that `present` is lost under `decisions` (and any that include them).
    pub(super) fn remember_lost(&mut self, present: Bits, decisions: u128) {
        if !self.table_has_room() {
            return;
        }
        match self.table.lost.entry(present) {
            hashbrown::hash_map::Entry::Occupied(mut e) => e.get_mut().more.push(decisions),
            hashbrown::hash_map::Entry::Vacant(e) => {
                e.insert(LostUnder { first: decisions, more: Vec::new() });
            }
        }
        self.table.lost_count += 1;
    }

    /// A reason `present` with decisions `commit` is known lost: a remembered loss whose
    /// decisions `commit` shares.
    pub(super) fn known_lost(&self, present: &Bits, commit: u128) -> Option<u64> {
        let lost = self.table.lost.get(present)?;
        std::iter::once(&lost.first).chain(&lost.more).find(|&&c| commit & spread(c) == c).map(|&c| decided(c))
    }
}

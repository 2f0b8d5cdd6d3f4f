//! The tables of lost positions, within the memory budget: sets of tiles the move search
//! found lost, and those the pairing search found lost under some decisions (module doc of
//! `solver`; docs/crates/shanghai.md, "The solver", step 2).

use super::Solver;
use super::splits::decided;
use super::splits::spread;
use crate::bits::Bits;

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
        self.dead.len() + self.lost_count < self.table_cap
    }

    /// Remembers that the move search's position `present` is lost, when the table has room.
    pub(super) fn remember_dead(&mut self, present: Bits) {
        if self.table_has_room() {
            self.dead.insert(present);
        }
    }

    /// Remembers that `present` is lost under `decisions` (and any that include them).
    pub(super) fn remember_lost(&mut self, present: Bits, decisions: u128) {
        if !self.table_has_room() {
            return;
        }
        match self.lost.entry(present) {
            hashbrown::hash_map::Entry::Occupied(mut e) => e.get_mut().more.push(decisions),
            hashbrown::hash_map::Entry::Vacant(e) => {
                e.insert(LostUnder { first: decisions, more: Vec::new() });
            }
        }
        self.lost_count += 1;
    }

    /// A reason `present` with decisions `commit` is known lost: a remembered loss whose
    /// decisions `commit` shares.
    pub(super) fn known_lost(&self, present: &Bits, commit: u128) -> Option<u64> {
        let lost = self.lost.get(present)?;
        std::iter::once(&lost.first).chain(&lost.more).find(|&&c| commit & spread(c) == c).map(|&c| decided(c))
    }
}

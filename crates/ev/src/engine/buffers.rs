//! Memory kept from one question to the next ([`Buffers`]): the listing's pools and lookup
//! tables, the pass's layers and the scoring memos, emptied but not freed. A second question
//! of a similar size then neither faults in fresh pages (the kernel zeroes each one: about
//! 3 to 5 µs a page on the machines measured, 12,500 pages for the 3-shanten bench hand) nor
//! grows its pools by copying. What a user holds is a [`crate::Workspace`].
//!
//! A solver without buffers ([`Solver::new`]) keeps nothing: it frees its lookup tables and
//! scoring memos before the pass and fits its pools to their length (a lower peak). So does a
//! large graph ([`RETAIN_BELOW`] states or more) in a workspace. Kept, they would sit beside the pass's layers (and its layers beside the
//! next question's listing) and raise the peak: on `--budget 2` by 120 MB or more, over the
//! 1 GiB its question is allowed.

use super::closed_form::Wait;
use super::keys::{Entry13, Entry14, Index};
use super::records::{Hand13, Hand14, Opt, Shared, Span, Step};

/// Graphs of fewer states in a workspace keep their lookup tables, memos and pools' slack
/// through the pass, and all their memory for the next question; larger ones keep nothing
/// (see the module's doc). About a million: the 3-shanten bench hand (1.0 million states)
/// still keeps its memory; the review's deep questions (a few million states, two threads
/// each with a workspace) keep none, which lowers the peak of a seeded game's review from
/// 1,053 to 868 MB (docs/PERFORMANCE.md, review).
pub(super) const RETAIN_BELOW: usize = 1 << 20;

/// The solver's reusable collections: empty, or left by an earlier question and emptied by
/// [`Buffers::emptied`] when a solver takes them.
#[derive(Default)]
pub(crate) struct Buffers {
    pub(super) index13: Index<Entry13>,
    pub(super) keys13: Vec<u128>,
    pub(super) necessary13: Vec<Option<(i8, u64)>>,
    pub(super) hands13: Vec<Hand13>,
    pub(super) index14: Index<Entry14>,
    pub(super) hands14: Vec<Hand14>,
    pub(super) steps: Vec<Step>,
    pub(super) option_pool: Vec<Opt>,
    pub(super) wins: Vec<[f64; 2]>,
    pub(super) values13: Vec<[f64; 3]>,
    pub(super) values14: Vec<[f64; 3]>,
    pub(super) later_riichi: Vec<[f64; 3]>,
    pub(super) moved14: Vec<u32>,
    pub(super) riichi_states: Vec<Span>,
    pub(super) riichi_waits: Vec<Wait>,
    pub(super) shared: Shared,
}

impl Buffers {
    /// The same collections, emptied (their memory kept).
    pub(super) fn emptied(mut self) -> Buffers {
        self.index13.clear();
        self.keys13.clear();
        self.necessary13.clear();
        self.hands13.clear();
        self.index14.clear();
        self.hands14.clear();
        self.steps.clear();
        self.option_pool.clear();
        self.wins.clear();
        self.values13.clear();
        self.values14.clear();
        self.later_riichi.clear();
        self.moved14.clear();
        self.riichi_states.clear();
        self.riichi_waits.clear();
        self.shared.parts.clear();
        self.shared.totals.clear();
        self
    }
}

/// `v` emptied and refilled with `n` copies of `value`: in the memory it has when that is
/// enough (a `memset`, not fresh pages), else in a fresh vector (which the allocator hands
/// over zeroed without writing it, when `value` is zero).
pub(super) fn refill<T: Clone>(v: &mut Vec<T>, n: usize, value: T) {
    if v.capacity() < n {
        *v = vec![value; n];
    } else {
        v.clear();
        v.resize(n, value);
    }
}

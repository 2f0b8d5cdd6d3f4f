//! The [`Solver`]'s records for the pass, after the listing: the draws into a hand whose only
//! option is a riichi declaration pointed at its riichi states and the unread 13-tile states
//! numbered away (riichi always: [`Solver::direct_riichi_steps`], [`Solver::unread13_away`]);
//! without hand change, the walk that marks the reached variants
//! ([`Solver::mark_reachable`]) and the records of one state each that the pass then reads
//! ([`Solver::split_partial`], [`Split`]).

use super::Solver;
use super::buffers::refill;
use super::records::{CLEARS, DIRECT, HAND, Hand13, Hand14, NONE, Opt, Span, Step, WITH_RIICHI};
use super::variants::{FIVE_SUIT, RANK, RED, all_ranks, ranks, variants};
use crate::oracle::Oracle;

impl<'a, O: Oracle> Solver<'a, O> {
    /// Points the draws into a 14-tile hand whose only option is one riichi declaration
    /// straight at its riichi states (numbered after the 14-tile states: the pass keeps their
    /// values behind the 14-tile ones, see [`Solver::fill_layer`]). With riichi always the
    /// hand's value at each draw index is a copy of those states' values; nothing else may
    /// read the hand: not the simulator (it keeps every layer and walks the draws), not the
    /// walk over reached variants (it reads the draws too), not the roots' rows (a root's
    /// child is left as it is). The pass then skips the hand (`until` 0) and its parents read
    /// the riichi values it would have copied, bit for bit. The declaration must keep the
    /// hand's red bits (it throws no only five), so the riichi states' variants are the
    /// hand's, rank for rank.
    ///
    /// The skipped hands' states hold no value: the other hands' states are numbered anew
    /// for the pass ([`Solver::pass14`]), densely and in the same order, each skipped hand
    /// keeping no state (its first state is the next hand's), so the pass's 14-tile layer is
    /// a fifth smaller on the 3-shanten bench hand (fewer fresh pages, denser reads).
    pub(super) fn direct_riichi_steps(&mut self) {
        if !self.renumbers_for_pass() {
            return;
        }
        // A hand's first state in the pass, or (tagged) its riichi states, by its listed one.
        // Only hands' first states are written and read (a draw leads to a hand's first
        // state), so the other entries' value does not matter: zeros, which the allocator
        // hands over without writing them (`vec![NONE; n]` was a 2.5 MB `memset` on the
        // 3-shanten bench hand), or the memory an earlier question left ([`Buffers`]).
        let mut moved = std::mem::take(&mut self.moved14);
        refill(&mut moved, self.states14 as usize, 0);
        let mut next = 0u32;
        for g in 0..self.hands14.len() {
            let hand = &mut self.hands14[g];
            let riichi = if g >= self.roots14 && hand.len == 1 && hand.win == NONE {
                let entry = self.option_pool[hand.start as usize];
                (entry.info & WITH_RIICHI != 0 && entry.info & CLEARS == 0)
                    .then(|| self.hands13[(entry.info & HAND) as usize].riichi)
            } else {
                None
            };
            match riichi {
                Some(riichi) => {
                    moved[hand.base as usize] = DIRECT | riichi;
                    hand.until = 0;
                    hand.base = next;
                }
                None => {
                    moved[hand.base as usize] = next;
                    hand.base = next;
                    next += variants(hand.mask) as u32;
                }
            }
        }
        self.pass14 = next;
        for step in &mut self.steps {
            let to = moved[step.state as usize];
            step.state = if to & DIRECT != 0 { next + (to & !DIRECT) } else { to };
        }
        // Nothing reads the skipped hands' records any more (no index into `hands14` is kept,
        // and a state's hand is found by its first state): the pass need not step over them.
        self.hands14.retain(|hand| hand.until != 0);
        // Kept for the next question by a small graph only: a large one's would sit beside
        // its pass's layers (64 MB on `--budget 2`).
        if self.retains() {
            self.moved14 = moved;
        }
    }

    /// Numbers the 13-tile states anew for the pass without those of the hands no value of
    /// which is read ([`Solver::never_read`]: the tenpai hands that are not roots, under riichi
    /// always; 40,368 of the 385,354 states of the 3-shanten bench hand), in the same order, as
    /// [`Solver::direct_riichi_steps`] does for the 14-tile states (under the same condition,
    /// [`Solver::renumbers_for_pass`]). Such a hand
    /// keeps no state; the discards into it (each declares riichi and reads the riichi states
    /// only, but a discard clearing a red bit still indexes the 13-tile layer for the dama
    /// value it does not take) point at the zeros after the layer ([`SPARE13`]). The roots'
    /// states (returned by [`Solver::solve`]) are renumbered with the rest.
    pub(super) fn unread13_away(&mut self, roots: &mut [u32]) {
        if !self.renumbers_for_pass() {
            return;
        }
        let at: Vec<(usize, usize)> = roots.iter().map(|&r| self.locate13(r)).collect();
        let mut next = 0u32;
        for hand in &mut self.hands13 {
            hand.base = next;
            if hand.until != 0 {
                next += variants(hand.mask) as u32;
            }
        }
        self.pass13 = next;
        for (r, (g, rank)) in roots.iter_mut().zip(at) {
            *r = self.hands13[g].base + rank as u32;
        }
        // Each hand's first state as a discard into it reads it.
        let read: Vec<u32> = self.hands13.iter().map(|h| if h.until == 0 { next } else { h.base }).collect();
        for entry in &mut self.option_pool {
            entry.state = read[(entry.info & HAND) as usize];
        }
    }

    /// Marks the variants some root reaches ([`Hand13::reach`], [`Hand14::reach`]): every red
    /// variant of a listed hand is a state, but without hand change (no slack) most hands are
    /// reached in one or two of them (a plain five is not swapped for the red one). The pass
    /// computes only these; the others are never read.
    ///
    /// With hand change allowed (an extra exchange) nearly every variant is reached (all but
    /// 152 of 1,055,128 states on the 3-shanten bench hand), so the walk is skipped and every
    /// variant computed: computing a state no root reaches changes no value.
    pub(super) fn mark_reachable(&mut self, roots: &[u32]) {
        // Without red fives in play every hand has one variant: nothing to walk.
        if !self.q.walks() {
            self.reach_every_variant();
            return;
        }
        // Hand by hand: a hand's reached ranks (bits) are pushed along its draws or discards
        // to the next hands' whenever they grow (a hand is revisited at most once per rank).
        let hand14_of = self.hand14_of_states();
        let mut work: Vec<(bool, usize)> = Vec::new();
        for &r in roots {
            let (g, rank) = self.locate13(r);
            self.hands13[g].reach |= 1 << rank;
            work.push((false, g));
        }
        while let Some((fourteen, g)) = work.pop() {
            if fourteen {
                self.reach_from14(g, &mut work);
            } else {
                self.reach_from13(g, &hand14_of, &mut work);
            }
        }
    }

    /// Marks every variant of every hand reached (no walk).
    fn reach_every_variant(&mut self) {
        for hand in &mut self.hands13 {
            hand.reach = all_ranks(variants(hand.mask));
        }
        for hand in &mut self.hands14 {
            hand.reach = all_ranks(variants(hand.mask));
        }
    }

    /// The 14-tile hand of each 14-tile state.
    fn hand14_of_states(&self) -> Vec<u32> {
        let mut hand14_of = vec![0u32; self.states14 as usize];
        for (g, hand) in self.hands14.iter().enumerate() {
            let b = hand.base as usize;
            hand14_of[b..b + variants(hand.mask)].fill(g as u32);
        }
        hand14_of
    }

    /// Pushes 14-tile hand `g`'s reached ranks along its discards to the 13-tile hands they
    /// leave (the red bits each keeps); a hand whose reached ranks grow goes on `work`.
    fn reach_from14(&mut self, g: usize, work: &mut Vec<(bool, usize)>) {
        let hand = self.hands14[g];
        for &entry in &self.option_pool[hand.options()] {
            let rank = &RANK[entry.mask()];
            let mut to = 0u8;
            for c in ranks(hand.reach) {
                let red = RED[usize::from(hand.mask)][c] & entry.kept_red();
                to |= 1 << rank[usize::from(red)];
            }
            let next = &mut self.hands13[(entry.info & HAND) as usize];
            if next.reach | to != next.reach {
                next.reach |= to;
                work.push((false, (entry.info & HAND) as usize));
            }
        }
    }

    /// Pushes 13-tile hand `g`'s reached ranks along its draws to the 14-tile hands they lead
    /// to (`hand14_of` each state's hand; a drawn five to its red copy too when it is live); a
    /// hand whose reached ranks grow goes on `work`.
    fn reach_from13(&mut self, g: usize, hand14_of: &[u32], work: &mut Vec<(bool, usize)>) {
        let hand = self.hands13[g];
        for step in &self.steps[hand.steps.range()] {
            let rank = &RANK[usize::from(step.mask)];
            let suit = FIVE_SUIT[usize::from(step.kind)];
            let mut to = 0u8;
            for c in ranks(hand.reach) {
                let red = RED[usize::from(hand.mask)][c];
                if suit < 3 && self.q.red.of(red, usize::from(suit)) > 0 {
                    to |= 1 << rank[usize::from(red | 1 << suit)];
                }
                to |= 1 << rank[usize::from(red)];
            }
            let g14 = hand14_of[step.state as usize] as usize;
            let next = &mut self.hands14[g14];
            if next.reach | to != next.reach {
                next.reach |= to;
                work.push((true, g14));
            }
        }
    }

    /// Frees the listing's records that nothing reads once the pass has records of its own
    /// ([`Solver::split_partial`]) and before its layers are allocated: the 14-tile hands and
    /// their discards, and every 13-tile hand and draw but the roots' (what the roots' rows
    /// and children read after the pass, [`Solver::kids`]). Kept when every layer is kept (the
    /// simulator's playout walks the listing's records) or the memory goes to the next
    /// question ([`Solver::retains`]). On a large graph without hand change these records sit
    /// beside the split's copies and the pass's layers: its peak memory is lower without them.
    pub(super) fn free_split_away(&mut self) {
        if self.keep_layers || self.retains() {
            return;
        }
        let roots = &self.hands13[..self.roots];
        let end = roots.iter().map(|h| (h.steps.start + h.steps.len) as usize).max().unwrap_or(0);
        self.hands13.truncate(self.roots);
        self.hands13.shrink_to_fit();
        self.steps.truncate(end);
        self.steps.shrink_to_fit();
        self.hands14 = Vec::new();
        self.option_pool = Vec::new();
    }

    /// The records the pass reads after the walk over reached variants (see
    /// [`Solver::mark_reachable`]), else `None` (the listing's records are read): each reached
    /// variant as a hand of its own (one variant, `mask` 0), its states numbered anew, densely
    /// ([`Split::dense13`], [`Split::dense14`]), its draws and discards leading to single
    /// states: a drawn five split once into its red copy and its plain ones (two draws, in the
    /// order the pass adds them), a discard's red bits resolved.
    pub(super) fn split_partial(&self) -> Option<Split> {
        if !self.q.walks() {
            return None;
        }
        let (dense13, n13) = dense(self.hands13.iter().map(|h| (h.base, h.reach)), self.states13);
        let (dense14, n14) = dense(self.hands14.iter().map(|h| (h.base, h.reach)), self.states14);
        let mut split = Split {
            hands13: Vec::with_capacity(n13),
            hands14: Vec::with_capacity(n14),
            steps: Vec::with_capacity(self.steps.len()),
            options: Vec::with_capacity(self.option_pool.len()),
            riichi13: Vec::new(),
            dense13: Vec::new(),
            dense14: Vec::new(),
            n13,
            n14,
        };
        for hand in &self.hands13 {
            for c in ranks(hand.reach) {
                let start = split.steps.len() as u32;
                let red = RED[usize::from(hand.mask)][c];
                for step in &self.steps[hand.steps.range()] {
                    self.split_step(&mut split.steps, step, red, &dense14);
                }
                let steps = Span { start, len: split.steps.len() as u32 - start };
                let base = dense13[(hand.base + c as u32) as usize];
                split.hands13.push(Hand13 { base, steps, riichi: NONE, mask: 0, reach: 1, plain: true, ..*hand });
            }
        }
        for hand in &self.hands14 {
            for c in ranks(hand.reach) {
                self.split_hand14(&mut split, (hand, c), (&dense13, &dense14));
            }
        }
        (split.dense13, split.dense14) = (dense13, dense14);
        Some(split)
    }

    /// Draw `step` of the variant with red bits `red` as draws into single states (numbered by
    /// `dense14`), pushed to `steps`: a five whose red copy is live as its red copy, then its
    /// plain ones; any other draw as it is.
    fn split_step(&self, steps: &mut Vec<Step>, step: &Step, red: u8, dense14: &[u32]) {
        let state =
            |red: u8| dense14[(step.state + u32::from(RANK[usize::from(step.mask)][usize::from(red)])) as usize];
        let single = |state: u32, copies: u8| Step {
            state,
            kind: NOT_FIVE,
            copies,
            mask: 0,
            suit: FIVE_SUIT[usize::from(NOT_FIVE)],
        };
        let suit = FIVE_SUIT[usize::from(step.kind)];
        let red_live = if suit < 3 { self.q.red.of(red, usize::from(suit)) } else { 0 };
        if red_live > 0 {
            steps.push(single(state(red | 1 << suit), red_live));
            steps.push(single(state(red), step.copies - red_live));
        } else {
            steps.push(single(state(red), step.copies));
        }
    }

    /// Variant `c` of 14-tile hand `hand` as a hand of its own in `split`: its discards
    /// resolved to single 13-tile states (numbered by `dense13`) and, where riichi is
    /// considered, to the riichi state of the variant left (numbered on from the listing's
    /// 13-tile hands in [`Split::riichi13`]), its win points and its own state (by `dense14`).
    fn split_hand14(&self, split: &mut Split, (hand, c): (&Hand14, usize), (dense13, dense14): (&[u32], &[u32])) {
        let riichi_from = self.hands13.len() as u32;
        let start = split.options.len() as u32;
        let red = RED[usize::from(hand.mask)][c];
        for &entry in &self.option_pool[hand.options()] {
            let r = u32::from(RANK[entry.mask()][usize::from(red & entry.kept_red())]);
            let mut info = 0;
            if entry.info & WITH_RIICHI != 0 {
                info = WITH_RIICHI | (riichi_from + split.riichi13.len() as u32);
                split.riichi13.push(self.hands13[(entry.info & HAND) as usize].riichi + r);
            }
            split.options.push(Opt { state: dense13[(entry.state + r) as usize], info });
        }
        let win = if hand.win == NONE { NONE } else { hand.win + c as u32 };
        let base = dense14[(hand.base + c as u32) as usize];
        split.hands14.push(Hand14 { base, start, win, mask: 0, reach: 1, ..*hand });
    }
}

/// The pass's records after the walk over reached variants: one record a reached state, the
/// states numbered anew (see [`Solver::split_partial`]).
#[derive(Default)]
pub(super) struct Split {
    pub(super) hands13: Vec<Hand13>,
    pub(super) hands14: Vec<Hand14>,
    pub(super) steps: Vec<Step>,
    pub(super) options: Vec<Opt>,
    /// The riichi states of the single variants' discards that consider riichi (their
    /// [`Opt`]s' hand index counts on from the listing's 13-tile hands).
    pub(super) riichi13: Vec<u32>,
    /// The pass's number of each listed state ([`NONE`] when no root reaches it), and the
    /// numbers of states.
    pub(super) dense13: Vec<u32>,
    pub(super) dense14: Vec<u32>,
    pub(super) n13: usize,
    pub(super) n14: usize,
}

/// The kind of a [`Split`] draw that stands for single copies (a five's red or plain ones):
/// any kind that is not a five.
const NOT_FIVE: u8 = 0;

/// The reached variants of hands given as (first state, reached ranks), numbered densely in
/// order: each of the `states` listed states' number ([`NONE`] when not reached), and how many
/// are reached.
fn dense(hands: impl Iterator<Item = (u32, u8)>, states: u32) -> (Vec<u32>, usize) {
    let mut map = vec![NONE; states as usize];
    let mut n = 0;
    for (base, reach) in hands {
        for c in ranks(reach) {
            map[base as usize + c] = n;
            n += 1;
        }
    }
    (map, n as usize)
}

//! The [`Solver`]'s pass 2 driver: the values of every state, draw index by draw index from
//! the last ([`Solver::fill`]): the 14-tile layer, the riichi states, then the 13-tile layer
//! ([`Solver::fill_layer`]), each layer in parallel over chunks of whole hands on large graphs
//! ([`chunk_starts`], [`split_by_hands`]). The per-hand arithmetic is [`Graph`]'s (`pass.rs`).

use super::buffers::refill;
use super::choice::RiichiChoice;
use super::closed_form::{live_sum, riichi_step};
use super::pass::{Graph, ZERO, live_ends};
use super::records::NONE;
use super::renumber::Split;
use super::variants::variants;
use super::{LAST, N, Solver};
use crate::oracle::Oracle;
use hashbrown::HashMap;
use rayon::prelude::*;

impl<'a, O: Oracle> Solver<'a, O> {
    /// Pass 2: the arrays of every state, draw index by draw index from the last. At each
    /// index the 14-tile values are computed first (each reads the 13-tile values of the next
    /// index), then the 13-tile values gather them; both steps run in parallel over hands.
    pub(super) fn fill(&mut self, roots: &[u32]) {
        // The layers' memory (an earlier question's when the solver was given [`Buffers`]).
        let mut v13 = std::mem::take(&mut self.layers.values13);
        let mut v14 = std::mem::take(&mut self.layers.values14);
        let mut later_r = std::mem::take(&mut self.layers.later_riichi);
        let split = self.split_partial();
        let riichi13 = self.riichi13_for_pass(split.as_ref());
        if split.is_some() {
            self.free_split_away();
        }
        let graph = self.graph(split.as_ref(), &riichi13);
        let (n13, n14) = self.pass_sizes(split.as_ref());
        // A listed state's number in the pass.
        let at13 = |i: u32| split.as_ref().map_or(i, |split| split.dense13[i as usize]) as usize;
        let at14 = |j: u32| split.as_ref().map_or(j, |split| split.dense14[j as usize]) as usize;
        // Layer `d` lives in slot `d` (every layer kept) or in one slot overwritten layer by
        // layer: once the 14-tile values of index `d` are computed, the 13-tile values of `d + 1`
        // are read only by their own state, just before it overwrites them.
        let keep = self.keep_layers;
        let slot = |d: usize| if keep { d } else { 0 };
        terminal13(&graph, n13, keep, &mut v13);
        let (mut root13, mut root14) = self.root_rows(roots);
        for (&r, row) in root13.iter_mut() {
            row[LAST] = v13[slot(LAST) * n13 + at13(r)];
        }
        // The 14-tile values, then the riichi states' values at the next draw index: `first`
        // (what a discard declaring riichi reads, and a draw pointed straight at them), and
        // apart `later` (what the recursion reads), from the terminal values.
        let nr = self.riichi_states.len();
        refill(&mut v14, n14 + nr, ZERO);
        v14[n14..].fill([0.0, 0.0, 1.0]);
        refill(&mut later_r, nr, [0.0, 0.0, 1.0]);
        let lives: Vec<f64> =
            self.riichi_states.iter().map(|span| live_sum(&self.riichi_waits[span.range()])).collect();
        let from_r = self.riichi_from();
        for d in (graph.from..LAST).rev() {
            if keep {
                let (head, tail) = v13.split_at_mut((d + 1) * n13);
                let (layer13, next13) = (&mut head[d * n13..], &tail[..n13]);
                self.fill_layer(&graph, d, (&mut v14, n14), (layer13, Some(next13)));
            } else {
                self.fill_layer(&graph, d, (&mut v14, n14), (&mut v13, None));
            }
            self.riichi_layer(d, (&lives, &from_r), &mut later_r, &mut v14[n14..]);
            let layer13 = &v13[slot(d) * n13..(slot(d) + 1) * n13];
            for (&j, row) in root14.iter_mut() {
                row[d] = v14[at14(j)];
            }
            for (&r, row) in root13.iter_mut() {
                row[d] = layer13[at13(r)];
            }
        }
        let retains = self.retains();
        let layers = &mut self.layers;
        layers.values13 = v13;
        if retains {
            (layers.values14, layers.later_riichi) = (v14, later_r);
        }
        (layers.root13, layers.root14, layers.len) = (root13, root14, n13);
        if let Some(split) = split.filter(|_| keep) {
            layers.dense13 = split.dense13;
        }
    }

    /// The riichi states of the 13-tile hands by hand index, then those of the split's single
    /// variants ([`Split::riichi13`]).
    fn riichi13_for_pass(&self, split: Option<&Split>) -> Vec<u32> {
        let mut riichi13: Vec<u32> = self.hands13.iter().map(|hand| hand.riichi).collect();
        if let Some(split) = split {
            riichi13.extend_from_slice(&split.riichi13);
        }
        riichi13
    }

    /// The numbers of 13-tile and 14-tile states in a layer of the pass.
    fn pass_sizes(&self, split: Option<&Split>) -> (usize, usize) {
        match split {
            Some(split) => (split.n13, split.n14),
            None => (self.pass13 as usize, self.pass14 as usize),
        }
    }

    /// The pass's read-only view of the graph: the split's records when there is one, else the
    /// listing's; `riichi13` from [`Solver::riichi13_for_pass`].
    fn graph<'g>(&'g self, split: Option<&'g Split>, riichi13: &'g [u32]) -> Graph<'g> {
        let (hands13, hands14, steps, options) = match split {
            Some(split) => (&split.hands13[..], &split.hands14[..], &split.steps[..], &split.options[..]),
            None => (&self.hands13[..], &self.hands14[..], &self.steps[..], &self.option_pool[..]),
        };
        let (n13, n14) = self.pass_sizes(split);
        let from = self.first_index();
        Graph {
            hands13,
            hands14,
            steps,
            options,
            riichi13,
            wins: &self.wins,
            red_live: std::array::from_fn(|suit| std::array::from_fn(|red| f64::from(self.q.red.of(red as u8, suit)))),
            objective: self.q.opts.objective,
            choice: RiichiChoice::new(&self.q.opts),
            may_decline: self.q.opts.may_decline,
            chunks13: chunk_starts(hands13.len(), n13, |g| hands13[g].base as usize),
            chunks14: chunk_starts(hands14.len(), n14, |g| hands14[g].base as usize),
            ends13: live_ends(hands13.len(), |g| hands13[g].used.saturating_add(from)),
            ends14: live_ends(hands14.len(), |g| hands14[g].used.saturating_sub(1).saturating_add(from)),
            from: usize::from(from),
        }
    }

    /// The first draw index the pass computes ([`Setup::from`](super::Setup::from)): 0 when
    /// every layer is kept (the simulator reads any index).
    pub(super) fn first_index(&self) -> u8 {
        if self.keep_layers { 0 } else { self.q.s.from as u8 }
    }

    /// The roots' rows of 13-tile values and their 14-tile children's, zero.
    fn root_rows(&self, roots: &[u32]) -> (Rows, Rows) {
        let root13: Rows = roots.iter().map(|&r| (r, [[0.0; 3]; N])).collect();
        let mut root14: Rows = HashMap::new();
        for &r in roots {
            for (kid, _) in self.kids(r) {
                root14.insert(kid.state, [[0.0; 3]; N]);
            }
        }
        (root13, root14)
    }

    /// The riichi states' values at draw index `d` from those at `d + 1`: `later` (updated in
    /// place) and `first`, written to `column`; `lives` is each state's waits' live copies
    /// summed ([`live_sum`]), `from` the first index each state is computed at (see
    /// [`Solver::riichi_from`]).
    fn riichi_layer(&self, d: usize, (lives, from): (&[f64], &[u8]), later: &mut [[f64; 3]], column: &mut [[f64; 3]]) {
        let states = self.riichi_states.iter().zip(lives).zip(from);
        for ((((span, &s), &from), l), f) in states.zip(later.iter_mut()).zip(column.iter_mut()) {
            if d >= usize::from(from) {
                (*l, *f) = riichi_step(self.q.s.denom[d], (&self.riichi_waits[span.range()], s), d, *l);
            }
        }
    }

    /// The first draw index at which the pass computes each riichi state: its 13-tile hand's
    /// used exchanges (after [`Solver::first_index`]). A discard declaring riichi into it is made by a 14-tile hand holding at
    /// least as many tiles the input does not, so one reached after draw `d` at the earliest
    /// when `d + 1` is at least that count, and the state's values it reads are those of index
    /// `d + 1`, the first draw after the declaration (the same for a draw pointed straight at
    /// the state, [`Solver::direct_riichi_steps`]). Earlier indices are never read, and the
    /// recursion runs from the last index down. Riichi states of no listed hand: 0.
    pub(super) fn riichi_from(&self) -> Vec<u8> {
        let mut from = vec![0u8; self.riichi_states.len()];
        let start = self.first_index();
        for hand in &self.hands13 {
            if hand.riichi != NONE {
                let first = hand.riichi as usize;
                from[first..first + variants(hand.mask)].fill(hand.used.saturating_add(start));
            }
        }
        from
    }

    /// One draw index `d` of the pass: the 14-tile values, the first `n14` of `v14` (reading
    /// the 13-tile values of `d + 1` and the riichi states' values after them), then the
    /// 13-tile values of `d` in `layer13`, from all of `v14`. The values of `d + 1` are
    /// `next13`, or `layer13` itself (overwritten in place) when `next13` is `None`.
    pub(super) fn fill_layer(
        &self,
        graph: &Graph<'_>,
        d: usize,
        (v14, n14): (&mut [[f64; 3]], usize),
        (layer13, next13): (&mut [[f64; 3]], Option<&[[f64; 3]]>),
    ) {
        {
            let (v14, next_r) = v14.split_at_mut(n14);
            let next_r = &*next_r;
            let next13: &[[f64; 3]] = next13.unwrap_or(layer13);
            let base = |g: usize| graph.hands14[g].base as usize;
            let hands = (&graph.chunks14[..], graph.hands14.len(), graph.ends14[d]);
            for_hands(hands, base, v14, |hands, out| graph.layer14(hands, out, d, next13, next_r));
        }
        let denom = self.q.s.denom[d];
        let v14 = &*v14;
        let base = |g: usize| graph.hands13[g].base as usize;
        let hands = (&graph.chunks13[..], graph.hands13.len(), graph.ends13[d]);
        for_hands(hands, base, layer13, |hands, out| graph.layer13(hands, out, next13, d, denom, v14));
    }
}

/// Zeros after the one 13-tile layer of the pass: what a discard into a hand no value of
/// which is read indexes (see [`Solver::unread13_away`]; a hand has at most eight variants).
pub(super) const SPARE13: usize = 8;

/// States per parallel task in the pass over draw indices (whole hands, so about this many).
const CHUNK: usize = 4096;

/// A layer of fewer states is computed on the calling thread: below this, handing chunks to
/// other threads costs more than it saves (the 2-shanten bench hand, 7 k + 14 k states, was
/// 25 % slower with two threads than with one).
pub(super) const PARALLEL_FROM: usize = 1 << 17;

/// Where the chunks of a layer start: hands (`hands` of them, hand `g`'s states from
/// `base(g)`) grouped whole into chunks of about [`CHUNK`] states; empty for a layer computed
/// on the calling thread (fewer than [`PARALLEL_FROM`] states, `states` in all).
fn chunk_starts(hands: usize, states: usize, base: impl Fn(usize) -> usize) -> Vec<usize> {
    if states < PARALLEL_FROM {
        return Vec::new();
    }
    let mut starts = vec![0];
    for g in 1..hands {
        if base(g) - base(starts[starts.len() - 1]) >= CHUNK {
            starts.push(g);
        }
    }
    starts
}

/// Runs `layer` over the hands before `end` (of `hands` in all, chunked at `starts`: empty
/// for one run on the calling thread) with their values in `out` (hand `g`'s from
/// `base(g)`): each chunk in parallel, a chunk's range cut at `end`.
fn for_hands(
    (starts, hands, end): (&[usize], usize, usize),
    base: impl Fn(usize) -> usize,
    out: &mut [[f64; 3]],
    layer: impl Fn(std::ops::Range<usize>, &mut [[f64; 3]]) + Sync,
) {
    if starts.is_empty() {
        layer(0..end, out);
        return;
    }
    split_by_hands(starts, hands, base, out)
        .into_par_iter()
        .filter(|(range, _)| range.start < end)
        .for_each(|(range, out)| layer(range.start..range.end.min(end), out));
}

/// A layer of values split at the chunk starts `starts` (see [`chunk_starts`]): each chunk's
/// hands and their values.
fn split_by_hands<'v>(
    starts: &[usize],
    hands: usize,
    base: impl Fn(usize) -> usize,
    mut values: &'v mut [[f64; 3]],
) -> Vec<(std::ops::Range<usize>, &'v mut [[f64; 3]])> {
    let mut out = Vec::with_capacity(starts.len());
    for (x, &first) in starts.iter().enumerate() {
        let end = starts.get(x + 1).copied().unwrap_or(hands);
        let len = if end == hands { values.len() } else { base(end) - base(first) };
        let (head, tail) = std::mem::take(&mut values).split_at_mut(len);
        out.push((first..end, head));
        values = tail;
    }
    out
}

/// A row of values at every draw index (a root's, or one of its 14-tile children's), by state.
type Rows = HashMap<u32, [[f64; 3]; N]>;

/// What the pass over draw indices keeps ([`Solver::fill`] writes it, the roots and the
/// simulator read it), and the room its 14-tile layer and riichi states use.
#[derive(Default)]
pub(super) struct Layers {
    /// Values of the 13-tile states, layer by layer: `[d * len + i]` = (points, win, tenpai);
    /// one layer overwritten in place unless every layer is kept.
    values13: Vec<[f64; 3]>,
    /// The states of a layer of `values13`.
    len: usize,
    /// Each listed 13-tile state's place in a layer when the pass numbered the reached states
    /// anew (empty: the listing's numbers; see [`Solver::split_partial`]).
    dense13: Vec<u32>,
    /// The roots' values at every draw index.
    root13: Rows,
    /// Values of the roots' 14-tile children at every draw index (the other 14-tile values
    /// live one layer at a time).
    root14: Rows,
    /// Room for the 14-tile layer and its riichi states' later values: an earlier question's
    /// (see [`Buffers`](super::Buffers)), kept for the next one by a small graph.
    values14: Vec<[f64; 3]>,
    later_riichi: Vec<[f64; 3]>,
}

impl Layers {
    /// Layers in the memory of an earlier question's `values13`, `values14` and
    /// `later_riichi` (emptied).
    pub(super) fn new(values13: Vec<[f64; 3]>, values14: Vec<[f64; 3]>, later_riichi: Vec<[f64; 3]>) -> Layers {
        Layers { values13, values14, later_riichi, ..Layers::default() }
    }

    /// The memory of `values13`, `values14` and `later_riichi`, for the next question.
    pub(super) fn into_room(self) -> [Vec<[f64; 3]>; 3] {
        [self.values13, self.values14, self.later_riichi]
    }

    /// The value of 13-tile state `i` before draw `d` (with every layer kept).
    pub(super) fn value13(&self, i: u32, d: usize) -> (f64, f64, f64) {
        let at = if self.dense13.is_empty() { i } else { self.dense13[i as usize] };
        let v = self.values13[d * self.len + at as usize];
        (v[0], v[1], v[2])
    }

    /// The values of root `r` at every draw index.
    pub(super) fn root13(&self, r: u32) -> &[[f64; 3]; N] {
        &self.root13[&r]
    }

    /// The values of 14-tile state `j`, a root's child, at every draw index.
    pub(super) fn root14(&self, j: u32) -> &[[f64; 3]; N] {
        &self.root14[&j]
    }
}

/// The pass's 13-tile values written to `v13` (every layer when `keep`, else one layer of
/// `n13` states and the [`SPARE13`] zeros), zero but for the last draw index's tenpai: one
/// for a tenpai hand's variants.
fn terminal13(graph: &Graph<'_>, n13: usize, keep: bool, v13: &mut Vec<[f64; 3]>) {
    let slot = |d: usize| if keep { d } else { 0 };
    refill(v13, if keep { N * n13 } else { n13 + SPARE13 }, ZERO);
    for hand in graph.hands13 {
        // A hand no value of which is read keeps no state ([`Solver::unread13_away`]).
        if hand.until == 0 {
            continue;
        }
        let b = slot(LAST) * n13 + hand.base as usize;
        for v in &mut v13[b..b + variants(hand.mask)] {
            v[2] = if hand.shanten == 0 { 1.0 } else { 0.0 };
        }
    }
}

//! The exact recursion over draws (the model is `docs/ev-model.md`).
//!
//! A 13-tile state's value is kept for every draw index at once (`0..=17`, 17 = no draws left),
//! memoised on the packed hand and its red fives; a 14-tile state (after a draw) takes the best
//! of winning and every admissible discard. Riichi hands are a separate table: they only wait.
//!
//! The [`Solver`] lists every state reachable from the roots, then fills the values draw index
//! by draw index from the last. The graph is kept by hand, not by state: a hand (red fives
//! not told apart) has one record ([`Hand13`], [`Hand14`]) for all its red variants (up to
//! eight; the red fives multiply the states about sixfold on a hand holding or missing a red
//! five in each suit), and its variants are the states `base..base + variants(mask)`, one for
//! each set of red bits over the suits in `mask` ([`RANK`], [`RED`]). A hand's draws
//! ([`Step`]) and discards ([`Opt`]) are listed once for all its variants: each variant reads
//! the variant of the next hand with its own red bits, a drawn five splitting into its red copy
//! (when live) and its plain ones, a thrown only five clearing its suit's bit.
//! - The listing is breadth first over 13-tile hands; a 14-tile hand is listed as soon as a draw
//!   finds it. Hands are looked up by their packed key without red bits; the oracle is asked
//!   once per hand (necessary tiles, unnecessary tiles, scores), the win points and riichi
//!   states are computed per variant (from one oracle total per hand and winning tile). States are numbered as their hands are found, a hand's
//!   variants side by side; the lookup tables (and, on a large graph, the scoring memos) are
//!   freed before the pass. A large listing goes on two threads ([`filing`]): a second one
//!   files the discards under their 13-tile hands in the order asked, so the numbering is the
//!   same.
//!   Without hand change (no extra exchange) most hands are reached in only one of their
//!   variants: a walk over the hands marks the reached ones ([`Hand13::reach`]), riichi waits
//!   are scored for those only, and the pass reads records of its own
//!   ([`Solver::split_partial`]): each reached variant a hand of one state, the reached states
//!   numbered anew densely, each draw and discard resolved to one state (a drawn five split
//!   once into its red and plain copies, not at every draw index).
//! - The pass over draw indices reads compact records (13-tile hands in 24 bytes, 14-tile
//!   hands in 20, draws and discards in 8, each carrying the first state and red suits of the
//!   hand it leads to) and computes a hand's variants together (specialised to 1, 2, 4 or 8
//!   variants); it keeps one layer of 13-tile values overwritten in place (every layer for the
//!   simulator). It visits only the live hands of each layer (reached by then, and not yet
//!   too far from tenpai: [`Graph::ends13`], [`Hand13::shanten`]) and picks each 14-tile
//!   state's best discard by reference into the layer it reads, copying the winner once. With
//!   riichi always, the states no value reads are numbered away for the pass
//!   ([`Solver::direct_riichi_steps`], [`Solver::unread13_away`]): smaller, denser layers.

mod best;
mod buffers;
mod choice;
mod closed_form;
mod filing;
mod fill;
mod keys;
mod listing;
mod pass;
mod playout;
mod question;
mod reading;
mod records;
mod renumber;
mod riichi;
mod scoring;
mod values;
mod variants;

use buffers::RETAIN_BELOW;
use closed_form::Wait;
use filing::{Pipe, TWO_THREADS_FROM};
use fill::Layers;
use keys::pack;
use listing::Tables;
use question::Question;
use records::{Hand13, Hand14, Opt, Span, Step};
use scoring::Scoring;
use variants::RANK;

pub(crate) use buffers::Buffers;
pub(crate) use choice::RiichiChoice;
pub(crate) use closed_form::{contributions, first_passage};
pub(crate) use records::Child;
pub(crate) use values::{Arrays, better};

use crate::options::Options;
use crate::oracle::Oracle;
use haipai_shanten::Memo;
use haipai_tiles::{Counts, Meld, Tile, Wind};
use hashbrown::HashMap;

/// Draw indices run 0..17; index 17 means no draw is left.
pub(crate) const LAST: usize = 17;
const N: usize = LAST + 1;
/// Kind indices of the fives (5m, 5p, 5s).
pub(crate) const FIVES: [usize; 3] = [4, 13, 22];

/// Everything fixed for one question (shared by the candidates).
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub melds: Vec<Meld>,
    pub meld_counts: Counts,
    /// No open meld.
    pub closed_hand: bool,
    pub seat: Wind,
    pub round: Wind,
    /// Dora indicators used for scoring (empty when dora are off).
    pub dora: Vec<Tile>,
    /// Red fives in the called melds: han on every win (0 with red fives off).
    pub meld_red: u32,
    /// Number of ura-dora indicators (= dora indicators given).
    pub ura_count: usize,
    /// Unseen copies per kind at the input.
    pub unseen0: Counts,
    /// Unseen red five per suit at the input (0 or 1; 0 when red fives are off).
    pub red_unseen0: [u8; 3],
    /// Denominator of draw `d`.
    pub denom: [f64; LAST],
    /// The first draw index the pass computes: 0 (every turn), or the question's (turn - 1)
    /// without [`Options::every_turn`]. A hand holding `used` tiles the input does not is
    /// reached at index `from + used` at the earliest.
    pub from: usize,
}

/// The listing went over [`Options::max_states`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TooManyStates;

/// The exchange limit of an input of shanten `input_shanten`: its shanten plus the extra
/// exchanges, as document 001 counts them ("a 2-shanten hand needs 3 exchanges, so 4 in
/// all"). Exchanges are counted from the input, so a discard that raises the shanten has
/// spent one already (its `used + shanten` is one more), and one with no extra exchange left
/// keeps only the draws that lower its shanten.
///
/// A hand never holds more tiles the input did not than draws made (17) and its shanten is at
/// most 6, so any limit above 23 means no limit: `extra` is capped there (no overflow).
pub(crate) fn limit(input_shanten: i8, extra: u8) -> i8 {
    input_shanten + extra.min(24) as i8
}

/// The solver of one question's candidates (the 13-tile roots with one exchange limit): it
/// first lists every state reachable from any root (one state graph: a state's value is a
/// function of its hand, whichever root reached it; hand changes can make cycles between
/// hands, never between draw indices), then fills the arrays draw index by draw index, from
/// the last.
pub(crate) struct Solver<'a, O: Oracle> {
    /// The question: oracle, options, setup, input and limit (read by every step).
    pub(crate) q: Question<'a, O>,
    /// The listing's lookup tables (freed or emptied once every state is listed).
    tables: Tables,
    /// The 13-tile hands and each hand's key (kept after the listing for the simulator only).
    keys13: Vec<u128>,
    hands13: Vec<Hand13>,
    /// States of the 13-tile hands so far (their variants).
    states13: u32,
    hands14: Vec<Hand14>,
    states14: u32,
    /// The 14-tile states the pass numbers: `states14`, less the hands
    /// [`Solver::direct_riichi_steps`] skips (their states renumbered away).
    pass14: u32,
    /// The 13-tile states the pass numbers: `states13`, less those of the hands no value of
    /// which is read ([`Solver::never_read`]; see [`Solver::unread13_away`]).
    pass13: u32,
    /// The 13-tile hands numbered before the listing: the roots' (see [`Solver::never_read`]),
    /// and the 14-tile hands their draws list (the roots' children, expanded first).
    roots: usize,
    roots14: usize,
    /// The 13-tile hands the listing has expanded (in order: a listing cut off at its cap
    /// resumes from here, as if it had not stopped).
    expanded: usize,
    /// The 13-tile hands' kept draws.
    steps: Vec<Step>,
    /// The 14-tile hands' admissible discards.
    option_pool: Vec<Opt>,
    /// Win points at a plain draw and at the last draw (NaN for no win) of the 14-tile states
    /// that have one (see [`Hand14::win`]).
    wins: Vec<[f64; 2]>,
    /// Keep every layer of `values13` (the simulator reads any state at any draw index) and
    /// the hands' keys; otherwise one layer is overwritten in place, the roots' values are
    /// kept in `root13` and the keys are freed after the listing.
    pub keep_layers: bool,
    /// Skip the states whose values are never read ([`Solver::never_read`],
    /// [`Solver::direct_riichi_steps`]); off, every listed state is computed (the tests check
    /// that this changes no value).
    pub skip_unread: bool,
    /// What the pass over draw indices keeps: the 13-tile layers, the roots' rows.
    layers: Layers,
    /// The riichi states asked for by [`Solver::riichi`] (the roots' and the simulator's).
    index_riichi: HashMap<u128, u32>,
    /// Each riichi state's waits in `riichi_waits` (its values are computed from them, by the
    /// pass over draw indices or by [`Solver::riichi_arrays`]: 40 bytes a wait, not 432 bytes
    /// of values a state).
    riichi_states: Vec<Span>,
    riichi_waits: Vec<Wait>,
    /// The win points' memos (the oracle's parts and totals, the ura-dora distributions).
    scoring: Scoring,
    /// The 13-tile hands (with their [`Oracle::necessary`] answers) whose riichi states are
    /// numbered but whose waits wait for the walk over reached variants (see
    /// [`Solver::riichi13`]).
    pending_riichi: Vec<(u32, (i8, u64))>,
    /// The suit patterns the oracle's necessary and unnecessary tiles have seen.
    memo: Memo,
    /// Room for [`Solver::riichi_waits_of`]'s answers (reused, not allocated per hand).
    wait_scratch: Vec<(usize, Wait)>,
    /// Room for [`Solver::direct_riichi_steps`]'s renumbering, from the [`Buffers`] the
    /// solver was given (handed back by [`Solver::into_buffers`]).
    moved14: Vec<u32>,
    /// Whether its memory goes to a next question (a solver given [`Buffers`]): see
    /// [`Solver::retains`].
    for_next: bool,
    /// The listing moves to two threads from this many states ([`filing`]; the tests lower
    /// it, to check that the two list the same graph as one).
    two_threads_from: usize,
    /// While the listing is on two threads: the discards asked of the filing thread.
    pipe: Option<Pipe>,
}

impl<'a, O: Oracle> Solver<'a, O> {
    /// A solver counting from the input's closed tiles `base` (red bits `base_red`) with the
    /// exchange limit `limit` (see [`limit`]).
    pub fn new(o: &'a O, opts: &Options, s: &'a Setup, input: (Counts, u8), limit: i8) -> Self {
        let mut solver = Solver::with_buffers(o, opts, s, input, limit, Buffers::default());
        solver.for_next = false;
        solver
    }

    /// [`Solver::new`] in the memory of `buffers` (left by an earlier question: emptied
    /// here, their memory kept; see [`Buffers`]), keeping its own for the next question
    /// ([`Solver::into_buffers`]).
    pub fn with_buffers(
        o: &'a O,
        opts: &Options,
        s: &'a Setup,
        input: (Counts, u8),
        limit: i8,
        buffers: Buffers,
    ) -> Self {
        let b = buffers.emptied();
        Solver {
            q: Question::new(o, opts, s, input, limit),
            tables: Tables { index13: b.index13, index14: b.index14, necessary13: b.necessary13 },
            keys13: b.keys13,
            hands13: b.hands13,
            states13: 0,
            hands14: b.hands14,
            states14: 0,
            pass14: 0,
            pass13: 0,
            roots: 0,
            roots14: 0,
            expanded: 0,
            steps: b.steps,
            option_pool: b.option_pool,
            wins: b.wins,
            keep_layers: true,
            skip_unread: true,
            layers: Layers::new(b.values13, b.values14, b.later_riichi),
            index_riichi: HashMap::new(),
            riichi_states: b.riichi_states,
            riichi_waits: b.riichi_waits,
            scoring: Scoring::new(b.shared),
            pending_riichi: Vec::new(),
            memo: Memo::new(),
            wait_scratch: Vec::new(),
            moved14: b.moved14,
            for_next: true,
            two_threads_from: TWO_THREADS_FROM,
            pipe: None,
        }
    }

    /// The solver's collections, for the next question's [`Solver::with_buffers`]; none from
    /// a large graph (see [`Solver::retains`]: kept, its layers would sit beside the next
    /// question's listing).
    pub fn into_buffers(self) -> Buffers {
        if !self.retains() {
            return Buffers::default();
        }
        let [values13, values14, later_riichi] = self.layers.into_room();
        let Tables { index13, index14, necessary13 } = self.tables;
        Buffers {
            index13,
            keys13: self.keys13,
            necessary13,
            hands13: self.hands13,
            index14,
            hands14: self.hands14,
            steps: self.steps,
            option_pool: self.option_pool,
            wins: self.wins,
            values13,
            values14,
            later_riichi,
            moved14: self.moved14,
            riichi_states: self.riichi_states,
            riichi_waits: self.riichi_waits,
            shared: self.scoring.into_shared(),
        }
    }

    /// The oracle's [`Oracle::necessary`] of a 13-tile hand (not memoised by hand: each hand
    /// is expanded once; the oracle's [`Memo`] remembers suit patterns).
    fn necessary(&mut self, h: &Counts) -> (i8, u64) {
        self.q.o.necessary_with(&mut self.memo, h)
    }

    /// Shanten of closed tiles (the oracle's is table-driven: cheaper than a memo).
    pub fn shanten(&mut self, h: &Counts) -> i8 {
        self.q.o.shanten(h)
    }

    /// Live copies of kind `k` for a state holding `h`.
    pub fn live(&self, h: &Counts, k: usize) -> u8 {
        self.q.live(h, k)
    }

    /// Throws one copy of kind `e` from `h` (a plain five when there is one); returns the new
    /// red bits.
    pub fn throw(h: &mut Counts, red: u8, e: usize) -> u8 {
        let mut red = red;
        if let Some(suit) = FIVES.iter().position(|&f| f == e) {
            let has_red = red & (1 << suit) != 0;
            if has_red && h[e] == 1 {
                red &= !(1 << suit);
            }
        }
        h[e] -= 1;
        red
    }

    /// Lists every state reachable from the roots (13-tile hands and their red bits) and
    /// fills their arrays; returns the roots' state indices.
    pub fn solve(&mut self, roots: &[(Counts, u8)]) -> Result<Vec<u32>, TooManyStates> {
        let roots = self.list(roots, self.q.opts.max_states)?;
        self.mark_reachable(&roots);
        self.pending_riichi_waits();
        if !self.retains() {
            self.free_before_pass();
        } else {
            // Emptied, not freed: a small graph keeps them for the next question (see
            // [`Buffers`]; the pass never reads them).
            self.tables.clear();
            if !self.keep_layers {
                self.keys13.clear();
            }
        }
        self.pass14 = self.states14;
        self.direct_riichi_steps();
        self.pass13 = self.states13;
        let mut roots = roots;
        self.unread13_away(&mut roots);
        self.fill(&roots);
        Ok(roots)
    }

    /// The number of 13- and 14-tile states the listing from `roots` numbers (what
    /// [`Solver::solve`] would list, without the pass), or [`TooManyStates`] as soon as it
    /// passes `cap`: a trial listing that costs at most `cap` states.
    pub fn count(&mut self, roots: &[(Counts, u8)], cap: usize) -> Result<usize, TooManyStates> {
        self.list(roots, cap)?;
        Ok((self.states13 + self.states14) as usize)
    }

    /// Pass 1: lists every state reachable from `roots`, breadth first, giving up as soon as
    /// more than `cap` states are numbered; returns the roots' state indices. A listing given
    /// up resumes where it stopped when called again with the same roots (a higher cap): the
    /// same states in the same order as one listing.
    fn list(&mut self, roots: &[(Counts, u8)], cap: usize) -> Result<Vec<u32>, TooManyStates> {
        let fresh = self.hands13.is_empty();
        let roots: Vec<u32> = roots
            .iter()
            .map(|(h, red)| {
                let hand = self.hand13(pack(h, 0), self.q.used(h) as u8);
                hand.base + u32::from(RANK[usize::from(hand.mask)][usize::from(*red)])
            })
            .collect();
        if fresh {
            self.roots = self.hands13.len();
        }
        // Breadth first over 13-tile hands (each 14-tile hand is listed when a draw finds it):
        // states are numbered in the order their hands are found, a hand's variants side by
        // side, so a state's draws and discards get nearby indices (the pass over draw indices
        // is bound by memory).
        while self.expanded < self.hands13.len() {
            if self.lists_on_two_threads()
                && let Some(listed) = self.list_on_two_threads(cap)
            {
                return listed.map(|()| roots);
            }
            self.expand_next();
            if (self.states13 + self.states14) as usize > cap {
                return Err(TooManyStates);
            }
        }
        Ok(roots)
    }

    /// Expands the next 13-tile hand of the breadth-first order (the roots' 14-tile hands
    /// counted once the roots are expanded).
    fn expand_next(&mut self) {
        self.expand13(self.expanded);
        self.expanded += 1;
        if self.expanded == self.roots {
            self.roots14 = self.hands14.len();
        }
    }

    /// Whether the solver keeps its memory through the pass for the next question: given
    /// [`Buffers`], and a graph small enough (fewer than [`RETAIN_BELOW`] states; see
    /// [`Buffers`]). Otherwise it frees what the pass does not read, as it always did.
    pub(super) fn retains(&self) -> bool {
        self.for_next && ((self.states13 + self.states14) as usize) < RETAIN_BELOW
    }

    /// Frees what the pass does not read, when the memory goes to no next question (see
    /// [`Solver::retains`]; freeing lowers the peak): the lookup tables, the pools' slack and,
    /// on a large graph, the scoring memos and the shanten memo (the roots' riichi hands and
    /// the simulator ask again for the few they need; a small graph keeps them: asking again
    /// costs more than the memory).
    fn free_before_pass(&mut self) {
        self.tables = Tables::default();
        if !self.keep_layers {
            self.keys13 = Vec::new();
        }
        if (self.states13 + self.states14) as usize >= fill::PARALLEL_FROM {
            self.scoring = Scoring::default();
            self.memo = Memo::new();
            self.wait_scratch = Vec::new();
        }
        // The pools grew by doubling: their slack would sit beside the pass's layers.
        self.steps.shrink_to_fit();
        self.option_pool.shrink_to_fit();
        self.hands13.shrink_to_fit();
        self.hands14.shrink_to_fit();
        self.wins.shrink_to_fit();
        self.riichi_states.shrink_to_fit();
        self.riichi_waits.shrink_to_fit();
    }

    /// Number of states (for reports and tests).
    pub fn states(&self) -> usize {
        self.states13 as usize + self.states14 as usize + self.riichi_states.len()
    }
}

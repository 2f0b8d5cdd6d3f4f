//! The exact solver: depth-first search with safe forced moves, a transposition table of
//! lost positions keyed on the set of tiles still present, sound dead-lock pruning and, in the
//! pairing search, losses explained by the decisions they depend on (backjumping) and learnt
//! as nogoods.
//!
//! It answers [`Verdict::Winnable`] with a full move sequence, [`Verdict::Unwinnable`], or
//! [`Verdict::Unknown`] only when its [`Budget`] runs out. Why each shortcut is sound is
//! argued in docs/crates/shanghai.md, "Soundness"; the modules here, by concern:
//!
//! - `verdict`: the budget and the answers;
//! - `search`: the pairing search (runs, nodes, branching, group weights);
//! - `relaxation`: the optimistic relaxation and the forward checks;
//! - `reasons`: which decisions a loss depends on; the dead-lock test;
//! - `nogoods`: learnt nogoods, watched and propagated;
//! - `table`: the tables of lost positions, within the memory budget;
//! - `moves`: the plain move search (boards with groups of more than four tiles);
//! - `review`: the 感想戦 of every legal move;
//! - `game`: the 感想戦 of a whole game, move by move;
//! - `splits`: decisions as bits.

mod game;
mod moves;
mod nogoods;
mod reasons;
mod relaxation;
mod review;
mod search;
mod splits;
mod table;
mod verdict;

use crate::bits::Bits;
use crate::board::Board;
use nogoods::Nogoods;
use reasons::Stuck;
use reasons::covering_splits;
use relaxation::Relaxation;
use search::blocks_of;
use std::fmt;
use std::time::Instant;
use table::LostTable;

pub use game::GameReview;
pub use verdict::{Budget, Limit, MoveClass, Stats, Verdict};

/// An exact solver for one board. It keeps its table of lost positions between calls, so
/// solving successive positions of one game (as [`Solver::review`] does) reuses work.
pub struct Solver<'b> {
    board: &'b Board,
    /// The tables of lost positions (see [`LostTable`]).
    table: LostTable,
    /// The node's history: its decisions (as in `commit`) and those of the groups whose pairs
    /// went on the way down from the root of the call.
    hist: u128,
    /// The groups whose decisions the greedy phases of the node and its ancestors depended on
    /// (added to a loss not worked out from a relaxation).
    path_why: u64,
    /// The nogoods learnt in the current call and their watches (see [`Nogoods`]).
    nogoods: Nogoods,
    /// The history of the node's parent: the node decided the rest of its history.
    hist_above: u128,
    /// Per group decided in the node's history: how many groups the history decided before
    /// it (so the decisions along the path are ordered).
    level: [u32; 64],
    /// In a review's call for a move that split a group of four: that group (else
    /// `usize::MAX`). Its two tiles left are a pair in this call; a loss whose argument
    /// needs that carries [`MOVED`] in its reason (module doc, "Nogoods").
    moved: usize,
    /// Splits to try first where a node branches (as in `commit`; 0: none): a review sets it
    /// to a known winning line's splits before it searches a move (phase saving).
    hint: u128,
    /// In a review's move searches: per split of each group (bit `3 * g + s`), whether the
    /// parent node's forward check of it ran and cleared the board; the node does not check
    /// those splits again (see [`Solver::expand`]). 0 at the root of a run.
    cleared_above: u128,
    /// Whether the next calls skip the cheap first run (a review's calls for its moves, which
    /// start with the position's nogoods, used in full runs only).
    full_runs_only: bool,
    /// Per group and split: the reason its forward check refuted it (groups whose decisions
    /// the refutation depends on), valid while the split's bit is set in `refuted`.
    why_refuted: Vec<[Stuck; 3]>,
    /// Per group of four, per split: whether it pairs a tile with one lying on it.
    covering: Vec<[bool; 3]>,
    /// Per slot, the slots it blocks (`Board::blocks` as a set) and 4 when nothing lies on it
    /// and it is above the ground layer: what [`Solver::unblocks`] adds up.
    blocks_of: Vec<(Bits, u32)>,
    nodes: u64,
    limit: u64,
    budget: Budget,
    free: Vec<bool>,
    /// The state of the relaxation runs of the current node (see [`Relaxation`]).
    run: Relaxation,
    weight: Vec<u32>,
    /// Whether this is a full run of the search (after the cheap first one): every undecided
    /// group is forward-checked, reasons are shrunk, and the order is randomised (see
    /// [`Solver::solve_from`]).
    full_run: bool,
    /// The state of the run's random number generator (seeded from the position, so every
    /// answer is reproducible).
    rng: u64,
    relaxations: u64,
    /// `nodes` and `relaxations` of the calls before the current one.
    total_nodes: u64,
    total_relaxations: u64,
    /// When the time budget of the current call runs out.
    deadline: Option<Instant>,
    /// Whether the current call ran out of time.
    timed_out: bool,
    /// In a review: when its time budget runs out (every call of the review stops then).
    review_deadline: Option<Instant>,
}

struct OutOfBudget;

/// How a subtree of the pairing search ended: won, or lost for a reason (the groups, bit `g`,
/// whose decisions in the node's history the loss depends on: no win from the root of the
/// call splits them all so).
enum Found {
    Won,
    Lost(u64),
}

/// The most groups the pairing search handles (three bits each in a `u128`).
const MAX_GROUPS: usize = 42;

impl fmt::Debug for Solver<'_> {
    /// The board's layout and size, the budget and the statistics; the search tables are
    /// left out (they hold up to millions of positions).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("layout", &self.board.layout().name())
            .field("slots", &self.board.len())
            .field("budget", &self.budget)
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

/// `present` without the slots beyond the board's last.
fn on_board(board: &Board, present: Bits) -> Bits {
    let full = board.full();
    Bits(std::array::from_fn(|k| present.0[k] & full.0[k]))
}

/// Whether `present` holds an odd number of tiles of some matching group (so it can never
/// be cleared).
fn has_odd_group(board: &Board, present: &Bits) -> bool {
    let mut odd = 0u64;
    for i in present.iter() {
        odd ^= 1 << board.slot_groups()[i];
    }
    odd != 0
}

/// Whether no tile of `members` is in `p`.
fn all_gone(members: &[u16], p: &Bits) -> bool {
    members.iter().all(|&t| !p.has_slot(t as usize))
}

impl<'b> Solver<'b> {
    /// A solver for `board` with the default budget.
    pub fn new(board: &'b Board) -> Solver<'b> {
        Solver::with_budget(board, Budget::default())
    }

    /// A solver for `board` with `budget` per call.
    pub fn with_budget(board: &'b Board, budget: Budget) -> Solver<'b> {
        Solver {
            board,
            table: LostTable::new(budget.table_entries()),
            hist: 0,
            path_why: 0,
            nogoods: Nogoods::new(board.group_count()),
            hist_above: 0,
            level: [0; 64],
            moved: usize::MAX,
            hint: 0,
            full_runs_only: false,
            cleared_above: 0,
            why_refuted: vec![[Stuck::default(); 3]; board.group_count()],
            covering: covering_splits(board),
            blocks_of: blocks_of(board),
            nodes: 0,
            limit: 0,
            budget,
            free: vec![false; board.len()],
            run: Relaxation::new(),
            weight: vec![0; board.group_count().max(1)],
            full_run: true,
            rng: 0,
            relaxations: 0,
            total_nodes: 0,
            total_relaxations: 0,
            deadline: None,
            timed_out: false,
            review_deadline: None,
        }
    }

    /// Statistics of the last call (nodes of that call, table size overall).
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            dead: self.table.dead.len() + self.table.lost_count,
            relaxations: self.relaxations,
            total_nodes: self.total_nodes + self.nodes,
            total_relaxations: self.total_relaxations + self.relaxations,
        }
    }

    /// Solves the full board.
    pub fn solve(&mut self) -> Verdict {
        self.solve_from(self.board.full())
    }

    /// Solves the position where the tiles of `present` are on the board (slots beyond the
    /// board hold no tile and are ignored). A position with an odd number of tiles of some
    /// matching group, which no play reaches, is unwinnable: every move takes two of one group.
    pub fn solve_from(&mut self, present: Bits) -> Verdict {
        self.solve_inner(present, false)
    }

    /// Solves `present` with the plain move search (safe forced moves, the dead-lock test,
    /// the relaxation and the table of lost positions, but no pairing decisions): slower, and
    /// independent of the pairing search, for cross-checking it.
    pub fn solve_by_moves(&mut self, present: Bits) -> Verdict {
        self.solve_inner(present, true)
    }

    /// Solves `present` by the pairing search when every group has at most four tiles and
    /// there are at most `MAX_GROUPS` groups, else (or when `by_moves`) by the plain move
    /// search.
    fn solve_inner(&mut self, present: Bits, by_moves: bool) -> Verdict {
        self.start_call();
        let present = on_board(self.board, present);
        if has_odd_group(self.board, &present) {
            self.nogoods.inherited.clear();
            return Verdict::Unwinnable;
        }
        let mut path = Vec::new();
        let pairing = !by_moves
            && (0..self.board.group_count()).all(|g| self.board.members(g).len() <= 4)
            && self.board.group_count() <= MAX_GROUPS;
        let result = if pairing { self.pairing_runs(present, &mut path) } else { self.dfs(present, &mut path) };
        match result {
            Ok(true) => {
                debug_assert!(self.board.check_win(present, &path).is_ok());
                Verdict::Winnable(path)
            }
            Ok(false) => Verdict::Unwinnable,
            Err(OutOfBudget) => Verdict::Unknown(self.limit_reached()),
        }
    }

    /// Starts a call: the last call's nodes and relaxations go to the totals, and the
    /// deadline and node limit are set from the budget.
    fn start_call(&mut self) {
        self.total_nodes += self.nodes;
        self.total_relaxations += self.relaxations;
        self.nodes = 0;
        self.relaxations = 0;
        // A time beyond what the clock can hold (`Duration::MAX`) is no deadline at all.
        self.deadline = self.review_deadline.or_else(|| self.budget.time.and_then(|t| Instant::now().checked_add(t)));
        self.timed_out = self.review_deadline.is_some_and(|d| Instant::now() >= d);
        self.limit = self.budget.nodes;
    }

    /// The limit that ended the current call (after it ran out of budget).
    fn limit_reached(&self) -> Limit {
        match self.budget.time {
            Some(t) if self.timed_out => Limit::Time(t),
            _ => Limit::Nodes(self.budget.nodes),
        }
    }

    /// The next number of the run's random sequence (SplitMix64).
    fn next_random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ z >> 31
    }

    /// Counts a node; true when the node cut-off or the time budget is exhausted.
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 63 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
        }
        self.timed_out || self.nodes > self.limit
    }
}

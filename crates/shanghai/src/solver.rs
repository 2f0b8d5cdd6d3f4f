//! The exact solver: depth-first search with safe forced moves, a transposition table of
//! lost positions keyed on the set of tiles still present, sound dead-lock pruning and, in the
//! pairing search, losses explained by the decisions they depend on (backjumping).
//!
//! It answers [`Verdict::Winnable`] with a full move sequence, [`Verdict::Unwinnable`], or
//! [`Verdict::Unknown`] only when the explicit [`Budget`] of search nodes runs out.
//!
//! Soundness of each shortcut (freeness only grows as tiles are removed):
//! - *Forced moves.* When all remaining tiles of a matching group are free (two or four of
//!   them), removing them now is never worse: any winning sequence can be reordered to take
//!   them first, since taking tiles never blocks another, and tiles of one group are
//!   interchangeable among themselves.
//! - *Dead-locks.* A tile lying (directly or through a stack) on another must be removed
//!   first, so the two can never be a pair. A group with two tiles left, one covering the
//!   other, or with four left where each of the three ways to split them into two pairs puts
//!   a covering pair together, can never be cleared.
//! - *Transposition table.* Whether a position can be cleared depends only on the set of tiles
//!   present, so a lost set is never searched twice.
//! - *Pairing search* (groups of at most four tiles; de Bondt's idea, see
//!   docs/crates/shanghai.md): the search decides how each group of four splits into two pairs;
//!   with the splits fixed, taking any removable pair at once is safe. An optimistic relaxation
//!   (pairs go when both are free, undecided tiles alone when a groupmate is free or gone)
//!   removes a superset of what any real line removes, so its failure proves a loss. A split it
//!   refutes at a node stays refuted below: the moves from the node to a descendant are real
//!   moves that do not touch the undecided group, so a win below with that split would extend
//!   to one from the node. A forward check of a split of group `g` (run only once the node's
//!   relaxation, `g` undecided, has cleared the board) stops with the board cleared as soon as
//!   `g`'s last tile goes: its removals are ones the node's run allows too, that run's unique
//!   fixpoint is the empty board, and with `g`'s tiles gone the two runs' rules coincide. The
//!   runs that shrink such a check's reason (below) stop there too, for the same reason: they
//!   drop decisions, which only allows more.
//! - *Reasons* (pairing search). A loss comes with a reason: a set `R` of decided groups such
//!   that no win from the position splits every group of `R` as decided (whatever the other
//!   decisions). The relaxation is monotone (freeness and gone groupmates only grow), so any
//!   order of its removals reaches the same stuck set `p`; undecided, a decided group's tile
//!   could go at `p` only if it is free beside another tile of its group that is free or gone,
//!   so dropping the decisions of the groups with no such tile leaves `p` stuck: the others
//!   are the reason. In the full runs it is shrunk: dropping one more decision and continuing
//!   the relaxation from `p`, the decision is left out when the board still is not cleared. A
//!   split refuted at an ancestor keeps the ancestor's reason (the moves down to the node are
//!   removals the relaxation with only that reason's decisions allows too). A group of four
//!   whose first pair the greedy phase took because of its decision (the move is safe only
//!   given the split) is in a reason only when the loss may depend on how its last two tiles
//!   pair (see *Nogoods*: reasons are sets of the decisions of the node's history). A group
//!   with no split left is lost for the union of its splits' reasons; after
//!   branching on group `g`, the node is lost for the children's reasons without `g`, plus
//!   the reasons its refuted splits failed (every win splits `g` somehow); a child lost for a
//!   reason without `g` makes the node lost for that reason at once, and its other splits are
//!   skipped (backjumping); groups decided together because one split was left are replaced
//!   in the child's reason by the reasons their other splits failed.
//! - *Lost table with reasons.* Each lost set of tiles is kept with the decisions of its
//!   reason; a later visit to the same set whose decisions include them is lost (more
//!   decisions only remove wins). Only this direction is used: a position with more tiles
//!   removed is not known to be lost, since removing tiles is not monotone (a pair taken
//!   early can leave its groupmates unpaired).
//! - *Nogoods* (pairing search). Each node's position is reached from the root of the call
//!   by real moves that follow the splits decided on the way (its *history*: the node's
//!   decisions and those of groups whose pairs the greedy phase took since). A node's loss
//!   reason `R` is a set of groups such that no win from the *root* splits them all as the
//!   history does: a *nogood*, which holds in every run and at every node of the call (and
//!   implies that the node's own position is lost under its decisions of `R`: a win from it,
//!   after the moves down to it, would be a win from the root splitting them so). Where the
//!   relaxation got stuck at `q`, `R` holds the node's decided groups the reason above keeps
//!   and the groups of two at the node (a group of four whose first pair the greedy phase took
//!   on the way down) with a free tile at `q` whose tiles, going singly as if undecided, let
//!   the relaxation clear the board (tested one at a time continuing from `q`, as the reason is
//!   shrunk; in the cheap first run, every such group with a free tile). The relaxation from
//!   the root with only `R`'s decisions gets stuck then: it may make every real move down to
//!   the node (a pair of a group it leaves undecided goes singly, both tiles free) and every
//!   removal of the node's run (fewer decisions only allow more), so its unique fixpoint is
//!   reached through `q`, where nothing more goes; and every real win from the root with those
//!   decisions removes a subset of what it removes. Branching and forced decisions combine
//!   such sets as they combine reasons (every win splits the branching group somehow). A loss
//!   not worked out from a relaxation (a lost-table hit, or no group left to branch on) adds
//!   every group the greedy phases on the way down depended on, whose moves any win with those
//!   splits can take first. A node whose history includes a nogood is lost, for the nogood's
//!   groups; likewise a split of an undecided group `g` that would complete a nogood is
//!   refuted at the node and below, for the nogood's other groups (a win with it would
//!   complete the nogood from the root). Two tiles of a group of two at the node that cover
//!   one another lose for that group (its split decided them, or, undecided at the root, they
//!   were a pair there already). Nogoods are recorded and used in
//!   the full runs only, at most `MAX_NOGOODS` per call; a nogood left out only prunes less.
//!   A review carries them between its calls: a nogood `N` at a position `p` holds after a
//!   move `m` of group `g` when `N` does not decide `g`, or, with `g`'s decision dropped, when
//!   it splits `g` as `m` pairs its tiles (a win after `m`, with `m` first, is a win from `p`
//!   splitting `g` so); and a nogood found after `m` holds at `p` with `m`'s decision for `g`
//!   added (a win from `p` splitting `g` so can take `m` first: freeness only grows).
//!   It holds at `p` *without* that decision when its argument never used the pair `m` left
//!   of `g` (the call marks the losses that may have, `MOVED` in their reason): at each
//!   relaxation stuck at some `q` whose reason it uses, no tile of `g` left at `q` is free, or
//!   continuing the relaxation from `q` with `g`'s tiles going singly (as they may when `g`
//!   is undecided, two of them gone) still gets stuck. Then the relaxation from `p` with the
//!   nogood's decisions and `g` undecided gets stuck too: it may take `m`'s tiles singly (both
//!   free), every real move down to the node and every removal of the node's run (fewer
//!   decisions only allow more), so its unique fixpoint is reached through `q`, where nothing
//!   more goes. So no win from `p` makes the nogood, whatever `g`'s split; the branching and
//!   forced-decision steps combine such facts as they combine losses. Losses not worked out
//!   from a relaxation are marked: a lost-table hit, a nogood inherited with `g`'s decision
//!   dropped (or found marked), `g`'s two tiles covering one another. (The cheap first run
//!   only tests whether a tile of `g` is free at `q`.)
//! - *Order and restarts.* Which group a node branches on, which split it tries first, how
//!   many groups it forward-checks (the cheap first run stops after a few checks in a row that
//!   refute nothing, a review's move searches after a few more, and skip the splits whose check
//!   at the parent refuted nothing: a check left out only refutes nothing), the random
//!   perturbation of both in the full runs, and where a run is cut off only decide where the
//!   search looks and how much it prunes, never what a prune concludes: each rule above holds
//!   at any node whatever led there, and a lost-table entry carries its reason, so it stays
//!   valid in every later run, whatever order found it. A run cut off records nothing for the
//!   nodes it leaves, and the last run is bounded only by the budget, so the search stays
//!   complete. The random sequence is seeded from the position, so every answer is
//!   reproducible.
//! - *Stuck patterns.* A position holding a stalemate `P` (tiles with no move among them) with
//!   no tile outside `P` of the kinds of `P`'s free tiles is lost: the first tile of `P` to go
//!   would be free in `P` and need a free partner of its kind, which only `P` holds. The
//!   relaxation fails on every such position (its first removal from `P` would need the same
//!   partner), so this sound form of document 002's rule needs no table of its own; the
//!   document's text drops the condition on kinds and is wrong (see [`crate::doc002`]).

use std::fmt;
use std::time::{Duration, Instant};

use hashbrown::{HashMap, HashSet};

use crate::bits::{Bits, MAX_SLOTS};
use crate::board::{Board, GONE, Move, is_free_count, uncovered_count};

/// How much search and memory the solver may spend on one call before answering `Unknown`.
///
/// The node and time limits end a call with [`Verdict::Unknown`] naming the [`Limit`] reached;
/// the memory limit bounds the solver's tables of lost positions (counted in entries, each
/// costed at [`Budget::TABLE_ENTRY_BYTES`]): once they are full, further losses are not
/// remembered and the search goes on without them, so memory stays bounded whatever the node
/// limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Maximum number of search nodes (positions expanded).
    pub nodes: u64,
    /// Maximum wall-clock time, if any (checked every 64 nodes). In a review it covers the
    /// whole review (the position's search and every move's).
    pub time: Option<Duration>,
    /// Maximum bytes of the tables of lost positions.
    pub memory: usize,
}

impl Budget {
    /// What one entry of the tables of lost positions is counted as: its key (32 bytes), its
    /// decisions (16) and the hash table's room around it (a table just grown is half empty).
    pub const TABLE_ENTRY_BYTES: usize = 160;

    /// The most entries the tables of lost positions may hold under this budget.
    pub fn table_entries(&self) -> usize {
        self.memory / Budget::TABLE_ENTRY_BYTES
    }
}

impl Default for Budget {
    /// Bounded for interactive use: 50 million nodes, 10 seconds and 512 MiB of tables a call
    /// (of 10,000 random Turtle deals none needed more than a few tens of thousands of nodes;
    /// the 256-tile grids of document 002 can run into the time limit).
    fn default() -> Budget {
        Budget { nodes: 50_000_000, time: Some(Duration::from_secs(10)), memory: 512 << 20 }
    }
}

/// The limit of a [`Budget`] that ended a search.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Limit {
    /// The node limit (the budget's `nodes`) ran out.
    Nodes(u64),
    /// The time limit (the budget's `time`) ran out.
    Time(Duration),
}

impl fmt::Display for Limit {
    /// `gave up after 50000000 nodes` or `gave up after 10 s` (milliseconds below a second).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Limit::Nodes(n) => write!(f, "gave up after {n} nodes"),
            Limit::Time(t) if t.subsec_millis() == 0 && t.as_secs() > 0 => {
                write!(f, "gave up after {} s", t.as_secs())
            }
            Limit::Time(t) => write!(f, "gave up after {} ms", t.as_millis()),
        }
    }
}

/// The solver's answer.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// The board can be cleared; the moves do it.
    Winnable(Vec<Move>),
    /// No sequence of moves clears the board.
    Unwinnable,
    /// The budget ran out first: which limit.
    Unknown(Limit),
}

impl Verdict {
    /// A one-word name: `winnable`, `unwinnable` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Winnable(_) => "winnable",
            Verdict::Unwinnable => "unwinnable",
            Verdict::Unknown(_) => "unknown",
        }
    }
}

impl fmt::Display for Verdict {
    /// The [`name`](Verdict::name): `winnable`, `unwinnable` or `unknown` (the moves of a
    /// winnable verdict and the limit of an unknown one are not printed).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Search statistics of the last call.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// Positions expanded.
    pub nodes: u64,
    /// Lost positions remembered.
    pub dead: usize,
    /// Runs of the optimistic relaxation.
    pub relaxations: u64,
    /// Positions expanded by every call of this solver (a review makes several).
    pub total_nodes: u64,
    /// Runs of the optimistic relaxation in every call of this solver.
    pub total_relaxations: u64,
}

/// An exact solver for one board. It keeps its table of lost positions between calls, so
/// solving successive positions of one game (as [`Solver::review`] does) reuses work.
pub struct Solver<'b> {
    board: &'b Board,
    dead: HashSet<Bits>,
    /// Lost positions of the pairing search: for each set of tiles, the decisions (as in
    /// `commit`, only the groups the loss depends on) under which it cannot be cleared.
    lost: HashMap<Bits, LostUnder>,
    lost_count: usize,
    /// The node's history: its decisions (as in `commit`) and those of the groups whose pairs
    /// went on the way down from the root of the call.
    hist: u128,
    /// The groups whose decisions the greedy phases of the node and its ancestors depended on
    /// (added to a loss not worked out from a relaxation).
    path_why: u64,
    /// Losses lifted to the root of the call (decisions, as in `commit`): no win from the root
    /// makes all of them. Cleared at each call.
    nogoods: Vec<u128>,
    /// Per nogood, its groups (bit `g`), and those it splits each way (see [`split_masks`]).
    nogood_groups: Vec<(u64, [u64; 3])>,
    /// Per nogood, whether it depends on how the call's first move paired its group (see
    /// `moved`); one that does not holds before that move too.
    nogood_moved: Vec<bool>,
    /// Per nogood of two groups or more, the two of its groups it watches (see
    /// [`Solver::propagate`]); others hold `[u8::MAX; 2]`.
    watch: Vec<[u8; 2]>,
    /// Per split `s` of each group `g` (index `3 * g + s`): the nogoods that watch `g` and
    /// split it that way.
    watchers: Vec<Vec<u32>>,
    /// The nogoods of fewer than two groups, looked at in every node.
    short: Vec<u32>,
    /// How many nogoods (the first ones) have their watches.
    watched: usize,
    /// The history of the node's parent: the node decided the rest of its history.
    hist_above: u128,
    /// How many nogoods there were when the node's [`Solver::propagate`] looked at them (0
    /// above the root), and the same for its parent.
    known: usize,
    known_above: usize,
    /// Per group decided in the node's history: how many groups the history decided before
    /// it (so the decisions along the path are ordered).
    level: [u32; 64],
    /// The nogoods [`Solver::propagate`] looks at in a node (kept to reuse its memory).
    to_check: Vec<u32>,
    /// Nogoods the next call starts with, each with whether it depends on how the call's
    /// first move paired its group (see [`inherit`]); taken by that call.
    inherited: Vec<(u128, bool)>,
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
    partner: Vec<u16>,
    queue: Vec<u16>,
    /// Per slot, its blockers present in the running relaxation's position (packed, see
    /// [`Board::blocker_counts`]), kept up to date by its removals. It and the other count
    /// vectors, and `partner`, have an entry per possible slot ([`MAX_SLOTS`], the entries
    /// beyond the board unused), so [`Solver::drain`] indexes them without bounds checks; so
    /// do `when` and `seen`.
    counts: Vec<u32>,
    /// `counts` saved: after a forward check's first phase, or before a shrink step.
    saved_counts: Vec<u32>,
    /// `counts` of the set of tiles `counts_of` (the node's position), so the node's runs
    /// start from a copy instead of counting.
    node_counts: Vec<u32>,
    counts_of: Option<Bits>,
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
    /// The most entries `dead` and `lost` may hold together (see [`Budget::memory`]).
    table_cap: usize,
    /// The decisions of the node's base relaxation.
    base_commit: u128,
    /// The groups of two of the node's base relaxation.
    base_twos: u64,
    /// Per slot, from the last relaxation: the step at which it went.
    when: Vec<u32>,
    /// Per slot of an undecided group, from the last relaxation: which members of its group
    /// (bit `k` for `members[g][k]`) were free or gone when it went.
    seen: Vec<u8>,
    /// States of the node's base run, saved by it (a recording [`Solver::drain`]) at its start
    /// and once its removals reach each multiple of `SNAP_EVERY`, for
    /// [`Solver::replay_base`]: the tiles left, the tiles gone singly per group, how many
    /// removals were made, and where its queue is kept in `snap_queues`; their blocker counts
    /// in `snap_counts` (the board's slots each).
    snaps: Vec<Snap>,
    snap_counts: Vec<u32>,
    snap_queues: Vec<u16>,
}

/// A state of the node's base run (see `Solver::snaps`).
#[derive(Clone, Copy)]
struct Snap {
    p: Bits,
    gone: [u8; 64],
    removed: u32,
    queue: (usize, usize),
}

struct OutOfBudget;

/// How a subtree of the pairing search ended: won, or lost for a reason (the groups, bit `g`,
/// whose decisions in the node's history the loss depends on: no win from the root of the
/// call splits them all so).
enum Found {
    Won,
    Lost(u64),
}

/// The most nogoods kept per call (each node of a full run scans them, see
/// [`Solver::propagate`]).
const MAX_NOGOODS: usize = 20_000;

/// How much heavier each group of a learnt nogood gets (see [`Solver::learn`]).
const NOGOOD_BUMP: u32 = 4;

/// The most a group's ordering weight gets before every weight is halved: the branching
/// order adds `64 * weight` plus half of that at random (and a little more) in a `u32`.
const MAX_WEIGHT: u32 = 1 << 24;

/// The most groups the pairing search handles (three bits each in a `u128`).
const MAX_GROUPS: usize = 42;

/// In a loss's reason (bit `g` per group; no group has this index): the loss depends on the
/// pair the call's first move left of its group (see `Solver::moved`).
const MOVED: u64 = 1 << 62;

/// [`MOVED`] when `moved`, else nothing.
fn moved_if(moved: bool) -> u64 {
    if moved { MOVED } else { 0 }
}

/// What a scan of every nogood finds at a node (a debug check of [`Solver::propagate`]): the
/// reason the node is lost, or the splits refuted, with each split refuted there and its
/// reason (group, split, reason).
#[cfg(debug_assertions)]
type Scanned = Result<(u128, Vec<(usize, usize, u64)>), u64>;

/// Where a run of the relaxation got stuck, kept to work out why only when needed.
#[derive(Clone, Copy)]
struct Stuck {
    /// The tiles left.
    p: Bits,
    /// Per group, its tiles that went singly.
    gone: [u8; 64],
    /// The decisions of the run (the node's, plus the split forward-checked).
    commit: u128,
    /// The node's groups of two (bit `g`).
    twos: u64,
    /// The node's decided groups: the reason is a subset of them.
    decided: u64,
    /// The reason, once worked out.
    reason: Option<u64>,
    /// The group of four a forward check decided (with the node's own run, the group
    /// undecided, clearing the board), else `usize::MAX`: a run of the reason's shrinking
    /// clears the board once that group's tiles are gone (see [`Solver::shrink_reason`]).
    checked: usize,
}

impl Default for Stuck {
    fn default() -> Stuck {
        Stuck { p: Bits::EMPTY, gone: [0; 64], commit: 0, twos: 0, decided: 0, reason: None, checked: usize::MAX }
    }
}

/// The decisions (as in `commit`, only those a loss depends on) under which one set of
/// tiles is known lost: the first kept inline, as most sets have one.
struct LostUnder {
    first: u128,
    more: Vec<u128>,
}

/// An undecided group of four to forward-check.
struct Cand {
    group: usize,
    /// Splits not yet refuted and not pairing a covered tile.
    viable: [bool; 3],
    /// Ordering weight: tiles blocked by the group's tiles, more when two are free.
    weight: u32,
    /// Splits the node's base relaxation already certifies.
    certified: [bool; 3],
    /// How many tiles the base relaxation removed before the group's first.
    prefix: usize,
    /// Where it is checked: see [`sort_candidates`].
    key: u64,
}

/// A position's tiles per group in the move search (see [`Solver::count_free`]).
struct GroupTiles {
    /// Tiles present.
    remaining: [u8; 64],
    /// The free ones (a group has at most 8 tiles): the first `free_n` of each.
    free: [[u16; 8]; 64],
    /// How many are free.
    free_n: [u8; 64],
}

/// What forward checking found at a node (see [`Solver::check_candidates`]).
struct Checked {
    /// Splits refuted: the node's, and those the checks refuted.
    refuted: u128,
    /// The group to branch on: its viable splits, how many, and its weight.
    best: Option<(usize, [bool; 3], u32, u32)>,
    /// Groups left with one split (two bits per group, as `commit`): decided together in
    /// one child.
    forced: u128,
    /// Splits whose check cleared the board (the children's `cleared_above`).
    cleared: u128,
}

impl Checked {
    /// Makes group `g` the one to branch on if it has fewer viable splits than the best so
    /// far, or as many and a greater weight.
    fn offer(&mut self, g: usize, viable: [bool; 3], count: u32, weight: u32) {
        let better = match self.best {
            None => true,
            Some((_, _, n, w)) => count < n || (count == n && weight > w),
        };
        if better {
            self.best = Some((g, viable, count, weight));
        }
    }
}

/// How many removals of a node's base run lie between two of its states saved for forward
/// checks (see [`Solver::replay_base`]; a state is saved once the removals reach each
/// multiple, one more when a pair crosses it).
const SNAP_EVERY: usize = 8;

/// The cheap first run of the pairing search stops forward-checking a node's groups after
/// this many checks in a row refuted nothing.
const CHEAP_QUIET_CHECKS: usize = 3;

/// A review's searches of its moves (full runs only) stop forward-checking a node's groups
/// after this many checks in a row refuted nothing; other full runs check every group. A
/// check left out only prunes less (module doc, "Order and restarts"): fewer relaxation runs
/// for somewhat more nodes, which pays on the long move searches of the slow reviews
/// (docs/PERFORMANCE.md, session 10).
const REVIEW_QUIET_CHECKS: usize = 10;

/// The three ways to split a group's four tiles (indices into its members) into two pairs.
const SPLITS: [[usize; 4]; 3] = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]];

/// What one legal move does to a position, from [`Solver::review`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveClass {
    /// The board can still be cleared after the move.
    KeepsWinnable,
    /// The move loses: the board can no longer be cleared.
    Loses,
    /// The budget ran out: which limit.
    Unknown(Limit),
}

impl MoveClass {
    /// `keeps-winnable`, `loses` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            MoveClass::KeepsWinnable => "keeps-winnable",
            MoveClass::Loses => "loses",
            MoveClass::Unknown(_) => "unknown",
        }
    }
}

impl fmt::Display for MoveClass {
    /// The [`name`](MoveClass::name): `keeps-winnable`, `loses` or `unknown`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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

impl<'b> Solver<'b> {
    /// A solver for `board` with the default budget.
    pub fn new(board: &'b Board) -> Solver<'b> {
        Solver::with_budget(board, Budget::default())
    }

    /// A solver for `board` with `budget` per call.
    pub fn with_budget(board: &'b Board, budget: Budget) -> Solver<'b> {
        Solver {
            board,
            dead: HashSet::new(),
            lost: HashMap::new(),
            lost_count: 0,
            hist: 0,
            path_why: 0,
            nogoods: Vec::new(),
            nogood_groups: Vec::new(),
            nogood_moved: Vec::new(),
            watch: Vec::new(),
            watchers: vec![Vec::new(); 3 * board.groups],
            short: Vec::new(),
            watched: 0,
            hist_above: 0,
            known: 0,
            known_above: 0,
            level: [0; 64],
            to_check: Vec::new(),
            inherited: Vec::new(),
            moved: usize::MAX,
            hint: 0,
            full_runs_only: false,
            cleared_above: 0,
            why_refuted: vec![[Stuck::default(); 3]; board.groups],
            covering: covering_splits(board),
            blocks_of: blocks_of(board),
            nodes: 0,
            limit: 0,
            budget,
            free: vec![false; board.len()],
            partner: vec![u16::MAX; MAX_SLOTS],
            queue: Vec::new(),
            counts: vec![0; MAX_SLOTS],
            saved_counts: vec![0; MAX_SLOTS],
            node_counts: vec![0; MAX_SLOTS],
            counts_of: None,
            weight: vec![0; board.groups.max(1)],
            full_run: true,
            rng: 0,
            relaxations: 0,
            total_nodes: 0,
            total_relaxations: 0,
            deadline: None,
            timed_out: false,
            review_deadline: None,
            table_cap: budget.table_entries(),
            base_commit: 0,
            base_twos: 0,
            when: vec![0; MAX_SLOTS],
            seen: vec![0; MAX_SLOTS],
            snaps: Vec::new(),
            snap_counts: Vec::new(),
            snap_queues: Vec::new(),
        }
    }

    /// Statistics of the last call (nodes of that call, table size overall).
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            dead: self.dead.len() + self.lost_count,
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
            self.inherited.clear();
            return Verdict::Unwinnable;
        }
        let mut path = Vec::new();
        let pairing = !by_moves && self.board.members.iter().all(|m| m.len() <= 4) && self.board.groups <= MAX_GROUPS;
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

    /// Whether the tables of lost positions have room for one more entry (see
    /// [`Budget::memory`]); when they are full, losses are no longer remembered.
    fn table_has_room(&self) -> bool {
        self.dead.len() + self.lost_count < self.table_cap
    }

    /// Remembers that the move search's position `present` is lost, when the table has room.
    fn remember_dead(&mut self, present: Bits) {
        if self.table_has_room() {
            self.dead.insert(present);
        }
    }

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
    fn pairing_runs(&mut self, present: Bits, path: &mut Vec<Move>) -> Result<bool, OutOfBudget> {
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
    fn start_runs(&mut self, present: Bits) -> u64 {
        let (cutoff, full_only) = if self.full_runs_only { (2_000, true) } else { (100, false) };
        self.full_run = full_only;
        self.rng = present.0.iter().fold(0x9e37_79b9_7f4a_7c15, |h, &w| (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9));
        self.nogoods.clear();
        self.nogood_groups.clear();
        self.nogood_moved.clear();
        self.forget_watches();
        for (n, moved) in std::mem::take(&mut self.inherited) {
            self.add_nogood(n, moved);
        }
        cutoff
    }

    /// Prepares the run after one that hit its cut-off `cutoff`: a full run, with a greater
    /// cut-off; returns it.
    fn next_run(&mut self, cutoff: u64) -> u64 {
        let cutoff = if self.full_run { cutoff.saturating_mul(3) / 2 } else { 2_000 };
        self.full_run = true;
        // Older failures count half as much in each new run (as VSIDS decays its
        // activities), so each run follows the latest ones more.
        self.weight.iter_mut().for_each(|w| *w /= 2);
        cutoff
    }

    /// 感想戦: every legal move of `present` with what it does.
    ///
    /// The position is solved first: when it cannot be cleared, every move loses. Otherwise
    /// each winning line found (the position's, then each move's) is reused: a move that is
    /// one of a known line's pairs keeps the board winnable (taking a pair of a winning line
    /// earlier leaves every later move legal), and so does a move `a-b` when a known line's
    /// pairs, with `a-b` and `x-y` in place of its `a-x` and `b-y`, clear the board in some
    /// order (a greedy replay decides it), or do so with one more group split another way.
    /// Only the remaining moves are searched, with full runs only (no cheap first run) whose
    /// nodes stop forward-checking once ten checks in a row have refuted nothing: each with
    /// the nogoods known at the position (module doc, "Nogoods"; those a move's search
    /// finds without using the pair it left of its group hold at the position as they are, so
    /// they apply to every later move), trying first at each branch the split the latest
    /// winning line makes (phase saving: a move changes one group, so the line's other splits
    /// mostly still win).
    ///
    /// ```
    /// use haipai_shanghai::{Board, Deal, Layout, MoveClass, Rules, Solver};
    ///
    /// let layout = Layout::named("grid 2x2x4")?;
    /// let deal = Deal::random(&layout, Rules::Grid, 3)?;
    /// let board = Board::new(layout, Rules::Grid, deal.faces)?;
    /// let mut solver = Solver::new(&board);
    /// let review = solver.review(board.full());
    /// assert_eq!(review.len(), board.moves(&board.full()).len());
    /// for (m, class) in &review {
    ///     let after = board.play(board.full(), &[*m])?;
    ///     let winnable = Solver::new(&board).solve_from(after).name() == "winnable";
    ///     assert_eq!(*class == MoveClass::KeepsWinnable, winnable, "{m}: {class}");
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn review(&mut self, present: Bits) -> Vec<(Move, MoveClass)> {
        let board = self.board;
        let present = on_board(board, present);
        let moves = board.moves(&present);
        let mut lines: Vec<Vec<Move>> = Vec::new();
        self.review_deadline = self.budget.time.and_then(|t| Instant::now().checked_add(t));
        match self.solve_from(present) {
            Verdict::Winnable(line) => lines.push(line),
            Verdict::Unwinnable => {
                self.review_deadline = None;
                return moves.into_iter().map(|m| (m, MoveClass::Loses)).collect();
            }
            Verdict::Unknown(_) => {}
        }
        // Nogoods at `present`: the position's own, then each searched move's lifted back.
        let mut nogoods = self.nogoods.clone();
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            if lines.iter().any(|l| l.contains(&m)) {
                out.push((m, MoveClass::KeepsWinnable));
                continue;
            }
            if let Some(line) = lines.iter().find_map(|l| repair(board, present, l, m)) {
                lines.push(line);
                out.push((m, MoveClass::KeepsWinnable));
                continue;
            }
            let mut p = present;
            p.remove(m.0 as usize);
            p.remove(m.1 as usize);
            self.inherited = inherit(board, present, &nogoods, m);
            self.moved = if lift(board, present, m) == 0 { usize::MAX } else { board.group[m.0 as usize] as usize };
            self.hint = lines.last().map_or(0, |line| splits_of(board, p, line));
            let known = self.inherited.len();
            self.full_runs_only = true;
            let verdict = self.solve_from(p);
            self.full_runs_only = false;
            let class = match verdict {
                Verdict::Winnable(rest) => {
                    let mut line = vec![m];
                    line.extend(rest);
                    lines.push(line);
                    MoveClass::KeepsWinnable
                }
                Verdict::Unwinnable => MoveClass::Loses,
                Verdict::Unknown(limit) => MoveClass::Unknown(limit),
            };
            self.moved = usize::MAX;
            let lifted = lift(board, present, m);
            let learnt = self.nogoods.iter().zip(&self.nogood_moved).skip(known);
            nogoods.extend(learnt.map(|(&n, &moved)| if moved { n | lifted } else { n }));
            out.push((m, class));
        }
        self.hint = 0;
        self.review_deadline = None;
        out
    }

    /// The plain move search (see [`Solver::solve_by_moves`]): takes the groups whose tiles
    /// are all free, then tries each move, best first; a lost position is remembered in
    /// `dead`.
    fn dfs(&mut self, mut present: Bits, path: &mut Vec<Move>) -> Result<bool, OutOfBudget> {
        let base = path.len();
        let mut tiles = GroupTiles { remaining: [0u8; 64], free: [[0u16; 8]; 64], free_n: [0u8; 64] };
        self.take_free_groups(&mut present, &mut tiles, path);
        if present.is_empty() {
            return Ok(true);
        }
        if let Some(result) = self.settled(&present, &tiles.remaining[..self.board.groups]) {
            path.truncate(base);
            return result;
        }
        for (_, m) in self.move_candidates(&present, &tiles) {
            let mut p = present;
            p.remove(m.0 as usize);
            p.remove(m.1 as usize);
            path.push(m);
            match self.dfs(p, path) {
                Ok(true) => return Ok(true),
                Ok(false) => {
                    path.pop();
                }
                Err(e) => {
                    path.truncate(base);
                    return Err(e);
                }
            }
        }
        self.remember_dead(present);
        path.truncate(base);
        Ok(false)
    }

    /// Takes every group whose tiles are all free (safe: its pairs can be taken in any order),
    /// until none is left; `tiles` ends up counting the position's tiles per group.
    fn take_free_groups(&mut self, present: &mut Bits, tiles: &mut GroupTiles, path: &mut Vec<Move>) {
        loop {
            self.count_free(present, tiles);
            let mut forced = false;
            for g in 0..self.board.groups {
                let r = tiles.remaining[g];
                if r > 0 && tiles.free_n[g] == r {
                    for k in (0..r as usize).step_by(2) {
                        let (a, b) = (tiles.free[g][k], tiles.free[g][k + 1]);
                        path.push(Move::new(a as usize, b as usize));
                        present.remove(a as usize);
                        present.remove(b as usize);
                    }
                    forced = true;
                }
            }
            if !forced {
                break;
            }
        }
    }

    /// Counts `present`'s tiles and free tiles per group into `tiles`, and marks each tile's
    /// freeness in `self.free`.
    fn count_free(&mut self, present: &Bits, tiles: &mut GroupTiles) {
        let board = self.board;
        let groups = board.groups;
        tiles.remaining[..groups].fill(0);
        tiles.free_n[..groups].fill(0);
        for i in present.iter() {
            let g = board.group[i] as usize;
            tiles.remaining[g] += 1;
            let f = board.is_free(present, i);
            self.free[i] = f;
            if f {
                tiles.free[g][tiles.free_n[g] as usize] = i as u16;
                tiles.free_n[g] += 1;
            }
        }
    }

    /// The outcome of a position of the move search known without trying its moves: lost
    /// when remembered in `dead`, dead-locked or refuted by the relaxation (then remembered),
    /// out of budget; `None` when its moves must be tried.
    fn settled(&mut self, present: &Bits, remaining: &[u8]) -> Option<Result<bool, OutOfBudget>> {
        if self.dead.contains(present) {
            return Some(Ok(false));
        }
        if self.out_of_budget() {
            return Some(Err(OutOfBudget));
        }
        if self.deadlocked(present, remaining) || self.relaxed_clear(present, 0, remaining).is_some() {
            self.remember_dead(*present);
            return Some(Ok(false));
        }
        None
    }

    /// Candidate moves, best first: tiles that block more present tiles first.
    fn move_candidates(&self, present: &Bits, tiles: &GroupTiles) -> Vec<(u32, Move)> {
        let mut cands: Vec<(u32, Move)> = Vec::new();
        for g in 0..self.board.groups {
            let nf = tiles.free_n[g] as usize;
            if nf < 2 {
                continue;
            }
            let fl = &tiles.free[g][..nf];
            for x in 0..nf {
                for y in x + 1..nf {
                    let (a, b) = (fl[x] as usize, fl[y] as usize);
                    let score = self.unblocks(present, a) + self.unblocks(present, b);
                    cands.push((score, Move::new(a, b)));
                }
            }
        }
        cands.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        cands
    }

    /// The pairing search (groups of at most four tiles). `commit` holds two bits per group
    /// with all four tiles present: 0 undecided, else which of the three splits into pairs
    /// was chosen (1: t0t1/t2t3, 2: t0t2/t1t3, 3: t0t3/t1t2, `t` the group's slots in order).
    /// With the splits fixed, taking any removable pair at once is safe, so the search branches
    /// only on splits. A loss comes with its reason: the groups (bit `g`) whose decisions in
    /// the node's history it depends on, a nogood (see the module doc).
    fn search(
        &mut self,
        present: Bits,
        commit: u128,
        refuted: u128,
        path: &mut Vec<Move>,
    ) -> Result<Found, OutOfBudget> {
        let (base, hist0, path_why0, known0) = (path.len(), self.hist, self.path_why, self.known);
        (self.hist_above, self.known_above) = (hist0, known0);
        self.hist |= commit;
        let found = self.search_node(present, commit, refuted, path);
        (self.hist, self.path_why, self.known) = (hist0, path_why0, known0);
        if !matches!(found, Ok(Found::Won)) {
            path.truncate(base);
        }
        found
    }

    /// [`Solver::search`] once the node's history is set, without restoring it or `path`: the
    /// greedy phase, the lost table, then [`Solver::expand`] (which checks the nogoods); a loss
    /// is remembered with its reason, and as a nogood.
    fn search_node(
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
    fn learn(&mut self, nogood: u128, moved: bool) {
        for g in bit_indices(decided(nogood)) {
            self.heavier(g, NOGOOD_BUMP);
        }
        self.add_nogood(nogood, moved);
    }

    /// Adds `by` to group `g`'s ordering weight; when it gets over [`MAX_WEIGHT`], every
    /// weight is halved (a solver reused for many calls never overflows, and the order of the
    /// weights barely changes).
    fn heavier(&mut self, g: usize, by: u32) {
        self.weight[g] += by;
        if self.weight[g] > MAX_WEIGHT {
            self.weight.iter_mut().for_each(|w| *w /= 2);
        }
    }

    /// Keeps `nogood` (while fewer than `MAX_NOGOODS` are kept), with whether it depends on
    /// how the call's first move paired its group.
    fn add_nogood(&mut self, nogood: u128, moved: bool) {
        if self.nogoods.len() < MAX_NOGOODS {
            self.nogoods.push(nogood);
            self.nogood_groups.push((decided(nogood), split_masks(nogood)));
            self.nogood_moved.push(moved);
        }
    }

    /// [`MOVED`] in a review's call for a move that split a group of four, else nothing: a
    /// loss whose argument is not followed through conservatively depends on that pairing.
    fn moved_bit(&self) -> u64 {
        if self.moved == usize::MAX { 0 } else { MOVED }
    }

    /// Remembers that `present` is lost under `decisions` (and any that include them).
    fn remember_lost(&mut self, present: Bits, decisions: u128) {
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

    /// The greedy phase: takes every group whose tiles are all free and every free pair of a
    /// decided group, until none is left. Returns the position, the decisions left (groups
    /// still of four), the tiles left per group and the groups whose decisions a move
    /// depended on (a decided group's pair taken while its other pair stayed).
    ///
    /// Freeness is read off the blocker counts, kept up to date by each take; those of the
    /// position it returns are kept for the node's runs (see [`Solver::start_counts`]).
    #[allow(clippy::needless_range_loop)]
    fn greedy(&mut self, mut present: Bits, mut commit: u128, path: &mut Vec<Move>) -> (Bits, u128, [u8; 64], u64) {
        let board = self.board;
        let groups = board.groups;
        self.start_counts(&present);
        let counts = &mut self.counts[..];
        let mut rem = tiles_per_group(board, &present);
        let mut why = 0u64;
        loop {
            let mut changed = false;
            for g in 0..groups {
                let m = &board.members[g];
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
    fn keep_node_counts(&mut self, present: Bits) {
        let n = self.board.len();
        self.node_counts[..n].copy_from_slice(&self.counts[..n]);
        self.counts_of = Some(present);
    }

    /// A reason `present` with decisions `commit` is known lost: a remembered loss whose
    /// decisions `commit` shares.
    fn known_lost(&self, present: &Bits, commit: u128) -> Option<u64> {
        let lost = self.lost.get(present)?;
        std::iter::once(&lost.first).chain(&lost.more).find(|&&c| commit & spread(c) == c).map(|&c| decided(c))
    }

    /// One node of the pairing search after its greedy phase: the dead-lock test, the
    /// relaxation, forward checking, then the children.
    fn expand(
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
    fn prepare_candidates(
        &mut self,
        present: &Bits,
        commit: u128,
        refuted: u128,
        rem: &[u8; 64],
    ) -> Result<(u128, Vec<Cand>), u64> {
        let groups = self.board.groups;
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
    fn check_candidates(&mut self, present: &Bits, cands: &[Cand], refuted: u128) -> Result<Checked, u64> {
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
    fn quiet_limit(&self) -> usize {
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
    fn check_splits(
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
    fn branch_weight(&mut self, c: &Cand) -> u32 {
        let mut weight = c.weight + 64 * self.weight[c.group];
        if self.full_run {
            weight += (self.next_random() % u64::from(weight / 2 + 1)) as u32;
        }
        weight
    }

    /// The node's children once forward checking is done: one child deciding every forced
    /// group, else a branch on the best group; with neither, the node is lost.
    fn descend(
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
    fn decide_forced(
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
        for g in 0..self.board.groups {
            if (forced_groups & why) >> g & 1 != 0 {
                let code = (forced >> (2 * g) & 3) as usize;
                out |= self.why_not(g, std::array::from_fn(|s| s != code - 1), refuted);
            }
        }
        Ok(Found::Lost(out))
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
    fn propagate(&mut self, mut refuted: u128) -> Result<u128, u64> {
        if !self.full_run {
            return Ok(refuted);
        }
        let h = split_masks(self.hist);
        #[cfg(debug_assertions)]
        let expected = self.propagate_by_scan(refuted, h);
        let mut to_check = std::mem::take(&mut self.to_check);
        to_check.clear();
        self.watch_new_decisions(h, &mut to_check);
        to_check.extend_from_slice(&self.short);
        self.check_learnt_since(h, &mut to_check);
        self.watch_new_nogoods(h, &mut to_check);
        self.known = self.nogoods.len();
        to_check.sort_unstable();
        to_check.dedup();
        let mut found = Ok(());
        for &k in &to_check {
            found = self.apply_nogood(k as usize, h, &mut refuted);
            if found.is_err() {
                break;
            }
        }
        self.to_check = to_check;
        let found = found.map(|()| refuted);
        #[cfg(debug_assertions)]
        self.assert_as_scanned(&expected, &found);
        found
    }

    /// What nogood `k` does at a node whose history splits the groups `h` (see
    /// [`split_masks`]): `Err` with its groups when the history includes it; else, when its
    /// last group is undecided and the rest split as it says, that split is refuted (unless
    /// it is already), with the nogood's other groups as its reason.
    fn apply_nogood(&mut self, k: usize, h: [u64; 3], refuted: &mut u128) -> Result<(), u64> {
        let (groups, n) = self.nogood_groups[k];
        // The nogood's groups the history does not split as it does.
        let miss = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
        if miss == 0 {
            return Err(groups | moved_if(self.nogood_moved[k]));
        }
        if miss & (miss - 1) != 0 || (h[0] | h[1] | h[2]) & miss != 0 {
            return Ok(());
        }
        let g = miss.trailing_zeros() as usize;
        let s = split_in(n, g);
        if *refuted >> (3 * g + s) & 1 == 0 {
            *refuted |= 1 << (3 * g + s);
            let reason = groups & !(1 << g) | moved_if(self.nogood_moved[k]);
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
    fn watch_new_decisions(&mut self, h: [u64; 3], to_check: &mut Vec<u32>) {
        const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
        let hist_groups = h[0] | h[1] | h[2];
        let mut fresh = (self.hist | self.hist >> 1) & LOW & !(self.hist_above | self.hist_above >> 1);
        let level = hist_groups.count_ones() - fresh.count_ones();
        while fresh != 0 {
            let g = (fresh.trailing_zeros() / 2) as usize;
            fresh &= fresh - 1;
            self.level[g] = level;
            let lit = 3 * g + (self.hist >> (2 * g) & 3) as usize - 1;
            let mut list = std::mem::take(&mut self.watchers[lit]);
            let mut i = 0;
            while i < list.len() {
                let k = list[i] as usize;
                let (groups, n) = self.nogood_groups[k];
                let open = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
                let slot = usize::from(self.watch[k][0] as usize != g);
                let rest = open & !(1 << self.watch[k][1 - slot]);
                if rest == 0 {
                    if open & hist_groups == 0 {
                        to_check.push(k as u32);
                    }
                    i += 1;
                    continue;
                }
                let otherwise = rest & hist_groups;
                let c = if otherwise != 0 { otherwise } else { rest }.trailing_zeros() as usize;
                self.watch[k][slot] = c as u8;
                self.watchers[3 * c + split_in(n, c)].push(k as u32);
                list.swap_remove(i);
            }
            self.watchers[lit] = list;
        }
    }

    /// Puts on `to_check` the nogoods learnt since the parent's [`Solver::propagate`] that
    /// already have their watches (given below an earlier child of the parent) and hold at
    /// the node or have one group left undecided: they may have done so at the parent
    /// already, where they were not applied.
    fn check_learnt_since(&self, h: [u64; 3], to_check: &mut Vec<u32>) {
        let hist_groups = h[0] | h[1] | h[2];
        for k in self.known_above..self.watched {
            let (groups, n) = self.nogood_groups[k];
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
    fn watch_new_nogoods(&mut self, h: [u64; 3], to_check: &mut Vec<u32>) {
        let hist_groups = h[0] | h[1] | h[2];
        for k in self.watched..self.nogoods.len() {
            let (groups, n) = self.nogood_groups[k];
            let open = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
            if open & open.wrapping_sub(1) == 0 && open & hist_groups == 0 {
                to_check.push(k as u32);
            }
            if groups.count_ones() < 2 {
                self.watch.push([u8::MAX; 2]);
                self.short.push(k as u32);
                continue;
            }
            let a = self.watch_choice(open, groups & !open, hist_groups);
            let b = self.watch_choice(open & !(1 << a), groups & !open & !(1 << a), hist_groups);
            self.watch.push([a as u8, b as u8]);
            self.watchers[3 * a + split_in(n, a)].push(k as u32);
            self.watchers[3 * b + split_in(n, b)].push(k as u32);
        }
        self.watched = self.nogoods.len();
    }

    /// The group a new nogood watches: one of `open` (its groups the history does not split
    /// as it says; one decided otherwise first), else the one of `held` decided latest.
    fn watch_choice(&self, open: u64, held: u64, hist_groups: u64) -> usize {
        if open != 0 {
            let otherwise = open & hist_groups;
            return if otherwise != 0 { otherwise } else { open }.trailing_zeros() as usize;
        }
        bit_indices(held).max_by_key(|&g| self.level[g]).expect("two groups or more")
    }

    /// Drops every nogood's watches (at the start of a call, whose nogoods start afresh).
    fn forget_watches(&mut self) {
        self.known = 0;
        self.watch.clear();
        self.watchers.iter_mut().for_each(Vec::clear);
        self.short.clear();
        self.watched = 0;
    }

    /// What a scan of every nogood in order finds at the node (the incremental
    /// [`Solver::propagate`] must find the same): the loss's reason, or the splits refuted
    /// with the reasons of those refuted here.
    #[cfg(debug_assertions)]
    fn propagate_by_scan(&self, mut refuted: u128, h: [u64; 3]) -> Scanned {
        let hist_groups = h[0] | h[1] | h[2];
        let mut reasons = Vec::new();
        for (k, &(groups, n)) in self.nogood_groups.iter().enumerate() {
            let miss = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
            if miss == 0 {
                return Err(groups | moved_if(self.nogood_moved[k]));
            }
            if miss & (miss - 1) != 0 || hist_groups & miss != 0 {
                continue;
            }
            let g = miss.trailing_zeros() as usize;
            let s = split_in(n, g);
            if refuted >> (3 * g + s) & 1 == 0 {
                refuted |= 1 << (3 * g + s);
                reasons.push((g, s, groups & !(1 << g) | moved_if(self.nogood_moved[k])));
            }
        }
        Ok((refuted, reasons))
    }

    /// Panics unless `found` is what [`Solver::propagate_by_scan`] found (`expected`), or
    /// unless every nogood with two groups or more the history does not split as it says
    /// watches two of them (the invariant of [`Solver::watch_new_decisions`]).
    #[cfg(debug_assertions)]
    fn assert_as_scanned(&self, expected: &Scanned, found: &Result<u128, u64>) {
        let h = split_masks(self.hist);
        for (k, &(groups, n)) in self.nogood_groups.iter().enumerate() {
            let open = groups & !(n[0] & h[0] | n[1] & h[1] | n[2] & h[2]);
            let w = self.watch[k];
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

    /// Tries each split of group `g` still `viable` (splits with a pair removable now first).
    /// A child lost for a reason not involving `g` is lost whatever `g`'s split (every win
    /// splits `g` somehow), so the node is too and the other splits are skipped (backjumping).
    fn branch(
        &mut self,
        present: Bits,
        commit: u128,
        refuted: u128,
        g: usize,
        viable: [bool; 3],
        path: &mut Vec<Move>,
    ) -> Result<Found, OutOfBudget> {
        let board = self.board;
        let m = &board.members[g];
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

    /// Why the splits `s` of group `g` with `which[s]` cannot be played: a split pairing a
    /// tile with one it covers needs no decision; a refuted split fails for the reason its
    /// forward check found.
    fn why_not(&mut self, g: usize, which: [bool; 3], refuted: u128) -> u64 {
        let mut why = 0;
        for (s, &w) in which.iter().enumerate() {
            if w && refuted >> (3 * g + s) & 1 != 0 && !self.covering_split(g, s) {
                let mut stuck = self.why_refuted[g][s];
                let fresh = stuck.reason.is_none();
                let r = self.reason(&mut stuck);
                why |= r;
                self.why_refuted[g][s] = stuck;
                if fresh && self.full_run {
                    let hist = self.hist & !(3u128 << (2 * g)) | (s as u128 + 1) << (2 * g);
                    self.learn(restrict(hist, r | 1 << g), r & MOVED != 0);
                }
            }
        }
        why
    }

    /// Whether split `s` of group `g` pairs a tile with one lying (through stacks) on it
    /// (worked out once per board, in `covering`).
    fn covering_split(&self, g: usize, s: usize) -> bool {
        self.covering[g][s]
    }

    /// The dead-lock test and the undecided groups of four to forward-check, or the reason
    /// the position is lost: a group of two whose tiles cover one another (no reason), a
    /// decided split that cannot be played, or an undecided group with no split left.
    /// Freeness is read off `node_counts`, which the greedy phase left as those of `present`.
    fn candidates(&mut self, present: &Bits, commit: u128, refuted: u128, rem: &[u8]) -> Result<Vec<Cand>, u64> {
        debug_assert_eq!(self.counts_of, Some(*present));
        let board = self.board;
        let mut cands = Vec::with_capacity(rem.len());
        for (g, &r) in rem.iter().enumerate() {
            let m = &board.members[g];
            match r {
                2 => {
                    let mut it = m.iter().map(|&t| t as usize).filter(|&t| present.contains(t));
                    let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                    if board.cover[a].contains(b) || board.cover[b].contains(a) {
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
                    let nfree = m.iter().filter(|&&t| is_free_count(self.node_counts[t as usize])).count();
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
    fn certify(&self, cands: &mut [Cand]) {
        for cand in cands.iter_mut() {
            let m = &self.board.members[cand.group];
            let pair_ok = |x: usize, y: usize| {
                let (a, b) = (m[x] as usize, m[y] as usize);
                if self.when[a] <= self.when[b] { self.seen[a] >> y & 1 != 0 } else { self.seen[b] >> x & 1 != 0 }
            };
            for (s, sp) in SPLITS.iter().enumerate() {
                if cand.viable[s] && pair_ok(sp[0], sp[1]) && pair_ok(sp[2], sp[3]) {
                    cand.certified[s] = true;
                }
            }
            cand.prefix = m.iter().map(|&t| self.when[t as usize]).min().unwrap_or(0) as usize;
        }
    }

    /// An optimistic relaxation: decided pairs go when both are free; an undecided tile goes
    /// alone as soon as it is free and another tile of its group is free too or has already
    /// gone. Every real sequence of moves removes a subset of what this removes (freeness only
    /// grows as tiles go), so when it cannot clear the board, neither can play.
    ///
    /// The run starts from `present` and saves its states (`snaps`) for the node's forward
    /// checks (see [`Solver::replay_base`]).
    fn relaxed_clear(&mut self, present: &Bits, commit: u128, rem: &[u8]) -> Option<Stuck> {
        const NONE: u16 = u16::MAX;
        self.relaxations += 1;
        self.base_commit = commit;
        self.base_twos = rem.iter().enumerate().filter(|&(_, &r)| r == 2).fold(0, |m, (g, _)| m | 1 << g);
        let board = self.board;
        let partner = &mut self.partner;
        let mut gone = [0u8; 64];
        for (g, &r) in rem.iter().enumerate() {
            let m = &board.members[g];
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
        self.snaps.clear();
        self.snap_counts.clear();
        self.snap_queues.clear();
        let (mut p, mut step) = self.replay_base(present, 0, &mut gone);
        self.drain::<true>(&mut p, &mut gone, &mut step, usize::MAX, usize::MAX);
        self.blame(&p);
        (!p.is_empty()).then(|| Stuck {
            p,
            gone,
            commit,
            twos: self.base_twos,
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
    fn replay_base(&mut self, present: &Bits, prefix: usize, gone: &mut [u8; 64]) -> (Bits, u32) {
        if prefix == 0 || self.snaps.is_empty() {
            self.start_counts(present);
            self.queue_present(present);
            return (*present, 0);
        }
        let mut k = (prefix / SNAP_EVERY).min(self.snaps.len() - 1);
        while self.snaps[k].removed as usize > prefix {
            k -= 1;
        }
        let snap = self.snaps[k];
        *gone = snap.gone;
        let n = self.board.len();
        self.counts[..n].copy_from_slice(&self.snap_counts[k * n..(k + 1) * n]);
        self.queue.clear();
        self.queue.extend_from_slice(&self.snap_queues[snap.queue.0..snap.queue.1]);
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
    fn forward_check(&mut self, present: &Bits, prefix: usize, g: usize, need: [bool; 3]) -> [bool; 3] {
        const NONE: u16 = u16::MAX;
        let board = self.board;
        let m = &board.members[g];
        for &t in m {
            self.partner[t as usize] = NONE;
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
    fn check_split(&mut self, g: usize, s: usize, mut p: Bits, mut gone: [u8; 64], mut step: u32) -> bool {
        const NONE: u16 = u16::MAX;
        let m = &self.board.members[g];
        self.relaxations += 1;
        let sp = SPLITS[s];
        for k in [0, 2] {
            let (a, b) = (m[sp[k]], m[sp[k + 1]]);
            self.partner[a as usize] = b;
            self.partner[b as usize] = a;
        }
        self.drain::<false>(&mut p, &mut gone, &mut step, usize::MAX, g);
        self.blame(&p);
        let stuck = !p.is_empty();
        if stuck {
            let commit = self.base_commit | (s as u128 + 1) << (2 * g);
            let (twos, decided) = (self.base_twos, decided(self.base_commit));
            self.why_refuted[g][s] = Stuck { p, gone, commit, twos, decided, reason: None, checked: g };
        }
        for &t in m {
            self.partner[t as usize] = NONE;
        }
        stuck
    }

    /// Queues the free tiles of `p` (in increasing order, so the last is taken first). A tile
    /// not free at the start of a run could only go once a removal freed it, and each removal
    /// queues the tiles it frees (and the groupmates of a group's first tile gone alone): that
    /// later entry is taken first and removes it if anything does, so leaving out the first
    /// entry changes neither the removals nor their order. Branch-free: each tile is written,
    /// and kept when free.
    fn queue_present(&mut self, p: &Bits) {
        let counts = &self.counts[..];
        let queue = &mut self.queue;
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
    fn queue_free(&mut self, tiles: &[u16]) {
        self.queue.clear();
        let counts = &self.counts;
        self.queue.extend(tiles.iter().copied().filter(|&t| is_free_count(counts[t as usize])));
    }

    /// The groups of free tiles left where the relaxation got stuck get heavier, so the search
    /// decides them earlier from now on. `counts` must be the blocker counts of `p` (as the
    /// run that got stuck there leaves them).
    fn blame(&mut self, p: &Bits) {
        let board = self.board;
        for i in p.iter() {
            if is_free_count(self.counts[i]) {
                self.heavier(board.group[i] as usize, 1);
            }
        }
    }

    /// Why the relaxation got stuck at `stuck.p` (worked out once, then kept in it): a subset
    /// of its decided groups whose decisions alone make it get stuck (see the module doc).
    /// The cheap first run of the search takes [`Solver::stuck_decisions`]; later runs, where
    /// losses are fewer and costlier, shrink that further ([`Solver::shrink_reason`]).
    fn reason(&mut self, stuck: &mut Stuck) -> u64 {
        if let Some(reason) = stuck.reason {
            return reason;
        }
        let mut reason = self.stuck_decisions(stuck);
        if self.full_run {
            reason = self.shrink_reason(stuck, reason);
        } else {
            let free = self.free_twos(&stuck.p, stuck.twos);
            reason |= if self.moved != usize::MAX && free >> self.moved & 1 != 0 {
                MOVED | free & !(1 << self.moved)
            } else {
                free
            };
        }
        stuck.reason = Some(reason);
        reason
    }

    /// The decided groups with a free tile at `stuck.p` beside another tile of theirs that is
    /// free or gone: only these could move there if undecided, so the relaxation stays stuck
    /// with every other decision dropped.
    fn stuck_decisions(&self, stuck: &Stuck) -> u64 {
        let board = self.board;
        let p = &stuck.p;
        let can_move = |g: usize| {
            board.members[g].iter().map(|&t| t as usize).any(|i| {
                p.contains(i) && board.is_free(p, i) && {
                    let (free_other, rest) = alone_mask(board, p, i, g, |p, t| board.is_free(p, t));
                    free_other != 0 || rest.count_ones() > 1
                }
            })
        };
        bit_indices(stuck.decided).filter(|&g| can_move(g)).fold(0, |m, g| m | 1 << g)
    }

    /// Shrinks the reason `needed` the relaxation got stuck at `stuck.p`: the decided groups
    /// outside it are undecided at once, then each group of it in turn, continuing the
    /// relaxation from where it got stuck; a group stays in the reason only when undeciding it
    /// lets the relaxation clear the board.
    ///
    /// Where a forward check of group `g` got stuck (`stuck.checked`), a run clears the board
    /// as soon as `g`'s last tile goes, so it stops there: its removals, and those it continues
    /// from, are ones the node's own run (`g` undecided, fewer or the same other decisions)
    /// allows too, so by the unique fixpoint those rules clear the board from there (the node's
    /// run cleared it with more decisions); with `g`'s tiles gone, the rules are the same.
    fn shrink_reason(&mut self, stuck: &Stuck, mut needed: u64) -> u64 {
        let board = self.board;
        let (mut p, mut gone) = (stuck.p, stuck.gone);
        self.set_partners(stuck);
        for g in bit_indices(stuck.decided & !needed) {
            self.unpair(g, &p, &mut gone);
        }
        let mut step = 0;
        board.blocker_counts(&p, &mut self.counts);
        for g in bit_indices(needed) {
            self.unpair(g, &p, &mut gone);
            let (mut p2, mut gone2) = (p, gone);
            self.save_counts();
            self.queue_free(&board.members[g]);
            self.drain::<false>(&mut p2, &mut gone2, &mut step, usize::MAX, stuck.checked);
            if p2.is_empty() {
                self.pair(g, stuck.commit);
                self.restore_counts();
            } else {
                needed &= !(1 << g);
                (p, gone) = (p2, gone2);
            }
        }
        // Each group of two with a free tile where the run is stuck now (its tiles two of a
        // group of four decided above, or the moved group): does the relaxation still get
        // stuck with its tiles going singly, as if it were undecided? Groups left out go singly
        // from then on; a group freed by their removals is tested in turn.
        let mut tested = 0;
        loop {
            let untested = self.free_twos(&p, stuck.twos) & !tested;
            if untested == 0 {
                break;
            }
            let h = untested.trailing_zeros() as usize;
            tested |= 1 << h;
            let left: Vec<u16> = board.members[h].iter().copied().filter(|&t| p.contains(t as usize)).collect();
            self.unpair(h, &p, &mut gone);
            let (mut p2, mut gone2) = (p, gone);
            self.save_counts();
            self.queue_free(&left);
            self.drain::<false>(&mut p2, &mut gone2, &mut step, usize::MAX, stuck.checked);
            if p2.is_empty() {
                needed |= if h == self.moved { MOVED } else { 1 << h };
                if let [a, b] = left[..] {
                    self.partner[a as usize] = b;
                    self.partner[b as usize] = a;
                }
                self.restore_counts();
            } else {
                (p, gone) = (p2, gone2);
            }
        }
        needed
    }

    /// The groups of `twos` (groups of two tiles at the node) with a tile free at `p`: the
    /// others could not move at `p` however their tiles were paired.
    fn free_twos(&self, p: &Bits, twos: u64) -> u64 {
        let board = self.board;
        bit_indices(twos)
            .filter(|&g| board.members[g].iter().any(|&t| p.contains(t as usize) && board.is_free(p, t as usize)))
            .fold(0, |m, g| m | 1 << g)
    }

    /// Sets the relaxation's partners as they were when it got stuck at `stuck.p`.
    fn set_partners(&mut self, stuck: &Stuck) {
        let board = self.board;
        for g in 0..board.groups {
            let m = &board.members[g];
            for &t in m {
                self.partner[t as usize] = u16::MAX;
            }
            if stuck.twos >> g & 1 != 0 {
                let mut it = m.iter().copied().filter(|&t| stuck.p.contains(t as usize));
                if let (Some(a), Some(b)) = (it.next(), it.next()) {
                    self.partner[a as usize] = b;
                    self.partner[b as usize] = a;
                }
            } else if stuck.commit >> (2 * g) & 3 != 0 {
                self.pair(g, stuck.commit);
            }
        }
    }

    /// Undecides group `g` for the relaxation (its tiles then go singly) at `p`, counting its
    /// removed tiles as gone.
    fn unpair(&mut self, g: usize, p: &Bits, gone: &mut [u8; 64]) {
        let m = &self.board.members[g];
        for &t in m {
            self.partner[t as usize] = u16::MAX;
        }
        gone[g] = m.iter().filter(|&&t| !p.contains(t as usize)).count() as u8;
    }

    /// Pairs group `g`'s tiles for the relaxation as `commit` splits them.
    fn pair(&mut self, g: usize, commit: u128) {
        let m = &self.board.members[g];
        let code = (commit >> (2 * g) & 3) as usize;
        let sp = SPLITS[code - 1];
        for k in [0, 2] {
            let (a, b) = (m[sp[k]], m[sp[k + 1]]);
            self.partner[a as usize] = b;
            self.partner[b as usize] = a;
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
    fn drain<const RECORD: bool>(
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
        let partner: &[u16; MAX_SLOTS] = self.partner[..].try_into().expect("a partner per possible slot");
        let when: &mut [u32; MAX_SLOTS] = (&mut self.when[..]).try_into().expect("a step per possible slot");
        let seen: &mut [u8; MAX_SLOTS] = (&mut self.seen[..]).try_into().expect("an entry per possible slot");
        let group: &[u8; MAX_SLOTS] = board.group[..].try_into().expect("a group per possible slot");
        let n_slots = board.len();
        let counts: &mut [u32; MAX_SLOTS] = (&mut self.counts[..]).try_into().expect("a count per possible slot");
        // The queue as a buffer and a length: tiles are written unconditionally and kept
        // when uncovered (see `queue_uncovered_of`).
        let mut queue = std::mem::take(&mut self.queue);
        let mut len = queue.len();
        let mut q = *p;
        let mut at = *step;
        let mut next_snap = at;
        let mut frozen_free = false;
        while len > 0 {
            if RECORD && at >= next_snap {
                let start = self.snap_queues.len();
                self.snap_queues.extend_from_slice(&queue[..len]);
                self.snap_counts.extend_from_slice(&counts[..n_slots]);
                self.snaps.push(Snap { p: q, gone: *gone, removed: at, queue: (start, start + len) });
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
                if board.members[g].iter().all(|&t| is_free_count(counts[t as usize % MAX_SLOTS])) {
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
                    if g == watched && all_gone(&board.members[g], &q) {
                        q = Bits::EMPTY;
                        break;
                    }
                    counts[j] |= GONE;
                    board.take_off_queued(counts, i, &mut queue, &mut len);
                    board.take_off_queued(counts, j, &mut queue, &mut len);
                }
            } else {
                let m = &board.members[g];
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
        self.queue = queue;
        frozen_free
    }

    /// Sets `counts` to the blocker counts of `present`: a copy when it is the set counted
    /// last (the node's runs all start there), else counted afresh.
    fn start_counts(&mut self, present: &Bits) {
        if self.counts_of != Some(*present) {
            self.board.blocker_counts(present, &mut self.node_counts);
            self.counts_of = Some(*present);
        }
        let n = self.board.len();
        self.counts[..n].copy_from_slice(&self.node_counts[..n]);
    }

    /// Saves `counts` (the board's slots) to `saved_counts`.
    fn save_counts(&mut self) {
        let n = self.board.len();
        self.saved_counts[..n].copy_from_slice(&self.counts[..n]);
    }

    /// Restores `counts` (the board's slots) from `saved_counts`.
    fn restore_counts(&mut self) {
        let n = self.board.len();
        self.counts[..n].copy_from_slice(&self.saved_counts[..n]);
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

    /// How much removing tile `i` opens up: the tiles of `present` it blocks, plus 4 when
    /// nothing lies on it and it is above the ground layer (an ordering weight).
    fn unblocks(&self, present: &Bits, i: usize) -> u32 {
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
            self.board.blocks[i].iter().filter(|&&j| present.contains(j as usize)).count() as u32
        );
        blocked + top
    }

    /// Sound dead-lock test: some group cannot be split into pairs without pairing a tile
    /// with one lying (directly or through a stack) on it.
    fn deadlocked(&self, present: &Bits, remaining: &[u8]) -> bool {
        let board = self.board;
        let mut tiles = [[0usize; 4]; 64];
        let mut n = [0usize; 64];
        for i in present.iter() {
            let g = board.group[i] as usize;
            if remaining[g] <= 4 {
                tiles[g][n[g]] = i;
                n[g] += 1;
            }
        }
        let bad = |a: usize, b: usize| board.cover[a].contains(b) || board.cover[b].contains(a);
        for g in 0..remaining.len() {
            match n[g] {
                2 if bad(tiles[g][0], tiles[g][1]) => return true,
                4 => {
                    let t = tiles[g];
                    let ok = |a: usize, b: usize, c: usize, d: usize| !bad(t[a], t[b]) && !bad(t[c], t[d]);
                    if !ok(0, 1, 2, 3) && !ok(0, 2, 1, 3) && !ok(0, 3, 1, 2) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }
}

/// Sorts the candidates to check: fewest viable splits first, then heaviest (`weight` plus 64
/// times the group's ordering weight), ties in their order (as a stable sort by that key).
/// Each key is made once, with the candidate's place last so that keys differ: an unstable
/// sort of them gives the stable order.
fn sort_candidates(cands: &mut [Cand], weights: &[u32]) {
    for (k, c) in cands.iter_mut().enumerate() {
        let count = c.viable.iter().filter(|&&x| x).count() as u64;
        let weight = c.weight + 64 * weights[c.group];
        c.key = count << 40 | u64::from(!weight) << 8 | k as u64;
    }
    cands.sort_unstable_by_key(|c| c.key);
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
        odd ^= 1 << board.group[i];
    }
    odd != 0
}

/// Whether no tile of `members` is in `p`.
fn all_gone(members: &[u16], p: &Bits) -> bool {
    members.iter().all(|&t| !p.has_slot(t as usize))
}

/// The groups (bit `g`) that `commit` decides.
fn decided(commit: u128) -> u64 {
    const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    compress_fields((commit | commit >> 1) & LOW)
}

/// The bits of `fields` (only its even bits set: one per two-bit field, as in `commit`)
/// packed together, bit `2 * g` becoming bit `g`: a few shifts and masks per half.
fn compress_fields(fields: u128) -> u64 {
    fn half(mut x: u64) -> u64 {
        x = (x | x >> 1) & 0x3333_3333_3333_3333;
        x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
        x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
        x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
        (x | x >> 16) & 0x0000_0000_ffff_ffff
    }
    half(fields as u64) | half((fields >> 64) as u64) << 32
}

/// `groups` (bit `g`) spread to bit `2 * g`: the inverse of [`compress_fields`].
fn expand_fields(groups: u64) -> u128 {
    fn half(mut x: u64) -> u64 {
        x &= 0x0000_0000_ffff_ffff;
        x = (x | x << 16) & 0x0000_ffff_0000_ffff;
        x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
        x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
        x = (x | x << 2) & 0x3333_3333_3333_3333;
        (x | x << 1) & 0x5555_5555_5555_5555
    }
    u128::from(half(groups)) | u128::from(half(groups >> 32)) << 64
}

/// The nogoods of a call at `present` that hold at the position after move `m` (see the module
/// doc, "Nogoods"): one that does not decide `m`'s group, and, with that group's decision
/// dropped, one that splits it the way `m` pairs its tiles (any win after `m`, with `m` first,
/// is a win from `present` that splits the group so). Others say nothing about the position.
fn inherit(board: &Board, present: Bits, nogoods: &[u128], m: Move) -> Vec<(u128, bool)> {
    let g = board.group[m.0 as usize] as usize;
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
fn lift(board: &Board, present: Bits, m: Move) -> u128 {
    let g = board.group[m.0 as usize] as usize;
    split_code(board, present, g, m).map_or(0, |code| code << (2 * g))
}

/// The decisions (as in `commit`) that `line`'s pairs make for the groups of four tiles all
/// present in `present`.
fn splits_of(board: &Board, present: Bits, line: &[Move]) -> u128 {
    line.iter().fold(0, |hint, &m| {
        let g = board.group[m.0 as usize] as usize;
        hint | split_code(board, present, g, m).map_or(0, |code| code << (2 * g))
    })
}

/// The decision (as in `commit`: split index plus one) that move `m` makes for group `g` when
/// all four of its tiles are present, else `None`.
fn split_code(board: &Board, present: Bits, g: usize, m: Move) -> Option<u128> {
    let members = &board.members[g];
    if members.len() != 4 || members.iter().any(|&t| !present.contains(t as usize)) {
        return None;
    }
    let at = |t: u16| members.iter().position(|&x| x == t);
    let pair = [at(m.0)?, at(m.1)?];
    SPLITS.iter().position(|sp| sp.chunks(2).any(|p| p == pair || p == [pair[1], pair[0]])).map(|s| s as u128 + 1)
}

/// How a nogood whose groups split each way are `n` (see [`split_masks`]) splits group `g`
/// (0, 1 or 2).
fn split_in(n: [u64; 3], g: usize) -> usize {
    (n[1] >> g & 1 | (n[2] >> g & 1) << 1) as usize
}

/// The groups (bit `g`) `commit` splits the first, the second and the third way.
fn split_masks(commit: u128) -> [u64; 3] {
    const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    let (lo, hi) = (commit & LOW, commit >> 1 & LOW);
    [compress_fields(lo & !hi), compress_fields(hi & !lo), compress_fields(lo & hi)]
}

/// `commit` with only the decisions of `groups` kept.
fn restrict(commit: u128, groups: u64) -> u128 {
    commit & spread(groups_to_commit_mask(groups))
}

/// Both bits of every decided field of `commit`.
fn spread(commit: u128) -> u128 {
    const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    let low = (commit | commit >> 1) & LOW;
    low | low << 1
}

/// A `commit` with the low bit of the field of each group of `groups` set.
fn groups_to_commit_mask(groups: u64) -> u128 {
    expand_fields(groups)
}

/// The indices of the set bits of `bits`, lowest first.
fn bit_indices(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let g = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            g
        })
    })
}

/// Queues the tiles of `tiles` present with nothing on them by the blocker counts `counts`
/// ([`uncovered_count`]), in order, on the queue `queue[..len]`: each is written and kept
/// only when so, without a branch to mispredict.
#[inline(always)]
fn queue_uncovered_of(queue: &mut Vec<u16>, len: &mut usize, tiles: &[u16], counts: &[u32; MAX_SLOTS]) {
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
fn take_last_pair(board: &Board, counts: &mut [u32], present: &mut Bits, path: &mut Vec<Move>, m: &[u16]) -> bool {
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
fn free_pairs(free: [bool; 4], split: [usize; 4], code: usize) -> (&'static [usize], bool) {
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
fn tiles_per_group(board: &Board, present: &Bits) -> [u8; 64] {
    let mut rem = [0u8; 64];
    for i in present.iter() {
        rem[board.group[i] as usize] += 1;
    }
    rem
}

/// Takes the pair `a-b`, keeping the blocker counts `counts` of `present` up to date.
fn take_counted(board: &Board, counts: &mut [u32], present: &mut Bits, path: &mut Vec<Move>, a: usize, b: usize) {
    take(present, path, a, b);
    board.take_off(counts, a);
    board.take_off(counts, b);
}

/// Takes the pair `a-b`.
fn take(present: &mut Bits, path: &mut Vec<Move>, a: usize, b: usize) {
    present.remove(a);
    present.remove(b);
    path.push(Move::new(a, b));
}

/// [`alone_mask`] for tile `i` of the group `members`, read off the blocker counts `counts`
/// (a slot not present has [`GONE`]).
#[inline(always)]
fn alone_mask_counted(members: &[u16], i: usize, counts: &[u32; MAX_SLOTS]) -> (u8, u8) {
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
fn alone_mask(board: &Board, p: &Bits, i: usize, g: usize, mut is_free: impl FnMut(&Bits, usize) -> bool) -> (u8, u8) {
    let (mut free_other, mut rest) = (0u8, 0u8);
    for (k, &t) in board.members[g].iter().enumerate() {
        let t = t as usize;
        if t == i || !p.contains(t) {
            rest |= 1 << k;
        } else if is_free(p, t) {
            free_other |= 1 << k;
        }
    }
    (free_other, rest)
}

/// A winning line from `present` starting with `m = a-b` that pairs the tiles as the winning
/// line `line` does, except that `line`'s `a-x` and `b-y` become `m` and `x-y`: `None` when no
/// order of those pairs clears the board. With the pairs fixed, taking any pair whose two tiles
/// are free is safe (a removal never blocks a tile), so one greedy replay decides it.
///
/// When that fails, the same pairs with one more group of four split another way are
/// replayed (a move changes one group's split, and the line it wins with often needs a second
/// group changed).
fn repair(board: &Board, present: Bits, line: &[Move], m: Move) -> Option<Vec<Move>> {
    let pairs = repaired_pairs(line, m)?;
    replay(board, present, m, pairs.clone()).or_else(|| resplit_one_more(board, present, m, &pairs))
}

/// `line`'s pairs with `m = a-b` and `x-y` in place of its `a-x` and `b-y`, `m` left out:
/// `None` when `m` is one of `line`'s pairs.
fn repaired_pairs(line: &[Move], m: Move) -> Option<Vec<Move>> {
    let find = |t: u16| line.iter().position(|mv| mv.0 == t || mv.1 == t);
    let (i, j) = (find(m.0)?, find(m.1)?);
    if i == j {
        return None;
    }
    let other = |mv: Move, t: u16| if mv.0 == t { mv.1 } else { mv.0 };
    let mut pairs: Vec<Move> = line.iter().enumerate().filter(|&(k, _)| k != i && k != j).map(|(_, &mv)| mv).collect();
    pairs.push(Move::new(other(line[i], m.0) as usize, other(line[j], m.1) as usize));
    Some(pairs)
}

/// The first [`replay`] after `m` that clears the board with `pairs`, except that the two
/// pairs of one group other than `m`'s are split one of the two other ways.
fn resplit_one_more(board: &Board, present: Bits, m: Move, pairs: &[Move]) -> Option<Vec<Move>> {
    let g = board.group[m.0 as usize];
    for (i, &first) in pairs.iter().enumerate() {
        let h = board.group[first.0 as usize];
        if h == g {
            continue;
        }
        for (j, &second) in pairs.iter().enumerate().skip(i + 1) {
            if board.group[second.0 as usize] != h {
                continue;
            }
            let (a, b, c, d) = (first.0 as usize, first.1 as usize, second.0 as usize, second.1 as usize);
            for (x, y) in [(Move::new(a, c), Move::new(b, d)), (Move::new(a, d), Move::new(b, c))] {
                let mut resplit = pairs.to_vec();
                resplit[i] = x;
                resplit[j] = y;
                if let Some(line) = replay(board, present, m, resplit) {
                    return Some(line);
                }
            }
        }
    }
    None
}

/// The line from `present` that starts with `m` and then takes `pairs` greedily (any pair
/// whose two tiles are free, at once), or `None` when they do not clear the board: with the
/// pairs fixed, taking a free pair never hurts (a removal never blocks a tile). Freeness is
/// read off blocker counts kept up to date by each take (every tile of `pairs` is present
/// until taken).
fn replay(board: &Board, present: Bits, m: Move, mut pairs: Vec<Move>) -> Option<Vec<Move>> {
    let mut p = present;
    p.remove(m.0 as usize);
    p.remove(m.1 as usize);
    let mut counts = vec![0; board.len()];
    board.blocker_counts(&p, &mut counts);
    let mut new = Vec::with_capacity(pairs.len() + 1);
    new.push(m);
    while !pairs.is_empty() {
        let before = pairs.len();
        pairs.retain(|&mv| {
            let (a, b) = (mv.0 as usize, mv.1 as usize);
            let free = is_free_count(counts[a]) && is_free_count(counts[b]);
            if free {
                board.take_off(&mut counts, a);
                board.take_off(&mut counts, b);
                new.push(mv);
            }
            !free
        });
        if pairs.len() == before {
            return None;
        }
    }
    board.check_win(present, &new).is_ok().then_some(new)
}

/// Solves `board` from the full position with the default budget.
pub fn solve(board: &Board) -> Verdict {
    Solver::new(board).solve()
}

/// Per slot, the slots it blocks as a set, and 4 when nothing lies on it and it is above the
/// ground layer (see [`Solver::unblocks`]).
fn blocks_of(board: &Board) -> Vec<(Bits, u32)> {
    (0..board.len())
        .map(|i| {
            let mut blocks = Bits::EMPTY;
            for &j in &board.blocks[i] {
                blocks.insert(j as usize);
            }
            (blocks, 4 * u32::from(board.above[i].is_empty() && board.layout().slots()[i].z > 0))
        })
        .collect()
}

/// Per group of four tiles (others: `false`), per split: whether it pairs a tile with one
/// lying (through stacks) on it.
fn covering_splits(board: &Board) -> Vec<[bool; 3]> {
    (0..board.groups)
        .map(|g| std::array::from_fn(|s| board.members[g].len() == 4 && pairs_covering(board, g, s)))
        .collect()
}

/// Whether split `s` of the four tiles of group `g` pairs a tile with one lying on it.
fn pairs_covering(board: &Board, g: usize, s: usize) -> bool {
    let m = &board.members[g];
    let sp = SPLITS[s];
    let bad = |a: u16, b: u16| {
        let (a, b) = (a as usize, b as usize);
        board.cover[a].contains(b) || board.cover[b].contains(a)
    };
    bad(m[sp[0]], m[sp[1]]) || bad(m[sp[2]], m[sp[3]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Deal, Layout, Rules};

    #[test]
    fn field_packing_matches_a_loop_over_the_groups() {
        let mut rng = 0x1234_5678_9abc_def0u64;
        for _ in 0..2_000 {
            rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let groups = (rng >> 7) & ((1 << MAX_GROUPS) - 1);
            let mut commit = 0u128;
            let mut masks = [0u64; 3];
            for g in bit_indices(groups) {
                let code = (rng >> (g % 61)) % 3;
                commit |= u128::from(code + 1) << (2 * g);
                masks[code as usize] |= 1 << g;
            }
            assert_eq!(decided(commit), groups);
            assert_eq!(split_masks(commit), masks);
            let low = bit_indices(groups).fold(0u128, |m, g| m | 1 << (2 * g));
            assert_eq!(groups_to_commit_mask(groups), low);
            assert_eq!(compress_fields(low), groups);
        }
    }

    #[test]
    fn weights_never_pass_the_cap() {
        let turtle = Layout::builtin("turtle").expect("built in");
        let deal = Deal::random(&turtle, Rules::Standard, 1).expect("even");
        let board = Board::new(turtle, Rules::Standard, deal.faces).expect("valid");
        let mut solver = Solver::new(&board);
        solver.heavier(1, 7);
        for _ in 0..3 {
            solver.heavier(0, MAX_WEIGHT);
        }
        assert!(solver.weight.iter().all(|&w| w <= MAX_WEIGHT));
        assert!(solver.weight[0] > MAX_WEIGHT / 2, "the heaviest group stays the heaviest");
        assert!(solver.weight[1] < 7, "every weight was halved");
    }
}

//! What the solver is given and answers: its [`Budget`], the [`Limit`] that can end a search,
//! the [`Verdict`] on a position, the [`MoveClass`] of a reviewed move and the [`Stats`].

use crate::board::Move;
use std::fmt;
use std::time::Duration;

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

/// What one legal move does to a position, from [`Solver::review`](crate::Solver::review).
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

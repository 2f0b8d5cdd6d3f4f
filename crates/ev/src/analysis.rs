//! The public question and answer: a hand and its situation in, one candidate per distinct
//! discard out (or one for a 13-tile hand), sorted by the objective.

use crate::budget::{self, Budget, Lowering, Trial};
use crate::candidate::candidate;
use crate::engine::{Buffers, FIVES, LAST, Setup, Solver, better, limit};
use crate::options::{Objective, Options};
use crate::oracle::Oracle;
use haipai_tiles::{Counts, Hand, Tile, Wind};
use rayon::prelude::*;
use std::fmt;

/// A question: the hand (13 or 14 tiles, called melds allowed), the turn and the table. Made
/// by [`Query::new`] and its chainable setters (the fields may also be written):
///
/// ```
/// use haipai_ev::Query;
/// use haipai_tiles::{Hand, Wind, parse_tile};
///
/// let q = Query::new(Hand::parse("222567m345p33667s")?)
///     .turn(5)
///     .seat(Wind::South)
///     .dora_indicators(vec![parse_tile("1z")?.tile()]);
/// assert_eq!((q.turn, q.seat, q.round), (5, Wind::South, Wind::East));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Query {
    /// The hand.
    pub hand: Hand,
    /// The turn, 1..=17 (turn 1 has 17 draws left after the discard).
    pub turn: u8,
    /// Seat wind (East is the dealer).
    pub seat: Wind,
    /// Round wind.
    pub round: Wind,
    /// Dora indicators (kan dora included), each also a seen tile.
    pub dora_indicators: Vec<Tile>,
    /// Other tiles seen (discards, the opponents' melds).
    pub visible: Counts,
    /// Red fives among the dora indicators and the visible tiles, per suit (m, p, s): 0 or 1
    /// each. A red five seen there is no longer one to draw.
    pub red_seen: [u8; 3],
}

impl Query {
    /// A question with East seat and round, turn 1, no indicators and nothing else seen.
    pub fn new(hand: Hand) -> Query {
        Query {
            hand,
            turn: 1,
            seat: Wind::East,
            round: Wind::East,
            dora_indicators: Vec::new(),
            visible: [0; 34],
            red_seen: [0; 3],
        }
    }

    /// The turn, 1..=17.
    #[must_use]
    pub fn turn(mut self, turn: u8) -> Query {
        self.turn = turn;
        self
    }

    /// The seat wind.
    #[must_use]
    pub fn seat(mut self, seat: Wind) -> Query {
        self.seat = seat;
        self
    }

    /// The round wind.
    #[must_use]
    pub fn round(mut self, round: Wind) -> Query {
        self.round = round;
        self
    }

    /// The dora indicators (kan dora included).
    #[must_use]
    pub fn dora_indicators(mut self, indicators: Vec<Tile>) -> Query {
        self.dora_indicators = indicators;
        self
    }

    /// The other tiles seen, per kind.
    #[must_use]
    pub fn visible(mut self, visible: Counts) -> Query {
        self.visible = visible;
        self
    }

    /// The red fives among the dora indicators and the visible tiles, per suit (m, p, s).
    #[must_use]
    pub fn red_seen(mut self, red_seen: [u8; 3]) -> Query {
        self.red_seen = red_seen;
        self
    }
}

/// Why a question cannot be answered: opaque; [`Error::kind`] says what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong (new kinds may be added).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The hand holds neither 13 nor 14 tiles (melds counting 3).
    HandSize(usize),
    /// The turn is outside 1..=17.
    Turn(u8),
    /// More than four copies of a kind between the hand, the indicators and the visible tiles.
    TooManyCopies(Tile),
    /// More than one red five of a suit between the hand and the red fives seen (the five).
    TooManyRedFives(Tile),
    /// More dora indicators than a round turns over (one and one per kan: at most 5).
    TooManyIndicators(usize),
    /// A red five marked seen with no five of its suit among the dora indicators and the
    /// visible tiles (the five).
    RedFiveNotSeen(Tile),
    /// The discard to simulate is not in the hand (or the hand has 13 tiles: nothing to discard).
    NotInHand(Tile),
    /// A 14-tile hand to simulate needs the discard to play.
    NoDiscard,
    /// The question needs more states than [`Options::max_states`] allows (the limit given):
    /// a lower exchange budget answers it.
    TooManyStates(usize),
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error { kind }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::HandSize(n) => {
                write!(f, "the hand has {n} tile{}; expected 13 or 14", if *n == 1 { "" } else { "s" })
            }
            ErrorKind::Turn(t) => write!(f, "turn {t} is outside 1..=17"),
            ErrorKind::NotInHand(t) => write!(f, "{t} is not in the hand"),
            ErrorKind::NoDiscard => write!(f, "a 14-tile hand needs a discard to simulate"),
            ErrorKind::TooManyStates(n) => write!(
                f,
                "the hand needs more than {n} states with this exchange budget; lower the budget or raise the state limit"
            ),
            ErrorKind::TooManyRedFives(t) => {
                write!(f, "more than one red {t} between the hand, the dora indicators and the visible tiles")
            }
            ErrorKind::TooManyIndicators(n) => {
                write!(f, "{n} dora indicators: at most {} (one, and one for each kan)", haipai_score::MAX_INDICATORS)
            }
            ErrorKind::RedFiveNotSeen(t) => {
                write!(f, "a red {t} is marked seen but no {t} is among the dora indicators and the visible tiles")
            }
            ErrorKind::TooManyCopies(t) => {
                write!(f, "more than four copies of {t} between the hand, the dora indicators and the visible tiles")
            }
        }
    }
}

impl std::error::Error for Error {}

/// What a candidate is expected to bring: expected points, win and tenpai probability.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[non_exhaustive]
pub struct Expectation {
    /// Expected points (what the winner receives; 0 without a win).
    pub points: f64,
    /// Probability of winning.
    pub win: f64,
    /// Probability of being tenpai (or having won) when the draws run out.
    pub tenpai: f64,
}

/// The three quantities for the same hand at every turn 1..=17 (index `turn - 1`, each turn
/// with the wall it would have then; index 0 is turn 1, where a riichi is a double riichi).
#[derive(Clone, Debug, PartialEq, Default)]
#[non_exhaustive]
pub struct PerTurn {
    /// Expected points.
    pub points: Vec<f64>,
    /// Win probability.
    pub win: Vec<f64>,
    /// Tenpai probability.
    pub tenpai: Vec<f64>,
}

/// A necessary tile (one whose draw lowers the shanten), its live copies and its draw's
/// contribution to the expected points: the points of the paths whose first kept draw is this
/// kind (a drawn tile the policy throws straight back is not kept; docs/ev-model.md,
/// "Contributions").
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Necessary {
    /// The tile.
    pub tile: Tile,
    /// Live copies.
    pub live: u8,
    /// Contribution to the expected points.
    pub points: f64,
}

/// One discard (or the 13-tile hand as it stands when `discard` is `None`).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Candidate {
    /// The discard; `None` for a 13-tile input.
    pub discard: Option<Tile>,
    /// Shanten after the discard.
    pub shanten: i8,
    /// The value at the question's turn.
    pub value: Expectation,
    /// The value at every turn (empty without [`Options::every_turn`]).
    pub per_turn: PerTurn,
    /// Necessary tiles with live counts and contributions.
    pub necessary: Vec<Necessary>,
    /// For a closed tenpai hand (riichi possible): the value with riichi declared now.
    pub riichi: Option<Expectation>,
    /// For a closed tenpai hand (riichi possible): the value staying dama.
    pub dama: Option<Expectation>,
    /// Points whose first kept draw is not a necessary tile (hand changes); 0 without hand
    /// change.
    pub other_points: f64,
}

/// The full answer.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Analysis {
    /// Unseen tiles at the question (the first draw's denominator).
    pub unseen: u32,
    /// Shanten of the input.
    pub shanten: i8,
    /// Candidates sorted by the objective, best first.
    pub candidates: Vec<Candidate>,
    /// Memoised states over all candidates (a measure of the work).
    pub states: usize,
    /// The exchange budget the answer was computed with, and why when it is lower than
    /// [`Options::extra_exchanges`] (see [`Options::lower_budget`]).
    pub budget: Budget,
}

/// Checks what a question gives directly: the hand's size (returned), the turn and the number
/// of dora indicators.
fn check_question(query: &Query) -> Result<usize, Error> {
    let size = query.hand.size();
    if size != 13 && size != 14 {
        return Err(ErrorKind::HandSize(size).into());
    }
    if !(1..=17).contains(&query.turn) {
        return Err(ErrorKind::Turn(query.turn).into());
    }
    if query.dora_indicators.len() > haipai_score::MAX_INDICATORS {
        return Err(ErrorKind::TooManyIndicators(query.dora_indicators.len()).into());
    }
    Ok(size)
}

/// The copies of each kind the player sees: the hand, its melds, the dora indicators and the
/// visible tiles (added saturating: a visible count of any size is refused later, not
/// wrapped into range).
fn seen_tiles(query: &Query) -> Counts {
    let mut seen = query.hand.all_tiles();
    for t in &query.dora_indicators {
        seen[t.index()] += 1;
    }
    for (s, &v) in seen.iter_mut().zip(query.visible.iter()) {
        *s = s.saturating_add(v);
    }
    seen
}

/// The unseen copies of each kind, or an error at the first kind seen more than four times.
fn unseen_tiles(seen: &Counts) -> Result<Counts, Error> {
    let mut unseen0 = [0u8; 34];
    for k in 0..34 {
        if seen[k] > 4 {
            return Err(ErrorKind::TooManyCopies(Tile::new(k).expect("kind")).into());
        }
        unseen0[k] = 4 - seen[k];
    }
    Ok(unseen0)
}

/// The tiles of the hand's called melds per kind, and their red fives per suit.
fn meld_tiles(hand: &Hand) -> (Counts, [u8; 3]) {
    let mut meld_counts = [0u8; 34];
    let mut meld_red = [0u8; 3];
    for m in hand.melds() {
        for (a, b) in meld_counts.iter_mut().zip(m.tiles().iter()) {
            *a += b;
        }
        if m.red_fives() > 0 {
            for (s, &f) in FIVES.iter().enumerate() {
                if m.tiles()[f] > 0 {
                    meld_red[s] += m.red_fives();
                }
            }
        }
    }
    (meld_counts, meld_red)
}

/// Checks each suit's red five: one marked seen needs a five among the indicators and the
/// visible tiles, and the hand, its melds and those hold at most one.
fn check_red_fives(query: &Query, seen: &Counts, closed_red: [u8; 3], meld_red: [u8; 3]) -> Result<(), Error> {
    for s in 0..3 {
        let five = Tile::new(FIVES[s]).expect("five");
        if query.red_seen[s] > seen[FIVES[s]] - query.hand.all_tiles()[FIVES[s]] {
            return Err(ErrorKind::RedFiveNotSeen(five).into());
        }
        if closed_red[s] + meld_red[s] + query.red_seen[s] > 1 {
            return Err(ErrorKind::TooManyRedFives(five).into());
        }
    }
    Ok(())
}

/// Whether each suit's red five is still to draw (1) or not (0): none in the hand, its
/// melds or seen, and a five of the suit unseen; all 0 with red fives off.
fn red_unseen(options: &Options, held_or_seen: [u8; 3], unseen0: &Counts) -> [u8; 3] {
    let mut red_unseen0 = [0u8; 3];
    if options.red_fives {
        for s in 0..3 {
            red_unseen0[s] = u8::from(held_or_seen[s] == 0 && unseen0[FIVES[s]] > 0);
        }
    }
    red_unseen0
}

/// The number of tiles each draw comes from, given `unseen` tiles at the question's `turn`.
fn draw_denominators(unseen: u32, turn: u8) -> [f64; LAST] {
    // Draw d (0-based from turn 1) comes from `unseen + (turn - 1) - d` tiles; a 13-tile input
    // has already discarded, so the same holds with one tile fewer in hand (one more unseen).
    let base = f64::from(unseen) + f64::from(turn - 1);
    let mut denom = [0.0; LAST];
    for (d, x) in denom.iter_mut().enumerate() {
        *x = (base - d as f64).max(1.0);
    }
    denom
}

/// Checks a question and makes what the solver needs of it; also the hand's size.
pub(crate) fn check(query: &Query, options: &Options) -> Result<(Setup, usize), Error> {
    let size = check_question(query)?;
    let seen = seen_tiles(query);
    let unseen0 = unseen_tiles(&seen)?;
    let (meld_counts, meld_red) = meld_tiles(&query.hand);
    let closed_red = query.hand.closed_red_fives();
    check_red_fives(query, &seen, closed_red, meld_red)?;
    let held_or_seen = [0, 1, 2].map(|s| closed_red[s] + meld_red[s] + query.red_seen[s]);
    let unseen: u32 = unseen0.iter().map(|&x| u32::from(x)).sum();
    let setup = Setup {
        melds: query.hand.melds().to_vec(),
        meld_counts,
        closed_hand: query.hand.is_closed(),
        seat: query.seat,
        round: query.round,
        dora: if options.dora { query.dora_indicators.clone() } else { Vec::new() },
        meld_red: if options.red_fives { meld_red.iter().map(|&r| u32::from(r)).sum() } else { 0 },
        ura_count: query.dora_indicators.len(),
        unseen0,
        red_unseen0: red_unseen(options, held_or_seen, &unseen0),
        denom: draw_denominators(unseen, query.turn),
        from: if options.every_turn { 0 } else { usize::from(query.turn - 1) },
    };
    Ok((setup, size))
}

/// The red bits (bit `s`: suit `s`) of red fives `red`, none with red fives off.
pub(crate) fn red_bits(red: [u8; 3], options: &Options) -> u8 {
    if !options.red_fives {
        return 0;
    }
    (0..3).filter(|&s| red[s] > 0).fold(0, |acc, s| acc | (1 << s))
}

/// Evaluates a question with the given oracle.
pub fn evaluate_with<O: Oracle>(oracle: &O, query: &Query, options: &Options) -> Result<Analysis, Error> {
    evaluate_grouped(oracle, query, options, (Grouping::Shared, true), None)
}

/// [`evaluate_with`] for one candidate only: the candidate discarding `discard` of a 14-tile
/// hand (`None` for a 13-tile hand as it stands), with only its root in the state graph.
///
/// Its values are those of the same candidate in the whole question answered at the same
/// budget, to within rounding (live copies and used exchanges are counted from the input
/// hand, so a state's value does not depend on which roots share its graph). The work is
/// that of its root's graph alone: without hand change (budget 0) only the paths from that
/// root, far fewer states than the whole question's; with a budget, nearly every state of
/// the whole graph is within reach of any one root, and what is saved is the other roots'
/// candidates (and the budget trial, with [`Options::lower_budget`] off). The budget is chosen for that graph, so where the whole question lowers its budget
/// ([`Options::lower_budget`]) this one may keep a higher one: to have the same budget as a
/// whole answer, ask with that answer's `budget.used` as [`Options::extra_exchanges`].
///
/// The answer's `candidates` holds that one candidate; `unseen`, `shanten` (the input's) and
/// the errors are [`evaluate_with`]'s, and [`ErrorKind::NotInHand`] (a discard the hand does
/// not hold, or any discard of a 13-tile hand) or [`ErrorKind::NoDiscard`] (none for a
/// 14-tile hand) besides.
///
/// ```
/// use haipai_ev::{Options, Query, Standard, evaluate_candidate_with, evaluate_with};
/// use haipai_tiles::{Hand, parse_tile};
///
/// let q = Query::new(Hand::parse("123349m3688p1245s")?);
/// let discard = Some(parse_tile("9m")?.tile());
/// let o = Options::default().extra_exchanges(0);
/// let one = evaluate_candidate_with(&Standard::default(), &q, &o, discard)?;
/// let all = evaluate_with(&Standard::default(), &q, &o)?;
/// let twin = all.candidates.iter().find(|c| c.discard == discard).expect("a candidate");
/// assert_eq!(one.candidates.len(), 1);
/// assert!((one.candidates[0].value.points - twin.value.points).abs() < 1e-9 * twin.value.points.max(1.0));
/// assert!(one.states < all.states);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate_candidate_with<O: Oracle>(
    oracle: &O,
    query: &Query,
    options: &Options,
    discard: Option<Tile>,
) -> Result<Analysis, Error> {
    evaluate_roots(oracle, query, options, (Grouping::Shared, true), Which::One(discard), None)
}

/// Which candidates a question answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Which {
    /// Every one (what [`evaluate_with`] does).
    Every,
    /// The one discarding this tile (`None`: a 13-tile hand as it stands).
    One(Option<Tile>),
}

/// The roots of `which` among a question's `roots`, or the error naming a candidate the
/// question does not have.
fn chosen(roots: Vec<Root>, which: Which) -> Result<Vec<Root>, Error> {
    let Which::One(discard) = which else { return Ok(roots) };
    let one: Vec<Root> = roots.into_iter().filter(|r| r.0 == discard).collect();
    match (one.is_empty(), discard) {
        (false, _) => Ok(one),
        (true, Some(t)) => Err(ErrorKind::NotInHand(t).into()),
        (true, None) => Err(ErrorKind::NoDiscard.into()),
    }
}

/// How the candidates' roots are grouped into state graphs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Grouping {
    /// One graph for all (what [`evaluate_with`] does).
    Shared,
    /// One graph per root (the tests compare the two: sharing a graph must not change a value).
    #[cfg_attr(not(test), allow(dead_code))]
    PerRoot,
}

/// The candidates' roots: for 14 tiles one per distinct discard, in kind order, with the
/// 13-tile hand and red bits after it; for 13 tiles the hand as it stands.
pub(crate) fn roots<O: Oracle>(closed: Counts, red: u8, size: usize) -> Vec<Root> {
    if size == 14 {
        (0..34)
            .filter(|&e| closed[e] > 0)
            .map(|e| {
                let mut h = closed;
                let r = Solver::<O>::throw(&mut h, red, e);
                (Tile::new(e), h, r)
            })
            .collect()
    } else {
        vec![(None, closed, red)]
    }
}

/// What one group of roots is solved with: the question as checked, its input hand and the
/// solver's settings.
struct Pass<'a, O: Oracle> {
    oracle: &'a O,
    options: &'a Options,
    setup: &'a Setup,
    /// The input's closed tiles and red bits.
    input: (Counts, u8),
    /// The highest shanten a state may have (see `limit`).
    lim: i8,
    /// Skip the states whose values are never read.
    skip_unread: bool,
    /// The question's draw index (turn - 1).
    d0: usize,
}

impl<O: Oracle> Pass<'_, O> {
    /// Solves one state graph for `group`'s roots: their candidates and the graph's states;
    /// given `buffers`, in their memory, and its memory for the next question (none after an
    /// error: a question over the state limit may have taken gigabytes).
    fn solve(&self, group: &[Root], buffers: Option<Buffers>) -> (Result<(Vec<Candidate>, usize), Error>, Buffers) {
        let solver = match buffers {
            Some(b) => Solver::with_buffers(self.oracle, self.options, self.setup, self.input, self.lim, b),
            None => Solver::new(self.oracle, self.options, self.setup, self.input, self.lim),
        };
        self.solve_in(group, solver)
    }

    /// [`Pass::solve`] by `solver` (new, or a trial's listing cut off at this budget, which
    /// it resumes).
    fn solve_in(&self, group: &[Root], mut solver: Solver<'_, O>) -> (Result<(Vec<Candidate>, usize), Error>, Buffers) {
        // Only the roots' values are read after the pass: one layer, overwritten in place.
        solver.keep_layers = false;
        solver.skip_unread = self.skip_unread;
        let hands: Vec<(Counts, u8)> = group.iter().map(|&(_, h, r)| (h, r)).collect();
        let Ok(indices) = solver.solve(&hands) else {
            return (Err(Error::from(ErrorKind::TooManyStates(self.options.max_states))), Buffers::default());
        };
        let candidates = group
            .iter()
            .zip(indices)
            .map(|(&root, i)| candidate(&mut solver, self.options, self.setup, root, i, self.d0))
            .collect();
        let states = solver.states();
        (Ok((candidates, states)), solver.into_buffers())
    }
}

/// The order of candidates: the better by `objective` first, ties by discard.
fn by_objective(objective: Objective, a: &Candidate, b: &Candidate) -> std::cmp::Ordering {
    let va = (a.value.points, a.value.win, a.value.tenpai);
    let vb = (b.value.points, b.value.win, b.value.tenpai);
    if better(objective, va, vb) {
        std::cmp::Ordering::Less
    } else if better(objective, vb, va) {
        std::cmp::Ordering::Greater
    } else {
        a.discard.cmp(&b.discard)
    }
}

/// [`evaluate_with`], with the roots grouped into state graphs as `grouping` says, skipping
/// the states whose values are never read when `skip_unread` (as [`evaluate_with`] does; the
/// tests compare the two: the skipped states must not change a value); given `buffers`, the
/// first graph in their memory (which it leaves there for the next question), else in fresh
/// memory freed as soon as it is not needed.
pub(crate) fn evaluate_grouped<O: Oracle>(
    oracle: &O,
    query: &Query,
    options: &Options,
    how: (Grouping, bool),
    buffers: Option<&mut Buffers>,
) -> Result<Analysis, Error> {
    evaluate_roots(oracle, query, options, how, Which::Every, buffers)
}

/// [`evaluate_grouped`] for the candidates `which` names.
pub(crate) fn evaluate_roots<O: Oracle>(
    oracle: &O,
    query: &Query,
    options: &Options,
    (grouping, skip_unread): (Grouping, bool),
    which: Which,
    mut buffers: Option<&mut Buffers>,
) -> Result<Analysis, Error> {
    let (setup, size) = check(query, options)?;
    let closed = *query.hand.closed();
    let red = red_bits(query.hand.closed_red_fives(), options);
    let shanten = oracle.shanten(&closed);
    let unseen: u32 = setup.unseen0.iter().map(|&x| u32::from(x)).sum();
    let roots = chosen(roots::<O>(closed, red, size), which)?;
    // The roots share one state graph: live copies and used exchanges are counted from the
    // input, so a state's value is a function of its hand, whichever root reached it.
    let groups: Vec<Vec<Root>> = match grouping {
        Grouping::Shared => vec![roots],
        Grouping::PerRoot => roots.into_iter().map(|r| vec![r]).collect(),
    };
    let trial = Trial { oracle, options, setup: &setup, input: (closed, red), shanten, skip_unread };
    let all: Vec<(Counts, u8)> = groups.iter().flatten().map(|&(_, h, r)| (h, r)).collect();
    let (mut budget, mut listed) = trial.choose_listed(&all);
    let d0 = usize::from(query.turn - 1);
    loop {
        let at = budget::at(options, budget);
        let lim = limit(shanten, budget.used);
        let pass = Pass { oracle, options: &at, setup: &setup, input: (closed, red), lim, skip_unread, d0 };
        match pass.solve_groups(&groups, buffers.as_deref_mut(), listed.take()) {
            Ok((mut candidates, states)) => {
                candidates.sort_by(|a, b| by_objective(options.objective, a, b));
                return Ok(Analysis { unseen, shanten, candidates, states, budget });
            }
            // The estimate was too low: one budget lower (never below 0, never an asked one).
            Err(e) if options.lower_budget && budget.used > 0 && matches!(e.kind, ErrorKind::TooManyStates(_)) => {
                budget = budget.lower(Lowering::Listed(options.max_states));
            }
            Err(e) => return Err(e),
        }
    }
}

impl<O: Oracle> Pass<'_, O> {
    /// Solves each group's state graph (in parallel): the candidates, unsorted, and the
    /// states; given `buffers`, the first graph in their memory.
    fn solve_groups(
        &self,
        groups: &[Vec<Root>],
        mut buffers: Option<&mut Buffers>,
        listed: Option<Solver<'_, O>>,
    ) -> Result<(Vec<Candidate>, usize), Error> {
        // One graph whose listing the budget's trial began: resumed (the buffers are left for
        // the next question).
        if let (Some(solver), [group]) = (listed, groups) {
            let (result, _) = self.solve_in(group, solver);
            let (candidates, states) = result?;
            return Ok((candidates, states));
        }
        let mut memory: Vec<Option<Buffers>> = groups.iter().map(|_| None).collect();
        if let (Some(first), Some(buffers)) = (memory.first_mut(), buffers.as_deref_mut()) {
            *first = Some(std::mem::take(buffers));
        }
        let solved: Vec<_> = groups.par_iter().zip(memory).map(|(group, b)| self.solve(group, b)).collect();
        let mut results = Vec::with_capacity(solved.len());
        for (i, (result, b)) in solved.into_iter().enumerate() {
            if let Some(buffers) = buffers.as_deref_mut().filter(|_| i == 0) {
                *buffers = b;
            }
            results.push(result?);
        }
        let states = results.iter().map(|(_, s)| s).sum();
        Ok((results.into_iter().flat_map(|(c, _)| c).collect(), states))
    }
}

/// A candidate root: the discard (none for a 13-tile input), the 13-tile hand and its red bits.
pub(crate) type Root = (Option<Tile>, Counts, u8);

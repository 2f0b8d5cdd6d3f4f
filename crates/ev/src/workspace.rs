//! [`Workspace`]: the engine's memory kept from one question to the next.

use crate::analysis::{Analysis, Error, Grouping, Query, Which, evaluate_grouped, evaluate_roots};
use crate::engine::Buffers;
use crate::options::Options;
use crate::oracle::Oracle;
use crate::standard::Standard;
use haipai_tiles::Tile;

/// The engine's memory, kept from one question to the next: for a program that asks many
/// questions (a game record, a batch of hands) faster than [`evaluate`](crate::evaluate), which
/// starts from empty memory each time.
///
/// A question's state graph lives in pools, lookup tables and layers of values that grow to
/// tens of megabytes (the 3-shanten bench hand: about 40 MB). A workspace keeps them, emptied,
/// for the next question, which writes into memory it already has instead of memory the
/// kernel must hand over page by page, zeroed. The answers are the same, bit for bit (a test
/// asks random questions through one workspace and through [`evaluate`](crate::evaluate)).
///
/// The workspace holds the memory of the largest question it has kept until it is dropped
/// (tens of megabytes). A graph of more than about four million states (a 3-shanten hand with
/// a budget of two extra exchanges: 25 million) keeps nothing, and its peak memory is the same
/// as without a workspace; nor does a question that fails
/// ([`ErrorKind::TooManyStates`](crate::ErrorKind::TooManyStates)).
///
/// ```
/// use haipai_ev::{Options, Query, Workspace, evaluate};
/// use haipai_tiles::Hand;
///
/// let mut workspace = Workspace::new();
/// for hand in ["222567m345p33667s", "123349m3688p1245s", "222567m345p3367s"] {
///     let q = Query::new(Hand::parse(hand)?);
///     let a = workspace.evaluate(&q, &Options::default())?;
///     assert_eq!(a, evaluate(&q, &Options::default())?);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Workspace {
    buffers: Buffers,
}

impl Workspace {
    /// An empty workspace (it takes memory as its first question needs it).
    pub fn new() -> Workspace {
        Workspace::default()
    }

    /// [`evaluate`](crate::evaluate) in this workspace's memory.
    pub fn evaluate(&mut self, query: &Query, options: &Options) -> Result<Analysis, Error> {
        self.evaluate_with(&Standard::default(), query, options)
    }

    /// [`evaluate_with`](crate::evaluate_with) in this workspace's memory.
    pub fn evaluate_with<O: Oracle>(
        &mut self,
        oracle: &O,
        query: &Query,
        options: &Options,
    ) -> Result<Analysis, Error> {
        evaluate_grouped(oracle, query, options, (Grouping::Shared, true), Some(&mut self.buffers))
    }

    /// [`evaluate_candidate_with`](crate::evaluate_candidate_with) in this workspace's memory.
    pub fn evaluate_candidate_with<O: Oracle>(
        &mut self,
        oracle: &O,
        query: &Query,
        options: &Options,
        discard: Option<Tile>,
    ) -> Result<Analysis, Error> {
        let which = Which::One(discard);
        evaluate_roots(oracle, query, options, (Grouping::Shared, true), which, Some(&mut self.buffers))
    }
}

impl std::fmt::Debug for Workspace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workspace").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests_props::random_hands;
    use crate::{ErrorKind, Objective, RiichiPolicy, evaluate_with};
    use haipai_tiles::rng::Rng;
    use haipai_tiles::{Hand, Tile, parse_tile};

    fn tile(t: &str) -> Tile {
        parse_tile(t).expect("tile").tile()
    }

    /// The option sets the questions cycle through: every path of the solver (hand change or
    /// not, the walk over reached variants, riichi best, the other objective, an open hand's
    /// scoring needs none), and a state limit some questions go over.
    fn option_sets() -> Vec<Options> {
        vec![
            Options::default(),
            Options { extra_exchanges: 0, ..Options::default() },
            Options::article(),
            Options { riichi: RiichiPolicy::Best, objective: Objective::Win, ..Options::default() },
            Options { riichi: RiichiPolicy::Never, red_fives: false, may_decline: true, ..Options::default() },
            Options { max_states: 20_000, lower_budget: false, ..Options::default() },
            Options { max_states: 20_000, ..Options::default() },
        ]
    }

    /// A seeded random question from a hand of shanten 0..=2: 14 tiles or 13 (one thrown),
    /// its fives red at random, a random turn and dora indicator.
    fn question(rng: &mut Rng, closed: haipai_tiles::Counts) -> Query {
        let mut closed = closed;
        if rng.below(3) == 0 {
            let held: Vec<usize> = (0..34).filter(|&k| closed[k] > 0).collect();
            closed[held[rng.index(held.len())]] -= 1;
        }
        let red = [4, 13, 22].map(|k| u8::from(closed[k] > 0 && rng.below(2) == 0));
        let mut q = Query::new(Hand::new(closed, red, Vec::new()).expect("hand"));
        q.turn = 1 + rng.below(12) as u8;
        // An indicator of a kind the hand holds fewer than four of (no fifth copy).
        let free: Vec<usize> = (0..34).filter(|&k| closed[k] < 4).collect();
        q.dora_indicators = vec![Tile::new(free[rng.index(free.len())]).expect("a kind")];
        q
    }

    /// Random questions through one workspace give the answers (and errors) of fresh memory,
    /// bit for bit, with a large graph (the 3-shanten bench hand) among them so that the small
    /// questions after it run in its memory.
    #[test]
    fn a_workspace_answers_as_fresh_memory() {
        let mut rng = Rng::new(0x3a7e);
        let sets = option_sets();
        let mut questions: Vec<Query> =
            random_hands(60, 2, 0x5eed).into_iter().map(|h| question(&mut rng, h)).collect();
        let mut big = Query::new(Hand::parse("026m1358p1345579s").expect("hand"));
        big.dora_indicators = vec![tile("1z")];
        questions.insert(7, big.clone());
        questions.insert(40, big);
        let mut workspace = Workspace::new();
        let mut failed = 0;
        for (i, q) in questions.iter().enumerate() {
            let o = &sets[i % sets.len()];
            let fresh = evaluate_with(&Standard::default(), q, o);
            let reused = workspace.evaluate(q, o);
            assert_eq!(reused, fresh, "question {i}: {} under {o:?}", q.hand);
            if let Err(e) = fresh {
                assert!(matches!(e.kind(), ErrorKind::TooManyStates(_)), "question {i}: {e}");
                failed += 1;
            }
        }
        assert!(failed > 0 && failed < questions.len() / 6, "{failed} questions over the state limit");
    }
}

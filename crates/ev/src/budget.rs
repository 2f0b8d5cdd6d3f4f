//! The exchange budget a question is answered with: the one asked, or, when its state graph
//! would not fit in [`Options::max_states`] and [`Options::lower_budget`] allows, the highest
//! lower one that fits (docs/ev-model.md, "Budget fallback").
//!
//! The need is estimated up front by a trial listing one budget lower, cut off at
//! `max_states / growth(shanten, open)` states: a budget whose next lower one lists more than
//! that is given up before anything is listed at it. The trial costs at most that many states
//! (a quarter of the limit's listing, a 16th for an open 5-shanten hand, a 64th for a
//! 6-shanten hand), so a hand that cannot fit answers in about the time of its lower budget
//! instead of listing `max_states` states first. Where the estimate is too low (a budget
//! listing more than `growth` times its lower one's states), the real listing goes over the
//! limit and the budget is lowered then ([`Lowering::Listed`]): a question with a lower budget
//! to go to is never refused.

use crate::engine::{Setup, Solver, limit};
use crate::options::Options;
use crate::oracle::Oracle;
use haipai_tiles::Counts;
use std::fmt;

/// How many times more states one more exchange is taken to list, for an input of shanten
/// `shanten` with called melds (`open`) or not (the estimate of a budget is its lower budget's
/// count times this). Measured over 96 seeded random closed hands
/// (`benches/src/bin/budget_census.rs`): where the lower budget lists 100 thousand states or
/// more the factor is mostly 1.2 to 7, at most 33 (shanten 4) and 43 (a 5-shanten hand, 0.5 to
/// 22.7 million); a 6-shanten hand goes from 11.9 million to over 50 million. An open hand
/// grows faster from shanten 5: over the calls of four seeded self-play games
/// (`benches/src/bin/review_games.rs`), every open 5-shanten hand went from 0.42-0.59 million
/// states at budget 0 to over 4.5 million at budget 1 (more than 8 times). The factor is not
/// a bound: taken large, it would lower the budget of hands that fit (a closed 5-shanten hand
/// listing 11.7 million states at budget 0 lists 34.5 at budget 1); too low, it costs a
/// listing over the limit (then the fallback, [`Lowering::Listed`]). Large only where no hand
/// seen fits.
pub(crate) fn growth(shanten: i8, open: bool) -> usize {
    match (shanten, open) {
        (6.., _) => 64,
        (5, true) => 16,
        _ => 4,
    }
}

/// The lowest exchange limit (shanten plus budget) the trial is made for: below it no hand
/// lists more than a few million states (a 3-shanten hand with one extra exchange: about a
/// million), so a question there goes straight to the listing (and the fallback after it
/// still holds).
pub(crate) const TRIAL_FROM: i8 = 5;

/// The exchange budget an answer was computed with, and why when it is lower than the one
/// asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Budget {
    /// The budget asked for ([`Options::extra_exchanges`]).
    pub asked: u8,
    /// The budget the answer was computed with.
    pub used: u8,
    /// Why `used` is lower than `asked` (`None` when they are equal).
    pub lowered: Option<Lowering>,
}

/// Why a question was answered with a lower budget than asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Lowering {
    /// The up-front estimate of the asked budget's states was over the limit (given).
    Estimated(usize),
    /// The listing at the asked budget went over the limit (given).
    Listed(usize),
}

impl Budget {
    /// The budget asked, used as is.
    pub(crate) fn asked(budget: u8) -> Budget {
        Budget { asked: budget, used: budget, lowered: None }
    }

    /// One budget lower, for `why` (the first reason is kept).
    pub(crate) fn lower(self, why: Lowering) -> Budget {
        Budget { used: self.used - 1, lowered: Some(self.lowered.unwrap_or(why)), ..self }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let states = |n: usize| if n == 1 { "1 state".to_string() } else { format!("{n} states") };
        match self.lowered {
            None => write!(f, "budget {}", self.used),
            Some(Lowering::Estimated(n)) => write!(
                f,
                "budget {} (budget {} would need more than {}, by estimate)",
                self.used,
                self.asked,
                states(n)
            ),
            Some(Lowering::Listed(n)) => {
                write!(f, "budget {} (budget {} needed more than {})", self.used, self.asked, states(n))
            }
        }
    }
}

/// What the trial listings are made with: the question as checked and its input hand.
pub(crate) struct Trial<'a, O: Oracle> {
    pub oracle: &'a O,
    pub options: &'a Options,
    pub setup: &'a Setup,
    /// The input's closed tiles and red bits.
    pub input: (Counts, u8),
    /// The input's shanten.
    pub shanten: i8,
    /// Skip the states whose values are never read (as the answer's listing does).
    pub skip_unread: bool,
}

impl<'a, O: Oracle> Trial<'a, O> {
    /// The budget to answer the roots with: the asked one, lowered while the estimate says it
    /// needs more than `max_states` (only with [`Options::lower_budget`]).
    pub fn choose(&self, roots: &[(Counts, u8)]) -> Budget {
        self.choose_listed(roots).0
    }

    /// [`Trial::choose`], and when the budget was lowered by the estimate, the trial's listing
    /// at that budget (cut off at its cap: [`Solver::solve`] resumes it, sparing the listing
    /// of those states again).
    pub fn choose_listed(&self, roots: &[(Counts, u8)]) -> (Budget, Option<Solver<'a, O>>) {
        let mut budget = Budget::asked(self.options.extra_exchanges);
        let mut listed = None;
        if !self.options.lower_budget {
            return (budget, listed);
        }
        while budget.used > 0 && limit(self.shanten, budget.used) >= TRIAL_FROM {
            let Some(solver) = self.over(roots, budget.used) else { break };
            budget = budget.lower(Lowering::Estimated(self.options.max_states));
            listed = Some(solver);
        }
        (budget, listed)
    }

    /// Whether budget `b` is estimated not to fit: the listing at `b - 1` numbers more than
    /// `max_states / growth(shanten, open)` states; then that listing, cut off there.
    fn over(&self, roots: &[(Counts, u8)], b: u8) -> Option<Solver<'a, O>> {
        let lower = Options { extra_exchanges: b - 1, ..self.options.clone() };
        let mut solver = Solver::new(self.oracle, &lower, self.setup, self.input, limit(self.shanten, b - 1));
        solver.keep_layers = false;
        solver.skip_unread = self.skip_unread;
        let cap = self.options.max_states / growth(self.shanten, !self.setup.closed_hand);
        solver.count(roots, cap).is_err().then_some(solver)
    }
}

/// The options of an answer at `budget` (the asked ones with its exchanges).
pub(crate) fn at(options: &Options, budget: Budget) -> Options {
    Options { extra_exchanges: budget.used, ..options.clone() }
}

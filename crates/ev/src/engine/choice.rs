//! The riichi policy, decided in one place: whether a closed hand discarding into tenpai
//! declares riichi, given the value of declaring and the value of staying dama. Every site
//! that chooses asks [`RiichiChoice`]: the pass's 14-tile layer (`pass.rs`), the roots' values
//! and the simulator's first decision (`analysis.rs`), the roots' per-turn arrays
//! ([`Solver::combine`](super::Solver::combine)), the playout (`playout.rs`) and the listing's
//! skip of values no one reads (`listing.rs`, which relies on [`RiichiChoice::fixed`]). To
//! change the policy, change [`RiichiChoice::takes_by`] (and `fixed` with it).

use super::values::better;
use crate::options::{Objective, Options, RiichiPolicy};

/// The policy's choice between riichi and dama, under the objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RiichiChoice {
    /// What [`RiichiChoice::fixed`] answers, decided once from the policy (the pass's hot
    /// loop matches on it).
    fixed: Option<bool>,
    objective: Objective,
}

impl RiichiChoice {
    /// The choice the options make.
    pub fn new(options: &Options) -> RiichiChoice {
        let fixed = match options.riichi {
            RiichiPolicy::Always => Some(true),
            RiichiPolicy::Never => Some(false),
            RiichiPolicy::Best => None,
        };
        RiichiChoice { fixed, objective: options.objective }
    }

    /// The choice when it does not depend on the values: `Some(true)` always riichi,
    /// `Some(false)` never (then no riichi state is listed), `None` when the values decide.
    #[inline(always)]
    pub fn fixed(self) -> Option<bool> {
        self.fixed
    }

    /// Whether riichi is ever declared (a closed hand discarding into tenpai has riichi states).
    pub fn considered(self) -> bool {
        self.fixed() != Some(false)
    }

    /// Whether the hand declares riichi, where `riichi_better` tells whether the value of
    /// riichi (points, win, tenpai) is better than dama's (the objective's [`better`], or the
    /// pass's specialised twin of it), asked only when the values decide.
    #[inline(always)]
    pub fn takes_by(self, riichi_better: impl FnOnce() -> bool) -> bool {
        match self.fixed() {
            Some(fixed) => fixed,
            None => riichi_better(),
        }
    }

    /// [`RiichiChoice::takes_by`] given the values of riichi and dama, under the objective.
    #[inline(always)]
    pub fn takes(self, riichi: (f64, f64, f64), dama: (f64, f64, f64)) -> bool {
        self.takes_by(|| better(self.objective, riichi, dama))
    }
}

//! Options of the model: objective, riichi policy, scoring switches, exchange budget.

/// What each decision maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Objective {
    /// Expected points (the default).
    #[default]
    Points,
    /// Win probability.
    Win,
}

/// When a closed hand discarding into tenpai declares riichi (the engine asks one place,
/// `engine/choice.rs`'s `RiichiChoice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum RiichiPolicy {
    /// Always declare (the article; the default).
    #[default]
    Always,
    /// Never declare (dama).
    Never,
    /// The better of the two at each such decision.
    Best,
}

/// The model's options (see `docs/ev-model.md`): [`Options::default`] (every scoring option,
/// one extra exchange) or [`Options::article`], changed by chainable setters (the fields may
/// also be written):
///
/// ```
/// use haipai_ev::{Objective, Options, RiichiPolicy};
///
/// let o = Options::default().riichi(RiichiPolicy::Best).objective(Objective::Win).extra_exchanges(0);
/// assert_eq!((o.riichi, o.objective, o.extra_exchanges), (RiichiPolicy::Best, Objective::Win, 0));
/// assert!(!Options::article().ura_dora);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// What decisions maximise.
    pub objective: Objective,
    /// Riichi policy.
    pub riichi: RiichiPolicy,
    /// Count ura-dora (exact expectation).
    pub ura_dora: bool,
    /// Count ippatsu.
    pub ippatsu: bool,
    /// Count double riichi.
    pub double_riichi: bool,
    /// Count haitei.
    pub haitei: bool,
    /// Count red fives (drawn with their true probability).
    pub red_fives: bool,
    /// Count menzen tsumo.
    pub menzen_tsumo: bool,
    /// Count dora.
    pub dora: bool,
    /// Exchanges allowed beyond the minimum needed to win (0: no hand change or shanten-back),
    /// counted from the input hand: a discard that raises the shanten has spent one already.
    pub extra_exchanges: u8,
    /// May decline a win before riichi when continuing is worth more.
    pub may_decline: bool,
    /// The most states (13- and 14-tile) the engine may list: the count grows steeply with
    /// the shanten and the budget (a 3-shanten hand: about 1 million with one extra exchange,
    /// 26 million with two, about 65 bytes each). Past it the engine lowers the budget (with
    /// `lower_budget`) or gives up with [`crate::ErrorKind::TooManyStates`]. Default 50
    /// million.
    pub max_states: usize,
    /// When `extra_exchanges` would need more than `max_states` states, answer with the
    /// highest lower budget that fits (said in [`crate::Analysis::budget`]) instead of
    /// refusing; the need is estimated up front from a short trial listing (see
    /// `docs/ev-model.md`, "Budget fallback"). Default on; off, such a question is refused.
    pub lower_budget: bool,
    /// Compute the values at every turn 1..=17 ([`crate::Candidate::per_turn`]). Off, only the
    /// turns from the question's on are computed (the value at the question's turn reads no
    /// earlier one) and `per_turn` is left empty: the same answer otherwise, bit for bit, in
    /// less time the later the turn (a program that reads only the question's turn, such as
    /// a game review, turns it off). Default on.
    pub every_turn: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            objective: Objective::default(),
            riichi: RiichiPolicy::default(),
            ura_dora: true,
            ippatsu: true,
            double_riichi: true,
            haitei: true,
            red_fives: true,
            menzen_tsumo: true,
            dora: true,
            extra_exchanges: 1,
            may_decline: false,
            max_states: 50_000_000,
            lower_budget: true,
            every_turn: true,
        }
    }
}

impl Options {
    /// The article preset of document 001: riichi always, no ura-dora, ippatsu, double riichi,
    /// haitei or red fives, no hand change or shanten-back.
    pub fn article() -> Options {
        Options {
            ura_dora: false,
            ippatsu: false,
            double_riichi: false,
            haitei: false,
            red_fives: false,
            extra_exchanges: 0,
            ..Options::default()
        }
    }

    /// What decisions maximise.
    #[must_use]
    pub fn objective(mut self, objective: Objective) -> Options {
        self.objective = objective;
        self
    }

    /// The riichi policy.
    #[must_use]
    pub fn riichi(mut self, riichi: RiichiPolicy) -> Options {
        self.riichi = riichi;
        self
    }

    /// Whether ura-dora count.
    #[must_use]
    pub fn ura_dora(mut self, ura_dora: bool) -> Options {
        self.ura_dora = ura_dora;
        self
    }

    /// Whether ippatsu counts.
    #[must_use]
    pub fn ippatsu(mut self, ippatsu: bool) -> Options {
        self.ippatsu = ippatsu;
        self
    }

    /// Whether double riichi counts.
    #[must_use]
    pub fn double_riichi(mut self, double_riichi: bool) -> Options {
        self.double_riichi = double_riichi;
        self
    }

    /// Whether haitei counts.
    #[must_use]
    pub fn haitei(mut self, haitei: bool) -> Options {
        self.haitei = haitei;
        self
    }

    /// Whether red fives count.
    #[must_use]
    pub fn red_fives(mut self, red_fives: bool) -> Options {
        self.red_fives = red_fives;
        self
    }

    /// Whether menzen tsumo counts.
    #[must_use]
    pub fn menzen_tsumo(mut self, menzen_tsumo: bool) -> Options {
        self.menzen_tsumo = menzen_tsumo;
        self
    }

    /// Whether dora count.
    #[must_use]
    pub fn dora(mut self, dora: bool) -> Options {
        self.dora = dora;
        self
    }

    /// The exchange budget beyond the minimum.
    #[must_use]
    pub fn extra_exchanges(mut self, extra_exchanges: u8) -> Options {
        self.extra_exchanges = extra_exchanges;
        self
    }

    /// Whether a win before riichi may be declined.
    #[must_use]
    pub fn may_decline(mut self, may_decline: bool) -> Options {
        self.may_decline = may_decline;
        self
    }

    /// The most states the engine may list.
    #[must_use]
    pub fn max_states(mut self, max_states: usize) -> Options {
        self.max_states = max_states;
        self
    }

    /// Whether a budget that cannot fit is lowered.
    #[must_use]
    pub fn lower_budget(mut self, lower_budget: bool) -> Options {
        self.lower_budget = lower_budget;
        self
    }

    /// Whether the values at every turn are computed (see [`Options::every_turn`]).
    #[must_use]
    pub fn every_turn(mut self, every_turn: bool) -> Options {
        self.every_turn = every_turn;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn article_preset_switches_off_extras() {
        let a = Options::article();
        assert_eq!(a.riichi, RiichiPolicy::Always);
        assert!(!a.ura_dora && !a.ippatsu && !a.double_riichi && !a.haitei && !a.red_fives);
        assert_eq!(a.extra_exchanges, 0);
    }
}

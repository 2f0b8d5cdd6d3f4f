//! Options of the model: objective, riichi policy, scoring switches, exchange budget.

/// What each decision maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Objective {
    /// Expected points (the default).
    #[default]
    Points,
    /// Win probability.
    Win,
}

/// When a closed hand discarding into tenpai declares riichi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RiichiPolicy {
    /// Always declare (the article; the default).
    #[default]
    Always,
    /// Never declare (dama).
    Never,
    /// The better of the two at each such decision.
    Best,
}

/// The model's options (see `docs/ev-model.md`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

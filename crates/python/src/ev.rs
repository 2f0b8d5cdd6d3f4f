//! `ev`: one-player expected value per discard (docs/ev-model.md), the context and options as
//! keyword arguments, the answer as `haipai ev --json` prints it.

use crate::errors::{EvError, hand_error, tiles_error_in};
use crate::hand::named_hand_of;
use crate::value::to_py;
use haipai::ev::{Options, Standard, evaluate_with};
use haipai::tiles::{parse_counts, parse_tile};
use haipai_api::ev::wind;
use haipai_api::ev::{Context, Question, Switches, TileList, answer, check_indicator_count};
use haipai_api::rules_preset;
use pyo3::prelude::*;

/// One string or a list of strings.
#[derive(FromPyObject)]
pub enum Tiles {
    /// `"147m3s"`.
    One(String),
    /// `["147m", "3s"]`.
    Many(Vec<String>),
}

impl Tiles {
    fn lists(&self) -> Vec<String> {
        match self {
            Tiles::One(s) if s.trim().is_empty() => Vec::new(),
            Tiles::One(s) => vec![s.clone()],
            Tiles::Many(v) => v.clone(),
        }
    }
}

/// The tiles of `tiles` (none when not given), a bad one a `HandError` with its column.
fn tile_list(tiles: Option<Tiles>, what: &str) -> PyResult<TileList> {
    let lists = tiles.map(|t| t.lists()).unwrap_or_default();
    for text in &lists {
        parse_counts(text).map_err(|e| tiles_error_in(&format!("{what} '{text}'"), &e))?;
    }
    TileList::parse(&lists, what).map_err(|e| hand_error(e, None))
}

/// `value` as a whole number of the type wanted, from `least` to `most`, or an `EvError`
/// naming `what`.
fn whole<T: TryFrom<i64>>(value: i64, what: &str, least: i64, most: i64) -> PyResult<T> {
    if !(least..=most).contains(&value) {
        return Err(ev_error(format!("{what} {value}: from {least} to {most}")));
    }
    T::try_from(value).map_err(|_| ev_error(format!("{what} {value}: too large")))
}

fn ev_error(message: String) -> PyErr {
    EvError::new_err(message)
}

/// The options of `ev`'s keyword arguments, as the command's flags set them.
struct Settings {
    model: String,
    objective: Option<String>,
    riichi: Option<String>,
    budget: Option<u8>,
    max_states: Option<usize>,
    switches: Switches,
}

/// The scoring switches of the keyword arguments: each true keeps the model's default.
fn switches(on: [bool; 7], may_decline: bool) -> Switches {
    let [ura, ippatsu, double, haitei, red, dora, tsumo] = on;
    let mut s = Switches::default();
    (s.no_ura, s.no_ippatsu, s.no_double_riichi, s.no_haitei) = (!ura, !ippatsu, !double, !haitei);
    (s.no_red, s.no_dora, s.no_menzen_tsumo, s.may_decline) = (!red, !dora, !tsumo, may_decline);
    s
}

impl Settings {
    fn options(&self) -> PyResult<Options> {
        let mut o = haipai_api::ev::model(&self.model, "model").map_err(ev_error)?;
        if let Some(text) = &self.objective {
            o.objective = haipai_api::ev::objective(text, "objective").map_err(ev_error)?;
        }
        if let Some(text) = &self.riichi {
            o.riichi = haipai_api::ev::riichi(text, "riichi").map_err(ev_error)?;
        }
        if let Some(b) = self.budget {
            (o.extra_exchanges, o.lower_budget) = (b, false);
        }
        if let Some(n) = self.max_states {
            o.max_states = n;
        }
        Ok(self.switches.apply(o))
    }
}

/// The expected value of each discard of a 14-tile hand (or of a 13-tile hand as it stands),
/// in the one-player model: the dict `haipai ev --json` prints (`hand`, `turn`, `rules`,
/// `double_riichi`, `unseen`, `shanten`, `candidates` best first, each with `discard`,
/// `shanten`, `points`, `win`, `tenpai`, `flags`, `necessary`, `other_points`, `per_turn`,
/// and `riichi`/`dama` where they apply; `budget`). The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (
    hand, *, turn = 1, seat = "E", round = "E", dora_indicators = Vec::new(), visible = None,
    discards = None, model = "full", rules = "default", objective = None, riichi = None,
    budget = None, max_states = None, top = None, ura_dora = true, ippatsu = true,
    double_riichi = true, haitei = true, red_fives = true, dora = true, menzen_tsumo = true,
    may_decline = false
))]
#[allow(clippy::too_many_arguments)]
#[allow(clippy::fn_params_excessive_bools)]
fn ev(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    turn: i64,
    seat: &str,
    round: &str,
    dora_indicators: Vec<String>,
    visible: Option<Tiles>,
    discards: Option<Tiles>,
    model: &str,
    rules: &str,
    objective: Option<String>,
    riichi: Option<String>,
    budget: Option<i64>,
    max_states: Option<i64>,
    top: Option<i64>,
    ura_dora: bool,
    ippatsu: bool,
    double_riichi: bool,
    haitei: bool,
    red_fives: bool,
    dora: bool,
    menzen_tsumo: bool,
    may_decline: bool,
) -> PyResult<Py<PyAny>> {
    let hand = named_hand_of(hand)?;
    let turn = whole(turn, "turn", 1, 17)?;
    let budget = budget.map(|b| whole(b, "budget", 0, 255)).transpose()?;
    let max_states = max_states.map(|n| whole(n, "max_states", 0, i64::MAX)).transpose()?;
    let top = top.map(|n| whole(n, "top", 1, i64::MAX)).transpose()?;
    let settings = Settings {
        model: model.to_string(),
        objective,
        riichi,
        budget,
        max_states,
        switches: switches([ura_dora, ippatsu, double_riichi, haitei, red_fives, dora, menzen_tsumo], may_decline),
    };
    let options = settings.options()?;
    let rule_set = rules_preset(rules).map_err(ev_error)?;
    check_indicator_count(dora_indicators.len(), "dora_indicators").map_err(ev_error)?;
    let indicators = dora_indicators
        .iter()
        .map(|text| {
            let p = parse_tile(text).map_err(|e| tiles_error_in(&format!("dora indicator '{text}'"), &e))?;
            Ok((p, text.clone()))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let mut context = Context::default();
    context.turn = turn;
    context.seat = wind(seat, "seat").map_err(ev_error)?;
    context.round = wind(round, "round").map_err(ev_error)?;
    context.dora_indicators = indicators;
    context.visible = tile_list(visible, "visible")?;
    context.discards = tile_list(discards, "discards")?;
    context.options = options;
    context.switches = settings.switches;
    context.rules_name = rules.to_string();
    context.rules = rule_set;
    context.top = top;
    // The hand's text reads back as the same hand; the query refuses a second red five.
    let q = context.query(&hand.to_string()).map_err(|e| hand_error(e, None))?;
    let oracle = Standard { rules: context.rules };
    let analysis = py.detach(|| evaluate_with(&oracle, &q, &context.options)).map_err(|e| ev_error(e.to_string()))?;
    to_py(py, &answer(&Question { query: &q, context: &context }, &analysis))
}

/// Adds `ev` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ev, m)?)?;
    Ok(())
}

//! `ev`: one-player expected value per discard (docs/ev-model.md), the context and options as
//! keyword arguments, the answer as `haipai ev --json` prints it.

use crate::errors::{EvError, hand_error, tiles_error_in};
use crate::hand::named_hand_of;
use crate::value::to_py;
use haipai::ev::{
    Analysis, Budget, Candidate, Lowering, Objective, Options, Query, RiichiPolicy, Standard, evaluate_with,
};
use haipai::score::Rules;
use haipai::tiles::{Counts, Hand, Tile, Wind, parse_counts, parse_tile};
use pyo3::prelude::*;
use serde_json::{Value, json};

/// The rules of the preset `name`, or a `ScoreError`-free message naming the presets.
pub fn rules_preset(name: &str) -> Result<Rules, String> {
    Rules::preset(name).ok_or_else(|| format!("'{name}' is not a rules preset ({})", Rules::PRESETS.join(", ")))
}

/// A wind letter (E, S, W, N), the message naming `what` otherwise.
pub fn wind(text: &str, what: &str) -> Result<Wind, String> {
    Wind::parse(text).ok_or_else(|| format!("{what} '{text}' is not a wind (E, S, W or N)"))
}

/// Counts one more red five of `tile`'s suit, refusing a second one (the set has one of each).
fn add_red_five(reds: &mut [u8; 3], tile: Tile, what: &str, text: &str) -> Result<(), String> {
    let Some(r) = reds.get_mut(tile.index() / 9) else { return Ok(()) };
    *r += 1;
    if *r > 1 {
        return Err(format!("{what} '{text}': a second red {tile} (the hand or another tile given holds one)"));
    }
    Ok(())
}

/// The red fives of a hand, closed and called, per suit.
pub fn hand_red_fives(hand: &Hand) -> [u8; 3] {
    let mut reds = hand.closed_red_fives();
    for m in hand.melds() {
        if let Some(r) = reds.get_mut(m.first().index() / 9) {
            *r += m.red_fives();
        }
    }
    reds
}

/// Tiles given as one string or several (`"147m3s"`, `["147m", "3s"]`): their counts, and
/// the red fives among them (added to `reds` and `seen`).
fn tile_lists(lists: &[String], what: &str, reds: &mut [u8; 3], seen: &mut [u8; 3]) -> PyResult<Counts> {
    let mut out = [0u8; 34];
    for text in lists {
        let counts = parse_counts(text).map_err(|e| tiles_error_in(&format!("{what} '{text}'"), &e))?;
        for (total, n) in out.iter_mut().zip(counts) {
            *total = total.saturating_add(n);
        }
        let hand = Hand::parse_any_size(text).map_err(|e| tiles_error_in(&format!("{what} '{text}'"), &e))?;
        for (suit, &n) in hand.closed_red_fives().iter().enumerate() {
            if let (1, Some(five)) = (n, Tile::new(9 * suit + 4)) {
                add_red_five(reds, five, what, text).map_err(|e| hand_error(e, None))?;
                add_red_five(seen, five, what, text).map_err(|e| hand_error(e, None))?;
            }
        }
    }
    Ok(out)
}

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
    switches: [bool; 7],
    may_decline: bool,
}

impl Settings {
    fn options(&self) -> PyResult<Options> {
        let mut o = match self.model.as_str() {
            "full" | "default" => Options::default(),
            "article" => Options::article(),
            other => return Err(ev_error(format!("model '{other}': expected full or article"))),
        };
        if let Some(text) = &self.objective {
            o.objective = match text.as_str() {
                "points" => Objective::Points,
                "win" => Objective::Win,
                other => return Err(ev_error(format!("objective '{other}': expected points or win"))),
            };
        }
        if let Some(text) = &self.riichi {
            o.riichi = match text.as_str() {
                "always" => RiichiPolicy::Always,
                "never" | "dama" => RiichiPolicy::Never,
                "best" => RiichiPolicy::Best,
                other => return Err(ev_error(format!("riichi '{other}': expected always, never or best"))),
            };
        }
        if let Some(b) = self.budget {
            (o.extra_exchanges, o.lower_budget) = (b, false);
        }
        if let Some(n) = self.max_states {
            o.max_states = n;
        }
        let [ura, ippatsu, double, haitei, red, dora, tsumo] = self.switches;
        o.ura_dora &= ura;
        o.ippatsu &= ippatsu;
        o.double_riichi &= double;
        o.haitei &= haitei;
        o.red_fives &= red;
        o.dora &= dora;
        o.menzen_tsumo &= tsumo;
        o.may_decline |= self.may_decline;
        Ok(o)
    }
}

fn flags(c: &Candidate, best_shanten: i8, options: &Options, discards: &Counts) -> Vec<&'static str> {
    let mut out = Vec::new();
    if c.shanten > best_shanten {
        out.push("shanten-back");
    }
    if options.riichi == RiichiPolicy::Best
        && let (Some(r), Some(d)) = (c.riichi, c.dama)
    {
        let better = match options.objective {
            Objective::Win => r.win >= d.win,
            _ => r.points >= d.points,
        };
        out.push(if better { "riichi" } else { "dama" });
    }
    let furiten = c.necessary.iter().any(|n| discards[n.tile.index()] > 0 || c.discard == Some(n.tile));
    if c.shanten == 0 && furiten {
        out.push("furiten");
    }
    out
}

fn candidate_json(c: &Candidate, flags: &[&str]) -> Value {
    let mut v = json!({
        "discard": c.discard.map(|t| t.to_string()),
        "shanten": c.shanten,
        "points": c.value.points,
        "win": c.value.win,
        "tenpai": c.value.tenpai,
        "flags": flags,
        "necessary": c.necessary.iter().map(|n| json!({
            "tile": n.tile.to_string(), "live": n.live, "points": n.points,
        })).collect::<Vec<_>>(),
        "other_points": c.other_points,
        "per_turn": {"points": c.per_turn.points, "win": c.per_turn.win, "tenpai": c.per_turn.tenpai},
    });
    if let (Some(r), Some(d)) = (c.riichi, c.dama) {
        v["riichi"] = json!({"points": r.points, "win": r.win, "tenpai": r.tenpai});
        v["dama"] = json!({"points": d.points, "win": d.win, "tenpai": d.tenpai});
    }
    v
}

fn budget_json(b: Budget) -> Value {
    let lowered = match b.lowered {
        None => Value::Null,
        Some(Lowering::Estimated(n)) => json!({"by": "estimate", "max_states": n}),
        Some(Lowering::Listed(n)) => json!({"by": "listing", "max_states": n}),
        Some(_) => json!({"by": "other"}),
    };
    json!({"asked": b.asked, "used": b.used, "lowered": lowered})
}

/// The answer as the command's JSON.
fn describe(q: &Query, a: &Analysis, options: &Options, rules: &str, discards: &Counts, top: Option<usize>) -> Value {
    let best_shanten = a.candidates.iter().map(|c| c.shanten).min().unwrap_or(a.shanten);
    let shown = &a.candidates[..top.unwrap_or(usize::MAX).min(a.candidates.len())];
    let candidates: Vec<Value> =
        shown.iter().map(|c| candidate_json(c, &flags(c, best_shanten, options, discards))).collect();
    json!({
        "hand": q.hand.to_string(),
        "turn": q.turn,
        "rules": rules,
        "double_riichi": q.turn == 1 && options.double_riichi && options.riichi != RiichiPolicy::Never,
        "unseen": a.unseen,
        "shanten": a.shanten,
        "candidates": candidates,
        "budget": budget_json(a.budget),
    })
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
        switches: [ura_dora, ippatsu, double_riichi, haitei, red_fives, dora, menzen_tsumo],
        may_decline,
    };
    let options = settings.options()?;
    let rule_set = rules_preset(rules).map_err(ev_error)?;
    let most = haipai::score::MAX_INDICATORS;
    if dora_indicators.len() > most {
        return Err(ev_error(format!(
            "dora_indicators: {} indicators, at most {most} (one, and one for each kan)",
            dora_indicators.len()
        )));
    }
    let mut reds = hand_red_fives(&hand);
    let mut seen = [0u8; 3];
    let mut indicators = Vec::new();
    for text in &dora_indicators {
        let p = parse_tile(text).map_err(|e| tiles_error_in(&format!("dora indicator '{text}'"), &e))?;
        if p.is_red() {
            add_red_five(&mut reds, p.tile(), "dora indicator", text).map_err(|e| hand_error(e, None))?;
            add_red_five(&mut seen, p.tile(), "dora indicator", text).map_err(|e| hand_error(e, None))?;
        }
        indicators.push(p.tile());
    }
    let visible = tile_lists(&visible.map(|t| t.lists()).unwrap_or_default(), "visible", &mut reds, &mut seen)?;
    let discards = tile_lists(&discards.map(|t| t.lists()).unwrap_or_default(), "discards", &mut reds, &mut seen)?;
    let mut q = Query::new(hand);
    q.turn = turn;
    q.seat = wind(seat, "seat").map_err(ev_error)?;
    q.round = wind(round, "round").map_err(ev_error)?;
    q.dora_indicators = indicators;
    q.visible = std::array::from_fn(|i| visible[i].saturating_add(discards[i]));
    q.red_seen = seen;
    let oracle = Standard { rules: rule_set };
    let answer = py.detach(|| evaluate_with(&oracle, &q, &options)).map_err(|e| ev_error(e.to_string()))?;
    to_py(py, &describe(&q, &answer, &options, rules, &discards, top))
}

/// Adds `ev` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ev, m)?)?;
    Ok(())
}

//! `score`: the yaku, fu and payments of a winning hand, the situation as keyword arguments
//! and a rules preset; the answer as `haipai score --json` prints it.

use crate::errors::{ScoreError, hand_error, tiles_error_in};
use crate::hand::named_hand_of;
use crate::value::to_py;
use haipai::score::{Rules, Situation};
use haipai::tiles::{ParsedTile, Tile, parse_tile};
use haipai_api::rules_preset;
use haipai_api::score::{check_red_fives, describe, wind};
use pyo3::prelude::*;

fn parsed(text: &str, what: &str) -> PyResult<ParsedTile> {
    parse_tile(text).map_err(|e| tiles_error_in(&format!("{what} '{text}'"), &e))
}

fn tiles(list: &[String], what: &str) -> PyResult<Vec<Tile>> {
    list.iter().map(|t| parsed(t, what).map(ParsedTile::tile)).collect()
}

/// The rule changes of the keyword arguments, each None to keep the preset's.
struct RuleChanges {
    kuitan: Option<bool>,
    aka_dora: Option<bool>,
    kiriage: Option<bool>,
    kazoe_yakuman: Option<bool>,
    double_yakuman: Option<bool>,
    double_wind_pair_fu: Option<u8>,
}

impl RuleChanges {
    fn apply(&self, name: &str) -> PyResult<Rules> {
        let mut r = rules_preset(name).map_err(ScoreError::new_err)?;
        r.kuitan = self.kuitan.unwrap_or(r.kuitan);
        r.aka_dora = self.aka_dora.unwrap_or(r.aka_dora);
        r.kiriage = self.kiriage.unwrap_or(r.kiriage);
        r.kazoe_yakuman = self.kazoe_yakuman.unwrap_or(r.kazoe_yakuman);
        r.double_yakuman = self.double_yakuman.unwrap_or(r.double_yakuman);
        match self.double_wind_pair_fu {
            None => {}
            Some(fu @ (2 | 4)) => r.double_wind_pair_fu = fu,
            Some(other) => return Err(ScoreError::new_err(format!("double_wind_pair_fu {other}: 2 or 4"))),
        }
        Ok(r)
    }
}

/// Scores a winning hand: the closed tiles including the winning tile `win`, melds in
/// brackets. Returns the dict `haipai score --json` prints: `hand`, `han`, `fu`, `limit`,
/// `points` (`total`, `ron`, `dealer`, `non_dealer`), `yaku` (`name`, `han`), `fu_parts`
/// (`name`, `fu`, `tile`); a hand with no yaku has han 0 and `error` "no yaku".
#[pyfunction]
#[pyo3(signature = (
    hand, win, *, tsumo = false, riichi = false, double_riichi = false, ippatsu = false,
    haitei = false, houtei = false, rinshan = false, chankan = false, tenhou = false,
    chiihou = false, seat = "E", round = "E", dora_indicators = Vec::new(),
    ura_indicators = Vec::new(), honba = 0, sticks = 0, rules = "default", kuitan = None,
    aka_dora = None, kiriage = None, kazoe_yakuman = None, double_yakuman = None,
    double_wind_pair_fu = None
))]
#[allow(clippy::too_many_arguments)]
#[allow(clippy::fn_params_excessive_bools)]
fn score(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    win: &str,
    tsumo: bool,
    riichi: bool,
    double_riichi: bool,
    ippatsu: bool,
    haitei: bool,
    houtei: bool,
    rinshan: bool,
    chankan: bool,
    tenhou: bool,
    chiihou: bool,
    seat: &str,
    round: &str,
    dora_indicators: Vec<String>,
    ura_indicators: Vec<String>,
    honba: i64,
    sticks: i64,
    rules: &str,
    kuitan: Option<bool>,
    aka_dora: Option<bool>,
    kiriage: Option<bool>,
    kazoe_yakuman: Option<bool>,
    double_yakuman: Option<bool>,
    double_wind_pair_fu: Option<u8>,
) -> PyResult<Py<PyAny>> {
    let changes = RuleChanges { kuitan, aka_dora, kiriage, kazoe_yakuman, double_yakuman, double_wind_pair_fu };
    let rule_set = changes.apply(rules)?;
    let hand = named_hand_of(hand)?;
    // Every tile reads (a bad one a `HandError` with its column) before the red fives are counted.
    let win_tile = parsed(win, "win")?.tile();
    let dora = tiles(&dora_indicators, "dora indicator")?;
    let ura = tiles(&ura_indicators, "ura indicator")?;
    let indicators: [(&str, &[String]); 2] = [("dora indicator", &dora_indicators), ("ura indicator", &ura_indicators)];
    check_red_fives(&hand, ("win", win), &indicators).map_err(|e| hand_error(e, None))?;
    let mut s = Situation::new(hand, win_tile);
    let c = &mut s.conditions;
    (c.tsumo, c.riichi, c.double_riichi, c.ippatsu) = (tsumo, riichi, double_riichi, ippatsu);
    (c.haitei, c.houtei, c.rinshan, c.chankan, c.tenhou, c.chiihou) =
        (haitei, houtei, rinshan, chankan, tenhou, chiihou);
    c.seat = wind(seat, "seat").map_err(ScoreError::new_err)?;
    c.round = wind(round, "round").map_err(ScoreError::new_err)?;
    let count = |n: i64, what: &str| {
        u32::try_from(n).map_err(|_| ScoreError::new_err(format!("{what} {n}: from 0 to {}", u32::MAX)))
    };
    (c.honba, c.sticks) = (count(honba, "honba")?, count(sticks, "sticks")?);
    (s.dora_indicators, s.ura_indicators) = (dora, ura);
    to_py(py, &describe(&s, &rule_set).map_err(ScoreError::new_err)?.json)
}

/// Adds `score` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score, m)?)?;
    Ok(())
}

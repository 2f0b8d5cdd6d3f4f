//! `review`: every decision of a real game (tenhou.net/6 JSON, mjlog, mjai) asked of the
//! one-player EV model, one dict per decision with the fields of `haipai review --json`.

use crate::errors::LogError;
use crate::value::to_py;
use haipai::log::{Choice, Game, Meld};
use haipai::review::{Method, Play, Reviewed, Row, Settings, preset_of, review as review_game};
use haipai::score::Rules;
use haipai::tiles::counts_to_string_with_red;
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde_json::{Value, json};
use std::io::Read;

/// The largest log read, as the command's.
const MAX_LOG_BYTES: u64 = 64 << 20;

/// A log given as a path or as its bytes.
#[derive(FromPyObject)]
pub enum Log {
    /// The log's contents.
    Bytes(Vec<u8>),
    /// A file's path.
    Path(std::path::PathBuf),
}

fn read_log(log: &Log) -> Result<(Vec<u8>, String), String> {
    match log {
        Log::Bytes(b) => Ok((b.clone(), "log".to_string())),
        Log::Path(path) => {
            let name = path.display().to_string();
            let mut bytes = Vec::new();
            std::fs::File::open(path)
                .and_then(|f| f.take(MAX_LOG_BYTES + 1).read_to_end(&mut bytes))
                .map_err(|e| format!("{name}: cannot be read: {e}"))?;
            if bytes.len() as u64 > MAX_LOG_BYTES {
                return Err(format!("{name}: larger than {} MiB, not a game log", MAX_LOG_BYTES >> 20));
            }
            Ok((bytes, name))
        }
    }
}

/// A seat number or a player's name.
#[derive(FromPyObject)]
pub enum Player {
    /// 0 is the first dealer.
    Seat(i64),
    /// A name as the log writes it.
    Name(String),
}

fn seats(game: &Game, player: Option<&Player>) -> Result<Vec<u8>, String> {
    let players: u8 = if game.setup.players == 3 { 3 } else { 4 };
    match player {
        None => Ok((0..players).collect()),
        Some(Player::Seat(seat)) => match u8::try_from(*seat) {
            Ok(s) if s < players => Ok(vec![s]),
            _ => Err(format!("player {seat}: the game's seats are 0 to {}", players - 1)),
        },
        Some(Player::Name(name)) => match game.names.iter().position(|n| n == name) {
            Some(seat) => Ok(vec![u8::try_from(seat).unwrap_or(0)]),
            None => {
                let names: Vec<String> =
                    game.names.iter().filter(|n| !n.is_empty()).map(|n| format!("'{n}'")).collect();
                Err(format!("player '{name}': no such seat or name (the players: {})", names.join(", ")))
            }
        },
    }
}

fn kind(d: &Reviewed) -> &'static str {
    match d.decision.choice {
        Choice::Discard { .. } => "discard",
        Choice::Call { .. } => "call",
        Choice::Kita { .. } => "kita",
        _ => "kan",
    }
}

fn method_json(method: &Method) -> Value {
    match method {
        Method::Exact { budget, asked } if budget == asked => json!({ "exact": true, "budget": budget }),
        Method::Exact { budget, asked } => json!({ "exact": true, "budget": budget, "asked": asked }),
        Method::NotComputed(reason) => json!({ "exact": false, "computed": false, "reason": reason.to_string() }),
        _ => json!({ "exact": false }),
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn row_json(row: &Row) -> Value {
    let (call, discard) = match &row.play {
        Play::Discard(t) => (None, Some(t.to_string())),
        Play::Call(c, t) => (Some(c.to_string()), t.map(|t| t.to_string())),
        _ => (None, None),
    };
    let value = |e: &haipai::ev::Expectation| json!({ "points": round2(e.points), "win": round4(e.win), "tenpai": round4(e.tenpai) });
    let mut v = json!({
        "play": row.play.to_string(),
        "call": call,
        "discard": discard,
        "points": round2(row.value.points),
        "win": round4(row.value.win),
        "tenpai": round4(row.value.tenpai),
        "shanten": row.shanten,
        "necessary": row.necessary.iter().map(|n| json!({ "tile": n.tile.to_string(), "live": n.live, "points": round2(n.points) })).collect::<Vec<_>>(),
    });
    if let (Some(r), Some(d)) = (&row.riichi, &row.dama) {
        v["riichi"] = value(r);
        v["dama"] = value(d);
    }
    v
}

/// The scoring rules of a review and their preset's name: `rules` when given, else the preset
/// of the site the log names (`tenhou` for a tenhou.net/6 or mjlog file), else `default`.
fn review_rules(game: &Game, rules: Option<&str>) -> Result<(Rules, &'static str), String> {
    let name = match rules {
        Some(text) => Rules::PRESETS
            .iter()
            .copied()
            .find(|p| *p == text)
            .ok_or_else(|| format!("rules '{text}': not a rules preset ({})", Rules::PRESETS.join(", ")))?,
        None => preset_of(game).unwrap_or("default"),
    };
    // Every name of `Rules::PRESETS` is a preset.
    Ok((Rules::preset(name).unwrap_or_default(), name))
}

/// One decision with the fields of `haipai review --json`, `rules` the preset's name.
fn decision_json(d: &Reviewed, rules: &str) -> Value {
    let p = &d.decision.position;
    let riichi = matches!(d.decision.choice, Choice::Discard { riichi: true, .. });
    json!({
        "kind": kind(d),
        "round": d.round,
        "seat": p.seat,
        "event": d.decision.event,
        "turn": p.turn,
        "model_turn": d.turn,
        "wall": p.wall_left,
        "hand": counts_to_string_with_red(&p.closed, &p.closed_red),
        "melds": p.melds.iter().filter_map(Meld::to_meld).map(|m| m.to_string()).collect::<Vec<_>>(),
        "drawn": p.drawn.map(|t| t.to_string()),
        "dora_indicators": p.dora_indicators.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
        "unseen": d.unseen,
        "played": d.played.to_string(),
        "riichi": riichi,
        "best": d.best.as_ref().map(|b| b.to_string()),
        "best_win": d.best_win.as_ref().map(|b| b.to_string()),
        "points": d.played_value.map(|v| round2(v.points)),
        "loss": round2(d.loss),
        "flags": d.flags.iter().map(|f| f.name()).collect::<Vec<_>>(),
        "method": method_json(&d.method),
        "candidates": d.rows.iter().map(row_json).collect::<Vec<_>>(),
        "ms": (d.elapsed.as_secs_f64() * 1000.0).round(),
        "rules": rules,
    })
}

/// Reviews a game log (a path, or the log's bytes): every decision of `player` (a seat 0-3
/// or a name; every seat by default) asked of the one-player EV model, one dict per decision
/// in play order with the fields of `haipai review --json` (`pandas.DataFrame(...)` takes
/// the list as it is). The scoring rules are the preset `rules` names (`default`, `tenhou`,
/// `majsoul`, `mleague`), by default the preset of the site the log says the game was played
/// on (`tenhou` for a tenhou.net/6 or mjlog file), else `default`; each record's `rules`
/// names them. A log that cannot be read, a round that cannot be replayed, or a bad option
/// raises `LogError`. The decisions are spread over the cores, the GIL released.
#[pyfunction]
#[pyo3(signature = (log, *, player = None, rules = None, max_states = None))]
fn review(
    py: Python<'_>,
    log: Log,
    player: Option<Player>,
    rules: Option<&str>,
    max_states: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let (bytes, name) = read_log(&log).map_err(LogError::new_err)?;
    let game = haipai::log::read(&bytes).map_err(|e| LogError::new_err(format!("{name}: {e}")))?;
    let seats = seats(&game, player.as_ref()).map_err(LogError::new_err)?;
    let (rule_set, preset) = review_rules(&game, rules).map_err(LogError::new_err)?;
    let mut settings = Settings::for_game(&game).rules(rule_set);
    if let Some(n) = max_states {
        if n == 0 {
            return Err(LogError::new_err("max_states 0: at least 1"));
        }
        settings.options.max_states = n;
    }
    let done = py.detach(|| review_game(&game, &seats, &settings, &|_, _| {}));
    if let Some((round, e)) = done.rounds.iter().find_map(|r| r.error.as_ref().map(|e| (&r.name, e))) {
        return Err(LogError::new_err(format!("{name}: {e} (round {round} is not reviewed)")));
    }
    let list = PyList::empty(py);
    for d in done.rounds.iter().flat_map(|r| &r.decisions) {
        list.append(to_py(py, &decision_json(d, preset))?)?;
    }
    Ok(list.into_any().unbind())
}

/// Adds `review` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(review, m)?)?;
    Ok(())
}

//! `review`: every decision of a real game (tenhou.net/6 JSON, mjlog, mjai) asked of the
//! one-player EV model, one dict per decision with the fields of `haipai review --json`.

use crate::errors::LogError;
use crate::value::to_py;
use haipai::review::{Settings, review as review_game};
use haipai_api::preset_name;
use haipai_api::review::{Rules, decision_json, seats};
use pyo3::prelude::*;
use pyo3::types::PyList;
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

impl Player {
    /// The player as the command's `--player` takes it: a seat's number or a name.
    fn text(&self) -> String {
        match self {
            Player::Seat(seat) => seat.to_string(),
            Player::Name(name) => name.clone(),
        }
    }
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
    let seats = seats(&game, player.as_ref().map(Player::text).as_deref(), "player").map_err(LogError::new_err)?;
    let asked = rules.map(preset_name).transpose().map_err(LogError::new_err)?;
    let rules = Rules::choose(&game, asked.as_deref());
    let mut settings = rules.settings(&Settings::default());
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
        list.append(to_py(py, &decision_json(d, &rules))?)?;
    }
    Ok(list.into_any().unbind())
}

/// Adds `review` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(review, m)?)?;
    Ok(())
}

//! `haipai review LOG`: every decision of a real game (tenhou.net/6 JSON, mjlog, mjai) asked of
//! the one-player EV model (haipai-review): per round the decisions, how many matched the
//! best, the points lost, the largest mistakes first; `--json` one object per decision;
//! `--html FILE` one self-contained page.

mod html;
mod text;

use crate::common::{BAD_INPUT, OK, preset_name, with_progress};
use crate::output;
use haipai::review::{Settings, review};
use haipai_api::review::seats;
pub use haipai_api::review::{Rules, decision_json, hand_text, kind, melds_text};
use serde_json::json;
use std::io::Read;

/// The line above every table: what the numbers are.
pub const MODEL: &str = "Model: one player, tsumo wins only, no opponents (haipai ev's exact expected value).";

/// The largest log read (an hour-long game is a few hundred kilobytes).
const MAX_LOG_BYTES: u64 = 64 << 20;

/// Arguments of `haipai review`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game log: tenhou.net/6 JSON, Tenhou mjlog XML (plain or gzip) or mjai JSON lines;
    /// `-` reads it from standard input.
    pub log: String,
    /// Whose decisions: a seat 0-3 (0 is the first dealer) or a player's name. Default: every
    /// seat.
    #[arg(long)]
    pub player: Option<String>,
    /// Print one JSON object per decision, in play order.
    ///
    /// Fields: `kind` (`discard`, `call`, `kan` or `kita`), `round` (`E1-0`), `seat`,
    /// `event` (the round's event, 1-based), `turn` (tiles the seat has drawn this round),
    /// `model_turn` (the model's turn, 1..=17: 18 less the draws the seat still gets), `wall`
    /// (tiles left in the live wall), `hand` (closed tiles before the discard, MPSZ, `0` for a
    /// red five), `melds` (`[789s]`, `[5555z*]`), `drawn`, `dora_indicators`, `unseen` (tiles the
    /// seat has not seen), `played` (`5p`, `pass`, `pon 55p, 3m`: the call and the model's best
    /// discard after it, `ankan 1z`, `kakan 5p`), `riichi` (declared with the discard), `best` (by expected points),
    /// `best_win` (by win probability), `points` (the value of the play, riichi or dama as
    /// played), `loss` (points lost against the best), `flags` (`no-yaku`, `furiten`,
    /// `shanten-back`, `riichi`: the model prefers riichi to the dama played, `dama`: the
    /// reverse), `method` (`{"exact": true, "budget": 1}`, with `asked` when the budget was
    /// lowered to fit the state limit; `{"exact": false, "budget": 0, "error": 25.0}` for an
    /// estimate by seeded playouts where even budget 0 does not fit, `error` the standard error
    /// of the expected points; `{"exact": false, "computed": false, "reason": ...}` for a
    /// decision the model cannot express), `candidates` (best first: every discard, and after a
    /// draw every kan the hand may declare, taken or not) each with `play`, `call` (the call or
    /// the kan; null for a discard or a pass), `discard`, `points`, `win`, `tenpai`, `shanten`,
    /// `necessary` (`tile`, `live`, `points`), and `riichi` / `dama` values for a closed tenpai
    /// hand; `ms` (the time the decision took), `rules` (the scoring preset used). A round that
    /// cannot be read or replayed prints `round` and `error`, and the exit code is 2.
    #[arg(long)]
    pub json: bool,
    /// Scoring rules preset: `default`, `tenhou` (no double yakuman), `majsoul` or `mleague`
    /// (no double or kazoe yakuman, kiriage mangan). Default: the preset of the site the log
    /// says the game was played on (`tenhou` for a tenhou.net/6 or mjlog file), else `default`
    /// (mjai logs do not say); the report names the rules used. Red fives follow the log.
    #[arg(long, value_parser = preset_name)]
    pub rules: Option<String>,
    /// The most states one question may list (default 4.5 million: about 3 s and 0.4 GB a
    /// question); past it the exchange budget is lowered, and past it at budget 0 the decision
    /// is estimated by playouts (the decision's `method` says so).
    #[arg(long, value_parser = crate::common::whole(1, usize::MAX))]
    pub max_states: Option<usize>,
    /// Also write one self-contained HTML page to FILE: the tiles drawn as SVG, each
    /// decision's hand, a chart of expected points by turn per round, the mistakes ranked.
    #[arg(long, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
}

/// Reads the log's bytes from a file or standard input.
fn read_log(path: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().lock().take(MAX_LOG_BYTES + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_LOG_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("{path}: cannot be read: {e}"))?;
    if bytes.len() as u64 > MAX_LOG_BYTES {
        return Err(format!("{path}: larger than {} MiB, not a game log", MAX_LOG_BYTES >> 20));
    }
    Ok(bytes)
}

/// Runs the command.
pub fn run(args: &Args) -> u8 {
    let game = match read_log(&args.log).and_then(|b| haipai::log::read(&b).map_err(|e| format!("{}: {e}", args.log))) {
        Ok(game) => game,
        Err(e) => {
            output::error(e);
            return BAD_INPUT;
        }
    };
    let seats = match seats(&game, args.player.as_deref(), "--player") {
        Ok(seats) => seats,
        Err(e) => {
            output::error(e);
            return BAD_INPUT;
        }
    };
    let rules = Rules::choose(&game, args.rules.as_deref());
    let mut settings = rules.settings(&Settings::default());
    if let Some(n) = args.max_states {
        settings.options.max_states = n;
    }
    let review = with_progress("{spinner} reviewing {pos}/{len} decisions {bar:40} {elapsed}", |progress| {
        review(&game, &seats, &settings, progress)
    });
    let mut code = OK;
    for round in &review.rounds {
        if let Some(e) = &round.error {
            output::error(format_args!("{}: {e} (the round is not reviewed)", args.log));
            if args.json {
                output::json(json!({ "round": round.name, "error": e.to_string() }));
            }
            code = BAD_INPUT;
        }
    }
    if args.json {
        for d in review.rounds.iter().flat_map(|r| &r.decisions) {
            output::json(decision_json(d, &rules));
        }
    } else {
        text::print(&game, &review, &seats, &rules);
    }
    if let Some(path) = &args.html
        && let Err(e) = std::fs::write(path, html::page(&game, &review, &seats, &rules))
    {
        output::error(format_args!("{}: cannot be written: {e}", path.display()));
        code = BAD_INPUT;
    }
    code
}

//! `haipai review LOG`: every decision of a real game (tenhou.net/6 JSON, mjlog, mjai) asked of
//! the one-player EV model (haipai-review): per round the decisions, how many matched the
//! best, the points lost, the largest mistakes first; `--json` one object per decision;
//! `--html FILE` one self-contained page.

mod html;
mod text;

use crate::common::{BAD_INPUT, OK, preset_name, with_progress};
use crate::output;
use haipai::log::{Choice, Game, Meld};
use haipai::review::{Method, Play, Reviewed, Row, Settings, preset_of, review};
use haipai::tiles::counts_to_string_with_red;
use serde_json::{Value, json};
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
    /// discard after it), `riichi` (declared with the discard), `best` (by expected points),
    /// `best_win` (by win probability), `points` (the value of the play, riichi or dama as
    /// played), `loss` (points lost against the best), `flags` (`no-yaku`, `furiten`,
    /// `shanten-back`, `riichi`: the model prefers riichi to the dama played, `dama`: the
    /// reverse), `method` (`{"exact": true, "budget": 1}`, with `asked` when the budget was
    /// lowered to fit the state limit; `{"exact": false, "budget": 0, "error": 25.0}` for an
    /// estimate by seeded playouts where even budget 0 does not fit, `error` the standard error
    /// of the expected points; `{"exact": false, "computed": false, "reason": ...}` for a
    /// decision the model cannot express), `candidates` (best first) each with `play`, `call`
    /// (null for a discard or a pass), `discard`, `points`, `win`, `tenpai`, `shanten`,
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

/// The seats `--player` names: a seat number or a player's name.
fn seats(game: &Game, player: Option<&str>) -> Result<Vec<u8>, String> {
    let players = if game.setup.players == 3 { 3 } else { 4 };
    let Some(player) = player else { return Ok((0..players).collect()) };
    if let Ok(seat) = player.parse::<u8>() {
        return if seat < players {
            Ok(vec![seat])
        } else {
            Err(format!("--player {seat}: the game's seats are 0 to {}", players - 1))
        };
    }
    match game.names.iter().position(|n| n == player) {
        Some(seat) => Ok(vec![seat as u8]),
        None => {
            let names: Vec<String> = game.names.iter().filter(|n| !n.is_empty()).map(|n| format!("'{n}'")).collect();
            Err(format!("--player '{player}': no such seat or name (the players: {})", names.join(", ")))
        }
    }
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
    let seats = match seats(&game, args.player.as_deref()) {
        Ok(seats) => seats,
        Err(e) => {
            output::error(e);
            return BAD_INPUT;
        }
    };
    let rules = Rules::choose(&game, args.rules.as_deref());
    // the name is one of the presets, so the preset is there
    let mut settings = Settings::default().rules(haipai::score::Rules::preset(rules.name).unwrap_or_default());
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
            let mut v = decision_json(d);
            v["rules"] = json!(rules.name);
            output::json(v);
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

/// The scoring rules of a review: the preset's name and where the choice came from.
pub struct Rules {
    /// The preset (one of `Rules::PRESETS`).
    pub name: &'static str,
    /// Why this preset: `--rules`, the log's site, or the default.
    pub why: &'static str,
}

impl Rules {
    /// `--rules` when given, else the preset of the site the log names, else `default`.
    fn choose(game: &Game, flag: Option<&str>) -> Rules {
        let flag = flag.and_then(|f| haipai::score::Rules::PRESETS.iter().copied().find(|p| *p == f));
        match (flag, preset_of(game)) {
            (Some(name), _) => Rules { name, why: "chosen by --rules" },
            (None, Some(name)) => Rules { name, why: "the log's: a Tenhou game; --rules changes it" },
            (None, None) => Rules { name: "default", why: "the log does not say; --rules changes it" },
        }
    }

    /// `Rules: tenhou (the log's: a Tenhou game; --rules changes it).`
    pub fn line(&self) -> String {
        format!("Rules: {} ({}).", self.name, self.why)
    }
}

/// The decision's kind: `discard`, `call`, `kan` or `kita`.
pub fn kind(d: &Reviewed) -> &'static str {
    match d.decision.choice {
        Choice::Discard { .. } => "discard",
        Choice::Call { .. } => "call",
        Choice::Kita { .. } => "kita",
        _ => "kan",
    }
}

/// The closed tiles at the decision, MPSZ with `0` for a red five.
pub fn hand_text(d: &Reviewed) -> String {
    let p = &d.decision.position;
    counts_to_string_with_red(&p.closed, &p.closed_red)
}

/// The melds at the decision, each in brackets (`[789s]`, `[5555z*]`).
pub fn melds_text(melds: &[Meld]) -> Vec<String> {
    melds.iter().filter_map(Meld::to_meld).map(|m| m.to_string()).collect()
}

/// The method as JSON.
fn method_json(method: &Method) -> Value {
    match method {
        Method::Exact { budget, asked } if budget == asked => json!({ "exact": true, "budget": budget }),
        Method::Exact { budget, asked } => json!({ "exact": true, "budget": budget, "asked": asked }),
        Method::Estimate { budget, error } => json!({ "exact": false, "budget": budget, "error": round2(*error) }),
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

/// One decision as JSON (the fields `--help` lists).
pub fn decision_json(d: &Reviewed) -> Value {
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
        "hand": hand_text(d),
        "melds": melds_text(&p.melds),
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
    })
}

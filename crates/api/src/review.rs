//! `review`: every decision of a real game (tenhou.net/6 JSON, mjlog, mjai) asked of the
//! one-player EV model, each as the JSON object `haipai review --json` prints.

use crate::request::Request;
use haipai::log::{Choice, Game, Meld};
use haipai::review::{Method, Play, Review, Reviewed, Row, Settings, preset_of, review as review_with};
use haipai::tiles::counts_to_string_with_red;
use serde_json::{Value, json};

/// The fields of a `review` JSON request (`id` aside): `log`, the text of a tenhou.net/6 JSON,
/// mjlog XML or mjai log, and `player`, a seat (0 is the first dealer) or a player's name
/// (every seat when not given), and `rules`, a scoring rules preset (default: the one the log
/// implies, [`Rules::choose`]).
pub const FIELDS: [&str; 3] = ["log", "player", "rules"];

/// The scoring rules of a review: the preset's name and where the choice came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The preset (one of `Rules::PRESETS`).
    pub name: &'static str,
    /// Why this preset: `--rules`, the log's site, or the default.
    pub why: &'static str,
}

impl Rules {
    /// The preset `asked` (when it is one), else the preset of the site the log names, else
    /// `default`.
    pub fn choose(game: &Game, asked: Option<&str>) -> Rules {
        let asked = asked.and_then(|f| haipai::score::Rules::PRESETS.iter().copied().find(|p| *p == f));
        match (asked, preset_of(game)) {
            (Some(name), _) => Rules { name, why: "chosen by --rules" },
            (None, Some(name)) => Rules { name, why: "the log's: a Tenhou game; --rules changes it" },
            (None, None) => Rules { name: "default", why: "the log does not say; --rules changes it" },
        }
    }

    /// `Rules: tenhou (the log's: a Tenhou game; --rules changes it).`
    pub fn line(&self) -> String {
        format!("Rules: {} ({}).", self.name, self.why)
    }

    /// The settings `base` (the state limit, a deadline) with these scoring rules.
    pub fn settings(&self, base: &Settings) -> Settings {
        // the name is one of the presets, so the preset is there
        base.clone().rules(haipai::score::Rules::preset(self.name).unwrap_or_default())
    }
}

/// The answer to one JSON request `text` (the fields of [`FIELDS`]) with `settings` (the
/// state limit of each question): `{"decisions": [...], "errors": [...]}`, `decisions` the
/// objects `haipai review --json` prints, in play order, and `errors` the rounds that could
/// not be replayed (`round`, `error`); or the message the command prints.
pub fn review(text: &str, settings: &Settings) -> Result<Value, String> {
    let (review, rules) = reviewed(text, settings)?;
    Ok(answer(&review, &rules))
}

/// The review one JSON request `text` asks for, under `settings` (the state limit of each
/// question, a deadline) and the scoring rules chosen ([`Rules::choose`]), for a caller that
/// looks at it before answering ([`answer`]): a server whose deadline cut it short
/// ([`Review::unreviewed`]).
pub fn reviewed(text: &str, settings: &Settings) -> Result<(Review, Rules), String> {
    let req = Request::parse(text, &FIELDS)?;
    let log = req.text("log")?.ok_or("field 'log' is required")?;
    let player = match req.value("player") {
        None => None,
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err("field 'player' must be a seat number or a player's name".to_string()),
    };
    let asked = match req.text("rules")? {
        Some(name) => Some(crate::preset_name(name).map_err(|e| format!("field 'rules': {e}"))?),
        None => None,
    };
    let game = haipai::log::read(log.as_bytes()).map_err(|e| format!("log: {e}"))?;
    let seats = seats(&game, player.as_deref(), "player")?;
    let rules = Rules::choose(&game, asked.as_deref());
    Ok((review_with(&game, &seats, &rules.settings(settings), &|_, _| {}), rules))
}

/// The answer of [`review`] for a review made under `rules`.
pub fn answer(review: &Review, rules: &Rules) -> Value {
    let errors: Vec<Value> = review
        .rounds
        .iter()
        .filter_map(|r| r.error.as_ref().map(|e| json!({ "round": r.name, "error": e.to_string() })))
        .collect();
    let decisions: Vec<Value> =
        review.rounds.iter().flat_map(|r| &r.decisions).map(|d| decision_json(d, rules)).collect();
    json!({ "decisions": decisions, "errors": errors, "rules": rules.name })
}

/// The seats `player` names (a seat number or a player's name; every seat when `None`); an
/// error calls it `what` (`--player`, `player`).
pub fn seats(game: &Game, player: Option<&str>, what: &str) -> Result<Vec<u8>, String> {
    let players = if game.setup.players == 3 { 3 } else { 4 };
    let Some(player) = player else { return Ok((0..players).collect()) };
    if let Ok(seat) = player.parse::<u8>() {
        return if seat < players {
            Ok(vec![seat])
        } else {
            Err(format!("{what} {seat}: the game's seats are 0 to {}", players - 1))
        };
    }
    match game.names.iter().position(|n| n == player) {
        Some(seat) => Ok(vec![seat as u8]),
        None => {
            let names: Vec<String> = game.names.iter().filter(|n| !n.is_empty()).map(|n| format!("'{n}'")).collect();
            Err(format!("{what} '{player}': no such seat or name (the players: {})", names.join(", ")))
        }
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
        Play::Kan(k) => (Some(k.to_string()), None),
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

/// One decision as JSON (the fields `--help` lists), reviewed under `rules`.
pub fn decision_json(d: &Reviewed, rules: &Rules) -> Value {
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
        "rules": rules.name,
    })
}

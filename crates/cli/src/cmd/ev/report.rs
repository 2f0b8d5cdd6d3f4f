//! The report of one `haipai ev` answer: the header, the model line, the table (one row per
//! discard, with its shanten and flags) and the same as JSON.

use super::Context;
use crate::common::Output;
use haipai::ev::{Analysis, Budget, Candidate, Expectation, Lowering, Objective, Query, RiichiPolicy};
use haipai::tiles::{Counts, TileSet};
use serde_json::{Value, json};

/// What the model is, said above every table.
const MODEL: &str = "one player, tsumo wins only, no opponents";

/// A question as asked: the query and its context (options, rules, own discards).
pub struct Question<'a> {
    /// The query the engine answered.
    pub query: &'a Query,
    /// Its context.
    pub context: &'a Context,
}

fn pct(x: f64) -> String {
    format!("{:.2}", 100.0 * x)
}

fn discard_name(c: &Candidate) -> String {
    c.discard.map_or_else(|| "-".to_string(), |t| t.to_string())
}

/// The necessary tiles in one tile list (`58m3568s`) and their live copies.
fn necessary_text(c: &Candidate) -> String {
    let mut set = TileSet::default();
    for n in &c.necessary {
        set.insert(n.tile);
    }
    let live: u32 = c.necessary.iter().map(|n| u32::from(n.live)).sum();
    if c.necessary.is_empty() { "-".to_string() } else { format!("{set} ({live})") }
}

/// Whether a riichi declared now is a double riichi, counted: turn 1, the double riichi
/// option on and a policy that may declare.
fn double_riichi_counted(question: &Question<'_>) -> bool {
    let o = &question.context.options;
    question.query.turn == 1 && o.double_riichi && o.riichi != RiichiPolicy::Never
}

/// Whether `riichi` is the better of the two for the objective.
fn riichi_is_better(riichi: Expectation, dama: Expectation, objective: Objective) -> bool {
    match objective {
        Objective::Win => riichi.win >= dama.win,
        _ => riichi.points >= dama.points,
    }
}

/// The flags of one candidate: `shanten-back` (the discard leaves a higher shanten than the
/// best discard does), `riichi` or `dama` (the better of the two, under `--riichi best`),
/// `furiten` (tenpai on a wait among the own discards, the discarded tile included).
fn flags(c: &Candidate, best_shanten: i8, question: &Question<'_>) -> Vec<&'static str> {
    let mut out = Vec::new();
    if c.shanten > best_shanten {
        out.push("shanten-back");
    }
    let o = &question.context.options;
    if o.riichi == RiichiPolicy::Best
        && let (Some(r), Some(d)) = (c.riichi, c.dama)
    {
        out.push(if riichi_is_better(r, d, o.objective) { "riichi" } else { "dama" });
    }
    if c.shanten == 0 && furiten(c, &question.context.discards.counts) {
        out.push("furiten");
    }
    out
}

/// Whether a tenpai candidate waits on a tile among `discards` or on the tile it discards.
fn furiten(c: &Candidate, discards: &Counts) -> bool {
    c.necessary.iter().any(|n| discards[n.tile.index()] > 0 || c.discard == Some(n.tile))
}

/// The report's first lines: the question, the notes (a complete hand, a lowered budget,
/// double riichi), the model and the table's header (`width`: the necessary column's).
fn header_text(question: &Question<'_>, a: &Analysis, width: usize) -> String {
    let q = question.query;
    let mut text = format!(
        "hand {}  turn {}  seat {}  round {}  unseen {}  shanten {}",
        q.hand,
        q.turn,
        q.seat.letter(),
        q.round.letter(),
        a.unseen,
        a.shanten
    );
    if a.shanten < 0 {
        text.push_str(&format!(
            "\ncomplete: winning now is not among the answers (`haipai score {} --win TILE --tsumo` scores it)",
            q.hand
        ));
    }
    if a.budget.lowered.is_some() {
        text.push_str(&format!("\nanswered with exchange {}", a.budget));
    }
    if double_riichi_counted(question) {
        text.push_str("\nturn 1: a riichi now is a double riichi, counted (`--no-double-riichi` leaves it out)");
    }
    text.push_str(&format!("\nmodel: {MODEL}; rules {}", question.context.rules_name));
    text.push_str(&format!(
        "\n{:<8}{:>8}{:>10}{:>8}{:>10}  {:<width$}  flags",
        "discard", "shanten", "points", "win %", "tenpai %", "necessary"
    ));
    text
}

/// The lines of one candidate's values at every turn: points, win % and tenpai %.
fn per_turn_text(c: &Candidate) -> String {
    let row = |v: &[f64], scale: f64| v.iter().map(|x| format!("{:.2}", x * scale)).collect::<Vec<_>>().join(" ");
    let mut text = format!("\n{:<8}points by turn: {}", "", row(&c.per_turn.points, 1.0));
    text.push_str(&format!("\n{:<8}win % by turn:  {}", "", row(&c.per_turn.win, 100.0)));
    text.push_str(&format!("\n{:<8}tenpai % by turn: {}", "", row(&c.per_turn.tenpai, 100.0)));
    text
}

/// One candidate's row of the table (its necessary column `width` wide), with its riichi
/// against dama line (under `--riichi best`) and its values at every turn (`per_turn`).
fn candidate_text(c: &Candidate, flags: &[&str], question: &Question<'_>, width: usize, per_turn: bool) -> String {
    let row = format!(
        "\n{:<8}{:>8}{:>10.2}{:>8}{:>10}  {:<width$}  {}",
        discard_name(c),
        c.shanten,
        c.value.points,
        pct(c.value.win),
        pct(c.value.tenpai),
        necessary_text(c),
        flags.join(",")
    );
    let mut text = row.trim_end().to_string();
    if question.context.options.riichi == RiichiPolicy::Best
        && let (Some(r), Some(d)) = (c.riichi, c.dama)
    {
        text.push_str(&format!(
            "\n{:<8}riichi {:.2} ({}% win) against dama {:.2} ({}% win)",
            "",
            r.points,
            pct(r.win),
            d.points,
            pct(d.win)
        ));
    }
    if per_turn {
        text.push_str(&per_turn_text(c));
    }
    text
}

/// One candidate as a JSON object (see `--json`).
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
        // The points whose first kept draw is no necessary tile (hand changes): with the
        // necessary tiles' points, the candidate's points.
        "other_points": c.other_points,
        "per_turn": {
            "points": c.per_turn.points,
            "win": c.per_turn.win,
            "tenpai": c.per_turn.tenpai,
        },
    });
    if let (Some(r), Some(d)) = (c.riichi, c.dama) {
        v["riichi"] = json!({"points": r.points, "win": r.win, "tenpai": r.tenpai});
        v["dama"] = json!({"points": d.points, "win": d.win, "tenpai": d.tenpai});
    }
    v
}

/// The exchange budget of an answer as JSON (see `--json`).
fn budget_json(b: Budget) -> Value {
    let lowered = match b.lowered {
        None => Value::Null,
        Some(Lowering::Estimated(n)) => json!({"by": "estimate", "max_states": n}),
        Some(Lowering::Listed(n)) => json!({"by": "listing", "max_states": n}),
        Some(_) => json!({"by": "other"}),
    };
    json!({"asked": b.asked, "used": b.used, "lowered": lowered})
}

/// The report of one answered question, text and JSON: the `--top` best candidates (all
/// without it), with the values at every turn in the text when `per_turn`.
pub fn describe(question: &Question<'_>, a: &Analysis, per_turn: bool) -> Output {
    let best_shanten = a.candidates.iter().map(|c| c.shanten).min().unwrap_or(a.shanten);
    let shown = &a.candidates[..question.context.top.unwrap_or(usize::MAX).min(a.candidates.len())];
    let width = shown.iter().map(|c| necessary_text(c).len()).max().unwrap_or(0).max("necessary".len());
    let mut text = header_text(question, a, width);
    let mut candidates = Vec::new();
    for c in shown {
        let flags = flags(c, best_shanten, question);
        text.push_str(&candidate_text(c, &flags, question, width, per_turn));
        candidates.push(candidate_json(c, &flags));
    }
    let q = question.query;
    let json = json!({
        "hand": q.hand.to_string(),
        "turn": q.turn,
        "rules": question.context.rules_name,
        "double_riichi": double_riichi_counted(question),
        "unseen": a.unseen,
        "shanten": a.shanten,
        "candidates": candidates,
        "budget": budget_json(a.budget),
    });
    Output { text, json }
}

//! The report of one `haipai ev` answer: the header, the model line, the table (one row per
//! discard, with its shanten and flags) and the same as JSON (haipai-api's).

use crate::common::Output;
use haipai::ev::{Analysis, Candidate, RiichiPolicy};
use haipai::tiles::TileSet;
use haipai_api::ev::{Question, best_shanten, double_riichi_counted, flags, model_line, shown};

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
    text.push('\n');
    text.push_str(&model_line(question));
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

/// The report of one answered question, text and JSON: the `--top` best candidates (all
/// without it), with the values at every turn in the text when `per_turn`.
pub fn describe(question: &Question<'_>, a: &Analysis, per_turn: bool) -> Output {
    let best = best_shanten(a);
    let shown = shown(question, a);
    let width = shown.iter().map(|c| necessary_text(c).len()).max().unwrap_or(0).max("necessary".len());
    let mut text = header_text(question, a, width);
    for c in shown {
        text.push_str(&candidate_text(c, &flags(c, best, question), question, width, per_turn));
    }
    Output { text, json: haipai_api::ev::answer(question, a) }
}

//! The text report of `haipai review`: per round a table of the decisions, then the largest
//! mistakes and a summary (how many decisions, by which method, how many matched the best).

use super::{MODEL, Rules, hand_text, kind, melds_text};
use crate::output;
use haipai::log::Game;
use haipai::review::{Method, Review, Reviewed};
use std::collections::BTreeMap;

/// How many mistakes the ranking lists.
const MISTAKES: usize = 10;

/// How many mistakes each round's line lists.
const ROUND_MISTAKES: usize = 3;

/// Whether the play was the best one, or as good: less than one point lost (what the tables
/// print as 0).
pub fn matched(d: &Reviewed) -> bool {
    d.computed() && d.loss < 0.5
}

/// `seat 0 (name)`.
pub fn seat_name(game: &Game, seat: u8) -> String {
    match game.names.get(usize::from(seat)).filter(|n| !n.is_empty()) {
        Some(name) => format!("seat {seat} ({name})"),
        None => format!("seat {seat}"),
    }
}

/// The method in a few characters: `b1`, `b0<1`, or the reason not computed.
pub fn method_short(method: &Method) -> String {
    match method {
        Method::Exact { budget, asked } if budget == asked => format!("b{budget}"),
        Method::Exact { budget, asked } => format!("b{budget}<{asked}"),
        Method::Estimate { budget, error } => format!("b{budget}~{error:.0}"),
        Method::NotComputed(reason) => format!("- {reason}"),
        _ => "?".into(),
    }
}

/// The hand with its melds: `123m456p[789s]`.
fn hand_and_melds(d: &Reviewed) -> String {
    let mut s = hand_text(d);
    for m in melds_text(&d.decision.position.melds) {
        s.push_str(&m);
    }
    s
}

fn table(decisions: &[&Reviewed]) {
    output::line(MODEL);
    output::line(format!(
        "  {:<6} {:<7} {:>4}  {:<7}  {:<26} {:<16} {:<16} {:>8} {:>8} {:>5}  {:<6} flags",
        "round", "seat", "turn", "kind", "hand", "played", "best", "points", "loss", "win%", "method"
    ));
    for d in decisions {
        let p = &d.decision.position;
        let value = d.played_value.unwrap_or_default();
        let computed = d.computed();
        let num = |x: f64, digits: usize| if computed { format!("{x:.digits$}") } else { "-".into() };
        let flags: Vec<&str> = d.flags.iter().map(|f| f.name()).collect();
        output::line(format!(
            "  {:<6} {:<7} {:>4}  {:<7}  {:<26} {:<16} {:<16} {:>8} {:>8} {:>5}  {:<6} {}",
            d.round,
            format!("seat {}", p.seat),
            p.turn,
            kind(d),
            hand_and_melds(d),
            d.played.to_string(),
            d.best.as_ref().map(|b| b.to_string()).unwrap_or_else(|| "-".into()),
            num(value.points, 0),
            num(d.loss, 0),
            num(value.win * 100.0, 1),
            method_short(&d.method),
            flags.join(" ")
        ));
    }
}

/// Prints the report.
pub fn print(game: &Game, review: &Review, seats: &[u8], rules: &Rules) {
    let who: Vec<String> = seats.iter().map(|&s| seat_name(game, s)).collect();
    if review.players == 3 {
        output::line("A three-player game: its decisions are listed, the analysis does not cover sanma yet.");
    }
    output::line(format!("Every decision of {}.", who.join(", ")));
    output::line(rules.line());
    for round in &review.rounds {
        output::line("");
        if let Some(e) = &round.error {
            output::line(format!("Not reviewed: {e}"));
            continue;
        }
        let computed = round.decisions.iter().filter(|d| d.computed()).count();
        let best = round.decisions.iter().filter(|d| matched(d)).count();
        let lost: f64 = round.decisions.iter().map(|d| d.loss).sum();
        output::line(format!(
            "{}: {} decisions, {computed} computed, {best} matched the best, {lost:.0} points lost",
            round.name,
            round.decisions.len()
        ));
        let all: Vec<&Reviewed> = round.decisions.iter().collect();
        if let Some(line) = largest(&all, ROUND_MISTAKES) {
            output::line(format!("  largest mistakes: {line}"));
        }
        table(&all);
    }
    let all: Vec<&Reviewed> = review.rounds.iter().flat_map(|r| &r.decisions).collect();
    let mut mistakes: Vec<&Reviewed> = all.iter().copied().filter(|d| d.computed() && !matched(d)).collect();
    mistakes.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    mistakes.truncate(MISTAKES);
    output::line("");
    if mistakes.is_empty() {
        output::line("No mistakes: every decision computed matched the best.");
    } else {
        output::line(format!("The largest mistakes, by points lost ({MISTAKES} at most):"));
        table(&mistakes);
    }
    summary(&all);
}

/// The `n` largest mistakes of `decisions` in one line, the largest first: `turn 9 seat 0
/// played 5s, best 8s: 1146 lost; ...` (none when every decision computed matched the best).
fn largest(decisions: &[&Reviewed], n: usize) -> Option<String> {
    let mut mistakes: Vec<&Reviewed> = decisions.iter().copied().filter(|d| d.computed() && !matched(d)).collect();
    mistakes.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    let each: Vec<String> = mistakes
        .iter()
        .take(n)
        .map(|d| {
            let best = d.best.as_ref().map(|b| b.to_string()).unwrap_or_else(|| "-".into());
            let p = &d.decision.position;
            format!("turn {} seat {} played {}, best {best}: {:.0} lost", p.turn, p.seat, d.played, d.loss)
        })
        .collect();
    (!each.is_empty()).then(|| each.join("; "))
}

/// The closing lines: decisions by method, matches, points lost, the slowest decision.
fn summary(all: &[&Reviewed]) {
    let mut methods: BTreeMap<String, usize> = BTreeMap::new();
    for d in all {
        let key = match &d.method {
            Method::Exact { budget, asked } if budget == asked => format!("exact at budget {budget}"),
            Method::Exact { budget, asked } => format!("exact at budget {budget} (lowered from {asked})"),
            Method::Estimate { .. } => "estimated by playouts".into(),
            Method::NotComputed(reason) => format!("not computed: {reason}"),
            _ => "other".into(),
        };
        *methods.entry(key).or_default() += 1;
    }
    let lost: f64 = all.iter().map(|d| d.loss).sum();
    let matched_count = all.iter().filter(|d| matched(d)).count();
    let computed = all.iter().filter(|d| d.computed()).count();
    output::line("");
    output::line(format!(
        "{} decisions, {computed} computed, {matched_count} matched the best, {lost:.0} points lost in all.",
        all.len()
    ));
    for (method, n) in &methods {
        output::line(format!("  {n:>4}  {method}"));
    }
    if let Some(slow) = all.iter().max_by_key(|d| d.elapsed) {
        output::line(format!(
            "Slowest decision: {} seat {} turn {} ({:.2} s).",
            slow.round,
            slow.decision.position.seat,
            slow.decision.position.turn,
            slow.elapsed.as_secs_f64()
        ));
    }
}

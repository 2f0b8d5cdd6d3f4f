//! `haipai review --html FILE`: one self-contained page (no external files): the tiles drawn
//! as SVG symbols of our own (suit colour, number, honour character), each decision's hand,
//! a chart of expected points by turn per round, the mistakes ranked.

use super::text::{matched, method_short, seat_name};
use super::{MODEL, Rules};
use haipai::log::{Game, LogTile, Position};
use haipai::review::{OwnKan, Play, Review, Reviewed};
use haipai::tiles::Tile;

/// How many mistakes the ranking lists.
const MISTAKES: usize = 15;

/// Colours of the seats' lines in the charts.
const SEAT_COLOURS: [&str; 4] = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98"];

const STYLE: &str = "body{font-family:sans-serif;margin:24px;color:#222;background:#fafafa}\
div.wide{overflow-x:auto}svg.chart{max-width:100%;height:auto}@media(max-width:600px){body{margin:8px}}\
h1{font-size:22px}h2{font-size:18px;margin-top:28px}p.model{color:#555;font-style:italic}\
table{border-collapse:collapse;margin:8px 0}td,th{padding:3px 8px;border-bottom:1px solid #ddd;\
text-align:left;vertical-align:middle;font-size:13px}td.n{text-align:right;font-variant-numeric:tabular-nums}\
svg.t{width:21px;height:28px;margin-right:1px;vertical-align:middle}svg.t.played{outline:2px solid #e67e22;\
outline-offset:-1px;border-radius:3px}span.meld{margin-left:6px}tr.miss td{background:#fff3e6}\
td.hand{white-space:nowrap}td.why{font-size:12px;color:#666;max-width:260px}span.flag{background:#eee;border-radius:3px;padding:1px 4px;margin-right:3px;font-size:12px}";

/// The page.
pub fn page(game: &Game, review: &Review, seats: &[u8], rules: &Rules) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
    );
    let who: Vec<String> = seats.iter().map(|&s| seat_name(game, s)).collect();
    out.push_str(&format!("<title>haipai review</title><style>{STYLE}</style></head><body>"));
    out.push_str(&symbols());
    out.push_str(&format!("<h1>Review: {}</h1><p>{}</p>", escape(&who.join(", ")), escape(&rules.line())));
    if review.players == 3 {
        out.push_str("<p>A three-player game: its decisions are listed, the analysis does not cover sanma yet.</p>");
    }
    let all: Vec<&Reviewed> = review.rounds.iter().flat_map(|r| &r.decisions).collect();
    let computed = all.iter().filter(|d| d.computed()).count();
    let best = all.iter().filter(|d| matched(d)).count();
    let lost: f64 = all.iter().map(|d| d.loss).sum();
    out.push_str(&format!(
        "<p>{} decisions, {computed} computed, {best} matched the best, {lost:.0} points lost.</p>",
        all.len()
    ));
    let mut mistakes: Vec<&Reviewed> = all.iter().copied().filter(|d| d.computed() && !matched(d)).collect();
    mistakes.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    mistakes.truncate(MISTAKES);
    out.push_str("<h2>The largest mistakes</h2>");
    out.push_str(&table(&mistakes));
    for round in &review.rounds {
        out.push_str(&format!("<h2>{}</h2>", escape(&round.name)));
        if let Some(e) = &round.error {
            out.push_str(&format!("<p>Not reviewed: {}</p>", escape(&e.to_string())));
            continue;
        }
        out.push_str(&chart(&round.decisions, seats));
        let decisions: Vec<&Reviewed> = round.decisions.iter().collect();
        out.push_str(&table(&decisions));
    }
    out.push_str("</body></html>\n");
    out
}

/// `&`, `<`, `>` and `"` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The id of a tile's symbol: `t1m`..`t7z`, `t0m` for a red five.
fn symbol_id(tile: Tile, red: bool) -> String {
    if red { format!("t0{}", tile.suit().letter()) } else { format!("t{tile}") }
}

/// One symbol per kind and per red five: a light tile with the number in its suit's colour
/// and the suit's name under it, or an honour's character.
fn symbols() -> String {
    let mut out = String::from("<svg style=\"display:none\" xmlns=\"http://www.w3.org/2000/svg\"><defs>");
    let faces = Tile::all().map(|t| (t, false)).chain([4, 13, 22].map(|k| (Tile::new(k).expect("five"), true)));
    for (tile, red) in faces {
        out.push_str(&format!("<symbol id=\"{}\" viewBox=\"0 0 30 40\">", symbol_id(tile, red)));
        let face = if red { "#ffe4e1" } else { "#fffdf5" };
        out.push_str(&format!(
            "<rect x=\"1\" y=\"1\" width=\"28\" height=\"38\" rx=\"4\" fill=\"{face}\" stroke=\"#777\"/>"
        ));
        if tile.is_honour() {
            out.push_str(&honour(tile));
        } else {
            let (colour, name) = match tile.suit().letter() {
                'm' => ("#b03a2e", "man"),
                'p' => ("#1f4e9c", "pin"),
                _ => ("#1b7a3a", "sou"),
            };
            let colour = if red { "#e00000" } else { colour };
            out.push_str(&format!(
                "<text x=\"15\" y=\"24\" font-size=\"21\" font-weight=\"bold\" text-anchor=\"middle\" \
                 fill=\"{colour}\" font-family=\"sans-serif\">{}</text><text x=\"15\" y=\"35\" font-size=\"8\" \
                 text-anchor=\"middle\" fill=\"{colour}\" font-family=\"sans-serif\">{name}</text>",
                tile.number()
            ));
        }
        out.push_str("</symbol>");
    }
    out.push_str("</defs></svg>");
    out
}

/// An honour's face: the wind's character in black, the white dragon a blue frame, 發 green,
/// 中 red.
fn honour(tile: Tile) -> String {
    let (text, colour) = match tile.number() {
        1 => ("東", "#222"),
        2 => ("南", "#222"),
        3 => ("西", "#222"),
        4 => ("北", "#222"),
        5 => {
            return "<rect x=\"7\" y=\"8\" width=\"16\" height=\"24\" rx=\"2\" fill=\"none\" stroke=\"#2e6fb5\" \
                    stroke-width=\"2.5\"/>"
                .into();
        }
        6 => ("發", "#1b7a3a"),
        _ => ("中", "#c0392b"),
    };
    format!(
        "<text x=\"15\" y=\"28\" font-size=\"20\" text-anchor=\"middle\" fill=\"{colour}\" \
         font-family=\"sans-serif\">{text}</text>"
    )
}

fn tile_svg(tile: Tile, red: bool, played: bool) -> String {
    let class = if played { "t played" } else { "t" };
    format!("<svg class=\"{class}\" aria-label=\"{tile}\"><use href=\"#{}\"/></svg>", symbol_id(tile, red))
}

/// The hand at a decision: the closed tiles (the played one outlined) and the melds.
fn hand_svg(p: &Position, played: Option<Tile>) -> String {
    let mut out = String::new();
    let mut marked = false;
    let tiles: Vec<LogTile> = p.closed_tiles();
    // the played copy: the drawn tile when it is the one thrown, else the last of its kind
    let at = played.and_then(|t| tiles.iter().rposition(|x| x.tile == t));
    for (i, t) in tiles.iter().enumerate() {
        let mark = !marked && Some(i) == at;
        marked |= mark;
        out.push_str(&tile_svg(t.tile, t.red, mark));
    }
    for m in &p.melds {
        out.push_str("<span class=\"meld\">");
        let mut tiles = m.tiles.clone();
        tiles.sort();
        for t in &tiles {
            out.push_str(&tile_svg(t.tile, t.red, false));
        }
        out.push_str("</span>");
    }
    out
}

fn play_svg(play: &Play) -> String {
    match play {
        Play::Discard(t) => tile_svg(*t, false, false),
        Play::Kan(OwnKan::Ankan(t)) => format!("ankan {}", tile_svg(*t, false, false)),
        Play::Kan(OwnKan::Kakan(t)) => format!("kakan {}", tile_svg(*t, false, false)),
        other => escape(&other.to_string()),
    }
}

/// The decisions as a table, the mistakes' rows tinted.
fn table(decisions: &[&Reviewed]) -> String {
    let mut out = format!("<p class=\"model\">{}</p>", escape(MODEL));
    out.push_str(
        "<div class=\"wide\"><table><tr><th>round</th><th>seat</th><th>turn</th><th>kind</th><th>hand</th><th>played</th>\
         <th>best</th><th>points</th><th>loss</th><th>win %</th><th>method</th><th>flags</th></tr>",
    );
    for d in decisions {
        let p = &d.decision.position;
        let played = match d.played {
            Play::Discard(t) => Some(t),
            _ => None,
        };
        let value = d.played_value.unwrap_or_default();
        let num = |x: f64, digits: usize| if d.computed() { format!("{x:.digits$}") } else { "-".into() };
        let class = if d.computed() && !matched(d) { " class=\"miss\"" } else { "" };
        let flags: String = d.flags.iter().map(|f| format!("<span class=\"flag\">{}</span>", f.name())).collect();
        out.push_str(&format!("<tr{class}><td>{}</td><td>{}</td><td class=\"n\">{}</td><td>{}</td><td class=\"hand\">{}</td><td>{}</td><td>{}</td>\
             <td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"why\">{}</td><td>{flags}</td></tr>",
            escape(&d.round),
            p.seat,
            p.turn,
            super::kind(d),
            hand_svg(p, played),
            play_svg(&d.played),
            d.best.as_ref().map(play_svg).unwrap_or_else(|| "-".into()),
            num(value.points, 0),
            num(d.loss, 0),
            num(value.win * 100.0, 1),
            escape(&method_short(&d.method)),
        ));
    }
    out.push_str("</table></div>");
    out
}

/// One computed discard (or kan) in a chart: the seat, its turn, the value played and the best.
struct Point {
    seat: u8,
    turn: u32,
    played: f64,
    best: f64,
}

/// A chart of expected points by turn for a round: per seat, the value of the play (solid)
/// and of the best (dashed) at each computed discard and kan of its own turn.
fn chart(decisions: &[Reviewed], seats: &[u8]) -> String {
    let (w, h, left, bottom) = (640.0, 214.0, 48.0, 38.0);
    let points: Vec<Point> = decisions
        .iter()
        .filter(|d| d.computed() && matches!(d.played, Play::Discard(_) | Play::Kan(_)))
        .map(|d| Point {
            seat: d.decision.position.seat,
            turn: d.decision.position.turn,
            played: d.played_value.unwrap_or_default().points,
            best: d.rows.first().map_or(0.0, |r| r.value.points),
        })
        .collect();
    if points.is_empty() {
        return String::new();
    }
    let top = points.iter().map(|p| p.best.max(p.played)).fold(1000.0_f64, f64::max);
    let top = (top / 1000.0).ceil() * 1000.0;
    let last = points.iter().map(|p| p.turn).max().unwrap_or(1).max(18);
    let x = |turn: u32| left + (w - left - 10.0) * f64::from(turn) / f64::from(last);
    let y = |v: f64| (h - bottom) - (h - bottom - 10.0) * v / top;
    let mut out = format!(
        "<svg class=\"chart\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\" \
         font-family=\"sans-serif\" font-size=\"10\"><rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>"
    );
    for i in 0..=4 {
        let v = top * f64::from(i) / 4.0;
        out.push_str(&format!(
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#e5e5e5\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{v:.0}</text>",
            w - 10.0,
            left - 4.0,
            y(v) + 3.0,
            y = y(v)
        ));
    }
    for turn in (0..=last).step_by(3) {
        out.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">{turn}</text>",
            x(turn),
            h - bottom + 14.0
        ));
    }
    for &seat in seats {
        let mine: Vec<_> = points.iter().filter(|p| p.seat == seat).collect();
        if mine.is_empty() {
            continue;
        }
        let colour = SEAT_COLOURS[usize::from(seat) % 4];
        let line = |value: fn(&Point) -> f64| {
            mine.iter().map(|p| format!("{:.1},{:.1}", x(p.turn), y(value(p)))).collect::<Vec<_>>().join(" ")
        };
        out.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>\
             <polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
            line(|p| p.best),
            line(|p| p.played)
        ));
        for p in &mine {
            out.push_str(&format!(
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\" fill=\"{colour}\"/>",
                x(p.turn),
                y(p.played)
            ));
        }
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" fill=\"{colour}\">seat {seat}: played (solid), best (dashed)</text>",
            left + 8.0 + 170.0 * f64::from(seat),
            14
        ));
    }
    out.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">expected points by the seat's turn \
         (tiles drawn this round)</text></svg>",
        (left + w - 10.0) / 2.0,
        h - 4.0
    ));
    out
}

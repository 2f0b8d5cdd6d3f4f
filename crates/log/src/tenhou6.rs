//! tenhou.net/6 JSON: `{"title","name","rule","log":[round, ...]}`, a round being
//! `[[kyoku, honba, kyotaku], scores, dora, ura, (haipai, takes, discards) × 4, result]`.
//!
//! Only per-seat lists are stored; the crate's `order` module rebuilds the order of play. Tile codes:
//! 11–19 man, 21–29 pin, 31–39 sou, 41–47 honours, 51/52/53 red fives. In the discards, `60`
//! is tsumogiri, `"r22"` declares riichi and `0` stands after a daiminkan; calls are written
//! `"c272526"` (chi), `"47p4747"` (pon; the letter's place tells the source), `"222222m22"`
//! (daiminkan), `"353535a53"` (ankan), `"k51151515"` (kakan: the tile after `k` is added)
//! and `"f44"` (kita).

use crate::error::{Error, ErrorKind, out_of_range, syntax};
use crate::model::{DrawKind, Event, Game, Length, LogTile, Round, Setup, Site, Win, normalize, round_name};
use crate::order::{self, Give, Take};
use haipai_tiles::{Tile, Wind};
use serde_json::{Value, json};

/// Reads a tenhou.net/6 JSON log.
///
/// # Errors
/// Bad JSON, or no `log` array. A round with a value of the wrong shape, a tile code that
/// names no tile, a call string that cannot be read, or per-seat lists that fit no order of
/// play is not an error of the file: it goes to [`Game::unread`], its error naming the round
/// (`E2-1`, or `round 5` when even its head cannot be read) and, where it can, the event.
pub fn read(text: &str) -> Result<Game, Error> {
    let last_line = text.lines().count().max(1);
    let root: Value = serde_json::from_str(text)
        .map_err(|e| syntax(format!("bad JSON: {e}")).at_line(e.line().clamp(1, last_line)))?;
    let log = root.get("log").and_then(Value::as_array).ok_or_else(|| syntax("no \"log\" array"))?;
    let mut game = Game { setup: setup(&root), names: names(&root), ..Game::default() };
    for (i, value) in log.iter().enumerate() {
        match read_round(value) {
            Ok(round) => game.rounds.push(round),
            Err(e) => game.unread.push((game.rounds.len(), e.in_round(&format!("round {}", i + 1)))),
        }
    }
    game.setup.players = match game.rounds.iter().all(|r| r.dealt[3].is_empty()) && !game.rounds.is_empty() {
        true => 3,
        false => 4,
    };
    Ok(game)
}

fn setup(root: &Value) -> Setup {
    let rule = root.get("rule");
    let disp = rule.and_then(|r| r.get("disp")).and_then(Value::as_str).map(str::to_string);
    let flag = |k: &str| rule.and_then(|r| r.get(k)).and_then(Value::as_i64).unwrap_or(0) > 0;
    let red_fives = flag("aka") || flag("aka51") || flag("aka52") || flag("aka53");
    let length = disp.as_deref().and_then(|d| {
        if d.contains('南') {
            Some(Length::Hanchan)
        } else if d.contains('東') {
            Some(Length::Tonpuu)
        } else {
            None
        }
    });
    let title = root.get("title").and_then(Value::as_array).and_then(|t| t.first()).and_then(Value::as_str);
    let title = title.filter(|t| !t.is_empty()).map(str::to_string);
    Setup { players: 4, red_fives, length, lobby: disp.filter(|d| !d.is_empty()), title, site: Some(Site::Tenhou) }
}

fn names(root: &Value) -> [String; 4] {
    let list = root.get("name").and_then(Value::as_array);
    std::array::from_fn(|i| list.and_then(|l| l.get(i)).and_then(Value::as_str).unwrap_or_default().to_string())
}

/// A tile from a tenhou.net/6 code (11..47, 51..53).
pub(crate) fn tile_of(code: i64) -> Result<LogTile, Error> {
    let bad = || Error::new(ErrorKind::NotATile(code.to_string()));
    let (suit, number) = (code / 10, code % 10);
    let tile = match (suit, number) {
        (1..=3, 1..=9) => Tile::new(((suit - 1) * 9 + number - 1) as usize).map(LogTile::plain),
        (4, 1..=7) => Tile::new((27 + number - 1) as usize).map(LogTile::plain),
        (5, 1..=3) => Tile::new(((number - 1) * 9 + 4) as usize).and_then(|t| LogTile::new(t, true)),
        _ => None,
    };
    tile.ok_or_else(bad)
}

/// The tenhou.net/6 code of a tile.
pub(crate) fn code_of(t: LogTile) -> i64 {
    let i = t.tile.index() as i64;
    match (t.red, i) {
        (true, _) => 51 + i / 9,
        (false, 27..) => 41 + i - 27,
        _ => 11 + (i / 9) * 10 + i % 9,
    }
}

fn int(v: &Value, what: &str) -> Result<i64, Error> {
    v.as_i64().ok_or_else(|| syntax(format!("{what} is not an integer: {v}")))
}

fn array<'a>(v: &'a Value, what: &str) -> Result<&'a Vec<Value>, Error> {
    v.as_array().ok_or_else(|| syntax(format!("{what} is not an array")))
}

fn tiles(v: &Value, what: &str) -> Result<Vec<LogTile>, Error> {
    array(v, what)?.iter().map(|x| tile_of(int(x, what)?)).collect()
}

fn read_round(value: &Value) -> Result<Round, Error> {
    let parts = array(value, "a round")?;
    if parts.len() != 17 {
        return Err(syntax(format!("a round has {} parts, not 17", parts.len())));
    }
    let head = array(&parts[0], "the round's head")?;
    let [kyoku, honba, sticks] = [0, 1, 2].map(|i| head.get(i).map_or(Ok(-1), |v| int(v, "the round's head")));
    let (kyoku, honba, sticks) = (kyoku?, honba?, sticks?);
    if !(0..16).contains(&kyoku) || !(0..1000).contains(&honba) || !(0..1000).contains(&sticks) {
        return Err(out_of_range(format!("round head {kyoku}, {honba}, {sticks} is out of range")));
    }
    let wind = Wind::ALL[(kyoku / 4) as usize % 4];
    let (hand, honba, sticks) = ((kyoku % 4 + 1) as u8, honba as u32, sticks as u32);
    let name = round_name(wind, hand, honba);
    read_round_body(parts, wind, hand, honba, sticks).map_err(|e| e.in_round(&name))
}

fn read_round_body(parts: &[Value], wind: Wind, hand: u8, honba: u32, sticks: u32) -> Result<Round, Error> {
    let mut scores = [0i32; 4];
    for (s, v) in scores.iter_mut().zip(array(&parts[1], "scores")?) {
        *s = i32::try_from(int(v, "a score")?).map_err(|_| out_of_range("a score is out of range"))?;
    }
    let dora = tiles(&parts[2], "dora")?;
    let ura = tiles(&parts[3], "ura")?;
    let first = *dora.first().ok_or_else(|| syntax("no dora indicator"))?;
    let mut dealt: [Vec<LogTile>; 4] = Default::default();
    let mut takes: [Vec<Take>; 4] = Default::default();
    let mut gives: [Vec<Give>; 4] = Default::default();
    for seat in 0..4 {
        dealt[seat] = tiles(&parts[4 + 3 * seat], "a dealt hand")?;
        takes[seat] = array(&parts[5 + 3 * seat], "takes")?.iter().map(order::take).collect::<Result<_, _>>()?;
        gives[seat] = array(&parts[6 + 3 * seat], "discards")?.iter().map(order::give).collect::<Result<_, _>>()?;
    }
    let players = if dealt[3].is_empty() && takes[3].is_empty() && gives[3].is_empty() { 3 } else { 4 };
    let dealer = hand - 1;
    if players == 3 && dealer == 3 {
        return Err(out_of_range("a three-player round has no fourth dealer"));
    }
    let played = order::rebuild(&dealt, &takes, &gives, dealer, players)?;
    let mut events = with_dora(played.events.clone(), &dora[1..]);
    let result = array(&parts[16], "the result")?;
    events.extend(read_result(result, &played, &ura)?);
    normalize(&mut events);
    Ok(Round { wind, hand, honba, sticks, scores, dealt, dora: first, events })
}

/// Puts the kan dora indicators, in order, after the kans that revealed them.
fn with_dora(events: Vec<Event>, kan_dora: &[LogTile]) -> Vec<Event> {
    let mut rest = kan_dora.iter();
    let mut out = Vec::with_capacity(events.len() + kan_dora.len());
    for e in events {
        let kan = matches!(e, Event::Ankan { .. } | Event::Kakan { .. })
            || matches!(e, Event::Call { kind: crate::model::CallKind::Daiminkan, .. });
        out.push(e);
        if kan && let Some(&indicator) = rest.next() {
            out.push(Event::Dora { indicator });
        }
    }
    out
}

fn deltas(v: Option<&Value>) -> Result<[i32; 4], Error> {
    let mut out = [0i32; 4];
    if let Some(v) = v {
        for (o, x) in out.iter_mut().zip(array(v, "score changes")?) {
            *o =
                i32::try_from(int(x, "a score change")?).map_err(|_| out_of_range("a score change is out of range"))?;
        }
    }
    Ok(out)
}

fn draw_kind(text: &str) -> Option<DrawKind> {
    Some(match text {
        "流局" | "全員聴牌" | "全員不聴" => DrawKind::Exhaustive,
        "九種九牌" => DrawKind::KyuushuKyuuhai,
        "四家立直" => DrawKind::FourRiichi,
        "四槓散了" => DrawKind::FourKans,
        "四風連打" => DrawKind::FourWinds,
        "三家和了" => DrawKind::TripleRon,
        "流し満貫" => DrawKind::NagashiMangan,
        _ => return None,
    })
}

fn draw_text(kind: DrawKind) -> &'static str {
    match kind {
        DrawKind::Exhaustive => "流局",
        DrawKind::KyuushuKyuuhai => "九種九牌",
        DrawKind::FourRiichi => "四家立直",
        DrawKind::FourKans => "四槓散了",
        DrawKind::FourWinds => "四風連打",
        DrawKind::TripleRon => "三家和了",
        DrawKind::NagashiMangan => "流し満貫",
    }
}

fn read_result(result: &[Value], played: &order::Played, ura: &[LogTile]) -> Result<Vec<Event>, Error> {
    let head = result.first().and_then(Value::as_str).ok_or_else(|| syntax("the result has no name"))?;
    if head != "和了" {
        let kind = draw_kind(head).ok_or_else(|| syntax(format!("unknown result {head:?}")))?;
        return Ok(vec![Event::Ryuukyoku { kind, deltas: deltas(result.get(1))? }]);
    }
    let mut wins = Vec::new();
    for pair in result[1..].chunks(2) {
        let [d, info] = pair else { return Err(syntax("a win without its details")) };
        let info = array(info, "a win's details")?;
        let seat_at = |i: usize| -> Result<u8, Error> {
            let s = info.get(i).map_or(Ok(-1), |v| int(v, "a seat"))?;
            u8::try_from(s).ok().filter(|&s| s < played.players).ok_or_else(|| out_of_range(format!("seat {s}")))
        };
        let (seat, from) = (seat_at(0)?, seat_at(1)?);
        let text = info.get(3).and_then(Value::as_str).unwrap_or_default();
        let (han, fu, points) = stated_value(text, played.players);
        let (hand, tile) = played.winning_hand(seat, from)?;
        let ura = if played.riichi[seat as usize] { ura.to_vec() } else { Vec::new() };
        wins.push(Event::Win(Win { seat, from, hand, tile, han, fu, points, ura, deltas: deltas(Some(d))? }));
    }
    Ok(wins)
}

/// Han, fu and points from a text such as `30符2飜2000点`, `満貫4000点∀` or `500-1000点`.
fn stated_value(text: &str, players: u8) -> (Option<u32>, Option<u32>, Option<u32>) {
    let number_before = |mark: char| -> Option<u32> {
        let end = text.find(mark)?;
        let digits: String = text[..end].chars().rev().take_while(char::is_ascii_digit).collect();
        digits.chars().rev().collect::<String>().parse().ok()
    };
    let (han, fu) = (number_before('飜'), number_before('符'));
    let Some(end) = text.find('点') else { return (han, fu, None) };
    let start = text[..end]
        .rfind(|c: char| !(c.is_ascii_digit() || c == '-'))
        .map_or(0, |i| i + text[i..].chars().next().map_or(1, char::len_utf8));
    let amounts: Vec<u32> = text[start..end].split('-').filter_map(|x| x.parse().ok()).collect();
    let each = u32::from(players.saturating_sub(1));
    let points = match (amounts.as_slice(), text.contains('∀')) {
        ([x], true) => Some(x.saturating_mul(each)),
        ([x], false) => Some(*x),
        ([child, dealer], _) => Some(child.saturating_mul(each.saturating_sub(1)).saturating_add(*dealer)),
        _ => None,
    };
    (han, fu, points)
}

/// Writes a game as tenhou.net/6 JSON (the viewer's flavour: `title`, `name`, `rule`).
pub fn write(game: &Game) -> String {
    let rule = json!({"disp": game.setup.lobby.clone().unwrap_or_default(), "aka": i32::from(game.setup.red_fives)});
    let title = json!([game.setup.title.clone().unwrap_or_default(), ""]);
    let log: Vec<Value> = game.rounds.iter().map(write_round).collect();
    json!({"title": title, "name": game.names, "rule": rule, "log": log}).to_string()
}

fn write_round(r: &Round) -> Value {
    let wind = r.wind.index() as i64;
    let codes = |ts: &[LogTile]| ts.iter().map(|&t| code_of(t)).collect::<Vec<_>>();
    let mut dora = vec![code_of(r.dora)];
    dora.extend(
        r.events
            .iter()
            .filter_map(|e| if let Event::Dora { indicator } = e { Some(code_of(*indicator)) } else { None }),
    );
    let ura = r.wins().find(|w| !w.ura.is_empty()).map(|w| codes(&w.ura)).unwrap_or_default();
    let mut parts =
        vec![json!([wind * 4 + i64::from(r.hand) - 1, r.honba, r.sticks]), json!(r.scores), json!(dora), json!(ura)];
    let (takes, gives) = order::lists(&r.events);
    for seat in 0..4 {
        parts.push(json!(codes(&r.dealt[seat])));
        parts.push(Value::Array(takes[seat].clone()));
        parts.push(Value::Array(gives[seat].clone()));
    }
    parts.push(write_result(r));
    Value::Array(parts)
}

fn write_result(r: &Round) -> Value {
    let mut out = Vec::new();
    for e in &r.events {
        match e {
            Event::Win(w) => {
                if out.is_empty() {
                    out.push(json!("和了"));
                }
                let points = w.points.unwrap_or(0);
                let text = match (w.han, w.fu) {
                    (Some(h), Some(f)) => format!("{f}符{h}飜{points}点"),
                    _ => format!("{points}点"),
                };
                out.push(json!(w.deltas));
                out.push(json!([w.seat, w.from, w.seat, text]));
            }
            Event::Ryuukyoku { kind, deltas } => {
                out.push(json!(draw_text(*kind)));
                out.push(json!(deltas));
            }
            _ => {}
        }
    }
    Value::Array(out)
}

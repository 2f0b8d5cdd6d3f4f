//! mjai JSON lines: one event a line (`start_game`, `start_kyoku`, `tsumo`, `dahai`, `chi`,
//! `pon`, `daiminkan`, `kakan`, `ankan`, `nukidora`, `dora`, `reach`, `reach_accepted`,
//! `hora`, `ryukyoku`, `end_kyoku`, `end_game`). Tiles are `1m`..`9s`, `5mr` for a red five,
//! `E S W N P F C` for the honours. Fields the replay does not need (a bot's `logs`) are
//! ignored. When `tsumogiri` is absent (older servers) it is taken as "the discard is the
//! tile just drawn", which cannot tell a second copy played from the hand.

use crate::error::{Error, ErrorKind, out_of_range, syntax};
use crate::model::{CallKind, DrawKind, Event, Game, LogTile, Round, Setup, Win, normalize, set_aside};
use haipai_tiles::{Tile, Wind};
use serde_json::{Value, json};

/// Reads an mjai log.
///
/// # Errors
/// A line that is not a JSON object, a field missing or of the wrong type, a tile that names
/// none (`?` included: hidden tiles cannot be replayed); the message names the line. Past the
/// first `start_kyoku` such a line sets its round aside ([`Game::unread`], the error naming
/// the round, the event and the line) and the reader goes on at the next `start_kyoku`.
pub fn read(text: &str) -> Result<Game, Error> {
    let mut reader = Reader::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v = serde_json::from_str::<Value>(line).map_err(|e| syntax(format!("bad JSON: {e}")));
        let is_start = v.as_ref().is_ok_and(|v| v.get("type").and_then(Value::as_str) == Some("start_kyoku"));
        if reader.skipping && !is_start {
            continue;
        }
        if let Err(e) = v.and_then(|v| reader.event(&v)) {
            let e = reader.place(e).at_line(i + 1);
            if !(reader.started || is_start) {
                return Err(e);
            }
            set_aside(&mut reader.game, reader.round.take(), e);
            reader.skipping = true;
        }
    }
    reader.finish_round();
    let game = &mut reader.game;
    game.setup.players =
        if game.rounds.iter().all(|r| r.dealt[3].is_empty()) && !game.rounds.is_empty() { 3 } else { 4 };
    Ok(reader.game)
}

/// The tile of an mjai name.
pub(crate) fn tile_of(name: &str) -> Result<LogTile, Error> {
    let bad = || Error::new(ErrorKind::NotATile(format!("{name:?}")));
    let honour = ["E", "S", "W", "N", "P", "F", "C"].iter().position(|h| *h == name);
    if let Some(h) = honour {
        return Tile::new(27 + h).map(LogTile::plain).ok_or_else(bad);
    }
    let (body, red) = name.strip_suffix('r').map_or((name, false), |b| (b, true));
    let mut chars = body.chars();
    let (Some(n), Some(s), None) = (chars.next(), chars.next(), chars.next()) else { return Err(bad()) };
    let suit = "mps".find(s).ok_or_else(bad)?;
    let n = n.to_digit(10).filter(|n| (1..=9).contains(n)).ok_or_else(bad)? as usize;
    Tile::new(suit * 9 + n - 1).and_then(|t| LogTile::new(t, red)).ok_or_else(bad)
}

/// The mjai name of a tile.
pub(crate) fn name_of(t: LogTile) -> String {
    let i = t.tile.index();
    match i {
        27.. => ["E", "S", "W", "N", "P", "F", "C"][i - 27].to_string(),
        _ => format!("{}{}{}", i % 9 + 1, ['m', 'p', 's'][i / 9], if t.red { "r" } else { "" }),
    }
}

#[derive(Default)]
struct Reader {
    game: Game,
    round: Option<Round>,
    drawn: [Option<LogTile>; 4],
    riichi_next: [bool; 4],
    /// A `start_kyoku` has been seen: errors from here on are a round's.
    started: bool,
    /// The round being read was set aside: lines are skipped up to the next `start_kyoku`.
    skipping: bool,
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, Error> {
    v.get(name).ok_or_else(|| syntax(format!("no {name:?}")))
}

fn int(v: &Value, name: &str) -> Result<i64, Error> {
    field(v, name)?.as_i64().ok_or_else(|| syntax(format!("{name:?} is not an integer")))
}

fn seat(v: &Value, name: &str) -> Result<u8, Error> {
    let s = int(v, name)?;
    u8::try_from(s).ok().filter(|&s| s < 4).ok_or_else(|| out_of_range(format!("{name} {s} is not a seat")))
}

fn tile(v: &Value, name: &str) -> Result<LogTile, Error> {
    tile_of(field(v, name)?.as_str().ok_or_else(|| syntax(format!("{name:?} is not a tile name")))?)
}

fn tiles(v: &Value, name: &str) -> Result<Vec<LogTile>, Error> {
    let list = field(v, name)?.as_array().ok_or_else(|| syntax(format!("{name:?} is not a list")))?;
    list.iter().map(|t| tile_of(t.as_str().unwrap_or("not a string"))).collect()
}

fn deltas(v: &Value) -> Result<[i32; 4], Error> {
    let mut out = [0i32; 4];
    if let Some(list) = v.get("deltas").and_then(Value::as_array) {
        for (o, d) in out.iter_mut().zip(list) {
            *o = d.as_i64().and_then(|d| i32::try_from(d).ok()).ok_or_else(|| out_of_range("a score change"))?;
        }
    }
    Ok(out)
}

impl Reader {
    fn place(&self, e: Error) -> Error {
        match &self.round {
            Some(r) => e.in_round(&r.name()).at_event(r.events.len() + 1),
            None => e,
        }
    }

    fn push(&mut self, e: Event) -> Result<(), Error> {
        self.round.as_mut().ok_or_else(|| syntax("a play before start_kyoku"))?.events.push(e);
        Ok(())
    }

    fn finish_round(&mut self) {
        if let Some(mut r) = self.round.take() {
            normalize(&mut r.events);
            self.game.rounds.push(r);
        }
    }

    fn event(&mut self, v: &Value) -> Result<(), Error> {
        let kind = field(v, "type")?.as_str().ok_or_else(|| syntax("\"type\" is not a string"))?;
        match kind {
            "start_game" => self.start_game(v),
            "start_kyoku" => self.start_kyoku(v),
            "tsumo" => {
                let (s, t) = (seat(v, "actor")?, tile(v, "pai")?);
                let rinshan = self.round.as_ref().is_some_and(|r| after_kan(&r.events, s));
                self.drawn[s as usize] = Some(t);
                self.push(Event::Draw { seat: s, tile: t, rinshan })
            }
            "dahai" => {
                let (s, t) = (seat(v, "actor")?, tile(v, "pai")?);
                let drawn = self.drawn[s as usize].take();
                let tsumogiri = v.get("tsumogiri").and_then(Value::as_bool).unwrap_or(drawn == Some(t));
                let riichi = std::mem::take(&mut self.riichi_next[s as usize]);
                self.push(Event::Discard { seat: s, tile: t, tsumogiri, riichi })
            }
            "chi" | "pon" | "daiminkan" => {
                let name = kind;
                let kind = [CallKind::Chi, CallKind::Pon, CallKind::Daiminkan]
                    [["chi", "pon", "daiminkan"].iter().position(|k| *k == name).unwrap_or(0)];
                let (s, from) = (seat(v, "actor")?, seat(v, "target")?);
                let own = tiles(v, "consumed")?;
                if own.len() != if kind == CallKind::Daiminkan { 3 } else { 2 } {
                    return Err(Error::new(ErrorKind::BadCall(format!("a {name} with {} tiles", own.len()))));
                }
                self.push(Event::Call { seat: s, from, kind, tile: tile(v, "pai")?, own })
            }
            "ankan" => {
                let s = seat(v, "actor")?;
                let t = tiles(v, "consumed")?;
                let [a, b, c, d] = t[..] else {
                    return Err(Error::new(ErrorKind::BadCall(format!("ankan with {} tiles", t.len()))));
                };
                self.drawn[s as usize] = None;
                self.push(Event::Ankan { seat: s, tiles: [a, b, c, d] })
            }
            "kakan" | "nukidora" => {
                let (s, t) = (seat(v, "actor")?, tile(v, "pai")?);
                self.drawn[s as usize] = None;
                self.push(if kind == "kakan" {
                    Event::Kakan { seat: s, tile: t }
                } else {
                    Event::Kita { seat: s, tile: t }
                })
            }
            "dora" => self.push(Event::Dora { indicator: tile(v, "dora_marker")? }),
            "reach" => {
                self.riichi_next[seat(v, "actor")? as usize] = true;
                Ok(())
            }
            "hora" => self.hora(v),
            "ryukyoku" => {
                let kind = draw_kind(v.get("reason").and_then(Value::as_str).unwrap_or("fanpai"));
                self.push(Event::Ryuukyoku { kind, deltas: deltas(v)? })
            }
            _ => Ok(()),
        }
    }

    fn start_game(&mut self, v: &Value) -> Result<(), Error> {
        if let Some(names) = v.get("names").and_then(Value::as_array) {
            self.game.names =
                std::array::from_fn(|i| names.get(i).and_then(Value::as_str).unwrap_or_default().to_string());
        }
        let red = v.get("aka_flag").and_then(Value::as_bool).unwrap_or(true);
        self.game.setup = Setup { players: 4, red_fives: red, ..Setup::default() };
        Ok(())
    }

    fn start_kyoku(&mut self, v: &Value) -> Result<(), Error> {
        self.finish_round();
        (self.started, self.skipping) = (true, false);
        let wind =
            field(v, "bakaze")?.as_str().and_then(Wind::parse).ok_or_else(|| syntax("\"bakaze\" is not a wind"))?;
        let hand = int(v, "kyoku")?;
        let (honba, sticks) = (int(v, "honba")?, int(v, "kyotaku")?);
        if !(1..=4).contains(&hand) || !(0..1000).contains(&honba) || !(0..1000).contains(&sticks) {
            return Err(out_of_range(format!("kyoku {hand}, honba {honba}, kyotaku {sticks}")));
        }
        let mut scores = [25000i32; 4];
        if let Some(list) = v.get("scores").and_then(Value::as_array) {
            for (s, x) in scores.iter_mut().zip(list) {
                *s = x.as_i64().and_then(|x| i32::try_from(x).ok()).ok_or_else(|| out_of_range("a score"))?;
            }
        }
        let hands = field(v, "tehais")?.as_array().ok_or_else(|| syntax("\"tehais\" is not a list"))?;
        let mut dealt: [Vec<LogTile>; 4] = Default::default();
        for (d, h) in dealt.iter_mut().zip(hands) {
            let h = h.as_array().ok_or_else(|| syntax("a hand is not a list"))?;
            *d = h.iter().map(|t| tile_of(t.as_str().unwrap_or("not a string"))).collect::<Result<_, _>>()?;
        }
        let dora = tile(v, "dora_marker")?;
        let (hand, honba, sticks) = (hand as u8, honba as u32, sticks as u32);
        self.round = Some(Round { wind, hand, honba, sticks, scores, dealt, dora, events: Vec::new() });
        self.drawn = [None; 4];
        self.riichi_next = [false; 4];
        Ok(())
    }

    fn hora(&mut self, v: &Value) -> Result<(), Error> {
        let (s, from, t) = (seat(v, "actor")?, seat(v, "target")?, tile(v, "pai")?);
        let mut hand = if v.get("hora_tehais").is_some() { tiles(v, "hora_tehais")? } else { Vec::new() };
        if !hand.is_empty() {
            hand.push(t);
        }
        hand.sort();
        let ura = if v.get("uradora_markers").is_some() { tiles(v, "uradora_markers")? } else { Vec::new() };
        let number = |name: &str| v.get(name).and_then(Value::as_u64).map(|x| x.min(u32::MAX.into()) as u32);
        let win = Win {
            seat: s,
            from,
            hand,
            tile: t,
            han: number("fan"),
            fu: number("fu"),
            points: number("hora_points"),
            ura,
            deltas: deltas(v)?,
        };
        self.push(Event::Win(win))
    }
}

/// True when `seat`'s last act (indicators aside) was a kan or kita: its draw is a rinshan one.
pub(crate) fn after_kan(events: &[Event], seat: u8) -> bool {
    matches!(
        events.iter().rev().find(|e| !matches!(e, Event::Dora { .. })),
        Some(Event::Call { kind: CallKind::Daiminkan, seat: s, .. } | Event::Ankan { seat: s, .. } | Event::Kakan { seat: s, .. } | Event::Kita { seat: s, .. }) if *s == seat
    )
}

const REASONS: [(&str, DrawKind); 7] = [
    ("fanpai", DrawKind::Exhaustive),
    ("kyushukyuhai", DrawKind::KyuushuKyuuhai),
    ("suchareach", DrawKind::FourRiichi),
    ("sukaikan", DrawKind::FourKans),
    ("sufonrenta", DrawKind::FourWinds),
    ("sanchaho", DrawKind::TripleRon),
    ("nagashimangan", DrawKind::NagashiMangan),
];

fn draw_kind(reason: &str) -> DrawKind {
    REASONS.iter().find(|(r, _)| *r == reason).map_or(DrawKind::Exhaustive, |(_, k)| *k)
}

/// Writes a game as mjai JSON lines.
pub fn write(game: &Game) -> String {
    let mut lines = vec![json!({"type": "start_game", "names": game.names, "aka_flag": game.setup.red_fives})];
    for r in &game.rounds {
        write_round(r, &mut lines);
    }
    lines.push(json!({"type": "end_game"}));
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn names(ts: &[LogTile]) -> Vec<String> {
    ts.iter().map(|&t| name_of(t)).collect()
}

fn write_round(r: &Round, lines: &mut Vec<Value>) {
    let tehais: Vec<Vec<String>> = r.dealt.iter().map(|h| names(h)).collect();
    lines.push(json!({"type": "start_kyoku", "bakaze": r.wind.letter().to_string(), "kyoku": r.hand, "honba": r.honba,
        "kyotaku": r.sticks, "oya": r.dealer(), "dora_marker": name_of(r.dora), "scores": r.scores, "tehais": tehais}));
    let mut pons: Vec<(u8, Vec<LogTile>)> = Vec::new();
    for (i, e) in r.events.iter().enumerate() {
        let line = match e {
            Event::Draw { seat, tile, .. } => json!({"type": "tsumo", "actor": seat, "pai": name_of(*tile)}),
            Event::Discard { seat, tile, tsumogiri, riichi } => {
                if *riichi {
                    lines.push(json!({"type": "reach", "actor": seat}));
                }
                let line = json!({"type": "dahai", "actor": seat, "pai": name_of(*tile), "tsumogiri": tsumogiri});
                if *riichi && !matches!(r.events.get(i + 1), Some(Event::Win(_))) {
                    lines.push(line);
                    json!({"type": "reach_accepted", "actor": seat})
                } else {
                    line
                }
            }
            Event::Call { seat, from, kind, tile, own } => {
                let name = match kind {
                    CallKind::Chi => "chi",
                    CallKind::Pon => "pon",
                    CallKind::Daiminkan => "daiminkan",
                };
                if *kind == CallKind::Pon {
                    pons.push((*seat, own.iter().copied().chain([*tile]).collect()));
                }
                json!({"type": name, "actor": seat, "target": from, "pai": name_of(*tile), "consumed": names(own)})
            }
            Event::Ankan { seat, tiles } => json!({"type": "ankan", "actor": seat, "consumed": names(tiles)}),
            Event::Kakan { seat, tile } => {
                let pon = pons.iter().find(|(s, p)| s == seat && p[0].tile == tile.tile).map(|(_, p)| names(p));
                json!({"type": "kakan", "actor": seat, "pai": name_of(*tile), "consumed": pon.unwrap_or_default()})
            }
            Event::Kita { seat, tile } => json!({"type": "nukidora", "actor": seat, "pai": name_of(*tile)}),
            Event::Dora { indicator } => json!({"type": "dora", "dora_marker": name_of(*indicator)}),
            Event::Win(w) => {
                let mut closed = w.hand.clone();
                if let Some(at) = closed.iter().position(|&t| t == w.tile) {
                    closed.remove(at);
                }
                json!({"type": "hora", "actor": w.seat, "target": w.from, "pai": name_of(w.tile), "uradora_markers": names(&w.ura),
                    "hora_tehais": names(&closed), "fan": w.han, "fu": w.fu, "hora_points": w.points, "deltas": w.deltas})
            }
            Event::Ryuukyoku { kind, deltas } => {
                let reason = REASONS.iter().find(|(_, k)| k == kind).map_or("fanpai", |(r, _)| r);
                json!({"type": "ryukyoku", "reason": reason, "deltas": deltas})
            }
        };
        lines.push(line);
    }
    lines.push(json!({"type": "end_kyoku"}));
}

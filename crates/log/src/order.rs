//! The order of play of a tenhou.net/6 round, rebuilt from its per-seat lists.
//!
//! A round stores, for each seat, what it took (draws and calls) and what it gave (discards,
//! kans, kita). The order is found by playing the round forward: after each discard, any seat
//! whose next take is a call on exactly that tile from that seat may call it, else the next
//! seat draws. When two identical discards could each be the one called, the search tries the
//! call first and backtracks when the lists no longer fit (a tile discarded that is not held,
//! a draw where a call is written). The hands are tracked, so a wrong guess fails early.

use crate::error::{Error, ErrorKind, syntax};
use crate::model::{CallKind, Event, LogTile};
use crate::tenhou6::{code_of, tile_of};
use serde_json::{Value, json};

/// One entry of a seat's takes.
#[derive(Clone, Debug)]
pub(crate) enum Take {
    /// A draw (a rinshan draw after a kan or kita).
    Draw(LogTile),
    /// A call: the source as 4-seat offset (3 the seat before, 2 across, 1 after).
    Call { kind: CallKind, rel: u8, tile: LogTile, own: Vec<LogTile> },
}

/// One entry of a seat's discards.
#[derive(Clone, Debug)]
pub(crate) enum Give {
    /// A discard; `None` is the tile just drawn (`60`).
    Discard {
        tile: Option<LogTile>,
        riichi: bool,
    },
    /// `0`, the slot after a daiminkan.
    Placeholder,
    Ankan([LogTile; 4]),
    Kakan(LogTile),
    Kita(LogTile),
}

/// Splits a call string into its letter, the letter's character index and the tile codes.
fn call_parts(text: &str) -> Result<(char, usize, Vec<LogTile>), Error> {
    let bad = || Error::new(ErrorKind::BadCall(format!("{text:?}")));
    let letters: Vec<(usize, char)> = text.chars().enumerate().filter(|(_, c)| !c.is_ascii_digit()).collect();
    let [(at, letter)] = letters.as_slice() else { return Err(bad()) };
    let digits: Vec<i64> = text.chars().filter_map(|c| c.to_digit(10)).map(i64::from).collect();
    if !at.is_multiple_of(2) || !digits.len().is_multiple_of(2) || digits.len() > 8 || digits.is_empty() {
        return Err(bad());
    }
    let codes = digits.chunks(2).map(|p| tile_of(p[0] * 10 + p[1])).collect::<Result<Vec<_>, _>>()?;
    Ok((*letter, at / 2, codes))
}

/// Reads one entry of a seat's takes.
pub(crate) fn take(v: &Value) -> Result<Take, Error> {
    if let Some(code) = v.as_i64() {
        return Ok(Take::Draw(tile_of(code)?));
    }
    let text = v.as_str().ok_or_else(|| syntax(format!("a take is neither a tile nor a call: {v}")))?;
    let bad = || Error::new(ErrorKind::BadCall(format!("{text:?}")));
    let (letter, at, mut codes) = call_parts(text)?;
    let (kind, rel) = match (letter, codes.len(), at) {
        ('c', 3, 0) => (CallKind::Chi, 3),
        ('p', 3, 0) => (CallKind::Pon, 3),
        ('p', 3, 1) => (CallKind::Pon, 2),
        ('p', 3, 2) => (CallKind::Pon, 1),
        ('m', 4, 0) => (CallKind::Daiminkan, 3),
        ('m', 4, 1) => (CallKind::Daiminkan, 2),
        ('m', 4, 3) => (CallKind::Daiminkan, 1),
        _ => return Err(bad()),
    };
    let tile = codes.remove(at);
    if !meld_fits(kind, tile, &codes) {
        return Err(bad());
    }
    Ok(Take::Call { kind, rel, tile, own: codes })
}

/// True when the tiles make the meld: one kind for a pon or kan, a run for a chi.
fn meld_fits(kind: CallKind, tile: LogTile, own: &[LogTile]) -> bool {
    match kind {
        CallKind::Chi => {
            let mut idx: Vec<usize> = own.iter().chain([&tile]).map(|t| t.tile.index()).collect();
            idx.sort_unstable();
            !tile.tile.is_honour()
                && idx.iter().all(|&i| i / 9 == idx[0] / 9)
                && idx[1] == idx[0] + 1
                && idx[2] == idx[0] + 2
        }
        _ => own.iter().all(|t| t.tile == tile.tile),
    }
}

/// Reads one entry of a seat's discards.
pub(crate) fn give(v: &Value) -> Result<Give, Error> {
    match v.as_i64() {
        Some(60) => return Ok(Give::Discard { tile: None, riichi: false }),
        Some(0) => return Ok(Give::Placeholder),
        Some(code) => return Ok(Give::Discard { tile: Some(tile_of(code)?), riichi: false }),
        None => {}
    }
    let text = v.as_str().ok_or_else(|| syntax(format!("a discard is neither a tile nor a call: {v}")))?;
    let bad = || Error::new(ErrorKind::BadCall(format!("{text:?}")));
    if text == "r60" {
        return Ok(Give::Discard { tile: None, riichi: true });
    }
    let (letter, at, mut codes) = call_parts(text)?;
    match (letter, codes.len(), at) {
        ('r', 1, 0) => Ok(Give::Discard { tile: Some(codes[0]), riichi: true }),
        ('f', 1, 0) => Ok(Give::Kita(codes[0])),
        ('a', 4, _) if codes.iter().all(|t| t.tile == codes[0].tile) => {
            Ok(Give::Ankan([codes[0], codes[1], codes[2], codes[3]]))
        }
        ('k', 4, 0..=2) if codes.iter().all(|t| t.tile == codes[0].tile) => Ok(Give::Kakan(codes.remove(at))),
        _ => Err(bad()),
    }
}

/// What the search found: the events and the state at the end.
pub(crate) struct Played {
    pub events: Vec<Event>,
    pub players: u8,
    pub riichi: [bool; 4],
    hands: [[u8; 37]; 4],
    drawn: [Option<LogTile>; 4],
}

impl Played {
    /// The winner's closed tiles with the winning tile (sorted), and the winning tile.
    pub fn winning_hand(&self, seat: u8, from: u8) -> Result<(Vec<LogTile>, LogTile), Error> {
        let mut counts = self.hands[seat as usize];
        let tile = if seat == from {
            self.drawn[seat as usize]
        } else {
            let t = self.events.iter().rev().find_map(|e| match e {
                Event::Discard { seat: s, tile, .. } | Event::Kakan { seat: s, tile } if *s == from => Some(*tile),
                _ => None,
            });
            if let Some(t) = t {
                counts[t.key()] = counts[t.key()].saturating_add(1);
            }
            t
        };
        let tile = tile.ok_or_else(|| crate::error::illegal(format!("seat {seat} wins with no winning tile")))?;
        Ok((expand(&counts), tile))
    }
}

/// The tiles of dense counts, sorted.
pub(crate) fn expand(counts: &[u8; 37]) -> Vec<LogTile> {
    let mut out: Vec<LogTile> =
        (0..37).flat_map(|k| std::iter::repeat_n(k, counts[k] as usize)).filter_map(LogTile::from_key).collect();
    out.sort();
    out
}

#[derive(Clone, Copy)]
enum Phase {
    Draw(u8),
    Act(u8, bool),
    Discarded(u8, LogTile),
    Rinshan(u8),
}

#[derive(Clone)]
struct Sim<'a> {
    takes: &'a [Vec<Take>; 4],
    gives: &'a [Vec<Give>; 4],
    players: u8,
    next_take: [usize; 4],
    next_give: [usize; 4],
    hands: [[u8; 37]; 4],
    drawn: [Option<LogTile>; 4],
    riichi: [bool; 4],
    events: Vec<Event>,
    phase: Phase,
}

/// The longest failed line of play, for the message.
struct Search {
    steps: u32,
    failure: (usize, String),
}

const MAX_STEPS: u32 = 200_000;

/// Rebuilds the order of play.
pub(crate) fn rebuild(
    dealt: &[Vec<LogTile>; 4],
    takes: &[Vec<Take>; 4],
    gives: &[Vec<Give>; 4],
    dealer: u8,
    players: u8,
) -> Result<Played, Error> {
    let mut hands = [[0u8; 37]; 4];
    for (hand, tiles) in hands.iter_mut().zip(dealt) {
        for t in tiles {
            hand[t.key()] = hand[t.key()].saturating_add(1);
        }
    }
    let sim = Sim {
        takes,
        gives,
        players,
        next_take: [0; 4],
        next_give: [0; 4],
        hands,
        drawn: [None; 4],
        riichi: [false; 4],
        events: Vec::new(),
        phase: Phase::Draw(dealer),
    };
    let mut search = Search { steps: 0, failure: (0, "no events".into()) };
    match run(sim, &mut search) {
        Some(sim) => Ok(Played { events: sim.events, players, riichi: sim.riichi, hands: sim.hands, drawn: sim.drawn }),
        None => {
            let (at, message) = search.failure;
            Err(Error::new(ErrorKind::NoTurnOrder(message)).at_event(at + 1))
        }
    }
}

fn run<'a>(mut sim: Sim<'a>, search: &mut Search) -> Option<Sim<'a>> {
    loop {
        search.steps += 1;
        if search.steps > MAX_STEPS {
            search.failure = (sim.events.len(), "the search gave up after too many steps".into());
            return None;
        }
        if sim.done() {
            return Some(sim);
        }
        let step = match sim.phase {
            Phase::Draw(seat) => sim.draw(seat, false),
            Phase::Rinshan(seat) => sim.draw(seat, true),
            Phase::Act(seat, after_draw) => sim.act(seat, after_draw),
            Phase::Discarded(seat, tile) => {
                for caller in sim.callers(seat, tile) {
                    let mut branch = sim.clone();
                    match branch.call(caller, seat) {
                        Ok(()) => {
                            if let Some(found) = run(branch, search) {
                                return Some(found);
                            }
                        }
                        Err(m) => search.fail(branch.events.len(), m),
                    }
                    if search.steps > MAX_STEPS {
                        return None;
                    }
                }
                sim.phase = Phase::Draw((seat + 1) % sim.players);
                Ok(())
            }
        };
        if let Err(m) = step {
            search.fail(sim.events.len(), m);
            return None;
        }
    }
}

impl Search {
    fn fail(&mut self, at: usize, message: String) {
        if at >= self.failure.0 {
            self.failure = (at, message);
        }
    }
}

impl Sim<'_> {
    fn done(&self) -> bool {
        (0..4).all(|s| self.next_take[s] == self.takes[s].len() && self.next_give[s] == self.gives[s].len())
    }

    fn remove(&mut self, seat: u8, tile: LogTile, what: &str) -> Result<(), String> {
        let n = &mut self.hands[seat as usize][tile.key()];
        if *n == 0 {
            return Err(format!("seat {seat} {what} {tile}, which is not in its hand"));
        }
        *n -= 1;
        Ok(())
    }

    fn draw(&mut self, seat: u8, rinshan: bool) -> Result<(), String> {
        let s = seat as usize;
        match self.takes[s].get(self.next_take[s]) {
            Some(Take::Draw(tile)) => {
                let tile = *tile;
                if self.hands[s].iter().map(|&n| u32::from(n)).sum::<u32>() >= 14 {
                    return Err(format!("seat {seat} draws {tile} into a full hand"));
                }
                self.next_take[s] += 1;
                self.hands[s][tile.key()] += 1;
                self.drawn[s] = Some(tile);
                self.events.push(Event::Draw { seat, tile, rinshan });
                self.phase = Phase::Act(seat, true);
                Ok(())
            }
            Some(Take::Call { .. }) => Err(format!("seat {seat} should draw but its next take is a call")),
            None => Err(format!("seat {seat} should draw but has no take left")),
        }
    }

    fn act(&mut self, seat: u8, after_draw: bool) -> Result<(), String> {
        let s = seat as usize;
        let Some(give) = self.gives[s].get(self.next_give[s]) else {
            return Err(format!("seat {seat} should discard but has no discard left"));
        };
        self.next_give[s] += 1;
        let drawn = self.drawn[s].take();
        match give.clone() {
            Give::Discard { tile, riichi } => {
                let tsumogiri = tile.is_none();
                let tile = tile
                    .or(drawn.filter(|_| after_draw))
                    .ok_or(format!("seat {seat} discards the drawn tile after a call"))?;
                self.remove(seat, tile, "discards")?;
                self.riichi[s] |= riichi;
                self.events.push(Event::Discard { seat, tile, tsumogiri, riichi });
                self.phase = Phase::Discarded(seat, tile);
            }
            Give::Placeholder => return Err(format!("seat {seat} has a 0 without a daiminkan")),
            _ if !after_draw => return Err(format!("seat {seat} declares a kan or kita right after a call")),
            Give::Ankan(tiles) => {
                for t in tiles {
                    self.remove(seat, t, "declares a kan with")?;
                }
                self.events.push(Event::Ankan { seat, tiles });
                self.phase = Phase::Rinshan(seat);
            }
            Give::Kakan(tile) => {
                self.remove(seat, tile, "adds")?;
                self.events.push(Event::Kakan { seat, tile });
                self.phase = Phase::Rinshan(seat);
            }
            Give::Kita(tile) => {
                self.remove(seat, tile, "sets aside")?;
                self.events.push(Event::Kita { seat, tile });
                self.phase = Phase::Rinshan(seat);
            }
        }
        Ok(())
    }

    /// The seats whose next take is a call on `tile` from `from`, kans and pons first.
    fn callers(&self, from: u8, tile: LogTile) -> Vec<u8> {
        let mut out: Vec<(u8, u8)> = Vec::new();
        for seat in (0..self.players).filter(|&s| s != from) {
            let s = seat as usize;
            if let Some(Take::Call { kind, rel, tile: t, .. }) = self.takes[s].get(self.next_take[s])
                && *t == tile
                && (seat + rel) % 4 == from
            {
                out.push((u8::from(*kind == CallKind::Chi), seat));
            }
        }
        out.sort_unstable();
        out.into_iter().map(|(_, s)| s).collect()
    }

    fn call(&mut self, seat: u8, from: u8) -> Result<(), String> {
        let s = seat as usize;
        let Some(Take::Call { kind, tile, own, .. }) = self.takes[s].get(self.next_take[s]).cloned() else {
            return Err(format!("seat {seat} has no call"));
        };
        self.next_take[s] += 1;
        for &t in &own {
            self.remove(seat, t, "calls with")?;
        }
        self.events.push(Event::Call { seat, from, kind, tile, own });
        if kind == CallKind::Daiminkan {
            if !matches!(self.gives[s].get(self.next_give[s]), Some(Give::Placeholder)) {
                return Err(format!("seat {seat}'s daiminkan has no 0 in its discards"));
            }
            self.next_give[s] += 1;
            self.phase = Phase::Rinshan(seat);
        } else {
            self.phase = Phase::Act(seat, false);
        }
        Ok(())
    }
}

/// The per-seat takes and discards of a round's events (the inverse of [`rebuild`]).
pub(crate) fn lists(events: &[Event]) -> ([Vec<Value>; 4], [Vec<Value>; 4]) {
    let mut takes: [Vec<Value>; 4] = Default::default();
    let mut gives: [Vec<Value>; 4] = Default::default();
    let mut pons: Vec<(u8, String)> = Vec::new();
    let codes = |ts: &[LogTile]| ts.iter().map(|&t| code_of(t).to_string()).collect::<String>();
    for e in events {
        match e {
            Event::Draw { seat, tile, .. } => takes[*seat as usize].push(json!(code_of(*tile))),
            Event::Discard { seat, tile, tsumogiri, riichi } => {
                let code = if *tsumogiri { 60 } else { code_of(*tile) };
                gives[*seat as usize].push(if *riichi { json!(format!("r{code}")) } else { json!(code) });
            }
            Event::Call { seat, from, kind, tile, own } => {
                let rel = (from + 4 - seat) % 4;
                let letter = match kind {
                    CallKind::Chi => "c",
                    CallKind::Pon => "p",
                    CallKind::Daiminkan => "m",
                };
                let at = match (kind, rel) {
                    (_, 3) => 0,
                    (_, 2) => 1,
                    (CallKind::Daiminkan, _) => 3,
                    _ => 2,
                };
                let (before, after) = own.split_at(at.min(own.len()));
                let text = format!("{}{letter}{}{}", codes(before), code_of(*tile), codes(after));
                if *kind == CallKind::Pon {
                    pons.push((*seat, text.clone()));
                }
                takes[*seat as usize].push(json!(text));
                if *kind == CallKind::Daiminkan {
                    gives[*seat as usize].push(json!(0));
                }
            }
            Event::Ankan { seat, tiles } => {
                gives[*seat as usize].push(json!(format!("{}a{}", codes(&tiles[..3]), code_of(tiles[3]))));
            }
            Event::Kakan { seat, tile } => {
                let pon = pons.iter().rev().find(|(s, text)| *s == *seat && text_holds(text, tile.tile));
                let text = pon.map_or_else(
                    || format!("k{}{}", code_of(*tile), codes(&[LogTile::plain(tile.tile); 3])),
                    |(_, p)| p.replacen('p', &format!("k{}", code_of(*tile)), 1),
                );
                gives[*seat as usize].push(json!(text));
            }
            Event::Kita { seat, tile } => gives[*seat as usize].push(json!(format!("f{}", code_of(*tile)))),
            Event::Dora { .. } | Event::Win(_) | Event::Ryuukyoku { .. } => {}
        }
    }
    (takes, gives)
}

/// True when a pon string is of `tile`'s kind.
fn text_holds(text: &str, tile: haipai_tiles::Tile) -> bool {
    call_parts(text).is_ok_and(|(_, _, codes)| codes.iter().all(|t| t.tile == tile))
}

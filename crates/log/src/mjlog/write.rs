//! The mjlog writer: physical ids are handed out per round so that a draw and the discard of
//! the same tile share an id (tsumogiri) and every call packs the copies the hand holds.

use crate::model::{CallKind, DrawKind, Event, Game, Length, LogTile, Round, Win};
use std::fmt::Write;

/// Writes a game as mjlog XML (not compressed).
pub fn write(game: &Game) -> String {
    let setup = &game.setup;
    let mut kind = 1u32;
    kind |= if setup.length == Some(Length::Hanchan) { 0x08 } else { 0 };
    kind |= if setup.players == 3 { 0x10 } else { 0 };
    kind |= if setup.red_fives { 0 } else { 0x02 };
    let lobby =
        setup.lobby.as_deref().filter(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit())).unwrap_or("0");
    let mut out = format!("<mjloggm ver=\"2.3\"><GO type=\"{kind}\" lobby=\"{lobby}\"/><UN");
    for (i, n) in game.names.iter().enumerate() {
        let _ = write!(out, " n{i}=\"{}\"", encode_name(n));
    }
    out.push_str(" dan=\"0,0,0,0\" rate=\"1500,1500,1500,1500\" sx=\"M,M,M,M\"/><TAIKYOKU oya=\"0\"/>");
    for round in &game.rounds {
        RoundWriter::new(round, setup.red_fives).write(&mut out);
    }
    out.push_str("</mjloggm>\n");
    out
}

/// Percent-encodes every byte but ASCII letters and digits.
fn encode_name(name: &str) -> String {
    name.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

struct RoundWriter<'a> {
    round: &'a Round,
    red_fives: bool,
    used: [bool; 136],
    hands: [Vec<u32>; 4],
    drawn: [Option<u32>; 4],
    last_discard: Option<u32>,
    pons: Vec<(u8, usize, u32)>,
}

impl<'a> RoundWriter<'a> {
    fn new(round: &'a Round, red_fives: bool) -> RoundWriter<'a> {
        let mut w = RoundWriter {
            round,
            red_fives,
            used: [false; 136],
            hands: Default::default(),
            drawn: [None; 4],
            last_discard: None,
            pons: Vec::new(),
        };
        for seat in 0..4 {
            let ids: Vec<u32> = round.dealt[seat].iter().map(|&t| w.allocate(t)).collect();
            w.hands[seat] = ids;
        }
        w
    }

    /// An id for `tile` no other tile of the round has (a reused one if the copies ran out).
    fn allocate(&mut self, tile: LogTile) -> u32 {
        let base = tile.tile.index() as u32 * 4;
        let red_kind = self.red_fives && !tile.tile.is_honour() && tile.tile.number() == 5;
        let copies: &[u32] = match (tile.red, red_kind) {
            (true, _) => &[0],
            (false, true) => &[1, 2, 3],
            (false, false) => &[0, 1, 2, 3],
        };
        let free = copies.iter().map(|c| base + c).find(|&id| !self.used[id as usize]);
        let id = free.unwrap_or(base + copies[0]);
        self.used[id as usize] = true;
        id
    }

    /// An id for `tile` that needs to match none held (indicators, the winning hand).
    fn canonical(&self, tile: LogTile) -> u32 {
        let base = tile.tile.index() as u32 * 4;
        let red_kind = self.red_fives && !tile.tile.is_honour() && tile.tile.number() == 5;
        base + u32::from(red_kind && !tile.red)
    }

    /// Takes `tile` out of `seat`'s hand, preferring an id other than `avoid`.
    fn take(&mut self, seat: u8, tile: LogTile, avoid: Option<u32>) -> u32 {
        let matches = |w: &Self, id: u32| crate::mjlog::tile_of(i64::from(id), w.red_fives).ok() == Some(tile);
        let hand = &self.hands[seat as usize];
        let at = hand
            .iter()
            .position(|&id| Some(id) != avoid && matches(self, id))
            .or_else(|| hand.iter().position(|&id| matches(self, id)));
        match at {
            Some(i) => self.hands[seat as usize].remove(i),
            None => self.allocate(tile),
        }
    }

    fn write(mut self, out: &mut String) {
        let r = self.round;
        let kyoku = r.wind.index() * 4 + usize::from(r.hand) - 1;
        let scores: Vec<String> = r.scores.iter().map(|s| (s / 100).to_string()).collect();
        let _ = write!(
            out,
            "<INIT seed=\"{kyoku},{},{},0,0,{}\" ten=\"{}\" oya=\"{}\"",
            r.honba,
            r.sticks,
            self.canonical(r.dora),
            scores.join(","),
            r.dealer()
        );
        for (seat, hand) in self.hands.iter().enumerate() {
            let _ = write!(out, " hai{seat}=\"{}\"", join(hand));
        }
        out.push_str("/>");
        for (i, e) in r.events.iter().enumerate() {
            let next_is_win = matches!(r.events.get(i + 1), Some(Event::Win(_)));
            self.event(e, next_is_win, out);
        }
    }

    fn event(&mut self, e: &Event, next_is_win: bool, out: &mut String) {
        match e {
            Event::Draw { seat, tile, .. } => {
                let id = self.allocate(*tile);
                self.hands[*seat as usize].push(id);
                self.drawn[*seat as usize] = Some(id);
                let _ = write!(out, "<{}{id}/>", (b'T' + seat) as char);
            }
            Event::Discard { seat, tile, tsumogiri, riichi } => {
                let drawn = self.drawn[*seat as usize].take();
                let id = match drawn {
                    Some(d) if *tsumogiri => {
                        self.hands[*seat as usize].retain(|&x| x != d);
                        d
                    }
                    _ => self.take(*seat, *tile, drawn),
                };
                if *riichi {
                    let _ = write!(out, "<REACH who=\"{seat}\" step=\"1\"/>");
                }
                let _ = write!(out, "<{}{id}/>", (b'D' + seat) as char);
                if *riichi && !next_is_win {
                    let _ = write!(out, "<REACH who=\"{seat}\" step=\"2\"/>");
                }
                self.last_discard = Some(id);
            }
            Event::Call { seat, from, kind, tile, own } => {
                let called = self.last_discard.unwrap_or_else(|| self.canonical(*tile));
                let mut ids: Vec<u32> = own.iter().map(|&t| self.take(*seat, t, None)).collect();
                ids.push(called);
                ids.sort_unstable();
                let rel = u32::from((from + 4 - seat) % 4);
                let m = match kind {
                    CallKind::Chi => chi_m(&ids, called),
                    CallKind::Pon => {
                        let (m, r) = pon_m(&ids, called, rel, 0x8);
                        self.pons.push((*seat, r, rel));
                        m
                    }
                    CallKind::Daiminkan => (called << 8) | rel,
                };
                let _ = write!(out, "<N who=\"{seat}\" m=\"{m}\"/>");
            }
            Event::Ankan { seat, tiles } => {
                for &t in tiles {
                    self.take(*seat, t, None);
                }
                self.drawn[*seat as usize] = None;
                let _ = write!(out, "<N who=\"{seat}\" m=\"{}\"/>", (tiles[0].tile.index() as u32 * 4) << 8);
            }
            Event::Kakan { seat, tile } => {
                let id = self.take(*seat, *tile, None);
                self.drawn[*seat as usize] = None;
                let kind = tile.tile.index() as u32;
                let pon = self.pons.iter().find(|p| p.0 == *seat && p.1 / 3 == kind as usize).copied();
                let (r, rel) = pon.map_or((0, 3), |p| (p.1 as u32 % 3, p.2));
                let m = ((kind * 3 + r) << 9) | ((id % 4) << 5) | 0x10 | rel;
                let _ = write!(out, "<N who=\"{seat}\" m=\"{m}\"/>");
            }
            Event::Kita { seat, tile } => {
                let id = self.take(*seat, *tile, None);
                self.drawn[*seat as usize] = None;
                let _ = write!(out, "<N who=\"{seat}\" m=\"{}\"/>", (id << 8) | 0x20);
            }
            Event::Dora { indicator } => {
                let _ = write!(out, "<DORA hai=\"{}\"/>", self.canonical(*indicator));
            }
            Event::Win(w) => self.agari(w, out),
            Event::Ryuukyoku { kind, deltas } => {
                let kind = match kind {
                    DrawKind::Exhaustive => "",
                    DrawKind::KyuushuKyuuhai => " type=\"yao9\"",
                    DrawKind::FourRiichi => " type=\"reach4\"",
                    DrawKind::FourKans => " type=\"kan4\"",
                    DrawKind::FourWinds => " type=\"kaze4\"",
                    DrawKind::TripleRon => " type=\"ron3\"",
                    DrawKind::NagashiMangan => " type=\"nm\"",
                };
                let _ = write!(
                    out,
                    "<RYUUKYOKU{kind} ba=\"{},{}\" sc=\"{}\"/>",
                    self.round.honba,
                    self.round.sticks,
                    self.sc(deltas)
                );
            }
        }
    }

    fn sc(&self, deltas: &[i32; 4]) -> String {
        let pairs: Vec<String> =
            (0..4).map(|i| format!("{},{}", self.round.scores[i] / 100, deltas[i] / 100)).collect();
        pairs.join(",")
    }

    fn agari(&self, w: &Win, out: &mut String) {
        let ids = |ts: &[LogTile]| ts.iter().map(|&t| self.canonical(t)).collect::<Vec<_>>();
        let r = self.round;
        let mut dora = vec![self.canonical(r.dora)];
        dora.extend(
            r.events.iter().filter_map(|e| {
                if let Event::Dora { indicator } = e { Some(self.canonical(*indicator)) } else { None }
            }),
        );
        let yaku = match w.han {
            Some(h) => format!("yaku=\"1,{h}\""),
            None => "yakuman=\"39\"".to_string(),
        };
        let _ = write!(
            out,
            "<AGARI ba=\"{},{}\" hai=\"{}\" machi=\"{}\" ten=\"{},{},0\" {yaku} doraHai=\"{}\"",
            r.honba,
            r.sticks,
            join(&ids(&w.hand)),
            self.canonical(w.tile),
            w.fu.unwrap_or(0),
            w.points.unwrap_or(0),
            join(&dora),
        );
        if !w.ura.is_empty() {
            let _ = write!(out, " doraHaiUra=\"{}\"", join(&ids(&w.ura)));
        }
        let _ = write!(out, " who=\"{}\" fromWho=\"{}\" sc=\"{}\"/>", w.seat, w.from, self.sc(&w.deltas));
    }
}

fn join(ids: &[u32]) -> String {
    ids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// A chi's `m`: the run's base (suit * 7 + number - 1), the called tile's place, each copy.
fn chi_m(ids: &[u32], called: u32) -> u32 {
    let kind = ids[0] / 4;
    let base = (kind / 9) * 7 + kind % 9;
    let r = ids.iter().position(|&i| i == called).unwrap_or(0) as u32;
    let copies = ids.iter().enumerate().fold(0, |m, (i, &id)| m | ((id % 4) << (3 + 2 * i)));
    ((base * 3 + r) << 10) | copies | 0x4 | 3
}

/// A pon's (or kakan's) `m` and its `kind * 3 + called place`.
fn pon_m(ids: &[u32], called: u32, rel: u32, flag: u32) -> (u32, usize) {
    let kind = ids[0] / 4;
    let unused = (0..4).find(|c| !ids.contains(&(kind * 4 + c))).unwrap_or(0);
    let r = ids.iter().position(|&i| i == called).unwrap_or(0) as u32;
    let t = kind * 3 + r;
    ((t << 9) | (unused << 5) | flag | rel, t as usize)
}

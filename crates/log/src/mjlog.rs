//! Tenhou's mjlog XML (`<mjloggm ver="2.3">`), plain or gzip-compressed as Tenhou serves it.
//!
//! Tiles are physical ids 0..136 (`kind * 4 + copy`; with red fives, 16, 52 and 88 are the
//! red 5m, 5p and 5s). `<T12/>`..`<W12/>` are the four seats' draws, `<D12/>`..`<G12/>` their
//! discards (tsumogiri when the id is the one just drawn), `<N who m>` a call or kan with its
//! tiles packed in `m`, `<REACH step="1">` precedes a riichi discard. Three-player games keep
//! 4-seat offsets in `m`. Read with `roxmltree` and `flate2`.

use crate::error::{Error, ErrorKind, out_of_range, syntax};
use crate::model::{CallKind, DrawKind, Event, Game, Length, LogTile, Round, Setup, Site, Win, normalize, set_aside};
use haipai_tiles::{Tile, Wind};
use std::io::Read;

mod write;
pub use write::write;

/// The most a gzip-compressed log may grow to (real logs are tens of kilobytes).
const MAX_SIZE: u64 = 16 << 20;

/// Reads an mjlog, plain or gzip-compressed.
///
/// # Errors
/// Bad gzip or XML, or a missing or malformed attribute before the first `<INIT>`. Past it, a
/// missing or malformed attribute, a tile id past 135 or a call that cannot be decoded sets
/// its round aside ([`Game::unread`], the error naming the round, the event and the XML's
/// line) and the reader goes on at the next `<INIT>`.
pub fn read(bytes: &[u8]) -> Result<Game, Error> {
    let mut plain = Vec::new();
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut reader = flate2::read::GzDecoder::new(bytes).take(MAX_SIZE + 1);
        reader.read_to_end(&mut plain).map_err(|e| syntax(format!("bad gzip: {e}")))?;
        if plain.len() as u64 > MAX_SIZE {
            return Err(out_of_range(format!("the log unpacks to more than {MAX_SIZE} bytes")));
        }
        &plain[..]
    } else {
        bytes
    };
    let text = std::str::from_utf8(bytes).map_err(|e| syntax(format!("not UTF-8: {e}")))?;
    let doc =
        roxmltree::Document::parse(text).map_err(|e| syntax(format!("bad XML: {e}")).at_line(e.pos().row as usize))?;
    let root = doc.root_element();
    if root.tag_name().name() != "mjloggm" {
        return Err(syntax(format!("the root is <{}>, not <mjloggm>", root.tag_name().name())));
    }
    let mut reader = Reader::default();
    for node in root.children().filter(roxmltree::Node::is_element) {
        let is_init = node.tag_name().name() == "INIT";
        if reader.skipping && !is_init {
            continue;
        }
        if let Err(e) = reader.element(node) {
            let e = reader.place(e).at_line(doc.text_pos_at(node.range().start).row as usize);
            if !(reader.started || is_init) {
                return Err(e);
            }
            set_aside(&mut reader.game, reader.round.take(), e);
            reader.skipping = true;
        }
    }
    reader.finish()
}

#[derive(Default)]
struct Reader {
    game: Game,
    red: Option<bool>,
    round: Option<Round>,
    drawn: [Option<u32>; 4],
    riichi_next: [bool; 4],
    /// An `<INIT>` has been seen: errors from here on are a round's.
    started: bool,
    /// The round being read was set aside: elements are skipped up to the next `<INIT>`.
    skipping: bool,
}

fn attr<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> Result<&'a str, Error> {
    node.attribute(name).ok_or_else(|| syntax(format!("<{}> has no {name}", node.tag_name().name())))
}

fn numbers(text: &str, what: &str) -> Result<Vec<i64>, Error> {
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            s.trim().parse::<f64>().map(|x| x as i64).map_err(|_| syntax(format!("{what} has {s:?}, not a number")))
        })
        .collect()
}

fn seat_of(node: roxmltree::Node<'_, '_>, name: &str) -> Result<u8, Error> {
    let s = attr(node, name)?;
    s.parse::<u8>().ok().filter(|&s| s < 4).ok_or_else(|| out_of_range(format!("{name}={s:?} is not a seat")))
}

/// Percent-decoding of UTF-8 names (`%E6%9D%B1`).
fn decode_name(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl Reader {
    fn tile(&self, id: i64) -> Result<LogTile, Error> {
        tile_of(id, self.red.unwrap_or(true))
    }

    fn tiles(&self, text: &str, what: &str) -> Result<Vec<LogTile>, Error> {
        numbers(text, what)?.into_iter().map(|id| self.tile(id)).collect()
    }

    fn place(&self, e: Error) -> Error {
        match &self.round {
            Some(r) => e.in_round(&r.name()).at_event(r.events.len() + 1),
            None => e,
        }
    }

    fn events(&mut self) -> Result<&mut Vec<Event>, Error> {
        self.round.as_mut().map(|r| &mut r.events).ok_or_else(|| syntax("a play before the first <INIT>"))
    }

    fn element(&mut self, node: roxmltree::Node<'_, '_>) -> Result<(), Error> {
        let name = node.tag_name().name();
        let mut chars = name.chars();
        let first = chars.next().unwrap_or(' ');
        let rest = chars.as_str();
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            let id: i64 = rest.parse().map_err(|_| out_of_range(format!("tile id {rest}")))?;
            return match first {
                'T' | 'U' | 'V' | 'W' => self.draw(first as u8 - b'T', id),
                'D' | 'E' | 'F' | 'G' => self.discard(first as u8 - b'D', id),
                _ => Ok(()),
            };
        }
        match name {
            "GO" => self.go(node),
            "UN" if node.attribute("n0").is_some() => {
                self.game.names = std::array::from_fn(|i| {
                    node.attribute(format!("n{i}").as_str()).map(decode_name).unwrap_or_default()
                });
                Ok(())
            }
            "INIT" => self.init(node),
            "N" => self.call(node),
            "DORA" => {
                let indicator = self.tile(numbers(attr(node, "hai")?, "hai")?.first().copied().unwrap_or(-1))?;
                self.events()?.push(Event::Dora { indicator });
                Ok(())
            }
            "REACH" if attr(node, "step")? == "1" => {
                self.riichi_next[seat_of(node, "who")? as usize] = true;
                Ok(())
            }
            "AGARI" => self.agari(node),
            "RYUUKYOKU" => self.ryuukyoku(node),
            _ => Ok(()),
        }
    }

    fn go(&mut self, node: roxmltree::Node<'_, '_>) -> Result<(), Error> {
        let kind: u32 = attr(node, "type")?.parse().map_err(|_| syntax("GO type is not a number"))?;
        self.red = Some(kind & 0x02 == 0);
        let lobby = node.attribute("lobby").filter(|l| *l != "0").map(str::to_string);
        self.game.setup = Setup {
            players: if kind & 0x10 != 0 { 3 } else { 4 },
            red_fives: kind & 0x02 == 0,
            length: Some(if kind & 0x08 != 0 { Length::Hanchan } else { Length::Tonpuu }),
            lobby,
            title: None,
            site: Some(Site::Tenhou),
        };
        Ok(())
    }

    fn finish_round(&mut self) {
        if let Some(mut r) = self.round.take() {
            normalize(&mut r.events);
            self.game.rounds.push(r);
        }
    }

    fn init(&mut self, node: roxmltree::Node<'_, '_>) -> Result<(), Error> {
        self.finish_round();
        (self.started, self.skipping) = (true, false);
        let seed = numbers(attr(node, "seed")?, "seed")?;
        let [kyoku, honba, sticks, _, _, dora] = seed[..] else { return Err(syntax("INIT seed has not 6 numbers")) };
        if !(0..16).contains(&kyoku) || !(0..1000).contains(&honba) || !(0..1000).contains(&sticks) {
            return Err(out_of_range(format!("round {kyoku}, honba {honba}, sticks {sticks}")));
        }
        let mut scores = [0i32; 4];
        for (s, x) in scores.iter_mut().zip(numbers(attr(node, "ten")?, "ten")?) {
            *s = i32::try_from(x.saturating_mul(100)).map_err(|_| out_of_range("a score"))?;
        }
        let mut dealt: [Vec<LogTile>; 4] = Default::default();
        for (seat, hand) in dealt.iter_mut().enumerate() {
            *hand = self.tiles(node.attribute(format!("hai{seat}").as_str()).unwrap_or_default(), "hai")?;
        }
        let (wind, hand) = (Wind::ALL[(kyoku / 4) as usize % 4], (kyoku % 4 + 1) as u8);
        let dora = self.tile(dora)?;
        self.round = Some(Round {
            wind,
            hand,
            honba: honba as u32,
            sticks: sticks as u32,
            scores,
            dealt,
            dora,
            events: Vec::new(),
        });
        self.drawn = [None; 4];
        self.riichi_next = [false; 4];
        Ok(())
    }

    fn draw(&mut self, seat: u8, id: i64) -> Result<(), Error> {
        let tile = self.tile(id)?;
        let events = self.events()?;
        let rinshan = crate::mjai::after_kan(events, seat);
        events.push(Event::Draw { seat, tile, rinshan });
        self.drawn[seat as usize] = Some(id as u32);
        Ok(())
    }

    fn discard(&mut self, seat: u8, id: i64) -> Result<(), Error> {
        let tile = self.tile(id)?;
        let tsumogiri = self.drawn[seat as usize] == Some(id as u32);
        let riichi = std::mem::take(&mut self.riichi_next[seat as usize]);
        self.drawn[seat as usize] = None;
        self.events()?.push(Event::Discard { seat, tile, tsumogiri, riichi });
        Ok(())
    }

    fn call(&mut self, node: roxmltree::Node<'_, '_>) -> Result<(), Error> {
        let seat = seat_of(node, "who")?;
        let m: u32 = attr(node, "m")?.parse().map_err(|_| syntax("N m is not a number"))?;
        let red = self.red.unwrap_or(true);
        let event = decode_meld(seat, m, red)?;
        if matches!(event, Event::Ankan { .. } | Event::Kakan { .. } | Event::Kita { .. }) {
            self.drawn[seat as usize] = None;
        }
        self.events()?.push(event);
        Ok(())
    }

    fn agari(&mut self, node: roxmltree::Node<'_, '_>) -> Result<(), Error> {
        let (seat, from) = (seat_of(node, "who")?, seat_of(node, "fromWho")?);
        let mut hand = self.tiles(attr(node, "hai")?, "hai")?;
        hand.sort();
        let tile = self.tile(numbers(attr(node, "machi")?, "machi")?.first().copied().unwrap_or(-1))?;
        if !hand.contains(&tile) {
            return Err(crate::error::illegal(format!("the winning tile {tile} is not in the winning hand")));
        }
        let ten = numbers(attr(node, "ten")?, "ten")?;
        let han = node.attribute("yaku").map(|y| numbers(y, "yaku")).transpose()?;
        let han = han
            .map(|y| y.iter().skip(1).step_by(2).fold(0i64, |a, &h| a.saturating_add(h)).clamp(0, 1000) as u32)
            .filter(|_| node.attribute("yakuman").is_none());
        let ura = node.attribute("doraHaiUra").map(|u| self.tiles(u, "doraHaiUra")).transpose()?.unwrap_or_default();
        let deltas = score_changes(node)?;
        let value = |i: usize| ten.get(i).map(|&x| x.clamp(0, u32::MAX.into()) as u32);
        let win = Win { seat, from, hand, tile, han, fu: value(0), points: value(1), ura, deltas };
        self.events()?.push(Event::Win(win));
        Ok(())
    }

    fn ryuukyoku(&mut self, node: roxmltree::Node<'_, '_>) -> Result<(), Error> {
        let kind = match node.attribute("type") {
            None => DrawKind::Exhaustive,
            Some("yao9") => DrawKind::KyuushuKyuuhai,
            Some("reach4") => DrawKind::FourRiichi,
            Some("kan4") => DrawKind::FourKans,
            Some("kaze4") => DrawKind::FourWinds,
            Some("ron3") => DrawKind::TripleRon,
            Some("nm") => DrawKind::NagashiMangan,
            Some(other) => return Err(syntax(format!("unknown RYUUKYOKU type {other:?}"))),
        };
        let deltas = score_changes(node)?;
        self.events()?.push(Event::Ryuukyoku { kind, deltas });
        Ok(())
    }

    fn finish(mut self) -> Result<Game, Error> {
        self.finish_round();
        if self.game.setup.players == 0 {
            self.game.setup.players = if self.game.rounds.iter().all(|r| r.dealt[3].is_empty()) { 3 } else { 4 };
            self.game.setup.red_fives = true;
        }
        self.game.setup.site = Some(Site::Tenhou);
        Ok(self.game)
    }
}

/// The score changes of `sc="s0,d0,s1,d1,..."`, in points.
fn score_changes(node: roxmltree::Node<'_, '_>) -> Result<[i32; 4], Error> {
    let sc = numbers(attr(node, "sc")?, "sc")?;
    let mut out = [0i32; 4];
    for (o, pair) in out.iter_mut().zip(sc.chunks(2)) {
        let d = pair.get(1).copied().unwrap_or(0).saturating_mul(100);
        *o = i32::try_from(d).map_err(|_| out_of_range("a score change"))?;
    }
    Ok(out)
}

/// The tile of a physical id.
pub(crate) fn tile_of(id: i64, red_fives: bool) -> Result<LogTile, Error> {
    let tile = usize::try_from(id).ok().filter(|&i| i < 136).and_then(|i| Tile::new(i / 4));
    let tile = tile.ok_or_else(|| Error::new(ErrorKind::NotATile(format!("id {id}"))))?;
    let red = red_fives && matches!(id, 16 | 52 | 88);
    Ok(LogTile { tile, red })
}

/// The called tile (`ids[called]`) and the caller's own tiles (the other ids) of a chi or pon.
fn called_and_own(ids: &[u32], called: usize, red: bool) -> Result<(LogTile, Vec<LogTile>), Error> {
    let tile = tile_of(i64::from(ids[called]), red)?;
    let own = ids
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != called)
        .map(|(_, &x)| tile_of(i64::from(x), red))
        .collect::<Result<_, _>>()?;
    Ok((tile, own))
}

/// Decodes `<N who m>`: chi, pon, kakan, kita or a kan.
fn decode_meld(seat: u8, m: u32, red: bool) -> Result<Event, Error> {
    let bad = || Error::new(ErrorKind::BadCall(format!("m={m}")));
    let from = (seat + (m & 3) as u8) % 4;
    let id = |x: u32| tile_of(i64::from(x), red);
    if m & 0x4 != 0 {
        let t = (m >> 10) & 0x3f;
        let (called, base) = (t % 3, t / 3);
        if base >= 21 || m & 3 != 3 {
            return Err(bad());
        }
        let kind = (base / 7) * 9 + base % 7;
        let ids: Vec<u32> = (0..3).map(|i| (kind + i) * 4 + ((m >> (3 + 2 * i)) & 3)).collect();
        let (tile, own) = called_and_own(&ids, called as usize, red)?;
        return Ok(Event::Call { seat, from, kind: CallKind::Chi, tile, own });
    }
    if m & 0x18 != 0 {
        let t = (m >> 9) & 0x7f;
        let (called, kind) = (t % 3, t / 3);
        let unused = (m >> 5) & 3;
        if kind >= 34 {
            return Err(bad());
        }
        let ids: Vec<u32> = (0..4).filter(|&c| c != unused).map(|c| kind * 4 + c).collect();
        if m & 0x10 != 0 {
            return Ok(Event::Kakan { seat, tile: id(kind * 4 + unused)? });
        }
        if m & 3 == 0 {
            return Err(bad());
        }
        let (tile, own) = called_and_own(&ids, called as usize, red)?;
        return Ok(Event::Call { seat, from, kind: CallKind::Pon, tile, own });
    }
    if m & 0x20 != 0 {
        return Ok(Event::Kita { seat, tile: id(m >> 8)? });
    }
    let hai = m >> 8;
    let kind = hai / 4;
    if kind >= 34 {
        return Err(bad());
    }
    if m & 3 == 0 {
        let tiles = [0, 1, 2, 3].map(|c| id(kind * 4 + c));
        let [a, b, c, d] = tiles;
        return Ok(Event::Ankan { seat, tiles: [a?, b?, c?, d?] });
    }
    let own = (0..4).filter(|&c| kind * 4 + c != hai).map(|c| id(kind * 4 + c)).collect::<Result<_, _>>()?;
    Ok(Event::Call { seat, from, kind: CallKind::Daiminkan, tile: id(hai)?, own })
}

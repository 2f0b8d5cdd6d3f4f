//! The game as a log tells it: rules, players, rounds, and each round's events in play order.

use haipai_tiles::{Tile, Wind};
use std::fmt;

/// One tile as logs name it: its kind and whether it is a red five. Logs in tenhou.net/6 and
/// mjai name no physical copy; mjlog's copies are kept only as far as red or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LogTile {
    /// The kind.
    pub tile: Tile,
    /// True for a red five (only 5m, 5p, 5s can be).
    pub red: bool,
}

impl LogTile {
    /// A tile, checked: only a five of a suit can be red.
    pub fn new(tile: Tile, red: bool) -> Option<LogTile> {
        (!red || (!tile.is_honour() && tile.number() == 5)).then_some(LogTile { tile, red })
    }

    /// A tile that is not red.
    pub const fn plain(tile: Tile) -> LogTile {
        LogTile { tile, red: false }
    }

    /// A dense index, 0..37: the 34 kinds, then the red 5m, 5p and 5s.
    pub fn key(self) -> usize {
        if self.red { 34 + self.tile.suit().index() } else { self.tile.index() }
    }

    /// The tile of a dense index ([`LogTile::key`]).
    pub fn from_key(key: usize) -> Option<LogTile> {
        match key {
            0..34 => Tile::new(key).map(LogTile::plain),
            34..37 => Tile::new((key - 34) * 9 + 4).map(|t| LogTile { tile: t, red: true }),
            _ => None,
        }
    }
}

impl fmt::Display for LogTile {
    /// MPSZ notation, a red five as `0m` / `0p` / `0s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.red { write!(f, "0{}", self.tile.suit().letter()) } else { write!(f, "{}", self.tile) }
    }
}

/// How long the game was meant to last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Length {
    /// One wind (東風戦).
    Tonpuu,
    /// Two winds (半荘戦).
    Hanchan,
}

/// The game setup a log states (players, red fives, length, lobby, title).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    /// 4, or 3 for sanma (seat 3 is then empty).
    pub players: u8,
    /// True when the game has red fives.
    pub red_fives: bool,
    /// Tonpuu or hanchan, when the log says.
    pub length: Option<Length>,
    /// The lobby or rule name the log gives (`鳳南喰赤`, mjlog's `GO type`), if any.
    pub lobby: Option<String>,
    /// The title the log gives, if any.
    pub title: Option<String>,
    /// The site whose rules the game was played under, when the log says: Tenhou for a
    /// tenhou.net/6 or mjlog file (Tenhou's own formats), none for mjai (any server writes it).
    pub site: Option<Site>,
}

/// A site with its own rules of play and scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Site {
    /// tenhou.net.
    Tenhou,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Game {
    /// The setup: players, red fives, length, lobby, title.
    pub setup: Setup,
    /// The players' names, seat 0 (the first dealer) to seat 3 (empty when unknown).
    pub names: [String; 4],
    /// The rounds in play order.
    pub rounds: Vec<Round>,
    /// The rounds the reader could not read, each with its place (how many of `rounds` come
    /// before it) and why; [`Game::replay`] reports them among the others, in play order.
    pub unread: Vec<(usize, crate::Error)>,
}

/// What kind of call a seat made on another seat's discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CallKind {
    /// A sequence, from the seat before only.
    Chi,
    /// A triplet.
    Pon,
    /// A quad (大明槓); a rinshan draw follows.
    Daiminkan,
}

/// Why a round ended without a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawKind {
    /// The wall ran out (荒牌流局).
    Exhaustive,
    /// Nine different terminals and honours in a first draw (九種九牌).
    KyuushuKyuuhai,
    /// All four players declared riichi (四家立直).
    FourRiichi,
    /// A fourth kan by more than one player (四開槓).
    FourKans,
    /// The same wind discarded by all four on the first go-around (四風連打).
    FourWinds,
    /// Three players declared ron on one discard (三家和).
    TripleRon,
    /// An exhaustive draw paid as nagashi mangan (流し満貫).
    NagashiMangan,
}

/// A win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// The winner.
    pub seat: u8,
    /// Who dealt in (the winner itself for tsumo).
    pub from: u8,
    /// The winner's closed tiles with the winning tile, sorted.
    pub hand: Vec<LogTile>,
    /// The winning tile.
    pub tile: LogTile,
    /// Han, as the log states (none for a yakuman or a limit the log states without han).
    pub han: Option<u32>,
    /// Fu, as the log states.
    pub fu: Option<u32>,
    /// The hand's value in points, without honba and riichi sticks, as the log states.
    pub points: Option<u32>,
    /// The ura dora indicators shown for this win (empty without riichi).
    pub ura: Vec<LogTile>,
    /// The score changes of this win, seat 0 to 3.
    pub deltas: [i32; 4],
}

/// One event of a round, in play order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A seat draws a tile (a rinshan draw after a kan or kita).
    Draw {
        /// Who.
        seat: u8,
        /// The tile.
        tile: LogTile,
        /// True for a draw from the dead wall.
        rinshan: bool,
    },
    /// A seat discards a tile.
    Discard {
        /// Who.
        seat: u8,
        /// The tile.
        tile: LogTile,
        /// True when it is the tile just drawn (ツモ切り).
        tsumogiri: bool,
        /// True when riichi is declared with it.
        riichi: bool,
    },
    /// A seat calls the last discard.
    Call {
        /// The caller.
        seat: u8,
        /// The discarder.
        from: u8,
        /// Chi, pon or daiminkan.
        kind: CallKind,
        /// The called tile.
        tile: LogTile,
        /// The caller's own tiles in the meld, sorted.
        own: Vec<LogTile>,
    },
    /// A seat declares a closed kan (暗槓) of four tiles of its hand.
    Ankan {
        /// Who.
        seat: u8,
        /// The four tiles, sorted.
        tiles: [LogTile; 4],
    },
    /// A seat adds the fourth tile to its pon (加槓).
    Kakan {
        /// Who.
        seat: u8,
        /// The added tile.
        tile: LogTile,
    },
    /// A sanma seat sets a North aside (抜きドラ).
    Kita {
        /// Who.
        seat: u8,
        /// The tile (a North).
        tile: LogTile,
    },
    /// A new dora indicator becomes visible (after a kan: an ankan's at once, an open kan's
    /// after the kan player's next discard).
    Dora {
        /// The indicator.
        indicator: LogTile,
    },
    /// A win (a double ron is two of these).
    Win(Win),
    /// A draw (流局), exhaustive or abortive.
    Ryuukyoku {
        /// Why.
        kind: DrawKind,
        /// The score changes, seat 0 to 3.
        deltas: [i32; 4],
    },
}

impl Event {
    /// The seat acting, for events that have one.
    pub fn seat(&self) -> Option<u8> {
        match self {
            Event::Draw { seat, .. }
            | Event::Discard { seat, .. }
            | Event::Call { seat, .. }
            | Event::Ankan { seat, .. }
            | Event::Kakan { seat, .. }
            | Event::Kita { seat, .. } => Some(*seat),
            Event::Win(w) => Some(w.seat),
            Event::Dora { .. } | Event::Ryuukyoku { .. } => None,
        }
    }
}

/// One hand of the game (局).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The round wind.
    pub wind: Wind,
    /// The hand number, 1 to 4; the dealer is seat `hand - 1`.
    pub hand: u8,
    /// Honba (repeat counters).
    pub honba: u32,
    /// Riichi sticks left on the table from earlier hands.
    pub sticks: u32,
    /// Scores at the start, seat 0 to 3.
    pub scores: [i32; 4],
    /// The dealt hands, 13 tiles a seat (none for seat 3 in sanma).
    pub dealt: [Vec<LogTile>; 4],
    /// The first dora indicator (the others come as [`Event::Dora`]).
    pub dora: LogTile,
    /// The events in play order.
    pub events: Vec<Event>,
}

impl Round {
    /// The dealer's seat.
    pub fn dealer(&self) -> u8 {
        self.hand.saturating_sub(1) % 4
    }

    /// The round's name: wind letter, hand number, honba (`E1-0`, `S3-2`).
    pub fn name(&self) -> String {
        round_name(self.wind, self.hand, self.honba)
    }

    /// The score changes of the round: its wins and draws together.
    pub fn deltas(&self) -> [i32; 4] {
        let mut out = [0i32; 4];
        for e in &self.events {
            let d = match e {
                Event::Win(w) => &w.deltas,
                Event::Ryuukyoku { deltas, .. } => deltas,
                _ => continue,
            };
            for (o, x) in out.iter_mut().zip(d) {
                *o = o.saturating_add(*x);
            }
        }
        out
    }

    /// The wins of the round.
    pub fn wins(&self) -> impl Iterator<Item = &Win> {
        self.events.iter().filter_map(|e| if let Event::Win(w) = e { Some(w) } else { None })
    }
}

/// Sets the round being read aside as unread ([`Game::unread`]) with `error`, named by the
/// round (`round N` when even its start could not be read).
pub(crate) fn set_aside(game: &mut Game, round: Option<Round>, error: crate::Error) {
    let name = round.map_or_else(|| format!("round {}", game.rounds.len() + game.unread.len() + 1), |r| r.name());
    game.unread.push((game.rounds.len(), error.in_round(&name)));
}

/// `E1-0`: the wind letter, the hand number and the honba.
pub fn round_name(wind: Wind, hand: u8, honba: u32) -> String {
    format!("{}{}-{}", wind.letter(), hand, honba)
}

/// Puts events in the model's one form, whatever the format: melds' own tiles sorted, and
/// each open kan's (daiminkan, kakan) new indicator where it becomes visible, after the kan
/// player's next discard or at its next kan if that comes first (an ankan's is visible at
/// once and stays where it is).
pub(crate) fn normalize(events: &mut Vec<Event>) {
    for e in events.iter_mut() {
        match e {
            Event::Call { own, .. } => own.sort(),
            Event::Ankan { tiles, .. } => tiles.sort(),
            _ => {}
        }
    }
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut held: Vec<Event> = Vec::new();
    let mut open_kan_by: Option<u8> = None;
    for e in events.drain(..) {
        match &e {
            Event::Dora { .. } if open_kan_by.is_some() => {
                held.push(e);
                continue;
            }
            Event::Call { seat, kind: CallKind::Daiminkan, .. } | Event::Kakan { seat, .. } => {
                out.append(&mut held);
                open_kan_by = Some(*seat);
                out.push(e);
                continue;
            }
            Event::Ankan { .. } => {
                out.append(&mut held);
                open_kan_by = None;
                out.push(e);
                continue;
            }
            _ => {}
        }
        let ends = matches!(&e, Event::Discard { seat, .. } if Some(*seat) == open_kan_by);
        out.push(e);
        if ends {
            out.append(&mut held);
            open_kan_by = None;
        }
    }
    out.append(&mut held);
    *events = out;
}

//! Replay: a round played forward, yielding every decision each seat made with the full
//! position it made it in.

use crate::error::{Error, illegal};
use crate::model::{CallKind, Event, Game, LogTile, Round};
use crate::offers::offers;
use haipai_tiles::{Counts, Hand, MeldKind, Wind};

/// A called (or declared) meld on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    /// Chi, pon or one of the kans.
    pub kind: MeldKind,
    /// Its tiles, the called one included.
    pub tiles: Vec<LogTile>,
    /// The seat the called tile came from (none for an ankan).
    pub from: Option<u8>,
    /// The called tile (none for an ankan).
    pub called: Option<LogTile>,
}

impl Meld {
    /// The meld as `haipai_tiles` knows it (kind, lowest tile, red fives).
    pub fn to_meld(&self) -> Option<haipai_tiles::Meld> {
        let first = self.tiles.iter().map(|t| t.tile).min()?;
        let red = self.tiles.iter().filter(|t| t.red).count() as u8;
        haipai_tiles::Meld::new(self.kind, first, red)
    }
}

/// Everything a seat knew when it made a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The deciding seat.
    pub seat: u8,
    /// 4, or 3 for sanma.
    pub players: u8,
    /// The round wind.
    pub round_wind: Wind,
    /// The seat's wind.
    pub seat_wind: Wind,
    /// Honba.
    pub honba: u32,
    /// Riichi sticks on the table (earlier hands' and this hand's accepted riichi).
    pub sticks: u32,
    /// Scores now, seat 0 to 3 (riichi sticks paid already taken off).
    pub scores: [i32; 4],
    /// The closed hand, counts per kind (red fives counted in their kind), the drawn tile
    /// included.
    pub closed: Counts,
    /// Red fives among the closed tiles, per suit (m, p, s).
    pub closed_red: [u8; 3],
    /// The seat's called and declared melds.
    pub melds: Vec<Meld>,
    /// Norths set aside (sanma's kita).
    pub kita: u8,
    /// The tile just drawn, when the decision follows a draw.
    pub drawn: Option<LogTile>,
    /// How many tiles the seat has drawn this round (rinshan draws included).
    pub turn: u32,
    /// Every tile the seat has seen: all discards, all melds, its own hand, kita and the
    /// revealed indicators, per kind (red fives counted in their kind).
    pub seen: Counts,
    /// Red fives seen, per suit.
    pub seen_red: [u8; 3],
    /// The dora indicators revealed so far.
    pub dora_indicators: Vec<LogTile>,
    /// Kans declared this round, every seat's (a round has at most four: none after them).
    pub kans: u8,
    /// Tiles left to draw in the live wall.
    pub wall_left: u32,
    /// Which seats have declared riichi.
    pub riichi: [bool; 4],
    /// Which seats still have ippatsu (riichi accepted, no call since, not yet discarded again).
    pub ippatsu: [bool; 4],
    /// Every seat's discards in order, called ones included (the seat's own for furiten).
    pub discards: [Vec<LogTile>; 4],
}

impl Position {
    /// The closed tiles, sorted.
    pub fn closed_tiles(&self) -> Vec<LogTile> {
        let mut dense = [0u8; 37];
        dense[..34].copy_from_slice(&self.closed);
        for (suit, &red) in self.closed_red.iter().enumerate() {
            let five = suit * 9 + 4;
            let red = red.min(dense[five]);
            dense[five] -= red;
            dense[34 + suit] = red;
        }
        crate::order::expand(&dense)
    }

    /// The hand as `haipai_tiles` knows it (closed counts, red fives, melds).
    ///
    /// # Errors
    /// When the tiles break `Hand`'s rules (a fifth copy, a wrong size); a replayed position
    /// of a valid log never does, except a sanma hand with kita, which `Hand` counts alike.
    pub fn hand(&self) -> Result<Hand, haipai_tiles::Error> {
        let melds = self.melds.iter().filter_map(Meld::to_meld).collect();
        Hand::new(self.closed, self.closed_red, melds)
    }
}

/// A call a seat's closed hand allows on a discard.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallOption {
    /// Chi, pon or daiminkan.
    pub kind: CallKind,
    /// The seat's own tiles in the meld, sorted.
    pub own: Vec<LogTile>,
}

/// What a seat decided.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Choice {
    /// A discard.
    Discard {
        /// The tile played.
        tile: LogTile,
        /// True when it is the tile just drawn.
        tsumogiri: bool,
        /// True when riichi is declared with it.
        riichi: bool,
    },
    /// A call offered on another seat's discard: what the hand allowed and what was done.
    Call {
        /// The discard.
        tile: LogTile,
        /// The discarder.
        from: u8,
        /// Every call the closed hand allows (chi only from the seat before).
        options: Vec<CallOption>,
        /// The call made, or none for a pass.
        taken: Option<CallOption>,
    },
    /// A closed kan declared on the seat's own turn.
    Ankan {
        /// The four tiles.
        tiles: [LogTile; 4],
    },
    /// A pon upgraded on the seat's own turn.
    Kakan {
        /// The added tile.
        tile: LogTile,
    },
    /// A North set aside (sanma).
    Kita {
        /// The tile.
        tile: LogTile,
    },
}

/// One decision: the position and the choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// What the seat knew.
    pub position: Position,
    /// What it did.
    pub choice: Choice,
    /// The round's event (1-based) the choice was, or the discard a call was offered on.
    pub event: usize,
}

/// A replayed round: its name and its decisions in play order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundReplay {
    /// The round's name (`E1-0`).
    pub name: String,
    /// Every decision of every seat, in play order.
    pub decisions: Vec<Decision>,
}

impl RoundReplay {
    /// One seat's decisions.
    pub fn for_seat(&self, seat: u8) -> impl Iterator<Item = &Decision> {
        self.decisions.iter().filter(move |d| d.position.seat == seat)
    }
}

impl Game {
    /// Replays every round; a round that cannot be replayed, or that the reader could not
    /// read ([`Game::unread`]), is an error of its own in its place, and the others still
    /// yield their decisions.
    pub fn replay(&self) -> Vec<Result<RoundReplay, Error>> {
        let players = if self.setup.players == 3 { 3 } else { 4 };
        let mut out = Vec::with_capacity(self.rounds.len() + self.unread.len());
        let mut unread = self.unread.iter().peekable();
        for (i, round) in self.rounds.iter().enumerate() {
            while let Some((_, e)) = unread.next_if(|(at, _)| *at <= i) {
                out.push(Err(e.clone()));
            }
            out.push(round.replay(players));
        }
        out.extend(unread.map(|(_, e)| Err(e.clone())));
        out
    }
}

impl Round {
    /// Replays the round for a game of `players` (3 or 4).
    ///
    /// # Errors
    /// The first event that the hands or the turn do not allow, named by round and event.
    pub fn replay(&self, players: u8) -> Result<RoundReplay, Error> {
        let name = self.name();
        let mut table = Table::deal(self, players).map_err(|e| e.in_round(&name))?;
        for (i, event) in self.events.iter().enumerate() {
            table.apply(event, i + 1).map_err(|e| e.in_round(&name).at_event(i + 1))?;
        }
        table.settle_calls(None);
        Ok(RoundReplay { name, decisions: table.decisions })
    }
}

/// Call decisions waiting for the event after a discard.
struct Offered {
    from: u8,
    tile: LogTile,
    decisions: Vec<Decision>,
}

/// The table during a replay.
pub(crate) struct Table<'a> {
    round: &'a Round,
    pub(crate) players: u8,
    pub(crate) hands: [[u8; 37]; 4],
    melds: [Vec<Meld>; 4],
    kita: [u8; 4],
    drawn: [Option<LogTile>; 4],
    turns: [u32; 4],
    public: [u8; 37],
    dora: Vec<LogTile>,
    pub(crate) wall_left: u32,
    scores: [i32; 4],
    sticks: u32,
    pub(crate) riichi: [bool; 4],
    ippatsu: [bool; 4],
    riichi_pending: Option<u8>,
    discards: [Vec<LogTile>; 4],
    pub(crate) kans: u8,
    offered: Option<Offered>,
    decisions: Vec<Decision>,
}

fn add(counts: &mut [u8; 37], tile: LogTile) {
    counts[tile.key()] = counts[tile.key()].saturating_add(1);
}

fn dense_to_counts(dense: &[u8; 37]) -> (Counts, [u8; 3]) {
    let mut counts = [0u8; 34];
    counts.copy_from_slice(&dense[..34]);
    let mut red = [0u8; 3];
    for suit in 0..3 {
        counts[suit * 9 + 4] = counts[suit * 9 + 4].saturating_add(dense[34 + suit]);
        red[suit] = dense[34 + suit];
    }
    (counts, red)
}

impl<'a> Table<'a> {
    fn deal(round: &'a Round, players: u8) -> Result<Table<'a>, Error> {
        let mut hands = [[0u8; 37]; 4];
        for (seat, (hand, dealt)) in hands.iter_mut().zip(&round.dealt).enumerate() {
            let want = if seat < players as usize { 13 } else { 0 };
            if dealt.len() != want {
                return Err(illegal(format!("seat {seat} is dealt {} tiles, not {want}", dealt.len())));
            }
            for &t in dealt {
                add(hand, t);
            }
        }
        if round.dealer() >= players {
            return Err(illegal(format!("seat {} deals in a game of {players}", round.dealer())));
        }
        let mut public = [0u8; 37];
        add(&mut public, round.dora);
        Ok(Table {
            round,
            players,
            hands,
            melds: Default::default(),
            kita: [0; 4],
            drawn: [None; 4],
            turns: [0; 4],
            public,
            dora: vec![round.dora],
            wall_left: if players == 3 { 55 } else { 70 },
            scores: round.scores,
            sticks: round.sticks,
            riichi: [false; 4],
            ippatsu: [false; 4],
            riichi_pending: None,
            discards: Default::default(),
            kans: 0,
            offered: None,
            decisions: Vec::new(),
        })
    }

    /// The position of `seat` now.
    pub(crate) fn position(&self, seat: u8) -> Position {
        let s = seat as usize;
        let (closed, closed_red) = dense_to_counts(&self.hands[s]);
        let mut seen_dense = self.public;
        for (x, h) in seen_dense.iter_mut().zip(&self.hands[s]) {
            *x = x.saturating_add(*h);
        }
        let (seen, seen_red) = dense_to_counts(&seen_dense);
        let dealer = self.round.dealer();
        Position {
            seat,
            players: self.players,
            round_wind: self.round.wind,
            seat_wind: Wind::ALL[((seat + self.players - dealer) % self.players) as usize],
            honba: self.round.honba,
            sticks: self.sticks,
            scores: self.scores,
            closed,
            closed_red,
            melds: self.melds[s].clone(),
            kita: self.kita[s],
            drawn: self.drawn[s],
            turn: self.turns[s],
            seen,
            seen_red,
            dora_indicators: self.dora.clone(),
            kans: self.kans,
            wall_left: self.wall_left,
            riichi: self.riichi,
            ippatsu: self.ippatsu,
            discards: self.discards.clone(),
        }
    }

    fn check_seat(&self, seat: u8) -> Result<usize, Error> {
        if seat < self.players {
            Ok(seat as usize)
        } else {
            Err(illegal(format!("seat {seat} acts in a game of {}", self.players)))
        }
    }

    fn take(&mut self, seat: u8, tile: LogTile, what: &str) -> Result<(), Error> {
        let n = &mut self.hands[seat as usize][tile.key()];
        if *n == 0 {
            return Err(illegal(format!("seat {seat} {what} {tile}, which is not in its hand")));
        }
        *n -= 1;
        Ok(())
    }

    fn decide(&mut self, seat: u8, choice: Choice, event: usize) {
        let position = self.position(seat);
        self.decisions.push(Decision { position, choice, event });
    }

    /// Files the call decisions offered on the last discard: `taken` is the seat that called.
    fn settle_calls(&mut self, taken: Option<(u8, CallOption)>) {
        if let Some(offered) = self.offered.take() {
            for mut d in offered.decisions {
                if let Choice::Call { taken: t, options, .. } = &mut d.choice
                    && let Some((seat, call)) = &taken
                    && *seat == d.position.seat
                {
                    if !options.contains(call) {
                        options.push(call.clone());
                    }
                    *t = Some(call.clone());
                }
                self.decisions.push(d);
            }
        }
    }

    fn apply(&mut self, event: &Event, index: usize) -> Result<(), Error> {
        if let Event::Dora { indicator } = event {
            self.dora.push(*indicator);
            add(&mut self.public, *indicator);
            // an open kan's indicator turns with the discard, before anyone calls it
            for d in self.offered.iter_mut().flat_map(|o| o.decisions.iter_mut()) {
                d.position.dora_indicators.push(*indicator);
                let k = indicator.tile.index();
                d.position.seen[k] = d.position.seen[k].saturating_add(1);
                if indicator.red {
                    d.position.seen_red[indicator.tile.suit().index()] += 1;
                }
            }
            return Ok(());
        }
        if !matches!(event, Event::Win(_)) {
            if let Some(s) = self.riichi_pending.take() {
                self.scores[s as usize] = self.scores[s as usize].saturating_sub(1000);
                self.sticks = self.sticks.saturating_add(1);
                self.ippatsu[s as usize] = true;
            }
            if !matches!(event, Event::Call { .. }) {
                self.settle_calls(None);
            }
        } else {
            self.offered = None;
        }
        match event {
            Event::Draw { seat, tile, .. } => self.draw(*seat, *tile),
            Event::Discard { seat, tile, tsumogiri, riichi } => self.discard(*seat, *tile, *tsumogiri, *riichi, index),
            Event::Call { seat, from, kind, tile, own } => self.call(*seat, *from, *kind, *tile, own),
            Event::Ankan { seat, tiles } => self.ankan(*seat, *tiles, index),
            Event::Kakan { seat, tile } => self.kakan(*seat, *tile, index),
            Event::Kita { seat, tile } => {
                self.check_seat(*seat)?;
                self.decide(*seat, Choice::Kita { tile: *tile }, index);
                self.take(*seat, *tile, "sets aside")?;
                self.kita[*seat as usize] += 1;
                add(&mut self.public, *tile);
                self.drawn[*seat as usize] = None;
                Ok(())
            }
            Event::Dora { .. } => Ok(()),
            Event::Win(w) => self.check_seat(w.seat).and(self.check_seat(w.from)).map(|_| ()),
            Event::Ryuukyoku { .. } => Ok(()),
        }
    }

    fn draw(&mut self, seat: u8, tile: LogTile) -> Result<(), Error> {
        let s = self.check_seat(seat)?;
        if self.wall_left == 0 {
            return Err(illegal(format!("seat {seat} draws {tile} from an empty wall")));
        }
        if self.hands[s][..34].iter().chain(&self.hands[s][34..]).sum::<u8>() >= 14 {
            return Err(illegal(format!("seat {seat} draws {tile} with a full hand")));
        }
        self.wall_left -= 1;
        add(&mut self.hands[s], tile);
        self.drawn[s] = Some(tile);
        self.turns[s] += 1;
        Ok(())
    }

    fn discard(&mut self, seat: u8, tile: LogTile, tsumogiri: bool, riichi: bool, index: usize) -> Result<(), Error> {
        let s = self.check_seat(seat)?;
        if tsumogiri && self.drawn[s] != Some(tile) {
            return Err(illegal(format!("seat {seat} discards {tile} as the drawn tile, which it is not")));
        }
        self.decide(seat, Choice::Discard { tile, tsumogiri, riichi }, index);
        self.take(seat, tile, "discards")?;
        self.drawn[s] = None;
        self.discards[s].push(tile);
        add(&mut self.public, tile);
        self.ippatsu[s] = false;
        if riichi {
            self.riichi[s] = true;
            self.riichi_pending = Some(seat);
        }
        let mut decisions = Vec::new();
        for other in (0..self.players).filter(|&o| o != seat) {
            let options = offers(self, other, seat, tile);
            if !options.is_empty() {
                let position = self.position(other);
                let choice = Choice::Call { tile, from: seat, options, taken: None };
                decisions.push(Decision { position, choice, event: index });
            }
        }
        self.offered = Some(Offered { from: seat, tile, decisions });
        Ok(())
    }

    fn call(&mut self, seat: u8, from: u8, kind: CallKind, tile: LogTile, own: &[LogTile]) -> Result<(), Error> {
        let s = self.check_seat(seat)?;
        let last = self.offered.as_ref().map(|o| (o.from, o.tile));
        if last != Some((from, tile)) || seat == from {
            self.settle_calls(None);
            return Err(illegal(format!("seat {seat} calls {tile} from seat {from}, which is not the last discard")));
        }
        let mut own_sorted = own.to_vec();
        own_sorted.sort();
        self.settle_calls(Some((seat, CallOption { kind, own: own_sorted })));
        for &t in own {
            self.take(seat, t, "calls with")?;
            add(&mut self.public, t);
        }
        let mut tiles = own.to_vec();
        tiles.push(tile);
        let meld_kind = match kind {
            CallKind::Chi => MeldKind::Chi,
            CallKind::Pon => MeldKind::Pon,
            CallKind::Daiminkan => MeldKind::OpenKan,
        };
        self.melds[s].push(Meld { kind: meld_kind, tiles, from: Some(from), called: Some(tile) });
        self.kans += u8::from(kind == CallKind::Daiminkan);
        self.ippatsu = [false; 4];
        Ok(())
    }

    fn ankan(&mut self, seat: u8, tiles: [LogTile; 4], index: usize) -> Result<(), Error> {
        let s = self.check_seat(seat)?;
        self.decide(seat, Choice::Ankan { tiles }, index);
        for t in tiles {
            self.take(seat, t, "declares a kan with")?;
            add(&mut self.public, t);
        }
        self.melds[s].push(Meld { kind: MeldKind::ClosedKan, tiles: tiles.to_vec(), from: None, called: None });
        self.kans += 1;
        self.ippatsu = [false; 4];
        self.drawn[s] = None;
        Ok(())
    }

    fn kakan(&mut self, seat: u8, tile: LogTile, index: usize) -> Result<(), Error> {
        let s = self.check_seat(seat)?;
        self.decide(seat, Choice::Kakan { tile }, index);
        self.take(seat, tile, "adds")?;
        let Some(meld) = self.melds[s].iter_mut().find(|m| m.kind == MeldKind::Pon && m.tiles[0].tile == tile.tile)
        else {
            return Err(illegal(format!("seat {seat} adds {tile} to a pon it does not have")));
        };
        meld.kind = MeldKind::AddedKan;
        meld.tiles.push(tile);
        add(&mut self.public, tile);
        self.kans += 1;
        self.ippatsu = [false; 4];
        self.drawn[s] = None;
        self.offered = Some(Offered { from: seat, tile, decisions: Vec::new() });
        Ok(())
    }
}

impl std::fmt::Display for CallOption {
    /// `pon 55p`, `chi 46m`: the kind and the seat's own tiles.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.kind {
            CallKind::Chi => "chi",
            CallKind::Pon => "pon",
            CallKind::Daiminkan => "daiminkan",
        };
        let (mut counts, mut red) = ([0u8; 34], [0u8; 3]);
        for t in &self.own {
            counts[t.tile.index()] += 1;
            red[t.tile.suit().index().min(2)] += u8::from(t.red);
        }
        write!(f, "{kind} {}", haipai_tiles::counts_to_string_with_red(&counts, &red))
    }
}

impl std::fmt::Display for Choice {
    /// `discard 5p`, `discard 0m tsumogiri riichi`, `pon 77z on 7z from seat 3`,
    /// `pass on 7z from seat 3`, `ankan 1m`, `kakan 8s`, `kita 4z`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Discard { tile, tsumogiri, riichi } => {
                write!(
                    f,
                    "discard {tile}{}{}",
                    if *tsumogiri { " tsumogiri" } else { "" },
                    if *riichi { " riichi" } else { "" }
                )
            }
            Choice::Call { tile, from, taken: Some(call), .. } => write!(f, "{call} on {tile} from seat {from}"),
            Choice::Call { tile, from, taken: None, .. } => write!(f, "pass on {tile} from seat {from}"),
            Choice::Ankan { tiles } => write!(f, "ankan {}", tiles[0]),
            Choice::Kakan { tile } => write!(f, "kakan {tile}"),
            Choice::Kita { tile } => write!(f, "kita {tile}"),
        }
    }
}

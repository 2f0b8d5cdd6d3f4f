//! The input of a score: the hand, the winning tile and everything about how it was won.

use haipai_tiles::{Hand, Tile, Wind};
use std::fmt;

/// A winning situation. `hand` holds the closed tiles *including the winning tile* and the
/// called melds (so 14 tiles, a quad counting as 3); red fives are those of the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    /// Closed tiles (with the winning tile) and melds.
    pub hand: Hand,
    /// The winning tile (one of the closed tiles).
    pub win: Tile,
    /// Won by self-draw (otherwise ron).
    pub tsumo: bool,
    /// The winner's seat wind (East = dealer).
    pub seat: Wind,
    /// The round wind.
    pub round: Wind,
    /// Dora indicators (kan dora are more indicators).
    pub dora_indicators: Vec<Tile>,
    /// Ura-dora indicators (counted only with riichi or double riichi).
    pub ura_indicators: Vec<Tile>,
    /// Riichi.
    pub riichi: bool,
    /// Double riichi (counted instead of riichi).
    pub double_riichi: bool,
    /// Ippatsu (needs riichi).
    pub ippatsu: bool,
    /// Haitei: tsumo on the last tile of the wall.
    pub haitei: bool,
    /// Houtei: ron on the last discard.
    pub houtei: bool,
    /// Rinshan kaihou: tsumo on a kan replacement tile (needs a kan).
    pub rinshan: bool,
    /// Chankan: ron on a tile added to a kan.
    pub chankan: bool,
    /// Tenhou: the dealer's first draw.
    pub tenhou: bool,
    /// Chiihou: a non-dealer's first draw, uninterrupted.
    pub chiihou: bool,
    /// Honba counters (300 per counter on ron, 100 from each payer on tsumo).
    pub honba: u32,
    /// Riichi sticks on the table (1000 each to the winner).
    pub sticks: u32,
}

impl Situation {
    /// The situation without the tiles and indicators: the flags, winds, honba and sticks.
    pub fn conditions(&self) -> Conditions {
        Conditions {
            tsumo: self.tsumo,
            seat: self.seat,
            round: self.round,
            riichi: self.riichi,
            double_riichi: self.double_riichi,
            ippatsu: self.ippatsu,
            haitei: self.haitei,
            houtei: self.houtei,
            rinshan: self.rinshan,
            chankan: self.chankan,
            tenhou: self.tenhou,
            chiihou: self.chiihou,
            honba: self.honba,
            sticks: self.sticks,
        }
    }

    /// A closed-ron-shaped default: East seat, East round, no dora, no flags.
    pub fn new(hand: Hand, win: Tile) -> Situation {
        Situation {
            hand,
            win,
            tsumo: false,
            seat: Wind::East,
            round: Wind::East,
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            honba: 0,
            sticks: 0,
        }
    }

    /// True when the winner is the dealer (seat East).
    pub fn is_dealer(&self) -> bool {
        self.seat == Wind::East
    }
}

/// How a hand was won and the table state: everything in a [`Situation`] except the tiles and
/// the indicators. `Copy`, for the allocation-free [`value`](crate::value) path.
///
/// The default is a ron by the dealer (East seat, East round) with no flags, honba or sticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Conditions {
    /// Won by self-draw (otherwise ron).
    pub tsumo: bool,
    /// The winner's seat wind (East = dealer).
    pub seat: Wind,
    /// The round wind.
    pub round: Wind,
    /// Riichi.
    pub riichi: bool,
    /// Double riichi (counted instead of riichi).
    pub double_riichi: bool,
    /// Ippatsu (needs riichi).
    pub ippatsu: bool,
    /// Haitei: tsumo on the last tile of the wall.
    pub haitei: bool,
    /// Houtei: ron on the last discard.
    pub houtei: bool,
    /// Rinshan kaihou: tsumo on a kan replacement tile (needs a kan).
    pub rinshan: bool,
    /// Chankan: ron on a tile added to a kan.
    pub chankan: bool,
    /// Tenhou: the dealer's first draw.
    pub tenhou: bool,
    /// Chiihou: a non-dealer's first draw, uninterrupted.
    pub chiihou: bool,
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
}

impl Conditions {
    /// True when the winner is the dealer (seat East).
    pub fn is_dealer(&self) -> bool {
        self.seat == Wind::East
    }
}

/// Why a situation cannot be scored: opaque; [`Error::kind`] says what went wrong.
///
/// ```
/// use haipai_score::{score, ErrorKind, Rules, Situation};
/// use haipai_tiles::{parse_tile, Hand};
///
/// let s = Situation::new(Hand::parse("123m456p789s1112z")?, parse_tile("1z")?.tile());
/// let err = score(&s, &Rules::default()).unwrap_err();
/// assert_eq!(err.kind(), &ErrorKind::WrongSize { got: 13 });
/// assert_eq!(err.to_string(), "a winning hand has 14 tiles (a quad counting as 3), this one has 13");
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong (new kinds may be added).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The hand has the wrong number of tiles: it needs 14, a quad counting as 3.
    WrongSize {
        /// Tiles found (a quad counting as 3).
        got: usize,
    },
    /// The winning tile is not among the closed tiles.
    WinningTileNotInHand(Tile),
    /// The tiles do not form a winning hand.
    NotAWinningHand,
    /// Flags that cannot go together (e.g. riichi with an open hand, haitei with ron).
    Conflict(&'static str),
    /// Bad tiles given as counts to [`value`](crate::value): a fifth copy of a kind (closed
    /// tiles and melds together), or more red fives than the fives held.
    Tiles(haipai_tiles::Error),
    /// More dora (or ura-dora) indicators than a round can turn over.
    TooManyIndicators {
        /// `dora` or `ura-dora`.
        which: &'static str,
        /// How many were given.
        count: usize,
    },
    /// More honba or riichi sticks than [`MAX_STICKS`](crate::MAX_STICKS): counts no game
    /// reaches, whose payments would not fit the `u32` points.
    TooManySticks {
        /// `honba` or `riichi sticks`.
        which: &'static str,
        /// How many were given.
        count: u32,
    },
    /// An indicator that makes a fifth copy of its kind with the hand's tiles and the other
    /// indicators (with chankan, the robbed tile's other three copies are in the opponent's
    /// kan).
    IndicatorCopies(Tile),
    /// Text that names no [`Yaku`](crate::Yaku), from its `FromStr`.
    UnknownName {
        /// What was named (`yaku`).
        what: &'static str,
        /// The text as given.
        text: String,
    },
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error { kind }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::WrongSize { got } => {
                write!(f, "a winning hand has 14 tiles (a quad counting as 3), this one has {got}")
            }
            ErrorKind::WinningTileNotInHand(t) => write!(f, "the winning tile {t} is not among the closed tiles"),
            ErrorKind::NotAWinningHand => f.write_str("the tiles do not form a winning hand"),
            ErrorKind::Conflict(why) => f.write_str(why),
            ErrorKind::Tiles(e) => write!(f, "{e}"),
            ErrorKind::TooManyIndicators { which, count } => {
                write!(f, "{count} {which} indicators: at most {} (one, and one for each kan)", crate::MAX_INDICATORS)
            }
            ErrorKind::TooManySticks { which, count } => {
                write!(f, "{count} {which}: at most {} are supported", crate::MAX_STICKS)
            }
            ErrorKind::IndicatorCopies(t) => {
                write!(f, "five copies of {t} between the hand and the dora and ura-dora indicators")
            }
            ErrorKind::UnknownName { what, text } => {
                write!(f, "'{text}' is not a {what} name (riichi, pinfu, ... as listed in the crate docs)")
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Tiles(e) => Some(e),
            _ => None,
        }
    }
}

impl From<haipai_tiles::Error> for Error {
    fn from(e: haipai_tiles::Error) -> Error {
        ErrorKind::Tiles(e).into()
    }
}

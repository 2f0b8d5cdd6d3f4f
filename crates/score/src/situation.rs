//! The input of a score: the hand, the winning tile and everything about how it was won.

use haipai_tiles::{Hand, Tile, Wind};
use std::fmt;

/// A winning situation: the tiles, the indicators and the [`Conditions`] of the win. `hand`
/// holds the closed tiles *including the winning tile* and the called melds (so 14 tiles, a
/// quad counting as 3); red fives are those of the hand.
///
/// Built with [`Situation::new`], then its public fields set (new fields may be added, so it
/// cannot be written as a struct literal outside this crate):
///
/// ```
/// use haipai_score::{Conditions, Situation};
/// use haipai_tiles::{Hand, Tile, Wind};
///
/// let mut s = Situation::new(Hand::parse("222567m345p33567s")?, "5s".parse::<Tile>()?);
/// s.conditions = Conditions::default().tsumo(true).seat(Wind::South);
/// s.conditions.riichi = true;
/// assert!(!s.is_dealer());
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Situation {
    /// Closed tiles (with the winning tile) and melds.
    pub hand: Hand,
    /// The winning tile (one of the closed tiles).
    pub win: Tile,
    /// Dora indicators (kan dora are more indicators).
    pub dora_indicators: Vec<Tile>,
    /// Ura-dora indicators (counted only with riichi or double riichi).
    pub ura_indicators: Vec<Tile>,
    /// How the hand was won and the table state: flags, winds, honba and sticks.
    pub conditions: Conditions,
}

impl Situation {
    /// A closed-ron-shaped default: East seat, East round, no dora, no flags.
    pub fn new(hand: Hand, win: Tile) -> Situation {
        Situation {
            hand,
            win,
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            conditions: Conditions::default(),
        }
    }

    /// True when the winner is the dealer (seat East).
    pub fn is_dealer(&self) -> bool {
        self.conditions.is_dealer()
    }
}

/// How a hand was won and the table state: everything in a [`Situation`] except the tiles and
/// the indicators. `Copy`, for the allocation-free [`value`](crate::value) path.
///
/// The default is a ron by the dealer (East seat, East round) with no flags, honba or sticks.
/// New fields may be added, so outside this crate it is built from the default with its
/// setters, one per field (or its public fields assigned):
///
/// ```
/// use haipai_score::Conditions;
/// use haipai_tiles::Wind;
///
/// let c = Conditions::default().tsumo(true).riichi(true).seat(Wind::South);
/// assert!(c.tsumo && c.riichi && !c.is_dealer());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
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
    /// Honba counters (300 per counter on ron, 100 from each payer on tsumo).
    pub honba: u32,
    /// Riichi sticks on the table (1000 each to the winner).
    pub sticks: u32,
}

impl Conditions {
    /// True when the winner is the dealer (seat East).
    pub const fn is_dealer(&self) -> bool {
        matches!(self.seat, Wind::East)
    }

    /// With `tsumo` set to `tsumo`.
    #[must_use]
    pub const fn tsumo(mut self, tsumo: bool) -> Conditions {
        self.tsumo = tsumo;
        self
    }

    /// With `seat` set to `seat`.
    #[must_use]
    pub const fn seat(mut self, seat: Wind) -> Conditions {
        self.seat = seat;
        self
    }

    /// With `round` set to `round`.
    #[must_use]
    pub const fn round(mut self, round: Wind) -> Conditions {
        self.round = round;
        self
    }

    /// With `riichi` set to `riichi`.
    #[must_use]
    pub const fn riichi(mut self, riichi: bool) -> Conditions {
        self.riichi = riichi;
        self
    }

    /// With `double_riichi` set to `double_riichi`.
    #[must_use]
    pub const fn double_riichi(mut self, double_riichi: bool) -> Conditions {
        self.double_riichi = double_riichi;
        self
    }

    /// With `ippatsu` set to `ippatsu`.
    #[must_use]
    pub const fn ippatsu(mut self, ippatsu: bool) -> Conditions {
        self.ippatsu = ippatsu;
        self
    }

    /// With `haitei` set to `haitei`.
    #[must_use]
    pub const fn haitei(mut self, haitei: bool) -> Conditions {
        self.haitei = haitei;
        self
    }

    /// With `houtei` set to `houtei`.
    #[must_use]
    pub const fn houtei(mut self, houtei: bool) -> Conditions {
        self.houtei = houtei;
        self
    }

    /// With `rinshan` set to `rinshan`.
    #[must_use]
    pub const fn rinshan(mut self, rinshan: bool) -> Conditions {
        self.rinshan = rinshan;
        self
    }

    /// With `chankan` set to `chankan`.
    #[must_use]
    pub const fn chankan(mut self, chankan: bool) -> Conditions {
        self.chankan = chankan;
        self
    }

    /// With `tenhou` set to `tenhou`.
    #[must_use]
    pub const fn tenhou(mut self, tenhou: bool) -> Conditions {
        self.tenhou = tenhou;
        self
    }

    /// With `chiihou` set to `chiihou`.
    #[must_use]
    pub const fn chiihou(mut self, chiihou: bool) -> Conditions {
        self.chiihou = chiihou;
        self
    }

    /// With `honba` set to `honba`.
    #[must_use]
    pub const fn honba(mut self, honba: u32) -> Conditions {
        self.honba = honba;
        self
    }

    /// With `sticks` set to `sticks`.
    #[must_use]
    pub const fn sticks(mut self, sticks: u32) -> Conditions {
        self.sticks = sticks;
        self
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

impl Error {
    /// An error of `kind` (errors are made by this crate only).
    pub(crate) fn new(kind: ErrorKind) -> Error {
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
        Error::new(ErrorKind::Tiles(e))
    }
}

//! Called melds: chi, pon and the three kinds of kan.

use crate::error::Error;
use crate::tile::Tile;
use crate::tileset::Counts;
use std::fmt;
use std::str::FromStr;

/// How a meld was formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// A called sequence (チー).
    Chi,
    /// A called triplet (ポン).
    Pon,
    /// A quad called from a discard (大明槓, daiminkan).
    OpenKan,
    /// A quad declared from the closed hand (暗槓, ankan); the hand stays closed.
    ClosedKan,
    /// A pon upgraded with the fourth tile (加槓, shouminkan).
    AddedKan,
}

impl MeldKind {
    /// True for the three kinds of kan.
    pub const fn is_kan(self) -> bool {
        matches!(self, MeldKind::OpenKan | MeldKind::ClosedKan | MeldKind::AddedKan)
    }

    /// True unless it is a closed kan.
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::ClosedKan)
    }
}

/// A called meld: its kind, its lowest tile and how many red fives it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    first: Tile,
    red: u8,
}

impl Meld {
    /// A meld, checked: a chi is three consecutive numbered tiles starting at `first`
    /// (so `first` is 1..7 of a suit); `red` is 0 or 1 and only where the meld holds a five.
    pub fn new(kind: MeldKind, first: Tile, red: u8) -> Option<Meld> {
        if kind == MeldKind::Chi && (first.is_honour() || first.number() > 7) {
            return None;
        }
        let meld = Meld { kind, first, red };
        let fives = meld.tiles().iter().enumerate().filter(|&(i, _)| is_five(i)).map(|(_, &c)| c).sum::<u8>();
        if red > 1 || red > fives {
            return None;
        }
        Some(meld)
    }

    /// How it was formed.
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// Its lowest tile (the only kind for pon and kan).
    pub const fn first(&self) -> Tile {
        self.first
    }

    /// Red fives in the meld (0 or 1).
    pub const fn red_fives(&self) -> u8 {
        self.red
    }

    /// Number of tiles: 3, or 4 for a kan.
    pub const fn len(&self) -> usize {
        if self.kind.is_kan() { 4 } else { 3 }
    }

    /// Always false.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The meld's tiles as counts.
    pub fn tiles(&self) -> Counts {
        let mut counts = [0u8; 34];
        let i = self.first.index();
        match self.kind {
            MeldKind::Chi => {
                counts[i] = 1;
                counts[i + 1] = 1;
                counts[i + 2] = 1;
            }
            MeldKind::Pon => counts[i] = 3,
            _ => counts[i] = 4,
        }
        counts
    }
}

fn is_five(kind: usize) -> bool {
    kind < 27 && kind % 9 == 4
}

impl FromStr for Meld {
    type Err = Error;

    /// Parses one meld as [`Display`](fmt::Display) prints it: `[789s]`, `[0555p]`,
    /// `[5555z*]`; nothing may stand outside the brackets.
    ///
    /// ```
    /// use haipai_tiles::{Meld, MeldKind};
    ///
    /// let meld: Meld = "[5555z*]".parse()?;
    /// assert_eq!(meld.kind(), MeldKind::ClosedKan);
    /// assert_eq!(meld.to_string(), "[5555z*]");
    /// assert!("123m".parse::<Meld>().is_err()); // no brackets: closed tiles
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    fn from_str(s: &str) -> Result<Meld, Error> {
        crate::notation::parse_one_meld(s)
    }
}

impl fmt::Display for Meld {
    /// Bracketed MPSZ: `[789s]`, `[555z]`, `[5555z]` open kan, `[5555z*]` closed kan,
    /// `[5555z+]` added kan; a red five prints as `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = String::new();
        let mut red_left = self.red;
        for (i, &c) in self.tiles().iter().enumerate() {
            for _ in 0..c {
                if is_five(i) && red_left > 0 {
                    digits.push('0');
                    red_left -= 1;
                } else {
                    digits.push(char::from(b'0' + (i % 9) as u8 + 1));
                }
            }
        }
        let mark = match self.kind {
            MeldKind::ClosedKan => "*",
            MeldKind::AddedKan => "+",
            _ => "",
        };
        write!(f, "[{digits}{}{mark}]", self.first.suit().letter())
    }
}

//! `Wind`: a seat or round wind, East to North.

use crate::error::{Error, ErrorKind};
use crate::tile::Tile;
use std::fmt;
use std::str::FromStr;

/// A wind: a seat (East is the dealer) or the round.
///
/// ```
/// use haipai_tiles::{Tile, Wind};
///
/// let seat: Wind = "south".parse()?;
/// assert_eq!((seat.tile(), seat.to_string()), (Tile::SOUTH, "S".to_string()));
/// assert_eq!(Wind::from_tile(Tile::NORTH), Some(Wind::North));
/// assert!("5z".parse::<Wind>().is_err());
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Wind {
    /// 東 East (the dealer's seat).
    #[default]
    East,
    /// 南 South.
    South,
    /// 西 West.
    West,
    /// 北 North.
    North,
}

impl Wind {
    /// The four winds in order, East first.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind's tile (1z..4z).
    pub const fn tile(self) -> Tile {
        match self {
            Wind::East => Tile::EAST,
            Wind::South => Tile::SOUTH,
            Wind::West => Tile::WEST,
            Wind::North => Tile::NORTH,
        }
    }

    /// The wind whose tile this is, or `None` for a tile that is not 1z..4z.
    pub const fn from_tile(tile: Tile) -> Option<Wind> {
        match tile.index() {
            27 => Some(Wind::East),
            28 => Some(Wind::South),
            29 => Some(Wind::West),
            30 => Some(Wind::North),
            _ => None,
        }
    }

    /// 0 for East .. 3 for North.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The wind `steps` places after this one (North is followed by East).
    pub const fn after(self, steps: usize) -> Wind {
        Wind::ALL[(self as usize + steps) % 4]
    }

    /// Parses `E`/`S`/`W`/`N` (any case), `east`..., `1z`..`4z` or 東南西北.
    ///
    /// ```
    /// use haipai_tiles::Wind;
    /// assert_eq!(Wind::parse("S"), Some(Wind::South));
    /// assert_eq!(Wind::parse("4z"), Some(Wind::North));
    /// assert_eq!(Wind::parse("x"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Wind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "e" | "east" | "1z" | "東" => Some(Wind::East),
            "s" | "south" | "2z" | "南" => Some(Wind::South),
            "w" | "west" | "3z" | "西" => Some(Wind::West),
            "n" | "north" | "4z" | "北" => Some(Wind::North),
            _ => None,
        }
    }

    /// `E`, `S`, `W` or `N`.
    pub const fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }
}

impl FromStr for Wind {
    type Err = Error;

    /// Parses a wind as [`Wind::parse`] does; the error is an [`ErrorKind::NotAWind`].
    fn from_str(s: &str) -> Result<Wind, Error> {
        Wind::parse(s).ok_or_else(|| Error::whole(ErrorKind::NotAWind(s.to_string())))
    }
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winds_read_back_what_they_print_and_match_their_tiles() {
        for (i, wind) in Wind::ALL.into_iter().enumerate() {
            assert_eq!(wind.to_string().parse::<Wind>(), Ok(wind));
            assert_eq!(Wind::from_tile(wind.tile()), Some(wind));
            assert_eq!(wind.index(), i);
            assert_eq!(wind.after(1).index(), (i + 1) % 4);
        }
        for t in 0..34 {
            let tile = Tile::new(t).expect("a kind");
            assert_eq!(Wind::from_tile(tile).is_some(), (27..31).contains(&t), "{tile}");
        }
    }

    #[test]
    fn an_unknown_name_says_what_was_expected() {
        let err = "5z".parse::<Wind>().unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::NotAWind("5z".to_string()));
        assert_eq!(err.to_string(), "'5z' is not a wind (E, S, W or N, east..north, 1z..4z, 東南西北)");
    }
}

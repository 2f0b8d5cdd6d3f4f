//! Tile faces: the 34 mahjong kinds (four copies each), four flowers and four seasons.
//!
//! Two tiles match when their [`Face::group`]s are equal: each kind is its own group, any
//! flower matches any flower and any season any season (the usual 144-tile set). Document
//! 002's numbered grid tiles match when their numbers are equal; they are written with the
//! kinds (number `n` is kind `n - 1`).

use std::fmt;
use std::str::FromStr;

use haipai_tiles::Tile;

use crate::layout::{LayoutError, LayoutErrorKind};

/// Number of distinct faces: 34 kinds, 4 flowers, 4 seasons.
pub const FACES: usize = 42;
/// Number of matching groups: 34 kinds, flowers, seasons.
pub const GROUPS: usize = 36;

/// One tile face, index `0..42`: kinds `0..34` in `haipai_tiles` order, flowers `34..38`,
/// seasons `38..42`. Written `1m`..`7z`, flowers `1f`..`4f`, seasons `1t`..`4t`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Face(u8);

impl Face {
    /// The face of index `index` (`0..42`), or `None`.
    pub const fn new(index: usize) -> Option<Face> {
        if index < FACES { Some(Face(index as u8)) } else { None }
    }

    /// The face of a mahjong kind.
    pub fn kind(tile: Tile) -> Face {
        Face(tile.index() as u8)
    }

    /// Face index `0..42`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The matching group `0..36`: the kind, 34 for flowers, 35 for seasons.
    pub const fn group(self) -> u8 {
        match self.0 {
            0..34 => self.0,
            34..38 => 34,
            _ => 35,
        }
    }

    /// Whether two faces may be removed together.
    pub const fn matches(self, other: Face) -> bool {
        self.group() == other.group()
    }

    /// Parses one face written as above.
    pub fn parse(text: &str) -> Option<Face> {
        let b = text.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_digit() {
            return None;
        }
        let n = (b[0] - b'0') as usize;
        let (first, len) = match b[1] {
            b'm' => (0, 9),
            b'p' => (9, 9),
            b's' => (18, 9),
            b'z' => (27, 7),
            b'f' => (34, 4),
            b't' => (38, 4),
            _ => return None,
        };
        if n == 0 || n > len {
            return None;
        }
        Face::new(first + n - 1)
    }

    /// The standard 144-tile set in face order: four of each kind, then the flowers and seasons.
    pub fn standard_set() -> Vec<Face> {
        let mut v: Vec<Face> = (0..34).flat_map(|k| [Face(k); 4]).collect();
        v.extend((34..42).map(Face));
        v
    }

    /// A set of `n` faces (`n` even) for a layout of `n` slots: the first `n` tiles of the
    /// standard set, repeated (with the group sizes doubling) for layouts above 144 slots.
    pub fn set_for(n: usize) -> Vec<Face> {
        let std = Face::standard_set();
        (0..n).map(|i| std[i % std.len()]).collect()
    }
}

impl FromStr for Face {
    type Err = LayoutError;

    /// Parses one face as [`Face::parse`] does (`5m`, `7z`, `1f` a flower, `4t` a season); the
    /// error is a [`LayoutErrorKind::Faces`] saying which faces exist.
    ///
    /// ```
    /// use haipai_shanghai::Face;
    ///
    /// let flower: Face = "2f".parse()?;
    /// assert_eq!(flower.to_string(), "2f");
    /// assert_eq!("8z".parse::<Face>().unwrap_err().to_string(), "'8z' is not a face (1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..4f, 1t..4t)");
    /// # Ok::<(), haipai_shanghai::LayoutError>(())
    /// ```
    fn from_str(s: &str) -> Result<Face, LayoutError> {
        Face::parse(s).ok_or_else(|| {
            LayoutError::whole(
                LayoutErrorKind::Faces,
                format!("'{s}' is not a face (1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..4f, 1t..4t)"),
            )
        })
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0..34 => write!(f, "{}", Tile::new(self.0 as usize).expect("kind")),
            34..38 => write!(f, "{}f", self.0 - 33),
            _ => write!(f, "{}t", self.0 - 37),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_groups() {
        for i in 0..FACES {
            let f = Face::new(i).unwrap();
            assert_eq!(Face::parse(&f.to_string()), Some(f));
        }
        assert_eq!(Face::parse("1f").unwrap().group(), Face::parse("4f").unwrap().group());
        assert!(Face::parse("2t").unwrap().matches(Face::parse("3t").unwrap()));
        assert!(!Face::parse("1f").unwrap().matches(Face::parse("1t").unwrap()));
        assert!(!Face::parse("1m").unwrap().matches(Face::parse("2m").unwrap()));
        assert_eq!(Face::parse("8z"), None);
        assert_eq!(Face::parse("5f"), None);
        let set = Face::standard_set();
        assert_eq!(set.len(), 144);
        let mut groups = [0; GROUPS];
        for f in set {
            groups[f.group() as usize] += 1;
        }
        assert!(groups.iter().all(|&g| g == 4));
    }
}

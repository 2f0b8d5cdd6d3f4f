//! Tile kinds (34 of them) and physical tiles (136, with red fives).

use crate::error::Error;
use std::fmt;
use std::str::FromStr;

/// The three numbered suits and the honours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Characters, 萬子 (`m`).
    Man,
    /// Circles, 筒子 (`p`).
    Pin,
    /// Bamboo, 索子 (`s`).
    Sou,
    /// Winds and dragons, 字牌 (`z`).
    Honour,
}

impl Suit {
    /// All four suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honour];

    /// The MPSZ letter of the suit.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honour => 'z',
        }
    }

    /// The suit of an MPSZ letter.
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honour),
            _ => None,
        }
    }

    /// Index of the suit, 0..4, in the order m, p, s, z.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind index of the suit's first tile (0, 9, 18, 27).
    pub const fn first_kind(self) -> usize {
        self as usize * 9
    }

    /// Number of kinds in the suit: 9, or 7 for honours.
    pub const fn len(self) -> usize {
        match self {
            Suit::Honour => 7,
            _ => 9,
        }
    }

    /// Always false: every suit has tiles. Present for clippy's `len` convention.
    pub const fn is_empty(self) -> bool {
        false
    }
}

impl fmt::Display for Suit {
    /// The MPSZ [`letter`](Suit::letter): `m`, `p`, `s` or `z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the 34 tile kinds, index 0..34 in the order 1m..9m, 1p..9p, 1s..9s, 1z..7z
/// (1z..7z = East, South, West, North, White, Green, Red).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// Number of tile kinds.
pub const KINDS: usize = 34;

impl Tile {
    /// East wind, 東 (`1z`).
    pub const EAST: Tile = Tile(27);
    /// South wind, 南 (`2z`).
    pub const SOUTH: Tile = Tile(28);
    /// West wind, 西 (`3z`).
    pub const WEST: Tile = Tile(29);
    /// North wind, 北 (`4z`).
    pub const NORTH: Tile = Tile(30);
    /// White dragon, 白 (`5z`).
    pub const WHITE: Tile = Tile(31);
    /// Green dragon, 發 (`6z`).
    pub const GREEN: Tile = Tile(32);
    /// Red dragon, 中 (`7z`).
    pub const RED: Tile = Tile(33);

    /// The tile of kind index `index` (0..34), or `None`.
    pub const fn new(index: usize) -> Option<Tile> {
        if index < KINDS { Some(Tile(index as u8)) } else { None }
    }

    /// The tile of a suit and number (1..=9, honours 1..=7), or `None`.
    pub const fn from_suit_number(suit: Suit, number: u8) -> Option<Tile> {
        if number == 0 || number as usize > suit.len() {
            return None;
        }
        Some(Tile((suit.first_kind() + number as usize - 1) as u8))
    }

    /// Every kind in index order.
    pub fn all() -> impl Iterator<Item = Tile> + Clone {
        (0..KINDS as u8).map(Tile)
    }

    /// Kind index, 0..34.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honour,
        }
    }

    /// The number within the suit: 1..=9, or 1..=7 for honours.
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    /// True for winds and dragons.
    pub const fn is_honour(self) -> bool {
        self.0 >= 27
    }

    /// True for the four winds.
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 < 31
    }

    /// True for the three dragons.
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// True for 1 and 9 of a numbered suit (老頭牌).
    pub const fn is_terminal(self) -> bool {
        !self.is_honour() && matches!(self.0 % 9, 0 | 8)
    }

    /// True for terminals and honours (么九牌, yaochuuhai).
    pub const fn is_terminal_or_honour(self) -> bool {
        self.is_honour() || self.is_terminal()
    }

    /// True for 2..8 of a numbered suit (中張牌, simples).
    pub const fn is_simple(self) -> bool {
        !self.is_terminal_or_honour()
    }

    /// The tile a dora indicator points at: the next number, 9 wraps to 1, winds cycle
    /// E→S→W→N→E and dragons White→Green→Red→White.
    pub const fn dora_from_indicator(self) -> Tile {
        let i = self.0;
        let next = if i < 27 {
            if i % 9 == 8 { i - 8 } else { i + 1 }
        } else if i < 31 {
            if i == 30 { 27 } else { i + 1 }
        } else if i == 33 {
            31
        } else {
            i + 1
        };
        Tile(next)
    }

    /// The Unicode mahjong glyph (U+1F000 block) of the kind.
    pub const fn glyph(self) -> char {
        let code: u32 = match self.suit() {
            Suit::Man => 0x1F007 + (self.number() as u32 - 1),
            Suit::Sou => 0x1F010 + (self.number() as u32 - 1),
            Suit::Pin => 0x1F019 + (self.number() as u32 - 1),
            Suit::Honour => match self.number() {
                1..=4 => 0x1F000 + (self.number() as u32 - 1),
                5 => 0x1F006,
                6 => 0x1F005,
                _ => 0x1F004,
            },
        };
        match char::from_u32(code) {
            Some(c) => c,
            None => '?',
        }
    }

    /// The Japanese name of an honour (東南西北白發中), or `None` for numbered tiles.
    pub const fn kanji(self) -> Option<char> {
        match self.0 {
            27 => Some('東'),
            28 => Some('南'),
            29 => Some('西'),
            30 => Some('北'),
            31 => Some('白'),
            32 => Some('發'),
            33 => Some('中'),
            _ => None,
        }
    }
}

impl fmt::Display for Tile {
    /// MPSZ form, e.g. `5m`, `7z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

impl FromStr for Tile {
    type Err = Error;

    /// Parses one tile as [`parse_tile`](crate::parse_tile) does (`5m`, `7z`, `E`, `北`); a
    /// red five (`0m`) gives its kind, the five ([`parse_tile`](crate::parse_tile) also tells
    /// that it was red).
    ///
    /// ```
    /// use haipai_tiles::Tile;
    ///
    /// let north: Tile = "北".parse()?;
    /// assert_eq!((north, north.to_string()), (Tile::NORTH, "4z".to_string()));
    /// assert_eq!("0p".parse::<Tile>()?.to_string(), "5p");
    /// assert!("8z".parse::<Tile>().is_err());
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    fn from_str(s: &str) -> Result<Tile, Error> {
        crate::notation::parse_tile(s).map(crate::ParsedTile::tile)
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One of the 136 physical tiles: index = kind * 4 + copy. Copy 0 of 5m, 5p and 5s is
/// the red five (赤ドラ, aka).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PhysicalTile(u8);

/// Number of physical tiles.
pub const PHYSICAL_TILES: usize = 136;

impl PhysicalTile {
    /// The physical tile of index 0..136, or `None`.
    pub const fn new(index: usize) -> Option<PhysicalTile> {
        if index < PHYSICAL_TILES { Some(PhysicalTile(index as u8)) } else { None }
    }

    /// The physical tile of a kind and copy (0..4).
    pub const fn from_kind_copy(kind: Tile, copy: u8) -> Option<PhysicalTile> {
        if copy < 4 { Some(PhysicalTile(kind.0 * 4 + copy)) } else { None }
    }

    /// Index, 0..136.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile kind.
    pub const fn kind(self) -> Tile {
        Tile(self.0 / 4)
    }

    /// The copy, 0..4.
    pub const fn copy(self) -> u8 {
        self.0 % 4
    }

    /// True for the red five of a numbered suit (copy 0 of 5m, 5p, 5s).
    pub const fn is_red(self) -> bool {
        let kind = self.kind();
        self.copy() == 0 && !kind.is_honour() && kind.number() == 5
    }
}

impl fmt::Display for PhysicalTile {
    /// MPSZ form with `0` for a red five.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind();
        if self.is_red() { write!(f, "0{}", kind.suit().letter()) } else { write!(f, "{kind}") }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accessors_agree_with_index_order() {
        let names: Vec<String> = Tile::all().map(|t| t.to_string()).collect();
        assert_eq!(names[0], "1m");
        assert_eq!(names[9], "1p");
        assert_eq!(names[18], "1s");
        assert_eq!(names[33], "7z");
        for t in Tile::all() {
            assert_eq!(Tile::from_suit_number(t.suit(), t.number()), Some(t));
        }
    }

    #[test]
    fn dora_cycles() {
        let next = |s: &str| {
            let t = Tile::all().find(|t| t.to_string() == s).unwrap();
            t.dora_from_indicator().to_string()
        };
        assert_eq!(next("9m"), "1m");
        assert_eq!(next("4m"), "5m");
        assert_eq!(next("4z"), "1z");
        assert_eq!(next("1z"), "2z");
        assert_eq!(next("7z"), "5z");
        assert_eq!(next("5z"), "6z");
    }

    #[test]
    fn red_fives_are_copy_zero_of_each_five() {
        let reds: Vec<String> =
            (0..PHYSICAL_TILES).filter_map(PhysicalTile::new).filter(|p| p.is_red()).map(|p| p.to_string()).collect();
        assert_eq!(reds, ["0m", "0p", "0s"]);
    }

    #[test]
    fn glyphs() {
        let glyphs: String = Tile::all().map(Tile::glyph).collect();
        assert_eq!(glyphs, "🀇🀈🀉🀊🀋🀌🀍🀎🀏🀙🀚🀛🀜🀝🀞🀟🀠🀡🀐🀑🀒🀓🀔🀕🀖🀗🀘🀀🀁🀂🀃🀆🀅🀄");
    }
}

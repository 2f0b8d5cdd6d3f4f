//! MPSZ notation in and out.
//!
//! Grammar (see the crate documentation for examples):
//!
//! ```text
//! hand    = closed meld*
//! closed  = ( digits suit | honour )*
//! digits  = [0-9]+            (0 is the red five of m, p or s)
//! suit    = m | p | s | z     (honours 1z..7z = East South West North White Green Red)
//! honour  = E S W N P F C | 東 南 西 北 白 發 (or 発) 中
//! meld    = "[" closed mark? "]"   (three or four tiles: chi, pon, kan)
//! mark    = "*" closed kan | "+" added kan   (no mark on four tiles: open kan)
//! ```
//! Spaces between groups are ignored.

use crate::error::{Error, ErrorKind};
use crate::meld::{Meld, MeldKind};
use crate::tile::{KINDS, Suit, Tile};
use crate::tileset::Counts;
use std::fmt;
use std::str::FromStr;

/// A tile as written: its kind and whether it was written as a red five.
#[derive(Clone, Copy, Debug)]
struct Written {
    tile: Tile,
    red: bool,
    /// The 1-based column of its digit (or honour character).
    column: usize,
}

/// What a parse produces before hand-size rules: closed tiles, red fives among them,
/// and melds, with copy limits already checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Parsed {
    pub closed: Counts,
    pub red: [u8; 3],
    pub melds: Vec<Meld>,
    /// The column of each meld's `[`.
    pub meld_columns: Vec<usize>,
}

fn honour_of(c: char) -> Option<Tile> {
    let number = match c {
        'E' | '東' => 1,
        'S' | '南' => 2,
        'W' | '西' => 3,
        'N' | '北' => 4,
        'P' | '白' => 5,
        'F' | '發' | '発' => 6,
        'C' | '中' => 7,
        _ => return None,
    };
    Tile::from_suit_number(Suit::Honour, number)
}

fn digit_tile(digit: u8, suit: Suit, column: usize) -> Result<Written, Error> {
    let text = format!("{digit}{}", suit.letter());
    let not_a_tile = |reason| Error::at(column, ErrorKind::NotATile { text: text.clone(), reason });
    match (suit, digit) {
        (Suit::Honour, 0) => Err(not_a_tile("red fives are 0m, 0p and 0s; honours are 1z..7z")),
        (Suit::Honour, 8 | 9) => Err(not_a_tile("honours are 1z..7z")),
        (_, 0) => {
            let tile = Tile::from_suit_number(suit, 5).ok_or_else(|| not_a_tile("no such tile"))?;
            Ok(Written { tile, red: true, column })
        }
        _ => Ok(Written {
            tile: Tile::from_suit_number(suit, digit).ok_or_else(|| not_a_tile("no such tile"))?,
            red: false,
            column,
        }),
    }
}

/// Scans closed tiles (no brackets) from `chars`, a slice of (column, char).
fn scan_tiles(chars: &[(usize, char)]) -> Result<Vec<Written>, Error> {
    let mut out = Vec::new();
    let mut pending: Vec<(u8, usize)> = Vec::new();
    let missing_suit = |pending: &[(u8, usize)]| {
        let digits: String = pending.iter().map(|&(d, _)| char::from(b'0' + d)).collect();
        Error::at(pending[0].1, ErrorKind::MissingSuit(digits))
    };
    for &(column, c) in chars {
        if let Some(d) = c.to_digit(10).filter(|_| c.is_ascii_digit()) {
            pending.push((d as u8, column));
        } else if let Some(suit) = Suit::from_letter(c) {
            if pending.is_empty() {
                return Err(Error::at(
                    column,
                    ErrorKind::NotATile { text: c.to_string(), reason: "a suit letter needs digits before it" },
                ));
            }
            for (d, col) in pending.drain(..) {
                out.push(digit_tile(d, suit, col)?);
            }
        } else if let Some(tile) = honour_of(c) {
            if !pending.is_empty() {
                return Err(missing_suit(&pending));
            }
            out.push(Written { tile, red: false, column });
        } else if c.is_whitespace() {
            if !pending.is_empty() {
                return Err(missing_suit(&pending));
            }
        } else {
            return Err(Error::at(column, ErrorKind::UnexpectedCharacter(c)));
        }
    }
    if !pending.is_empty() {
        return Err(missing_suit(&pending));
    }
    Ok(out)
}

/// Parses the inside of a `[...]` group starting at `column` (the `[`).
fn parse_meld(inner: &[(usize, char)], column: usize) -> Result<Meld, Error> {
    let text: String = inner.iter().map(|&(_, c)| c).collect();
    let bad = |reason| Error::at(column, ErrorKind::NotAMeld { text: text.clone(), reason });
    let (body, mark) = match inner.last() {
        Some(&(_, '*')) => (&inner[..inner.len() - 1], Some(MeldKind::ClosedKan)),
        Some(&(_, '+')) => (&inner[..inner.len() - 1], Some(MeldKind::AddedKan)),
        _ => (inner, None),
    };
    let mut tiles = scan_tiles(body)?;
    tiles.sort_by_key(|w| w.tile);
    let red = tiles.iter().filter(|w| w.red).count() as u8;
    let first = match tiles.first() {
        Some(w) => w.tile,
        None => return Err(bad("it is empty")),
    };
    let same = tiles.iter().all(|w| w.tile == first);
    let kind = match (tiles.len(), same, mark) {
        (3, true, None) => MeldKind::Pon,
        (3, false, None) => {
            let run = tiles.windows(2).all(|p| p[1].tile.index() == p[0].tile.index() + 1);
            if !run || first.is_honour() || first.suit() != tiles[2].tile.suit() {
                return Err(bad("three tiles must be a sequence of one suit or three of a kind"));
            }
            MeldKind::Chi
        }
        (4, true, m) => m.unwrap_or(MeldKind::OpenKan),
        (4, false, _) => return Err(bad("four tiles must be four of a kind")),
        (3, _, Some(_)) => return Err(bad("the marks * and + are for kans (four tiles)")),
        _ => return Err(bad("a meld has three tiles, or four for a kan")),
    };
    Meld::new(kind, first, red).ok_or_else(|| bad("more than one red five"))
}

/// Parses one called meld written as [`Meld`]'s `Display` prints it (`[789s]`, `[0555p]`,
/// `[5555z*]`): [`Meld`]'s `FromStr`.
pub(crate) fn parse_one_meld(input: &str) -> Result<Meld, Error> {
    let parsed = parse(input)?;
    if parsed.closed.iter().any(|&c| c > 0) {
        let text = input.trim().trim_matches(['[', ']']).to_string();
        let reason = "a meld is written in brackets, such as [789s], with nothing outside them";
        return Err(Error::at(1, ErrorKind::NotAMeld { text, reason }));
    }
    match (parsed.melds.as_slice(), parsed.meld_columns.get(1)) {
        ([meld], _) => Ok(*meld),
        ([_, second, ..], Some(&column)) => Err(Error::at(
            column,
            ErrorKind::NotAMeld {
                text: second.to_string().trim_matches(['[', ']']).to_string(),
                reason: "one meld expected, this is a second",
            },
        )),
        _ => Err(Error::whole(ErrorKind::Empty)),
    }
}

/// Parses closed tiles then bracketed melds, and checks copy limits.
pub(crate) fn parse(input: &str) -> Result<Parsed, Error> {
    let chars: Vec<(usize, char)> = input.chars().enumerate().map(|(i, c)| (i + 1, c)).collect();
    let mut closed_chars = Vec::new();
    let mut melds = Vec::new();
    let mut meld_columns = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (column, c) = chars[i];
        if c == '[' {
            let close = chars[i..].iter().position(|&(_, c)| c == ']').map(|p| p + i);
            let Some(close) = close else {
                return Err(Error::at(column, ErrorKind::UnclosedBracket));
            };
            melds.push(parse_meld(&chars[i + 1..close], column)?);
            meld_columns.push(column);
            i = close + 1;
            continue;
        }
        if c == ']' {
            return Err(Error::at(column, ErrorKind::UnexpectedCharacter(c)));
        }
        if !melds.is_empty() && !c.is_whitespace() {
            return Err(Error::at(column, ErrorKind::TilesAfterMeld));
        }
        closed_chars.push((column, c));
        i += 1;
    }
    let written = scan_tiles(&closed_chars)?;
    if written.is_empty() && melds.is_empty() {
        return Err(Error::whole(ErrorKind::Empty));
    }
    if melds.len() > 4 {
        return Err(Error::at(meld_columns[4], ErrorKind::TooManyMelds(melds.len())));
    }
    // The limits first, in reading order: a long run of one tile stops at its fifth copy
    // before any count can overflow.
    locate_limits(&written, &melds, &meld_columns)?;
    let mut closed = [0u8; KINDS];
    let mut red = [0u8; 3];
    for w in &written {
        closed[w.tile.index()] += 1;
        if w.red {
            red[w.tile.suit().index()] += 1;
        }
    }
    check_limits(&closed, &red, &melds)?;
    Ok(Parsed { closed, red, melds, meld_columns })
}

/// The copy limits in reading order, for an error at the column of the tile (or the `[` of the
/// meld) that brings a fifth copy of a kind or a second red five of a suit.
fn locate_limits(written: &[Written], melds: &[Meld], meld_columns: &[usize]) -> Result<(), Error> {
    let mut all = [0u8; KINDS];
    let mut reds = [0u8; 3];
    let mut take = |column: usize, tiles: &Counts, red_five: Option<Tile>| {
        for (i, (a, &b)) in all.iter_mut().zip(tiles).enumerate() {
            *a += b;
            if *a > 4 {
                return Err(Error::at(column, ErrorKind::TooManyCopies(Tile::new(i).unwrap_or(Tile::EAST))));
            }
        }
        if let Some(five) = red_five {
            let r = &mut reds[five.suit().index()];
            *r += 1;
            if *r > 1 {
                return Err(Error::at(column, ErrorKind::TooManyRedFives(five)));
            }
        }
        Ok(())
    };
    for w in written {
        let mut one = [0u8; KINDS];
        one[w.tile.index()] = 1;
        take(w.column, &one, w.red.then_some(w.tile))?;
    }
    for (m, &column) in melds.iter().zip(meld_columns) {
        let five = Tile::from_suit_number(m.first().suit(), 5).filter(|_| m.red_fives() > 0);
        take(column, &m.tiles(), five)?;
    }
    Ok(())
}

/// Checks at most four copies of each kind and one red five per suit, counting melds.
/// Counts of any size are refused, not overflowed: the sums saturate (at 255, already too many).
pub(crate) fn check_limits(closed: &Counts, red: &[u8; 3], melds: &[Meld]) -> Result<(), Error> {
    let mut all = *closed;
    let mut all_red = *red;
    for m in melds {
        for (a, b) in all.iter_mut().zip(m.tiles()) {
            *a = a.saturating_add(b);
        }
        if m.red_fives() > 0 {
            let r = &mut all_red[m.first().suit().index()];
            *r = r.saturating_add(m.red_fives());
        }
    }
    if let Some(i) = all.iter().position(|&c| c > 4) {
        return Err(Error::whole(ErrorKind::TooManyCopies(Tile::new(i).unwrap_or(Tile::EAST))));
    }
    for (s, &r) in all_red.iter().enumerate() {
        let five = Tile::from_suit_number(Suit::ALL[s], 5).unwrap_or(Tile::EAST);
        if r > 1 {
            return Err(Error::whole(ErrorKind::TooManyRedFives(five)));
        }
        // A meld's red five is checked by the meld; the closed ones need closed fives.
        if red[s] > closed[five.index()] {
            return Err(Error::whole(ErrorKind::RedFiveNotHeld(five)));
        }
    }
    Ok(())
}

/// MPSZ text of closed tiles, e.g. `123m456p789s1122z`, with `red[s]` of suit `s`'s
/// fives printed as `0` (in the place of a 5). A suit's red count is capped at the fives the
/// counts hold: red fives that are not held cannot be printed and are left out (a [`Hand`](crate::Hand)
/// never has them: its parser and [`Hand::new`](crate::Hand::new) refuse them).
pub fn counts_to_string_with_red(counts: &Counts, red: &[u8; 3]) -> String {
    let mut out = String::new();
    for suit in Suit::ALL {
        let start = out.len();
        for n in 1..=suit.len() {
            let kind = suit.first_kind() + n - 1;
            let mut reds = if suit == Suit::Honour || n != 5 { 0 } else { red[suit.index()].min(counts[kind]) };
            for _ in 0..counts[kind] {
                if reds > 0 {
                    out.push('0');
                    reds -= 1;
                } else {
                    out.push(char::from(b'0' + n as u8));
                }
            }
        }
        if out.len() > start {
            out.push(suit.letter());
        }
    }
    out
}

/// MPSZ text of closed tiles without red fives, e.g. `123m456p789s1122z`.
pub fn counts_to_string(counts: &Counts) -> String {
    counts_to_string_with_red(counts, &[0; 3])
}

/// Unicode glyphs of closed tiles, one per tile, in index order.
pub fn counts_to_glyphs(counts: &Counts) -> String {
    Tile::all().flat_map(|t| std::iter::repeat_n(t.glyph(), usize::from(counts[t.index()]))).collect()
}

/// Parses closed tiles only (no brackets) into counts, checking the four-copy limit;
/// red fives count as fives. Any number of tiles is accepted.
///
/// ```
/// let counts = haipai_tiles::parse_counts("123m0p北")?;
/// assert_eq!(counts[0], 1);
/// assert_eq!(counts[13], 1); // 5p
/// assert_eq!(counts[30], 1); // North
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
pub fn parse_counts(input: &str) -> Result<Counts, Error> {
    let parsed = parse(input)?;
    if let Some(&column) = parsed.meld_columns.first() {
        return Err(Error::at(
            column,
            ErrorKind::NotAMeld {
                text: parsed.melds[0].to_string().trim_matches(['[', ']']).to_string(),
                reason: "called melds are not allowed here, only closed tiles",
            },
        ));
    }
    Ok(parsed.closed)
}

/// One tile as written: its kind and whether it was written as a red five (`0m`, `0p`,
/// `0s`). It prints as written and reads back what it prints.
///
/// ```
/// use haipai_tiles::{parse_tile, Tile};
///
/// let red = parse_tile("0p")?;
/// assert_eq!((red.tile(), red.is_red()), ("5p".parse::<Tile>()?, true));
/// assert_eq!(red.to_string(), "0p");
/// assert!(!parse_tile("E")?.is_red());
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ParsedTile {
    tile: Tile,
    red: bool,
}

impl ParsedTile {
    /// The kind (a red five gives its five).
    pub const fn tile(self) -> Tile {
        self.tile
    }

    /// True if it was written as a red five.
    pub const fn is_red(self) -> bool {
        self.red
    }
}

impl fmt::Display for ParsedTile {
    /// MPSZ form with `0` for a red five.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.red { write!(f, "0{}", self.tile.suit().letter()) } else { write!(f, "{}", self.tile) }
    }
}

impl FromStr for ParsedTile {
    type Err = Error;

    /// As [`parse_tile`].
    fn from_str(s: &str) -> Result<ParsedTile, Error> {
        parse_tile(s)
    }
}

/// Parses a single tile such as `5m`, `0p` (the red five), `7z`, `E` or `北`: its kind and
/// whether it was written as a red five. For the kind alone, `str::parse::<Tile>` does the
/// same.
pub fn parse_tile(input: &str) -> Result<ParsedTile, Error> {
    let chars: Vec<(usize, char)> = input.chars().enumerate().map(|(i, c)| (i + 1, c)).collect();
    let tiles = scan_tiles(&chars)?;
    match tiles.as_slice() {
        [w] => Ok(ParsedTile { tile: w.tile, red: w.red }),
        [] => Err(Error::whole(ErrorKind::Empty)),
        _ => Err(Error::whole(ErrorKind::WrongSize { expected: "1".into(), got: tiles.len(), melds: 0 })),
    }
}

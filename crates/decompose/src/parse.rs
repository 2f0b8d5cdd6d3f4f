//! Reading back what [`Group`], [`Block`], [`Decomposition`] and [`Arrangement`] print: their
//! `FromStr`, written on the shared reader (`reader.rs`) and its error, [`ParseError`].
//!
//! The readers take exactly the text `Display` prints, nothing more: no spaces, no red fives
//! (`0`), blocks and groups in the printed (sorted) order. Everything read is checked as the
//! crate's own iterators would build it, so a parsed value is one they could yield: a valid
//! shape, no fifth copy of a kind, at most one head, at most 14 tiles in a decomposition, four
//! groups and one pair in an arrangement.

use crate::blocks::{Block, BlockKind, Decomposition};
use crate::group::{Arrangement, Group};
use crate::reader::{ParseError, ParseErrorKind, Reader, tile_of};
use haipai_tiles::{Suit, Tile};
use std::str::FromStr;

/// One bracketed (or bare) run of digits and its suit letter, as written.
struct Item {
    /// `(`, `{`, `[`, or `None` for bare digits.
    open: Option<char>,
    /// The digits, each with its column.
    digits: Vec<(u8, usize)>,
    suit: Suit,
    /// The column of its first character.
    column: usize,
    /// The text as written.
    text: String,
}

impl Item {
    /// The digits alone.
    fn numbers(&self) -> Vec<u8> {
        self.digits.iter().map(|&(d, _)| d).collect()
    }

    /// The tile of each digit, or an error at the first digit that names none.
    fn tiles(&self) -> Result<Vec<Tile>, ParseError> {
        self.digits.iter().map(|&(d, column)| tile_of(d, self.suit, column)).collect()
    }

    /// An error saying the item is not a `what`, because `reason`.
    fn not_a(&self, what: &'static str, reason: &'static str) -> ParseError {
        ParseError::at(self.column, ParseErrorKind::NotAShape { text: self.text.clone(), what, reason })
    }
}

/// Reads one item: an optional opening bracket, digits, a suit letter and the closing
/// bracket.
fn item(reader: &mut Reader) -> Result<Item, ParseError> {
    let column = reader.column();
    let open = reader.peek().filter(|c| matches!(c, '(' | '{' | '['));
    if open.is_some() {
        reader.advance();
    }
    let digits = reader.digits();
    if digits.is_empty() {
        return Err(reader.unexpected(if open.is_some() { "a digit 1-9" } else { "a digit 1-9 or a bracket" }));
    }
    let suit = reader.suit(&digits)?;
    if let Some(open) = open {
        let expected = match open {
            '(' => "')'",
            '{' => "'}'",
            _ => "']'",
        };
        reader.close(open, column, expected)?;
    }
    let text = reader.text_from(column);
    Ok(Item { open, digits, suit, column, text })
}

/// The tiles of a three-digit run: a triplet or a sequence, else why not.
fn group_of(item: &Item, what: &'static str) -> Result<Group, ParseError> {
    let tiles = item.tiles()?;
    let first = tiles[0];
    match item.numbers()[..] {
        [a, b, c] if a == b && b == c => Ok(Group::Triplet(first)),
        [a, b, c] if b == a + 1 && c == a + 2 => {
            Group::sequence(first).ok_or_else(|| item.not_a(what, "honours make no sequence"))
        }
        _ => Err(item.not_a(what, "not three of a kind nor three in a row (written lowest first)")),
    }
}

/// The block an item is, as [`Block`]'s `Display` writes it.
fn block_of(item: &Item) -> Result<Block, ParseError> {
    let what = "block";
    let n = item.digits.len();
    let wrong_size = match item.open {
        Some('(') if n != 3 => Some("a group in () has three tiles"),
        Some('{') if n != 2 => Some("the head in {} is a pair"),
        Some('[') if n != 2 => Some("a partial shape in [] has two tiles"),
        None if n != 1 => Some("an isolated tile is one digit and its suit; more tiles go in brackets"),
        _ => None,
    };
    if let Some(reason) = wrong_size {
        return Err(item.not_a(what, reason));
    }
    let tile = item.tiles()?[0];
    let kind = match (item.open, &item.numbers()[..]) {
        (Some('('), _) => {
            let group = group_of(item, what)?;
            return Ok(Block { tile, kind: if group.is_triplet() { BlockKind::Triplet } else { BlockKind::Sequence } });
        }
        (Some('{'), [a, b]) if a == b => BlockKind::Pair,
        (Some('{'), _) => return Err(item.not_a(what, "the head in {} is a pair")),
        (Some('['), [a, b]) => partial_kind(item, *a, *b)?,
        _ => BlockKind::Isolated,
    };
    Block::new(tile, kind).ok_or_else(|| item.not_a(what, "the shape does not fit its tiles"))
}

/// The kind of a two-tile partial shape `[ab]`.
fn partial_kind(item: &Item, a: u8, b: u8) -> Result<BlockKind, ParseError> {
    let honour = item.suit == Suit::Honour;
    match b.checked_sub(a) {
        Some(0) => Ok(BlockKind::PairPartial),
        Some(1 | 2) if honour => Err(item.not_a("block", "honours make no partial shape but a pair")),
        Some(1) if a == 1 || a == 8 => Ok(BlockKind::Penchan),
        Some(1) => Ok(BlockKind::Ryanmen),
        Some(2) => Ok(BlockKind::Kanchan),
        _ => Err(item.not_a("block", "a partial shape is a pair or two tiles of a suit at most two apart")),
    }
}

/// Adds `tiles` to `counts`, or an error at `column` naming a fifth copy.
fn add_copies(counts: &mut [u8; 34], tiles: &[Tile], column: usize) -> Result<(), ParseError> {
    for &t in tiles {
        counts[t.index()] += 1;
        if counts[t.index()] > 4 {
            return Err(ParseError::at(column, ParseErrorKind::TooManyCopies(t)));
        }
    }
    Ok(())
}

/// The tiles of `counts` as a list (each kind as often as held).
fn tiles_of(counts: &[u8; 34]) -> Vec<Tile> {
    Tile::all().flat_map(|t| std::iter::repeat_n(t, usize::from(counts[t.index()]))).collect()
}

/// An out-of-order error for `item` written after `previous`.
fn out_of_order(item: &Item, previous: &str, order: &'static str) -> ParseError {
    ParseError::at(
        item.column,
        ParseErrorKind::OutOfOrder { text: item.text.clone(), previous: previous.to_string(), order },
    )
}

impl FromStr for Group {
    type Err = ParseError;

    /// Reads a group as [`Display`](std::fmt::Display) prints it: `123m`, `555z` (no brackets).
    ///
    /// ```
    /// use haipai_decompose::Group;
    ///
    /// let group: Group = "345p".parse()?;
    /// assert!(group.is_sequence() && group.to_string() == "345p");
    /// assert_eq!("124m".parse::<Group>().unwrap_err().to_string(),
    ///     "at 1: '124m' is not a group: not three of a kind nor three in a row (written lowest first)");
    /// assert!("567z".parse::<Group>().is_err()); // honours make no sequence
    /// # Ok::<(), haipai_decompose::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Group, ParseError> {
        let mut reader = Reader::new(s);
        if reader.is_done() {
            return Err(ParseError::whole(ParseErrorKind::Empty("group")));
        }
        if reader.peek().is_some_and(|c| !c.is_ascii_digit()) {
            return Err(reader.unexpected("a digit 1-9 (a group is written bare, e.g. 123m)"));
        }
        let item = item(&mut reader)?;
        reader.expect_end()?;
        if item.digits.len() != 3 {
            return Err(item.not_a("group", "a group has three tiles"));
        }
        group_of(&item, "group")
    }
}

impl FromStr for Block {
    type Err = ParseError;

    /// Reads a block as [`Display`](std::fmt::Display) prints it: `(123m)`, `(111m)`, `{55z}`,
    /// `[11m]`, `[23m]`, `[12m]`, `[46p]`, `9s`. The brackets and digits decide the kind.
    ///
    /// ```
    /// use haipai_decompose::{Block, BlockKind};
    ///
    /// let block: Block = "[89s]".parse()?;
    /// assert_eq!(block.kind, BlockKind::Penchan);
    /// assert_eq!("{55z}".parse::<Block>()?.kind, BlockKind::Pair);
    /// assert_eq!("(111z".parse::<Block>().unwrap_err().to_string(), "at 1: '(' is never closed by ')'");
    /// # Ok::<(), haipai_decompose::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Block, ParseError> {
        let mut reader = Reader::new(s);
        if reader.is_done() {
            return Err(ParseError::whole(ParseErrorKind::Empty("block")));
        }
        let item = item(&mut reader)?;
        reader.expect_end()?;
        block_of(&item)
    }
}

/// The order of blocks, for the out-of-order message.
const BLOCK_ORDER: &str = "blocks go by lowest tile, then as (111m) (123m) {11m} [11m] [12m] [13m] 1m";

impl FromStr for Decomposition {
    type Err = ParseError;

    /// Reads a decomposition as [`Display`](std::fmt::Display) prints it, its blocks one after the
    /// other: `(123m){55z}[46p]9s`; the empty text is the empty decomposition (of no tiles).
    ///
    /// The blocks must come in the order [`decompositions`](crate::decompositions) yields them
    /// (by lowest tile, then [`BlockKind`]): a text out of order is refused rather than sorted,
    /// so each decomposition has one text. Also refused: a second head, a fifth copy of a kind,
    /// more than 14 tiles.
    ///
    /// ```
    /// use haipai_decompose::{decompositions, Decomposition};
    /// use haipai_tiles::parse_counts;
    ///
    /// let d: Decomposition = "{11m}[23m]3m".parse()?;
    /// assert_eq!((d.partials(), d.isolated()), (1, 1));
    /// assert!(decompositions(&parse_counts("11233m")?).any(|x| x == d));
    /// assert_eq!("3m{11m}".parse::<Decomposition>().unwrap_err().to_string(),
    ///     "at 3: '{11m}' comes after '3m': blocks go by lowest tile, then as (111m) (123m) {11m} [11m] [12m] [13m] 1m");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(s: &str) -> Result<Decomposition, ParseError> {
        let mut reader = Reader::new(s);
        let mut blocks = Vec::new();
        let mut counts = [0u8; 34];
        let mut previous: Option<(Block, String)> = None;
        while !reader.is_done() {
            let item = item(&mut reader)?;
            let block = block_of(&item)?;
            if let Some((before, text)) = &previous
                && block < *before
            {
                return Err(out_of_order(&item, text, BLOCK_ORDER));
            }
            if block.kind == BlockKind::Pair && blocks.iter().any(|b: &Block| b.kind == BlockKind::Pair) {
                return Err(ParseError::at(item.column, ParseErrorKind::SecondHead));
            }
            let tiles = tiles_of(&block.tiles());
            add_copies(&mut counts, &tiles, item.column)?;
            let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
            if total > 14 {
                return Err(ParseError::at(item.column, ParseErrorKind::TooManyTiles(total)));
            }
            blocks.push(block);
            previous = Some((block, item.text));
        }
        Ok(Decomposition::from_sorted(&blocks))
    }
}

/// The order of pairs and groups, for the out-of-order message.
const ARRANGEMENT_ORDER: &str = "pairs and groups go by lowest tile, then as (11m) (111m) (123m)";

impl FromStr for Arrangement {
    type Err = ParseError;

    /// Reads an arrangement as [`Display`](std::fmt::Display) prints it: its groups and its pair in
    /// `()`, by lowest tile, a pair before a triplet before a sequence of the same tile:
    /// `(111m)(222m)(789p)(55s)(345s)`.
    ///
    /// Text out of that order is refused rather than sorted (each arrangement has one text), as
    /// are a fifth copy, more than four groups and anything but exactly one pair. Unused group
    /// slots hold `Group::Triplet(1z)`, as in [`winning_arrangements`](crate::winning_arrangements).
    ///
    /// ```
    /// use haipai_decompose::{winning_arrangements, Arrangement};
    /// use haipai_tiles::parse_counts;
    ///
    /// let a: Arrangement = "(111m)(222m)(333m)(789p)(55s)".parse()?;
    /// assert_eq!(winning_arrangements(&parse_counts("111222333m789p55s")?).next(), Some(a));
    /// assert_eq!("(123m)(456m)".parse::<Arrangement>().unwrap_err().to_string(),
    ///     "no pair: an arrangement has exactly one, such as (55z)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(s: &str) -> Result<Arrangement, ParseError> {
        let mut reader = Reader::new(s);
        if reader.is_done() {
            return Err(ParseError::whole(ParseErrorKind::Empty("arrangement")));
        }
        let mut arrangement = Arrangement { pair: Tile::EAST, groups: [Group::Triplet(Tile::EAST); 4], len: 0 };
        let mut pair = None;
        let mut counts = [0u8; 34];
        let mut previous: Option<((Tile, u8), String)> = None;
        while !reader.is_done() {
            let item = item(&mut reader)?;
            let member = member_of(&item)?;
            let key = match member {
                Member::Pair(t) => (t, 0),
                Member::Group(g) => (g.first(), if g.is_triplet() { 1 } else { 2 }),
            };
            if let Some((before, text)) = &previous
                && key < *before
            {
                return Err(out_of_order(&item, text, ARRANGEMENT_ORDER));
            }
            match member {
                Member::Pair(_) if pair.is_some() => {
                    return Err(ParseError::at(item.column, ParseErrorKind::SecondPair));
                }
                Member::Pair(t) => pair = Some(t),
                Member::Group(_) if arrangement.len == 4 => {
                    return Err(ParseError::at(item.column, ParseErrorKind::TooManyGroups(5)));
                }
                Member::Group(g) => {
                    arrangement.groups[usize::from(arrangement.len)] = g;
                    arrangement.len += 1;
                }
            }
            add_copies(&mut counts, &item.tiles()?, item.column)?;
            previous = Some((key, item.text));
        }
        arrangement.pair = pair.ok_or(ParseError::whole(ParseErrorKind::NoPair))?;
        Ok(arrangement)
    }
}

/// A pair or a group of an arrangement.
#[derive(Clone, Copy)]
enum Member {
    Pair(Tile),
    Group(Group),
}

/// The pair or group an item of an arrangement is.
fn member_of(item: &Item) -> Result<Member, ParseError> {
    let what = "pair or group";
    if item.open != Some('(') {
        return Err(item.not_a(what, "pairs and groups are written in (), such as (55z) or (123m)"));
    }
    match item.numbers()[..] {
        [a, b] if a == b => Ok(Member::Pair(item.tiles()?[0])),
        [_, _] => Err(item.not_a(what, "two tiles in () are a pair of one kind")),
        [_, _, _] => group_of(item, what).map(Member::Group),
        _ => Err(item.not_a(what, "a pair has two tiles and a group three")),
    }
}

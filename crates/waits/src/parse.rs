//! Reading back what [`WaitKind`], [`Shape`] and [`Line`] print: their `FromStr`, written on
//! haipai-decompose's notation reader and its error, [`ParseError`].
//!
//! The readers take exactly the text `Display` prints: no spaces but the one of a shape, no
//! red fives (`0`), a line's groups and pairs in the printed (sorted) order. A line's wait kind
//! is decided by its text alone: the waiting part in `[]` and what stands beside it (see
//! [`Line`]'s `FromStr`).

use crate::line::{Line, WaitKind};
use crate::shape::Shape;
use haipai_decompose::{Group, ParseError, ParseErrorKind, Reader, TERMINALS_AND_HONOURS};
use haipai_tiles::{Suit, Tile, TileSet};
use std::str::FromStr;

impl FromStr for WaitKind {
    type Err = ParseError;

    /// Reads a wait kind by its [`name`](WaitKind::name), as `Display` prints it: `tanki`,
    /// `seven-pairs`, `thirteen-orphans-13`, ...; anything else is an
    /// [`ParseErrorKind::UnknownName`].
    ///
    /// ```
    /// use haipai_waits::WaitKind;
    ///
    /// assert_eq!("kanchan".parse::<WaitKind>()?, WaitKind::Kanchan);
    /// assert!("Kanchan".parse::<WaitKind>().is_err()); // names are lower case
    /// # Ok::<(), haipai_waits::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<WaitKind, ParseError> {
        if s.is_empty() {
            return Err(ParseError::whole(ParseErrorKind::Empty("wait kind")));
        }
        WaitKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| ParseError::whole(ParseErrorKind::UnknownName { what: "wait kind", text: s.to_string() }))
    }
}

impl FromStr for Shape {
    type Err = ParseError;

    /// Reads a shape as `Display` prints it: `nobetan 4567m` (four in a row from 1 to 6),
    /// `sanmenchan 23456m` (five in a row from 2 to 4, the only ones
    /// [`Waits::shapes`](crate::Waits::shapes) finds: 12345 waits on 3 and 6, a penchan and a
    /// ryanmen).
    ///
    /// ```
    /// use haipai_waits::Shape;
    ///
    /// let shape: Shape = "sanmenchan 34567p".parse()?;
    /// assert_eq!(shape.to_string(), "sanmenchan 34567p");
    /// assert_eq!("nobetan 4568m".parse::<Shape>().unwrap_err().to_string(),
    ///     "at 9: '4568m' is not a nobetan: four tiles in a row of one suit, from 1234 to 6789");
    /// # Ok::<(), haipai_waits::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Shape, ParseError> {
        let mut reader = Reader::new(s);
        if reader.is_done() {
            return Err(ParseError::whole(ParseErrorKind::Empty("shape")));
        }
        while reader.peek().is_some_and(|c| c.is_ascii_lowercase()) {
            reader.advance();
        }
        let name = reader.text_from(1);
        let (what, len, first, last): (_, u8, u8, u8) = match name.as_str() {
            "nobetan" => ("nobetan", 4, 1, 6),
            "sanmenchan" => ("sanmenchan", 5, 2, 4),
            _ => {
                let text = if reader.is_done() || name.is_empty() { s.to_string() } else { name };
                return Err(ParseError::at(1, ParseErrorKind::UnknownName { what: "shape", text }));
            }
        };
        reader.expect(' ', "one space")?;
        let column = reader.column();
        let run = reader.run()?.ok_or_else(|| reader.unexpected("a digit 1-9"))?;
        reader.expect_end()?;
        let numbers: Vec<u8> = run.tiles.iter().map(|&(t, _)| t.number()).collect();
        let start = numbers[0];
        let fits = run.suit != Suit::Honour
            && numbers.len() == usize::from(len)
            && numbers.iter().zip(start..).all(|(&n, m)| n == m)
            && (first..=last).contains(&start);
        if !fits {
            let reason = if what == "nobetan" {
                "four tiles in a row of one suit, from 1234 to 6789"
            } else {
                "five tiles in a row of one suit, 23456, 34567 or 45678"
            };
            return Err(ParseError::at(
                column,
                ParseErrorKind::NotAShape { text: reader.text_from(column), what, reason },
            ));
        }
        let tile = run.tiles[0].0;
        Ok(if what == "nobetan" { Shape::Nobetan(tile) } else { Shape::Sanmenchan(tile) })
    }
}

/// A pair or a group of a line, with where it was written.
struct Member {
    /// `(tile, rank)`: rank 0 a pair, 1 a triplet, 2 a sequence (the printed order).
    key: (Tile, u8),
    column: usize,
    text: String,
}

/// Reads one `(..)`: a pair or a group.
fn member(reader: &mut Reader) -> Result<Member, ParseError> {
    let column = reader.column();
    reader.expect('(', "'('")?;
    let run = reader.run()?.ok_or_else(|| reader.unexpected("a digit 1-9"))?;
    reader.close('(', column, "')'")?;
    let text = reader.text_from(column);
    let not_a = |reason| {
        ParseError::at(column, ParseErrorKind::NotAShape { text: text.clone(), what: "pair or group", reason })
    };
    let numbers: Vec<u8> = run.tiles.iter().map(|&(t, _)| t.number()).collect();
    let first = run.tiles[0].0;
    let rank = match numbers[..] {
        [a, b] if a == b => 0,
        [_, _] => return Err(not_a("two tiles in () are a pair of one kind")),
        [a, b, c] if a == b && b == c => 1,
        [a, b, c] if b == a + 1 && c == a + 2 => match Group::sequence(first) {
            Some(_) => 2,
            None => return Err(not_a("honours make no sequence")),
        },
        [_, _, _] => return Err(not_a("not three of a kind nor three in a row (written lowest first)")),
        _ => return Err(not_a("a pair has two tiles and a group three")),
    };
    Ok(Member { key: (first, rank), column, text })
}

/// Reads the waiting part `[..]`: its tiles with their columns. The tiles must be in tile
/// order, each suit's digits before its one suit letter (`[19m19p19s1234567z]`).
fn waiting_part(reader: &mut Reader) -> Result<Vec<(Tile, usize)>, ParseError> {
    let column = reader.column();
    reader.expect('[', "'(' or '['")?;
    let mut tiles: Vec<(Tile, usize)> = Vec::new();
    let mut last_suit = None;
    while let Some(run) = reader.run()? {
        let (_, at) = run.tiles[0];
        let in_order = tiles.last().is_none_or(|&(t, _)| t <= run.tiles[0].0)
            && run.tiles.windows(2).all(|w| w[0].0 <= w[1].0)
            && last_suit != Some(run.suit);
        if !in_order {
            let text = reader.text_from(at);
            let reason = "waiting tiles go in tile order, one suit letter after each suit's digits";
            return Err(ParseError::at(at, ParseErrorKind::NotAShape { text, what: "waiting part", reason }));
        }
        last_suit = Some(run.suit);
        tiles.extend(run.tiles);
    }
    if tiles.is_empty() {
        return Err(if reader.is_done() {
            ParseError::at(column, ParseErrorKind::Unclosed('['))
        } else {
            reader.unexpected("a digit 1-9")
        });
    }
    reader.close('[', column, "a digit or ']'")?;
    Ok(tiles)
}

/// Adds `tile` to `counts`, or an error at `column` naming a fifth copy.
fn add_copy(counts: &mut [u8; 34], tile: Tile, n: u8, column: usize) -> Result<(), ParseError> {
    counts[tile.index()] += n;
    if counts[tile.index()] > 4 {
        return Err(ParseError::at(column, ParseErrorKind::TooManyCopies(tile)));
    }
    Ok(())
}

/// The tiles of a member (a pair, a triplet or a sequence) as counts added to `counts`.
fn add_member(counts: &mut [u8; 34], m: &Member) -> Result<(), ParseError> {
    let (t, rank) = m.key;
    match rank {
        0 => add_copy(counts, t, 2, m.column),
        1 => add_copy(counts, t, 3, m.column),
        _ => (0..3).try_for_each(|d| add_copy(counts, Tile::new(t.index() + d).unwrap_or(t), 1, m.column)),
    }
}

impl FromStr for Line {
    type Err = ParseError;

    /// Reads a line as `Display` prints it ([`Line::classic`] in [`Notation::Mpsz`](crate::Notation)):
    /// pairs and groups in `()` by lowest tile (a pair before a triplet before a sequence),
    /// then the waiting part in `[]`, e.g. `(111m)(222m)(888m)(99m)[45m]`.
    ///
    /// The text decides the wait kind: one waiting tile with groups only is a tanki, with six
    /// different pairs the seven-pairs single; two waiting tiles beside exactly one pair are a
    /// shanpon (a pair), a penchan (12, 89), a ryanmen (23..78) or a kanchan (a gap); thirteen
    /// terminals and honours alone are thirteen orphans (all 13 kinds: the 13-sided wait).
    ///
    /// What the text does not tell is which tiles the called melds hold: [`Line::wins`] is
    /// read as [`waits`](crate::waits) computes it, without called melds (the shape's tiles
    /// less those the line's own tiles hold four times). So every line of `waits` and of
    /// [`waits_with`](crate::waits_with) without meld tiles reads back equal; a line whose
    /// wins the called melds cut (a karaten kept by [`LineOptions::karaten`](crate::LineOptions), a
    /// side used up) reads back with those wins restored.
    ///
    /// ```
    /// use haipai_waits::{Line, WaitKind, waits};
    /// use haipai_tiles::parse_counts;
    ///
    /// let line: Line = "(111m)(222m)(888m)(99m)[45m]".parse()?;
    /// assert_eq!((line.kind(), line.wins().to_string()), (WaitKind::Ryanmen, "36m".to_string()));
    /// assert_eq!(waits(&parse_counts("1112224588899m")?).lines()[0], line);
    /// assert_eq!("(11z)(22z)(33z)(44z)(55z)(66z)[7z]".parse::<Line>()?.kind(), WaitKind::SevenPairs);
    /// assert_eq!("(111m)(22m)[45m".parse::<Line>().unwrap_err().to_string(), "at 12: '[' is never closed by ']'");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(s: &str) -> Result<Line, ParseError> {
        let mut reader = Reader::new(s);
        if reader.is_done() {
            return Err(ParseError::whole(ParseErrorKind::Empty("line")));
        }
        let mut counts = [0u8; 34];
        let mut members: Vec<Member> = Vec::new();
        while reader.peek() == Some('(') {
            let m = member(&mut reader)?;
            if let Some(previous) = members.last()
                && m.key < previous.key
            {
                let order = "pairs and groups go by lowest tile, then as (11m) (111m) (123m)";
                let kind = ParseErrorKind::OutOfOrder { text: m.text, previous: previous.text.clone(), order };
                return Err(ParseError::at(m.column, kind));
            }
            add_member(&mut counts, &m)?;
            members.push(m);
        }
        let column = reader.column();
        let waiting = waiting_part(&mut reader)?;
        reader.expect_end()?;
        for &(t, at) in &waiting {
            add_copy(&mut counts, t, 1, at)?;
        }
        let tiles: Vec<Tile> = waiting.iter().map(|&(t, _)| t).collect();
        let pairs: Vec<Tile> = members.iter().filter(|m| m.key.1 == 0).map(|m| m.key.0).collect();
        let groups = members.len() - pairs.len();
        let (kind, shape_wins) = kind_and_wins(groups, &pairs, &tiles)
            .map_err(|reason| ParseError::at(column, ParseErrorKind::NotALine(reason)))?;
        // The kind bounds the pairs, groups and waiting tiles: they fit the line's arrays.
        let mut line = Line::empty(kind);
        for m in &members {
            match m.key {
                (t, 0) => line.push_pair(t),
                (t, 1) => line.push_group(Group::Triplet(t)),
                (t, _) => line.push_group(Group::Sequence(t)),
            }
        }
        for &t in &tiles {
            line.push_waiting(t);
        }
        line.shape_wins = shape_wins;
        line.wins = shape_wins.iter().filter(|t| counts[t.index()] < 4).collect();
        Ok(line)
    }
}

/// The wait kind and the tiles completing the shape of a line of `groups` groups, the pairs
/// `pairs` and the waiting tiles `waiting`, or why they make no waiting line.
fn kind_and_wins(groups: usize, pairs: &[Tile], waiting: &[Tile]) -> Result<(WaitKind, TileSet), &'static str> {
    let one = |t: Tile| TileSet::EMPTY.with(t);
    match *waiting {
        [t] if pairs.is_empty() && groups <= 4 => Ok((WaitKind::Tanki, one(t))),
        [t] if pairs.len() == 6 && groups == 0 => {
            let different = pairs.windows(2).all(|w| w[0] != w[1]) && !pairs.contains(&t);
            if different {
                Ok((WaitKind::SevenPairs, one(t)))
            } else {
                Err("seven pairs are six different pairs and a single of another kind")
            }
        }
        [_] => Err("a single waiting tile goes with at most four groups (tanki) or six pairs (seven pairs)"),
        [a, b] if pairs.len() == 1 && groups <= 3 => two_tile_wait(a, b),
        [_, _] => Err("two waiting tiles go with one pair (the head) and at most three groups"),
        _ if waiting.len() == 13 && pairs.is_empty() && groups == 0 => thirteen_orphans(waiting),
        _ => Err("the waiting part has one tile, two, or the thirteen of thirteen orphans"),
    }
}

/// The kind and completing tiles of a two-tile waiting part `[ab]`.
fn two_tile_wait(a: Tile, b: Tile) -> Result<(WaitKind, TileSet), &'static str> {
    let near = |d: usize| Tile::new(a.index() + d).unwrap_or(a);
    let one = |t: Tile| TileSet::EMPTY.with(t);
    let numbered = !a.is_honour() && a.suit() == b.suit();
    match b.index() - a.index() {
        0 => Ok((WaitKind::Shanpon, one(a))),
        1 if numbered && a.number() == 1 => Ok((WaitKind::Penchan, one(near(2)))),
        1 if numbered && a.number() == 8 => Ok((WaitKind::Penchan, one(Tile::new(a.index() - 1).unwrap_or(a)))),
        1 if numbered => Ok((WaitKind::Ryanmen, one(Tile::new(a.index() - 1).unwrap_or(a)).with(near(2)))),
        2 if numbered => Ok((WaitKind::Kanchan, one(near(1)))),
        _ => Err("two waiting tiles are a pair or two tiles of a suit at most two apart"),
    }
}

/// The kind and completing tiles of a thirteen-tile waiting part.
fn thirteen_orphans(waiting: &[Tile]) -> Result<(WaitKind, TileSet), &'static str> {
    let orphans: TileSet = TERMINALS_AND_HONOURS.iter().filter_map(|&i| Tile::new(i)).collect();
    let held: TileSet = waiting.iter().copied().collect();
    let doubled = waiting.windows(3).any(|w| w[0] == w[2]);
    if waiting.iter().any(|t| !orphans.contains(*t)) || doubled {
        return Err("thirteen orphans wait with terminals and honours only, at most two of a kind");
    }
    match 13 - held.len() {
        0 => Ok((WaitKind::ThirteenOrphans13, orphans)),
        1 => Ok((WaitKind::ThirteenOrphans, orphans.iter().filter(|t| !held.contains(*t)).collect())),
        _ => Err("thirteen orphans hold twelve of the thirteen kinds or all of them"),
    }
}

//! `Hand`: closed tiles as counts plus red fives, and called melds.

use crate::error::{Error, ErrorKind};
use crate::meld::Meld;
use crate::notation;
use crate::tile::{Suit, Tile};
use crate::tileset::{Counts, total};
use std::fmt;
use std::str::FromStr;

/// A hand: closed tiles (counts per kind, red fives counted separately per suit) and the
/// called melds.
///
/// Invariants: at most four copies of a kind over the closed tiles and the melds
/// together; at most one red five per suit, and only where a five of that suit is held.
/// [`Hand::parse`] also enforces the size rule (closed tiles + 3 per meld = 13 or 14,
/// a kan counting as 3); [`Hand::parse_any_size`] does not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    closed: Counts,
    red: [u8; 3],
    melds: Vec<Meld>,
}

impl Hand {
    /// Parses a hand in MPSZ notation and checks the size rule (13 or 14).
    ///
    /// ```
    /// use haipai_tiles::Hand;
    /// let hand = Hand::parse("222567m34p3366s北")?;
    /// assert_eq!(hand.to_string(), "222567m34p3366s4z");
    /// let open = Hand::parse("123m456p11z[789s][5555z*]")?;
    /// assert_eq!(open.melds().len(), 2);
    /// assert!(Hand::parse("11111m").is_err());
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    pub fn parse(input: &str) -> Result<Hand, Error> {
        let hand = Hand::parse_any_size(input)?;
        hand.check_size()?;
        Ok(hand)
    }

    /// Parses a hand of any size (copy limits are still checked).
    pub fn parse_any_size(input: &str) -> Result<Hand, Error> {
        let p = notation::parse(input)?;
        Ok(Hand { closed: p.closed, red: p.red, melds: p.melds })
    }

    /// A hand from counts and melds, checked for copy limits and the size rule.
    pub fn new(closed: Counts, red: [u8; 3], melds: Vec<Meld>) -> Result<Hand, Error> {
        if melds.len() > 4 {
            return Err(Error::whole(ErrorKind::TooManyMelds(melds.len())));
        }
        notation::check_limits(&closed, &red, &melds)?;
        let hand = Hand { closed, red, melds };
        hand.check_size()?;
        Ok(hand)
    }

    /// A closed hand from counts, checked for copy limits and the size rule.
    pub fn from_counts(closed: Counts) -> Result<Hand, Error> {
        Hand::new(closed, [0; 3], Vec::new())
    }

    fn check_size(&self) -> Result<(), Error> {
        let size = self.size();
        if size == 13 || size == 14 {
            Ok(())
        } else {
            Err(Error::whole(ErrorKind::WrongSize {
                expected: "13 or 14".to_string(),
                got: size,
                melds: self.melds.len(),
            }))
        }
    }

    /// Closed tiles + 3 per meld (a kan counts as 3): 13 or 14 for a checked hand.
    pub fn size(&self) -> usize {
        self.closed_len() + 3 * self.melds.len()
    }

    /// Number of closed tiles.
    pub fn closed_len(&self) -> usize {
        total(&self.closed) as usize
    }

    /// The closed tiles as counts (red fives counted as fives).
    pub fn closed(&self) -> &Counts {
        &self.closed
    }

    /// Red fives among the closed tiles, per suit m, p, s.
    pub fn closed_red_fives(&self) -> [u8; 3] {
        self.red
    }

    /// All red fives, closed and in melds.
    pub fn red_fives(&self) -> u8 {
        self.red.iter().sum::<u8>() + self.melds.iter().map(Meld::red_fives).sum::<u8>()
    }

    /// The called melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// True if no meld is open (closed kans keep a hand closed).
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.kind().is_open())
    }

    /// Closed tiles and meld tiles together.
    pub fn all_tiles(&self) -> Counts {
        let mut all = self.closed;
        for m in &self.melds {
            for (a, b) in all.iter_mut().zip(m.tiles()) {
                *a += b;
            }
        }
        all
    }

    /// The hand as Unicode glyphs; melds in brackets.
    pub fn to_glyphs(&self) -> String {
        let mut out = notation::counts_to_glyphs(&self.closed);
        for m in &self.melds {
            out.push('[');
            out.push_str(&notation::counts_to_glyphs(&m.tiles()));
            out.push(']');
        }
        out
    }

    /// Adds one tile to the closed tiles (checked for the copy limit and one red five per
    /// suit); `red` is ignored unless the tile is the five of a numbered suit.
    pub fn add(&mut self, tile: Tile, red: bool) -> Result<(), Error> {
        let mut closed = self.closed;
        let mut reds = self.red;
        closed[tile.index()] += 1;
        if red && tile.suit() != Suit::Honour && tile.number() == 5 {
            reds[tile.suit().index()] += 1;
        }
        notation::check_limits(&closed, &reds, &self.melds)?;
        self.closed = closed;
        self.red = reds;
        Ok(())
    }

    /// Removes one tile from the closed tiles; a red five is removed only if `red`.
    /// Returns false (and changes nothing) if the hand does not hold it.
    pub fn remove(&mut self, tile: Tile, red: bool) -> bool {
        let i = tile.index();
        let s = tile.suit();
        let reds = if s == Suit::Honour || tile.number() != 5 { 0 } else { self.red[s.index()] };
        let ok = if red { reds > 0 } else { self.closed[i] > reds };
        if !ok {
            return false;
        }
        self.closed[i] -= 1;
        if red {
            self.red[s.index()] -= 1;
        }
        true
    }
}

impl FromStr for Hand {
    type Err = Error;
    fn from_str(s: &str) -> Result<Hand, Error> {
        Hand::parse(s)
    }
}

impl fmt::Display for Hand {
    /// Normalised MPSZ: closed tiles sorted by suit m, p, s, z (red five as `0` in the
    /// place of a 5), then the melds, e.g. `340m456p11z[789s][5555z*]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::counts_to_string_with_red(&self.closed, &self.red))?;
        for m in &self.melds {
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

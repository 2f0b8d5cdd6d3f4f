//! Complete groups (sequences and triplets) and `Arrangement`, one regular decomposition of a
//! winning hand's closed tiles.

use haipai_tiles::{Counts, Tile};
use std::fmt;

/// A complete group of three tiles inside the closed hand (面子).
///
/// Groups order by their lowest tile first, then a triplet before a sequence, which is the
/// order [`Arrangement::groups`] keeps.
///
/// A `Sequence` must start at a number tile 1..7 of its suit: the variants are public, so
/// `Group::Sequence` of 8m or of an honour can be written, but it is no group.
/// [`Group::sequence`] builds a sequence only where one fits, [`Group::is_valid`] tells, and
/// the methods that list its tiles ([`Group::tiles`], [`Group::add_to`]) panic on one that is
/// not valid rather than reach into the next suit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Group {
    /// Three consecutive numbered tiles (順子); the tile is the lowest of the three.
    Sequence(Tile),
    /// Three of a kind (刻子).
    Triplet(Tile),
}

impl Group {
    /// The sequence starting at `first`, or `None` unless `first` is a number tile 1..7.
    ///
    /// ```
    /// use haipai_decompose::Group;
    /// use haipai_tiles::parse_tile;
    /// assert!(Group::sequence(parse_tile("7s")?.tile()).is_some());
    /// assert_eq!(Group::sequence(parse_tile("8m")?.tile()), None); // 8m 9m and no 10m
    /// assert_eq!(Group::sequence(parse_tile("1z")?.tile()), None);
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    pub const fn sequence(first: Tile) -> Option<Group> {
        if Group::Sequence(first).is_valid() { Some(Group::Sequence(first)) } else { None }
    }

    /// False for a sequence that does not start at a number tile 1..7 (its three tiles would
    /// leave the suit); every triplet is valid.
    pub const fn is_valid(self) -> bool {
        match self {
            Group::Triplet(_) => true,
            Group::Sequence(t) => !t.is_honour() && t.number() <= 7,
        }
    }

    /// The lowest tile (the only kind, for a triplet).
    pub const fn first(self) -> Tile {
        match self {
            Group::Sequence(t) | Group::Triplet(t) => t,
        }
    }

    /// True for a sequence.
    pub const fn is_sequence(self) -> bool {
        matches!(self, Group::Sequence(_))
    }

    /// True for a triplet.
    pub const fn is_triplet(self) -> bool {
        matches!(self, Group::Triplet(_))
    }

    /// True if the group holds at least one `tile`.
    pub const fn contains(self, tile: Tile) -> bool {
        match self {
            Group::Triplet(t) => t.index() == tile.index(),
            Group::Sequence(t) => tile.index() >= t.index() && tile.index() <= t.index() + 2,
        }
    }

    /// The group's three tiles as counts.
    ///
    /// # Panics
    ///
    /// For a sequence that is not [valid](Group::is_valid).
    pub fn tiles(self) -> Counts {
        let mut counts = [0u8; 34];
        self.add_to(&mut counts);
        counts
    }

    /// Adds the group's tiles to `counts`; a count that would pass 255 stays at 255.
    ///
    /// # Panics
    ///
    /// For a sequence that is not [valid](Group::is_valid) (such as `Sequence(8m)`, whose
    /// tiles would run into the pins).
    pub fn add_to(self, counts: &mut Counts) {
        assert!(self.is_valid(), "{self:?} is not a group: a sequence starts at a number tile 1..7");
        let add = |c: &mut u8, n: u8| *c = c.saturating_add(n);
        match self {
            Group::Triplet(t) => add(&mut counts[t.index()], 3),
            Group::Sequence(t) => {
                for c in &mut counts[t.index()..t.index() + 3] {
                    add(c, 1);
                }
            }
        }
    }

    /// The digits of the group without the suit letter, e.g. `123` or `555`.
    pub fn digits(self) -> String {
        let n = self.first().number();
        match self {
            Group::Triplet(_) => format!("{n}{n}{n}"),
            Group::Sequence(_) => format!("{}{}{}", n, n + 1, n + 2),
        }
    }

    fn sort_key(self) -> (u8, u8) {
        match self {
            Group::Triplet(t) => (t.index() as u8, 0),
            Group::Sequence(t) => (t.index() as u8, 1),
        }
    }
}

impl PartialOrd for Group {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Group {
    /// Lowest tile first; at the same tile a triplet sorts before a sequence.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.sort_key().cmp(&other.sort_key())
    }
}

impl fmt::Display for Group {
    /// MPSZ form: `123m`, `555z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.digits(), self.first().suit().letter())
    }
}

/// One regular decomposition of a winning hand's closed tiles: `len` complete groups and one
/// pair (雀頭). Called melds are not part of it.
///
/// `groups[..len]` are sorted (see [`Group`]'s order); slots from `len` on are unused and hold
/// an arbitrary group. Use [`Arrangement::groups`] for the used slice.
///
/// ```
/// use haipai_decompose::{winning_arrangements, Group};
/// use haipai_tiles::parse_counts;
///
/// let hand = parse_counts("111222333m789p55s")?;
/// let all: Vec<String> = winning_arrangements(&hand).map(|a| a.to_string()).collect();
/// assert_eq!(all, ["(111m)(222m)(333m)(789p)(55s)", "(123m)(123m)(123m)(789p)(55s)"]);
/// let first = winning_arrangements(&hand).next().unwrap();
/// assert_eq!(first.groups().len(), 4);
/// assert!(matches!(first.groups()[3], Group::Sequence(_)));
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Arrangement {
    /// The pair.
    pub pair: Tile,
    /// The complete groups; only the first `len` are used.
    pub groups: [Group; 4],
    /// Number of groups used, 0..=4.
    pub len: u8,
}

impl Arrangement {
    /// The groups in use, sorted.
    ///
    /// # Panics
    ///
    /// When `len` is more than 4 (possible only in an arrangement written by hand: the
    /// fields are public).
    #[inline]
    pub fn groups(&self) -> &[Group] {
        assert!(self.len <= 4, "an arrangement has at most 4 groups, not {}", self.len);
        &self.groups[..usize::from(self.len)]
    }

    /// All the arrangement's tiles as counts (the groups and the pair).
    ///
    /// # Panics
    ///
    /// As [`Arrangement::groups`] and [`Group::add_to`].
    pub fn tiles(&self) -> Counts {
        let mut counts = [0u8; 34];
        counts[self.pair.index()] += 2;
        for g in self.groups() {
            g.add_to(&mut counts);
        }
        counts
    }
}

impl fmt::Display for Arrangement {
    /// Groups and the pair in parentheses, MPSZ, sorted by lowest tile with the pair before a
    /// triplet before a sequence of the same tile: `(111m)(222m)(789p)(55s)(345s)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pair_done = false;
        for g in self.groups() {
            if !pair_done && self.pair.index() <= g.first().index() {
                write!(f, "({p}{p}{s})", p = self.pair.number(), s = self.pair.suit().letter())?;
                pair_done = true;
            }
            write!(f, "({g})")?;
        }
        if !pair_done {
            write!(f, "({p}{p}{s})", p = self.pair.number(), s = self.pair.suit().letter())?;
        }
        Ok(())
    }
}

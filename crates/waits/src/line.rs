//! `Line`: one waiting decomposition (complete groups and pairs plus the waiting part), its
//! wait kind and the tiles it wins on, and its printing in document 004's classic format.

use haipai_decompose::Group;
use haipai_tiles::{Tile, TileSet};
use std::cmp::Ordering;
use std::fmt;

/// The kind of one waiting line.
///
/// Multi-sided waits are several lines, as in document 004: a nobetan (4567 waiting on 4 and 7)
/// is two tanki lines, `(567)[4]` and `(456)[7]`; a sanmenchan (23456 waiting on 1, 4 and 7) is a
/// ryanmen line `(456)[23]` and a ryanmen line `(234)[56]`; an entotsu (11123 + ...) mixes
/// shanpon and ryanmen lines. [`crate::Waits::winning_tiles`] is the union.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum WaitKind {
    /// A single tile waiting for its pair (単騎).
    Tanki,
    /// A pair waiting to become a triplet, the other pair being the head (双碰).
    Shanpon,
    /// Two consecutive tiles 23..78, waiting on both sides (両面).
    Ryanmen,
    /// A gap, such as 13 waiting on 2 (嵌張).
    Kanchan,
    /// 12 waiting on 3 or 89 waiting on 7 (辺張).
    Penchan,
    /// Six pairs and a single (七対子の単騎).
    SevenPairs,
    /// Thirteen orphans with a pair, waiting on the one missing kind (国士無双).
    ThirteenOrphans,
    /// Thirteen orphans with all thirteen kinds, waiting on any of them (国士無双十三面).
    ThirteenOrphans13,
}

impl WaitKind {
    /// Every kind.
    pub const ALL: [WaitKind; 8] = [
        WaitKind::Tanki,
        WaitKind::Shanpon,
        WaitKind::Ryanmen,
        WaitKind::Kanchan,
        WaitKind::Penchan,
        WaitKind::SevenPairs,
        WaitKind::ThirteenOrphans,
        WaitKind::ThirteenOrphans13,
    ];

    /// A short English name: `tanki`, `shanpon`, `ryanmen`, `kanchan`, `penchan`,
    /// `seven-pairs`, `thirteen-orphans`, `thirteen-orphans-13`.
    pub const fn name(self) -> &'static str {
        match self {
            WaitKind::Tanki => "tanki",
            WaitKind::Shanpon => "shanpon",
            WaitKind::Ryanmen => "ryanmen",
            WaitKind::Kanchan => "kanchan",
            WaitKind::Penchan => "penchan",
            WaitKind::SevenPairs => "seven-pairs",
            WaitKind::ThirteenOrphans => "thirteen-orphans",
            WaitKind::ThirteenOrphans13 => "thirteen-orphans-13",
        }
    }

    /// The Japanese name.
    pub const fn japanese(self) -> &'static str {
        match self {
            WaitKind::Tanki => "単騎",
            WaitKind::Shanpon => "双碰",
            WaitKind::Ryanmen => "両面",
            WaitKind::Kanchan => "嵌張",
            WaitKind::Penchan => "辺張",
            WaitKind::SevenPairs => "七対子単騎",
            WaitKind::ThirteenOrphans => "国士無双",
            WaitKind::ThirteenOrphans13 => "国士無双十三面",
        }
    }
}

impl fmt::Display for WaitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How tiles print in [`Line::classic`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Notation {
    /// Digits only, as document 004 prints one-suit hands: `(111)(222)(888)(99)[45]`.
    /// Meaningful for hands of one suit; the suit is simply not printed.
    Digits,
    /// Each group with its suit letter: `(123m)(456p)(11z)[45s]`.
    #[default]
    Mpsz,
}

/// One waiting decomposition of the closed tiles.
///
/// Complete groups and pairs print in `()`, the waiting part in `[]`: a single tile (tanki, the
/// seven-pairs single), two tiles (ryanmen, kanchan, penchan, or a pair for shanpon, printed
/// once with each of the two pairs in the brackets), or thirteen tiles (thirteen orphans).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Line {
    pub(crate) kind: WaitKind,
    pub(crate) groups: [Group; 4],
    pub(crate) n_groups: u8,
    pub(crate) pairs: [Tile; 6],
    pub(crate) n_pairs: u8,
    pub(crate) waiting: [Tile; 13],
    pub(crate) n_waiting: u8,
    pub(crate) shape_wins: TileSet,
    pub(crate) wins: TileSet,
}

const NO_GROUP: Group = Group::Triplet(Tile::EAST);

impl Line {
    pub(crate) fn empty(kind: WaitKind) -> Line {
        Line {
            kind,
            groups: [NO_GROUP; 4],
            n_groups: 0,
            pairs: [Tile::EAST; 6],
            n_pairs: 0,
            waiting: [Tile::EAST; 13],
            n_waiting: 0,
            shape_wins: TileSet::EMPTY,
            wins: TileSet::EMPTY,
        }
    }

    pub(crate) fn push_group(&mut self, g: Group) {
        self.groups[usize::from(self.n_groups)] = g;
        self.n_groups += 1;
    }

    pub(crate) fn push_pair(&mut self, t: Tile) {
        self.pairs[usize::from(self.n_pairs)] = t;
        self.n_pairs += 1;
    }

    pub(crate) fn push_waiting(&mut self, t: Tile) {
        self.waiting[usize::from(self.n_waiting)] = t;
        self.n_waiting += 1;
    }

    /// The wait kind.
    pub fn kind(&self) -> WaitKind {
        self.kind
    }

    /// The complete groups of the closed tiles, sorted.
    pub fn groups(&self) -> &[Group] {
        &self.groups[..usize::from(self.n_groups)]
    }

    /// The complete pairs: the head (0 or 1) of a regular line, six for seven pairs, the pair
    /// of a thirteen-orphans single wait is part of the waiting part.
    pub fn pairs(&self) -> &[Tile] {
        &self.pairs[..usize::from(self.n_pairs)]
    }

    /// The waiting part, sorted: 1, 2 or 13 tiles.
    pub fn waiting(&self) -> &[Tile] {
        &self.waiting[..usize::from(self.n_waiting)]
    }

    /// Every tile that completes the line's shape, including tiles the hand already holds four
    /// times.
    pub fn shape_wins(&self) -> TileSet {
        self.shape_wins
    }

    /// The tiles the line wins on: [`Line::shape_wins`] without those the hand (closed tiles
    /// and called melds) already holds four times.
    pub fn wins(&self) -> TileSet {
        self.wins
    }

    /// True if every tile completing the shape is already held four times (空聴): the line
    /// wins on nothing.
    pub fn is_karaten(&self) -> bool {
        self.wins.is_empty()
    }

    /// The line in document 004's format: groups and pairs in `()` sorted by lowest tile (a pair
    /// before a triplet before a sequence of the same tile), then the waiting part in `[]`.
    ///
    /// ```
    /// use haipai_waits::{waits, Notation};
    /// use haipai_tiles::parse_counts;
    /// let w = waits(&parse_counts("1112224588899m")?);
    /// assert_eq!(w.lines()[0].classic(Notation::Digits), "(111)(222)(888)(99)[45]");
    /// assert_eq!(w.lines()[0].classic(Notation::Mpsz), "(111m)(222m)(888m)(99m)[45m]");
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    pub fn classic(&self, notation: Notation) -> String {
        let mut out = String::with_capacity(32);
        self.write_classic(&mut out, notation);
        out
    }

    /// Appends [`Line::classic`] to `out`.
    pub fn write_classic(&self, out: &mut String, notation: Notation) {
        let items = self.items();
        for &(tile, rank) in &items[..self.n_items()] {
            out.push('(');
            let n = tile.number();
            let digits: [u8; 3] = match rank {
                0 => [n, n, 0],
                1 => [n, n, n],
                _ => [n, n + 1, n + 2],
            };
            for d in digits.into_iter().filter(|&d| d > 0) {
                out.push(char::from(b'0' + d));
            }
            if notation == Notation::Mpsz {
                out.push(tile.suit().letter());
            }
            out.push(')');
        }
        out.push('[');
        write_tiles(out, self.waiting(), notation);
        out.push(']');
    }

    fn n_items(&self) -> usize {
        usize::from(self.n_groups + self.n_pairs)
    }

    /// Groups and pairs as (tile, rank) with rank 0 pair, 1 triplet, 2 sequence, sorted.
    fn items(&self) -> [(Tile, u8); 10] {
        let mut items = [(Tile::EAST, 9u8); 10];
        let mut n = 0;
        for &p in self.pairs() {
            items[n] = (p, 0);
            n += 1;
        }
        for g in self.groups() {
            items[n] = match *g {
                Group::Triplet(t) => (t, 1),
                Group::Sequence(t) => (t, 2),
            };
            n += 1;
        }
        items[..n].sort_unstable();
        items
    }

    fn sort_key(&self) -> ([(Tile, u8); 10], usize, [Tile; 13], usize, WaitKind) {
        (self.items(), self.n_items(), self.waiting, usize::from(self.n_waiting), self.kind)
    }
}

/// Writes tiles in order, grouping digits by suit (`119m19p`) or digits alone.
pub(crate) fn write_tiles(out: &mut String, tiles: &[Tile], notation: Notation) {
    for (k, t) in tiles.iter().enumerate() {
        out.push(char::from(b'0' + t.number()));
        let last_of_suit = tiles.get(k + 1).is_none_or(|next| next.suit() != t.suit());
        if notation == Notation::Mpsz && last_of_suit {
            out.push(t.suit().letter());
        }
    }
}

impl PartialOrd for Line {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Line {
    /// By the sorted groups and pairs, then the waiting part.
    fn cmp(&self, other: &Self) -> Ordering {
        self.sort_key().cmp(&other.sort_key())
    }
}

impl fmt::Display for Line {
    /// [`Line::classic`] in MPSZ notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.classic(Notation::Mpsz))
    }
}

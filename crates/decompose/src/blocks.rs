//! Every decomposition of closed tiles into blocks: complete groups, at most one pair (the
//! head), partial shapes and isolated tiles, as a resumable depth-first search with a
//! fixed-size stack (no allocation per item).
//!
//! Each multiset of blocks is produced once: the search always covers the lowest tile still
//! held, with a block that starts there, and blocks starting at the same tile are chosen in
//! non-decreasing [`BlockKind`] order.

use haipai_tiles::{Counts, Tile, TileSet};
use std::fmt;

/// The kinds of block, in the order the search tries them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum BlockKind {
    /// Three of a kind (刻子).
    Triplet,
    /// Three consecutive numbered tiles (順子).
    Sequence,
    /// The pair that serves as the head (雀頭); at most one per decomposition.
    Pair,
    /// A pair waiting to become a triplet (対子 as a partial shape).
    PairPartial,
    /// Two consecutive numbered tiles 23..78, open on both sides (両面).
    Ryanmen,
    /// 12 or 89: open on one side only (辺張).
    Penchan,
    /// Two numbered tiles with a gap, such as 13 (嵌張).
    Kanchan,
    /// One tile on its own (浮き牌).
    Isolated,
}

impl BlockKind {
    /// All kinds in search order.
    pub const ALL: [BlockKind; 8] = [
        BlockKind::Triplet,
        BlockKind::Sequence,
        BlockKind::Pair,
        BlockKind::PairPartial,
        BlockKind::Ryanmen,
        BlockKind::Penchan,
        BlockKind::Kanchan,
        BlockKind::Isolated,
    ];

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of [`BlockKind`]s, to restrict a search.
///
/// ```
/// use haipai_decompose::{BlockKind, BlockKinds};
/// let k = BlockKinds::MELDS.with(BlockKind::Pair);
/// assert!(k.contains(BlockKind::Triplet) && k.contains(BlockKind::Pair));
/// assert!(!k.contains(BlockKind::Isolated));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BlockKinds(u8);

impl BlockKinds {
    /// Every kind.
    pub const ALL: BlockKinds = BlockKinds(0xFF);
    /// Triplets and sequences.
    pub const MELDS: BlockKinds = BlockKinds(1 | 2);
    /// Melds and the head: the kinds of a winning arrangement.
    pub const WINNING: BlockKinds = BlockKinds(1 | 2 | 4);
    /// Every kind but isolated tiles.
    pub const NO_ISOLATED: BlockKinds = BlockKinds(0x7F);

    /// The set with `kind` added.
    #[must_use]
    pub const fn with(self, kind: BlockKind) -> BlockKinds {
        BlockKinds(self.0 | kind.bit())
    }

    /// The set with `kind` removed.
    #[must_use]
    pub const fn without(self, kind: BlockKind) -> BlockKinds {
        BlockKinds(self.0 & !kind.bit())
    }

    /// True if `kind` is in the set.
    pub const fn contains(self, kind: BlockKind) -> bool {
        self.0 & kind.bit() != 0
    }
}

/// One block of a decomposition: its kind and its lowest tile.
///
/// The fields are public, so a block whose shape does not fit its tile can be written
/// (a ryanmen at 1m or 9m, a penchan at 5m, a sequence or kanchan at an honour);
/// [`Block::new`] builds only blocks that fit, [`Block::is_valid`] tells, and the methods that
/// list a block's tiles ([`Block::tiles`], [`Block::add_to`], [`Block::completions`]) panic on
/// one that does not fit rather than answer with tiles of another suit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Block {
    /// Its lowest tile.
    pub tile: Tile,
    /// What it is.
    pub kind: BlockKind,
}

impl Block {
    /// The block of `kind` at `tile`, or `None` when the shape does not fit there: a sequence
    /// or kanchan needs a number tile 1..7, a ryanmen 2..7, a penchan 1 or 8 (every tile can
    /// hold a triplet, a pair or an isolated tile).
    ///
    /// ```
    /// use haipai_decompose::{Block, BlockKind};
    /// use haipai_tiles::parse_tile;
    /// let one = parse_tile("1m")?.tile();
    /// assert!(Block::new(one, BlockKind::Penchan).is_some());
    /// assert_eq!(Block::new(one, BlockKind::Ryanmen), None); // 12m waits on 3m only
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    pub const fn new(tile: Tile, kind: BlockKind) -> Option<Block> {
        let block = Block { tile, kind };
        if block.is_valid() { Some(block) } else { None }
    }

    /// True when the block's shape fits its tile (see [`Block::new`]).
    pub const fn is_valid(self) -> bool {
        let n = self.tile.number();
        let number = !self.tile.is_honour();
        match self.kind {
            BlockKind::Triplet | BlockKind::Pair | BlockKind::PairPartial | BlockKind::Isolated => true,
            BlockKind::Sequence | BlockKind::Kanchan => number && n <= 7,
            BlockKind::Ryanmen => number && n >= 2 && n <= 7,
            BlockKind::Penchan => number && (n == 1 || n == 8),
        }
    }

    /// Number of tiles: 3, 2 or 1.
    pub const fn len(self) -> usize {
        match self.kind {
            BlockKind::Triplet | BlockKind::Sequence => 3,
            BlockKind::Isolated => 1,
            _ => 2,
        }
    }

    /// Always false.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// True for a triplet or a sequence.
    pub const fn is_meld(self) -> bool {
        matches!(self.kind, BlockKind::Triplet | BlockKind::Sequence)
    }

    /// True for a two-tile partial shape (pair-as-partial, ryanmen, penchan, kanchan); the head
    /// is not a partial.
    pub const fn is_partial(self) -> bool {
        matches!(self.kind, BlockKind::PairPartial | BlockKind::Ryanmen | BlockKind::Penchan | BlockKind::Kanchan)
    }

    /// Adds the block's tiles to `counts`; a count that would pass 255 stays at 255.
    ///
    /// # Panics
    ///
    /// For a block that is not [valid](Block::is_valid).
    pub fn add_to(self, counts: &mut Counts) {
        self.assert_valid();
        let i = self.tile.index();
        let mut add = |j: usize, n: u8| counts[j] = counts[j].saturating_add(n);
        match self.kind {
            BlockKind::Triplet => add(i, 3),
            BlockKind::Sequence => {
                add(i, 1);
                add(i + 1, 1);
                add(i + 2, 1);
            }
            BlockKind::Pair | BlockKind::PairPartial => add(i, 2),
            BlockKind::Ryanmen | BlockKind::Penchan => {
                add(i, 1);
                add(i + 1, 1);
            }
            BlockKind::Kanchan => {
                add(i, 1);
                add(i + 2, 1);
            }
            BlockKind::Isolated => add(i, 1),
        }
    }

    /// Panics with a message naming the block unless it is valid.
    fn assert_valid(self) {
        assert!(self.is_valid(), "{self:?} is not a block: its shape does not fit at {}", self.tile);
    }

    /// The block's tiles as counts.
    ///
    /// # Panics
    ///
    /// For a block that is not [valid](Block::is_valid).
    pub fn tiles(self) -> Counts {
        let mut counts = [0u8; 34];
        self.add_to(&mut counts);
        counts
    }

    /// The tiles that would complete it into a group of three (for an isolated tile, the tile
    /// that pairs it); empty for a meld or the head.
    ///
    /// ```
    /// use haipai_decompose::{Block, BlockKind};
    /// use haipai_tiles::parse_tile;
    /// let t = parse_tile("4p")?.tile();
    /// assert_eq!(Block { tile: t, kind: BlockKind::Ryanmen }.completions().to_string(), "36p");
    /// assert_eq!(Block { tile: t, kind: BlockKind::Kanchan }.completions().to_string(), "5p");
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    ///
    /// # Panics
    ///
    /// For a block that is not [valid](Block::is_valid).
    pub fn completions(self) -> TileSet {
        self.assert_valid();
        let i = self.tile.index();
        let set = |idx: &[usize]| idx.iter().filter_map(|&j| Tile::new(j)).collect::<TileSet>();
        match self.kind {
            BlockKind::Triplet | BlockKind::Sequence | BlockKind::Pair => TileSet::EMPTY,
            BlockKind::PairPartial | BlockKind::Isolated => set(&[i]),
            BlockKind::Ryanmen => set(&[i - 1, i + 2]),
            BlockKind::Penchan => set(&[if self.tile.number() == 1 { i + 2 } else { i - 1 }]),
            BlockKind::Kanchan => set(&[i + 1]),
        }
    }

    fn fits(self, work: &Counts, have_head: bool) -> bool {
        let i = self.tile.index();
        let n = self.tile.number();
        let honour = self.tile.is_honour();
        match self.kind {
            BlockKind::Triplet => work[i] >= 3,
            BlockKind::Sequence => !honour && n <= 7 && work[i + 1] > 0 && work[i + 2] > 0,
            BlockKind::Pair => !have_head && work[i] >= 2,
            BlockKind::PairPartial => work[i] >= 2,
            BlockKind::Ryanmen => !honour && (2..=7).contains(&n) && work[i + 1] > 0,
            BlockKind::Penchan => !honour && (n == 1 || n == 8) && work[i + 1] > 0,
            BlockKind::Kanchan => !honour && n <= 7 && work[i + 2] > 0,
            BlockKind::Isolated => true,
        }
    }

    fn remove_from(self, counts: &mut Counts) {
        let t = self.tiles();
        for (c, x) in counts.iter_mut().zip(t) {
            *c -= x;
        }
    }
}

impl fmt::Display for Block {
    /// Melds in `()`, the head in `{}`, partial shapes in `[]`, an isolated tile bare:
    /// `(123m)`, `{55z}`, `[46p]`, `9s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.tile.number();
        let s = self.tile.suit().letter();
        match self.kind {
            BlockKind::Triplet => write!(f, "({n}{n}{n}{s})"),
            BlockKind::Sequence => write!(f, "({}{}{}{s})", n, n + 1, n + 2),
            BlockKind::Pair => write!(f, "{{{n}{n}{s}}}"),
            BlockKind::PairPartial => write!(f, "[{n}{n}{s}]"),
            BlockKind::Ryanmen | BlockKind::Penchan => write!(f, "[{}{}{s}]", n, n + 1),
            BlockKind::Kanchan => write!(f, "[{}{}{s}]", n, n + 2),
            BlockKind::Isolated => write!(f, "{n}{s}"),
        }
    }
}

/// One decomposition: up to 14 blocks covering the closed tiles exactly, sorted by lowest tile
/// then kind. Its `FromStr` reads back what `Display` prints (see [`crate::ParseError`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Decomposition {
    blocks: [Block; 14],
    len: u8,
}

impl Decomposition {
    /// The decomposition of `blocks`, already sorted and at most 14 (the search and the parser
    /// make sure); the unused slots hold one fixed block, so equal decompositions are equal.
    pub(crate) fn from_sorted(blocks: &[Block]) -> Decomposition {
        let mut all = [NO_BLOCK; 14];
        all[..blocks.len()].copy_from_slice(blocks);
        Decomposition { blocks: all, len: blocks.len() as u8 }
    }

    /// The blocks, sorted by lowest tile, then kind.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks[..usize::from(self.len)]
    }

    /// Number of complete groups.
    pub fn melds(&self) -> usize {
        self.blocks().iter().filter(|b| b.is_meld()).count()
    }

    /// Number of two-tile partial shapes (not counting the head).
    pub fn partials(&self) -> usize {
        self.blocks().iter().filter(|b| b.is_partial()).count()
    }

    /// The head's tile, if there is one.
    pub fn head(&self) -> Option<Tile> {
        self.blocks().iter().find(|b| b.kind == BlockKind::Pair).map(|b| b.tile)
    }

    /// Number of isolated tiles.
    pub fn isolated(&self) -> usize {
        self.blocks().iter().filter(|b| b.kind == BlockKind::Isolated).count()
    }
}

impl fmt::Display for Decomposition {
    /// The blocks in order, each as [`Block`] prints it: `(123m){55z}[46p]9s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.blocks() {
            write!(f, "{b}")?;
        }
        Ok(())
    }
}

/// Every decomposition of the closed tiles (at most 14) into blocks of any kind; see
/// [`Decompositions`].
///
/// ```
/// use haipai_decompose::decompositions;
/// use haipai_tiles::parse_counts;
/// let all: Vec<String> = decompositions(&parse_counts("113m")?).map(|d| d.to_string()).collect();
/// assert_eq!(all, ["{11m}3m", "[11m]3m", "[13m]1m", "1m1m3m"]);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
pub fn decompositions(closed: &Counts) -> Decompositions {
    Decompositions::new(closed, BlockKinds::ALL, 14)
}

const NO_BLOCK: Block = Block { tile: Tile::EAST, kind: BlockKind::Isolated };

/// Iterator over decompositions into blocks, optionally restricted to some kinds and to at
/// most `max_loose` blocks that are not complete groups (head, partials, isolated tiles).
///
/// It owns a copy of the counts and a fixed stack of 14 blocks: no allocation. A hand of more
/// than 14 tiles yields nothing.
///
/// ```
/// use haipai_decompose::{BlockKinds, Decompositions};
/// use haipai_tiles::parse_counts;
/// // 1112345678999m + any tile: only melds, the head and one partial or isolated tile.
/// let d = Decompositions::new(&parse_counts("1112223334567m")?, BlockKinds::ALL, 2);
/// let tenpai: Vec<String> = d
///     .filter(|d| d.melds() == 4 || (d.melds() == 3 && d.head().is_some() && d.partials() == 1))
///     .map(|d| d.to_string())
///     .collect();
/// assert_eq!(tenpai.len(), 11); // the eleven lines of document 004
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Decompositions {
    work: Counts,
    kinds: BlockKinds,
    max_loose: u8,
    loose: u8,
    have_head: bool,
    stack: [Block; 14],
    depth: u8,
    started: bool,
    done: bool,
}

impl Decompositions {
    /// A search over `closed` with blocks of `kinds` only and at most `max_loose` blocks that
    /// are not complete groups.
    pub fn new(closed: &Counts, kinds: BlockKinds, max_loose: u8) -> Decompositions {
        let total: u32 = closed.iter().map(|&c| u32::from(c)).sum();
        Decompositions {
            work: *closed,
            kinds,
            max_loose,
            loose: 0,
            have_head: false,
            stack: [NO_BLOCK; 14],
            depth: 0,
            started: false,
            done: total > 14,
        }
    }

    /// Pushes the first kind from `from` on that fits at tile `i`.
    fn push_from(&mut self, i: usize, from: usize) -> bool {
        let Some(tile) = Tile::new(i) else { return false };
        for &kind in &BlockKind::ALL[from..] {
            if !self.kinds.contains(kind) {
                continue;
            }
            let block = Block { tile, kind };
            let loose = !block.is_meld();
            if loose && self.loose >= self.max_loose {
                continue;
            }
            if block.fits(&self.work, self.have_head) {
                block.remove_from(&mut self.work);
                self.loose += u8::from(loose);
                self.have_head |= kind == BlockKind::Pair;
                self.stack[usize::from(self.depth)] = block;
                self.depth += 1;
                return true;
            }
        }
        false
    }

    fn pop(&mut self) -> Block {
        self.depth -= 1;
        let b = self.stack[usize::from(self.depth)];
        b.add_to(&mut self.work);
        self.loose -= u8::from(!b.is_meld());
        if b.kind == BlockKind::Pair {
            self.have_head = false;
        }
        b
    }

    fn backtrack(&mut self) -> bool {
        while self.depth > 0 {
            let b = self.pop();
            if self.push_from(b.tile.index(), b.kind as usize + 1) {
                return true;
            }
        }
        false
    }

    fn descend(&mut self) -> bool {
        loop {
            let Some(i) = self.work.iter().position(|&c| c > 0) else {
                return true;
            };
            let from = match self.depth {
                0 => 0,
                d => {
                    let top = self.stack[usize::from(d) - 1];
                    if top.tile.index() == i { top.kind as usize } else { 0 }
                }
            };
            if !self.push_from(i, from) && !self.backtrack() {
                return false;
            }
        }
    }
}

impl Iterator for Decompositions {
    type Item = Decomposition;

    fn next(&mut self) -> Option<Decomposition> {
        if self.done {
            return None;
        }
        let found = if self.started {
            self.backtrack() && self.descend()
        } else {
            self.started = true;
            self.descend()
        };
        if found {
            // Slots past the depth hold blocks popped earlier: clear them, so that equal
            // decompositions compare (and hash) equal.
            Some(Decomposition::from_sorted(&self.stack[..usize::from(self.depth)]))
        } else {
            self.done = true;
            None
        }
    }
}

impl std::iter::FusedIterator for Decompositions {}

//! Computing the waits of a hand: every waiting line of the regular form (from the block
//! decompositions of the closed tiles), seven pairs and thirteen orphans, then karaten.

use crate::line::{Line, Notation, WaitKind};
use haipai_decompose::{Block, BlockKind, BlockKinds, Decompositions, Group, TERMINALS_AND_HONOURS};
use haipai_tiles::{Counts, Error, ErrorKind, Hand, Tile, TileSet, total};

/// Which lines [`waits_with`] and [`hand_waits`] list. New fields may be added, so outside
/// this crate it is built from the default with its setters:
///
/// ```
/// use haipai_waits::LineOptions;
/// let keep_all = LineOptions::default().karaten(true);
/// assert!(keep_all.karaten && keep_all.seven_pairs && keep_all.thirteen_orphans);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub struct LineOptions {
    /// Keep karaten lines (every winning tile already held four times); they win on nothing
    /// and [`Line::is_karaten`] marks them. Default false.
    pub karaten: bool,
    /// Include the seven-pairs line. Default true.
    pub seven_pairs: bool,
    /// Include thirteen-orphans lines. Default true.
    pub thirteen_orphans: bool,
}

impl Default for LineOptions {
    fn default() -> LineOptions {
        LineOptions { karaten: false, seven_pairs: true, thirteen_orphans: true }
    }
}

impl LineOptions {
    /// With karaten lines kept (`true`) or dropped.
    #[must_use]
    pub const fn karaten(mut self, karaten: bool) -> LineOptions {
        self.karaten = karaten;
        self
    }

    /// With the seven-pairs line listed (`true`) or not.
    #[must_use]
    pub const fn seven_pairs(mut self, seven_pairs: bool) -> LineOptions {
        self.seven_pairs = seven_pairs;
        self
    }

    /// With thirteen-orphans lines listed (`true`) or not.
    #[must_use]
    pub const fn thirteen_orphans(mut self, thirteen_orphans: bool) -> LineOptions {
        self.thirteen_orphans = thirteen_orphans;
        self
    }
}

/// The waits of a hand: every waiting line and the union of the tiles they win on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Waits {
    lines: Vec<Line>,
    winning: TileSet,
    held: Counts,
}

impl Waits {
    /// Every waiting line, sorted (see [`Line`]'s order). Empty if the hand is not tenpai.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The winning tiles (和了牌): the union of the lines' [`Line::wins`].
    pub fn winning_tiles(&self) -> TileSet {
        self.winning
    }

    /// True if some tile wins (a hand whose only lines are karaten is not tenpai).
    pub fn is_tenpai(&self) -> bool {
        !self.winning.is_empty()
    }

    /// The tiles the hand holds, closed and in called melds.
    pub fn held(&self) -> &Counts {
        &self.held
    }

    /// For each winning tile, how many copies are still live: 4 minus the copies in `visible`
    /// (which should include the hand's own tiles, discards, melds, dora indicators...).
    ///
    /// ```
    /// use haipai_waits::waits;
    /// use haipai_tiles::parse_counts;
    /// let hand = parse_counts("1112224588899m")?;
    /// let w = waits(&hand);
    /// let mut visible = hand;
    /// visible[5] += 2; // two 6m discarded
    /// let live: Vec<String> = w.live(&visible).iter().map(|(t, n)| format!("{t}x{n}")).collect();
    /// assert_eq!(live, ["3mx4", "6mx2"]);
    /// assert_eq!(w.live_total(&visible), 6);
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    pub fn live(&self, visible: &Counts) -> Vec<(Tile, u8)> {
        self.winning.iter().map(|t| (t, 4u8.saturating_sub(visible[t.index()]))).collect()
    }

    /// The number of live winning tiles (受け入れ枚数), see [`Waits::live`].
    pub fn live_total(&self, visible: &Counts) -> u32 {
        self.live(visible).iter().map(|&(_, n)| u32::from(n)).sum()
    }

    /// The lines in the classic format, one string each.
    pub fn classic_lines(&self, notation: Notation) -> Vec<String> {
        self.lines.iter().map(|l| l.classic(notation)).collect()
    }
}

/// The waits of a closed hand of 3n+1 tiles (13, 10, 7, 4 or 1; fewer tiles means called
/// melds, which are then assumed to hold none of these kinds), with the default [`LineOptions`].
/// Other sizes give no lines.
///
/// ```
/// use haipai_waits::{waits, Notation};
/// use haipai_tiles::parse_counts;
/// let w = waits(&parse_counts("1122335556799m")?);
/// assert_eq!(w.winning_tiles().to_string(), "589m");
/// assert_eq!(
///     w.classic_lines(Notation::Digits),
///     ["(123)(123)(55)(567)[99]", "(123)(123)(555)(99)[67]", "(123)(123)(567)(99)[55]"]
/// );
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[must_use]
pub fn waits(closed: &Counts) -> Waits {
    waits_with(closed, &[0; 34], LineOptions::default())
}

/// The waits of a hand: closed tiles, the tiles of its called melds (`meld_tiles`, only used to
/// count copies for karaten), and [`LineOptions`].
///
/// Any counts are accepted (never a panic): a closed size other than 3n+1 (at most 13) gives
/// no lines, and [`Waits::held`] adds the two arrays, a sum past 255 staying at 255.
///
/// ```
/// use haipai_waits::{Notation, LineOptions, waits_with};
/// use haipai_tiles::parse_counts;
///
/// // A 1m tanki: with a called pon of 2m it waits on 1m...
/// let closed = parse_counts("1m123p456p789p")?;
/// let pon_2m = parse_counts("222m")?;
/// assert_eq!(waits_with(&closed, &pon_2m, LineOptions::default()).winning_tiles().to_string(), "1m");
/// // ... with a called pon of 1m every 1m is held: karaten, kept only on request.
/// let pon_1m = parse_counts("111m")?;
/// assert!(!waits_with(&closed, &pon_1m, LineOptions::default()).is_tenpai());
/// let kept = waits_with(&closed, &pon_1m, LineOptions::default().karaten(true));
/// assert_eq!(kept.classic_lines(Notation::Mpsz), ["(123p)(456p)(789p)[1m]"]);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[must_use]
pub fn waits_with(closed: &Counts, meld_tiles: &Counts, options: LineOptions) -> Waits {
    let mut held = *closed;
    for (h, m) in held.iter_mut().zip(meld_tiles) {
        *h = h.saturating_add(*m);
    }
    let mut lines = Vec::new();
    let n = total(closed) as usize;
    if n % 3 == 1 && n <= 13 {
        regular_lines(closed, &held, &mut lines);
        if n == 13 && options.seven_pairs {
            seven_pairs_line(closed, &held, &mut lines);
        }
        if n == 13 && options.thirteen_orphans {
            thirteen_orphans_line(closed, &held, &mut lines);
        }
    }
    if !options.karaten {
        lines.retain(|l| !l.is_karaten());
    }
    lines.sort_unstable();
    let winning = lines.iter().fold(TileSet::EMPTY, |acc, l| acc.union(l.wins));
    Waits { lines, winning, held }
}

/// The waits of a [`Hand`] of 13 tiles (closed tiles + 3 per called meld), with `options`.
///
/// ```
/// use haipai_waits::{hand_waits, LineOptions};
/// use haipai_tiles::Hand;
/// let hand = Hand::parse("1m234p[789s][5555z*][111z]")?;
/// let w = hand_waits(&hand, LineOptions::default())?;
/// assert_eq!(w.lines()[0].to_string(), "(234p)[1m]");
/// let fourteen = hand_waits(&Hand::parse("11m234p[789s][5555z*][111z]")?, LineOptions::default());
/// let message = "13 tiles expected, got 14 (3 counted for each of the 3 called melds)";
/// assert_eq!(fourteen.unwrap_err().to_string(), message);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
pub fn hand_waits(hand: &Hand, options: LineOptions) -> Result<Waits, Error> {
    if hand.size() != 13 {
        return Err(Error::whole(ErrorKind::WrongSize {
            expected: "13".to_string(),
            got: hand.size(),
            melds: hand.melds().len(),
        }));
    }
    let mut meld_tiles = [0u8; 34];
    for m in hand.melds() {
        for (a, b) in meld_tiles.iter_mut().zip(m.tiles()) {
            *a += b;
        }
    }
    Ok(waits_with(hand.closed(), &meld_tiles, options))
}

/// Removes tiles held four times (closed + melds) from `shape`.
fn live_by_copies(shape: TileSet, held: &Counts) -> TileSet {
    shape.iter().filter(|t| held[t.index()] < 4).collect()
}

fn regular_lines(closed: &Counts, held: &Counts, lines: &mut Vec<Line>) {
    let n = (total(closed) as usize - 1) / 3;
    let kinds = BlockKinds::ALL;
    for d in Decompositions::new(closed, kinds, 2) {
        let melds = d.melds();
        let waiting: Option<Block> = if melds == n && d.isolated() == 1 {
            d.blocks().iter().copied().find(|b| b.kind == BlockKind::Isolated)
        } else if melds + 1 == n && d.head().is_some() && d.partials() == 1 {
            d.blocks().iter().copied().find(|b| b.is_partial())
        } else {
            None
        };
        let Some(w) = waiting else { continue };
        let kind = match w.kind {
            BlockKind::Isolated => WaitKind::Tanki,
            BlockKind::PairPartial => WaitKind::Shanpon,
            BlockKind::Ryanmen => WaitKind::Ryanmen,
            BlockKind::Penchan => WaitKind::Penchan,
            _ => WaitKind::Kanchan,
        };
        let mut line = Line::empty(kind);
        for b in d.blocks() {
            match b.kind {
                BlockKind::Triplet => line.push_group(Group::Triplet(b.tile)),
                BlockKind::Sequence => line.push_group(Group::Sequence(b.tile)),
                BlockKind::Pair => line.push_pair(b.tile),
                _ => {}
            }
        }
        let mut tiles = w.tiles();
        for t in Tile::all() {
            while tiles[t.index()] > 0 {
                line.push_waiting(t);
                tiles[t.index()] -= 1;
            }
        }
        line.shape_wins = w.completions();
        line.wins = live_by_copies(line.shape_wins, held);
        lines.push(line);
    }
}

fn seven_pairs_line(closed: &Counts, held: &Counts, lines: &mut Vec<Line>) {
    let pairs = closed.iter().filter(|&&c| c == 2).count();
    let singles = closed.iter().filter(|&&c| c == 1).count();
    if pairs != 6 || singles != 1 {
        return;
    }
    let mut line = Line::empty(WaitKind::SevenPairs);
    for t in Tile::all() {
        match closed[t.index()] {
            2 => line.push_pair(t),
            1 => {
                line.push_waiting(t);
                line.shape_wins = TileSet::EMPTY.with(t);
            }
            _ => {}
        }
    }
    line.wins = live_by_copies(line.shape_wins, held);
    lines.push(line);
}

fn thirteen_orphans_line(closed: &Counts, held: &Counts, lines: &mut Vec<Line>) {
    let yao: u32 = TERMINALS_AND_HONOURS.iter().map(|&i| u32::from(closed[i])).sum();
    if yao != 13 || TERMINALS_AND_HONOURS.iter().any(|&i| closed[i] > 2) {
        return;
    }
    let missing: Vec<Tile> =
        TERMINALS_AND_HONOURS.iter().filter(|&&i| closed[i] == 0).filter_map(|&i| Tile::new(i)).collect();
    let mut line = match missing.as_slice() {
        [] => {
            let mut l = Line::empty(WaitKind::ThirteenOrphans13);
            l.shape_wins = TERMINALS_AND_HONOURS.iter().filter_map(|&i| Tile::new(i)).collect();
            l
        }
        [m] => {
            let mut l = Line::empty(WaitKind::ThirteenOrphans);
            l.shape_wins = TileSet::EMPTY.with(*m);
            l
        }
        _ => return,
    };
    for &i in &TERMINALS_AND_HONOURS {
        for _ in 0..closed[i] {
            line.push_waiting(Tile::new(i).unwrap_or(Tile::EAST));
        }
    }
    line.wins = live_by_copies(line.shape_wins, held);
    lines.push(line);
}

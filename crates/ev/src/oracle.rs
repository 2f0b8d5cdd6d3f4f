//! The hand-theory and scoring questions the engine asks, behind a small trait so the engine
//! can be tested against toy scorers with closed-form answers.

use haipai_shanten::Memo;
use haipai_tiles::{Counts, Meld, Tile, Wind};

/// A tsumo win to score: the closed tiles include the winning tile.
#[derive(Clone, Debug)]
pub struct WinQuery<'a> {
    /// Closed tiles, winning tile included.
    pub closed: &'a Counts,
    /// Red fives among the closed tiles, per suit (m, p, s).
    pub red: [u8; 3],
    /// Called melds.
    pub melds: &'a [Meld],
    /// The winning tile.
    pub win: Tile,
    /// Seat wind; East is the dealer.
    pub seat: Wind,
    /// Round wind.
    pub round: Wind,
    /// Dora indicators (empty when dora are switched off).
    pub dora_indicators: &'a [Tile],
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi declared.
    pub double_riichi: bool,
    /// Ippatsu.
    pub ippatsu: bool,
    /// Haitei (the last draw).
    pub haitei: bool,
    /// Red fives count as dora.
    pub aka_dora: bool,
}

/// The parts of a scored win the engine needs (ura-dora not included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinParts {
    /// Han, dora and red fives included, ura-dora not.
    pub han: u32,
    /// Fu.
    pub fu: u32,
    /// Yakuman multiples (0 for an ordinary hand).
    pub yakuman: u32,
    /// Menzen tsumo is among the yaku.
    pub menzen_tsumo: bool,
    /// Some yaku other than menzen tsumo (dora excluded) is present.
    pub other_yaku: bool,
}

/// How many extra han [`Totals`] covers: `0..EXTRA` (past 13 han everything is a counted
/// yakuman or the cap).
pub const EXTRA: usize = 16;

/// What the winner receives with `k` han added to every reading of a win (`totals[k]`):
/// ura-dora, ippatsu, haitei, double riichi and red fives each add han to every reading, and
/// the best reading may change with them.
pub type Totals = [u32; EXTRA];

/// What the engine needs from the hand-theory and scoring crates.
pub trait Oracle: Sync {
    /// Shanten of closed tiles (3n+1 or 3n+2 of them; melds inferred from the count);
    /// -1 for a complete hand.
    fn shanten(&self, closed: &Counts) -> i8;
    /// For 3n+1 closed tiles: the shanten and the kinds whose draw lowers it (bit `k` = kind
    /// `k`; a kind held four times never). The default asks [`Oracle::shanten`] 34 times.
    fn necessary(&self, closed: &Counts) -> (i8, u64) {
        let s = self.shanten(closed);
        let mut h = *closed;
        let mut bits = 0;
        for k in 0..34 {
            if h[k] < 4 {
                h[k] += 1;
                if self.shanten(&h) < s {
                    bits |= 1 << k;
                }
                h[k] -= 1;
            }
        }
        (s, bits)
    }
    /// For 3n+2 closed tiles: the shanten and the held kinds whose discard keeps it (bit `k` =
    /// kind `k`). The default asks [`Oracle::shanten`] once per held kind.
    fn unnecessary(&self, closed: &Counts) -> (i8, u64) {
        let s = self.shanten(closed);
        let mut h = *closed;
        let mut bits = 0;
        for k in 0..34 {
            if h[k] > 0 {
                h[k] -= 1;
                if self.shanten(&h) == s {
                    bits |= 1 << k;
                }
                h[k] += 1;
            }
        }
        (s, bits)
    }
    /// [`Oracle::necessary`] with a [`Memo`] the caller keeps over one search: an oracle built
    /// on haipai-shanten answers from the memo (the same answer, cheaper once suit patterns
    /// repeat); the default ignores it.
    fn necessary_with(&self, memo: &mut Memo, closed: &Counts) -> (i8, u64) {
        let _ = memo;
        self.necessary(closed)
    }
    /// [`Oracle::unnecessary`] with a [`Memo`] (see [`Oracle::necessary_with`]).
    fn unnecessary_with(&self, memo: &mut Memo, closed: &Counts) -> (i8, u64) {
        let _ = memo;
        self.unnecessary(closed)
    }
    /// The win's han, fu and yakuman, or `None` when the hand has no yaku or is not complete.
    fn score(&self, query: &WinQuery<'_>) -> Option<WinParts>;
    /// What the winner receives for a tsumo of `han`/`fu`/`yakuman`.
    fn tsumo_points(&self, han: u32, fu: u32, yakuman: u32, dealer: bool) -> u32;
    /// The [`Totals`] of a closed hand's tsumo without riichi and with riichi (`q.riichi` and
    /// `q.double_riichi` are ignored): what [`Oracle::tsumo_totals`] answers for each, asked
    /// together so an oracle can share the work. The default asks it twice.
    fn tsumo_totals_pair(&self, q: &WinQuery<'_>) -> (Option<Totals>, Option<Totals>) {
        let dama = WinQuery { riichi: false, double_riichi: false, ..q.clone() };
        let riichi = WinQuery { riichi: true, double_riichi: false, ..q.clone() };
        (self.tsumo_totals(&dama), self.tsumo_totals(&riichi))
    }
    /// The win's [`Totals`], or `None` when the hand has no yaku or is not complete. The
    /// default adds the han to the best reading of [`Oracle::score`] (exact when the hand has
    /// one reading); an oracle that knows every reading should override it.
    fn tsumo_totals(&self, q: &WinQuery<'_>) -> Option<Totals> {
        let p = self.score(q)?;
        let dealer = q.seat == Wind::East;
        Some(std::array::from_fn(|k| {
            if p.yakuman > 0 {
                self.tsumo_points(p.han, p.fu, p.yakuman, dealer)
            } else {
                self.tsumo_points(p.han + k as u32, p.fu, 0, dealer)
            }
        }))
    }
}

//! Which tiles are in play and how a multiset of them is weighted: four-player (136 tiles),
//! three-player sanma (108 tiles: 2m-8m removed), and red fives counted as distinct kinds.

use crate::count::{Count, binom};

/// The tile universe of a count.
///
/// - `sanma`: three-player mahjong, 2m..8m removed (108 tiles; 1m and 9m stay, so thirteen
///   orphans is still possible).
/// - `red_fives`: one copy of each suit's five (of those in play) is a red five and counts as
///   its own kind when telling *patterns* apart. A pattern holding `c` fives of a suit splits into
///   "with the red one" (`c ≥ 1`) and "without it" (`c ≤ 3`), so pattern counts grow. State counts
///   (physical tile sets) do not change: the physical tiles are the same 136 (or 108).
///
/// Built from [`Variant::FOUR_PLAYER`] or [`Variant::SANMA`] and [`Variant::red_fives`], so
/// that a later field (a tile set of another rule) does not break callers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Variant {
    /// Three-player mahjong: 2m..8m removed.
    pub sanma: bool,
    /// Red fives are distinct kinds for pattern counts.
    pub red_fives: bool,
}

impl Variant {
    /// The standard 136-tile game, red fives not distinguished (document 003's universe).
    pub const FOUR_PLAYER: Variant = Variant { sanma: false, red_fives: false };
    /// 108-tile three-player mahjong.
    pub const SANMA: Variant = Variant { sanma: true, red_fives: false };

    /// Four-player (`false`) or three-player (`true`) with the same red-five choice.
    #[must_use]
    pub const fn sanma(mut self, sanma: bool) -> Variant {
        self.sanma = sanma;
        self
    }

    /// Red fives counted as distinct kinds (`true`) or not.
    #[must_use]
    pub const fn red_fives(mut self, red_fives: bool) -> Variant {
        self.red_fives = red_fives;
        self
    }

    /// Copies of kind `kind` (0..34, haipai's tile index order) in play: 4, or 0 for a removed
    /// kind and for an index that is no kind (34 or more).
    pub fn copies(&self, kind: usize) -> u8 {
        if kind >= 34 || (self.sanma && (1..=7).contains(&kind)) { 0 } else { 4 }
    }

    /// Number of players (3 for sanma, else 4).
    pub fn players(&self) -> u8 {
        if self.sanma { 3 } else { 4 }
    }

    /// Number of physical tiles in play (136 or 108).
    pub fn physical_tiles(&self) -> u32 {
        (0..34).map(|k| u32::from(self.copies(k))).sum()
    }

    /// The weight of holding `c` tiles of kind `kind`: patterns (1, or the red/non-red splits of
    /// a five) and states (`C(copies, c)`); zero when `c` exceeds the copies in play.
    pub fn weight(&self, kind: usize, c: u8) -> Count {
        let copies = self.copies(kind);
        if c > copies {
            return Count::ZERO;
        }
        let states = binom(u32::from(copies), u32::from(c));
        let is_five = kind < 27 && kind % 9 == 4;
        let patterns = if self.red_fives && is_five { u128::from(c <= 3) + u128::from(c >= 1) } else { 1 };
        Count::new(patterns, states)
    }

    /// The weight of a nine-tile suit pattern `counts` of suit `suit` (0 m, 1 p, 2 s); zero for
    /// a `suit` of 3 or more, which names no number suit.
    pub fn suit_weight(&self, suit: usize, counts: &[u8; 9]) -> Count {
        if suit >= 3 {
            return Count::ZERO;
        }
        counts.iter().enumerate().fold(Count::ONE, |acc, (i, &c)| acc * self.weight(suit * 9 + i, c))
    }

    /// A short name: `4p`, `3p`, `4p-red`, `3p-red`.
    pub fn name(&self) -> String {
        format!("{}p{}", self.players(), if self.red_fives { "-red" } else { "" })
    }
}

/// Calls `f(counts, total)` for every nine-count suit pattern (each count 0..=4) with at most
/// `max_tiles` tiles, in lexicographic order of `counts`.
pub fn for_each_suit_pattern(max_tiles: usize, mut f: impl FnMut(&[u8; 9], usize)) {
    fn rec(i: usize, left: usize, counts: &mut [u8; 9], total: usize, f: &mut dyn FnMut(&[u8; 9], usize)) {
        if i == 9 {
            f(counts, total);
            return;
        }
        for c in 0..=left.min(4) {
            counts[i] = c as u8;
            rec(i + 1, left - c, counts, total + c, f);
        }
        counts[i] = 0;
    }
    rec(0, max_tiles, &mut [0; 9], 0, &mut f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn universes() {
        assert_eq!(Variant::FOUR_PLAYER.physical_tiles(), 136);
        assert_eq!(Variant::SANMA.physical_tiles(), 108);
        // Indices that name no kind or suit hold nothing.
        assert_eq!(Variant::FOUR_PLAYER.copies(34), 0);
        assert_eq!(Variant::FOUR_PLAYER.weight(99, 0), Count::ONE);
        assert_eq!(Variant::FOUR_PLAYER.weight(99, 1), Count::ZERO);
        assert_eq!(Variant::FOUR_PLAYER.suit_weight(3, &[0; 9]), Count::ZERO);
        let red = Variant { sanma: false, red_fives: true };
        assert_eq!(red.weight(4, 2), Count::new(2, 6));
        assert_eq!(red.weight(4, 4), Count::new(1, 1));
        assert_eq!(red.weight(27 + 4, 2), Count::new(1, 6));
        let mut n = 0;
        for_each_suit_pattern(36, |_, _| n += 1);
        assert_eq!(n, 5usize.pow(9));
    }
}

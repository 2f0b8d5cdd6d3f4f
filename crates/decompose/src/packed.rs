//! Word-at-a-time functions shared by [`crate::is_agari`] and [`crate::winning_arrangements`]:
//! each suit's counts as one machine word, the per-suit tile counts by one multiplication, and
//! the one-pass meld test on four-bit fields.
//!
//! A hand worth testing has at most 14 tiles, so every count is below 16: a suit's tiles 1..8
//! fit one little-endian word of bytes (the 9 apart), whose byte sum a multiplication by
//! `0x0101…01` leaves in the top byte, and the nine counts fit nine 4-bit fields of a `u64`.

use haipai_tiles::Counts;

/// A hand's counts, suit by suit, once the tile counts have passed the regular form's
/// arithmetic: 3n + 2 tiles (at most 14), one suit with 2 modulo 3 (the pair's), the others
/// with 0 modulo 3.
pub(crate) struct Suits {
    /// Tiles 1..8 of each numbered suit as bytes; entry 3: the seven honours as bytes.
    pub low: [u64; 4],
    /// The 9s of each numbered suit (entry 3 is 0).
    pub nines: [u8; 4],
    /// Tiles per suit.
    pub totals: [u32; 4],
    /// All tiles.
    pub total: u32,
    /// The suit that holds the pair (3: honours).
    pub pair_suit: usize,
}

/// `t % 3` for `t` in 0..=14, two bits each.
const MOD3: u32 = {
    let mut m = 0;
    let mut t = 0;
    while t <= 14 {
        m |= (t % 3) << (2 * t);
        t += 1;
    }
    m
};

/// Bytes `start..start + 8` of the counts as one little-endian word.
#[inline]
pub(crate) fn word(closed: &Counts, start: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&closed[start..start + 8]);
    u64::from_le_bytes(bytes)
}

/// The sum of the bytes of `w`, each below 16.
#[inline]
fn byte_sum(w: u64) -> u32 {
    (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

impl Suits {
    /// The suits of `closed`, or `None` if the tile counts alone rule out the regular form.
    #[inline(always)]
    pub(crate) fn new(closed: &Counts) -> Option<Suits> {
        let low = [word(closed, 0), word(closed, 9), word(closed, 18), word(closed, 26) >> 8];
        let nines = [closed[8], closed[17], closed[26], 0];
        // A count of 16 or more is more than 14 tiles (and would spoil the byte sums).
        if (low[0] | low[1] | low[2] | low[3]) & 0xf0f0_f0f0_f0f0_f0f0 != 0 || (nines[0] | nines[1] | nines[2]) > 15 {
            return None;
        }
        let totals: [u32; 4] = std::array::from_fn(|s| byte_sum(low[s]) + u32::from(nines[s]));
        let total: u32 = totals.iter().sum();
        if total > 14 {
            return None;
        }
        // Two bits per suit: its tile count modulo 3. Exactly one suit may (and must) have 2.
        let key = totals.iter().enumerate().fold(0u32, |key, (s, &t)| key | ((MOD3 >> (2 * t)) & 3) << (2 * s));
        if key.count_ones() != 1 || key & 0x55 != 0 {
            return None;
        }
        Some(Suits { low, nines, totals, total, pair_suit: (key.trailing_zeros() / 2) as usize })
    }

    /// Numbered suit `s` as nine 4-bit fields, tile 1 lowest.
    #[inline]
    pub(crate) fn fields(&self, s: usize) -> u64 {
        fields(self.low[s], self.nines[s])
    }

    /// The first position `j` (0, 1 or 2; then every third) where numbered suit `s`'s pair
    /// may sit: `2j ≡ Σ i·count[i] (mod 3)`, since every group adds a multiple of 3 to that sum
    /// (document 003's rule).
    #[inline]
    pub(crate) fn first_pair_position(&self, s: usize) -> u32 {
        // The multiplication adds up (i mod 3) * count[i] over tiles 1..8 in its top byte.
        let weighted = (self.low[s].wrapping_mul(0x0001_0200_0102_0001) >> 56) as u32 + 2 * u32::from(self.nines[s]);
        2 * weighted % 3
    }
}

/// The byte counts `low` (tiles 1..8, each below 16) and `nine` as nine 4-bit fields.
#[inline]
pub(crate) fn fields(low: u64, nine: u8) -> u64 {
    let w = (low | (low >> 4)) & 0x00ff_00ff_00ff_00ff;
    let w = (w | (w >> 8)) & 0x0000_ffff_0000_ffff;
    ((w | (w >> 16)) & 0xffff_ffff) | u64::from(nine) << 32
}

/// The count in field `i` of `x`.
#[inline]
pub(crate) fn field(x: u64, i: u32) -> u32 {
    ((x >> (4 * i)) & 15) as u32
}

/// True if the suit `x` (nine 4-bit fields) splits into sequences and triplets: walking up
/// from the lowest tile held, the sequences starting there are its count modulo 3. The fields
/// above the 9th tile are zero, so a sequence running past the 9 fails the test.
#[inline]
pub(crate) fn melds_only(mut x: u64) -> bool {
    while x != 0 {
        x >>= x.trailing_zeros() & !3;
        let r = (x & 15) % 3;
        if (x >> 4) & 15 < r || (x >> 8) & 15 < r {
            return false;
        }
        x -= (x & 15) + r * 0x110;
    }
    true
}

/// True if the honours `w` (seven byte counts, each below 16) are triplets, plus exactly one
/// pair if `with_pair`.
pub(crate) fn honours_complete(mut w: u64, with_pair: bool) -> bool {
    let mut pairs = 0;
    while w != 0 {
        let i = w.trailing_zeros() / 8;
        match (w >> (8 * i)) as u8 % 3 {
            0 => {}
            2 => pairs += 1,
            _ => return false,
        }
        w &= !(0xff << (8 * i));
    }
    pairs == u32::from(with_pair)
}

//! Packed hand keys and the listing's lookup tables: a hand's counts in 3 bits a kind and its
//! red bits in one `u128` ([`pack`], [`unpack`]; neighbouring hands are one addition apart,
//! [`unit()`]), the two-word [`Key`] the tables file them under, the one-word entries of the
//! 13-tile and 14-tile tables ([`Entry13`], [`Entry14`]), and the memo keys of a win.

use super::records::{Found13, HAND};
use super::variants::ALL_KINDS;
use haipai_tiles::Counts;
use hashbrown::HashTable;

/// Packs a hand (3 bits per kind), its red bits and an optional drawn tile into a key.
pub(super) fn pack(h: &Counts, red: u8) -> u128 {
    let mut key = 0u128;
    for (k, &c) in h.iter().enumerate() {
        key |= u128::from(c) << (3 * k);
    }
    key | (u128::from(red) << 102)
}

/// The hand and red bits of a [`pack`]ed key: eight kinds at a time, their 3-bit fields
/// spread to bytes ([`spread`]).
pub(super) fn unpack(key: u128) -> (Counts, u8) {
    let mut h = [0u8; 34];
    for (j, chunk) in h.chunks_mut(8).enumerate() {
        let bytes = spread((key >> (24 * j)) as u64 & 0xff_ffff).to_le_bytes();
        chunk.copy_from_slice(&bytes[..chunk.len()]);
    }
    (h, (key >> 102) as u8 & 7)
}

/// Eight 3-bit fields (bits `3i..3i + 3` of `x`, the rest zero) to eight bytes (byte `i`):
/// the upper four fields move up by 20 bits, then in each half the upper two by 10, then in
/// each quarter the upper one by 5 (field `i` moves by `5i` in all).
pub(super) fn spread(x: u64) -> u64 {
    let y = (x & 0xfff) | (x & 0xff_f000) << 20;
    let y = (y & 0x0000_003f_0000_003f) | (y & 0x0000_0fc0_0000_0fc0) << 10;
    (y & 0x0007_0007_0007_0007) | (y & 0x0038_0038_0038_0038) << 5
}

/// The bits of one copy of kind `k` in a [`pack`]ed key (keys of neighbouring hands are one
/// addition or subtraction apart), read from a table (a 128-bit shift by a variable amount is
/// a few instructions and a branch or select; the listing asks a million times).
pub(super) fn unit(k: usize) -> u128 {
    /// `UNITS[k] = 1 << 3k`.
    const UNITS: [u128; 34] = {
        let mut units = [0u128; 34];
        let mut k = 0;
        while k < 34 {
            units[k] = 1 << (3 * k);
            k += 1;
        }
        units
    };
    UNITS[k]
}

/// A [`pack`]ed key as the listing's lookup tables keep it: two words, so a table entry is
/// aligned to 8 bytes (24 bytes with an 8-byte value, where a `u128` key's 16-byte alignment
/// makes it 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key([u64; 2]);

impl Key {
    pub(super) fn of(key: u128) -> Key {
        Key([key as u64, (key >> 64) as u64])
    }

    /// The [`pack`]ed key again.
    pub(super) fn plain(self) -> u128 {
        u128::from(self.0[0]) | u128::from(self.0[1]) << 64
    }

    /// The hash the lookup tables file the key under (computed once per key and lookup: the
    /// tables are [`HashTable`]s, so a new key's insert reuses its lookup's hash): the two
    /// words, each offset by a fixed odd constant, multiplied as 128-bit numbers and the
    /// product's halves folded (the idea of foldhash's folded multiply, without a seed).
    pub(super) fn hash(self) -> u64 {
        let product = u128::from(self.0[0] ^ 0x243f_6a88_85a3_08d3) * u128::from(self.0[1] ^ 0x1319_8a2e_0370_7345);
        product as u64 ^ (product >> 64) as u64
    }
}

/// A listing lookup table: entries keyed on a [`Key`], filed under [`Key::hash`].
pub(super) type Index<V> = HashTable<(Key, V)>;

/// The value of `key` in `table` (its hash `hash`).
pub(super) fn find<V: Copy>(table: &Index<V>, key: Key, hash: u64) -> Option<V> {
    table.find(hash, |e| e.0 == key).map(|e| e.1)
}

/// Files `value` under a `key` (its hash `hash`) that `table` does not hold.
pub(super) fn insert_new<V>(table: &mut Index<V>, key: Key, hash: u64, value: V) {
    table.insert_unique(hash, (key, value), |e| e.0.hash());
}

/// A 14-tile hand's entry in the listing's lookup table, in one word (bit 63 tells which).
/// Until the hand is listed (a hand whose draws were all thrown so far, or a complete hand's
/// key without its winning tile): its shanten-keeping discards (bits `0..34`; what
/// [`Solver::keeping_discards`] answers) and its shanten plus one (bits `34..38`); its
/// admissible discards follow from these and its used exchanges (see [`Solver::pre_of`]).
/// Once listed: what a draw into it records, its first state (bits `0..32`) and red suits
/// (`32..35`), and whether a draw that does not lower the shanten is thrown (`35..41`: the
/// kind that is its only admissible discard, [`THROWN`] when it has none, [`KEPT`] when it has
/// two or more), so a lookup that finds it reads no hand record.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry14(u64);

const LISTED: u64 = 1 << 63;
const THROWN: u64 = 62;
const KEPT: u64 = 63;

impl Entry14 {
    pub(super) fn pending(sh14: i8, keep: u64) -> Entry14 {
        debug_assert!((-1..15).contains(&sh14) && keep <= ALL_KINDS);
        Entry14(keep | ((sh14 + 1) as u64) << 34)
    }

    /// A listed hand: its first state and red suits, and its admissible discards.
    pub(super) fn listed((base, mask): (u32, u8), admissible: u64) -> Entry14 {
        // None, one (no other bit once the lowest is cleared), or two or more: no bit count
        // (a dozen instructions without `popcnt` in the baseline target).
        let lone = match admissible {
            0 => THROWN,
            a if a & (a - 1) == 0 => u64::from(a.trailing_zeros()),
            _ => KEPT,
        };
        Entry14(LISTED | u64::from(base) | u64::from(mask) << 32 | lone << 35)
    }

    pub(super) fn is_listed(self) -> bool {
        self.0 & LISTED != 0
    }

    /// A hand not listed yet: its shanten and shanten-keeping discards.
    pub(super) fn pending_answer(self) -> (i8, u64) {
        (((self.0 >> 34) & 15) as i8 - 1, self.0 & ALL_KINDS)
    }

    /// A listed hand: its first state and red suits.
    pub(super) fn to(self) -> (u32, u8) {
        (self.0 as u32, (self.0 >> 32) as u8 & 7)
    }

    /// A listed hand: whether a draw of `drawn` into it that does not lower the shanten is
    /// thrown (its admissible discards are that kind alone, or none).
    pub(super) fn throws(self, drawn: usize) -> bool {
        let lone = (self.0 >> 35) & 63;
        lone == THROWN || lone == drawn as u64
    }
}

/// A 13-tile hand's entry in the listing's lookup table: its [`Found13`] in one word (first
/// state, hand, red suits).
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry13(u64);

impl Entry13 {
    pub(super) fn new(f: Found13) -> Entry13 {
        Entry13(u64::from(f.base) | u64::from(f.hand) << 32 | u64::from(f.mask) << 58)
    }

    pub(super) fn found(self) -> Found13 {
        Found13 { base: self.0 as u32, hand: (self.0 >> 32) as u32 & HAND, mask: (self.0 >> 58) as u8 }
    }
}

/// A [`pack`]ed key with its red bits replaced.
pub(super) fn with_red(key: u128, red: u8) -> u128 {
    (key & !(7u128 << 102)) | (u128::from(red) << 102)
}

/// The bits [`Solver::draw_hand`] adds to the key of a complete hand: the winning tile (the
/// wait changes the score).
pub(super) fn win_tag(drawn: usize) -> u128 {
    (drawn as u128 + 1) << 105
}

/// The memo key of a tsumo win: the hand without red bits (its [`pack`]ed key `plain`), the
/// drawn kind, riichi, haitei.
pub(super) fn win_key(plain: u128, drawn: usize, riichi: bool, haitei: bool) -> u128 {
    plain | (drawn as u128) << 105 | u128::from(riichi) << 112 | u128::from(haitei) << 113
}

#[cfg(test)]
mod tests {
    use super::*;
    use haipai_tiles::Counts;
    use haipai_tiles::rng::Rng;

    /// [`unpack`] kind by kind, as obviously as possible.
    fn unpack_slow(key: u128) -> (Counts, u8) {
        let mut h = [0u8; 34];
        for (k, c) in h.iter_mut().enumerate() {
            *c = (key >> (3 * k)) as u8 & 7;
        }
        (h, (key >> 102) as u8 & 7)
    }

    #[test]
    fn unpack_agrees_with_kind_by_kind() {
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            // Any fields (0..7, beyond the four copies a hand holds) and red bits; and packed
            // hands.
            let key = u128::from(rng.next_u64()) | u128::from(rng.next_u64() & 0x1ff_ffff_ffff) << 64;
            assert_eq!(unpack(key), unpack_slow(key), "{key:#x}");
            let mut h = [0u8; 34];
            for c in &mut h {
                *c = rng.index(5) as u8;
            }
            let red = rng.index(8) as u8;
            assert_eq!(unpack(pack(&h, red)), (h, red));
        }
    }
}

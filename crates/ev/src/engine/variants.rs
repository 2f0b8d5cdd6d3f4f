//! The red variants of a hand and the kind tables: a hand whose red bits can vary in the suits
//! `mask` has `variants(mask)` states ([`variants()`]), ranked by [`RANK`] and [`RED`] (and
//! [`CLEARED_RANK`] after a discard); bit sets of kinds and ranks ([`kinds`], [`ranks`],
//! [`at_least`]); the dora tables.

use super::{FIVES, LAST};
use haipai_tiles::{Counts, Tile};

/// The suit (0, 1, 2) of each kind that is a five, 3 for the others.
pub(super) const FIVE_SUIT: [u8; 34] = {
    let mut t = [3u8; 34];
    t[FIVES[0]] = 0;
    t[FIVES[1]] = 1;
    t[FIVES[2]] = 2;
    t
};

/// The red variants of a hand: a hand whose red bits can vary in the suits `mask` (bit `s`:
/// it holds a five of suit `s` and that suit's red five is in play) has `1 << popcount(mask)`
/// variants, each a state. `RANK[mask][red]` is the rank of the red bits `red` among them (the
/// bits of `red` in `mask`, packed down); `RED[mask][rank]` the red bits of a rank.
pub(super) const RANK: [[u8; 8]; 8] = variant_tables().0;
pub(super) const RED: [[u8; 8]; 8] = variant_tables().1;

/// `CLEARED_RANK[mask][code][c]`: for the variant `c` of a 14-tile hand whose red bits vary in
/// `mask`, the rank of its 13-tile variant after a discard whose [`Opt::info`] bits 26..31 are
/// `code` (the 13-tile hand's [`MASK`] and [`CLEARS`]): `RANK[code & 7][RED[mask][c] & kept]`,
/// `kept` the red bits the discard keeps ([`Opt::kept_red`]).
pub(super) const CLEARED_RANK: [[[u8; 8]; 32]; 8] = {
    let mut t = [[[0u8; 8]; 32]; 8];
    let mut mask = 0;
    while mask < 8 {
        let mut code = 0;
        while code < 32 {
            let clears = code >> 3;
            let kept = if clears == 0 { 7 } else { 7 & !(1u8 << (clears - 1)) };
            let mut c = 0;
            while c < 8 {
                t[mask][code][c] = RANK[code & 7][(RED[mask][c] & kept) as usize];
                c += 1;
            }
            code += 1;
        }
        mask += 1;
    }
    t
};

const fn variant_tables() -> ([[u8; 8]; 8], [[u8; 8]; 8]) {
    let mut rank = [[0u8; 8]; 8];
    let mut red_of_rank = [[0u8; 8]; 8];
    let mut mask = 0;
    while mask < 8 {
        let mut red = 0;
        while red < 8 {
            let (mut out, mut bit, mut s) = (0u8, 0, 0);
            while s < 3 {
                if mask & (1 << s) != 0 {
                    if red & (1 << s) != 0 {
                        out |= 1 << bit;
                    }
                    bit += 1;
                }
                s += 1;
            }
            rank[mask][red] = out;
            if red & !mask == 0 {
                red_of_rank[mask][out as usize] = red as u8;
            }
            red += 1;
        }
        mask += 1;
    }
    (rank, red_of_rank)
}

/// The ranks set in `bits`.
pub(super) fn ranks(mut bits: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let c = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        (c < 8).then_some(c)
    })
}

/// The kinds set in `bits` (bit `k` = kind `k`), in increasing order.
pub(super) fn kinds(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let k = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        (k < 64).then_some(k)
    })
}

/// The kinds `h` holds at least `n` times (1..=4), as bits: byte-parallel over eight kinds at a
/// time (counts are at most 4, so adding `0x80 - n` to a byte sets its high bit exactly when
/// the count is at least `n`, with no carry into the next byte).
pub(super) fn at_least(h: &Counts, n: u8) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let add = u64::from(0x80 - n) * 0x0101_0101_0101_0101;
    let mut bits = 0;
    for (j, chunk) in h.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let flags = (u64::from_le_bytes(word).wrapping_add(add) & HIGH) >> 7;
        // One bit per byte to eight bits: the multiply gathers byte i's bit into bit 56 + i.
        bits |= (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    bits & ALL_KINDS
}

/// Every kind, as bits.
pub(super) const ALL_KINDS: u64 = (1 << 34) - 1;

/// The dora each indicator kind makes (`DORA_OF[u]`), and the indicator of each kind.
pub(super) const DORA_OF: [usize; 34] = {
    let mut t = [0; 34];
    let mut u = 0;
    while u < 34 {
        t[u] = match Tile::new(u) {
            Some(tile) => tile.dora_from_indicator().index(),
            None => 0,
        };
        u += 1;
    }
    t
};
pub(super) const INDICATOR_OF: [usize; 34] = {
    let mut t = [0; 34];
    let mut u = 0;
    while u < 34 {
        t[DORA_OF[u]] = u;
        u += 1;
    }
    t
};

/// The ranks of `n` variants, as bits (every variant reached).
pub(super) fn all_ranks(n: usize) -> u8 {
    ((1u16 << n) - 1) as u8
}

/// The last draw index at which a hand of shanten `sh` may have a value that is not zero
/// (`LAST - sh`; a complete hand's, `sh < 0`, is `LAST`).
pub(super) fn until(sh: i8) -> u8 {
    (LAST as u8).saturating_sub(u8::try_from(sh).unwrap_or(0))
}

/// The number of red variants of a hand whose red bits vary in `mask`.
pub(super) fn variants(mask: u8) -> usize {
    // A table rather than `1 << mask.count_ones()` (no `popcnt` in the baseline target: a
    // multiply-and-shift sequence, for each hand of each layer).
    const BY_MASK: [u8; 8] = [1, 2, 2, 4, 2, 4, 4, 8];
    usize::from(BY_MASK[usize::from(mask & 7)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use haipai_tiles::Tile;
    use haipai_tiles::rng::Rng;

    /// The rank of the red bits `red` among the variants of `mask`, counted the slow way: the
    /// variants are the subsets of `mask` in increasing order of their bits packed down.
    fn rank_slow(mask: u8, red: u8) -> u8 {
        let packed =
            |bits: u8| (0..3).filter(|s| mask & (1 << s) != 0).rev().fold(0, |acc, s| acc * 2 + (bits >> s & 1));
        (0..8u8).filter(|&r| r & !mask == 0 && packed(r) < packed(red & mask)).count() as u8
    }

    #[test]
    fn variant_tables_match_their_definitions() {
        for mask in 0..8u8 {
            let (m, n) = (usize::from(mask), 1usize << mask.count_ones());
            assert_eq!(variants(mask), n, "variants of {mask:03b}");
            for red in 0..8u8 {
                assert_eq!(RANK[m][usize::from(red)], rank_slow(mask, red), "RANK[{mask:03b}][{red:03b}]");
            }
            for (rank, &red) in RED[m].iter().enumerate().take(n) {
                assert_eq!((red & !mask, usize::from(rank_slow(mask, red))), (0, rank), "RED[{mask:03b}][{rank}]");
            }
            for code in 0..32u8 {
                let kept = match code >> 3 {
                    0 => 7,
                    clears => 7 & !(1 << (clears - 1)),
                };
                for c in 0..n {
                    let red = RED[m][c] & kept;
                    let want = rank_slow(code & 7, red);
                    assert_eq!(CLEARED_RANK[m][usize::from(code)][c], want, "CLEARED_RANK[{mask:03b}][{code}][{c}]");
                }
            }
        }
    }

    #[test]
    fn kind_tables_match_their_definitions() {
        for k in 0..34 {
            let tile = Tile::new(k).expect("kind");
            assert_eq!(DORA_OF[k], tile.dora_from_indicator().index(), "DORA_OF[{tile}]");
            assert_eq!(DORA_OF[INDICATOR_OF[k]], k, "INDICATOR_OF[{tile}]");
            let suit = FIVES.iter().position(|&f| f == k).map_or(3, |s| s as u8);
            assert_eq!(FIVE_SUIT[k], suit, "FIVE_SUIT[{tile}]");
        }
    }

    /// [`at_least`] against a filter over the kinds, on seeded random hands of counts 0..=4.
    #[test]
    fn at_least_matches_a_filter_over_the_kinds() {
        let mut rng = Rng::new(11);
        for _ in 0..20_000 {
            let mut h = [0u8; 34];
            for c in &mut h {
                *c = rng.index(5) as u8;
            }
            for n in 1..=4 {
                let slow = (0..34).filter(|&k| h[k] >= n).fold(0u64, |bits, k| bits | 1 << k);
                assert_eq!(at_least(&h, n), slow, "{h:?} at least {n}");
            }
        }
    }
}

//! Decisions as bits: a group's split is a 2-bit field of a `u128` (`commit`, 0 undecided,
//! 1 + the index in [`SPLITS`]), with the masks and conversions the search, the reasons and the
//! nogoods share.

use crate::bits::Bits;
use crate::board::Board;
use crate::board::Move;

/// The three ways to split a group's four tiles (indices into its members) into two pairs.
pub(super) const SPLITS: [[usize; 4]; 3] = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]];

/// The groups (bit `g`) that `commit` decides.
pub(super) fn decided(commit: u128) -> u64 {
    const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    compress_fields((commit | commit >> 1) & LOW)
}

/// The bits of `fields` (only its even bits set: one per two-bit field, as in `commit`)
/// packed together, bit `2 * g` becoming bit `g`: a few shifts and masks per half.
pub(super) fn compress_fields(fields: u128) -> u64 {
    fn half(mut x: u64) -> u64 {
        x = (x | x >> 1) & 0x3333_3333_3333_3333;
        x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
        x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
        x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
        (x | x >> 16) & 0x0000_0000_ffff_ffff
    }
    half(fields as u64) | half((fields >> 64) as u64) << 32
}

/// `groups` (bit `g`) spread to bit `2 * g`: the inverse of [`compress_fields`].
pub(super) fn expand_fields(groups: u64) -> u128 {
    fn half(mut x: u64) -> u64 {
        x &= 0x0000_0000_ffff_ffff;
        x = (x | x << 16) & 0x0000_ffff_0000_ffff;
        x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
        x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
        x = (x | x << 2) & 0x3333_3333_3333_3333;
        (x | x << 1) & 0x5555_5555_5555_5555
    }
    u128::from(half(groups)) | u128::from(half(groups >> 32)) << 64
}

/// The decisions (as in `commit`) that `line`'s pairs make for the groups of four tiles all
/// present in `present`.
pub(super) fn splits_of(board: &Board, present: Bits, line: &[Move]) -> u128 {
    line.iter().fold(0, |hint, &m| {
        let g = board.group_of(m.0 as usize);
        hint | split_code(board, present, g, m).map_or(0, |code| code << (2 * g))
    })
}

/// The decision (as in `commit`: split index plus one) that move `m` makes for group `g` when
/// all four of its tiles are present, else `None`.
pub(super) fn split_code(board: &Board, present: Bits, g: usize, m: Move) -> Option<u128> {
    let members = board.members(g);
    if members.len() != 4 || members.iter().any(|&t| !present.contains(t as usize)) {
        return None;
    }
    let at = |t: u16| members.iter().position(|&x| x == t);
    let pair = [at(m.0)?, at(m.1)?];
    SPLITS.iter().position(|sp| sp.chunks(2).any(|p| p == pair || p == [pair[1], pair[0]])).map(|s| s as u128 + 1)
}

/// How a nogood whose groups split each way are `n` (see [`split_masks`]) splits group `g`
/// (0, 1 or 2).
pub(super) fn split_in(n: [u64; 3], g: usize) -> usize {
    (n[1] >> g & 1 | (n[2] >> g & 1) << 1) as usize
}

/// The groups (bit `g`) `commit` splits the first, the second and the third way.
pub(super) fn split_masks(commit: u128) -> [u64; 3] {
    const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    let (lo, hi) = (commit & LOW, commit >> 1 & LOW);
    [compress_fields(lo & !hi), compress_fields(hi & !lo), compress_fields(lo & hi)]
}

/// `commit` with only the decisions of `groups` kept.
pub(super) fn restrict(commit: u128, groups: u64) -> u128 {
    commit & spread(groups_to_commit_mask(groups))
}

/// Both bits of every decided field of `commit`.
pub(super) fn spread(commit: u128) -> u128 {
    const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    let low = (commit | commit >> 1) & LOW;
    low | low << 1
}

/// A `commit` with the low bit of the field of each group of `groups` set.
pub(super) fn groups_to_commit_mask(groups: u64) -> u128 {
    expand_fields(groups)
}

/// The indices of the set bits of `bits`, lowest first.
pub(super) fn bit_indices(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let g = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            g
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::search::MAX_WEIGHT;
    use super::super::{MAX_GROUPS, Solver};
    use super::*;
    use crate::{Blocking, Deal, Layout};

    #[test]
    fn field_packing_matches_a_loop_over_the_groups() {
        let mut rng = 0x1234_5678_9abc_def0u64;
        for _ in 0..2_000 {
            rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let groups = (rng >> 7) & ((1 << MAX_GROUPS) - 1);
            let mut commit = 0u128;
            let mut masks = [0u64; 3];
            for g in bit_indices(groups) {
                let code = (rng >> (g % 61)) % 3;
                commit |= u128::from(code + 1) << (2 * g);
                masks[code as usize] |= 1 << g;
            }
            assert_eq!(decided(commit), groups);
            assert_eq!(split_masks(commit), masks);
            let low = bit_indices(groups).fold(0u128, |m, g| m | 1 << (2 * g));
            assert_eq!(groups_to_commit_mask(groups), low);
            assert_eq!(compress_fields(low), groups);
        }
    }

    #[test]
    fn weights_never_pass_the_cap() {
        let turtle = Layout::builtin("turtle").expect("built in");
        let deal = Deal::random(&turtle, Blocking::Standard, 1).expect("even");
        let board = Board::new(turtle, Blocking::Standard, deal.faces).expect("valid");
        let mut solver = Solver::new(&board);
        solver.heavier(1, 7);
        for _ in 0..3 {
            solver.heavier(0, MAX_WEIGHT);
        }
        assert!(solver.weight.iter().all(|&w| w <= MAX_WEIGHT));
        assert!(solver.weight[0] > MAX_WEIGHT / 2, "the heaviest group stays the heaviest");
        assert!(solver.weight[1] < 7, "every weight was halved");
    }
}

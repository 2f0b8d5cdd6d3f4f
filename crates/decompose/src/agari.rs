//! Win (和了, agari) tests: the regular form suit by suit, seven pairs and thirteen orphans.
//!
//! The per-suit test is arithmetic and needs no table. Walking a suit from 1 to 9, the
//! number of sequences that must start at tile `i` is its remaining count modulo 3 (three
//! equal sequences are the same tiles as three triplets), so one pass decides whether the suit
//! splits into complete groups. With a pair, the pair's position is fixed modulo 3 by
//! `sum(i * count[i])`: every group adds a multiple of 3 to that sum and a pair at `j` adds
//! `2j`, so at most three pair positions need the pass. Both ideas are from document 003
//! (the 天和 probability article); the code here is our own.

use crate::packed::{self, Suits, honours_complete};
use haipai_tiles::Counts;

/// True if the nine counts of one numbered suit split into complete groups (sequences and
/// triplets), plus exactly one pair when `with_pair`.
///
/// Counts above 4 are allowed (they are treated as tiles like any other).
///
/// ```
/// use haipai_decompose::suit_is_complete;
/// assert!(suit_is_complete(&[1, 1, 1, 0, 0, 0, 0, 0, 0], false)); // 123
/// assert!(suit_is_complete(&[3, 1, 1, 1, 1, 1, 1, 2, 3], true)); // 11123456788999
/// assert!(!suit_is_complete(&[1, 0, 1, 0, 0, 0, 0, 0, 0], false)); // 13
/// assert!(suit_is_complete(&[0; 9], false));
/// ```
#[must_use]
pub fn suit_is_complete(counts: &[u8; 9], with_pair: bool) -> bool {
    let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    if !with_pair {
        return total.is_multiple_of(3) && melds_only(counts);
    }
    if total % 3 != 2 {
        return false;
    }
    let weighted: u32 = counts.iter().enumerate().map(|(i, &c)| i as u32 * u32::from(c)).sum();
    pair_and_melds(counts, weighted)
}

/// The one-pass test for a suit without a pair (document 003's idea).
fn melds_only(t: &[u8; 9]) -> bool {
    let (mut a, mut b) = (t[0], t[1]);
    for &c in &t[2..] {
        let r = a % 3;
        if b < r || c < r {
            return false;
        }
        a = b - r;
        b = c - r;
    }
    a % 3 == 0 && b % 3 == 0
}

/// True if the seven honour counts (East..Red) are complete: every count is 0 or 3, and with
/// `with_pair` exactly one is 2 (counts above 4 are read as triplets plus the rest).
///
/// ```
/// use haipai_decompose::honours_are_complete;
/// assert!(honours_are_complete(&[3, 0, 0, 0, 2, 0, 0], true));
/// assert!(!honours_are_complete(&[3, 0, 0, 0, 2, 0, 0], false));
/// assert!(!honours_are_complete(&[1, 1, 1, 0, 0, 0, 0], false)); // no honour sequences
/// ```
#[must_use]
pub fn honours_are_complete(counts: &[u8; 7], with_pair: bool) -> bool {
    let mut pairs = 0;
    for &c in counts {
        match c % 3 {
            0 => {}
            2 => pairs += 1,
            _ => return false,
        }
    }
    pairs == u32::from(with_pair)
}

/// True if the closed tiles form the regular shape: `n` complete groups and one pair, where
/// `3n + 2` is the number of closed tiles (2, 5, 8, 11 or 14; the other `4 - n` groups are
/// taken to be called melds). Other sizes give false.
///
/// The test runs suit by suit (the one-pass test of [`suit_is_complete`], on each suit packed
/// into one machine word): the suit whose tile count is 2 modulo 3 holds the pair, every other
/// suit must have a multiple of 3.
///
/// ```
/// use haipai_decompose::is_agari;
/// use haipai_tiles::parse_counts;
/// assert!(!is_agari(&parse_counts("123456789m11p11s")?)); // 13 tiles
/// assert!(is_agari(&parse_counts("123456789m111p11s")?));
/// assert!(!is_agari(&parse_counts("111222333444555z")?)); // 15 tiles
/// assert!(is_agari(&parse_counts("234p55z")?)); // a hand with three called melds
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[must_use]
pub fn is_agari(closed: &Counts) -> bool {
    let Some(suits) = Suits::new(closed) else { return false };
    let p = suits.pair_suit;
    if !honours_complete(suits.low[3], p == 3) {
        return false;
    }
    (0..3).all(|s| {
        if suits.totals[s] == 0 {
            return true;
        }
        let x = suits.fields(s);
        if s != p {
            return packed::melds_only(x);
        }
        let mut j = suits.first_pair_position(s);
        while j < 9 {
            if packed::field(x, j) >= 2 && packed::melds_only(x - (2 << (4 * j))) {
                return true;
            }
            j += 3;
        }
        false
    })
}

/// A suit of 3k+2 tiles with `weighted` = sum of index * count: one pair and melds? The pair
/// sits at `j` with 2j == weighted (mod 3), i.e. j == 2 * weighted (mod 3).
fn pair_and_melds(counts: &[u8; 9], weighted: u32) -> bool {
    let mut j = (2 * weighted % 3) as usize;
    let mut rest = *counts;
    while j < 9 {
        if rest[j] >= 2 {
            rest[j] -= 2;
            if melds_only(&rest) {
                return true;
            }
            rest[j] += 2;
        }
        j += 3;
    }
    false
}

/// True if the closed tiles are seven pairs (七対子): exactly 14 tiles, seven different kinds
/// held twice each. Four of a kind is not two pairs.
///
/// ```
/// use haipai_decompose::is_seven_pairs;
/// use haipai_tiles::parse_counts;
/// assert!(is_seven_pairs(&parse_counts("1122m3344p5566s77z")?));
/// assert!(!is_seven_pairs(&parse_counts("1111m3344p5566s77z")?));
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[must_use]
pub fn is_seven_pairs(closed: &Counts) -> bool {
    closed.iter().all(|&c| c == 0 || c == 2) && closed.iter().filter(|&&c| c == 2).count() == 7
}

/// The 13 terminal and honour kinds (么九牌) by index: 1m 9m 1p 9p 1s 9s and the seven honours.
pub const TERMINALS_AND_HONOURS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// True if the closed tiles are thirteen orphans (国士無双): 14 tiles, every terminal and
/// honour kind at least once, nothing else.
///
/// ```
/// use haipai_decompose::is_thirteen_orphans;
/// use haipai_tiles::parse_counts;
/// assert!(is_thirteen_orphans(&parse_counts("119m19p19s1234567z")?));
/// assert!(is_thirteen_orphans(&parse_counts("19m19p19s12345677z")?));
/// assert!(!is_thirteen_orphans(&parse_counts("129m19p19s123456z")?));
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[must_use]
pub fn is_thirteen_orphans(closed: &Counts) -> bool {
    let mut n = 0u32;
    for &i in &TERMINALS_AND_HONOURS {
        if closed[i] == 0 {
            return false;
        }
        n += u32::from(closed[i]);
    }
    n == 14 && haipai_tiles::total(closed) == 14
}

/// True if the closed tiles win in any form: [`is_agari`], [`is_seven_pairs`] or
/// [`is_thirteen_orphans`].
///
/// ```
/// use haipai_decompose::is_winning_shape;
/// use haipai_tiles::parse_counts;
/// assert!(is_winning_shape(&parse_counts("1122m3344p5566s77z")?));
/// assert!(!is_winning_shape(&parse_counts("1122m3344p5566s67z")?));
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[must_use]
pub fn is_winning_shape(closed: &Counts) -> bool {
    is_agari(closed) || is_seven_pairs(closed) || is_thirteen_orphans(closed)
}

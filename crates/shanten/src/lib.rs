//! Shanten (向聴数), necessary tiles (有効牌) and unnecessary tiles (不要牌) of a closed hand.
//!
//! The argument everywhere is the closed tiles as [`Counts`] (`[u8; 34]`, index order
//! 1m..9m, 1p..9p, 1s..9s, 1z..7z). The number of melds the hand needs is inferred from
//! its size: 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 closed tiles (3m + 1 or 3m + 2; called
//! melds are simply absent). Shanten `-1` is a complete hand, `0` is tenpai.
//!
//! Definition (shared with xiangting, nyanten and tomohxx): the least number of draws
//! (each followed by a discard) to reach a complete hand, minus one, where a complete hand
//! never holds a fifth copy of a kind among the closed tiles. So `1111m456p789p123s` is
//! 1-shanten, and seven pairs needs seven different kinds (`1111m2233p4455s66z` is
//! 1-shanten). Seven pairs and thirteen orphans apply only to 13 and 14 tiles.
//!
//! ```
//! use haipai_shanten::{necessary_tiles, shanten, try_shanten, unnecessary_tiles};
//! use haipai_tiles::parse_counts;
//!
//! let hand = parse_counts("123456789m11p11s")?;
//! assert_eq!(shanten(&hand), 0);
//! let (s, draws) = necessary_tiles(&hand);
//! assert_eq!((s, draws.to_string()), (0, "1p1s".to_string()));
//!
//! let hand = parse_counts("123456789m11p112s")?;
//! let (s, discards) = unnecessary_tiles(&hand);
//! assert_eq!((s, discards.to_string()), (0, "12s".to_string()));
//!
//! assert!(try_shanten(&parse_counts("123m")?).is_err()); // 3 tiles: no meld count fits
//! # Ok::<(), haipai_tiles::Error>(())
//! ```
//!
//! Two implementations: [`reference`](mod@reference), a search over target shapes that is slow and
//! obviously right, and the default table-driven one. [`sanma`] has the three-player
//! variants (no 2m-8m).
//!
//! # Errors
//!
//! The plain functions take any counts and never panic, but their answer is specified only for
//! a valid hand: 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 closed tiles (3n+1 for
//! [`necessary_tiles`], 3n+2 for [`unnecessary_tiles`]) and no fifth copy of a kind. Each has
//! a `try_` twin ([`try_shanten`], [`try_necessary_tiles`], ...) that checks the hand with
//! [`validate`] first and returns a [`haipai_tiles::Error`] (`TooManyCopies`, `Empty` or
//! `WrongSize`).
//!
//! The mahjong terms (shanten, tenpai, necessary tiles, ...) are explained in the glossary of
//! the `haipai` crate: <https://docs.rs/haipai/latest/haipai/glossary/>.

mod effective;
mod generate;
mod memo;
pub mod reference;
pub mod sanma;
#[cfg(test)]
mod table_tests;
mod tables;

pub use memo::Memo;
pub use reference::NOT_APPLICABLE;

/// The bytes of `tables/shanten.bin` as the generator makes them, for `cargo xtask codegen`
/// (the table layout is private; a unit test checks the committed file against this).
#[doc(hidden)]
pub fn generated_tables() -> Vec<u8> {
    generate::tables()
}

/// Distances at or above this are stored as this value in [`suit_distances`]: a regular hand
/// of at most 14 tiles needs at most 9 tiles, so a larger distance never decides an answer.
pub const DISTANCE_CLAMP: u8 = generate::CLAMP;

/// The distances of one number suit (nine counts, at most 14 tiles in all): entry `2k + p`
/// is the least number of tiles the suit lacks to hold `k` melds and `p` pairs (`k` 0..=4,
/// `p` 0 or 1), clamped at [`DISTANCE_CLAMP`]. These are the per-suit vectors the fast
/// shanten combines, read from its tables; haipai-combinatorics builds its generating
/// functions on them.
///
/// ```
/// // 123 and 55 of a suit: one meld and a pair cost nothing, two melds lack three tiles.
/// let d = haipai_shanten::suit_distances(&[1, 1, 1, 0, 2, 0, 0, 0, 0]);
/// assert_eq!((d[0], d[2], d[3], d[4]), (0, 0, 0, 1));
/// ```
pub fn suit_distances(suit: &[u8; 9]) -> [u8; 10] {
    let v = tables::suit_vector(tables::suit_class(suit));
    std::array::from_fn(|e| v[e])
}

/// The replacement number of the regular form with `melds` melds and a pair (0..=4 melds):
/// the least number of tiles to exchange so that the closed tiles hold them. Any tile count;
/// [`shanten_regular`] is this minus one for the meld count a size of 3n+1 or 3n+2 implies.
///
/// ```
/// use haipai_tiles::parse_counts;
/// // Nine tiles, 123m456p789s: three melds made, the pair lacks two tiles.
/// assert_eq!(haipai_shanten::regular_replacement(&parse_counts("123m456p789s")?, 3), 2);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
pub fn regular_replacement(counts: &Counts, melds: usize) -> u8 {
    tables::regular_replacement(counts, melds)
}

use haipai_tiles::{Counts, Error, ErrorKind, Tile, TileSet};

/// Shanten over all forms (regular, seven pairs, thirteen orphans); `-1` = complete.
///
/// Precondition: 3m + 1 or 3m + 2 closed tiles (at most 14), at most four of a kind;
/// otherwise the answer is unspecified (never a panic). [`try_shanten`] checks.
///
/// ```
/// use haipai_shanten::shanten;
/// use haipai_tiles::parse_counts;
///
/// assert_eq!(shanten(&parse_counts("123456789m1p11s5z")?), 1); // a meld and a pair short
/// assert_eq!(shanten(&parse_counts("1199m1199p1199s11z")?), -1); // seven pairs, complete
/// assert_eq!(shanten(&parse_counts("19m19p19s1234567z")?), 0); // thirteen orphans, tenpai
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[inline]
#[must_use]
pub fn shanten(counts: &Counts) -> i8 {
    let w = words(counts);
    let n = size_of_words(&w);
    let regular = tables::regular_replacement(counts, n / 3) as i8 - 1;
    if n < 13 {
        return regular;
    }
    regular.min(seven_pairs_of_words(&w)).min(thirteen_orphans_of_words(&w))
}

/// The counts as five little-endian words (bytes 0..8, 8..16, 16..24, 24..32, 32..34), for
/// byte-parallel counting. Each count is at most 4, so adding `0x7f` (or `0x7e`) to a byte
/// sets its high bit exactly when the count is at least 1 (or 2), with no carry out.
#[inline(always)]
pub(crate) fn words(counts: &Counts) -> [u64; 5] {
    let w = |i: usize| u64::from_le_bytes(counts[i..i + 8].try_into().expect("eight"));
    [w(0), w(8), w(16), w(24), u64::from(counts[32]) | u64::from(counts[33]) << 8]
}

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const LOW6: u64 = 0x7e7e_7e7e_7e7e_7e7e;
const HIGH: u64 = 0x8080_8080_8080_8080;
/// The terminal and honour bytes of each word.
const ORPHAN_MASK: [u64; 5] = [0xff, 0xffff, 0x00ff_ff00, 0xffff_ffff_ffff_0000, 0xffff];

/// 1 in each byte whose count is at least 1.
#[inline(always)]
fn ones(w: u64) -> u64 {
    (w.wrapping_add(LOW7) & HIGH) >> 7
}

/// 1 in each byte whose count is at least 2.
#[inline(always)]
fn twos(w: u64) -> u64 {
    (w.wrapping_add(LOW6) & HIGH) >> 7
}

/// Sum of the bytes of `x` (each sum below 256), without a popcount instruction.
#[inline(always)]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

#[inline(always)]
fn size_of_words(w: &[u64; 5]) -> usize {
    let low = |x: u64| x & 0x0707_0707_0707_0707;
    byte_sum(low(w[0]) + low(w[1]) + low(w[2]) + low(w[3]) + low(w[4])) as usize
}

#[inline(always)]
pub(crate) fn size(counts: &Counts) -> usize {
    size_of_words(&words(counts))
}

#[inline(always)]
fn seven_pairs_of_words(w: &[u64; 5]) -> i8 {
    let kinds = byte_sum(ones(w[0]) + ones(w[1]) + ones(w[2]) + ones(w[3]) + ones(w[4])) as i8;
    let pairs = byte_sum(twos(w[0]) + twos(w[1]) + twos(w[2]) + twos(w[3]) + twos(w[4])) as i8;
    6 - pairs + (7 - kinds).max(0)
}

#[inline(always)]
fn thirteen_orphans_of_words(w: &[u64; 5]) -> i8 {
    let o = |i: usize| w[i] & ORPHAN_MASK[i];
    let kinds = byte_sum(ones(o(0)) + ones(o(1)) + ones(o(2)) + ones(o(3)) + ones(o(4))) as i8;
    let pair = (twos(o(0)) | twos(o(1)) | twos(o(2)) | twos(o(3)) | twos(o(4))) != 0;
    13 - kinds - i8::from(pair)
}

/// Seven pairs for a 13/14-tile hand.
#[inline(always)]
fn seven_pairs(counts: &Counts) -> i8 {
    seven_pairs_of_words(&words(counts))
}

/// Thirteen orphans for a 13/14-tile hand.
#[inline(always)]
fn thirteen_orphans(counts: &Counts) -> i8 {
    thirteen_orphans_of_words(&words(counts))
}

/// Shanten of the regular form (m melds + a pair, m = tiles / 3). Precondition as [`shanten`].
#[inline]
#[must_use]
pub fn shanten_regular(counts: &Counts) -> i8 {
    tables::regular_replacement(counts, size(counts) / 3) as i8 - 1
}

/// Shanten of seven pairs (seven different kinds; a quad is one pair), or
/// [`NOT_APPLICABLE`] unless the hand has 13 or 14 tiles.
#[must_use]
pub fn shanten_seven_pairs(counts: &Counts) -> i8 {
    if matches!(size(counts), 13 | 14) { seven_pairs(counts) } else { NOT_APPLICABLE }
}

/// Shanten of thirteen orphans, or [`NOT_APPLICABLE`] unless the hand has 13 or 14 tiles.
#[must_use]
pub fn shanten_thirteen_orphans(counts: &Counts) -> i8 {
    if matches!(size(counts), 13 | 14) { thirteen_orphans(counts) } else { NOT_APPLICABLE }
}

/// For a hand of 3m + 1 tiles: its shanten and the kinds whose draw lowers it (有効牌).
/// A kind already held four times among these closed tiles is never necessary; copies held
/// elsewhere (called melds, discards) are not seen, so a necessary kind may have no copy left
/// to draw ([`live_count`] gives 0 for it). Precondition as [`shanten`].
/// [`Memo::necessary_tiles`] gives the same answer, cheaper over many related hands.
///
/// ```
/// use haipai_shanten::{live_count, necessary_tiles};
/// use haipai_tiles::parse_counts;
///
/// let hand = parse_counts("23m456p789s11z346s")?; // 1-shanten: 23m and 346s both to finish
/// let (s, draws) = necessary_tiles(&hand);
/// assert_eq!((s, draws.to_string()), (1, "14m25s".to_string()));
/// let mut seen = [0; 34];
/// seen[22] = 2; // two 5s discarded
/// assert_eq!(live_count(draws, &hand, &seen), 4 + 4 + 4 + 2);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[must_use]
pub fn necessary_tiles(counts: &Counts) -> (i8, TileSet) {
    let n = size(counts);
    let masks = effective::Masks::new(counts);
    let regular = effective::regular_necessary(counts, &masks, n / 3);
    with_other_forms(n, &masks, regular, true)
}

/// For a hand of 3m + 2 tiles: its shanten and the held kinds whose discard keeps it
/// (不要牌). A complete hand (`-1`) has none: every discard leaves a tenpai hand at best.
/// Precondition as [`shanten`]. [`Memo::unnecessary_tiles`] gives the same answer, cheaper
/// over many related hands.
///
/// ```
/// use haipai_shanten::unnecessary_tiles;
/// use haipai_tiles::parse_counts;
///
/// // Tenpai after discarding the 9s or the North; every other discard breaks a meld.
/// let (s, discards) = unnecessary_tiles(&parse_counts("123m456p789s11z34s9s4z")?);
/// assert_eq!((s, discards.to_string()), (0, "9s4z".to_string()));
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[must_use]
pub fn unnecessary_tiles(counts: &Counts) -> (i8, TileSet) {
    let n = size(counts);
    let masks = effective::Masks::new(counts);
    let regular = effective::regular_unnecessary(counts, &masks, n / 3);
    with_other_forms(n, &masks, regular, false)
}

/// The answer of [`necessary_tiles`] (`draw`) or [`unnecessary_tiles`] from the regular
/// form's replacement number and kinds: seven pairs and thirteen orphans join in for 13 and
/// 14 tiles (the best shanten wins; equal ones add their kinds).
#[inline(always)]
fn with_other_forms(n: usize, masks: &effective::Masks, (r, mut bits): (u8, u64), draw: bool) -> (i8, TileSet) {
    let mut best = r as i8 - 1;
    if n >= 13 {
        for (s, draws, discards) in [effective::seven_pairs(masks), effective::thirteen_orphans(masks)] {
            let kinds = if draw { draws } else { discards };
            if s < best {
                best = s;
                bits = kinds;
            } else if s == best {
                bits |= kinds;
            }
        }
    }
    (best, TileSet::from_bits(bits))
}

/// Live copies (受け入れ枚数) of the kinds in `tiles`: for each, 4 minus the copies in the
/// hand minus the copies `visible` elsewhere (discards, melds, dora indicators), floored at
/// zero. `visible` must not include the hand itself.
#[must_use]
pub fn live_count(tiles: TileSet, hand: &Counts, visible: &Counts) -> u32 {
    tiles.iter().map(|t| 4u32.saturating_sub(u32::from(hand[t.index()]) + u32::from(visible[t.index()]))).sum()
}

/// Checks the preconditions: at most four of a kind and 3m + 1 or 3m + 2 tiles (1..=14).
pub fn validate(counts: &Counts) -> Result<usize, Error> {
    if let Some(i) = counts.iter().position(|&c| c > 4) {
        let tile = Tile::new(i).unwrap_or(Tile::EAST);
        return Err(Error::whole(ErrorKind::TooManyCopies(tile)));
    }
    let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
    if n == 0 {
        return Err(Error::whole(ErrorKind::Empty));
    }
    if n > 14 || n.is_multiple_of(3) {
        return Err(Error::whole(ErrorKind::WrongSize {
            expected: "1, 2, 4, 5, 7, 8, 10, 11, 13 or 14".to_string(),
            got: n,
            melds: 0,
        }));
    }
    Ok(n)
}

fn validate_size(counts: &Counts, rem: usize) -> Result<(), Error> {
    size_has_remainder(validate(counts)?, rem)
}

/// A checked size `n` must be `3m + rem` (1: before a draw, 2: before a discard).
pub(crate) fn size_has_remainder(n: usize, rem: usize) -> Result<(), Error> {
    if n % 3 != rem {
        let expected = if rem == 1 { "1, 4, 7, 10 or 13" } else { "2, 5, 8, 11 or 14" };
        return Err(Error::whole(ErrorKind::WrongSize { expected: expected.to_string(), got: n, melds: 0 }));
    }
    Ok(())
}

/// [`shanten`] after checking the input.
pub fn try_shanten(counts: &Counts) -> Result<i8, Error> {
    validate(counts)?;
    Ok(shanten(counts))
}

/// [`shanten_regular`] after checking the input.
pub fn try_shanten_regular(counts: &Counts) -> Result<i8, Error> {
    validate(counts)?;
    Ok(shanten_regular(counts))
}

/// [`shanten_seven_pairs`] after checking the input.
pub fn try_shanten_seven_pairs(counts: &Counts) -> Result<i8, Error> {
    validate(counts)?;
    Ok(shanten_seven_pairs(counts))
}

/// [`shanten_thirteen_orphans`] after checking the input.
pub fn try_shanten_thirteen_orphans(counts: &Counts) -> Result<i8, Error> {
    validate(counts)?;
    Ok(shanten_thirteen_orphans(counts))
}

/// [`necessary_tiles`] after checking the input (3m + 1 tiles).
pub fn try_necessary_tiles(counts: &Counts) -> Result<(i8, TileSet), Error> {
    validate_size(counts, 1)?;
    Ok(necessary_tiles(counts))
}

/// [`unnecessary_tiles`] after checking the input (3m + 2 tiles).
pub fn try_unnecessary_tiles(counts: &Counts) -> Result<(i8, TileSet), Error> {
    validate_size(counts, 2)?;
    Ok(unnecessary_tiles(counts))
}

/// The crate's public types are `Send + Sync`, so users may share them between threads.
#[cfg(test)]
mod send_sync {
    use super::*;

    /// Compiles only for types that may cross and be shared between threads.
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn main_types_are_send_and_sync() {
        assert_send_sync::<Memo>();
        assert_send_sync::<generate::Tables>();
    }
}

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

//! Three-player mahjong (三麻, sanma): 2m-8m are not in the game, so 1m and 9m can only form
//! triplets and pairs, like honours. Same definition and argument as the crate's four-player
//! functions otherwise (closed tiles as [`Counts`], melds inferred from the size).
//!
//! The regular form reads the same tables: the manzu (1m, 9m) are looked up as an honour
//! pattern of two kinds and added to the pinzu + souzu + honour combination. Necessary and
//! unnecessary tiles try each of the 27 kinds in the game through the table-driven shanten.
//!
//! ```
//! use haipai_shanten::sanma;
//! use haipai_tiles::parse_counts;
//!
//! // 1m 9m cannot wait on a sequence: 19m is two isolated tiles, not a partial.
//! let hand = parse_counts("19m123456789p11s")?;
//! assert_eq!(sanma::shanten(&hand), 1);
//! let (s, draws) = sanma::necessary_tiles(&hand);
//! assert_eq!((s, draws.to_string()), (1, "19m1s".to_string()));
//! assert!(sanma::try_shanten(&parse_counts("23m123456789p11s")?).is_err()); // no 2m in sanma
//! # Ok::<(), haipai_tiles::Error>(())
//! ```

use crate::{reference, tables};
use haipai_tiles::{Counts, Error, ErrorKind, Tile, TileSet};

/// The kinds of sanma: every kind but 2m-8m.
pub const KINDS: TileSet = TileSet::from_bits(((1 << 34) - 1) & !(0x7f << 1));

/// The manzu of a sanma hand as an honour pattern (1m, 9m, then five empty kinds).
#[inline(always)]
fn manzu_as_honours(counts: &Counts) -> [u8; 7] {
    [counts[0], counts[8], 0, 0, 0, 0, 0]
}

fn size(counts: &Counts) -> usize {
    counts.iter().map(|&c| usize::from(c)).sum()
}

/// Shanten of the regular form in sanma. Precondition: as [`crate::shanten`], and no 2m-8m
/// (they are ignored otherwise); [`try_shanten_regular`] checks.
#[inline]
#[must_use]
pub fn shanten_regular(counts: &Counts) -> i8 {
    let (_, cp, cs, cz) = tables::split(counts);
    let ps = tables::combine_suits(tables::suit_class(cp), tables::suit_class(cs));
    let with_honours = tables::add_honours(ps, tables::honour_class(cz));
    let full = tables::add_honours(with_honours, tables::honour_class(&manzu_as_honours(counts)));
    tables::finish(full, size(counts) / 3) as i8 - 1
}

/// Shanten over all forms in sanma (seven pairs and thirteen orphans are as in four-player:
/// 1m and 9m remain). Precondition as [`shanten_regular`].
#[inline]
#[must_use]
pub fn shanten(counts: &Counts) -> i8 {
    let regular = shanten_regular(counts);
    if size(counts) < 13 {
        return regular;
    }
    regular.min(crate::shanten_seven_pairs(counts)).min(crate::shanten_thirteen_orphans(counts))
}

/// For 3n+1 tiles: shanten and the sanma kinds whose draw lowers it (有効牌).
/// Precondition as [`shanten_regular`].
#[must_use]
pub fn necessary_tiles(counts: &Counts) -> (i8, TileSet) {
    let now = shanten(counts);
    let mut set = TileSet::EMPTY;
    let mut h = *counts;
    for t in KINDS.iter() {
        let i = t.index();
        if h[i] >= 4 {
            continue;
        }
        h[i] += 1;
        if shanten(&h) < now {
            set.insert(t);
        }
        h[i] -= 1;
    }
    (now, set)
}

/// For 3n+2 tiles: shanten and the held kinds whose discard keeps it (不要牌; none for a
/// complete hand). Precondition as [`shanten_regular`].
#[must_use]
pub fn unnecessary_tiles(counts: &Counts) -> (i8, TileSet) {
    let now = shanten(counts);
    let mut set = TileSet::EMPTY;
    let mut h = *counts;
    for t in TileSet::from_counts(counts).intersection(KINDS).iter() {
        let i = t.index();
        h[i] -= 1;
        if shanten(&h) == now {
            set.insert(t);
        }
        h[i] += 1;
    }
    (now, set)
}

/// Checks [`crate::validate`]'s rules and that no 2m-8m is held.
pub fn validate(counts: &Counts) -> Result<usize, Error> {
    if let Some(i) = (1..8).find(|&i| counts[i] > 0) {
        let tile = Tile::new(i).unwrap_or(Tile::EAST);
        return Err(Error::whole(ErrorKind::NotATile {
            text: tile.to_string(),
            reason: "three-player mahjong has no 2m-8m",
        }));
    }
    crate::validate(counts)
}

fn validate_size(counts: &Counts, rem: usize) -> Result<(), Error> {
    crate::size_has_remainder(validate(counts)?, rem)
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

/// The reference for sanma: the search of [`reference::suit_costs`] with the manzu searched
/// as two kinds without sequences. Any counts, never a panic; 15 tiles or more give
/// [`reference::INF`] `- 1` (the answer is specified for valid hands only).
#[must_use]
pub fn reference_shanten_regular(counts: &Counts) -> i8 {
    let m = reference::suit_costs(&[counts[0], counts[8]], false);
    let p = reference::suit_costs(&counts[9..18], true);
    let s = reference::suit_costs(&counts[18..27], true);
    let z = reference::suit_costs(&counts[27..34], false);
    let all = reference::combine(&reference::combine(&m, &p), &reference::combine(&s, &z));
    all.get(size(counts) / 3).map_or(reference::INF, |costs| costs[1]) as i8 - 1
}

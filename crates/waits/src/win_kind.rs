//! The wait a winning tile completed, read off a winning arrangement (for fu and yaku:
//! kanchan, penchan and tanki score 2 fu; pinfu needs a ryanmen).

use crate::line::WaitKind;
use haipai_decompose::{Arrangement, Group};
use haipai_tiles::Tile;

/// Every wait kind under which `tile` could have completed `arrangement`: one per distinct
/// group or pair holding the tile (a tile in the pair: tanki; in a triplet: shanpon; in a
/// sequence: kanchan in the middle, penchan for 3 of 123 or 7 of 789, ryanmen otherwise).
/// Sorted, without repeats; empty if no closed group holds the tile.
///
/// ```
/// use haipai_decompose::winning_arrangements;
/// use haipai_tiles::{parse_counts, parse_tile};
/// use haipai_waits::{win_kinds, WaitKind};
/// let hand = parse_counts("123345m456p789s11z")?;
/// let (three, _) = parse_tile("3m")?;
/// let a = winning_arrangements(&hand).next().unwrap();
/// assert_eq!(win_kinds(&a, three), [WaitKind::Ryanmen, WaitKind::Penchan]);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
///
/// # Panics
///
/// On an arrangement of more than four groups (see [`Arrangement::groups`]).
pub fn win_kinds(arrangement: &Arrangement, tile: Tile) -> Vec<WaitKind> {
    let mut kinds = Vec::new();
    if arrangement.pair == tile {
        kinds.push(WaitKind::Tanki);
    }
    for g in arrangement.groups() {
        let kind = match *g {
            Group::Triplet(t) if t == tile => WaitKind::Shanpon,
            Group::Sequence(t) if g.contains(tile) => {
                let offset = tile.index() - t.index();
                match (offset, t.number()) {
                    (1, _) => WaitKind::Kanchan,
                    (2, 1) | (0, 7) => WaitKind::Penchan,
                    _ => WaitKind::Ryanmen,
                }
            }
            _ => continue,
        };
        kinds.push(kind);
    }
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}

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
/// let three = parse_tile("3m")?.tile();
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
    kinds.extend(arrangement.groups().iter().filter_map(|&g| group_wait(g, tile)));
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}

/// The wait under which `tile` completed `group`, or `None` if the group does not hold it: a
/// triplet is shanpon; a sequence is kanchan for its middle tile, penchan for 3 of 123 or 7 of
/// 789, ryanmen otherwise. (A tile completing the pair is tanki.) The one place the wait kind
/// of a regular hand is decided: [`win_kinds`] and haipai-score's fu and pinfu use it.
///
/// ```
/// use haipai_decompose::Group;
/// use haipai_tiles::Tile;
/// use haipai_waits::{group_wait, WaitKind};
/// let (one, three) = ("1m".parse::<Tile>()?, "3m".parse::<Tile>()?);
/// let seq = Group::sequence(one).expect("123m");
/// assert_eq!(group_wait(seq, three), Some(WaitKind::Penchan));
/// assert_eq!(group_wait(Group::Triplet(three), three), Some(WaitKind::Shanpon));
/// assert_eq!(group_wait(Group::Triplet(one), three), None);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[inline]
pub fn group_wait(group: Group, tile: Tile) -> Option<WaitKind> {
    match group {
        Group::Triplet(t) if t == tile => Some(WaitKind::Shanpon),
        Group::Sequence(t) if group.contains(tile) => Some(match (tile.index() - t.index(), t.number()) {
            (1, _) => WaitKind::Kanchan,
            (2, 1) | (0, 7) => WaitKind::Penchan,
            _ => WaitKind::Ryanmen,
        }),
        _ => None,
    }
}

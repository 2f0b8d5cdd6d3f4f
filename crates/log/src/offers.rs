//! The calls a seat's closed hand allows on another seat's discard.

use crate::model::{CallKind, LogTile};
use crate::replay::{CallOption, Table};
use haipai_tiles::Tile;

/// The tiles of `kind` a hand can give, red five first when it holds one and a plain one.
fn variants(hand: &[u8; 37], tile: Tile) -> Vec<LogTile> {
    let plain = LogTile::plain(tile);
    let mut out = Vec::new();
    if let Some(red) = LogTile::new(tile, true)
        && hand[red.key()] > 0
    {
        out.push(red);
    }
    if hand[plain.key()] > 0 {
        out.push(plain);
    }
    out
}

/// Every call `seat` may make on `tile` discarded by `from`: none in riichi or from an empty
/// wall; chi only from the seat before (and never in sanma); daiminkan only while a kan is left.
pub(crate) fn offers(table: &Table<'_>, seat: u8, from: u8, tile: LogTile) -> Vec<CallOption> {
    let hand = &table.hands[seat as usize];
    if table.riichi[seat as usize] || table.wall_left == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let kind = tile.tile;
    let plain = hand[LogTile::plain(kind).key()];
    let red = LogTile::new(kind, true).map_or(0, |r| hand[r.key()]);
    let pairs: &[(u8, u8)] = &[(0, 2), (1, 1)];
    for &(reds, plains) in pairs {
        if red >= reds && plain >= plains {
            let mut own = vec![LogTile::plain(kind); plains as usize];
            own.extend(LogTile::new(kind, true).filter(|_| reds > 0));
            own.sort();
            out.push(CallOption { kind: CallKind::Pon, own });
        }
    }
    if red + plain == 3 && table.kans < 4 {
        let mut own = vec![LogTile::plain(kind); plain as usize];
        own.extend(LogTile::new(kind, true).filter(|_| red > 0));
        own.sort();
        out.push(CallOption { kind: CallKind::Daiminkan, own });
    }
    if table.players == 4 && (from + 1) % 4 == seat && !kind.is_honour() {
        out.extend(chi_offers(hand, kind));
    }
    out
}

fn chi_offers(hand: &[u8; 37], tile: Tile) -> Vec<CallOption> {
    let n = i32::from(tile.number());
    let mut out = Vec::new();
    for (a, b) in [(-2, -1), (-1, 1), (1, 2)] {
        if !(1..=9).contains(&(n + a)) || !(1..=9).contains(&(n + b)) {
            continue;
        }
        let at = |d: i32| Tile::new((tile.index() as i32 + d) as usize);
        let (Some(ta), Some(tb)) = (at(a), at(b)) else { continue };
        for x in variants(hand, ta) {
            for y in variants(hand, tb) {
                out.push(CallOption { kind: CallKind::Chi, own: vec![x, y] });
            }
        }
    }
    out
}

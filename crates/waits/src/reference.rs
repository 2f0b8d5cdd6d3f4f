//! Slow, obviously correct reference implementations, used as oracles by the tests and by
//! `cargo xtask verify --full`, plus the enumeration of all one-suit hands.
//!
//! They work the other way round from [`crate::waits`]: add each of the 34 tiles, keep those
//! that make a winning hand (no fifth copy), and read every waiting line off every winning
//! arrangement by taking the added tile back out of the group or pair that holds it.

use crate::line::Notation;
use haipai_decompose::{Group, is_seven_pairs, is_thirteen_orphans, is_winning_shape, winning_arrangements};
use haipai_tiles::{Counts, Tile, TileSet};
use std::collections::BTreeSet;

/// The winning tiles by brute force: every tile `t` held fewer than four times (in `held`)
/// such that `closed + t` wins in any form (regular, seven pairs, thirteen orphans). Any
/// counts are accepted (a count at 255 stays there).
pub fn winning_tiles(closed: &Counts, held: &Counts) -> TileSet {
    Tile::all()
        .filter(|t| {
            if held[t.index()] >= 4 {
                return false;
            }
            let mut c = *closed;
            c[t.index()] = c[t.index()].saturating_add(1);
            is_winning_shape(&c)
        })
        .collect()
}

/// Every non-karaten waiting line in the classic format, by adding each winning tile and taking
/// it back out of each group or pair of each winning arrangement that holds it. Seven pairs and
/// thirteen orphans lines are included when the hand completes them.
pub fn lines(closed: &Counts, held: &Counts, notation: Notation) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for t in Tile::all() {
        if held[t.index()] >= 4 {
            continue;
        }
        let mut c = *closed;
        c[t.index()] = c[t.index()].saturating_add(1);
        for a in winning_arrangements(&c) {
            // Items: (tile, rank) with rank 0 pair, 1 triplet, 2 sequence.
            let mut items: Vec<(Tile, u8)> = vec![(a.pair, 0)];
            items.extend(a.groups().iter().map(|g| match *g {
                Group::Triplet(x) => (x, 1),
                Group::Sequence(x) => (x, 2),
            }));
            for k in 0..items.len() {
                let (x, rank) = items[k];
                let members: Vec<Tile> = match rank {
                    0 => vec![x, x],
                    1 => vec![x, x, x],
                    _ => (0..3).filter_map(|d| Tile::new(x.index() + d)).collect(),
                };
                let Some(pos) = members.iter().position(|&m| m == t) else { continue };
                let mut waiting = members.clone();
                waiting.remove(pos);
                let mut rest: Vec<(Tile, u8)> = items.clone();
                rest.remove(k);
                // The waiting part of a regular line has one or two tiles; a triplet minus the
                // tile is a pair waiting (shanpon) only if another pair is present, which it is
                // (the arrangement's pair stays in `rest`).
                rest.sort();
                out.insert(format_line(&rest, &waiting, notation));
            }
        }
        if is_seven_pairs(&c) {
            let mut rest: Vec<(Tile, u8)> = Tile::all().filter(|x| closed[x.index()] == 2).map(|x| (x, 0)).collect();
            rest.sort();
            out.insert(format_line(&rest, &[t], notation));
        }
        if is_thirteen_orphans(&c) {
            let waiting: Vec<Tile> =
                Tile::all().flat_map(|x| std::iter::repeat_n(x, usize::from(closed[x.index()]))).collect();
            out.insert(format_line(&[], &waiting, notation));
        }
    }
    out
}

fn format_line(items: &[(Tile, u8)], waiting: &[Tile], notation: Notation) -> String {
    let mut s = String::new();
    for &(x, rank) in items {
        let n = x.number();
        s.push('(');
        let digits = match rank {
            0 => format!("{n}{n}"),
            1 => format!("{n}{n}{n}"),
            _ => format!("{}{}{}", n, n + 1, n + 2),
        };
        s.push_str(&digits);
        if notation == Notation::Mpsz {
            s.push(x.suit().letter());
        }
        s.push(')');
    }
    s.push('[');
    crate::line::write_tiles(&mut s, waiting, notation);
    s.push(']');
    s
}

/// All 93,600 one-suit hands of 13 tiles (multisets of 1..9 with at most four of each), as
/// nine counts each, in lexicographic order of the counts.
///
/// ```
/// assert_eq!(haipai_waits::reference::one_suit_hands(13).len(), 93_600);
/// ```
pub fn one_suit_hands(size: u8) -> Vec<[u8; 9]> {
    fn rec(i: usize, left: u8, cur: &mut [u8; 9], out: &mut Vec<[u8; 9]>) {
        if i == 9 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        for c in 0..=left.min(4) {
            cur[i] = c;
            rec(i + 1, left - c, cur, out);
        }
        cur[i] = 0;
    }
    let mut out = Vec::new();
    rec(0, size, &mut [0; 9], &mut out);
    out
}

/// Nine one-suit counts as manzu in a 34-kind array.
pub fn manzu(counts: &[u8; 9]) -> Counts {
    let mut c = [0u8; 34];
    c[..9].copy_from_slice(counts);
    c
}

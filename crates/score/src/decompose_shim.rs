//! TEMPORARY stand-in for `haipai_decompose`'s win API (same names and shapes), used until
//! haipai-decompose lands on main; then this file is deleted and the imports switch over.

use haipai_tiles::{Counts, Tile};

/// A complete closed group.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Group {
    /// Three consecutive numbered tiles; the lowest.
    Sequence(Tile),
    /// Three of a kind.
    Triplet(Tile),
}

/// One regular decomposition of closed tiles: a pair and `len` groups.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Arrangement {
    /// The pair.
    pub pair: Tile,
    /// The groups; the first `len` are used.
    pub groups: [Group; 4],
    /// Groups in use.
    pub len: u8,
}

impl Arrangement {
    /// The groups in use.
    pub fn groups(&self) -> &[Group] {
        &self.groups[..usize::from(self.len)]
    }
}

fn tile(i: usize) -> Tile {
    Tile::new(i).unwrap_or(Tile::EAST)
}

fn walk(counts: &mut Counts, from: usize, cur: &mut Arrangement, out: &mut Vec<Arrangement>) {
    let Some(i) = (from..34).find(|&i| counts[i] > 0) else {
        out.push(*cur);
        return;
    };
    let c = counts[i];
    for k in 0..=(c / 3) {
        let seqs = c - 3 * k;
        if seqs > 0 && (i >= 27 || i % 9 > 6 || counts[i + 1] < seqs || counts[i + 2] < seqs) {
            continue;
        }
        if usize::from(cur.len) + usize::from(k + seqs) > 4 {
            continue;
        }
        let saved = cur.len;
        for _ in 0..k {
            cur.groups[usize::from(cur.len)] = Group::Triplet(tile(i));
            cur.len += 1;
        }
        for _ in 0..seqs {
            cur.groups[usize::from(cur.len)] = Group::Sequence(tile(i));
            cur.len += 1;
        }
        counts[i] = 0;
        if seqs > 0 {
            counts[i + 1] -= seqs;
            counts[i + 2] -= seqs;
        }
        walk(counts, i + 1, cur, out);
        counts[i] = c;
        if seqs > 0 {
            counts[i + 1] += seqs;
            counts[i + 2] += seqs;
        }
        cur.len = saved;
    }
}

/// Every distinct regular decomposition of the closed tiles.
pub fn winning_arrangements(closed: &Counts) -> impl Iterator<Item = Arrangement> {
    let mut out = Vec::new();
    let total: u32 = closed.iter().map(|&c| u32::from(c)).sum();
    if total % 3 == 2 {
        let mut counts = *closed;
        for p in 0..34 {
            if counts[p] >= 2 {
                counts[p] -= 2;
                let mut cur = Arrangement { pair: tile(p), groups: [Group::Triplet(Tile::EAST); 4], len: 0 };
                walk(&mut counts, 0, &mut cur, &mut out);
                counts[p] += 2;
            }
        }
    }
    out.into_iter()
}

/// Seven different pairs.
pub fn is_seven_pairs(closed: &Counts) -> bool {
    closed.iter().filter(|&&c| c == 2).count() == 7 && closed.iter().all(|&c| c == 0 || c == 2)
}

/// Thirteen orphans, complete.
pub fn is_thirteen_orphans(closed: &Counts) -> bool {
    const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let total: u32 = closed.iter().map(|&c| u32::from(c)).sum();
    total == 14 && ORPHANS.iter().all(|&i| closed[i] >= 1)
}

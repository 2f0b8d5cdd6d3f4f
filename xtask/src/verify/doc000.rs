//! Document 000 (the DFS shanten article): its example, and where its published method
//! errs. The article's method is reimplemented here as printed (small and slow, for the
//! report only) so the report shows its wrong answers next to haipai's:
//!
//! - its DFS takes melds, one pair, and partial shapes (搭子) made only of a pair or of a
//!   tile with its n-1 / n+1 neighbour, so never a kanchan (n, n+2); it stops adding
//!   partials once melds + partials reach 4 (but checks that only when it takes a partial, so
//!   melds found later can push the sum above 4); and it scores a split as
//!   `max(0, 4 - melds - partials + (no pair ? 1 : 0))`, which counts a meld like a partial
//!   (the correct count for 13 tiles is `8 - 2*melds - partials - pair`: a meld needs no
//!   more tiles, a partial one, an isolated tile two), never reaches -1, and starts a
//!   14-tile hand as if it already had a pair;
//! - its seven-pairs formula `6 - pairs + max(0, singles - (7 - pairs))` counts a quad as a
//!   pair with no single left over, so four of a kind looks like two pairs' worth of
//!   progress; seven pairs needs seven different kinds.
//!
//! With `--full`: 2,000,000 seeded random hands (13 and 14 tiles, and 1-11 tiles) against
//! the xiangting crate, on shanten, necessary tiles and unnecessary tiles.

use super::Check;
use haipai::shanten::{necessary_tiles, shanten, shanten_regular, shanten_seven_pairs, unnecessary_tiles};
use haipai::tiles::rng::Rng;
use haipai::tiles::sample::deal_hand;
use haipai::tiles::{Counts, TileSet, counts_to_string, parse_counts};
use std::collections::{BTreeMap, HashMap};

/// The article's scoring of a finished split, or the textbook one (for comparison).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Bound {
    /// `max(0, 4 - melds - partials + (no pair ? 1 : 0))`, as printed.
    Article,
    /// `8 - 2*melds - min(partials, 4 - melds) - pair` (13 tiles).
    Textbook,
}

/// A memo key: the tiles left, melds, partials, and whether the pair is taken.
type MemoKey = (Vec<(usize, u8)>, i32, i32, bool);

/// The article's `dfsCalculate`, memoised as its `OptimizedShantenCalculator` is. The
/// tiles are a map in the article's key order (index order for a hand written sorted);
/// `kanchan` adds the n+2 partial the article leaves out (for the comparison only).
struct ArticleDfs {
    bound: Bound,
    kanchan: bool,
    memo: HashMap<MemoKey, i32>,
}

impl ArticleDfs {
    fn new(bound: Bound, kanchan: bool) -> ArticleDfs {
        ArticleDfs { bound, kanchan, memo: HashMap::new() }
    }

    /// `calculateShanten`: a 3n+2 hand starts with `hasJantou = true`, as printed.
    fn shanten(&mut self, counts: &Counts) -> i32 {
        let tiles: BTreeMap<usize, u8> = (0..34).filter(|&i| counts[i] > 0).map(|i| (i, counts[i])).collect();
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        self.dfs(&tiles, 0, 0, total % 3 == 2)
    }

    fn dfs(&mut self, tiles: &BTreeMap<usize, u8>, mentsu: i32, tatsu: i32, jantou: bool) -> i32 {
        let key = (tiles.iter().map(|(&k, &v)| (k, v)).collect::<Vec<_>>(), mentsu, tatsu, jantou);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let v = self.dfs_uncached(tiles, mentsu, tatsu, jantou);
        self.memo.insert(key, v);
        v
    }

    fn dfs_uncached(&mut self, tiles: &BTreeMap<usize, u8>, mentsu: i32, tatsu: i32, jantou: bool) -> i32 {
        let Some((&cur, &count)) = tiles.iter().next() else {
            return match self.bound {
                Bound::Article => (4 - mentsu - tatsu + i32::from(!jantou)).max(0),
                // The cap is applied here, at the end: the article checks it only when it takes
                // a partial, so melds found later can push melds + partials above 4.
                Bound::Textbook => 8 - 2 * mentsu - tatsu.min(4 - mentsu) - i32::from(jantou),
            };
        };
        let take = |tiles: &BTreeMap<usize, u8>, kinds: &[(usize, u8)]| {
            let mut t = tiles.clone();
            for &(k, n) in kinds {
                let left = t[&k] - n;
                if left == 0 {
                    t.remove(&k);
                } else {
                    t.insert(k, left);
                }
            }
            t
        };
        let has = |k: usize| tiles.get(&k).is_some_and(|&c| c > 0);
        let number = cur < 27;
        let num = cur % 9 + 1;
        let mut best = i32::MAX;
        // Pattern 1: a triplet.
        if count >= 3 {
            best = best.min(self.dfs(&take(tiles, &[(cur, 3)]), mentsu + 1, tatsu, jantou));
        }
        // Pattern 2: a sequence (getSequentialTiles gives nothing from 8 up).
        if number && num <= 7 && has(cur + 1) && has(cur + 2) {
            let t = take(tiles, &[(cur, 1), (cur + 1, 1), (cur + 2, 1)]);
            best = best.min(self.dfs(&t, mentsu + 1, tatsu, jantou));
        }
        // Pattern 3: the pair.
        if !jantou && count >= 2 {
            best = best.min(self.dfs(&take(tiles, &[(cur, 2)]), mentsu, tatsu, true));
        }
        // Pattern 4 (calculateWithTatsu): a pair partial, or the n-1 / n+1 neighbour.
        if tatsu < 4 - mentsu {
            if count >= 2 {
                best = best.min(self.dfs(&take(tiles, &[(cur, 2)]), mentsu, tatsu + 1, jantou));
            }
            if number {
                let mut neighbours = Vec::new();
                if num > 1 {
                    neighbours.push(cur - 1);
                }
                if num < 9 {
                    neighbours.push(cur + 1);
                }
                if self.kanchan && num < 8 {
                    neighbours.push(cur + 2);
                }
                for adj in neighbours {
                    if has(adj) {
                        best = best.min(self.dfs(&take(tiles, &[(cur, 1), (adj, 1)]), mentsu, tatsu + 1, jantou));
                    }
                }
            }
        }
        // Pattern 5: drop every copy of this kind and go on.
        let mut t = tiles.clone();
        t.remove(&cur);
        best.min(self.dfs(&t, mentsu, tatsu, jantou))
    }
}

/// The article's `calculateChitoisuShanten`.
fn article_seven_pairs(counts: &Counts) -> i32 {
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as i32;
    let singles = counts.iter().filter(|&&c| c % 2 == 1).count() as i32;
    if pairs == 7 {
        return -1;
    }
    6 - pairs + (singles - (7 - pairs)).max(0)
}

fn hand(s: &str) -> Counts {
    parse_counts(s).expect("a valid hand")
}

/// The checks of document 000.
pub fn checks(full: bool) -> Vec<Check> {
    let mut out = Vec::new();
    let article = |c: &Counts| ArticleDfs::new(Bound::Article, false).shanten(c);

    // The article's example, as counts {1m..9m: 1, 1p: 2, 1s: 2}.
    let example = hand("123456789m11p11s");
    out.push(
        Check::new(
            "123456789m11p11s shanten (the article's example)",
            "0 (the article's method: 0)",
            format!("{} (the article's method: {})", shanten(&example), article(&example)),
        )
        .note("the article prints 0 (tenpai); its method reimplemented here agrees on this hand"),
    );

    // Its DFS: bound and partial rule.
    let c = hand("12m45m12p45p159s13z");
    let textbook_no_kanchan = ArticleDfs::new(Bound::Textbook, false).shanten(&c);
    out.push(
        Check::new(
            "12m45m12p45p159s13z shanten (the article's DFS)",
            "4 (the article's method: 1)",
            format!("{} (the article's method: {})", shanten(&c), article(&c)),
        )
        .errs(format!(
            "the article's bound 4 - melds - partials + (no pair ? 1 : 0) credits a partial as much as \
             a meld: its DFS finds 4 partials (12m 45m 12p 45p) and no pair and scores 4 - 0 - 4 + 1 = 1, \
             but each partial still needs a tile and the pair is missing too. The correct bound for 13 \
             tiles is 8 - 2*melds - partials - pair (melds + partials at most 4): 8 - 0 - 4 - 0 = 4; \
             the article's search with that bound gives {textbook_no_kanchan}"
        )),
    );
    let k = hand("13m57m13p57p2469s1z");
    let (with, without) =
        (ArticleDfs::new(Bound::Textbook, true).shanten(&k), ArticleDfs::new(Bound::Textbook, false).shanten(&k));
    out.push(
        Check::new(
            "13m57m13p57p2469s1z shanten (kanchan partials)",
            "4 (the article's method: 5; with its bound corrected: 8)",
            format!("{} (the article's method: {}; with its bound corrected: {without})", shanten(&k), article(&k)),
        )
        .errs(format!(
            "its partials are a pair or n with n±1 only, so the four kanchan \
             13m 57m 13p 57p are isolated tiles to it; even with the correct bound its search gives \
             {without}; adding the n+2 partial gives {with}, the true shanten"
        )),
    );
    let complete = hand("123m456p789s11122z");
    out.push(
        Check::new(
            "123m456p789s11122z shanten (a complete 14-tile hand)",
            "-1 (the article's method: 0)",
            format!("{} (the article's method: {})", shanten(&complete), article(&complete)),
        )
        .errs(
            "its score is max(0, ...) so it never reports a complete hand (-1), and \
             calculateShanten starts a 14-tile hand with hasJantou = true, so 11z can never be its pair",
        ),
    );

    // Its seven-pairs formula.
    let q = hand("1111m2233p4455s66z");
    out.push(
        Check::new(
            "1111m2233p4455s66z seven-pairs shanten",
            "1 (the article's formula: 0)",
            format!("{} (the article's formula: {})", shanten_seven_pairs(&q), article_seven_pairs(&q)),
        )
        .errs(format!(
            "it counts 1111m as a pair and sees no single, so 6 - 6 + 0 = 0; but \
             seven pairs needs seven different kinds (a quad is one pair and two dead tiles): \
             6 - pairs + max(0, 7 - kinds) = 6 - 6 + 1 = 1. Overall shanten {} (regular {})",
            shanten(&q),
            shanten_regular(&q)
        )),
    );

    if full {
        out.extend(differential());
    }
    out
}

fn xt_shanten(c: &Counts) -> i8 {
    xiangting::calculate_replacement_number(c, xiangting::PlayerCount::Four).map_or(i8::MIN, |r| r as i8 - 1)
}

fn xt_necessary(c: &Counts) -> (i8, TileSet) {
    xiangting::calculate_necessary_tiles(c, xiangting::PlayerCount::Four)
        .map_or((i8::MIN, TileSet::EMPTY), |(r, s)| (r as i8 - 1, TileSet::from_bits(s)))
}

fn xt_unnecessary(c: &Counts) -> (i8, TileSet) {
    xiangting::calculate_unnecessary_tiles(c, xiangting::PlayerCount::Four)
        .map_or((i8::MIN, TileSet::EMPTY), |(r, s)| (r as i8 - 1, TileSet::from_bits(s)))
}

/// Disagreements with xiangting over `count` hands of the sizes `sizes` (cycled).
struct Tally {
    hands: usize,
    shanten: usize,
    tiles: usize,
    first: Option<String>,
}

fn compare(seed: u64, count: usize, sizes: &[usize]) -> Tally {
    let mut rng = Rng::new(seed);
    let mut wall: [u8; 136] = std::array::from_fn(|i| i as u8);
    let mut t = Tally { hands: count, shanten: 0, tiles: 0, first: None };
    for i in 0..count {
        let size = sizes[i % sizes.len()];
        let c = deal_hand(&mut rng, &mut wall, size);
        let s_ok = shanten(&c) == xt_shanten(&c);
        let tiles_ok = if size % 3 == 1 {
            necessary_tiles(&c) == xt_necessary(&c)
        } else {
            unnecessary_tiles(&c) == xt_unnecessary(&c)
        };
        t.shanten += usize::from(!s_ok);
        t.tiles += usize::from(!tiles_ok);
        if (!s_ok || !tiles_ok) && t.first.is_none() {
            t.first = Some(counts_to_string(&c));
        }
    }
    t
}

/// `--full`: 2,000,000 seeded random hands against xiangting.
fn differential() -> Vec<Check> {
    let groups: [(&str, u64, usize, &[usize]); 3] = [
        ("13 tiles: shanten and necessary tiles", 0x000d_0001, 800_000, &[13]),
        ("14 tiles: shanten and unnecessary tiles", 0x000d_0002, 800_000, &[14]),
        ("1-11 tiles: shanten and (un)necessary tiles", 0x000d_0003, 400_000, &[1, 2, 4, 5, 7, 8, 10, 11]),
    ];
    groups
        .iter()
        .map(|&(what, seed, count, sizes)| {
            let t = compare(seed, count, sizes);
            let ours = format!("{} shanten and {} tile-set disagreements", t.shanten, t.tiles);
            let note = match t.first {
                Some(h) => format!("first disagreement: {h}"),
                None => format!("{} seeded random hands (seed {seed:#x}) against xiangting 6", t.hands),
            };
            Check::new(
                format!("{count} random hands vs xiangting, {what}"),
                "0 shanten and 0 tile-set disagreements",
                ours,
            )
            .note(note)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_quick_check_of_document_000_passes() {
        for c in checks(false) {
            assert!(c.ok(), "{}: expected {}, ours {}", c.example, c.expected, c.ours);
        }
    }

    #[test]
    fn the_article_method_agrees_with_the_textbook_search_where_it_should() {
        // With the textbook bound and kanchan, the article's search is the classic DFS: it
        // matches haipai on hands without a quad (seeded random 13-tile hands).
        let mut rng = Rng::new(0x000d_0004);
        let mut wall: [u8; 136] = std::array::from_fn(|i| i as u8);
        for _ in 0..1000 {
            let c = deal_hand(&mut rng, &mut wall, 13);
            if c.contains(&4) {
                continue;
            }
            let classic = ArticleDfs::new(Bound::Textbook, true).shanten(&c);
            assert_eq!(classic as i8, shanten_regular(&c), "{}", counts_to_string(&c));
        }
    }
}

//! Oracle tests: the fast win test and the arrangement iterator against a slow, obviously
//! correct recursive enumeration, on seeded random hands of several kinds.

use haipai_decompose::{
    Arrangement, Block, BlockKind, BlockKinds, Decompositions, Group, decompositions, is_agari, is_seven_pairs,
    is_thirteen_orphans, winning_arrangements,
};
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::{add_group, take_random_held};
use haipai_tiles::{Counts, Tile, counts_to_string};
use std::collections::BTreeSet;

/// All 55 group kinds: 34 triplets then 21 sequences.
fn all_groups() -> Vec<Group> {
    let mut out: Vec<Group> = Tile::all().map(Group::Triplet).collect();
    out.extend(Tile::all().filter(|t| !t.is_honour() && t.number() <= 7).map(Group::Sequence));
    out
}

/// Slow enumeration: pick a pair, then groups in non-decreasing kind order while they fit.
fn oracle(closed: &Counts) -> BTreeSet<String> {
    let total: u32 = closed.iter().map(|&c| u32::from(c)).sum();
    let mut out = BTreeSet::new();
    if total % 3 != 2 || total > 14 {
        return out;
    }
    let groups = all_groups();
    for pair in Tile::all() {
        if closed[pair.index()] >= 2 {
            let mut rest = *closed;
            rest[pair.index()] -= 2;
            each_cover(&mut rest, 0, &groups, Group::tiles, &|_, _| true, &mut Vec::new(), &mut |chosen| {
                let mut sorted = chosen.to_vec();
                sorted.sort();
                let mut arr = Arrangement { pair, groups: [Group::Triplet(Tile::EAST); 4], len: 0 };
                for g in sorted {
                    arr.groups[usize::from(arr.len)] = g;
                    arr.len += 1;
                }
                out.insert(arr.to_string());
            });
        }
    }
    out
}

/// The slow search of both oracles: every multiset of `items` (each taken as often as its
/// tiles fit, in non-decreasing index order from `from`, and only when `allowed` admits it
/// after those `chosen` so far) whose tiles sum to `rest` exactly, given to `found`.
fn each_cover<T: Copy>(
    rest: &mut Counts,
    from: usize,
    items: &[T],
    tiles: fn(T) -> Counts,
    allowed: &impl Fn(&[T], T) -> bool,
    chosen: &mut Vec<T>,
    found: &mut impl FnMut(&[T]),
) {
    if rest.iter().all(|&c| c == 0) {
        found(chosen);
        return;
    }
    for (k, &item) in items.iter().enumerate().skip(from) {
        if !allowed(chosen, item) {
            continue;
        }
        let t = tiles(item);
        if rest.iter().zip(&t).all(|(&r, &x)| r >= x) {
            for (r, x) in rest.iter_mut().zip(&t) {
                *r -= x;
            }
            chosen.push(item);
            each_cover(rest, k, items, tiles, allowed, chosen, found);
            chosen.pop();
            for (r, x) in rest.iter_mut().zip(&t) {
                *r += x;
            }
        }
    }
}

fn ours(closed: &Counts) -> Vec<String> {
    winning_arrangements(closed).map(|a| a.to_string()).collect()
}

fn check(closed: &Counts) {
    let want = oracle(closed);
    let got = ours(closed);
    let got_set: BTreeSet<String> = got.iter().cloned().collect();
    assert_eq!(got.len(), got_set.len(), "duplicates for {}", counts_to_string(closed));
    assert_eq!(got_set, want, "arrangements of {}", counts_to_string(closed));
    assert_eq!(is_agari(closed), !want.is_empty(), "is_agari of {}", counts_to_string(closed));
    for a in winning_arrangements(closed) {
        assert_eq!(&a.tiles(), closed);
        assert!(a.groups().windows(2).all(|w| w[0] <= w[1]));
        assert!(a.groups[usize::from(a.len)..].iter().all(|&g| g == Group::Triplet(Tile::EAST)));
    }
    // The documented order: by pair, then by the sorted group lists.
    let keys: Vec<(Tile, Vec<Group>)> = winning_arrangements(closed).map(|a| (a.pair, a.groups().to_vec())).collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "order of {}", counts_to_string(closed));
}

/// A random winning hand with `n` groups, or a random near-winning one if `perturb`.
fn random_winning(rng: &mut Rng, n: usize, suits: &[usize], perturb: bool) -> Counts {
    loop {
        let mut c = [0u8; 34];
        let pick = |rng: &mut Rng| {
            let s = suits[rng.index(suits.len())];
            let len = if s == 3 { 7 } else { 9 };
            s * 9 + rng.index(len)
        };
        let p = pick(rng);
        c[p] += 2;
        for _ in 0..n {
            let i = pick(rng);
            add_group(rng, &mut c, i);
        }
        if perturb {
            take_random_held(rng, &mut c);
            c[pick(rng)] += 1;
        }
        if c.iter().all(|&x| x <= 4) {
            return c;
        }
    }
}

fn random_hand(rng: &mut Rng, size: usize, suits: &[usize]) -> Counts {
    loop {
        let mut c = [0u8; 34];
        for _ in 0..size {
            let s = suits[rng.index(suits.len())];
            let len = if s == 3 { 7 } else { 9 };
            c[s * 9 + rng.index(len)] += 1;
        }
        if c.iter().all(|&x| x <= 4) {
            return c;
        }
    }
}

#[test]
fn arrangements_match_the_oracle_on_random_winning_hands() {
    let mut rng = Rng::new(3);
    for round in 0..4000 {
        let n = round % 5;
        let suits: &[usize] = if round % 3 == 0 { &[0] } else { &[0, 1, 2, 3] };
        check(&random_winning(&mut rng, n, suits, false));
    }
}

#[test]
fn arrangements_match_the_oracle_on_near_winning_hands() {
    let mut rng = Rng::new(4);
    for round in 0..4000 {
        let suits: &[usize] = if round % 2 == 0 { &[1] } else { &[0, 1, 2, 3] };
        check(&random_winning(&mut rng, 4 - round % 5, suits, true));
    }
}

#[test]
fn arrangements_match_the_oracle_on_random_hands_of_every_size() {
    let mut rng = Rng::new(5);
    for round in 0..6000 {
        let size = 1 + round % 15;
        let suits: &[usize] = match round % 3 {
            0 => &[2],
            1 => &[0, 3],
            _ => &[0, 1, 2, 3],
        };
        check(&random_hand(&mut rng, size, suits));
    }
}

#[test]
fn counts_above_four_are_arithmetic() {
    // Fifth (and later) copies: the same answers as the slow enumeration.
    let mut rng = Rng::new(7);
    for round in 0..3000 {
        let mut c = random_winning_any(&mut rng, round % 5);
        if round % 2 == 1 {
            take_random_held(&mut rng, &mut c);
            c[rng.index(34)] += 1;
        }
        check(&c);
    }
    // Counts far too large give nothing, whatever their sum modulo 256.
    for big in [15u8, 16, 17, 30, 128, 240, 254, 255] {
        for i in [0, 8, 13, 26, 27, 33] {
            let mut c = [0u8; 34];
            c[i] = big;
            assert!(winning_arrangements(&c).next().is_none() && !is_agari(&c), "{big} at {i}");
            c[(i + 1) % 34] = 2;
            assert!(winning_arrangements(&c).next().is_none() && !is_agari(&c), "{big} at {i} and a pair");
        }
    }
}

/// A random winning hand with `n` groups and the pair, copies unbounded (up to 14).
fn random_winning_any(rng: &mut Rng, n: usize) -> Counts {
    let mut c = [0u8; 34];
    // Few kinds, so that copies pile up.
    let kinds = [rng.index(34), rng.index(27), rng.index(27)];
    c[kinds[rng.index(3)]] += 2;
    for _ in 0..n {
        let i = kinds[rng.index(3)];
        add_group(rng, &mut c, i);
    }
    c
}

#[test]
fn seven_pairs_and_thirteen_orphans_match_their_definitions() {
    let mut rng = Rng::new(6);
    for round in 0..20000 {
        let c = if round % 2 == 0 {
            // Seven random pairs (kinds may repeat, making a quad).
            let mut c = [0u8; 34];
            for _ in 0..7 {
                c[rng.index(if round % 4 == 0 { 9 } else { 34 })] += 2;
            }
            c
        } else {
            let yao = haipai_decompose::TERMINALS_AND_HONOURS;
            let mut c = [0u8; 34];
            for _ in 0..14 {
                c[if rng.index(20) == 0 { rng.index(34) } else { yao[rng.index(13)] }] += 1;
            }
            c
        };
        if c.iter().any(|&x| x > 4) {
            continue;
        }
        let kinds2 = c.iter().filter(|&&x| x == 2).count();
        let total: u32 = c.iter().map(|&x| u32::from(x)).sum();
        assert_eq!(is_seven_pairs(&c), kinds2 == 7 && total == 14, "{}", counts_to_string(&c));
        let yao = haipai_decompose::TERMINALS_AND_HONOURS;
        let orphans = total == 14 && yao.iter().all(|&i| c[i] >= 1) && (0..34).all(|i| yao.contains(&i) || c[i] == 0);
        assert_eq!(is_thirteen_orphans(&c), orphans, "{}", counts_to_string(&c));
    }
}

#[test]
fn named_hands() {
    let cases: &[(&str, &[&str])] = &[
        ("11m", &["(11m)"]),
        (
            "11122233344455m",
            &[
                "(111m)(222m)(333m)(444m)(55m)",
                "(111m)(22m)(234m)(345m)(345m)",
                "(111m)(234m)(234m)(234m)(55m)",
                "(123m)(123m)(123m)(444m)(55m)",
            ],
        ),
        (
            "22334455667788p",
            &["(22p)(345p)(345p)(678p)(678p)", "(234p)(234p)(55p)(678p)(678p)", "(234p)(234p)(567p)(567p)(88p)"],
        ),
        ("1112345678999m", &[]),
        ("123m456p789s1122z", &[]),
    ];
    for (hand, want) in cases {
        let c = haipai_tiles::parse_counts(hand).unwrap();
        let got: BTreeSet<String> = ours(&c).into_iter().collect();
        let want: BTreeSet<String> = want.iter().map(|s| s.to_string()).collect();
        assert_eq!(got, want, "{hand}");
        check(&c);
    }
}

/// Every block kind at every tile, in a fixed order, for the slow block enumeration.
fn all_blocks() -> Vec<Block> {
    let mut out = Vec::new();
    for tile in Tile::all() {
        for kind in BlockKind::ALL {
            let n = tile.number();
            let ok = match kind {
                BlockKind::Sequence | BlockKind::Kanchan => !tile.is_honour() && n <= 7,
                BlockKind::Ryanmen => !tile.is_honour() && (2..=7).contains(&n),
                BlockKind::Penchan => !tile.is_honour() && (n == 1 || n == 8),
                _ => true,
            };
            if ok {
                out.push(Block { tile, kind });
            }
        }
    }
    out
}

/// Slow block enumeration: multisets of blocks (non-decreasing index) whose tiles sum to the
/// hand, at most one head, at most `max_loose` non-meld blocks.
fn block_oracle(closed: &Counts, kinds: BlockKinds, max_loose: usize) -> BTreeSet<String> {
    let allowed = |chosen: &[Block], b: Block| {
        let heads = chosen.iter().filter(|c| c.kind == BlockKind::Pair).count();
        let second_head = b.kind == BlockKind::Pair && heads > 0;
        let too_loose = !b.is_meld() && chosen.iter().filter(|c| !c.is_meld()).count() >= max_loose;
        !second_head && !too_loose
    };
    let blocks: Vec<Block> = all_blocks().into_iter().filter(|b| kinds.contains(b.kind)).collect();
    let mut out = BTreeSet::new();
    each_cover(&mut closed.clone(), 0, &blocks, Block::tiles, &allowed, &mut Vec::new(), &mut |chosen| {
        out.insert(chosen.iter().map(|b| b.to_string()).collect::<String>());
    });
    out
}

#[test]
fn decompositions_match_the_oracle() {
    let mut rng = Rng::new(7);
    let kind_sets =
        [BlockKinds::ALL, BlockKinds::NO_ISOLATED, BlockKinds::WINNING, BlockKinds::MELDS.with(BlockKind::Kanchan)];
    for round in 0..1500 {
        let size = 1 + round % 10;
        let suits: &[usize] = if round % 2 == 0 { &[0] } else { &[0, 1, 3] };
        let c = random_hand(&mut rng, size, suits);
        let kinds = kind_sets[round % kind_sets.len()];
        let max_loose = if round % 3 == 0 { 14 } else { rng.index(4) };
        let want = block_oracle(&c, kinds, max_loose);
        let got: Vec<String> = Decompositions::new(&c, kinds, max_loose as u8)
            .map(|d| d.blocks().iter().map(|b| b.to_string()).collect())
            .collect();
        let got_set: BTreeSet<String> = got.iter().cloned().collect();
        assert_eq!(got.len(), got_set.len(), "duplicates for {}", counts_to_string(&c));
        assert_eq!(got_set, want, "{} {kinds:?} {max_loose}", counts_to_string(&c));
    }
}

#[test]
fn decompositions_of_fourteen_tiles_cover_the_hand() {
    let mut rng = Rng::new(8);
    for _ in 0..200 {
        let c = random_hand(&mut rng, 14, &[0, 1, 2, 3]);
        let mut n = 0;
        for d in decompositions(&c) {
            let mut sum = [0u8; 34];
            for b in d.blocks() {
                b.add_to(&mut sum);
            }
            assert_eq!(sum, c);
            assert!(d.blocks().windows(2).all(|w| w[0] <= w[1]));
            n += 1;
        }
        assert!(n >= 1);
        // The winning-kinds search agrees with winning_arrangements.
        let wins = Decompositions::new(&c, BlockKinds::WINNING, 1).filter(|d| d.head().is_some()).count();
        assert_eq!(wins, winning_arrangements(&c).count());
    }
}

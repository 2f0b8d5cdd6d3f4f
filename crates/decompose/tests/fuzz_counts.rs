//! Seeded random attack on the functions that take raw values instead of text: counts broken
//! by `haipai_test_utils::counts` (fifth copies, 255, counts wrapped below zero, every count
//! zero, four or 255, totals of 0, 1, 12, 15, 40 and 3n tiles) fed to every win test, the
//! arrangement iterator and the block decompositions, and every tile with every group and
//! block shape, the ones that do not fit included. Asserts: no panic; more than 14 tiles
//! never wins nor splits; otherwise each answer agrees with a slow recursion and covers the
//! counts exactly; the checked constructors refuse exactly the shapes that do not fit, and
//! what they accept stays inside its suit. `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen
//! the run.

use haipai_decompose::{
    Block, BlockKind, BlockKinds, Decompositions, Group, decompositions, honours_are_complete, is_agari,
    is_seven_pairs, is_thirteen_orphans, is_winning_shape, suit_is_complete, winning_arrangements,
};
use haipai_test_utils::counts::break_counts;
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::{random_complete_hand, random_hand};
use haipai_tiles::{Counts, Tile, counts_to_string};
use std::collections::BTreeSet;

/// Cases and seed, from `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` when set.
fn cases_and_seed(default_cases: usize) -> (usize, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    (var("HAIPAI_FUZZ_CASES").map_or(default_cases, |n| n as usize), var("HAIPAI_FUZZ_SEED").unwrap_or(0xc0_0275))
}

/// A valid hand to break: a complete hand or any hand of 0..=14 tiles.
fn valid_start(rng: &mut Rng) -> Counts {
    match random_complete_hand(rng) {
        Some((h, _)) if rng.below(2) == 0 => h,
        _ => {
            let size = rng.index(15);
            random_hand(rng, size)
        }
    }
}

/// Broken counts, seeded.
fn broken(rng: &mut Rng) -> Counts {
    let start = valid_start(rng);
    break_counts(&mut |n| rng.index(n), &start)
}

fn total(c: &Counts) -> u32 {
    c.iter().map(|&x| u32::from(x)).sum()
}

/// Slow oracle: the counts split into melds only (any counts, arithmetically).
fn all_melds(c: &mut Counts) -> bool {
    let Some(i) = c.iter().position(|&n| n > 0) else { return true };
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = all_melds(c);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        (i..i + 3).for_each(|j| c[j] -= 1);
        let ok = all_melds(c);
        (i..i + 3).for_each(|j| c[j] += 1);
        return ok;
    }
    false
}

/// Slow oracle: melds and one pair.
fn slow_agari(c: &Counts) -> bool {
    let mut c = *c;
    (0..34).any(|i| {
        c[i] >= 2 && {
            c[i] -= 2;
            let ok = all_melds(&mut c);
            c[i] += 2;
            ok
        }
    })
}

/// Every win test, arrangement and decomposition of broken counts, against the definitions.
#[test]
fn broken_counts_never_panic_nor_win_wrongly() {
    let (cases, seed) = cases_and_seed(20_000);
    let mut rng = Rng::new(seed);
    for _ in 0..cases {
        let c = broken(&mut rng);
        let n = total(&c);
        let name = counts_to_string(&c);
        let arrangements: Vec<_> = winning_arrangements(&c).collect();
        let agari = is_agari(&c);
        if n > 14 {
            assert!(!agari && arrangements.is_empty(), "{c:?}: more than 14 tiles won");
            assert!(!is_seven_pairs(&c) && !is_thirteen_orphans(&c) && !is_winning_shape(&c), "{c:?}");
            assert_eq!(decompositions(&c).count(), 0, "{c:?}: more than 14 tiles split");
            continue;
        }
        assert_eq!(agari, slow_agari(&c), "{name}: is_agari");
        assert_eq!(agari, !arrangements.is_empty(), "{name}: is_agari and the arrangements");
        let distinct: BTreeSet<String> = arrangements.iter().map(|a| a.to_string()).collect();
        assert_eq!(distinct.len(), arrangements.len(), "{name}: an arrangement twice");
        for a in &arrangements {
            assert!(a.groups().iter().all(|g| g.is_valid()), "{name}: {a}");
            assert_eq!(a.tiles(), c, "{name}: {a} is not the hand");
        }
        let seven = n == 14 && c.iter().filter(|&&x| x == 2).count() == 7 && c.iter().all(|&x| x == 0 || x == 2);
        assert_eq!(is_seven_pairs(&c), seven, "{name}: seven pairs");
        assert_eq!(is_winning_shape(&c), agari || seven || is_thirteen_orphans(&c), "{name}");
        for d in Decompositions::new(&c, BlockKinds::ALL, 14).take(2000) {
            let mut sum = [0u8; 34];
            d.blocks().iter().for_each(|b| b.add_to(&mut sum));
            assert_eq!(sum, c, "{name}: {d} is not the hand");
        }
    }
}

/// One suit's tests on broken nine- and seven-count slices: a suit alone is a hand, so they
/// agree with `is_agari` of that hand whenever it has at most 14 tiles.
#[test]
fn suit_tests_agree_with_the_whole_hand() {
    let (cases, seed) = cases_and_seed(20_000);
    let mut rng = Rng::new(seed ^ 1);
    for _ in 0..cases {
        let c = broken(&mut rng);
        let man: [u8; 9] = c[..9].try_into().expect("nine");
        let honours: [u8; 7] = c[27..].try_into().expect("seven");
        for pair in [false, true] {
            let (a, b) = (suit_is_complete(&man, pair), honours_are_complete(&honours, pair));
            let alone = |from: usize, len: usize| {
                let mut h = [0u8; 34];
                h[from..from + len].copy_from_slice(&c[from..from + len]);
                h
            };
            for (got, h) in [(a, alone(0, 9)), (b, alone(27, 7))] {
                if pair && total(&h) <= 14 {
                    assert_eq!(got, slow_agari(&h), "{h:?} with a pair");
                } else if !pair && total(&h) <= 14 {
                    assert_eq!(got, all_melds(&mut h.clone()), "{h:?} without a pair");
                }
            }
        }
    }
}

/// Every tile with every shape: `Group::sequence` and `Block::new` refuse exactly the shapes
/// that do not fit, and what they accept lists tiles of its own suit only; adding to counts
/// at 255 stays at 255.
#[test]
fn checked_groups_and_blocks_refuse_the_shapes_that_do_not_fit() {
    for t in Tile::all() {
        let fits_sequence = !t.is_honour() && t.number() <= 7;
        assert_eq!(Group::sequence(t).is_some(), fits_sequence, "sequence at {t}");
        assert_eq!(Group::Sequence(t).is_valid(), fits_sequence, "sequence at {t}");
        assert!(Group::Triplet(t).is_valid());
        for g in [Group::sequence(t), Some(Group::Triplet(t))].into_iter().flatten() {
            let tiles = g.tiles();
            assert_eq!(total(&tiles), 3, "{g}");
            assert!(in_suit_of(t, &tiles), "{g} leaves its suit");
            let mut full = [255u8; 34];
            g.add_to(&mut full);
            assert_eq!(full, [255; 34], "{g} added to 255s");
        }
        for kind in BlockKind::ALL {
            let block = Block::new(t, kind);
            let n = t.number();
            let number = !t.is_honour();
            let fits = match kind {
                BlockKind::Sequence | BlockKind::Kanchan => number && n <= 7,
                BlockKind::Ryanmen => number && (2..=7).contains(&n),
                BlockKind::Penchan => number && (n == 1 || n == 8),
                _ => true,
            };
            assert_eq!(block.is_some(), fits, "{kind:?} at {t}");
            assert_eq!(Block { tile: t, kind }.is_valid(), fits, "{kind:?} at {t}");
            let Some(b) = block else { continue };
            assert_eq!(total(&b.tiles()) as usize, b.len(), "{b}");
            assert!(in_suit_of(t, &b.tiles()), "{b} leaves its suit");
            let done = b.completions();
            assert!(done.iter().all(|w| w.suit() == t.suit()), "{b} completes on {done}");
        }
    }
}

/// True when every tile of `counts` is of `t`'s suit.
fn in_suit_of(t: Tile, counts: &Counts) -> bool {
    Tile::all().all(|u| counts[u.index()] == 0 || u.suit() == t.suit())
}

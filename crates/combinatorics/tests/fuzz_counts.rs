//! Seeded random attack on the functions that take raw values instead of text: `binom` and
//! `checked_binom` on every `n ≤ 140` (results past `u128` included) against Pascal's
//! triangle; `Variant`'s copies and weights on kind and suit indices past the 34 kinds and
//! counts up to 255, sanma included; `hand_profile` on counts broken by
//! `haipai_test_utils::counts` (fifth copies, 255, wrapped counts, wrong totals), against
//! haipai-shanten where the hand is valid; and the table sizes outside 1..=14 (0, 15, 54
//! tiles) against `C(136, M)`. Asserts: no panic and no wrong count. `HAIPAI_FUZZ_CASES` and
//! `HAIPAI_FUZZ_SEED` widen the run.

use haipai_combinatorics::hand_profile;
use haipai_combinatorics::{Count, ShantenDistribution, TenhouTable, Variant, binom, checked_binom};
use haipai_test_utils::counts::break_counts;
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::random_hand;

/// Cases and seed, from `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` when set.
fn cases_and_seed(default_cases: usize) -> (usize, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    (var("HAIPAI_FUZZ_CASES").map_or(default_cases, |n| n as usize), var("HAIPAI_FUZZ_SEED").unwrap_or(0xc0_3b1))
}

/// `binom` is exact wherever Pascal's triangle (by checked additions) fits a `u128`, and
/// `checked_binom` is `None` exactly where it does not; `binom(131, 65)` overflowed before.
#[test]
fn binomials_match_pascals_triangle() {
    let mut row: Vec<Option<u128>> = vec![Some(1)];
    for n in 0..=140u32 {
        for k in 0..=n + 2 {
            let want = if k > n { Some(0) } else { row[k as usize] };
            assert_eq!(checked_binom(n, k), want, "C({n}, {k})");
            if let Some(x) = want {
                assert_eq!(binom(n, k), x, "C({n}, {k})");
            }
        }
        let mut next = vec![Some(1); n as usize + 2];
        for k in 1..=n as usize {
            next[k] = row[k - 1].zip(row[k]).and_then(|(a, b)| a.checked_add(b));
        }
        row = next;
    }
    assert_eq!(binom(131, 65), 188_694_833_082_770_476_622_296_176_145_946_360_850);
    assert_eq!(checked_binom(132, 64), None);
}

/// Kind and suit indices past the tiles hold no copy; counts past the copies weigh nothing.
#[test]
fn variants_weigh_any_index_and_count() {
    for variant in [Variant::FOUR_PLAYER, Variant::SANMA, Variant::SANMA.red_fives(true)] {
        assert_eq!(variant.physical_tiles(), if variant.sanma { 108 } else { 136 });
        for kind in 0..300 {
            let copies = variant.copies(kind);
            let real = kind < 34 && !(variant.sanma && (1..=7).contains(&kind));
            assert_eq!(copies, if real { 4 } else { 0 }, "{} kind {kind}", variant.name());
            for c in 0..=255u8 {
                let w = variant.weight(kind, c);
                if c > copies {
                    assert_eq!(w, Count::ZERO, "{} kind {kind} x{c}", variant.name());
                } else {
                    assert_eq!(w.states, binom(u32::from(copies), u32::from(c)), "{} kind {kind} x{c}", variant.name());
                }
            }
        }
        for suit in 3..40 {
            assert_eq!(variant.suit_weight(suit, &[0; 9]), Count::ZERO, "suit {suit}");
        }
    }
}

/// `hand_profile` takes any counts; on a valid hand its shanten is haipai-shanten's.
#[test]
fn hand_profiles_of_broken_counts() {
    let (cases, seed) = cases_and_seed(5000);
    let mut rng = Rng::new(seed);
    for _ in 0..cases {
        let size = rng.index(15);
        let start = random_hand(&mut rng, size);
        let c = break_counts(&mut |n| rng.index(n), &start);
        let p = hand_profile(&c);
        let n: usize = c.iter().map(|&x| usize::from(x)).sum();
        for tiles in [0, 1, 14, 15, 40, usize::MAX] {
            let _ = p.shanten(tiles);
        }
        if haipai_shanten::validate(&c).is_ok() {
            assert_eq!(p.shanten(n), haipai_shanten::shanten(&c), "{c:?}");
        }
    }
}

/// Sizes outside 1..=14: the distribution counts the nearest size and says so; the tenhou
/// table counts every hand of 0, 15 and 54 tiles (`C(136, M)` and `C(108, M)` in all).
#[test]
fn sizes_outside_the_range() {
    let d = ShantenDistribution::compute(0, Variant::FOUR_PLAYER);
    assert_eq!((d.tiles, d.total().states), (1, 136));
    for m in [0, 15, 54] {
        for variant in [Variant::FOUR_PLAYER, Variant::SANMA] {
            let t = TenhouTable::compute(m, variant);
            assert_eq!(t.total.states, binom(variant.physical_tiles(), m as u32), "{m} tiles, {}", variant.name());
        }
    }
    assert_eq!(TenhouTable::compute(0, Variant::FOUR_PLAYER).probability().to_f64(), 1.0);
}

//! Seeded random attack on the functions that take raw counts: hands broken by
//! `haipai_test_utils::counts` (fifth copies, 255, counts wrapped below zero, every count zero,
//! four or 255, totals of 0, 1, 12, 15, 40 and 3n tiles, 2m-8m in sanma) fed to every plain,
//! checked, memoised, sanma and reference function. Asserts: no panic; `validate` and each
//! `try_` variant refuse exactly the invalid hands, with the error naming the first fifth copy,
//! the empty hand or the size; whatever they accept gets the plain function's answer, which
//! equals the reference search's. `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

use haipai_shanten::{
    Memo, live_count, necessary_tiles, reference, sanma, shanten, shanten_regular, shanten_seven_pairs,
    shanten_thirteen_orphans, try_necessary_tiles, try_shanten, try_shanten_regular, try_shanten_seven_pairs,
    try_shanten_thirteen_orphans, try_unnecessary_tiles, unnecessary_tiles, validate,
};
use haipai_test_utils::counts::break_counts;
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::random_hand;
use haipai_tiles::{Counts, ErrorKind, Tile, TileSet};

/// Cases and seed, from `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` when set.
fn cases_and_seed(default_cases: usize) -> (usize, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    (var("HAIPAI_FUZZ_CASES").map_or(default_cases, |n| n as usize), var("HAIPAI_FUZZ_SEED").unwrap_or(0x5a_17e4))
}

/// A hand of 0..=14 tiles broken at random (about one in six left whole by the breakage).
fn broken(rng: &mut Rng) -> Counts {
    let size = rng.index(15);
    let start = random_hand(rng, size);
    break_counts(&mut |n| rng.index(n), &start)
}

fn total(c: &Counts) -> usize {
    c.iter().map(|&x| usize::from(x)).sum()
}

/// What `validate` must say of `c`: the first kind held more than four times, an empty hand,
/// or a size that is no 3m + 1 or 3m + 2 of at most 14.
fn expected_error(c: &Counts) -> Option<ErrorKind> {
    if let Some(i) = c.iter().position(|&x| x > 4) {
        return Some(ErrorKind::TooManyCopies(Tile::new(i).expect("a kind")));
    }
    let n = total(c);
    match n {
        0 => Some(ErrorKind::Empty),
        _ if n > 14 || n.is_multiple_of(3) => {
            Some(ErrorKind::WrongSize { expected: "1, 2, 4, 5, 7, 8, 10, 11, 13 or 14".to_string(), got: n, melds: 0 })
        }
        _ => None,
    }
}

/// The checked functions refuse exactly the invalid hands, naming what is wrong; the plain
/// ones answer anything without a panic and agree with the checked ones and the reference
/// where the hand is valid.
#[test]
fn checked_variants_refuse_every_broken_hand() {
    let (cases, seed) = cases_and_seed(5000);
    let mut rng = Rng::new(seed);
    let mut memo = Memo::new();
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..cases {
        let c = broken(&mut rng);
        // The plain functions take anything.
        let plain = (shanten(&c), shanten_regular(&c), shanten_seven_pairs(&c), shanten_thirteen_orphans(&c));
        let (draws, discards) = (necessary_tiles(&c), unnecessary_tiles(&c));
        let _ = (memo.necessary_tiles(&c), memo.unnecessary_tiles(&c), reference::shanten(&c));
        let _ = (sanma::shanten(&c), sanma::necessary_tiles(&c), sanma::unnecessary_tiles(&c));
        let _ = sanma::reference_shanten_regular(&c);
        let visible = [255u8; 34];
        assert_eq!(live_count(TileSet::from_counts(&[1; 34]), &c, &visible), 0);
        match expected_error(&c) {
            Some(kind) => {
                refused += 1;
                let e = validate(&c).expect_err("an invalid hand");
                assert_eq!(e.kind(), &kind, "{c:?}");
                assert!(!e.to_string().is_empty());
                if let ErrorKind::TooManyCopies(t) = kind {
                    assert!(e.to_string().contains(&t.to_string()), "{e} names no {t}");
                }
                assert!(try_shanten(&c).is_err() && try_shanten_regular(&c).is_err(), "{c:?}");
                assert!(try_shanten_seven_pairs(&c).is_err() && try_shanten_thirteen_orphans(&c).is_err());
                assert!(try_necessary_tiles(&c).is_err() && try_unnecessary_tiles(&c).is_err(), "{c:?}");
            }
            None => {
                accepted += 1;
                let n = total(&c);
                assert_eq!(validate(&c), Ok(n));
                let checked = (
                    try_shanten(&c).unwrap(),
                    try_shanten_regular(&c).unwrap(),
                    try_shanten_seven_pairs(&c).unwrap(),
                    try_shanten_thirteen_orphans(&c).unwrap(),
                );
                assert_eq!(checked, plain, "{c:?}");
                assert_eq!(plain.0, reference::shanten(&c), "{c:?}: against the reference");
                let (draw, discard) = (try_necessary_tiles(&c), try_unnecessary_tiles(&c));
                if n % 3 == 1 {
                    assert_eq!(draw, Ok(draws), "{c:?}");
                    assert_eq!(draws, reference::necessary_tiles(&c), "{c:?}: against the reference");
                    let e = discard.expect_err("3m + 1 tiles have no unnecessary tiles");
                    assert!(matches!(e.kind(), ErrorKind::WrongSize { got, .. } if *got == n), "{e}");
                } else {
                    assert_eq!(discard, Ok(discards), "{c:?}");
                    assert_eq!(discards, reference::unnecessary_tiles(&c), "{c:?}: against the reference");
                    let e = draw.expect_err("3m + 2 tiles have no necessary tiles");
                    assert!(matches!(e.kind(), ErrorKind::WrongSize { got, .. } if *got == n), "{e}");
                }
            }
        }
    }
    assert!(refused > cases / 3 && accepted > cases / 20, "{refused} refused, {accepted} accepted");
}

/// Sanma's checks add 2m-8m to the four-player ones (which come after them), and what they
/// accept matches the sanma reference.
#[test]
fn sanma_checks_refuse_two_to_eight_man() {
    let (cases, seed) = cases_and_seed(5000);
    let mut rng = Rng::new(seed ^ 3);
    for _ in 0..cases {
        let mut c = broken(&mut rng);
        if rng.below(2) == 0 {
            c[1..8].fill(0);
        }
        let got = sanma::validate(&c);
        if let Some(i) = (1..8).find(|&i| c[i] > 0) {
            let e = got.expect_err("2m-8m held");
            let tile = Tile::new(i).expect("a kind").to_string();
            assert!(matches!(e.kind(), ErrorKind::NotATile { text, .. } if *text == tile), "{e}");
            assert!(sanma::try_shanten(&c).is_err() && sanma::try_shanten_regular(&c).is_err());
            assert!(sanma::try_necessary_tiles(&c).is_err() && sanma::try_unnecessary_tiles(&c).is_err());
            continue;
        }
        assert_eq!(got, validate(&c), "{c:?}");
        if got.is_ok() {
            let s = sanma::try_shanten_regular(&c).unwrap();
            assert_eq!(s, sanma::reference_shanten_regular(&c), "{c:?}");
            assert_eq!(sanma::try_shanten(&c).unwrap(), sanma::shanten(&c));
        }
    }
}

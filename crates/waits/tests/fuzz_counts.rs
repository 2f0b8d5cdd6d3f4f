//! Seeded random attack on the functions that take raw values: closed counts and meld counts
//! broken by `haipai_test_utils::counts` (fifth copies, 255, counts wrapped below zero, every
//! count zero, four or 255, totals of 0, 1, 12, 15, 40 and 3n tiles) fed to `waits`,
//! `waits_with` under every `LineOptions` and the reference, and random called melds that make a
//! fifth copy with the closed tiles fed to `Hand::new` and `hand_waits`. Asserts: no panic;
//! sizes other than 3n+1 (at most 13) have no line; otherwise the winning tiles and the lines
//! equal the brute-force reference's; a fifth copy or a wrong size is an error naming it.
//! `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

use haipai_test_utils::counts::break_counts;
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::random_hand;
use haipai_tiles::{Counts, ErrorKind, Hand, Meld, MeldKind, Tile};
use haipai_waits::{LineOptions, Notation, hand_waits, reference, waits, waits_with};
use std::collections::BTreeSet;

/// Cases and seed, from `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` when set.
fn cases_and_seed(default_cases: usize) -> (usize, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    (var("HAIPAI_FUZZ_CASES").map_or(default_cases, |n| n as usize), var("HAIPAI_FUZZ_SEED").unwrap_or(0x3a_175))
}

/// A hand of 1..=13 tiles (mostly 13), broken at random.
fn broken(rng: &mut Rng, size: usize) -> Counts {
    let start = random_hand(rng, size);
    break_counts(&mut |n| rng.index(n), &start)
}

fn total(c: &Counts) -> usize {
    c.iter().map(|&x| usize::from(x)).sum()
}

/// `waits_with` on broken closed and meld counts, every option, against the reference.
#[test]
fn broken_counts_get_the_reference_waits_or_none() {
    let (cases, seed) = cases_and_seed(20_000);
    let mut rng = Rng::new(seed);
    let mut tenpai = 0;
    for _ in 0..cases {
        let size = [13, 13, 10, 7, 4, 1][rng.index(6)];
        let closed = broken(&mut rng, size);
        let meld_size = 3 * rng.index(5);
        let melds = if rng.below(3) == 0 { broken(&mut rng, meld_size) } else { [0; 34] };
        let options = LineOptions::default()
            .karaten(rng.below(2) == 0)
            .seven_pairs(rng.below(4) > 0)
            .thirteen_orphans(rng.below(4) > 0);
        let w = waits_with(&closed, &melds, options);
        let held: Counts = std::array::from_fn(|i| closed[i].saturating_add(melds[i]));
        assert_eq!(w.held(), &held, "{closed:?} + {melds:?}");
        let n = total(&closed);
        if n % 3 != 1 || n > 13 {
            assert!(w.lines().is_empty() && !w.is_tenpai(), "{closed:?}: {n} tiles have lines");
            continue;
        }
        tenpai += usize::from(w.is_tenpai());
        if options.seven_pairs && options.thirteen_orphans {
            assert_eq!(w.winning_tiles(), reference::winning_tiles(&closed, &held), "{closed:?} + {melds:?}");
            if !options.karaten {
                let ours: BTreeSet<String> = w.classic_lines(Notation::Digits).into_iter().collect();
                assert_eq!(ours, reference::lines(&closed, &held, Notation::Digits), "{closed:?} + {melds:?}");
            }
        }
        let live = w.live(&[255; 34]);
        assert!(live.iter().all(|&(_, n)| n == 0));
        assert_eq!(waits(&closed), waits_with(&closed, &[0; 34], LineOptions::default()));
    }
    assert!(tenpai > 0, "no tenpai hand among {cases}");
}

/// Random closed tiles and called melds, a fifth copy between them included: `Hand::new`
/// refuses the fifth copy naming its tile, and `hand_waits` refuses any size but 13 naming it.
#[test]
fn melds_that_make_a_fifth_copy_are_refused() {
    let (cases, seed) = cases_and_seed(20_000);
    let mut rng = Rng::new(seed ^ 5);
    let kinds = [MeldKind::Chi, MeldKind::Pon, MeldKind::OpenKan, MeldKind::ClosedKan, MeldKind::AddedKan];
    let (mut fifth, mut wrong_size, mut fine) = (0, 0, 0);
    for _ in 0..cases {
        let n_melds = rng.index(5);
        let melds: Vec<Meld> = (0..n_melds)
            .filter_map(|_| Meld::new(kinds[rng.index(kinds.len())], Tile::new(rng.index(34)).expect("a kind"), 0))
            .collect();
        let size = (13 + rng.index(3)).saturating_sub(3 * melds.len());
        let closed = random_hand(&mut rng, size);
        let mut all = closed;
        melds.iter().for_each(|m| all.iter_mut().zip(m.tiles()).for_each(|(a, b)| *a += b));
        let too_many = (0..34).find(|&i| all[i] > 4);
        match Hand::new(closed, [0; 3], melds.clone()) {
            Err(e) => {
                if let Some(i) = too_many {
                    fifth += 1;
                    let tile = Tile::new(i).expect("a kind");
                    assert!(matches!(e.kind(), ErrorKind::TooManyCopies(_)), "{e}");
                    assert!(e.to_string().contains("copies") || e.to_string().contains(&tile.to_string()), "{e}");
                } else {
                    assert!(matches!(e.kind(), ErrorKind::WrongSize { .. }), "{e}");
                }
            }
            Ok(hand) => {
                assert_eq!(too_many, None, "{hand:?} holds a fifth copy");
                let got = hand_waits(&hand, LineOptions::default());
                if hand.size() == 13 {
                    fine += 1;
                    let w = got.expect("13 tiles");
                    assert_eq!(w.held(), &all);
                    let closed_alone = waits_with(hand.closed(), &[0; 34], LineOptions::default());
                    assert!(w.winning_tiles().iter().all(|t| closed_alone.winning_tiles().contains(t)));
                } else {
                    wrong_size += 1;
                    let e = got.expect_err("not 13 tiles");
                    let size = hand.size();
                    assert!(matches!(e.kind(), ErrorKind::WrongSize { got, .. } if *got == size), "{e}");
                    assert!(e.to_string().contains(&size.to_string()), "{e}");
                }
            }
        }
    }
    assert!(fifth > 0 && fine > 0, "{fifth} fifth copies, {wrong_size} wrong sizes, {fine} fine");
}

//! Seeded random attack on the functions that take raw values instead of text: winning hands'
//! counts broken by `haipai_test_utils::counts` (fifth copies, 255, counts wrapped below zero,
//! wrong totals), called melds that make a fifth copy with the closed tiles, winning tiles not
//! held and red-five counts up to 255 through `value` and `value_pair`; and `base_points` /
//! `payment` on extreme han, fu, yakuman, honba, sticks and rules. Asserts: no panic; `value`
//! accepts exactly the valid hands and its error names the size, the winning tile, the fifth
//! copy or the red five; the points equal a 64-bit reference with amounts past `u32` held at
//! `u32::MAX`. `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

use haipai_score::{Conditions, ErrorKind, HanFu, Limit, Rules, WinningTiles, base_points, payment, value, value_pair};
use haipai_test_utils::counts::break_counts;
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::random_complete_hand;
use haipai_tiles::{Counts, Meld, MeldKind, Tile, Wind};

/// Cases and seed, from `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` when set.
fn cases_and_seed(default_cases: usize) -> (usize, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    (var("HAIPAI_FUZZ_CASES").map_or(default_cases, |n| n as usize), var("HAIPAI_FUZZ_SEED").unwrap_or(0x5c_02e))
}

/// What is wrong with closed tiles, melds, winning tile and red fives, in `value`'s order of
/// checks: the size, the winning tile, a fifth copy, a red five with no five; `None` if valid.
fn expected_error(closed: &Counts, melds: &[Meld], win: Tile, red: u8) -> Option<String> {
    let size = closed.iter().map(|&c| usize::from(c)).sum::<usize>() + 3 * melds.len();
    if size != 14 {
        return Some(format!("size {size}"));
    }
    if closed[win.index()] == 0 {
        return Some(format!("{win} not held"));
    }
    let mut all = *closed;
    melds.iter().for_each(|m| all.iter_mut().zip(m.tiles()).for_each(|(a, b)| *a += b));
    if let Some(i) = all.iter().position(|&c| c > 4) {
        return Some(format!("fifth {}", Tile::new(i).expect("a kind")));
    }
    let fives = [4, 13, 22].iter().filter(|&&i| all[i] > 0).count() as u8;
    (red > fives).then(|| "red five".to_string())
}

/// Random melds (0..=2) of any kind and tile, with the closed tiles cut to fit 14 when they can.
fn random_melds(rng: &mut Rng, closed: &mut Counts) -> Vec<Meld> {
    let kinds = [MeldKind::Chi, MeldKind::Pon, MeldKind::OpenKan, MeldKind::ClosedKan, MeldKind::AddedKan];
    let mut melds = Vec::new();
    for _ in 0..rng.index(3) {
        let Some(m) = Meld::new(kinds[rng.index(5)], Tile::new(rng.index(34)).expect("a kind"), 0) else { continue };
        // Take three held tiles away so the size stays 14 (the meld may still make a fifth copy).
        for _ in 0..3 {
            if let Some(i) = (0..34).find(|&i| closed[i] > 0 && rng.below(3) == 0).or((0..34).find(|&i| closed[i] > 0))
            {
                closed[i] -= 1;
            }
        }
        melds.push(m);
    }
    melds
}

/// `value` and `value_pair` accept exactly the valid hands; an error names what is wrong.
#[test]
fn value_refuses_every_broken_hand() {
    let (cases, seed) = cases_and_seed(3000);
    let mut rng = Rng::new(seed);
    let rules = Rules::default();
    let (mut refused, mut accepted) = (0, 0);
    while refused + accepted < cases {
        let Some((start, win)) = random_complete_hand(&mut rng) else { continue };
        let mut closed = if rng.below(4) == 0 { start } else { break_counts(&mut |n| rng.index(n), &start) };
        let melds = if rng.below(2) == 0 { random_melds(&mut rng, &mut closed) } else { Vec::new() };
        let win = if rng.below(6) == 0 { Tile::new(rng.index(34)).expect("a kind") } else { win };
        let red = [0, 0, 1, 2, 3, 4, 255][rng.index(7)];
        let cond = Conditions::default().tsumo(rng.below(2) == 0);
        let got = value(&WinningTiles::new(&closed, win).melds(&melds).red_fives(red), &cond, &rules);
        let pair = value_pair(&WinningTiles::new(&closed, win).melds(&melds).red_fives(red), &cond, &rules);
        match expected_error(&closed, &melds, win, red) {
            Some(what) => {
                refused += 1;
                let e = got.expect_err(&what);
                let message = e.to_string();
                let right = match e.kind() {
                    ErrorKind::WrongSize { got } => what == format!("size {got}") && message.contains(&got.to_string()),
                    ErrorKind::WinningTileNotInHand(t) => what == format!("{t} not held"),
                    ErrorKind::Tiles(inner) => match inner.kind() {
                        haipai_tiles::ErrorKind::TooManyCopies(t) => what == format!("fifth {t}"),
                        haipai_tiles::ErrorKind::RedFiveNotHeld(_) => what == "red five",
                        _ => false,
                    },
                    _ => false,
                };
                assert!(right, "{closed:?} {melds:?} win {win} red {red}: expected {what}, got {e}");
                assert_eq!(pair.map_err(|e| e.to_string()), Err(message));
            }
            None => {
                accepted += 1;
                // A valid hand: a value, no value (no yaku or no win), or a NotAWinningHand error.
                match got {
                    Ok(_) => assert!(pair.is_ok()),
                    Err(e) => assert!(matches!(e.kind(), ErrorKind::NotAWinningHand | ErrorKind::Conflict(_)), "{e}"),
                }
            }
        }
    }
    assert!(refused > cases / 3 && accepted > cases / 20, "{refused} refused, {accepted} accepted");
}

/// `base_points` in 64 bits, capped as the rules say.
fn reference_base(han: u32, fu: u32, yakuman: u32, rules: &Rules) -> (u64, Limit) {
    if yakuman > 0 {
        let n = yakuman.min(u32::from(rules.max_yakuman.max(1)));
        return (8000 * u64::from(n), Limit::Yakuman(n as u8));
    }
    match han {
        0..=4 => {
            let base = u64::from(fu) << (han + 2);
            let kiriage = rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
            if base > 2000 || kiriage { (2000, Limit::Mangan) } else { (base, Limit::None) }
        }
        5 => (2000, Limit::Mangan),
        6 | 7 => (3000, Limit::Haneman),
        8..=10 => (4000, Limit::Baiman),
        11 | 12 => (6000, Limit::Sanbaiman),
        _ if rules.kazoe_yakuman => (8000, Limit::KazoeYakuman),
        _ => (6000, Limit::Sanbaiman),
    }
}

/// A random number: small, at a power of two, or the top of `u32`.
fn extreme(rng: &mut Rng) -> u32 {
    match rng.index(6) {
        0 => u32::MAX,
        1 => 1 << rng.index(32),
        2 => rng.next_u64() as u32,
        _ => rng.index(140) as u32,
    }
}

/// `base_points` and `payment` on any numbers: no panic, the 64-bit reference's amounts, each
/// held at `u32::MAX` past it.
#[test]
fn points_on_extreme_numbers_match_a_wide_reference() {
    let (cases, seed) = cases_and_seed(20_000);
    let mut rng = Rng::new(seed ^ 7);
    let cap = |x: u64| u32::try_from(x).unwrap_or(u32::MAX);
    for _ in 0..cases {
        let (han, fu, yakuman) = (extreme(&mut rng), extreme(&mut rng), [0, 0, 1, 2, 255, u32::MAX][rng.index(6)]);
        let rules = Rules::default()
            .kiriage(rng.below(2) == 0)
            .kazoe_yakuman(rng.below(2) == 0)
            .max_yakuman([0, 1, 6, 255][rng.index(4)])
            .double_wind_pair_fu(rng.index(256) as u8);
        let (base, limit) = reference_base(han, fu, yakuman, &rules);
        assert_eq!(base_points(HanFu { han, fu, yakuman }, &rules), (cap(base), limit), "{han} han {fu} fu {yakuman}x");
        let (dealer, tsumo, honba, sticks) =
            (rng.below(2) == 0, rng.below(2) == 0, extreme(&mut rng), extreme(&mut rng));
        let seat = if dealer { Wind::East } else { Wind::South };
        let cond = Conditions::default().seat(seat).tsumo(tsumo).honba(honba).sticks(sticks);
        let p = payment(HanFu { han, fu, yakuman }, &cond, &rules);
        let up = |x: u64| x.div_ceil(100) * 100;
        let (h, s) = (u64::from(honba), u64::from(sticks));
        let (ron, d, nd, total) = match (tsumo, dealer) {
            (true, true) => (0, 0, up(2 * base) + 100 * h, 3 * (up(2 * base) + 100 * h)),
            (true, false) => {
                (0, up(2 * base) + 100 * h, up(base) + 100 * h, up(2 * base) + 100 * h + 2 * (up(base) + 100 * h))
            }
            (false, true) => (up(6 * base) + 300 * h, 0, 0, up(6 * base) + 300 * h),
            (false, false) => (up(4 * base) + 300 * h, 0, 0, up(4 * base) + 300 * h),
        };
        let want = (cap(ron), cap(d), cap(nd));
        assert_eq!((p.ron, p.dealer, p.non_dealer), want, "{han} han {fu} fu {yakuman}x {honba} honba");
        if total + 1000 * s <= u64::from(u32::MAX) {
            assert_eq!(u64::from(p.total), total + 1000 * s, "{han} han {fu} fu {honba} honba {sticks} sticks");
        } else {
            assert_eq!(p.total, u32::MAX, "{han} han {fu} fu {honba} honba {sticks} sticks");
        }
    }
}

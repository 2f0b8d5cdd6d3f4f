//! Seeded random-input attack on scoring: winning hands (closed, with chi, pon and kans, red
//! fives) whose text `mutate` breaks, read back by `Hand::parse_any_size`, then scored by
//! `score` and `value` with a random winning tile, random flags (conflicting ones included),
//! winds, up to seven dora and ura-dora indicators, honba and riichi sticks from 0 to
//! `u32::MAX`, and random rules (any `max_yakuman` and pair fu). Asserts: no panic, each
//! refusal of the kind its input calls for (decided here from the documented order of the
//! checks) with a message naming what is wrong, a win's payments add up, and `value` agrees with `score` without ura-dora;
//! `value` (which takes raw counts) also gets hundreds of indicators and any red-five count.
//! `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

use haipai_test_utils::mutate;

use haipai_decompose::is_winning_shape;
use haipai_score::{ErrorKind, MAX_INDICATORS, MAX_STICKS, Outcome, Rules, Situation, WinningTiles, score, value};
use haipai_tiles::Wind;
use haipai_tiles::rng::Rng;
use haipai_tiles::{Hand, Tile};

/// Winning hands to break.
const EXAMPLES: &[&str] = &[
    "233445m678p234s99s",
    "222567m345p33567s",
    "234567m345p23488s",
    "19m19p19s1234567z1z",
    "11223344556677z",
    "123m456p11z[789s][555z]",
    "406m789p11z[789s][5555z*]",
    "11z[123m][456p][3333s+][5555z]",
    "11122233344455z",
    "1112345678999m9m",
    "0m55m[406p][789s][123s]",
];

/// A random count of honba or sticks: small, at the limit, or far beyond it.
fn sticks(rng: &mut Rng) -> u32 {
    match rng.index(12) {
        0 => MAX_STICKS,
        1 => MAX_STICKS + 1,
        2 => u32::MAX,
        3 => rng.next_u64() as u32,
        _ => rng.index(6) as u32,
    }
}

/// Random tiles: mostly up to two, sometimes up to seven.
fn indicators(rng: &mut Rng) -> Vec<Tile> {
    let n = if rng.index(8) == 0 { rng.index(8) } else { rng.index(3) };
    (0..n).filter_map(|_| Tile::new(rng.index(34))).collect()
}

/// A random situation for `hand`: the winning tile is one of its closed tiles, mostly.
fn situation(rng: &mut Rng, hand: Hand) -> Situation {
    let held: Vec<usize> = (0..34).filter(|&i| hand.closed()[i] > 0).collect();
    let win = match held.len() {
        0 => rng.index(34),
        n if rng.index(8) > 0 => held[rng.index(n)],
        _ => rng.index(34),
    };
    let mut s = Situation::new(hand, Tile::new(win).expect("a kind"));
    let winds = [Wind::East, Wind::South, Wind::West, Wind::North];
    let mut flag = || rng.index(12) == 0;
    (s.conditions.tsumo, s.conditions.riichi, s.conditions.double_riichi, s.conditions.ippatsu) =
        (flag(), flag(), flag(), flag());
    (s.conditions.haitei, s.conditions.houtei, s.conditions.rinshan, s.conditions.chankan) =
        (flag(), flag(), flag(), flag());
    (s.conditions.tenhou, s.conditions.chiihou) = (flag(), flag());
    s.conditions.seat = winds[rng.index(4)];
    s.conditions.round = winds[rng.index(4)];
    s.dora_indicators = indicators(rng);
    s.ura_indicators = indicators(rng);
    s.conditions.honba = sticks(rng);
    s.conditions.sticks = sticks(rng);
    s
}

/// Random rules, any field of them.
fn rules(rng: &mut Rng) -> Rules {
    let mut flag = || rng.index(2) == 0;
    Rules::default()
        .kuitan(flag())
        .aka_dora(flag())
        .kiriage(flag())
        .kazoe_yakuman(flag())
        .double_yakuman(flag())
        .open_pinfu_fu(flag())
        .pinfu_tsumo_fu(flag())
        .double_wind_pair_fu(rng.next_u64() as u8)
        .max_yakuman(rng.next_u64() as u8)
}

/// The refusal `s` must get, decided here from the documented checks in their order (size,
/// winning tile, honba and sticks, conflicting flags, indicators, the winning shape), or
/// `None` when it is scored. A conflict is any `Conflict` when a flag that can conflict is set
/// (and `conflicts`: else that check is passed over).
fn expected_error(s: &Situation, conflicts: bool) -> Option<ErrorKind> {
    let closed = s.hand.closed();
    let melds = s.hand.melds();
    let got = closed.iter().map(|&c| usize::from(c)).sum::<usize>() + 3 * melds.len();
    if got != 14 {
        return Some(ErrorKind::WrongSize { got });
    }
    if closed[s.win.index()] == 0 {
        return Some(ErrorKind::WinningTileNotInHand(s.win));
    }
    for (which, count) in [("honba", s.conditions.honba), ("riichi sticks", s.conditions.sticks)] {
        if count > MAX_STICKS {
            return Some(ErrorKind::TooManySticks { which, count });
        }
    }
    let flags = [
        s.conditions.riichi,
        s.conditions.double_riichi,
        s.conditions.ippatsu,
        s.conditions.chankan,
        s.conditions.rinshan,
        s.conditions.haitei,
        s.conditions.houtei,
        s.conditions.tenhou,
        s.conditions.chiihou,
    ];
    if conflicts && flags.contains(&true) {
        return Some(ErrorKind::Conflict("any"));
    }
    for (which, list) in [("dora", &s.dora_indicators), ("ura-dora", &s.ura_indicators)] {
        if list.len() > MAX_INDICATORS {
            return Some(ErrorKind::TooManyIndicators { which, count: list.len() });
        }
    }
    let mut seen = s.hand.all_tiles();
    if s.conditions.chankan {
        // The robbed tile's other three copies are in the opponent's kan.
        seen[s.win.index()] += 3;
    }
    for t in s.dora_indicators.iter().chain(&s.ura_indicators) {
        seen[t.index()] += 1;
        if seen[t.index()] > 4 {
            return Some(ErrorKind::IndicatorCopies(*t));
        }
    }
    (!is_winning_shape(closed)).then_some(ErrorKind::NotAWinningHand)
}

/// Checks `s`'s refusal (`e`) against the one it should get: the same kind (a `Conflict` only
/// where a conflicting flag is set, else the later checks' kind), with a message that names
/// what is wrong.
fn check_refusal(s: &Situation, e: &haipai_score::Error) {
    let message = e.to_string();
    let expected = expected_error(s, true);
    match (e.kind(), &expected) {
        (ErrorKind::Conflict(why), Some(ErrorKind::Conflict(_))) => assert!(message.contains(why), "{s:?}: {message}"),
        (kind, Some(ErrorKind::Conflict(_))) => {
            // No conflict among the flags set: the later checks decide.
            assert_eq!(Some(kind), expected_error(s, false).as_ref(), "{s:?}: {message}");
        }
        (kind, _) => assert_eq!(Some(kind), expected.as_ref(), "{s:?}: {message}"),
    }
    let names = match e.kind() {
        ErrorKind::WrongSize { got } => got.to_string(),
        ErrorKind::WinningTileNotInHand(t) | ErrorKind::IndicatorCopies(t) => t.to_string(),
        ErrorKind::TooManySticks { which, count } => format!("{count} {which}"),
        ErrorKind::TooManyIndicators { which, count } => format!("{count} {which}"),
        _ => String::new(),
    };
    assert!(!message.is_empty() && message.contains(&names), "{s:?}: {message} should name {names}");
}

/// Scores `s` under `rules` and checks the answer against itself and `value`.
fn check(s: &Situation, rules: &Rules) {
    let outcome = match score(s, rules) {
        Ok(o) => o,
        Err(e) => {
            check_refusal(s, &e);
            return;
        }
    };
    let expected = expected_error(s, false);
    assert!(expected.is_none(), "{s:?} scored, expected {expected:?}");
    assert!(s.conditions.honba <= MAX_STICKS && s.conditions.sticks <= MAX_STICKS, "{s:?}");
    let cond = s.conditions;
    let plain = value(
        &WinningTiles::new(s.hand.closed(), s.win)
            .melds(s.hand.melds())
            .red_fives(s.hand.red_fives())
            .dora_indicators(&s.dora_indicators),
        &cond,
        rules,
    )
    .unwrap_or_else(|e| panic!("score took {s:?} but value refused it: {e}"));
    let Outcome::Win(w) = outcome else {
        assert!(plain.is_none(), "{s:?}");
        return;
    };
    let p = w.payment;
    let paid = if !s.conditions.tsumo {
        p.ron
    } else if s.is_dealer() {
        3 * p.non_dealer
    } else {
        p.dealer + 2 * p.non_dealer
    };
    assert_eq!(p.total, paid + 1000 * s.conditions.sticks, "{s:?}: {p:?}");
    if s.ura_indicators.is_empty() || !(s.conditions.riichi || s.conditions.double_riichi) {
        let v = plain.unwrap_or_else(|| panic!("score won {s:?} but value found no yaku"));
        assert_eq!(v.payment.total, p.total, "{s:?}");
    }
}

#[test]
fn mutated_situations_are_scored_or_refused() {
    let mut rng = Rng::new(mutate::seed());
    let mut scored = 0;
    for _ in 0..mutate::cases(20_000) {
        let example = EXAMPLES[rng.index(EXAMPLES.len())];
        let text = if rng.index(2) == 0 { example.to_string() } else { mutate::mutate(&mut |n| rng.index(n), example) };
        let Ok(hand) = Hand::parse_any_size(&text) else { continue };
        let s = situation(&mut rng, hand);
        let r = if rng.index(4) == 0 { rules(&mut rng) } else { Rules::default() };
        check(&s, &r);
        scored += usize::from(score(&s, &r).is_ok());
    }
    assert!(scored > 2_000, "only {scored} situations were scored");
}

#[test]
fn the_most_honba_and_sticks_still_pay_exactly() {
    let hand = Hand::parse("11122233344455z").expect("a hand");
    let mut s = Situation::new(hand, Tile::new(27).expect("1z"));
    s.conditions.tsumo = true;
    s.conditions.honba = MAX_STICKS;
    s.conditions.sticks = MAX_STICKS;
    let rules = Rules::default().max_yakuman(255);
    let Ok(Outcome::Win(w)) = score(&s, &rules) else { panic!("daisuushii and more") };
    let each = w.payment.non_dealer;
    assert_eq!(w.payment.total, 3 * each + 1000 * MAX_STICKS);
    s.conditions.honba = u32::MAX;
    assert_eq!(score(&s, &rules).unwrap_err().to_string(), "4294967295 honba: at most 10000 are supported");
    s.conditions.honba = 0;
    s.conditions.sticks = MAX_STICKS + 1;
    assert_eq!(score(&s, &rules).unwrap_err().to_string(), "10001 riichi sticks: at most 10000 are supported");
}

#[test]
fn value_takes_any_number_of_indicators_and_red_fives() {
    let mut rng = Rng::new(mutate::seed());
    for _ in 0..mutate::cases(2_000) {
        let hand = Hand::parse_any_size(EXAMPLES[rng.index(EXAMPLES.len())]).expect("a hand");
        let s = situation(&mut rng, hand);
        let many: Vec<Tile> = (0..rng.index(400)).filter_map(|_| Tile::new(rng.index(34))).collect();
        let red = [0, 1, 3, 4, 255][rng.index(5)];
        let rules = rules(&mut rng);
        let cond = s.conditions;
        match value(
            &WinningTiles::new(s.hand.closed(), s.win).melds(s.hand.melds()).red_fives(red).dora_indicators(&many),
            &cond,
            &rules,
        ) {
            Ok(Some(v)) => {
                assert!(s.conditions.honba <= MAX_STICKS && s.conditions.sticks <= MAX_STICKS && red <= 3, "{s:?}");
                assert!(v.payment.total >= 1000 * s.conditions.sticks, "{s:?}: {v:?}");
                let _ = (v.with_ura(u32::MAX), v.totals_with_ura::<16>());
            }
            Ok(None) => {}
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

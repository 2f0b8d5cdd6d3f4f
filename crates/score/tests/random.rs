//! Seeded random hands (haipai's own RNG): scoring never panics, every random winning hand
//! gets a consistent answer, and non-winning hands are a clear error.

use haipai_score::{ErrorKind, Limit, Outcome, Rules, Situation, WinningTiles, dora_han, score, value};
use haipai_tiles::Wind;
use haipai_tiles::rng::Rng;
use haipai_tiles::{Hand, Meld, MeldKind, Tile};

/// The kind of a result's error, so tests can compare it exactly.
fn kind_of<T>(r: Result<T, haipai_score::Error>) -> Result<T, ErrorKind> {
    r.map_err(|e| e.kind().clone())
}

fn t(i: usize) -> Tile {
    Tile::new(i).expect("tile")
}

/// A random indicator that the wall can still hold: a kind seen fewer than four times in
/// `seen` (the hand's tiles and the indicators so far), which it then counts.
fn indicator(rng: &mut Rng, seen: &mut [u8; 34]) -> Tile {
    loop {
        let k = rng.index(34);
        if seen[k] < 4 {
            seen[k] += 1;
            return t(k);
        }
    }
}

/// A random winning situation: 4 groups (some called) and a pair, a random winning tile.
fn random_win(rng: &mut Rng) -> Option<Situation> {
    let mut closed = [0u8; 34];
    let mut all = [0u8; 34];
    let mut melds = Vec::new();
    let n_melds = rng.index(5);
    for g in 0..4 {
        let seq = rng.index(3) > 0;
        let called = g < n_melds;
        if seq {
            let s = rng.index(3);
            let k = 9 * s + rng.index(7);
            for d in 0..3 {
                all[k + d] += 1;
                if !called {
                    closed[k + d] += 1;
                }
            }
            if called {
                melds.push(Meld::new(MeldKind::Chi, t(k), 0)?);
            }
        } else {
            let k = rng.index(34);
            let kan = called && rng.index(4) == 0;
            all[k] += if kan { 4 } else { 3 };
            if called {
                let kind = if kan { MeldKind::ClosedKan } else { MeldKind::Pon };
                melds.push(Meld::new(kind, t(k), 0)?);
            } else {
                closed[k] += 3;
            }
        }
    }
    let p = rng.index(34);
    all[p] += 2;
    closed[p] += 2;
    if all.iter().any(|&c| c > 4) {
        return None;
    }
    let hand = Hand::new(closed, [0; 3], melds).ok()?;
    let held: Vec<usize> = (0..34).filter(|&i| closed[i] > 0).collect();
    let win = t(held[rng.index(held.len())]);
    let mut s = Situation::new(hand, win);
    s.conditions.tsumo = rng.index(2) == 0;
    s.conditions.seat = [Wind::East, Wind::South, Wind::West, Wind::North][rng.index(4)];
    s.conditions.round = [Wind::East, Wind::South, Wind::West, Wind::North][rng.index(4)];
    s.conditions.riichi = s.hand.is_closed() && rng.index(2) == 0;
    s.dora_indicators = vec![indicator(rng, &mut all)];
    s.conditions.honba = rng.index(3) as u32;
    Some(s)
}

#[test]
fn random_winning_hands_score_consistently() {
    let mut rng = Rng::new(7);
    let rules = Rules::default();
    let mut wins = 0;
    let mut tries = 0;
    while wins < 3000 {
        tries += 1;
        assert!(tries < 100_000);
        let Some(s) = random_win(&mut rng) else { continue };
        let outcome = score(&s, &rules).unwrap_or_else(|e| panic!("{} win {}: {e}", s.hand, s.win));
        let Outcome::Win(w) = outcome else { continue };
        wins += 1;
        let p = w.payment;
        // Payments follow from the base points.
        let up = |x: u32| x.div_ceil(100) * 100;
        let base = p.base;
        if s.conditions.tsumo {
            if s.is_dealer() {
                assert_eq!(p.non_dealer, up(2 * base) + 100 * s.conditions.honba);
            } else {
                assert_eq!(
                    (p.dealer, p.non_dealer),
                    (up(2 * base) + 100 * s.conditions.honba, up(base) + 100 * s.conditions.honba)
                );
            }
        } else {
            assert_eq!(p.ron, up(if s.is_dealer() { 6 } else { 4 } * base) + 300 * s.conditions.honba);
        }
        // Han is the sum of the listed yaku; yakuman hands list only yakuman.
        assert_eq!(w.han, w.yaku.iter().map(|&(_, h)| h).sum::<u32>().min(78));
        if w.yakuman > 0 {
            assert!(w.yaku.iter().all(|(y, _)| y.is_yakuman()));
            assert_eq!(p.limit, Limit::Yakuman(w.yakuman as u8));
        } else {
            assert!(w.fu >= 20 && w.fu % 10 == 0 || w.fu == 25);
            let raw: u32 = w.fu_parts.iter().map(|f| u32::from(f.fu())).sum();
            assert_eq!(w.fu, if w.fu == 25 { 25 } else { raw.div_ceil(10) * 10 });
        }
    }
}

#[test]
fn random_non_winning_hands_are_an_error() {
    let mut rng = Rng::new(11);
    let rules = Rules::default();
    let mut checked = 0;
    for _ in 0..3000 {
        let mut counts = [0u8; 34];
        let mut n = 0;
        while n < 14 {
            let k = rng.index(34);
            if counts[k] < 4 {
                counts[k] += 1;
                n += 1;
            }
        }
        let hand = Hand::from_counts(counts).expect("hand");
        let win = t((0..34).find(|&i| counts[i] > 0).expect("tile"));
        match kind_of(score(&Situation::new(hand, win), &rules)) {
            Err(ErrorKind::NotAWinningHand) => checked += 1,
            Ok(_) => {}
            Err(e) => panic!("unexpected error {e:?}"),
        }
    }
    assert!(checked > 2900);
}

/// `value(...).with_ura(k)` against `score` with the ura-dora inside the search (which
/// re-chooses the best reading with them): equal payments for 1 to 5 random ura indicators.
#[test]
fn with_ura_matches_scoring_with_the_ura_indicators() {
    let mut rng = Rng::new(23);
    let rules = Rules::default();
    let mut checked = 0;
    let mut tries = 0;
    while checked < 3000 {
        tries += 1;
        assert!(tries < 200_000);
        let Some(mut s) = random_win(&mut rng) else { continue };
        if !s.hand.is_closed() {
            continue;
        }
        s.conditions.riichi = true;
        let mut seen = s.hand.all_tiles();
        for d in &s.dora_indicators {
            seen[d.index()] += 1;
        }
        s.ura_indicators = (0..1 + rng.index(5)).map(|_| indicator(&mut rng, &mut seen)).collect();
        let all = s.hand.all_tiles();
        let cond = s.conditions;
        let v = value(
            &WinningTiles::new(s.hand.closed(), s.win).melds(s.hand.melds()).dora_indicators(&s.dora_indicators),
            &cond,
            &rules,
        )
        .unwrap_or_else(|e| panic!("{} win {}: {e}", s.hand, s.win));
        let full = score(&s, &rules).expect("scores");
        let (Outcome::Win(w), Some(v)) = (full, v) else { continue };
        assert_eq!(v.with_ura(dora_han(&all, &s.ura_indicators)), w.payment, "{} win {}", s.hand, s.win);
        checked += 1;
    }
}

/// The fast path checks raw counts: a fifth copy, too many red fives, a wrong size and a
/// winning tile that is not held are errors, never a panic.
#[test]
fn value_rejects_bad_counts() {
    use haipai_score::Conditions;
    use haipai_tiles::parse_counts;
    let rules = Rules::default();
    let cond = Conditions::default();
    let mut five = parse_counts("1111m234p567s999s").expect("counts");
    five[0] += 1; // a fifth 1m (parse_counts itself refuses it)
    let tiles = |kind| Err(ErrorKind::Tiles(haipai_tiles::Error::whole(kind)));
    let fifth_1m = haipai_tiles::ErrorKind::TooManyCopies(t(0));
    assert_eq!(kind_of(value(&WinningTiles::new(&five, t(0)), &cond, &rules)), tiles(fifth_1m));
    let ok = parse_counts("123m456p789s11122z").expect("counts");
    // Two red fives but only a 5p held: the red 5m is counted with no 5m held.
    let red_5m = haipai_tiles::ErrorKind::RedFiveNotHeld(t(4));
    assert_eq!(kind_of(value(&WinningTiles::new(&ok, t(0)).red_fives(2), &cond, &rules)), tiles(red_5m));
    let short = parse_counts("123m456p789s1112z").expect("counts");
    assert_eq!(kind_of(value(&WinningTiles::new(&short, t(0)), &cond, &rules)), Err(ErrorKind::WrongSize { got: 13 }));
    assert_eq!(
        kind_of(value(&WinningTiles::new(&ok, t(4)), &cond, &rules)),
        Err(ErrorKind::WinningTileNotInHand(t(4)))
    );
    let melds = vec![Meld::new(MeldKind::Pon, t(0), 0).expect("meld")];
    let big = parse_counts("11m456p789s11122z").expect("counts");
    assert_eq!(
        kind_of(value(&WinningTiles::new(&big, t(0)).melds(&melds), &cond, &rules)),
        Err(ErrorKind::WrongSize { got: 16 })
    );
}

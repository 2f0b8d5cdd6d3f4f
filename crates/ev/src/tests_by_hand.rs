//! Values checked against computations by hand and against the Monte Carlo player: the
//! per-turn arrays' turn 1 (double riichi), a 13-tile input against the 14-tile candidate it
//! is, the contributions of draws the policy throws straight back, a riichi with every option
//! on, and a red five in a called meld.

use crate::Standard;
use crate::tests_props::random_hands;
use crate::{Candidate, Options, Query, RiichiPolicy, evaluate_with, simulate_with};
use haipai_shanten::shanten as slow_shanten;
use haipai_tiles::{Hand, Tile, parse_counts, parse_tile};

fn tile(t: &str) -> Tile {
    parse_tile(t).expect("tile").tile()
}

/// Document 001's hand (or another) with the indicator 1z.
fn query(hand: &str) -> Query {
    let mut q = Query::new(Hand::parse(hand).expect("hand"));
    q.dora_indicators = vec![tile("1z")];
    q
}

fn candidate(q: &Query, o: &Options, discard: Option<&str>) -> Candidate {
    let a = evaluate_with(&Standard::default(), q, o).expect("evaluate");
    a.candidates.into_iter().find(|c| c.discard == discard.map(tile)).expect("candidate")
}

/// A tenpai hand's riichi without hand change, by hand: each of `waits` waits (with `live`
/// copies each) pays `points`, draws from `unseen`, `unseen - 1`, ... for `draws` draws.
fn riichi_by_hand(waits: f64, live: f64, unseen: f64, draws: usize, points: f64) -> f64 {
    let (mut miss, mut sum) = (1.0, 0.0);
    for j in 0..draws {
        let den = unseen - j as f64;
        sum += miss * waits * live / den * points;
        miss *= 1.0 - waits * live / den;
    }
    sum
}

/// The article's model with double riichi on: riichi always, no hand change, no ura-dora,
/// ippatsu, haitei or red fives.
fn article_with_double() -> Options {
    Options { double_riichi: true, ..Options::article() }
}

/// Index 0 of the per-turn arrays is turn 1, whatever the question's turn: a riichi there is
/// a double riichi (dealer, 4 han 30 fu: 11,700 against riichi's 3 han 6,000). It was plain
/// riichi unless the question was at turn 1 (6s of 222567m345p33667s at turn 3: 4243.01).
#[test]
fn per_turn_index_0_is_turn_1_with_its_double_riichi() {
    let mut q = query("222567m345p33667s");
    q.turn = 3;
    let c = candidate(&q, &article_with_double(), Some("6s"));
    // Turn 3 draws from 121 unseen tiles; turn 1 from the 123 the wall had then.
    let by_turn = [(0, 123.0, 17, 11_700.0), (1, 122.0, 16, 6_000.0), (2, 121.0, 15, 6_000.0)];
    for (i, unseen, draws, points) in by_turn {
        let want = riichi_by_hand(2.0, 4.0, unseen, draws, points);
        assert!((c.per_turn.points[i] - want).abs() < 1e-9, "turn {}: {} {want}", i + 1, c.per_turn.points[i]);
    }
    assert_eq!(format!("{:.2}", c.per_turn.points[0]), "8273.87");
    assert_eq!(c.value.points, c.per_turn.points[2]);
}

/// A 13-tile input at turn 1 is the hand just after the first discard: a riichi on it is a
/// double riichi, as for the 14-tile candidate that discards into it (it was plain riichi:
/// 4282.35 against the candidate's 8350.59).
#[test]
fn a_thirteen_tile_input_at_turn_1_declares_double_riichi() {
    let o = article_with_double();
    let six = candidate(&query("222567m345p33667s"), &o, Some("6s"));
    let mut q = query("222567m345p3367s");
    q.visible = parse_counts("6s").expect("counts");
    let thirteen = candidate(&q, &o, None);
    let want = riichi_by_hand(2.0, 4.0, 121.0, 17, 11_700.0);
    assert!((thirteen.value.points - want).abs() < 1e-9, "{} {want}", thirteen.value.points);
    assert_eq!(format!("{:.2}", thirteen.value.points), "8350.59");
    assert_eq!(thirteen.per_turn, six.per_turn);
    assert_eq!(thirteen.necessary, six.necessary);
    assert_eq!((thirteen.riichi, thirteen.dama), (six.riichi, six.dama));
}

/// A 13-tile input is valued as the 14-tile candidate that discards into it, every number
/// alike, at any turn, under each riichi policy and budget: the discarded tile marked seen
/// and its other copies seen too (a 14-tile question may draw its own discard back without
/// spending an exchange, a 13-tile one may not), for the discards that keep the shanten (the
/// others have spent an exchange).
#[test]
fn a_thirteen_tile_input_is_valued_as_its_fourteen_tile_candidate() {
    let options = [
        Options::default(),
        Options { riichi: RiichiPolicy::Best, extra_exchanges: 0, ..Options::default() },
        Options { riichi: RiichiPolicy::Never, ..Options::default() },
    ];
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(1.0);
    let mut compared = 0;
    for (i, h) in random_hands(6, 1, 0x5e55).into_iter().enumerate() {
        let o = &options[i % options.len()];
        let input_shanten = slow_shanten(&h);
        for e in (0..34).filter(|&e| h[e] > 0) {
            let mut q14 = Query::new(Hand::from_counts(h).expect("hand"));
            q14.dora_indicators = vec![Tile::new((7 * i + 3) % 34).expect("kind")];
            q14.turn = [1, 6, 12][i % 3];
            let indicated = q14.dora_indicators.iter().filter(|t| t.index() == e).count() as u8;
            q14.visible[e] = 4 - h[e] - indicated;
            let discard = Tile::new(e);
            let a14 = evaluate_with(&Standard::default(), &q14, o).expect("evaluate");
            let c14 = a14.candidates.iter().find(|c| c.discard == discard).expect("candidate");
            if c14.shanten != input_shanten {
                continue;
            }
            let mut h13 = h;
            h13[e] -= 1;
            let mut q13 = Query { hand: Hand::from_counts(h13).expect("hand"), ..q14.clone() };
            q13.visible[e] += 1;
            let a13 = evaluate_with(&Standard::default(), &q13, o).expect("evaluate");
            let c13 = &a13.candidates[0];
            assert_eq!(a13.unseen, a14.unseen);
            for t in 0..17 {
                assert!(close(c13.per_turn.points[t], c14.per_turn.points[t]), "{h:?} {e} turn {}", t + 1);
                assert!(close(c13.per_turn.win[t], c14.per_turn.win[t]), "{h:?} {e} turn {}", t + 1);
                assert!(close(c13.per_turn.tenpai[t], c14.per_turn.tenpai[t]), "{h:?} {e} turn {}", t + 1);
            }
            assert_eq!(c13.necessary.len(), c14.necessary.len(), "{h:?} {e}");
            for (x, y) in c13.necessary.iter().zip(&c14.necessary) {
                assert_eq!((x.tile, x.live), (y.tile, y.live), "{h:?} {e}");
                assert!(close(x.points, y.points), "{h:?} {e} {}", x.tile);
            }
            assert_eq!(c13.riichi.is_some(), c14.riichi.is_some());
            if let (Some(x), Some(y)) = (c13.riichi, c14.riichi) {
                assert!(close(x.points, y.points) && close(x.win, y.win), "{h:?} {e}");
            }
            compared += 1;
        }
    }
    assert!(compared >= 15, "{compared}");
}

/// A draw the policy throws straight back is a thrown draw, not the first kept one: an open
/// hand without a yaku (234m567p1178s[123p], discard 5z, waiting on 6s and 9s) completes on
/// 6s or 9s before the last draw and must throw it back; it wins only at the last draw, by
/// haitei (1 han 30 fu, 1,500; 3,000 with the dora 6s). Each wait's contribution is then its
/// chance at the last draw (104 unseen) times its points. They were 70.64 and 73.59 (the
/// thrown 6s draws credited with the 9s wins that followed); the value is unchanged.
#[test]
fn a_draw_thrown_straight_back_contributes_nothing() {
    let mut q = Query::new(Hand::parse("234m567p1178s5z[123p]").expect("hand"));
    q.dora_indicators = vec![tile("5s")];
    q.visible = parse_counts("6s").expect("counts");
    let o = Options { extra_exchanges: 0, ..Options::default() };
    let c = candidate(&q, &o, Some("5z"));
    let (six, nine) = (3.0 / 104.0 * 3_000.0, 4.0 / 104.0 * 1_500.0);
    let got: Vec<(String, u8, f64)> = c.necessary.iter().map(|n| (n.tile.to_string(), n.live, n.points)).collect();
    assert_eq!(got.len(), 2);
    assert_eq!((got[0].0.as_str(), got[0].1, got[1].0.as_str(), got[1].1), ("6s", 3, "9s", 4));
    assert!((got[0].2 - six).abs() < 1e-9 && (got[1].2 - nine).abs() < 1e-9, "{got:?}");
    assert!((c.value.points - six - nine).abs() < 1e-9);
    assert_eq!(c.other_points, 0.0);
}

/// With hand change, the draws a 1-shanten hand keeps are credited with what follows them and
/// the necessary draws with what follows theirs: the sum is the value, and a necessary draw's
/// share is no longer diluted by the draws thrown back (222567m34p3366s4z, value 3928.48, 2p:
/// 430.72, was 122.00).
#[test]
fn contributions_with_hand_change_sum_to_the_value() {
    let c = candidate(&query("222567m34p3366s4z"), &Options::default(), None);
    let necessary: f64 = c.necessary.iter().map(|n| n.points).sum();
    assert!((necessary + c.other_points - c.value.points).abs() < 1e-6 * c.value.points);
    let two_p = c.necessary.iter().find(|n| n.tile == tile("2p")).expect("2p");
    assert_eq!(format!("{:.2}", two_p.points), "430.72");
}

/// The simulator plays a 13-tile input at turn 1 with its double riichi: it agrees with the
/// computed value.
#[test]
fn monte_carlo_agrees_on_a_thirteen_tile_input_at_turn_1() {
    let mut q = query("222567m345p3367s");
    q.visible = parse_counts("6s").expect("counts");
    let o = Options { riichi: RiichiPolicy::Best, ..Options::default() };
    let c = candidate(&q, &o, None);
    let e = simulate_with(&Standard::default(), &q, &o, None, 20_000, 5).expect("simulate");
    assert!((e.points - c.value.points).abs() <= 4.0 * e.points_se, "{e:?} vs {:?}", c.value);
    assert!((e.win - c.value.win).abs() <= 4.0 * e.win_se, "{e:?} vs {:?}", c.value);
}

/// Dealer tsumo at 30 fu (the hand below): what the winner receives for `han` han.
fn dealer_tsumo_30_fu(han: u32) -> f64 {
    match han {
        0..=3 => 6_000.0,
        4 => 11_700.0,
        5 => 12_000.0,
        6 | 7 => 18_000.0,
        8..=10 => 24_000.0,
        11 | 12 => 36_000.0,
        _ => 48_000.0,
    }
}

/// Every scoring option on, no hand change, by hand: the 13-tile 222567m345p3367s (6s seen,
/// indicator 1z) riichis now at turn `turn` and waits on 5s and 8s (four each, one 5s red).
/// A win is riichi, tsumo and tanyao (3 han 30 fu), ippatsu on the first draw, haitei on the
/// last, the red 5s with chance 1/4, and the ura-dora indicator one of the tiles still live
/// (the unseen ones less the winning tile), each worth the copies of its dora in the hand.
fn full_riichi_by_hand(turn: usize) -> f64 {
    let hand = Hand::parse_any_size("222567m345p3367s").expect("hand");
    let mut unseen = [4u8; 34];
    for (k, &c) in hand.closed().iter().enumerate() {
        unseen[k] -= c;
    }
    unseen[tile("1z").index()] -= 1;
    unseen[tile("6s").index()] -= 1;
    let total: u32 = unseen.iter().map(|&c| u32::from(c)).sum();
    let win = |k: usize, extra: u32| {
        let (mut h, mut live) = (*hand.closed(), unseen);
        h[k] += 1;
        live[k] -= 1;
        let all: f64 = live.iter().map(|&c| f64::from(c)).sum();
        (0..34)
            .map(|u| {
                let dora = Tile::new(u).expect("kind").dora_from_indicator().index();
                f64::from(live[u]) / all * dealer_tsumo_30_fu(3 + extra + u32::from(h[dora]))
            })
            .sum::<f64>()
    };
    let (five, eight) = (tile("5s").index(), tile("8s").index());
    let (mut miss, mut sum) = (1.0, 0.0);
    for d in turn - 1..17 {
        let den = f64::from(total) + (turn - 1) as f64 - d as f64;
        let extra = u32::from(d == turn - 1) + u32::from(d == 16);
        let five_value = 0.25 * win(five, extra + 1) + 0.75 * win(five, extra);
        sum += miss * 4.0 / den * (five_value + win(eight, extra));
        miss *= 1.0 - 8.0 / den;
    }
    sum
}

/// A tenpai hand without hand change under every scoring option (ura-dora as an exact
/// expectation, red fives, ippatsu, haitei) equals the hand computation, at turns 2, 9 and 17.
#[test]
fn a_riichi_with_every_option_equals_the_hand_computation() {
    let mut q = query("222567m345p3367s");
    q.visible = parse_counts("6s").expect("counts");
    let o = Options { extra_exchanges: 0, ..Options::default() };
    for turn in [2u8, 9, 17] {
        q.turn = turn;
        let c = candidate(&q, &o, None);
        let want = full_riichi_by_hand(usize::from(turn));
        assert!((c.value.points - want).abs() < 1e-9, "turn {turn}: {} {want}", c.value.points);
    }
    q.turn = 17;
    assert_eq!(format!("{:.2}", candidate(&q, &o, None).value.points), "964.88");
}

/// The simulator agrees with the computed values on an open hand (no riichi, yaku needed:
/// yakuhai, tanyao is out with 123p, haitei) with hand change at a later turn, and on a
/// 13-tile 1-shanten input at turn 11 with every option on.
#[test]
fn monte_carlo_agrees_on_an_open_hand_and_a_late_thirteen_tile_input() {
    let mut open = Query::new(Hand::parse("234m567p1178s5z[123p]").expect("hand"));
    open.dora_indicators = vec![tile("5s")];
    open.turn = 6;
    let mut late = query("222567m34p3366s4z");
    late.turn = 11;
    let o = Options { riichi: RiichiPolicy::Best, ..Options::default() };
    for (q, discard) in [(&open, Some("7s")), (&open, Some("5z")), (&late, None)] {
        let c = candidate(q, &o, discard);
        let e = simulate_with(&Standard::default(), q, &o, discard.map(tile), 20_000, 17).expect("simulate");
        assert!((e.points - c.value.points).abs() <= 4.0 * e.points_se, "{discard:?}: {e:?} vs {:?}", c.value);
        assert!((e.win - c.value.win).abs() <= 4.0 * e.win_se, "{discard:?}: {e:?} vs {:?}", c.value);
    }
}

/// A red five in a called meld is a han on every win (it was never counted: the engine scored
/// only the closed hand's red fives). At turn 17 the one draw left is haitei; the hand waits
/// on 2s and 5s. An open pon of 5p with the red one: haitei and the red five, 2 han 30 fu,
/// 3,000, 6,000 with the red 5s drawn (was 111.57). A closed kan of 5p with the red one, no
/// ura-dora or ippatsu: riichi, tsumo, haitei and the red five, 4 han 40 fu, 12,000, as with
/// the red 5s drawn (was 555.00); dama 3 han 40 fu 7,800, 12,000 with the red 5s (was 292.50).
#[test]
fn a_red_five_in_a_called_meld_is_a_han() {
    let mut q = query("234m567p11s34s9m[505p]");
    q.turn = 17;
    let o = Options { extra_exchanges: 0, ..Options::default() };
    let c = candidate(&q, &o, Some("9m"));
    let want = (4.0 * 3_000.0 + 3.0 * 3_000.0 + 6_000.0) / 121.0;
    assert!((c.value.points - want).abs() < 1e-9, "{} {want}", c.value.points);
    assert_eq!(format!("{:.2}", c.value.points), "223.14");

    let mut q = query("234m678p11s34s9m[0555p*]");
    q.turn = 17;
    let o = Options { extra_exchanges: 0, ura_dora: false, ippatsu: false, ..Options::default() };
    let c = candidate(&q, &o, Some("9m"));
    let (riichi, dama) = (c.riichi.expect("riichi").points, c.dama.expect("dama").points);
    assert!((riichi - 8.0 * 12_000.0 / 120.0).abs() < 1e-9, "{riichi}");
    assert!((dama - (7.0 * 7_800.0 + 12_000.0) / 120.0).abs() < 1e-9, "{dama}");
    assert_eq!(c.value.points, riichi);
}

/// The simulator plays the computed policy with `may_decline` too: it declines the wins the
/// policy declines (it used to take every win: 3003.7 ± 9.1 here). The 13-tile
/// 234567m11p2345m5p, dealer, dama only: declining cheap early wins for bigger hands is worth
/// 3081.74 against 3010.29.
#[test]
fn monte_carlo_declines_as_the_policy_does() {
    let q = query("234567m11p2345m5p");
    let o = Options { riichi: RiichiPolicy::Never, may_decline: true, ..Options::default() };
    let c = candidate(&q, &o, None);
    let e = simulate_with(&Standard::default(), &q, &o, None, 200_000, 3).expect("simulate");
    assert!((e.points - c.value.points).abs() <= 4.0 * e.points_se, "{e:?} vs {:?}", c.value);
    assert!((e.win - c.value.win).abs() <= 4.0 * e.win_se, "{e:?} vs {:?}", c.value);
}

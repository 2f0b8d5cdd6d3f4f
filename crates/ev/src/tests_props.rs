//! Monte Carlo agreement and invariants (probabilities in range, win <= tenpai, values fall as
//! turns pass, options that can only add never lower a value), on seeded random hands.

use crate::Standard;
use crate::analysis::{Grouping, evaluate_grouped};
use crate::{Analysis, ErrorKind, Objective, Options, Query, RiichiPolicy, evaluate_with, simulate_with};
use haipai_shanten::shanten as slow_shanten;
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::shuffled_wall_hand;
use haipai_tiles::{Counts, Hand, Tile, parse_counts, parse_tile};

fn tile(t: &str) -> Tile {
    parse_tile(t).expect("tile").tile()
}

fn query(hand: &str) -> Query {
    let mut q = Query::new(Hand::parse(hand).expect("hand"));
    q.dora_indicators = vec![tile("1z")];
    q
}

/// Random closed 14-tile hands of shanten 0..=`max_shanten`, seeded (no red fives; shared with
/// `tests_by_hand`).
pub(crate) fn random_hands(n: usize, max_shanten: i8, seed: u64) -> Vec<Counts> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let h = shuffled_wall_hand(&mut rng, 14);
        let sh = slow_shanten(&h);
        if (0..=max_shanten).contains(&sh) {
            out.push(h);
        }
    }
    out
}

fn eval(q: &Query, o: &Options) -> Analysis {
    evaluate_with(&Standard::default(), q, o).expect("evaluate")
}

#[test]
fn monte_carlo_agrees_small() {
    for (hand, discard) in [("222567m34p33667s4z", Some("7s")), ("222567m345p33667s", Some("6s"))] {
        let q = query(hand);
        let o = Options { riichi: RiichiPolicy::Best, ..Options::default() };
        let a = eval(&q, &o);
        let d = discard.map(tile);
        let c = a.candidates.iter().find(|c| c.discard == d).expect("candidate");
        let e = simulate_with(&Standard::default(), &q, &o, d, 20_000, 7).expect("simulate");
        assert!((e.points - c.value.points).abs() <= 4.0 * e.points_se, "{hand}: {e:?} vs {:?}", c.value);
        assert!((e.win - c.value.win).abs() <= 4.0 * e.win_se, "{hand}: {e:?} vs {:?}", c.value);
    }
}

/// Without hand change the pass numbers only the reached states (every variant its own
/// record): the simulator reads them through that numbering.
#[test]
fn monte_carlo_agrees_without_hand_change() {
    let q = query("222567m34p33667s4z");
    let o = Options { riichi: RiichiPolicy::Best, extra_exchanges: 0, ..Options::default() };
    let a = eval(&q, &o);
    let d = Some(tile("7s"));
    let c = a.candidates.iter().find(|c| c.discard == d).expect("candidate");
    let e = simulate_with(&Standard::default(), &q, &o, d, 20_000, 11).expect("simulate");
    assert!((e.points - c.value.points).abs() <= 4.0 * e.points_se, "{e:?} vs {:?}", c.value);
    assert!((e.win - c.value.win).abs() <= 4.0 * e.win_se, "{e:?} vs {:?}", c.value);
}

fn check_ranges(a: &Analysis) {
    for c in &a.candidates {
        for t in 0..17 {
            let (p, w, te) = (c.per_turn.points[t], c.per_turn.win[t], c.per_turn.tenpai[t]);
            assert!((0.0..=1.0 + 1e-9).contains(&w), "win {w}");
            assert!((0.0..=1.0 + 1e-9).contains(&te), "tenpai {te}");
            assert!(w <= te + 1e-9, "win {w} > tenpai {te}");
            assert!(p >= 0.0);
            if t + 1 < 17 {
                assert!(c.per_turn.points[t + 1] <= p + 1e-6, "points rise at turn {}", t + 2);
            }
        }
    }
}

#[test]
fn invariants_on_random_hands() {
    for (i, h) in random_hands(6, 1, 11).into_iter().enumerate() {
        let hand = Hand::from_counts(h).expect("hand");
        let mut q = Query::new(hand);
        q.dora_indicators = vec![Tile::new(i * 5 % 34).expect("tile")];
        q.turn = 1 + (i as u8 * 3) % 10;
        let base = Options { extra_exchanges: 0, ..Options::default() };
        let a = eval(&q, &base);
        check_ranges(&a);
        // Win objective: win probability also falls as turns pass.
        let w = eval(&q, &Options { objective: Objective::Win, ..base.clone() });
        for c in &w.candidates {
            for t in 0..16 {
                assert!(c.per_turn.win[t + 1] <= c.per_turn.win[t] + 1e-9);
            }
        }
        // Options that can only add points never lower a discard's value.
        let value = |a: &Analysis, d: Option<Tile>| a.candidates.iter().find(|c| c.discard == d).expect("c").value;
        let off = Options {
            ura_dora: false,
            ippatsu: false,
            double_riichi: false,
            haitei: false,
            red_fives: false,
            ..base.clone()
        };
        let off_a = eval(&q, &off);
        for switch in 0..5 {
            let mut on = off.clone();
            match switch {
                0 => on.ura_dora = true,
                1 => on.ippatsu = true,
                2 => on.double_riichi = true,
                3 => on.haitei = true,
                _ => on.may_decline = true,
            }
            let on_a = eval(&q, &on);
            check_ranges(&on_a);
            for c in &off_a.candidates {
                let v = value(&on_a, c.discard);
                assert!(v.points >= c.value.points - 1e-6, "switch {switch}: {} < {}", v.points, c.value.points);
            }
        }
        // Riichi best is at least always and never.
        let best = eval(&q, &Options { riichi: RiichiPolicy::Best, ..base.clone() });
        for policy in [RiichiPolicy::Always, RiichiPolicy::Never] {
            let other = eval(&q, &Options { riichi: policy, ..base.clone() });
            for c in &other.candidates {
                assert!(value(&best, c.discard).points >= c.value.points - 1e-6);
            }
        }
    }
}

/// The exchange budget counts from the input hand: with one extra exchange, a discard that
/// raises the shanten has spent it, so when its tile can not be drawn back (every other copy
/// seen) its value equals the no-hand-change value, while a discard that keeps the shanten may
/// still gain from the extra exchange. (Drawing the discarded tile back undoes the exchange.)
#[test]
fn back_off_discards_spend_the_extra_exchange() {
    let q = query("123349m3688p1245s");
    let input_shanten = slow_shanten(q.hand.closed());
    let mut back_offs = 0;
    for e in (0..34).filter(|&e| q.hand.closed()[e] > 0) {
        let mut q = q.clone();
        let seen = q.hand.closed()[e] + q.dora_indicators.iter().filter(|t| t.index() == e).count() as u8;
        q.visible[e] = 4 - seen;
        let with_budget = eval(&q, &Options::default());
        let without = eval(&q, &Options { extra_exchanges: 0, ..Options::default() });
        let discard = Tile::new(e);
        let c = with_budget.candidates.iter().find(|c| c.discard == discard).expect("candidate");
        let twin = without.candidates.iter().find(|c| c.discard == discard).expect("candidate");
        if c.shanten > input_shanten {
            back_offs += 1;
            assert!((c.value.points - twin.value.points).abs() < 1e-9, "discard {e}");
        } else {
            assert!(c.value.points >= twin.value.points - 1e-9, "discard {e}");
        }
    }
    assert!(back_offs > 0, "the hand has shanten-back discards");
}

/// The discards of a question share one state graph: every value (each turn's points, win and
/// tenpai, each necessary tile's contribution) equals the value of the discard solved alone.
#[test]
fn shared_graph_equals_each_discard_alone() {
    let hands = random_hands(6, 2, 11);
    for (i, &h) in hands.iter().enumerate() {
        let q = Query::new(Hand::from_counts(h).expect("hand"));
        let o =
            if i % 2 == 0 { Options::default() } else { Options { riichi: RiichiPolicy::Best, ..Options::article() } };
        let joint = evaluate_grouped(&Standard::default(), &q, &o, (Grouping::Shared, true), None).expect("evaluate");
        let alone = evaluate_grouped(&Standard::default(), &q, &o, (Grouping::PerRoot, true), None).expect("evaluate");
        assert_eq!(joint.candidates.len(), alone.candidates.len());
        for (a, b) in joint.candidates.iter().zip(&alone.candidates) {
            assert_eq!(a.discard, b.discard);
            let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(1.0);
            for t in 0..17 {
                assert!(close(a.per_turn.points[t], b.per_turn.points[t]), "{h:?} turn {t}");
                assert!(close(a.per_turn.win[t], b.per_turn.win[t]), "{h:?} turn {t}");
                assert!(close(a.per_turn.tenpai[t], b.per_turn.tenpai[t]), "{h:?} turn {t}");
            }
            assert_eq!(a.necessary.len(), b.necessary.len());
            for (x, y) in a.necessary.iter().zip(&b.necessary) {
                assert_eq!((x.tile, x.live), (y.tile, y.live));
                assert!(close(x.points, y.points));
            }
        }
    }
}

/// A candidate asked alone (`evaluate_candidate_with`, only its root in the graph) has the
/// values of the same candidate in the whole question, on seeded random hands, an open hand
/// and a 13-tile input, under several option sets; its graph is no larger; a candidate the
/// question does not have is an error of its kind.
#[test]
fn one_candidate_equals_its_twin_in_the_whole_question() {
    let options = [
        Options::default(),
        Options { riichi: RiichiPolicy::Best, haitei: false, ..Options::default() },
        Options { objective: Objective::Win, extra_exchanges: 0, ..Options::default() },
    ];
    let mut hands: Vec<String> =
        random_hands(4, 2, 31).into_iter().map(|h| Hand::from_counts(h).expect("hand").to_string()).collect();
    hands.extend(["234m567p1178s5z[123p]".to_string(), "234m567p178s5z[123p]".to_string(), "123349m3688p245s".into()]);
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(1.0);
    for (i, hand) in hands.iter().enumerate() {
        let q = query(hand);
        let o = &options[i % options.len()];
        let whole = eval(&q, o);
        for twin in &whole.candidates {
            let one = crate::evaluate_candidate_with(&Standard::default(), &q, o, twin.discard).expect("evaluate");
            assert_eq!((one.unseen, one.shanten, one.budget), (whole.unseen, whole.shanten, whole.budget), "{hand}");
            assert!(one.states <= whole.states, "{hand}");
            let [c] = one.candidates.as_slice() else { panic!("{hand}: {} candidates", one.candidates.len()) };
            assert_eq!((c.discard, c.shanten), (twin.discard, twin.shanten), "{hand}");
            assert_eq!((c.riichi.is_some(), c.dama.is_some()), (twin.riichi.is_some(), twin.dama.is_some()));
            for t in 0..17 {
                assert!(close(c.per_turn.points[t], twin.per_turn.points[t]), "{hand} {:?} turn {t}", c.discard);
                assert!(close(c.per_turn.win[t], twin.per_turn.win[t]), "{hand} {:?} turn {t}", c.discard);
                assert!(close(c.per_turn.tenpai[t], twin.per_turn.tenpai[t]), "{hand} {:?} turn {t}", c.discard);
            }
            assert_eq!(
                c.necessary.iter().map(|n| (n.tile, n.live)).collect::<Vec<_>>(),
                twin.necessary.iter().map(|n| (n.tile, n.live)).collect::<Vec<_>>()
            );
        }
    }
    let ask = |hand: &str, discard: Option<&str>| {
        crate::evaluate_candidate_with(&Standard::default(), &query(hand), &Options::default(), discard.map(tile))
            .map(|a| a.candidates.len())
            .map_err(|e| e.kind().clone())
    };
    assert_eq!(ask("123349m3688p1245s", Some("1z")), Err(ErrorKind::NotInHand(tile("1z"))));
    assert_eq!(ask("123349m3688p1245s", None), Err(ErrorKind::NoDiscard));
    assert_eq!(ask("123349m3688p245s", Some("2s")), Err(ErrorKind::NotInHand(tile("2s"))));
    assert_eq!(ask("123349m3688p245s", None), Ok(1));
}

/// Skipping the states no value reads (a tenpai hand that is not a root under riichi always,
/// a 14-tile hand whose only option is one riichi declaration) changes no value, bit for bit:
/// every listed state computed against the skipping pass, on seeded random hands and 13-tile
/// inputs, under each riichi policy, with and without hand change.
#[test]
fn skipping_unread_states_changes_nothing() {
    let options = [
        Options::default(),
        Options { extra_exchanges: 0, ..Options::default() },
        Options { extra_exchanges: 2, ..Options::default() },
        Options { riichi: RiichiPolicy::Best, ..Options::default() },
        Options { riichi: RiichiPolicy::Never, ..Options::default() },
        Options { objective: Objective::Win, ..Options::default() },
        Options::article(),
    ];
    let mut hands: Vec<(Counts, bool)> = random_hands(5, 2, 23).into_iter().map(|h| (h, true)).collect();
    hands.extend(random_hands(3, 1, 29).into_iter().map(|h| (h, false)));
    for (i, (h, full)) in hands.into_iter().enumerate() {
        let mut h = h;
        if !full {
            let k = h.iter().position(|&c| c > 0).expect("a tile");
            h[k] -= 1;
        }
        let q = query(&Hand::from_counts(h).expect("hand").to_string());
        let o = &options[i % options.len()];
        let skip = evaluate_grouped(&Standard::default(), &q, o, (Grouping::Shared, true), None).expect("evaluate");
        let every = evaluate_grouped(&Standard::default(), &q, o, (Grouping::Shared, false), None).expect("evaluate");
        assert!(skip.states <= every.states);
        assert_eq!(skip.candidates.len(), every.candidates.len());
        for (a, b) in skip.candidates.iter().zip(&every.candidates) {
            assert_eq!(a.discard, b.discard, "{h:?}");
            assert_eq!(a.per_turn, b.per_turn, "{h:?} {o:?}");
            assert_eq!(a.necessary, b.necessary, "{h:?} {o:?}");
        }
    }
}

/// Without [`Options::every_turn`] the pass starts at the question's turn: every candidate is
/// the same, bit for bit, but for its empty per-turn values; on seeded random hands (13 and 14
/// tiles, some with a called meld) at random turns, under each riichi policy and objective,
/// with and without hand change, declining wins and red fives.
#[test]
fn the_turns_before_the_question_change_nothing() {
    let options = [
        Options::default(),
        Options { extra_exchanges: 0, ..Options::default() },
        Options { riichi: RiichiPolicy::Best, ..Options::default() },
        Options { riichi: RiichiPolicy::Never, may_decline: true, ..Options::default() },
        Options { objective: Objective::Win, extra_exchanges: 2, ..Options::default() },
        Options::article(),
    ];
    let mut rng = Rng::new(0x7e57);
    for (i, h) in random_hands(36, 2, 0x70a5).into_iter().enumerate() {
        let mut text = Hand::from_counts(h).expect("hand").to_string();
        if i % 4 == 3 {
            // A called meld in place of the hand's first three tiles (when that leaves a hand).
            let mut rest = h;
            let firsts: Vec<usize> = (0..34).filter(|&k| rest[k] > 0).take(1).collect();
            if rest[firsts[0]] >= 3 {
                rest[firsts[0]] -= 3;
                let t = Tile::new(firsts[0]).expect("kind").to_string();
                let meld = format!("[{}{}]", &t[..1].repeat(3), &t[1..]);
                text = format!("{}{meld}", Hand::from_counts(rest).expect("hand"));
            }
        }
        if i % 3 == 2 {
            // A 13-tile input: one tile thrown.
            let mut q = Hand::parse(&text).expect("hand");
            let k = (0..34).find(|&k| q.closed()[k] > 0).expect("a tile");
            let mut closed = *q.closed();
            closed[k] -= 1;
            q = Hand::new(closed, [0; 3], q.melds().to_vec()).expect("hand");
            text = q.to_string();
        }
        let mut q = query(&text);
        q.turn = 1 + rng.below(17) as u8;
        let o = &options[i % options.len()];
        let every = eval(&q, o);
        let from = eval(&q, &Options { every_turn: false, ..o.clone() });
        assert_eq!((from.states, from.budget, from.unseen), (every.states, every.budget, every.unseen), "{text}");
        assert_eq!(from.candidates.len(), every.candidates.len());
        for (a, b) in from.candidates.iter().zip(&every.candidates) {
            assert!(a.per_turn.points.is_empty() && b.per_turn.points.len() == 17, "{text}");
            let mut a = a.clone();
            a.per_turn = b.per_turn.clone();
            assert_eq!(&a, b, "{text} at turn {} under {o:?}", q.turn);
        }
    }
}

/// A question whose state graph goes over the limit is an error naming the limit; any budget
/// (255 included) is accepted without overflow.
#[test]
fn state_limit_and_huge_budgets() {
    let q = query("123349m3688p1245s");
    let o = Options { extra_exchanges: 255, max_states: 5_000, lower_budget: false, ..Options::default() };
    assert_eq!(
        evaluate_with(&Standard::default(), &q, &o).map(|_| ()),
        Err(crate::ErrorKind::TooManyStates(5_000).into())
    );
    // Budgets beyond what 17 draws can use are capped, never wrapped around.
    assert_eq!(crate::engine::limit(6, 255), 30);
    assert_eq!(crate::engine::limit(2, 1), 3);
}

/// The ura-dora groups of a riichi hand moved by each wait (`ura_groups_after_draw`, what the
/// listing uses) equal the groups counted afresh on the complete hand, and give the same
/// distribution, on seeded random hands with one and two indicators and a called meld.
#[test]
fn ura_groups_follow_a_draw() {
    use crate::engine::Solver;
    let mut rng = Rng::new(0x0a5a);
    for (input, indicators) in [("123349m3688p1245s", &["1z"][..]), ("55m123p406s77z[234m]", &["4s", "9p"][..])] {
        let mut q = Query::new(Hand::parse(input).expect("hand"));
        q.dora_indicators = indicators.iter().map(|t| tile(t)).collect();
        let options = Options::default();
        let (setup, _) = crate::analysis::check(&q, &options).expect("a valid query");
        let closed = *q.hand.closed();
        let oracle = Standard::default();
        let solver = Solver::new(&oracle, &options, &setup, (closed, 0), 2);
        for _ in 0..300 {
            let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
            rng.shuffle(&mut wall);
            let mut h = [0u8; 34];
            for &k in wall.iter().take(closed.iter().map(|&c| usize::from(c)).sum::<usize>() - 1) {
                h[k] += 1;
            }
            if h.iter().zip(setup.meld_counts.iter()).any(|(&a, &b)| a + b > 4) {
                continue;
            }
            let groups = solver.q.ura_groups(&h);
            for k in 0..34 {
                if h[k] + setup.meld_counts[k] >= 4 {
                    continue;
                }
                let moved = solver.q.ura_groups_after_draw(&mut h, groups, k);
                h[k] += 1;
                assert_eq!(moved, solver.q.ura_groups(&h), "{h:?} after {k}");
                assert_eq!(solver.q.ura_of_groups(moved), solver.q.ura_distribution(&h));
                h[k] -= 1;
            }
        }
    }
}

/// A question that cannot be answered is an error of its kind, found before any search.
#[test]
fn bad_questions_are_errors_of_their_kind() {
    let evaluate = |q: &Query| evaluate_with(&Standard::default(), q, &Options::default()).map(|_| ());
    let kind = |q: &Query| evaluate(q).map_err(|e| e.kind().clone());
    let short = Query::new(Hand::parse_any_size("123m456p789s112z").expect("hand"));
    assert_eq!(kind(&short), Err(ErrorKind::HandSize(12)));
    let mut late = query("222567m345p33667s");
    late.turn = 18;
    assert_eq!(kind(&late), Err(ErrorKind::Turn(18)));
    let mut seen = query("222567m345p33667s");
    seen.visible = parse_counts("22m").expect("counts");
    assert_eq!(kind(&seen), Err(ErrorKind::TooManyCopies(tile("2m"))));
    let message = evaluate(&seen).unwrap_err().to_string();
    assert_eq!(message, "more than four copies of 2m between the hand, the dora indicators and the visible tiles");

    let simulate = |q: &Query, discard: Option<Tile>| {
        simulate_with(&Standard::default(), q, &Options::article(), discard, 10, 1)
            .map(|_| ())
            .map_err(|e| e.kind().clone())
    };
    let fourteen = query("222567m345p33667s");
    assert_eq!(simulate(&fourteen, Some(tile("9p"))), Err(ErrorKind::NotInHand(tile("9p"))));
    assert_eq!(simulate(&fourteen, None), Err(ErrorKind::NoDiscard));
    let thirteen = query("222567m34p3366s4z");
    assert_eq!(simulate(&thirteen, Some(tile("2m"))), Err(ErrorKind::NotInHand(tile("2m"))));
}

#[test]
fn a_red_five_seen_is_no_longer_drawn_and_a_second_is_an_error() {
    let opts = Options::default();
    let mut q = query("222567m34p33667s4z");
    q.visible[tile("5p").index()] = 1;
    let plain = crate::evaluate(&q, &opts).expect("plain 5p seen");
    q.red_seen = [0, 1, 0];
    let red = crate::evaluate(&q, &opts).expect("red 5p seen");
    // Drawing 5p (a wait of the 34p shape) no longer brings the red five's dora.
    assert!(red.candidates[0].value.points < plain.candidates[0].value.points);
    assert_eq!(red.unseen, plain.unseen);
    let mut no_five = query("222567m34p33667s4z");
    no_five.red_seen = [0, 1, 0];
    assert_eq!(crate::evaluate(&no_five, &opts).unwrap_err().kind(), &ErrorKind::RedFiveNotSeen(tile("5p")));
    let mut second = query("222567m340p3667s4z");
    second.visible[tile("5p").index()] = 1;
    second.red_seen = [0, 1, 0];
    assert_eq!(crate::evaluate(&second, &opts).unwrap_err().kind(), &ErrorKind::TooManyRedFives(tile("5p")));
}

#[test]
fn more_than_five_dora_indicators_are_an_error() {
    let mut q = query("222567m345p33667s");
    q.dora_indicators = ["1z", "2z", "3z", "4z", "5z"].map(tile).to_vec();
    assert!(crate::evaluate(&q, &Options::article()).is_ok());
    q.dora_indicators.push(tile("6z"));
    let e = crate::evaluate(&q, &Options::article()).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TooManyIndicators(6));
    assert_eq!(e.to_string(), "6 dora indicators: at most 5 (one, and one for each kan)");
}

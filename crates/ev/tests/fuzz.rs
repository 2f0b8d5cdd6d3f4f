//! Seeded random-input attack on the ev crate's questions: hands read from mutated text
//! (any size, melds, red fives), any turn (0..=255), any wind, up to seven dora
//! indicators, visible counts from 0 to 255 and red fives marked seen from 0 to 255, under
//! random options (exchange budgets up to 255, every switch), given to `evaluate` and
//! `simulate` with a small state limit so each question stays cheap. Asserts: no panic, an
//! error says something (a malformed question is refused by the simulator with the same kind;
//! the state limit only when every budget it may lower to is over it), an answer's budget is
//! the one asked or a lower one saying why, and its probabilities lie in 0..=1 with finite
//! points.
//! `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

use haipai_test_utils::mutate;

use haipai_ev::{ErrorKind, Objective, Options, Query, RiichiPolicy, evaluate, simulate};
use haipai_tiles::rng::Rng;
use haipai_tiles::{Hand, Tile, Wind};

/// Hands to break: tenpai and near-tenpai, closed and open, 13 and 14 tiles.
const EXAMPLES: &[&str] = &[
    "222567m345p33667s",
    "222567m34p3366s4z",
    "234567m11p2345m5p",
    "123349m3688p1245s",
    "23m55p678s[789s][111z]",
    "406m789p11z[789s][5555z*]",
    "1112345678999m",
    "19m19p19s1234567z",
];

/// A random count: mostly 0 or 1, sometimes up to 4, rarely anything a `u8` holds.
fn small(rng: &mut Rng) -> u8 {
    match rng.index(40) {
        0 => 250 + rng.index(6) as u8,
        1..=3 => rng.index(5) as u8,
        4..=9 => 1,
        _ => 0,
    }
}

/// A random question about `hand`.
fn query(rng: &mut Rng, hand: Hand) -> Query {
    let mut q = Query::new(hand);
    q.turn = if rng.index(8) == 0 { rng.next_u64() as u8 } else { 1 + rng.index(17) as u8 };
    q.seat = Wind::ALL[rng.index(4)];
    q.round = Wind::ALL[rng.index(4)];
    let n = if rng.index(8) == 0 { rng.index(8) } else { rng.index(2) };
    q.dora_indicators = (0..n).filter_map(|_| Tile::new(rng.index(34))).collect();
    for _ in 0..rng.index(6) {
        q.visible[rng.index(34)] = small(rng);
    }
    q.red_seen = [0, 1, 2].map(|_| if rng.index(4) == 0 { small(rng) } else { 0 });
    q
}

/// Random options with a state limit that keeps every question cheap.
fn options(rng: &mut Rng) -> Options {
    let mut flag = || rng.index(2) == 0;
    let mut o = Options::default()
        .ura_dora(flag())
        .ippatsu(flag())
        .double_riichi(flag())
        .haitei(flag())
        .red_fives(flag())
        .menzen_tsumo(flag())
        .dora(flag())
        .may_decline(flag())
        .lower_budget(flag());
    o.objective = [Objective::Points, Objective::Win][rng.index(2)];
    o.riichi = [RiichiPolicy::Always, RiichiPolicy::Never, RiichiPolicy::Best][rng.index(3)];
    o.extra_exchanges = if rng.index(8) == 0 { rng.next_u64() as u8 } else { rng.index(2) as u8 };
    o.max_states = [0, 1, 1_000, 5_000][rng.index(4)];
    o
}

/// Whether the question is refused at budget 0 too (with the same limit).
fn lowest_refused(q: &Query, o: &Options) -> bool {
    let lowest = o.clone().extra_exchanges(0);
    matches!(evaluate(q, &lowest).map_err(|e| e.kind().clone()), Err(ErrorKind::TooManyStates(_)))
}

/// Whether `x` is a probability.
fn probability(x: f64) -> bool {
    (0.0..=1.0 + 1e-9).contains(&x)
}

#[test]
fn mutated_questions_are_answered_or_refused() {
    let mut rng = Rng::new(mutate::seed());
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..mutate::cases(1_500) {
        let example = EXAMPLES[rng.index(EXAMPLES.len())];
        let text = if rng.index(3) == 0 { example.to_string() } else { mutate::mutate(&mut |n| rng.index(n), example) };
        let Ok(hand) = Hand::parse_any_size(&text) else { continue };
        let q = query(&mut rng, hand);
        let o = options(&mut rng);
        let r = std::panic::catch_unwind(|| evaluate(&q, &o));
        let Ok(r) = r else { panic!("evaluate panicked on {q:?} with {o:?}") };
        match r {
            Ok(a) => {
                answered += 1;
                let b = a.budget;
                assert!(b.asked == o.extra_exchanges && b.used <= b.asked, "{q:?}: {b:?}");
                assert_eq!(b.lowered.is_some(), b.used < b.asked, "{q:?}: {b:?}");
                assert!(o.lower_budget || b.lowered.is_none(), "{q:?}: {b:?}");
                for c in &a.candidates {
                    let v = c.value;
                    assert!(v.points.is_finite() && v.points >= 0.0, "{q:?}: {v:?}");
                    assert!(probability(v.win) && probability(v.tenpai), "{q:?}: {v:?}");
                }
                let discard = a.candidates.first().and_then(|c| c.discard);
                let seed = rng.next_u64();
                let e = std::panic::catch_unwind(|| simulate(&q, &o, discard, 20, seed))
                    .unwrap_or_else(|_| panic!("simulate panicked on {q:?} with {o:?}, {discard:?}"))
                    .unwrap_or_else(|e| panic!("{q:?} was evaluated but not simulated: {e}"));
                assert!(probability(e.win) && probability(e.tenpai) && e.points.is_finite(), "{q:?}: {e:?}");
            }
            Err(e) => {
                refused += 1;
                assert!(!e.to_string().is_empty());
                let discard = Tile::new(rng.index(34));
                let simulated = simulate(&q, &o, discard, 5, 1);
                if let ErrorKind::TooManyStates(n) = e.kind() {
                    // Refused only past the limit at every budget it may lower to.
                    assert_eq!(*n, o.max_states);
                    assert!(!o.lower_budget || o.extra_exchanges == 0 || lowest_refused(&q, &o), "{q:?}");
                } else {
                    // A malformed question: the simulator, checking it first, refuses it alike.
                    let kind = simulated.map(|_| ()).map_err(|e| e.kind().clone());
                    assert_eq!(kind, Err(e.kind().clone()), "{q:?} with {o:?}");
                }
            }
        }
    }
    assert!(answered > 50 && refused > 50, "{answered} answered, {refused} refused");
}

#[test]
fn visible_counts_of_any_size_are_refused() {
    for v in [5, 252, 253, 255] {
        let mut q = Query::new(Hand::parse("1112345678999m").expect("a hand"));
        q.visible[0] = v;
        let e = evaluate(&q, &Options::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "more than four copies of 1m between the hand, the dora indicators and the visible tiles"
        );
    }
}

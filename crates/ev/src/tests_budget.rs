//! The budget fallback: a question whose asked budget does not fit the state limit is
//! answered with a lower one (said in `Analysis::budget`), by the up-front estimate or after
//! the listing went over; with `lower_budget` off it is refused. On seeded hands: never
//! refused when budget 0 fits, the answer that of the budget used, and the trial's cost bound.

use crate::analysis::{check, red_bits, roots};
use crate::budget::{Budget, Lowering, Trial, growth};
use crate::engine::{Solver, limit};
use crate::oracle::Oracle;
use crate::tests_props::random_hands;
use crate::{Analysis, ErrorKind, Options, Query, Standard, evaluate_with};
use haipai_tiles::{Hand, parse_tile};

fn query(hand: &str) -> Query {
    let mut q = Query::new(Hand::parse(hand).expect("hand"));
    q.dora_indicators = vec![parse_tile("1z").expect("tile").tile()];
    q
}

fn run(q: &Query, o: &Options) -> Result<Analysis, crate::Error> {
    evaluate_with(&Standard::default(), q, o)
}

/// The states the listing of `q` numbers under `o` (no limit).
fn count_listing(q: &Query, o: &Options) -> usize {
    let (setup, size) = check(q, o).expect("question");
    let closed = *q.hand.closed();
    let oracle = Standard::default();
    let red = red_bits(q.hand.closed_red_fives(), o);
    let roots: Vec<_> = roots::<Standard>(closed, red, size).iter().map(|&(_, h, r)| (h, r)).collect();
    let lim = limit(oracle.shanten(&closed), o.extra_exchanges);
    let mut solver = Solver::new(&oracle, o, &setup, (closed, red), lim);
    solver.keep_layers = false;
    solver.count(&roots, usize::MAX).expect("no limit")
}

/// The plain answer at `budget` under `max_states`, nothing lowered.
fn at_budget(q: &Query, budget: u8, max_states: usize) -> Result<Analysis, crate::Error> {
    run(q, &Options { extra_exchanges: budget, max_states, lower_budget: false, ..Options::default() })
}

/// A listing cut off at its cap resumes where it stopped: cut off again and again, it ends
/// with the states of one listing, and a question whose budget the estimate lowered (its
/// trial's listing resumed) answers as the plain question at that budget, bit for bit.
#[test]
fn a_listing_cut_off_resumes_as_one_listing() {
    let q = query("2489m2369p12679s3z");
    let o = Options { extra_exchanges: 0, ..Options::default() };
    let whole = count_listing(&q, &o);
    let (setup, size) = check(&q, &o).expect("question");
    let closed = *q.hand.closed();
    let oracle = Standard::default();
    let roots: Vec<_> = roots::<Standard>(closed, 0, size).iter().map(|&(_, h, r)| (h, r)).collect();
    let mut solver = Solver::new(&oracle, &o, &setup, (closed, 0), limit(oracle.shanten(&closed), 0));
    solver.keep_layers = false;
    let mut cuts = 0;
    for cap in (1..).map(|i| i * whole / 7) {
        match solver.count(&roots, cap) {
            Ok(n) => {
                assert_eq!(n, whole, "{cuts} cuts");
                break;
            }
            Err(_) => cuts += 1,
        }
    }
    assert!(cuts >= 5, "{cuts} cuts");
    let lowered = run(&q, &Options { max_states: 50_000, ..Options::default() }).expect("lowered");
    assert_eq!(lowered.budget.lowered, Some(Lowering::Estimated(50_000)));
    let plain = at_budget(&q, 0, 50_000).expect("budget 0 fits");
    assert_eq!((lowered.candidates, lowered.states), (plain.candidates, plain.states));
}

/// The 3-shanten bench hand lists about a million states with one extra exchange: under a
/// limit between its counts at budgets 0 and 1 the listing goes over (its limit, 4, is below
/// the trial's) and the answer is budget 0's, bit for bit, saying why; refused with
/// `lower_budget` off.
#[test]
fn a_listing_over_the_limit_answers_with_a_lower_budget() {
    let q = query("026m1358p1345579s");
    let counts = [0, 1].map(|b| count_listing(&q, &Options { extra_exchanges: b, ..Options::default() }));
    assert!(counts[0] < counts[1], "{counts:?}");
    let max = (counts[0] + counts[1]) / 2;
    let o = Options { max_states: max, ..Options::default() };
    let a = run(&q, &o).expect("answered with a lower budget");
    assert_eq!(a.budget, Budget { asked: 1, used: 0, lowered: Some(Lowering::Listed(max)) });
    assert_eq!(a.budget.to_string(), format!("budget 0 (budget 1 needed more than {max} states)"));
    let plain = at_budget(&q, 0, max).expect("budget 0 fits");
    assert_eq!(a.candidates, plain.candidates);
    assert_eq!(plain.budget, Budget { asked: 0, used: 0, lowered: None });
    let refused = run(&q, &Options { lower_budget: false, ..o }).unwrap_err();
    assert_eq!(refused.kind(), &ErrorKind::TooManyStates(max));
}

/// A 4-shanten hand (limit 5: the trial runs) whose budget 0 lists about 23 thousand states
/// and budget 1 about 1.5 million: under a limit of 50 thousand the trial (cut off at 12,500)
/// gives budget 1 up before listing it.
#[test]
fn the_estimate_lowers_the_budget_before_listing() {
    let q = Query::new(Hand::parse("2489m2369p12679s3z").expect("hand"));
    let o = Options { max_states: 50_000, ..Options::default() };
    let a = run(&q, &o).expect("answered with a lower budget");
    assert_eq!(a.shanten, 4);
    assert_eq!(a.budget, Budget { asked: 1, used: 0, lowered: Some(Lowering::Estimated(50_000)) });
    assert_eq!(a.candidates, at_budget(&q, 0, 50_000).expect("budget 0 fits").candidates);
    assert!(at_budget(&q, 1, 50_000).is_err(), "budget 1 does not fit");
}

/// An open 5-shanten hand grows more than eight times from budget 0 (557 thousand states) to
/// budget 1 (over 8 million): under a limit of 2.4 million the trial, cut off at a sixteenth
/// (150 thousand), gives budget 1 up before listing it (cut off at a quarter, the trial would
/// fit and the listing at budget 1 would go over the limit first).
#[test]
fn an_open_hand_from_shanten_5_is_estimated_to_grow_faster() {
    const MAX: usize = 2_400_000;
    let q = Query::new(Hand::parse("4799m3p18s1256z[456s]").expect("hand")).turn(3);
    let count = count_listing(&q, &Options { extra_exchanges: 0, ..Options::default() });
    assert!(MAX / growth(5, true) < count && count <= MAX / growth(5, false), "budget 0 lists {count}");
    let o = Options { max_states: MAX, ..Options::default() };
    let a = run(&q, &o).expect("answered with a lower budget");
    assert_eq!(a.shanten, 5);
    assert_eq!(a.budget, Budget { asked: 1, used: 0, lowered: Some(Lowering::Estimated(MAX)) });
    assert!(at_budget(&q, 1, MAX).is_err(), "budget 1 does not fit");
}

/// Over seeded hands (shanten up to 5) under a small limit: a question is refused only when
/// budget 0 does not fit either; its answer is the plain answer of the budget it says it used;
/// a budget is given up by the estimate only when its lower budget lists more than the
/// trial's cut-off; and both ways of lowering occur.
#[test]
fn seeded_hands_are_answered_at_a_budget_that_fits() {
    const MAX: usize = 100_000;
    let (mut estimated, mut listed, mut kept) = (0, 0, 0);
    for (i, closed) in random_hands(40, 5, 0xb0d6e7).into_iter().enumerate() {
        let q = Query::new(Hand::new(closed, [0; 3], Vec::new()).expect("hand"));
        let o = Options { max_states: MAX, ..Options::default() };
        let answer = run(&q, &o);
        let Ok(a) = answer else {
            assert!(at_budget(&q, 0, MAX).is_err(), "hand {i} refused though budget 0 fits");
            continue;
        };
        assert_eq!(a.candidates, at_budget(&q, a.budget.used, MAX).expect("fits").candidates, "hand {i}");
        match a.budget.lowered {
            None => kept += 1,
            Some(Lowering::Listed(_)) => listed += 1,
            Some(Lowering::Estimated(_)) => {
                estimated += 1;
                // The estimate: budget 0's listing is over the trial's cut-off.
                let count = count_listing(&q, &Options { extra_exchanges: 0, ..o.clone() });
                assert!(count > MAX / growth(a.shanten, false), "hand {i}: budget 0 lists {count}");
            }
        }
    }
    assert!(estimated > 0 && listed > 0 && kept > 0, "{estimated} estimated, {listed} listed, {kept} kept");
}

/// The trial lists at most the limit over the growth factor: a limit of 0 gives up every
/// budget it tries (down to the highest whose limit is below the trial's), and a budget whose
/// limit is below it is not tried at all.
#[test]
fn the_trial_is_bounded() {
    let q = query("123349m3688p124s");
    let (setup, _) = check(&q, &Options::default()).expect("question");
    let closed = *q.hand.closed();
    let oracle = Standard::default();
    let shanten = oracle.shanten(&closed);
    assert_eq!(shanten, 3);
    let roots = [(closed, 0)];
    let cases = [(0, 4, 1, true), (0, 2, 1, true), (0, 1, 1, true), (0, 0, 0, true), (0, 4, 4, false)];
    for (max_states, budget, used, lower_budget) in cases {
        let options = Options { max_states, extra_exchanges: budget, lower_budget, ..Options::default() };
        let input = (closed, 0);
        let trial = Trial { oracle: &oracle, options: &options, setup: &setup, input, shanten, skip_unread: true };
        assert_eq!(trial.choose(&roots).used, used, "limit {max_states}, budget {budget}");
    }
}

//! Over seeded random 14-tile hands, the states each exchange budget lists and the budget the
//! default options answer with: `cargo run --release -p haipai-benches --bin budget_census --
//! [HANDS] [SEED] [counts]` prints one line a hand: the hand, its shanten, the budget used
//! (and why it is lower than asked), the states and the seconds taken; with `counts`, the
//! states at budgets 0 and 1 as well (`over` past the state limit). The figures behind
//! `growth` in `src/budget.rs` (docs/ev-model.md, "Budget fallback").

use haipai::ev::{Options, Query, evaluate};
use haipai_tiles::rng::Rng;
use haipai_tiles::sample::random_hand;
use haipai_tiles::{Hand, counts_to_string};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let hands: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let counts = args.next().is_some_and(|a| a == "counts");
    let mut rng = Rng::new(seed);
    let (mut lowered, mut refused) = (0, 0);
    for _ in 0..hands {
        let text = counts_to_string(&random_hand(&mut rng, 14));
        let q = Query::new(Hand::parse(&text).expect("a random hand"));
        let start = Instant::now();
        let mut line = match evaluate(&q, &Options::default()) {
            Ok(a) => {
                lowered += usize::from(a.budget.lowered.is_some());
                format!("{text} {} [{}] {} {:.2}s", a.shanten, a.budget, a.states, start.elapsed().as_secs_f64())
            }
            Err(e) => {
                refused += 1;
                format!("{text} refused: {e}")
            }
        };
        if counts {
            for extra_exchanges in [0, 1] {
                let o = Options::default().extra_exchanges(extra_exchanges).lower_budget(false);
                let states = evaluate(&q, &o).map_or_else(|_| "over".to_string(), |a| a.states.to_string());
                line = format!("{line} {states}");
            }
        }
        println!("{line}");
    }
    println!("{hands} hands: {lowered} answered with a lower budget, {refused} refused");
}

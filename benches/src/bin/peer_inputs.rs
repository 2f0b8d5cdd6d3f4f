//! Writes the seeded inputs of a bench to stdout for a peer in another language (the PyPI
//! `mahjong` script in `benches/python/`), each with haipai's answer so the peer can check
//! its own, after timing haipai on the same inputs in this process.
//!
//! `peer_inputs MODE N`, MODE one of `tiles` (the first N hands of the tiles bench, parsed
//! from their text), `shanten` (the first N hands of the shanten bench), `agari-random`,
//! `agari-winning` (the decompose bench's inputs) or `score` (the score bench's corpus; N is
//! ignored). The first line is `# haipai MODE N NS` (NS: haipai's median nanoseconds per
//! input over seven runs); then, for hands, one line each: the 34 counts as digits, a space,
//! haipai's answer (the hand's text for `tiles`, the shanten number, or 1 for a complete hand
//! and 0 otherwise); for `score`, one line: the sum of the points.

use haipai::decompose::is_agari;
use haipai::score::{Outcome, Rules, Situation, score};
use haipai::shanten::shanten;
use haipai::tiles::{Counts, Hand};
use haipai_benches::{random_hands, random_winning_hands};
use serde_json::Value;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

#[path = "../../../crates/score/tests/common/mod.rs"]
mod corpus;

/// Runs `f` seven times and returns the median time per input in nanoseconds.
fn median_ns<T>(inputs: usize, mut f: impl FnMut() -> T) -> f64 {
    let mut times: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed().as_secs_f64() * 1e9 / inputs as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[3]
}

fn print_hands<T: std::fmt::Display>(mode: &str, hands: &[Counts], ns: f64, answer: impl Fn(&Counts) -> T) {
    println!("# haipai {mode} {} {ns:.1}", hands.len());
    for h in hands {
        let digits: String = h.iter().map(|c| char::from(b'0' + c)).collect();
        println!("{digits} {}", answer(h));
    }
}

fn tiles(n: usize) {
    let hands = random_hands(n, 14, 1);
    let texts: Vec<String> =
        hands.iter().map(|h| Hand::from_counts(*h).expect("a hand of the 136").to_string()).collect();
    let ns = median_ns(n, || texts.iter().filter(|t| Hand::parse(black_box(t)).is_ok()).count());
    print_hands("tiles", &hands, ns, |h| Hand::from_counts(*h).expect("a hand of the 136").to_string());
}

fn agari(mode: &str, hands: &[Counts]) {
    let ns = median_ns(hands.len(), || hands.iter().filter(|h| is_agari(black_box(h))).count());
    print_hands(mode, hands, ns, |h| i32::from(shanten(h) == -1));
}

fn score_corpus() {
    let sits: Vec<Situation> = corpus::situations_of(corpus::CORPUS)
        .map(|line| serde_json::from_str::<Value>(line).expect("corpus line is JSON"))
        .filter(|req| req["total"].is_u64())
        .map(|req| corpus::situation(&req))
        .collect();
    let rules = Rules::default();
    let total = |s: &Situation| match score(black_box(s), &rules) {
        Ok(Outcome::Win(w)) => u64::from(w.payment.total),
        _ => 0,
    };
    let ns = median_ns(sits.len(), || sits.iter().map(total).sum::<u64>());
    println!("# haipai score {} {ns:.1}", sits.len());
    println!("{}", sits.iter().map(total).sum::<u64>());
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = args.get(1).and_then(|s| s.parse().ok());
    match (args.first().map(String::as_str), n) {
        (Some("tiles"), Some(n)) => tiles(n),
        (Some("shanten"), Some(n)) => {
            let hands = random_hands(n, 14, 14);
            let ns = median_ns(n, || hands.iter().map(|h| i64::from(shanten(black_box(h)))).sum::<i64>());
            print_hands("shanten", &hands, ns, |h| i32::from(shanten(h)));
        }
        (Some("agari-random"), Some(n)) => agari("agari-random", &random_hands(n, 14, 5)),
        (Some("agari-winning"), Some(n)) => agari("agari-winning", &random_winning_hands(n, 6)),
        (Some("score"), _) => score_corpus(),
        _ => {
            eprintln!("usage: peer_inputs tiles|shanten|agari-random|agari-winning|score N");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

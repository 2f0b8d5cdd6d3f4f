//! The review of whole games, timed: seeded self-play East-South games (haipai-log's
//! generator, the seats discarding by shanten and then by the kinds that lower it), one seat
//! of each reviewed with the default settings. One line a game: decisions, how many are exact
//! at the default budget, at a lowered budget, estimated, not computed (by reason), the wall
//! time, the slowest decision and the peak RSS (VmHWM, reset before each game); then the
//! totals. Every computed decision is checked: its best row has the highest points, the loss is
//! the best's points less the played value, and a method is given.
//!
//! `cargo run --release -p haipai-benches --bin review_games -- [GAMES] [SEED] [SEAT]
//! [MAX_STATES]` (default 4 games from seed 1, seat 0, the review's state limit;
//! docs/PERFORMANCE.md, review).

use haipai::log::LogTile;
use haipai::review::{Method, Reason, Reviewed, Settings, review};
use haipai::shanten::necessary_tiles;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

#[path = "../../../crates/log/tests/common/mod.rs"]
mod selfplay;

/// Rounds of a generated game: an East-South game's eight hands and a few repeats.
const ROUNDS: usize = 10;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize, default: u64| -> Result<u64, String> {
        args.get(i).map_or(Ok(default), |a| a.parse().map_err(|_| format!("not a number: {a}")))
    };
    let (games, seed, seat) = (number(1, 4)?, number(2, 1)?, number(3, 0)?);
    let seat = u8::try_from(seat).ok().filter(|&s| s < 4).ok_or("SEAT is 0..=3")?;
    let mut settings = Settings::default();
    if let Some(limit) = args.get(4) {
        settings.options.max_states = limit.parse().map_err(|_| format!("not a number: {limit}"))?;
    }
    let mut all = Tally::default();
    for g in 0..games {
        let game = selfplay::game_by(seed + g, 4, ROUNDS, Some(by_shanten));
        reset_peak();
        let start = Instant::now();
        let reviewed = review(&game, &[seat], &settings, &|_, _| {});
        let wall = start.elapsed();
        let mut tally = Tally::default();
        for d in reviewed.rounds.iter().flat_map(|r| &r.decisions) {
            check(d);
            tally.add(d);
        }
        println!("game {} seat {seat}: {}, {:.1} s, peak {} MB", seed + g, tally, wall.as_secs_f64(), peak_mb());
        let mut slow: Vec<&Reviewed> = reviewed.rounds.iter().flat_map(|r| &r.decisions).collect();
        slow.sort_by_key(|d| std::cmp::Reverse(d.elapsed));
        for d in slow.iter().take(3) {
            let hand = d.hand().map_or_else(|| "-".to_string(), |h| h.to_string());
            println!("  {:.2} s {} turn {} {hand}: {} ({:?})", d.elapsed.as_secs_f64(), d.round, d.turn.unwrap_or(0), d.played, d.method);
        }
        all.merge(&tally);
    }
    println!("all {games} games: {all}");
    Ok(())
}

/// The discard that leaves the lowest shanten, then the most kinds that lower it, then the
/// last such tile in tile order (honours before simples).
fn by_shanten(hand: &[LogTile]) -> LogTile {
    let mut counts = [0u8; 34];
    for t in hand {
        counts[t.tile.index()] += 1;
    }
    let mut best: Option<((i8, i64), LogTile)> = None;
    for &t in hand {
        let mut after = counts;
        after[t.tile.index()] -= 1;
        let (shanten, kinds) = necessary_tiles(&after);
        let key = (-shanten, kinds.len() as i64);
        if best.as_ref().is_none_or(|(k, _)| key >= *k) {
            best = Some((key, t));
        }
    }
    best.map_or(hand[0], |(_, t)| t)
}

/// Panics on an answer that contradicts itself.
fn check(d: &Reviewed) {
    let at = format!("{} turn {} {}", d.round, d.decision.position.turn, d.played);
    match &d.method {
        Method::NotComputed(_) => assert!(d.rows.is_empty(), "{at}: rows without numbers"),
        _ => {
            let best = d.rows.first().unwrap_or_else(|| panic!("{at}: computed without rows"));
            assert!(d.rows.iter().all(|r| r.value.points <= best.value.points), "{at}: rows out of order");
            assert_eq!(d.best.as_ref(), Some(&best.play), "{at}: best is not the first row");
            let played = d.played_value.unwrap_or_else(|| panic!("{at}: no played value")).points;
            assert!((d.loss - (best.value.points - played).max(0.0)).abs() < 1e-9, "{at}: loss");
            assert!(d.loss >= 0.0, "{at}: negative loss");
        }
    }
}

/// Decisions by method, the slowest one and the sum of their times.
#[derive(Default)]
struct Tally {
    decisions: usize,
    exact: usize,
    lowered: usize,
    estimated: usize,
    not_computed: BTreeMap<String, usize>,
    slowest: Duration,
    work: Duration,
}

impl Tally {
    fn add(&mut self, d: &Reviewed) {
        self.decisions += 1;
        match &d.method {
            Method::Exact { budget, asked } if budget == asked => self.exact += 1,
            Method::Exact { .. } => self.lowered += 1,
            Method::NotComputed(reason) => *self.not_computed.entry(reason_name(reason)).or_default() += 1,
            _ => self.estimated += 1,
        }
        self.slowest = self.slowest.max(d.elapsed);
        self.work += d.elapsed;
    }

    fn merge(&mut self, other: &Tally) {
        self.decisions += other.decisions;
        self.exact += other.exact;
        self.lowered += other.lowered;
        self.estimated += other.estimated;
        for (k, v) in &other.not_computed {
            *self.not_computed.entry(k.clone()).or_default() += v;
        }
        self.slowest = self.slowest.max(other.slowest);
        self.work += other.work;
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let computable = self.exact + self.lowered + self.estimated;
        let share = 100.0 * self.exact as f64 / computable.max(1) as f64;
        write!(
            f,
            "{} decisions, exact {} ({share:.1} % of computable), lowered {}, estimated {}, not computed {:?}, \
             slowest {:.2} s, work {:.1} s",
            self.decisions,
            self.exact,
            self.lowered,
            self.estimated,
            self.not_computed,
            self.slowest.as_secs_f64(),
            self.work.as_secs_f64()
        )
    }
}

fn reason_name(reason: &Reason) -> String {
    match reason {
        Reason::Sanma => "sanma",
        Reason::NoDrawLeft => "no draw left",
        Reason::InRiichi => "in riichi",
        Reason::NotInModel => "kan",
        _ => "model",
    }
    .to_string()
}

/// Resets the process's peak RSS (Linux: `/proc/self/clear_refs`; elsewhere nothing).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak RSS in MB since the last reset (0 where `/proc` is missing).
fn peak_mb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0);
    kb / 1000
}

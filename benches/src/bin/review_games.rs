//! The review of whole games, timed: seeded self-play East-South games (haipai-log's
//! generator, the seats discarding by shanten and then by the kinds that lower it), one seat
//! of each reviewed with the default settings. One line a game: decisions, how many are exact
//! at the default budget, at a lowered budget, estimated, not computed (by reason), the wall
//! and CPU time, the slowest decision and the peak RSS (VmHWM; each game runs in a process of
//! its own), and the three slowest decisions; then the totals. Every computed decision is checked: its best row has the highest points, the loss is
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
    if let Ok(one) = std::env::var(ONE_GAME) {
        let seed: u64 = one.parse().map_err(|_| format!("{ONE_GAME}: not a number: {one}"))?;
        let tally = one_game(seed, seat, &settings);
        println!("tally {}", tally.to_line());
        return Ok(());
    }
    // each game in a process of its own, so that its peak RSS is its own (an allocator keeps
    // memory a game freed, which would count in the next game's peak)
    let me = std::env::current_exe()?;
    let mut all = Tally::default();
    for g in 0..games {
        let out = std::process::Command::new(&me).args(&args[1..]).env(ONE_GAME, (seed + g).to_string()).output()?;
        let text = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(format!("game {}: {}{}", seed + g, text, String::from_utf8_lossy(&out.stderr)).into());
        }
        for line in text.lines() {
            match line.strip_prefix("tally ") {
                Some(t) => all.merge(&Tally::from_line(t).ok_or_else(|| format!("game {}: {line}", seed + g))?),
                None => println!("{line}"),
            }
        }
    }
    println!("all {games} games: {all}");
    Ok(())
}

/// The environment variable that makes this program review the one game of its seed.
const ONE_GAME: &str = "HAIPAI_REVIEW_GAME";

/// The environment variable naming a folder to write each game's log to (tenhou.net/6 JSON,
/// `selfplay-SEED.json`), so that `haipai review` can be timed on the same games.
const WRITE_LOGS: &str = "HAIPAI_REVIEW_LOGS";

/// Reviews seat `seat` of the game of `seed` and prints its line and its slowest decisions.
fn one_game(seed: u64, seat: u8, settings: &Settings) -> Tally {
    let game = selfplay::game_by(seed, 4, ROUNDS, Some(by_shanten));
    if let Ok(dir) = std::env::var(WRITE_LOGS) {
        // The game as a tenhou.net/6 log, for timing the whole command on it.
        let path = std::path::Path::new(&dir).join(format!("selfplay-{seed}.json"));
        if let Err(e) = std::fs::write(&path, haipai::log::tenhou6::write(&game)) {
            eprintln!("{}: {e}", path.display());
        }
    }
    let start = Instant::now();
    let reviewed = review(&game, &[seat], settings, &|_, _| {});
    let wall = start.elapsed();
    let mut tally = Tally::default();
    for d in reviewed.rounds.iter().flat_map(|r| &r.decisions) {
        check(d);
        tally.add(d);
    }
    let (cpu, peak) = (cpu_seconds(), peak_mb());
    println!("game {seed} seat {seat}: {tally}, {:.1} s wall, {cpu:.1} s CPU, peak {peak} MB", wall.as_secs_f64());
    let mut slow: Vec<&Reviewed> = reviewed.rounds.iter().flat_map(|r| &r.decisions).collect();
    slow.sort_by_key(|d| std::cmp::Reverse(d.elapsed));
    for d in slow.iter().take(3) {
        let hand = d.hand().map_or_else(|| "-".to_string(), |h| h.to_string());
        let turn = d.turn.unwrap_or(0);
        println!("  {:.2} s {} turn {turn} {hand}: {} ({:?})", d.elapsed.as_secs_f64(), d.round, d.played, d.method);
    }
    tally
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

impl Tally {
    /// The tally as one line of numbers (a child process's answer).
    fn to_line(&self) -> String {
        let reasons: Vec<String> =
            self.not_computed.iter().map(|(k, v)| format!("{}={v}", k.replace(' ', "_"))).collect();
        format!(
            "{} {} {} {} {} {} {}",
            self.decisions,
            self.exact,
            self.lowered,
            self.estimated,
            self.slowest.as_micros(),
            self.work.as_micros(),
            reasons.join(",")
        )
    }

    /// The tally of [`Tally::to_line`].
    fn from_line(line: &str) -> Option<Tally> {
        let mut parts = line.split(' ');
        let mut next = || parts.next()?.parse::<u64>().ok();
        let (decisions, exact, lowered, estimated) = (next()?, next()?, next()?, next()?);
        let (slowest, work) = (Duration::from_micros(next()?), Duration::from_micros(next()?));
        let mut not_computed = BTreeMap::new();
        for pair in line.split(' ').nth(6).unwrap_or("").split(',').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=')?;
            not_computed.insert(k.replace('_', " "), v.parse().ok()?);
        }
        let n = |x: u64| x as usize;
        Some(Tally {
            decisions: n(decisions),
            exact: n(exact),
            lowered: n(lowered),
            estimated: n(estimated),
            not_computed,
            slowest,
            work,
        })
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
        Reason::NotInModel => "kita",
        _ => "model",
    }
    .to_string()
}

/// The process's CPU time, user and system, in seconds (Linux: `/proc/self/stat`, 100 ticks a
/// second; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = after.split_whitespace().skip(11).take(2).filter_map(|f| f.parse::<u64>().ok()).sum();
    ticks as f64 / 100.0
}

/// The process's peak RSS in MB (0 where `/proc` is missing).
fn peak_mb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0);
    kb / 1000
}

//! The real game logs of the shared folder's `logs/` (Tenhou and bot matches, three formats):
//! each is read and replayed by haipai-log, and each file's discard
//! decisions per seat are compared with the `decisions_seat0-3` column of its `MANIFEST.tsv`
//! (that column counts discards: a call offered, a kan or a kita is not in it). The rules a
//! review takes by default follow the format: `tenhou` for tenhou.net/6 and mjlog files
//! (Tenhou's own formats), `default` for mjai. With `--full` ([`review_all`]) every seat of
//! every log is also reviewed by haipai-review, as `haipai review` does. The logs are only
//! read from there, never copied into the repository.

use std::collections::BTreeMap;
use super::Report;
use std::path::{Path, PathBuf};

/// Every log file under `dir` (README and MANIFEST aside), sorted.
fn log_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("json" | "mjlog" | "xml" | "mjson" | "gz")
            ) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The path of `path` inside `dir`, with `/` between folders (as `MANIFEST.tsv` names it).
fn name_in(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

/// `MANIFEST.tsv`'s `decisions_seat0-3` column: file (relative path) to four counts.
fn manifest(dir: &Path) -> BTreeMap<String, [usize; 4]> {
    let Ok(text) = std::fs::read_to_string(dir.join("MANIFEST.tsv")) else { return BTreeMap::new() };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let (Some(file), Some(col)) =
        (header.iter().position(|h| *h == "file"), header.iter().position(|h| *h == "decisions_seat0-3"))
    else {
        return BTreeMap::new();
    };
    let mut out = BTreeMap::new();
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let counts: Vec<usize> =
            cells.get(col).unwrap_or(&"").split(',').filter_map(|c| c.trim().parse().ok()).collect();
        if let (Some(name), [a, b, c, d]) = (cells.get(file), counts.as_slice()) {
            out.insert(name.to_string(), [*a, *b, *c, *d]);
        }
    }
    out
}

/// What one file gave.
struct FileReport {
    /// The scoring rules preset a review takes by default.
    rules: &'static str,
    rounds: usize,
    decisions: usize,
    discards: [usize; 4],
    errors: Vec<String>,
}

/// The game in the log file at `path`, or why it cannot be read.
fn read_game(path: &Path) -> Result<haipai_log::Game, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    haipai_log::read(&bytes).map_err(|e| e.to_string())
}

fn replay_file(path: &Path) -> FileReport {
    let mut report = FileReport { rules: "default", rounds: 0, decisions: 0, discards: [0; 4], errors: Vec::new() };
    let game = match read_game(path) {
        Ok(game) => game,
        Err(e) => {
            report.errors.push(e);
            return report;
        }
    };
    report.rules = haipai::review::preset_of(&game).unwrap_or("default");
    let mjai = path.extension().is_some_and(|e| e == "mjson");
    if report.rules != if mjai { "default" } else { "tenhou" } {
        report.errors.push(format!("a review would take the {} rules", report.rules));
    }
    for round in game.replay() {
        report.rounds += 1;
        match round {
            Ok(r) => {
                report.decisions += r.decisions.len();
                for d in &r.decisions {
                    if matches!(d.choice, haipai_log::Choice::Discard { .. }) {
                        report.discards[d.position.seat as usize] += 1;
                    }
                }
            }
            Err(e) => report.errors.push(e.to_string()),
        }
    }
    report
}

/// Reads and replays every log under `dir`, one check per file: it reads, every round replays,
/// and its discards per seat equal the `decisions_seat0-3` column of `MANIFEST.tsv` where the
/// file has a row there. No log file at all is a failure too.
pub fn check(dir: &Path, report: &mut Report) {
    let expected = manifest(dir);
    let files = log_files(dir);
    if files.is_empty() {
        report.check(&dir.display().to_string(), "holds log files", Err("none found".to_string()));
        return;
    }
    for path in &files {
        let name = name_in(dir, path);
        let replayed = replay_file(path);
        let outcome = if !replayed.errors.is_empty() {
            Err(replayed.errors.join("; "))
        } else {
            match expected.get(&name) {
                Some(want) if *want != replayed.discards => {
                    Err(format!("discards per seat {:?}, MANIFEST.tsv says {want:?}", replayed.discards))
                }
                Some(_) => Ok(format!(
                    "{} rounds, {} decisions, {} rules; discards per seat as MANIFEST.tsv",
                    replayed.rounds, replayed.decisions, replayed.rules
                )),
                None => Ok(format!(
                    "{} rounds, {} decisions, {} rules; not in MANIFEST.tsv",
                    replayed.rounds, replayed.decisions, replayed.rules
                )),
            }
        };
        report.check(&format!("logs/{name}"), "reads and replays", outcome);
    }
}

/// What one file's review gave: decisions by how their numbers were obtained, and the errors.
#[derive(Default)]
struct Reviewed {
    decisions: usize,
    exact: usize,
    lowered: usize,
    estimated: usize,
    /// Not computed, by reason (sanma, after riichi, no draw left, kita: what the model leaves out).
    not_computed: BTreeMap<String, usize>,
    errors: Vec<String>,
}

fn review_file(path: &Path) -> Reviewed {
    use haipai::review::{Method, Reason, Settings};
    let mut out = Reviewed::default();
    let game = match read_game(path) {
        Ok(game) => game,
        Err(e) => {
            out.errors.push(e);
            return out;
        }
    };
    let review = haipai::review::review(&game, &[], &Settings::default(), &|_, _| {});
    for round in &review.rounds {
        if let Some(e) = &round.error {
            out.errors.push(e.to_string());
        }
        for d in &round.decisions {
            out.decisions += 1;
            match &d.method {
                Method::Exact { budget, asked } if budget == asked => out.exact += 1,
                Method::Exact { .. } => out.lowered += 1,
                Method::Estimate { .. } => out.estimated += 1,
                // A position the model could not be asked: a failure of the review.
                Method::NotComputed(Reason::Model(why)) => out.errors.push(format!(
                    "{} seat {} event {}: {why}",
                    d.round, d.decision.position.seat, d.decision.event
                )),
                Method::NotComputed(reason) => *out.not_computed.entry(reason.to_string()).or_default() += 1,
                _ => out.errors.push(format!("{}: an unknown method", d.round)),
            }
        }
    }
    out
}

/// `--full`: reviews every seat of every log under `dir` with the review's default settings,
/// one check per file: every round replays and every decision is computed or left out for a
/// reason of the model's scope (three players, after riichi, no draw left, kita), never for a
/// position it cannot be asked.
pub fn review_all(dir: &Path, report: &mut Report) {
    for path in &log_files(dir) {
        let name = name_in(dir, path);
        let start = std::time::Instant::now();
        let r = review_file(path);
        let outcome = if r.errors.is_empty() {
            let left: Vec<String> = r.not_computed.iter().map(|(why, n)| format!("{n} {why}")).collect();
            Ok(format!(
                "{} decision{}: {} exact, {} at a lowered budget, {} estimated; not computed: {}; {:.1} s",
                r.decisions,
                if r.decisions == 1 { "" } else { "s" },
                r.exact,
                r.lowered,
                r.estimated,
                if left.is_empty() { "none".to_string() } else { left.join(", ") },
                start.elapsed().as_secs_f64()
            ))
        } else {
            Err(r.errors.join("; "))
        };
        report.check(&format!("logs/{name}"), "reviews every seat", outcome);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_is_reviewed_every_seat_and_a_missing_one_is_an_error() {
        let fixture = crate::project_root().join("crates/review/tests/fixtures/kans.json");
        let r = review_file(&fixture);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let left: usize = r.not_computed.values().sum();
        assert_eq!(r.decisions, r.exact + r.lowered + r.estimated + left);
        // two rounds, four seats: every discard, call offered and kan of the fixture
        assert!(r.decisions >= 20 && r.exact > 0, "{} decisions, {} exact", r.decisions, r.exact);
        let missing = review_file(&fixture.with_file_name("no-such-log.json"));
        assert_eq!(missing.decisions, 0);
        assert_eq!(missing.errors.len(), 1, "{:?}", missing.errors);
    }
}

//! The real game logs of the shared folder's `logs/` (Tenhou and bot matches, three formats):
//! each is read and replayed by haipai-log, and each file's discard
//! decisions per seat are compared with the `decisions_seat0-3` column of its `MANIFEST.tsv`
//! (that column counts discards: a call offered, a kan or a kita is not in it). The rules a
//! review takes by default follow the format: `tenhou` for tenhou.net/6 and mjlog files
//! (Tenhou's own formats), `default` for mjai. The logs are only read from there, never
//! copied into the repository.

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

fn replay_file(path: &Path) -> FileReport {
    let mut report = FileReport { rules: "default", rounds: 0, decisions: 0, discards: [0; 4], errors: Vec::new() };
    let game = match std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|b| haipai_log::read(&b).map_err(|e| e.to_string()))
    {
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
        let name = path.strip_prefix(dir).unwrap_or(path).to_string_lossy().replace('\\', "/");
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

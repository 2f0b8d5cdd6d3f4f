//! `cargo xtask interop-logs [DIR]`: every real game log in DIR (default `../shared/logs`
//! beside the workspace) is read and replayed by haipai-log, and each file's discard
//! decisions per seat are compared with the `decisions_seat0-3` column of its `MANIFEST.tsv`
//! (that column counts discards: a call offered, a kan or a kita is not in it). The logs are
//! only read from there, never copied into the repository.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Runs the check on `dir` (or the default), printing the summary; a missing folder is a
/// plain "skipped" line.
pub fn run(dir: Option<&str>) -> Result<(), String> {
    let beside =
        || crate::project_root().parent().map_or_else(|| PathBuf::from("../shared/logs"), |p| p.join("shared/logs"));
    let dir = dir.map_or_else(beside, PathBuf::from);
    if !dir.is_dir() {
        println!("skipped: {} not found", dir.display());
        return Ok(());
    }
    let summary = check(&dir)?;
    println!("{summary}");
    Ok(())
}

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
    rounds: usize,
    decisions: usize,
    discards: [usize; 4],
    errors: Vec<String>,
}

fn replay_file(path: &Path) -> FileReport {
    let mut report = FileReport { rounds: 0, decisions: 0, discards: [0; 4], errors: Vec::new() };
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

/// Reads and replays every log under `logs_dir`. Ok: a one-paragraph summary. Err: every
/// failure, naming the file, the round and the event.
pub fn check(logs_dir: &Path) -> Result<String, String> {
    let expected = manifest(logs_dir);
    let files = log_files(logs_dir);
    if files.is_empty() {
        return Err(format!("no log files under {}", logs_dir.display()));
    }
    let (mut rounds, mut decisions, mut compared, mut failures) = (0, 0, 0, Vec::new());
    for path in &files {
        let name = path.strip_prefix(logs_dir).unwrap_or(path).to_string_lossy().replace('\\', "/");
        let report = replay_file(path);
        rounds += report.rounds;
        decisions += report.decisions;
        failures.extend(report.errors.iter().map(|e| format!("{name}: {e}")));
        if let Some(want) = expected.get(&name) {
            compared += 1;
            if *want != report.discards && report.errors.is_empty() {
                failures.push(format!("{name}: discards per seat {:?}, MANIFEST.tsv says {want:?}", report.discards));
            }
        }
    }
    if !failures.is_empty() {
        return Err(format!("{} problem(s) in {} files:\n{}", failures.len(), files.len(), failures.join("\n")));
    }
    Ok(format!(
        "{} log files under {} read and replayed: {rounds} rounds, {decisions} decisions (discards, calls offered, \
         kans, kita); the discards per seat of {compared} files match MANIFEST.tsv's decisions_seat0-3 \
         ({} files have no count there).",
        files.len(),
        logs_dir.display(),
        files.len() - compared
    ))
}

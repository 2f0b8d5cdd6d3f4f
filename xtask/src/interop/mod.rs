//! `cargo xtask interop`: checks haipai against files of other programs that the repository
//! may not hold (their licences forbid it or they are too large), read in place from the shared
//! folder: `HAIPAI_SHARED` when set, else `../shared` beside the workspace root.
//!
//! Each kind of file has a module here with `check(dir, report)`, `dir` being its folder inside
//! the shared folder (the module's name); `kinds!` lists them. A kind whose folder is absent
//! is skipped with one line saying so; a mismatch names the file and the check, and the task
//! exits non-zero.

use std::path::{Path, PathBuf};

/// Declares the modules of the checked kinds and lists them in [`KINDS`]: adding a kind is one
/// new file `NAME.rs` (with `pub fn check(dir: &Path, report: &mut Report)`) and its name here.
macro_rules! kinds {
    ($($kind:ident),* $(,)?) => {
        $(mod $kind;)*
        /// Every kind of file checked: its folder in the shared folder, and its check.
        const KINDS: &[(&str, Check)] = &[$((stringify!($kind), $kind::check)),*];
    };
}

kinds!(layouts, logs);

/// The long checks of `--full`, by kind (the same folders).
const FULL: &[(&str, Check)] = &[("logs", logs::review_all)];

/// The check of one kind's folder.
type Check = fn(&Path, &mut Report);

/// The environment variable naming the shared folder (overrides `../shared`).
const SHARED_VAR: &str = "HAIPAI_SHARED";

/// The outcome of the checks run so far, printed as they run.
#[derive(Default)]
pub struct Report {
    passed: usize,
    failures: Vec<String>,
}

impl Report {
    /// Records and prints one check of `file`: `Ok(detail)` passes, `Err(why)` fails.
    pub fn check(&mut self, file: &str, check: &str, outcome: Result<String, String>) {
        match outcome {
            Ok(detail) => {
                self.passed += 1;
                println!(
                    "ok    {file}: {check}{}",
                    if detail.is_empty() { String::new() } else { format!(" ({detail})") }
                );
            }
            Err(why) => {
                let line = format!("{file}: {check}: {why}");
                println!("FAIL  {line}");
                self.failures.push(line);
            }
        }
    }
}

/// The shared folder and how it was found (for the skip line): `HAIPAI_SHARED`, or `../shared`
/// beside the workspace root. `Err` when `HAIPAI_SHARED` names no folder.
fn shared_folder() -> Result<(PathBuf, String), String> {
    if let Some(value) = std::env::var_os(SHARED_VAR) {
        let path = PathBuf::from(&value);
        if !path.is_dir() {
            return Err(format!("{SHARED_VAR}={} is not a folder", path.display()));
        }
        let shown = path.display().to_string();
        return Ok((path, shown));
    }
    Ok((crate::project_root().join("../shared"), "../shared".to_string()))
}

/// Runs the check of every kind whose folder is present, and with `full` the long ones
/// ([`FULL`]) after them; `Err` on any failure.
pub fn run(full: bool) -> Result<(), String> {
    let (shared, shown) = shared_folder()?;
    println!("haipai interop: haipai against other programs' files in {}", shared.display());
    let mut report = Report::default();
    let long = FULL.iter().filter(|_| full).map(|(kind, check)| (kind, check, " (--full)"));
    for (kind, check, what) in KINDS.iter().map(|(kind, check)| (kind, check, "")).chain(long) {
        let dir = shared.join(kind);
        if dir.is_dir() {
            println!("== {kind}{what}");
            check(&dir, &mut report);
        } else {
            let beside = if shown == "../shared" { " beside the checkout" } else { "" };
            println!(
                "{shown}/{kind} not found{beside}: interoperability checks skipped (set {SHARED_VAR} to point elsewhere)"
            );
        }
    }
    println!("{} checks passed, {} failed", report.passed, report.failures.len());
    match report.failures.len() {
        0 => Ok(()),
        n => Err(format!("{n} interoperability checks failed:\n  {}", report.failures.join("\n  "))),
    }
}

/// The text of `file` in `dir`, or why not (naming the path).
pub fn read(dir: &Path, file: &str) -> Result<String, String> {
    let path = dir.join(file);
    std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

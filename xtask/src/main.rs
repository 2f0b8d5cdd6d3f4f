//! haipai's task runner (`cargo xtask ...`, an alias in `.cargo/config.toml`).
//!
//! - `verify [--full]`: reproduces every example of the source documents
//!   (`../shared/seeds/`) and prints a report; non-zero exit on any mismatch. `--full` adds
//!   the long exhaustive checks and `interop`.
//! - `interop [--full]`: checks haipai against other programs' files in the shared folder
//!   (`HAIPAI_SHARED`, else `../shared` beside the checkout); each kind absent is skipped.
//!   `--full` also reviews every seat of every game log.
//! - `package [--no-verify]`: packages every published crate; fails on a package past its
//!   pinned size or holding test data.
//! - `codegen [--check]`: writes (or checks) the generated tables.
//! - `gen-score-corpus`: regenerates haipai-score's oracle corpus (needs Python 3 and PyPI).

mod codegen;
mod gen_score_corpus;
mod interop;
mod package;
mod verify;

#[cfg(test)]
mod tidy;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  verify [--full]    reproduce the source documents' examples (--full adds the long exhaustive checks and interop)
  interop [--full]   check haipai against other programs' files in ../shared (or $HAIPAI_SHARED),
                     skipping each kind of file that is absent (--full also reviews every seat
                     of every game log)
  package [--no-verify]
                     package every published crate, list its files, hold each to its pinned size
  codegen [--check]  regenerate the committed tables (--check: fail if any is stale)
  gen-score-corpus   regenerate crates/score/tests/data/corpus*.jsonl with the PyPI `mahjong` oracle";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flags: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    let result = match args.first().map(String::as_str) {
        Some("verify") if flags.contains(&"--full") => verify::run(true).and(interop::run(true)),
        Some("verify") => verify::run(false),
        Some("interop") => interop::run(flags.contains(&"--full")),
        Some("package") => package::run(!flags.contains(&"--no-verify")),
        Some("codegen") => codegen::run(flags.contains(&"--check")),
        Some("gen-score-corpus") => gen_score_corpus::run(),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown task '{other}'\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The repository's root folder (the parent of `xtask/`).
pub fn project_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

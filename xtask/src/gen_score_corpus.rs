//! `cargo xtask gen-score-corpus`: regenerates haipai-score's oracle corpus.
//!
//! Creates a Python virtual environment (under the target folder), installs the PyPI package
//! `mahjong` 2.1.0 (MIT) into it and runs `xtask/score_corpus.py`, which writes seeded random
//! winning situations with the oracle's han, fu, points and yaku to
//! `crates/score/tests/data/corpus.jsonl`. The tests read that committed file and never need
//! Python.

use crate::project_root;
use std::path::Path;
use std::process::Command;

/// The oracle package, pinned.
const ORACLE: &str = "mahjong==2.1.0";
/// The corpus seed; changing it changes every line of the corpus.
const SEED: &str = "20261123";
/// Number of situations written.
const COUNT: &str = "22000";

fn run_checked(cmd: &mut Command, what: &str) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("{what}: cannot start: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{what} failed ({status})")) }
}

/// Creates the venv, installs the oracle and writes the corpus.
pub fn run() -> Result<(), String> {
    let root = project_root();
    let venv = root.join("target").join("score-oracle-venv");
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if !venv.join("bin").join("python").exists() {
        run_checked(Command::new(&python).args(["-m", "venv"]).arg(&venv), "creating the Python venv")?;
    }
    let venv_python = venv.join("bin").join("python");
    run_checked(
        Command::new(&venv_python).args(["-m", "pip", "install", "--quiet", ORACLE]),
        "pip install mahjong==2.1.0",
    )?;
    let out = root.join("crates/score/tests/data/corpus.jsonl");
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    let script = root.join("xtask").join("score_corpus.py");
    run_checked(
        Command::new(&venv_python).arg(&script).args(["--seed", SEED, "--count", COUNT, "--out"]).arg(Path::new(&out)),
        "xtask/score_corpus.py",
    )?;
    println!("wrote {}", out.display());
    Ok(())
}

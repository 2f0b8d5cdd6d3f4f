//! `cargo xtask gen-score-corpus`: regenerates haipai-score's oracle corpus.
//!
//! Creates a Python virtual environment (under the target folder), installs the PyPI package
//! `mahjong` 2.1.0 (MIT) into it and runs `xtask/score_corpus.py`, which writes seeded random
//! winning situations with the oracle's han, fu, points and yaku to
//! `crates/score/tests/data/corpus.jsonl` (default rules) and `corpus_variant.jsonl` (the
//! variant rules), each opening with a header line that names this command and its arguments.
//! The tests read those committed files (and pin their sizes) and never need Python.

use crate::project_root;
use std::path::Path;
use std::process::Command;

/// The oracle package, pinned.
const ORACLE: &str = "mahjong==2.1.0";
/// The corpus seed; changing it changes every line of the corpus.
const SEED: &str = "20261123";
/// Number of situations written (default rules).
const COUNT: &str = "22000";
/// Seed and size of the variant-rules corpus (`corpus_variant.jsonl`).
const VARIANT_SEED: &str = "5";
const VARIANT_COUNT: &str = "5000";

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
    let script = root.join("xtask").join("score_corpus.py");
    let files = [("corpus.jsonl", SEED, COUNT, false), ("corpus_variant.jsonl", VARIANT_SEED, VARIANT_COUNT, true)];
    for (file, seed, count, variant) in files {
        let out = root.join("crates/score/tests/data").join(file);
        if let Some(dir) = out.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        }
        let mut cmd = Command::new(&venv_python);
        cmd.arg(&script).args(["--seed", seed, "--count", count, "--out"]).arg(Path::new(&out));
        if variant {
            cmd.arg("--variant");
        }
        run_checked(&mut cmd, "xtask/score_corpus.py")?;
        println!("wrote {}", out.display());
    }
    Ok(())
}

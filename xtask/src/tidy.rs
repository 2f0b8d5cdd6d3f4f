//! Tidy tests: the crate layering, a `//!` doc at the top of every Rust file, and no
//! ignored or should-panic tests. Plain `#[test]`s, so `cargo test` runs them.

use crate::project_root;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The internal dependencies each library crate may have (normal, dev and build).
/// The façade, the cli, xtask and the benches may use anything.
const ALLOWED: &[(&str, &[&str])] = &[
    ("haipai-tiles", &[]),
    ("haipai-decompose", &["haipai-tiles"]),
    ("haipai-shanten", &["haipai-tiles", "haipai-decompose"]),
    ("haipai-waits", &["haipai-tiles", "haipai-decompose", "haipai-shanten"]),
    ("haipai-score", &["haipai-tiles", "haipai-decompose", "haipai-shanten", "haipai-waits"]),
    ("haipai-ev", &["haipai-tiles", "haipai-decompose", "haipai-shanten", "haipai-waits", "haipai-score"]),
    ("haipai-combinatorics", &["haipai-tiles", "haipai-decompose", "haipai-shanten"]),
    ("haipai-shanghai", &["haipai-tiles"]),
];

const UNRESTRICTED: &[&str] = &["haipai", "haipai-cli", "xtask", "haipai-benches"];

fn metadata() -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(project_root())
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}

/// Every (package, internal dependency) edge of the workspace.
fn internal_edges(meta: &Value) -> Vec<(String, String)> {
    let packages = meta["packages"].as_array().expect("packages");
    let names: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    let mut edges = Vec::new();
    for p in packages {
        let from = p["name"].as_str().unwrap_or_default();
        for d in p["dependencies"].as_array().into_iter().flatten() {
            let to = d["name"].as_str().unwrap_or_default();
            if names.contains(&to) {
                edges.push((from.to_string(), to.to_string()));
            }
        }
    }
    edges
}

#[test]
fn crates_depend_only_on_lower_layers() {
    let meta = metadata();
    let mut bad = Vec::new();
    for (from, to) in internal_edges(&meta) {
        if UNRESTRICTED.contains(&from.as_str()) {
            continue;
        }
        let allowed = ALLOWED.iter().find(|(name, _)| *name == from).map(|(_, deps)| *deps);
        match allowed {
            Some(deps) if deps.contains(&to.as_str()) => {}
            Some(_) => bad.push(format!("{from} -> {to} breaks the layering")),
            None => bad.push(format!("{from} is not in the layering table of xtask/src/tidy.rs")),
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_package_is_known() {
    let meta = metadata();
    for p in meta["packages"].as_array().expect("packages") {
        let name = p["name"].as_str().unwrap_or_default();
        let known = UNRESTRICTED.contains(&name) || ALLOWED.iter().any(|(n, _)| *n == name);
        assert!(known, "package {name} is not in the layering table of xtask/src/tidy.rs");
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

fn all_rust_files() -> Vec<PathBuf> {
    let root = project_root();
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 10, "found too few Rust files: {files:?}");
    files
}

#[test]
fn every_rust_file_starts_with_a_module_doc() {
    let missing: Vec<String> = all_rust_files()
        .into_iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(missing.is_empty(), "files without a leading //! doc:\n{}", missing.join("\n"));
}

#[test]
fn no_ignored_or_should_panic_tests() {
    let ignore = ["#[", "ignore]"].concat();
    let should_panic = ["#[", "should_panic"].concat();
    let offenders: Vec<String> = all_rust_files()
        .into_iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            text.contains(&ignore) || text.contains(&should_panic)
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(offenders.is_empty(), "ignored or should_panic tests in:\n{}", offenders.join("\n"));
}

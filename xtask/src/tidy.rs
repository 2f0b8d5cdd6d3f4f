//! Tidy tests: the crate layering, a `//!` doc at the top of every Rust file, and no
//! ignored or should-panic tests (attributes, also under `cfg_attr`, and doc-test fences).
//! Plain `#[test]`s, so `cargo test` runs them.

use crate::package::PUBLISHED;
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
    // decompose only as a dev-dependency: the self-play fixtures test that a win is complete.
    ("haipai-log", &["haipai-tiles", "haipai-decompose"]),
    // decompose only as a dev-dependency: its tests play haipai-log's self-play fixtures.
    (
        "haipai-review",
        &["haipai-tiles", "haipai-decompose", "haipai-shanten", "haipai-score", "haipai-ev", "haipai-log"],
    ),
    ("haipai-test-utils", &[]),
];

/// The façade and the applications over it (the JSON face they share, the command, the web
/// server), xtask and the benches.
const UNRESTRICTED: &[&str] = &["haipai", "haipai-api", "haipai-web", "haipai-cli", "xtask", "haipai-benches"];

/// Test support below every crate: it depends on no haipai crate, and any crate's tests may
/// use it (as a dev-dependency only: see `test_support_is_only_a_dev_dependency`), as may
/// xtask, which is never published (`cargo xtask interop` mutates the reference files).
const TEST_SUPPORT: &str = "haipai-test-utils";

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
        if UNRESTRICTED.contains(&from.as_str()) || to == TEST_SUPPORT {
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
fn test_support_is_only_a_dev_dependency() {
    let meta = metadata();
    let mut bad = Vec::new();
    for p in meta["packages"].as_array().expect("packages") {
        for d in p["dependencies"].as_array().into_iter().flatten() {
            if d["name"] == TEST_SUPPORT && d["kind"] != "dev" && p["name"] != "xtask" {
                bad.push(format!("{} uses {TEST_SUPPORT} outside its tests", p["name"]));
            }
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

#[test]
fn published_packages_hold_the_licences_and_a_readme() {
    let root = project_root();
    let mut bad = Vec::new();
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let original = std::fs::read(root.join(licence)).expect("the root's licence files");
        for dir in PUBLISHED.iter().map(|p| p.dir) {
            let copy = root.join("crates").join(dir).join(licence);
            if std::fs::read(&copy).ok().as_ref() != Some(&original) {
                bad.push(format!("{} is not a copy of the root's {licence}", copy.display()));
            }
        }
    }
    for dir in PUBLISHED.iter().map(|p| p.dir) {
        if !root.join("crates").join(dir).join("README.md").is_file() {
            bad.push(format!("crates/{dir} has no README.md"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn publish_settings_match_the_published_list() {
    let meta = metadata();
    for p in meta["packages"].as_array().expect("packages") {
        let dir = Path::new(p["manifest_path"].as_str().unwrap_or_default()).parent().map(Path::to_path_buf);
        let dir = dir.and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned())).unwrap_or_default();
        let published = p["publish"].as_array().is_none_or(|registries| !registries.is_empty());
        let listed = PUBLISHED.iter().any(|q| q.dir == dir && q.name == p["name"]);
        assert_eq!(published, listed, "{}: publish and xtask's PUBLISHED disagree", p["name"]);
    }
}

/// `cargo install haipai-cli` installs one command, `haipai`.
#[test]
fn the_cli_package_installs_the_haipai_command() {
    let meta = metadata();
    let packages = meta["packages"].as_array().expect("packages");
    let cli = packages.iter().find(|p| p["name"] == "haipai-cli").expect("the haipai-cli package");
    let bins: Vec<&str> = cli["targets"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| t["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "bin")))
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(bins, ["haipai"]);
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

/// True when `line` ignores a test or expects it to panic: the attributes `ignore` (with or
/// without a reason) and `should_panic`, also inside `cfg_attr`, and doc-test fences marked
/// `ignore` or `should_panic`. The patterns are built by `concat` so this file does not match.
fn skips_or_expects_a_panic(line: &str) -> bool {
    let ignore = ["ig", "nore"].concat();
    let should_panic = ["should", "_panic"].concat();
    let code = line.trim_start();
    let attribute = code.starts_with("#[") && {
        let inner = code.trim_start_matches("#[").trim_start();
        let inner = inner.split("//").next().unwrap_or_default();
        let words =
            |s: &str| s.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == ignore || w == should_panic);
        inner.starts_with(&ignore)
            || inner.starts_with(&should_panic)
            || (inner.starts_with("cfg_attr") && words(inner))
    };
    let fence = (code.starts_with("///") || code.starts_with("//!")) && {
        let doc = code.trim_start_matches(['/', '!']).trim_start();
        doc.strip_prefix("```")
            .is_some_and(|info| info.split(',').map(str::trim).any(|w| w == ignore || w == should_panic))
    };
    attribute || fence
}

#[test]
fn no_ignored_or_should_panic_tests() {
    let offenders: Vec<String> = all_rust_files()
        .into_iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(&f).unwrap_or_default();
            text.lines()
                .enumerate()
                .filter(|(_, line)| skips_or_expects_a_panic(line))
                .map(|(n, _)| format!("{}:{}", f.display(), n + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(offenders.is_empty(), "ignored or should_panic tests at:\n{}", offenders.join("\n"));
}

#[test]
fn the_skip_detector_catches_every_form() {
    let (i, p) = (["ig", "nore"].concat(), ["should", "_panic"].concat());
    for caught in [
        format!("#[{i}]"),
        format!("    #[{i} = \"slow\"]"),
        format!("#[{p}]"),
        format!("#[{p}(expected = \"boom\")]"),
        format!("#[cfg_attr(miri, {i})]"),
        format!("/// ```{i}"),
        format!("//! ```rust,{p}"),
    ] {
        assert!(skips_or_expects_a_panic(&caught), "{caught}");
    }
    for fine in [
        "#[test]".to_string(),
        format!("let {i}d = 1; // {i} this"),
        format!("#[cfg_attr(test, derive(Debug))] // {i}"),
        "/// ```text".to_string(),
        format!("fn no_{i}d_tests() {{}}"),
    ] {
        assert!(!skips_or_expects_a_panic(&fine), "{fine}");
    }
}

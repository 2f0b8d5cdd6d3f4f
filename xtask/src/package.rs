//! `cargo xtask package`: packages every published crate as crates.io would receive it
//! (`cargo package`, each verified by building it from its `.crate` against the others'
//! `.crate`s), lists each package's files and holds its compressed size to a pin. It fails when
//! packaging fails, when a package grows past its pin, or when it holds test data (the tests
//! and their data stay in the repository: `exclude = ["tests/"]` in each manifest).
//!
//! The working tree need not be committed (`--allow-dirty`): what is checked is what would be
//! packaged from it. `--no-verify` skips the builds (the file lists and sizes only).

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

/// A published package: its folder under `crates/`, and the most its `.crate` may weigh.
pub struct Published {
    /// The folder under `crates/`.
    pub dir: &'static str,
    /// The package's name.
    pub name: &'static str,
    /// The pinned compressed size in bytes: one and a half to two times its size when pinned, so that a package that
    /// suddenly grows (a data file swept in) fails; raise it knowingly.
    pub max_bytes: u64,
}

const KIB: u64 = 1024;

/// Every published package, in dependency order. Nothing passes 1 MiB; shanten's committed
/// tables (896 KB, compressed to about 100 KB) are most of its weight.
pub const PUBLISHED: &[Published] = &[
    Published { dir: "tiles", name: "haipai-tiles", max_bytes: 48 * KIB },
    Published { dir: "decompose", name: "haipai-decompose", max_bytes: 48 * KIB },
    Published { dir: "shanten", name: "haipai-shanten", max_bytes: 192 * KIB },
    Published { dir: "waits", name: "haipai-waits", max_bytes: 48 * KIB },
    Published { dir: "score", name: "haipai-score", max_bytes: 64 * KIB },
    Published { dir: "ev", name: "haipai-ev", max_bytes: 128 * KIB },
    Published { dir: "combinatorics", name: "haipai-combinatorics", max_bytes: 48 * KIB },
    Published { dir: "shanghai", name: "haipai-shanghai", max_bytes: 96 * KIB },
    Published { dir: "log", name: "haipai-log", max_bytes: 96 * KIB },
    Published { dir: "review", name: "haipai-review", max_bytes: 64 * KIB },
    Published { dir: "haipai", name: "haipai", max_bytes: 24 * KIB },
    Published { dir: "api", name: "haipai-api", max_bytes: 48 * KIB },
    Published { dir: "web", name: "haipai-web", max_bytes: 96 * KIB },
    Published { dir: "cli", name: "haipai-cli", max_bytes: 96 * KIB },
];

/// Runs the packaging and the checks; `Err` naming every package that fails one.
pub fn run(verify: bool) -> Result<(), String> {
    let (target, versions) = metadata()?;
    let mut args = vec!["package", "--allow-dirty"];
    if !verify {
        args.push("--no-verify");
    }
    for p in PUBLISHED {
        args.extend(["-p", p.name]);
    }
    forget_earlier_packages(&versions);
    // The verification builds take our packages as registry crates, which cargo never
    // rebuilds for a changed source of the same version: builds of an earlier run in the same
    // target folder would be used. So they build into a folder of their own, emptied first.
    let target = target.join("packaging");
    if target.is_dir() {
        std::fs::remove_dir_all(&target).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    println!("haipai package: cargo {}", args.join(" "));
    cargo_in(&target, &args)?;
    let mut failures = Vec::new();
    for p in PUBLISHED {
        let files = cargo(&["package", "--list", "--allow-dirty", "-p", p.name])?;
        let files: Vec<&str> = files.lines().collect();
        let version = versions.iter().find(|(n, _)| n == p.name).map(|(_, v)| v.as_str()).unwrap_or_default();
        let path = target.join("package").join(format!("{}-{version}.crate", p.name));
        let bytes = std::fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?.len();
        println!(
            "{:<22} {:>3} files {:>8.1} KiB compressed (pin {} KiB): {}",
            p.name,
            files.len(),
            bytes as f64 / KIB as f64,
            p.max_bytes / KIB,
            files.join(" ")
        );
        if bytes > p.max_bytes {
            failures
                .push(format!("{} is {bytes} bytes, past its pin of {} (xtask/src/package.rs)", p.name, p.max_bytes));
        }
        for file in files.iter().filter(|f| is_test_data(f)) {
            failures.push(format!("{} holds test data: {file} (see exclude in crates/{}/Cargo.toml)", p.name, p.dir));
        }
        for needed in ["README.md", "LICENSE-MIT", "LICENSE-APACHE"] {
            if !files.contains(&needed) {
                failures.push(format!("{} lacks {needed} (crates/{}/{needed})", p.name, p.dir));
            }
        }
    }
    match failures.len() {
        0 => Ok(()),
        _ => Err(format!("packaging check failed:\n  {}", failures.join("\n  "))),
    }
}

/// True for a packaged file that is a test or test data: anything under `tests/` or `benches/`,
/// a `data` or `fixtures` folder, and corpus files (`.jsonl`).
pub fn is_test_data(file: &str) -> bool {
    let mut parts = file.split('/');
    let first = parts.next().unwrap_or_default();
    let folders: Vec<&str> = file.split('/').rev().skip(1).collect();
    ["tests", "benches"].contains(&first)
        || folders.iter().any(|f| ["data", "fixtures", "testdata"].contains(f))
        || file.ends_with(".jsonl")
}

/// The workspace's target folder and each package's (name, version), from `cargo metadata`.
fn metadata() -> Result<(PathBuf, Vec<(String, String)>), String> {
    let out = cargo(&["metadata", "--format-version", "1", "--no-deps"])?;
    let meta: Value = serde_json::from_str(&out).map_err(|e| format!("cargo metadata: {e}"))?;
    let target = meta["target_directory"].as_str().ok_or("cargo metadata: no target_directory")?;
    let versions = meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            (p["name"].as_str().unwrap_or_default().to_string(), p["version"].as_str().unwrap_or_default().to_string())
        })
        .collect();
    Ok((PathBuf::from(target), versions))
}

/// Removes the sources of our own packages that an earlier `cargo package` unpacked into
/// cargo's home (`registry/src/-HASH/NAME-VERSION`: the folders of the local registry through
/// which the verification builds a package against the others' `.crate`s). Cargo does not
/// unpack a name and version again when its folder is there, so a package verified after a
/// change would build against the sources of an earlier run: the change unseen. The folders
/// of crates.io's registry are left alone.
fn forget_earlier_packages(versions: &[(String, String)]) {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(src) = home.map(|h| h.join("registry").join("src")) else { return };
    let Ok(registries) = std::fs::read_dir(&src) else { return };
    let mut removed = 0;
    for registry in registries.flatten().filter(|r| r.file_name().to_string_lossy().starts_with('-')) {
        for (name, version) in versions.iter().filter(|(n, _)| PUBLISHED.iter().any(|p| p.name == n)) {
            let unpacked = registry.path().join(format!("{name}-{version}"));
            if unpacked.is_dir() && std::fs::remove_dir_all(&unpacked).is_ok() {
                removed += 1;
            }
        }
    }
    if removed > 0 {
        println!("haipai package: removed {removed} sources of ours unpacked by earlier runs in {}", src.display());
    }
}

/// Runs `cargo ARGS` in the workspace root (its progress shown on stderr); its standard output.
fn cargo(args: &[&str]) -> Result<String, String> {
    cargo_with(Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())), args)
}

/// [`cargo`] building into `target`.
fn cargo_in(target: &std::path::Path, args: &[&str]) -> Result<String, String> {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.env("CARGO_TARGET_DIR", target);
    cargo_with(command, args)
}

/// Runs `command ARGS` in the workspace root (its progress shown on stderr); its standard output.
fn cargo_with(mut command: Command, args: &[&str]) -> Result<String, String> {
    let out = command
        .args(args)
        .current_dir(crate::project_root())
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cargo {}: {e}", args.join(" ")))?;
    if !out.status.success() {
        return Err(format!("cargo {} failed ({})", args.join(" "), out.status));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("cargo {}: {e}", args.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::is_test_data;

    #[test]
    fn test_data_is_recognised() {
        for data in ["tests/corpus.rs", "tests/data/corpus.jsonl", "benches/x.rs", "src/data/big.bin", "corpus.jsonl"] {
            assert!(is_test_data(data), "{data}");
        }
        for kept in ["src/lib.rs", "tables/shanten.bin", "examples/tests.rs", "README.md", "src/tests_props.rs"] {
            assert!(!is_test_data(kept), "{kept}");
        }
    }
}

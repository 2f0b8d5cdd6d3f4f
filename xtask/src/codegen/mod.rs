//! `cargo xtask codegen [--check]`: the generated tables. Each generator returns the files
//! it owns (path from the repository root and contents); `codegen` writes them, `--check`
//! fails if any committed file differs. The `generated_files_are_fresh` test runs the
//! check, so `cargo test` fails on stale tables.

mod shanten;

use crate::project_root;

/// A generated file: where it lives (relative to the repository root) and its bytes.
pub struct GeneratedFile {
    /// Path from the repository root.
    pub path: String,
    /// Contents.
    pub contents: Vec<u8>,
}

/// Every generator's files.
pub fn all_files() -> Vec<GeneratedFile> {
    let mut files = Vec::new();
    files.extend(shanten::generate());
    files
}

/// Files whose committed contents differ from what the generators make.
pub fn stale_files() -> Vec<String> {
    let root = project_root();
    all_files()
        .into_iter()
        .filter(|f| std::fs::read(root.join(&f.path)).ok().as_deref() != Some(&f.contents[..]))
        .map(|f| f.path)
        .collect()
}

/// Writes the generated files, or with `check` only reports stale ones.
pub fn run(check: bool) -> Result<(), String> {
    if check {
        let stale = stale_files();
        if stale.is_empty() {
            println!("generated files are fresh");
            return Ok(());
        }
        return Err(format!("stale generated files (run `cargo xtask codegen`): {}", stale.join(", ")));
    }
    let root = project_root();
    for f in all_files() {
        let path = root.join(&f.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&path, &f.contents).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {} ({} bytes)", f.path, f.contents.len());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn generated_files_are_fresh() {
        let stale = super::stale_files();
        assert!(stale.is_empty(), "stale generated files, run `cargo xtask codegen`: {stale:?}");
    }
}

//! The shanten tables: `crates/shanten/tables/shanten.bin`, made by
//! `haipai_shanten::generated_tables` (per-suit classes and the class-combination tables;
//! the layout is documented in the shanten crate's `tables.rs`).

use super::GeneratedFile;

/// The shanten crate's generated files.
pub fn generate() -> Vec<GeneratedFile> {
    vec![GeneratedFile {
        path: "crates/shanten/tables/shanten.bin".to_string(),
        contents: haipai::shanten::generated_tables(),
    }]
}

//! The shanten tables: `crates/shanten/tables/shanten.bin`, made by
//! `haipai_shanten::generate::tables` (per-suit classes and the class-combination tables;
//! see `haipai_shanten::tables` for the layout).

use super::GeneratedFile;

/// The shanten crate's generated files.
pub fn generate() -> Vec<GeneratedFile> {
    vec![GeneratedFile {
        path: "crates/shanten/tables/shanten.bin".to_string(),
        contents: haipai::shanten::generate::tables(),
    }]
}

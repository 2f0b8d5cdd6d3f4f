//! Snapshot of the 34 kinds in our notation, glyphs and honour names.

use haipai_tiles::Tile;

#[test]
fn kinds_table() {
    let table: String = Tile::all()
        .map(|t| format!("{t} {} {}\n", t.glyph(), t.kanji().map(String::from).unwrap_or_default()))
        .collect();
    insta::assert_snapshot!(table);
}

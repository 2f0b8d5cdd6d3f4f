//! The layout readers on small original fixtures: format detection (haipai notation, `x y z`
//! slot lists, KMahjongg, GNOME; a byte-order mark; files that read both ways), floating
//! tiles refused in every format with the slot and the line, overlaps named with their lines,
//! and GNOME maps picked by their short ids.

use haipai_shanghai::formats::{
    Format, detect, parse_any, parse_detected, parse_gnome, parse_haipai, parse_kmahjongg, parse_slot_list,
};
use haipai_shanghai::{LayoutError, LayoutErrorKind, Slot};

/// A 2x2 square with one tile on its centre, as an `x y z` slot list (half-tile units). Read
/// as haipai notation (`Z Y X`), its second line would put a tile on layer 2 over nothing.
const SQUARE: &str = "0 0 0\n2 0 0\n0 2 0\n2 2 0\n1 1 1\n";

/// A GNOME map with a short id.
const GNOME: &str = r#"<mahjongg>
  <map name="Little Square" scorename="square">
    <layer z="0"><block left="0" right="1" top="0" bottom="1"/></layer>
    <tile x="0.5" y="0.5" z="1"/>
  </map>
</mahjongg>
"#;

/// The kind, line and message of a refusal.
fn refusal(result: Result<impl std::fmt::Debug, LayoutError>) -> (LayoutErrorKind, Option<usize>, String) {
    let e = result.unwrap_err();
    (*e.kind(), e.line(), e.message().to_string())
}

#[test]
fn a_slot_list_is_read_as_one_not_as_haipai_notation() {
    let square: Vec<Slot> =
        [(0, 0, 0), (2, 0, 0), (0, 2, 0), (2, 2, 0), (1, 1, 1)].map(|(x, y, z)| Slot { x, y, z }).into_iter().collect();
    assert_eq!(detect(SQUARE), None);
    let parsed = parse_detected("sq", SQUARE, None).unwrap();
    assert_eq!((parsed.format, parsed.note), (Format::SlotList, None));
    let mut sorted = square.clone();
    sorted.sort();
    assert_eq!(parsed.layout.slots(), sorted);
    // Read as haipai notation it floats tiles, which the reader refuses (it used to be read
    // so, and the deal called unwinnable).
    let (kind, line, why) = refusal(parse_haipai("sq", SQUARE));
    assert_eq!((kind, line), (LayoutErrorKind::Slots, Some(2)));
    assert!(why.contains("x 0, y 0, layer 2 (half-tile units) floats"), "{why}");
    // A comment naming the columns decides without trying both readings.
    let headed = format!("# x y z, half-tile units\n{SQUARE}");
    assert_eq!(detect(&headed), Some(Format::SlotList));
    assert_eq!(parse_any("sq", &headed, None).unwrap().slots(), sorted);
    assert_eq!(detect("# layer row column\n0 0 0\n"), Some(Format::Haipai));
    assert_eq!(detect("0 0 0..1\n"), Some(Format::Haipai));
}

#[test]
fn a_file_that_reads_both_ways_says_which_was_assumed() {
    // Two tiles on layer 0 either way: one below the other, or side by side.
    let both = "0 0 0\n0 2 0\n";
    let parsed = parse_detected("both", both, None).unwrap();
    assert_eq!(parsed.format, Format::Haipai);
    assert!(parsed.note.is_some_and(|n| n.contains("x y z slot list")));
    // Neither: the error is haipai notation's, with the slot list's.
    let (_, line, why) = refusal(parse_any("none", "0 0 0\n0 0 0\n", None));
    assert_eq!(line, Some(2));
    assert!(why.contains("read as haipai notation") && why.contains("as an x y z slot list: line 2"), "{why}");
}

#[test]
fn floating_tiles_are_refused_in_every_format_naming_slot_and_line() {
    let haipai = "# two tiles\n0 0 0\n\n2 0 0\n";
    let (kind, line, why) = refusal(parse_haipai("f", haipai));
    assert_eq!((kind, line), (LayoutErrorKind::Slots, Some(4)));
    assert_eq!(
        why,
        "the tile at x 0, y 0, layer 2 (half-tile units) floats: it rests on no tile of layer 1 and touches no tile of its layer that is held up"
    );
    let slots = "# x y z\n0 0 0\n5 0 1\n";
    assert_eq!(refusal(parse_slot_list("f", slots)).1, Some(3));
    let kmahjongg = "kmahjongg-layout-v1.1\nw4\nh2\nd2\n12..\n43..\n..12\n..43\n";
    let (kind, line, why) = refusal(parse_kmahjongg("f", kmahjongg));
    assert_eq!((kind, line), (LayoutErrorKind::Slots, Some(7)));
    assert!(why.contains("x 2, y 0, layer 1 (half-tile units) floats"), "{why}");
    let gnome = GNOME.replace(r#"<tile x="0.5" y="0.5" z="1"/>"#, "\n\n<tile x=\"5\" y=\"0\" z=\"1\"/>");
    let (kind, line, why) = refusal(parse_gnome(&gnome));
    assert_eq!((kind, line), (LayoutErrorKind::Slots, Some(6)));
    assert!(why.starts_with("map 'Little Square': the tile at x 10, y 0, layer 1"), "{why}");
    // A quarter of a tile under it is enough.
    assert!(parse_haipai("q", "0 0 0\n1 0.5 0.5\n").is_ok());
    assert!(parse_haipai("q", "0 0 0\n1 1 1\n").is_err());
    // A bridge: a row whose ends rest on towers holds up its middle, and an overhang beside a
    // held tile is held; a row touching nothing held is not, nor a tile touching by a corner.
    assert!(parse_haipai("b", "0 0 0\n0 0 4\n1 0 0..4\n").is_ok());
    assert!(parse_haipai("b", "0 0 0\n1 0 0..1\n1 0.5..2.5 2\n").is_ok());
    assert_eq!(refusal(parse_haipai("b", "0 0 0\n1 0 0\n1 5 5..6\n")).1, Some(3));
    assert_eq!(refusal(parse_haipai("b", "0 0 0\n1 0 0\n1 1 1\n")).1, Some(3));
}

#[test]
fn overlaps_name_both_lines() {
    let (kind, line, why) = refusal(parse_haipai("o", "0 0 0\n0 5 5\n0 0 0.5\n"));
    assert_eq!((kind, line), (LayoutErrorKind::Slots, Some(3)));
    assert_eq!(
        why,
        "the tile at x 1, y 0, layer 0 (half-tile units) overlaps the tile at x 0, y 0, layer 0 (half-tile units) of line 1 on its layer"
    );
    assert_eq!(refusal(parse_slot_list("o", "0 0 0\n1 1 0\n")).1, Some(2));
}

#[test]
fn a_byte_order_mark_is_skipped_by_every_reader() {
    let bom = |text: &str| format!("\u{feff}{text}");
    assert_eq!(detect(&bom(GNOME)), Some(Format::Gnome));
    assert_eq!(parse_any("g", &bom(GNOME), None).unwrap().len(), 5);
    assert_eq!(parse_gnome(&bom(GNOME)).unwrap().len(), 1);
    let kmahjongg = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n";
    assert_eq!(detect(&bom(kmahjongg)), Some(Format::Kmahjongg));
    assert_eq!(parse_any("k", &bom(kmahjongg), None).unwrap().len(), 2);
    assert_eq!(parse_kmahjongg("k", &bom(kmahjongg)).unwrap().len(), 2);
    assert_eq!(parse_haipai("h", &bom("0 0 0..1\n")).unwrap().len(), 2);
    assert_eq!(parse_slot_list("s", &bom(SQUARE)).unwrap().len(), 5);
    assert_eq!(parse_any("s", &bom(SQUARE), None).unwrap().len(), 5);
}

#[test]
fn gnome_maps_are_found_by_name_or_short_id() {
    for wanted in ["Little Square", "little square", "square", "SQUARE"] {
        assert_eq!(parse_any("x", GNOME, Some(wanted)).unwrap().name(), "Little Square", "{wanted}");
    }
    let (_, _, why) = refusal(parse_any("x", GNOME, Some("turtle")));
    assert_eq!(why, "no map named 'turtle'; the file has: Little Square (square)");
}

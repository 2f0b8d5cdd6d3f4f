//! Layout readers on small original fixtures and texts: the three formats agree, and each
//! error names its line. (The checks against the GNOME and KMahjongg reference files, which the
//! repository does not hold, are `cargo xtask interop`'s.)

use haipai_shanghai::formats::{parse_any, parse_gnome, parse_haipai, parse_kmahjongg};
use haipai_shanghai::{Blocking, Board, Deal, Layout, LayoutErrorKind, Slot};

fn err(r: Result<Layout, haipai_shanghai::LayoutError>) -> String {
    r.unwrap_err().to_string()
}

#[test]
fn kmahjongg_errors_name_the_line() {
    let bad_header = "kmahjongg-layout-v9\n";
    assert_eq!(
        err(parse_kmahjongg("t", bad_header)),
        "line 1: expected 'kmahjongg-layout-v1.0' or 'kmahjongg-layout-v1.1', found 'kmahjongg-layout-v9'"
    );
    let broken = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n4.3.\n";
    assert_eq!(err(parse_kmahjongg("t", broken)), "line 5: tile at column 1 is not a complete '12' over '43' block");
    let stray = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12.3\n43..\n";
    assert_eq!(err(parse_kmahjongg("t", stray)), "line 5: stray '3' at column 4");
    let short = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n434\n";
    assert_eq!(err(parse_kmahjongg("t", short)), "line 6: expected 4 characters, found 3");
    let junk = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12x.\n43..\n";
    assert_eq!(err(parse_kmahjongg("t", junk)), "line 5: unexpected character 'x' at column 3");
    let accent = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12é2\n4343\n";
    assert_eq!(err(parse_kmahjongg("t", accent)), "line 5: unexpected character 'é' at column 3");
    let good = "kmahjongg-layout-v1.1\n# two tiles\nw4\nh2\nd1\n1212\n4343\n";
    assert_eq!(parse_kmahjongg("t", good).unwrap().len(), 2);
    // v1.0: fixed 32 x 16 x 5.
    let mut v10 = String::from("kmahjongg-layout-v1.0\n");
    for level in 0..5 {
        for r in 0..16 {
            let row = if level == 0 && r == 0 {
                "1212"
            } else if level == 0 && r == 1 {
                "4343"
            } else {
                "...."
            };
            v10 += &format!("{row}{}\n", ".".repeat(28));
        }
    }
    assert_eq!(parse_kmahjongg("t", &v10).unwrap().len(), 2);
}

#[test]
fn gnome_errors_name_the_line() {
    let unclosed = "<mahjongg>\n<map name=\"a\">\n<tile x=\"0\" y=\"0\" z=\"0\"/>\n</mahjongg>\n";
    assert_eq!(
        err(parse_gnome(unclosed).map(|mut v| v.remove(0))),
        "line 4: </mahjongg> closes <map> opened on line 2"
    );
    let badnum = "<mahjongg>\n<map name=\"a\">\n\n<tile x=\"zero\" y=\"0\" z=\"0\"/>\n</map></mahjongg>";
    assert_eq!(
        err(parse_gnome(badnum).map(|mut v| v.remove(0))),
        "line 4: attribute x=\"zero\" of <tile> is not a number like 3 or 3.5"
    );
    let noz = "<mahjongg><map name=\"a\">\n<row y=\"0\" left=\"0\" right=\"1\"/>\n</map></mahjongg>";
    assert_eq!(err(parse_gnome(noz).map(|mut v| v.remove(0))), "line 2: <row> has no z and is outside a <layer>");
    let unknown = "<mahjongg><map name=\"a\">\n<!-- a\ncomment -->\n<slab/>\n</map></mahjongg>";
    assert_eq!(err(parse_gnome(unknown).map(|mut v| v.remove(0))), "line 4: unknown element <slab>");
    let open = "<mahjongg>\n<map name=\"a\">\n<tile x=\"0\" y=\"0\" z=\"0\"\n";
    assert_eq!(err(parse_gnome(open).map(|mut v| v.remove(0))), "line 3: tag is never closed ('>' missing)");
    let overlap = "<mahjongg>\n<map name=\"a\">\n<tile x=\"0\" y=\"0\" z=\"0\"/><tile x=\"0.5\" y=\"0\" z=\"0\"/>\n</map></mahjongg>";
    assert!(err(parse_gnome(overlap).map(|mut v| v.remove(0))).starts_with("line 3: map 'a': the tile at"));
    let overlap_error = parse_gnome(overlap).unwrap_err();
    assert_eq!((overlap_error.kind(), overlap_error.line()), (&LayoutErrorKind::Slots, Some(3)));
    let empty = "<mahjongg>\n<map name=\"a\"/>\n<map name=\"b\"><tile x=\"0\" y=\"0\" z=\"0\"/></map></mahjongg>";
    assert_eq!(err(parse_gnome(empty).map(|mut v| v.remove(0))), "line 2: map 'a': the layout has no tiles");
    let ok = "<?xml version=\"1.0\"?>\n<mahjongg><map name='b'><layer z='1'><block left='0' right='1' top='0' bottom='0.5'/></layer></map></mahjongg>";
    assert!(err(parse_gnome(ok).map(|mut v| v.remove(0))).contains("bad top..bottom range"));
}

#[test]
fn gnome_attribute_values_decode_character_references() {
    let map = |name: &str| {
        format!(
            "<mahjongg>\n<map name=\"{name}\">\n<tile x=\"0\" y=\"0\" z=\"0\"/><tile x=\"2\" y=\"0\" z=\"0\"/>\n</map></mahjongg>"
        )
    };
    let names =
        |text: &str| parse_gnome(text).map(|maps| maps.iter().map(|l| l.name().to_string()).collect::<Vec<_>>());
    assert_eq!(names(&map("Rock &amp; Roll")).unwrap(), ["Rock & Roll"]);
    assert_eq!(names(&map("&lt;&gt;&quot;&apos;&#65;&#x42;&#X43;")).unwrap(), ["<>\"'ABC"]);
    assert_eq!(names(&map("東 &#x6771;")).unwrap(), ["東 東"]);
    assert_eq!(
        err(parse_gnome(&map("Rock & Roll")).map(|mut v| v.remove(0))),
        "line 2: attribute 'name' of <map>: '& Roll' is not a character reference ('&' is written '&amp;')"
    );
    assert_eq!(
        err(parse_gnome(&map("a &nbsp; b")).map(|mut v| v.remove(0))),
        "line 2: attribute 'name' of <map>: unknown character reference '&nbsp;'"
    );
    assert_eq!(
        err(parse_gnome(&map("&#0;")).map(|mut v| v.remove(0))),
        "line 2: attribute 'name' of <map>: unknown character reference '&#0;'"
    );
    assert_eq!(
        err(parse_gnome(&map("&#xD800;")).map(|mut v| v.remove(0))),
        "line 2: attribute 'name' of <map>: unknown character reference '&#xD800;'"
    );
    // A number in a reference decodes too: x="&#49;" is x="1".
    let tile = "<mahjongg><map name=\"a\"><tile x=\"&#48;\" y=\"0\" z=\"0\"/><tile x=\"&#50;\" y=\"0\" z=\"0\"/></map></mahjongg>";
    assert_eq!(parse_gnome(tile).unwrap()[0].len(), 2);
}

#[test]
fn haipai_notation_errors_name_the_line() {
    assert_eq!(err(parse_haipai("t", "0 0 0..1\n0 1\n")), "line 2: expected 'layer row column', found '0 1'");
    assert_eq!(
        err(parse_haipai("t", "0 0 0..1.5\n")),
        "line 1: bad column range '0..1.5': the end must be the start plus whole tiles"
    );
    assert_eq!(err(parse_haipai("t", "\n\nx 0 0\n")), "line 3: bad layer 'x': expected a whole number");
    assert_eq!(parse_haipai("t", "0 3.5 13..14 # two\n").unwrap().len(), 2);
}

#[test]
fn huge_or_far_layouts_are_refused_without_filling_memory() {
    assert_eq!(
        err(parse_haipai("t", "0 0 0..1\n0 0..100000 0..100000\n")),
        "line 2: the row range '0..100000' spans 100001 tiles; a layout holds at most 256"
    );
    assert_eq!(
        err(parse_haipai("t", "0 0..200 0..200\n")),
        "line 1: more than 256 tiles by this line, the most supported"
    );
    assert_eq!(
        err(parse_haipai("t", "0 0 1100000000\n")),
        "line 1: bad column '1100000000': expected a number like 3 or 3.5, or a range a..b"
    );
    assert_eq!(
        err(parse_haipai("t", "0 0 0\n0 0 5000\n")),
        "the layout's x runs from 0 to 10000 (half-tile units); at most 2048 apart are supported"
    );
    let wide = "<mahjongg><map name=\"a\">\n<block z=\"0\" left=\"0\" right=\"99999\" top=\"0\" bottom=\"99999\"/>\n</map></mahjongg>";
    assert_eq!(
        err(parse_gnome(wide).map(|mut v| v.remove(0))),
        "line 2: the <block> left..right range spans 100000 tiles; a layout holds at most 256"
    );
}

#[test]
fn kmahjongg_size_lines_with_any_first_character_are_errors_not_panics() {
    let text = "kmahjongg-layout-v1.1\né\n";
    assert_eq!(err(parse_kmahjongg("t", text)), "line 2: the board size lines w, h and d must come before the levels");
    let text = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12é2\n4343\n";
    assert!(parse_kmahjongg("t", text).is_err());
}

fn fixture(file: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"))).expect("fixture")
}

#[test]
fn original_fixtures_in_three_formats_agree() {
    let k = parse_any("small", &fixture("small.layout"), None).unwrap();
    let g = parse_any("small", &fixture("small.map"), None).unwrap();
    let h = parse_any("small", &fixture("small.txt"), None).unwrap();
    assert_eq!(k.len(), 8);
    assert_eq!(k.layer_sizes(), vec![6, 2]);
    assert_eq!(k.slots(), g.slots());
    assert_eq!(k.slots(), h.slots());
    assert_eq!(g.name(), "Small");
    assert_eq!(
        parse_any("small", &fixture("small.txt"), Some("Small")).unwrap_err().to_string(),
        "a map name ('Small') picks a map of a GNOME .map file; this is not one"
    );
    assert_eq!(
        parse_any("broken", &fixture("broken.layout"), None).unwrap_err().to_string(),
        "line 7: tile at column 5 is not a complete '12' over '43' block"
    );
    assert_eq!(
        parse_any("broken", &fixture("broken.map"), None).unwrap_err().to_string(),
        "line 5: </map> closes <layer> opened on line 3"
    );
}

/// Each error says which input was wrong: a file (with its line), the slots, or the faces.
#[test]
fn errors_say_which_input_was_wrong() {
    let turtle = Layout::builtin("turtle").unwrap();
    let faces = Deal::random(&turtle, Blocking::Standard, 1).unwrap().faces;
    let short = Board::new(turtle, Blocking::Standard, faces[..142].to_vec()).unwrap_err();
    assert_eq!((short.kind(), short.line()), (&LayoutErrorKind::Faces, None));
    assert_eq!(short.message(), "the layout has 144 slots but 142 faces were given");
    let deal = Deal::parse("layout turtle\nseed x\n").unwrap_err();
    assert_eq!((deal.kind(), deal.line(), deal.message()), (&LayoutErrorKind::File, Some(2), "bad seed 'x'"));
    let overlap = Layout::new("two", [Slot { x: 0, y: 0, z: 0 }, Slot { x: 1, y: 1, z: 0 }]).unwrap_err();
    assert_eq!(overlap.kind(), &LayoutErrorKind::Slots);
}

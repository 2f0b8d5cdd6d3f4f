//! `haipai shanten`: forms, necessary tiles with live counts, the 何切る table, JSON,
//! batch input and exit codes.

/// `haipai shanten ARGS` with `stdin`: (stdout, stderr, exit code).
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let (code, out, err) = super::haipai(&[&["shanten"], args].concat(), stdin);
    (out, err, code)
}

#[test]
fn document_000_example_is_tenpai_with_live_counts() {
    let (out, _, code) = run(&["123456789m11p11s"], "");
    assert_eq!(
        out,
        "hand:      123456789m11p11s\n\
         shanten:   0 (tenpai)\n\
         forms:     regular 0, seven pairs 4, thirteen orphans 8\n\
         necessary: 1p1s (4 left)\n"
    );
    assert_eq!(code, 0);
    // Visible tiles come off the live count.
    let (out, _, _) = run(&["123456789m11p11s", "--visible", "1p9s"], "");
    assert!(out.ends_with("necessary: 1p1s (3 left)\n"), "{out}");
}

#[test]
fn discard_table_is_sorted_by_shanten_then_live_tiles() {
    let (out, _, code) = run(&["222567m34p3366s45z"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "hand:      222567m34p3366s45z\n\
         shanten:   1 (1-shanten)\n\
         forms:     regular 1, seven pairs 3, thirteen orphans 11\n\
         discard  shanten  necessary      left\n\
         4z             1  25p36s           12\n\
         5z             1  25p36s           12\n\
         3s             2  25p123456s45z    34\n\
         6s             2  25p345678s45z    34\n\
         3p             2  23456p36s45z     28\n\
         4p             2  12345p36s45z     28\n\
         5m             2  58m25p36s        19\n\
         7m             2  47m25p36s        19\n\
         6m             2  6m25p36s         15\n\
         2m             2  2m25p36s         13\n"
    );
}

#[test]
fn quad_is_one_pair_for_seven_pairs() {
    let (out, _, _) = run(&["1111m2233p4455s66z"], "");
    assert!(out.contains("shanten:   1 (1-shanten)\n"), "{out}");
    assert!(out.contains("forms:     regular 2, seven pairs 1, thirteen orphans 10\n"), "{out}");
    assert!(out.contains("\n1m             1  "), "{out}");
}

#[test]
fn json_with_called_melds_and_small_hands() {
    let (out, _, code) = run(&["23m55p678s[789s][111z]", "--json"], "");
    assert_eq!(
        out.trim(),
        r#"{"closed_tiles":7,"hand":"23m55p678s[789s][111z]","karaten":false,"live":8,"necessary":["1m","4m"],"regular":0,"sanma":false,"seven_pairs":null,"shanten":0,"thirteen_orphans":null}"#
    );
    assert_eq!(code, 0);
    let (out, _, _) = run(&["55z", "--json"], "");
    assert_eq!(
        out.trim(),
        r#"{"closed_tiles":2,"discards":[{"discard":"5z","live":2,"necessary":["5z"],"shanten":0}],"hand":"55z","regular":-1,"sanma":false,"seven_pairs":null,"shanten":-1,"thirteen_orphans":null}"#
    );
}

#[test]
fn batch_keeps_going_after_bad_lines() {
    let (out, err, code) = run(&["-", "--json"], "5z\nxyz\n123m\n19m19p19s1234567z\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with(r#"{"closed_tiles":1,"hand":"5z","karaten":false,"live":3,"necessary":["5z"]"#),
        "{out}"
    );
    assert!(lines[1].contains(r#""error""#) && lines[1].contains(r#""input":"xyz""#), "{out}");
    assert!(lines[2].contains("got 3"), "{out}");
    assert!(lines[3].contains(r#""live":39"#) && lines[3].contains(r#""thirteen_orphans":0"#), "{out}");
    assert_eq!((err.as_str(), code), ("", 2));
    let (out, err, code) = run(&["-"], "1112m\n123m\n");
    assert!(out.starts_with("hand:      1112m\n"), "{out}");
    assert!(err.contains("123m") && err.contains("1, 2, 4, 5, 7, 8, 10, 11, 13 or 14"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn bad_visible_tiles_are_reported() {
    let (out, err, code) = run(&["123456789m11p11s", "--visible", "111p"], "");
    assert_eq!(out, "");
    assert!(err.contains("--visible") && err.contains("1p"), "{err}");
    assert_eq!(code, 2);
    let (_, err, code) = run(&["123456789m11p11s", "--visible", "1x"], "");
    assert!(err.contains("--visible"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn sanma_rules() {
    let (out, _, code) = run(&["19m123456789p11s", "--sanma"], "");
    assert_eq!(code, 0);
    assert!(out.ends_with("necessary: 19m1s (8 left)\n"), "{out}");
    let (out, _, _) = run(&["19m123456789p11s"], "");
    assert!(out.ends_with("necessary: 123789m1s (24 left)\n"), "{out}");
    let (_, err, code) = run(&["5m123456789p11s", "--sanma"], "");
    assert!(err.contains("no 2m-8m"), "{err}");
    assert_eq!(code, 2);
    let (_, err, code) = run(&["1m123p111s[789s][234m]", "--sanma"], "");
    assert!(err.contains("no 2m-8m"), "{err}");
    assert_eq!(code, 2);
    let (out, err, code) = run(&["19m123456789p11s", "--sanma", "--visible", "1p5m"], "");
    assert_eq!((out.as_str(), err.trim(), code), ("", "error: --visible '1p5m': three-player mahjong has no 2m-8m", 2));
}

#[test]
fn a_bad_visible_flag_is_one_error_before_a_batch() {
    let (out, err, code) = run(&["-", "--visible", "xx"], "123m456p789s11223z\n1m\n");
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: --visible 'xx': at 1: 'x' is not a tile"), "{err}");
}

#[test]
fn karaten_through_called_melds_is_named() {
    // Tenpai by the closed tile (shanten reads closed tiles only), but the pon holds the other
    // three 1m: no tile completes it.
    let (out, _, code) = run(&["1m[111m][123p][456p][789p]"], "");
    assert_eq!(code, 0);
    assert!(
        out.ends_with(
            "necessary: 1m (0 left; karaten: every tile that completes it is held four times with the called melds)\n"
        ),
        "{out}"
    );
    let (out, _, _) = run(&["1m[111m][123p][456p][789p]", "--json"], "");
    assert!(out.contains(r#""karaten":true,"live":0"#), "{out}");
    // Copies seen elsewhere are not karaten: the hand could still win on a copy no one holds.
    let (out, _, _) = run(&["123456789m11p11s", "--visible", "11p11s"], "");
    assert!(out.ends_with("necessary: 1p1s (0 left)\n"), "{out}");
}

#[test]
fn called_melds_alone_say_how_many_closed_tiles_they_need() {
    // It read "no tiles given".
    let (code, _, err) = crate::haipai(&["shanten", "[123m][456m][789m][111z]"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "error: [123m][456m][789m][111z]: no closed tiles beside the 4 called melds (12 tiles): a hand of 13 or 14 tiles holds 1 or 2 of them here"
    );
    let (_, _, err) = crate::haipai(&["shanten", "[123m]"], "");
    assert!(err.contains("beside the 1 called meld (3 tiles): a hand of 13 or 14 tiles holds 10 or 11"), "{err}");
}

//! `haipai waits`: the classic format, JSON, batch input, exit codes.

/// `haipai waits ARGS` with `stdin`: (stdout, stderr, exit code).
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let (code, out, err) = super::haipai(&[&["waits"], args].concat(), stdin);
    (out, err, code)
}

#[test]
fn document_format() {
    let (out, _, code) = run(&["1112224588899"], "");
    assert_eq!(out, "(111)(222)(888)(99)[45]\n");
    assert_eq!(code, 0);
}

#[test]
fn json_object_per_hand() {
    let (out, _, code) = run(&["1112224588899", "--json"], "");
    assert_eq!(
        out.trim(),
        r#"{"hand":"1112224588899","lines":["(111)(222)(888)(99)[45]"],"tenpai":true,"winning_tiles":["3","6"]}"#
    );
    assert_eq!(code, 0);
}

#[test]
fn general_hand_and_melds() {
    let (out, _, _) = run(&["123m456p789s1122z"], "");
    assert_eq!(out, "(123m)(456p)(789s)(11z)[22z]\n(123m)(456p)(789s)(22z)[11z]\n");
    let (out, _, _) = run(&["23m55p[789s][111z][5555z*]", "--kinds"], "");
    assert_eq!(out, "(55p)[23m]{789s}{111z}{5555z*}  ryanmen 1m 4m (8 left)\nwinning tiles: 1m 4m (8 left)\n");
}

#[test]
fn not_tenpai_prints_nothing_and_batch_keeps_going() {
    let (out, _, code) = run(&["147m258p369s1234z"], "");
    assert_eq!((out.as_str(), code), ("", 0));
    let (out, err, code) = run(&["-", "--explain"], "1112224588899\nxyz\n147m258p369s1234z\n");
    assert_eq!(out, "(111)(222)(888)(99)[45]\n147m258p369s1234z: not tenpai (6-shanten)\n");
    assert!(err.contains("xyz"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn karaten_and_seven_pairs_switches() {
    let (out, _, _) = run(&["1113333555666"], "");
    assert!(!out.contains("[3]\n"), "{out}");
    let (out, _, _) = run(&["1113333555666", "--karaten"], "");
    assert!(out.contains("(111)(333)(555)(666)[3]  karaten"), "{out}");
    let (out, _, _) = run(&["1122334455667"], "");
    assert!(out.contains("(11)(22)(33)(44)(55)(66)[7]"));
    let (out, _, _) = run(&["1122334455667", "--no-seven-pairs"], "");
    assert!(!out.contains("(11)(22)(33)(44)(55)(66)[7]"));
}

#[test]
fn wrong_size_is_bad_input() {
    let (out, err, code) = run(&["11122233344455"], "");
    assert_eq!(out, "");
    assert!(err.contains("13"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn explain_gives_the_shanten_of_a_hand_that_is_not_tenpai() {
    let (out, _, code) = run(&["123m456p789s1357z", "--explain"], "");
    assert_eq!((out.as_str(), code), ("123m456p789s1357z: not tenpai (2-shanten)\n", 0));
    let (out, _, _) = run(&["123m456p789s1357z", "--explain", "--json"], "");
    assert!(out.contains(r#""shanten":2"#) && out.contains(r#""tenpai":false"#), "{out}");
}

#[test]
fn a_hand_of_the_wrong_size_reads_plainly() {
    // It used to read "13 (a hand waiting for its 14th tile) tiles expected, got 14".
    let (out, err, code) = run(&["11112345678999"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(err.trim(), "error: 11112345678999: 13 tiles expected, got 14");
}

#[test]
fn explain_agrees_with_the_forms_counted() {
    // A seven-pairs wait without the seven-pairs line: it read "not tenpai (tenpai)".
    let (out, _, code) = run(&["1199m1133p5577s7z", "--no-seven-pairs", "--explain"], "");
    assert_eq!((out.as_str(), code), ("1199m1133p5577s7z: not tenpai (3-shanten)\n", 0));
    let (out, _, _) = run(&["1199m1133p5577s7z", "--no-seven-pairs", "--explain", "--json"], "");
    assert!(out.contains(r#""shanten":3"#), "{out}");
}

#[test]
fn explain_names_karaten_through_called_melds() {
    // The closed 1m is tenpai by shanten (closed tiles only), but the pon holds the other three
    // 1m: it read "not tenpai (tenpai)".
    let (out, _, code) = run(&["1m[111m][123p][456p][789p]", "--explain"], "");
    let want = "1m[111m][123p][456p][789p]: not tenpai (karaten: every tile that completes it is held four times with the called melds)\n";
    assert_eq!((out.as_str(), code), (want, 0));
    let (out, _, _) = run(&["1m[111m][123p][456p][789p]", "--explain", "--json"], "");
    assert!(
        out.contains(r#""shanten":0"#) && out.contains(r#""karaten":true"#) && out.contains(r#""tenpai":false"#),
        "{out}"
    );
    let (out, _, _) = run(&["123m456p789s1357z", "--explain", "--json"], "");
    assert!(out.contains(r#""karaten":false"#), "{out}");
}

#[test]
fn a_hand_of_the_wrong_size_is_told_that_waits_need_13_tiles() {
    // It read "13 or 14 tiles expected" (the notation's own check) for every size but 14.
    for (hand, got) in [("123", 3), ("123m456p", 6), ("11122245888999", 14), ("1112224588899m[123p]", 16)] {
        let (out, err, code) = run(&[hand], "");
        assert_eq!((out.as_str(), code), ("", 2), "{hand}");
        assert!(err.contains(&format!("13 tiles expected, got {got}")), "{hand}: {err}");
    }
}

//! End-to-end tests of `haipai parse` and of the command as a whole: output, JSON, batches, exit codes, help.

use super::{haipai, haipai_bytes};

#[test]
fn parse_prints_the_normalised_hand() {
    let (code, out, _) = haipai(&["parse", "222567m34p3366s北"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("hand:   222567m34p3366s4z\n"), "{out}");
    let (code, out, _) = haipai(&["parse", "222567m345p33667s"], "");
    assert_eq!(code, 0);
    assert!(out.contains("glyphs: 🀈🀈🀈🀋🀌🀍🀛🀜🀝🀒🀒🀕🀕🀖"), "{out}");
}

#[test]
fn bad_hands_exit_2_with_a_clear_message() {
    let (code, out, err) = haipai(&["parse", "11111m"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.trim(), "error: 11111m: at 5: five copies of 1m");
    let (code, _, err) = haipai(&["parse", "12m8z"], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "error: 12m8z: at 4: '8z' is not a tile: honours are 1z..7z");
}

#[test]
fn batch_json_prints_one_line_per_input_line() {
    let (code, out, _) = haipai(&["parse", "-", "--json"], "123m\n9z\n");
    assert_eq!(code, 2);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["hand"], "123m");
    assert_eq!(lines[1]["input"], "9z");
    assert_eq!(lines[1]["error"], "at 1: '9z' is not a tile: honours are 1z..7z");
    assert_eq!(lines[1]["line"], 2);
}

#[test]
fn batch_errors_name_their_line_and_the_other_lines_still_print() {
    let (code, out, err) = haipai_bytes(&["parse", "-"], b"123m\n\n  9z \n456p\n\xff\n11111m\n");
    assert_eq!(code, 2);
    assert_eq!(out.matches("hand:").count(), 2, "{out}");
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "error: line 3: 9z: at 1: '9z' is not a tile: honours are 1z..7z",
            "error: line 5: \u{fffd}: the line is not UTF-8 text",
            "error: line 6: 11111m: at 5: five copies of 1m",
        ]
    );
    let (code, out, _) = haipai_bytes(&["parse", "-", "--json"], b"\xff\n123m\n");
    assert_eq!(code, 2);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!((lines[0]["line"].as_u64(), lines[0]["error"].as_str()), (Some(1), Some("the line is not UTF-8 text")));
    assert_eq!(lines[1]["hand"], "123m");
}

#[test]
fn strict_parse_checks_the_hand_size() {
    let (code, _, err) = haipai(&["parse", "--strict", "123m"], "");
    assert_eq!(code, 2);
    assert!(err.contains("13 or 14 tiles expected, got 3"), "{err}");
}

#[test]
fn help_shows_examples() {
    let (code, out, _) = haipai(&["--help"], "");
    assert_eq!(code, 0);
    assert!(out.contains("Examples:"), "{out}");
}

#[test]
fn empty_input_reads_plainly() {
    // It read "error: : no tiles given".
    for input in ["", "   "] {
        let (code, out, err) = haipai(&["parse", input], "");
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", "error: no tiles given\n"));
    }
}

/// A line of standard input longer than 1 MiB is one error (its start shown), not read into
/// memory to the end: the lines after it still print.
#[test]
fn an_endless_line_is_refused_and_the_next_lines_read() {
    let input = format!("123m\n{}m\n1z\n", "1".repeat(3 << 20));
    let (code, out, _) = haipai(&["parse", "-", "--json"], &input);
    assert_eq!(code, 2);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["error"], "the line is longer than 1 MiB");
    assert_eq!((lines[1]["line"].as_u64(), lines[1]["input"].as_str().map(str::len)), (Some(2), Some(40)));
    assert_eq!(lines[2]["hand"], "1z");
}

/// The example command lines of a `--help` text: its lines that start with `haipai ` after
/// the indent, cut before the two spaces that begin a description.
fn help_examples(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|l| l.trim_start().strip_prefix("haipai ").map(|rest| rest.split("  ").next().unwrap_or(rest)))
        .map(|command| command.trim().to_string())
        .collect()
}

#[test]
fn every_example_of_every_help_text_runs() {
    // Each `--help` of the command, its subcommands and shanghai's; the stdin examples
    // (`printf ... | haipai parse -`) are the README's, run by readme.rs.
    let helps: Vec<Vec<&str>> = vec![
        vec!["--help"],
        vec!["parse", "--help"],
        vec!["shanten", "--help"],
        vec!["waits", "--help"],
        vec!["score", "--help"],
        vec!["ev", "--help"],
        vec!["odds", "--help"],
        vec!["shanghai", "--help"],
        vec!["shanghai", "solve", "--help"],
        vec!["shanghai", "review", "--help"],
        vec!["shanghai", "stats", "--help"],
        vec!["shanghai", "deal", "--help"],
    ];
    let mut ran = 0;
    for help in &helps {
        let (code, text, _) = haipai(help, "");
        assert_eq!(code, 0, "{help:?}");
        // `serve` runs until the process is ended: serve.rs starts it and ends it.
        for example in help_examples(&text).into_iter().filter(|e| !e.starts_with("serve")) {
            let args = example.split(' ').map(|w| w.trim_matches('\'')).collect::<Vec<_>>();
            let (code, out, err) = haipai(&args, "");
            assert_eq!(code, 0, "haipai {example} (from {help:?}): {err}");
            assert!(!out.is_empty(), "haipai {example} printed nothing");
            ran += 1;
        }
    }
    assert!(ran >= 20, "only {ran} help examples found");
}

#[test]
fn help_examples_are_found_and_cut_before_their_description() {
    let help = "Examples:\n  haipai waits 1112224588899          (111)(222)(888)(99)[45]\n  haipai odds tenhou\n";
    assert_eq!(help_examples(help), ["waits 1112224588899", "odds tenhou"]);
}

#[test]
fn lines_end_at_cr_lf_and_crlf() {
    // CR-only line ends read as one hand, `123m456p`.
    let (code, out, _) = haipai(&["parse", "-", "--json"], "123m\r456p\r\n789s\n\r1z\r");
    assert_eq!(code, 0);
    let hands: Vec<String> =
        out.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json")["hand"].to_string()).collect();
    assert_eq!(hands, [r#""123m""#, r#""456p""#, r#""789s""#, r#""1z""#]);
    let (code, _, err) = haipai(&["parse", "-"], "123m\r9z\r\n");
    assert_eq!((code, err.as_str()), (2, "error: line 2: 9z: at 1: '9z' is not a tile: honours are 1z..7z\n"));
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let (code, out, err) = haipai(&["parse", "\u{feff}123m"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("hand:   123m\n"), "{out}");
    let (code, out, err) = haipai(&["parse", "-"], "\u{feff}123m\n456p\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("hand:").count(), 2, "{out}");
    // Only at the start: elsewhere it is still no tile.
    let (code, _, err) = haipai(&["parse", "-"], "123m\n\u{feff}456p\n");
    assert_eq!(code, 2);
    assert!(err.starts_with("error: line 2: "), "{err}");
}

#[test]
fn control_characters_quoted_back_are_escaped() {
    let (code, _, err) = haipai(&["parse", "\u{1b}[2J1m"], "");
    assert_eq!(code, 2);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.starts_with("error: \\u{1b}[2J1m: "), "{err}");
    let (code, _, err) = haipai(&["parse", "-"], "1m\u{7}\t2m\n");
    assert_eq!(code, 2);
    assert!(err.starts_with("error: line 1: 1m\\u{7}\\t2m: "), "{err}");
    let (code, _, err) = haipai(&["shanghai", "review", "--layout", "grid2x2x2", "--moves", "\u{1b}]0;x\u{7}"], "");
    assert_eq!(code, 2);
    assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
}

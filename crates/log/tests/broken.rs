//! A round that cannot be read is set aside and the others are still read, in every format:
//! a seeded self-play game of three rounds is written out, its second round broken by hand
//! (a tile that names none, a round start that cannot be read, a play the hands do not
//! allow), and read back. What spoils the whole file (not JSON, bad XML, no `log` array, an
//! error before the first round) still refuses it.

mod common;

use haipai_log::{ErrorKind, Game, mjai, mjlog, read, tenhou6};
use serde_json::Value;

/// A four-player game of three rounds.
fn game() -> Game {
    common::game(7, 4, 3)
}

/// Reads `text`, checks that only the second round is set aside and that the others replay,
/// and gives the second round's error.
fn second_round_broken(text: &str, original: &Game) -> haipai_log::Error {
    let back = read(text.as_bytes()).unwrap_or_else(|e| panic!("the file still reads: {e}"));
    assert_eq!(back.rounds.len(), 2, "the first and third rounds are read");
    assert_eq!(back.rounds[0].name(), original.rounds[0].name());
    assert_eq!(back.rounds[1].name(), original.rounds[2].name());
    let replays = back.replay();
    assert_eq!(replays.len(), 3, "the round set aside keeps its place");
    assert!(replays[0].is_ok() && replays[2].is_ok(), "the other rounds replay");
    let error = replays[1].clone().expect_err("the second round is reported");
    assert_eq!(back.unread, [(1, error.clone())]);
    error
}

/// `text` with the first `from` after the `n`-th (0-based) `marker` replaced by `to`.
fn replace_after(text: &str, marker: &str, n: usize, from: &str, to: &str) -> String {
    let start = text.match_indices(marker).nth(n).map(|(i, _)| i).expect("the marker is there");
    let at = start + text[start..].find(from).expect("the text to replace is there");
    format!("{}{to}{}", &text[..at], &text[at + from.len()..])
}

#[test]
fn tenhou6_a_bad_tile_code_or_an_unplayable_round_sets_only_that_round_aside() {
    let game = game();
    let mut root: Value = serde_json::from_str(&tenhou6::write(&game)).expect("JSON");
    root["log"][1][4][0] = Value::from(58);
    let e = second_round_broken(&root.to_string(), &game);
    assert_eq!(e.to_string(), format!("{}: 58 is not a tile", game.rounds[1].name()));
    assert!(matches!(e.kind(), ErrorKind::NotATile(_)));

    let mut root: Value = serde_json::from_str(&tenhou6::write(&game)).expect("JSON");
    root["log"][1][0] = Value::from("E1");
    let e = second_round_broken(&root.to_string(), &game);
    assert_eq!(e.to_string(), "round 2: the round's head is not an array");

    // A discard no seat could have made: no order of play fits the lists.
    let mut root: Value = serde_json::from_str(&tenhou6::write(&game)).expect("JSON");
    let given = root["log"][1][6].as_array_mut().expect("seat 0's discards");
    let first = given.iter_mut().find(|g| g.as_i64().is_some_and(|c| c != 60)).expect("a discard from the hand");
    *first = Value::from(if first.as_i64() == Some(47) { 46 } else { 47 });
    let e = second_round_broken(&root.to_string(), &game);
    assert!(matches!(e.kind(), ErrorKind::NoTurnOrder(_)), "{e}");
    assert_eq!(e.round(), Some(game.rounds[1].name().as_str()));
}

/// The mjai lines of `text` with the line `after` lines past the second round's
/// `start_kyoku` changed by `change`.
fn change_mjai_line(text: &str, after: usize, change: impl Fn(&str) -> String) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let start = lines.iter().enumerate().filter(|(_, l)| l.contains("start_kyoku")).nth(1).expect("a second round").0;
    lines[start + after] = change(&lines[start + after]);
    lines.join("\n")
}

#[test]
fn mjai_a_bad_line_or_a_bad_round_start_sets_only_that_round_aside() {
    let game = game();
    let text = mjai::write(&game);
    let broken = change_mjai_line(&text, 1, |l| l.replacen(r#""pai":""#, r#""pai":"9z","was":""#, 1));
    let e = second_round_broken(&broken, &game);
    assert_eq!(e.round(), Some(game.rounds[1].name().as_str()));
    assert!(e.event().is_some() && e.line().is_some(), "{e}");
    assert!(e.to_string().ends_with("\"9z\" is not a tile"), "{e}");

    let broken = change_mjai_line(&text, 0, |l| l.replacen(r#""bakaze":""#, r#""bakaze":"X","was":""#, 1));
    let e = second_round_broken(&broken, &game);
    assert_eq!(e.round(), Some("round 2"));
    assert!(e.to_string().ends_with("round 2: \"bakaze\" is not a wind"), "{e}");

    let broken = change_mjai_line(&text, 1, |l| format!("{{not json\n{l}"));
    let e = second_round_broken(&broken, &game);
    assert!(e.to_string().contains("bad JSON"), "{e}");
}

#[test]
fn mjlog_a_bad_element_sets_only_that_round_aside() {
    let game = game();
    let text = mjlog::write(&game);
    let broken = replace_after(&text, "<INIT", 1, "<D", "<D999/><D");
    let e = second_round_broken(&broken, &game);
    assert_eq!(e.round(), Some(game.rounds[1].name().as_str()));
    assert!(e.to_string().ends_with("id 999 is not a tile"), "{e}");

    let broken = replace_after(&text, "<INIT", 1, "seed=\"", "seed=\"99,");
    let e = second_round_broken(&broken, &game);
    assert!(e.to_string().contains("round 2: INIT seed has not 6 numbers"), "{e}");
}

#[test]
fn what_spoils_the_whole_file_still_refuses_it() {
    let game = game();
    let json = tenhou6::write(&game);
    assert!(read(&json.as_bytes()[..json.len() / 2]).expect_err("cut JSON").to_string().contains("bad JSON"));
    assert_eq!(read(br#"{"log": 5}"#).expect_err("no rounds").to_string(), "no \"log\" array");
    let xml = mjlog::write(&game);
    assert!(read(xml.replacen("<INIT", "<INIT<", 1).as_bytes()).expect_err("bad XML").to_string().contains("bad XML"));
    let mjai = mjai::write(&game);
    let e = read(format!("{{\"type\":\"dahai\"}}\n{mjai}").as_bytes()).expect_err("a play before any round");
    assert_eq!(e.to_string(), "line 1: no \"actor\"");
}

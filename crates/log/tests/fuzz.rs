//! Seeded random-input attack on the readers: the hand-made fixtures and self-play games
//! written in all three formats, broken by `mutate` (characters inserted, deleted or
//! replaced, spans repeated, lines swapped, huge numbers, non-ASCII), then read by `read`
//! and each format's reader, and every accepted game replayed. Asserts: no panic or hang; an
//! error that names a line names one inside the text; a replay error names its round and
//! event; an accepted game written as mjai reads back as itself; gzip reads as plain text.
//! `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

mod common;

use haipai_log::{Error, Game, mjai, mjlog, tenhou6};
use haipai_test_utils::mutate;
use haipai_tiles::rng::Rng;
use std::io::Write;

fn examples() -> Vec<String> {
    let dir = format!("{}/tests/fixtures", env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<String> = ["confusing_naki.json", "kans_chankan.mjson", "sanma_kita.xml"]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{dir}/{f}")).expect("the fixture exists"))
        .collect();
    for (seed, players) in [(1, 4), (2, 3)] {
        let game = common::game(seed, players, 2);
        out.extend([tenhou6::write(&game), mjlog::write(&game), mjai::write(&game)]);
    }
    out
}

fn check_error(text: &str, e: &Error) {
    assert!(!e.to_string().is_empty());
    if let Some(line) = e.line() {
        let lines = text.lines().count().max(1);
        assert!((1..=lines).contains(&line), "{e} (of {lines} lines)");
    }
}

fn check_game(text: &str, game: &Game) {
    for round in game.replay() {
        if let Err(e) = round {
            assert!(e.round().is_some(), "{e}");
        }
    }
    for (_, e) in &game.unread {
        check_error(text, e);
    }
    let mut carried = game.clone();
    carried.unread.clear();
    carried.setup.site = None;
    carried.setup.lobby = None;
    carried.setup.title = None;
    carried.setup.length = None;
    // mjai tells three players from the empty fourth hands of its rounds
    let sanma = !carried.rounds.is_empty() && carried.rounds.iter().all(|r| r.dealt[3].is_empty());
    carried.setup.players = if sanma { 3 } else { 4 };
    let text = mjai::write(game);
    let back = mjai::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back, carried, "{text}");
}

fn check(text: &str, result: Result<Game, Error>) {
    match result {
        Ok(game) => check_game(text, &game),
        Err(e) => check_error(text, &e),
    }
}

#[test]
fn mutated_logs_are_read_or_refused_without_panic() {
    let examples = examples();
    let mut rng = Rng::new(mutate::seed());
    for _ in 0..mutate::cases(600) {
        let example = &examples[rng.index(examples.len())];
        let text = mutate::mutate(&mut |n| rng.index(n), example);
        check(&text, haipai_log::read(text.as_bytes()));
        check(&text, tenhou6::read(&text));
        check(&text, mjlog::read(text.as_bytes()));
        check(&text, mjai::read(&text));
    }
}

#[test]
fn gzip_reads_as_the_plain_text() {
    let examples = examples();
    let mut rng = Rng::new(mutate::seed() ^ 7);
    for _ in 0..mutate::cases(200) {
        let example = &examples[rng.index(examples.len())];
        let text = mutate::mutate(&mut |n| rng.index(n), example);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(text.as_bytes()).expect("compresses");
        let packed = gz.finish().expect("compresses");
        let (plain, packed) = (mjlog::read(text.as_bytes()), mjlog::read(&packed));
        match (plain, packed) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(_), Err(_)) => {}
            (a, b) => panic!("plain {:?}, gzip {:?}", a.map(|_| ()), b.map(|_| ())),
        }
    }
    let cut = [0x1f, 0x8b, 8, 0, 0, 0];
    assert!(mjlog::read(&cut).is_err(), "a cut gzip header is refused");
}

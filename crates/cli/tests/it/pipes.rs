//! The command against real operating-system pipes: a reader that is gone before the command
//! writes, or that reads one line and closes (`| head -1`, `2>&1 | head -1`), ends every
//! subcommand quietly (no panic, exit 0 or 2) and stops a batch from reading on; an endless
//! line ends with its error; a full disk is an error; and no write in the source bypasses
//! `output.rs`.

use std::io::{BufRead, BufReader, PipeReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Only a hang fails on time: every run here ends in well under a second when it works.
const HANG: Duration = Duration::from_secs(120);

/// Waits for `child`, killing it and failing past [`HANG`]; its exit code (-1 for a signal).
fn wait(child: &mut Child, what: &str) -> i32 {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code().unwrap_or(-1);
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            panic!("haipai {what} still runs after {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A pipe whose reading end is already closed: every write to it fails as `| true` makes it.
fn closed_pipe() -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer
}

/// The command of `args` with no standard input.
fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_haipai"));
    command.args(args).stdin(Stdio::null());
    command
}

/// Every subcommand once, succeeding (exit 0) or refusing its input (exit 2).
const RUNS: &[(&[&str], i32)] = &[
    (&["parse", "222567m34p3366s北"], 0),
    (&["parse", "9z"], 2),
    (&["shanten", "222567m345p33667s"], 0),
    (&["shanten", "[123m][456m][789m][111z]"], 2),
    (&["waits", "1112224588899"], 0),
    (&["waits", "11m"], 2),
    (&["score", "233445m678p234s99s", "--win", "3m", "--riichi"], 0),
    (&["score", "233445m678p234s99s", "--win", "9z"], 2),
    (&["ev", "123m456p789s1122z", "--model", "article"], 0),
    (&["ev", "123m456p789s1122z", "--seat", "X"], 2),
    (&["odds", "tenhou"], 0),
    (&["odds", "tenhou", "--tiles", "15"], 2),
    (&["shanghai", "solve", "--layout", "grid2x2x2", "--show"], 0),
    (&["shanghai", "deal", "--layout", "grid2x2x2"], 0),
    (&["shanghai", "review", "--layout", "grid2x2x2", "--moves", "x"], 2),
    (&["shanghai", "stats", "--layout", "grid1x2x2", "--deals", "3"], 0),
    (&["--help"], 0),
    (&["ev", "1m", "--turn", "99"], 2),
];

#[test]
fn a_closed_standard_output_ends_every_subcommand_quietly() {
    for &(args, code) in RUNS {
        let mut child = command(args).stdout(closed_pipe()).stderr(Stdio::piped()).spawn().expect("haipai starts");
        let mut err = String::new();
        child.stderr.take().expect("stderr").read_to_string(&mut err).expect("stderr reads");
        assert_eq!(wait(&mut child, &args.join(" ")), code, "haipai {args:?} | true: {err}");
        assert!(!err.contains("panicked"), "haipai {args:?} | true: {err}");
        if code == 0 {
            assert_eq!(err, "", "haipai {args:?} | true says nothing");
        }
    }
}

#[test]
fn closed_standard_output_and_error_end_every_subcommand_quietly() {
    for &(args, code) in RUNS {
        let pipe = closed_pipe();
        let mut child =
            command(args).stdout(pipe.try_clone().expect("a second end")).stderr(pipe).spawn().expect("haipai starts");
        assert_eq!(wait(&mut child, &args.join(" ")), code, "haipai {args:?} 2>&1 | true");
    }
}

/// What a batch cut short gave: its exit code, the lines of input written to it before it
/// stopped reading, and its standard error when that was not the closed pipe.
struct Cut {
    code: i32,
    written: usize,
    err: String,
}

/// Lines in a cut batch, each padded to 4 KB. Before its reader closes, a batch may fill the
/// output pipe (64 KiB: about a thousand short error lines); after it, a batch that stops at its
/// first failed write leaves all but a few dozen more lines unread (the input pipe and buffer
/// hold them): it reads well under half of these. One that reads on takes every line.
const BATCH: usize = 4000;

/// Runs `haipai ARGS` on [`BATCH`] copies of `line` (padded with spaces), reads one line of
/// its output and closes the pipe; with `merged`, standard error goes to that pipe as well.
fn cut_batch(args: &[&str], line: &str, merged: bool) -> Cut {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let mut command = command(args);
    command.stdin(Stdio::piped()).stdout(writer.try_clone().expect("a second end"));
    if merged {
        command.stderr(writer);
    } else {
        drop(writer);
        command.stderr(Stdio::piped());
    }
    let mut child = command.spawn().expect("haipai starts");
    drop(command);
    let padded = format!("{line}{}\n", " ".repeat(4000));
    let mut input = child.stdin.take().expect("stdin");
    let feeder =
        std::thread::spawn(move || (0..BATCH).take_while(|_| input.write_all(padded.as_bytes()).is_ok()).count());
    let err = child.stderr.take().map(|e| read_all(Some(e)));
    read_one_line_and_close(reader);
    let code = wait(&mut child, &args.join(" "));
    let written = feeder.join().expect("the feeder ends");
    Cut { code, written, err: err.map(|e| e.join().expect("stderr reads")).unwrap_or_default() }
}

/// Reads one line from `reader`, then closes it (`| head -1`).
fn read_one_line_and_close(reader: PipeReader) {
    let mut first = String::new();
    BufReader::new(reader).read_line(&mut first).expect("one line of output");
    assert!(!first.is_empty(), "the batch printed a line");
}

/// Valid lines of each batch subcommand (two 何切る hands, a tenpai hand, a JSON request).
const BATCHES: &[(&[&str], &str)] = &[
    (&["parse", "-"], "222567m34p3366s4z"),
    (&["parse", "-", "--json"], "222567m34p3366s4z"),
    (&["shanten", "-"], "222567m345p33667s"),
    (&["waits", "-", "--kinds"], "1112224588899"),
    (&["score", "-", "--json"], r#"{"hand": "233445m678p234s99s", "win": "3m", "riichi": true}"#),
    (&["ev", "-", "--model", "article"], "123m456p789s1122z"),
];

#[test]
fn a_batch_stops_reading_when_its_reader_is_gone() {
    for &(args, line) in BATCHES {
        let cut = cut_batch(args, line, false);
        assert_eq!(cut.code, 0, "haipai {args:?} | head -1: {}", cut.err);
        assert!(!cut.err.contains("panicked"), "haipai {args:?} | head -1: {}", cut.err);
        assert!(cut.written < BATCH / 2, "haipai {args:?} | head -1 read {} lines of {BATCH}", cut.written);
    }
}

#[test]
fn a_batch_of_errors_stops_reading_when_its_reader_is_gone() {
    for args in [&["parse", "-"][..], &["shanten", "-"], &["waits", "-"], &["score", "-"], &["ev", "-"]] {
        let cut = cut_batch(args, "9z", true);
        assert_eq!(cut.code, 2, "haipai {args:?} 2>&1 | head -1");
        assert!(cut.written < BATCH / 2, "haipai {args:?} 2>&1 | head -1 read {} lines of {BATCH}", cut.written);
    }
}

#[test]
fn an_endless_line_is_refused_and_the_batch_ends() {
    let mut child = command(&["parse", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("haipai starts");
    let mut input = child.stdin.take().expect("stdin");
    // `/dev/zero`: zeros until the command stops reading.
    let feeder = std::thread::spawn(move || while input.write_all(&[0; 1 << 16]).is_ok() {});
    let (out, err) = (read_all(child.stdout.take()), read_all(child.stderr.take()));
    assert_eq!(wait(&mut child, "parse - < /dev/zero"), 2);
    feeder.join().expect("the feeder ends");
    let (out, err) = (out.join().expect("stdout reads"), err.join().expect("stderr reads"));
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    assert_eq!((v["line"].as_u64(), v["error"].as_str()), (Some(1), Some("the line is longer than 1 MiB")));
    assert_eq!(
        err.trim(),
        "error: line 1: still no line end 64 MiB further on; the rest of standard input is not read"
    );
}

/// Reads `stream` to its end on a thread of its own (the command may never close it).
fn read_all(stream: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<String> {
    let mut stream = stream.expect("a piped stream");
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stream.read_to_string(&mut text);
        text
    })
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens");
    let out = command(&["odds", "tenhou"]).stdout(full).output().expect("haipai runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: standard output cannot be written: "), "{err}");
}

/// The command's sources, each with its path.
fn sources() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source reads");
                out.push((path.display().to_string(), text));
            }
        }
    }
    out
}

#[test]
fn every_write_goes_through_output() {
    let sources = sources();
    assert!(sources.len() >= 10, "the sources were found: {}", sources.len());
    let forbidden = ["println!", "print!", "eprint", "dbg!", "io::stdout", "io::stderr", "Term::"];
    // `write!` into a `String` (`fmt::Write`, as the review page is built) prints nothing; into
    // an `io::Write` it could, so a file that names `io::Write` may not use it.
    // Asking whether standard error is a terminal writes nothing.
    let allowed = ["std::io::stderr().is_terminal()"];
    for (path, text) in &sources {
        if path.ends_with("output.rs") {
            continue;
        }
        let text = allowed.iter().fold(text.clone(), |text, a| text.replace(a, ""));
        for word in forbidden {
            assert!(!text.contains(word), "{path} writes with {word}: use crate::output");
        }
        if text.contains("io::Write") {
            for word in ["write!", "writeln!"] {
                assert!(!text.contains(word), "{path} writes with {word} to an io::Write: use crate::output");
            }
        }
    }
}

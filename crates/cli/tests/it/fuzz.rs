//! Seeded random-input attack on the `haipai` command: every subcommand run with arguments
//! mutated from valid ones (a character inserted, deleted or replaced, huge and negative
//! numbers, non-ASCII, a flag dropped, doubled or given a stray value) and, for the commands
//! that read `-`, a batch of mutated lines on standard input (JSON requests for `score`, raw
//! bytes that are not UTF-8 among them). About a hundred and fifty launches in all, each
//! under a time limit. Asserts: no panic and no hang, exit code 0 or 2, a message on
//! standard error for every failure, and in JSON batch mode one JSON object a line for every
//! non-blank input line, an error naming its line number. `HAIPAI_FUZZ_CASES` (launches per
//! subcommand) and `HAIPAI_FUZZ_SEED` widen the run.

use haipai_test_utils::mutate;

use super::spawn_haipai;
use haipai_tiles::rng::Rng;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// What one launch gave: exit code (-1 when killed by a signal), stdout, stderr.
struct Run {
    code: i32,
    out: String,
    err: String,
}

/// Runs `haipai ARGS` with `stdin`, killing it after `limit` (a hang fails the test).
fn run(args: &[String], stdin: &[u8], limit: Duration) -> Run {
    let mut child = spawn_haipai(args);
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.to_vec();
    // Written from a thread: a child that prints before it reads all its input cannot block us.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let mut out_pipe = child.stdout.take().expect("stdout");
    let mut err_pipe = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = out_pipe.read_to_end(&mut out);
        out
    });
    let err_reader = std::thread::spawn(move || {
        let mut err = Vec::new();
        let _ = err_pipe.read_to_end(&mut err);
        err
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("haipai {args:?} still runs after {limit:?} (input {:?})", String::from_utf8_lossy(stdin));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let out = reader.join().expect("stdout read");
    let err = err_reader.join().expect("stderr read");
    Run {
        code: status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&out).into(),
        err: String::from_utf8_lossy(&err).into(),
    }
}

/// Checks what every launch must satisfy.
fn check(args: &[String], stdin: &[u8], r: &Run) {
    let shown =
        || format!("haipai {args:?} < {:?}\nstdout: {}\nstderr: {}", String::from_utf8_lossy(stdin), r.out, r.err);
    assert!(!r.err.contains("panicked"), "a panic: {}", shown());
    assert!(r.code == 0 || r.code == 2, "exit code {}: {}", r.code, shown());
    if r.code == 2 {
        let json_errors = r.out.lines().any(|l| l.contains("\"error\""));
        assert!(!r.err.trim().is_empty() || json_errors, "a failure without a message: {}", shown());
    }
}

/// The numbers of the non-blank lines of `stdin` (a line ends at `\n`, `\r` or `\r\n`).
fn non_blank_lines(stdin: &[u8]) -> Vec<usize> {
    let text = String::from_utf8_lossy(stdin).replace("\r\n", "\n").replace('\r', "\n");
    text.split('\n').enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, _)| i + 1).collect()
}

/// Whether the command refused its flags as a whole, before reading any line: nothing on
/// standard output, one error on standard error.
fn refused(r: &Run) -> bool {
    r.code == 2 && r.out.is_empty() && r.err.starts_with("error: ") && !r.err.contains("error: line ")
}

/// Checks a JSON batch: one object a non-blank line, in order, errors naming their line.
fn check_json_batch(args: &[String], stdin: &[u8], r: &Run) {
    if refused(r) {
        return;
    }
    let lines = non_blank_lines(stdin);
    let printed: Vec<&str> = r.out.lines().collect();
    assert_eq!(printed.len(), lines.len(), "haipai {args:?}: one JSON line per input line\n{}", r.out);
    for (line, text) in lines.iter().zip(printed) {
        let v: serde_json::Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        // A score with no yaku is an answer (`"error": "no yaku"` beside its han), not a bad line.
        if v["error"].is_string() && v["error"] != "no yaku" {
            assert!(v["input"].is_string(), "haipai {args:?}: an error without its input: {text}");
            assert_eq!(v["line"], *line, "haipai {args:?}: {text}");
        }
    }
}

/// Checks a text batch: every error on standard error names a non-blank line, in order.
fn check_text_batch(args: &[String], stdin: &[u8], r: &Run) {
    if refused(r) {
        return;
    }
    let lines = non_blank_lines(stdin);
    let mut last = 0;
    for error in r.err.lines() {
        let number = error
            .strip_prefix("error: line ")
            .and_then(|rest| rest.split(':').next())
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or_else(|| panic!("haipai {args:?}: an error naming no line: {error}"));
        assert!(number > last && lines.contains(&number), "haipai {args:?}: line {number}: {error}");
        last = number;
    }
}

/// Mutated lines from `examples`, some left valid, with a blank line and a line that is not
/// UTF-8 now and then.
fn batch(rng: &mut Rng, examples: &[&str], n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..n {
        let example = examples[rng.index(examples.len())];
        match rng.index(20) {
            0 => out.extend_from_slice(b"\xff\xfe 123m\n"),
            1 => out.extend_from_slice(b"   \n"),
            2..=6 => out.extend_from_slice(format!("{example}\n").as_bytes()),
            _ => {
                let line = mutate::mutate(&mut |n| rng.index(n), example).replace(['\n', '\r'], " ");
                out.extend_from_slice(format!("{line}\n").as_bytes());
            }
        }
    }
    out
}

/// `template` with one random change (two now and then): a value mutated (mostly; flag names
/// seldom), an argument dropped or doubled, or a flag of `flags` added with a value from
/// `values`. A template that reads a batch is kept as it is a third of the time.
fn mutate_args(rng: &mut Rng, template: &[&str], flags: &[&str], values: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = template.iter().map(|s| s.to_string()).collect();
    if template.contains(&"-") && rng.index(3) == 0 {
        return args;
    }
    let fixed = 1 + usize::from(args.first().is_some_and(|a| a == "shanghai" || a == "odds"));
    for _ in 0..1 + usize::from(rng.index(4) == 0) {
        let len = args.len();
        let pick = |rng: &mut Rng| fixed + rng.index(len - fixed);
        match rng.index(20) {
            0..=9 if len > fixed => {
                let i = pick(rng);
                if !args[i].starts_with("--") || rng.index(5) == 0 {
                    args[i] = mutate::mutate_once(&mut |n| rng.index(n), &args[i]);
                }
            }
            10..=12 if len > fixed => {
                args.remove(pick(rng));
            }
            13 if len > fixed => {
                let i = pick(rng);
                let copy = args[i].clone();
                args.insert(i, copy);
            }
            _ => {
                args.push(flags[rng.index(flags.len())].to_string());
                if rng.index(6) > 0 {
                    let value = values[rng.index(values.len())];
                    args.push(if rng.index(3) == 0 {
                        mutate::mutate_once(&mut |n| rng.index(n), value)
                    } else {
                        value.to_string()
                    });
                }
            }
        }
    }
    args
}

/// Values worth giving any flag.
const VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "17",
    "18",
    "255",
    "256",
    "-1",
    "4294967296",
    "18446744073709551616",
    "E",
    "S",
    "x",
    "",
    "1z",
    "0m",
    "5m",
    "8z",
    "-",
    "north",
    "東",
    "grid1x2x2",
    "0-1",
    "1-1",
];

/// Hands worth breaking.
const HANDS: &[&str] = &[
    "222567m34p3366s北",
    "123m456p11z[789s][5555z*]",
    "1112224588899m",
    "123m456p789s1122z",
    "23m55p678s[789s][111z]",
    "0m55m[406p][789s][123s]",
];

/// Launches `cases` mutations of each template (a subcommand and valid arguments), with a
/// batch on standard input when the hand argument is `-`.
fn attack(templates: &[&[&str]], flags: &[&str], lines: &[&str], cases: usize, seed_offset: u64) {
    let mut rng = Rng::new(mutate::seed() + seed_offset);
    for _ in 0..mutate::cases(cases) {
        let template = templates[rng.index(templates.len())];
        // An argument cannot hold a NUL byte (the operating system's strings end there).
        let args: Vec<String> =
            mutate_args(&mut rng, template, flags, VALUES).into_iter().map(|a| a.replace('\0', "")).collect();
        let reads_batch = args.iter().any(|a| a == "-");
        let lines = if lines.is_empty() { HANDS } else { lines };
        let stdin = if reads_batch { batch(&mut rng, lines, 30) } else { Vec::new() };
        let r = run(&args, &stdin, Duration::from_secs(60));
        check(&args, &stdin, &r);
        if reads_batch && args.iter().any(|a| a == "--json") {
            check_json_batch(&args, &stdin, &r);
        } else if reads_batch
            && args.first().is_some_and(|a| ["parse", "waits", "shanten", "score", "ev"].contains(&a.as_str()))
        {
            check_text_batch(&args, &stdin, &r);
        }
    }
}

#[test]
fn parse_waits_and_shanten_survive_mutated_arguments_and_batches() {
    let templates: &[&[&str]] = &[
        &["parse", "222567m34p3366s北"],
        &["parse", "-", "--json"],
        &["parse", "-", "--strict"],
        &["waits", "1112224588899"],
        &["waits", "-", "--json", "--kinds"],
        &["waits", "-", "--explain"],
        &["shanten", "222567m34p3366s4z", "--visible", "1p9s"],
        &["shanten", "-", "--json", "--sanma"],
        &["shanten", "-", "--visible", "7s"],
    ];
    let flags = ["--json", "--strict", "--kinds", "--karaten", "--no-seven-pairs", "--explain", "--visible", "--sanma"];
    attack(templates, &flags, HANDS, 40, 0);
}

#[test]
fn score_survives_mutated_arguments_and_requests() {
    let templates: &[&[&str]] = &[
        &["score", "233445m678p234s99s", "--win", "3m", "--riichi", "--seat", "S", "--dora-indicator", "1z"],
        &["score", "123m456p11z[789s][555z]", "--win", "1z", "--tsumo", "--honba", "2", "--sticks", "1"],
        &["score", "-", "--json"],
        &["score", "-", "--no-aka", "--kiriage"],
    ];
    let flags = [
        "--win",
        "--tsumo",
        "--riichi",
        "--double-riichi",
        "--ippatsu",
        "--haitei",
        "--houtei",
        "--rinshan",
        "--chankan",
        "--tenhou",
        "--chiihou",
        "--seat",
        "--round",
        "--dora-indicator",
        "--ura-indicator",
        "--honba",
        "--sticks",
        "--double-wind-pair-fu",
        "--rules",
        "--json",
    ];
    let requests = [
        r#"{"hand": "233445m678p234s99s", "win": "3m", "riichi": true, "seat": "S", "dora_indicators": ["1z"]}"#,
        r#"{"hand": "123m456p11z", "melds": ["789s", "[555z]"], "win": "1z", "tsumo": true, "honba": 2}"#,
        r#"{"hand": "222567m345p33567s", "win": "5s", "tsumo": true, "riichi": true, "ura_indicators": ["0m"], "sticks": 4294967295}"#,
        r#"{"hand": "19m19p19s1234567z1z", "win": "1z", "seat": "N", "round": "W", "honba": 99999999999}"#,
        r#"{"id": [1], "hand": "119m19p19s1234567z", "win": "1m", "rules": "tenhou"}"#,
    ];
    attack(templates, &flags, &requests, 40, 1);
}

#[test]
fn ev_survives_mutated_arguments_and_batches() {
    // Small questions only: the article model (no hand change) and a low state limit.
    let templates: &[&[&str]] = &[
        &["ev", "222567m345p33667s", "--model", "article", "--dora-indicator", "1z", "--max-states", "20000"],
        &["ev", "-", "--json", "--model", "article", "--max-states", "20000", "--turn", "9"],
        &["ev", "-", "--model", "article", "--max-states", "20000", "--riichi", "best", "--visible", "7s"],
    ];
    let flags = [
        "--turn",
        "--seat",
        "--round",
        "--dora-indicator",
        "--visible",
        "--objective",
        "--riichi",
        "--no-ura",
        "--no-red",
        "--may-decline",
        "--per-turn",
        "--rules",
        "--discards",
        "--top",
        "--json",
    ];
    let hands = [
        "222567m345p33667s",
        "222567m34p3366s4z",
        "23m55p678s[789s][111z]",
        "406m789p11z[789s][5555z*]",
        r#"{"id": "a", "hand": "23m55p678s", "melds": ["789s", "111z"], "turn": 5, "seat": "S", "visible": ["1m", "0p"]}"#,
        r#"{"hand": "222567m345p33667s", "dora_indicators": ["1z"], "discards": "8s", "rules": "mleague", "top": 2}"#,
    ];
    attack(templates, &flags, &hands, 25, 2);
}

#[test]
fn odds_and_shanghai_survive_mutated_arguments() {
    let templates: &[&[&str]] = &[
        &["odds", "tenhou", "--json"],
        &["odds", "shanten", "--tiles", "4", "--json"],
        &["shanghai", "solve", "--layout", "grid1x2x2", "--seed", "3", "--show"],
        &["shanghai", "review", "--layout", "grid2x2x2", "--moves", "0-1", "--json"],
        &["shanghai", "deal", "--layout", "grid2x3x2", "--rules", "grid", "--winnable"],
        &["shanghai", "stats", "--layout", "grid1x2x2", "--deals", "3", "--json"],
    ];
    let flags = [
        "--layout",
        "--seed",
        "--rules",
        "--moves",
        "--deals",
        "--budget",
        "--time-ms",
        "--winnable",
        "--map",
        "--tiles",
        "--sanma",
        "--red",
        "--json",
    ];
    attack(templates, &flags, &[], 30, 3);
}

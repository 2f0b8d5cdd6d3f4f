//! Shared plumbing for subcommands: batch input (`-` reads one hand a line from standard
//! input), JSON or text output, and exit codes (0 ok, 2 bad input).

use serde_json::Value;
use std::io::{BufRead, Write};

/// Exit code for success.
pub const OK: u8 = 0;
/// Exit code for bad input (a malformed hand, an unknown tile...).
pub const BAD_INPUT: u8 = 2;

/// What one input produced: text for people, JSON for programs.
pub struct Output {
    /// The text form (may span lines; empty prints nothing).
    pub text: String,
    /// The JSON form, one object.
    pub json: Value,
}

/// Runs `each` on `input`, or on every non-empty line of standard input when `input` is
/// `-`, printing each result (JSON objects one per line with `json`). A bad line prints
/// an error (`{"input": ..., "error": ...}` in JSON) to stdout in JSON mode and to stderr
/// otherwise; the other lines still print. Returns 2 if any line was bad, else 0.
pub fn for_each_input(input: &str, json: bool, mut each: impl FnMut(&str) -> Result<Output, String>) -> u8 {
    let mut code = OK;
    let mut run_one = |line: &str| {
        let result = each(line);
        if result.is_err() {
            code = BAD_INPUT;
        }
        print_result(line, json, result);
    };
    if input == "-" {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else {
                eprintln!("error: standard input is not readable text");
                return BAD_INPUT;
            };
            let line = line.trim();
            if !line.is_empty() {
                run_one(line);
            }
        }
    } else {
        run_one(input);
    }
    code
}

fn print_result(input: &str, json: bool, result: Result<Output, String>) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A closed pipe (e.g. `| head`) is not an error worth a panic: stop printing quietly.
    let _ = match (json, result) {
        (true, Ok(o)) => writeln!(out, "{}", o.json),
        (true, Err(e)) => writeln!(out, "{}", serde_json::json!({ "input": input, "error": e })),
        (false, Ok(o)) if o.text.is_empty() => Ok(()),
        (false, Ok(o)) => writeln!(out, "{}", o.text.trim_end()),
        (false, Err(e)) => {
            let _ = out.flush();
            eprintln!("error: {input}: {e}");
            Ok(())
        }
    };
}

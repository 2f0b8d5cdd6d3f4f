//! Shared plumbing for subcommands: batch input (`-` reads one hand a line from standard
//! input), JSON or text output, and exit codes (0 ok, 2 bad input).

use haipai::tiles::{Hand, Tile};
use serde_json::Value;
use std::io::{BufRead, Read, Write};

/// Exit code for success.
pub const OK: u8 = 0;
/// Exit code for bad input (a malformed hand, an unknown tile...).
pub const BAD_INPUT: u8 = 2;

/// The longest line of standard input read (a hand or a JSON request is a few dozen bytes; an
/// endless line, such as `/dev/zero`'s, would otherwise fill memory).
const MAX_LINE_BYTES: u64 = 1 << 20;

/// What one input produced: text for people, JSON for programs.
pub struct Output {
    /// The text form (may span lines; empty prints nothing).
    pub text: String,
    /// The JSON form, one object.
    pub json: Value,
}

/// Runs `each` on `input`, or on every non-empty line of standard input when `input` is
/// `-`, printing each result (JSON objects one per line with `json`). A bad line prints
/// an error naming its line number (`{"input": ..., "line": N, "error": ...}` in JSON) to stdout
/// in JSON mode and to stderr otherwise; the other lines still print, a line that is not UTF-8
/// text included. Returns 2 if any line was bad, else 0.
pub fn for_each_input(input: &str, json: bool, mut each: impl FnMut(&str) -> Result<Output, String>) -> u8 {
    if input != "-" {
        let result = each(input);
        let code = if result.is_err() { BAD_INPUT } else { OK };
        print_result(None, input, json, result);
        return code;
    }
    let mut code = OK;
    let mut stdin = std::io::stdin().lock();
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        let read = (&mut stdin).take(MAX_LINE_BYTES + 1).read_until(b'\n', &mut bytes);
        let too_long = bytes.len() as u64 > MAX_LINE_BYTES && bytes.last() != Some(&b'\n');
        // The rest of a line too long to read is skipped, not kept.
        let read = if too_long { stdin.skip_until(b'\n').map(|_| bytes.len()) } else { read };
        match read {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: line {number} of standard input cannot be read: {e}");
                return BAD_INPUT;
            }
        }
        let result = match std::str::from_utf8(&bytes) {
            _ if too_long => {
                bytes.truncate(40);
                Err(format!("the line is longer than {} MiB", MAX_LINE_BYTES >> 20))
            }
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => each(text.trim()),
            Err(_) => Err("the line is not UTF-8 text".to_string()),
        };
        if result.is_err() {
            code = BAD_INPUT;
        }
        print_result(Some(number), String::from_utf8_lossy(&bytes).trim(), json, result);
    }
    code
}

/// Prints one result; an error names the line of standard input it came from, if any.
fn print_result(number: Option<usize>, input: &str, json: bool, result: Result<Output, String>) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A closed pipe (e.g. `| head`) is not an error worth a panic: stop printing quietly.
    let _ = match (json, result) {
        (true, Ok(o)) => writeln!(out, "{}", o.json),
        (true, Err(e)) => {
            let mut v = serde_json::json!({ "input": input, "error": e });
            if let Some(n) = number {
                v["line"] = n.into();
            }
            writeln!(out, "{v}")
        }
        (false, Ok(o)) if o.text.is_empty() => Ok(()),
        (false, Ok(o)) => writeln!(out, "{}", o.text.trim_end()),
        (false, Err(e)) => {
            let _ = out.flush();
            match (number, input.trim().is_empty()) {
                (Some(n), _) => eprintln!("error: line {n}: {input}: {e}"),
                (None, true) => eprintln!("error: {e}"),
                (None, false) => eprintln!("error: {input}: {e}"),
            }
            Ok(())
        }
    };
}

/// The red fives of each suit (m, p, s) in `hand`, closed and called.
pub fn hand_red_fives(hand: &Hand) -> [u8; 3] {
    let mut reds = hand.closed_red_fives();
    for m in hand.melds() {
        if let Some(r) = reds.get_mut(m.first().index() / 9) {
            *r += m.red_fives();
        }
    }
    reds
}

/// Counts one more red five of `tile`'s suit in `reds`, or names `what` ('text') as a second
/// red five of the suit: the set has one of each.
pub fn add_red_five(reds: &mut [u8; 3], tile: Tile, what: &str, text: &str) -> Result<(), String> {
    let Some(r) = reds.get_mut(tile.index() / 9) else { return Ok(()) };
    *r += 1;
    if *r > 1 {
        return Err(format!("{what} '{text}': a second red {tile} (the hand or another tile given holds one)"));
    }
    Ok(())
}

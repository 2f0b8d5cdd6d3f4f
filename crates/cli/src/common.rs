//! Shared plumbing for subcommands: batch input (`-` reads one hand a line from standard
//! input), JSON or text output, and exit codes (0 ok, 2 bad input).

use crate::lines::{Line, Lines};
use crate::output;
pub use haipai_api::{Output, preset_name, rules_preset};
use haipai_api::{echo_id, request_id};
use serde_json::Value;
use std::io::IsTerminal;

/// Exit code for success.
pub const OK: u8 = 0;
/// Exit code for bad input (a malformed hand, an unknown tile...).
pub const BAD_INPUT: u8 = 2;

/// The longest line of standard input read (a hand or a JSON request is a few dozen bytes; an
/// endless line, such as `/dev/zero`'s, would otherwise fill memory).
const MAX_LINE_BYTES: usize = 1 << 20;

/// The most of a line too long to read that is skipped to find the next line: past it the
/// input is taken for one that has no more lines (`/dev/zero`), and the batch stops.
const MAX_SKIPPED_BYTES: u64 = 64 << 20;

/// A UTF-8 byte-order mark, which some editors write at the start of a file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// Runs `each` on `input`, or on every non-empty line of standard input when `input` is
/// `-`, printing each result (JSON objects one per line with `json`). A line ends at `\n`,
/// `\r` or `\r\n`; a byte-order mark at the start of the input is skipped. A bad line prints
/// an error naming its line number (`{"input": ..., "line": N, "error": ...}` in JSON) to stdout
/// in JSON mode and to stderr otherwise; the other lines still print, a line that is not UTF-8
/// text or longer than 1 MiB included (past 64 MiB more with no line end, the batch stops
/// there). Returns 2 if any line was bad, else 0. A closed output ends the run (see `output`).
pub fn for_each_input(input: &str, json: bool, each: impl FnMut(&str) -> Result<Output, String>) -> u8 {
    batch(input, json, false, each)
}

/// [`for_each_input`] for input lines that may be JSON requests: in JSON mode the answer to a
/// line that is a JSON object with an `id` (any JSON value) echoes it, an error included.
pub fn for_each_request(input: &str, json: bool, each: impl FnMut(&str) -> Result<Output, String>) -> u8 {
    batch(input, json, true, each)
}

/// [`for_each_input`], echoing each request's `id` when `echo_id`.
fn batch(input: &str, json: bool, echo_id: bool, mut each: impl FnMut(&str) -> Result<Output, String>) -> u8 {
    let mut answer = |line: &str| {
        let result = each(line);
        let id = if json && echo_id { request_id(line) } else { None };
        (result, id)
    };
    if input != "-" {
        let input = input.strip_prefix(BYTE_ORDER_MARK).unwrap_or(input);
        let (result, id) = answer(input);
        let code = if result.is_err() { BAD_INPUT } else { OK };
        print_result(None, input, json, result, id);
        return code;
    }
    let mut code = OK;
    let mut lines = Lines::new(std::io::stdin().lock(), MAX_LINE_BYTES);
    for number in 1.. {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                output::error(format_args!("line {number} of standard input cannot be read: {e}"));
                return BAD_INPUT;
            }
        };
        let (mut bytes, too_long) = match line {
            Line::Whole(bytes) => (bytes, false),
            Line::TooLong(bytes) => (bytes, true),
        };
        if number == 1 && bytes.starts_with(BYTE_ORDER_MARK.to_string().as_bytes()) {
            bytes.drain(..BYTE_ORDER_MARK.len_utf8());
        }
        let (result, id) = match std::str::from_utf8(&bytes) {
            _ if too_long => {
                bytes.truncate(40);
                (Err(format!("the line is longer than {} MiB", MAX_LINE_BYTES >> 20)), None)
            }
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer(text.trim()),
            Err(_) => (Err("the line is not UTF-8 text".to_string()), None),
        };
        if result.is_err() {
            code = BAD_INPUT;
        }
        print_result(Some(number), String::from_utf8_lossy(&bytes).trim(), json, result, id);
        if too_long && !skip_rest(&mut lines, number) {
            return BAD_INPUT;
        }
    }
    code
}

/// Skips the rest of line `number`, found too long: whether the batch goes on (false, with an
/// error printed, when no line end comes in [`MAX_SKIPPED_BYTES`] or the input cannot be read).
fn skip_rest(lines: &mut Lines<impl std::io::BufRead>, number: usize) -> bool {
    match lines.skip_rest(MAX_SKIPPED_BYTES) {
        Ok(true) => true,
        Ok(false) => {
            output::error(format_args!(
                "line {number}: still no line end {} MiB further on; the rest of standard input is not read",
                MAX_SKIPPED_BYTES >> 20
            ));
            false
        }
        Err(e) => {
            output::error(format_args!("line {number} of standard input cannot be read: {e}"));
            false
        }
    }
}

/// Prints one result; an error names the line of standard input it came from, if any. A JSON
/// answer carries the request's `id`, if given.
fn print_result(number: Option<usize>, input: &str, json: bool, result: Result<Output, String>, id: Option<Value>) {
    match (json, result) {
        (true, Ok(mut o)) => {
            echo_id(&mut o.json, id);
            output::json(o.json)
        }
        (true, Err(e)) => {
            output::bad_input();
            let mut v = serde_json::json!({ "input": input, "error": e });
            if let Some(n) = number {
                v["line"] = n.into();
            }
            echo_id(&mut v, id);
            output::json(v);
        }
        (false, Ok(o)) if o.text.is_empty() => {}
        (false, Ok(o)) => output::line(o.text.trim_end()),
        (false, Err(e)) => match (number, input.trim().is_empty()) {
            (Some(n), _) => output::error(format_args!("line {n}: {input}: {e}")),
            (None, true) => output::error(e),
            (None, false) => output::error(format_args!("{input}: {e}")),
        },
    }
}

/// A parser of whole numbers from `least` to `most` for a flag: a number past the type's range
/// is too large, as one past `most` is (`--seed 18446744073709551616`: "too large (at most
/// 18446744073709551615)"), not "not a number".
pub fn whole<T>(least: T, most: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u128> + TryInto<u128> + Copy + Send + Sync + 'static,
{
    move |text: &str| {
        // Every type here fits in u128.
        let (least, most) = (least.try_into().unwrap_or(0), most.try_into().unwrap_or(u128::MAX));
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err("not a whole number".to_string());
        }
        // Past u128, a run of digits is too large for any type here.
        let n = text.parse::<u128>().unwrap_or(u128::MAX);
        if n > most {
            return Err(format!("too large (at most {most})"));
        }
        if n < least {
            return Err(format!("too small (at least {least})"));
        }
        T::try_from(n).map_err(|_| format!("too large (at most {most})"))
    }
}

/// Runs `f` with a progress callback that drives an indicatif bar (drawn with `template`) on
/// standard error when it is a terminal and the work has run for over a second (quick answers
/// never flash a bar), and does nothing otherwise.
pub fn with_progress<T>(template: &str, f: impl FnOnce(&(dyn Fn(usize, usize) + Sync)) -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return f(&|_, _| {});
    }
    let bar = indicatif::ProgressBar::with_draw_target(Some(0), indicatif::ProgressDrawTarget::hidden());
    bar.set_style(
        indicatif::ProgressStyle::with_template(template).unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let start = std::time::Instant::now();
    let shown = std::sync::atomic::AtomicBool::new(false);
    let out = f(&|done, total| {
        if !shown.load(std::sync::atomic::Ordering::Relaxed) && start.elapsed().as_secs_f64() > 1.0 {
            shown.store(true, std::sync::atomic::Ordering::Relaxed);
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    out
}

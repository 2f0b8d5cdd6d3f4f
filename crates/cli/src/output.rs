//! Every write of the command to standard output and standard error goes through here.
//!
//! A closed pipe (`| head`, a reader that went away) ends the command at once and quietly,
//! with the exit code reached so far (2 once any bad input was reported, else 0): nothing is
//! computed for a reader that is gone. Any other failed write (a full disk) ends it with a
//! message and exit code 1. Text for people has its control characters printed escaped
//! (`\u{1b}`, `\r`), so that input quoted back in a message cannot drive the terminal; JSON
//! lines are printed as serde_json wrote them (it escapes control characters itself).

use std::fmt::Display;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU8, Ordering};

use crate::common::{BAD_INPUT, OK};

/// Exit code when the output cannot be written for another reason than a closed pipe.
pub const CANNOT_WRITE: u8 = 1;

/// The exit code reached so far: the code of a run cut short by a closed pipe.
static CODE: AtomicU8 = AtomicU8::new(OK);

/// The two streams the command writes to.
#[derive(Clone, Copy)]
enum Stream {
    Out,
    Err,
}

/// Records that bad input was reported: a run cut short from now on exits 2.
pub fn bad_input() {
    CODE.fetch_max(BAD_INPUT, Ordering::Relaxed);
}

/// Prints `text` and a line end on standard output, control characters escaped.
pub fn line(text: impl Display) {
    write(Stream::Out, &format!("{}\n", escape_controls(&text.to_string())));
}

/// Prints one JSON value and a line end on standard output, as it is.
pub fn json(value: impl Display) {
    write(Stream::Out, &format!("{value}\n"));
}

/// Prints `error: MESSAGE` on standard error, control characters escaped, after anything
/// already printed on standard output; records bad input.
pub fn error(message: impl Display) {
    bad_input();
    write(Stream::Out, "");
    write(Stream::Err, &format!("error: {}\n", escape_controls(&message.to_string())));
}

/// Prints a message written elsewhere in full (clap's) on standard error or, for help and
/// version text, standard output; control characters escaped.
pub fn message(text: &str, to_stderr: bool) {
    let stream = if to_stderr { Stream::Err } else { Stream::Out };
    write(stream, &escape_controls(text));
}

/// `text` with every control character but the line end written as an escape (`\u{1b}`).
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Writes `text` to `stream` and flushes it (an empty `text` only flushes); a failed write
/// ends the command.
fn write(stream: Stream, text: &str) {
    let result = match stream {
        Stream::Out => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        }
        Stream::Err => io::stderr().lock().write_all(text.as_bytes()),
    };
    if let Err(e) = result {
        stop(stream, &e);
    }
}

/// Ends the command after a failed write: quietly with the exit code reached so far when the
/// reader is gone, with a message (if standard error still takes one) and exit code 1 otherwise.
fn stop(stream: Stream, e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(i32::from(CODE.load(Ordering::Relaxed)));
    }
    let name = match stream {
        Stream::Out => "standard output",
        Stream::Err => "standard error",
    };
    let _ = writeln!(io::stderr().lock(), "error: {name} cannot be written: {e}");
    std::process::exit(i32::from(CANNOT_WRITE));
}

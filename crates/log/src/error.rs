//! The crate's one error type: opaque, with a `#[non_exhaustive]` kind, naming the round and
//! the event where a log went wrong.

use std::fmt;

/// An error from reading, writing or replaying a log.
///
/// The message names where: a line of the file (`line 12: ...`), or a round and an event
/// (`S2-1, event 57: seat 2 discards 5p, which is not in its hand`). Events are counted
/// from 1 in the round's play order ([`crate::Round::events`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    round: Option<String>,
    event: Option<usize>,
    line: Option<usize>,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The bytes are none of the three formats (or not text where text is needed).
    UnknownFormat,
    /// The file is not well-formed JSON, XML or gzip, or a value has the wrong shape.
    Syntax(String),
    /// A tile code that names no tile (`58`, `"9z"`, `137`).
    NotATile(String),
    /// A value outside its range (a seat, a round number, a count).
    OutOfRange(String),
    /// A call, kan or kita string that cannot be read (`"c2725"`, `"p4747"`).
    BadCall(String),
    /// An action that the hands or the turn do not allow: a tile not in the hand, a call on
    /// a tile that was not the last discard, a seat acting out of turn.
    Illegal(String),
    /// The per-seat lists of a tenhou.net/6 round fit no order of play.
    NoTurnOrder(String),
}

impl Error {
    /// An error of `kind` with no place yet.
    pub fn new(kind: ErrorKind) -> Error {
        Error { kind, round: None, event: None, line: None }
    }

    /// The same error, placed in a round (its name, `E1-0`).
    pub fn in_round(mut self, round: &str) -> Error {
        if self.round.is_none() {
            self.round = Some(round.to_string());
        }
        self
    }

    /// The same error, placed at an event (1-based) of its round.
    pub fn at_event(mut self, event: usize) -> Error {
        if self.event.is_none() {
            self.event = Some(event);
        }
        self
    }

    /// The same error, placed at a line (1-based) of the file.
    pub fn at_line(mut self, line: usize) -> Error {
        if self.line.is_none() {
            self.line = Some(line);
        }
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The round's name, `E1-0`, when the error concerns one.
    pub fn round(&self) -> Option<&str> {
        self.round.as_deref()
    }

    /// The 1-based event of the round, when the error concerns one.
    pub fn event(&self) -> Option<usize> {
        self.event
    }

    /// The 1-based line of the file, when the error concerns one.
    pub fn line(&self) -> Option<usize> {
        self.line
    }
}

/// Shorthand for an [`ErrorKind::Syntax`] error.
pub(crate) fn syntax(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Syntax(message.into()))
}

/// Shorthand for an [`ErrorKind::Illegal`] error.
pub(crate) fn illegal(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Illegal(message.into()))
}

/// Shorthand for an [`ErrorKind::OutOfRange`] error.
pub(crate) fn out_of_range(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::OutOfRange(message.into()))
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::UnknownFormat => {
                write!(f, "not a tenhou.net/6 JSON, Tenhou mjlog (plain or gzip) or mjai log")
            }
            ErrorKind::Syntax(m) | ErrorKind::OutOfRange(m) | ErrorKind::Illegal(m) => f.write_str(m),
            ErrorKind::NotATile(t) => write!(f, "{t} is not a tile"),
            ErrorKind::BadCall(t) => write!(f, "{t} is not a call this reader knows"),
            ErrorKind::NoTurnOrder(m) => write!(f, "no order of play fits the seats' lists: {m}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match (&self.round, self.event) {
            (Some(r), Some(e)) => write!(f, "{r}, event {e}: ")?,
            (Some(r), None) => write!(f, "{r}: ")?,
            (None, Some(e)) => write!(f, "event {e}: ")?,
            (None, None) => {}
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for Error {}

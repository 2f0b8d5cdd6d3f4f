//! Riichi game logs read, written and replayed into the decisions each player made.
//!
//! Three formats are read and written: tenhou.net/6 JSON ([`tenhou6`]), Tenhou's mjlog XML,
//! plain or gzip-compressed ([`mjlog`]), and mjai JSON lines ([`mjai`]); [`read`] tells them
//! apart. A [`Game`] holds the rules, the players and the [`Round`]s, each round its
//! [`Event`]s in play order. [`Game::replay`] plays each round forward and yields, per round,
//! every [`Decision`] a seat made (a discard, a call offered and taken or passed, a kan or
//! kita on its own turn) with the full [`Position`] it was made in.
//!
//! ```
//! use haipai_log::{Choice, read};
//! let text = haipai_log::selfplay::game(7, 4).map(|g| haipai_log::tenhou6::write(&g))?;
//! let game = read(text.as_bytes())?;
//! for round in game.replay() {
//!     let round = round?;
//!     for d in round.decisions.iter().filter(|d| d.position.seat == 0) {
//!         if let Choice::Discard { tile, .. } = d.choice {
//!             assert!(d.position.closed_tiles().contains(&tile));
//!         }
//!     }
//! }
//! # Ok::<(), haipai_log::Error>(())
//! ```

mod error;
pub mod mjai;
pub mod mjlog;
mod model;
mod offers;
mod order;
mod replay;
pub mod tenhou6;

pub use error::{Error, ErrorKind};
pub use model::{CallKind, DrawKind, Event, Game, Length, LogTile, Round, Rules, Win, round_name};
pub use replay::{CallOption, Choice, Decision, Meld, Position, RoundReplay};

/// The three formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// tenhou.net/6 JSON.
    Tenhou6,
    /// Tenhou's mjlog XML (plain or gzip).
    Mjlog,
    /// mjai JSON lines.
    Mjai,
}

/// Which format the bytes are in: gzip or `<` is mjlog, a JSON object with a `"log"` key is
/// tenhou.net/6, a JSON object per line is mjai.
pub fn detect(bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Some(Format::Mjlog);
    }
    let text = std::str::from_utf8(bytes).ok()?.trim_start_matches('\u{feff}').trim_start();
    if text.starts_with('<') {
        Some(Format::Mjlog)
    } else if text.starts_with('{') {
        let first = text.lines().next().unwrap_or_default();
        let one_line_event = first.contains("\"type\"") && !first.contains("\"log\"");
        Some(if one_line_event { Format::Mjai } else { Format::Tenhou6 })
    } else {
        None
    }
}

/// Reads a log in any of the three formats.
///
/// # Errors
/// [`ErrorKind::UnknownFormat`] when the bytes are none of them; else the format's reader's
/// errors.
pub fn read(bytes: &[u8]) -> Result<Game, Error> {
    let text = || std::str::from_utf8(bytes).map_err(|e| error::syntax(format!("not UTF-8: {e}")));
    match detect(bytes) {
        Some(Format::Mjlog) => mjlog::read(bytes),
        Some(Format::Tenhou6) => tenhou6::read(text()?),
        Some(Format::Mjai) => mjai::read(text()?),
        None => Err(Error::new(ErrorKind::UnknownFormat)),
    }
}

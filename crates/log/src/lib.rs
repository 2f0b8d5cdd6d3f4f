//! Riichi game logs read, written and replayed into the decisions each player made.
//!
//! Three formats are read and written: tenhou.net/6 JSON ([`tenhou6`]), Tenhou's mjlog XML,
//! plain or gzip-compressed ([`mjlog`]), and mjai JSON lines ([`mjai`]); [`read`] tells them
//! apart. A [`Game`] holds the setup, the players and the [`Round`]s, each round its
//! [`Event`]s in play order. [`Game::replay`] plays each round forward and yields, per round,
//! every [`Decision`] a seat made (a discard, a call offered and taken or passed, a kan or
//! kita on its own turn) with the full [`Position`] it was made in.
//!
//! ```
//! use haipai_log::{CallKind, Choice, read};
//! // One round in tenhou.net/6 JSON: seat 1 pons seat 3's second 7z, discards 5z, and the
//! // dealer wins on it.
//! let log = r#"{"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[
//!   [0,0,0],[25000,25000,25000,25000],[11],[],
//!   [11,12,13,21,22,23,31,32,33,41,41,45,45],[19,28],[60,60],
//!   [14,15,16,24,25,26,34,35,36,47,47,45,46],[29,38,"47p4747"],[60,60,45],
//!   [17,18,19,27,28,29,37,38,39,42,42,43,43],[39,12],[60,60],
//!   [47,47,15,16,17,25,26,27,35,36,37,46,46],[18,18],[47,47],
//!   ["和了",[2000,-2000,0,0],[0,1,0,"40符1飜2000点"]]]]}"#;
//! let game = read(log.as_bytes())?;
//! for round in game.replay() {
//!     let round = round?;
//!     assert_eq!(round.name, "E1-0");
//!     for decision in round.for_seat(1) {
//!         let p = &decision.position;
//!         match &decision.choice {
//!             Choice::Discard { tile, .. } => assert!(p.closed_tiles().contains(tile)),
//!             Choice::Call { options, taken, .. } => {
//!                 assert!(options.iter().any(|o| o.kind == CallKind::Pon));
//!                 println!("turn {}: {}", p.turn, if taken.is_some() { "pon" } else { "pass" });
//!             }
//!             _ => {}
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
pub use model::{CallKind, DrawKind, Event, Game, Length, LogTile, Round, Setup, Site, Win, round_name};
pub use replay::{CallOption, Choice, Decision, Meld, Position, RoundReplay};

/// The three formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

//! haipai-api: the JSON face of haipai, one for the `haipai` command (its `-` batches of JSON
//! requests and its `--json` answers) and for haipai-web's API. A request is a JSON object read
//! field by field ([`Request`]), each error naming its field; an answer is the JSON object the
//! command prints with `--json`, the same fields and the same error messages wherever it is
//! asked.
//!
//! One module per question: [`ev`] (expected value per discard), [`shanten`], [`waits`],
//! [`score`] and [`review`] (a whole game's decisions).
//!
//! ```
//! let answer = haipai_api::ev::ev(
//!     r#"{"hand": "222567m345p33667s", "dora_indicators": ["1z"], "model": "article"}"#,
//!     &haipai_api::ev::Context::default(),
//! )?;
//! assert_eq!(answer["candidates"][0]["discard"], "6s");
//! # Ok::<(), String>(())
//! ```

pub mod ev;
pub mod odds;
mod request;
pub mod review;
pub mod score;
pub mod shanten;
mod shared;
pub mod waits;

pub use request::{Request, echo_id, request_id};
pub use shared::{add_red_five, hand_red_fives, preset_name, rules_preset};

/// What one question produced: text for people (what the command prints without `--json`),
/// JSON for programs.
#[derive(Clone, Debug)]
pub struct Output {
    /// The text form (may span lines; empty prints nothing).
    pub text: String,
    /// The JSON form, one object.
    pub json: serde_json::Value,
}

/// The example of the crate's README.md, compiled as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

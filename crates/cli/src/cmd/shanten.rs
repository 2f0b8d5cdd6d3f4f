//! `haipai shanten HAND`: the shanten (向聴数) per form and overall; for 3n+1 closed tiles
//! the necessary tiles (有効牌) with their live count (受け入れ枚数); for 3n+2 closed tiles a
//! 何切る table, one row per distinct discard, best first (lowest shanten after the
//! discard, then most live tiles, then tile order), as 牌理 tools print it.

use crate::common::for_each_input;
use haipai::tiles::Hand;
use haipai_api::shanten::{analyse, visible};

/// Arguments of `haipai shanten`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The hand in MPSZ notation with called melds in brackets (`123456789m11p11s`,
    /// `23m55p[789s][111z]`); 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 closed tiles; `-` reads one
    /// hand a line.
    pub hand: String,
    /// Tiles seen elsewhere (discards, others' melds, dora indicators), e.g. `1p1s5z`: they
    /// are taken off the live counts. The hand's own tiles and melds are always taken off.
    #[arg(long, default_value = "")]
    pub visible: String,
    /// Three-player mahjong (no 2m-8m: 1m and 9m form only pairs and triplets).
    #[arg(long)]
    pub sanma: bool,
    /// Print one JSON object per hand.
    ///
    /// Fields: `hand`, `closed_tiles`, `sanma`, `shanten`, `regular`, `seven_pairs`,
    /// `thirteen_orphans` (null where the form does not apply); for 3n+1 closed tiles
    /// `necessary` (tiles), `live` and `karaten`; for 3n+2 `discards`, one object per discard
    /// (`discard`, `shanten`, `necessary`, `live`) in the table's order. A hand that cannot be
    /// read prints `error` and `input` (and `line` when read from `-`) instead, and the exit
    /// code is 2.
    #[arg(long)]
    pub json: bool,
}

/// Runs `haipai shanten`.
pub fn run(args: &Args) -> u8 {
    // A bad flag is one error before any hand is read, not one per line of a batch.
    let visible = match visible(&args.visible, args.sanma, "--visible") {
        Ok(v) => v,
        Err(e) => {
            crate::output::error(e);
            return crate::common::BAD_INPUT;
        }
    };
    for_each_input(&args.hand, args.json, |line| {
        let hand = Hand::parse_any_size(line).map_err(|e| e.to_string())?;
        analyse(&hand, &visible, args.sanma, "--visible")
    })
}

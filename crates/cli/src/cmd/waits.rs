//! `haipai waits HAND`: every waiting line in document 004's classic format
//! (`(111)(222)(888)(99)[45]`), optionally with wait kinds; nothing for a hand that is not tenpai
//! (with `--explain`, its shanten).

use crate::common::for_each_input;
use haipai_api::waits::{Switches, answer};

/// Arguments of `haipai waits`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A 13-tile hand: digits alone for a one-suit hand as in document 004 (`1112224588899`), or
    /// MPSZ with called melds in brackets (`123m456p789s1122z`, `23m55p[789s][111z][5555z*]`);
    /// `-` reads one hand a line.
    pub hand: String,
    /// Add each line's wait kind, the tiles it wins on and how many of them are not in the hand.
    #[arg(long)]
    pub kinds: bool,
    /// Also print karaten lines (every winning tile already held four times), marked.
    #[arg(long)]
    pub karaten: bool,
    /// Leave out the seven-pairs line.
    #[arg(long)]
    pub no_seven_pairs: bool,
    /// For a hand that is not tenpai, say so and print its shanten instead of printing nothing,
    /// or karaten when the closed tiles wait only on tiles held four times with the called melds
    /// (JSON gains `shanten` and `karaten` fields).
    #[arg(long)]
    pub explain: bool,
    /// Print one JSON object per hand.
    ///
    /// Fields: `hand`, `tenpai`, `winning_tiles`, `lines` (the classic lines); with `--explain`
    /// also `shanten` and `karaten`; with `--kinds` also `details` (per line: `line`, `kind`,
    /// `wins`, `live`, `karaten`), `live` (all winning tiles) and `shapes`. A hand that cannot
    /// be read prints `error` and `input` (and `line` when read from `-`) instead, and the
    /// exit code is 2.
    #[arg(long)]
    pub json: bool,
}

/// Runs `haipai waits`.
pub fn run(args: &Args) -> u8 {
    let mut switches = Switches::default();
    switches.kinds = args.kinds;
    switches.karaten = args.karaten;
    switches.no_seven_pairs = args.no_seven_pairs;
    switches.explain = args.explain;
    for_each_input(&args.hand, args.json, |line| answer(line, &switches))
}

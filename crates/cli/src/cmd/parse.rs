//! `haipai parse HAND`: the normalised notation, the counts and the glyphs of a hand.

use crate::common::{Output, for_each_input};
use haipai::tiles::{Hand, Tile};
use serde_json::json;

/// Arguments of `haipai parse`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The hand in MPSZ notation (`222567m34p3366s北`), or `-` to read one hand a line.
    pub hand: String,
    /// Require a full hand: 13 or 14 tiles, counting 3 per called meld (default: any size).
    #[arg(long)]
    pub strict: bool,
    /// Print one JSON object per hand.
    ///
    /// Fields: `hand` (normalised), `size` (tiles, 3 per called meld), `full_hand` (13 or 14
    /// tiles), `closed` (34 counts, 1m..9m 1p..9p 1s..9s 1z..7z), `red_fives`, `melds` (as
    /// written, e.g. `[789s]`), `glyphs`. A hand that cannot be read prints `error` and
    /// `input` (and `line` when read from `-`) instead, and the exit code is 2.
    #[arg(long)]
    pub json: bool,
}

/// Runs `haipai parse`.
pub fn run(args: &Args) -> u8 {
    for_each_input(&args.hand, args.json, |line| {
        let hand = if args.strict { Hand::parse(line) } else { Hand::parse_any_size(line) };
        hand.map(|h| describe(&h)).map_err(|e| e.to_string())
    })
}

fn describe(hand: &Hand) -> Output {
    let counts: Vec<String> = Tile::all()
        .filter(|t| hand.closed()[t.index()] > 0)
        .map(|t| format!("{t}x{}", hand.closed()[t.index()]))
        .collect();
    let melds: Vec<String> = hand.melds().iter().map(ToString::to_string).collect();
    let full = matches!(hand.size(), 13 | 14);
    let text = format!(
        "hand:   {hand}\ntiles:  {}{} ({} closed, {} melds)\ncounts: {}\nglyphs: {}",
        hand.size(),
        if full { "" } else { ", not a 13/14-tile hand" },
        hand.closed_len(),
        hand.melds().len(),
        counts.join(" "),
        hand.to_glyphs()
    );
    let json = json!({
        "hand": hand.to_string(),
        "size": hand.size(),
        "full_hand": full,
        "closed": hand.closed().to_vec(),
        "red_fives": hand.red_fives(),
        "melds": melds,
        "glyphs": hand.to_glyphs(),
    });
    Output { text, json }
}

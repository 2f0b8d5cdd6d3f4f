//! `haipai waits HAND`: every waiting line in document 004's classic format
//! (`(111)(222)(888)(99)[45]`), optionally with wait kinds; nothing for a hand that is not tenpai
//! (with `--explain`, its shanten).

use crate::common::{Output, for_each_input};
use haipai::tiles::{Counts, Hand, Tile, TileSet};
use haipai::waits::{Line, LineOptions, Notation, Waits, hand_waits};
use serde_json::json;

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
    let options = LineOptions::default().karaten(args.karaten).seven_pairs(!args.no_seven_pairs).thirteen_orphans(true);
    for_each_input(&args.hand, args.json, |line| {
        let (hand, notation, shown) = parse(line)?;
        let w = hand_waits(&hand, options).map_err(|e| e.to_string())?;
        Ok(describe(&hand, &w, notation, &shown, args))
    })
}

/// Digits alone are a one-suit hand (printed back as digits); anything else is MPSZ.
fn parse(input: &str) -> Result<(Hand, Notation, String), String> {
    let input = input.trim();
    if !input.is_empty() && input.bytes().all(|b| b.is_ascii_digit()) {
        if input.contains('0') {
            return Err("a one-suit hand is the digits 1-9 (write a red five with its suit: 0m)".into());
        }
        let hand = Hand::parse_any_size(&format!("{input}m")).map_err(|e| e.to_string())?;
        let mut digits: Vec<u8> = input.bytes().collect();
        digits.sort_unstable();
        Ok((hand, Notation::Digits, String::from_utf8_lossy(&digits).into_owned()))
    } else {
        let hand = Hand::parse_any_size(input).map_err(|e| e.to_string())?;
        let shown = hand.to_string();
        Ok((hand, Notation::Mpsz, shown))
    }
}

fn tile_names(set: TileSet, notation: Notation) -> Vec<String> {
    set.iter()
        .map(|t: Tile| match notation {
            Notation::Digits => t.number().to_string(),
            Notation::Mpsz => t.to_string(),
        })
        .collect()
}

fn melds_suffix(hand: &Hand) -> String {
    hand.melds().iter().map(|m| format!("{{{}}}", m.to_string().trim_matches(['[', ']']))).collect()
}

/// The shanten over the forms the waits count: regular and thirteen orphans, and seven pairs
/// unless `--no-seven-pairs`.
fn shanten_with(closed: &Counts, seven_pairs: bool) -> i8 {
    use haipai::shanten::{NOT_APPLICABLE, shanten_regular, shanten_seven_pairs, shanten_thirteen_orphans};
    let mut forms = vec![shanten_regular(closed), shanten_thirteen_orphans(closed)];
    if seven_pairs {
        forms.push(shanten_seven_pairs(closed));
    }
    forms.into_iter().filter(|&s| s != NOT_APPLICABLE).min().unwrap_or(NOT_APPLICABLE)
}

fn live(set: TileSet, held: &Counts) -> u32 {
    set.iter().map(|t| u32::from(4u8.saturating_sub(held[t.index()]))).sum()
}

fn line_text(l: &Line, notation: Notation, suffix: &str, held: &Counts, kinds: bool) -> String {
    let mut s = l.classic(notation);
    s.push_str(suffix);
    if kinds {
        let wins = tile_names(l.wins(), notation).join(" ");
        let wins = if wins.is_empty() { "-".to_string() } else { wins };
        s.push_str(&format!("  {} {} ({} left)", l.kind(), wins, live(l.wins(), held)));
    }
    if l.is_karaten() {
        s.push_str("  karaten");
    }
    s
}

fn describe(hand: &Hand, w: &Waits, notation: Notation, shown: &str, args: &Args) -> Output {
    let suffix = melds_suffix(hand);
    let held = w.held();
    let lines: Vec<String> = w.lines().iter().map(|l| format!("{}{suffix}", l.classic(notation))).collect();
    let mut text: Vec<String> = w.lines().iter().map(|l| line_text(l, notation, &suffix, held, args.kinds)).collect();
    if args.kinds && w.is_tenpai() {
        text.push(format!(
            "winning tiles: {} ({} left)",
            tile_names(w.winning_tiles(), notation).join(" "),
            live(w.winning_tiles(), held)
        ));
    }
    let shapes: Vec<String> = w.shapes().iter().map(ToString::to_string).collect();
    if args.kinds && !shapes.is_empty() {
        text.push(format!("shapes: {}", shapes.join(", ")));
    }
    let shanten = shanten_with(hand.closed(), !args.no_seven_pairs);
    // Shanten counts the closed tiles only; a hand it calls tenpai whose every winning tile is
    // held four times with the called melds is karaten, not tenpai.
    let karaten = shanten == 0 && !w.is_tenpai();
    if args.explain && !w.is_tenpai() {
        let why = if karaten {
            "karaten: every tile that completes it is held four times with the called melds".to_string()
        } else {
            crate::cmd::shanten::describe_shanten(shanten)
        };
        text.push(format!("{shown}: not tenpai ({why})"));
    }
    let mut json = json!({
        "hand": shown,
        "tenpai": w.is_tenpai(),
        "winning_tiles": tile_names(w.winning_tiles(), notation),
        "lines": lines,
    });
    if args.explain {
        json["shanten"] = shanten.into();
        json["karaten"] = karaten.into();
    }
    if args.kinds {
        json["details"] = w
            .lines()
            .iter()
            .map(|l| {
                json!({
                    "line": format!("{}{suffix}", l.classic(notation)),
                    "kind": l.kind().name(),
                    "wins": tile_names(l.wins(), notation),
                    "live": live(l.wins(), held),
                    "karaten": l.is_karaten(),
                })
            })
            .collect();
        json["live"] = live(w.winning_tiles(), held).into();
        json["shapes"] = shapes.into();
    }
    Output { text: text.join("\n"), json }
}

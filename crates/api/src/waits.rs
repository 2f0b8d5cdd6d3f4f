//! `waits`: every waiting line in document 004's classic format (`(111)(222)(888)(99)[45]`),
//! optionally with wait kinds; nothing for a hand that is not tenpai (with `explain`, its
//! shanten).

use crate::Output;
use crate::request::Request;
use haipai::tiles::{Counts, Hand, Tile, TileSet};
use haipai::waits::{Line, LineOptions, Notation, Waits, hand_waits};
use serde_json::{Value, json};

/// The fields of a `waits` JSON request (`id` aside): `hand` (digits alone for one suit, or
/// MPSZ with melds in brackets) and the command's switches, true or false.
pub const FIELDS: [&str; 5] = ["hand", "kinds", "karaten", "no_seven_pairs", "explain"];

/// The command's switches (`--kinds`, `--karaten`, `--no-seven-pairs`, `--explain`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Switches {
    /// Each line's wait kind, the tiles it wins on and how many are not in the hand.
    pub kinds: bool,
    /// Karaten lines too, marked.
    pub karaten: bool,
    /// No seven-pairs line.
    pub no_seven_pairs: bool,
    /// For a hand that is not tenpai, its shanten (or karaten).
    pub explain: bool,
}

impl Switches {
    /// The lines these switches ask for.
    pub fn line_options(&self) -> LineOptions {
        LineOptions::default().karaten(self.karaten).seven_pairs(!self.no_seven_pairs).thirteen_orphans(true)
    }
}

/// The answer for the hand `text` under `switches`, text and JSON.
pub fn answer(text: &str, switches: &Switches) -> Result<Output, String> {
    let (hand, notation, shown) = parse(text)?;
    let w = hand_waits(&hand, switches.line_options()).map_err(|e| e.to_string())?;
    Ok(describe(&hand, &w, notation, &shown, switches))
}

/// The answer to one JSON request `text` (the fields of [`FIELDS`]): the object
/// `haipai waits --json` prints for the same hand and flags, or the message it prints.
pub fn waits(text: &str) -> Result<Value, String> {
    let req = Request::parse(text, &FIELDS)?;
    let switches = Switches {
        kinds: req.flag("kinds")?,
        karaten: req.flag("karaten")?,
        no_seven_pairs: req.flag("no_seven_pairs")?,
        explain: req.flag("explain")?,
    };
    let hand = req.text("hand")?.ok_or("field 'hand' is required")?;
    Ok(answer(hand, &switches)?.json)
}

/// Digits alone are a one-suit hand (printed back as digits); anything else is MPSZ.
pub fn parse(input: &str) -> Result<(Hand, Notation, String), String> {
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

/// The answer for `hand`'s waits `w`, text and JSON, the hand shown as `shown` (in
/// `notation`).
pub fn describe(hand: &Hand, w: &Waits, notation: Notation, shown: &str, args: &Switches) -> Output {
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
            crate::shanten::describe_shanten(shanten)
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

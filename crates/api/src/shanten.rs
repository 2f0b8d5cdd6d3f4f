//! `shanten`: the shanten (向聴数) per form and overall; for 3n+1 closed tiles the necessary
//! tiles (有効牌) with their live count (受け入れ枚数); for 3n+2 closed tiles a 何切る table, one
//! row per distinct discard, best first (lowest shanten after the discard, then most live
//! tiles, then tile order), as 牌理 tools print it.

use crate::Output;
use crate::request::Request;
use haipai::shanten::{self as sh, NOT_APPLICABLE};
use haipai::tiles::{Counts, Hand, Tile, TileSet, parse_counts};
use serde_json::{Value, json};

/// The fields of a `shanten` JSON request (`id` aside): `hand` (melds in brackets, or in
/// `melds`), `visible` (tiles seen elsewhere) and `sanma` (true or false), as the command's
/// argument and flags.
pub const FIELDS: [&str; 4] = ["hand", "melds", "visible", "sanma"];

/// The tiles seen elsewhere, `text` (empty: none), checked for three-player mahjong when
/// `sanma`; an error names `what` (`--visible`, `visible`).
pub fn visible(text: &str, sanma: bool, what: &str) -> Result<Counts, String> {
    let visible = if text.trim().is_empty() {
        [0u8; 34]
    } else {
        parse_counts(text).map_err(|e| format!("{what} '{text}': {e}"))?
    };
    if sanma && visible[1..8].iter().any(|&c| c > 0) {
        return Err(format!("{what} '{text}': three-player mahjong has no 2m-8m"));
    }
    Ok(visible)
}

/// The answer to one JSON request `text` (the fields of [`FIELDS`]): the object
/// `haipai shanten --json` prints for the same hand and flags, or the message it prints.
pub fn shanten(text: &str) -> Result<Value, String> {
    let req = Request::parse(text, &FIELDS)?;
    let sanma = req.flag("sanma")?;
    let seen = visible(&req.tile_lists("visible")?.unwrap_or_default().concat(), sanma, "visible")?;
    let hand = Hand::parse_any_size(&req.full_hand()?).map_err(|e| e.to_string())?;
    Ok(analyse(&hand, &seen, sanma, "visible")?.json)
}

/// Words for a shanten number: `complete`, `tenpai`, `2-shanten`.
pub fn describe_shanten(s: i8) -> String {
    match s {
        -1 => "complete".to_string(),
        0 => "tenpai".to_string(),
        _ => format!("{s}-shanten"),
    }
}

fn form_value(s: i8) -> Value {
    if s == NOT_APPLICABLE { Value::Null } else { s.into() }
}

fn form_text(s: i8) -> String {
    if s == NOT_APPLICABLE { "-".to_string() } else { s.to_string() }
}

fn names(set: TileSet) -> Vec<String> {
    set.iter().map(|t: Tile| t.to_string()).collect()
}

/// One 何切る row: the discard, the shanten after it, the necessary kinds and their live count.
struct Row {
    discard: Tile,
    shanten: i8,
    necessary: TileSet,
    live: u32,
}

/// The functions of one rule set: four-player, or sanma (three-player: no 2m-8m, so 1m and
/// 9m form only pairs and triplets). [`rule_set`] gives them.
pub struct RuleSet {
    /// Shanten over every form.
    pub shanten: fn(&Counts) -> i8,
    /// Shanten of the regular form.
    pub regular: fn(&Counts) -> i8,
    /// Shanten and necessary kinds of closed tiles checked already.
    pub necessary: fn(&Counts) -> (i8, TileSet),
    /// Shanten and necessary kinds, or why the tiles cannot be asked.
    pub try_necessary: fn(&Counts) -> Result<(i8, TileSet), haipai::tiles::Error>,
    /// Shanten and unnecessary kinds, or why the tiles cannot be asked.
    pub try_unnecessary: fn(&Counts) -> Result<(i8, TileSet), haipai::tiles::Error>,
    /// The number of closed tiles, or why they are no hand of this rule set.
    pub validate: fn(&Counts) -> Result<usize, haipai::tiles::Error>,
}

const FOUR_PLAYER: RuleSet = RuleSet {
    shanten: sh::shanten,
    regular: sh::shanten_regular,
    necessary: sh::necessary_tiles,
    try_necessary: sh::try_necessary_tiles,
    try_unnecessary: sh::try_unnecessary_tiles,
    validate: sh::validate,
};

const SANMA: RuleSet = RuleSet {
    shanten: sh::sanma::shanten,
    regular: sh::sanma::shanten_regular,
    necessary: sh::sanma::necessary_tiles,
    try_necessary: sh::sanma::try_necessary_tiles,
    try_unnecessary: sh::sanma::try_unnecessary_tiles,
    validate: sh::sanma::validate,
};

/// The rule set of three-player mahjong when `sanma`, else of four-player.
pub fn rule_set(sanma: bool) -> &'static RuleSet {
    if sanma { &SANMA } else { &FOUR_PLAYER }
}

/// Why a hand's closed tiles cannot be asked ([`closed_tiles`]): the message, and the column
/// of the hand's text it points at when it comes from the tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedError {
    /// What is wrong, in the command's words.
    pub message: String,
    /// The column (0-based) of the hand's text, when known.
    pub column: Option<usize>,
}

impl std::fmt::Display for ClosedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The closed tiles of `hand` and their number, checked as the command checks them: some
/// closed tile beside the melds, 3n+1 or 3n+2 closed tiles, none past four copies, at most 14
/// tiles with the melds; under `sanma` no 2m-8m, closed or called.
pub fn closed_tiles(hand: &Hand, sanma: bool) -> Result<(Counts, usize), ClosedError> {
    let error = |message: String| ClosedError { message, column: None };
    let closed = *hand.closed();
    if closed.iter().all(|&c| c == 0) && !hand.melds().is_empty() {
        return Err(error(no_closed_tiles(hand)));
    }
    let n = (rule_set(sanma).validate)(&closed)
        .map_err(|e| ClosedError { message: format!("{e} (closed tiles)"), column: e.column() })?;
    if sanma && hand.melds().iter().any(|m| m.tiles()[1..8].iter().any(|&c| c > 0)) {
        return Err(error("three-player mahjong has no 2m-8m (called meld)".to_string()));
    }
    if hand.size() > 14 {
        return Err(error(format!("{} tiles with the called melds, at most 14", hand.size())));
    }
    Ok((closed, n))
}

/// A hand under analysis: its closed tiles, its rule set and every tile the player sees.
struct Analysis<'h> {
    hand: &'h Hand,
    rules: &'static RuleSet,
    sanma: bool,
    closed: Counts,
    /// The number of closed tiles.
    n: usize,
    /// Everything the player can see: own closed tiles and melds, plus `--visible`.
    seen: Counts,
    /// The shanten over all forms.
    shanten: i8,
}

impl<'h> Analysis<'h> {
    /// Checks `hand` under the rule set (its closed tiles, its melds, its size) and adds
    /// `visible` to its tiles, no kind seen more than four times.
    fn new(hand: &'h Hand, visible: &Counts, sanma: bool, visible_what: &str) -> Result<Analysis<'h>, String> {
        let rules = rule_set(sanma);
        let (closed, n) = closed_tiles(hand, sanma).map_err(|e| e.message)?;
        let mut seen = hand.all_tiles();
        for (i, (s, v)) in seen.iter_mut().zip(visible).enumerate() {
            *s += v;
            if *s > 4 {
                let tile = Tile::new(i).map_or_else(String::new, |t| t.to_string());
                return Err(format!("{visible_what}: {} copies of {tile} with the hand's tiles, at most 4", *s));
            }
        }
        let shanten = (rules.shanten)(&closed);
        Ok(Analysis { hand, rules, sanma, closed, n, seen, shanten })
    }

    /// The copies of the kinds in `set` that the player does not see.
    fn live(&self, set: TileSet) -> u32 {
        // `live_count` takes the hand and the other visible tiles apart; `seen` already holds both.
        sh::live_count(set, &[0; 34], &self.seen)
    }

    /// The first three lines (the hand, its shanten, each form's) and the JSON fields they show.
    fn summary(&self) -> (Vec<String>, Value) {
        let closed = &self.closed;
        let overall = self.shanten;
        let (regular, seven, orphans) =
            ((self.rules.regular)(closed), sh::shanten_seven_pairs(closed), sh::shanten_thirteen_orphans(closed));
        let shown = self.hand.to_string();
        let text = vec![
            format!("hand:      {shown}"),
            format!("shanten:   {overall} ({})", describe_shanten(overall)),
            format!(
                "forms:     regular {}, seven pairs {}, thirteen orphans {}",
                form_text(regular),
                form_text(seven),
                form_text(orphans)
            ),
        ];
        let json = json!({
            "hand": shown,
            "closed_tiles": self.n,
            "sanma": self.sanma,
            "shanten": overall,
            "regular": form_value(regular),
            "seven_pairs": form_value(seven),
            "thirteen_orphans": form_value(orphans),
        });
        (text, json)
    }

    /// For 3n+1 closed tiles: the necessary tiles, their live count and whether the hand is
    /// karaten, added to the text and the JSON.
    fn add_necessary(&self, text: &mut Vec<String>, json: &mut Value) {
        let (_, necessary) = (self.rules.necessary)(&self.closed);
        let count = self.live(necessary);
        // Karaten: tenpai by the closed tiles, but the hand and its melds hold every copy of
        // every tile that completes it (see docs/crates/waits.md, "Tenpai across the crates").
        let karaten = self.shanten == 0 && sh::live_count(necessary, &[0; 34], &self.hand.all_tiles()) == 0;
        let note = if karaten {
            "; karaten: every tile that completes it is held four times with the called melds"
        } else {
            ""
        };
        text.push(format!("necessary: {necessary} ({count} left{note})"));
        json["necessary"] = names(necessary).into();
        json["live"] = count.into();
        json["karaten"] = karaten.into();
    }

    /// For 3n+2 closed tiles: one row per distinct discard, best first (lowest shanten, then
    /// most live tiles, then tile order).
    fn discard_rows(&self) -> Vec<Row> {
        let mut rows: Vec<Row> = TileSet::from_counts(&self.closed)
            .iter()
            .map(|discard| {
                let mut after = self.closed;
                after[discard.index()] -= 1;
                let (shanten, necessary) = (self.rules.necessary)(&after);
                Row { discard, shanten, necessary, live: self.live(necessary) }
            })
            .collect();
        rows.sort_by_key(|r| (r.shanten, std::cmp::Reverse(r.live), r.discard.index()));
        rows
    }
}

/// Why a hand of called melds alone has no shanten: how many closed tiles a full hand holds
/// beside them.
fn no_closed_tiles(hand: &Hand) -> String {
    let melds = hand.melds().len();
    let plural = if melds == 1 { "" } else { "s" };
    let beside = match 13usize.checked_sub(3 * melds) {
        Some(least) if least > 0 => format!("a hand of 13 or 14 tiles holds {least} or {} of them here", least + 1),
        _ => "at most 4 melds".to_string(),
    };
    format!("no closed tiles beside the {melds} called meld{plural} ({} tiles): {beside}", hand.size())
}

/// The 何切る table's lines: a header, then one line per row.
fn discard_table(rows: &[Row]) -> Vec<String> {
    let width = rows.iter().map(|r| r.necessary.to_string().len()).max().unwrap_or(0).max(9);
    let mut lines = vec![format!("discard  shanten  {:<width$}  left", "necessary")];
    for r in rows {
        lines.push(format!(
            "{:<7}  {:>7}  {:<width$}  {:>4}",
            r.discard.to_string(),
            r.shanten,
            r.necessary.to_string(),
            r.live
        ));
    }
    lines
}

/// The 何切る table's rows as JSON objects.
fn discard_json(rows: &[Row]) -> Value {
    rows.iter()
        .map(|r| {
            json!({
                "discard": r.discard.to_string(),
                "shanten": r.shanten,
                "necessary": names(r.necessary),
                "live": r.live,
            })
        })
        .collect()
}

/// The shanten report of one hand, text and JSON; an error names the visible tiles
/// `visible_what` (`--visible`, `visible`).
pub fn analyse(hand: &Hand, visible: &Counts, sanma: bool, visible_what: &str) -> Result<Output, String> {
    let analysis = Analysis::new(hand, visible, sanma, visible_what)?;
    let (mut text, mut json) = analysis.summary();
    if analysis.n % 3 == 1 {
        analysis.add_necessary(&mut text, &mut json);
    } else {
        let rows = analysis.discard_rows();
        text.extend(discard_table(&rows));
        json["discards"] = discard_json(&rows);
    }
    Ok(Output { text: text.join("\n"), json })
}

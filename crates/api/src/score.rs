//! `score`: the yaku, fu and payments of a winning hand, from the command's flags or from a
//! JSON request.

use crate::Output;
use crate::request::Request;
use crate::shared::{add_red_five, hand_red_fives, rules_preset};
use haipai::score::{Outcome, Rules, Score, Situation, score as score_with};
use haipai::tiles::{Hand, ParsedTile, Tile, Wind, parse_tile};
use serde_json::{Value, json};

/// The answer to one JSON request `text` (the fields of [`FIELDS`]; `rules` a preset, the
/// default's when not given): the object `haipai score - --json` prints for it, or the message
/// it prints.
pub fn score(text: &str) -> Result<Value, String> {
    let situation = from_json(text)?;
    let rules = match Request::parse(text, &FIELDS)?.text("rules")? {
        Some(name) => rules_preset(name).map_err(|e| format!("field 'rules': {e}"))?,
        None => Rules::default(),
    };
    Ok(describe(&situation, &rules)?.json)
}

/// The tile `text` (a red five as its five); an error names `what`.
pub fn tile(text: &str, what: &str) -> Result<Tile, String> {
    red_or_plain(text, what).map(ParsedTile::tile)
}

/// A tile and whether it was written as a red five (`0m`).
fn red_or_plain(text: &str, what: &str) -> Result<ParsedTile, String> {
    parse_tile(text).map_err(|e| format!("{what} '{text}': {e}"))
}

/// Checks the red fives written among the winning tile and the indicators against the
/// hand's: a red winning tile must be a red five of the closed hand, and an indicator written
/// red cannot be a second red five of its suit (one per suit in the set).
pub fn check_red_fives(hand: &Hand, win: (&str, &str), indicators: &[(&str, &[String])]) -> Result<(), String> {
    let suit = |t: Tile| t.index() / 9;
    let (what, text) = win;
    let parsed = red_or_plain(text, what)?;
    if let (t, true) = (parsed.tile(), parsed.is_red())
        && hand.closed_red_fives()[suit(t)] == 0
    {
        return Err(format!("{what} '{text}': the closed hand holds no red {t}"));
    }
    let mut reds = hand_red_fives(hand);
    for (what, list) in indicators {
        for text in *list {
            let parsed = red_or_plain(text, what)?;
            if parsed.is_red() {
                add_red_five(&mut reds, parsed.tile(), what, text)?;
            }
        }
    }
    Ok(())
}

/// The wind `text` (E, S, W or N); an error names `what`.
pub fn wind(text: &str, what: &str) -> Result<Wind, String> {
    Wind::parse(text).ok_or_else(|| format!("{what} '{text}' is not a wind (E, S, W or N)"))
}

/// The tiles of `list`; an error names `what` and the tile.
pub fn tiles(list: &[String], what: &str) -> Result<Vec<Tile>, String> {
    list.iter().map(|t| tile(t, what)).collect()
}

/// The hand `text`, any size (melds in brackets).
pub fn hand(text: &str) -> Result<Hand, String> {
    Hand::parse_any_size(text).map_err(|e| format!("hand '{text}': {e}"))
}

/// The fields of a `score` JSON request (`id` aside).
pub const FIELDS: [&str; 20] = [
    "hand",
    "melds",
    "win",
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "seat",
    "round",
    "dora_indicators",
    "ura_indicators",
    "honba",
    "sticks",
    "rules",
];

/// Sets the situation's yes-or-no fields (`tsumo`, `riichi`, ...) from the request.
fn set_flags(req: &Request, s: &mut Situation) -> Result<(), String> {
    s.conditions.tsumo = req.flag("tsumo")?;
    s.conditions.riichi = req.flag("riichi")?;
    s.conditions.double_riichi = req.flag("double_riichi")?;
    s.conditions.ippatsu = req.flag("ippatsu")?;
    s.conditions.haitei = req.flag("haitei")?;
    s.conditions.houtei = req.flag("houtei")?;
    s.conditions.rinshan = req.flag("rinshan")?;
    s.conditions.chankan = req.flag("chankan")?;
    s.conditions.tenhou = req.flag("tenhou")?;
    s.conditions.chiihou = req.flag("chiihou")?;
    Ok(())
}

/// A situation from one JSON request.
pub fn from_json(line: &str) -> Result<Situation, String> {
    let req = Request::parse(line, &FIELDS)?;
    let full = req.full_hand()?;
    let win = req.text("win")?.ok_or("field 'win' is required")?;
    let mut s = Situation::new(hand(&full)?, tile(win, "win")?);
    let (dora, ura) = (req.list("dora_indicators")?, req.list("ura_indicators")?);
    check_red_fives(&s.hand, ("win", win), &[("dora indicator", &dora), ("ura indicator", &ura)])?;
    set_flags(&req, &mut s)?;
    s.conditions.seat = wind(req.text("seat")?.unwrap_or("E"), "seat")?;
    s.conditions.round = wind(req.text("round")?.unwrap_or("E"), "round")?;
    s.dora_indicators = tiles(&dora, "dora indicator")?;
    s.ura_indicators = tiles(&ura, "ura indicator")?;
    s.conditions.honba = req.number("honba")?;
    s.conditions.sticks = req.number("sticks")?;
    Ok(s)
}

/// The text and JSON answer of one situation: its score, or that it has no yaku.
pub fn describe(s: &Situation, rules: &Rules) -> Result<Output, String> {
    let how = if s.conditions.tsumo { "tsumo" } else { "ron" };
    let head =
        format!("hand:   {}  win {} ({how}, seat {}, round {})", s.hand, s.win, s.conditions.seat, s.conditions.round);
    let outcome = score_with(s, rules).map_err(|e| e.to_string())?;
    let w = match outcome {
        Outcome::NoYaku => return Ok(no_yaku(s, &head)),
        Outcome::Win(w) => w,
    };
    Ok(Output { text: win_text(s, &w, head), json: win_json(s, &w) })
}

/// The answer for a hand that wins in shape but has no yaku.
fn no_yaku(s: &Situation, head: &str) -> Output {
    let json = json!({
        "hand": s.hand.to_string(),
        "han": 0, "fu": 0,
        "points": {"total": 0, "dealer": 0, "non_dealer": 0, "ron": 0},
        "yaku": [], "fu_parts": [],
        "error": "no yaku",
    });
    Output { text: format!("{head}\nno yaku: the hand wins in shape but may not be declared"), json }
}

/// The text answer of a win: `head`, the yaku, han and fu (with the fu parts and the limit),
/// and the payments.
fn win_text(s: &Situation, w: &Score, head: String) -> String {
    let p = w.payment;
    let mut text = head;
    text.push_str("\nyaku:");
    for (y, h) in &w.yaku {
        text.push_str(&format!("\n  {:<24}{h}", y.name()));
    }
    let parts: Vec<String> = w.fu_parts.iter().map(ToString::to_string).collect();
    text.push_str(&format!("\nhan {}  fu {}", w.han, w.fu));
    if !parts.is_empty() {
        text.push_str(&format!("  ({})", parts.join(", ")));
    }
    let limit = p.limit.to_string();
    if !limit.is_empty() {
        text.push_str(&format!("  {limit}"));
    }
    let pay = if !s.conditions.tsumo {
        format!("ron {}", p.ron)
    } else if s.is_dealer() {
        format!("tsumo {} all", p.non_dealer)
    } else {
        format!("tsumo {} / {} (dealer / others)", p.dealer, p.non_dealer)
    };
    text.push_str(&format!("\npoints: {pay}  total {}", p.total));
    text
}

/// The JSON answer of a win: han, fu, limit, payments, yaku and fu parts.
fn win_json(s: &Situation, w: &Score) -> Value {
    let p = w.payment;
    json!({
        "hand": s.hand.to_string(),
        "han": w.han,
        "fu": w.fu,
        "limit": p.limit.to_string(),
        "points": {"total": p.total, "dealer": p.dealer, "non_dealer": p.non_dealer, "ron": p.ron},
        "yaku": w.yaku.iter().map(|(y, h)| json!({"name": y.name(), "han": h})).collect::<Vec<_>>(),
        "fu_parts": w.fu_parts.iter().map(|f| {
            let mut v = json!({"name": f.name(), "fu": f.fu()});
            if let Some(t) = f.tile() {
                v["tile"] = json!(t.to_string());
            }
            v
        }).collect::<Vec<_>>(),
    })
}

//! `haipai score HAND --win TILE ...`: the yaku, fu and payments of a winning hand; `-` reads
//! one JSON request per line.

use crate::common::{
    Output, add_red_five, for_each_input, for_each_request, hand_red_fives, preset_name, rules_preset, whole,
};
use haipai::score::{Outcome, Rules, Score, Situation, score};
use haipai::tiles::Wind;
use haipai::tiles::{Hand, ParsedTile, Tile, parse_tile};
use haipai_api::Request;
use serde_json::{Value, json};

/// Arguments of `haipai score`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The closed tiles including the winning tile, then called melds in brackets
    /// (`234567m22p234s[555z]`); or `-` to read one JSON request a line (fields `hand`,
    /// `melds`, `win`, `tsumo`, `riichi`, `double_riichi`, `ippatsu`, `haitei`, `houtei`,
    /// `rinshan`, `chankan`, `tenhou`, `chiihou`, `seat`, `round`, `dora_indicators`,
    /// `ura_indicators`, `honba`, `sticks`, `rules` (a preset, as `--rules`), and `id`: any JSON
    /// value, echoed by the answer).
    pub hand: String,
    /// The winning tile.
    #[arg(long)]
    pub win: Option<String>,
    /// Won by self-draw (default: ron).
    #[arg(long)]
    pub tsumo: bool,
    /// Riichi.
    #[arg(long)]
    pub riichi: bool,
    /// Double riichi.
    #[arg(long)]
    pub double_riichi: bool,
    /// Ippatsu.
    #[arg(long)]
    pub ippatsu: bool,
    /// Haitei (tsumo on the last tile).
    #[arg(long)]
    pub haitei: bool,
    /// Houtei (ron on the last discard).
    #[arg(long)]
    pub houtei: bool,
    /// Rinshan kaihou (tsumo on a kan replacement tile).
    #[arg(long)]
    pub rinshan: bool,
    /// Chankan (ron on a tile added to a kan).
    #[arg(long)]
    pub chankan: bool,
    /// Tenhou (the dealer's first draw).
    #[arg(long)]
    pub tenhou: bool,
    /// Chiihou (a non-dealer's first draw).
    #[arg(long)]
    pub chiihou: bool,
    /// Seat wind: E (dealer; the default), S, W or N.
    #[arg(long)]
    pub seat: Option<String>,
    /// Round wind: E (the default), S, W or N.
    #[arg(long)]
    pub round: Option<String>,
    /// Dora indicators (repeat or list: `--dora-indicator 1z 5m`).
    #[arg(long = "dora-indicator", num_args = 1..)]
    pub dora_indicators: Vec<String>,
    /// Ura-dora indicators (counted with riichi only).
    #[arg(long = "ura-indicator", num_args = 1..)]
    pub ura_indicators: Vec<String>,
    /// Honba counters (default 0).
    #[arg(long, value_parser = whole(0, u32::MAX))]
    pub honba: Option<u32>,
    /// Riichi sticks on the table (default 0).
    #[arg(long, value_parser = whole(0, u32::MAX))]
    pub sticks: Option<u32>,
    /// Rules preset: `default`, `tenhou` (no double yakuman), `majsoul` or `mleague` (no double
    /// or kazoe yakuman, kiriage mangan); the rule flags below change it.
    #[arg(long, default_value = "default", value_parser = preset_name)]
    pub rules: String,
    /// Rules: no open tanyao.
    #[arg(long)]
    pub no_kuitan: bool,
    /// Rules: red fives are not dora.
    #[arg(long)]
    pub no_aka: bool,
    /// Rules: kiriage mangan.
    #[arg(long)]
    pub kiriage: bool,
    /// Rules: no kazoe yakuman (13+ han is sanbaiman).
    #[arg(long)]
    pub no_kazoe: bool,
    /// Rules: no double yakuman.
    #[arg(long)]
    pub no_double_yakuman: bool,
    /// Rules: fu for a pair of the wind that is both seat and round wind (2 or 4; default: the
    /// preset's).
    #[arg(long, value_parser = pair_fu)]
    pub double_wind_pair_fu: Option<u8>,
    /// Print one JSON object per hand.
    ///
    /// Fields: `hand`, `han`, `fu`, `limit` (`mangan`, ..., or empty), `points` (`total`, `ron`,
    /// and for a tsumo `dealer` and `non_dealer`: what the dealer and each other player pay),
    /// `yaku` (`name`, `han`), `fu_parts` (`name`, `fu`, and `tile` for a group). A hand with no
    /// yaku prints han 0 and `"error": "no yaku"` (exit 0); a hand or request that cannot be
    /// read prints `error` and `input` (and `line` when read from `-`), exit 2.
    #[arg(long)]
    pub json: bool,
}

fn pair_fu(text: &str) -> Result<u8, String> {
    match text {
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err(format!("'{text}' is not 2 or 4")),
    }
}

fn tile(text: &str, what: &str) -> Result<Tile, String> {
    red_or_plain(text, what).map(ParsedTile::tile)
}

/// A tile and whether it was written as a red five (`0m`).
fn red_or_plain(text: &str, what: &str) -> Result<ParsedTile, String> {
    parse_tile(text).map_err(|e| format!("{what} '{text}': {e}"))
}

/// Checks the red fives written among the winning tile and the indicators against the
/// hand's: a red winning tile must be a red five of the closed hand, and an indicator written
/// red cannot be a second red five of its suit (one per suit in the set).
fn check_red_fives(hand: &Hand, win: (&str, &str), indicators: &[(&str, &[String])]) -> Result<(), String> {
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

fn wind(text: &str, what: &str) -> Result<Wind, String> {
    Wind::parse(text).ok_or_else(|| format!("{what} '{text}' is not a wind (E, S, W or N)"))
}

fn tiles(list: &[String], what: &str) -> Result<Vec<Tile>, String> {
    list.iter().map(|t| tile(t, what)).collect()
}

fn hand(text: &str) -> Result<Hand, String> {
    Hand::parse_any_size(text).map_err(|e| format!("hand '{text}': {e}"))
}

fn from_flags(args: &Args) -> Result<Situation, String> {
    let win = args.win.as_deref().ok_or("--win TILE is required (the winning tile)")?;
    let mut s = Situation::new(hand(&args.hand)?, tile(win, "--win")?);
    check_red_fives(
        &s.hand,
        ("--win", win),
        &[("--dora-indicator", &args.dora_indicators), ("--ura-indicator", &args.ura_indicators)],
    )?;
    s.conditions.tsumo = args.tsumo;
    s.conditions.riichi = args.riichi;
    s.conditions.double_riichi = args.double_riichi;
    s.conditions.ippatsu = args.ippatsu;
    s.conditions.haitei = args.haitei;
    s.conditions.houtei = args.houtei;
    s.conditions.rinshan = args.rinshan;
    s.conditions.chankan = args.chankan;
    s.conditions.tenhou = args.tenhou;
    s.conditions.chiihou = args.chiihou;
    s.conditions.seat = wind(args.seat.as_deref().unwrap_or("E"), "--seat")?;
    s.conditions.round = wind(args.round.as_deref().unwrap_or("E"), "--round")?;
    s.dora_indicators = tiles(&args.dora_indicators, "--dora-indicator")?;
    s.ura_indicators = tiles(&args.ura_indicators, "--ura-indicator")?;
    s.conditions.honba = args.honba.unwrap_or(0);
    s.conditions.sticks = args.sticks.unwrap_or(0);
    Ok(s)
}

/// The flags that describe the one hand given on the command line (a batch's JSON requests
/// carry these as fields; the rule flags apply to both).
fn situation_flags(args: &Args) -> Vec<&'static str> {
    [
        (args.win.is_some(), "--win"),
        (args.tsumo, "--tsumo"),
        (args.riichi, "--riichi"),
        (args.double_riichi, "--double-riichi"),
        (args.ippatsu, "--ippatsu"),
        (args.haitei, "--haitei"),
        (args.houtei, "--houtei"),
        (args.rinshan, "--rinshan"),
        (args.chankan, "--chankan"),
        (args.tenhou, "--tenhou"),
        (args.chiihou, "--chiihou"),
        (args.seat.is_some(), "--seat"),
        (args.round.is_some(), "--round"),
        (!args.dora_indicators.is_empty(), "--dora-indicator"),
        (!args.ura_indicators.is_empty(), "--ura-indicator"),
        (args.honba.is_some(), "--honba"),
        (args.sticks.is_some(), "--sticks"),
    ]
    .into_iter()
    .filter_map(|(given, name)| given.then_some(name))
    .collect()
}

const FIELDS: [&str; 20] = [
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

/// A situation from one JSON request line.
fn from_json(line: &str) -> Result<Situation, String> {
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
fn describe(s: &Situation, rules: &Rules) -> Result<Output, String> {
    let how = if s.conditions.tsumo { "tsumo" } else { "ron" };
    let head =
        format!("hand:   {}  win {} ({how}, seat {}, round {})", s.hand, s.win, s.conditions.seat, s.conditions.round);
    let outcome = score(s, rules).map_err(|e| e.to_string())?;
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

/// The rules: the preset `preset` changed by the rule flags.
fn rules(args: &Args, preset: Rules) -> Rules {
    let mut rules = preset;
    rules.kuitan &= !args.no_kuitan;
    rules.aka_dora &= !args.no_aka;
    rules.kiriage |= args.kiriage;
    rules.kazoe_yakuman &= !args.no_kazoe;
    rules.double_yakuman &= !args.no_double_yakuman;
    if let Some(fu) = args.double_wind_pair_fu {
        rules.double_wind_pair_fu = fu;
    }
    rules
}

/// The rules of one JSON request line: its `rules` preset (else `--rules`), changed by the
/// rule flags.
fn request_rules(args: &Args, line: &str) -> Result<Rules, String> {
    let preset = match Request::parse(line, &FIELDS)?.text("rules")? {
        Some(name) => rules_preset(name).map_err(|e| format!("field 'rules': {e}"))?,
        None => rules_preset(&args.rules)?,
    };
    Ok(rules(args, preset))
}

/// Runs `haipai score`.
pub fn run(args: &Args) -> u8 {
    if args.hand == "-" {
        let given = situation_flags(args);
        if !given.is_empty() {
            crate::output::error(format_args!(
                "{} describe a hand on the command line; with `-` each JSON request gives them as fields",
                given.join(", ")
            ));
            return crate::common::BAD_INPUT;
        }
        for_each_request("-", args.json, |line| describe(&from_json(line)?, &request_rules(args, line)?))
    } else {
        let rules = rules_preset(&args.rules).map(|preset| rules(args, preset));
        for_each_input(&args.hand, args.json, |_| describe(&from_flags(args)?, rules.as_ref()?))
    }
}

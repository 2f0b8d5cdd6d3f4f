//! `haipai score HAND --win TILE ...`: the yaku, fu and payments of a winning hand; `-` reads
//! one JSON request per line.

use crate::common::{Output, add_red_five, for_each_input, hand_red_fives, whole};
use haipai::score::{Outcome, Rules, Score, Situation, score};
use haipai::tiles::Wind;
use haipai::tiles::{Hand, ParsedTile, Tile, parse_tile};
use serde_json::{Value, json};

/// Arguments of `haipai score`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The closed tiles including the winning tile, then called melds in brackets
    /// (`234567m22p234s[555z]`); or `-` to read one JSON request a line (fields `hand`,
    /// `melds`, `win`, `tsumo`, `riichi`, `double_riichi`, `ippatsu`, `haitei`, `houtei`,
    /// `rinshan`, `chankan`, `tenhou`, `chiihou`, `seat`, `round`, `dora_indicators`,
    /// `ura_indicators`, `honba`, `sticks`).
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
    /// Rules: fu for a pair of the wind that is both seat and round wind (2 or 4).
    #[arg(long, default_value_t = 4, value_parser = pair_fu)]
    pub double_wind_pair_fu: u8,
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

const FIELDS: [&str; 19] = [
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
];

/// The first field of the JSON object `line` that is given twice (which `Value` would read as
/// its last value, silently), if any.
fn field_given_twice(line: &str) -> Option<String> {
    /// The keys of a JSON object, in order, duplicates kept.
    struct Keys(Vec<String>);
    impl<'de> serde::Deserialize<'de> for Keys {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Keys, D::Error> {
            struct Visit;
            impl<'de> serde::de::Visitor<'de> for Visit {
                type Value = Keys;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a JSON object")
                }
                fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Keys, M::Error> {
                    let mut keys = Vec::new();
                    while let Some((k, _)) = map.next_entry::<String, serde::de::IgnoredAny>()? {
                        keys.push(k);
                    }
                    Ok(Keys(keys))
                }
            }
            d.deserialize_map(Visit)
        }
    }
    let Keys(keys) = serde_json::from_str(line).ok()?;
    keys.iter().enumerate().find(|(i, k)| keys[..*i].contains(k)).map(|(_, k)| k.clone())
}

/// One JSON request line's fields, read one by one with errors naming the field.
struct Request(serde_json::Map<String, Value>);

impl Request {
    /// The request of `line`: a JSON object with no field given twice and none unknown.
    fn parse(line: &str) -> Result<Request, String> {
        let req: Value = serde_json::from_str(line).map_err(|e| format!("not a JSON request: {e}"))?;
        let Value::Object(obj) = req else {
            return Err("a request is a JSON object".to_string());
        };
        if let Some(k) = field_given_twice(line) {
            return Err(format!("field '{k}' is given twice"));
        }
        if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(format!("unknown field '{k}' (fields: {})", FIELDS.join(", ")));
        }
        Ok(Request(obj))
    }

    /// The string field `k`, if given (null counts as not given).
    fn text(&self, k: &str) -> Result<Option<&str>, String> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_str().map(Some).ok_or(format!("field '{k}' must be a string")),
        }
    }

    /// The list-of-strings field `k`; empty when not given.
    fn list(&self, k: &str) -> Result<Vec<String>, String> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map(String::from).ok_or(format!("field '{k}' must list strings")))
                .collect(),
            Some(_) => Err(format!("field '{k}' must be a list of strings")),
        }
    }

    /// The true-or-false field `k`; false when not given.
    fn flag(&self, k: &str) -> Result<bool, String> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(false),
            Some(v) => v.as_bool().ok_or(format!("field '{k}' must be true or false")),
        }
    }

    /// The non-negative integer field `k` (at most `u32::MAX`); 0 when not given.
    fn number(&self, k: &str) -> Result<u32, String> {
        let too_large = || format!("field '{k}' is too large (at most {})", u32::MAX);
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(0),
            Some(Value::Number(n)) if n.as_u64().is_some() => {
                n.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(too_large)
            }
            // Past u64, serde_json reads a whole number as a float.
            Some(Value::Number(n)) if n.as_f64().is_some_and(|f| f.fract() == 0.0 && f > f64::from(u32::MAX)) => {
                Err(too_large())
            }
            Some(_) => Err(format!("field '{k}' must be a non-negative integer")),
        }
    }

    /// The hand in the notation `hand` reads: field `hand`, then each of `melds` in brackets
    /// (added where the meld has none).
    fn full_hand(&self) -> Result<String, String> {
        let mut full = self.text("hand")?.ok_or("field 'hand' is required")?.to_string();
        for m in self.list("melds")? {
            if m.starts_with('[') {
                full.push_str(&m);
            } else {
                full.push_str(&format!("[{m}]"));
            }
        }
        Ok(full)
    }

    /// Sets the situation's yes-or-no fields (`tsumo`, `riichi`, ...) from the request.
    fn set_flags(&self, s: &mut Situation) -> Result<(), String> {
        s.conditions.tsumo = self.flag("tsumo")?;
        s.conditions.riichi = self.flag("riichi")?;
        s.conditions.double_riichi = self.flag("double_riichi")?;
        s.conditions.ippatsu = self.flag("ippatsu")?;
        s.conditions.haitei = self.flag("haitei")?;
        s.conditions.houtei = self.flag("houtei")?;
        s.conditions.rinshan = self.flag("rinshan")?;
        s.conditions.chankan = self.flag("chankan")?;
        s.conditions.tenhou = self.flag("tenhou")?;
        s.conditions.chiihou = self.flag("chiihou")?;
        Ok(())
    }
}

/// A situation from one JSON request line.
fn from_json(line: &str) -> Result<Situation, String> {
    let req = Request::parse(line)?;
    let full = req.full_hand()?;
    let win = req.text("win")?.ok_or("field 'win' is required")?;
    let mut s = Situation::new(hand(&full)?, tile(win, "win")?);
    let (dora, ura) = (req.list("dora_indicators")?, req.list("ura_indicators")?);
    check_red_fives(&s.hand, ("win", win), &[("dora indicator", &dora), ("ura indicator", &ura)])?;
    req.set_flags(&mut s)?;
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

/// Runs `haipai score`.
pub fn run(args: &Args) -> u8 {
    let rules = Rules::default()
        .kuitan(!args.no_kuitan)
        .aka_dora(!args.no_aka)
        .kiriage(args.kiriage)
        .kazoe_yakuman(!args.no_kazoe)
        .double_yakuman(!args.no_double_yakuman)
        .double_wind_pair_fu(args.double_wind_pair_fu);
    if args.hand == "-" {
        let given = situation_flags(args);
        if !given.is_empty() {
            crate::output::error(format_args!(
                "{} describe a hand on the command line; with `-` each JSON request gives them as fields",
                given.join(", ")
            ));
            return crate::common::BAD_INPUT;
        }
        for_each_input("-", args.json, |line| describe(&from_json(line)?, &rules))
    } else {
        for_each_input(&args.hand, args.json, |_| describe(&from_flags(args)?, &rules))
    }
}

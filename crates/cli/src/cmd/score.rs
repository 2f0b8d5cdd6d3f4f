//! `haipai score HAND --win TILE ...`: the yaku, fu and payments of a winning hand; `-` reads
//! one JSON request per line.

use crate::common::{for_each_input, for_each_request, preset_name, rules_preset, whole};
use haipai::score::{Rules, Situation};
use haipai_api::Request;
use haipai_api::score::{FIELDS, check_red_fives, describe, from_json, hand, tile, tiles, wind};

/// Arguments of `haipai score`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The closed tiles including the winning tile, then called melds in brackets
    /// (`234567m22p234s[555z]`); or `-` to read one JSON request a line (fields `hand`,
    /// `melds`, `win`, `tsumo`, `riichi`, `double_riichi`, `ippatsu`, `haitei`, `houtei`,
    /// `rinshan`, `chankan`, `tenhou`, `chiihou`, `seat`, `round`, `dora_indicators`,
    /// `ura_indicators`, `honba`, `sticks`, `rules` (a preset, as `--rules`), and `id`: any JSON
    /// value, echoed by the answer and by an error; a line that is not JSON has none).
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

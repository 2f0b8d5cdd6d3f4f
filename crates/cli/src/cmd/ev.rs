//! `haipai ev HAND`: the 何切る table of one-player expected value (docs/ev-model.md): one row
//! per distinct discard with the shanten after it, expected points, win and tenpai probability,
//! the necessary tiles with their live copies and flags; `-` reads one hand or one JSON request
//! (the whole position and its options) a line.

mod report;

use crate::common::{Output, for_each_request, preset_name, rules_preset, whole};
use haipai::ev::{Standard, Workspace, evaluate_with};
use haipai_api::ev::{
    Context, FIELDS, Switches, TileList, check_indicator_count, model, objective, riichi, tile, wind,
};
use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;
/// Arguments of `haipai ev`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A 14-tile hand (which tile to discard) or a 13-tile hand (its value as it stands),
    /// called melds in brackets; `-` reads standard input, one hand or one JSON request a line.
    ///
    /// A JSON request gives the whole position and its options as fields, each replacing the
    /// flag of the same meaning for that line: `hand` (required; closed tiles, or all with
    /// melds in brackets), `melds` (list, e.g. `["789s", "5555z*"]`), `turn`, `seat`, `round`,
    /// `dora_indicators` (list), `visible` and `discards` (tiles, as one string `"147m3s"` or a
    /// list of strings; red fives seen written `0m`/`0p`/`0s`), `model`, `objective`, `riichi`,
    /// `budget`, `rules`, `may_decline`, `no_ura`, `no_ippatsu`, `no_double_riichi`, `no_haitei`,
    /// `no_red`, `no_dora`, `no_menzen_tsumo` (true or false: true is the flag, false counts
    /// that score as the model does, whatever the flag), `top`, and `id` (any JSON value,
    /// echoed by the answer and by an error; a line that is not JSON has none). For example:
    /// {"id": 1, "hand": "222567m345p33667s", "dora_indicators": ["1z"], "model": "article"}
    pub hand: String,
    /// The turn, 1..=17 (turn 1 has 17 draws left after the discard).
    #[arg(long, default_value_t = 1, value_parser = whole(1u8, 17))]
    pub turn: u8,
    /// Seat wind: E (dealer), S, W or N.
    #[arg(long, default_value = "E")]
    pub seat: String,
    /// Round wind: E, S, W or N.
    #[arg(long, default_value = "E")]
    pub round: String,
    /// Dora indicators, kan dora included (repeat or list: `--dora-indicator 1z 5m`). None by
    /// default, and then no ura-dora either (a win turns over one ura indicator per dora
    /// indicator): a game in progress always shows at least one.
    #[arg(long = "dora-indicator", num_args = 1..)]
    pub dora_indicators: Vec<String>,
    /// Other tiles already seen (the opponents' discards and melds), in one or several lists:
    /// `--visible 7s19m` or `--visible 7s 19m`; `0p` is the red 5p.
    #[arg(long, num_args = 1..)]
    pub visible: Vec<String>,
    /// Your own discards so far (seen tiles, so not also in `--visible`), in one or several
    /// lists: a discard that leaves tenpai on a wait among them (or on the tile it throws) is
    /// flagged `furiten`.
    #[arg(long, num_args = 1..)]
    pub discards: Vec<String>,
    /// Model preset: `full` (every scoring option on, riichi always, one exchange beyond the
    /// minimum) or `article` (document 001: riichi always, no ura-dora, ippatsu, double
    /// riichi, haitei, red fives or hand change). The flags below change the preset.
    #[arg(long, default_value = "full")]
    pub model: String,
    /// Scoring rules preset: `default`, `tenhou` (no double yakuman), `majsoul` or `mleague` (no
    /// double or kazoe yakuman, kiriage mangan).
    #[arg(long, default_value = "default", value_parser = preset_name)]
    pub rules: String,
    /// What each decision maximises: `points` (the default) or `win`.
    #[arg(long)]
    pub objective: Option<String>,
    /// Riichi policy for a closed hand discarding into tenpai: `always`, `never` (dama) or
    /// `best` (the better at each decision; also shows riichi against dama and flags the
    /// discard `riichi` or `dama`). Default: `always`.
    #[arg(long)]
    pub riichi: Option<String>,
    /// Exchanges allowed beyond the minimum needed to win (0: no hand change or shanten-back).
    /// Default: 1 with `--model full`, 0 with `--model article`; a default budget whose states
    /// would not fit `--max-states` is lowered (a line above the table says so), one given
    /// here is not (the question is refused).
    #[arg(long, value_parser = whole(0, u8::MAX))]
    pub budget: Option<u8>,
    /// The most states to list (default 50 million, a few GB): past it a default budget is
    /// lowered, a `--budget` given is refused.
    #[arg(long, value_parser = whole(0, usize::MAX))]
    pub max_states: Option<usize>,
    /// Show only the N best discards.
    #[arg(long, value_parser = whole(1, usize::MAX))]
    pub top: Option<usize>,
    /// Do not count ura-dora.
    #[arg(long)]
    pub no_ura: bool,
    /// Do not count ippatsu.
    #[arg(long)]
    pub no_ippatsu: bool,
    /// Do not count double riichi.
    #[arg(long)]
    pub no_double_riichi: bool,
    /// Do not count haitei.
    #[arg(long)]
    pub no_haitei: bool,
    /// Do not count red fives.
    #[arg(long)]
    pub no_red: bool,
    /// Do not count dora (the indicators given; ura-dora are `--no-ura`).
    #[arg(long)]
    pub no_dora: bool,
    /// Do not count menzen tsumo (the closed hand's self-drawn win).
    #[arg(long)]
    pub no_menzen_tsumo: bool,
    /// A complete hand may decline to win (before riichi) when going on is worth more.
    #[arg(long)]
    pub may_decline: bool,
    /// Print the values at every turn 1..=17 as well.
    #[arg(long)]
    pub per_turn: bool,
    /// Print one JSON object per hand.
    ///
    /// Fields: `hand`, `turn`, `rules`, `model` (the model line above the table), `double_riichi` (whether a riichi now is a double
    /// riichi, counted), `unseen`, `shanten`, `candidates` (best first; the `--top` best), each
    /// with `discard` (null for a 13-tile hand), `shanten` (after the discard), `points`, `win`,
    /// `tenpai` (probabilities 0..1), `flags` (`shanten-back`, `riichi` or `dama`, `furiten`),
    /// `necessary` (`tile`, `live`, `points`: that draw's share of the expected points),
    /// `other_points` (the rest: hand changes), `per_turn` (`points`, `win`, `tenpai` at turns
    /// 1..17, always included), and `riichi` and `dama` (the value of each) when the discard
    /// leaves a closed tenpai hand and `--riichi` is not `never`; `budget`: `asked`, `used` and
    /// `lowered` (null, or `by` "estimate" or "listing" and `max_states`); `id` when the
    /// request gave one. A hand that cannot be read prints `error` and `input` (and `line`
    /// when read from `-`, `id` when given) instead, and the exit code is 2. For example:
    /// {"budget":{...},"candidates":[{"discard":"6s","flags":[],"points":4282.35...,"shanten":0,...}],"hand":"222567m345p33667s","model":"model: one player, ...",...}
    #[arg(long)]
    pub json: bool,
}

/// The flags' context, read once (a bad flag is one error, not one per line of a batch).
fn context(args: &Args) -> Result<Context, String> {
    check_indicator_count(args.dora_indicators.len(), "--dora-indicator")?;
    let mut options = model(&args.model, "--model")?;
    if let Some(o) = &args.objective {
        options.objective = objective(o, "--objective")?;
    }
    if let Some(r) = &args.riichi {
        options.riichi = riichi(r, "--riichi")?;
    }
    // A budget asked for is kept (a question it cannot fit is refused); the preset's is
    // lowered when it cannot fit (said above the table).
    if let Some(b) = args.budget {
        options.extra_exchanges = b;
        options.lower_budget = false;
    }
    if let Some(n) = args.max_states {
        options.max_states = n;
    }
    let mut ctx = Context::default();
    ctx.turn = args.turn;
    ctx.seat = wind(&args.seat, "--seat")?;
    ctx.round = wind(&args.round, "--round")?;
    ctx.dora_indicators = args
        .dora_indicators
        .iter()
        .map(|t| Ok((tile(t, "--dora-indicator")?, t.clone())))
        .collect::<Result<_, String>>()?;
    ctx.dora_what = "--dora-indicator";
    ctx.visible = TileList::parse(&args.visible, "--visible")?;
    ctx.visible_what = "--visible";
    ctx.discards = TileList::parse(&args.discards, "--discards")?;
    ctx.discards_what = "--discards";
    ctx.model = args.model.clone();
    ctx.switches = switches(args);
    ctx.options = ctx.switches.apply(options);
    ctx.rules_name = args.rules.clone();
    ctx.rules = rules_preset(&args.rules)?;
    ctx.top = args.top;
    ctx.check_red_fives(&[0; 3])?;
    Ok(ctx)
}

/// The scoring switches of the flags (`--no-ura`, ...).
fn switches(args: &Args) -> Switches {
    let mut s = Switches::default();
    s.no_ura = args.no_ura;
    s.no_ippatsu = args.no_ippatsu;
    s.no_double_riichi = args.no_double_riichi;
    s.no_haitei = args.no_haitei;
    s.no_red = args.no_red;
    s.no_dora = args.no_dora;
    s.no_menzen_tsumo = args.no_menzen_tsumo;
    s.may_decline = args.may_decline;
    s
}

/// Runs `f`; when it takes over a second and stderr is a terminal, shows a spinner meanwhile.
fn with_spinner<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    if !std::io::stderr().is_terminal() {
        return f();
    }
    let (done, wait) = mpsc::channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            if wait.recv_timeout(Duration::from_secs(1)).is_ok() {
                return;
            }
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_message("computing expected values");
            bar.enable_steady_tick(Duration::from_millis(120));
            let _ = wait.recv();
            bar.finish_and_clear();
        });
        let out = f();
        let _ = done.send(());
        out
    })
}

/// The context and hand of one input line: a JSON request (a line starting with `{`) or a
/// hand alone, in the flags' context.
fn read_line(base: &Context, line: &str) -> Result<(Context, String), String> {
    if !line.starts_with('{') {
        return Ok((base.clone(), line.to_string()));
    }
    haipai_api::ev::read(line, base, &FIELDS)
}

/// Runs `haipai ev`.
pub fn run(args: &Args) -> u8 {
    let base = match context(args) {
        Ok(base) => base,
        Err(e) => {
            crate::output::error(e);
            return crate::common::BAD_INPUT;
        }
    };
    // One workspace for every question of a batch: each after the first reuses the memory
    // of the ones before it (the same answers, faster). A single question frees its memory
    // as soon as it is not needed (a lower peak).
    let mut workspace = (args.hand == "-").then(Workspace::new);
    for_each_request(&args.hand, args.json, |line| {
        let (ctx, hand) = if args.hand == "-" { read_line(&base, line)? } else { (base.clone(), line.to_string()) };
        let q = ctx.query(&hand)?;
        let oracle = Standard { rules: ctx.rules };
        // A table without the values at every turn reads only the question's: the pass
        // starts there (the same numbers, sooner the later the turn).
        let options = ctx.options.clone().every_turn(args.json || args.per_turn);
        let a = with_spinner(|| match workspace.as_mut() {
            Some(workspace) => workspace.evaluate_with(&oracle, &q, &options),
            None => evaluate_with(&oracle, &q, &options),
        })
        .map_err(|e| e.to_string())?;
        Ok::<Output, String>(report::describe(
            &haipai_api::ev::Question { query: &q, context: &ctx },
            &a,
            args.per_turn,
        ))
    })
}

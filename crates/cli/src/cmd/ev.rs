//! `haipai ev HAND`: the 何切る table of one-player expected value (docs/ev-model.md): one row
//! per distinct discard with expected points, win and tenpai probability and the necessary
//! tiles with their live copies; `-` reads one hand a line.

use crate::common::{Output, add_red_five, for_each_input, hand_red_fives, whole};
use haipai::ev::{Analysis, Budget, Candidate, Lowering, Objective, Options, Query, RiichiPolicy, Workspace, evaluate};
use haipai::tiles::Wind;
use haipai::tiles::{Hand, Tile, parse_counts, parse_tile};
use serde_json::{Value, json};
use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;

/// Arguments of `haipai ev`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A 14-tile hand (which tile to discard) or a 13-tile hand (its value as it stands),
    /// called melds in brackets; `-` reads one hand a line from standard input.
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
    /// Other tiles already seen (discards, other players' melds), e.g. `7s19m`.
    #[arg(long)]
    pub visible: Option<String>,
    /// Model preset: `full` (every scoring option on, riichi always, one exchange beyond the
    /// minimum) or `article` (document 001: riichi always, no ura-dora, ippatsu, double
    /// riichi, haitei, red fives or hand change). The flags below change the preset.
    #[arg(long, default_value = "full")]
    pub model: String,
    /// What each decision maximises: `points` (the default) or `win`.
    #[arg(long)]
    pub objective: Option<String>,
    /// Riichi policy for a closed hand discarding into tenpai: `always`, `never` (dama) or
    /// `best` (the better at each decision; also shows riichi against dama). Default: `always`.
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
    /// Fields: `hand`, `turn`, `unseen`, `shanten`, `candidates` (best first), each with
    /// `discard` (null for a 13-tile hand), `shanten`, `points`, `win`, `tenpai` (probabilities
    /// 0..1), `necessary` (`tile`, `live`, `points`: that draw's share of the expected points),
    /// `other_points` (the rest: hand changes), `per_turn` (`points`, `win`, `tenpai` at turns
    /// 1..17, always included), and `riichi` and `dama` (the value of each) when the discard
    /// leaves a closed tenpai hand and `--riichi` is not `never`; `budget`: `asked`, `used` and
    /// `lowered` (null, or `by` "estimate" or "listing" and `max_states`). A hand that cannot be read
    /// prints `error` and `input` (and `line` when read from `-`) instead, and the exit code
    /// is 2.
    #[arg(long)]
    pub json: bool,
}

fn tile(text: &str, what: &str) -> Result<Tile, String> {
    parse_tile(text).map(|p| p.tile()).map_err(|e| format!("{what} '{text}': {e}"))
}

fn wind(text: &str, what: &str) -> Result<Wind, String> {
    Wind::parse(text).ok_or_else(|| format!("{what} '{text}' is not a wind (E, S, W or N)"))
}

fn options(args: &Args) -> Result<Options, String> {
    let mut o = match args.model.as_str() {
        "full" | "default" => Options::default(),
        "article" => Options::article(),
        other => return Err(format!("--model '{other}': expected full or article")),
    };
    if let Some(obj) = &args.objective {
        o.objective = match obj.as_str() {
            "points" => Objective::Points,
            "win" => Objective::Win,
            other => return Err(format!("--objective '{other}': expected points or win")),
        };
    }
    if let Some(r) = &args.riichi {
        o.riichi = match r.as_str() {
            "always" => RiichiPolicy::Always,
            "never" | "dama" => RiichiPolicy::Never,
            "best" => RiichiPolicy::Best,
            other => return Err(format!("--riichi '{other}': expected always, never or best")),
        };
    }
    // A budget asked for is kept (a question it cannot fit is refused); the preset's is
    // lowered when it cannot fit (said above the table).
    if let Some(b) = args.budget {
        o.extra_exchanges = b;
        o.lower_budget = false;
    }
    if let Some(n) = args.max_states {
        o.max_states = n;
    }
    o.ura_dora &= !args.no_ura;
    o.ippatsu &= !args.no_ippatsu;
    o.double_riichi &= !args.no_double_riichi;
    o.haitei &= !args.no_haitei;
    o.red_fives &= !args.no_red;
    o.dora &= !args.no_dora;
    o.menzen_tsumo &= !args.no_menzen_tsumo;
    o.may_decline |= args.may_decline;
    Ok(o)
}

/// The question's flags: everything but the hand.
struct Flags {
    seat: Wind,
    round: Wind,
    dora_indicators: Vec<Tile>,
    visible: haipai::tiles::Counts,
    /// Red fives written among the indicators and the visible tiles, per suit.
    red_seen: [u8; 3],
}

/// The flags, read once (a bad flag is one error, not one per line of a batch).
fn flags(args: &Args) -> Result<Flags, String> {
    let most = haipai::score::MAX_INDICATORS;
    if args.dora_indicators.len() > most {
        let n = args.dora_indicators.len();
        return Err(format!("--dora-indicator: {n} indicators, at most {most} (one, and one for each kan)"));
    }
    Ok(Flags {
        seat: wind(&args.seat, "--seat")?,
        round: wind(&args.round, "--round")?,
        dora_indicators: args.dora_indicators.iter().map(|t| tile(t, "--dora-indicator")).collect::<Result<_, _>>()?,
        visible: match &args.visible {
            Some(v) => parse_counts(v).map_err(|e| format!("--visible '{v}': {e}"))?,
            None => [0; 34],
        },
        red_seen: red_fives_seen(args)?,
    })
}

/// The red fives written among the dora indicators and the visible tiles, per suit (a second
/// one of a suit is an error naming the flag).
fn red_fives_seen(args: &Args) -> Result<[u8; 3], String> {
    let mut reds = [0u8; 3];
    add_flag_red_fives(&mut reds, args)?;
    Ok(reds)
}

/// Adds to `reds` the red fives written in `--dora-indicator` and `--visible` (a second one of
/// a suit is an error naming the flag).
fn add_flag_red_fives(reds: &mut [u8; 3], args: &Args) -> Result<(), String> {
    for text in &args.dora_indicators {
        if let Ok(p) = parse_tile(text)
            && p.is_red()
        {
            add_red_five(reds, p.tile(), "--dora-indicator", text)?;
        }
    }
    if let Some(v) = &args.visible {
        let seen = Hand::parse_any_size(v).map_err(|e| format!("--visible '{v}': {e}"))?.closed_red_fives();
        for (suit, &n) in seen.iter().enumerate() {
            if let (1, Some(five)) = (n, Tile::new(9 * suit + 4)) {
                add_red_five(reds, five, "--visible", v)?;
            }
        }
    }
    Ok(())
}

/// The question for one hand, with the flags.
fn query(args: &Args, flags: &Flags, hand: &str) -> Result<Query, String> {
    let hand = Hand::parse_any_size(hand).map_err(|e| format!("hand '{hand}': {e}"))?;
    check_red_fives(&hand, args)?;
    let mut q = Query::new(hand);
    q.turn = args.turn;
    q.seat = flags.seat;
    q.round = flags.round;
    q.dora_indicators = flags.dora_indicators.clone();
    q.visible = flags.visible;
    q.red_seen = flags.red_seen;
    Ok(q)
}

/// Refuses a second red five of a suit between the hand, the dora indicators and the visible
/// tiles (the set has one of each).
fn check_red_fives(hand: &Hand, args: &Args) -> Result<(), String> {
    add_flag_red_fives(&mut hand_red_fives(hand), args)
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

fn pct(x: f64) -> String {
    format!("{:.2}", 100.0 * x)
}

fn discard_name(c: &Candidate) -> String {
    c.discard.map_or_else(|| "-".to_string(), |t| t.to_string())
}

fn necessary_text(c: &Candidate) -> String {
    let tiles: String = c.necessary.iter().map(|n| n.tile.to_string()).collect();
    let live: u32 = c.necessary.iter().map(|n| u32::from(n.live)).sum();
    if tiles.is_empty() { "-".to_string() } else { format!("{tiles} ({live})") }
}

/// The report's first lines: the question, the note for a complete hand and the table's header.
fn header_text(q: &Query, a: &Analysis) -> String {
    let mut text = format!(
        "hand {}  turn {}  seat {}  round {}  unseen {}  shanten {}",
        q.hand,
        q.turn,
        q.seat.letter(),
        q.round.letter(),
        a.unseen,
        a.shanten
    );
    if a.shanten < 0 {
        text.push_str(&format!(
            "\ncomplete: winning now is not among the answers (`haipai score {} --win TILE --tsumo` scores it)",
            q.hand
        ));
    }
    if a.budget.lowered.is_some() {
        text.push_str(&format!("\nanswered with exchange {}", a.budget));
    }
    text.push_str(&format!("\n{:<8}{:>10}{:>8}{:>10}  necessary", "discard", "points", "win %", "tenpai %"));
    text
}

/// The lines of one candidate's values at every turn: points, win % and tenpai %.
fn per_turn_text(c: &Candidate) -> String {
    let row = |v: &[f64], scale: f64| v.iter().map(|x| format!("{:.2}", x * scale)).collect::<Vec<_>>().join(" ");
    let mut text = format!("\n{:<8}points by turn: {}", "", row(&c.per_turn.points, 1.0));
    text.push_str(&format!("\n{:<8}win % by turn:  {}", "", row(&c.per_turn.win, 100.0)));
    text.push_str(&format!("\n{:<8}tenpai % by turn: {}", "", row(&c.per_turn.tenpai, 100.0)));
    text
}

/// One candidate's row of the table, with its riichi against dama line (`best_riichi`) and
/// its values at every turn (`per_turn`).
fn candidate_text(c: &Candidate, best_riichi: bool, per_turn: bool) -> String {
    let mut text = format!(
        "\n{:<8}{:>10.2}{:>8}{:>10}  {}",
        discard_name(c),
        c.value.points,
        pct(c.value.win),
        pct(c.value.tenpai),
        necessary_text(c)
    );
    if best_riichi && let (Some(r), Some(d)) = (c.riichi, c.dama) {
        text.push_str(&format!(
            "\n{:<8}riichi {:.2} ({}% win) against dama {:.2} ({}% win)",
            "",
            r.points,
            pct(r.win),
            d.points,
            pct(d.win)
        ));
    }
    if per_turn {
        text.push_str(&per_turn_text(c));
    }
    text
}

/// One candidate as a JSON object (see `--json`).
fn candidate_json(c: &Candidate) -> Value {
    let mut v = json!({
        "discard": c.discard.map(|t| t.to_string()),
        "shanten": c.shanten,
        "points": c.value.points,
        "win": c.value.win,
        "tenpai": c.value.tenpai,
        "necessary": c.necessary.iter().map(|n| json!({
            "tile": n.tile.to_string(), "live": n.live, "points": n.points,
        })).collect::<Vec<_>>(),
        // The points whose first kept draw is no necessary tile (hand changes): with the
        // necessary tiles' points, the candidate's points.
        "other_points": c.other_points,
        "per_turn": {
            "points": c.per_turn.points,
            "win": c.per_turn.win,
            "tenpai": c.per_turn.tenpai,
        },
    });
    if let (Some(r), Some(d)) = (c.riichi, c.dama) {
        v["riichi"] = json!({"points": r.points, "win": r.win, "tenpai": r.tenpai});
        v["dama"] = json!({"points": d.points, "win": d.win, "tenpai": d.tenpai});
    }
    v
}

/// The exchange budget of an answer as JSON (see `--json`).
fn budget_json(b: Budget) -> Value {
    let lowered = match b.lowered {
        None => Value::Null,
        Some(Lowering::Estimated(n)) => json!({"by": "estimate", "max_states": n}),
        Some(Lowering::Listed(n)) => json!({"by": "listing", "max_states": n}),
        Some(_) => json!({"by": "other"}),
    };
    json!({"asked": b.asked, "used": b.used, "lowered": lowered})
}

/// The report of one answered question, text and JSON.
fn describe(q: &Query, o: &Options, a: &Analysis, per_turn: bool) -> Output {
    let best_riichi = o.riichi == RiichiPolicy::Best;
    let mut text = header_text(q, a);
    for c in &a.candidates {
        text.push_str(&candidate_text(c, best_riichi, per_turn));
    }
    let candidates: Vec<Value> = a.candidates.iter().map(candidate_json).collect();
    let json = json!({
        "hand": q.hand.to_string(),
        "turn": q.turn,
        "unseen": a.unseen,
        "shanten": a.shanten,
        "candidates": candidates,
        "budget": budget_json(a.budget),
    });
    Output { text, json }
}

/// Runs `haipai ev`.
pub fn run(args: &Args) -> u8 {
    let (opts, base) = match options(args).and_then(|o| Ok((o, flags(args)?))) {
        Ok(both) => both,
        Err(e) => {
            crate::output::error(e);
            return crate::common::BAD_INPUT;
        }
    };
    // One workspace for every question of a batch: each after the first reuses the memory
    // of the ones before it (the same answers, faster). A single question frees its memory
    // as soon as it is not needed (a lower peak).
    let mut workspace = (args.hand == "-").then(Workspace::new);
    for_each_input(&args.hand, args.json, |line| {
        let q = query(args, &base, line)?;
        let a = with_spinner(|| match workspace.as_mut() {
            Some(workspace) => workspace.evaluate(&q, &opts),
            None => evaluate(&q, &opts),
        })
        .map_err(|e| e.to_string())?;
        Ok(describe(&q, &opts, &a, args.per_turn))
    })
}

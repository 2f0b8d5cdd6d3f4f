//! `haipai shanghai solve|review|stats|deal`: mahjong solitaire boards from the terminal.
//!
//! A board is a layout (`--layout NAME`, a built-in or `gridDxRxC`, or `--file PATH` in
//! KMahjongg, GNOME or haipai notation, with `--map NAME` for GNOME files holding several)
//! and a deal (`--seed N`, uniformly random, or winnable by construction with `--winnable`,
//! or `--deal FILE` written by `haipai shanghai deal`). Moves are written `A-B`, the two slot
//! indices (slots are numbered by layer, row, column; `solve --show` prints them).

use std::path::{Path, PathBuf};
use std::time::Instant;

use haipai::shanghai::{
    Bits, Blocking, Board, Budget, Deal, GameReview, Layout, Limit, Move, MoveClass, Solver, Verdict, formats,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use crate::common::{BAD_INPUT, OK, whole};

/// Prints a line to standard output (a closed pipe, `| head`, ends the command quietly).
macro_rules! out {
    ($($arg:tt)*) => {
        crate::output::line(format_args!($($arg)*))
    };
}

/// Arguments of `haipai shanghai`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand, Debug)]
enum Sub {
    /// Solve a deal: the verdict, the moves and the time.
    Solve {
        #[command(flatten)]
        board: BoardArgs,
        #[command(flatten)]
        solver: SolverArgs,
        /// Draw the board with free tiles marked `*` and slot numbers (text output only).
        #[arg(long, conflicts_with = "json")]
        show: bool,
    },
    /// 感想戦: the moves played judged one by one (the first that lost the board, a winning
    /// line from the last winnable position), then every legal move of the position reached
    /// and whether it keeps the board winnable.
    Review {
        #[command(flatten)]
        board: BoardArgs,
        #[command(flatten)]
        solver: SolverArgs,
        /// Moves already played, `A-B` separated by commas or spaces.
        #[arg(long, default_value = "")]
        moves: String,
        /// Draw the board after the moves, free tiles marked `*` (text output only).
        #[arg(long, conflicts_with = "json")]
        show: bool,
    },
    /// Solve many seeded deals: verdict counts, a confidence interval and time percentiles.
    Stats {
        /// Built-in layout: turtle, pyramid, fortress, stairs, or gridDxRxC (document 002).
        #[arg(long, default_value = "turtle")]
        layout: String,
        /// Layout file (KMahjongg .layout, GNOME .map or haipai notation) instead of a built-in.
        #[arg(long, conflicts_with = "layout")]
        file: Option<PathBuf>,
        /// Map name inside a GNOME file.
        #[arg(long, requires = "file")]
        map: Option<String>,
        /// Number of deals (seeds SEED, SEED+1, ...).
        #[arg(long, default_value_t = 1000, value_parser = whole(0, u64::MAX))]
        deals: u64,
        /// First seed.
        #[arg(long, default_value_t = 1, value_parser = whole(0, u64::MAX))]
        seed: u64,
        /// Rule set: standard, or grid (document 002).
        #[arg(long, default_value = "standard")]
        rules: String,
        /// The budget per deal (a deal that runs out of it is counted as unknown).
        #[command(flatten)]
        limits: BudgetArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Print a deal in the text format `solve --deal FILE` reads.
    Deal {
        #[command(flatten)]
        board: BoardArgs,
    },
}

#[derive(clap::Args, Debug)]
struct BoardArgs {
    /// Built-in layout: turtle, pyramid, fortress, stairs, or gridDxRxC (document 002).
    #[arg(long, default_value = "turtle")]
    layout: String,
    /// Layout file (KMahjongg .layout, GNOME .map or haipai notation) instead of a built-in.
    #[arg(long, conflicts_with = "layout")]
    file: Option<PathBuf>,
    /// Map name inside a GNOME file.
    #[arg(long, requires = "file")]
    map: Option<String>,
    /// Deal seed.
    #[arg(long, default_value_t = 1, value_parser = whole(0, u64::MAX))]
    seed: u64,
    /// Deal winnable by construction instead of uniformly at random.
    #[arg(long)]
    winnable: bool,
    /// Read the deal from a file written by `haipai shanghai deal` (its layout, rules and seed;
    /// give `--file` too when it was made for a layout file: of a GNOME file, the map the deal
    /// names unless `--map` names another).
    #[arg(long, conflicts_with_all = ["layout", "seed", "winnable", "rules"])]
    deal: Option<PathBuf>,
    /// Rule set: standard, or grid (document 002).
    #[arg(long, default_value = "standard")]
    rules: String,
}

/// How `solve` and `review` search and print (a `deal` does neither).
#[derive(clap::Args, Debug)]
struct SolverArgs {
    #[command(flatten)]
    limits: BudgetArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The solver's budget: when it gives up (the verdict `unknown`) and how much memory its
/// tables may take.
#[derive(clap::Args, Debug)]
struct BudgetArgs {
    /// Search-node budget per solver call (a review makes one per unresolved move).
    #[arg(long, default_value_t = Budget::default().nodes, value_parser = whole(0, u64::MAX))]
    budget: u64,
    /// Time budget in milliseconds per solve (a review's covers the whole review).
    #[arg(long, default_value_t = default_time_ms(), value_parser = whole(0, u64::MAX))]
    time_ms: u64,
    /// Memory budget of the solver's tables in MiB per solver call (when full, the search
    /// goes on without remembering more lost positions).
    #[arg(long, default_value_t = (Budget::default().memory >> 20) as u64, value_parser = whole(0, u64::MAX))]
    memory_mb: u64,
}

/// The library's default time budget in milliseconds.
fn default_time_ms() -> u64 {
    Budget::default().time.map_or(u64::MAX, |t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX))
}

impl BudgetArgs {
    /// The budget these flags give.
    fn budget(&self) -> Budget {
        let memory = usize::try_from(self.memory_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        Budget { nodes: self.budget, time: Some(std::time::Duration::from_millis(self.time_ms)), memory }
    }
}

/// Why a search answered `unknown`, with the flag that raises the limit it reached.
fn gave_up(limit: Limit) -> String {
    let flag = match limit {
        Limit::Time(_) => "--time-ms",
        _ => "--budget",
    };
    format!("{limit}: raise it with {flag}")
}

impl SolverArgs {
    /// The solver's budget: `--budget` nodes, `--time-ms` and `--memory-mb`.
    fn budget(&self) -> Budget {
        self.limits.budget()
    }
}

/// Runs `work`; its result and the milliseconds it took.
fn timed<T>(work: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let result = work();
    (result, start.elapsed().as_secs_f64() * 1e3)
}

fn parse_rules(text: &str) -> Result<Blocking, String> {
    match text {
        "standard" => Ok(Blocking::Standard),
        "grid" => Ok(Blocking::Grid),
        other => Err(format!("unknown rules '{other}': standard or grid")),
    }
}

fn load_layout(name: &str, file: Option<&PathBuf>, map: Option<&str>) -> Result<Layout, String> {
    match file {
        Some(path) => parse_layout_file(path, &read_layout_file(path)?, map),
        None => Layout::named(name).map_err(|e| e.to_string()),
    }
}

/// The most bytes a layout or deal file may hold: the largest real ones are a few KB, and a
/// device such as `/dev/urandom` would otherwise be read forever.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// The text of the layout or deal file `path` (at most [`MAX_FILE_BYTES`]); the error names it.
fn read_text_file(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("{shown}: {e}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("{shown}: more than {} MiB, not a layout or deal file", MAX_FILE_BYTES >> 20));
    }
    String::from_utf8(bytes).map_err(|e| format!("{shown}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
}

/// The text of the layout file `path`; the error names it.
fn read_layout_file(path: &Path) -> Result<String, String> {
    read_text_file(path)
}

/// The layout in `text`, read from `path` (named by its stem; `map` picks a GNOME map). When
/// its format was assumed (the file reads as another too), a note on standard error says so.
fn parse_layout_file(path: &Path, text: &str, map: Option<&str>) -> Result<Layout, String> {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
    let parsed = formats::parse_detected(stem, text, map).map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(note) = parsed.note {
        crate::output::message(&format!("note: {}: {note}\n", path.display()), true);
    }
    Ok(parsed.layout)
}

/// An error in dealing or building a board on a layout, naming the layout file when there is one.
fn in_layout(file: Option<&PathBuf>, e: impl std::fmt::Display) -> String {
    match file {
        Some(path) => format!("{}: {e}", path.display()),
        None => e.to_string(),
    }
}

fn load_board(args: &BoardArgs) -> Result<(Board, Deal), String> {
    if let Some(path) = &args.deal {
        return load_deal_file(path, args);
    }
    let rules = parse_rules(&args.rules)?;
    let layout = load_layout(&args.layout, args.file.as_ref(), args.map.as_deref())?;
    let made =
        if args.winnable { Deal::winnable(&layout, rules, args.seed) } else { Deal::random(&layout, rules, args.seed) };
    let deal = made.map_err(|e| in_layout(args.file.as_ref(), e))?;
    let board = Board::new(layout, rules, deal.faces.clone()).map_err(|e| in_layout(args.file.as_ref(), e))?;
    Ok((board, deal))
}

/// The board of a deal file: its layout is the one it names, or `--file` when given (of a
/// GNOME file, the map `--map` names, else the map the deal names, as `deal` writes the map's
/// name); every error names the deal file.
fn load_deal_file(path: &Path, args: &BoardArgs) -> Result<(Board, Deal), String> {
    let shown = path.display();
    let text = read_text_file(path)?;
    let deal = Deal::parse(&text).map_err(|e| format!("{shown}: {e}"))?;
    let layout = match &args.file {
        Some(file) => {
            let layout_text = read_layout_file(file)?;
            let own_map = formats::is_gnome(&layout_text).then_some(deal.layout.as_str());
            parse_layout_file(file, &layout_text, args.map.as_deref().or(own_map))?
        }
        None => Layout::named(&deal.layout)
            .map_err(|e| format!("{shown}: {e} (a deal made for a layout file is read with --file FILE as well)"))?,
    };
    let board = Board::new(layout, deal.rules, deal.faces.clone()).map_err(|e| format!("{shown}: {e}"))?;
    Ok((board, deal))
}

/// The moves of `text` (`A-B` separated by commas or spaces) on a board of `slots` slots.
fn parse_moves(text: &str, slots: usize) -> Result<Vec<Move>, String> {
    let slot = |t: &str, s: &str| -> Result<usize, String> {
        let i: usize = s.parse().map_err(|_| format!("bad move '{t}': '{s}' is not a slot number"))?;
        if i >= slots {
            return Err(format!("bad move '{t}': slot {s} is not on the board (slots 0-{})", slots - 1));
        }
        Ok(i)
    };
    text.split([',', ' '])
        .filter(|t| !t.is_empty())
        .map(|t| {
            let (a, b) = t.split_once('-').ok_or_else(|| format!("bad move '{t}': expected A-B (two slot numbers)"))?;
            Ok(Move::new(slot(t, a)?, slot(t, b)?))
        })
        .collect()
}

fn describe_move(board: &Board, m: Move) -> String {
    let f = board.faces();
    format!("{}-{} {}", m.0, m.1, f[m.0 as usize])
}

/// What the codes of a drawn board mean.
const LEGEND: &str = "legend: 1m-9m, 1p-9p, 1s-9s characters, circles, bamboos; 1z-7z east, south, west, north, \
white, green, red; 1f-4f flowers (any flower matches any flower), 1t-4t seasons (any season matches any season); \
* a free tile, -- a tile removed; under each tile its slot number";

/// Draws each layer, top first: every tile as `face` plus `*` when free, with its slot
/// number, then the legend.
fn draw(board: &Board, present: &Bits) -> String {
    let layout = board.layout();
    let slots = layout.slots();
    let mut out = String::new();
    let top = slots.iter().map(|s| s.z).max().unwrap_or(0);
    let width = slots.iter().map(|s| s.x).max().unwrap_or(0) as usize + 2;
    for z in (0..=top).rev() {
        out += &format!("layer {z}:\n");
        let mut rows: Vec<i32> = slots.iter().filter(|s| s.z == z).map(|s| s.y).collect();
        rows.sort();
        rows.dedup();
        for y in rows {
            let mut line = vec![' '; width * 4 + 4];
            let mut nums = vec![' '; width * 4 + 4];
            for (i, s) in slots.iter().enumerate().filter(|(_, s)| s.z == z && s.y == y) {
                let text = if present.contains(i) {
                    format!("{}{}", board.faces()[i], if board.is_free(present, i) { "*" } else { " " })
                } else {
                    "-- ".to_string()
                };
                let col = s.x as usize * 4;
                for (k, c) in text.chars().enumerate() {
                    line[col + k] = c;
                }
                for (k, c) in i.to_string().chars().enumerate() {
                    nums[col + k] = c;
                }
            }
            out += &format!(
                "  {}\n  {}\n",
                line.iter().collect::<String>().trim_end(),
                nums.iter().collect::<String>().trim_end()
            );
        }
    }
    out + LEGEND
}

/// Runs `haipai shanghai`.
pub fn run(args: &Args) -> u8 {
    let result = match &args.command {
        Sub::Solve { board, solver, show } => solve(board, solver, *show),
        Sub::Review { board, solver, moves, show } => review(board, solver, moves, *show),
        Sub::Stats { layout, file, map, deals, seed, rules, limits, json } => {
            stats(layout, file.as_ref(), map.as_deref(), *deals, *seed, rules, limits.budget(), *json)
        }
        Sub::Deal { board } => load_board(board).map(|(_, deal)| out!("{}", deal.to_text().trim_end())),
    };
    match result {
        Ok(()) => OK,
        Err(e) => {
            crate::output::error(e);
            BAD_INPUT
        }
    }
}

fn solve(board_args: &BoardArgs, args: &SolverArgs, show: bool) -> Result<(), String> {
    let (board, deal) = load_board(board_args)?;
    if show {
        out!("{}", draw(&board, &board.full()).trim_end());
    }
    let ((solver, verdict), ms) = timed(|| {
        let mut solver = Solver::with_budget(&board, args.budget());
        let verdict = solver.solve();
        (solver, verdict)
    });
    let moves: Vec<String> = match &verdict {
        Verdict::Winnable(m) => m.iter().map(|&m| describe_move(&board, m)).collect(),
        _ => Vec::new(),
    };
    let reason = match verdict {
        Verdict::Unknown(limit) => Some(gave_up(limit)),
        _ => None,
    };
    if args.json {
        out!(
            "{}",
            json!({"layout": board.layout().name(), "seed": deal.seed, "verdict": verdict.name(),
                   "reason": reason, "moves": moves, "nodes": solver.stats().nodes, "time_ms": ms})
        );
    } else {
        let why = reason.map(|r| format!(", {r}")).unwrap_or_default();
        out!("verdict: {} ({} nodes, {ms:.2} ms{why})", verdict.name(), solver.stats().nodes);
        for (k, m) in moves.iter().enumerate() {
            out!("{:>3}. {m}", k + 1);
        }
    }
    Ok(())
}

fn review(board_args: &BoardArgs, args: &SolverArgs, moves: &str, show: bool) -> Result<(), String> {
    let (board, _) = load_board(board_args)?;
    let played = parse_moves(moves, board.len())?;
    let present = board.play(board.full(), &played)?;
    if show {
        out!("{}", draw(&board, &present));
    }
    let (game, game_ms) = timed(|| Solver::with_budget(&board, args.budget()).review_game(&played));
    let game = game?;
    let (review, ms) = timed(|| Solver::with_budget(&board, args.budget()).review(present));
    let reason = review.iter().find_map(|(_, c)| match c {
        MoveClass::Unknown(limit) => Some(gave_up(*limit)),
        _ => None,
    });
    if args.json {
        let list: Vec<_> = review
            .iter()
            .map(|(m, c)| json!({"move": format!("{}-{}", m.0, m.1), "face": board.faces()[m.0 as usize].to_string(), "verdict": c.name()}))
            .collect();
        let game = game_json(&board, &played, &game, game_ms);
        out!("{}", json!({"tiles_left": present.len(), "game": game, "moves": list, "reason": reason, "time_ms": ms}));
    } else {
        if !played.is_empty() {
            print_game(&board, &played, &game, game_ms);
        }
        out!("{} tiles left, {} legal moves ({ms:.2} ms)", present.len(), review.len());
        if let Some(reason) = reason {
            out!("some moves unknown: {reason}");
        }
        for (m, c) in &review {
            let mark = match c {
                MoveClass::KeepsWinnable => "ok  ",
                MoveClass::Loses => "LOSS",
                _ => "??  ",
            };
            out!("  {mark} {} {}", describe_move(&board, *m), c.name());
        }
    }
    Ok(())
}

/// `winnable`, `lost` or `unknown`.
fn winnable_name(w: Option<bool>) -> &'static str {
    match w {
        Some(true) => "winnable",
        Some(false) => "lost",
        None => "unknown",
    }
}

/// The game's review as JSON: each move with whether the board is winnable after it, the
/// first losing move (its number, from 1) and a winning line from the last winnable position.
fn game_json(board: &Board, played: &[Move], game: &GameReview, ms: f64) -> serde_json::Value {
    let moves: Vec<_> = played
        .iter()
        .enumerate()
        .map(|(i, &m)| json!({"move": format!("{}-{}", m.0, m.1), "face": board.faces()[m.0 as usize].to_string(), "after": winnable_name(game.winnable_after(i))}))
        .collect();
    let line: Vec<String> = game.line.iter().map(|&m| describe_move(board, m)).collect();
    json!({"start": winnable_name(game.winnable[0]), "moves": moves, "losing_move": game.losing_move.map(|i| i + 1),
           "line_from": game.line_from, "line": line, "time_ms": ms})
}

/// Prints the game's review: each move and the board after it, the first losing move, and a
/// winning line from the last winnable position.
fn print_game(board: &Board, played: &[Move], game: &GameReview, ms: f64) {
    out!("the game ({} moves, {ms:.2} ms): the deal is {}", played.len(), winnable_name(game.winnable[0]));
    for (i, &m) in played.iter().enumerate() {
        out!("{:>3}. {} -> {}", i + 1, describe_move(board, m), winnable_name(game.winnable_after(i)));
    }
    match (game.losing_move, game.winnable[0]) {
        (Some(i), _) => out!("first losing move: {}. {}", i + 1, describe_move(board, played[i])),
        (None, Some(false)) => out!("no move lost the board: the deal cannot be cleared"),
        (None, _) if game.last() == Some(true) => out!("no move lost the board"),
        (None, _) => out!("the first losing move is undecided: raise --time-ms or --budget"),
    }
    if let Some(from) = game.line_from.filter(|_| !game.line.is_empty()) {
        let line: Vec<String> = game.line.iter().map(|&m| format!("{}-{}", m.0, m.1)).collect();
        out!("a winning line after move {from}: {}", line.join(" "));
    }
}

/// The most deals one `stats` run solves: their times are kept for the percentiles (16 bytes
/// a deal), and this many Turtle deals already take hours.
const MAX_DEALS: u64 = 10_000_000;

/// The last seed of a `stats` run of `deals` deals from `seed`, once the count is allowed.
fn last_seed(seed: u64, deals: u64) -> Result<u64, String> {
    if deals == 0 {
        return Err("--deals must be at least 1".into());
    }
    if deals > MAX_DEALS {
        return Err(format!(
            "--deals {deals}: at most {MAX_DEALS} a run (each deal's time is kept; run more with --seed)"
        ));
    }
    seed.checked_add(deals - 1)
        .ok_or_else(|| format!("--seed {seed} --deals {deals}: the seeds would run past {}", u64::MAX))
}

/// A progress bar over `deals` deals on standard error, hidden for JSON output.
fn deal_bar(deals: u64, json: bool) -> ProgressBar {
    let bar = ProgressBar::new(deals);
    if json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {eta} left").expect("template"));
    bar
}

/// Solves the deals of seeds `seed..=last` in parallel: each one's verdict (0 winnable,
/// 1 unwinnable, 2 unknown, with the limit reached), its search's work and its solving time in
/// milliseconds, in seed order.
fn solve_deals(
    layout: &Layout,
    rules: Blocking,
    seed: u64,
    last: u64,
    budget: Budget,
    bar: &ProgressBar,
) -> Vec<Solved> {
    (0..=last - seed)
        .into_par_iter()
        .map(|k| seed + k)
        .map(|s| {
            let deal = Deal::random(layout, rules, s).expect("even layout");
            let board = Board::new(layout.clone(), rules, deal.faces).expect("valid board");
            let mut solver = Solver::with_budget(&board, budget);
            let (verdict, ms) = timed(|| solver.solve());
            bar.inc(1);
            let (kind, limit) = match verdict {
                Verdict::Winnable(_) => (0, None),
                Verdict::Unwinnable => (1, None),
                Verdict::Unknown(limit) => (2, Some(limit)),
            };
            let stats = solver.stats();
            Solved { kind, limit, nodes: stats.nodes, relaxations: stats.relaxations, ms }
        })
        .collect()
}

/// One deal of a `stats` run, as [`solve_deals`] gives it.
struct Solved {
    /// 0 winnable, 1 unwinnable, 2 unknown.
    kind: u8,
    /// The limit an unknown deal reached.
    limit: Option<Limit>,
    nodes: u64,
    relaxations: u64,
    ms: f64,
}

/// What a `stats` run found: the verdict counts, the search's work and the solving times,
/// shortest first.
struct Tally {
    won: u64,
    lost: u64,
    unknown: u64,
    /// Why the first unknown deal gave up (time when any deal ran out of time).
    reason: Option<String>,
    /// Search nodes and relaxation runs over every deal.
    nodes: u64,
    relaxations: u64,
    times: Vec<f64>,
}

impl Tally {
    /// Counts the verdicts of `results` (as [`solve_deals`] gives them) and sorts their times.
    fn new(results: &[Solved]) -> Tally {
        let count = |k: u8| results.iter().filter(|r| r.kind == k).count() as u64;
        let mut times: Vec<f64> = results.iter().map(|r| r.ms).collect();
        times.sort_by(f64::total_cmp);
        let limits = || results.iter().filter_map(|r| r.limit);
        let reason = limits().find(|l| matches!(l, Limit::Time(_))).or_else(|| limits().next()).map(gave_up);
        let nodes = results.iter().map(|r| r.nodes).sum();
        let relaxations = results.iter().map(|r| r.relaxations).sum();
        Tally { won: count(0), lost: count(1), unknown: count(2), reason, nodes, relaxations, times }
    }

    /// The solving time at quantile `q` (0.5 the median, 1 the longest).
    fn percentile(&self, q: f64) -> f64 {
        self.times[((self.times.len() - 1) as f64 * q).round() as usize]
    }

    /// The unwinnable share of `deals` deals and the ends of its Wilson 95 % interval.
    fn unwinnable_share(&self, deals: u64) -> (f64, f64, f64) {
        let n = deals as f64;
        let p = self.lost as f64 / n;
        let z = 1.96;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        (p, centre - half, centre + half)
    }

    /// Prints the run of `deals` deals from `seed` on `layout` as one JSON object, with each
    /// seed's verdict.
    fn print_json(&self, layout: &Layout, deals: u64, seed: u64, results: &[Solved]) {
        let pct = |q| self.percentile(q);
        let names = ["winnable", "unwinnable", "unknown"];
        let seeds: Vec<_> = results
            .iter()
            .enumerate()
            .map(|(k, r)| json!({"seed": seed + k as u64, "verdict": names[usize::from(r.kind)], "time_ms": r.ms}))
            .collect();
        out!(
            "{}",
            json!({"layout": layout.name(), "deals": deals, "seed": seed, "winnable": self.won, "unwinnable": self.lost,
                   "unknown": self.unknown, "reason": self.reason, "nodes": self.nodes, "relaxations": self.relaxations,
                   "time_ms": {"median": pct(0.5), "p99": pct(0.99), "p999": pct(0.999), "max": pct(1.0)},
                   "seeds": seeds})
        );
    }

    /// Prints the run of `deals` deals from `seed` on `layout` as text.
    fn print_text(&self, layout: &Layout, deals: u64, seed: u64) {
        let pct = |q| self.percentile(q);
        let (p, low, high) = self.unwinnable_share(deals);
        out!("layout {} ({} tiles), {deals} deals from seed {seed}", layout.name(), layout.len());
        out!("winnable:   {}", self.won);
        out!(
            "unwinnable: {} ({:.3} %, 95 % interval {:.3}-{:.3} %)",
            self.lost,
            100.0 * p,
            100.0 * low.max(0.0),
            100.0 * high
        );
        match &self.reason {
            Some(reason) => out!("unknown:    {} ({reason})", self.unknown),
            None => out!("unknown:    {}", self.unknown),
        }
        out!(
            "time per deal: median {:.3} ms, p99 {:.3} ms, p99.9 {:.3} ms, max {:.3} ms",
            pct(0.5),
            pct(0.99),
            pct(0.999),
            pct(1.0)
        );
    }
}

/// Runs `haipai shanghai stats`: solves `deals` seeded deals and prints the verdict counts,
/// the unwinnable share's interval and the time percentiles.
#[allow(clippy::too_many_arguments)]
fn stats(
    layout: &str,
    file: Option<&PathBuf>,
    map: Option<&str>,
    deals: u64,
    seed: u64,
    rules: &str,
    budget: Budget,
    json: bool,
) -> Result<(), String> {
    let rules = parse_rules(rules)?;
    let layout = load_layout(layout, file, map)?;
    let last = last_seed(seed, deals)?;
    Deal::random(&layout, rules, seed).map_err(|e| in_layout(file, e))?;
    let bar = deal_bar(deals, json);
    let results = solve_deals(&layout, rules, seed, last, budget, &bar);
    bar.finish_and_clear();
    let tally = Tally::new(&results);
    if json {
        tally.print_json(&layout, deals, seed, &results);
    } else {
        tally.print_text(&layout, deals, seed);
    }
    Ok(())
}

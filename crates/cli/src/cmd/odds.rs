//! `haipai odds`: exact odds over every dealt hand, from `haipai-combinatorics`.
//!
//! - `tenhou`: document 003's table, printed to the character (`--tiles` for other sizes).
//! - `shanten --tiles 13|14`: the shanten distribution (patterns, states, exact fraction,
//!   percentage, 1 in N, exact mean); with `--json`, exactly
//!   `{"tiles": 14, "players": 4, "distribution": [{"shanten": -1, "patterns": "…", "states": "…"}, …]}`.
//! - `derived`: tenhou, chiihou (given no interruption), dealt tenpai and every shanten level.
//!
//! `--sanma` counts 108 tiles (2m-8m removed), `--red` tells red fives apart (pattern counts
//! change, state counts do not). A progress bar shows on stderr when it is a terminal.

use haipai::combinatorics::odds;
use haipai::combinatorics::{ShantenDistribution, TenhouTable, Variant};

use crate::common::{BAD_INPUT, OK, whole, with_progress};

/// The progress bar of a count over every hand.
const COUNTING: &str = "{spinner} counting every hand {bar:40} {percent}% {elapsed}";

/// What to count.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// Document 003's table: complete hands of `--tiles` tiles (default 14).
    Tenhou,
    /// The shanten distribution of all hands of `--tiles` tiles (default 14).
    Shanten,
    /// Tenhou, chiihou, dealt tenpai and each shanten level, as fractions and 1 in N.
    Derived,
}

/// Arguments of `haipai odds`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to count.
    #[arg(value_enum)]
    pub what: What,
    /// Hand size (1..=14, default 14; `shanten` and `tenhou` only: `derived` always counts 13
    /// and 14).
    #[arg(long, value_parser = whole(0, usize::MAX))]
    pub tiles: Option<usize>,
    /// Three-player mahjong: 108 tiles, 2m-8m removed.
    #[arg(long)]
    pub sanma: bool,
    /// Count red fives as distinct kinds (changes pattern counts only).
    #[arg(long)]
    pub red: bool,
    /// Print JSON (big integers as decimal strings).
    #[arg(long)]
    pub json: bool,
}

/// Runs `haipai odds`.
pub fn run(args: &Args) -> u8 {
    let tiles = args.tiles.unwrap_or(14);
    if !(1..=14).contains(&tiles) {
        crate::output::error(format_args!("--tiles {tiles}: hand size must be 1..=14"));
        return BAD_INPUT;
    }
    if args.what == What::Derived && args.tiles.is_some() {
        crate::output::error(format_args!("--tiles {tiles}: `odds derived` always counts 13- and 14-tile hands"));
        return BAD_INPUT;
    }
    let variant = Variant::FOUR_PLAYER.sanma(args.sanma).red_fives(args.red);
    let out = match args.what {
        What::Tenhou => tenhou(tiles, args.json, variant),
        What::Shanten => {
            let d = with_progress(COUNTING, |p| ShantenDistribution::compute_with_progress(tiles, variant, p));
            if args.json { distribution_json(&d) } else { d.render() }
        }
        What::Derived => {
            let d13 = with_progress(COUNTING, |p| ShantenDistribution::compute_with_progress(13, variant, p));
            let d14 = with_progress(COUNTING, |p| ShantenDistribution::compute_with_progress(14, variant, p));
            let list = odds::derived(&d13, &d14);
            if args.json { haipai_api::odds::derived(variant, &list).to_string() } else { odds::render(&list) }
        }
    };
    crate::output::line(out.trim_end());
    OK
}

fn tenhou(tiles: usize, json: bool, variant: Variant) -> String {
    let t = TenhouTable::compute(tiles, variant);
    if json { haipai_api::odds::tenhou(&t, variant).to_string() } else { t.render() }
}

/// The distribution as JSON, exactly in the documented shape and key order:
/// `{"tiles": 14, "players": 4, "distribution": [{"shanten": -1, "patterns": "…", "states": "…"}, …]}`
/// (`"red_fives": true` after `players` with `--red`). Big integers are decimal strings, since
/// JSON numbers are doubles for most readers. Written by hand: serde_json's `Value` would sort
/// the keys.
fn distribution_json(d: &ShantenDistribution) -> String {
    let rows: Vec<String> = d
        .rows
        .iter()
        .map(|(s, c)| format!(r#"{{"shanten": {s}, "patterns": "{}", "states": "{}"}}"#, c.patterns, c.states))
        .collect();
    format!(
        r#"{{"tiles": {}, "players": {}, {}"distribution": [{}]}}"#,
        d.tiles,
        d.variant.players(),
        if d.variant.red_fives { r#""red_fives": true, "# } else { "" },
        rows.join(", ")
    )
}

//! The `haipai` command: mahjong hands, waits, scores, odds and Shanghai boards from the
//! terminal. Each subcommand lives in `cmd/`; `common` holds batch input and JSON output.

mod cmd;
mod common;
mod lines;
mod output;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  haipai parse 222567m34p3366s北          normalised notation, counts and glyphs
  haipai parse '123m456p11z[789s][5555z*]'
                                          a hand with a chi and a closed kan
  haipai odds tenhou                      document 003's exact tenhou table
  haipai odds shanten --tiles 14 --json   shanten distribution of all dealt hands
  printf '123m\\n9z\\n' | haipai parse - --json
                                          one JSON line per input line
  haipai waits 1112224588899              every wait: (111)(222)(888)(99)[45]
  haipai score 233445m678p234s99s --win 3m --riichi --seat S --dora-indicator 1z
                                          yaku, fu and payments of a winning hand
  haipai ev 222567m345p33667s --model article --dora-indicator 1z
                                          which tile to discard: expected points, win %
  haipai shanten 222567m34p3366s4z        shanten per form and the draws that lower it
  haipai shanten 222567m345p33667s        a 14-tile hand: the discard table (何切る)
  haipai shanghai solve --layout turtle --seed 42 --show
                                          solve a seeded Turtle deal and draw it
  haipai serve --open                     the 何切る and Shanghai pages in a browser

Notation: MPSZ digits then suit (0 = red five), honours 1z-7z or ESWNPFC or 東南西北白發中,
called melds in brackets after the closed tiles: [789s] chi, [555z] pon, [5555z] open kan,
[5555z*] closed kan, [5555z+] added kan.
Exit codes: 0 ok, 2 bad input (the other lines of a batch still print), 1 the output cannot be
written. A closed pipe (`| head`) ends the command quietly, with the code reached so far.";

/// haipai (配牌): mahjong algorithms on the command line.
#[derive(Parser, Debug)]
#[command(name = "haipai", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse a hand and print its normalised notation, counts and glyphs.
    #[command(after_help = "Example: haipai parse 222567m34p3366s北")]
    Parse(cmd::parse::Args),
    /// Every wait of a 13-tile hand in document 004's format: (groups)[waiting part].
    #[command(
        after_help = "Examples:\n  haipai waits 1112224588899          (111)(222)(888)(99)[45]\n  haipai waits 123m456p789s1122z --kinds\n  haipai waits '23m55p[789s][111z][5555z*]' --json"
    )]
    Waits(cmd::waits::Args),
    /// Exact odds over every dealt hand: document 003's tenhou table, shanten distributions.
    #[command(
        after_help = "Examples:\n  haipai odds tenhou\n  haipai odds shanten --tiles 14 --sanma\n  haipai odds derived --json"
    )]
    Odds(cmd::odds::Args),
    /// Score a winning hand: yaku, fu with its breakdown, and payments.
    #[command(after_help = "Example: haipai score 233445m678p234s99s --win 3m --riichi --seat S")]
    Score(cmd::score::Args),
    /// One-player expected value (何切る): for each discard, expected points, win and tenpai
    /// probability, and the necessary tiles.
    #[command(
        after_help = "Examples:\n  haipai ev 222567m345p33667s --model article --dora-indicator 1z\n  haipai ev 123349m3688p1245s --riichi best --json\n  haipai ev 222567m34p3366s4z --visible 7s --dora-indicator 1z --per-turn\n  haipai ev 222567m345p33667s --dora-indicator 1z --rules tenhou --riichi best --discards 8s --top 3"
    )]
    Ev(cmd::ev::Args),
    /// Shanten per form; necessary tiles with live counts, or a 何切る table for 3n+2 tiles.
    #[command(
        after_help = "Examples:\n  haipai shanten 123456789m11p11s\n  haipai shanten 222567m34p3366s4z --visible 1p9s\n  haipai shanten 19m123456789p11s --sanma\n  haipai shanten '23m55p678s[789s][111z]' --json"
    )]
    Shanten(cmd::shanten::Args),
    /// Review every decision of a real game (tenhou.net/6, mjlog or mjai log) by one-player
    /// expected value: the play, the best, the points lost.
    #[command(
        after_help = "Examples:\n  haipai review game.json --player 0\n  haipai review game.mjlog --player NAME --json"
    )]
    Review(cmd::review::Args),
    /// Shanghai (mahjong solitaire): solve, review, deal and statistics.
    #[command(after_help = "Example: haipai shanghai solve --layout turtle --seed 42 --show")]
    Shanghai(cmd::shanghai::Args),
    /// The 何切る and Shanghai pages and a JSON API on a local web server.
    #[command(after_help = "Examples:\n  haipai serve --open\n  haipai serve --port 0")]
    Serve(cmd::serve::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help, version and clap's errors go through `output` as well: a closed pipe ends the
        // command quietly and a bad value quoted back has its control characters escaped.
        Err(e) => {
            if e.use_stderr() {
                output::bad_input();
            }
            output::message(&e.render().to_string(), e.use_stderr());
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(common::BAD_INPUT));
        }
    };
    let code = match &cli.command {
        Command::Parse(args) => cmd::parse::run(args),
        Command::Waits(args) => cmd::waits::run(args),
        Command::Odds(args) => cmd::odds::run(args),
        Command::Score(args) => cmd::score::run(args),
        Command::Ev(args) => cmd::ev::run(args),
        Command::Shanten(args) => cmd::shanten::run(args),
        Command::Review(args) => cmd::review::run(args),
        Command::Shanghai(args) => cmd::shanghai::run(args),
        Command::Serve(args) => cmd::serve::run(args),
    };
    ExitCode::from(code)
}

//! The `haipai` command: mahjong hands, waits, scores, odds and Shanghai boards from the
//! terminal. Each subcommand lives in `cmd/`; `common` holds batch input and JSON output.

mod cmd;
mod common;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  haipai parse 222567m34p3366s北          normalised notation, counts and glyphs
  haipai parse '123m456p11z[789s][5555z*]' a hand with a chi and a closed kan
  printf '123m\\n9z\\n' | haipai parse - --json
                                          one JSON line per input line
  haipai shanghai solve --layout turtle --seed 42 --show
                                          solve a seeded Turtle deal and draw it

Notation: MPSZ digits then suit (0 = red five), honours 1z-7z or ESWNPFC or 東南西北白發中,
called melds in brackets after the closed tiles: [789s] chi, [555z] pon, [5555z] open kan,
[5555z*] closed kan, [5555z+] added kan.
Exit codes: 0 ok, 2 bad input (the other lines of a batch still print).";

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
    /// Shanghai (mahjong solitaire): solve, review, deal and statistics.
    #[command(after_help = "Example: haipai shanghai solve --layout turtle --seed 42 --show")]
    Shanghai(cmd::shanghai::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match &cli.command {
        Command::Parse(args) => cmd::parse::run(args),
        Command::Shanghai(args) => cmd::shanghai::run(args),
    };
    ExitCode::from(code)
}

//! One module per subcommand; each has `Args` (clap) and `run(&Args) -> u8` (exit code).

pub mod ev;
pub mod odds;
pub mod parse;
pub mod review;
pub mod score;
pub mod serve;
pub mod shanghai;
pub mod shanten;
pub mod waits;

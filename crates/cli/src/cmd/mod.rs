//! One module per subcommand; each has `Args` (clap) and `run(&Args) -> u8` (exit code).

pub mod parse;
pub mod shanghai;

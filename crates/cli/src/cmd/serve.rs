//! `haipai serve`: the 何切る and Shanghai pages and the JSON API on a local web server
//! (haipai-web), until the process ends.

use clap::Parser;
use std::net::TcpListener;

/// `haipai serve` arguments.
#[derive(Parser, Debug)]
pub struct Args {
    /// The port to serve on (0: any free port, said on start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The default serves this machine only; `0.0.0.0` serves the
    /// network too (nothing is authenticated).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Open the pages in the default browser once the server is up.
    #[arg(long)]
    open: bool,
    /// The time one question may take, in milliseconds: past it the answer is a 504 (a review
    /// begins no decision after it, so its worker is soon free again).
    #[arg(long, default_value_t = 10_000, value_name = "MS")]
    time_ms: u64,
    /// The states one expected-value question may build.
    #[arg(long, default_value_t = 3_000_000, value_name = "N")]
    max_states: usize,
}

/// Runs `haipai serve`.
pub fn run(args: &Args) -> u8 {
    let listener = match TcpListener::bind((args.host.as_str(), args.port)) {
        Ok(l) => l,
        Err(e) => {
            crate::output::error(format_args!("cannot listen on {}:{}: {e}", args.host, args.port));
            return crate::common::BAD_INPUT;
        }
    };
    let limits =
        haipai_web::Limits::default().time(std::time::Duration::from_millis(args.time_ms)).max_states(args.max_states);
    let served = haipai_web::serve(listener, limits, |addr| {
        let url = format!("http://{addr}/");
        crate::output::line(format_args!("haipai serves {url} (Ctrl-C ends it)"));
        if args.open {
            open(&url);
        }
    });
    match served {
        Ok(()) => 0,
        Err(e) => {
            crate::output::error(format_args!("the server stopped: {e}"));
            1
        }
    }
}

/// Opens `url` in the desktop's browser, or says how to open it.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    if std::process::Command::new(opener).arg(url).spawn().is_err() {
        crate::output::message(&format!("could not start {opener}: open {url} in a browser"), true);
    }
}

//! haipai-web: haipai in a browser. A local server with two pages, the 何切る simulator of
//! document 001 and the Shanghai board with live 感想戦 of document 002, and a JSON API whose
//! answers are the command's `--json` answers.
//!
//! The pages are plain HTML, CSS and JavaScript embedded in the binary (`assets/`): nothing to
//! build, no CDN, works offline. Work runs off the async threads in two [`Lane`]s: quick
//! questions (a Shanghai click, a shanten) never wait behind a slow expected value, each lane
//! has a bounded queue, and a request past a limit gets a clear error while the server keeps
//! serving.
//!
//! ```no_run
//! use haipai_web::{Limits, serve};
//! let listener = std::net::TcpListener::bind("127.0.0.1:8080")?;
//! serve(listener, Limits::default(), |addr| println!("http://{addr}/"))?;
//! # Ok::<(), std::io::Error>(())
//! ```

mod api;
mod assets;
mod error;
mod lanes;
mod shanghai;

pub use error::ApiError;
pub use lanes::Lane;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// What one request may use, and how many may wait.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Quick questions running at once (default: the machine's cores).
    pub quick_workers: usize,
    /// Heavy questions (expected values, solves, reviews) running at once (default: half the
    /// cores, at least one).
    pub heavy_workers: usize,
    /// Requests of one lane that may wait for a worker before the next is refused as busy.
    pub queue: usize,
    /// The time one question may take (engines with a time budget are given it, a review as its
    /// deadline; default 10 s).
    pub time: Duration,
    /// The states one expected-value question may build (default 3 million).
    pub max_states: usize,
    /// The largest request body in bytes (default 4 MiB: a whole game log).
    pub max_body: usize,
    /// The largest game log a review reads, in bytes (default 2 MiB: an hour-long game is a
    /// few hundred KiB).
    pub max_log: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            quick_workers: cores,
            heavy_workers: (cores / 2).max(1),
            queue: 32,
            time: Duration::from_secs(10),
            max_states: 3_000_000,
            max_body: 4 << 20,
            max_log: 2 << 20,
        }
    }
}

impl Limits {
    /// With `n` heavy questions at once.
    #[must_use]
    pub fn heavy_workers(mut self, n: usize) -> Limits {
        self.heavy_workers = n.max(1);
        self
    }

    /// With `n` requests allowed to wait per lane.
    #[must_use]
    pub fn queue(mut self, n: usize) -> Limits {
        self.queue = n;
        self
    }

    /// With `time` per question.
    #[must_use]
    pub fn time(mut self, time: Duration) -> Limits {
        self.time = time;
        self
    }

    /// With game logs of at most `n` bytes.
    #[must_use]
    pub fn max_log(mut self, n: usize) -> Limits {
        self.max_log = n;
        self
    }

    /// With `n` states per expected-value question.
    #[must_use]
    pub fn max_states(mut self, n: usize) -> Limits {
        self.max_states = n;
        self
    }
}

/// What every handler shares: the limits and the two lanes.
#[derive(Clone, Debug)]
pub struct State {
    /// The limits the server was started with.
    pub limits: Limits,
    /// Quick questions.
    pub quick: Arc<Lane>,
    /// Heavy questions.
    pub heavy: Arc<Lane>,
}

impl State {
    /// The state of a server with `limits`.
    pub fn new(limits: Limits) -> State {
        let quick = Arc::new(Lane::new("quick", limits.quick_workers, limits.queue, limits.time));
        let heavy = Arc::new(Lane::new("heavy", limits.heavy_workers, limits.queue, limits.time));
        State { limits, quick, heavy }
    }
}

/// Every route: the pages, their assets and the API.
pub fn router(limits: Limits) -> Router {
    let max_body = limits.max_body;
    Router::new()
        .route("/api/health", get(health))
        .merge(api::routes())
        .merge(assets::routes())
        .merge(shanghai::routes())
        .fallback(error::not_found)
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(State::new(limits))
}

/// `GET /api/health`: the server's version and limits.
async fn health(axum::extract::State(state): axum::extract::State<State>) -> axum::Json<serde_json::Value> {
    let l = &state.limits;
    axum::Json(serde_json::json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "limits": {
            "quick_workers": l.quick_workers,
            "heavy_workers": l.heavy_workers,
            "queue": l.queue,
            "time_ms": l.time.as_millis() as u64,
            "max_states": l.max_states,
            "max_body": l.max_body,
            "max_log": l.max_log,
        },
    }))
}

/// Serves on `listener` until the process ends; `ready` is called with the address once the
/// server accepts connections.
pub fn serve(listener: std::net::TcpListener, limits: Limits, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async move {
        listener.set_nonblocking(true)?;
        let listener = tokio::net::TcpListener::from_std(listener)?;
        ready(listener.local_addr()?);
        axum::serve(listener, router(limits)).await
    })
}

/// The example of the crate's README.md, compiled as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

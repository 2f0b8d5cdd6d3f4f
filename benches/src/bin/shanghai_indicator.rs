//! Times the live 感想戦 indicator through the API: for seeded random Turtle deals, plays a
//! game of random legal moves (every other move, on average, the hint's instead) and times
//! every `POST /api/shanghai/check` after a move through the server's real router (in
//! process, tower's `oneshot`, default limits): p50, p99, max, the share within 100 ms and
//! the verdicts (`lost from the start`: the deal itself cannot be cleared, so no move lost
//! it; `losing move undecided`: the time ran out before the search found it). `cargo run --release -p haipai-benches --bin shanghai_indicator -- DEALS
//! [FIRST_SEED]` (default 100 deals from seed 1). The hints are not timed.

use axum::body::Body;
use axum::http::Request;
use haipai::tiles::rng::Rng;
use haipai_web::{Limits, router};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Instant;
use tower::ServiceExt;

/// The answer of `POST path` with `body`, and the milliseconds it took.
async fn post(app: &axum::Router, path: &str, body: &Value) -> (Value, f64) {
    let start = Instant::now();
    let request = Request::post(path).header("content-type", "application/json").body(Body::from(body.to_string()));
    let response = app.clone().oneshot(request.expect("request")).await.expect("answered");
    let status = response.status();
    let bytes = response.into_body().collect().await.expect("body").to_bytes();
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let v: Value = serde_json::from_slice(&bytes).expect("JSON");
    assert!(status.is_success(), "{path} {body}: {status} {v}");
    (v, ms)
}

/// One game of seed `seed`: the time and verdict of every check after a move.
async fn game(app: &axum::Router, seed: u64, times: &mut Vec<f64>, verdicts: &mut BTreeMap<String, usize>) {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut moves: Vec<Value> = Vec::new();
    let request = |moves: &[Value]| json!({"layout": "turtle", "seed": seed, "moves": moves});
    let (mut state, _) = post(app, "/api/shanghai/check", &request(&moves)).await;
    loop {
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            return;
        }
        let next = if rng.index(2) == 0 {
            let (hint, _) = post(app, "/api/shanghai/hint", &request(&moves)).await;
            hint["move"].clone()
        } else {
            legal[rng.index(legal.len())].clone()
        };
        moves.push(next);
        let (v, ms) = post(app, "/api/shanghai/check", &request(&moves)).await;
        times.push(ms);
        let mut verdict = v["verdict"].as_str().unwrap_or("?").to_string();
        if verdict == "lost" && v["losing_move"].is_null() {
            verdict += if v["start"] == false { " from the start" } else { " (losing move undecided)" };
        }
        *verdicts.entry(verdict).or_default() += 1;
        if ms > 100.0 {
            eprintln!("slow check: seed {seed} after {} moves, {ms:.1} ms, {}", moves.len(), v["verdict"]);
        }
        state = v;
    }
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let deals = args.first().copied().unwrap_or(100);
    let first = args.get(1).copied().unwrap_or(1);
    let app = router(Limits::default());
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let (mut times, mut verdicts) = (Vec::new(), BTreeMap::new());
    let start = Instant::now();
    runtime.block_on(async {
        for seed in first..first + deals {
            game(&app, seed, &mut times, &mut verdicts).await;
        }
    });
    times.sort_by(f64::total_cmp);
    let p = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let within = times.iter().filter(|&&t| t <= 100.0).count();
    println!(
        "{} checks over {deals} Turtle deals from seed {first}: p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms, \
         within 100 ms {:.2} %; verdicts {verdicts:?}; {:.1} s in all",
        times.len(),
        p(0.5),
        p(0.99),
        p(1.0),
        100.0 * within as f64 / times.len() as f64,
        start.elapsed().as_secs_f64()
    );
}

//! The JSON API: each endpoint reads one request object and answers with the object the
//! command prints with `--json` (haipai-api's), run in its lane; bad input is a 400 with the
//! command's message.

use crate::{ApiError, Lane, State};
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::State as Shared;
use axum::routing::post;
use serde_json::Value;
use std::time::Instant;

/// The API's routes.
pub fn routes() -> Router<State> {
    Router::new()
        .route("/api/ev", post(ev))
        .route("/api/shanten", post(shanten))
        .route("/api/waits", post(waits))
        .route("/api/score", post(score))
        .route("/api/review", post(review))
}

/// The body as text: a JSON request is UTF-8.
fn body_text(body: &Bytes) -> Result<String, ApiError> {
    String::from_utf8(body.to_vec()).map_err(|_| ApiError::bad_input("not a JSON request: the body is not UTF-8 text"))
}

/// Answers the request `body` with `question` run in `lane`; the answer echoes the request's
/// `id`, if any, an error answer too (bad input, busy, over the time limit).
async fn answer(
    lane: &Lane,
    body: &Bytes,
    question: impl FnOnce(&str) -> Result<Value, ApiError> + Send + 'static,
) -> Result<Json<Value>, ApiError> {
    let text = body_text(body)?;
    let id = haipai_api::request_id(&text);
    let result = lane.run(move || question(&text)).await.and_then(|answer| answer);
    match result {
        Ok(mut answer) => {
            haipai_api::echo_id(&mut answer, id);
            Ok(Json(answer))
        }
        Err(e) => Err(e.with_id(id)),
    }
}

/// A question of haipai-api: its message is bad input.
fn asked(
    question: impl FnOnce(&str) -> Result<Value, String> + Send + 'static,
) -> impl FnOnce(&str) -> Result<Value, ApiError> + Send + 'static {
    move |text| question(text).map_err(ApiError::bad_input)
}

/// The context of an `ev` question on this server: the command's defaults, with the server's
/// state limit (a default budget is lowered to fit it; a budget asked for that does not fit is
/// refused, naming the limit).
fn ev_context(state: &State) -> haipai_api::ev::Context {
    let mut base = haipai_api::ev::Context::default();
    base.options.max_states = state.limits.max_states;
    base
}

/// `POST /api/ev`: one `haipai ev -` request; the `haipai ev --json` answer.
async fn ev(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let base = ev_context(&state);
    answer(&state.heavy, &body, asked(move |text| haipai_api::ev::ev(text, &base))).await
}

/// `POST /api/shanten`: `{"hand", "visible", "sanma"}`; the `haipai shanten --json` answer.
async fn shanten(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    answer(&state.quick, &body, asked(haipai_api::shanten::shanten)).await
}

/// `POST /api/waits`: `{"hand", "kinds", "karaten", "no_seven_pairs", "explain"}`; the
/// `haipai waits --json` answer.
async fn waits(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    answer(&state.quick, &body, asked(haipai_api::waits::waits)).await
}

/// `POST /api/score`: one `haipai score -` request; the `haipai score --json` answer.
async fn score(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    answer(&state.quick, &body, asked(haipai_api::score::score)).await
}

/// `POST /api/review`: `{"log": TEXT, "player": SEAT or NAME}`; `{"decisions": [...], "errors":
/// [...]}`, the `haipai review --json` records. The log is at most `max_log` bytes and each
/// question lists at most `max_states` states (past it the budget is lowered, as the command
/// does). The review stops at the time limit, counted from the request's arrival: no decision
/// is begun after it, and the answer is a 504 saying how far it got, given once the worker is
/// free.
async fn review(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let max_log = state.limits.max_log;
    let time = state.heavy.time();
    let mut settings = haipai::review::Settings::default().deadline(Instant::now() + time);
    settings.options.max_states = state.limits.max_states;
    answer(&state.heavy, &body, move |text| {
        let log = haipai_api::Request::parse(text, &haipai_api::review::FIELDS).map_err(ApiError::bad_input)?;
        if let Some(Value::String(log)) = log.value("log")
            && log.len() > max_log
        {
            return Err(ApiError::bad_input(format!(
                "field 'log': {} bytes, at most {max_log} (a game log is a few hundred KiB)",
                log.len()
            )));
        }
        let (review, rules) = haipai_api::review::reviewed(text, &settings).map_err(ApiError::bad_input)?;
        if review.unreviewed > 0 {
            let done: usize = review.rounds.iter().map(|r| r.decisions.len()).sum();
            return Err(ApiError::timeout(format!(
                "the review passed the time limit of {} ms with {done} of {} decisions reviewed; ask for one \
                 player's decisions or a shorter log",
                time.as_millis(),
                done + review.unreviewed
            )));
        }
        Ok(haipai_api::review::answer(&review, &rules))
    })
    .await
}

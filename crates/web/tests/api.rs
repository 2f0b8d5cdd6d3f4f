//! The server's routes answered in process (no socket): the pages, the assets, health and
//! the errors of a path that is not there.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use haipai_web::{Limits, router};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// The status, content type and body of `GET path`.
async fn get(path: &str) -> (StatusCode, String, String) {
    let response = router(Limits::default())
        .oneshot(Request::get(path).body(Body::empty()).expect("request"))
        .await
        .expect("answered");
    let status = response.status();
    let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap_or("").to_string()).unwrap_or_default();
    let body = response.into_body().collect().await.expect("body").to_bytes();
    (status, kind, String::from_utf8(body.to_vec()).expect("utf-8"))
}

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime").block_on(f)
}

#[test]
fn health_names_the_version_and_the_limits() {
    let (status, kind, body) = block_on(get("/api/health"));
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("application/json"), "{kind}");
    let v: serde_json::Value = serde_json::from_str(&body).expect("json");
    assert_eq!(v["status"], "ok");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["limits"]["max_states"], 3_000_000);
}

#[test]
fn the_index_page_and_its_assets_are_served() {
    let (status, kind, body) = block_on(get("/"));
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "text/html; charset=utf-8"));
    assert!(body.contains("/assets/style.css"), "{body}");
    for (name, kind) in [("style.css", "text/css"), ("tiles.js", "text/javascript"), ("favicon.svg", "image/svg+xml")] {
        let (status, got, body) = block_on(get(&format!("/assets/{name}")));
        assert_eq!(status, StatusCode::OK, "{name}");
        assert!(got.starts_with(kind), "{name}: {got}");
        assert!(!body.is_empty(), "{name}");
    }
}

#[test]
fn a_path_that_is_not_there_is_a_json_404_naming_it() {
    for path in ["/nothing", "/assets/missing.js", "/api/nothing"] {
        let (status, _, body) = block_on(get(path));
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        let v: serde_json::Value = serde_json::from_str(&body).expect("json");
        assert_eq!(v["error"], format!("no page or endpoint at {path}"));
    }
}

/// The status and body text of `POST path` with `body` on a server with `limits`.
async fn post_text(limits: Limits, path: &str, body: &str) -> (StatusCode, String) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let response = router(limits).oneshot(request).await.expect("answered");
    let status = response.status();
    let bytes = response.into_body().collect().await.expect("body").to_bytes();
    (status, String::from_utf8(bytes.to_vec()).expect("utf-8"))
}

/// The status and JSON body of `POST path` with `body` on a server with `limits`.
async fn post_with(limits: Limits, path: &str, body: &str) -> (StatusCode, serde_json::Value) {
    let (status, text) = post_text(limits, path, body).await;
    (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")))
}

/// `POST path` on a server with the default limits.
fn post(path: &str, body: &str) -> (StatusCode, serde_json::Value) {
    block_on(post_with(Limits::default(), path, body))
}

/// The question of document 001, asked of the model of the article (quick to answer).
const EV_REQUEST: &str =
    r#"{"id": "q1", "hand": "222567m345p33667s", "dora_indicators": ["1z"], "model": "article", "per_turn": true}"#;

#[test]
fn ev_answers_what_the_library_answers_with_the_id_echoed() {
    let (status, text) = block_on(post_text(Limits::default(), "/api/ev", EV_REQUEST));
    assert_eq!(status, StatusCode::OK, "{text}");
    let mut expected = haipai_api::ev::ev(EV_REQUEST, &haipai_api::ev::Context::default()).expect("an answer");
    expected["id"] = "q1".into();
    // As text: the numbers exactly as the command prints them.
    assert_eq!(text, expected.to_string());
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(v["candidates"][0]["discard"], "6s");
    assert_eq!(v["candidates"][0]["per_turn"]["points"].as_array().map(Vec::len), Some(17));
}

#[test]
fn ev_refuses_bad_input_with_the_commands_message() {
    let cases = [
        ("{\"hand\": ", "not a JSON request: EOF while parsing a value at line 1 column 9"),
        ("[1, 2]", "a request is a JSON object"),
        (r#"{"hand": "222567m345p33667s", "colour": 1}"#, "unknown field 'colour' (fields: id, hand, "),
        (r#"{"hand": "222567m345p3366s9z"}"#, "hand '222567m345p3366s9z': at "),
        (r#"{"hand": "22222m567m345p3366s"}"#, "hand '22222m567m345p3366s': "),
        (r#"{"hand": "222567m345p33667s", "seat": "X"}"#, "seat 'X' is not a wind (E, S, W or N)"),
        (r#"{"hand": "222567m345p33667s", "per_turn": "yes"}"#, "field 'per_turn' must be true or false"),
        (r#"{"hand": "222567m345p33667s", "turn": 1, "turn": 2}"#, "field 'turn' is given twice"),
    ];
    for (body, message) in cases {
        let (status, v) = post("/api/ev", body);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
        let error = v["error"].as_str().expect("an error message");
        assert!(error.starts_with(message), "{body}: {error}");
        let library = haipai_api::ev::ev(body, &haipai_api::ev::Context::default()).expect_err("refused");
        assert_eq!(error, library, "{body}");
    }
}

#[test]
fn an_ev_question_over_the_servers_state_limit_is_refused_naming_it() {
    let limits = Limits::default().max_states(500);
    let body = r#"{"hand": "222567m345p33667s", "budget": 1}"#;
    let (status, v) = block_on(post_with(limits.clone(), "/api/ev", body));
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        v["error"],
        "the hand needs more than 500 states with this exchange budget; lower the budget or raise the state limit"
    );
    // Without a budget asked for, the default one is lowered to fit, and the answer says so.
    let (status, v) = block_on(post_with(limits, "/api/ev", r#"{"hand": "222567m345p33667s"}"#));
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["budget"]["lowered"]["max_states"], 500);
}

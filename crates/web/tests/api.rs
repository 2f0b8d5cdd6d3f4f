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
    post_to(&router(limits), path, body).await
}

/// The status and body text of `POST path` with `body` on the server `app`.
async fn post_to(app: &axum::Router, path: &str, body: &str) -> (StatusCode, String) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let response = app.clone().oneshot(request).await.expect("answered");
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
fn ev_scoring_switches_change_the_answer_as_the_library_does() {
    // Document 001's hand with its red 5m and a dora 5p: without red fives it is worth less.
    let asked = |switch: &str| {
        let body = format!(r#"{{"hand": "222067m345p33667s", "dora_indicators": ["4p"], "budget": 0{switch}}}"#);
        let (status, text) = block_on(post_text(Limits::default(), "/api/ev", &body));
        assert_eq!(status, StatusCode::OK, "{text}");
        let expected = haipai_api::ev::ev(&body, &haipai_api::ev::Context::default()).expect("an answer");
        assert_eq!(text, expected.to_string());
        expected
    };
    let (plain, no_red) = (asked(""), asked(r#", "no_red": true"#));
    let points = |v: &serde_json::Value| v["candidates"][0]["points"].as_f64().expect("points");
    assert!(points(&no_red) < points(&plain), "{} {}", points(&no_red), points(&plain));
    assert_eq!(asked(r#", "no_red": false"#), plain);
    assert_eq!(plain["model"], "model: one player, tsumo wins only, no opponents; rules default");
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
        (r#"{"hand": "222567m345p33667s", "no_red": "yes"}"#, "field 'no_red' must be true or false"),
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
fn a_refused_request_echoes_its_id() {
    let cases = [
        ("/api/ev", r#"{"id": "q2", "hand": "222567m345p3366s9z"}"#, serde_json::json!("q2")),
        ("/api/shanten", r#"{"hand": "123m4x", "id": 3}"#, serde_json::json!(3)),
        ("/api/waits", r#"{"id": [1, "a"], "hand": "11111m"}"#, serde_json::json!([1, "a"])),
        (
            "/api/score",
            r#"{"id": {"hand": 9}, "hand": "233445m678p234s99s", "win": "3x"}"#,
            serde_json::json!({"hand": 9}),
        ),
        ("/api/review", r#"{"id": 4, "log": "not a game"}"#, serde_json::json!(4)),
        ("/api/ev", r#"{"id": 5, "hand": "222567m345p33667s", "colour": 1}"#, serde_json::json!(5)),
    ];
    for (path, body, id) in cases {
        let (status, v) = post(path, body);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {v}");
        assert_eq!(v["id"], id, "{path} {body}: {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{path} {body}: {v}");
    }
    // a body that is not JSON, or not an object, has no id to echo
    for body in [r#"{"id": 6, "hand": "#, "[6]", r#"{"id": null, "hand": "1x"}"#] {
        let (status, v) = post("/api/shanten", body);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert_eq!(v.as_object().map(|o| o.keys().collect::<Vec<_>>()), Some(vec![&"error".to_string()]), "{body}");
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

/// Asks `path` each body and checks a 400 whose message is the library's and starts with the
/// expected words.
fn refused(path: &str, cases: &[(&str, &str)], library: impl Fn(&str) -> Result<serde_json::Value, String>) {
    for &(body, message) in cases {
        let (status, v) = post(path, body);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {v}");
        let error = v["error"].as_str().expect("an error message");
        assert!(error.starts_with(message), "{path} {body}: {error}");
        assert_eq!(Err(error.to_string()), library(body), "{path} {body}");
    }
}

/// Asks `path` with `body` and checks the answer is the library's, as text.
fn answered(path: &str, body: &str, library: impl Fn(&str) -> Result<serde_json::Value, String>) -> serde_json::Value {
    let (status, text) = block_on(post_text(Limits::default(), path, body));
    assert_eq!(status, StatusCode::OK, "{path} {body}: {text}");
    assert_eq!(text, library(body).expect("an answer").to_string(), "{path} {body}");
    serde_json::from_str(&text).expect("json")
}

#[test]
fn shanten_answers_the_commands_json_and_refuses_bad_input() {
    let v = answered("/api/shanten", r#"{"hand": "222567m34p3366s4z", "visible": "7s"}"#, haipai_api::shanten::shanten);
    assert_eq!((v["shanten"].as_i64(), v["live"].as_i64()), (Some(1), Some(12)));
    assert_eq!(v["necessary"], serde_json::json!(["2p", "5p", "3s", "6s"]));
    let table = answered("/api/shanten", r#"{"hand": "222567m345p33667s"}"#, haipai_api::shanten::shanten);
    assert_eq!(table["discards"][0]["discard"], "6s");
    refused(
        "/api/shanten",
        &[
            (r#"{"hand": "123m4x"}"#, "at "),
            (r#"{"hand": "11111m"}"#, "at "),
            (
                r#"{"hand": "123456789m11p11s", "visible": "1m1m1m1m"}"#,
                "visible: 5 copies of 1m with the hand's tiles, at most 4",
            ),
            (
                r#"{"hand": "19m123456789p11s", "sanma": true, "visible": "5m"}"#,
                "visible '5m': three-player mahjong has no 2m-8m",
            ),
            (r#"{"hand": "123456789m11p11s", "kinds": true}"#, "unknown field 'kinds'"),
            (r#"{"visible": "1m"}"#, "field 'hand' is required"),
        ],
        haipai_api::shanten::shanten,
    );
}

#[test]
fn waits_answers_the_commands_json_and_refuses_bad_input() {
    let v = answered("/api/waits", r#"{"hand": "1112224588899", "kinds": true}"#, haipai_api::waits::waits);
    assert_eq!(v["lines"], serde_json::json!(["(111)(222)(888)(99)[45]"]));
    assert_eq!(v["details"][0]["kind"], "ryanmen");
    let v = answered("/api/waits", r#"{"hand": "123m456p789s1237z", "explain": true}"#, haipai_api::waits::waits);
    assert_eq!((v["tenpai"].as_bool(), v["shanten"].as_i64()), (Some(false), Some(2)));
    refused(
        "/api/waits",
        &[
            (r#"{"hand": "1112224588809"}"#, "a one-suit hand is the digits 1-9"),
            (r#"{"hand": "11111m"}"#, "at "),
            (r#"{"hand": "1112224588899", "kinds": "yes"}"#, "field 'kinds' must be true or false"),
            ("not json", "not a JSON request: "),
        ],
        haipai_api::waits::waits,
    );
}

#[test]
fn score_answers_the_commands_json_and_refuses_bad_input() {
    let body = r#"{"hand": "233445m678p234s99s", "win": "3m", "riichi": true, "id": 7}"#;
    let (status, v) = post("/api/score", body);
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["han"].as_i64(), v["fu"].as_i64(), v["points"]["ron"].as_i64()), (Some(2), Some(30), Some(2900)));
    assert_eq!(v["id"], 7);
    answered(
        "/api/score",
        r#"{"hand": "233445m678p234s99s", "win": "3m", "rules": "mleague"}"#,
        haipai_api::score::score,
    );
    refused(
        "/api/score",
        &[
            (r#"{"hand": "233445m678p234s99s"}"#, "field 'win' is required"),
            (r#"{"hand": "233445m678p234s99s", "win": "3x"}"#, "win '3x': "),
            (
                r#"{"hand": "233445m678p234s99s", "win": "3m", "rules": "house"}"#,
                "field 'rules': 'house' is not a rules preset",
            ),
            (r#"{"hand": "22222m345p234s99s", "win": "2m"}"#, "hand '22222m345p234s99s': "),
        ],
        haipai_api::score::score,
    );
}

/// A hand-made game of the review crate's fixtures.
const GAME: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../review/tests/fixtures/flags.json"));

/// `value` without the `ms` of each decision (the time it took).
fn without_times(mut value: serde_json::Value) -> serde_json::Value {
    for d in value["decisions"].as_array_mut().into_iter().flatten() {
        d.as_object_mut().map(|o| o.remove("ms"));
    }
    value
}

#[test]
fn review_answers_the_commands_records() {
    let body = serde_json::json!({ "log": GAME, "player": 0 }).to_string();
    let (status, v) = post("/api/review", &body);
    assert_eq!(status, StatusCode::OK, "{v}");
    let decisions = v["decisions"].as_array().expect("decisions");
    assert!(!decisions.is_empty(), "{v}");
    assert!(decisions.iter().all(|d| d["seat"] == 0 && d["candidates"].is_array()), "{v}");
    assert_eq!(v["errors"], serde_json::json!([]));
    let library = haipai_api::review::review(&body, &haipai::review::Settings::default()).expect("reviewed");
    assert_eq!(without_times(v.clone()), without_times(library));
    // a tenhou.net/6 game is reviewed under Tenhou's rules unless the request names others
    assert_eq!((&v["rules"], &decisions[0]["rules"]), (&serde_json::json!("tenhou"), &serde_json::json!("tenhou")));
    let body = serde_json::json!({ "log": GAME, "player": 0, "rules": "mleague" }).to_string();
    let (status, v) = post("/api/review", &body);
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(v["decisions"].as_array().expect("decisions").iter().all(|d| d["rules"] == "mleague"), "{v}");
}

#[test]
fn review_refuses_bad_logs_players_and_a_log_over_the_limit() {
    let settings = haipai::review::Settings::default();
    let player = serde_json::json!({ "log": GAME, "player": 7 }).to_string();
    let name = serde_json::json!({ "log": GAME, "player": "nobody" }).to_string();
    refused(
        "/api/review",
        &[
            (r#"{"log": "not a game"}"#, "log: "),
            (&player, "player 7: the game's seats are 0 to 3"),
            (&name, "player 'nobody': no such seat or name"),
            (r#"{"player": 0}"#, "field 'log' is required"),
            (r#"{"log": "x", "player": [0]}"#, "field 'player' must be a seat number or a player's name"),
            (r#"{"log": "x", "rules": "sega"}"#, "field 'rules': 'sega' is not a rules preset"),
        ],
        |body| haipai_api::review::review(body, &settings),
    );
    let body = serde_json::json!({ "log": GAME }).to_string();
    let (status, v) = block_on(post_with(Limits::default().max_log(100), "/api/review", &body));
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["error"], format!("field 'log': {} bytes, at most 100 (a game log is a few hundred KiB)", GAME.len()));
}

#[test]
fn a_review_past_the_time_limit_stops_and_its_worker_is_free_for_the_next_question() {
    // one heavy worker, no queue: a second heavy question is answered only if the first one's
    // work has ended
    let app = router(Limits::default().heavy_workers(1).queue(0).time(std::time::Duration::from_millis(1)));
    let long = haipai_test_utils::logs::repeated_rounds(GAME, 600);
    let game = haipai::log::read(long.as_bytes()).expect("the long game reads");
    let held: usize =
        game.replay().into_iter().flatten().flat_map(|r| r.decisions).filter(|d| d.position.seat == 1).count();
    let body = serde_json::json!({ "id": "long", "log": long, "player": 1 }).to_string();
    let (status, text) = block_on(post_to(&app, "/api/review", &body));
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(v["id"], "long");
    // the review stopped itself, fewer decisions reviewed than the log holds
    let error = v["error"].as_str().expect("an error message");
    let counts = error
        .strip_prefix("the review passed the time limit of 1 ms with ")
        .and_then(|rest| rest.split_once(" decisions reviewed; ask for one player's decisions or a shorter log"))
        .and_then(|(counts, rest)| rest.is_empty().then_some(counts)?.split_once(" of "))
        .unwrap_or_else(|| panic!("{error}"));
    let (done, all) = (counts.0.parse::<usize>().expect("a count"), counts.1.parse::<usize>().expect("a count"));
    assert_eq!(all, held, "{error}");
    assert!(done < all, "{error}");
    // the heavy worker is free again: a quick expected value is answered
    let quick = r#"{"hand": "222567m345p33667s", "turn": 17, "model": "article"}"#;
    let (status, text) = block_on(post_to(&app, "/api/ev", quick));
    assert_eq!(status, StatusCode::OK, "{text}");
}

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

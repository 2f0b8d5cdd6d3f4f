//! The pages and their assets, embedded in the binary: `GET /` and each page by its path,
//! the scripts and styles under `/assets/`.

use crate::State;
use axum::Router;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// One embedded file: its name under `/assets/`, its content type and its text.
struct Asset {
    name: &'static str,
    kind: &'static str,
    text: &'static str,
}

const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const HTML: &str = "text/html; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The pages: each path and its HTML.
const PAGES: &[(&str, &str)] = &[
    ("/", include_str!("../assets/index.html")),
    ("/nanikiru", include_str!("../assets/nanikiru.html")),
    ("/shanghai", include_str!("../assets/shanghai.html")),
];

/// The scripts and styles the pages load.
const ASSETS: &[Asset] = &[
    Asset { name: "style.css", kind: CSS, text: include_str!("../assets/style.css") },
    Asset { name: "tiles.js", kind: JS, text: include_str!("../assets/tiles.js") },
    Asset { name: "nanikiru.js", kind: JS, text: include_str!("../assets/nanikiru.js") },
    Asset { name: "favicon.svg", kind: SVG, text: include_str!("../assets/favicon.svg") },
    Asset { name: "shanghai.js", kind: JS, text: include_str!("../assets/shanghai.js") },
];

/// The routes of the pages and of `/assets/{name}`.
pub fn routes() -> Router<State> {
    let mut router = Router::new().route("/assets/{name}", get(asset));
    for &(path, html) in PAGES {
        router = router.route(path, get(move || async move { ([(header::CONTENT_TYPE, HTML)], html) }));
    }
    router
}

async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|a| a.name == name) {
        Some(a) => ([(header::CONTENT_TYPE, a.kind), (header::CACHE_CONTROL, "no-cache")], a.text).into_response(),
        None => crate::error::no_route(&format!("/assets/{name}")).into_response(),
    }
}

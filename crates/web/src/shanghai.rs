//! The Shanghai endpoints: `POST /api/shanghai/deal`, `/check`, `/hint` and `/review`.
//!
//! A request names a deal as `haipai shanghai` does: a layout (`layout`, a built-in name or
//! `gridDxRxC`, or `layout_file`, the text of a KMahjongg, GNOME or haipai layout file, with
//! `map` for a GNOME map), `seed`, `winnable` (a deal winnable by construction) and `rules`
//! (`standard` or `grid`); or `deal`, the text `haipai shanghai deal` prints. The fields may
//! also come nested in a `deal` object. `moves` lists the moves played, `[a, b]` slot pairs.
//! Every answer is JSON; bad input is a 400 whose message names the field, the line of a
//! file or the move.

use crate::{ApiError, State};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State as Shared;
use axum::response::Json;
use axum::routing::post;
use haipai::shanghai::{Bits, Blocking, Board, Budget, Deal, Face, GameReview, Layout, Move, Solver, Verdict, formats};
use serde_json::{Map, Value, json};
use std::time::{Duration, Instant};

/// The most bytes of a `layout_file` (the largest real layout files are a few KB).
pub const MAX_LAYOUT_FILE: usize = 256 << 10;

/// The time a `check` may take unless `time_ms` says otherwise: the live indicator answers
/// within 100 ms, or says `unknown`.
pub const CHECK_TIME: Duration = Duration::from_millis(80);

/// The fields a request may hold.
const FIELDS: &[&str] =
    &["layout", "layout_file", "map", "name", "seed", "winnable", "rules", "deal", "moves", "time_ms"];

/// The routes of the Shanghai endpoints.
pub fn routes() -> Router<State> {
    Router::new()
        .route("/api/shanghai/deal", post(deal))
        .route("/api/shanghai/check", post(check))
        .route("/api/shanghai/hint", post(hint))
        .route("/api/shanghai/review", post(review))
}

/// A request's fields, checked: every name known, nested `deal` objects flattened.
struct Request {
    fields: Map<String, Value>,
}

impl Request {
    /// The JSON object of `body`.
    fn parse(body: &[u8]) -> Result<Request, ApiError> {
        let value: Value = serde_json::from_slice(body).map_err(|e| ApiError::bad_input(format!("bad JSON: {e}")))?;
        let Value::Object(mut fields) = value else {
            return Err(ApiError::bad_input("the request must be a JSON object"));
        };
        if let Some(Value::Object(inner)) = fields.get("deal").cloned() {
            fields.remove("deal");
            for (k, v) in inner {
                fields.entry(k).or_insert(v);
            }
        }
        if let Some(unknown) = fields.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(ApiError::bad_input(format!("unknown field '{unknown}' (fields: {})", FIELDS.join(", "))));
        }
        Ok(Request { fields })
    }

    /// The text of field `name`, if given (an error when it is not a string).
    fn text(&self, name: &str) -> Result<Option<&str>, ApiError> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(ApiError::bad_input(format!("{name}: expected a string, not {other}"))),
        }
    }

    /// The seed: a whole number, written as a number or as a string of digits (default 1).
    fn seed(&self) -> Result<u64, ApiError> {
        let bad = |v: &dyn std::fmt::Display| {
            ApiError::bad_input(format!("seed: {v} is not a whole number (0 to {})", u64::MAX))
        };
        match self.fields.get("seed") {
            None | Some(Value::Null) => Ok(1),
            Some(Value::Number(n)) => n.as_u64().ok_or_else(|| bad(n)),
            Some(Value::String(s)) => s.trim().parse().map_err(|_| bad(&format!("'{s}'"))),
            Some(other) => Err(bad(other)),
        }
    }

    /// The boolean field `name` (default false).
    fn flag(&self, name: &str) -> Result<bool, ApiError> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(ApiError::bad_input(format!("{name}: expected true or false, not {other}"))),
        }
    }

    /// The rule set (default standard).
    fn rules(&self) -> Result<Blocking, ApiError> {
        match self.text("rules")? {
            None | Some("standard") => Ok(Blocking::Standard),
            Some("grid") => Ok(Blocking::Grid),
            Some(other) => Err(ApiError::bad_input(format!("unknown rules '{other}': standard or grid"))),
        }
    }

    /// The time a question may take: `time_ms` when given (at most the server's), else
    /// `default`.
    fn time(&self, default: Duration, limit: Duration) -> Result<Duration, ApiError> {
        match self.fields.get("time_ms") {
            None | Some(Value::Null) => Ok(default.min(limit)),
            Some(v) => {
                let ms =
                    v.as_u64().ok_or_else(|| ApiError::bad_input(format!("time_ms: {v} is not a whole number")))?;
                Ok(Duration::from_millis(ms).min(limit))
            }
        }
    }

    /// The moves played: a list of `[a, b]` slot pairs (each checked on the board later).
    fn moves(&self) -> Result<Vec<Move>, ApiError> {
        let list = match self.fields.get("moves") {
            None | Some(Value::Null) => return Ok(Vec::new()),
            Some(Value::Array(list)) => list,
            Some(other) => {
                return Err(ApiError::bad_input(format!("moves: expected a list of [a, b] pairs, not {other}")));
            }
        };
        let slot = |v: &Value| v.as_u64().map(|s| usize::try_from(s).unwrap_or(usize::MAX));
        list.iter()
            .enumerate()
            .map(|(k, m)| match m.as_array().map(|p| p.as_slice()) {
                Some([a, b]) => match (slot(a), slot(b)) {
                    (Some(a), Some(b)) => Ok(Move::new(a, b)),
                    _ => Err(ApiError::bad_input(format!("move {}: {m} is not two slot numbers", k + 1))),
                },
                _ => Err(ApiError::bad_input(format!("move {}: {m} is not a pair [a, b]", k + 1))),
            })
            .collect()
    }

    /// The layout: `layout_file` read (its format detected; `map` picks a GNOME map), else
    /// the built-in `layout` (default turtle), else `fallback` (a deal text's layout name).
    fn layout(&self, fallback: Option<&str>) -> Result<Layout, ApiError> {
        if let Some(text) = self.text("layout_file")? {
            if text.len() > MAX_LAYOUT_FILE {
                return Err(ApiError::bad_input(format!(
                    "layout_file: {} bytes, more than {} KiB: not a layout file",
                    text.len(),
                    MAX_LAYOUT_FILE >> 10
                )));
            }
            let name = self.text("name")?.unwrap_or("file");
            let map = self.text("map")?.or(fallback.filter(|_| formats::is_gnome(text)));
            return formats::parse_any(name, text, map).map_err(|e| ApiError::bad_input(format!("layout_file: {e}")));
        }
        let name = self.text("layout")?.or(fallback).unwrap_or("turtle");
        Layout::named(name).map_err(ApiError::bad_input)
    }

    /// The board and deal the request names.
    fn board(&self) -> Result<(Board, Deal), ApiError> {
        if let Some(text) = self.text("deal")? {
            let deal = Deal::parse(text).map_err(|e| ApiError::bad_input(format!("deal: {e}")))?;
            let layout = self.layout(Some(&deal.layout))?;
            check_set(&deal.faces, layout.len())?;
            let board = Board::new(layout, deal.rules, deal.faces.clone())
                .map_err(|e| ApiError::bad_input(format!("deal: {e}")))?;
            return Ok((board, deal));
        }
        let (layout, rules, seed) = (self.layout(None)?, self.rules()?, self.seed()?);
        let made = if self.flag("winnable")? {
            Deal::winnable(&layout, rules, seed)
        } else {
            Deal::random(&layout, rules, seed)
        };
        let deal = made.map_err(ApiError::bad_input)?;
        let board = Board::new(layout, rules, deal.faces.clone()).map_err(ApiError::bad_input)?;
        Ok((board, deal))
    }
}

/// Whether `faces` use the tile set of a layout of `slots` slots: no face more often than
/// the set holds it (a fifth `1m` on the Turtle is refused, naming its slot).
fn check_set(faces: &[Face], slots: usize) -> Result<(), ApiError> {
    let mut left = [0usize; haipai::shanghai::FACES];
    for f in Face::set_for(slots) {
        left[f.index()] += 1;
    }
    for (slot, f) in faces.iter().enumerate() {
        if left[f.index()] == 0 {
            let have = Face::set_for(slots).iter().filter(|g| *g == f).count();
            return Err(ApiError::bad_input(format!(
                "deal: slot {slot} holds one {f} too many (the set for {slots} slots has {have})"
            )));
        }
        left[f.index()] -= 1;
    }
    Ok(())
}

/// A face as the page draws it: `5m`, `7z`, `bonus:f1` a flower, `bonus:s1` a season.
fn face_code(face: Face) -> String {
    let text = face.to_string();
    match text.as_bytes() {
        [n, b'f'] => format!("bonus:f{}", *n as char),
        [n, b't'] => format!("bonus:s{}", *n as char),
        _ => text,
    }
}

fn rules_name(rules: Blocking) -> &'static str {
    if rules == Blocking::Grid { "grid" } else { "standard" }
}

fn pairs(moves: &[Move]) -> Vec<[u16; 2]> {
    moves.iter().map(|m| [m.0, m.1]).collect()
}

/// Runs `work` on the request in `lane`'s worker.
async fn answer(
    lane: &crate::Lane,
    body: Bytes,
    work: impl FnOnce(Request) -> Result<Value, ApiError> + Send + 'static,
) -> Result<Json<Value>, ApiError> {
    let request = Request::parse(&body)?;
    lane.run(move || work(request)).await?.map(Json)
}

/// `POST /api/shanghai/deal`: the deal's tiles with their places, and its text.
async fn deal(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    answer(&state.quick, body, |request| {
        let (board, deal) = request.board()?;
        Ok(describe(&board, &deal, request.flag("winnable")?))
    })
    .await
}

fn describe(board: &Board, deal: &Deal, winnable: bool) -> Value {
    let slots = board.layout().slots();
    let tiles: Vec<Value> = slots
        .iter()
        .zip(board.faces())
        .enumerate()
        .map(|(i, (s, &f))| json!({"slot": i, "x": s.x, "y": s.y, "z": s.z, "face": face_code(f)}))
        .collect();
    let extent = |f: fn(&haipai::shanghai::Slot) -> i32, add| slots.iter().map(f).max().map_or(0, |m| m + add);
    json!({
        "layout": board.layout().name(), "rules": rules_name(board.rules()), "seed": deal.seed, "winnable": winnable,
        "width": extent(|s| s.x, 2), "height": extent(|s| s.y, 2), "depth": extent(|s| s.z, 1),
        "tiles": tiles, "deal": deal.to_text(),
    })
}

/// The board, the moves checked, and the positions of the game.
fn game(request: &Request) -> Result<(Board, Vec<Move>, Vec<Bits>), ApiError> {
    let (board, _) = request.board()?;
    let moves = request.moves()?;
    let at = board.positions(&moves).map_err(ApiError::bad_input)?;
    Ok((board, moves, at))
}

/// `won`, `winnable`, `lost` or `unknown`: the verdict on the game's last position.
fn verdict(review: &GameReview, last: &Bits) -> &'static str {
    match review.last() {
        _ if last.is_empty() => "won",
        Some(true) => "winnable",
        Some(false) => "lost",
        None => "unknown",
    }
}

/// The solver's default budget with `time` as its time limit.
fn within(time: Duration) -> Budget {
    Budget { time: Some(time), ..Budget::default() }
}

/// Reviews the game of `request` within `time`.
fn review_within(board: &Board, moves: &[Move], time: Duration) -> GameReview {
    Solver::with_budget(board, within(time)).review_game(moves).expect("moves checked")
}

/// `POST /api/shanghai/check`: the live indicator after the moves.
async fn check(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let limit = state.limits.time;
    answer(&state.quick, body, move |request| {
        let start = Instant::now();
        let time = request.time(CHECK_TIME, limit)?;
        let (board, moves, at) = game(&request)?;
        let last = at[moves.len()];
        let review = review_within(&board, &moves, time);
        Ok(json!({
            "verdict": verdict(&review, &last),
            "free": board.free_tiles(&last),
            "legal": pairs(&board.moves(&last)),
            "losing_move": review.losing_move,
            "start": review.winnable[0],
            "tiles_left": last.len(),
            "ms": start.elapsed().as_secs_f64() * 1e3,
        }))
    })
    .await
}

/// `POST /api/shanghai/hint`: a move that keeps the board winnable (any legal move when the
/// board is lost or undecided; none when no move is left).
async fn hint(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let limit = state.limits.time;
    answer(&state.heavy, body, move |request| {
        let time = request.time(limit, limit)?;
        let (board, moves, at) = game(&request)?;
        let last = at[moves.len()];
        let verdict = Solver::with_budget(&board, within(time)).solve_from(last);
        let name = match &verdict {
            _ if last.is_empty() => "won",
            Verdict::Winnable(_) => "winnable",
            Verdict::Unwinnable => "lost",
            Verdict::Unknown(_) => "unknown",
        };
        let m = match verdict {
            Verdict::Winnable(line) => line.first().copied(),
            _ => board.moves(&last).first().copied(),
        };
        Ok(json!({"move": m.map(|m| [m.0, m.1]), "verdict": name}))
    })
    .await
}

/// `POST /api/shanghai/review`: every move of the game judged, the first losing move, and a
/// winning line from the last winnable position.
async fn review(Shared(state): Shared<State>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let limit = state.limits.time;
    answer(&state.heavy, body, move |request| {
        let start = Instant::now();
        let time = request.time(limit, limit)?;
        let (board, moves, at) = game(&request)?;
        let review = review_within(&board, &moves, time);
        let judged: Vec<Value> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| json!({"move": [m.0, m.1], "winnable_after": review.winnable_after(i)}))
            .collect();
        Ok(json!({
            "verdict": verdict(&review, &at[moves.len()]),
            "start": review.winnable[0],
            "moves": judged,
            "losing_move": review.losing_move,
            "line": pairs(&review.line),
            "line_from": review.line_from,
            "ms": start.elapsed().as_secs_f64() * 1e3,
        }))
    })
    .await
}

//! The Shanghai endpoints answered in process: a deal's tiles and text, the live indicator
//! along a winning line and after a losing move, the hint, the review of a whole game, and
//! every kind of bad input answered 400 with a message naming it.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use haipai::shanghai::{Blocking, Board, Deal, Layout, Move, MoveClass, Solver, Verdict};
use haipai_web::{Limits, router};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// The status and JSON answer of `POST path` with `body`.
fn post(path: &str, body: &str) -> (StatusCode, Value) {
    let request = Request::post(path).header("content-type", "application/json").body(Body::from(body.to_string()));
    let run = async {
        let response = router(Limits::default()).oneshot(request.expect("request")).await.expect("answered");
        let status = response.status();
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        (status, serde_json::from_slice(&bytes).expect("a JSON answer"))
    };
    tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime").block_on(run)
}

/// The answer of a request that must succeed.
fn ok(path: &str, body: Value) -> Value {
    let (status, v) = post(path, &body.to_string());
    assert_eq!(status, StatusCode::OK, "{path} {body}: {v}");
    v
}

/// The message of a request that must be refused as bad input.
fn refused(path: &str, body: &str) -> String {
    let (status, v) = post(path, body);
    assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {v}");
    v["error"].as_str().expect("an error message").to_string()
}

fn turtle(seed: u64) -> Board {
    let layout = Layout::builtin("turtle").expect("turtle");
    let deal = Deal::random(&layout, Blocking::Standard, seed).expect("deal");
    Board::new(layout, Blocking::Standard, deal.faces).expect("board")
}

fn pairs(moves: &[Move]) -> Value {
    json!(moves.iter().map(|m| [m.0, m.1]).collect::<Vec<_>>())
}

/// The first move along seed 42's winning line that loses, with the line and its index.
fn line_and_losing_move(board: &Board) -> (Vec<Move>, usize, Move) {
    let Verdict::Winnable(line) = Solver::new(board).solve() else { panic!("seed 42 is winnable") };
    let at = board.positions(&line).expect("legal");
    let (k, m) = (20..72)
        .find_map(|k| {
            let review = Solver::new(board).review(at[k]);
            review.into_iter().find(|(_, c)| *c == MoveClass::Loses).map(|(m, _)| (k, m))
        })
        .expect("a losing move along the line");
    (line, k, m)
}

#[test]
fn a_seeded_turtle_deal_gives_its_tiles_in_slot_order_and_the_deal_text() {
    let v = ok("/api/shanghai/deal", json!({"layout": "turtle", "seed": 42}));
    let layout = Layout::builtin("turtle").expect("turtle");
    let deal = Deal::random(&layout, Blocking::Standard, 42).expect("deal");
    assert_eq!(v["deal"], deal.to_text());
    assert_eq!(
        (v["layout"].as_str(), v["rules"].as_str(), v["seed"].as_u64()),
        (Some("turtle"), Some("standard"), Some(42))
    );
    let tiles = v["tiles"].as_array().expect("tiles");
    assert_eq!(tiles.len(), 144);
    for (i, (t, (s, f))) in tiles.iter().zip(layout.slots().iter().zip(&deal.faces)).enumerate() {
        assert_eq!(
            (t["slot"].as_u64(), t["x"].as_i64(), t["y"].as_i64(), t["z"].as_i64()),
            (Some(i as u64), Some(s.x.into()), Some(s.y.into()), Some(s.z.into()))
        );
        let face = f.to_string();
        let code = match face.as_bytes() {
            [n, b'f'] => format!("bonus:f{}", *n as char),
            [n, b't'] => format!("bonus:s{}", *n as char),
            _ => face,
        };
        assert_eq!(t["face"], code, "slot {i}");
    }
    let codes: Vec<&str> = tiles.iter().filter_map(|t| t["face"].as_str()).collect();
    assert_eq!(codes.iter().filter(|c| c.starts_with("bonus:f")).count(), 4);
    assert_eq!(codes.iter().filter(|c| c.starts_with("bonus:s")).count(), 4);
    assert_eq!((v["width"].as_i64(), v["height"].as_i64(), v["depth"].as_i64()), (Some(30), Some(16), Some(5)));
    // A winnable deal is one, and a deal text read back gives the same deal.
    let w = ok("/api/shanghai/deal", json!({"layout": "pyramid", "seed": "7", "winnable": true}));
    assert_eq!(w["winnable"], true);
    let back = ok("/api/shanghai/deal", json!({"deal": v["deal"]}));
    assert_eq!((back["deal"].clone(), back["tiles"].clone()), (v["deal"].clone(), v["tiles"].clone()));
}

#[test]
fn playing_the_solvers_line_stays_winnable_and_ends_won() {
    let board = turtle(42);
    let Verdict::Winnable(line) = Solver::new(&board).solve() else { panic!("seed 42 is winnable") };
    for k in [0, 1, 30, 71] {
        let v = ok(
            "/api/shanghai/check",
            json!({"layout": "turtle", "seed": 42, "moves": pairs(&line[..k]), "time_ms": 10_000}),
        );
        assert_eq!(
            (v["verdict"].as_str(), v["losing_move"].clone()),
            (Some("winnable"), Value::Null),
            "after {k}: {v}"
        );
        let next = json!([line[k].0, line[k].1]);
        assert!(v["legal"].as_array().expect("legal").contains(&next), "after {k}: {v}");
        let free = v["free"].as_array().expect("free");
        assert!(free.contains(&json!(line[k].0)) && free.contains(&json!(line[k].1)), "after {k}: {v}");
    }
    let v = ok("/api/shanghai/check", json!({"layout": "turtle", "seed": 42, "moves": pairs(&line)}));
    assert_eq!(
        (v["verdict"].as_str(), v["legal"].clone(), v["tiles_left"].as_u64()),
        (Some("won"), json!([]), Some(0))
    );
}

#[test]
fn a_losing_move_makes_the_board_lost_and_is_named() {
    let board = turtle(42);
    let (line, k, losing) = line_and_losing_move(&board);
    let mut game = line[..k].to_vec();
    game.push(losing);
    let request = json!({"layout": "turtle", "seed": 42, "moves": pairs(&game), "time_ms": 10_000});
    let v = ok("/api/shanghai/check", request.clone());
    assert_eq!((v["verdict"].as_str(), v["losing_move"].as_u64()), (Some("lost"), Some(k as u64)), "{v}");
    let r = ok("/api/shanghai/review", request);
    assert_eq!(
        (r["verdict"].as_str(), r["losing_move"].as_u64(), r["line_from"].as_u64()),
        (Some("lost"), Some(k as u64), Some(k as u64))
    );
    assert_eq!(r["start"], true);
    let judged = r["moves"].as_array().expect("moves");
    assert_eq!(judged.len(), k + 1);
    assert!(judged[..k].iter().all(|m| m["winnable_after"] == true), "{r}");
    assert_eq!(judged[k]["winnable_after"], false);
    assert_eq!(judged[k]["move"], json!([losing.0, losing.1]));
    // The line wins from the position before the losing move.
    let mut won = line[..k].to_vec();
    won.extend(
        r["line"]
            .as_array()
            .expect("line")
            .iter()
            .map(|p| Move::new(p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as usize)),
    );
    assert_eq!(board.check_win(board.full(), &won), Ok(()));
}

#[test]
fn the_hint_keeps_the_board_winnable() {
    let board = turtle(42);
    let (line, k, _) = line_and_losing_move(&board);
    let mut game = line[..k].to_vec();
    let h = ok("/api/shanghai/hint", json!({"layout": "turtle", "seed": 42, "moves": pairs(&game)}));
    assert_eq!(h["verdict"], "winnable");
    let m = &h["move"];
    game.push(Move::new(m[0].as_u64().unwrap() as usize, m[1].as_u64().unwrap() as usize));
    let after = board.positions(&game).expect("the hint is legal")[k + 1];
    assert!(matches!(Solver::new(&board).solve_from(after), Verdict::Winnable(_)));
    // Nested deal fields are read as well; no move is left on a cleared board.
    let done = ok("/api/shanghai/hint", json!({"deal": {"layout": "turtle", "seed": 42}, "moves": pairs(&line)}));
    assert_eq!((done["move"].clone(), done["verdict"].as_str()), (Value::Null, Some("won")));
}

#[test]
fn a_layout_file_is_dealt_and_its_errors_name_the_line() {
    let file = "# a small pyramid\n0 0..2 0..3\n1 0.5..1.5 1\n";
    let v = ok("/api/shanghai/deal", json!({"layout_file": file, "seed": 3}));
    assert_eq!(v["tiles"].as_array().map(Vec::len), Some(14));
    let c = ok("/api/shanghai/check", json!({"layout_file": file, "seed": 3, "moves": []}));
    assert!(["winnable", "lost"].contains(&c["verdict"].as_str().unwrap_or("")), "{c}");
    let e = refused("/api/shanghai/deal", &json!({"layout_file": "0 0 0..3\n1 x 0\n"}).to_string());
    assert!(e.starts_with("layout_file: line 2: "), "{e}");
    let huge = "0 0 0\n".repeat(60_000);
    let e = refused("/api/shanghai/deal", &json!({"layout_file": huge}).to_string());
    assert!(e.contains("more than 256 KiB"), "{e}");
}

#[test]
fn bad_input_is_refused_with_a_message_naming_it() {
    let board = turtle(42);
    let first = board.moves(&board.full())[0];
    let twice = json!({"seed": 42, "moves": [[first.0, first.1], [first.0, first.1]]}).to_string();
    let e = refused("/api/shanghai/check", &twice);
    assert!(
        e.starts_with(&format!("move 2 ({first}): slot {} (", first.0)) && e.ends_with("is already removed"),
        "{e}"
    );
    // A tile that is not free, with a tile of its group.
    let covered = (0..board.len()).find(|&i| !board.is_free(&board.full(), i)).expect("a covered tile");
    let partner = (0..board.len())
        .find(|&j| j != covered && board.faces()[j].matches(board.faces()[covered]))
        .expect("a partner");
    let e = refused("/api/shanghai/check", &json!({"seed": 42, "moves": [[covered, partner]]}).to_string());
    assert!(e.starts_with("move 1 (") && e.contains("is not free"), "{e}");
    let e = refused("/api/shanghai/check", &json!({"seed": 42, "moves": [[0, 999]]}).to_string());
    assert!(e.contains("slot 999 is not on the board (slots 0-143)"), "{e}");
    assert_eq!(
        refused("/api/shanghai/deal", r#"{"seed": "abc"}"#),
        format!("seed: 'abc' is not a whole number (0 to {})", u64::MAX)
    );
    assert!(refused("/api/shanghai/deal", r#"{"seed": -3}"#).starts_with("seed: -3 is not a whole number"));
    assert!(refused("/api/shanghai/deal", r#"{"layout": "turtel"}"#).contains("turtel"));
    assert_eq!(refused("/api/shanghai/deal", r#"{"rules": "loose"}"#), "unknown rules 'loose': standard or grid");
    assert!(refused("/api/shanghai/deal", "{\"seed\": 1,").starts_with("bad JSON: "));
    assert!(refused("/api/shanghai/deal", r#"{"sede": 1}"#).starts_with("unknown field 'sede' (fields: layout, "));
    assert!(refused("/api/shanghai/check", r#"{"moves": [[1]]}"#).starts_with("move 1: [1] is not a pair [a, b]"));
    // A deal text with a fifth copy of a face, or a face that does not exist.
    let text =
        Deal::random(&Layout::builtin("turtle").expect("turtle"), Blocking::Standard, 42).expect("deal").to_text();
    let first_face = board.faces()[0].to_string();
    let other = (1..board.len()).find(|&i| !board.faces()[i].matches(board.faces()[0])).expect("another face");
    let mut faces: Vec<String> = board.faces().iter().map(|f| f.to_string()).collect();
    faces[other] = first_face.clone();
    let head: String = text.lines().take_while(|l| *l != "faces").map(|l| format!("{l}\n")).collect();
    let fifth = format!("{head}faces\n{}\n", faces.join(" "));
    let e = refused("/api/shanghai/deal", &json!({"deal": fifth}).to_string());
    let fifth_slot = faces.iter().enumerate().filter(|(_, f)| **f == first_face).nth(4).map(|(i, _)| i).expect("five");
    assert_eq!(e, format!("deal: slot {fifth_slot} holds one {first_face} too many (the set for 144 slots has 4)"));
    let unknown = format!("{head}faces\n9q\n");
    let e = refused("/api/shanghai/deal", &json!({"deal": unknown}).to_string());
    assert!(e.starts_with("deal: line ") && e.contains("'9q' is not a face"), "{e}");
}

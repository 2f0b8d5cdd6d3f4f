//! `haipai serve` as a user starts it: a real process on a free loopback port, asked over a
//! real socket; a port that cannot be taken is a clear error.

use crate::{haipai, spawn_haipai};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// The server the command started, ended when dropped.
pub struct Served {
    child: std::process::Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `haipai serve --port 0 EXTRA` and reads the address from its first line.
pub fn serve(extra: &[&str]) -> Served {
    let mut args = vec!["serve", "--port", "0"];
    args.extend_from_slice(extra);
    let mut child = spawn_haipai(&args);
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("first line");
    let addr = first
        .strip_prefix("haipai serves http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("unexpected first line: {first}"))
        .to_string();
    Served { child, addr }
}

/// One HTTP/1.1 request over a new connection: (status, body).
pub fn http(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read");
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (status, body)
}

#[test]
fn serve_answers_health_and_the_index_page_on_the_port_it_names() {
    let served = serve(&[]);
    let (status, body) = http(&served.addr, "GET", "/api/health", "");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"status\":\"ok\""), "{body}");
    let (status, body) = http(&served.addr, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(body.contains("何切る"), "{body}");
}

#[test]
fn a_port_already_taken_is_a_clear_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("addr").port().to_string();
    let (code, out, err) = haipai(&["serve", "--port", &port], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with(&format!("error: cannot listen on 127.0.0.1:{port}: ")), "{err}");
}

/// One quick request of each API kind, by index: (path, body).
fn mixed_request(i: usize) -> (&'static str, &'static str) {
    match i % 4 {
        0 => ("/api/shanten", r#"{"hand": "222567m34p3366s4z", "visible": "7s"}"#),
        1 => ("/api/waits", r#"{"hand": "1112224588899", "kinds": true}"#),
        2 => ("/api/score", r#"{"hand": "233445m678p234s99s", "win": "3m", "riichi": true}"#),
        _ => ("/api/ev", r#"{"hand": "222567m345p33667s", "dora_indicators": ["1z"], "model": "article"}"#),
    }
}

#[test]
fn fifty_concurrent_requests_are_all_answered_and_the_server_stays_up() {
    let served = serve(&[]);
    let addr = served.addr.clone();
    let answers: Vec<(usize, u16, String)> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..50)
            .map(|i| {
                let addr = addr.clone();
                s.spawn(move || {
                    let (path, body) = mixed_request(i);
                    let (status, answer) = http(&addr, "POST", path, body);
                    (i, status, answer)
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().expect("a client thread")).collect()
    });
    assert_eq!(answers.len(), 50);
    let mut answered = 0;
    for (i, status, body) in &answers {
        let v: serde_json::Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("request {i}: {e}: {body}"));
        match status {
            200 => assert!(v.get("error").is_none(), "request {i}: {body}"),
            // Busy is an answer: every worker taken and the queue full, said so.
            503 => assert!(v["error"].as_str().is_some_and(|e| e.contains("busy")), "request {i}: {body}"),
            _ => panic!("request {i} ({}): {status} {body}", mixed_request(*i).0),
        }
        answered += 1;
    }
    assert_eq!(answered, 50);
    assert!(answers.iter().any(|(_, status, _)| *status == 200));
    let (status, body) = http(&served.addr, "GET", "/api/health", "");
    assert_eq!(status, 200, "{body}");
    // The same question asked again is answered as before.
    let (path, body) = mixed_request(0);
    assert_eq!(http(&served.addr, "POST", path, body).0, 200);
}

#[test]
fn slow_ev_questions_do_not_hold_up_a_quick_one() {
    let served = serve(&["--time-ms", "120000"]);
    let addr = served.addr.as_str();
    // One slow question more than the heavy lane has workers: on a shared lane the quick
    // question would wait behind the one queued, after the first had answered.
    let (_, health) = http(addr, "GET", "/api/health", "");
    let health: serde_json::Value = serde_json::from_str(&health).expect("health");
    let slow_questions = health["limits"]["heavy_workers"].as_u64().expect("heavy workers") as usize + 1;
    let slow = r#"{"hand": "123349m3688p1245s", "budget": 2}"#;
    let quick = r#"{"hand": "222567m34p3366s4z"}"#;
    let (order, slow_answers) = std::thread::scope(|s| {
        let (done, finished) = std::sync::mpsc::channel::<&str>();
        let heavy: Vec<_> = (0..slow_questions)
            .map(|_| {
                let done = done.clone();
                s.spawn(move || {
                    let answer = http(addr, "POST", "/api/ev", slow);
                    let _ = done.send("ev");
                    answer
                })
            })
            .collect();
        // Asked once the slow questions are on their way.
        std::thread::sleep(std::time::Duration::from_millis(200));
        let (status, body) = http(addr, "POST", "/api/shanten", quick);
        assert_eq!(status, 200, "{body}");
        let _ = done.send("shanten");
        let answers: Vec<(u16, String)> = heavy.into_iter().map(|h| h.join().expect("an ev client")).collect();
        drop(done);
        (finished.iter().collect::<Vec<_>>(), answers)
    });
    assert_eq!(order[0], "shanten", "the quick question waited for a slow one: {order:?}");
    for (status, body) in slow_answers {
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"used\":2"), "{body}");
    }
}

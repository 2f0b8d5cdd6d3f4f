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

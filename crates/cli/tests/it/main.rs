//! End-to-end tests of the `haipai` binary, one module per subcommand, in one test binary
//! (one link instead of one per file).

mod ev;
mod fuzz;
mod odds;
mod parse;
mod pipes;
mod readme;
mod review;
mod score;
mod serve;
mod shanghai;
mod shanten;
mod waits;

use std::io::Write;
use std::process::{Child, Command, Stdio};

/// Runs `haipai ARGS` with `stdin`; returns (exit code, stdout, stderr).
pub fn haipai(args: &[&str], stdin: &str) -> (i32, String, String) {
    haipai_bytes(args, stdin.as_bytes())
}

/// Starts `haipai ARGS` with its three standard streams piped.
pub fn spawn_haipai<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_haipai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("haipai starts")
}

/// [`haipai`] with standard input given as bytes (which need not be UTF-8).
pub fn haipai_bytes(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = spawn_haipai(args);
    // A command that refuses its flags exits without reading its input: a closed pipe then.
    match child.stdin.take().expect("stdin").write_all(stdin) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
    let out = child.wait_with_output().expect("haipai runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

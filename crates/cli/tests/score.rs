//! End-to-end tests of `haipai score`: text, JSON, JSON batches, no yaku and bad input.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn haipai(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_haipai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("haipai starts");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    let out = child.wait_with_output().expect("haipai runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn score_prints_yaku_fu_and_payments() {
    let (code, out, _) = haipai(
        &["score", "233445m678p234s99s", "--win", "3m", "--riichi", "--seat", "S", "--dora-indicator", "1z"],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("pinfu"), "{out}");
    assert!(out.contains("han 2  fu 30  (base: 20, closed_ron: 10)"), "{out}");
    assert!(out.contains("points: ron 2000  total 2000"), "{out}");
}

#[test]
fn score_json_has_the_documented_shape() {
    let (code, out, _) = haipai(&["score", "222567m345p33567s", "--win", "5s", "--tsumo", "--riichi", "--json"], "");
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!((v["han"].as_u64(), v["fu"].as_u64()), (Some(3), Some(30)));
    assert_eq!(v["points"]["total"].as_u64(), Some(6000));
    assert_eq!(v["points"]["non_dealer"].as_u64(), Some(2000));
    let names: Vec<&str> = v["yaku"].as_array().expect("yaku").iter().filter_map(|y| y["name"].as_str()).collect();
    assert_eq!(names, ["riichi", "menzen_tsumo", "tanyao"]);
    assert!(v["fu_parts"].as_array().is_some_and(|p| !p.is_empty()));
}

#[test]
fn score_batch_reads_json_requests() {
    let input = concat!(
        r#"{"hand":"234m567p99s","melds":["789s","123m"],"win":"2m"}"#,
        "\n",
        r#"{"hand":"111m222p333s444z55z","win":"5z","tsumo":true,"seat":"S","honba":1,"sticks":1}"#,
        "\n",
        r#"{"hand":"123m","win":"1m"}"#,
        "\n"
    );
    let (code, out, _) = haipai(&["score", "-", "--json"], input);
    assert_eq!(code, 2);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!((lines[0]["han"].as_u64(), lines[0]["error"].as_str()), (Some(0), Some("no yaku")));
    assert_eq!(lines[1]["yaku"][0]["name"].as_str(), Some("suuankou_tanki"));
    assert_eq!(lines[1]["han"].as_u64(), Some(26));
    assert_eq!(lines[1]["points"]["total"].as_u64(), Some(64000 + 300 + 1000));
    assert!(lines[2]["error"].as_str().is_some_and(|e| e.contains("13 or 14 tiles")));
}

#[test]
fn score_bad_input_exits_2() {
    let (code, _, err) = haipai(&["score", "233445m678p234s99s", "--win", "7z"], "");
    assert_eq!(code, 2);
    assert!(err.contains("the winning tile 7z is not among the closed tiles"), "{err}");
    let (code, _, err) = haipai(&["score", "233445m678p234s99s"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--win"), "{err}");
}

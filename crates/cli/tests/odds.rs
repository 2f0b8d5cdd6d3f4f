//! End-to-end tests of `haipai odds`: document 003's table to the character, JSON shape,
//! bad sizes exit 2.

use std::process::Command;

fn haipai(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_haipai")).args(args).output().expect("haipai runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn odds_tenhou_prints_document_003() {
    let (code, out, err) = haipai(&["odds", "tenhou"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "\
Number of Tiles         14
Total                   326520504500    4250305029168216000
Legal Hand              11498658        11353128141498  0.000267113
Internal Seven Pairs    4668            1306741248      3.07446e-08
Seven Pairs             5379616         1505948184576   3.54315e-05
Thirteen Orphans        13              1308622848      3.07889e-08
Probability             3.025448319456385e-06
"
    );
    // Not a terminal: no progress bar on stderr.
    assert_eq!(err, "");
}

#[test]
fn odds_shanten_json() {
    let (code, out, _) = haipai(&["odds", "shanten", "--tiles", "4", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["tiles"], 4);
    assert_eq!(v["players"], 4);
    let rows = v["distribution"].as_array().expect("rows");
    let sum: u128 = rows.iter().map(|r| r["states"].as_str().unwrap().parse::<u128>().unwrap()).sum();
    assert_eq!(sum, 13_633_830); // C(136, 4)
    assert_eq!(rows[0]["shanten"], 0);
}

#[test]
fn odds_rejects_bad_sizes() {
    let (code, out, err) = haipai(&["odds", "shanten", "--tiles", "15"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.trim(), "error: --tiles 15: hand size must be 1..=14");
}

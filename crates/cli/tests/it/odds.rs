//! End-to-end tests of `haipai odds`: document 003's table to the character, JSON shape,
//! bad sizes exit 2.

use super::haipai;
use ::haipai::combinatorics::DOCUMENT_003;

/// The states of a `--json` distribution's rows, summed.
fn states_sum(json: &str) -> u128 {
    let v: serde_json::Value = serde_json::from_str(json).expect("json");
    let rows = v["distribution"].as_array().expect("rows");
    rows.iter().map(|r| r["states"].as_str().unwrap().parse::<u128>().unwrap()).sum()
}

#[test]
fn odds_tenhou_prints_document_003() {
    let (code, out, err) = haipai(&["odds", "tenhou"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, DOCUMENT_003);
    // Not a terminal: no progress bar on stderr.
    assert_eq!(err, "");
}

#[test]
fn odds_shanten_json() {
    let (code, out, _) = haipai(&["odds", "shanten", "--tiles", "4", "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["tiles"], 4);
    assert_eq!(v["players"], 4);
    assert_eq!(states_sum(&out), 13_633_830); // C(136, 4)
    assert_eq!(v["distribution"][0]["shanten"], 0);
}

#[test]
fn odds_rejects_bad_sizes() {
    let (code, out, err) = haipai(&["odds", "shanten", "--tiles", "15"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.trim(), "error: --tiles 15: hand size must be 1..=14");
}

/// REFERENCE.md's 14-tile rows with our pattern counts, in the documented JSON shape.
const SHANTEN14_JSON: &str = r#"{"tiles": 14, "players": 4, "distribution": [{"shanten": -1, "patterns": "16873619", "states": "12859078207674"}, {"shanten": 0, "patterns": "2133064968", "states": "2966241795738948"}, {"shanten": 1, "patterns": "35934777211", "states": "99154452630748356"}, {"shanten": 2, "patterns": "130938507660", "states": "828714358375292670"}, {"shanten": 3, "patterns": "121685916468", "states": "1867404976243926528"}, {"shanten": 4, "patterns": "33290266817", "states": "1211948980271480832"}, {"shanten": 5, "patterns": "2496505635", "states": "233501763289743360"}, {"shanten": 6, "patterns": "24592122", "states": "6601397483077632"}]}
"#;

#[test]
fn odds_shanten_14_json_exact_shape() {
    let (code, out, err) = haipai(&["odds", "shanten", "--tiles", "14", "--json"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, SHANTEN14_JSON);
    assert_eq!(err, "", "no progress bar when stderr is not a terminal");
    // Valid JSON whose states sum to C(136, 14).
    let sum = states_sum(&out);
    assert_eq!(sum, 4_250_305_029_168_216_000);
}

#[test]
fn odds_shanten_14_text() {
    let (code, out, err) = haipai(&["odds", "shanten", "--tiles", "14"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "14 tiles, 4 players: 4250305029168216000 states (136 tiles in play), 326520504500 patterns");
    assert_eq!(lines[1], "shanten        patterns                states       percent            1 in  exact fraction");
    // Integers, percentage, 1 in N, exact fraction.
    assert_eq!(
        lines[2],
        "     -1        16873619        12859078207674    0.0003025%         330,530  2143179701279/708384171528036000"
    );
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[10], "mean shanten 33367408859373163/10572898082508000 ≈ 3.155938");
}

#[test]
fn odds_shanten_sanma() {
    let (code, out, err) = haipai(&["odds", "shanten", "--tiles", "13", "--sanma", "--json"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(r#"{"tiles": 13, "players": 3, "distribution": [{"shanten": 0, "#), "{out}");
    let sum = states_sum(&out);
    assert_eq!(sum, 20_592_957_740_312_160); // C(108, 13)
    let (code, out, _) = haipai(&["odds", "shanten", "--tiles", "14", "--sanma"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("14 tiles, 3 players: 139737927523546800 states (108 tiles in play)"), "{out}");
}

#[test]
fn odds_red_fives_change_patterns_only() {
    let (_, plain, _) = haipai(&["odds", "shanten", "--tiles", "5", "--json"], "");
    let (code, red, _) = haipai(&["odds", "shanten", "--tiles", "5", "--red", "--json"], "");
    assert_eq!(code, 0);
    assert!(red.starts_with(r#"{"tiles": 5, "players": 4, "red_fives": true, "distribution": "#), "{red}");
    let rows = |s: &str| -> Vec<(String, String)> {
        let v: serde_json::Value = serde_json::from_str(s).expect("json");
        v["distribution"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| (r["patterns"].as_str().unwrap().to_string(), r["states"].as_str().unwrap().to_string()))
            .collect()
    };
    let (p, r) = (rows(&plain), rows(&red));
    assert_eq!(p.iter().map(|x| &x.1).collect::<Vec<_>>(), r.iter().map(|x| &x.1).collect::<Vec<_>>());
    assert_ne!(p.iter().map(|x| &x.0).collect::<Vec<_>>(), r.iter().map(|x| &x.0).collect::<Vec<_>>());
}

#[test]
fn odds_derived_lists_tenhou_chiihou_and_tenpai() {
    let (code, out, err) = haipai(&["odds", "derived"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "");
    assert!(
        out.starts_with("tenhou         1 in 330,530        0.0003025%  2143179701279/708384171528036000"),
        "{out}"
    );
    assert!(out.contains("chiihou        1 in 330,530"), "{out}");
    assert!(out.contains("given no interruption"), "{out}");
    assert!(out.contains("dealt-tenpai   1 in 12,319         0.0081175%  9817598845783/120943639041372000"), "{out}");
}

#[test]
fn odds_derived_refuses_a_hand_size() {
    // `--tiles` used to be accepted and ignored.
    let (code, out, err) = haipai(&["odds", "derived", "--tiles", "5"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.trim(), "error: --tiles 5: `odds derived` always counts 13- and 14-tile hands");
}

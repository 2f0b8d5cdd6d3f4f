//! End-to-end tests of `haipai score`: text, JSON, JSON batches, no yaku and bad input.

use super::haipai;

use serde_json::Value;

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
    assert_eq!(v["hand"], "222567m345p33567s"); // as every command's JSON names its hand
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
    // A winning hand has 14 tiles (it read "13 or 14 tiles expected").
    assert!(lines[2]["error"].as_str().is_some_and(|e| e.contains("a winning hand has 14 tiles")));
}

#[test]
fn a_request_field_given_twice_is_refused() {
    let input = concat!(r#"{"hand":"233445m678p234s99s","win":"3m","riichi":true,"riichi":false}"#, "\n");
    let (code, out, _) = haipai(&["score", "-", "--json"], input);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).expect("json line");
    assert_eq!((v["error"].as_str(), v["line"].as_u64()), (Some("field 'riichi' is given twice"), Some(1)));
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

#[test]
fn score_rejects_fifth_copies_and_non_winning_hands() {
    let (code, _, err) = haipai(&["score", "11111m234p567s99s", "--win", "1m"], "");
    assert_eq!(code, 2);
    assert!(err.contains("1m"), "{err}");
    let (code, _, err) = haipai(&["score", "123m456p789s12356z", "--win", "1z"], "");
    assert_eq!(code, 2);
    assert!(err.contains("do not form a winning hand"), "{err}");
}

#[test]
fn score_takes_kan_dora_rinshan_and_rule_options() {
    let args = [
        "score",
        "234m567p23488s[5555z*]",
        "--win",
        "2s",
        "--tsumo",
        "--rinshan",
        "--seat",
        "S",
        "--dora-indicator",
        "3s",
        "4z",
        "7z",
        "--json",
    ];
    let (code, out, _) = haipai(&args, "");
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    let yaku: Vec<(String, u64)> = v["yaku"]
        .as_array()
        .expect("yaku")
        .iter()
        .map(|y| (y["name"].as_str().unwrap_or("").to_string(), y["han"].as_u64().unwrap_or(0)))
        .collect();
    assert!(yaku.contains(&("rinshan_kaihou".to_string(), 1)), "{yaku:?}");
    assert!(yaku.contains(&("dora".to_string(), 5)), "{yaku:?}");
    let (code, out, _) = haipai(
        &["score", "111m567p234s678s11z", "--win", "6s", "--riichi", "--double-wind-pair-fu", "2", "--json"],
        "",
    );
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["fu"].as_u64(), Some(40), "{v}");
    let (code, _, _) = haipai(&["score", "234m567p234s678s11z", "--win", "3m", "--double-wind-pair-fu", "3"], "");
    assert_eq!(code, 2);
}

#[test]
fn indicators_and_red_fives_cannot_make_tiles_the_set_lacks() {
    let run = |extra: &[&str]| {
        let mut args = vec!["score", "233445m678p234s99s", "--win", "3m"];
        args.extend(extra);
        haipai(&args, "")
    };
    // The hand holds 99s: three 9s indicators would be five 9s (this used to score 1 han).
    let (code, out, err) = run(&["--dora-indicator", "9s", "9s", "9s"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err.trim(),
        "error: 233445m678p234s99s: five copies of 9s between the hand and the dora and ura-dora indicators"
    );
    let (code, _, err) = run(&["--dora-indicator", "1z", "2z", "3z", "4z", "5z", "6z"]);
    assert_eq!(code, 2);
    assert!(err.contains("6 dora indicators: at most 5"), "{err}");
    let (code, _, err) = run(&["--riichi", "--dora-indicator", "3m", "--ura-indicator", "3m", "3m"]);
    assert_eq!(code, 2);
    assert!(err.contains("five copies of 3m"), "{err}");
    // A red five the hand does not hold.
    let (code, _, err) = haipai(&["score", "233445m678p234s99s", "--win", "0m"], "");
    assert_eq!(code, 2);
    assert!(err.ends_with("--win '0m': the closed hand holds no red 5m\n"), "{err}");
    let (code, _, err) = haipai(&["score", "233440m678p234s99s", "--win", "3m", "--dora-indicator", "0m"], "");
    assert_eq!(code, 2);
    assert!(
        err.ends_with("--dora-indicator '0m': a second red 5m (the hand or another tile given holds one)\n"),
        "{err}"
    );
    let (code, out, _) =
        haipai(&["score", "233440m678p234s99s", "--win", "0m", "--dora-indicator", "0p", "--json"], "");
    assert_eq!(code, 0, "{out}");
    let request = r#"{"hand":"233445m678p234s99s","win":"3m","dora_indicators":["9s","9s","9s"]}"#;
    let (code, out, _) = haipai(&["score", "-", "--json"], &format!("{request}\n"));
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["line"], 1);
    assert!(v["error"].as_str().is_some_and(|e| e.contains("five copies of 9s")), "{out}");
}

#[test]
fn batch_requests_refuse_the_flags_of_a_single_hand() {
    // The flags used to be ignored silently: the request below scored without riichi.
    let request = "{\"hand\":\"233445m678p234s99s\",\"win\":\"3m\"}\n";
    let (code, out, err) = haipai(&["score", "-", "--riichi", "--seat", "S"], request);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err.trim(),
        "error: --riichi, --seat describe a hand on the command line; with `-` each JSON request gives them as fields"
    );
    let (code, out, _) = haipai(&["score", "-", "--kiriage", "--json"], request);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_yakuman_without_fu_parts_prints_no_empty_brackets() {
    let (code, out, _) = haipai(&["score", "19m19p19s12345677z", "--win", "1m", "--seat", "S"], "");
    assert_eq!(code, 0);
    assert!(out.contains("\nhan 13  fu 0  yakuman\n"), "{out}");
}

#[test]
fn numbers_past_their_range_are_too_large() {
    let (code, _, err) = haipai(&["score", "233445m678p234s99s", "--win", "3m", "--honba", "4294967296"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'4294967296' for '--honba <HONBA>': too large (at most 4294967295)"), "{err}");
    let requests = [
        (
            r#"{"hand": "233445m678p234s99s", "win": "3m", "honba": 99999999999}"#,
            "field 'honba' is too large (at most 4294967295)",
        ),
        (
            r#"{"hand": "233445m678p234s99s", "win": "3m", "sticks": 1e30}"#,
            "field 'sticks' is too large (at most 4294967295)",
        ),
        (
            r#"{"hand": "233445m678p234s99s", "win": "3m", "sticks": -1}"#,
            "field 'sticks' must be a non-negative integer",
        ),
        (
            r#"{"hand": "233445m678p234s99s", "win": "3m", "honba": 1.5}"#,
            "field 'honba' must be a non-negative integer",
        ),
    ];
    for (request, error) in requests {
        let (code, out, _) = haipai(&["score", "-", "--json"], request);
        assert_eq!(code, 2);
        let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
        assert_eq!(v["error"], error);
    }
    let (code, _, err) = haipai(&["shanghai", "stats", "--seed", "18446744073709551616"], "");
    assert_eq!(code, 2);
    assert!(err.contains("too large (at most 18446744073709551615)"), "{err}");
}

#[test]
fn rules_presets_change_the_value() {
    // Kokushi on its thirteen-sided wait: double on Mahjong Soul (the default), single on Tenhou.
    let args = |rules: &'static str| ["score", "119m19p19s1234567z", "--win", "1m", "--seat", "S", "--rules", rules];
    let (code, out, err) = haipai(&args("majsoul"), "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("points: ron 64000"), "{out}");
    let (code, out, err) = haipai(&args("tenhou"), "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("points: ron 32000"), "{out}");
    // M.League rounds 4 han 30 fu up to mangan; a rule flag still changes the preset.
    let riichi = ["score", "234m234m567p55s678s", "--win", "2m", "--riichi", "--seat", "S"];
    let (_, out, _) = haipai(&[&riichi[..], &["--rules", "mleague"]].concat(), "");
    assert!(out.contains("points: ron 8000"), "{out}");
    let (_, out, _) = haipai(&[&riichi[..], &["--rules", "tenhou"]].concat(), "");
    assert!(out.contains("points: ron 7700"), "{out}");
    let (_, out, _) = haipai(&[&riichi[..], &["--rules", "tenhou", "--kiriage"]].concat(), "");
    assert!(out.contains("points: ron 8000"), "{out}");
    let (code, _, err) = haipai(&["score", "119m19p19s1234567z", "--win", "1m", "--rules", "sega"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'sega' is not a rules preset (default, tenhou, majsoul, mleague)"), "{err}");
}

#[test]
fn a_request_names_its_rules_and_its_answer_echoes_its_id() {
    let input = concat!(
        r#"{"id": 7, "hand": "119m19p19s1234567z", "win": "1m", "seat": "S", "rules": "tenhou"}"#,
        "\n",
        r#"{"id": "b", "hand": "119m19p19s1234567z", "win": "1m", "seat": "S"}"#,
        "\n",
        r#"{"id": [1, 2], "hand": "119m19p19s1234567z", "win": "1m", "rules": "wrc"}"#,
        "\n",
    );
    let (code, out, _) = haipai(&["score", "-", "--json", "--rules", "majsoul"], input);
    assert_eq!(code, 2);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert_eq!((lines[0]["id"].as_u64(), lines[0]["points"]["total"].as_u64()), (Some(7), Some(32000)));
    assert_eq!((lines[1]["id"].as_str(), lines[1]["points"]["total"].as_u64()), (Some("b"), Some(64000)));
    assert_eq!(lines[2]["id"], serde_json::json!([1, 2]));
    assert!(lines[2]["error"].as_str().is_some_and(|e| e.starts_with("field 'rules': 'wrc' is not a rules preset")));
}

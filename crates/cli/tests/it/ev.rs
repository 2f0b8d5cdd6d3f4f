//! End-to-end tests of `haipai ev`: document 001 in the article model (text and JSON), a
//! 13-tile hand, riichi against dama, per-turn arrays, batches and bad input.

use super::haipai;

use serde_json::Value;

#[test]
fn ev_article_table_reproduces_document_001() {
    let (code, out, err) = haipai(&["ev", "222567m345p33667s", "--model", "article", "--dora-indicator", "1z"], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("unseen 121"), "{out}");
    assert_eq!(lines[1], "model: one player, tsumo wins only, no opponents; rules default");
    assert!(lines[2].starts_with("discard  shanten"), "{out}");
    assert_eq!(
        lines[3].split_whitespace().collect::<Vec<_>>(),
        ["6s", "0", "4282.35", "71.37", "100.00", "58s", "(8)"]
    );
    // One row per distinct discard: 10 kinds in the hand.
    assert_eq!(lines.len(), 3 + 10, "{out}");
    let seven = lines.iter().find(|l| l.starts_with("7s")).expect("7s row");
    assert!(seven.contains("2752.51") && seven.contains("36s (4)"), "{seven}");
}

#[test]
fn ev_json_has_the_documented_shape() {
    let (code, out, err) = haipai(
        &["ev", "222567m34p3366s4z", "--visible", "7s", "--dora-indicator", "1z", "--model", "article", "--json"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["hand"].as_str(), Some("222567m34p3366s4z"));
    assert_eq!(v["turn"].as_u64(), Some(1));
    let c = &v["candidates"][0];
    assert!(c["discard"].is_null());
    let nec = c["necessary"].as_array().expect("necessary");
    let two_p = nec.iter().find(|n| n["tile"] == "2p").expect("2p");
    assert_eq!(two_p["live"].as_u64(), Some(4));
    assert!((two_p["points"].as_f64().expect("points") - 523.95).abs() < 0.005);
    for key in ["points", "win", "tenpai"] {
        assert_eq!(c["per_turn"][key].as_array().map(Vec::len), Some(17), "{key}");
    }
    let (p, w, t) = (c["points"].as_f64(), c["win"].as_f64(), c["tenpai"].as_f64());
    assert!(p.is_some_and(|p| (p - 1921.05).abs() < 0.005));
    assert!(w.zip(t).is_some_and(|(w, t)| 0.0 < w && w <= t && t <= 1.0));
}

#[test]
fn ev_riichi_best_shows_riichi_against_dama() {
    let (code, out, err) = haipai(
        &["ev", "222567m345p33667s", "--model", "article", "--riichi", "best", "--dora-indicator", "1z", "--per-turn"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("riichi 4282.35"), "{out}");
    assert!(out.contains("against dama"), "{out}");
    assert!(out.contains("points by turn: 4282.35"), "{out}");
}

#[test]
fn ev_batch_and_bad_input() {
    let (code, out, err) = haipai(&["ev", "-", "--model", "article", "--json"], "123m\n222567m345p33667s\n11m\n");
    assert_eq!(code, 2);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert_eq!(lines.len(), 3, "{out}{err}");
    assert!(lines[0]["error"].as_str().is_some_and(|e| e.contains("expected 13 or 14")), "{out}");
    assert_eq!(lines[1]["candidates"][0]["discard"].as_str(), Some("6s"));
    assert!(lines[2]["error"].is_string());
    let (code, _, err) = haipai(&["ev", "222567m345p33667s", "--objective", "speed"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--objective 'speed'"), "{err}");
    let (code, _, err) = haipai(&["ev", "222567m345p33667s", "--turn", "18"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'18' for '--turn <TURN>': too large (at most 17)"), "{err}");
    let (code, _, err) = haipai(&["ev", "22222m567m345p3366s"], "");
    assert_eq!(code, 2);
    assert!(!err.is_empty());
    // A budget whose state graph is too big: a clear error, not an endless run.
    let (code, _, err) = haipai(&["ev", "123349m3688p1245s", "--budget", "250", "--max-states", "5000"], "");
    assert_eq!(code, 2);
    assert!(err.contains("more than 5000 states"), "{err}");
}

#[test]
fn ev_win_objective_and_options() {
    let (code, out, err) = haipai(
        &["ev", "222567m345p33667s", "--objective", "win", "--budget", "0", "--no-ura", "--seat", "S", "--json"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    let wins: Vec<f64> =
        v["candidates"].as_array().expect("candidates").iter().filter_map(|c| c["win"].as_f64()).collect();
    assert!(wins.windows(2).all(|w| w[0] >= w[1] - 1e-12), "{wins:?}");
}

#[test]
fn turns_outside_1_to_17_and_second_red_fives_are_refused() {
    // --turn 999 used to be refused as "not in 0..=255".
    // A number past u64 was "number too large to fit in target type".
    for (turn, why) in [
        ("0", "too small (at least 1)"),
        ("999", "too large (at most 17)"),
        ("99999999999999999999", "too large (at most 17)"),
    ] {
        let (code, out, err) = haipai(&["ev", "222567m345p33667s", "--turn", turn], "");
        assert_eq!((code, out.as_str()), (2, ""));
        assert!(err.contains(&format!("'{turn}' for '--turn <TURN>': {why}")), "{err}");
    }
    let hand = "222567m340p33667s";
    let (code, _, err) = haipai(&["ev", hand, "--model", "article", "--dora-indicator", "0p"], "");
    assert_eq!(code, 2);
    assert!(
        err.ends_with("--dora-indicator '0p': a second red 5p (the hand or another tile given holds one)\n"),
        "{err}"
    );
    let (code, _, err) = haipai(&["ev", hand, "--model", "article", "--visible", "1m0p"], "");
    assert_eq!(code, 2);
    assert!(err.ends_with("--visible '1m0p': a second red 5p (the hand or another tile given holds one)\n"), "{err}");
    let (code, _, _) = haipai(&["ev", hand, "--model", "article", "--visible", "0m", "--dora-indicator", "0s"], "");
    assert_eq!(code, 0);
}

#[test]
fn a_bad_flag_is_one_error_before_a_batch() {
    let (code, out, err) = haipai(&["ev", "-", "--seat", "Q"], "222567m345p33667s\n222567m345p3367s\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.trim(), "error: --seat 'Q' is not a wind (E, S, W or N)");
    let six = ["ev", "-", "--dora-indicator", "1z", "2z", "3z", "4z", "5z", "6z"];
    let (code, out, err) = haipai(&six, "222567m345p33667s\n222567m345p3367s\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.trim(), "error: --dora-indicator: 6 indicators, at most 5 (one, and one for each kan)");
}

#[test]
fn a_red_five_seen_elsewhere_is_not_drawn() {
    // `--visible 0p` used to give the same answer as `--visible 5p`: the red 5p still drawn.
    let run = |visible: &str| {
        let (code, out, err) = haipai(&["ev", "222567m34p33667s4z", "--visible", visible, "--json"], "");
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<Value>(out.trim()).expect("json")["candidates"][0]["points"].as_f64().expect("points")
    };
    assert!(run("0p") < run("5p"));
}

/// The expected points of the first candidate of `haipai ev HAND FLAGS --json`.
fn best_points(hand: &str, flags: &[&str]) -> f64 {
    let mut args = vec!["ev", hand, "--dora-indicator", "1z", "--json"];
    args.extend_from_slice(flags);
    let (code, out, err) = haipai(&args, "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    v["candidates"][0]["points"].as_f64().expect("points")
}

#[test]
fn menzen_tsumo_can_be_switched_off_and_a_win_may_be_declined() {
    // Document 001's hand in the article model: riichi and menzen tsumo are its two han, so
    // without menzen tsumo every win pays half.
    let article = ["--model", "article"];
    assert_eq!(format!("{:.2}", best_points("222567m345p33667s", &article)), "4282.35");
    let no_tsumo = ["--model", "article", "--no-menzen-tsumo"];
    assert_eq!(format!("{:.2}", best_points("222567m345p33667s", &no_tsumo)), "2141.18");
    // Dama only, a manzu-heavy hand: some cheap early wins are worth declining for the bigger
    // hands further draws make, so the hand is worth more when it may decline.
    let dama = ["--riichi", "never"];
    assert_eq!(format!("{:.2}", best_points("234567m11p2345m5p", &dama)), "3010.29");
    let may_decline = ["--riichi", "never", "--may-decline"];
    assert_eq!(format!("{:.2}", best_points("234567m11p2345m5p", &may_decline)), "3081.74");
}

#[test]
fn the_json_splits_the_points_by_first_kept_draw() {
    // With hand change (the default budget) the necessary draws' points and the hand changes'
    // (`other_points`) make up the candidate's points.
    let (code, out, err) = haipai(&["ev", "222567m34p3366s4z", "--dora-indicator", "1z", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    let c = &v["candidates"][0];
    let necessary: f64 =
        c["necessary"].as_array().expect("necessary").iter().map(|n| n["points"].as_f64().expect("points")).sum();
    let other = c["other_points"].as_f64().expect("other_points");
    let points = c["points"].as_f64().expect("points");
    assert!((necessary + other - points).abs() < 1e-6 * points, "{necessary} + {other} != {points}");
    assert_eq!(format!("{points:.2} {necessary:.2}"), "3928.48 1655.18");
}

/// A complete 14-tile input is a discard question: the table says so and names the command
/// that scores the win (the model's answers never include winning at once).
#[test]
fn ev_complete_input_points_to_score() {
    let (code, out, err) = haipai(&["ev", "123m456p789s11z234m", "--budget", "0"], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with("shanten -1"), "{out}");
    assert_eq!(
        lines[1],
        "complete: winning now is not among the answers (`haipai score 122334m456p789s11z --win TILE --tsumo` scores it)"
    );
    assert!(lines[3].starts_with("model:") && lines[4].starts_with("discard"), "{out}");
    let (code, out, _) = haipai(&["ev", "123m456p789s11z23m", "--budget", "0"], "");
    assert_eq!(code, 0);
    assert!(!out.contains("complete:"), "{out}");
}

#[test]
fn ev_lowers_a_default_budget_that_does_not_fit_and_says_so() {
    // Budget 1 lists far more than 500 states on this hand, budget 0 fewer.
    let args = ["ev", "222567m345p33667s", "--dora-indicator", "1z", "--max-states", "500"];
    let (code, out, err) = haipai(&args, "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "answered with exchange budget 0 (budget 1 needed more than 500 states)", "{out}");
    assert!(lines[4].starts_with("discard"), "{out}");
    let (code, json, err) = haipai(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(json.trim()).expect("json");
    assert_eq!(v["budget"]["asked"].as_u64(), Some(1));
    assert_eq!(v["budget"]["used"].as_u64(), Some(0));
    assert_eq!(v["budget"]["lowered"]["by"].as_str(), Some("listing"));
    // The same answer as budget 0 asked for.
    let (_, zero, _) = haipai(&[&args[..], &["--json", "--budget", "0"]].concat(), "");
    let z: Value = serde_json::from_str(zero.trim()).expect("json");
    assert_eq!(v["candidates"], z["candidates"]);
    assert!(z["budget"]["lowered"].is_null());
    // A budget asked for is not lowered: the question is refused.
    let (code, _, err) = haipai(&[&args[..], &["--budget", "1"]].concat(), "");
    assert_eq!(code, 2);
    assert!(err.contains("more than 500 states"), "{err}");
}

/// The JSON answers of `haipai ev - ARGS` to the lines of `stdin`, with the exit code.
fn ev_batch(args: &[&str], stdin: &str) -> (i32, Vec<Value>) {
    let (code, out, err) = haipai(&[&["ev", "-", "--json"], args].concat(), stdin);
    let lines = out.lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert!(code == 0 || !err.is_empty() || out.contains("\"error\""), "{err}");
    (code, lines)
}

#[test]
fn a_batch_line_with_a_bad_tile_gives_its_id_back_with_the_error() {
    let input = concat!(
        r#"{"id": "first", "hand": "222567m345p3366s9z"}"#,
        "\n",
        r#"{"hand": "222567m345p33667s", "model": "article", "id": 2}"#,
        "\n",
        r#"{"id": {"game": 3}, "hand": "222567m345p33667s", "dora_indicators": ["8x"]}"#,
        "\n",
        r#"{"id": 4, "hand": "#,
        "\n",
    );
    let (code, lines) = ev_batch(&[], input);
    assert_eq!(code, 2);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0]["id"], "first");
    assert!(lines[0]["error"].as_str().is_some_and(|e| e.contains("'9z' is not a tile")), "{lines:?}");
    assert_eq!((lines[1]["id"].as_u64(), lines[1]["candidates"][0]["discard"].as_str()), (Some(2), Some("6s")));
    assert_eq!(lines[2]["id"], serde_json::json!({"game": 3}));
    assert!(lines[2]["error"].as_str().is_some_and(|e| e.contains("8x")), "{lines:?}");
    // a line that is not JSON has no id to give back
    assert!(lines[3].get("id").is_none() && lines[3]["error"].is_string(), "{lines:?}");
    let (code, out, _) =
        haipai(&["score", "-", "--json"], "{\"id\": 9, \"hand\": \"233445m678p234s99s\", \"win\": \"3x\"}\n");
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!((v["id"].as_u64(), v["line"].as_u64()), (Some(9), Some(1)));
    assert!(v["error"].as_str().is_some_and(|e| e.starts_with("win '3x': ")), "{v}");
}

#[test]
fn a_json_request_gives_the_whole_position_and_its_answer_echoes_the_id() {
    let flags = [
        "ev",
        "23m55p678s[789s][111z]",
        "--turn",
        "5",
        "--seat",
        "S",
        "--round",
        "S",
        "--dora-indicator",
        "4p",
        "--visible",
        "1m4m",
        "--discards",
        "9s",
        "--model",
        "article",
        "--json",
    ];
    let (code, out, err) = haipai(&flags, "");
    assert_eq!(code, 0, "{err}");
    let by_flags: Value = serde_json::from_str(out.trim()).expect("json");
    let request = concat!(
        r#"{"id": {"game": 3}, "hand": "23m55p678s", "melds": ["789s", "111z"], "turn": 5, "seat": "S", "#,
        r#""round": "S", "dora_indicators": ["4p"], "visible": ["1m", "4m"], "discards": "9s", "model": "article"}"#,
        "\n",
        r#"{"id": 2, "hand": "23m55p678s", "melds": ["789s", "111z"], "turn": 18}"#,
        "\n",
        "23m55p678s[789s][111z]\n",
    );
    let (code, lines) = ev_batch(&[], request);
    assert_eq!(code, 2);
    assert_eq!(lines[0]["id"], serde_json::json!({"game": 3}));
    assert_eq!(lines[0]["candidates"], by_flags["candidates"]);
    assert_eq!((lines[0]["turn"].as_u64(), lines[0]["unseen"].as_u64()), (Some(5), by_flags["unseen"].as_u64()));
    assert_eq!(lines[1]["id"].as_u64(), Some(2));
    assert_eq!(lines[1]["error"].as_str(), Some("field 'turn' is too large (at most 17)"));
    // A plain hand line keeps working, in the flags' position.
    assert_eq!(lines[2]["turn"].as_u64(), Some(1));
    assert!(lines[2].get("id").is_none());
    let (code, lines) = ev_batch(&[], "{\"hand\": \"222567m345p33667s\", \"seats\": \"S\"}\n");
    assert_eq!(code, 2);
    assert!(lines[0]["error"].as_str().is_some_and(|e| e.starts_with("unknown field 'seats'")), "{lines:?}");
}

#[test]
fn rules_presets_change_what_a_win_is_worth() {
    // Kokushi waiting on all thirteen: every win is a double yakuman on Mahjong Soul, single on Tenhou.
    let points = |rules: &str| {
        let (code, lines) =
            ev_batch(&["--budget", "0"], &format!("{{\"hand\": \"19m19p19s1234567z\", \"rules\": \"{rules}\"}}\n"));
        assert_eq!(code, 0, "{lines:?}");
        assert_eq!(lines[0]["rules"].as_str(), Some(rules));
        lines[0]["candidates"][0]["points"].as_f64().expect("points")
    };
    let (majsoul, tenhou) = (points("majsoul"), points("tenhou"));
    assert!(tenhou > 0.0 && (majsoul - 2.0 * tenhou).abs() < 1e-6 * majsoul, "{majsoul} {tenhou}");
    let (code, out, err) = haipai(&["ev", "19m19p19s1234567z", "--budget", "0", "--rules", "tenhou", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["candidates"][0]["points"].as_f64(), Some(tenhou));
    let (code, _, err) = haipai(&["ev", "19m19p19s1234567z", "--rules", "ron"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'ron' is not a rules preset (default, tenhou, majsoul, mleague)"), "{err}");
}

#[test]
fn the_table_flags_shanten_back_riichi_or_dama_and_furiten() {
    let args = ["ev", "222567m345p33667s", "--dora-indicator", "1z", "--riichi", "best", "--budget", "0"];
    let (code, out, err) = haipai(&[&args[..], &["--discards", "8s"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let row = |first: &str| out.lines().find(|l| l.starts_with(first)).expect("row").to_string();
    // 6s waits on 5s8s, 8s among the discards; 7s waits on 3s6s; 5m leaves 1-shanten.
    assert!(row("6s").ends_with("riichi,furiten"), "{out}");
    assert!(row("7s").ends_with("  riichi"), "{out}");
    assert!(row("5m").ends_with("  shanten-back"), "{out}");
    let (_, out, _) = haipai(&args, "");
    assert!(out.lines().find(|l| l.starts_with("6s")).is_some_and(|l| l.ends_with("  riichi")), "{out}");
    // Throwing a tile the hand then waits on is furiten by itself: 22255m less a 5m waits on 5m.
    let (code, out, err) = haipai(&["ev", "22255m345p678s123p", "--budget", "0", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    let five = v["candidates"].as_array().expect("candidates").iter().find(|c| c["discard"] == "5m").expect("5m");
    assert_eq!(five["flags"], serde_json::json!(["furiten"]), "{five}");
}

#[test]
fn top_visible_lists_and_the_double_riichi_line() {
    let (code, out, err) = haipai(&["ev", "222567m345p33667s", "--budget", "0", "--top", "2"], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "turn 1: a riichi now is a double riichi, counted (`--no-double-riichi` leaves it out)");
    assert_eq!(lines.len(), 4 + 2, "{out}");
    for quiet in [&["--turn", "2"][..], &["--no-double-riichi"], &["--riichi", "never"]] {
        let (_, out, _) = haipai(&[&["ev", "222567m345p33667s", "--budget", "0"], quiet].concat(), "");
        assert!(!out.contains("double riichi, counted"), "{quiet:?}: {out}");
    }
    let one = best_points("222567m34p3366s4z", &["--budget", "0", "--visible", "7s19m0p"]);
    let several = best_points("222567m34p3366s4z", &["--budget", "0", "--visible", "7s", "19m", "0p"]);
    assert_eq!(one, several);
    let (code, _, err) = haipai(&["ev", "222567m345p33667s", "--visible", "7s", "1x"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--visible '1x'"), "{err}");
    let (code, _, err) = haipai(&["ev", "222567m345p33667s", "--top", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("too small (at least 1)"), "{err}");
}

#[test]
fn a_request_switch_answers_as_the_flag_of_the_same_name() {
    // A red 5m, a dora 5p (indicator 4p), turn 1: every switch has something to leave out.
    let position = ["--dora-indicator", "4p", "--budget", "0"];
    let by_flag = |flags: &[&str]| {
        let (code, out, err) = haipai(&[&["ev", "222067m345p33667s", "--json"], &position[..], flags].concat(), "");
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<Value>(out.trim()).expect("json")["candidates"].clone()
    };
    let fields = haipai_api::ev::SWITCH_FIELDS;
    let request = |extra: &str| format!("{{\"hand\": \"222067m345p33667s\"{extra}}}\n");
    let batch: String = fields.iter().map(|f| request(&format!(", \"{f}\": true"))).collect();
    let (code, lines) = ev_batch(&position, &batch);
    assert_eq!(code, 0, "{lines:?}");
    for (field, line) in fields.iter().zip(&lines) {
        let flag = format!("--{}", field.replace('_', "-"));
        assert_eq!(line["candidates"], by_flag(&[&flag]), "{field}");
    }
    let plain = by_flag(&[]);
    let red = fields.iter().position(|&f| f == "no_red").expect("no_red");
    assert_ne!(lines[red]["candidates"], plain);
    // The flag is the batch's default: a request's false counts the score again, as the
    // preset does (the article model never counts ura-dora).
    let batch = [request(""), request(", \"no_ura\": false"), request(", \"no_ura\": false, \"model\": \"article\"")];
    let (code, lines) = ev_batch(&[&position[..], &["--no-ura"]].concat(), &batch.concat());
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines[0]["candidates"], by_flag(&["--no-ura"]));
    assert_eq!(lines[1]["candidates"], plain);
    assert_ne!(lines[0]["candidates"], plain);
    assert_eq!(lines[2]["candidates"], by_flag(&["--model", "article"]));
    // A switch that is not true or false is refused, naming the field.
    let (code, lines) = ev_batch(&[], &request(", \"no_red\": \"yes\""));
    assert_eq!(code, 2);
    assert_eq!(lines[0]["error"].as_str(), Some("field 'no_red' must be true or false"));
}

#[test]
fn the_json_answer_holds_the_model_line_of_the_text() {
    for flags in [&["--rules", "tenhou"][..], &["--model", "article", "--no-red"]] {
        let (code, text, err) = haipai(&[&["ev", "222567m345p33667s", "--budget", "0"], flags].concat(), "");
        assert_eq!(code, 0, "{err}");
        let (code, json, err) = haipai(&[&["ev", "222567m345p33667s", "--budget", "0", "--json"], flags].concat(), "");
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(json.trim()).expect("json");
        let line = text.lines().find(|l| l.starts_with("model:")).expect("model line");
        assert_eq!(v["model"].as_str(), Some(line), "{text}");
    }
}

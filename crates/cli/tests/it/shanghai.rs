//! End-to-end tests of `haipai shanghai`: solve, review, deal round trip, stats JSON, errors.

use super::haipai;

#[test]
fn solve_a_grid_and_show_it() {
    let (code, out, _) =
        haipai(&["shanghai", "solve", "--layout", "grid2x2x4", "--rules", "grid", "--seed", "3", "--show"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("layer 1:\n"), "{out}");
    assert!(out.contains("verdict: winnable"), "{out}");
}

#[test]
fn deal_round_trips_through_solve() {
    let dir = std::env::temp_dir().join(format!("haipai-shanghai-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("deal.txt");
    let (code, deal, _) = haipai(&["shanghai", "deal", "--layout", "pyramid", "--seed", "7", "--winnable"], "");
    assert_eq!(code, 0);
    assert!(deal.starts_with("# haipai shanghai deal\nlayout pyramid\n"), "{deal}");
    std::fs::write(&path, &deal).unwrap();
    let (code, out, _) = haipai(&["shanghai", "solve", "--deal", path.to_str().unwrap(), "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["verdict"], "winnable");
    assert_eq!(v["moves"].as_array().unwrap().len(), 60);
}

#[test]
fn review_and_stats_json() {
    let (code, out, _) =
        haipai(&["shanghai", "review", "--layout", "grid2x3x4", "--rules", "grid", "--seed", "5", "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["tiles_left"], 24);
    let (code, out, _) =
        haipai(&["shanghai", "stats", "--layout", "grid2x3x4", "--rules", "grid", "--deals", "20", "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["deals"], 20);
    assert_eq!(v["unknown"], 0);
    assert_eq!(v["winnable"].as_u64().unwrap() + v["unwinnable"].as_u64().unwrap(), 20);
    assert!(v["time_ms"]["p999"].is_number());
}

#[test]
fn bad_input_exits_2() {
    let (code, _, err) = haipai(&["shanghai", "solve", "--layout", "nope"], "");
    assert_eq!(code, 2);
    assert!(err.starts_with("error: unknown layout 'nope'"), "{err}");
    let (code, _, err) =
        haipai(&["shanghai", "review", "--layout", "grid1x2x2", "--rules", "grid", "--moves", "0-x"], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "error: bad move '0-x': 'x' is not a slot number");
    let (code, _, err) =
        haipai(&["shanghai", "review", "--layout", "grid1x2x2", "--rules", "grid", "--moves", "0-1,0-1"], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "error: move 2 (0-1) is not legal: slot 0 (1m) is already removed");
}

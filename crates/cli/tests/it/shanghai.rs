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
    assert!(v["nodes"].as_u64().unwrap() >= 20 && v["relaxations"].as_u64().unwrap() > 0, "{out}");
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

/// A scratch directory for this test process's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("haipai-shanghai-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn grid_names_are_strict_and_huge_grids_are_refused() {
    let (code, out, err) = haipai(&["shanghai", "solve", "--layout", "grid2xax2x2"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.trim(), "error: bad grid layout 'grid2xax2x2': expected gridDxRxC, three numbers such as grid2x3x4");
    let (code, _, err) = haipai(&["shanghai", "solve", "--layout", "grid4000000000x4000000000x4000000000"], "");
    assert_eq!(code, 2);
    assert!(err.contains("has more than 256 cells"), "{err}");
}

#[test]
fn moves_beyond_the_board_are_refused_not_wrapped() {
    // 65540 used to wrap to slot 4 and replay 4-6.
    let (code, out, err) = haipai(&["shanghai", "review", "--layout", "grid2x2x2", "--moves", "65540-6"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.trim(), "error: bad move '65540-6': slot 65540 is not on the board (slots 0-7)");
}

#[test]
fn stats_refuses_seeds_past_the_last() {
    let (code, _, err) =
        haipai(&["shanghai", "stats", "--layout", "grid2x2x2", "--deals", "3", "--seed", "18446744073709551614"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "error: --seed 18446744073709551614 --deals 3: the seeds would run past 18446744073709551615"
    );
    let (code, out, _) = haipai(
        &["shanghai", "stats", "--layout", "grid2x2x2", "--deals", "2", "--seed", "18446744073709551614", "--json"],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["deals"], 2);
}

#[test]
fn a_deal_file_gives_its_own_seed_and_names_itself_in_errors() {
    let dir = scratch("deal");
    let (_, deal, _) = haipai(&["shanghai", "deal", "--layout", "grid2x2x2", "--seed", "7"], "");
    let path = dir.join("d7.txt");
    std::fs::write(&path, &deal).unwrap();
    let p = path.to_str().unwrap();
    let (code, out, _) = haipai(&["shanghai", "solve", "--deal", p, "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["seed"], 7);
    // A truncated deal: the error names the file.
    let cut: String = deal.lines().take(5).map(|l| format!("{l}\n")).collect::<String>() + "2m 2m 1m\n";
    let cut_path = dir.join("cut.txt");
    std::fs::write(&cut_path, cut).unwrap();
    let (code, _, err) = haipai(&["shanghai", "solve", "--deal", cut_path.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), format!("error: {}: the layout has 8 slots but 3 faces were given", cut_path.display()));
}

#[test]
fn flags_that_a_deal_file_or_layout_file_would_ignore_are_refused() {
    let dir = scratch("flags");
    let path = dir.join("d.txt");
    let (_, deal, _) = haipai(&["shanghai", "deal", "--layout", "grid2x2x2"], "");
    std::fs::write(&path, deal).unwrap();
    let p = path.to_str().unwrap();
    for extra in [["--layout", "turtle"], ["--seed", "5"], ["--rules", "grid"]] {
        let mut args = vec!["shanghai", "solve", "--deal", p];
        args.extend(extra);
        let (code, _, err) = haipai(&args, "");
        assert_eq!(code, 2, "{extra:?}");
        assert!(err.contains("cannot be used with"), "{extra:?}: {err}");
    }
    let (code, _, err) = haipai(&["shanghai", "solve", "--map", "foo"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--file <FILE>"), "{err}");
    let layout = dir.join("two.txt");
    std::fs::write(&layout, "0 0 0..1\n").unwrap();
    let (code, _, err) = haipai(&["shanghai", "solve", "--file", layout.to_str().unwrap(), "--map", "foo"], "");
    assert_eq!(code, 2);
    assert!(err.ends_with("a map name ('foo') picks a map of a GNOME .map file; this is not one\n"), "{err}");
}

#[test]
fn truncated_layout_files_name_the_line() {
    let dir = scratch("layout");
    let path = dir.join("cut.txt");
    std::fs::write(&path, "# two by two\n0 0 0..1\n0 1\n").unwrap();
    let (code, _, err) = haipai(&["shanghai", "solve", "--file", path.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), format!("error: {}: line 3: expected 'layer row column', found '0 1'", path.display()));
}

#[test]
fn deal_takes_no_solver_flags_and_show_is_for_text() {
    // `deal --json` and `deal --budget N` used to be accepted and ignored.
    for extra in [["--json"].as_slice(), &["--budget", "5"]] {
        let mut args = vec!["shanghai", "deal", "--layout", "grid2x2x2"];
        args.extend(extra);
        let (code, out, err) = haipai(&args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{extra:?}");
        assert!(err.starts_with("error: unexpected argument"), "{err}");
    }
    let (code, _, err) = haipai(&["shanghai", "solve", "--layout", "grid2x2x2", "--show", "--json"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'--show' cannot be used with '--json'"), "{err}");
}

/// A deal made for one map of a GNOME file is solved on that map: `solve --deal FILE --file
/// MAPS` used to take the file's first map whatever map the deal named (here a row of four,
/// winnable, instead of a tower of four, where only the top tile is ever free).
#[test]
fn a_deal_file_picks_its_own_gnome_map() {
    let dir = scratch("gnome");
    let maps = dir.join("two.map");
    let towers = (0..4).map(|z| format!("<tile x=\"0\" y=\"0\" z=\"{z}\"/>")).collect::<String>();
    let text = format!(
        "<mahjongg>\n<map name=\"Row\"><row y=\"0\" left=\"0\" right=\"3\" z=\"0\"/></map>\n<map name=\"Tower\">{towers}</map>\n</mahjongg>\n"
    );
    std::fs::write(&maps, text).unwrap();
    let m = maps.to_str().unwrap();
    let (code, deal, _) = haipai(&["shanghai", "deal", "--file", m, "--map", "tower"], "");
    assert_eq!(code, 0);
    assert_eq!(deal, "# haipai shanghai deal\nlayout Tower\nrules standard\nseed 1\nfaces\n1m 1m 1m 1m\n");
    let path = dir.join("tower.txt");
    std::fs::write(&path, &deal).unwrap();
    let p = path.to_str().unwrap();
    let verdict = |extra: &[&str]| {
        let mut args = vec!["shanghai", "solve", "--deal", p, "--file", m, "--json"];
        args.extend(extra);
        let (code, out, err) = haipai(&args, "");
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(out.trim()).unwrap()["verdict"].clone()
    };
    assert_eq!(verdict(&[]), "unwinnable");
    // `--map` still picks another map of the same size.
    assert_eq!(verdict(&["--map", "Row"]), "winnable");
    std::fs::write(&path, deal.replace("layout Tower", "layout Spire")).unwrap();
    let (code, _, err) = haipai(&["shanghai", "solve", "--deal", p, "--file", m], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), format!("error: {m}: no map named 'Spire'; the file has: Row, Tower"));
}

/// Faces may follow `faces` on its own line (they used to be dropped, the error then counting
/// none); a key given twice is refused.
#[test]
fn deal_files_with_faces_on_the_faces_line() {
    let dir = scratch("inline");
    let path = dir.join("d.txt");
    std::fs::write(&path, "layout grid1x2x2\nrules grid\nfaces 1m 2m 2m 1m\n").unwrap();
    let p = path.to_str().unwrap();
    let (code, out, err) = haipai(&["shanghai", "solve", "--deal", p], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().skip(1).collect::<Vec<_>>(), ["  1. 0-3 1m", "  2. 1-2 2m"]);
    std::fs::write(&path, "layout grid1x2x2\nlayout turtle\nfaces\n1m 1m 1m 1m\n").unwrap();
    let (code, _, err) = haipai(&["shanghai", "solve", "--deal", p], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), format!("error: {p}: line 2: a second 'layout' line (the first is line 1)"));
}

/// A layout or deal "file" that never ends (a device) is refused after 16 MiB instead of being
/// read until memory runs out; bytes that are not UTF-8 are named by their offset.
#[cfg(target_os = "linux")]
#[test]
fn endless_or_binary_files_are_refused() {
    for flag in ["--file", "--deal"] {
        let (code, _, err) = haipai(&["shanghai", "solve", flag, "/dev/zero"], "");
        assert_eq!((code, err.trim()), (2, "error: /dev/zero: more than 16 MiB, not a layout or deal file"));
    }
    let dir = scratch("binary");
    let path = dir.join("b.layout");
    std::fs::write(&path, b"0 0 \xff0\n").unwrap();
    let p = path.to_str().unwrap();
    let (code, _, err) = haipai(&["shanghai", "solve", "--file", p], "");
    assert_eq!((code, err.trim().to_string()), (2, format!("error: {p}: not UTF-8 text (byte 4)")));
}

#[test]
fn every_built_in_layout_answers_within_a_budget_and_names_the_limit() {
    let layouts = ["turtle", "pyramid", "fortress", "stairs", "grid1x16x16", "grid4x8x8"];
    let mut unknown = 0;
    for layout in layouts {
        for seed in ["1", "13"] {
            let args = [
                "shanghai",
                "solve",
                "--layout",
                layout,
                "--seed",
                seed,
                "--budget",
                "3000",
                "--time-ms",
                "5000",
                "--json",
            ];
            let (code, out, err) = haipai(&args, "");
            assert_eq!(code, 0, "{layout} {seed}: {err}");
            let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            match v["verdict"].as_str().unwrap() {
                "unknown" => {
                    unknown += 1;
                    let reason = v["reason"].as_str().unwrap();
                    assert!(
                        reason == "gave up after 3000 nodes: raise it with --budget"
                            || reason == "gave up after 5 s: raise it with --time-ms",
                        "{layout} {seed}: {reason}"
                    );
                }
                _ => assert!(v["reason"].is_null(), "{out}"),
            }
        }
    }
    // The 256-tile grid's seed 13 needs far more than 3,000 nodes.
    assert!(unknown > 0);
    let (code, out, _) =
        haipai(&["shanghai", "solve", "--layout", "grid1x16x16", "--seed", "13", "--time-ms", "0"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("verdict: unknown (") && out.contains(", gave up after 0 ms: raise it with --time-ms)"),
        "{out}"
    );
    let args = ["shanghai", "stats", "--layout", "grid1x16x16", "--deals", "2", "--budget", "50", "--json"];
    let (code, out, _) = haipai(&args, "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["unknown"].as_u64(), v["reason"].as_str()),
        (Some(2), Some("gave up after 50 nodes: raise it with --budget"))
    );
}

#[test]
fn the_default_budget_is_bounded() {
    for sub in ["solve", "review", "stats"] {
        let (code, out, _) = haipai(&["shanghai", sub, "--help"], "");
        assert_eq!(code, 0);
        assert!(out.contains("[default: 10000]") && out.contains("[default: 512]"), "{sub}: {out}");
    }
}

#[test]
fn slot_lists_are_read_as_slot_lists_and_odd_layouts_name_their_file() {
    // A row of four tiles with two on top, as `x y z` lines (half-tile units), no header: read
    // as haipai notation its second line would float a tile on layer 2.
    let dir = scratch("slots");
    let row = dir.join("row_slots.txt");
    std::fs::write(&row, "0 0 0\n2 0 0\n4 0 0\n6 0 0\n1 0 1\n5 0 1\n").unwrap();
    let (code, out, err) = haipai(&["shanghai", "solve", "--file", row.to_str().unwrap(), "--json"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["layout"], "row_slots");
    let moves = v["moves"].as_array().unwrap().len();
    assert!(moves == 3 || v["verdict"] == "unwinnable", "{out}");
    let (code, out, _) = haipai(&["shanghai", "solve", "--file", row.to_str().unwrap(), "--show"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("layer 1:"), "{out}");
    // Five tiles cannot be dealt: the error names the file.
    let odd = dir.join("odd_slots.txt");
    std::fs::write(&odd, "# x y z\n0 0 0\n2 0 0\n4 0 0\n6 0 0\n1 0 1\n").unwrap();
    let (code, _, err) = haipai(&["shanghai", "solve", "--file", odd.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), format!("error: {}: the layout has an odd number of slots (5)", odd.display()));
    // A file that reads both ways is read as haipai notation, and a note says so.
    let both = dir.join("both.txt");
    std::fs::write(&both, "0 0 0\n0 2 0\n").unwrap();
    let (code, _, err) = haipai(&["shanghai", "deal", "--file", both.to_str().unwrap()], "");
    assert_eq!(code, 0);
    assert!(err.starts_with(&format!("note: {}: read as haipai notation", both.display())), "{err}");
}

/// The moves of `line` as `--moves` takes them.
fn moves_text(line: &[haipai::shanghai::Move]) -> String {
    line.iter().map(|m| format!("{}-{}", m.0, m.1)).collect::<Vec<_>>().join(",")
}

/// Seed 42's Turtle board, a winning line, and the first move along it that loses (at
/// position `k` of the line).
fn turtle_line_and_losing_move() -> (haipai::shanghai::Board, Vec<haipai::shanghai::Move>, usize, haipai::shanghai::Move)
{
    use haipai::shanghai::{Blocking, Board, Deal, Layout, MoveClass, Solver, Verdict};
    let turtle = Layout::builtin("turtle").unwrap();
    let deal = Deal::random(&turtle, Blocking::Standard, 42).unwrap();
    let board = Board::new(turtle, Blocking::Standard, deal.faces).unwrap();
    let Verdict::Winnable(line) = Solver::new(&board).solve() else { panic!("seed 42 is winnable") };
    let at = board.positions(&line).unwrap();
    let (k, m) = (20..72)
        .find_map(|k| {
            Solver::new(&board).review(at[k]).into_iter().find(|(_, c)| *c == MoveClass::Loses).map(|(m, _)| (k, m))
        })
        .expect("a losing move along the line");
    (board, line, k, m)
}

#[test]
fn review_judges_the_moves_one_by_one_and_names_the_first_losing_move() {
    let (board, line, k, losing) = turtle_line_and_losing_move();
    let mut game = line[..k].to_vec();
    game.push(losing);
    let after = board.positions(&game).unwrap()[k + 1];
    let next = board.moves(&after)[0];
    game.push(next);
    let moves = moves_text(&game);
    let (code, out, err) = haipai(&["shanghai", "review", "--seed", "42", "--moves", &moves, "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let g = &v["game"];
    assert_eq!(
        (g["start"].as_str(), g["losing_move"].as_u64(), g["line_from"].as_u64()),
        (Some("winnable"), Some(k as u64 + 1), Some(k as u64))
    );
    let after: Vec<&str> = g["moves"].as_array().unwrap().iter().map(|m| m["after"].as_str().unwrap()).collect();
    assert!(after[..k].iter().all(|a| *a == "winnable") && after[k..] == ["lost", "lost"], "{after:?}");
    assert_eq!(g["moves"][k]["move"], format!("{}-{}", losing.0, losing.1));
    let (code, text, _) = haipai(&["shanghai", "review", "--seed", "42", "--moves", &moves], "");
    assert_eq!(code, 0);
    let named = format!("first losing move: {}. {}-{} {}", k + 1, losing.0, losing.1, board.faces()[losing.0 as usize]);
    assert!(text.contains(&named), "{text}");
    assert!(text.contains(&format!("a winning line after move {k}: ")), "{text}");
    // Along the line nothing is lost.
    let (_, text, _) = haipai(&["shanghai", "review", "--seed", "42", "--moves", &moves_text(&line[..10])], "");
    assert!(text.contains("the deal is winnable") && text.contains("no move lost the board"), "{text}");
}

#[test]
fn review_show_draws_the_board_after_the_moves_with_a_legend() {
    let (_, line, _, _) = turtle_line_and_losing_move();
    let (code, out, _) =
        haipai(&["shanghai", "review", "--seed", "42", "--moves", &moves_text(&line[..3]), "--show"], "");
    assert_eq!(code, 0);
    let board = out.split("legend:").next().unwrap();
    assert_eq!(board.matches("-- ").count() + board.matches(" --\n").count(), 6, "{board}");
    assert!(out.contains("1f-4f flowers (any flower matches any flower), 1t-4t seasons"), "{out}");
    let (_, start, _) = haipai(&["shanghai", "solve", "--seed", "42", "--show", "--budget", "0"], "");
    assert!(!start.split("legend:").next().unwrap().contains("--"), "{start}");
    assert!(start.contains("legend: "), "{start}");
}

#[test]
fn stats_json_lists_each_seeds_verdict() {
    let (code, out, _) = haipai(
        &["shanghai", "stats", "--layout", "grid2x3x4", "--rules", "grid", "--deals", "12", "--seed", "5", "--json"],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let seeds = v["seeds"].as_array().unwrap();
    assert_eq!(seeds.len(), 12);
    for (s, entry) in (5..).zip(seeds) {
        assert_eq!(entry["seed"], s);
        let (_, one, _) = haipai(
            &["shanghai", "solve", "--layout", "grid2x3x4", "--rules", "grid", "--seed", &s.to_string(), "--json"],
            "",
        );
        let one: serde_json::Value = serde_json::from_str(one.trim()).unwrap();
        assert_eq!(entry["verdict"], one["verdict"], "seed {s}");
    }
    let won = seeds.iter().filter(|e| e["verdict"] == "winnable").count() as u64;
    assert_eq!(Some(won), v["winnable"].as_u64());
}

#[test]
fn a_gnome_file_with_a_byte_order_mark_is_read_and_its_maps_found_by_short_id() {
    let dir = scratch("bom");
    let path = dir.join("square.map");
    let text = "\u{feff}<mahjongg>\n<map name=\"Little Square\" scorename=\"square\">\n<layer z=\"0\"><block left=\"0\" right=\"1\" top=\"0\" bottom=\"1\"/></layer>\n<layer z=\"1\"><row y=\"0.5\" left=\"0.5\" right=\"0.5\"/></layer>\n<tile x=\"0.5\" y=\"0.5\" z=\"2\"/>\n</map>\n</mahjongg>\n";
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = haipai(&["shanghai", "deal", "--file", path.to_str().unwrap(), "--map", "SQUARE"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("# haipai shanghai deal\nlayout Little Square\n"), "{out}");
    assert_eq!(out.lines().last().map(|l| l.split(' ').count()), Some(6), "{out}");
}

#[test]
fn the_served_api_deals_what_the_command_deals() {
    let served = crate::serve::serve(&[]);
    let (status, body) =
        crate::serve::http(&served.addr, "POST", "/api/shanghai/deal", r#"{"layout": "turtle", "seed": 42}"#);
    assert_eq!(status, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let (code, deal, _) = haipai(&["shanghai", "deal", "--layout", "turtle", "--seed", "42"], "");
    assert_eq!(code, 0);
    assert_eq!(v["deal"].as_str().unwrap().trim_end(), deal.trim_end());
    let faces: Vec<&str> = deal.lines().skip_while(|l| *l != "faces").skip(1).flat_map(str::split_whitespace).collect();
    let served: Vec<String> = v["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["face"].as_str().unwrap().replace("bonus:f", "").replace("bonus:s", "s"))
        .collect();
    let shown: Vec<String> = faces
        .iter()
        .map(|f| {
            if let Some(n) = f.strip_suffix('f') {
                n.to_string()
            } else if let Some(n) = f.strip_suffix('t') {
                format!("s{n}")
            } else {
                f.to_string()
            }
        })
        .collect();
    assert_eq!(served, shown);
}

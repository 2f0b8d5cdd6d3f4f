//! Hand-made edge cases, one small fixture per format: the "confusing naki" order of play
//! (tenhou.net/6), kans and when their indicators become visible, a riichi whose ippatsu a
//! chi breaks, red fives, chankan by two players at once, kyuushu kyuuhai, four riichi and
//! four kans by two players (mjai), and sanma with kita and a rinshan win (mjlog, plain and gzip).

use haipai_log::{CallKind, Choice, DrawKind, Event, Game, LogTile, RoundReplay, read};
use haipai_tiles::{Tile, Wind};
use std::io::Write;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).expect("the fixture exists")
}

fn tile(text: &str) -> LogTile {
    let parsed = haipai_tiles::parse_tile(text).expect("a tile");
    LogTile { tile: parsed.tile(), red: parsed.is_red() }
}

fn replayed(game: &Game) -> Vec<RoundReplay> {
    game.replay().into_iter().map(|r| r.expect("the round replays")).collect()
}

#[test]
fn confusing_naki_calls_the_second_of_two_identical_discards() {
    let game = read(&fixture("confusing_naki.json")).expect("reads");
    let round = &game.rounds[0];
    let call = round.events.iter().position(|e| matches!(e, Event::Call { .. })).expect("a call");
    let discards_before = round.events[..call]
        .iter()
        .filter(|e| matches!(e, Event::Discard { seat: 3, tile: t, .. } if *t == tile("7z")))
        .count();
    assert_eq!(discards_before, 2, "the pon is on seat 3's second 7z");
    let replay = &replayed(&game)[0];
    let offers: Vec<_> = replay
        .for_seat(1)
        .filter_map(|d| if let Choice::Call { taken, .. } = &d.choice { Some(taken.clone()) } else { None })
        .collect();
    assert_eq!(offers.len(), 2, "seat 1 could pon both");
    assert_eq!(offers[0], None);
    assert_eq!(
        offers[1].as_ref().map(|c| (c.kind, c.own.clone())),
        Some((CallKind::Pon, vec![tile("7z"), tile("7z")]))
    );
    let win = round.wins().next().expect("a win");
    assert_eq!((win.seat, win.from, win.tile, win.points), (0, 1, tile("5z"), Some(2000)));
    assert_eq!(win.hand.len(), 14);
}

#[test]
fn kan_indicators_show_at_once_for_ankan_and_after_the_discard_for_open_kans() {
    let game = read(&fixture("kans_chankan.mjson")).expect("reads");
    let r = &replayed(&game)[0];
    let dora =
        |seat: u8, n: usize| r.for_seat(seat).nth(n).map(|d| d.position.dora_indicators.clone()).expect("a decision");
    // seat 0: the ankan, then the discard after the rinshan draw, which already sees 2s
    assert!(matches!(r.for_seat(0).next().map(|d| &d.choice), Some(Choice::Ankan { .. })));
    assert_eq!(dora(0, 1), vec![tile("1p"), tile("2s")]);
    // seat 1 decides on the 9p (daiminkan), then discards 8s: 3s is not shown yet
    assert_eq!(dora(1, 1), vec![tile("1p"), tile("2s")]);
    // seat 2's pon decision on that 8s comes after it
    let pon = r.for_seat(2).find(|d| matches!(d.choice, Choice::Call { .. })).expect("a call decision");
    assert_eq!(pon.position.dora_indicators, vec![tile("1p"), tile("2s"), tile("3s")]);
    let first = r.decisions.first().expect("decisions");
    assert_eq!((first.position.wall_left, first.position.turn, first.position.drawn), (69, 1, Some(tile("1m"))));
    let rinshan = r.for_seat(0).nth(1).expect("the discard after the rinshan draw");
    assert_eq!((rinshan.position.wall_left, rinshan.position.turn, rinshan.position.melds.len()), (68, 2, 1));
}

#[test]
fn a_chi_breaks_ippatsu_and_red_fives_are_kept() {
    let game = read(&fixture("kans_chankan.mjson")).expect("reads");
    let r = &replayed(&game)[0];
    let red = r
        .for_seat(1)
        .find(|d| matches!(d.choice, Choice::Discard { tile: t, .. } if t.red))
        .expect("the red 5m discard");
    assert!(red.position.riichi[0] && red.position.ippatsu[0], "seat 0's ippatsu stands before the chi");
    assert_eq!(red.position.closed_red, [1, 0, 0]);
    assert_eq!(red.position.sticks, 1);
    assert_eq!(red.position.scores[0], 24000);
    let chi = r
        .for_seat(2)
        .find(|d| matches!(&d.choice, Choice::Call { taken: Some(c), .. } if c.kind == CallKind::Chi))
        .expect("the chi");
    let Choice::Call { tile: t, options, .. } = &chi.choice else { unreachable!() };
    assert_eq!(*t, tile("0m"));
    assert!(options.iter().any(|o| o.own == vec![tile("4m"), tile("6m")]));
    let after = r.for_seat(2).find(|d| d.event > chi.event).expect("seat 2's discard after the chi");
    assert!(!after.position.ippatsu[0], "the chi broke seat 0's ippatsu");
    assert_eq!(after.position.melds.len(), 2);
    let p = &after.position;
    assert_eq!(haipai_tiles::counts_to_string_with_red(&p.closed, &p.closed_red), "1123p1156z");
    let hand = p.hand().expect("a valid hand");
    assert_eq!(hand.melds().iter().map(ToString::to_string).collect::<Vec<_>>().len(), 2);
    assert_eq!(hand.size(), 14);
    // seat 1 passes a chi on seat 0's riichi 1s
    assert!(r.for_seat(1).any(|d| matches!(&d.choice, Choice::Call { tile: t, taken: None, .. } if *t == tile("1s"))));
}

#[test]
fn chankan_by_two_players_is_a_double_ron() {
    let game = read(&fixture("kans_chankan.mjson")).expect("reads");
    let wins: Vec<_> = game.rounds[0].wins().collect();
    assert_eq!(wins.len(), 2);
    assert!(wins.iter().all(|w| w.from == 2 && w.tile == tile("8s")));
    assert_eq!(wins[1].ura.len(), 3);
    assert_eq!(game.rounds[0].deltas(), [7800, 0, -9100, 1300]);
    let r = &replayed(&game)[0];
    assert!(matches!(r.decisions.last().map(|d| &d.choice), Some(Choice::Kakan { tile: t }) if *t == tile("8s")));
}

#[test]
fn abortive_draws_kyuushu_four_riichi_and_four_kans() {
    let game = read(&fixture("kans_chankan.mjson")).expect("reads");
    assert!(matches!(game.rounds[1].events.last(), Some(Event::Ryuukyoku { kind: DrawKind::KyuushuKyuuhai, .. })));
    assert!(matches!(game.rounds[2].events.last(), Some(Event::Ryuukyoku { kind: DrawKind::FourRiichi, .. })));
    let rounds = replayed(&game);
    assert!(rounds[1].decisions.is_empty(), "kyuushu ends the hand before any discard");
    let last = rounds[2].decisions.last().expect("decisions");
    assert_eq!(last.position.riichi, [true, true, true, false]);
    assert_eq!((last.position.sticks, last.position.seat), (3, 3));
    assert_eq!(rounds[2].name, "E1-2");
    assert!(matches!(game.rounds[3].events.last(), Some(Event::Ryuukyoku { kind: DrawKind::FourKans, .. })));
    let last = rounds[3].for_seat(1).last().expect("seat 1's discard");
    assert!(matches!(last.choice, Choice::Discard { tsumogiri: true, .. }));
    assert_eq!((last.position.wall_left, last.position.dora_indicators.len()), (64, 5));
    // seat 2 is offered a chi on that 6s and passes: the offer closes the round's decisions
    let offer = rounds[3].decisions.last().expect("decisions");
    assert!(matches!(&offer.choice, Choice::Call { from: 1, taken: None, .. }) && offer.position.seat == 2);
    assert_eq!(last.position.melds.len(), 2);
    assert_eq!(rounds[3].decisions.iter().filter(|d| matches!(d.choice, Choice::Ankan { .. })).count(), 4);
}

#[test]
fn sanma_with_kita_and_a_rinshan_win_plain_and_gzip() {
    let plain = fixture("sanma_kita.xml");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&plain).expect("compresses");
    let packed = gz.finish().expect("compresses");
    let game = read(&plain).expect("reads");
    assert_eq!(read(&packed).expect("reads gzip"), game);
    assert_eq!((game.setup.players, game.setup.red_fives), (3, true));
    assert_eq!(game.names[..3], ["A", "B", "C"]);
    let r = &replayed(&game)[0];
    assert_eq!(r.decisions.len(), 1);
    let kita = &r.decisions[0];
    assert!(matches!(kita.choice, Choice::Kita { tile: t } if t.tile == Tile::NORTH));
    assert_eq!((kita.position.players, kita.position.seat_wind, kita.position.wall_left), (3, Wind::East, 54));
    assert!(matches!(game.rounds[0].events[2], Event::Draw { rinshan: true, .. }));
    let win = game.rounds[0].wins().next().expect("a win");
    assert_eq!((win.fu, win.points, win.han), (Some(40), Some(4000), Some(2)));
}

#[test]
fn errors_name_the_round_and_the_event() {
    let text = String::from_utf8(fixture("kans_chankan.mjson")).expect("UTF-8");
    let broken = text.replacen(r#""dahai","actor":1,"pai":"8s""#, r#""dahai","actor":1,"pai":"5p""#, 1);
    let game = read(broken.as_bytes()).expect("still reads");
    let replays = game.replay();
    let err = replays[0].as_ref().expect_err("seat 1 holds no 5p");
    assert_eq!(err.to_string(), "E1-0, event 8: seat 1 discards 5p, which is not in its hand");
    assert!(replays[1].is_ok() && replays[2].is_ok(), "the other rounds still replay");
    let short = read(b"{\"log\":[[[0,0,0]]]}").expect("a short round is set aside");
    let bad = short.replay().remove(0).expect_err("the short round is reported");
    assert_eq!(bad.to_string(), "round 1: a round has 1 parts, not 17");
}

#[test]
fn choices_print_in_our_notation() {
    let game = read(&fixture("confusing_naki.json")).expect("reads");
    let r = &replayed(&game)[0];
    let printed: Vec<String> = r.for_seat(1).map(|d| d.choice.to_string()).collect();
    assert_eq!(
        printed,
        [
            "discard 9p tsumogiri",
            "pass on 7z from seat 3",
            "discard 8s tsumogiri",
            "pon 77z on 7z from seat 3",
            "discard 5z"
        ]
    );
}

#[test]
fn malformed_logs_are_refused_naming_where() {
    let xml = String::from_utf8(fixture("sanma_kita.xml")).expect("UTF-8");
    let wrong_tile = xml.replace("machi=\"84\"", "machi=\"0\"");
    let unread = |bytes: &[u8]| {
        let game = read(bytes).expect("the file reads, the round is set aside");
        assert!(game.rounds.is_empty());
        game.replay().remove(0).expect_err("the round is reported")
    };
    let e = unread(wrong_tile.as_bytes());
    assert_eq!(e.to_string(), "line 1: E1-0, event 4: the winning tile 1m is not in the winning hand");
    let bad_meld = xml.replace("m=\"31520\"", "m=\"35840\"");
    assert!(unread(bad_meld.as_bytes()).to_string().contains("E1-0, event 2"));
    let json = String::from_utf8(fixture("confusing_naki.json")).expect("UTF-8");
    let no_order = json.replace("[60,60,45]", "[60,60,44]");
    let e = unread(no_order.as_bytes());
    assert_eq!(e.round(), Some("E1-0"));
    assert!(
        e.to_string().contains("no order of play fits the seats' lists: seat 1 discards 4z, which is not in its hand"),
        "{e}"
    );
    assert_eq!(
        read(b"hello").expect_err("no format").to_string(),
        "not a tenhou.net/6 JSON, Tenhou mjlog (plain or gzip) or mjai log"
    );
}

//! Write then read: for seeded self-play games (four and three players), each format's writer
//! gives text that its reader reads back as the same game (the rules a format cannot carry
//! aside), and every round replays.

mod common;

use haipai_log::{Event, Game, Length, Round, Site, mjai, mjlog, tenhou6};

/// The game as a format can carry it: mjlog has no title nor a lobby name (its `GO type`
/// gives the length), mjai none of the three; tenhou.net/6 and mjlog are Tenhou's.
fn as_carried(game: &Game, format: &str) -> Game {
    let mut g = game.clone();
    g.setup.site = (format != "mjai").then_some(Site::Tenhou);
    match format {
        "mjlog" => {
            g.setup.title = None;
            g.setup.lobby = None;
        }
        "mjai" => {
            g.setup.title = None;
            g.setup.lobby = None;
            g.setup.length = None;
        }
        _ => g.setup.length = Some(Length::Hanchan),
    }
    g
}

/// Where two rounds first differ.
fn first_difference(a: &Round, b: &Round) -> String {
    if (a.wind, a.hand, a.honba, a.sticks, a.scores, a.dora) != (b.wind, b.hand, b.honba, b.sticks, b.scores, b.dora) {
        return format!(
            "heads differ: {}/{:?}/{} vs {}/{:?}/{}",
            a.name(),
            a.scores,
            a.dora,
            b.name(),
            b.scores,
            b.dora
        );
    }
    if a.dealt != b.dealt {
        return "dealt hands differ".into();
    }
    let at = a.events.iter().zip(&b.events).position(|(x, y)| x != y).unwrap_or(a.events.len().min(b.events.len()));
    format!("event {}: read {:?}, written {:?}", at + 1, a.events.get(at), b.events.get(at))
}

fn check(seed: u64, players: u8) {
    let game = common::game(seed, players, 6);
    for round in game.replay() {
        round.unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    let written = [("tenhou6", tenhou6::write(&game)), ("mjlog", mjlog::write(&game)), ("mjai", mjai::write(&game))];
    for (format, text) in written {
        let back = haipai_log::read(text.as_bytes()).unwrap_or_else(|e| panic!("seed {seed}, {format}: {e}\n{text}"));
        let want = as_carried(&game, format);
        assert_eq!(back.setup, want.setup, "seed {seed}, {format}");
        assert_eq!(back.names, want.names, "seed {seed}, {format}");
        for (a, b) in back.rounds.iter().zip(&want.rounds) {
            if a != b {
                panic!("seed {seed}, {format}, {}: {}", b.name(), first_difference(a, b));
            }
        }
        assert_eq!(back.rounds.len(), want.rounds.len(), "seed {seed}, {format}");
    }
}

#[test]
fn four_player_games_read_back_in_every_format() {
    for seed in 0..40 {
        check(seed, 4);
    }
}

#[test]
fn three_player_games_read_back_in_every_format() {
    for seed in 100..130 {
        check(seed, 3);
    }
}

/// The self-play games exercise what the round trip should cover.
#[test]
fn self_play_covers_calls_kans_riichi_and_draws() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        for players in [3, 4] {
            for r in common::game(seed, players, 6).rounds {
                for e in &r.events {
                    let name = match e {
                        Event::Call { kind, .. } => format!("{kind:?}"),
                        Event::Discard { riichi: true, .. } => "riichi".into(),
                        Event::Discard { tsumogiri: true, .. } => "tsumogiri".into(),
                        Event::Win(w) if w.seat == w.from => "tsumo".into(),
                        Event::Win(_) => "ron".into(),
                        Event::Ryuukyoku { kind, .. } => format!("{kind:?}"),
                        Event::Ankan { .. } => "ankan".into(),
                        Event::Kakan { .. } => "kakan".into(),
                        Event::Kita { .. } => "kita".into(),
                        Event::Dora { .. } => "dora".into(),
                        _ => continue,
                    };
                    seen.insert(name);
                }
                if r.wins().count() > 1 {
                    seen.insert("double ron".into());
                }
            }
        }
    }
    let want = [
        "Chi",
        "Pon",
        "Daiminkan",
        "ankan",
        "kakan",
        "kita",
        "dora",
        "riichi",
        "tsumogiri",
        "tsumo",
        "ron",
        "Exhaustive",
    ];
    let missing: Vec<&str> = want.iter().copied().filter(|w| !seen.contains(*w)).collect();
    assert!(missing.is_empty(), "missing {missing:?}; seen {seen:?}");
}

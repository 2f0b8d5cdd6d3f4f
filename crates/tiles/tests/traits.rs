//! The standard traits users expect of the public types: `FromStr` and `Display` round trips
//! on every tile and on seeded random tile sets, melds and hands, and `Send + Sync`.

use haipai_tiles::rng::Rng;
use haipai_tiles::sample::random_hand;
use haipai_tiles::{Error, Hand, Meld, MeldKind, PhysicalTile, Suit, Tile, TileSet, Wall};

/// Compiles only for types that may cross and be shared between threads.
fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn main_types_are_send_and_sync() {
    assert_send_sync::<Tile>();
    assert_send_sync::<PhysicalTile>();
    assert_send_sync::<TileSet>();
    assert_send_sync::<Meld>();
    assert_send_sync::<Hand>();
    assert_send_sync::<Wall>();
    assert_send_sync::<Rng>();
    assert_send_sync::<Error>();
}

#[test]
fn suits_print_their_letters() {
    let printed: Vec<String> = Suit::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(printed, ["m", "p", "s", "z"]);
    assert!(Suit::ALL.iter().all(|s| Suit::from_letter(s.letter()) == Some(*s)));
}

#[test]
fn every_tile_round_trips_through_its_text() {
    for tile in Tile::all() {
        assert_eq!(tile.to_string().parse::<Tile>(), Ok(tile));
    }
    assert_eq!("0s".parse::<Tile>().map(|t| t.to_string()), Ok("5s".to_string()));
    assert!("".parse::<Tile>().is_err() && "12m".parse::<Tile>().is_err());
}

#[test]
fn random_tile_sets_round_trip_through_their_text() {
    let mut rng = Rng::new(7);
    for _ in 0..500 {
        let set = TileSet::from_bits(rng.next_u64() & ((1 << 34) - 1));
        assert_eq!(set.to_string().parse::<TileSet>(), Ok(set), "{set}");
    }
    assert_eq!("".parse::<TileSet>(), Ok(TileSet::EMPTY));
    assert_eq!("5558s".parse::<TileSet>().map(|s| s.to_string()), Ok("58s".to_string()));
    assert!("1m[123p]".parse::<TileSet>().is_err());
}

#[test]
fn random_melds_round_trip_through_their_text() {
    let kinds = [MeldKind::Chi, MeldKind::Pon, MeldKind::OpenKan, MeldKind::ClosedKan, MeldKind::AddedKan];
    let mut rng = Rng::new(8);
    let mut made = 0;
    for _ in 0..2000 {
        let first = Tile::new(rng.index(34)).expect("a kind");
        let Some(meld) = Meld::new(kinds[rng.index(kinds.len())], first, rng.below(2) as u8) else { continue };
        made += 1;
        assert_eq!(meld.to_string().parse::<Meld>(), Ok(meld), "{meld}");
    }
    assert!(made > 500, "only {made} melds drawn");
}

#[test]
fn meld_text_needs_exactly_one_bracketed_meld() {
    let message = |text: &str| text.parse::<Meld>().map(|m| m.to_string()).map_err(|e| e.to_string());
    assert_eq!(
        message("123m"),
        Err("at 1: '[123m]' is not a meld: a meld is written in brackets, such as [789s], with nothing outside them"
            .to_string())
    );
    assert_eq!(
        message("[123m][456p]"),
        Err("at 7: '[456p]' is not a meld: one meld expected, this is a second".to_string())
    );
    assert_eq!(message(""), Err("no tiles given".to_string()));
    assert_eq!(message(" [0555p] "), Ok("[0555p]".to_string()));
}

#[test]
fn random_hands_round_trip_through_their_text() {
    let mut rng = Rng::new(9);
    for size in [13, 14] {
        for _ in 0..200 {
            let hand = Hand::from_counts(random_hand(&mut rng, size)).expect("a hand drawn from the 136");
            assert_eq!(hand.to_string().parse::<Hand>(), Ok(hand));
        }
    }
}

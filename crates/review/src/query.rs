//! A real position as a question of the one-player model: the draws the seat still gets (the
//! model's turn), the tiles it has seen beyond its own hand, the red fives among them.

use crate::Reason;
use haipai_ev::Query;
use haipai_log::{LogTile, Meld, Position};
use haipai_tiles::{Counts, Hand};

/// The most draws the model counts after a discard (turn 1).
pub const MAX_DRAWS: u32 = 17;

/// The model's turn for `draws` draws left after the discard (`18 - draws`), or none when no
/// draw is left. More than 17 draws (a seat passing on the dealer's first discard may have 18)
/// count as 17.
pub fn turn_for(draws: u32) -> Option<u8> {
    (draws > 0).then(|| (18 - draws.min(MAX_DRAWS)) as u8)
}

/// The draws a seat gets after its own discard with `wall_left` tiles in the live wall: every
/// `players`-th tile, the next seat drawing first.
pub fn draws_after_own_discard(wall_left: u32, players: u8) -> u32 {
    wall_left / u32::from(players.max(1))
}

/// The draws a seat gets after declaring a kan with `wall_left` tiles left: the rinshan tile,
/// then those after its discard with one tile fewer in the live wall.
pub fn draws_after_kan(wall_left: u32, players: u8) -> u32 {
    1 + draws_after_own_discard(wall_left.saturating_sub(1), players)
}

/// The draws `seat` gets after `from`'s discard with `wall_left` tiles left, when nobody calls.
pub fn draws_after_discard_of(wall_left: u32, players: u8, seat: u8, from: u8) -> u32 {
    let players = u32::from(players.max(1));
    let offset = (u32::from(seat) + players - u32::from(from) % players) % players;
    let offset = if offset == 0 { players } else { offset };
    if wall_left >= offset { (wall_left - offset) / players + 1 } else { 0 }
}

/// Red fives per suit among some tiles.
pub fn red_of<'a>(tiles: impl IntoIterator<Item = &'a LogTile>) -> [u8; 3] {
    let mut red = [0u8; 3];
    for t in tiles {
        if t.red {
            red[t.tile.suit().index().min(2)] += 1;
        }
    }
    red
}

/// The question of `hand` (the position's hand, or the hand after a call) at the model's
/// `turn`: the position's winds and dora indicators, and as visible tiles everything the seat
/// has seen that is neither in `hand` (closed or called) nor an indicator. `hand_red` is the
/// red fives of `hand`, closed and called, per suit.
pub fn question(position: &Position, hand: Hand, hand_red: [u8; 3], turn: u8) -> Query {
    let indicators: Vec<_> = position.dora_indicators.iter().map(|t| t.tile).collect();
    let mut visible: Counts = position.seen;
    for (v, h) in visible.iter_mut().zip(hand.all_tiles()) {
        *v = v.saturating_sub(h);
    }
    for t in &indicators {
        visible[t.index()] = visible[t.index()].saturating_sub(1);
    }
    let red_seen = [0, 1, 2].map(|s| position.seen_red[s].saturating_sub(hand_red[s]).min(1));
    Query::new(hand)
        .turn(turn)
        .seat(position.seat_wind)
        .round(position.round_wind)
        .dora_indicators(indicators)
        .visible(visible)
        .red_seen(red_seen)
}

/// The question of the position's hand after a call or a kan (`what`, for errors): the closed
/// tiles left, their red fives and the melds with the new one, at the model's `turn`.
pub(crate) fn changed(
    position: &Position,
    (closed, closed_red, melds): (Counts, [u8; 3], &[Meld]),
    turn: u8,
    what: &dyn std::fmt::Display,
) -> Result<Query, Reason> {
    let meld_list = melds.iter().filter_map(Meld::to_meld).collect();
    let hand = Hand::new(closed, closed_red, meld_list).map_err(|e| Reason::Model(format!("{what}: {e}")))?;
    let called = red_of(melds.iter().flat_map(|m| &m.tiles));
    let red = [0, 1, 2].map(|s| closed_red[s] + called[s]);
    Ok(question(position, hand, red, turn))
}

/// The red fives of the position's hand, closed and called, per suit.
pub fn hand_red(position: &Position) -> [u8; 3] {
    let called = red_of(position.melds.iter().flat_map(|m| &m.tiles));
    [0, 1, 2].map(|s| position.closed_red[s] + called[s])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_follow_the_order_of_play() {
        // the dealer's first discard: 69 tiles left, 17 more draws (turn 1)
        assert_eq!(turn_for(draws_after_own_discard(69, 4)), Some(1));
        assert_eq!(turn_for(draws_after_own_discard(3, 4)), None);
        assert_eq!(turn_for(draws_after_own_discard(4, 4)), Some(17));
        // seat 1 after seat 0's discard with 69 left draws first: 18 draws, counted as 17
        assert_eq!(draws_after_discard_of(69, 4, 1, 0), 18);
        assert_eq!(turn_for(18), Some(1));
        // seat 3 after seat 0 with 3 left: seats 1, 2, 3 draw, the last is seat 3's
        assert_eq!(draws_after_discard_of(3, 4, 3, 0), 1);
        assert_eq!(draws_after_discard_of(2, 4, 3, 0), 0);
        assert_eq!(draws_after_discard_of(5, 4, 0, 1), 1);
    }
}

//! The kans a seat may declare on its own turn (ankan, kakan) and the question of the hand
//! after one: its rinshan tile is its first draw, as after a daiminkan.

use crate::OwnKan;
use crate::Reason;
use crate::query::{changed, draws_after_kan, turn_for};
use haipai_ev::Query;
use haipai_log::{LogTile, Meld, Position};
use haipai_tiles::{MeldKind, Tile};

/// The most kans a round allows (no fifth is declared).
const MAX_KANS: u8 = 4;

/// The kans the seat may declare in `p`: after a draw (not after a chi or a pon), not in
/// riichi (there a kan must keep the wait, and the review has no choice to weigh), with a
/// tile left to draw and fewer than four kans in the round; an ankan for each kind held four
/// times, a kakan for each pon whose fourth tile is held. In the order of their kinds.
pub(crate) fn kans_offered(p: &Position) -> Vec<OwnKan> {
    if p.drawn.is_none() || p.riichi[usize::from(p.seat)] || p.wall_left == 0 || p.kans >= MAX_KANS {
        return Vec::new();
    }
    let mut kans: Vec<OwnKan> =
        (0..34).filter(|&k| p.closed[k] == 4).filter_map(Tile::new).map(OwnKan::Ankan).collect();
    kans.extend(
        p.melds
            .iter()
            .filter(|m| m.kind == MeldKind::Pon && m.tiles.first().is_some_and(|t| p.closed[t.tile.index()] > 0))
            .map(|m| OwnKan::Kakan(m.tiles[0].tile)),
    );
    kans.sort_by_key(|k| match *k {
        OwnKan::Ankan(t) | OwnKan::Kakan(t) => t,
    });
    kans
}

/// The question after declaring `kan` in `p`: the hand with the kan (13 tiles, kans counting
/// 3), whose first draw is the rinshan tile and then the draws the seat gets after its
/// discard with one tile fewer in the live wall. The kan dora it turns over is not known yet
/// and not counted, nor is rinshan kaihou (docs/ev-model.md). No double riichi follows a kan:
/// the question is asked at turn 2 at the earliest.
pub(crate) fn kan_question(p: &Position, kan: OwnKan) -> Result<Query, Reason> {
    let (closed, closed_red, melds) = after(p, kan)?;
    let turn = turn_for(draws_after_kan(p.wall_left, p.players)).ok_or(Reason::NoDrawLeft)?.max(2);
    changed(p, (closed, closed_red, &melds), turn, &kan)
}

/// The closed tiles, their red fives and the melds after `kan`.
fn after(p: &Position, kan: OwnKan) -> Result<(haipai_tiles::Counts, [u8; 3], Vec<Meld>), Reason> {
    let (mut closed, mut closed_red, mut melds) = (p.closed, p.closed_red, p.melds.clone());
    let (OwnKan::Ankan(tile) | OwnKan::Kakan(tile)) = kan;
    let k = tile.index();
    let taken = match kan {
        OwnKan::Ankan(_) => 4,
        OwnKan::Kakan(_) => 1,
    };
    if closed[k] < taken {
        return Err(Reason::Model(format!("{kan}: the hand holds {} {tile}", closed[k])));
    }
    closed[k] -= taken;
    // A five's red copy, when held, goes into the kan (all of them for an ankan, the only
    // one held for a kakan).
    let suit = tile.suit().index().min(2);
    let red = !tile.is_honour() && tile.number() == 5 && closed_red[suit] > 0;
    if red {
        closed_red[suit] -= 1;
    }
    let mut tiles: Vec<LogTile> = (0..taken).map(|i| LogTile { tile, red: red && i == 0 }).collect();
    match kan {
        OwnKan::Ankan(_) => melds.push(Meld { kind: MeldKind::ClosedKan, tiles, from: None, called: None }),
        OwnKan::Kakan(_) => {
            let pon = melds
                .iter_mut()
                .find(|m| m.kind == MeldKind::Pon && m.tiles.first().is_some_and(|t| t.tile == tile))
                .ok_or_else(|| Reason::Model(format!("{kan}: no pon of {tile}")))?;
            pon.kind = MeldKind::AddedKan;
            pon.tiles.append(&mut tiles);
        }
    }
    Ok((closed, closed_red, melds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use haipai_log::Choice;

    /// The dealer's position at its ankan of 1z in the fixture (123789m456p8s1111z, 1z drawn).
    fn at_ankan() -> Position {
        let game = haipai_log::read(include_str!("../tests/fixtures/kans.json").as_bytes()).expect("the fixture reads");
        let round = game.replay().remove(0).expect("the round replays");
        let d = round.decisions.iter().find(|d| matches!(d.choice, Choice::Ankan { .. })).expect("the ankan");
        d.position.clone()
    }

    fn z(n: u8) -> Tile {
        Tile::new(26 + usize::from(n)).expect("an honour")
    }

    #[test]
    fn kans_are_offered_after_a_draw_outside_riichi_with_a_tile_left_and_fewer_than_four() {
        let p = at_ankan();
        assert_eq!(kans_offered(&p), [OwnKan::Ankan(z(1))]);
        let mut no_draw = p.clone();
        no_draw.drawn = None;
        let mut in_riichi = p.clone();
        in_riichi.riichi[usize::from(p.seat)] = true;
        let mut empty_wall = p.clone();
        empty_wall.wall_left = 0;
        let mut four_kans = p.clone();
        four_kans.kans = 4;
        for q in [no_draw, in_riichi, empty_wall, four_kans] {
            assert!(kans_offered(&q).is_empty());
        }
    }

    #[test]
    fn a_kan_moves_its_tiles_and_a_red_five_into_the_meld() {
        let mut p = at_ankan();
        // 5p held four times, one of them red, and a pon of 2z with the fourth held.
        p.closed = [0; 34];
        for (k, n) in [(0, 1), (1, 1), (2, 1), (13, 4), (28, 1), (33, 3)] {
            p.closed[k] = n;
        }
        p.closed_red = [0, 1, 0];
        let two = LogTile { tile: z(2), red: false };
        p.melds = vec![Meld { kind: MeldKind::Pon, tiles: vec![two; 3], from: Some(1), called: Some(two) }];
        let five = Tile::new(13).expect("5p");
        assert_eq!(kans_offered(&p), [OwnKan::Ankan(five), OwnKan::Kakan(z(2))]);
        let (closed, red, melds) = after(&p, OwnKan::Ankan(five)).expect("the ankan");
        assert_eq!((closed[13], red, melds.len()), (0, [0, 0, 0], 2));
        assert_eq!((melds[1].kind, melds[1].tiles.iter().filter(|t| t.red).count()), (MeldKind::ClosedKan, 1));
        let (closed, red, melds) = after(&p, OwnKan::Kakan(z(2))).expect("the kakan");
        assert_eq!((closed[28], red, melds.len()), (0, [0, 1, 0], 1));
        assert_eq!((melds[0].kind, melds[0].tiles.len()), (MeldKind::AddedKan, 4));
        // A kan the hand does not allow is an error naming it, not a panic.
        let wrong = after(&p, OwnKan::Kakan(z(7))).expect_err("no pon of 7z");
        assert_eq!(wrong, Reason::Model("kakan 7z: no pon of 7z".into()));
        let one = Tile::new(0).expect("1m");
        let wrong = after(&p, OwnKan::Ankan(one)).expect_err("one 1m");
        assert_eq!(wrong, Reason::Model("ankan 1m: the hand holds 1 1m".into()));
    }
}

//! The checks of a situation before it is scored: the hand's size and tiles, the winning tile,
//! the honba and sticks, flags that cannot go together, and the dora indicators.

use crate::engine::Input;
use crate::situation::{Error, ErrorKind};
use haipai_tiles::{Counts, MeldKind, Tile};

/// Checks the input and returns all the tiles (closed and melds) as counts.
pub(crate) fn validate(inp: &Input<'_>) -> Result<Counts, Error> {
    let (s, melds) = (&inp.c, inp.melds);
    if melds.len() > 4 {
        return Err(Error::new(ErrorKind::WrongSize {
            got: haipai_tiles::total(inp.closed) as usize + 3 * melds.len(),
        }));
    }
    let size = haipai_tiles::total(inp.closed) as usize + 3 * melds.len();
    if size != 14 {
        return Err(Error::new(ErrorKind::WrongSize { got: size }));
    }
    if inp.closed[inp.win.index()] == 0 {
        return Err(Error::new(ErrorKind::WinningTileNotInHand(inp.win)));
    }
    let mut all = *inp.closed;
    for m in melds {
        let i = m.first().index();
        if m.kind() == MeldKind::Chi {
            all[i] += 1;
            all[i + 1] += 1;
            all[i + 2] += 1;
        } else {
            all[i] += m.len() as u8;
        }
    }
    if let Some(i) = all.iter().position(|&c| c > 4) {
        let t = Tile::new(i).unwrap_or(Tile::EAST);
        return Err(haipai_tiles::Error::whole(haipai_tiles::ErrorKind::TooManyCopies(t)).into());
    }
    let fives = [4usize, 13, 22].iter().filter(|&&i| all[i] > 0).count() as u8;
    if inp.red > fives {
        let t = Tile::new([4usize, 13, 22].into_iter().find(|&i| all[i] == 0).unwrap_or(4)).unwrap_or(Tile::EAST);
        return Err(haipai_tiles::Error::whole(haipai_tiles::ErrorKind::RedFiveNotHeld(t)).into());
    }
    for (which, count) in [("honba", s.honba), ("riichi sticks", s.sticks)] {
        if count > MAX_STICKS {
            return Err(Error::new(ErrorKind::TooManySticks { which, count }));
        }
    }
    let open = melds.iter().any(|m| m.kind().is_open());
    let checks: [(bool, &'static str); 13] = [
        ((s.riichi || s.double_riichi) && open, "riichi needs a closed hand"),
        (s.ippatsu && !(s.riichi || s.double_riichi), "ippatsu needs riichi"),
        (s.chankan && s.tsumo, "chankan is a ron"),
        (s.chankan && all[inp.win.index()] != 1, "chankan robs the fourth copy: the hand holds no other copy of it"),
        (s.rinshan && !s.tsumo, "rinshan kaihou is a tsumo"),
        (s.rinshan && !melds.iter().any(|m| m.kind().is_kan()), "rinshan kaihou needs a kan"),
        (s.haitei && !s.tsumo, "haitei is a tsumo (houtei is the ron on the last tile)"),
        (s.houtei && s.tsumo, "houtei is a ron (haitei is the tsumo on the last tile)"),
        (s.haitei && s.rinshan, "haitei and rinshan kaihou cannot go together"),
        (s.houtei && s.chankan, "houtei and chankan cannot go together"),
        (s.tenhou && (!s.is_dealer() || !s.tsumo || !melds.is_empty()), "tenhou is the dealer's first draw"),
        (s.chiihou && (s.is_dealer() || !s.tsumo || !melds.is_empty()), "chiihou is a non-dealer's first draw"),
        (s.tenhou && s.chiihou, "tenhou and chiihou cannot go together"),
    ];
    match checks.iter().find(|(bad, _)| *bad) {
        Some((_, why)) => Err(Error::new(ErrorKind::Conflict(why))),
        None => Ok(all),
    }
}

/// Checks the dora and ura-dora indicators against the hand's tiles `all`: at most
/// [`MAX_INDICATORS`] of each, and no kind seen more than four times between the hand and
/// the indicators (an indicator is a tile of the dead wall, not one of the hand's). A tile
/// robbed by chankan (`robbed`) has its other three copies in the opponent's kan.
pub(crate) fn check_indicators(all: &Counts, robbed: Option<Tile>, dora: &[Tile], ura: &[Tile]) -> Result<(), Error> {
    for (which, list) in [("dora", dora), ("ura-dora", ura)] {
        if list.len() > MAX_INDICATORS {
            return Err(Error::new(ErrorKind::TooManyIndicators { which, count: list.len() }));
        }
    }
    let mut seen = *all;
    if let Some(t) = robbed {
        seen[t.index()] += 3;
    }
    for t in dora.iter().chain(ura) {
        seen[t.index()] += 1;
        if seen[t.index()] > 4 {
            return Err(Error::new(ErrorKind::IndicatorCopies(*t)));
        }
    }
    Ok(())
}

/// The most honba (and the most riichi sticks) a situation may carry: far more than any game
/// reaches, few enough that every payment fits the `u32` points (the largest, a dealer's
/// tsumo of 255 yakuman with this many of both, is about 25 million).
pub const MAX_STICKS: u32 = 10_000;

/// The most dora indicators (and ura-dora indicators) a round turns over: one, and one more
/// for each of at most four kans.
pub const MAX_INDICATORS: usize = 5;

//! Temporary test oracle built from haipai-tiles only: a slow recursive shanten and a toy
//! scorer (riichi, double riichi, ippatsu, menzen tsumo, tanyao, haitei, dora, red fives; 30 fu
//! always). It goes away when haipai-shanten and haipai-score are on main.

use crate::oracle::{Oracle, WinParts, WinQuery};
use haipai_tiles::{Counts, Tile};

/// The temporary oracle.
pub struct ToyOracle;

fn regular(c: &mut Counts, i: usize, blocks: i32, melds: i32, partials: i32, pair: bool, best: &mut i32) {
    let mut i = i;
    while i < 34 && c[i] == 0 {
        i += 1;
    }
    if i == 34 {
        let p = partials.min(blocks - melds);
        let s = 2 * (blocks - melds) - p - i32::from(pair);
        *best = (*best).min(s);
        return;
    }
    let suited = i < 27;
    let n = i % 9;
    if c[i] >= 3 {
        c[i] -= 3;
        regular(c, i, blocks, melds + 1, partials, pair, best);
        c[i] += 3;
    }
    if suited && n <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        regular(c, i, blocks, melds + 1, partials, pair, best);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
    if c[i] >= 2 {
        c[i] -= 2;
        if !pair {
            regular(c, i, blocks, melds, partials, true, best);
        }
        regular(c, i, blocks, melds, partials + 1, pair, best);
        c[i] += 2;
    }
    if suited && n <= 7 && c[i + 1] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        regular(c, i, blocks, melds, partials + 1, pair, best);
        c[i] += 1;
        c[i + 1] += 1;
    }
    if suited && n <= 6 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 2] -= 1;
        regular(c, i, blocks, melds, partials + 1, pair, best);
        c[i] += 1;
        c[i + 2] += 1;
    }
    let k = c[i];
    c[i] = 0;
    regular(c, i + 1, blocks, melds, partials, pair, best);
    c[i] = k;
}

/// Slow shanten (regular, seven pairs, thirteen orphans).
pub fn slow_shanten(closed: &Counts) -> i8 {
    let n: i32 = closed.iter().map(|&x| i32::from(x)).sum();
    let blocks = n / 3;
    let mut best = 99;
    let mut c = *closed;
    regular(&mut c, 0, blocks, 0, 0, false, &mut best);
    // A wait on a fifth copy: a tenpai hand whose every winning tile is exhausted in hand.
    if best == 0 && n % 3 == 1 {
        let live = (0..34).any(|k| {
            if closed[k] == 4 {
                return false;
            }
            let mut h = *closed;
            h[k] += 1;
            let mut b = 99;
            regular(&mut h, 0, blocks, 0, 0, false, &mut b);
            b < 0
        });
        if !live {
            best = 1;
        }
    }
    if n >= 13 {
        let pairs = closed.iter().filter(|&&x| x >= 2).count() as i32;
        let kinds = closed.iter().filter(|&&x| x >= 1).count() as i32;
        best = best.min(6 - pairs + (7 - kinds).max(0));
        let ends = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        let t = ends.iter().filter(|&&k| closed[k] > 0).count() as i32;
        let p = ends.iter().any(|&k| closed[k] >= 2);
        best = best.min(13 - t - i32::from(p));
    }
    best as i8
}

impl Oracle for ToyOracle {
    fn shanten(&self, closed: &Counts) -> i8 {
        slow_shanten(closed)
    }

    fn score(&self, q: &WinQuery<'_>) -> Option<WinParts> {
        if slow_shanten(q.closed) != -1 {
            return None;
        }
        let closed_hand = q.melds.iter().all(|m| !m.kind().is_open());
        let mut all = *q.closed;
        for m in q.melds {
            for (a, b) in all.iter_mut().zip(m.tiles().iter()) {
                *a += b;
            }
        }
        let tanyao = (0..34).all(|k| all[k] == 0 || Tile::new(k).is_some_and(|t| t.is_simple()));
        let riichi = if q.double_riichi { 2 } else { u32::from(q.riichi) };
        let mut han = riichi + u32::from(q.ippatsu) + u32::from(closed_hand) + u32::from(tanyao) + u32::from(q.haitei);
        for ind in q.dora_indicators {
            han += u32::from(all[ind.dora_from_indicator().index()]);
        }
        if q.aka_dora {
            han += q.red.iter().map(|&r| u32::from(r)).sum::<u32>();
        }
        let other = riichi > 0 || tanyao || q.haitei;
        if !other && !closed_hand {
            return None;
        }
        Some(WinParts { han, fu: 30, yakuman: 0, menzen_tsumo: closed_hand, other_yaku: other })
    }

    fn tsumo_points(&self, han: u32, fu: u32, yakuman: u32, dealer: bool) -> u32 {
        let base = if yakuman > 0 {
            8000 * yakuman
        } else {
            match han {
                0..=4 => (fu << (han + 2)).min(2000),
                5 => 2000,
                6 | 7 => 3000,
                8..=10 => 4000,
                11 | 12 => 6000,
                _ => 8000,
            }
        };
        let up = |x: u32| x.div_ceil(100) * 100;
        if dealer { 3 * up(2 * base) } else { up(2 * base) + 2 * up(base) }
    }
}

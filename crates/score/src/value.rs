//! The allocation-free scoring path for search engines (the ev crate): [`value`] scores tiles
//! given as counts under [`Conditions`] and returns a [`Value`] (han, fu, payments, no yaku
//! list), from which [`Value::with_ura`] gives the exact payment for any number of ura-dora han.

use crate::check::validate;
use crate::engine::{Cand, Input, search};
use crate::points::{Payment, payment_in_range};
use crate::rules::Rules;
use crate::situation::{Conditions, Error};
use haipai_tiles::{Counts, Meld, Tile};

/// Most (han, fu) pairs kept for [`Value::with_ura`]: the readings that no other reading
/// beats on both han and fu. Their han are all different, and the han of the readings of one
/// hand span far fewer than 16 values.
const FRONT: usize = 16;

/// The value of a winning hand without the yaku list: what [`value`] returns.
///
/// `han`, `fu`, `yakuman` and `payment` are those of the best reading *without ura-dora*;
/// [`Value::with_ura`] adds ura-dora han exactly (the best reading may change with them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// Han of the best reading: yaku, dora and red fives, no ura-dora (13 per yakuman for a
    /// yakuman hand).
    pub han: u32,
    /// Fu of the best reading.
    pub fu: u32,
    /// Yakuman multiples, capped at [`Rules::max_yakuman`] (0 for an ordinary hand, and for a
    /// kazoe yakuman).
    pub yakuman: u32,
    /// The payments of the best reading, without ura-dora.
    pub payment: Payment,
    riichi: bool,
    dealer: bool,
    tsumo: bool,
    honba: u32,
    sticks: u32,
    rules: Rules,
    front: [(u8, u8); FRONT],
    n_front: u8,
}

impl Value {
    /// The payment with `ura` ura-dora han added (ignored without riichi or double riichi,
    /// and for a yakuman). Exact: every reading that could be best with extra han is kept.
    ///
    /// ```
    /// use haipai_score::{value, Conditions, Rules, WinningTiles};
    /// use haipai_tiles::{parse_counts, parse_tile};
    ///
    /// // Riichi tsumo pinfu tanyao, non-dealer: 20 fu 4 han is 1300/2600; one ura-dora: mangan.
    /// let hand = parse_counts("234567m345p23488s")?;
    /// let cond = Conditions::default().tsumo(true).riichi(true).seat(haipai_tiles::Wind::South);
    /// let tiles = WinningTiles::new(&hand, parse_tile("2s")?.tile());
    /// let v = value(&tiles, &cond, &Rules::default())?.expect("a yaku");
    /// assert_eq!((v.han, v.fu, v.payment.total), (4, 20, 5200));
    /// assert_eq!(v.with_ura(1).total, 8000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_ura(&self, ura: u32) -> Payment {
        if ura == 0 || !self.riichi || self.yakuman > 0 || self.n_front == 0 {
            return self.payment;
        }
        // The same order as `score`: points, then han, then fu.
        let mut best = self.payment;
        let mut best_key = (0, 0, 0);
        for &(han, fu) in &self.front[..usize::from(self.n_front)] {
            let p = payment_in_range(
                u32::from(han).saturating_add(ura),
                u32::from(fu),
                0,
                self.dealer,
                self.tsumo,
                self.honba,
                self.sticks,
                &self.rules,
            );
            let key = (p.total, u32::from(han), fu);
            if key > best_key {
                best = p;
                best_key = key;
            }
        }
        best
    }

    /// `[total_with_ura(0), total_with_ura(1), ..]` for `N` counts of ura-dora han, computed
    /// together: from 5 han on a payment does not depend on fu, grows with han and changes only
    /// at a new limit, so a reading at 5 han or more counts through the reading of most han
    /// alone, priced once per limit.
    ///
    /// ```
    /// use haipai_score::{value, Conditions, Rules, WinningTiles};
    /// use haipai_tiles::Wind;
    /// use haipai_tiles::{parse_counts, parse_tile};
    ///
    /// let hand = parse_counts("234567m345p23488s")?;
    /// let cond = Conditions::default().tsumo(true).riichi(true).seat(Wind::South);
    /// let tiles = WinningTiles::new(&hand, parse_tile("2s")?.tile());
    /// let v = value(&tiles, &cond, &Rules::default())?.expect("a yaku");
    /// let all: [u32; 16] = v.totals_with_ura();
    /// assert!(all.iter().enumerate().all(|(k, &t)| t == v.total_with_ura(k as u32)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn totals_with_ura<const N: usize>(&self) -> [u32; N] {
        if !self.riichi || self.yakuman > 0 || self.n_front == 0 {
            return [self.payment.total; N];
        }
        let front = &self.front[..usize::from(self.n_front)];
        let (most_han, most_fu) = front.iter().copied().max_by_key(|&(h, _)| h).unwrap_or((0, 0));
        let total = |han: u32, fu: u8| {
            payment_in_range(han, u32::from(fu), 0, self.dealer, self.tsumo, self.honba, self.sticks, &self.rules).total
        };
        let least_han = front.iter().map(|&(h, _)| u32::from(h)).min().unwrap_or(0);
        let most_han = u32::from(most_han);
        let mut out = [self.payment.total; N];
        // The payment of the reading of most han at 5 han or more, kept while its limit holds
        // (a limit spans 5, 6-7, 8-10, 11-12 and 13 or more han).
        let mut limit = 0;
        for (k, slot) in out.iter_mut().enumerate().skip(1) {
            let k = k as u32;
            let han = most_han + k;
            if han >= 5 && (limit == 0 || matches!(han, 5 | 6 | 8 | 11 | 13)) {
                limit = total(han, most_fu);
            }
            if least_han + k >= 5 {
                // Every reading at 5 han or more: the one of most han alone counts.
                *slot = limit;
                continue;
            }
            let mut best = limit;
            for &(han, fu) in front {
                if u32::from(han) + k < 5 {
                    best = best.max(total(u32::from(han) + k, fu));
                }
            }
            *slot = best;
        }
        out
    }

    /// `with_ura(ura).total`: all the winner receives with `ura` ura-dora han.
    pub fn total_with_ura(&self, ura: u32) -> u32 {
        self.with_ura(ura).total
    }
}

/// The tiles of a win as [`value`] and [`value_pair`] read them: borrowed counts, no `Hand`.
///
/// New fields may be added, so outside this crate it is built with [`WinningTiles::new`] and
/// the setters (or its public fields assigned):
///
/// ```
/// use haipai_score::WinningTiles;
/// use haipai_tiles::{parse_counts, Tile};
///
/// let closed = parse_counts("222567m345p33567s")?;
/// let dora = ["1m".parse::<Tile>()?];
/// let tiles = WinningTiles::new(&closed, "5s".parse()?).dora_indicators(&dora);
/// assert_eq!((tiles.red_fives, tiles.melds.len()), (0, 0));
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WinningTiles<'a> {
    /// The closed tiles *including the winning tile* (14 minus 3 per meld).
    pub closed: &'a Counts,
    /// The called melds (a closed kan keeps the hand closed).
    pub melds: &'a [Meld],
    /// The winning tile (held in `closed`).
    pub win: Tile,
    /// Red fives in the whole hand (closed and melds).
    pub red_fives: u8,
    /// Dora indicators, kan dora included (ura-dora are separate: see [`Value::with_ura`] and
    /// [`dora_han`](crate::dora_han)).
    pub dora_indicators: &'a [Tile],
}

impl<'a> WinningTiles<'a> {
    /// The closed tiles `closed` won on `win`: no melds, no red fives, no dora indicators.
    pub const fn new(closed: &'a Counts, win: Tile) -> WinningTiles<'a> {
        WinningTiles { closed, melds: &[], win, red_fives: 0, dora_indicators: &[] }
    }

    /// With the called melds `melds`.
    #[must_use]
    pub const fn melds(mut self, melds: &'a [Meld]) -> WinningTiles<'a> {
        self.melds = melds;
        self
    }

    /// With `red_fives` red fives in the whole hand.
    #[must_use]
    pub const fn red_fives(mut self, red_fives: u8) -> WinningTiles<'a> {
        self.red_fives = red_fives;
        self
    }

    /// With the dora indicators `dora_indicators`.
    #[must_use]
    pub const fn dora_indicators(mut self, dora_indicators: &'a [Tile]) -> WinningTiles<'a> {
        self.dora_indicators = dora_indicators;
        self
    }

    /// What the engine reads: the tiles and `cond`.
    fn input(&self, cond: &Conditions) -> Input<'a> {
        Input { closed: self.closed, melds: self.melds, win: self.win, red: self.red_fives, c: *cond }
    }
}

/// Scores a winning hand given as counts ([`WinningTiles`]), without building a yaku list or
/// fu breakdown: the fast path for search engines. `cond` says tsumo or ron, winds, riichi /
/// double riichi / ippatsu / haitei / houtei / rinshan / chankan / tenhou / chiihou, honba and
/// sticks.
///
/// Returns `Ok(None)` when the hand wins in shape but has no yaku, and the same errors as
/// [`score`](crate::score) (plus [`ErrorKind::Tiles`](crate::ErrorKind::Tiles) for a fifth copy or too many red fives).
/// The answer equals [`score`](crate::score)'s for the same situation with no ura-dora.
///
/// ```
/// use haipai_score::{value, Conditions, Rules, WinningTiles};
/// use haipai_tiles::Wind;
/// use haipai_tiles::{parse_counts, parse_tile};
///
/// // Dealer riichi tsumo tanyao with dora 2m (indicator 1m): 30 fu 6 han, haneman 6000 all.
/// let hand = parse_counts("222567m345p33567s")?;
/// let cond = Conditions::default().tsumo(true).riichi(true).seat(Wind::East);
/// let dora = [parse_tile("1m")?.tile()];
/// let tiles = WinningTiles::new(&hand, parse_tile("5s")?.tile()).dora_indicators(&dora);
/// let v = value(&tiles, &cond, &Rules::default())?;
/// let v = v.expect("the hand has a yaku");
/// assert_eq!((v.han, v.payment.non_dealer, v.payment.total), (6, 6000, 18000));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn value(tiles: &WinningTiles<'_>, cond: &Conditions, rules: &Rules) -> Result<Option<Value>, Error> {
    let inp = tiles.input(cond);
    let mut readings = Readings::new();
    each_reading(&inp, tiles.dora_indicators, rules, |c, _| readings.add(c.key(), c.han, c.fu, c.yakuman, c.payment))?;
    Ok(readings.value(cond, rules))
}

/// Validates the hand, then calls `on` with each reading that has a yaku and the hand's dora
/// han (what [`value`] and [`value_pair`] both start from).
fn each_reading(
    inp: &Input<'_>,
    dora_indicators: &[Tile],
    rules: &Rules,
    mut on: impl FnMut(&Cand, u32),
) -> Result<(), Error> {
    let all = validate(inp)?;
    let dora = crate::engine::dora_han(&all, dora_indicators);
    search(inp, &all, dora, 0, rules, |c| on(c, dora))
}

/// [`value`] for a closed hand with riichi and without, asked together: `(without, with)`,
/// where *without* is `value` under `cond` with riichi, double riichi and ippatsu cleared and
/// *with* is `value` under `cond` as given (`cond.riichi` or `cond.double_riichi` set). The
/// decompositions, fu and yaku are found once: riichi (two han for double riichi) and ippatsu
/// only add han, so each reading of the hand gives both han totals, and each answer takes its
/// own best reading, exactly as two calls would. Errors as [`value`] under `cond`.
///
/// ```
/// use haipai_score::{value, value_pair, Conditions, Rules, WinningTiles};
/// use haipai_tiles::Wind;
/// use haipai_tiles::{parse_counts, parse_tile};
///
/// let hand = parse_counts("234567m345p23488s")?;
/// let (tiles, rules) = (WinningTiles::new(&hand, parse_tile("2s")?.tile()), Rules::default());
/// let riichi = Conditions::default().tsumo(true).riichi(true).seat(Wind::South);
/// let dama = riichi.riichi(false);
/// let pair = value_pair(&tiles, &riichi, &rules)?;
/// assert_eq!(pair.0, value(&tiles, &dama, &rules)?);
/// assert_eq!(pair.1, value(&tiles, &riichi, &rules)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn value_pair(
    tiles: &WinningTiles<'_>,
    cond: &Conditions,
    rules: &Rules,
) -> Result<(Option<Value>, Option<Value>), Error> {
    let inp = tiles.input(cond);
    // The han riichi adds to every ordinary reading, and the dora han every reading carries.
    let extra = if cond.double_riichi { 2 } else { u32::from(cond.riichi) } + u32::from(cond.ippatsu);
    let red = if rules.aka_dora { u32::from(tiles.red_fives) } else { 0 };
    let plain = Conditions { riichi: false, double_riichi: false, ippatsu: false, ..*cond };
    let mut with = Readings::new();
    let mut without = Readings::new();
    each_reading(&inp, tiles.dora_indicators, rules, |c, dora| {
        let dora_and_red = dora.min(255) + red;
        with.add(c.key(), c.han, c.fu, c.yakuman, c.payment);
        if c.yakuman > 0 {
            without.add(c.key(), c.han, c.fu, c.yakuman, c.payment);
        } else if c.han > extra + dora_and_red {
            let han = c.han - extra;
            let p = payment_in_range(han, c.fu, 0, plain.is_dealer(), plain.tsumo, plain.honba, plain.sticks, rules);
            without.add((p.total, false, han, c.fu, c.raw_fu), han, c.fu, 0, p);
        }
    })?;
    Ok((without.value(&plain, rules), with.value(cond, rules)))
}

/// A reading's comparison key: points, yakuman, han, fu, raw fu (as `score` orders readings).
type Key = (u32, bool, u32, u32, u32);

/// The best reading of a hand and the (han, fu) front, gathered reading by reading.
struct Readings {
    /// The best key so far, with its han, fu, yakuman multiples and payment.
    best: Option<(Key, u32, u32, u32, Payment)>,
    front: [(u8, u8); FRONT],
    n_front: usize,
}

impl Readings {
    fn new() -> Readings {
        Readings { best: None, front: [(0, 0); FRONT], n_front: 0 }
    }

    /// One reading: its comparison key (points, yakuman, han, fu, raw fu), han, fu, yakuman
    /// multiples and payment.
    fn add(&mut self, key: Key, han: u32, fu: u32, yakuman: u32, payment: Payment) {
        if self.best.as_ref().is_none_or(|b| key > b.0) {
            self.best = Some((key, han, fu, yakuman, payment));
        }
        if yakuman > 0 {
            return;
        }
        let (han, fu) = (u8::try_from(han).unwrap_or(u8::MAX), u8::try_from(fu).unwrap_or(u8::MAX));
        let n_front = self.n_front;
        if self.front[..n_front].iter().any(|&(h, f)| h >= han && f >= fu) {
            return;
        }
        // Drop the pairs the new one beats on both, then add it.
        let mut j = 0;
        for i in 0..n_front {
            let (h, f) = self.front[i];
            if !(han >= h && fu >= f) {
                self.front[j] = self.front[i];
                j += 1;
            }
        }
        self.n_front = j;
        if self.n_front < FRONT {
            self.front[self.n_front] = (han, fu);
            self.n_front += 1;
        }
    }

    fn value(&self, cond: &Conditions, rules: &Rules) -> Option<Value> {
        self.best.map(|(_, han, fu, yakuman, payment)| Value {
            han,
            fu,
            yakuman,
            payment,
            riichi: cond.riichi || cond.double_riichi,
            dealer: cond.is_dealer(),
            tsumo: cond.tsumo,
            honba: cond.honba,
            sticks: cond.sticks,
            rules: *rules,
            front: self.front,
            n_front: self.n_front as u8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::points::payment;
    use haipai_tiles::Wind;
    use haipai_tiles::rng::Rng;
    use haipai_tiles::sample::random_complete_hand;

    /// `value_pair` equals `value` asked without and with riichi, on seeded random complete
    /// hands under varied conditions (double riichi, ippatsu, haitei, red fives, honba,
    /// seats), the totals with ura-dora included.
    #[test]
    fn pair_equals_two_values() {
        let rules = Rules::default();
        let dora = [Tile::new(27).expect("1z"), Tile::new(3).expect("4m")];
        let winds = [Wind::East, Wind::South, Wind::West, Wind::North];
        let mut rng = Rng::new(47);
        let mut checked = 0;
        while checked < 600 {
            let Some((h, win)) = random_complete_hand(&mut rng) else { continue };
            let red = u8::from(h[4] > 0 && rng.below(2) == 0);
            let double = rng.below(4) == 0;
            let cond = Conditions {
                tsumo: rng.below(2) == 0,
                seat: winds[rng.index(4)],
                round: winds[rng.index(2)],
                riichi: !double,
                double_riichi: double,
                ippatsu: rng.below(3) == 0,
                honba: rng.below(3) as u32,
                ..Conditions::default()
            };
            let cond = Conditions { haitei: cond.tsumo && rng.below(3) == 0, ..cond };
            let plain = Conditions { riichi: false, double_riichi: false, ippatsu: false, ..cond };
            let tiles = WinningTiles::new(&h, win).red_fives(red).dora_indicators(&dora);
            let (without, with) = value_pair(&tiles, &cond, &rules).expect("a winning hand");
            let one = |c: &Conditions| value(&tiles, c, &rules).expect("a winning hand");
            assert_eq!(without, one(&plain), "{h:?} {win} {cond:?}");
            assert_eq!(with, one(&cond), "{h:?} {win} {cond:?}");
            if let Some(v) = with {
                let all: [u32; 16] = v.totals_with_ura();
                assert!(all.iter().enumerate().all(|(k, &t)| t == v.total_with_ura(k as u32)), "{h:?} {win}");
            }
            checked += 1;
        }
    }

    /// Two readings, 3 han 70 fu and 4 han 30 fu (non-dealer ron): the first is best without
    /// ura-dora (mangan against 7700); with two ura-dora the second is (haneman against mangan).
    #[test]
    fn with_ura_can_switch_readings() {
        let rules = Rules::default();
        let best = payment(crate::HanFu::new(3, 70), &Conditions::default().seat(Wind::South), &rules);
        let mut front = [(0u8, 0u8); FRONT];
        front[0] = (3, 70);
        front[1] = (4, 30);
        let v = Value {
            han: 3,
            fu: 70,
            yakuman: 0,
            payment: best,
            riichi: true,
            dealer: false,
            tsumo: false,
            honba: 0,
            sticks: 0,
            rules,
            front,
            n_front: 2,
        };
        assert_eq!(v.total_with_ura(0), 8000);
        assert_eq!(v.total_with_ura(1), 8000);
        assert_eq!(v.total_with_ura(2), 12000);
        // All counts at once agree with one by one.
        let all: [u32; 16] = v.totals_with_ura();
        assert!(all.iter().enumerate().all(|(k, &t)| t == v.total_with_ura(k as u32)), "{all:?}");
        // Without riichi ura-dora do not count.
        let v = Value { riichi: false, ..v };
        assert_eq!(v.total_with_ura(2), 8000);
    }
}

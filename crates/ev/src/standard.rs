//! The product oracle: shanten from haipai-shanten, scores from haipai-score.

use crate::analysis::{Analysis, Error, Query, evaluate_with};
use crate::options::Options;
use crate::oracle::{EXTRA, Oracle, Totals, WinParts, WinQuery};
use crate::simulate::{Estimate, simulate_with};
use haipai_score::{
    Conditions, HanFu, Outcome, Rules, Situation, WinningTiles, Yaku, payment, score, value, value_pair,
};
use haipai_tiles::Wind;
use haipai_tiles::{Counts, Hand, Tile};

/// The oracle of [`evaluate`]: shanten, necessary and unnecessary tiles from haipai-shanten
/// (through the engine's [`haipai_shanten::Memo`] on its hot path), wins scored under the
/// given [`Rules`] (red fives count as dora when the query says so and the rules allow it).
///
/// Every win is scored by haipai-score's allocation-free [`value`] ([`value_pair`] for a closed
/// hand asked with and without riichi at once), which gives what the winner receives with 0 to
/// 15 han added ([`Totals`]). The full [`score`] (yaku list and all) is asked only with menzen
/// tsumo switched off, where the engine takes that yaku's han back out of the best reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standard {
    /// The scoring rules (default: the common online rules of haipai-score).
    pub rules: Rules,
}

impl Oracle for Standard {
    fn shanten(&self, closed: &Counts) -> i8 {
        haipai_shanten::shanten(closed)
    }

    fn necessary(&self, closed: &Counts) -> (i8, u64) {
        let (s, set) = haipai_shanten::necessary_tiles(closed);
        (s, set.bits())
    }

    fn unnecessary(&self, closed: &Counts) -> (i8, u64) {
        let (s, set) = haipai_shanten::unnecessary_tiles(closed);
        (s, set.bits())
    }

    fn necessary_with(&self, memo: &mut haipai_shanten::Memo, closed: &Counts) -> (i8, u64) {
        let (s, set) = memo.necessary_tiles(closed);
        (s, set.bits())
    }

    fn unnecessary_with(&self, memo: &mut haipai_shanten::Memo, closed: &Counts) -> (i8, u64) {
        let (s, set) = memo.unnecessary_tiles(closed);
        (s, set.bits())
    }

    fn score(&self, q: &WinQuery<'_>) -> Option<WinParts> {
        let red = if q.aka_dora { q.red } else { [0; 3] };
        let hand = Hand::new(*q.closed, red, q.melds.to_vec()).ok()?;
        let mut s = Situation::new(hand, q.win);
        s.dora_indicators = q.dora_indicators.to_vec();
        let riichi = q.riichi || q.double_riichi;
        s.conditions = Conditions::default()
            .tsumo(true)
            .seat(q.seat)
            .round(q.round)
            .riichi(riichi)
            .double_riichi(q.double_riichi)
            .ippatsu(q.ippatsu && riichi)
            .haitei(q.haitei);
        let rules = self.rules.aka_dora(self.rules.aka_dora && q.aka_dora);
        match score(&s, &rules).ok()? {
            Outcome::NoYaku => None,
            Outcome::Win(w) => {
                let menzen_tsumo = w.yaku.iter().any(|&(y, _)| y == Yaku::MenzenTsumo);
                let other_yaku = w
                    .yaku
                    .iter()
                    .any(|&(y, _)| !matches!(y, Yaku::MenzenTsumo | Yaku::Dora | Yaku::AkaDora | Yaku::UraDora));
                Some(WinParts { han: w.han, fu: w.fu, yakuman: w.yakuman, menzen_tsumo, other_yaku })
            }
        }
    }

    fn tsumo_points(&self, han: u32, fu: u32, yakuman: u32, dealer: bool) -> u32 {
        let seat = if dealer { Wind::East } else { Wind::South };
        payment(HanFu { han, fu, yakuman }, &Conditions::default().tsumo(true).seat(seat), &self.rules).total
    }

    /// Exact for every reading: haipai-score's allocation-free [`value`] keeps the readings
    /// that could become best with extra han, and `with_ura(k)` adds `k` han to each. A hand
    /// without riichi gets its extra han through the riichi reading (riichi is one han on
    /// every reading): `totals[k] = riichi.with_ura(k - 1)`. An open hand (no riichi
    /// possible) adds them to its best reading.
    fn tsumo_totals(&self, q: &WinQuery<'_>) -> Option<Totals> {
        let red = if q.aka_dora { q.red.iter().sum::<u8>() } else { 0 };
        let rules = self.rules.aka_dora(self.rules.aka_dora && q.aka_dora);
        let riichi = q.riichi || q.double_riichi;
        let cond = Conditions::default()
            .tsumo(true)
            .seat(q.seat)
            .round(q.round)
            .riichi(q.riichi && !q.double_riichi)
            .double_riichi(q.double_riichi)
            .ippatsu(q.ippatsu && riichi)
            .haitei(q.haitei);
        let tiles = WinningTiles::new(q.closed, q.win).melds(q.melds).red_fives(red).dora_indicators(q.dora_indicators);
        let v = value(&tiles, &cond, &rules).ok()??;
        if riichi || v.yakuman > 0 {
            return Some(v.totals_with_ura());
        }
        let closed = q.melds.iter().all(|m| !m.kind().is_open());
        let r = if closed {
            value(&tiles, &cond.riichi(true), &rules).ok().flatten().map(|r| r.totals_with_ura())
        } else {
            None
        };
        Some(self.dama_totals(q, &v, r.as_ref()))
    }

    /// Both readings from one search of the hand's decompositions ([`value_pair`]: riichi and
    /// ippatsu only add han), and the hand without riichi takes its extra han from the riichi
    /// reading (see [`Standard::tsumo_totals`]). An open hand (no riichi) is asked alone.
    fn tsumo_totals_pair(&self, q: &WinQuery<'_>) -> (Option<Totals>, Option<Totals>) {
        if q.melds.iter().any(|m| m.kind().is_open()) {
            return (self.tsumo_totals(&WinQuery { riichi: false, double_riichi: false, ..q.clone() }), None);
        }
        let red = if q.aka_dora { q.red.iter().sum::<u8>() } else { 0 };
        let rules = self.rules.aka_dora(self.rules.aka_dora && q.aka_dora);
        let cond = Conditions::default()
            .tsumo(true)
            .seat(q.seat)
            .round(q.round)
            .riichi(true)
            .ippatsu(q.ippatsu)
            .haitei(q.haitei);
        let tiles = WinningTiles::new(q.closed, q.win).melds(q.melds).red_fives(red).dora_indicators(q.dora_indicators);
        let Ok((dama, riichi)) = value_pair(&tiles, &cond, &rules) else {
            return (None, None);
        };
        let with_riichi: Option<Totals> = riichi.map(|r| r.totals_with_ura());
        let Some(v) = dama else {
            return (None, with_riichi);
        };
        if v.yakuman > 0 {
            return (Some(v.totals_with_ura()), with_riichi);
        }
        (Some(self.dama_totals(q, &v, with_riichi.as_ref())), with_riichi)
    }
}

impl Standard {
    /// The totals of a win without riichi or yakuman (reading `v`): its own total, then each
    /// extra han through the riichi reading's totals `with_riichi` (`totals[k] =
    /// with_riichi[k - 1]`), or added to `v` when there is none (an open hand).
    fn dama_totals(&self, q: &WinQuery<'_>, v: &haipai_score::Value, with_riichi: Option<&Totals>) -> Totals {
        let dealer = q.seat == Wind::East;
        let mut out = [0u32; EXTRA];
        out[0] = v.payment.total;
        for (k, slot) in out.iter_mut().enumerate().skip(1) {
            *slot = match with_riichi {
                Some(r) => r[k - 1],
                None => self.tsumo_points(v.han + k as u32, v.fu, 0, dealer),
            };
        }
        out
    }
}

/// Evaluates a question with haipai-shanten and haipai-score (default [`Rules`]).
///
/// ```
/// use haipai_ev::{Options, Query, evaluate};
/// use haipai_tiles::{Hand, parse_tile};
///
/// // Document 001: dealer, East round, turn 1; the indicator 1z makes 2z dora.
/// let mut q = Query::new(Hand::parse("222567m345p33667s")?);
/// q.dora_indicators = vec![parse_tile("1z")?.tile()];
/// let a = evaluate(&q, &Options::article())?;
/// let best = &a.candidates[0];
/// assert_eq!(best.discard.map(|t| t.to_string()), Some("6s".to_string()));
/// assert_eq!(format!("{:.2}", best.value.points), "4282.35");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate(query: &Query, options: &Options) -> Result<Analysis, Error> {
    evaluate_with(&Standard::default(), query, options)
}

/// Plays the computed policy for one discard on seeded walls (see [`simulate_with`]), with
/// the standard oracle.
pub fn simulate(
    query: &Query,
    options: &Options,
    discard: Option<Tile>,
    playouts: u64,
    seed: u64,
) -> Result<Estimate, Error> {
    simulate_with(&Standard::default(), query, options, discard, playouts, seed)
}

#[cfg(test)]
mod tests {
    //! `Standard::tsumo_totals` against haipai-score's full `score` on seeded random complete
    //! hands: with riichi, `totals[k]` is the score with ura-dora indicators worth `k` han; a
    //! hand without riichi gets its extra han as red fives or haitei.
    use super::*;
    use haipai_tiles::rng::Rng;
    use haipai_tiles::sample::random_complete_hand;

    /// A closed tsumo on `win` in the East round, no red fives, riichi or extra yaku.
    fn tsumo<'q>(h: &'q Counts, win: Tile, seat: Wind, dora: &'q [Tile]) -> WinQuery<'q> {
        WinQuery {
            closed: h,
            red: [0; 3],
            melds: &[],
            win,
            seat,
            round: Wind::East,
            dora_indicators: dora,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            haitei: false,
            aka_dora: false,
        }
    }

    /// Complete hands from [`random_complete_hand`], endlessly, from `seed`.
    fn random_wins(seed: u64) -> impl Iterator<Item = (Counts, Tile)> {
        let mut rng = Rng::new(seed);
        std::iter::from_fn(move || {
            loop {
                if let Some(win) = random_complete_hand(&mut rng) {
                    return Some(win);
                }
            }
        })
    }

    fn full(h: &Counts, win: Tile, red: [u8; 3], riichi: bool, haitei: bool, ura: &[Tile]) -> Option<u32> {
        let hand = Hand::new(*h, red, Vec::new()).ok()?;
        let mut s = Situation::new(hand, win);
        s.conditions.tsumo = true;
        s.conditions.seat = Wind::South;
        s.dora_indicators = vec![Tile::new(27).expect("1z")];
        s.ura_indicators = ura.to_vec();
        s.conditions.riichi = riichi;
        s.conditions.haitei = haitei;
        match score(&s, &Rules::default()).ok()? {
            Outcome::Win(w) => Some(w.payment.total),
            Outcome::NoYaku => None,
        }
    }

    #[test]
    fn totals_agree_with_full_scoring() {
        let o = Standard::default();
        let dora = [Tile::new(27).expect("1z")];
        for (h, win) in random_wins(41).take(400) {
            for riichi in [true, false] {
                let q = WinQuery { riichi, ..tsumo(&h, win, Wind::South, &dora) };
                let totals = o.tsumo_totals(&q);
                assert_eq!(totals.map(|t| t[0]), full(&h, win, [0; 3], riichi, false, &[]), "{h:?} {win}");
                let Some(totals) = totals else { continue };
                if riichi {
                    // One ura indicator pointing at a held kind: its count of ura han.
                    let k = (0..34).find(|&k| h[k] > 0).expect("held");
                    let ind =
                        (0..34).map(|i| Tile::new(i).expect("kind")).find(|t| t.dora_from_indicator().index() == k);
                    let ind = ind.expect("indicator");
                    let n = u32::from(h[k]);
                    assert_eq!(Some(totals[n as usize]), full(&h, win, [0; 3], true, false, &[ind]), "{h:?} ura {n}");
                } else {
                    // Haitei adds one han; a red five in hand one more.
                    assert_eq!(Some(totals[1]), full(&h, win, [0; 3], false, true, &[]), "{h:?} haitei");
                    if let Some(s) = [4usize, 13, 22].iter().position(|&f| h[f] > 0) {
                        let mut red = [0; 3];
                        red[s] = 1;
                        assert_eq!(Some(totals[2]), full(&h, win, red, false, true, &[]), "{h:?} red + haitei");
                    }
                }
            }
        }
    }

    /// The pair (dama, riichi) asked together equals the two asked one by one (the trait's
    /// default), on seeded random complete hands, with haitei and red fives in play.
    #[test]
    fn totals_pair_equals_two_calls() {
        let o = Standard::default();
        let dora = [Tile::new(27).expect("1z")];
        for (checked, (h, win)) in random_wins(43).take(400).enumerate() {
            let red = if h[13] > 0 { [0, 1, 0] } else { [0; 3] };
            let seat = Wind::ALL[checked % 4];
            let q = WinQuery { red, haitei: checked % 3 == 0, aka_dora: true, ..tsumo(&h, win, seat, &dora) };
            let pair = o.tsumo_totals_pair(&q);
            let dama = o.tsumo_totals(&WinQuery { riichi: false, ..q.clone() });
            let riichi = o.tsumo_totals(&WinQuery { riichi: true, ..q.clone() });
            assert_eq!(pair, (dama, riichi), "{h:?} {win}");
        }
    }
}

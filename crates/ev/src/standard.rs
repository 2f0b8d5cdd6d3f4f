//! The product oracle: shanten from haipai-shanten, scores from haipai-score.

use crate::analysis::{Analysis, Error, Estimate, Query, evaluate_with, simulate_with};
use crate::options::Options;
use crate::oracle::{EXTRA, Oracle, Totals, WinParts, WinQuery};
use haipai_score::{Conditions, Outcome, Rules, Situation, Wind, Yaku, payment, score, value};
use haipai_tiles::{Counts, Hand, Tile};

/// Shanten by [`haipai_shanten::shanten`], wins scored by [`haipai_score::score`] under the
/// given [`Rules`] (red fives count as dora when the query says so and the rules allow it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standard {
    /// The scoring rules (default: the common online rules of haipai-score).
    pub rules: Rules,
}

fn wind(t: Tile) -> Wind {
    match t.index() {
        28 => Wind::South,
        29 => Wind::West,
        30 => Wind::North,
        _ => Wind::East,
    }
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

    fn score(&self, q: &WinQuery<'_>) -> Option<WinParts> {
        let red = if q.aka_dora { q.red } else { [0; 3] };
        let hand = Hand::new(*q.closed, red, q.melds.to_vec()).ok()?;
        let mut s = Situation::new(hand, q.win);
        s.tsumo = true;
        s.seat = wind(q.seat);
        s.round = wind(q.round);
        s.dora_indicators = q.dora_indicators.to_vec();
        s.riichi = q.riichi || q.double_riichi;
        s.double_riichi = q.double_riichi;
        s.ippatsu = q.ippatsu && s.riichi;
        s.haitei = q.haitei;
        let rules = Rules { aka_dora: self.rules.aka_dora && q.aka_dora, ..self.rules };
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
        payment(han, fu, yakuman, dealer, true, 0, 0, &self.rules).total
    }

    /// Exact for every reading: haipai-score's allocation-free [`value`] keeps the readings
    /// that could become best with extra han, and `with_ura(k)` adds `k` han to each. A hand
    /// without riichi gets its extra han through the riichi reading (riichi is one han on
    /// every reading): `totals[k] = riichi.with_ura(k - 1)`. An open hand (no riichi
    /// possible) adds them to its best reading.
    fn tsumo_totals(&self, q: &WinQuery<'_>) -> Option<Totals> {
        let red = if q.aka_dora { q.red.iter().sum::<u8>() } else { 0 };
        let rules = Rules { aka_dora: self.rules.aka_dora && q.aka_dora, ..self.rules };
        let riichi = q.riichi || q.double_riichi;
        let cond = Conditions {
            tsumo: true,
            seat: wind(q.seat),
            round: wind(q.round),
            riichi: q.riichi && !q.double_riichi,
            double_riichi: q.double_riichi,
            ippatsu: q.ippatsu && riichi,
            haitei: q.haitei,
            ..Conditions::default()
        };
        let v = value(q.closed, q.melds, q.win, red, q.dora_indicators, &cond, &rules).ok()??;
        if riichi || v.yakuman > 0 {
            return Some(std::array::from_fn(|k| v.total_with_ura(k as u32)));
        }
        let closed = q.melds.iter().all(|m| !m.kind().is_open());
        let r = if closed {
            let cond = Conditions { riichi: true, ..cond };
            value(q.closed, q.melds, q.win, red, q.dora_indicators, &cond, &rules).ok().flatten()
        } else {
            None
        };
        let dealer = q.seat == Tile::EAST;
        let mut out = [0u32; EXTRA];
        out[0] = v.payment.total;
        for (k, slot) in out.iter_mut().enumerate().skip(1) {
            *slot = match &r {
                Some(r) => r.total_with_ura(k as u32 - 1),
                None => self.tsumo_points(v.han + k as u32, v.fu, 0, dealer),
            };
        }
        Some(out)
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
/// q.dora_indicators = vec![parse_tile("1z")?.0];
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

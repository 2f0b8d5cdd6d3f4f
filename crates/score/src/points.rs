//! Han and fu to points: limits (mangan ... yakuman), dealer and non-dealer, ron and tsumo
//! payments, honba and riichi sticks.

use crate::rules::Rules;
use crate::situation::Conditions;
use std::fmt;

/// The limit a hand reached, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Limit {
    /// Below mangan: points from han and fu.
    None,
    /// 満貫 mangan (5 han, or base points above 2000; also kiriage).
    Mangan,
    /// 跳満 haneman (6-7 han).
    Haneman,
    /// 倍満 baiman (8-10 han).
    Baiman,
    /// 三倍満 sanbaiman (11-12 han, or 13+ without kazoe).
    Sanbaiman,
    /// 数え役満 kazoe yakuman (13+ han from ordinary yaku).
    KazoeYakuman,
    /// 役満 yakuman, the number of yakuman multiples (1..=6).
    Yakuman(u8),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::None => f.write_str(""),
            Limit::Mangan => f.write_str("mangan"),
            Limit::Haneman => f.write_str("haneman"),
            Limit::Baiman => f.write_str("baiman"),
            Limit::Sanbaiman => f.write_str("sanbaiman"),
            Limit::KazoeYakuman => f.write_str("kazoe yakuman"),
            Limit::Yakuman(1) => f.write_str("yakuman"),
            Limit::Yakuman(n) => write!(f, "{n}x yakuman"),
        }
    }
}

/// What is paid to the winner. Payments include honba; `total` also includes the riichi sticks.
/// (New fields may be added.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Payment {
    /// Base points (基本点) after limits: fu × 2^(han+2), or 2000 for mangan, ...
    pub base: u32,
    /// The limit reached.
    pub limit: Limit,
    /// Ron: what the discarder pays (0 for tsumo).
    pub ron: u32,
    /// Tsumo by a non-dealer: what the dealer pays (0 for ron and for a dealer's tsumo).
    pub dealer: u32,
    /// Tsumo: what each non-dealer pays (0 for ron).
    pub non_dealer: u32,
    /// All the winner receives: payments, honba and riichi sticks.
    pub total: u32,
}

/// What a payment is computed from: the han and fu of a reading, or its yakuman multiples.
///
/// ```
/// use haipai_score::HanFu;
/// assert_eq!(HanFu::new(3, 30), HanFu { han: 3, fu: 30, yakuman: 0 });
/// assert_eq!(HanFu::yakuman(2).yakuman, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct HanFu {
    /// Han (yaku, dora and red fives).
    pub han: u32,
    /// Fu.
    pub fu: u32,
    /// Yakuman multiples: 0 for an ordinary hand, whose `han` then decides.
    pub yakuman: u32,
}

impl HanFu {
    /// An ordinary hand of `han` and `fu`.
    pub const fn new(han: u32, fu: u32) -> HanFu {
        HanFu { han, fu, yakuman: 0 }
    }

    /// A hand of `multiples` yakuman.
    pub const fn yakuman(multiples: u32) -> HanFu {
        HanFu { han: 0, fu: 0, yakuman: multiples }
    }
}

fn round_up_100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// Base points and limit of a hand's han and fu (or its yakuman multiples). Any numbers are
/// accepted: a `fu` so large that `fu · 2^(han + 2)` passes `u32` is a mangan like any base
/// above 2000.
///
/// ```
/// use haipai_score::{base_points, HanFu, Limit, Rules};
/// assert_eq!(base_points(HanFu::new(3, 30), &Rules::default()), (960, Limit::None));
/// ```
pub fn base_points(hand: HanFu, rules: &Rules) -> (u32, Limit) {
    let HanFu { han, fu, yakuman } = hand;
    if yakuman > 0 {
        let n = yakuman.min(u32::from(rules.max_yakuman.max(1)));
        return (8000 * n, Limit::Yakuman(n as u8));
    }
    match han {
        0..=4 => {
            // In 64 bits: fu · 2^6 cannot overflow there, and anything above 2000 is a mangan.
            let base = u64::from(fu) << (han + 2);
            let kiriage = rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
            if base > 2000 || kiriage { (2000, Limit::Mangan) } else { (base as u32, Limit::None) }
        }
        5 => (2000, Limit::Mangan),
        6 | 7 => (3000, Limit::Haneman),
        8..=10 => (4000, Limit::Baiman),
        11 | 12 => (6000, Limit::Sanbaiman),
        _ if rules.kazoe_yakuman => (8000, Limit::KazoeYakuman),
        _ => (6000, Limit::Sanbaiman),
    }
}

/// The payments for a hand of `hand.han` and `hand.fu` (or `hand.yakuman` multiples) won as
/// `cond` says: by the dealer or not, tsumo or ron, with its honba and riichi sticks (the
/// other fields of `cond` are not read). [`score`](crate::score)
/// and [`value`](crate::value) refuse more than [`MAX_STICKS`](crate::MAX_STICKS) honba or
/// riichi sticks, the range in which every payment fits its `u32`; here any numbers are
/// accepted and an amount past `u32::MAX` (only with millions of honba or sticks) stays at
/// `u32::MAX`.
///
/// ```
/// use haipai_score::{payment, Conditions, HanFu, Rules};
/// use haipai_tiles::Wind;
/// // Non-dealer ron, 3 han 30 fu: 3900.
/// let ron = Conditions::default().seat(Wind::South);
/// assert_eq!(payment(HanFu::new(3, 30), &ron, &Rules::default()).ron, 3900);
/// // Dealer tsumo mangan with 2 honba and 3 sticks: 4200 all, 15600 in total.
/// let tsumo = Conditions::default().tsumo(true).honba(2).sticks(3);
/// let p = payment(HanFu::new(5, 30), &tsumo, &Rules::default());
/// assert_eq!((p.non_dealer, p.total), (4200, 15600));
/// ```
#[inline]
pub fn payment(hand: HanFu, cond: &Conditions, rules: &Rules) -> Payment {
    let HanFu { han, fu, yakuman } = hand;
    let (dealer, tsumo, honba, sticks) = (cond.is_dealer(), cond.tsumo, cond.honba, cond.sticks);
    if honba > crate::MAX_STICKS || sticks > crate::MAX_STICKS {
        let (base, limit) = base_points(hand, rules);
        return payment_held_at_max(base, limit, dealer, tsumo, honba, sticks);
    }
    payment_in_range(han, fu, yakuman, dealer, tsumo, honba, sticks, rules)
}

/// [`payment`] for at most [`MAX_STICKS`](crate::MAX_STICKS) honba and sticks, where every
/// amount fits (base ≤ 8000 · 255): what `score` and `value`, which refuse more, use.
#[allow(clippy::too_many_arguments)]
pub(crate) fn payment_in_range(
    han: u32,
    fu: u32,
    yakuman: u32,
    dealer: bool,
    tsumo: bool,
    honba: u32,
    sticks: u32,
    rules: &Rules,
) -> Payment {
    debug_assert!(honba <= crate::MAX_STICKS && sticks <= crate::MAX_STICKS);
    let (base, limit) = base_points(HanFu { han, fu, yakuman }, rules);
    let mut p = Payment { base, limit, ron: 0, dealer: 0, non_dealer: 0, total: 0 };
    if tsumo {
        if dealer {
            p.non_dealer = round_up_100(2 * base) + 100 * honba;
            p.total = 3 * p.non_dealer;
        } else {
            p.dealer = round_up_100(2 * base) + 100 * honba;
            p.non_dealer = round_up_100(base) + 100 * honba;
            p.total = p.dealer + 2 * p.non_dealer;
        }
    } else {
        p.ron = round_up_100(if dealer { 6 } else { 4 } * base) + 300 * honba;
        p.total = p.ron;
    }
    p.total += 1000 * sticks;
    p
}

/// [`payment`] past [`MAX_STICKS`](crate::MAX_STICKS) honba or sticks: the same sums in 64
/// bits, each held at `u32::MAX`.
#[cold]
#[inline(never)]
fn payment_held_at_max(base: u32, limit: Limit, dealer: bool, tsumo: bool, honba: u32, sticks: u32) -> Payment {
    let (b, h) = (u64::from(base), u64::from(honba));
    let up = |x: u64| x.div_ceil(100) * 100;
    let (ron, to_dealer, to_other, total) = match (tsumo, dealer) {
        (true, true) => (0, 0, up(2 * b) + 100 * h, 3 * (up(2 * b) + 100 * h)),
        (true, false) => {
            let (d, n) = (up(2 * b) + 100 * h, up(b) + 100 * h);
            (0, d, n, d + 2 * n)
        }
        (false, _) => {
            let r = up(if dealer { 6 } else { 4 } * b) + 300 * h;
            (r, 0, 0, r)
        }
    };
    let cap = |x: u64| u32::try_from(x).unwrap_or(u32::MAX);
    let total = cap(total + 1000 * u64::from(sticks));
    Payment { base, limit, ron: cap(ron), dealer: cap(to_dealer), non_dealer: cap(to_other), total }
}

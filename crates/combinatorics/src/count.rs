//! Exact counts: [`Count`] (patterns and states side by side), binomials and exact [`Ratio`]s.
//!
//! Every count in this crate is a `u128`. The largest number we ever form is a state count of
//! 14 tiles out of 136, `C(136, 14) = 4_250_305_029_168_216_000 ≈ 4.3e18`, which already fits a
//! `u64` (max ≈ 1.8e19) with a factor of four to spare; `u128` (max ≈ 3.4e38) leaves room for the
//! one operation that squares such numbers: comparing or reducing two ratios by cross
//! multiplication (`≤ (4.3e18)^2 ≈ 1.8e37`). Intermediate polynomial coefficients are sums of
//! non-negative terms bounded by the final total of the same degree, so they never exceed
//! `C(136, M)` either. No big-integer crate is needed.

use std::fmt;
use std::ops::{Add, AddAssign, Mul};

/// A pair of exact counts: `patterns` (tile-kind multisets, at most four of each kind) and
/// `states` (physical-tile combinations: each pattern weighted by the product of `C(4, count)`).
///
/// Both are multiplicative under concatenation of disjoint tile groups and additive under union,
/// so a `Count` is the coefficient ring of every generating function in this crate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Number of tile-kind multisets.
    pub patterns: u128,
    /// Number of physical-tile sets.
    pub states: u128,
}

impl Count {
    /// Zero patterns, zero states.
    pub const ZERO: Count = Count { patterns: 0, states: 0 };
    /// The empty hand: one pattern, one state.
    pub const ONE: Count = Count { patterns: 1, states: 1 };

    /// A count of `patterns` patterns and `states` states.
    pub const fn new(patterns: u128, states: u128) -> Count {
        Count { patterns, states }
    }

    /// True when both parts are zero.
    pub fn is_zero(&self) -> bool {
        self.patterns == 0 && self.states == 0
    }
}

impl Add for Count {
    type Output = Count;
    fn add(self, o: Count) -> Count {
        Count::new(self.patterns + o.patterns, self.states + o.states)
    }
}

impl AddAssign for Count {
    fn add_assign(&mut self, o: Count) {
        self.patterns += o.patterns;
        self.states += o.states;
    }
}

impl Mul for Count {
    type Output = Count;
    fn mul(self, o: Count) -> Count {
        Count::new(self.patterns * o.patterns, self.states * o.states)
    }
}

/// The binomial coefficient `C(n, k)` (0 when `k > n`), exact.
///
/// ```
/// assert_eq!(haipai_combinatorics::binom(136, 14), 4_250_305_029_168_216_000);
/// ```
///
/// # Panics
///
/// When `C(n, k)` passes `u128::MAX` (first at `n = 132`, `C(132, 64)`); [`checked_binom`]
/// returns `None` there instead.
pub fn binom(n: u32, k: u32) -> u128 {
    checked_binom(n, k).unwrap_or_else(|| panic!("C({n}, {k}) does not fit in a u128"))
}

/// `C(n, k)` (0 when `k > n`), or `None` when it passes `u128::MAX`. No intermediate value
/// exceeds the result, so every `C(n, k)` that fits is computed exactly.
///
/// ```
/// use haipai_combinatorics::checked_binom;
/// assert_eq!(checked_binom(136, 68), None);
/// assert_eq!(checked_binom(130, 65), Some(95_067_625_827_960_698_145_584_333_020_095_113_100));
/// ```
pub fn checked_binom(n: u32, k: u32) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        // r * (n - i) is divisible by (i + 1): r = C(n, i). Dividing r by g = gcd(r, i + 1)
        // leaves (i + 1) / g, coprime with r / g, so it divides n - i: no step exceeds the result.
        let (top, bottom) = (u128::from(n - i), u128::from(i + 1));
        let g = gcd(r, bottom);
        r = (r / g).checked_mul(top / (bottom / g))?;
    }
    Some(r)
}

/// Greatest common divisor.
pub fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// An exact non-negative fraction in lowest terms (`den > 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u128,
    den: u128,
}

impl Ratio {
    /// `num / den` reduced to lowest terms. A zero denominator is treated as `0 / 1`.
    pub fn new(num: u128, den: u128) -> Ratio {
        if den == 0 {
            return Ratio { num: 0, den: 1 };
        }
        let g = gcd(num, den).max(1);
        Ratio { num: num / g, den: den / g }
    }

    /// Numerator (lowest terms).
    pub fn numer(&self) -> u128 {
        self.num
    }

    /// Denominator (lowest terms).
    pub fn denom(&self) -> u128 {
        self.den
    }

    /// The nearest `f64`, for display only.
    pub fn to_f64(&self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// `N` in "1 in N" (`den / num` as a float), or `None` for probability zero.
    pub fn one_in(&self) -> Option<f64> {
        (self.num != 0).then(|| self.den as f64 / self.num as f64)
    }
}

impl fmt::Display for Ratio {
    /// `num/den`, e.g. `3/4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_binom(n: u32, k: u32) -> u128 {
        // Pascal's triangle.
        let mut row = vec![1u128];
        for _ in 0..n {
            let mut next = vec![1u128; row.len() + 1];
            for i in 1..row.len() {
                next[i] = row[i - 1] + row[i];
            }
            next.truncate(21); // entries beyond k = 20 are never compared (and would overflow)
            row = next;
        }
        row.get(k as usize).copied().unwrap_or(0)
    }

    #[test]
    fn binom_matches_pascal() {
        for n in 0..=136 {
            for k in 0..=20 {
                assert_eq!(binom(n, k), slow_binom(n, k), "C({n},{k})");
            }
        }
        assert!(binom(136, 14) < u128::from(u64::MAX));
        // Cross multiplication of two such counts still fits u128.
        assert!(binom(136, 14).checked_mul(binom(136, 14)).is_some());
    }

    #[test]
    fn ratio_reduces() {
        let r = Ratio::new(6, 8);
        assert_eq!((r.numer(), r.denom()), (3, 4));
        assert_eq!(r.to_string(), "3/4");
        assert_eq!(Ratio::new(0, 5).one_in(), None);
        assert_eq!(Ratio::new(1, 4).one_in(), Some(4.0));
    }
}

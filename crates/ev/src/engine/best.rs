//! The choice loop's best-so-far ([`Best`]): each variant's best value read in place in the
//! layer, with a [`floor`] below which a candidate is not [`better`] (proved at [`floor`]),
//! and the offers of one candidate to every variant ([`keep_best`], [`keep_one`]).

use super::values::{TIE, at_least_one};

/// Each variant's best value so far in the choice loop (`at`, read in place in the layer) and
/// its [`floor`]: a candidate whose component `FIRST` (points, or the win under
/// [`Objective::Win`](crate::options::Objective::Win)) is below the floor is not better, without the full comparison.
pub(super) struct Best<'v, const FIRST: usize, const V: usize> {
    pub(super) at: [&'v [f64; 3]; V],
    pub(super) floor: [f64; V],
}

impl<'v, const FIRST: usize, const V: usize> Best<'v, FIRST, V> {
    /// Whether the floors are kept: not for a single variant (most hands under `--budget 0`,
    /// with few discards each), where keeping them costs about what they save.
    const FLOORED: bool = V > 1;

    /// The best values `at`, with their floors.
    #[inline(always)]
    pub(super) fn of(at: [&'v [f64; 3]; V]) -> Self {
        let mut best = Best::unfloored(at);
        best.refloor();
        best
    }

    /// The best values `at`, their floors not computed yet (see [`Best::refloor`]).
    #[inline(always)]
    pub(super) fn unfloored(at: [&'v [f64; 3]; V]) -> Self {
        Best { at, floor: [0.0; V] }
    }

    /// Computes the floors of the best values.
    #[inline(always)]
    pub(super) fn refloor(&mut self) {
        if Self::FLOORED {
            self.floor = std::array::from_fn(|c| floor(self.at[c][FIRST]));
        }
    }

    /// Makes `v` variant `c`'s best.
    #[inline(always)]
    pub(super) fn set(&mut self, c: usize, v: &'v [f64; 3]) {
        self.at[c] = v;
        if Self::FLOORED {
            self.floor[c] = floor(v[FIRST]);
        }
    }
}

/// Below this value of its first component, a candidate is not [`better`] than a best whose
/// first component is `y`: `y - 4e-12 * max(|y|, 1)`, rounded.
///
/// Why (for finite values: every value the pass compares is a probability-weighted sum of
/// finite win points, so none is infinite; a NaN candidate takes the full comparison, as
/// `x < floor` is then false). Let `u = 2^-53` (the unit roundoff), `e` the double [`TIE`]
/// (below `1.0000001e-12`), `M = max(|y|, 1)` (exact), `t = fl(4e-12 * M) >= 4e-12 * M * (1 -
/// u)^2` (the constant and the product each rounded) and `f = fl(y - t)`, the floor. Take a
/// candidate `x < f`.
/// 1. `t >= 0`, so `f <= y` (rounding is monotone and `y` a double): `x < y`.
/// 2. `f <= (y - t) + u * |y - t| <= y - t + u * (|y| + t)` (below the normal range the error
///    is at most `2^-1075`, negligible here), so
///    `y - x > y - f >= t * (1 - u) - u * M >= M * (4e-12 * (1 - u)^3 - u) > 3.99e-12 * M`.
/// 3. `better`'s first test compares `|fl(x - y)| = fl(y - x) >= (y - x) * (1 - u)` (rounding is
///    symmetric and monotone; `+inf` on overflow, still larger) with
///    `fl(e * max(|x|, 1)) <= e * max(|x|, 1) * (1 + u)`:
///    - when `|x| <= 2M`, the first is above `3.98e-12 * M`, the second below `2.01e-12 * M`;
///    - when `|x| > 2M`, `x` is negative (`x < y <= M`), `max(|x|, 1) = |x|` and
///      `y - x >= |x| - M > |x| / 2`: the first is above `0.49 * |x|`, the second below
///      `1.01e-12 * |x|`.
///
///    Either way the test holds and `better` answers `x > y`, false: the floor only skips
///    comparisons whose answer is no.
///
/// For a NaN or infinite `y` the floor is NaN or `-inf`: nothing is below it.
#[inline(always)]
pub(super) fn floor(y: f64) -> f64 {
    y - 4e-12 * at_least_one(y.abs())
}

/// Keeps in `best` (each variant's best so far) each variant's value `v(c)` when it is better
/// (or the first one, when none is `found` yet): a value below the best's floor is not, the
/// others are compared in full.
#[inline(always)]
pub(super) fn keep_best<'v, const FIRST: usize, const V: usize>(
    best: &mut Best<'v, FIRST, V>,
    found: bool,
    v: impl Fn(usize) -> &'v [f64; 3],
    better: impl Fn([f64; 3], [f64; 3]) -> bool + Copy,
) {
    // Written out call by call (each sees a constant variant; no loop for the compiler to keep).
    keep_one(best, found, 0, v(0), better);
    if V > 1 {
        keep_one(best, found, 1, v(1), better);
    }
    if V > 2 {
        keep_one(best, found, 2, v(2), better);
        keep_one(best, found, 3, v(3), better);
    }
    if V > 4 {
        keep_one(best, found, 4, v(4), better);
        keep_one(best, found, 5, v(5), better);
        keep_one(best, found, 6, v(6), better);
        keep_one(best, found, 7, v(7), better);
    }
}

/// [`keep_best`] for variant `c`, offered `v`.
#[inline(always)]
fn keep_one<'v, const FIRST: usize, const V: usize>(
    best: &mut Best<'v, FIRST, V>,
    found: bool,
    c: usize,
    v: &'v [f64; 3],
    better: impl Fn([f64; 3], [f64; 3]) -> bool,
) {
    if !found {
        best.at[c] = v;
        return;
    }
    if Best::<FIRST, V>::FLOORED && v[FIRST] < best.floor[c] {
        return;
    }
    let y = best.at[c];
    // Points and win both equal: `better`'s first two tests fail, its third decides.
    let taken = if v[0] == y[0] && v[1] == y[1] { v[2] > y[2] + TIE } else { better(*v, *y) };
    if taken {
        best.set(c, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::values::better;
    use crate::options::Objective;
    use haipai_tiles::rng::Rng;

    /// [`floor`] and the tie test of [`keep_one`] against [`better`] itself: no candidate below
    /// the floor is better (points first, or the win first), and with points and win equal
    /// `better` answers the tenpai test; on values of every magnitude and sign, the candidates
    /// a few units of the last place either side of the floor, seeded random ones and NaN.
    #[test]
    fn the_floor_and_the_tie_test_answer_as_better_does() {
        let mut rng = Rng::new(13);
        let mut ys = vec![0.0, 1e-300, 1e-13, 4e-12, 0.5, 1.0, 2.0, 123.456, 48_000.0, 1e10, 1e300, f64::MAX];
        ys.extend(ys.clone().iter().map(|y| -y));
        for _ in 0..2_000 {
            ys.push((rng.unit_f64() - 0.5) * 10f64.powi(rng.index(40) as i32 - 20));
        }
        let mut below = 0;
        for &y in &ys {
            let f = floor(y);
            let mut xs = vec![f64::NAN, f64::MIN, -1e300, y, f, f.next_up(), f.next_down()];
            for _ in 0..8 {
                let last = xs[xs.len() - 1];
                xs.push(last.next_down());
            }
            for _ in 0..20 {
                xs.push(y - (y.abs() + 1.0) * 1e-11 * rng.unit_f64());
            }
            for &x in &xs {
                let (a, b) = (rng.unit_f64(), rng.unit_f64());
                if x < f {
                    below += 1;
                    assert!(!better(Objective::Points, (x, a, b), (y, b, a)), "points {x:e} below {y:e}");
                    assert!(!better(Objective::Win, (a, x, b), (b, y, a)), "win {x:e} below {y:e}");
                }
                assert_eq!(better(Objective::Points, (y, x, a), (y, x, b)), a > b + TIE, "{y:e} {x:e}");
                assert_eq!(better(Objective::Win, (x, y, a), (x, y, b)), a > b + TIE, "{y:e} {x:e}");
            }
        }
        assert!(below > 40_000, "{below} candidates below the floor");
    }
}

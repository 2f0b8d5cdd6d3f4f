//! The value arrays of a state (points, win and tenpai probability at every draw index) and
//! the comparison the policy chooses by ([`better`], under the objective, with its tolerance
//! [`TIE`]).

use super::N;
use crate::options::Objective;

/// Points, win and tenpai probability for every draw index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Arrays {
    pub p: [f64; N],
    pub w: [f64; N],
    pub t: [f64; N],
}

impl Arrays {
    pub const ZERO: Arrays = Arrays { p: [0.0; N], w: [0.0; N], t: [0.0; N] };

    pub(crate) fn at(&self, d: usize) -> (f64, f64, f64) {
        (self.p[d], self.w[d], self.t[d])
    }

    pub(super) fn set(&mut self, d: usize, v: (f64, f64, f64)) {
        self.p[d] = v.0;
        self.w[d] = v.1;
        self.t[d] = v.2;
    }
}

/// The tolerance of [`better`]'s comparisons (see [`floor`]).
pub(super) const TIE: f64 = 1e-12;

/// True when `a` is strictly better than `b` under the objective.
pub(crate) fn better(objective: Objective, a: (f64, f64, f64), b: (f64, f64, f64)) -> bool {
    const EPS: f64 = TIE;
    let (x, y) = match objective {
        Objective::Points => ((a.0, a.1, a.2), (b.0, b.1, b.2)),
        Objective::Win => ((a.1, a.0, a.2), (b.1, b.0, b.2)),
    };
    if (x.0 - y.0).abs() > EPS * at_least_one(x.0.abs()) {
        return x.0 > y.0;
    }
    if (x.1 - y.1).abs() > EPS * at_least_one(x.1.abs()) {
        return x.1 > y.1;
    }
    x.2 > y.2 + EPS
}

/// `a.max(1.0)`, in one instruction: the same value for every `a`, NaN included (both give
/// 1.0), without `f64::max`'s NaN handling.
#[inline(always)]
pub(super) fn at_least_one(a: f64) -> f64 {
    if a > 1.0 { a } else { 1.0 }
}

/// `a.max(b)` for numbers that are never NaN (a draw denominator `a`, live copies `b`), in one
/// instruction, without `f64::max`'s NaN handling: the same value (`b` when they are equal,
/// the same bits, as a denominator is never zero).
#[inline(always)]
pub(super) fn larger(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

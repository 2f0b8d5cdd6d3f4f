//! Truncated generating functions in two variables: `x` counts tiles, `y` counts a marked
//! feature (pairs, for "four melds and one pair"). Coefficients are [`Count`]s.
//!
//! Combining disjoint tile groups (suits, honour kinds) is polynomial multiplication; the
//! answer to "how many hands of `M` tiles with `k` marks" is one coefficient of the product.

use crate::count::Count;

/// A polynomial `Σ c[j][i] x^i y^j`, truncated at `x^max_tiles` and `y^max_marks`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    max_tiles: usize,
    max_marks: usize,
    coef: Vec<Count>,
}

impl Series {
    /// The zero series with the given truncation.
    pub fn zero(max_tiles: usize, max_marks: usize) -> Series {
        Series { max_tiles, max_marks, coef: vec![Count::ZERO; (max_tiles + 1) * (max_marks + 1)] }
    }

    /// The series `1` (the empty hand).
    pub fn one(max_tiles: usize, max_marks: usize) -> Series {
        let mut s = Series::zero(max_tiles, max_marks);
        s.coef[0] = Count::ONE;
        s
    }

    /// Largest tile degree kept.
    pub fn max_tiles(&self) -> usize {
        self.max_tiles
    }

    /// Largest mark degree kept.
    pub fn max_marks(&self) -> usize {
        self.max_marks
    }

    /// The coefficient of `x^tiles y^marks` (zero beyond the truncation).
    pub fn get(&self, tiles: usize, marks: usize) -> Count {
        if tiles > self.max_tiles || marks > self.max_marks {
            return Count::ZERO;
        }
        self.coef[marks * (self.max_tiles + 1) + tiles]
    }

    /// Adds `c` to the coefficient of `x^tiles y^marks`; terms beyond the truncation are dropped.
    pub fn add_term(&mut self, tiles: usize, marks: usize, c: Count) {
        if tiles <= self.max_tiles && marks <= self.max_marks {
            self.coef[marks * (self.max_tiles + 1) + tiles] += c;
        }
    }

    /// The truncated product `self * other` (truncation of `self`).
    pub fn mul(&self, other: &Series) -> Series {
        let mut out = Series::zero(self.max_tiles, self.max_marks);
        for ja in 0..=self.max_marks {
            for ia in 0..=self.max_tiles {
                let a = self.get(ia, ja);
                if a.is_zero() {
                    continue;
                }
                for jb in 0..=(self.max_marks - ja).min(other.max_marks) {
                    for ib in 0..=(self.max_tiles - ia).min(other.max_tiles) {
                        let b = other.get(ib, jb);
                        if !b.is_zero() {
                            out.add_term(ia + ib, ja + jb, a * b);
                        }
                    }
                }
            }
        }
        out
    }

    /// The product of all `factors`, starting from `1`.
    pub fn product<'a>(max_tiles: usize, max_marks: usize, factors: impl IntoIterator<Item = &'a Series>) -> Series {
        factors.into_iter().fold(Series::one(max_tiles, max_marks), |acc, f| acc.mul(f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_theorem() {
        // One tile kind with four copies: Σ_c C(4,c) x^c. Its 34th power's x^M state
        // coefficient is C(136, M); the pattern coefficient counts multisets with ≤ 4 of each.
        let mut kind = Series::zero(14, 0);
        for c in 0..=4u32 {
            kind.add_term(c as usize, 0, Count::new(1, crate::binom(4, c)));
        }
        let all = Series::product(14, 0, std::iter::repeat_n(&kind, 34));
        for m in 0..=14 {
            assert_eq!(all.get(m, 0).states, crate::binom(136, m as u32));
        }
        assert_eq!(all.get(14, 0).patterns, 326_520_504_500);
    }
}

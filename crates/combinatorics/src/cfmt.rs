//! C++ iostream number formatting, so document 003's table can be printed to the character:
//! the default floating format (`%g` with precision 6: `0.000267113`, `3.07446e-08`) and
//! `std::scientific` with precision 15 (`3.025448319456385e-06`).

/// `x` as C++ prints a `double` in the default float field with the given precision
/// (printf `%g`): `precision` significant digits, trailing zeros removed, scientific notation
/// when the decimal exponent is below -4 or at least `precision`; exponents have two digits
/// at least.
///
/// ```
/// use haipai_combinatorics::cfmt::general;
/// assert_eq!(general(0.000267113_4, 6), "0.000267113");
/// assert_eq!(general(3.0744599e-08, 6), "3.07446e-08");
/// assert_eq!(general(14.0, 6), "14");
/// ```
pub fn general(x: f64, precision: usize) -> String {
    let p = precision.max(1);
    if x == 0.0 {
        return "0".to_string();
    }
    if !x.is_finite() {
        return format!("{x}");
    }
    // The exponent after rounding to p significant digits.
    let sci = format!("{:.*e}", p - 1, x);
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if exp < -4 || exp >= p as i32 {
        format!("{}e{}", strip_zeros(mant), exponent(exp))
    } else {
        let decimals = (p as i32 - 1 - exp).max(0) as usize;
        strip_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

/// `x` as C++ prints it under `std::scientific` with the given precision (printf `%.Ne`):
/// `3.025448319456385e-06`.
///
/// ```
/// use haipai_combinatorics::cfmt::scientific;
/// assert_eq!(scientific(3.025448319456385e-06, 15), "3.025448319456385e-06");
/// ```
pub fn scientific(x: f64, precision: usize) -> String {
    let sci = format!("{x:.precision$e}");
    match sci.split_once('e') {
        Some((mant, exp)) => format!("{mant}e{}", exponent(exp.parse().unwrap_or(0))),
        None => sci,
    }
}

fn exponent(e: i32) -> String {
    let sign = if e < 0 { '-' } else { '+' };
    format!("{sign}{:02}", e.unsigned_abs())
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.') } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printf_g_cases() {
        assert_eq!(general(100.0, 6), "100");
        assert_eq!(general(123456.0, 6), "123456");
        assert_eq!(general(1234567.0, 6), "1.23457e+06");
        assert_eq!(general(0.0001, 6), "0.0001");
        assert_eq!(general(0.00001, 6), "1e-05");
        assert_eq!(general(99.99999, 6), "100");
        assert_eq!(general(0.5, 6), "0.5");
        assert_eq!(scientific(1.0, 3), "1.000e+00");
    }
}

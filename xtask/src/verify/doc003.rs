//! Document 003 (天和の確率計算): its printed table, reproduced to the character by
//! `haipai-combinatorics`, plus the shanten distributions of `../shared/REFERENCE.md`.
//! With `--full`: the brute-force enumeration of every hand of up to 8 tiles against the
//! generating functions in all four variants (the unit tests do up to 5 and 6 tiles), the
//! distributions of every size 1..14 in every variant summing to `C(n, M)` (red fives: every
//! row's states equal to the plain variant's), and the 14-tile red-five distribution.

use super::Check;
use haipai::combinatorics::DOCUMENT_003;
use haipai::combinatorics::{ShantenDistribution, TenhouTable, Variant, binom, brute};

/// REFERENCE.md's states per shanten (tomohxx), 14 tiles from -1, 13 tiles from 0.
const REF14: &str = "12859078207674 2966241795738948 99154452630748356 828714358375292670 \
1867404976243926528 1211948980271480832 233501763289743360 6601397483077632";
const REF13: &str = "39270395383132 3006175115638776 45249205945148216 175141291509958900 \
192909046305573888 63384201353756672 4045365540028416";

fn states(d: &ShantenDistribution) -> String {
    d.rows.iter().map(|(_, c)| c.states.to_string()).collect::<Vec<_>>().join(" ")
}

/// The checks of document 003.
pub fn checks(full: bool) -> Vec<Check> {
    let t = TenhouTable::compute(14, Variant::FOUR_PLAYER);
    let mut out = vec![
        Check::new("tenhou_prob.cpp output (14 tiles)", DOCUMENT_003.trim_end(), t.render().trim_end())
            .note("setw() pads with trailing blanks that the article does not show; we print the article's text"),
        Check::new(
            "tenhou probability from the exact fraction, printed as the article does",
            "3.025448319456385e-06",
            haipai::combinatorics::cfmt::scientific(t.probability().to_f64(), 15),
        )
        .note(format!(
            "exact: {} = 1 in {:.1} (the article: about 1 in 330,000, after らすかる)",
            t.probability(),
            t.probability().one_in().unwrap_or(f64::NAN)
        )),
    ];
    let d14 = ShantenDistribution::compute(14, Variant::FOUR_PLAYER);
    let d13 = ShantenDistribution::compute(13, Variant::FOUR_PLAYER);
    out.push(
        Check::new(
            "published shanten distribution (tomohxx; REFERENCE.md), 14 tiles: hands per shanten -1..6",
            REF14,
            states(&d14),
        )
        .note(format!("complete 14-tile states {} = the article's numerator", d14.count(-1).states)),
    );
    out.push(Check::new(
        "published shanten distribution (tomohxx; REFERENCE.md), 13 tiles: hands per shanten 0..6",
        REF13,
        states(&d13),
    ));
    for (d, reference, first) in [(&d13, REF13, 0i128), (&d14, REF14, -1)] {
        // The exact mean from REFERENCE.md's rows alone (Σ s · states, over C(136, M)).
        let sum: i128 = reference.split(' ').zip(first..).map(|(c, s)| s * c.parse::<i128>().unwrap_or(0)).sum();
        let r = haipai::combinatorics::Ratio::new(sum.unsigned_abs(), binom(136, d.tiles as u32));
        let (neg, mean) = d.mean();
        out.push(
            Check::new(
                format!("exact mean shanten, {} tiles (expected: from the published rows)", d.tiles),
                format!("{}{r}", if sum < 0 { "-" } else { "" }),
                format!("{}{mean}", if neg { "-" } else { "" }),
            )
            .note(format!("≈ {:.6}", mean.to_f64())),
        );
    }
    if full {
        for v in brute::VARIANTS {
            for m in 0..=8usize {
                let fast = TenhouTable::compute(m, v);
                let slow = brute::tenhou(m, v);
                out.push(Check::new(
                    format!("tenhou table, {m} tiles, {}: generating functions = enumeration", v.name()),
                    slow.render().trim_end(),
                    fast.render().trim_end(),
                ));
                if m >= 1 {
                    let fast = ShantenDistribution::compute(m, v);
                    let slow = brute::shanten_distribution(m, v);
                    out.push(Check::new(
                        format!("shanten distribution, {m} tiles, {}: generating functions = enumeration", v.name()),
                        slow.render().trim_end(),
                        fast.render().trim_end(),
                    ));
                }
            }
        }
        for v in brute::VARIANTS {
            let plain = v.red_fives(false);
            let mut expected = Vec::new();
            let mut ours = Vec::new();
            for m in 1..=14usize {
                let d = ShantenDistribution::compute(m, v);
                let rows = |d: &ShantenDistribution| d.rows.iter().map(|(s, c)| (*s, c.states)).collect::<Vec<_>>();
                expected.push(format!("{}", binom(v.physical_tiles(), m as u32)));
                ours.push(if v.red_fives && rows(&d) != rows(&ShantenDistribution::compute(m, plain)) {
                    format!("{} (states differ from {})", d.total().states, plain.name())
                } else {
                    d.total().states.to_string()
                });
            }
            out.push(
                Check::new(
                    format!("shanten distributions, 1..14 tiles, {}: states sum to C(n, M)", v.name()),
                    expected.join(" "),
                    ours.join(" "),
                )
                .note(if v.red_fives {
                    "and every row's states equal the plain variant's"
                } else {
                    ""
                }),
            );
        }
        let red = Variant::FOUR_PLAYER.red_fives(true);
        let d = ShantenDistribution::compute(14, red);
        out.push(
            Check::new(
                "red fives distinct, 14 tiles: states unchanged, patterns = all red-five patterns",
                format!("{} {}", states(&d14), TenhouTable::compute(14, red).total.patterns),
                format!("{} {}", states(&d), d.total().patterns),
            )
            .note(format!("sum of states = C(136,14) = {}", binom(136, 14))),
        );
    }
    out
}

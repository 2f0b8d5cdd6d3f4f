//! Derived odds a player asks for, each as an exact fraction and "1 in N".
//!
//! What is modelled: tiles are dealt uniformly at random (every set of physical tiles equally
//! likely); nothing about the other players' hands is known or conditioned on.
//!
//! - 天和 (tenhou): the dealer's 14 dealt tiles are complete (any of the three forms).
//! - 地和 (chiihou) for a non-dealer, before any interruption: the 13 dealt tiles plus the first
//!   draw are complete, given that no call, kan or win happened before that draw. Under a uniform
//!   deal those 14 tiles are a uniform 14-subset of the tiles in play whatever the other hands and
//!   discards are (the player's tiles are independent of which tiles the others hold), so the
//!   probability equals tenhou's. We do not model how often an interruption occurs first (that
//!   depends on other players' strategy), so this is the chance *given* no interruption.
//! - Dealt tenpai: a non-dealer's 13 dealt tiles have shanten 0 (karaten counted as tenpai:
//!   shanten is a property of the shape; see [`crate::profile`]).
//! - Each shanten level of the 13 dealt tiles (non-dealer) and 14 (dealer, before discarding).

use crate::count::Ratio;
use crate::distribution::ShantenDistribution;
use crate::variant::Variant;

/// One derived probability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odd {
    /// A short name, e.g. `tenhou`, `shanten13=2`.
    pub name: String,
    /// What is counted, in words.
    pub description: String,
    /// Favourable physical-tile sets.
    pub count: u128,
    /// All physical-tile sets.
    pub total: u128,
}

impl Odd {
    /// The exact probability.
    pub fn ratio(&self) -> Ratio {
        Ratio::new(self.count, self.total)
    }
}

/// The derived odds from the 13- and 14-tile distributions of the same variant.
pub fn derived(d13: &ShantenDistribution, d14: &ShantenDistribution) -> Vec<Odd> {
    let t14 = d14.total().states;
    let t13 = d13.total().states;
    let mut out = vec![
        Odd {
            name: "tenhou".into(),
            description: "天和: the dealer's 14 dealt tiles are complete".into(),
            count: d14.count(-1).states,
            total: t14,
        },
        Odd {
            name: "chiihou".into(),
            description: "地和: a non-dealer's 13 dealt tiles plus first draw are complete, given no interruption"
                .into(),
            count: d14.count(-1).states,
            total: t14,
        },
        Odd {
            name: "dealt-tenpai".into(),
            description: "a non-dealer's 13 dealt tiles are tenpai (shanten 0)".into(),
            count: d13.count(0).states,
            total: t13,
        },
    ];
    for (d, tiles, dealt, total) in [(d13, 13, "13 dealt tiles", t13), (d14, 14, "the dealer's 14 dealt tiles", t14)] {
        for (s, c) in &d.rows {
            out.push(Odd {
                name: format!("shanten{tiles}={s}"),
                description: format!("{dealt} at shanten {s}"),
                count: c.states,
                total,
            });
        }
    }
    out
}

/// Both distributions of a variant and their derived odds (about 8 s of CPU).
pub fn compute(variant: Variant) -> (ShantenDistribution, ShantenDistribution, Vec<Odd>) {
    let d13 = ShantenDistribution::compute(13, variant);
    let d14 = ShantenDistribution::compute(14, variant);
    let odds = derived(&d13, &d14);
    (d13, d14, odds)
}

/// The odds as a table: name, exact fraction, "1 in N", percentage, description.
pub fn render(odds: &[Odd]) -> String {
    let mut out = String::new();
    for o in odds {
        let r = o.ratio();
        out.push_str(&format!(
            "{:<14} 1 in {:<12} {:>11.7}%  {:<40} {}\n",
            o.name,
            crate::distribution::one_in(&r),
            100.0 * r.to_f64(),
            r.to_string(),
            o.description
        ));
    }
    out
}

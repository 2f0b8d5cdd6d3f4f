//! Named multi-sided shapes formed by several lines: nobetan (延べ単) and sanmenchan (三面張).

use crate::line::{Line, WaitKind};
use crate::waits::Waits;
use haipai_decompose::Group;
use haipai_tiles::Tile;
use std::fmt;

/// A multi-sided wait made of two lines that share every other group.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Shape {
    /// Four in a row `x..x+3` waiting on `x` and `x+3` as two tanki lines (延べ単, nobetan);
    /// the tile is `x`.
    Nobetan(Tile),
    /// Five in a row `x..x+4` waiting on `x-1`, `x+2` and `x+5` as two ryanmen lines
    /// (三面張, sanmenchan); the tile is `x`.
    Sanmenchan(Tile),
}

impl fmt::Display for Shape {
    /// `nobetan 4567m`, `sanmenchan 23456m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, t, len) = match *self {
            Shape::Nobetan(t) => ("nobetan", t, 4),
            Shape::Sanmenchan(t) => ("sanmenchan", t, 5),
        };
        write!(f, "{name} ")?;
        for k in 0..len {
            write!(f, "{}", t.number() + k)?;
        }
        write!(f, "{}", t.suit().letter())
    }
}

fn offset(t: Tile, d: usize) -> Option<Tile> {
    let i = t.index() + d;
    if t.is_honour() || usize::from(t.number()) + d > 9 { None } else { Tile::new(i) }
}

/// True if `a`'s groups without `ga` equal `b`'s groups without `gb`, and the pairs match.
fn same_rest(a: &Line, ga: Group, b: &Line, gb: Group) -> bool {
    let strip = |l: &Line, g: Group| -> Option<Vec<Group>> {
        let mut v = l.groups().to_vec();
        let pos = v.iter().position(|&x| x == g)?;
        v.remove(pos);
        Some(v)
    };
    match (strip(a, ga), strip(b, gb)) {
        (Some(x), Some(y)) => x == y && a.pairs() == b.pairs(),
        _ => false,
    }
}

impl Waits {
    /// The named multi-sided shapes among the lines (each found once), sorted.
    ///
    /// ```
    /// use haipai_waits::{waits, Shape};
    /// use haipai_tiles::parse_counts;
    /// let w = waits(&parse_counts("4567m123p456s789s")?);
    /// assert_eq!(w.shapes().iter().map(ToString::to_string).collect::<Vec<_>>(), ["nobetan 4567m"]);
    /// let w = waits(&parse_counts("23456m123p789s11z")?);
    /// assert_eq!(w.shapes().iter().map(ToString::to_string).collect::<Vec<_>>(), ["sanmenchan 23456m"]);
    /// # Ok::<(), haipai_tiles::Error>(())
    /// ```
    pub fn shapes(&self) -> Vec<Shape> {
        let mut out = Vec::new();
        for a in self.lines() {
            let Some(&x) = a.waiting().first() else { continue };
            match a.kind() {
                WaitKind::Tanki => {
                    // a waits on x with Seq(x+1); b waits on x+3 with Seq(x).
                    let (Some(x1), Some(x3)) = (offset(x, 1), offset(x, 3)) else { continue };
                    let found = self.lines().iter().any(|b| {
                        b.kind() == WaitKind::Tanki
                            && b.waiting() == [x3]
                            && same_rest(a, Group::Sequence(x1), b, Group::Sequence(x))
                    });
                    if found {
                        out.push(Shape::Nobetan(x));
                    }
                }
                WaitKind::Ryanmen => {
                    // a waits with [x, x+1] and Seq(x+2); b with [x+3, x+4] and Seq(x).
                    let (Some(x2), Some(x3), Some(x4)) = (offset(x, 2), offset(x, 3), offset(x, 4)) else {
                        continue;
                    };
                    let found = self.lines().iter().any(|b| {
                        b.kind() == WaitKind::Ryanmen
                            && b.waiting() == [x3, x4]
                            && same_rest(a, Group::Sequence(x2), b, Group::Sequence(x))
                    });
                    if found {
                        out.push(Shape::Sanmenchan(x));
                    }
                }
                _ => {}
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

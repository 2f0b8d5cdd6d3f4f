//! haipai's own notation: one line per run of tiles, `Z Y X` (layer, row, column in tiles,
//! halves written `.5`, inclusive ranges `a..b` stepping by one tile); `#` starts a comment.

use super::{Sourced, half_units, tile_steps};
use crate::layout::{Layout, LayoutError, Slot};

fn range(text: &str, line: usize, what: &str) -> Result<Vec<i32>, LayoutError> {
    let bad =
        || LayoutError::at(line, format!("bad {what} '{text}': expected a number like 3 or 3.5, or a range a..b"));
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (half_units(a).ok_or_else(bad)?, half_units(b).ok_or_else(bad)?),
        None => {
            let v = half_units(text).ok_or_else(bad)?;
            (v, v)
        }
    };
    if b < a || (b - a) % 2 != 0 {
        return Err(LayoutError::at(
            line,
            format!("bad {what} range '{text}': the end must be the start plus whole tiles"),
        ));
    }
    tile_steps(a, b, line, &format!("{what} range '{text}'"))
}

/// Reads haipai's own notation (see the module docs).
pub fn parse_haipai(name: &str, text: &str) -> Result<Layout, LayoutError> {
    let mut slots = Sourced::default();
    for (line, content) in super::content_lines(text) {
        let parts: Vec<&str> = content.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(LayoutError::at(line, format!("expected 'layer row column', found '{content}'")));
        }
        let z: i32 = parts[0]
            .parse()
            .map_err(|_| LayoutError::at(line, format!("bad layer '{}': expected a whole number", parts[0])))?;
        for y in range(parts[1], line, "row")? {
            for x in range(parts[2], line, "column")? {
                slots.push(Slot { x, y, z }, line)?;
            }
        }
    }
    slots.finish(name)
}

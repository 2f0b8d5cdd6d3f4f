//! Plain slot lists: one tile a line, `x y z` — three whole numbers, `x` and `y` the tile's
//! top-left corner in half-tile units (a tile covers `x..x+2` by `y..y+2`), `z` its layer
//! (0 at the bottom); `#` starts a comment. The slot lists other programs export look so.

use super::Sourced;
use crate::layout::{Layout, LayoutError};

/// Reads a slot list (see the module docs).
pub fn parse_slot_list(name: &str, text: &str) -> Result<Layout, LayoutError> {
    let mut slots = Sourced::default();
    for (line, content) in super::content_lines(text) {
        let parts: Vec<&str> = content.split_whitespace().collect();
        let [x, y, z] = parts[..] else {
            return Err(LayoutError::at(line, format!("expected 'x y z' (three whole numbers), found '{content}'")));
        };
        let number = |what: &str, text: &str| {
            text.parse::<i32>().ok().filter(|v| v.unsigned_abs() <= 1 << 29).ok_or_else(|| {
                LayoutError::at(line, format!("bad {what} '{text}': expected a whole number (half-tile units)"))
            })
        };
        let slot = crate::layout::Slot { x: number("x", x)?, y: number("y", y)?, z: number("layer z", z)? };
        slots.push(slot, line)?;
    }
    slots.finish(name)
}

//! Layouts: slots in half-tile units and, for each slot, the slots that block it.
//!
//! A slot `(x, y, z)` is the top-left corner of a tile in half-tile units (a tile covers
//! `x..x+2` by `y..y+2`) on layer `z` (0 at the bottom). Two rule sets say when a tile is
//! free (see [`Blocking`]); for each the layout precomputes per slot the slots *above* it
//! (all must be gone) and its *left* and *right* neighbours (all of one side must be gone).

use std::fmt;

use crate::bits::{Bits, MAX_SLOTS};
use crate::formats;

/// One tile position, in half-tile units; `z` is the layer, 0 at the bottom.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Slot {
    /// Layer, 0 at the bottom.
    pub z: i32,
    /// Row of the top edge, half-tile units.
    pub y: i32,
    /// Column of the left edge, half-tile units.
    pub x: i32,
}

/// When a tile is free.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Blocking {
    /// The usual rule: no tile on any higher layer overlaps it by any half-tile, and all its
    /// same-layer left neighbours (touching it, overlapping vertically) or all its right
    /// neighbours are gone.
    #[default]
    Standard,
    /// Document 002's grid rule: the cell directly above (same x, y, layer z + 1) is empty,
    /// and the cell directly left or directly right in the row (x ± 2, same y) is empty or off
    /// the board.
    Grid,
}

/// The slots that block one slot under one rule set.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Blockers {
    /// Slots lying on this one: all must be removed first.
    pub above: Vec<u16>,
    /// Left neighbours: the tile is free on this side when all are removed.
    pub left: Vec<u16>,
    /// Right neighbours: the tile is free on this side when all are removed.
    pub right: Vec<u16>,
}

/// An error in a layout, a layout file, a deal or a board: opaque; [`LayoutError::kind`] says
/// which, [`LayoutError::line`] where (for files) and [`LayoutError::message`] what.
///
/// ```
/// use haipai_shanghai::{Layout, LayoutErrorKind, formats::parse_haipai};
///
/// let err = parse_haipai("t", "0 0 1..4\n0 x 1").unwrap_err();
/// assert_eq!((err.kind(), err.line()), (&LayoutErrorKind::File, Some(2)));
/// let empty = Layout::new("empty", []).unwrap_err();
/// assert_eq!((empty.kind(), empty.to_string().as_str()), (&LayoutErrorKind::Slots, "the layout has no tiles"));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LayoutError {
    kind: LayoutErrorKind,
    line: Option<usize>,
    message: String,
}

/// Which kind of input was wrong (new kinds may be added).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum LayoutErrorKind {
    /// A layout name that names no built-in layout and no `gridDxRxC` grid.
    Name,
    /// A layout file or a deal's text that cannot be read.
    File,
    /// Slots that do not make a layout: none, too many, two overlapping, an odd number to deal.
    Slots,
    /// Faces that do not fit the layout: a wrong count, or a matching group with an odd number
    /// of tiles (or more than 8).
    Faces,
    /// No winnable deal was found for the layout.
    NoWinnableDeal,
}

impl LayoutError {
    /// An error in a file on line `line` (1-based): [`LayoutErrorKind::File`].
    pub(crate) fn at(line: usize, message: impl Into<String>) -> LayoutError {
        LayoutError { kind: LayoutErrorKind::File, line: Some(line), message: message.into() }
    }

    /// An error of `kind` found on line `line` (1-based) of a file: a map of a GNOME file
    /// whose slots make no layout is a [`LayoutErrorKind::Slots`] error on the map's line.
    pub(crate) fn of_kind_at(kind: LayoutErrorKind, line: usize, message: impl Into<String>) -> LayoutError {
        LayoutError { kind, line: Some(line), message: message.into() }
    }

    /// An error of `kind` about the input as a whole.
    pub(crate) fn whole(kind: LayoutErrorKind, message: impl Into<String>) -> LayoutError {
        LayoutError { kind, line: None, message: message.into() }
    }

    /// The same error with `note` after its message.
    pub(crate) fn with_note(self, note: impl fmt::Display) -> LayoutError {
        LayoutError { message: format!("{} {note}", self.message), ..self }
    }

    /// Which kind of input was wrong.
    pub fn kind(&self) -> &LayoutErrorKind {
        &self.kind
    }

    /// The 1-based line of the file, when the error comes from one.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What is wrong (without the line).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for LayoutError {}

/// A layout: named slots in canonical order (by layer, row, column), translated so that the
/// smallest x, y and z are 0, with blockers for both rule sets.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    name: String,
    slots: Vec<Slot>,
    standard: Vec<Blockers>,
    grid: Vec<Blockers>,
}

fn overlaps(a: Slot, b: Slot) -> bool {
    (a.x - b.x).abs() < 2 && (a.y - b.y).abs() < 2
}

/// How far apart (half-tile units, or layers for `z`) a layout's slots may lie on each axis:
/// KMahjongg's own limit of 1024 characters a row, twice over.
pub const MAX_SPAN: i32 = 2048;

/// Errors when a layout would have no slots or more than [`MAX_SLOTS`].
fn check_slot_count(slots: &[Slot]) -> Result<(), LayoutError> {
    if slots.is_empty() {
        return Err(LayoutError::whole(LayoutErrorKind::Slots, "the layout has no tiles"));
    }
    if slots.len() > MAX_SLOTS {
        return Err(LayoutError::whole(
            LayoutErrorKind::Slots,
            format!("the layout has {} tiles; at most {MAX_SLOTS} are supported", slots.len()),
        ));
    }
    Ok(())
}

/// Errors when the slots' values on `axis` (read by `value`) run from `low` to more than
/// [`MAX_SPAN`] above it.
fn check_span(slots: &[Slot], axis: &str, low: i32, value: fn(&Slot) -> i32) -> Result<(), LayoutError> {
    let high = slots.iter().map(value).max().unwrap_or(low);
    if i64::from(high) - i64::from(low) > i64::from(MAX_SPAN) {
        return Err(LayoutError::whole(
            LayoutErrorKind::Slots,
            format!(
                "the layout's {axis} runs from {low} to {high} (half-tile units); at most {MAX_SPAN} apart are supported"
            ),
        ));
    }
    Ok(())
}

/// Moves the slots so that their smallest x, y and z are 0, after checking that no axis spans
/// more than [`MAX_SPAN`].
fn move_to_origin(slots: &mut [Slot]) -> Result<(), LayoutError> {
    let (mx, my, mz) =
        slots.iter().fold((i32::MAX, i32::MAX, i32::MAX), |(a, b, c), s| (a.min(s.x), b.min(s.y), c.min(s.z)));
    check_span(slots, "x", mx, |s| s.x)?;
    check_span(slots, "y", my, |s| s.y)?;
    check_span(slots, "z", mz, |s| s.z)?;
    for s in slots {
        s.x -= mx;
        s.y -= my;
        s.z -= mz;
    }
    Ok(())
}

/// Errors at the first two slots of one layer that overlap (`slots` sorted by layer first).
fn check_no_overlap(slots: &[Slot]) -> Result<(), LayoutError> {
    for (i, &a) in slots.iter().enumerate() {
        for &b in slots[i + 1..].iter().take_while(|b| b.z == a.z) {
            if overlaps(a, b) {
                return Err(LayoutError::whole(
                    LayoutErrorKind::Slots,
                    format!(
                        "tiles at ({}, {}, {}) and ({}, {}, {}) overlap (half-tile units x, y, z)",
                        a.x, a.y, a.z, b.x, b.y, b.z
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Adds slot `j` at `b` to the blockers of the slot at `a` under the standard rule, where it
/// blocks it: on a higher layer overlapping it, or beside it on its layer.
fn add_standard_blocker(blockers: &mut Blockers, a: Slot, b: Slot, j: u16) {
    if b.z > a.z && overlaps(a, b) {
        blockers.above.push(j);
    }
    if b.z == a.z && (a.y - b.y).abs() < 2 {
        if b.x == a.x - 2 {
            blockers.left.push(j);
        } else if b.x == a.x + 2 {
            blockers.right.push(j);
        }
    }
}

/// Adds slot `j` at `b` to the blockers of the slot at `a` under the grid rule, where it
/// blocks it: the cell directly above, or directly left or right in its row.
fn add_grid_blocker(blockers: &mut Blockers, a: Slot, b: Slot, j: u16) {
    if b.x == a.x && b.y == a.y && b.z == a.z + 1 {
        blockers.above.push(j);
    }
    if b.y == a.y && b.z == a.z {
        if b.x == a.x - 2 {
            blockers.left.push(j);
        } else if b.x == a.x + 2 {
            blockers.right.push(j);
        }
    }
}

/// Every slot's blockers under the standard rule and under the grid rule.
fn blockers(slots: &[Slot]) -> (Vec<Blockers>, Vec<Blockers>) {
    let n = slots.len();
    let mut standard = vec![Blockers::default(); n];
    let mut grid = vec![Blockers::default(); n];
    for (i, &a) in slots.iter().enumerate() {
        for (j, &b) in slots.iter().enumerate() {
            if i != j {
                add_standard_blocker(&mut standard[i], a, b, j as u16);
                add_grid_blocker(&mut grid[i], a, b, j as u16);
            }
        }
    }
    (standard, grid)
}

impl Layout {
    /// Builds a layout from slots in any order. Errors: no slots, more than 256, slots more
    /// than [`MAX_SPAN`] apart on an axis, or two slots overlapping on one layer.
    pub fn new(name: impl Into<String>, slots: impl IntoIterator<Item = Slot>) -> Result<Layout, LayoutError> {
        let mut slots: Vec<Slot> = slots.into_iter().collect();
        check_slot_count(&slots)?;
        move_to_origin(&mut slots)?;
        slots.sort();
        check_no_overlap(&slots)?;
        let (standard, grid) = blockers(&slots);
        Ok(Layout { name: name.into(), slots, standard, grid })
    }

    /// The layout's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The slots in canonical order (layer, row, column); a slot's index is its position here.
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a layout has at least one slot.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The blockers of every slot under `rules`.
    pub fn blockers(&self, rules: Blocking) -> &[Blockers] {
        match rules {
            Blocking::Standard => &self.standard,
            Blocking::Grid => &self.grid,
        }
    }

    /// Number of tiles per layer, bottom first.
    pub fn layer_sizes(&self) -> Vec<usize> {
        let top = self.slots.iter().map(|s| s.z).max().unwrap_or(0);
        let mut v = vec![0; top as usize + 1];
        for s in &self.slots {
            v[s.z as usize] += 1;
        }
        v
    }

    /// Whether slot `i` is free when the slots in `present` are on the board; false for an `i`
    /// that is no slot of the layout.
    pub fn is_free(&self, rules: Blocking, present: &Bits, i: usize) -> bool {
        let blockers = self.blockers(rules);
        let Some(b) = blockers.get(i) else { return false };
        let gone = |v: &[u16]| v.iter().all(|&j| !present.contains(j as usize));
        gone(&b.above) && (gone(&b.left) || gone(&b.right))
    }

    /// A document 002-style rectangular grid: `depth` layers of `rows` x `cols` cells, all
    /// filled. Cell `[d][r][c]` (depth 0 on top) is slot `(2c, 2r, depth - 1 - d)`.
    /// Errors (before allocating anything) when the grid has no cells or more than
    /// [`MAX_SLOTS`].
    pub fn grid(depth: usize, rows: usize, cols: usize) -> Result<Layout, LayoutError> {
        let cells = depth.checked_mul(rows).and_then(|n| n.checked_mul(cols));
        if cells == Some(0) {
            return Err(LayoutError::whole(
                LayoutErrorKind::Slots,
                format!("the grid {depth}x{rows}x{cols} has no cells"),
            ));
        }
        if cells.is_none_or(|n| n > MAX_SLOTS) {
            return Err(LayoutError::whole(
                LayoutErrorKind::Slots,
                format!("the grid {depth}x{rows}x{cols} has more than {MAX_SLOTS} cells, the most supported"),
            ));
        }
        let cells = vec![vec![vec![true; cols]; rows]; depth];
        Layout::grid_cells(&format!("grid {depth}x{rows}x{cols}"), &cells)
    }

    /// A grid with holes: `cells[d][r][c]` says whether the cell holds a tile (depth 0 on top).
    pub fn grid_cells(name: &str, cells: &[Vec<Vec<bool>>]) -> Result<Layout, LayoutError> {
        let depth = cells.len() as i32;
        let mut slots = Vec::new();
        for (d, layer) in cells.iter().enumerate() {
            for (r, row) in layer.iter().enumerate() {
                for (c, &full) in row.iter().enumerate() {
                    if full {
                        slots.push(Slot { x: 2 * c as i32, y: 2 * r as i32, z: depth - 1 - d as i32 });
                    }
                }
            }
        }
        Layout::new(name, slots)
    }

    /// Index of the slot at `slot`, if any.
    pub fn index_of(&self, slot: Slot) -> Option<usize> {
        self.slots.binary_search(&slot).ok()
    }

    /// A built-in layout by name: see [`BUILTIN`]; `None` for any other name (see
    /// [`Layout::named`] for the reason).
    pub fn builtin(name: &str) -> Option<Layout> {
        Layout::named(name).ok()
    }

    /// A built-in layout by name, or a grid `gridDxRxC` (also written `grid D x R x C`, as a
    /// grid layout names itself), case-insensitive; errors say why a name is not one.
    ///
    /// ```
    /// use haipai_shanghai::Layout;
    /// assert_eq!(Layout::named("grid 2x3x4")?.len(), 24);
    /// assert!(Layout::named("grid2xax4").unwrap_err().to_string().contains("'a' is not a whole number"));
    /// # Ok::<(), haipai_shanghai::LayoutError>(())
    /// ```
    pub fn named(name: &str) -> Result<Layout, LayoutError> {
        let lower = name.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("grid") {
            let [d, r, c] = grid_dimensions(name, rest)?;
            return Layout::grid(d, r, c);
        }
        BUILTIN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(n, text)| formats::parse_haipai(n, text).expect("built-in layouts are valid"))
            .ok_or_else(|| {
                let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
                LayoutError::whole(
                    LayoutErrorKind::Name,
                    format!("unknown layout '{name}': built-ins are {}, or gridDxRxC", names.join(", ")),
                )
            })
    }
}

/// The three dimensions of a grid name `name`, from `rest` (what follows `grid`): exactly
/// three whole numbers separated by `x`, spaces allowed around them.
fn grid_dimensions(name: &str, rest: &str) -> Result<[usize; 3], LayoutError> {
    let parts: Vec<&str> = rest.split('x').map(str::trim).collect();
    let [d, r, c] = parts[..] else {
        return Err(LayoutError::whole(
            LayoutErrorKind::Name,
            format!("bad grid layout '{name}': expected gridDxRxC, three numbers such as grid2x3x4"),
        ));
    };
    let number = |t: &str| {
        t.parse::<usize>().map_err(|_| {
            LayoutError::whole(LayoutErrorKind::Name, format!("bad grid layout '{name}': '{t}' is not a whole number"))
        })
    };
    Ok([number(d)?, number(r)?, number(c)?])
}

/// Built-in layouts in haipai's own layout notation (see [`formats::parse_haipai`]).
/// Besides these, `gridDxRxC` (for example `grid3x4x6`) names a full document-002 grid.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "turtle",
        "# The Turtle (also Dragon): 144 tiles, layers 87/36/16/4/1.
0 0 1..12
0 1 3..10
0 2 2..11
0 3 1..12
0 4 1..12
0 5 2..11
0 6 3..10
0 7 1..12
0 3.5 0
0 3.5 13..14
1 1..6 4..9
2 2..5 5..8
3 3..4 6..7
4 3.5 6.5
",
    ),
    (
        "pyramid",
        "# A square pyramid: 8x8, 6x6, 4x4, 2x2 (120 tiles).
0 0..7 0..7
1 1..6 1..6
2 2..5 2..5
3 3..4 3..4
",
    ),
    (
        "fortress",
        "# A walled keep: a 12x6 floor, a ring wall on it, a 4x2 keep and two towers (126 tiles).
0 0..5 0..11
1 0 0..11
1 5 0..11
1 1..4 0
1 1..4 11
1 2..3 4..7
2 2..3 4..7
2 0 0
2 0 11
2 5 0
2 5 11
3 2.5 5..6
",
    ),
    (
        "stairs",
        "# Four overlapping steps offset by half a tile (100 tiles).
0 0..7 0..5
1 0..7 1.5..4.5
2 0..7 2.5..3.5
3 1.5..4.5 3
",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turtle_shape() {
        let t = Layout::builtin("turtle").unwrap();
        assert_eq!(t.len(), 144);
        assert_eq!(t.layer_sizes(), vec![87, 36, 16, 4, 1]);
        let all = Bits::first(t.len());
        let free: Vec<usize> = (0..t.len()).filter(|&i| t.is_free(Blocking::Standard, &all, i)).collect();
        // The top tile is free; the four tiles under it are not.
        assert!(free.contains(&(t.len() - 1)));
        assert!(free.iter().all(|&i| t.slots()[i].z != 3));
    }

    #[test]
    fn builtins_are_even_and_valid() {
        for (name, _) in BUILTIN {
            let l = Layout::builtin(name).unwrap();
            assert_eq!(l.len() % 2, 0, "{name}");
        }
        assert_eq!(Layout::builtin("grid2x3x4").unwrap().len(), 24);
        assert!(Layout::builtin("nope").is_none());
    }

    #[test]
    fn grid_names_are_read_strictly() {
        let e = |name: &str| Layout::named(name).unwrap_err().to_string();
        assert_eq!(Layout::named("grid 2x2x2").unwrap().len(), 8);
        assert_eq!(Layout::named("Grid2X3x4").unwrap().len(), 24);
        assert_eq!(
            e("grid2xax2x2"),
            "bad grid layout 'grid2xax2x2': expected gridDxRxC, three numbers such as grid2x3x4"
        );
        assert_eq!(
            e("grid2x2x2x"),
            "bad grid layout 'grid2x2x2x': expected gridDxRxC, three numbers such as grid2x3x4"
        );
        assert_eq!(e("grid2xax2"), "bad grid layout 'grid2xax2': 'a' is not a whole number");
        assert_eq!(e("grid2x2x-2"), "bad grid layout 'grid2x2x-2': '-2' is not a whole number");
        assert_eq!(e("grid0x2x2"), "the grid 0x2x2 has no cells");
        assert_eq!(e("nope"), "unknown layout 'nope': built-ins are turtle, pyramid, fortress, stairs, or gridDxRxC");
    }

    #[test]
    fn huge_grids_are_refused_before_allocating() {
        let e = Layout::grid(4_000_000_000, 4_000_000_000, 4_000_000_000).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the grid 4000000000x4000000000x4000000000 has more than 256 cells, the most supported"
        );
        assert!(Layout::named("grid100000x100000x100000").is_err());
        assert_eq!(Layout::grid(4, 8, 8).unwrap().len(), 256);
        assert!(Layout::grid(1, 1, 257).is_err());
    }

    #[test]
    fn grid_rules_follow_document_002() {
        let g = Layout::grid(2, 1, 3).unwrap();
        let all = Bits::first(g.len());
        // Top layer (depth 0) is z = 1: its two row ends are free, the middle is not.
        let free: Vec<Slot> =
            (0..g.len()).filter(|&i| g.is_free(Blocking::Grid, &all, i)).map(|i| g.slots()[i]).collect();
        assert_eq!(free, vec![Slot { z: 1, y: 0, x: 0 }, Slot { z: 1, y: 0, x: 4 }]);
    }

    #[test]
    fn overlap_is_an_error() {
        let e = Layout::new("bad", [Slot { x: 0, y: 0, z: 0 }, Slot { x: 1, y: 1, z: 0 }]).unwrap_err();
        let why = "tiles at (0, 0, 0) and (1, 1, 0) overlap (half-tile units x, y, z)";
        assert_eq!((e.kind(), e.line(), e.message()), (&LayoutErrorKind::Slots, None, why));
    }
}

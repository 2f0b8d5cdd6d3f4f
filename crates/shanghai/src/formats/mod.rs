//! Layout file readers: haipai's own notation, KMahjongg `.layout` (v1.0, v1.1), GNOME
//! Mahjongg `.map` XML and plain `x y z` slot lists. Every error names the line.
//!
//! [`parse_any`] tells the formats apart by content ([`detect`]); adding a format means a
//! reader module here, a [`Format`] and its test in [`detect`]. Every reader collects its slots
//! with the line each was read on and checks them in one place (`Sourced::finish`): no two
//! tiles of one layer overlap, and no tile floats.
//!
//! # Supported tiles
//!
//! No tile may float. With a tile at `(x, y, z)` covering `x..x+2` by `y..y+2` (half-tile
//! units), the tiles of the lowest layer are supported, and a tile of a higher layer is
//! supported when it *rests on* a supported tile of the layer below (one at `(x', y', z - 1)`
//! with `|x - x'| < 2` and `|y - y'| < 2`: they share at least a quarter of a tile, as the
//! Turtle's top tile rests on four) or *touches* a supported tile of its own layer edge to edge
//! (`|x - x'| = 2` and `|y - y'| < 2`, or `|y - y'| = 2` and `|x - x'| < 2`): GNOME's Ziggurat
//! and Overpass hang bridges and overhangs so. A tile that is not supported is refused, naming
//! the tile and its line.
//!
//! # haipai notation
//!
//! One line per run of tiles: `Z Y X`, where `Z` is the layer (0 at the bottom) and `Y`, `X`
//! are tile coordinates (rows and columns of whole tiles, halves written `.5`), each either a
//! number or an inclusive range `a..b` stepping by one tile. `#` starts a comment.
//! `0 3.5 13..14` is two tiles on the bottom layer, half a row down from row 3.
//!
//! A file of three whole numbers a line reads both as haipai notation and as a slot list
//! (`x y z` in half-tile units). A comment naming the columns decides (`# x y z`, or
//! `# z y x` / `# layer row column`); without one, the reading that makes a layout is taken,
//! and when both do, haipai notation, with a note saying so ([`Parsed::note`]).

mod gnome;
mod haipai;
mod kmahjongg;
mod slot_list;
mod xml;

use std::fmt;

pub use gnome::parse_gnome;
pub use haipai::parse_haipai;
pub use kmahjongg::parse_kmahjongg;
pub use slot_list::parse_slot_list;

use crate::bits::MAX_SLOTS;
use crate::layout::{Layout, LayoutError, LayoutErrorKind, Slot};

/// Parses a coordinate in tile units (`3`, `3.5`) into half-tile units; `None` when it is not
/// such a number or too big for one (beyond ±2^29 half tiles, which no board comes near).
fn half_units(text: &str) -> Option<i32> {
    let (int, frac) = match text.split_once('.') {
        Some((a, b)) => (a, Some(b)),
        None => (text, None),
    };
    let neg = int.starts_with('-');
    let whole: i32 = int.parse().ok()?;
    let half = match frac {
        None => 0,
        Some(f) if f.chars().all(|c| c == '0') && !f.is_empty() => 0,
        Some(f) if f.starts_with('5') && f[1..].chars().all(|c| c == '0') => 1,
        _ => return None,
    };
    let twice = whole.checked_mul(2)?;
    let units = if neg { twice.checked_sub(half)? } else { twice.checked_add(half)? };
    (units.unsigned_abs() <= 1 << 29).then_some(units)
}

/// The values from `a` to `b` (half-tile units) in steps of one tile, or an error on `line` when
/// they are more tiles than a layout may hold (checked before making them).
fn tile_steps(a: i32, b: i32, line: usize, what: &str) -> Result<Vec<i32>, LayoutError> {
    let count = (i64::from(b) - i64::from(a)) / 2 + 1;
    if count > MAX_SLOTS as i64 {
        return Err(LayoutError::at(
            line,
            format!("the {what} spans {count} tiles; a layout holds at most {MAX_SLOTS}"),
        ));
    }
    Ok((a..=b).step_by(2).collect())
}

/// `text` without a leading UTF-8 byte-order mark (editors on Windows write one).
fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The lines of a line-based layout file that hold something, each with its 1-based number:
/// a leading byte-order mark skipped, `#` comments and surrounding spaces cut.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + Clone {
    strip_bom(text)
        .lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw.split('#').next().unwrap_or("").trim()))
        .filter(|(_, content)| !content.is_empty())
}

/// Slots read from a file, each with the line it was read on: what every reader collects.
#[derive(Default)]
pub(crate) struct Sourced {
    slots: Vec<Slot>,
    lines: Vec<usize>,
}

impl Sourced {
    /// Adds `slot`, read on `line`; errors on that line once there are more slots than a layout
    /// may hold (so that a file of many long ranges stops early instead of filling memory).
    fn push(&mut self, slot: Slot, line: usize) -> Result<(), LayoutError> {
        if self.slots.len() == MAX_SLOTS {
            return Err(LayoutError::at(line, format!("more than {MAX_SLOTS} tiles by this line, the most supported")));
        }
        self.slots.push(slot);
        self.lines.push(line);
        Ok(())
    }

    /// The layout `name` of these slots, after checking on their lines that no two of one
    /// layer overlap and that every tile above the lowest layer rests on one below (module
    /// docs, "Supported tiles").
    fn finish(self, name: impl Into<String>) -> Result<Layout, LayoutError> {
        self.check_overlaps()?;
        self.check_support()?;
        Layout::new(name, self.slots)
    }

    /// Errors on the line of the later of the first two tiles of one layer that overlap.
    fn check_overlaps(&self) -> Result<(), LayoutError> {
        let mut order: Vec<usize> = (0..self.slots.len()).collect();
        order.sort_by_key(|&i| (self.slots[i], self.lines[i]));
        let mut clashes = Vec::new();
        for (k, &i) in order.iter().enumerate() {
            let a = self.slots[i];
            for &j in order[k + 1..].iter().take_while(|&&j| self.slots[j].z == a.z) {
                let b = self.slots[j];
                if (a.x - b.x).abs() < 2 && (a.y - b.y).abs() < 2 {
                    clashes.push((self.lines[i].max(self.lines[j]), i.max(j), i.min(j)));
                }
            }
        }
        match clashes.into_iter().min() {
            None => Ok(()),
            Some((line, later, earlier)) => Err(LayoutError::of_kind_at(
                LayoutErrorKind::Slots,
                line,
                format!(
                    "the tile at {} overlaps the tile at {} of line {} on its layer",
                    show(self.slots[later]),
                    show(self.slots[earlier]),
                    self.lines[earlier]
                ),
            )),
        }
    }

    /// Errors on the line of the first tile (in file order) that is not supported (module
    /// docs, "Supported tiles"): layer by layer from the lowest, the tiles resting on a
    /// supported tile below, then those touching a supported tile of their layer edge to edge.
    fn check_support(&self) -> Result<(), LayoutError> {
        let n = self.slots.len();
        let mut held = vec![false; n];
        let mut layers: Vec<i32> = self.slots.iter().map(|s| s.z).collect();
        layers.sort_unstable();
        layers.dedup();
        for &z in &layers {
            let on_layer: Vec<usize> = (0..n).filter(|&i| self.slots[i].z == z).collect();
            for &i in &on_layer {
                held[i] = z == layers[0] || (0..n).any(|j| held[j] && rests_on(self.slots[i], self.slots[j]));
            }
            while let Some(i) = on_layer
                .iter()
                .copied()
                .find(|&i| !held[i] && on_layer.iter().any(|&j| held[j] && touches(self.slots[i], self.slots[j])))
            {
                held[i] = true;
            }
        }
        match (0..n).find(|&i| !held[i]) {
            None => Ok(()),
            Some(i) => Err(LayoutError::of_kind_at(
                LayoutErrorKind::Slots,
                self.lines[i],
                format!(
                    "the tile at {} floats: it rests on no tile of layer {} and touches no tile of its layer that is held up",
                    show(self.slots[i]),
                    self.slots[i].z - 1
                ),
            )),
        }
    }
}

/// Whether a tile at `a` rests on one at `b`: `b` on the layer below, the two sharing at least
/// a quarter of a tile.
fn rests_on(a: Slot, b: Slot) -> bool {
    b.z == a.z - 1 && (a.x - b.x).abs() < 2 && (a.y - b.y).abs() < 2
}

/// Whether tiles at `a` and `b` of one layer touch edge to edge (side by side, or one above the
/// other in the row direction), sharing some of that edge.
fn touches(a: Slot, b: Slot) -> bool {
    let (dx, dy) = ((a.x - b.x).abs(), (a.y - b.y).abs());
    a.z == b.z && ((dx == 2 && dy < 2) || (dy == 2 && dx < 2))
}

/// A slot as errors name it: `x 3, y 7, layer 2 (half-tile units)`.
fn show(s: Slot) -> String {
    format!("x {}, y {}, layer {} (half-tile units)", s.x, s.y, s.z)
}

/// A kind of layout file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Format {
    /// haipai's own notation ([`parse_haipai`]).
    Haipai,
    /// A KMahjongg `.layout` file ([`parse_kmahjongg`]).
    Kmahjongg,
    /// A GNOME Mahjongg `.map` file ([`parse_gnome`]).
    Gnome,
    /// A plain `x y z` slot list ([`parse_slot_list`]).
    SlotList,
}

impl fmt::Display for Format {
    /// `haipai notation`, `KMahjongg layout`, `GNOME map` or `x y z slot list`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Haipai => "haipai notation",
            Format::Kmahjongg => "KMahjongg layout",
            Format::Gnome => "GNOME map",
            Format::SlotList => "x y z slot list",
        })
    }
}

/// The first line of `text` that is neither blank nor a `#` comment, trimmed ("" when none).
fn first_line(text: &str) -> &str {
    text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("")
}

/// The format of `text` told by its content, `None` when it could be haipai notation or a
/// slot list (three whole numbers a line, no comment naming the columns): a KMahjongg header,
/// XML (`<`), a comment naming the columns, anything but three whole numbers a line (haipai
/// notation, whose reader names what is wrong).
pub fn detect(text: &str) -> Option<Format> {
    let text = strip_bom(text);
    let first = first_line(text);
    if first.starts_with("kmahjongg-layout") {
        return Some(Format::Kmahjongg);
    }
    if first.starts_with('<') {
        return Some(Format::Gnome);
    }
    if let Some(format) = named_columns(text) {
        return Some(format);
    }
    let whole_numbers = |l: &str| {
        let parts: Vec<&str> = l.split_whitespace().collect();
        parts.len() == 3 && parts.iter().all(|p| p.parse::<i32>().is_ok())
    };
    let content = content_lines(text).map(|(_, content)| content);
    if content.clone().all(whole_numbers) && content.count() > 0 { None } else { Some(Format::Haipai) }
}

/// The format a comment names by its columns: `x y z` a slot list; `z y x` or `layer row
/// column` haipai notation.
fn named_columns(text: &str) -> Option<Format> {
    for comment in text.lines().filter_map(|l| l.split_once('#').map(|(_, c)| c.to_ascii_lowercase())) {
        let words: String = comment.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' }).collect();
        let words: Vec<&str> = words.split_whitespace().collect();
        for w in words.windows(3) {
            match w {
                ["x", "y", "z"] => return Some(Format::SlotList),
                ["z", "y", "x"] | ["layer", "row", "column"] => return Some(Format::Haipai),
                _ => {}
            }
        }
    }
    None
}

/// Whether [`parse_any`] reads `text` as a GNOME `.map` file, whose maps a name picks.
pub fn is_gnome(text: &str) -> bool {
    detect(text) == Some(Format::Gnome)
}

/// A layout read by [`parse_detected`]: the layout, the format it was read as, and a note
/// when that format was assumed (the text reads as another format too).
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The layout.
    pub layout: Layout,
    /// The format the file was read as.
    pub format: Format,
    /// Why the format was assumed, when the file reads as another format too.
    pub note: Option<String>,
}

/// Reads a layout file of any supported kind, chosen by its content (see [`detect`]). For
/// GNOME files with several maps, `map` picks one by name or short id (the `scorename`,
/// case-insensitive; the first map when `None`); a map name for any other kind of file is an
/// error.
pub fn parse_any(name: &str, text: &str, map: Option<&str>) -> Result<Layout, LayoutError> {
    parse_detected(name, text, map).map(|p| p.layout)
}

/// [`parse_any`], also saying which format the file was read as and whether it was assumed.
pub fn parse_detected(name: &str, text: &str, map: Option<&str>) -> Result<Parsed, LayoutError> {
    let text = strip_bom(text);
    let format = detect(text);
    if let (Some(m), false) = (map, format == Some(Format::Gnome)) {
        return Err(LayoutError::whole(
            LayoutErrorKind::File,
            format!("a map name ('{m}') picks a map of a GNOME .map file; this is not one"),
        ));
    }
    let sure = |layout, format| Ok(Parsed { layout, format, note: None });
    match format {
        Some(Format::Kmahjongg) => sure(parse_kmahjongg(name, text)?, Format::Kmahjongg),
        Some(Format::Gnome) => sure(gnome::pick(text, map)?, Format::Gnome),
        Some(Format::SlotList) => sure(parse_slot_list(name, text)?, Format::SlotList),
        Some(Format::Haipai) => sure(parse_haipai(name, text)?, Format::Haipai),
        None => either_reading(name, text),
    }
}

/// A file of three whole numbers a line with no comment naming its columns: the reading that
/// makes a layout, haipai notation when both do (with a note), else haipai notation's error
/// with the slot list's.
fn either_reading(name: &str, text: &str) -> Result<Parsed, LayoutError> {
    match (parse_haipai(name, text), parse_slot_list(name, text)) {
        (Ok(layout), Ok(_)) => Ok(Parsed {
            layout,
            format: Format::Haipai,
            note: Some(
                "read as haipai notation (layer row column, in tiles); it reads as an x y z slot list \
                 (half-tile units) too: a comment '# x y z' makes it one"
                    .into(),
            ),
        }),
        (Ok(layout), Err(_)) => Ok(Parsed { layout, format: Format::Haipai, note: None }),
        (Err(_), Ok(layout)) => Ok(Parsed { layout, format: Format::SlotList, note: None }),
        (Err(e), Err(other)) => Err(e.with_note(format!(
            "(read as haipai notation, layer row column in tiles; as an x y z slot list: {other})"
        ))),
    }
}

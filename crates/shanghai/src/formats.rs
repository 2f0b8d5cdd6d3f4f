//! Layout file readers: haipai's own notation, KMahjongg `.layout` (v1.0, v1.1) and GNOME
//! Mahjongg `.map` XML. Every error names the line.
//!
//! # haipai notation
//!
//! One line per run of tiles: `Z Y X`, where `Z` is the layer (0 at the bottom) and `Y`, `X`
//! are tile coordinates (rows and columns of whole tiles, halves written `.5`), each either a
//! number or an inclusive range `a..b` stepping by one tile. `#` starts a comment.
//! `0 3.5 13..14` is two tiles on the bottom layer, half a row down from row 3.

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

/// Errors on `line` once `slots` holds more tiles than a layout may (so that a file of many
/// long ranges stops early instead of filling memory).
fn check_slot_count(slots: &[Slot], line: usize) -> Result<(), LayoutError> {
    if slots.len() > MAX_SLOTS {
        return Err(LayoutError::at(line, format!("more than {MAX_SLOTS} tiles by this line, the most supported")));
    }
    Ok(())
}

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
    let mut slots = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let parts: Vec<&str> = content.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(LayoutError::at(line, format!("expected 'layer row column', found '{content}'")));
        }
        let z: i32 = parts[0]
            .parse()
            .map_err(|_| LayoutError::at(line, format!("bad layer '{}': expected a whole number", parts[0])))?;
        for y in range(parts[1], line, "row")? {
            for x in range(parts[2], line, "column")? {
                slots.push(Slot { x, y, z });
            }
            check_slot_count(&slots, line)?;
        }
    }
    Layout::new(name, slots)
}

/// The first line of a KMahjongg layout that is neither blank nor a comment, with its number.
fn kmahjongg_header<'t>(lines: &mut impl Iterator<Item = (usize, &'t str)>) -> Result<(usize, &'t str), LayoutError> {
    lines
        .find(|(_, l)| !(l.trim().is_empty() || l.starts_with('#')))
        .map(|(n, l)| (n, l.trim()))
        .ok_or_else(|| LayoutError::whole(LayoutErrorKind::File, "empty file: expected a kmahjongg-layout header"))
}

/// A KMahjongg layout's levels as read: the board size and the rows of every level.
struct KmahjonggLevels<'t> {
    /// Characters a row.
    w: usize,
    /// Rows a level.
    h: usize,
    /// Levels.
    d: usize,
    /// The rows of every level, bottom level first, each with its line number.
    rows: Vec<(usize, &'t str)>,
}

impl<'t> KmahjonggLevels<'t> {
    /// The board size that `header` on line `line` gives: v1.0's 32 x 16 x 5, or none yet for
    /// v1.1, whose size lines follow.
    fn for_header(line: usize, header: &str) -> Result<Self, LayoutError> {
        let (w, h, d) = match header {
            "kmahjongg-layout-v1.0" => (32, 16, 5),
            "kmahjongg-layout-v1.1" => (0, 0, 0),
            other => {
                return Err(LayoutError::at(
                    line,
                    format!("expected 'kmahjongg-layout-v1.0' or 'kmahjongg-layout-v1.1', found '{other}'"),
                ));
            }
        };
        Ok(KmahjonggLevels { w, h, d, rows: Vec::new() })
    }

    /// Reads the lines after the header, blank lines and comments skipped: with `sized` (v1.1),
    /// the size lines before the first row, then the rows.
    fn read(&mut self, lines: impl Iterator<Item = (usize, &'t str)>, sized: bool) -> Result<(), LayoutError> {
        for (n, l) in lines {
            if l.starts_with('#') || l.trim().is_empty() {
                continue;
            }
            if sized && self.rows.is_empty() {
                if self.size_line(n, l)? {
                    continue;
                }
                if self.w == 0 || self.h == 0 || self.d == 0 {
                    return Err(LayoutError::at(n, "the board size lines w, h and d must come before the levels"));
                }
            }
            self.rows.push((n, l));
        }
        Ok(())
    }

    /// Takes line `n` as a size line (`w`, `h` or `d` and a number) when it starts with one of
    /// those letters; false when it does not.
    fn size_line(&mut self, n: usize, l: &str) -> Result<bool, LayoutError> {
        let (key, value) = l.split_at(l.chars().next().map_or(0, char::len_utf8));
        let size = match key {
            "w" => &mut self.w,
            "h" => &mut self.h,
            "d" => &mut self.d,
            _ => return Ok(false),
        };
        *size = value
            .trim()
            .parse()
            .ok()
            .filter(|&v: &usize| v > 0 && v <= 1024)
            .ok_or_else(|| LayoutError::at(n, format!("bad size line '{l}': expected w, h or d and a number")))?;
        Ok(true)
    }

    /// Checks that there are `d` levels of `h` rows, each of `w` characters from `.1234`
    /// (characters first, so that a non-ASCII one is named as written, then lengths).
    fn check_shape(&self) -> Result<(), LayoutError> {
        let (w, h, d) = (self.w, self.h, self.d);
        if self.rows.len() != h * d {
            return Err(LayoutError::whole(
                LayoutErrorKind::File,
                format!("expected {d} levels of {h} lines ({} lines), found {}", h * d, self.rows.len()),
            ));
        }
        for (n, row) in &self.rows {
            if let Some((i, c)) = row.chars().enumerate().find(|&(_, c)| !".1234".contains(c)) {
                return Err(LayoutError::at(*n, format!("unexpected character '{c}' at column {}", i + 1)));
            }
            if row.len() != w {
                return Err(LayoutError::at(*n, format!("expected {w} characters, found {}", row.len())));
            }
        }
        Ok(())
    }

    /// The row `r` of level `z` as bytes (after [`Self::check_shape`], all ASCII).
    fn row(&self, z: usize, r: usize) -> &'t [u8] {
        self.rows[z * self.h + r].1.as_bytes()
    }

    /// Whether the `1` at column `c` of row `r` on level `z` starts a complete `12` over `43`.
    fn is_block(&self, z: usize, r: usize, c: usize) -> bool {
        let row = self.row(z, r);
        let below = if r + 1 < self.h { Some(self.row(z, r + 1)) } else { None };
        c + 1 < self.w && row[c + 1] == b'2' && below.is_some_and(|b| b[c] == b'4' && b[c + 1] == b'3')
    }

    /// The slot of every tile, level by level, each `1` starting one; `used` marks the
    /// characters of their blocks. Errors at a `1` that starts no complete block.
    fn tiles(&self, used: &mut [Vec<bool>]) -> Result<Vec<Slot>, LayoutError> {
        let mut slots = Vec::new();
        for z in 0..self.d {
            for r in 0..self.h {
                let row = self.row(z, r);
                for c in (0..self.w).filter(|&c| row[c] == b'1') {
                    if !self.is_block(z, r, c) {
                        return Err(LayoutError::at(
                            self.rows[z * self.h + r].0,
                            format!("tile at column {} is not a complete '12' over '43' block", c + 1),
                        ));
                    }
                    for (rr, cc) in [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] {
                        used[z * self.h + rr][cc] = true;
                    }
                    slots.push(Slot { x: c as i32, y: r as i32, z: z as i32 });
                }
            }
        }
        Ok(slots)
    }

    /// Errors at the first character that is not `.` and that no tile's block takes in.
    fn check_stray(&self, used: &[Vec<bool>]) -> Result<(), LayoutError> {
        for (i, &(n, row)) in self.rows.iter().enumerate() {
            let row = row.as_bytes();
            if let Some(c) = (0..self.w).find(|&c| row[c] != b'.' && !used[i][c]) {
                return Err(LayoutError::at(n, format!("stray '{}' at column {}", row[c] as char, c + 1)));
            }
        }
        Ok(())
    }
}

/// Reads a KMahjongg layout (`kmahjongg-layout-v1.0`: 32 x 16 characters, 5 levels;
/// `kmahjongg-layout-v1.1`: sizes from the `w`, `h`, `d` lines). Each level is `h` lines of
/// `w` characters; a tile is the 2x2 block `12` over `43`, `.` is empty, `#` lines are comments.
pub fn parse_kmahjongg(name: &str, text: &str) -> Result<Layout, LayoutError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let (first_line, header) = kmahjongg_header(&mut lines)?;
    let mut levels = KmahjonggLevels::for_header(first_line, header)?;
    levels.read(lines, header.ends_with("v1.1"))?;
    levels.check_shape()?;
    let mut used = vec![vec![false; levels.w]; levels.h * levels.d];
    let slots = levels.tiles(&mut used)?;
    levels.check_stray(&used)?;
    Layout::new(name, slots)
}

/// An attribute value with its character references replaced: the five XML entities (`&amp;`,
/// `&lt;`, `&gt;`, `&quot;`, `&apos;`) and numeric ones (`&#38;`, `&#x26;`). A `&` that starts
/// none of these is an error (XML forbids a bare `&`), naming what was found.
fn decode_entities(raw: &str) -> Result<String, String> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let end = after.find(';').filter(|&e| e <= 10).ok_or_else(|| {
            let shown: String = rest[amp..].chars().take(10).collect();
            format!("'{shown}' is not a character reference ('&' is written '&amp;')")
        })?;
        let reference = &after[..end];
        out.push(character(reference).ok_or_else(|| format!("unknown character reference '&{reference};'"))?);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The character an XML character reference names (`amp`, `#38`, `#x26`, ...), if any.
fn character(reference: &str) -> Option<char> {
    let code = match reference {
        "amp" => return Some('&'),
        "lt" => return Some('<'),
        "gt" => return Some('>'),
        "quot" => return Some('"'),
        "apos" => return Some('\''),
        _ => match reference.strip_prefix("#x").or_else(|| reference.strip_prefix("#X")) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => reference.strip_prefix('#')?.parse().ok()?,
        },
    };
    // XML allows no control characters but tab, line feed and carriage return.
    char::from_u32(code).filter(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
}

/// One XML tag as the reader of GNOME map files sees it.
struct Tag {
    line: usize,
    name: String,
    attrs: Vec<(String, String)>,
    closing: bool,
    self_closing: bool,
}

impl Tag {
    /// The value of attribute `key`, if given.
    fn get(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// An error on the tag's line.
    fn error(&self, why: impl Into<String>) -> LayoutError {
        LayoutError::at(self.line, why)
    }

    /// The number attribute `key` in half-tile units (`3` or `3.5` tiles).
    fn num(&self, key: &str) -> Result<i32, LayoutError> {
        let v = self.get(key).ok_or_else(|| self.error(format!("<{}> needs attribute '{key}'", self.name)))?;
        half_units(v.trim()).ok_or_else(|| {
            self.error(format!("attribute {key}=\"{v}\" of <{}> is not a number like 3 or 3.5", self.name))
        })
    }

    /// The attribute `z` as a layer: a whole number.
    fn layer(&self) -> Result<i32, LayoutError> {
        let twice = self.num("z")?;
        if twice % 2 != 0 {
            let v = self.get("z").unwrap_or_default();
            return Err(self.error(format!("attribute z=\"{v}\" of <{}> is not a whole layer", self.name)));
        }
        Ok(twice / 2)
    }

    /// The tag's layer: its own `z`, or the enclosing `<layer>`'s (`layer_z`).
    fn z(&self, layer_z: Option<i32>) -> Result<i32, LayoutError> {
        match self.get("z") {
            Some(_) => self.layer(),
            None => layer_z.ok_or_else(|| self.error(format!("<{}> has no z and is outside a <layer>", self.name))),
        }
    }

    /// The tile positions from attribute `from` to attribute `to` (half-tile units, a tile
    /// apart), `what` naming the range in errors.
    fn span(&self, from: &str, to: &str) -> Result<Vec<i32>, LayoutError> {
        let (a, b) = (self.num(from)?, self.num(to)?);
        let what = format!("{from}..{to}");
        if b < a || (b - a) % 2 != 0 {
            return Err(self.error(format!("<{}> has a bad {what} range", self.name)));
        }
        tile_steps(a, b, self.line, &format!("<{}> {what} range", self.name))
    }

    /// The slots' columns and rows of a `<row>`, `<column>`, `<block>` or `<tile>`.
    fn grid(&self) -> Result<(Vec<i32>, Vec<i32>), LayoutError> {
        match self.name.as_str() {
            "row" => Ok((self.span("left", "right")?, vec![self.num("y")?])),
            "column" => Ok((vec![self.num("x")?], self.span("top", "bottom")?)),
            "block" => Ok((self.span("left", "right")?, self.span("top", "bottom")?)),
            _ => Ok((vec![self.num("x")?], vec![self.num("y")?])),
        }
    }
}

/// A position in the text being split into tags, with its 1-based line.
struct XmlCursor<'t> {
    text: &'t str,
    at: usize,
    line: usize,
}

impl XmlCursor<'_> {
    /// Moves to byte `to`, counting the lines passed.
    fn advance(&mut self, to: usize) {
        self.line += self.text.as_bytes()[self.at..to].iter().filter(|&&c| c == b'\n').count();
        self.at = to;
    }

    /// Skips a comment, declaration or processing instruction starting here; false when none
    /// starts here.
    fn skip_markup(&mut self) -> Result<bool, LayoutError> {
        let rest = &self.text[self.at..];
        let (close, why) = if rest.starts_with("<!--") {
            ("-->", "comment is never closed ('-->' missing)")
        } else if rest.starts_with("<?") || rest.starts_with("<!") {
            (">", "declaration is never closed")
        } else {
            return Ok(false);
        };
        let end = rest.find(close).ok_or_else(|| LayoutError::at(self.line, why))?;
        self.advance(self.at + end + close.len());
        Ok(true)
    }

    /// The byte of the `>` that ends the tag starting here (quotes respected).
    fn tag_end(&self) -> Result<usize, LayoutError> {
        let b = self.text.as_bytes();
        let mut quote = None;
        for (j, &c) in b.iter().enumerate().skip(self.at + 1) {
            match (quote, c) {
                (None, b'"' | b'\'') => quote = Some(c),
                (Some(q), c) if c == q => quote = None,
                (None, b'>') => return Ok(j),
                (None, b'<') => break,
                _ => {}
            }
        }
        Err(LayoutError::at(self.line, "tag is never closed ('>' missing)"))
    }

    /// Reads the tag starting here (at a `<` that opens no comment or declaration).
    fn tag(&mut self) -> Result<Tag, LayoutError> {
        let line = self.line;
        let end = self.tag_end()?;
        let inner = &self.text[self.at + 1..end];
        self.advance(end + 1);
        let (closing, inner) = inner.strip_prefix('/').map_or((false, inner), |r| (true, r));
        let (self_closing, inner) = inner.strip_suffix('/').map_or((false, inner), |r| (true, r));
        let inner = inner.trim();
        let name_end = inner.find(|c: char| c.is_whitespace()).unwrap_or(inner.len());
        let name = inner[..name_end].to_string();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(LayoutError::at(line, format!("bad tag name '{name}'")));
        }
        let attrs = attributes(inner[name_end..].trim_start(), &name, line)?;
        if closing && (self_closing || !attrs.is_empty()) {
            return Err(LayoutError::at(line, format!("bad closing tag </{name}>")));
        }
        Ok(Tag { line, name, attrs, closing, self_closing })
    }
}

/// The attributes `key="value"` (or single-quoted) of tag `name` on `line`, entities decoded.
fn attributes(mut rest: &str, name: &str, line: usize) -> Result<Vec<(String, String)>, LayoutError> {
    let mut attrs = Vec::new();
    while !rest.is_empty() {
        let eq =
            rest.find('=').ok_or_else(|| LayoutError::at(line, format!("attribute without a value in <{name}>")))?;
        let key = rest[..eq].trim().to_string();
        let after = rest[eq + 1..].trim_start();
        let q = after
            .chars()
            .next()
            .filter(|&c| c == '"' || c == '\'')
            .ok_or_else(|| LayoutError::at(line, format!("attribute '{key}' of <{name}> needs a quoted value")))?;
        let close = after[1..]
            .find(q)
            .ok_or_else(|| LayoutError::at(line, format!("attribute '{key}' of <{name}> is not closed")))?;
        let value = decode_entities(&after[1..1 + close])
            .map_err(|why| LayoutError::at(line, format!("attribute '{key}' of <{name}>: {why}")))?;
        attrs.push((key, value));
        rest = after[close + 2..].trim_start();
    }
    Ok(attrs)
}

/// A tiny reader for the XML subset GNOME map files use: elements with double- or
/// single-quoted attributes, comments and processing instructions; text is ignored.
fn xml_tags(text: &str) -> Result<Vec<Tag>, LayoutError> {
    let mut cursor = XmlCursor { text, at: 0, line: 1 };
    let mut tags = Vec::new();
    while let Some(off) = text[cursor.at..].find('<') {
        cursor.advance(cursor.at + off);
        if !cursor.skip_markup()? {
            tags.push(cursor.tag()?);
        }
    }
    Ok(tags)
}

/// The layout of the map `name` opened on `line`, or why its slots make none (on that line).
fn finish_map(name: String, line: usize, slots: Vec<Slot>) -> Result<Layout, LayoutError> {
    Layout::new(name.clone(), slots)
        .map_err(|e| LayoutError::of_kind_at(e.kind(), line, format!("map '{name}': {}", e.message())))
}

/// The state of [`parse_gnome`] between tags.
#[derive(Default)]
struct GnomeReader {
    /// The open elements and their lines.
    stack: Vec<(String, usize)>,
    maps: Vec<Layout>,
    /// The open map: its name, line and slots so far.
    current: Option<(String, usize, Vec<Slot>)>,
    /// The `z` of the open `<layer>`.
    layer_z: Option<i32>,
}

impl GnomeReader {
    /// A closing tag: it must close the innermost open element; a map ends, a layer ends.
    fn close(&mut self, tag: &Tag) -> Result<(), LayoutError> {
        match self.stack.pop() {
            Some((open, _)) if open == tag.name => {}
            Some((open, l)) => return Err(tag.error(format!("</{}> closes <{open}> opened on line {l}", tag.name))),
            None => return Err(tag.error(format!("</{}> closes nothing", tag.name))),
        }
        match tag.name.as_str() {
            "map" => {
                let (name, l, slots) = self.current.take().expect("a </map> closes an open map");
                self.maps.push(finish_map(name, l, slots)?);
            }
            "layer" => self.layer_z = None,
            _ => {}
        }
        Ok(())
    }

    /// An opening or self-closing tag.
    fn open(&mut self, tag: &Tag) -> Result<(), LayoutError> {
        match tag.name.as_str() {
            "mahjongg" => {}
            "map" => {
                if self.current.is_some() {
                    return Err(tag.error("<map> inside another <map>"));
                }
                let name = tag.get("name").unwrap_or("unnamed").to_string();
                if tag.self_closing {
                    // `<map name="a"/>`: a map without tiles, refused as such (not left open).
                    self.maps.push(finish_map(name, tag.line, Vec::new())?);
                    return Ok(());
                }
                self.current = Some((name, tag.line, Vec::new()));
            }
            "layer" => self.layer_z = Some(tag.layer()?),
            "row" | "column" | "block" | "tile" => self.add(tag)?,
            other => return Err(tag.error(format!("unknown element <{other}>"))),
        }
        if !tag.self_closing {
            self.stack.push((tag.name.clone(), tag.line));
        }
        Ok(())
    }

    /// The slots of a `<row>`, `<column>`, `<block>` or `<tile>`, added to the open map.
    fn add(&mut self, tag: &Tag) -> Result<(), LayoutError> {
        let z = tag.z(self.layer_z)?;
        let (xs, ys) = tag.grid()?;
        let Some((_, _, slots)) = self.current.as_mut() else {
            return Err(tag.error(format!("<{}> outside a <map>", tag.name)));
        };
        for &y in &ys {
            slots.extend(xs.iter().map(|&x| Slot { x, y, z }));
            check_slot_count(slots, tag.line)?;
        }
        Ok(())
    }
}

/// Reads every map of a GNOME Mahjongg `.map` file (`<mahjongg>` holding `<map name>`
/// elements with `<layer z>`, `<row>`, `<column>`, `<block>` and `<tile>`; coordinates in
/// tiles, halves as `.5`).
pub fn parse_gnome(text: &str) -> Result<Vec<Layout>, LayoutError> {
    let mut reader = GnomeReader::default();
    for tag in xml_tags(text)? {
        if tag.closing { reader.close(&tag)? } else { reader.open(&tag)? }
    }
    if let Some((open, l)) = reader.stack.pop() {
        return Err(LayoutError::at(l, format!("<{open}> is never closed")));
    }
    if reader.maps.is_empty() {
        return Err(LayoutError::whole(LayoutErrorKind::File, "the file holds no <map>"));
    }
    Ok(reader.maps)
}

/// The first line of `text` that is neither blank nor a `#` comment, trimmed ("" when none).
fn first_line(text: &str) -> &str {
    text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("")
}

/// Whether [`parse_any`] reads `text` as a GNOME `.map` file (XML: its first line that is
/// not blank or a `#` comment starts with `<`), whose maps a name picks.
pub fn is_gnome(text: &str) -> bool {
    first_line(text).starts_with('<')
}

/// Reads a layout file of any supported kind, chosen by its content: a KMahjongg header, XML
/// (`<`), or haipai notation. For GNOME files with several maps, `map` picks one by name
/// (case-insensitive; the first map when `None`); a map name for any other kind of file is an
/// error.
pub fn parse_any(name: &str, text: &str, map: Option<&str>) -> Result<Layout, LayoutError> {
    let first = first_line(text);
    let gnome = is_gnome(text);
    if let (Some(m), false) = (map, gnome) {
        return Err(LayoutError::whole(
            LayoutErrorKind::File,
            format!("a map name ('{m}') picks a map of a GNOME .map file; this is not one"),
        ));
    }
    if first.starts_with("kmahjongg-layout") {
        parse_kmahjongg(name, text)
    } else if gnome {
        let maps = parse_gnome(text)?;
        match map {
            None => Ok(maps.into_iter().next().expect("at least one map")),
            Some(m) => {
                let names: Vec<String> = maps.iter().map(|l| l.name().to_string()).collect();
                maps.into_iter().find(|l| l.name().eq_ignore_ascii_case(m)).ok_or_else(|| {
                    LayoutError::whole(
                        LayoutErrorKind::File,
                        format!("no map named '{m}'; the file has: {}", names.join(", ")),
                    )
                })
            }
        }
    } else {
        parse_haipai(name, text)
    }
}

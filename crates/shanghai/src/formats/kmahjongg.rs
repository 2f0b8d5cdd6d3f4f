//! KMahjongg `.layout` files, v1.0 (32 x 16 characters, 5 levels) and v1.1 (sizes from the
//! `w`, `h`, `d` lines): each level `h` lines of `w` characters, a tile the block `12` over `43`.

use super::Sourced;
use crate::layout::{Layout, LayoutError, LayoutErrorKind, Slot};

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
    fn tiles(&self, used: &mut [Vec<bool>]) -> Result<Sourced, LayoutError> {
        let mut slots = Sourced::default();
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
                    slots.push(Slot { x: c as i32, y: r as i32, z: z as i32 }, self.rows[z * self.h + r].0)?;
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
    let text = super::strip_bom(text);
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let (first_line, header) = kmahjongg_header(&mut lines)?;
    let mut levels = KmahjonggLevels::for_header(first_line, header)?;
    levels.read(lines, header.ends_with("v1.1"))?;
    levels.check_shape()?;
    let mut used = vec![vec![false; levels.w]; levels.h * levels.d];
    let slots = levels.tiles(&mut used)?;
    levels.check_stray(&used)?;
    slots.finish(name)
}

//! Deals: uniformly random, or winnable by construction, both reproducible from a seed, and a
//! small text format to save and read them back.
//!
//! # Text format
//!
//! ```text
//! # haipai shanghai deal
//! layout turtle
//! rules standard
//! seed 42
//! faces
//! 1m 7z 3f ...
//! ```
//!
//! `layout` names a built-in layout (or, when the deal was made for a file, whatever the
//! user names it, a GNOME map's name; the reader of the deal supplies the layout). `rules` is
//! `standard` or `grid`; `seed` is informative. Each of these lines may be given once. After
//! `faces` (on its line too) come the faces of the slots in slot order (layer, row, column),
//! separated by any white space. `#` starts a comment.
//!
//! A layout name that would not read back as written (empty, with a `#`, a `"`, a `\`, a
//! control character, or white space at either end) is written in double quotes, with `\\`,
//! `\"`, `\n`, `\r`, `\t` and `\u{..}` escapes: `layout "Four Winds #2"`.

use std::fmt;
use std::str::FromStr;

use haipai_tiles::rng::Rng;

use crate::bits::Bits;
use crate::faces::Face;
use crate::layout::{Blocking, Layout, LayoutError, LayoutErrorKind};

/// A deal: the face on every slot of a layout.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deal {
    /// The layout's name.
    pub layout: String,
    /// The rule set.
    pub rules: Blocking,
    /// The seed the deal came from, if any.
    pub seed: Option<u64>,
    /// One face per slot, in slot order.
    pub faces: Vec<Face>,
}

fn check_even(layout: &Layout) -> Result<(), LayoutError> {
    if layout.len() % 2 == 1 {
        return Err(LayoutError::whole(
            LayoutErrorKind::Slots,
            format!("the layout has an odd number of slots ({})", layout.len()),
        ));
    }
    Ok(())
}

/// Appends the faces of `words` (white-space separated), read on `line`, to `faces`.
fn read_faces(words: &str, line: usize, faces: &mut Vec<Face>) -> Result<(), LayoutError> {
    for word in words.split_whitespace() {
        faces.push(Face::parse(word).ok_or_else(|| {
            LayoutError::at(line, format!("'{word}' is not a face (1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..4f, 1t..4t)"))
        })?);
    }
    Ok(())
}

/// Whether `name` reads back as written on a `layout` line without quotes.
fn reads_back_plain(name: &str) -> bool {
    !name.is_empty()
        && name.trim() == name
        && !name.starts_with('"')
        && !name.contains(['#', '\\'])
        && !name.chars().any(char::is_control)
}

/// `name` as written on a `layout` line: as it is, or quoted with escapes when it would not
/// read back as written (see the module docs).
fn quoted_if_needed(name: &str) -> String {
    if reads_back_plain(name) {
        return name.to_string();
    }
    let mut out = String::from('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The name of a `layout` line whose value is quoted (`layout "a # b"`), read on `line`;
/// `None` for any other line.
fn quoted_layout(raw: &str, line: usize) -> Result<Option<String>, LayoutError> {
    let Some(rest) = raw.trim_start().strip_prefix("layout") else { return Ok(None) };
    let value = rest.trim_start();
    if value.len() == rest.len() || !value.starts_with('"') {
        return Ok(None);
    }
    let bad = |why: &str| LayoutError::at(line, format!("bad quoted layout name: {why}"));
    let mut name = String::new();
    let mut chars = value[1..].chars();
    loop {
        match chars.next().ok_or_else(|| bad("the closing '\"' is missing"))? {
            '"' => break,
            '\\' => {
                name.push(unescape(&mut chars).ok_or_else(|| bad("'\\' starts none of \\\\ \\\" \\n \\r \\t \\u{..}"))?)
            }
            c => name.push(c),
        }
    }
    let after: String = chars.collect();
    if !after.trim_start().is_empty() && !after.trim_start().starts_with('#') {
        return Err(bad(&format!("'{}' after the closing '\"'", after.trim())));
    }
    Ok(Some(name))
}

/// The character of the escape after a `\` in a quoted name (the rest of it read from `chars`).
fn unescape(chars: &mut std::str::Chars<'_>) -> Option<char> {
    match chars.next()? {
        c @ ('\\' | '"') => Some(c),
        'n' => Some('\n'),
        'r' => Some('\r'),
        't' => Some('\t'),
        'u' => {
            if chars.next()? != '{' {
                return None;
            }
            let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
            char::from_u32(u32::from_str_radix(&hex, 16).ok()?)
        }
        _ => None,
    }
}

impl Deal {
    /// A uniformly random deal: [`Face::set_for`] the layout's size, shuffled by `Rng::new(seed)`.
    pub fn random(layout: &Layout, rules: Blocking, seed: u64) -> Result<Deal, LayoutError> {
        check_even(layout)?;
        let mut faces = Face::set_for(layout.len());
        Rng::new(seed).shuffle(&mut faces);
        Ok(Deal { layout: layout.name().to_string(), rules, seed: Some(seed), faces })
    }

    /// A deal that can be cleared, by construction: from the full layout, repeatedly take two
    /// free tiles at random (restarting, with the same generator, when fewer than two are
    /// free), then give the pairs, in removal order, the pairs of a shuffled tile set.
    /// Errors when the layout cannot be cleared at all.
    pub fn winnable(layout: &Layout, rules: Blocking, seed: u64) -> Result<Deal, LayoutError> {
        check_even(layout)?;
        let n = layout.len();
        let mut rng = Rng::new(seed);
        let mut faces = Face::set_for(n);
        faces.sort_by_key(|f| f.group());
        // Pairs of the set: consecutive tiles of one group.
        let mut pairs: Vec<(Face, Face)> = faces.chunks(2).map(|c| (c[0], c[1])).collect();
        if pairs.iter().any(|(a, b)| !a.matches(*b)) {
            return Err(LayoutError::whole(LayoutErrorKind::Faces, "the tile set cannot be split into matching pairs"));
        }
        rng.shuffle(&mut pairs);
        for _attempt in 0..10_000 {
            let mut present = Bits::first(n);
            let mut order = Vec::with_capacity(n);
            while !present.is_empty() {
                let free: Vec<usize> = present.iter().filter(|&i| layout.is_free(rules, &present, i)).collect();
                if free.len() < 2 {
                    break;
                }
                let a = free[rng.index(free.len())];
                let mut b = free[rng.index(free.len() - 1)];
                if b == a {
                    b = free[free.len() - 1];
                }
                present.remove(a);
                present.remove(b);
                order.push((a, b));
            }
            if present.is_empty() {
                let mut out = vec![faces[0]; n];
                for (&(a, b), &(fa, fb)) in order.iter().zip(&pairs) {
                    out[a] = fa;
                    out[b] = fb;
                }
                return Ok(Deal { layout: layout.name().to_string(), rules, seed: Some(seed), faces: out });
            }
        }
        Err(LayoutError::whole(
            LayoutErrorKind::NoWinnableDeal,
            format!("layout '{}' could not be cleared in 10000 random tries", layout.name()),
        ))
    }

    /// The deal in the text format of the module docs.
    pub fn to_text(&self) -> String {
        let mut s = String::from("# haipai shanghai deal\n");
        s += &format!("layout {}\n", quoted_if_needed(&self.layout));
        s += &format!("rules {}\n", if self.rules == Blocking::Grid { "grid" } else { "standard" });
        if let Some(seed) = self.seed {
            s += &format!("seed {seed}\n");
        }
        s += "faces\n";
        for chunk in self.faces.chunks(18) {
            let line: Vec<String> = chunk.iter().map(|f| f.to_string()).collect();
            s += &line.join(" ");
            s += "\n";
        }
        s
    }

    /// Reads the text format; errors name the line.
    pub fn parse(text: &str) -> Result<Deal, LayoutError> {
        let mut layout = None;
        let mut rules = Blocking::Standard;
        let mut seed = None;
        let mut faces = Vec::new();
        let mut in_faces = false;
        // The keys read so far, with their lines: each may be given once.
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let quoted = if in_faces { None } else { quoted_layout(raw, line)? };
            let content = if quoted.is_some() { "layout" } else { raw.split('#').next().unwrap_or("").trim() };
            if content.is_empty() {
                continue;
            }
            if in_faces {
                read_faces(content, line, &mut faces)?;
                continue;
            }
            let (key, value) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
            let value = value.trim();
            if let Some(first) = seen.iter().find(|(k, _)| *k == key) {
                return Err(LayoutError::at(line, format!("a second '{key}' line (the first is line {})", first.1)));
            }
            seen.push((key, line));
            match key {
                "layout" => layout = Some(quoted.unwrap_or_else(|| value.to_string())),
                "rules" => {
                    rules = match value {
                        "standard" => Blocking::Standard,
                        "grid" => Blocking::Grid,
                        _ => {
                            return Err(LayoutError::at(line, format!("unknown rules '{value}' (standard or grid)")));
                        }
                    }
                }
                "seed" => seed = Some(value.parse().map_err(|_| LayoutError::at(line, format!("bad seed '{value}'")))?),
                "faces" => {
                    in_faces = true;
                    read_faces(value, line, &mut faces)?;
                }
                _ => {
                    return Err(LayoutError::at(
                        line,
                        format!("unknown line '{content}' (layout, rules, seed, faces)"),
                    ));
                }
            }
        }
        let layout =
            layout.ok_or_else(|| LayoutError::whole(LayoutErrorKind::File, "the deal has no 'layout' line"))?;
        if !in_faces {
            return Err(LayoutError::whole(LayoutErrorKind::File, "the deal has no 'faces' section"));
        }
        Ok(Deal { layout, rules, seed, faces })
    }
}

impl fmt::Display for Deal {
    /// The text format of the module docs, as [`Deal::to_text`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl FromStr for Deal {
    type Err = LayoutError;

    /// Reads the text format as [`Deal::parse`] does.
    ///
    /// ```
    /// use haipai_shanghai::{Deal, Layout, Blocking};
    ///
    /// let turtle = Layout::builtin("turtle").ok_or("no turtle")?;
    /// let deal = Deal::random(&turtle, Blocking::Standard, 7)?;
    /// assert_eq!(deal.to_string().parse::<Deal>()?, deal);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(s: &str) -> Result<Deal, LayoutError> {
        Deal::parse(s)
    }
}

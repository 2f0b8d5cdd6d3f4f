//! A tiny reader for the XML subset GNOME map files use: elements with double- or
//! single-quoted attributes (character references decoded), comments and processing
//! instructions; text is ignored.

use super::{half_units, tile_steps};
use crate::layout::LayoutError;

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
pub(super) struct Tag {
    pub(super) line: usize,
    pub(super) name: String,
    attrs: Vec<(String, String)>,
    pub(super) closing: bool,
    pub(super) self_closing: bool,
}

impl Tag {
    /// The value of attribute `key`, if given.
    pub(super) fn get(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// An error on the tag's line.
    pub(super) fn error(&self, why: impl Into<String>) -> LayoutError {
        LayoutError::at(self.line, why)
    }

    /// The number attribute `key` in half-tile units (`3` or `3.5` tiles).
    pub(super) fn num(&self, key: &str) -> Result<i32, LayoutError> {
        let v = self.get(key).ok_or_else(|| self.error(format!("<{}> needs attribute '{key}'", self.name)))?;
        half_units(v.trim()).ok_or_else(|| {
            self.error(format!("attribute {key}=\"{v}\" of <{}> is not a number like 3 or 3.5", self.name))
        })
    }

    /// The attribute `z` as a layer: a whole number.
    pub(super) fn layer(&self) -> Result<i32, LayoutError> {
        let twice = self.num("z")?;
        if twice % 2 != 0 {
            let v = self.get("z").unwrap_or_default();
            return Err(self.error(format!("attribute z=\"{v}\" of <{}> is not a whole layer", self.name)));
        }
        Ok(twice / 2)
    }

    /// The tag's layer: its own `z`, or the enclosing `<layer>`'s (`layer_z`).
    pub(super) fn z(&self, layer_z: Option<i32>) -> Result<i32, LayoutError> {
        match self.get("z") {
            Some(_) => self.layer(),
            None => layer_z.ok_or_else(|| self.error(format!("<{}> has no z and is outside a <layer>", self.name))),
        }
    }

    /// The tile positions from attribute `from` to attribute `to` (half-tile units, a tile
    /// apart), `what` naming the range in errors.
    pub(super) fn span(&self, from: &str, to: &str) -> Result<Vec<i32>, LayoutError> {
        let (a, b) = (self.num(from)?, self.num(to)?);
        let what = format!("{from}..{to}");
        if b < a || (b - a) % 2 != 0 {
            return Err(self.error(format!("<{}> has a bad {what} range", self.name)));
        }
        tile_steps(a, b, self.line, &format!("<{}> {what} range", self.name))
    }

    /// The slots' columns and rows of a `<row>`, `<column>`, `<block>` or `<tile>`.
    pub(super) fn grid(&self) -> Result<(Vec<i32>, Vec<i32>), LayoutError> {
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
pub(super) fn xml_tags(text: &str) -> Result<Vec<Tag>, LayoutError> {
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

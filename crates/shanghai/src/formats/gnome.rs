//! GNOME Mahjongg `.map` files: `<mahjongg>` holding `<map name>` elements with `<layer z>`,
//! `<row>`, `<column>`, `<block>` and `<tile>`; coordinates in tiles, halves as `.5`.

use super::Sourced;
use super::xml::{Tag, xml_tags};
use crate::layout::{Layout, LayoutError, LayoutErrorKind, Slot};

/// A map of the file: its layout and its short id (the `scorename` attribute), if any.
struct Map {
    layout: Layout,
    id: Option<String>,
}

/// The map being read: its name, short id, opening line and slots so far.
struct OpenMap {
    name: String,
    id: Option<String>,
    line: usize,
    slots: Sourced,
}

impl OpenMap {
    /// The map `tag` opens.
    fn new(tag: &Tag) -> OpenMap {
        let name = tag.get("name").unwrap_or("unnamed").to_string();
        OpenMap { name, id: tag.get("scorename").map(str::to_string), line: tag.line, slots: Sourced::default() }
    }

    /// The finished map, or why its slots make none (on the line of the slot at fault, else on
    /// the map's line), the map named.
    fn finish(self) -> Result<Map, LayoutError> {
        let OpenMap { name, id, line, slots } = self;
        let layout = slots.finish(name.clone()).map_err(|e| {
            LayoutError::of_kind_at(*e.kind(), e.line().unwrap_or(line), format!("map '{name}': {}", e.message()))
        })?;
        Ok(Map { layout, id })
    }
}

/// The state of [`parse_gnome`] between tags.
#[derive(Default)]
struct GnomeReader {
    /// The open elements and their lines.
    stack: Vec<(String, usize)>,
    maps: Vec<Map>,
    current: Option<OpenMap>,
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
                let open = self.current.take().expect("a </map> closes an open map");
                self.maps.push(open.finish()?);
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
                if tag.self_closing {
                    // `<map name="a"/>`: a map without tiles, refused as such (not left open).
                    self.maps.push(OpenMap::new(tag).finish()?);
                    return Ok(());
                }
                self.current = Some(OpenMap::new(tag));
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
        let Some(open) = self.current.as_mut() else {
            return Err(tag.error(format!("<{}> outside a <map>", tag.name)));
        };
        for &y in &ys {
            for &x in &xs {
                open.slots.push(Slot { x, y, z }, tag.line)?;
            }
        }
        Ok(())
    }
}

/// Every map of the file with its short id.
fn read_maps(text: &str) -> Result<Vec<Map>, LayoutError> {
    let mut reader = GnomeReader::default();
    for tag in xml_tags(super::strip_bom(text))? {
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

/// Reads every map of a GNOME Mahjongg `.map` file (`<mahjongg>` holding `<map name>`
/// elements with `<layer z>`, `<row>`, `<column>`, `<block>` and `<tile>`; coordinates in
/// tiles, halves as `.5`).
pub fn parse_gnome(text: &str) -> Result<Vec<Layout>, LayoutError> {
    Ok(read_maps(text)?.into_iter().map(|m| m.layout).collect())
}

/// The map of the file that `name` names by its name or its short id (case-insensitive), or
/// the first map when `name` is `None`.
pub(super) fn pick(text: &str, name: Option<&str>) -> Result<Layout, LayoutError> {
    let maps = read_maps(text)?;
    let Some(wanted) = name else {
        return Ok(maps.into_iter().next().expect("at least one map").layout);
    };
    let names: Vec<String> = maps
        .iter()
        .map(|m| match &m.id {
            Some(id) => format!("{} ({id})", m.layout.name()),
            None => m.layout.name().to_string(),
        })
        .collect();
    let is_it = |m: &Map| {
        m.layout.name().eq_ignore_ascii_case(wanted)
            || m.id.as_deref().is_some_and(|id| id.eq_ignore_ascii_case(wanted))
    };
    maps.into_iter().find(is_it).map(|m| m.layout).ok_or_else(|| {
        LayoutError::whole(
            LayoutErrorKind::File,
            format!("no map named '{wanted}'; the file has: {}", names.join(", ")),
        )
    })
}

//! `haipai.shanghai`: mahjong solitaire deals, exact solves and move reviews, as
//! `haipai shanghai deal|solve|review --json` give them. A board is a built-in layout
//! (`turtle`, `gridDxRxC`, ...) dealt by `seed` (uniformly, or winnable by construction), or
//! a deal's text as `deal` returns it.

use crate::errors::ShanghaiError;
use crate::value::to_py;
use haipai::shanghai::{Blocking, Board, Budget, Deal, Layout, Limit, Move, MoveClass, Solver, Verdict, formats};
use pyo3::prelude::*;
use serde_json::json;
use std::io::Read;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn error(e: impl std::fmt::Display) -> PyErr {
    ShanghaiError::new_err(e.to_string())
}

/// The most bytes a layout file may hold, as the command's.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// A layout file (KMahjongg `.layout`, GNOME `.map`, haipai notation or an `x y z` slot list):
/// its text, the name its layout takes (the file's stem) and how errors name it.
struct LayoutFile {
    text: String,
    stem: String,
    shown: String,
}

/// The layout file `obj` gives: an `os.PathLike` or a one-line `str` is a path, read as the
/// command reads `--file`; `bytes` or a `str` of several lines is the file's text.
fn layout_file(obj: &Bound<'_, PyAny>) -> PyResult<LayoutFile> {
    let text_of = |text: String| LayoutFile { text, stem: "layout".into(), shown: "layout_file".into() };
    if let Ok(text) = obj.extract::<String>()
        && text.contains('\n')
    {
        return Ok(text_of(text));
    }
    if let Ok(bytes) = obj.cast::<pyo3::types::PyBytes>() {
        let text = String::from_utf8(bytes.as_bytes().to_vec())
            .map_err(|e| error(format!("layout_file: not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
        return Ok(text_of(text));
    }
    let path: PathBuf = obj.extract().map_err(|_| {
        let kind = obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
        error(format!("layout_file: a path, or the file's text (str or bytes), not {kind}"))
    })?;
    let shown = path.display().to_string();
    let file = std::fs::File::open(&path).map_err(|e| error(format!("{shown}: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| error(format!("{shown}: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(error(format!("{shown}: more than {} MiB, not a layout or deal file", MAX_FILE_BYTES >> 20)));
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| error(format!("{shown}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("file").to_string();
    Ok(LayoutFile { text, stem, shown })
}

impl LayoutFile {
    /// The layout in the file (`map` picks a GNOME map). When its format was assumed (the
    /// file reads as another too), a `UserWarning` says so, as the command's note does.
    fn layout(&self, py: Python<'_>, map: Option<&str>) -> PyResult<Layout> {
        let parsed =
            formats::parse_detected(&self.stem, &self.text, map).map_err(|e| error(format!("{}: {e}", self.shown)))?;
        if let Some(note) = parsed.note {
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            PyErr::warn(py, &category, &std::ffi::CString::new(format!("{}: {note}", self.shown))?, 1)?;
        }
        Ok(parsed.layout)
    }
}

/// Where a board comes from: a built-in layout's name or a layout file (with a GNOME map's
/// name), dealt by seed, or a deal's text.
struct Source<'a, 'py> {
    layout: Option<&'a str>,
    file: Option<&'a Bound<'py, PyAny>>,
    map: Option<&'a str>,
    deal: Option<&'a str>,
}

impl Source<'_, '_> {
    /// The layout file, when one is given, after checking the arguments agree.
    fn file(&self) -> PyResult<Option<LayoutFile>> {
        if self.layout.is_some() && self.file.is_some() {
            return Err(error("layout and layout_file: give one (a built-in layout's name or a layout file)"));
        }
        if self.map.is_some() && self.file.is_none() {
            return Err(error("map: a GNOME map's name, given with layout_file"));
        }
        self.file.map(layout_file).transpose()
    }

    /// The board and its deal: the deal's text when given (its layout the one it names, or
    /// the layout file's: of a GNOME file, the map `map` names, else the map the deal names),
    /// else the layout dealt by `seed`.
    fn board(&self, seed: u64, winnable: bool, rules: &str) -> PyResult<(Board, Deal)> {
        let file = self.file()?;
        let py = self.file.map(Bound::py);
        if let Some(text) = self.deal {
            let deal = Deal::parse(text).map_err(|e| error(format!("deal: {e}")))?;
            let layout = match (&file, py) {
                (Some(f), Some(py)) => {
                    let own_map = formats::is_gnome(&f.text).then_some(deal.layout.as_str());
                    f.layout(py, self.map.or(own_map))?
                }
                _ => Layout::named(&deal.layout).map_err(|e| {
                    error(format!("deal: {e} (a deal made for a layout file is read with layout_file as well)"))
                })?,
            };
            let board = Board::new(layout, deal.rules, deal.faces.clone()).map_err(|e| error(format!("deal: {e}")))?;
            return Ok((board, deal));
        }
        let rules = match rules {
            "standard" => Blocking::Standard,
            "grid" => Blocking::Grid,
            other => return Err(error(format!("unknown rules '{other}': standard or grid"))),
        };
        let (layout, shown) = match (&file, py) {
            (Some(f), Some(py)) => (f.layout(py, self.map)?, Some(f.shown.as_str())),
            _ => (Layout::named(self.layout.unwrap_or("turtle")).map_err(error)?, None),
        };
        let in_layout = |e: &dyn std::fmt::Display| match shown {
            Some(name) => error(format!("{name}: {e}")),
            None => error(e),
        };
        let made = if winnable { Deal::winnable(&layout, rules, seed) } else { Deal::random(&layout, rules, seed) };
        let deal = made.map_err(|e| in_layout(&e))?;
        let board = Board::new(layout, rules, deal.faces.clone()).map_err(|e| in_layout(&e))?;
        Ok((board, deal))
    }
}

/// The solver's budget: the library's defaults with the limits given.
fn budget(nodes: Option<u64>, time_ms: Option<u64>) -> Budget {
    let mut b = Budget::default();
    if let Some(n) = nodes {
        b.nodes = n;
    }
    if let Some(ms) = time_ms {
        b.time = Some(Duration::from_millis(ms));
    }
    b
}

fn gave_up(limit: Limit) -> String {
    let what = match limit {
        Limit::Time(_) => "time_ms",
        _ => "budget",
    };
    format!("{limit}: raise it with {what}")
}

/// A deal's text (the layout, rules, seed and faces), as `haipai shanghai deal` prints it;
/// `solve` and `review` take it back as `deal=` (with the same `layout_file` when it was made
/// for one). `layout` is a built-in layout (`turtle` by default); `layout_file` a layout file
/// instead (KMahjongg `.layout`, GNOME `.map`, haipai notation), a path or the file's text,
/// `map` naming one of a GNOME file's maps.
///
/// >>> print(deal("grid1x2x2", seed=3))
/// # haipai shanghai deal
/// layout grid 1x2x2
/// rules standard
/// seed 3
/// faces
/// 1m 1m 1m 1m
#[pyfunction]
#[pyo3(signature = (layout = None, *, seed = 0, winnable = false, rules = "standard", layout_file = None, map = None))]
fn deal(
    layout: Option<&str>,
    seed: u64,
    winnable: bool,
    rules: &str,
    layout_file: Option<&Bound<'_, PyAny>>,
    map: Option<&str>,
) -> PyResult<String> {
    let source = Source { layout, file: layout_file, map, deal: None };
    let (_, deal) = source.board(seed, winnable, rules)?;
    Ok(deal.to_text().trim_end().to_string())
}

/// Solves a board exactly: the dict of `haipai shanghai solve --json` (`layout`, `seed`,
/// `verdict` "winnable", "unwinnable" or "unknown", `reason` when unknown, `moves` (`A-B
/// face`), `nodes`, `time_ms`). The board is as `deal` makes it, or `deal=` a deal's text.
/// The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (layout = None, *, seed = 0, winnable = false, rules = "standard", deal = None, layout_file = None, map = None, budget = None, time_ms = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    layout: Option<&str>,
    seed: u64,
    winnable: bool,
    rules: &str,
    deal: Option<&str>,
    layout_file: Option<&Bound<'_, PyAny>>,
    map: Option<&str>,
    budget: Option<u64>,
    time_ms: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let source = Source { layout, file: layout_file, map, deal };
    let (board, deal) = source.board(seed, winnable, rules)?;
    let limits = self::budget(budget, time_ms);
    let (verdict, nodes, ms) = py.detach(|| {
        let start = Instant::now();
        let mut solver = Solver::with_budget(&board, limits);
        let verdict = solver.solve();
        (verdict, solver.stats().nodes, start.elapsed().as_secs_f64() * 1e3)
    });
    let moves: Vec<String> = match &verdict {
        Verdict::Winnable(m) => m.iter().map(|&m| format!("{}-{} {}", m.0, m.1, board.faces()[m.0 as usize])).collect(),
        _ => Vec::new(),
    };
    let reason = match verdict {
        Verdict::Unknown(limit) => Some(gave_up(limit)),
        _ => None,
    };
    let value = json!({"layout": board.layout().name(), "seed": deal.seed, "verdict": verdict.name(),
                       "reason": reason, "moves": moves, "nodes": nodes, "time_ms": ms});
    to_py(py, &value)
}

/// The moves of `text` (`A-B`, separated by commas or spaces) on a board of `slots` slots.
fn parse_moves(text: &str, slots: usize) -> PyResult<Vec<Move>> {
    let slot = |t: &str, s: &str| -> PyResult<usize> {
        let i: usize = s.parse().map_err(|_| error(format!("bad move '{t}': '{s}' is not a slot number")))?;
        if i >= slots {
            return Err(error(format!("bad move '{t}': slot {s} is not on the board (slots 0-{})", slots - 1)));
        }
        Ok(i)
    };
    text.split([',', ' '])
        .filter(|t| !t.is_empty())
        .map(|t| {
            let (a, b) =
                t.split_once('-').ok_or_else(|| error(format!("bad move '{t}': expected A-B (two slot numbers)")))?;
            Ok(Move::new(slot(t, a)?, slot(t, b)?))
        })
        .collect()
}

/// Reviews the position after `moves` (`"3-7, 12-40"`): every legal move classed as
/// keeping the board winnable, losing, or unknown within the budget; the dict of `haipai
/// shanghai review --json` (`tiles_left`, `moves` with `move`, `face`, `verdict`, `reason`,
/// `time_ms`). The board is as in `solve`. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (moves = "", layout = None, *, seed = 0, winnable = false, rules = "standard", deal = None, layout_file = None, map = None, budget = None, time_ms = None))]
#[allow(clippy::too_many_arguments)]
fn review(
    py: Python<'_>,
    moves: &str,
    layout: Option<&str>,
    seed: u64,
    winnable: bool,
    rules: &str,
    deal: Option<&str>,
    layout_file: Option<&Bound<'_, PyAny>>,
    map: Option<&str>,
    budget: Option<u64>,
    time_ms: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let source = Source { layout, file: layout_file, map, deal };
    let (board, _) = source.board(seed, winnable, rules)?;
    let played = parse_moves(moves, board.len())?;
    let present = board.play(board.full(), &played).map_err(error)?;
    let limits = self::budget(budget, time_ms);
    let (classes, ms) = py.detach(|| {
        let start = Instant::now();
        let classes = Solver::with_budget(&board, limits).review(present);
        (classes, start.elapsed().as_secs_f64() * 1e3)
    });
    let reason = classes.iter().find_map(|(_, c)| match c {
        MoveClass::Unknown(limit) => Some(gave_up(*limit)),
        _ => None,
    });
    let list: Vec<_> = classes
        .iter()
        .map(|(m, c)| json!({"move": format!("{}-{}", m.0, m.1), "face": board.faces()[m.0 as usize].to_string(), "verdict": c.name()}))
        .collect();
    to_py(py, &json!({"tiles_left": present.len(), "moves": list, "reason": reason, "time_ms": ms}))
}

/// Adds the `shanghai` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let sub = PyModule::new(m.py(), "shanghai")?;
    sub.add_function(wrap_pyfunction!(deal, &sub)?)?;
    sub.add_function(wrap_pyfunction!(solve, &sub)?)?;
    sub.add_function(wrap_pyfunction!(review, &sub)?)?;
    m.add_submodule(&sub)?;
    Ok(())
}

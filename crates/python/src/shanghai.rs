//! `haipai.shanghai`: mahjong solitaire deals, exact solves and move reviews, as
//! `haipai shanghai deal|solve|review --json` give them. A board is a built-in layout
//! (`turtle`, `gridDxRxC`, ...) dealt by `seed` (uniformly, or winnable by construction), or
//! a deal's text as `deal` returns it.

use crate::errors::ShanghaiError;
use crate::value::to_py;
use haipai::shanghai::{Blocking, Board, Budget, Deal, Layout, Limit, Move, MoveClass, Solver, Verdict};
use pyo3::prelude::*;
use serde_json::json;
use std::time::{Duration, Instant};

fn error(e: impl std::fmt::Display) -> PyErr {
    ShanghaiError::new_err(e.to_string())
}

/// The board and its deal: the deal's text when given, else `layout` dealt by `seed`.
fn board(layout: &str, seed: u64, winnable: bool, rules: &str, deal: Option<&str>) -> PyResult<(Board, Deal)> {
    if let Some(text) = deal {
        let deal = Deal::parse(text).map_err(|e| error(format!("deal: {e}")))?;
        let layout = Layout::named(&deal.layout).map_err(|e| error(format!("deal: {e}")))?;
        let board = Board::new(layout, deal.rules, deal.faces.clone()).map_err(|e| error(format!("deal: {e}")))?;
        return Ok((board, deal));
    }
    let rules = match rules {
        "standard" => Blocking::Standard,
        "grid" => Blocking::Grid,
        other => return Err(error(format!("unknown rules '{other}': standard or grid"))),
    };
    let layout = Layout::named(layout).map_err(error)?;
    let made = if winnable { Deal::winnable(&layout, rules, seed) } else { Deal::random(&layout, rules, seed) };
    let deal = made.map_err(error)?;
    let board = Board::new(layout, rules, deal.faces.clone()).map_err(error)?;
    Ok((board, deal))
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
/// `solve` and `review` take it back as `deal=`.
///
/// >>> print(deal("grid1x2x2", seed=3))
/// # haipai shanghai deal
/// layout grid 1x2x2
/// rules standard
/// seed 3
/// faces
/// 1m 1m 1m 1m
#[pyfunction]
#[pyo3(signature = (layout = "turtle", *, seed = 0, winnable = false, rules = "standard"))]
fn deal(layout: &str, seed: u64, winnable: bool, rules: &str) -> PyResult<String> {
    let (_, deal) = board(layout, seed, winnable, rules, None)?;
    Ok(deal.to_text().trim_end().to_string())
}

/// Solves a board exactly: the dict of `haipai shanghai solve --json` (`layout`, `seed`,
/// `verdict` "winnable", "unwinnable" or "unknown", `reason` when unknown, `moves` (`A-B
/// face`), `nodes`, `time_ms`). The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (layout = "turtle", *, seed = 0, winnable = false, rules = "standard", deal = None, budget = None, time_ms = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    layout: &str,
    seed: u64,
    winnable: bool,
    rules: &str,
    deal: Option<String>,
    budget: Option<u64>,
    time_ms: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let (board, deal) = board(layout, seed, winnable, rules, deal.as_deref())?;
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
/// `time_ms`). The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (moves = "", layout = "turtle", *, seed = 0, winnable = false, rules = "standard", deal = None, budget = None, time_ms = None))]
#[allow(clippy::too_many_arguments)]
fn review(
    py: Python<'_>,
    moves: &str,
    layout: &str,
    seed: u64,
    winnable: bool,
    rules: &str,
    deal: Option<String>,
    budget: Option<u64>,
    time_ms: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let (board, _) = board(layout, seed, winnable, rules, deal.as_deref())?;
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

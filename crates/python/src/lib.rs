//! `haipai._haipai`: the haipai engines as a Python extension module (PyO3, stable ABI).
//!
//! The pure-Python package `haipai` (crates/python/haipai) wraps this module: it re-exports
//! the functions, adds attribute access to the records and holds the typed stubs. Every
//! function here checks its input and raises one of the exceptions below with the message the
//! `haipai` command prints; none panics into Python. Long computations (ev, review, odds,
//! Shanghai solves, the batches) release the GIL.

mod batch;
mod errors;
mod ev;
mod hand;
mod odds;
mod review;
mod score;
mod shanghai;
mod value;

use pyo3::prelude::*;

/// The extension module: functions, the `Hand` class and the exceptions.
#[pymodule]
fn _haipai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    hand::register(m)?;
    batch::register(m)?;
    score::register(m)?;
    ev::register(m)?;
    review::register(m)?;
    odds::register(m)?;
    shanghai::register(m)?;
    Ok(())
}

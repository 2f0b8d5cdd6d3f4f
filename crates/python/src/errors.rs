//! The exceptions: `HaipaiError(ValueError)` and one subclass per kind of input, each with the
//! message the `haipai` command prints and, for a hand, the column.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(haipai, HaipaiError, PyValueError, "Bad input to a haipai function (a ValueError).");
create_exception!(
    haipai,
    HandError,
    HaipaiError,
    "A hand, tile or tile array that cannot be read or is no valid hand."
);
create_exception!(haipai, ScoreError, HaipaiError, "A winning situation that cannot be scored.");
create_exception!(haipai, EvError, HaipaiError, "An expected-value question that cannot be answered.");
create_exception!(haipai, LogError, HaipaiError, "A game log that cannot be read or replayed.");
create_exception!(haipai, ShanghaiError, HaipaiError, "A Shanghai layout, deal or move that cannot be read.");

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("HaipaiError", py.get_type::<HaipaiError>())?;
    m.add("HandError", py.get_type::<HandError>())?;
    m.add("ScoreError", py.get_type::<ScoreError>())?;
    m.add("EvError", py.get_type::<EvError>())?;
    m.add("LogError", py.get_type::<LogError>())?;
    m.add("ShanghaiError", py.get_type::<ShanghaiError>())?;
    Ok(())
}

/// A `HandError` with `message` and a `column` attribute (None when the error is about the
/// whole input).
pub fn hand_error(message: impl Into<String>, column: Option<usize>) -> PyErr {
    let err = HandError::new_err(message.into());
    Python::attach(|py| {
        // Setting an attribute on a fresh exception object cannot fail short of memory.
        let _ = err.value(py).setattr("column", column);
    });
    err
}

/// A `HandError` from a tiles error, its message and column as the command prints them.
pub fn tiles_error(e: &haipai::tiles::Error) -> PyErr {
    hand_error(e.to_string(), e.column())
}

/// A `HandError` from a tiles error with the command's prefix (`hand '...': `).
pub fn tiles_error_in(what: &str, e: &haipai::tiles::Error) -> PyErr {
    hand_error(format!("{what}: {e}"), e.column())
}

//! placeholder
use pyo3::prelude::*;
/// r
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}

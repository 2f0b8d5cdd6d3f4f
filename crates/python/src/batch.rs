//! Batch functions over NumPy arrays: one hand's closed counts per row of an `(N, 34)` uint8
//! array, the rows spread over rayon's threads with the GIL released.

use crate::errors::hand_error;
use haipai::shanten as sh;
use haipai::tiles::Counts;
use numpy::ndarray::Array2;
use numpy::{PyArray1, PyArray2, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;

/// Rows per rayon task: a row takes tens of nanoseconds, so small tasks would cost more to
/// hand out than to compute.
const ROWS_PER_TASK: usize = 4096;

/// The rows of `counts`, checked to be `(N, 34)` and contiguous.
fn rows<'a>(counts: &'a PyReadonlyArray2<'_, u8>) -> PyResult<&'a [u8]> {
    let shape = counts.shape();
    if shape[1] != 34 {
        return Err(hand_error(
            format!("counts of shape ({}, {}): one row of 34 counts per hand, (N, 34)", shape[0], shape[1]),
            None,
        ));
    }
    counts.as_slice().map_err(|_| hand_error("counts: a C-contiguous array is needed (numpy.ascontiguousarray)", None))
}

/// One row as counts.
fn row(chunk: &[u8]) -> Counts {
    let mut c = [0u8; 34];
    c.copy_from_slice(chunk);
    c
}

/// What a bad row's slot holds until its error is made: no shanten is `i8::MIN` and no set
/// of 34 kinds has bit 63.
const BAD_SHANTEN: i8 = i8::MIN;
const BAD_SET: u64 = u64::MAX;

/// The error of row `i` (known to be bad) as a `HandError` naming the row (`row`).
fn row_error(data: &[u8], i: usize, check: fn(&Counts) -> Result<(), haipai::tiles::Error>) -> PyErr {
    let message = match check(&row(&data[34 * i..34 * i + 34])) {
        Err(e) => format!("row {i}: {e}"),
        Ok(()) => format!("row {i}: no valid hand"),
    };
    let err = hand_error(message, None);
    Python::attach(|py| {
        // Setting an attribute on a fresh exception object cannot fail short of memory.
        let _ = err.value(py).setattr("row", i);
    });
    err
}

/// The shanten of every row of an `(N, 34)` uint8 array of closed counts, as an int8 array
/// of N. Each row must be a valid hand (3n+1 or 3n+2 tiles, at most 14, no count over 4):
/// otherwise `HandError` names the first bad row (its `row` attribute).
#[pyfunction]
fn shanten_batch<'py>(py: Python<'py>, counts: PyReadonlyArray2<'py, u8>) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let data = rows(&counts)?;
    let out: Vec<i8> = py.detach(|| {
        data.par_chunks_exact(34)
            .with_min_len(ROWS_PER_TASK)
            .map(|c| {
                let r = row(c);
                if sh::validate(&r).is_ok() { sh::shanten(&r) } else { BAD_SHANTEN }
            })
            .collect()
    });
    if let Some(i) = out.iter().position(|&s| s == BAD_SHANTEN) {
        return Err(row_error(data, i, |c| sh::validate(c).map(|_| ())));
    }
    Ok(PyArray1::from_vec(py, out))
}

/// The necessary tiles (有効牌) of every row of an `(N, 34)` uint8 array of closed counts
/// (3n+1 tiles each), as an `(N, 34)` bool array: `True` where drawing that kind lowers the
/// shanten. A bad row raises `HandError` as in `shanten_batch`.
#[pyfunction]
fn necessary_batch<'py>(py: Python<'py>, counts: PyReadonlyArray2<'py, u8>) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let data = rows(&counts)?;
    let check = |c: &Counts| sh::try_necessary_tiles(c).map(|_| ());
    let sets: Vec<u64> = py.detach(|| {
        data.par_chunks_exact(34)
            .with_min_len(ROWS_PER_TASK)
            .map(|c| sh::try_necessary_tiles(&row(c)).map_or(BAD_SET, |(_, set)| set.bits()))
            .collect()
    });
    if let Some(i) = sets.iter().position(|&s| s == BAD_SET) {
        return Err(row_error(data, i, check));
    }
    let n = sets.len();
    let flat: Vec<bool> = sets.iter().flat_map(|&bits| (0..34).map(move |i| bits >> i & 1 == 1)).collect();
    let array = Array2::from_shape_vec((n, 34), flat).map_err(|e| hand_error(e.to_string(), None))?;
    Ok(PyArray2::from_owned_array(py, array))
}

/// Adds the batch functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten_batch, m)?)?;
    m.add_function(wrap_pyfunction!(necessary_batch, m)?)?;
    Ok(())
}

//! `odds`: exact odds over every dealt hand (haipai-combinatorics), as `haipai odds --json`
//! prints them; big integers are decimal strings (`int(...)` reads them).

use crate::errors::HaipaiError;
use crate::value::to_py;
use haipai::combinatorics::odds::derived as derived_odds;
use haipai::combinatorics::{ShantenDistribution, TenhouTable, Variant};
use pyo3::prelude::*;

/// Exact odds over every dealt hand, the dict `haipai odds WHAT --json` prints. `what` is
/// `"tenhou"` (document 003's table of complete hands of `tiles` tiles), `"shanten"` (the
/// shanten distribution of all hands of `tiles` tiles) or `"derived"` (tenhou, chiihou, dealt
/// tenpai and each shanten level; always 13 and 14 tiles). `sanma` counts 108 tiles, `red`
/// tells red fives apart. The GIL is released meanwhile.
///
/// >>> odds("tenhou", tiles=2)["probability"]["fraction"]
/// '1/45'
#[pyfunction]
#[pyo3(signature = (what, *, tiles = None, sanma = false, red = false))]
fn odds(py: Python<'_>, what: &str, tiles: Option<usize>, sanma: bool, red: bool) -> PyResult<Py<PyAny>> {
    let size = tiles.unwrap_or(14);
    if !(1..=14).contains(&size) {
        return Err(HaipaiError::new_err(format!("tiles {size}: hand size must be 1..=14")));
    }
    let variant = Variant::FOUR_PLAYER.sanma(sanma).red_fives(red);
    let value = match what {
        "tenhou" => py.detach(|| haipai_api::odds::tenhou(&TenhouTable::compute(size, variant), variant)),
        "shanten" => py.detach(|| haipai_api::odds::distribution(&ShantenDistribution::compute(size, variant))),
        "derived" if tiles.is_some() => {
            return Err(HaipaiError::new_err(format!(
                "tiles {size}: odds 'derived' always counts 13- and 14-tile hands"
            )));
        }
        "derived" => py.detach(|| {
            let d13 = ShantenDistribution::compute(13, variant);
            let d14 = ShantenDistribution::compute(14, variant);
            haipai_api::odds::derived(variant, &derived_odds(&d13, &d14))
        }),
        other => return Err(HaipaiError::new_err(format!("'{other}': expected tenhou, shanten or derived"))),
    };
    to_py(py, &value)
}

/// Adds `odds` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(odds, m)?)?;
    Ok(())
}

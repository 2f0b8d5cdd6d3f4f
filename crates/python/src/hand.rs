//! `Hand` and the functions on one hand: shanten (overall and per form), necessary and
//! unnecessary tiles, waits. A hand is a `Hand` or an MPSZ string wherever one is taken.

use crate::errors::{hand_error, tiles_error};
use crate::value::to_py;
use haipai::shanten::{self as sh, NOT_APPLICABLE};
use haipai::tiles::{Counts, Hand, Tile, TileSet};
use haipai::waits::{Notation, hand_waits};
use haipai_api::shanten::{closed_tiles, rule_set};
use haipai_api::waits::{Switches, describe};
use pyo3::prelude::*;

/// A mahjong hand: closed tiles (red fives included) and called melds.
///
/// >>> h = Hand.parse("123m456p789s1122z")
/// >>> str(h), len(h)
/// ('123m456p789s1122z', 13)
#[pyclass(name = "Hand", module = "haipai", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyHand {
    /// The hand.
    pub hand: Hand,
}

#[pymethods]
impl PyHand {
    /// Reads a hand in MPSZ notation (`123m456p789s1122z`, `0m` a red five, called melds in
    /// brackets: `23m55p[789s][111z]`). 13 or 14 tiles unless `any_size` is true (then any
    /// valid hand of at most 14 tiles). Raises `HandError` (with `column`) otherwise.
    ///
    /// >>> Hand.parse("23m55p[789s][111z]", any_size=True).melds
    /// ['789s', '111z']
    #[staticmethod]
    #[pyo3(signature = (text, *, any_size = false))]
    fn parse(text: &str, any_size: bool) -> PyResult<PyHand> {
        let hand = if any_size { Hand::parse_any_size(text) } else { Hand::parse(text) };
        hand.map(|hand| PyHand { hand }).map_err(|e| tiles_error(&e))
    }

    /// The closed tiles as 34 counts (1m..9m, 1p..9p, 1s..9s, 1z..7z).
    #[getter]
    fn counts(&self) -> Vec<u8> {
        self.hand.closed().to_vec()
    }

    /// The called melds in MPSZ notation, without brackets.
    #[getter]
    fn melds(&self) -> Vec<String> {
        self.hand.melds().iter().map(|m| m.to_string().trim_matches(['[', ']']).to_string()).collect()
    }

    /// Whether the hand has no called meld (a closed kan keeps it closed).
    #[getter]
    fn is_closed(&self) -> bool {
        self.hand.is_closed()
    }

    /// The red fives per suit (m, p, s), closed and called: `sum(hand.red_fives)` is their
    /// number. `str(hand)` writes each as `0`.
    ///
    /// >>> Hand.parse("340m456p22s[055s]", any_size=True).red_fives
    /// (1, 0, 1)
    #[getter]
    fn red_fives(&self) -> (u8, u8, u8) {
        let [m, p, s] = haipai_api::hand_red_fives(&self.hand);
        (m, p, s)
    }

    /// The red fives per suit (m, p, s) among the closed tiles (`counts` counts them as fives).
    #[getter]
    fn closed_red_fives(&self) -> (u8, u8, u8) {
        let [m, p, s] = self.hand.closed_red_fives();
        (m, p, s)
    }

    /// The number of tiles, melds counted as three.
    fn __len__(&self) -> usize {
        self.hand.size()
    }

    fn __str__(&self) -> String {
        self.hand.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Hand('{}')", self.hand)
    }
}

/// The hand in `obj`: a `Hand`, or a string read as `haipai shanten` reads one (any size).
pub fn hand_of(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    if let Ok(h) = obj.cast::<PyHand>() {
        return Ok(h.get().hand.clone());
    }
    match obj.extract::<String>() {
        Ok(text) => Hand::parse_any_size(&text).map_err(|e| tiles_error(&e)),
        Err(_) => Err(hand_error(
            format!(
                "a hand is a Hand or an MPSZ string, not {}",
                obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string())
            ),
            None,
        )),
    }
}

/// The hand in `obj` as `haipai ev` and `haipai score` read one: an error in a string names
/// it (`hand '...': at 4: ...`).
pub fn named_hand_of(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    match obj.extract::<String>() {
        Ok(text) => {
            Hand::parse_any_size(&text).map_err(|e| crate::errors::tiles_error_in(&format!("hand '{text}'"), &e))
        }
        Err(_) => hand_of(obj),
    }
}

/// The closed tiles of `obj`, checked as the command checks them (`haipai_api::shanten::closed_tiles`):
/// 3n+1 or 3n+2 closed tiles (at most 14 with the melds), none past four copies, and some
/// closed tile beside the melds; under `sanma` no 2m-8m, closed or called.
fn closed_of(obj: &Bound<'_, PyAny>, sanma: bool) -> PyResult<Counts> {
    let hand = hand_of(obj)?;
    closed_tiles(&hand, sanma).map(|(closed, _)| closed).map_err(|e| hand_error(e.message, e.column))
}

fn names(set: TileSet) -> Vec<String> {
    set.iter().map(|t: Tile| t.to_string()).collect()
}

fn form(s: i8) -> Option<i8> {
    (s != NOT_APPLICABLE).then_some(s)
}

/// The shanten (向聴数) of the hand's closed tiles over every form: -1 complete, 0 tenpai.
/// `sanma`: three-player mahjong (no 2m-8m: 1m and 9m form only pairs and triplets).
///
/// >>> shanten("123456789m1p11s5z")
/// 1
/// >>> shanten(Hand.parse("1199m1199p1199s11z"))
/// -1
#[pyfunction]
#[pyo3(signature = (hand, *, sanma = false))]
fn shanten(hand: &Bound<'_, PyAny>, sanma: bool) -> PyResult<i8> {
    Ok((rule_set(sanma).shanten)(&closed_of(hand, sanma)?))
}

/// The shanten of the regular form (four melds and a pair).
///
/// >>> shanten_regular("1199m1199p1199s11z")
/// 3
#[pyfunction]
#[pyo3(signature = (hand, *, sanma = false))]
fn shanten_regular(hand: &Bound<'_, PyAny>, sanma: bool) -> PyResult<i8> {
    Ok((rule_set(sanma).regular)(&closed_of(hand, sanma)?))
}

/// The shanten of seven pairs; None for fewer than 13 closed tiles.
///
/// >>> shanten_seven_pairs("1199m1199p1199s11z"), shanten_seven_pairs("11m")
/// (-1, None)
#[pyfunction]
#[pyo3(signature = (hand, *, sanma = false))]
fn shanten_seven_pairs(hand: &Bound<'_, PyAny>, sanma: bool) -> PyResult<Option<i8>> {
    Ok(form(sh::shanten_seven_pairs(&closed_of(hand, sanma)?)))
}

/// The shanten of thirteen orphans; None for fewer than 13 closed tiles.
///
/// >>> shanten_thirteen_orphans("19m19p19s1234567z")
/// 0
#[pyfunction]
#[pyo3(signature = (hand, *, sanma = false))]
fn shanten_thirteen_orphans(hand: &Bound<'_, PyAny>, sanma: bool) -> PyResult<Option<i8>> {
    Ok(form(sh::shanten_thirteen_orphans(&closed_of(hand, sanma)?)))
}

/// For 3n+1 closed tiles: the shanten and the kinds whose draw lowers it (有効牌); under
/// `sanma` only the kinds of three-player mahjong.
///
/// >>> necessary_tiles("23m456p789s11z346s")
/// (1, ['1m', '4m', '2s', '5s'])
/// >>> necessary_tiles("19m123456789p11s", sanma=True)
/// (1, ['1m', '9m', '1s'])
#[pyfunction]
#[pyo3(signature = (hand, *, sanma = false))]
fn necessary_tiles(hand: &Bound<'_, PyAny>, sanma: bool) -> PyResult<(i8, Vec<String>)> {
    let closed = closed_of(hand, sanma)?;
    (rule_set(sanma).try_necessary)(&closed).map(|(s, set)| (s, names(set))).map_err(|e| tiles_error(&e))
}

/// For 3n+2 closed tiles: the shanten and the held kinds whose discard keeps it (不要牌).
///
/// >>> unnecessary_tiles("123m456p789s11z3s9s4z")
/// (1, ['3s', '9s', '4z'])
#[pyfunction]
#[pyo3(signature = (hand, *, sanma = false))]
fn unnecessary_tiles(hand: &Bound<'_, PyAny>, sanma: bool) -> PyResult<(i8, Vec<String>)> {
    let closed = closed_of(hand, sanma)?;
    (rule_set(sanma).try_unnecessary)(&closed).map(|(s, set)| (s, names(set))).map_err(|e| tiles_error(&e))
}

/// The waits of a hand of 3n+1 closed tiles, as `haipai waits --kinds --json` prints them:
/// `hand`, `tenpai`, `winning_tiles`, `lines` (document 004's notation), `details` (one per
/// line: `line`, `kind`, `wins`, `live`, `karaten`), `live` and `shapes`.
///
/// >>> w = waits("1112345678999m")
/// >>> w["tenpai"], w["winning_tiles"]
/// (True, ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m'])
/// >>> w["details"][0]["kind"], w["details"][0]["line"]
/// ('shanpon', '(11m)(123m)(456m)(789m)[99m]')
#[pyfunction]
#[pyo3(signature = (hand, *, karaten = false, seven_pairs = true))]
fn waits(py: Python<'_>, hand: &Bound<'_, PyAny>, karaten: bool, seven_pairs: bool) -> PyResult<Py<PyAny>> {
    let hand = hand_of(hand)?;
    let mut switches = Switches::default();
    (switches.kinds, switches.karaten, switches.no_seven_pairs) = (true, karaten, !seven_pairs);
    let w = hand_waits(&hand, switches.line_options()).map_err(|e| tiles_error(&e))?;
    to_py(py, &describe(&hand, &w, Notation::Mpsz, &hand.to_string(), &switches).json)
}

/// Adds the class and the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHand>()?;
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_regular, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_seven_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_thirteen_orphans, m)?)?;
    m.add_function(wrap_pyfunction!(necessary_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(unnecessary_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    Ok(())
}

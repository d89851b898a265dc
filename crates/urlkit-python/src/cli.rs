//! Helpers for `python -m urlkit` (`python/urlkit/__main__.py`), so that it prints what the
//! `urlkit` command prints.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;

/// `s` quoted as the command quotes inputs in its reports: Rust's `{:?}` (escapes for
/// quotes, backslashes and line ends, `\u{…}` for unprintable and grapheme-extending
/// characters).
#[pyfunction]
fn _quoted(s: PyBackedStr) -> String {
    format!("{:?}", &*s)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_quoted, m)?)
}

//! urlkit for Python: the extension module `urlkit._urlkit`.
//!
//! Each Python-facing concept sits in its own module here and registers its classes and
//! functions in [`_urlkit`]; the pure-Python package in `python/urlkit` re-exports them
//! under their public names and adds what is simpler in Python.

use pyo3::prelude::*;

mod batch;
mod cli;
mod data;
mod domain;
mod error;
mod extract;
mod index;
mod lint;
mod normalize;
mod pattern;
mod rfc3986;
mod search_params;
mod template;
mod url;

/// The extension module: every submodule's `register` adds its names.
#[pymodule]
fn _urlkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    error::register(m)?;
    url::register(m)?;
    search_params::register(m)?;
    domain::register(m)?;
    normalize::register(m)?;
    lint::register(m)?;
    extract::register(m)?;
    pattern::register(m)?;
    rfc3986::register(m)?;
    batch::register(m)?;
    cli::register(m)?;
    template::register(m)?;
    data::register(m)?;
    Ok(())
}

//! `urlkit.normalize` and `urlkit.surt`: the canonical forms of [`urlkit::canon::Profile`]'s
//! table (the CLI's `--profile` names; a new row of the table is a new profile here too).

use crate::error::{raise, rfc3986_error, url_error};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use urlkit::canon::{CanonError, Profile};

/// The `URLError` for a profile's failure on `input`.
fn canon_error(py: Python<'_>, e: CanonError, input: &str) -> PyErr {
    match e {
        CanonError::Whatwg(e) => url_error(py, e, input),
        CanonError::Rfc3986(e) => rfc3986_error(py, e, input),
        CanonError::Surt(e) => {
            let message = e.to_string();
            raise(py, message.clone(), "surt", 0, input, &message)
        }
        other => {
            let message = other.to_string();
            raise(py, message.clone(), "no-host", 0, input, &message)
        }
    }
}

/// The canonical form of ``url`` under ``profile``.
///
/// Profiles (``urlkit.PROFILES``, the ``urlkit normalize --profile`` names): ``whatwg``
/// (the WHATWG serialization), ``rfc3986`` (RFC 3986 §6.2.2–6.2.3 on a strictly parsed
/// reference), ``safe-browsing`` (the Safe Browsing canonical URL), ``surt`` (the SURT key
/// of web archives), ``crawler`` (w3lib-style deduplication form: query sorted, fragment
/// dropped). An unknown profile raises ``ValueError``; a URL the profile cannot
/// handle raises ``URLError``.
///
/// >>> import urlkit
/// >>> urlkit.normalize("HTTP://Example.COM:80/a/./b/../c")
/// 'http://example.com/a/c'
/// >>> urlkit.normalize("https://example.com/?b=2&utm_source=x&a=1#top", "crawler")
/// 'https://example.com/?a=1&b=2&utm_source=x'
/// >>> urlkit.normalize("http://www.Example.com/path?b&a", profile="surt")
/// 'com,example)/path?a&b'
#[pyfunction]
#[pyo3(signature = (url, profile = "whatwg"))]
pub(crate) fn normalize(py: Python<'_>, url: PyBackedStr, profile: &str) -> PyResult<String> {
    let profile: Profile = profile
        .parse()
        .map_err(|e: urlkit::canon::UnknownProfile| PyValueError::new_err(e.to_string()))?;
    profile.canonicalize(&url).map_err(|e| canon_error(py, e, &url))
}

/// The SURT key of ``url``: what Python's ``surt.surt(url)`` gives with its defaults.
///
/// >>> import urlkit
/// >>> urlkit.surt("http://www.archive.org/goo/?b=2&a=1")
/// 'org,archive)/goo?a=1&b=2'
#[pyfunction]
pub(crate) fn surt(py: Python<'_>, url: PyBackedStr) -> PyResult<String> {
    urlkit::canon::surt(&url).map_err(|e| canon_error(py, CanonError::Surt(e), &url))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
    m.add("PROFILES", pyo3::types::PyTuple::new(m.py(), names)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(surt, m)?)
}

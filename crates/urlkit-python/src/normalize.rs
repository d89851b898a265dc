//! `urlkit.normalize` and `urlkit.surt`: the canonical forms of [`urlkit::canon::Profile`]'s
//! table (the CLI's `--profile` names; a new row of the table is a new profile here too).

use crate::error::{raise, rfc3986_error, url_error};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use urlkit::canon::{CanonError, Normalizer, Profile, Step};

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

/// The canonical form of ``url`` under ``profile``, then the normalization steps chosen.
///
/// Profiles (``urlkit.PROFILES``, the ``urlkit normalize --profile`` names): ``whatwg``
/// (the WHATWG serialization), ``rfc3986`` (RFC 3986 §6.2.2–6.2.3 on a strictly parsed
/// reference), ``safe-browsing`` (the Safe Browsing canonical URL), ``surt`` (the SURT key
/// of web archives), ``crawler`` (w3lib-style deduplication form: query sorted, fragment
/// dropped). An unknown profile raises ``ValueError``; a URL the profile cannot
/// handle raises ``URLError``.
///
/// Steps (``urlkit.STEPS``, applied in that order whatever order they are given in, as
/// ``urlkit normalize --strip`` does): ``strip`` names them (a list, or one string of
/// comma-separated names: ``"www,fragment,tracking"``); ``keep_query`` keeps only the query
/// parameters named (exact names or ``*`` globs; the ``keep-query`` step);
/// ``force_https``/``force_http``/``lowercase_path`` are those steps;
/// ``tracking_parameters`` and ``index_names`` replace the lists the ``tracking`` and
/// ``index`` steps read. An unknown step raises ``ValueError`` listing the names; steps
/// with the ``rfc3986`` or ``safe-browsing`` profile raise ``ValueError``.
///
/// >>> import urlkit
/// >>> urlkit.normalize("HTTP://Example.COM:80/a/./b/../c")
/// 'http://example.com/a/c'
/// >>> urlkit.normalize("https://example.com/?b=2&utm_source=x&a=1#top", "crawler")
/// 'https://example.com/?a=1&b=2&utm_source=x'
/// >>> urlkit.normalize("http://www.Example.com/path?b&a", profile="surt")
/// 'com,example)/path?a&b'
/// >>> urlkit.normalize("https://www.example.com/a/?utm_source=x&id=7#top", strip=["www", "fragment", "tracking", "trailing-slash"])
/// 'https://example.com/a?id=7'
/// >>> urlkit.normalize("http://example.com/?id=7&ref=x&page=2", keep_query=["id", "page*"], force_https=True)
/// 'https://example.com/?id=7&page=2'
#[pyfunction]
#[pyo3(signature = (
    url,
    profile = "whatwg",
    *,
    strip = None,
    keep_query = None,
    force_https = false,
    force_http = false,
    lowercase_path = false,
    tracking_parameters = None,
    index_names = None,
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn normalize(
    py: Python<'_>,
    url: PyBackedStr,
    profile: &str,
    strip: Option<&Bound<'_, PyAny>>,
    keep_query: Option<&Bound<'_, PyAny>>,
    force_https: bool,
    force_http: bool,
    lowercase_path: bool,
    tracking_parameters: Option<&Bound<'_, PyAny>>,
    index_names: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let profile: Profile = profile
        .parse()
        .map_err(|e: urlkit::canon::UnknownProfile| PyValueError::new_err(e.to_string()))?;
    if force_https && force_http {
        return Err(PyValueError::new_err(
            "force_https and force_http exclude each other",
        ));
    }
    let mut n = Normalizer::new(profile)
        .steps(names(strip)?)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(keep) = keep_query {
        // Comma-separated items too, as `--keep-query id,page*` takes them.
        let keep = names(Some(keep))?;
        n = n.keep_query(
            keep.iter()
                .flat_map(|l| l.split(','))
                .map(str::trim)
                .filter(|s| !s.is_empty()),
        );
    }
    for (on, step) in [
        (force_https, Step::ForceHttps),
        (force_http, Step::ForceHttp),
        (lowercase_path, Step::LowercasePath),
    ] {
        if on {
            n = n.step(step);
        }
    }
    if let Some(list) = tracking_parameters {
        n = n.tracking_parameters(names(Some(list))?);
    }
    if let Some(list) = index_names {
        n = n.index_names(names(Some(list))?);
    }
    match n.normalize(&url) {
        Ok(s) => Ok(s),
        Err(e @ CanonError::StepsUnsupported(_)) => Err(PyValueError::new_err(e.to_string())),
        Err(e) => Err(canon_error(py, e, &url)),
    }
}

/// A list of names: one `str`, or an iterable of them; `None` is none.
fn names(v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(Vec::new());
    };
    if let Ok(s) = v.extract::<String>() {
        return Ok(vec![s]);
    }
    v.try_iter()?.map(|item| item?.extract::<String>()).collect()
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
    m.add_function(wrap_pyfunction!(surt, m)?)?;
    let steps: Vec<&str> = Step::ALL.iter().map(|s| s.name()).collect();
    m.add("STEPS", pyo3::types::PyTuple::new(m.py(), steps)?)
}

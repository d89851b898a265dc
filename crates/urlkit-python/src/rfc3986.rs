//! `urlkit.rfc3986`: RFC 3986 URI references ([`urlkit::rfc3986`]): the Appendix A grammar,
//! §5 reference resolution, §6.2.2–6.2.3 normalization. The Python module
//! `urlkit/rfc3986.py` gives these their public names.

use crate::error::rfc3986_error;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyDict;
use urlkit::rfc3986::UriRef;

/// The components of the URI reference ``s`` (``None`` for absent ones).
#[pyfunction]
pub(crate) fn _rfc3986_parse<'py>(py: Python<'py>, s: PyBackedStr) -> PyResult<Bound<'py, PyDict>> {
    let r = UriRef::parse(&s).map_err(|e| rfc3986_error(py, e, &s))?;
    let d = PyDict::new(py);
    d.set_item("scheme", r.scheme())?;
    d.set_item("authority", r.authority())?;
    d.set_item("userinfo", r.userinfo())?;
    d.set_item("host", r.host())?;
    d.set_item("port", r.port())?;
    d.set_item("path", r.path())?;
    d.set_item("query", r.query())?;
    d.set_item("fragment", r.fragment())?;
    Ok(d)
}

/// ``reference`` resolved against ``base`` (RFC 3986 §5.2, strict).
#[pyfunction]
pub(crate) fn _rfc3986_resolve(
    py: Python<'_>,
    base: PyBackedStr,
    reference: PyBackedStr,
) -> PyResult<String> {
    let b = UriRef::parse(&base).map_err(|e| rfc3986_error(py, e, &base))?;
    let r = UriRef::parse(&reference).map_err(|e| rfc3986_error(py, e, &reference))?;
    Ok(r.resolve_against(&b).into_string())
}

/// ``s`` normalized (RFC 3986 §6.2.2 syntax-based and §6.2.3 scheme-based normalization).
#[pyfunction]
pub(crate) fn _rfc3986_normalize(py: Python<'_>, s: PyBackedStr) -> PyResult<String> {
    let r = UriRef::parse(&s).map_err(|e| rfc3986_error(py, e, &s))?;
    Ok(r.normalized().into_string())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_rfc3986_parse, m)?)?;
    m.add_function(wrap_pyfunction!(_rfc3986_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(_rfc3986_normalize, m)?)
}

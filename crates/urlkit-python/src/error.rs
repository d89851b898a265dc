//! `urlkit.URLError`: a `ValueError` for URLs that do not parse, with the URL Standard's
//! name for the failure (`kind`) and where it was seen as a Python string index (`position`).

use crate::index::char_index;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    urlkit,
    URLError,
    PyValueError,
    "A URL (or base URL) that does not parse.\n\n\
     Attributes: ``kind``, the URL Standard's name of the failure (``\"domain-invalid-code-point\"``);\n\
     ``position``, the index in ``input`` (a ``str`` index, code points) where it was seen;\n\
     ``input``, the string that failed (the URL, or its base); ``description``, the failure in\n\
     words.\n\n\
     >>> import urlkit\n\
     >>> try:\n\
     ...     urlkit.URL(\"https://ex ample.org/\")\n\
     ... except urlkit.URLError as e:\n\
     ...     print(e.kind, e.position)\n\
     domain-invalid-code-point 8"
);

/// A `URLError` for `e`, raised while parsing `input`.
pub(crate) fn url_error(py: Python<'_>, e: urlkit::ParseError, input: &str) -> PyErr {
    let position = char_index(input, e.position());
    let message = format!("{} at index {}", e.kind().description(), position);
    let description = e.kind().description();
    raise(py, message, e.kind().spec_name(), position, input, description)
}

/// A `URLError` for a parse of a string made from `input` (a prefix added, spaces trimmed):
/// `byte` is the failure's byte offset in `input` itself.
pub(crate) fn url_error_in(py: Python<'_>, e: urlkit::ParseError, input: &str, byte: usize) -> PyErr {
    let position = char_index(input, byte.min(input.len()));
    let message = format!("{} at index {}", e.kind().description(), position);
    let description = e.kind().description();
    raise(py, message, e.kind().spec_name(), position, input, description)
}

/// A `URLError` for an RFC 3986 parse failure: `kind` is the grammar rule that was expected
/// (RFC 3986 Appendix A), e.g. `"pct-encoded"`.
pub(crate) fn rfc3986_error(py: Python<'_>, e: urlkit::rfc3986::ParseError, input: &str) -> PyErr {
    let position = char_index(input, e.position());
    let found = match e.found() {
        Some(c) => format!("{c:?}"),
        None => "end of input".to_owned(),
    };
    let message = format!("expected {} at index {position}, found {found}", e.expected());
    let description = format!("expected {}", e.expected());
    raise(py, message, e.expected().name(), position, input, &description)
}

/// A `URLError` with `message` whose attributes are `kind`, `position` (a `str` index into
/// `input`), `input` and `description` (the message without its position).
pub(crate) fn raise(
    py: Python<'_>,
    message: String,
    kind: &str,
    position: usize,
    input: &str,
    description: &str,
) -> PyErr {
    let err = URLError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail but for memory errors,
    // which then replace this error.
    let set = value
        .setattr("kind", kind)
        .and_then(|()| value.setattr("position", position))
        .and_then(|()| value.setattr("input", input))
        .and_then(|()| value.setattr("description", description));
    match set {
        Ok(()) => err,
        Err(other) => other,
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("URLError", m.py().get_type::<URLError>())
}

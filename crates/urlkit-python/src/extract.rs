//! `urlkit.extract`: URLs in prose ([`urlkit::text::Finder`]: RFC 3986 Appendix C, RFC 1738's
//! wrappers, GFM autolinks), with spans as Python string indices.

use crate::index::Indexer;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use urlkit::text::{Finder, Options};

/// A URL found in text.
///
/// ``url`` is the URL to use (wrapper removed, ``http://`` added to ``www.`` links,
/// ``mailto:`` to email addresses); ``text`` the occurrence as written, with
/// ``text == source[start:end]`` (``str`` indices); ``kind`` one of ``"url-wrapper"``,
/// ``"angle"``, ``"quoted"``, ``"url-prefix"``, ``"scheme"``, ``"www"``, ``"email"``,
/// ``"domain"``.
///
/// >>> import urlkit
/// >>> s = "Voir «https://exemple.fr/été» ou www.example.com."
/// >>> [(l.url, l.kind, s[l.start:l.end] == l.text) for l in urlkit.extract(s)]
/// [('https://exemple.fr/été', 'scheme', True), ('http://www.example.com', 'www', True)]
#[pyclass(name = "Link", module = "urlkit", frozen, eq)]
#[derive(PartialEq, Eq)]
pub struct Link {
    /// The URL to use.
    #[pyo3(get)]
    url: String,
    /// The occurrence as it appears in the text.
    #[pyo3(get)]
    text: String,
    /// Where the occurrence starts (a ``str`` index).
    #[pyo3(get)]
    start: usize,
    /// Where it ends (a ``str`` index, exclusive).
    #[pyo3(get)]
    end: usize,
    /// How it was recognized.
    #[pyo3(get)]
    kind: &'static str,
    /// Whether it was in a wrapper (``<URL:…>``, ``<…>``, ``"…"``).
    #[pyo3(get)]
    wrapped: bool,
    /// Whether where it ends is a guess that other readings would place elsewhere.
    #[pyo3(get)]
    ambiguous: bool,
    /// The other readings of an ambiguous link (``[]`` otherwise).
    #[pyo3(get)]
    alternatives: Vec<String>,
    /// The 1-based line it starts on.
    #[pyo3(get)]
    line: usize,
}

#[pymethods]
impl Link {
    fn __repr__(&self) -> String {
        format!(
            "Link(url={:?}, start={}, end={}, kind={:?})",
            self.url, self.start, self.end, self.kind
        )
    }
}

/// The URLs in ``text``, in order.
///
/// With ``bare_domains=True`` scheme-less names whose last label is a listed public suffix
/// (``example.com/path``) and IPv4 addresses with a port or path are links too.
///
/// >>> import urlkit
/// >>> [l.url for l in urlkit.extract("see example.com and <URL:ftp://a.example/x>", bare_domains=True)]
/// ['http://example.com', 'ftp://a.example/x']
#[pyfunction]
#[pyo3(signature = (text, *, bare_domains = false))]
pub(crate) fn extract(py: Python<'_>, text: PyBackedStr, bare_domains: bool) -> PyResult<Vec<Py<Link>>> {
    let finder = Finder::new(Options::new().bare_domains(bare_domains));
    // Links come in text order with increasing, non-overlapping spans: one forward walk
    // maps every offset to a code-point index.
    let mut at = Indexer::new(&text);
    finder
        .links(&text)
        .map(|link| {
            let span = link.span();
            let start = at.index(span.start);
            let end = at.index(span.end);
            let link = Link {
                url: link.url().into_owned(),
                text: link.as_str().to_owned(),
                start,
                end,
                kind: link.kind().as_str(),
                wrapped: link.is_wrapped(),
                ambiguous: link.is_ambiguous(),
                alternatives: link.alternatives(),
                line: link.line(),
            };
            Py::new(py, link)
        })
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Link>()?;
    m.add_function(wrap_pyfunction!(extract, m)?)
}

//! `urlkit.lint`: the library's URL linter ([`urlkit::lint::lint`]) and the safe-fetch
//! policy's verdict ([`urlkit::lint::Policy`]), with spans as Python string indices.

use crate::index::Indexer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use urlkit::lint::{Finding as LibFinding, Policy};

/// One finding of the linter.
///
/// ``code`` (``"L010"``…), ``severity`` (``"error"``, ``"warning"`` or ``"note"``),
/// ``start``/``end`` (``str`` indices: ``url[start:end]`` is what the finding is about),
/// ``message`` and ``help``.
///
/// >>> import urlkit
/// >>> url = "http://127.0.0.1/"
/// >>> f = urlkit.lint(url)[0]
/// >>> f.code, f.severity, f.message, url[f.start:f.end]
/// ('L031', 'warning', '127.0.0.1 is a loopback address', '127.0.0.1')
#[pyclass(name = "Finding", module = "urlkit", frozen, eq)]
#[derive(PartialEq, Eq)]
pub struct Finding {
    /// The stable code of the check, ``"L010"``…
    #[pyo3(get)]
    code: String,
    /// ``"error"``, ``"warning"`` or ``"note"``.
    #[pyo3(get)]
    severity: &'static str,
    /// Where it starts in the URL (a ``str`` index).
    #[pyo3(get)]
    start: usize,
    /// Where it ends in the URL (a ``str`` index, exclusive).
    #[pyo3(get)]
    end: usize,
    /// What was found, in a sentence (lower case, no trailing dot).
    #[pyo3(get)]
    message: String,
    /// What to do about it.
    #[pyo3(get)]
    help: &'static str,
    /// The check's stable name (``"internal-address"``).
    #[pyo3(get)]
    name: &'static str,
}

#[pymethods]
impl Finding {
    fn __repr__(&self) -> String {
        format!(
            "Finding(code={:?}, severity={:?}, start={}, end={}, message={:?})",
            self.code, self.severity, self.start, self.end, self.message
        )
    }
}

/// A policy's decision on a URL: ``ok`` (allowed) and ``reasons`` (the findings that denied
/// it; empty when allowed).
///
/// >>> import urlkit
/// >>> v = urlkit.lint("http://127.0.0.1/", policy="strict").verdict
/// >>> v.ok, [f.code for f in v.reasons] != []
/// (False, True)
#[pyclass(name = "Verdict", module = "urlkit", frozen)]
pub struct Verdict {
    /// Whether the policy allows the URL.
    #[pyo3(get)]
    ok: bool,
    /// The findings that decided a denial, as ``Finding`` objects.
    #[pyo3(get)]
    reasons: Vec<Py<Finding>>,
}

#[pymethods]
impl Verdict {
    fn __bool__(&self) -> bool {
        self.ok
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let codes: Vec<String> = self.reasons.iter().map(|f| f.get().code.clone()).collect();
        let _ = py;
        format!(
            "Verdict(ok={}, reasons={codes:?})",
            if self.ok { "True" } else { "False" }
        )
    }
}

/// The findings in order, their spans mapped to `str` indices in one pass. The library
/// sorts findings by span, but not necessarily by start alone, so the indexer may restart.
fn convert(py: Python<'_>, input: &str, findings: &[LibFinding]) -> PyResult<Vec<Py<Finding>>> {
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by_key(|&i| findings[i].span().start);
    let mut spans = vec![(0, 0); findings.len()];
    let mut at = Indexer::new(input);
    for &i in &order {
        spans[i].0 = at.index(findings[i].span().start);
    }
    order.sort_by_key(|&i| findings[i].span().end);
    let mut at = Indexer::new(input);
    for &i in &order {
        spans[i].1 = at.index(findings[i].span().end);
    }
    findings
        .iter()
        .zip(spans)
        .map(|(f, (start, end))| {
            let finding = Finding {
                code: f.code().to_string(),
                severity: f.severity().as_str(),
                start,
                end,
                message: f.message().to_owned(),
                help: f.help(),
                name: f.code().name(),
            };
            Py::new(py, finding)
        })
        .collect()
}

/// The findings on `url` and, under a named policy, its verdict. The Python `urlkit.lint`
/// wraps these in a `LintResult`.
#[pyfunction]
#[pyo3(signature = (url, policy = None))]
pub(crate) fn _lint(
    py: Python<'_>,
    url: PyBackedStr,
    policy: Option<&str>,
) -> PyResult<(Vec<Py<Finding>>, Option<Verdict>)> {
    match policy {
        None => Ok((convert(py, &url, &urlkit::lint::lint(&url))?, None)),
        Some(name @ ("strict" | "default")) => {
            let policy = if name == "strict" {
                Policy::strict()
            } else {
                Policy::default()
            };
            let verdict = policy.check(&url);
            let findings = convert(py, &url, verdict.findings())?;
            let reasons = convert(py, &url, verdict.deciding())?;
            Ok((
                findings,
                Some(Verdict {
                    ok: verdict.is_allowed(),
                    reasons,
                }),
            ))
        }
        Some(other) => Err(PyValueError::new_err(format!(
            "unknown lint policy '{other}' (expected strict or default)"
        ))),
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Finding>()?;
    m.add_class::<Verdict>()?;
    m.add_function(wrap_pyfunction!(_lint, m)?)
}

//! `urlkit.URLPattern`: the URL Pattern Standard (<https://urlpattern.spec.whatwg.org/>) over
//! [`urlkit::pattern::UrlPattern`]; match results as the standard's dictionaries.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList};
use urlkit::pattern::{
    Component, ComponentResult, MatchInput, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult,
};

/// A pattern's input: a constructor or URL string, or a dictionary of components
/// (``URLPatternInit``: ``protocol``, ``username``, ``password``, ``hostname``, ``port``,
/// ``pathname``, ``search``, ``hash``, ``baseURL``).
enum Input {
    String(PyBackedStr),
    Init(UrlPatternInit),
}

impl Input {
    fn from_py(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(dict) = value.cast::<PyDict>() {
            let mut init = UrlPatternInit::default();
            for (key, v) in dict.iter() {
                let key: PyBackedStr = key.extract()?;
                // Members the dictionary does not define are ignored, as WebIDL does.
                let slot = match Component::from_name(&key) {
                    Some(c) => init.get_mut(c),
                    None if matches!(&*key, "baseURL" | "base_url") => &mut init.base_url,
                    None => continue,
                };
                *slot = Some(v.extract()?);
            }
            return Ok(Input::Init(init));
        }
        Ok(Input::String(value.extract()?))
    }

    fn as_input(&self) -> UrlPatternInput<'_> {
        match self {
            Input::String(s) => UrlPatternInput::String(s),
            Input::Init(init) => UrlPatternInput::Init(init),
        }
    }
}

/// A URL pattern (the URL Pattern Standard's ``URLPattern``).
///
/// ``URLPattern(pattern, base_url=None, *, ignore_case=False)``: ``pattern`` is a
/// constructor string (``"https://*.example.com/books/:id"``) or a dictionary of
/// component patterns. ``test(url, base=None)`` says whether a URL matches; ``exec`` returns
/// the standard's ``URLPatternResult`` as a dictionary (``{"inputs": [...], "pathname":
/// {"input": "/books/7", "groups": {"id": "7"}}, ...}``) or ``None``. An invalid pattern
/// raises ``ValueError`` (the standard's ``TypeError``).
///
/// >>> import urlkit
/// >>> p = urlkit.URLPattern("https://:sub.example.com/books/:id")
/// >>> p.test("https://api.example.com/books/7")
/// True
/// >>> r = p.exec("https://api.example.com/books/7")
/// >>> r["hostname"]["groups"], r["pathname"]["groups"]
/// ({'sub': 'api'}, {'id': '7'})
/// >>> urlkit.URLPattern({"pathname": "/a/*"}).pathname
/// '/a/*'
#[pyclass(name = "URLPattern", module = "urlkit", frozen)]
pub struct PyUrlPattern {
    pattern: UrlPattern,
}

fn component_dict<'py>(py: Python<'py>, c: &ComponentResult) -> PyResult<Bound<'py, PyDict>> {
    let groups = PyDict::new(py);
    for (name, value) in &c.groups {
        groups.set_item(name, value.as_deref())?;
    }
    let d = PyDict::new(py);
    d.set_item("input", &c.input)?;
    d.set_item("groups", groups)?;
    Ok(d)
}

fn init_dict<'py>(py: Python<'py>, init: &UrlPatternInit) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for c in Component::ALL {
        if let Some(v) = init.get(c) {
            d.set_item(c.name(), v)?;
        }
    }
    if let Some(base) = &init.base_url {
        d.set_item("baseURL", base)?;
    }
    Ok(d)
}

fn result_dict<'py>(py: Python<'py>, r: &UrlPatternResult) -> PyResult<Bound<'py, PyDict>> {
    let inputs = PyList::empty(py);
    for input in &r.inputs {
        match input {
            MatchInput::String(s) => inputs.append(s)?,
            MatchInput::Init(init) => inputs.append(init_dict(py, init)?)?,
        }
    }
    let d = PyDict::new(py);
    d.set_item("inputs", inputs)?;
    for c in Component::ALL {
        d.set_item(c.name(), component_dict(py, r.get(c))?)?;
    }
    Ok(d)
}

impl PyUrlPattern {
    fn run(&self, input: &Bound<'_, PyAny>, base: Option<&str>) -> PyResult<Option<UrlPatternResult>> {
        let input = Input::from_py(input)?;
        self.pattern
            .exec_input(input.as_input(), base)
            .map_err(|e| PyTypeError::new_err(e.to_string()))
    }
}

#[pymethods]
impl PyUrlPattern {
    #[new]
    #[pyo3(signature = (pattern, base_url = None, *, ignore_case = false))]
    fn new(pattern: &Bound<'_, PyAny>, base_url: Option<&str>, ignore_case: bool) -> PyResult<Self> {
        let input = Input::from_py(pattern)?;
        let options = UrlPatternOptions { ignore_case };
        let pattern = UrlPattern::new(input.as_input(), base_url, options)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyUrlPattern { pattern })
    }

    /// Whether ``url`` (a string, relative to ``base`` when given, or a dictionary of
    /// components) matches.
    #[pyo3(signature = (url, base = None))]
    fn test(&self, url: &Bound<'_, PyAny>, base: Option<&str>) -> PyResult<bool> {
        Ok(self.run(url, base)?.is_some())
    }

    /// The match of ``url`` as the standard's ``URLPatternResult`` dictionary, or ``None``.
    #[pyo3(signature = (url, base = None))]
    fn exec<'py>(
        &self,
        py: Python<'py>,
        url: &Bound<'_, PyAny>,
        base: Option<&str>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.run(url, base)?.map(|r| result_dict(py, &r)).transpose()
    }

    /// The protocol component's pattern string.
    #[getter]
    fn protocol(&self) -> &str {
        self.pattern.protocol()
    }
    /// The username component's pattern string.
    #[getter]
    fn username(&self) -> &str {
        self.pattern.username()
    }
    /// The password component's pattern string.
    #[getter]
    fn password(&self) -> &str {
        self.pattern.password()
    }
    /// The hostname component's pattern string.
    #[getter]
    fn hostname(&self) -> &str {
        self.pattern.hostname()
    }
    /// The port component's pattern string.
    #[getter]
    fn port(&self) -> &str {
        self.pattern.port()
    }
    /// The pathname component's pattern string.
    #[getter]
    fn pathname(&self) -> &str {
        self.pattern.pathname()
    }
    /// The search component's pattern string.
    #[getter]
    fn search(&self) -> &str {
        self.pattern.search()
    }
    /// The hash component's pattern string.
    #[getter]
    fn hash(&self) -> &str {
        self.pattern.hash()
    }
    /// Whether any component uses a regular expression group.
    #[getter]
    fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }

    fn __repr__(&self) -> String {
        format!("URLPattern({:?})", self.pattern.to_string())
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyUrlPattern>()
}

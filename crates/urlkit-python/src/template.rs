//! `urlkit.Template` and `urlkit.TemplateSet`: URI Templates (RFC 6570) over
//! [`urlkit::template`]: expansion (§3), partial expansion, and matching a URL back to its
//! variables. Values cross as Python's own types: `str` (numbers written with `str`),
//! `list`/`tuple` (§2.3 list), `dict` (§2.3 associative array, in insertion order), `None`
//! (undefined).

use crate::index::char_index;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use urlkit::template::{Captures, Template, TemplateSet, Value, ValueRef};

pyo3::create_exception!(
    urlkit,
    TemplateError,
    PyValueError,
    "A URI Template that does not parse (RFC 6570 §2), a value it cannot expand (a prefix\n\
     modifier on a list or dict, §2.4.1), or a template a ``TemplateSet`` cannot match.\n\n\
     Attributes: ``position``, the index in ``template`` (a ``str`` index, code points) where\n\
     the error was seen; ``template``, the template's text; ``description``, the error in\n\
     words without its position.\n\n\
     >>> import urlkit\n\
     >>> try:\n\
     ...     urlkit.Template(\"/users/{id\")\n\
     ... except urlkit.TemplateError as e:\n\
     ...     print(e.position, e.description)\n\
     10 unclosed expression, expected '}'"
);

/// A `TemplateError` for `description` at byte `byte` of `template`.
fn error(py: Python<'_>, description: &str, byte: usize, template: &str) -> PyErr {
    let position = char_index(template, byte);
    let err = TemplateError::new_err(format!("{description} at index {position}"));
    let value = err.value(py);
    let set = value
        .setattr("position", position)
        .and_then(|()| value.setattr("template", template))
        .and_then(|()| value.setattr("description", description));
    match set {
        Ok(()) => err,
        Err(other) => other,
    }
}

fn parse(py: Python<'_>, text: &str) -> PyResult<Template> {
    Template::parse(text).map_err(|e| error(py, e.kind().message(), e.position(), text))
}

/// A scalar value: `str`, or `int`/`float` written as `str()` writes them. `bool` is
/// refused: `str(True)` is not what a URL means by true.
fn scalar(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if v.is_instance_of::<PyString>() {
        return v.extract();
    }
    if v.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "a template value cannot be a bool: pass a str",
        ));
    }
    if v.is_instance_of::<PyInt>() || v.is_instance_of::<PyFloat>() {
        return v.str()?.extract();
    }
    Err(PyTypeError::new_err(format!(
        "a template value must be str, int, float, list, tuple, dict or None, not {}",
        v.get_type().name()?
    )))
}

/// A variable's value; `None` when undefined.
fn value(v: &Bound<'_, PyAny>) -> PyResult<Option<Value>> {
    if v.is_none() {
        return Ok(None);
    }
    if let Ok(d) = v.cast::<PyDict>() {
        let mut pairs = Vec::with_capacity(d.len());
        for (k, v) in d.iter() {
            pairs.push((scalar(&k)?, scalar(&v)?));
        }
        return Ok(Some(Value::Assoc(pairs)));
    }
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let items = v.try_iter()?.map(|i| scalar(&i?)).collect::<PyResult<Vec<_>>>()?;
        return Ok(Some(Value::List(items)));
    }
    scalar(v).map(|s| Some(Value::String(s)))
}

/// The variables of `expand(variables=None, /, **kwargs)`: the mapping, then the keyword
/// arguments (which win); undefined ones left out.
fn variables(
    variables: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(String, Value)>> {
    let mut out: Vec<(String, Value)> = Vec::new();
    let mut put = |k: &Bound<'_, PyAny>, v: &Bound<'_, PyAny>| -> PyResult<()> {
        let name: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("template variable names must be str"))?;
        out.retain(|(n, _)| *n != name);
        if let Some(v) = value(v)? {
            out.push((name, v));
        }
        Ok(())
    };
    if let Some(vars) = variables.filter(|v| !v.is_none()) {
        let items = vars
            .call_method0("items")
            .map_err(|_| PyTypeError::new_err("variables must be a mapping (a dict)"))?;
        for item in items.try_iter()? {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item?.extract()?;
            put(&k, &v)?;
        }
    }
    if let Some(kwargs) = kwargs {
        for (k, v) in kwargs.iter() {
            put(&k, &v)?;
        }
    }
    Ok(out)
}

/// A matched value as Python's type: `str`, `list` or `dict`.
fn value_to_py<'py>(py: Python<'py>, v: ValueRef<'_>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        ValueRef::String(s) => PyString::new(py, s).into_any(),
        ValueRef::List(items) => PyList::new(py, items)?.into_any(),
        ValueRef::StrList(items) => PyList::new(py, items)?.into_any(),
        ValueRef::Assoc(pairs) => {
            let d = PyDict::new(py);
            for (k, v) in pairs {
                d.set_item(k, v)?;
            }
            d.into_any()
        }
        ValueRef::StrAssoc(pairs) => {
            let d = PyDict::new(py);
            for (k, v) in pairs {
                d.set_item(k, v)?;
            }
            d.into_any()
        }
    })
}

fn captures_to_py<'py>(py: Python<'py>, found: &Captures<'_>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, v) in found.iter() {
        d.set_item(name, value_to_py(py, v)?)?;
    }
    Ok(d)
}

/// A URI Template (RFC 6570), parsed once, expanded and matched any number of times.
///
/// ``Template(text)`` raises ``TemplateError`` (a ``ValueError``) when ``text`` is not a
/// template. ``expand(variables=None, /, **kwargs)`` fills it in: values are ``str``,
/// ``int``/``float`` (written with ``str``), ``list``/``tuple`` (a list), ``dict`` (an
/// associative array, in insertion order) or ``None`` (undefined: left out).
/// ``match(url)`` goes the other way, for the templates whose match is unique
/// (``is_matchable()``; ``ambiguity`` says why not).
///
/// >>> import urlkit
/// >>> t = urlkit.Template("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*}")
/// >>> url = t.expand(owner="rust-lang", repo="rust", labels=["C-bug", "A-docs"])
/// >>> url
/// 'https://api.example.com/repos/rust-lang/rust/issues?labels=C-bug&labels=A-docs'
/// >>> t.match(url)
/// {'owner': 'rust-lang', 'repo': 'rust', 'labels': ['C-bug', 'A-docs']}
/// >>> t.variables
/// ['owner', 'repo', 'state', 'labels']
/// >>> urlkit.Template("{/path*}{?q}").expand({"path": ("a", "b c"), "q": 3})
/// '/a/b%20c?q=3'
#[pyclass(name = "Template", module = "urlkit", frozen)]
pub struct PyTemplate {
    template: Template,
}

#[pymethods]
impl PyTemplate {
    #[new]
    fn new(py: Python<'_>, text: PyBackedStr) -> PyResult<Self> {
        Ok(PyTemplate {
            template: parse(py, &text)?,
        })
    }

    /// The expansion (RFC 6570 §3) with ``variables`` (a ``dict``) and the keyword
    /// arguments (which win over it); undefined variables are left out.
    ///
    /// >>> import urlkit
    /// >>> urlkit.Template("/search{?q,lang}").expand({"q": "café"}, lang=None)
    /// '/search?q=caf%C3%A9'
    /// >>> urlkit.Template("{;keys*}").expand(keys={"a": 1, "b": "x y"})
    /// ';a=1;b=x%20y'
    #[pyo3(signature = (variables = None, /, **kwargs))]
    fn expand(
        &self,
        py: Python<'_>,
        variables: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let vars = self::variables(variables, kwargs)?;
        self.template
            .expand(&vars)
            .map_err(|e| expand_error(py, e, self.template.as_str()))
    }

    /// Partial expansion: the defined variables expanded, the others left as expressions,
    /// so that expanding the result later with the rest gives the whole expansion.
    ///
    /// >>> import urlkit
    /// >>> urlkit.Template("/repos/{owner}/{repo}{?a,b}").expand_partial(owner="o", b=2)
    /// '/repos/o/{repo}?b=2{&a}'
    #[pyo3(signature = (variables = None, /, **kwargs))]
    fn expand_partial(
        &self,
        py: Python<'_>,
        variables: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let vars = self::variables(variables, kwargs)?;
        self.template
            .expand_partial(&vars)
            .map_err(|e| expand_error(py, e, self.template.as_str()))
    }

    /// The names of the variables, in order of first appearance, each once.
    ///
    /// >>> import urlkit
    /// >>> urlkit.Template("{a}/{b,a}{?c,b}").variables
    /// ['a', 'b', 'c']
    #[getter]
    fn variables(&self) -> Vec<&str> {
        self.template.variables()
    }

    /// The variables whose expansion gives ``url`` (``str``, ``list`` or ``dict`` values,
    /// percent-decoded), or ``None`` when ``url`` is not an expansion of the template or the
    /// template cannot be matched (see ``is_matchable``).
    ///
    /// >>> import urlkit
    /// >>> t = urlkit.Template("/search{?q,lang}{#section}")
    /// >>> t.match("/search?lang=en&q=caf%C3%A9#top")
    /// {'q': 'café', 'lang': 'en', 'section': 'top'}
    /// >>> t.match("/other") is None
    /// True
    #[pyo3(name = "match")]
    fn match_url<'py>(&self, py: Python<'py>, url: PyBackedStr) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.template
            .match_url(&url)
            .map(|found| captures_to_py(py, &found))
            .transpose()
    }

    /// Whether ``match`` can match this template: its match is unique.
    ///
    /// >>> import urlkit
    /// >>> urlkit.Template("/{a}/{b}").is_matchable(), urlkit.Template("/{a}{b}").is_matchable()
    /// (True, False)
    fn is_matchable(&self) -> bool {
        self.template.matchable().is_ok()
    }

    /// Why ``match`` cannot match this template (the reason, at a ``str`` index of the
    /// template), or ``None`` when it can.
    ///
    /// >>> import urlkit
    /// >>> urlkit.Template("/{a}{b}").ambiguity
    /// 'adjacent expressions can take the same characters, expected a literal between them at index 1'
    /// >>> urlkit.Template("/{a}/{b}").ambiguity is None
    /// True
    #[getter]
    fn ambiguity(&self) -> Option<String> {
        let text = self.template.as_str();
        self.template.matchable().err().map(|a| {
            format!(
                "{} at index {}",
                a.kind().message(),
                char_index(text, a.position())
            )
        })
    }

    fn __str__(&self) -> &str {
        self.template.as_str()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, self.template.as_str()).repr()?;
        Ok(format!("Template({text})"))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyTemplate>()
            .is_ok_and(|o| o.get().template == self.template)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, self.template.as_str()).hash()
    }

    fn __getnewargs__(&self) -> (&str,) {
        (self.template.as_str(),)
    }
}

fn expand_error(py: Python<'_>, e: urlkit::template::ExpandError, text: &str) -> PyErr {
    error(
        py,
        "prefix modifier on a list or associative array",
        e.position(),
        text,
    )
}

/// A template given as a ``Template`` or as text.
fn template_of(py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Template> {
    if let Ok(t) = t.cast::<PyTemplate>() {
        return Ok(t.get().template.clone());
    }
    let text: PyBackedStr = t
        .extract()
        .map_err(|_| PyTypeError::new_err("a TemplateSet holds templates: Template or str"))?;
    parse(py, &text)
}

/// Many URI Templates matched against a URL at once, answering with the most specific
/// template that matches: the one with the most literal characters, then the fewest
/// variables, then the one given first.
///
/// ``TemplateSet(templates)`` takes ``Template``s or strings; a template that cannot be
/// matched (``Template.is_matchable()`` is false) raises ``TemplateError``.
/// ``match(url)`` returns ``(index, variables)`` or ``None``; ``set[index]`` is the
/// template.
///
/// >>> import urlkit
/// >>> routes = urlkit.TemplateSet(["/repos/{owner}/{repo}", "/repos/{owner}/{repo}/issues{?state}", "/repos/rust-lang/{repo}"])
/// >>> routes.match("/repos/rust-lang/rust")
/// (2, {'repo': 'rust'})
/// >>> i, found = routes.match("/repos/o/r/issues?state=open")
/// >>> routes[i], found
/// (Template('/repos/{owner}/{repo}/issues{?state}'), {'owner': 'o', 'repo': 'r', 'state': 'open'})
/// >>> routes.match("/users/o") is None
/// True
/// >>> len(routes)
/// 3
#[pyclass(name = "TemplateSet", module = "urlkit", frozen)]
pub struct PyTemplateSet {
    set: TemplateSet,
}

#[pymethods]
impl PyTemplateSet {
    #[new]
    fn new(py: Python<'_>, templates: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut set = TemplateSet::new();
        for t in templates.try_iter()? {
            let template = template_of(py, &t?)?;
            let text = template.as_str().to_owned();
            set.push(template)
                .map_err(|a| error(py, a.kind().message(), a.position(), &text))?;
        }
        Ok(PyTemplateSet { set })
    }

    /// The most specific template that matches ``url``, as ``(index, variables)``, or
    /// ``None``.
    ///
    /// >>> import urlkit
    /// >>> s = urlkit.TemplateSet(["/users/{id}", "/users/me"])
    /// >>> s.match("/users/me"), s.match("/users/7")
    /// ((1, {}), (0, {'id': '7'}))
    #[pyo3(name = "match")]
    fn match_url<'py>(
        &self,
        py: Python<'py>,
        url: PyBackedStr,
    ) -> PyResult<Option<(usize, Bound<'py, PyDict>)>> {
        match self.set.match_url(&url) {
            Some((i, found)) => Ok(Some((i, captures_to_py(py, &found)?))),
            None => Ok(None),
        }
    }

    /// The indices of every template that matches ``url``, most specific first.
    ///
    /// >>> import urlkit
    /// >>> urlkit.TemplateSet(["/{a}/b", "/{a}/{b}", "/x/{b}"]).matches("/x/b")
    /// [0, 2, 1]
    fn matches(&self, url: PyBackedStr) -> Vec<usize> {
        self.set.matches(&url)
    }

    fn __len__(&self) -> usize {
        self.set.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<PyTemplate> {
        let len = self.set.len() as isize;
        let i = if index < 0 { index + len } else { index };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.set.get(i))
            .map(|t| PyTemplate { template: t.clone() })
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("TemplateSet index out of range"))
    }

    fn __repr__(&self) -> String {
        format!("<TemplateSet of {} templates>", self.set.len())
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("TemplateError", m.py().get_type::<TemplateError>())?;
    m.add_class::<PyTemplate>()?;
    m.add_class::<PyTemplateSet>()
}

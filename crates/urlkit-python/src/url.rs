//! `urlkit.URL`: the URL Standard's `URL` class (<https://url.spec.whatwg.org/#url-class>)
//! over [`urlkit::Url`]. The object holds the one parsed buffer; each getter slices it and
//! makes its Python string only when asked.

use crate::error::raise;
use crate::error::url_error;
use crate::index::char_index;
use crate::search_params::SearchParams;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBool, PyDict};
use pyo3::types::{PyString, PyTuple, PyType};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use urlkit::{Attribute, SetterError, Url};
use urlkit::{BuildErrorKind, Redact};

/// A URL parsed by the WHATWG URL Standard (what browsers do).
///
/// ``URL(input, base=None)`` parses ``input``, resolved against ``base`` (a ``str`` or a
/// ``URL``) when given, and raises ``URLError`` when it does not parse. The attributes are
/// those of the standard's API, as strings; assigning to one runs the standard's setter
/// (a value the setter rejects leaves the URL unchanged, as in a browser; only ``href``
/// raises ``URLError``).
///
/// >>> from urlkit import URL
/// >>> u = URL("HTTPS://user@EXAMPLE.org:443/a/../b?q=1#top")
/// >>> u.href
/// 'https://user@example.org/b?q=1#top'
/// >>> (u.protocol, u.hostname, u.port, u.pathname, u.search, u.hash)
/// ('https:', 'example.org', '', '/b', '?q=1', '#top')
/// >>> u.port = "8443"
/// >>> u.host
/// 'example.org:8443'
/// >>> u.search_params.append("lang", "en")
/// >>> str(u)
/// 'https://user@example.org:8443/b?q=1&lang=en#top'
/// >>> URL("../c", base="https://example.org/a/b").href
/// 'https://example.org/c'
#[pyclass(name = "URL", module = "urlkit", weakref)]
pub struct PyUrl {
    pub(crate) url: Url,
}

/// Parses `input` against an optional base given as a `str` or a `URL`.
fn parse(py: Python<'_>, input: &str, base: Option<&Bound<'_, PyAny>>) -> PyResult<Url> {
    let Some(base) = base.filter(|b| !b.is_none()) else {
        return Url::parse(input).map_err(|e| url_error(py, e, input));
    };
    if let Ok(base) = base.cast::<PyUrl>() {
        let base = base.borrow();
        return Url::parse_with_base(input, Some(&base.url)).map_err(|e| url_error(py, e, input));
    }
    let text: PyBackedStr = base.extract()?;
    let base = Url::parse(&text).map_err(|e| url_error(py, e, &text))?;
    Url::parse_with_base(input, Some(&base)).map_err(|e| url_error(py, e, input))
}

impl PyUrl {
    /// Runs the setter of `attr`; the standard ignores values its setters reject.
    fn set(&mut self, attr: Attribute, value: &str) {
        // `SetterError` says why the URL was left unchanged; the URL API reports nothing.
        let _: Result<(), SetterError> = self.url.set(attr, value);
    }
}

#[pymethods]
impl PyUrl {
    #[new]
    #[pyo3(signature = (input, base = None))]
    fn new(py: Python<'_>, input: PyBackedStr, base: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Ok(PyUrl {
            url: parse(py, &input, base)?,
        })
    }

    /// Whether ``input`` parses (against ``base`` when given), without building the URL.
    ///
    /// >>> URL.can_parse("https://example.org/"), URL.can_parse("//x"), URL.can_parse("//x", "https://a/")
    /// (True, False, True)
    #[staticmethod]
    #[pyo3(signature = (input, base = None))]
    fn can_parse(input: PyBackedStr, base: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let Some(base) = base.filter(|b| !b.is_none()) else {
            return Ok(Url::can_parse(&input, None));
        };
        if let Ok(base) = base.cast::<PyUrl>() {
            return Ok(Url::parse_with_base(&input, Some(&base.borrow().url)).is_ok());
        }
        let base: PyBackedStr = base.extract()?;
        Ok(Url::can_parse(&input, Some(&base)))
    }

    /// The whole URL (its serialization); assigning parses a new URL or raises ``URLError``.
    #[getter]
    fn href(&self) -> &str {
        self.url.href()
    }
    #[setter]
    fn set_href(&mut self, py: Python<'_>, value: PyBackedStr) -> PyResult<()> {
        match self.url.set_href(&value) {
            Ok(()) => Ok(()),
            Err(SetterError::Invalid(e)) => Err(url_error(py, e, &value)),
            Err(other) => Err(pyo3::exceptions::PyValueError::new_err(other.to_string())),
        }
    }

    /// The origin's serialization (``"null"`` for an opaque origin); read-only.
    #[getter]
    fn origin(&self) -> String {
        self.url.origin().ascii_serialization()
    }

    /// The scheme and its colon, ``"https:"``.
    #[getter]
    fn protocol(&self) -> &str {
        self.url.protocol()
    }
    #[setter]
    fn set_protocol(&mut self, value: PyBackedStr) {
        self.set(Attribute::Protocol, &value)
    }

    /// The username, percent-encoded (``""`` when there is none).
    #[getter]
    fn username(&self) -> &str {
        self.url.username()
    }
    #[setter]
    fn set_username(&mut self, value: PyBackedStr) {
        self.set(Attribute::Username, &value)
    }

    /// The password, percent-encoded (``""`` when there is none).
    #[getter]
    fn password(&self) -> &str {
        self.url.password_str()
    }
    #[setter]
    fn set_password(&mut self, value: PyBackedStr) {
        self.set(Attribute::Password, &value)
    }

    /// The host and, when there is one, ``:port``.
    #[getter]
    fn host(&self) -> &str {
        self.url.host_port()
    }
    #[setter]
    fn set_host(&mut self, value: PyBackedStr) {
        self.set(Attribute::Host, &value)
    }

    /// The host: a domain in ASCII (IDNs in punycode), an IPv4 address, ``[IPv6]``, or an
    /// opaque host; ``""`` when there is none.
    #[getter]
    fn hostname(&self) -> &str {
        self.url.hostname()
    }
    #[setter]
    fn set_hostname(&mut self, value: PyBackedStr) {
        self.set(Attribute::Hostname, &value)
    }

    /// The port as written, ``""`` when absent or the scheme's default.
    #[getter]
    fn port(&self) -> &str {
        self.url.port_str()
    }
    #[setter]
    fn set_port(&mut self, value: PyBackedStr) {
        self.set(Attribute::Port, &value)
    }

    /// The path (an opaque path as written, ``mailto:`` and the like).
    #[getter]
    fn pathname(&self) -> &str {
        self.url.pathname()
    }
    #[setter]
    fn set_pathname(&mut self, value: PyBackedStr) {
        self.set(Attribute::Pathname, &value)
    }

    /// ``"?"`` and the query, or ``""`` when the query is absent or empty.
    #[getter]
    fn search(&self) -> &str {
        self.url.search()
    }
    #[setter]
    fn set_search(&mut self, value: PyBackedStr) {
        self.set(Attribute::Search, &value)
    }

    /// ``"#"`` and the fragment, or ``""`` when the fragment is absent or empty.
    #[getter]
    fn hash(&self) -> &str {
        self.url.hash_str()
    }
    #[setter]
    fn set_hash(&mut self, value: PyBackedStr) {
        self.set(Attribute::Hash, &value)
    }

    /// The query as a live ``URLSearchParams``: edits rewrite this URL's query.
    #[getter]
    fn search_params(slf: &Bound<'_, Self>) -> SearchParams {
        SearchParams::bound_to(slf.clone().unbind())
    }

    /// ``ref`` resolved against this URL (``URL(ref, base=self)``).
    ///
    /// >>> URL("https://example.org/a/b").join("../c?x").href
    /// 'https://example.org/c?x'
    fn join(&self, py: Python<'_>, r#ref: PyBackedStr) -> PyResult<Self> {
        let url = self.url.join(&r#ref).map_err(|e| url_error(py, e, &r#ref))?;
        Ok(PyUrl { url })
    }

    /// The href with its secrets masked by ``xxxxx``, for logs (issue 28). With no argument,
    /// Go's ``URL.Redacted``: the password only. ``userinfo=True`` masks the username too;
    /// ``parameters=True`` masks the values of the built-in secret parameters (``token``,
    /// ``key``, ``sig``, ``access_token``, ``X-Amz-Signature``, …) in the query and the
    /// fragment, ``parameters=[names]`` those named (ASCII case-insensitive).
    ///
    /// >>> u = URL("https://me:hunter2@example.com/cb?state=1&token=abc#access_token=def")
    /// >>> u.redacted()
    /// 'https://me:xxxxx@example.com/cb?state=1&token=abc#access_token=def'
    /// >>> u.redacted(userinfo=True, parameters=True)
    /// 'https://xxxxx:xxxxx@example.com/cb?state=1&token=xxxxx#access_token=xxxxx'
    /// >>> u.redacted(parameters=["state"])
    /// 'https://me:xxxxx@example.com/cb?state=xxxxx&token=abc#access_token=def'
    #[pyo3(signature = (*, userinfo = false, parameters = None))]
    fn redacted(&self, userinfo: bool, parameters: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let parameters = parameters.filter(|p| !p.is_none());
        let redact = match parameters {
            None => Redact::password(),
            Some(p) if p.is_instance_of::<PyBool>() => match p.is_truthy()? {
                true => Redact::new(),
                false => Redact::password(),
            },
            Some(p) if p.is_instance_of::<PyString>() => Redact::password()
                .parameter(&p.extract::<PyBackedStr>()?)
                .fragment(true),
            Some(p) => {
                let names = p
                    .try_iter()?
                    .map(|n| n?.extract::<String>())
                    .collect::<PyResult<Vec<_>>>()?;
                Redact::password().parameters(names).fragment(true)
            }
        };
        Ok(self.url.redacted_with(&redact.userinfo(userinfo)).into_string())
    }

    /// A URL built from its components (issue 28), each percent-encoded with its
    /// component's encode set (``%`` is left alone, so encoded text stays as it is), the
    /// result always a valid URL. ``path`` is the path's text, or a list of segments (each
    /// encoded whole: a ``/`` in one becomes ``%2F``); ``query`` is the query's text, or
    /// ``query_pairs`` name/value pairs (a ``dict`` or a list of pairs) written as
    /// ``application/x-www-form-urlencoded``. A missing or invalid component raises
    /// ``URLError`` (``kind``: ``"missing"``, ``"not-allowed"`` or the URL Standard's name).
    ///
    /// >>> URL.build(scheme="https", host="example.com", path="/a b", query_pairs={"q": "1 2"}).href
    /// 'https://example.com/a%20b?q=1+2'
    /// >>> URL.build(scheme="https", host="Bücher.example", port=8443, path=["docs", "a/b"], fragment="top").href
    /// 'https://xn--bcher-kva.example:8443/docs/a%2Fb#top'
    /// >>> URL.build(scheme="mailto", path="a@example.com").href
    /// 'mailto:a@example.com'
    #[staticmethod]
    #[pyo3(signature = (
        *,
        scheme,
        username = None,
        password = None,
        host = None,
        port = None,
        path = None,
        query = None,
        query_pairs = None,
        fragment = None,
    ))]
    #[allow(clippy::too_many_arguments)]
    fn build(
        py: Python<'_>,
        scheme: PyBackedStr,
        username: Option<PyBackedStr>,
        password: Option<PyBackedStr>,
        host: Option<PyBackedStr>,
        port: Option<u16>,
        path: Option<&Bound<'_, PyAny>>,
        query: Option<PyBackedStr>,
        query_pairs: Option<&Bound<'_, PyAny>>,
        fragment: Option<PyBackedStr>,
    ) -> PyResult<Self> {
        let mut b = Url::builder().scheme(&scheme);
        if let Some(v) = &username {
            b = b.username(v);
        }
        if let Some(v) = &password {
            b = b.password(v);
        }
        if let Some(v) = &host {
            b = b.host(v);
        }
        if let Some(port) = port {
            b = b.port(port);
        }
        match path.filter(|p| !p.is_none()) {
            Some(p) if p.is_instance_of::<PyString>() => b = b.path(&p.extract::<PyBackedStr>()?),
            Some(p) => {
                for segment in p.try_iter()? {
                    b = b.path_segment(&segment?.extract::<PyBackedStr>()?);
                }
            }
            None => {}
        }
        if let Some(v) = &query {
            b = b.query(v);
        }
        if let Some(pairs) = query_pairs.filter(|p| !p.is_none()) {
            let items = match pairs.cast::<PyDict>() {
                Ok(d) => d.items().into_any(),
                Err(_) => pairs.clone(),
            };
            for item in items.try_iter()? {
                let (name, value): (PyBackedStr, PyBackedStr) = item?.extract()?;
                b = b.query_pair(&name, &value);
            }
        }
        if let Some(v) = &fragment {
            b = b.fragment(v);
        }
        let url = b.build().map_err(|e| {
            let value: &str = match e.component() {
                Attribute::Protocol => &scheme,
                Attribute::Hostname => host.as_deref().unwrap_or(""),
                _ => "",
            };
            let (kind, position) = match e.kind() {
                BuildErrorKind::Missing => ("missing", 0),
                BuildErrorKind::NotAllowed => ("not-allowed", 0),
                BuildErrorKind::Invalid(p) => (p.kind().spec_name(), char_index(value, p.position())),
                _ => ("invalid", 0),
            };
            let message = e.to_string();
            raise(py, message.clone(), kind, position, value, &message)
        })?;
        Ok(PyUrl { url })
    }

    fn __str__(&self) -> &str {
        self.url.href()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let quoted = PyString::new(py, self.url.href()).repr()?;
        Ok(format!("URL({quoted})"))
    }

    fn __eq__(&self, other: PyRef<'_, PyUrl>) -> bool {
        self.url.href() == other.url.href()
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.url.href().hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let args = PyTuple::new(py, [slf.borrow().url.href()])?;
        Ok((py.get_type::<PyUrl>(), args))
    }

    /// Where each non-empty component lies in ``href``, as ``(label, start, end)`` with
    /// ``str`` indices, in the order the ``urlkit parse`` diagram draws them (single
    /// components, then ``host`` and ``origin``); for ``python -m urlkit parse``.
    fn _spans(&self) -> Vec<(&'static str, usize, usize)> {
        let href = self.url.href();
        self.url
            .component_spans()
            .into_iter()
            .map(|(label, r)| {
                (
                    label,
                    crate::index::char_index(href, r.start),
                    crate::index::char_index(href, r.end),
                )
            })
            .collect()
    }

    fn __copy__(&self) -> Self {
        PyUrl {
            url: self.url.clone(),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PyUrl {
            url: self.url.clone(),
        }
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyUrl>()
}

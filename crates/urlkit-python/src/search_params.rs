//! `URL.search_params`: the URL Standard's `URLSearchParams` bound to a URL
//! (<https://url.spec.whatwg.org/#interface-urlsearchparams>). It holds the URL, not a copy
//! of its query: reads parse the URL's current query, and every edit runs the standard's
//! update steps (the list serialized into the query, an empty list removing it) through
//! [`urlkit::Url::url_search_params_mut`].

use crate::url::PyUrl;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyList, PyTuple};

/// A URL's query as name/value pairs, live: edits rewrite the URL it came from.
///
/// Methods as the standard's ``URLSearchParams`` (``get``, ``get_all``, ``has``,
/// ``append``, ``set``, ``delete``, ``sort``); ``len()``, iteration over ``(name, value)``
/// pairs, ``name in params`` and ``str()`` (the ``application/x-www-form-urlencoded``
/// serialization).
///
/// >>> from urlkit import URL
/// >>> u = URL("https://example.org/?b=2&a=1&a=x%20y")
/// >>> p = u.search_params
/// >>> p.get("a"), p.get_all("a"), len(p)
/// ('1', ['1', 'x y'], 3)
/// >>> p.sort(); p.delete("b"); p.set("c", "é")
/// >>> u.href
/// 'https://example.org/?a=1&a=x+y&c=%C3%A9'
/// >>> list(p)
/// [('a', '1'), ('a', 'x y'), ('c', 'é')]
#[pyclass(name = "URLSearchParams", module = "urlkit")]
pub struct SearchParams {
    url: Py<PyUrl>,
}

impl SearchParams {
    pub(crate) fn bound_to(url: Py<PyUrl>) -> Self {
        SearchParams { url }
    }

    /// The URL's current query as a list of pairs.
    fn read(&self, py: Python<'_>) -> urlkit::form::SearchParams {
        self.url.bind(py).borrow().url.search_params()
    }

    /// Runs `edit` on the URL's list; dropping the view writes it back (the update steps).
    fn edit(&self, py: Python<'_>, edit: impl FnOnce(&mut urlkit::form::SearchParams)) {
        let mut url = self.url.bind(py).borrow_mut();
        let mut view = url.url.url_search_params_mut();
        edit(&mut view);
    }
}

#[pymethods]
impl SearchParams {
    /// The value of the first pair named ``name``, or ``None``.
    fn get(&self, py: Python<'_>, name: PyBackedStr) -> Option<String> {
        self.read(py).get(&name).map(str::to_owned)
    }

    /// The values of every pair named ``name``, in order.
    fn get_all(&self, py: Python<'_>, name: PyBackedStr) -> Vec<String> {
        self.read(py).get_all(&name).map(str::to_owned).collect()
    }

    /// Whether a pair is named ``name`` (with value ``value``, when given).
    #[pyo3(signature = (name, value = None))]
    fn has(&self, py: Python<'_>, name: PyBackedStr, value: Option<PyBackedStr>) -> bool {
        self.read(py).has(&name, value.as_deref())
    }

    /// Appends the pair ``(name, value)``.
    fn append(&self, py: Python<'_>, name: PyBackedStr, value: PyBackedStr) {
        self.edit(py, |p| p.append(&*name, &*value))
    }

    /// Sets the first pair named ``name`` to ``value`` and removes the others (appends when
    /// there is none).
    fn set(&self, py: Python<'_>, name: PyBackedStr, value: PyBackedStr) {
        self.edit(py, |p| p.set(&*name, &*value))
    }

    /// Removes every pair named ``name`` (and with value ``value``, when given).
    #[pyo3(signature = (name, value = None))]
    fn delete(&self, py: Python<'_>, name: PyBackedStr, value: Option<PyBackedStr>) {
        self.edit(py, |p| p.delete(&name, value.as_deref()))
    }

    /// Sorts the pairs by name (UTF-16 code units, as the standard), stable for equal names.
    fn sort(&self, py: Python<'_>) {
        self.edit(py, |p| p.sort())
    }

    /// The number of pairs (the standard's ``size``).
    #[getter]
    fn size(&self, py: Python<'_>) -> usize {
        self.read(py).len()
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.read(py).len()
    }

    fn __contains__(&self, py: Python<'_>, name: PyBackedStr) -> bool {
        self.read(py).has(&name, None)
    }

    /// Iterates over a snapshot of the pairs as ``(name, value)`` tuples.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pairs = PyList::empty(py);
        for (name, value) in self.read(py).iter() {
            pairs.append(PyTuple::new(py, [name, value])?)?;
        }
        pairs.try_iter().map(Bound::into_any)
    }

    fn __str__(&self, py: Python<'_>) -> String {
        self.read(py).to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let pairs: Vec<(String, String)> = self.read(py).into_vec();
        let list = PyList::new(py, pairs)?;
        Ok(format!("URLSearchParams({})", list.repr()?))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SearchParams>()
}

//! `urlkit.data` and `urlkit.MimeType`: `data:` URLs read as the Fetch Standard's
//! [`data:` URL processor](https://fetch.spec.whatwg.org/#data-url-processor) reads them
//! ([`urlkit::data`]), made from bytes, forgiving base64 (Infra Standard), and MIME types
//! parsed and serialized as the MIME Sniffing Standard says ([`urlkit::mime`]). The
//! functions are registered here as `data_decode`, …; `python/urlkit/data.py` gives them
//! their public names.

use crate::index::char_index;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyBytes, PyDict, PyString};
use urlkit::data::{self, base64, DataUrlError};
use urlkit::mime::MimeType;

pyo3::create_exception!(
    urlkit,
    DataURLError,
    PyValueError,
    "A ``data:`` URL the processor rejects (not a URL, not ``data:``, no ``,`` after the\n\
     MIME type, a ``;base64`` body that is not forgiving-base64), base64 that does not\n\
     decode, or a MIME type a ``data:`` URL cannot carry.\n\n\
     >>> import urlkit\n\
     >>> try:\n\
     ...     urlkit.data.decode(\"data:text/plain\")\n\
     ... except urlkit.DataURLError as e:\n\
     ...     print(e)\n\
     expected ',' after the MIME type"
);

fn data_error(e: DataUrlError) -> PyErr {
    DataURLError::new_err(e.to_string())
}

/// A MIME type (the MIME Sniffing Standard's MIME type record): a lower-case ``type`` and
/// ``subtype`` and ordered ``parameters``.
///
/// ``MimeType(text)`` parses as the standard says (HTTP whitespace trimmed, names lower-cased,
/// the first of a repeated parameter kept, invalid parameters skipped) and raises
/// ``ValueError`` when there is no valid type and subtype; ``str()`` serializes.
///
/// >>> import urlkit
/// >>> m = urlkit.MimeType('Text/HTML; Charset="utf-8"; q=1')
/// >>> m.type, m.subtype, m.essence
/// ('text', 'html', 'text/html')
/// >>> m.parameters, m.charset
/// ({'charset': 'utf-8', 'q': '1'}, 'utf-8')
/// >>> str(m)
/// 'text/html;charset=utf-8;q=1'
#[pyclass(name = "MimeType", module = "urlkit", frozen)]
pub struct PyMimeType {
    mime: MimeType,
}

#[pymethods]
impl PyMimeType {
    #[new]
    fn new(text: PyBackedStr) -> PyResult<Self> {
        MimeType::parse(&text)
            .map(|mime| PyMimeType { mime })
            .map_err(|e| {
                let at = char_index(&text, e.position);
                PyValueError::new_err(format!("{} at index {at}", e.kind.message()))
            })
    }

    /// The type, lower case (``"text"``).
    ///
    /// >>> import urlkit
    /// >>> urlkit.MimeType("Image/PNG").type
    /// 'image'
    #[getter(r#type)]
    fn type_(&self) -> &str {
        self.mime.type_()
    }

    /// The subtype, lower case (``"html"``).
    ///
    /// >>> import urlkit
    /// >>> urlkit.MimeType("image/SVG+xml").subtype
    /// 'svg+xml'
    #[getter]
    fn subtype(&self) -> &str {
        self.mime.subtype()
    }

    /// ``type/subtype``.
    ///
    /// >>> import urlkit
    /// >>> urlkit.MimeType("text/plain;charset=utf-8").essence
    /// 'text/plain'
    #[getter]
    fn essence(&self) -> &str {
        self.mime.essence()
    }

    /// The parameters, name → value, in the order they came (names lower case).
    ///
    /// >>> import urlkit
    /// >>> urlkit.MimeType('a/b; Z=1; y="x\\\\y"').parameters
    /// {'z': '1', 'y': 'x\\y'}
    #[getter]
    fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.mime.parameters() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The ``charset`` parameter, or ``None``.
    ///
    /// >>> import urlkit
    /// >>> urlkit.MimeType("text/plain;charset=UTF-8").charset
    /// 'UTF-8'
    #[getter]
    fn charset(&self) -> Option<&str> {
        self.mime.charset()
    }

    fn __str__(&self) -> String {
        self.mime.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &self.mime.to_string()).repr()?;
        Ok(format!("MimeType({text})"))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyMimeType>()
            .is_ok_and(|o| o.get().mime == self.mime)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.mime.to_string()).hash()
    }

    fn __getnewargs__(&self) -> (String,) {
        (self.mime.to_string(),)
    }
}

/// What a ``data:`` URL holds: its ``mime_type`` (a ``MimeType``;
/// ``text/plain;charset=US-ASCII`` when the URL's is missing or invalid) and its ``body``
/// (``bytes``). ``urlkit.data.decode`` makes one.
///
/// >>> import urlkit
/// >>> d = urlkit.data.decode("data:text/plain;charset=utf-8;base64,aMOpbGxv")
/// >>> d.mime_type, d.body
/// (MimeType('text/plain;charset=utf-8'), b'h\xc3\xa9llo')
#[pyclass(name = "DataURL", module = "urlkit", frozen)]
pub struct PyDataUrl {
    mime_type: Py<PyMimeType>,
    body: Py<PyBytes>,
}

#[pymethods]
impl PyDataUrl {
    /// The body's MIME type.
    ///
    /// >>> import urlkit
    /// >>> urlkit.data.decode("data:,x").mime_type.essence
    /// 'text/plain'
    #[getter]
    fn mime_type(&self, py: Python<'_>) -> Py<PyMimeType> {
        self.mime_type.clone_ref(py)
    }

    /// The body bytes.
    ///
    /// >>> import urlkit
    /// >>> urlkit.data.decode("data:,a%20b").body
    /// b'a b'
    #[getter]
    fn body(&self, py: Python<'_>) -> Py<PyBytes> {
        self.body.clone_ref(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mime = self.mime_type.bind(py).repr()?;
        let body = self.body.bind(py).repr()?;
        Ok(format!("DataURL(mime_type={mime}, body={body})"))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> bool {
        let Ok(o) = other.cast::<PyDataUrl>() else {
            return false;
        };
        let o = o.get();
        self.mime_type.get().mime == o.mime_type.get().mime
            && self.body.bind(py).as_bytes() == o.body.bind(py).as_bytes()
    }
}

/// Reads a ``data:`` URL as browsers do (the Fetch Standard's ``data:`` URL processor): the
/// URL is parsed, then its MIME type and body (percent-decoded, then base64-decoded when
/// marked ``;base64``) are returned as a ``DataURL``. Raises ``DataURLError``.
///
/// >>> import urlkit
/// >>> d = urlkit.data.decode("data:image/gif;base64,R0lGODlhAQABAAAAACw=")
/// >>> d.mime_type.essence, d.body[:6]
/// ('image/gif', b'GIF89a')
/// >>> urlkit.data.decode("data:,Hello%2C%20World%21").body
/// b'Hello, World!'
#[pyfunction]
fn data_decode(py: Python<'_>, url: PyBackedStr) -> PyResult<PyDataUrl> {
    let d = data::decode(&url).map_err(data_error)?;
    Ok(PyDataUrl {
        mime_type: Py::new(py, PyMimeType { mime: d.mime_type })?,
        body: PyBytes::new(py, &d.body).unbind(),
    })
}

/// A ``data:`` URL whose body is ``body`` and whose type is ``mime_type`` (a ``str`` or a
/// ``MimeType``): base64 or percent-encoded, whichever is shorter; the type is left out when
/// it is ``text/plain;charset=US-ASCII``, which readers assume. ``decode`` gives back the
/// body and the type. Raises ``ValueError`` for a MIME type that does not parse and
/// ``DataURLError`` for one a URL cannot carry (a ``,``, ``#``, ``?``, tab or non-ASCII
/// character in a parameter value).
///
/// >>> import urlkit
/// >>> urlkit.data.encode(b"<svg/>", "image/svg+xml")
/// 'data:image/svg+xml,%3Csvg/%3E'
/// >>> urlkit.data.encode(b"\xff\xd8\xff\xe0\x00\x10", "image/jpeg")
/// 'data:image/jpeg;base64,/9j/4AAQ'
/// >>> urlkit.data.encode(b"hi")
/// 'data:,hi'
#[pyfunction]
#[pyo3(signature = (body, mime_type = None))]
fn data_encode(body: PyBackedBytes, mime_type: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let mime = match mime_type {
        None => MimeType::text_plain_us_ascii(),
        Some(m) => match m.cast::<PyMimeType>() {
            Ok(m) => m.get().mime.clone(),
            Err(_) => {
                let text: PyBackedStr = m
                    .extract()
                    .map_err(|_| PyTypeError::new_err("mime_type must be a str or a MimeType"))?;
                PyMimeType::new(text)?.mime
            }
        },
    };
    data::encode(&body, &mime).map_err(|e| DataURLError::new_err(e.to_string()))
}

/// Forgiving-base64 decode (Infra Standard): ASCII whitespace ignored, padding optional;
/// ``data`` is a ``str`` or bytes. Raises ``DataURLError``.
///
/// >>> import urlkit
/// >>> urlkit.data.base64_decode(" //A= ")
/// b'\xff\xf0'
/// >>> urlkit.data.base64_decode("aGk")
/// b'hi'
#[pyfunction]
fn base64_decode<'py>(py: Python<'py>, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let decoded = if let Ok(s) = data.cast::<PyString>() {
        base64::decode(&*s.to_cow()?)
    } else {
        let bytes: PyBackedBytes = data
            .extract()
            .map_err(|_| PyTypeError::new_err("base64_decode takes a str or bytes"))?;
        base64::decode(&*bytes)
    };
    decoded
        .map(|b| PyBytes::new(py, &b))
        .map_err(|e| DataURLError::new_err(e.to_string()))
}

/// Forgiving-base64 encode (Infra Standard): standard alphabet, padded.
///
/// >>> import urlkit
/// >>> urlkit.data.base64_encode(b"\xff\xf0")
/// '//A='
#[pyfunction]
fn base64_encode(data: PyBackedBytes) -> String {
    base64::encode(&*data)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("DataURLError", m.py().get_type::<DataURLError>())?;
    m.add_class::<PyMimeType>()?;
    m.add_class::<PyDataUrl>()?;
    m.add_function(wrap_pyfunction!(data_decode, m)?)?;
    m.add_function(wrap_pyfunction!(data_encode, m)?)?;
    m.add_function(wrap_pyfunction!(base64_decode, m)?)?;
    m.add_function(wrap_pyfunction!(base64_encode, m)?)
}

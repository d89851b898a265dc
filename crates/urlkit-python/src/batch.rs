//! `urlkit.batch`: the per-value operations over a whole column, on all cores, without the
//! GIL.
//!
//! A column comes in as a Python list (copied into an Arrow string array) or through the
//! [Arrow PyCapsule interface](https://arrow.apache.org/docs/format/CDataInterface/PyCapsuleInterface.html)
//! (`__arrow_c_array__`, or `__arrow_c_stream__` of a one-column table: zero-copy). The
//! work (`parallel.rs`) runs each operation's kernel (`kernels.rs`: the SQL functions' own,
//! from `urlkit-arrow`, where one exists) over slices of the column on scoped threads. A list
//! goes back as a list (`pylist.rs`); Arrow data as a [`Column`] that exports itself through
//! the same interface, which `python/urlkit/batch.py` turns into the caller's kind
//! (`pyarrow`, `polars`, `pandas`).

mod kernels;
mod parallel;
mod pylist;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::{ArrowArrayStreamReader, FFI_ArrowArrayStream};
use arrow_array::{Array, ArrayRef, RecordBatch, RecordBatchIterator, RecordBatchReader};
use arrow_pyarrow::FromPyArrow;
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Schema};
use kernels::{Component, Op};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyList, PyTuple};
use std::sync::Arc;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Column>()?;
    m.add_function(wrap_pyfunction!(batch, m)?)?;
    m.add("_batch_threads", parallel::threads())?;
    let profiles: Vec<&str> = urlkit::canon::Profile::ALL.iter().map(|p| p.name()).collect();
    m.add("_batch_profiles", profiles)?;
    Ok(())
}

fn value_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The operation `op` names, with its arguments.
fn operation(
    op: &str,
    fields: Option<Vec<String>>,
    profile: Option<&str>,
    private: bool,
    unlisted: bool,
    bare_domains: bool,
) -> PyResult<Op> {
    let domain = |suffix| Op::Domain {
        suffix,
        private,
        unlisted,
    };
    Ok(match op {
        "parse" => Op::Parse(match fields {
            None => Component::all(),
            Some(names) => names
                .iter()
                .map(|n| {
                    Component::from_name(n).ok_or_else(|| {
                        let all: Vec<&str> = Component::all().iter().map(|c| c.name()).collect();
                        PyValueError::new_err(format!(
                            "unknown URL component '{n}' (expected {})",
                            all.join(", ")
                        ))
                    })
                })
                .collect::<PyResult<_>>()?,
        }),
        "host" => Op::Attribute(urlkit::Attribute::Host),
        "hostname" => Op::Attribute(urlkit::Attribute::Hostname),
        "registered_domain" => domain(false),
        "public_suffix" => domain(true),
        "normalize" => Op::Normalize(
            profile
                .unwrap_or("whatwg")
                .parse()
                .map_err(|e: urlkit::canon::UnknownProfile| PyValueError::new_err(e.to_string()))?,
        ),
        "surt" => Op::Normalize(urlkit::canon::Profile::Surt),
        "is_valid" => Op::IsValid,
        "lint_severity" => Op::LintSeverity,
        "lint_codes" => Op::LintCodes,
        "extract" => Op::Extract { bare_domains },
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown batch operation '{other}'"
            )))
        }
    })
}

/// A string column's chunks, whatever the caller passed.
enum Input {
    /// A Python sequence, copied into one array: the result goes back as a list.
    List(ArrayRef),
    /// Arrow data: the result goes back as a [`Column`] named `name`.
    Arrow { chunks: Vec<ArrayRef>, name: String },
}

/// Reads `values`: a list or tuple, an object with `__arrow_c_array__` (an array) or
/// `__arrow_c_stream__` (a stream of one-column record batches), or any other iterable of
/// strings.
fn input(values: &Bound<'_, PyAny>) -> PyResult<Input> {
    let py = values.py();
    if values.is_instance_of::<PyList>() || values.is_instance_of::<PyTuple>() {
        return Ok(Input::List(Arc::new(pylist::strings(values)?)));
    }
    if values.hasattr(pyo3::intern!(py, "__arrow_c_array__"))? {
        let data = arrow_data::ArrayData::from_pyarrow_bound(values)?;
        let array = strings(arrow_array::make_array(data))?;
        return Ok(Input::Arrow {
            chunks: vec![array],
            name: String::new(),
        });
    }
    if values.hasattr(pyo3::intern!(py, "__arrow_c_stream__"))? {
        let reader = ArrowArrayStreamReader::from_pyarrow_bound(values)?;
        let schema = reader.schema();
        let [field] = schema.fields().as_ref() else {
            return Err(PyTypeError::new_err(format!(
                "expected a stream of one column, found {} columns",
                schema.fields().len()
            )));
        };
        let name = field.name().clone();
        let chunks = reader
            .map(|batch| strings(batch.map_err(value_error)?.column(0).clone()))
            .collect::<PyResult<_>>()?;
        return Ok(Input::Arrow { chunks, name });
    }
    Ok(Input::List(Arc::new(pylist::strings(values)?)))
}

/// Checks that `array` holds strings; a column of nulls only (Arrow's `null` type, what
/// `pyarrow.array([None])` gives) becomes a string column of nulls.
fn strings(array: ArrayRef) -> PyResult<ArrayRef> {
    match array.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(array),
        DataType::Null => Ok(Arc::new(arrow_array::StringArray::new_null(array.len()))),
        other => Err(PyTypeError::new_err(format!(
            "expected a column of strings (Utf8, LargeUtf8 or Utf8View), found {other}"
        ))),
    }
}

/// Runs a batch operation; `python/urlkit/batch.py` is the public face, this its one entry
/// point.
#[pyfunction]
#[pyo3(name = "_batch", signature = (values, op, *, fields=None, profile=None, private=true, unlisted=false, bare_domains=false))]
#[allow(clippy::too_many_arguments)]
fn batch<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    op: &str,
    fields: Option<Vec<String>>,
    profile: Option<&str>,
    private: bool,
    unlisted: bool,
    bare_domains: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let op = operation(op, fields, profile, private, unlisted, bare_domains)?;
    match input(values)? {
        Input::List(array) => {
            let out = py
                .detach(|| parallel::run(&op, &[array], false))
                .map_err(value_error)?;
            match out.first() {
                Some(out) => pylist::column(py, out),
                None => Ok(PyList::empty(py).into_any()),
            }
        }
        Input::Arrow { chunks, name } => {
            let out = py
                .detach(|| parallel::run(&op, &chunks, true))
                .map_err(value_error)?;
            // The first chunk's type (a string result has its chunk's layout).
            let data_type = out
                .first()
                .map_or_else(|| op.data_type(), |c| c.data_type().clone());
            let field = Arc::new(Field::new(name, data_type, true));
            Ok(Bound::new(py, Column { chunks: out, field })?.into_any())
        }
    }
}

/// The result of a batch operation on Arrow data: one or more chunks of one type, exported
/// through the Arrow PyCapsule interface. `urlkit.batch` turns it into the caller's kind;
/// any other Arrow consumer can read it as it is.
///
/// >>> import pyarrow as pa, urlkit._urlkit as native
/// >>> col = native._batch(pa.array(["https://a.example/x", None]), "host")
/// >>> (len(col), col.num_chunks, col.to_pylist())
/// (2, 1, ['a.example', None])
/// >>> pa.array(col).to_pylist()
/// ['a.example', None]
///
#[pyclass(frozen, module = "urlkit._urlkit")]
pub(crate) struct Column {
    chunks: Vec<ArrayRef>,
    field: FieldRef,
}

impl Column {
    /// The chunks as one array (a single chunk as it is).
    fn array(&self) -> Result<ArrayRef, ArrowError> {
        match self.chunks.as_slice() {
            [] => Ok(arrow_array::new_empty_array(self.field.data_type())),
            [one] => Ok(one.clone()),
            many => arrow_select::concat::concat(&many.iter().map(|a| a.as_ref()).collect::<Vec<_>>()),
        }
    }
}

#[pymethods]
impl Column {
    fn __len__(&self) -> usize {
        self.chunks.iter().map(|c| c.len()).sum()
    }

    fn __repr__(&self) -> String {
        format!(
            "<urlkit Column {}: {} rows in {} chunks>",
            self.field.data_type(),
            self.__len__(),
            self.chunks.len()
        )
    }

    /// The number of chunks.
    #[getter]
    fn num_chunks(&self) -> usize {
        self.chunks.len()
    }

    /// The column's name (the input column's, when it came from a table or series).
    #[getter]
    fn name(&self) -> &str {
        self.field.name()
    }

    /// The rows as Python objects (`dict` of lists for a struct, as for a list input).
    fn to_pylist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        pylist::column(py, &self.array().map_err(value_error)?)
    }

    /// The field (name and type) as an `arrow_schema` capsule.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_schema__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let schema = FFI_ArrowSchema::try_from(self.field.as_ref()).map_err(value_error)?;
        PyCapsule::new_with_value(py, schema, c"arrow_schema")
    }

    /// The column as one array: `arrow_schema` and `arrow_array` capsules (the chunks joined
    /// when there are several). The requested schema is not honoured: the type is fixed.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
        let _ = requested_schema;
        let array = self.array().map_err(value_error)?;
        let schema = FFI_ArrowSchema::try_from(self.field.as_ref()).map_err(value_error)?;
        let array = FFI_ArrowArray::new(&array.to_data());
        Ok((
            PyCapsule::new_with_value(py, schema, c"arrow_schema")?,
            PyCapsule::new_with_value(py, array, c"arrow_array")?,
        ))
    }

    /// The column as a stream of record batches of one column, one batch per chunk (an
    /// `arrow_array_stream` capsule): what `pyarrow.table` and `polars.DataFrame` read.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let schema = Arc::new(Schema::new(vec![self.field.clone()]));
        let batches = self
            .chunks
            .iter()
            .map(|c| RecordBatch::try_new(schema.clone(), vec![c.clone()]))
            .collect::<Vec<_>>();
        let reader: Box<dyn RecordBatchReader + Send> = Box::new(RecordBatchIterator::new(batches, schema));
        PyCapsule::new_with_value(py, FFI_ArrowArrayStream::new(reader), c"arrow_array_stream")
    }
}

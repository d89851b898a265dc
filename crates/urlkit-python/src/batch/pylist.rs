//! Python lists in and out: a `list[str | None]` copied into a string column, a result
//! column turned back into Python objects.

use arrow_array::builder::StringBuilder;
use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{Array, ArrayRef, StringArray};
use arrow_schema::DataType;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// The strings of a Python sequence (`None` for a null); a `TypeError` names the first item
/// that is neither.
pub(crate) fn strings(values: &Bound<'_, PyAny>) -> PyResult<StringArray> {
    let len = values.len().unwrap_or(0);
    let mut out = StringBuilder::with_capacity(len, len * 64);
    for (i, item) in values.try_iter()?.enumerate() {
        let item = item?;
        if item.is_none() {
            out.append_null();
        } else if let Ok(s) = item.cast::<PyString>() {
            out.append_value(s.to_cow()?);
        } else {
            return Err(PyTypeError::new_err(format!(
                "item {i} is {}, expected str or None",
                item.get_type().name()?
            )));
        }
    }
    Ok(out.finish())
}

/// A result column as a Python list; a struct (`parse`) as a dict of lists, one per field.
pub(crate) fn column<'py>(py: Python<'py>, array: &ArrayRef) -> PyResult<Bound<'py, PyAny>> {
    if let DataType::Struct(fields) = array.data_type() {
        let columns = PyDict::new(py);
        let array = array.as_struct();
        for (field, child) in fields.iter().zip(array.columns()) {
            columns.set_item(field.name(), list(py, child.as_ref())?)?;
        }
        return Ok(columns.into_any());
    }
    Ok(list(py, array.as_ref())?.into_any())
}

/// Every row of `array` as a Python object (`None` for a null).
fn list<'py>(py: Python<'py>, array: &dyn Array) -> PyResult<Bound<'py, PyList>> {
    let items = (0..array.len())
        .map(|i| value(py, array, i))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// Row `i` of `array`: a `str`, `bool`, `int`, a `list` (of a list column) or a `dict` (of a
/// struct's row), by the result types the operations have.
fn value<'py>(py: Python<'py>, array: &dyn Array, i: usize) -> PyResult<Bound<'py, PyAny>> {
    if array.is_null(i) {
        return Ok(py.None().into_bound(py));
    }
    Ok(match array.data_type() {
        DataType::Utf8View => PyString::new(py, array.as_string_view().value(i)).into_any(),
        DataType::Utf8 => PyString::new(py, array.as_string::<i32>().value(i)).into_any(),
        DataType::Boolean => array
            .as_boolean()
            .value(i)
            .into_pyobject(py)?
            .to_owned()
            .into_any(),
        DataType::Int64 => array
            .as_primitive::<Int64Type>()
            .value(i)
            .into_pyobject(py)?
            .into_any(),
        DataType::List(_) => list(py, array.as_list::<i32>().value(i).as_ref())?.into_any(),
        DataType::Struct(fields) => {
            let row = PyDict::new(py);
            for (field, child) in fields.iter().zip(array.as_struct().columns()) {
                row.set_item(field.name(), value(py, child.as_ref(), i)?)?;
            }
            row.into_any()
        }
        other => return Err(PyTypeError::new_err(format!("no Python value for {other}"))),
    })
}

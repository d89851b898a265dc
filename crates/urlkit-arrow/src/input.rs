//! Reading string arguments: a column of any of Arrow's three string layouts, or one value
//! for every row.

use arrow_array::{Array, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::{ArrowError, DataType};

/// A string argument of a kernel: a column (`Utf8`, `LargeUtf8` or `Utf8View`) or a scalar
/// that stands for every row.
///
/// ```
/// use arrow_array::StringArray;
/// use urlkit_arrow::Strings;
/// let urls = StringArray::from(vec![Some("a"), None]);
/// let s = Strings::try_from_array(&urls)?;
/// assert_eq!((s.get(0), s.get(1)), (Some("a"), None));
/// assert_eq!(Strings::Scalar(Some("b")).get(7), Some("b"));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Strings<'a> {
    /// A `Utf8` column.
    Utf8(&'a StringArray),
    /// A `LargeUtf8` column.
    LargeUtf8(&'a LargeStringArray),
    /// A `Utf8View` column.
    Utf8View(&'a StringViewArray),
    /// One value (or null) for every row.
    Scalar(Option<&'a str>),
}

impl<'a> Strings<'a> {
    /// Reads `array` as strings; an error names the data type when it is not one of the three
    /// string types.
    ///
    /// # Errors
    ///
    /// When `array` is not `Utf8`, `LargeUtf8` or `Utf8View`.
    ///
    /// ```
    /// use arrow_array::Int32Array;
    /// let err = urlkit_arrow::Strings::try_from_array(&Int32Array::from(vec![1])).unwrap_err();
    /// assert!(err.to_string().contains("Int32"));
    /// ```
    pub fn try_from_array(array: &'a dyn Array) -> Result<Self, ArrowError> {
        use arrow_array::cast::AsArray;
        Ok(match array.data_type() {
            DataType::Utf8 => Strings::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => Strings::LargeUtf8(array.as_string::<i64>()),
            DataType::Utf8View => Strings::Utf8View(array.as_string_view()),
            other => {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "expected a string array (Utf8, LargeUtf8 or Utf8View), found {other}"
                )));
            }
        })
    }

    /// The value at row `i`, `None` for a null (a scalar answers for every `i`).
    ///
    /// # Panics
    ///
    /// When `i` is out of bounds of a column.
    ///
    /// ```
    /// let a = arrow_array::StringViewArray::from(vec!["x"]);
    /// assert_eq!(urlkit_arrow::Strings::Utf8View(&a).get(0), Some("x"));
    /// ```
    #[inline]
    pub fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::LargeUtf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Utf8View(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Scalar(s) => *s,
        }
    }

    /// The number of rows of a column; `None` for a scalar.
    ///
    /// ```
    /// let a = arrow_array::StringArray::from(vec!["x", "y"]);
    /// assert_eq!(urlkit_arrow::Strings::Utf8(&a).len(), Some(2));
    /// assert_eq!(urlkit_arrow::Strings::Scalar(None).len(), None);
    /// ```
    pub fn len(&self) -> Option<usize> {
        match self {
            Strings::Utf8(a) => Some(a.len()),
            Strings::LargeUtf8(a) => Some(a.len()),
            Strings::Utf8View(a) => Some(a.len()),
            Strings::Scalar(_) => None,
        }
    }

    /// Whether this is a column of no rows.
    ///
    /// ```
    /// let a = arrow_array::StringArray::from(Vec::<&str>::new());
    /// assert!(urlkit_arrow::Strings::Utf8(&a).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// Checks that a second argument has the rows of the first (a scalar always fits).
    pub(crate) fn check_len(&self, rows: usize, what: &str) -> Result<(), ArrowError> {
        match self.len() {
            Some(n) if n != rows => Err(ArrowError::InvalidArgumentError(format!(
                "{what} has {n} rows, the URLs {rows}"
            ))),
            _ => Ok(()),
        }
    }
}

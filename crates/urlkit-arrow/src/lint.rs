//! `lint_codes` and `lint_severity`: what [`urlkit::lint::lint`] finds in every URL.

use crate::input::Strings;
use arrow_array::builder::{StringViewBuilder, make_view};
use arrow_array::{Array, ListArray, StringViewArray};
use arrow_buffer::{Buffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field};
use std::sync::Arc;
use urlkit::lint::lint;

/// The element field of [`lint_codes`]'s list: `item`, a non-null `Utf8View` code.
///
/// ```
/// assert_eq!(urlkit_arrow::lint_codes_field().name(), "item");
/// ```
pub fn lint_codes_field() -> Arc<Field> {
    Arc::new(Field::new("item", DataType::Utf8View, false))
}

/// The codes of the findings of [`urlkit::lint::lint`] on every string (`L001`, `L040`, …),
/// in the linter's order (by position in the input, then code; a code repeats when it is
/// found at several places). A URL with nothing to say gives an empty list, a null a null.
/// Every string gets an answer: one that is not a URL gives `L061` (`not-a-url`).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use arrow_array::cast::AsArray;
/// let urls = StringArray::from(vec![Some("http://user:pw@h:25/"), Some("https://example.com/"), None]);
/// let out = urlkit_arrow::lint_codes(&urls)?;
/// let codes = out.value(0);
/// let codes: Vec<&str> = codes.as_string_view().iter().flatten().collect();
/// assert!(codes.contains(&"L001") && codes.contains(&"L011")); // password, SMTP port
/// assert_eq!(out.value(1).len(), 0);
/// assert!(out.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn lint_codes(urls: &dyn Array) -> Result<ListArray, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let rows = urls.len();
    let mut offsets = Vec::with_capacity(rows + 1);
    offsets.push(0i32);
    // Codes are four bytes: inline views, no data buffer.
    let mut views = Vec::new();
    let mut nulls = NullBufferBuilder::new(rows);
    for i in 0..rows {
        match input.get(i) {
            Some(s) => {
                views.extend(
                    lint(s)
                        .iter()
                        .map(|f| make_view(f.code().as_str().as_bytes(), 0, 0)),
                );
                nulls.append_non_null();
            }
            None => nulls.append_null(),
        }
        let end = i32::try_from(views.len())
            .map_err(|_| ArrowError::ComputeError("more than 2^31 lint findings in one batch".into()))?;
        offsets.push(end);
    }
    let values = StringViewArray::try_new(ScalarBuffer::from(views), Vec::<Buffer>::new(), None)?;
    ListArray::try_new(
        lint_codes_field(),
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Arc::new(values),
        nulls.finish(),
    )
}

/// The highest [`Severity`](urlkit::lint::Severity) among the findings of
/// [`urlkit::lint::lint`] on every string: `"error"`, `"warning"` or `"note"`; null where
/// there is no finding or the input is null.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["http://user:pw@h/", "https://h:8443/", "https://example.com/"]);
/// let out = urlkit_arrow::lint_severity(&urls)?;
/// assert_eq!((out.value(0), out.value(1)), ("error", "note"));
/// assert!(out.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn lint_severity(urls: &dyn Array) -> Result<StringViewArray, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let mut out = StringViewBuilder::with_capacity(urls.len());
    for i in 0..urls.len() {
        let max = input
            .get(i)
            .and_then(|s| lint(s).iter().map(|f| f.severity()).max());
        out.append_option(max.map(|s| s.as_str()));
    }
    Ok(out.finish())
}

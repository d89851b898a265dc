//! `rfc3986`: the RFC 3986 components of a URI reference as a struct column.

use crate::input::Strings;
use crate::output::{OnError, Output, Row, SharedViews, Sink, ViewColumn, run};
use crate::parse::byte_len;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::NullBufferBuilder;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use std::sync::Arc;
use urlkit::rfc3986::UriRef;

/// The component names of [`rfc3986`]'s struct, in the order of RFC 3986 §3.
const NAMES: [&str; 8] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

/// The fields of [`rfc3986`]'s struct: `scheme`, `authority`, `userinfo`, `host`, `port`,
/// `path`, `query`, `fragment`, all `Utf8View` and null where the reference has no such
/// component (`path` is always there, maybe empty). The port is its text: RFC 3986 allows
/// any digits, and an empty port.
///
/// ```
/// assert_eq!(urlkit_arrow::rfc3986_fields().len(), 8);
/// ```
pub fn rfc3986_fields() -> Fields {
    NAMES
        .iter()
        .map(|n| Field::new(*n, DataType::Utf8View, true))
        .collect()
}

struct Columns {
    text: SharedViews,
    parts: [ViewColumn; 8],
    valid: NullBufferBuilder,
}

impl Sink for Columns {
    fn null(&mut self) {
        for c in &mut self.parts {
            c.push_null();
        }
        self.valid.append_null();
    }
}

/// Parses every string as an RFC 3986 URI reference ([`UriRef::parse`], strict, no
/// normalization) into its components ([`rfc3986_fields`]). A null or an input that does
/// not match the grammar gives a null struct.
///
/// # Errors
///
/// When `refs` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use arrow_array::cast::AsArray;
/// let refs = StringArray::from(vec!["http://u@h:8080/p?", "../a", "a b"]);
/// let out = urlkit_arrow::rfc3986(&refs, Default::default())?.values;
/// let query = out.column_by_name("query").unwrap().as_string_view();
/// assert_eq!(query.value(0), "");
/// assert!(query.is_null(1));
/// assert_eq!(out.column_by_name("port").unwrap().as_string_view().value(0), "8080");
/// assert!(out.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn rfc3986(refs: &dyn Array, on_error: OnError) -> Result<Output<StructArray>, ArrowError> {
    let input = Strings::try_from_array(refs)?;
    let rows = refs.len();
    let mut cols = Columns {
        text: SharedViews::with_capacity(byte_len(refs)),
        parts: core::array::from_fn(|_| ViewColumn::with_capacity(rows)),
        valid: NullBufferBuilder::new(rows),
    };
    let errors = run(input, rows, on_error, &mut cols, |_, s, c| {
        match UriRef::parse(s) {
            Ok(r) => {
                c.text.start_row(s);
                let parts = [
                    r.scheme(),
                    r.authority(),
                    r.userinfo(),
                    r.host(),
                    r.port(),
                    Some(r.path()),
                    r.query(),
                    r.fragment(),
                ];
                for (col, part) in c.parts.iter_mut().zip(parts) {
                    match part {
                        Some(p) => {
                            let view = c.text.view(s, p);
                            col.push(view);
                        }
                        None => col.push_null(),
                    }
                }
                c.valid.append_non_null();
                Row::Value
            }
            Err(e) => Row::Failed(e),
        }
    });
    let buffers = cols.text.finish();
    let columns = cols
        .parts
        .into_iter()
        .map(|c| c.finish(&buffers).map(|a| Arc::new(a) as ArrayRef))
        .collect::<Result<Vec<_>, _>>()?;
    let values = StructArray::try_new(rfc3986_fields(), columns, cols.valid.finish())?;
    Ok(Output { values, errors })
}

//! `parse`: a WHATWG URL's components as a struct column.

use crate::input::Strings;
use crate::output::{OnError, Output, Row, SharedViews, Sink, run, views_array};
use arrow_array::builder::UInt16Builder;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::NullBufferBuilder;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use std::sync::Arc;
use urlkit::{Attribute, Url};

/// The fields of [`parse`]'s struct: the URL API's attributes in the standard's order, all
/// `Utf8View` except `port`, a `UInt16` (null when the URL has none).
///
/// ```
/// let names: Vec<_> = urlkit_arrow::parse_fields().iter().map(|f| f.name().clone()).collect();
/// assert_eq!(names, ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"]);
/// ```
pub fn parse_fields() -> Fields {
    Attribute::ALL
        .iter()
        .map(|a| match a {
            Attribute::Port => Field::new(a.name(), DataType::UInt16, true),
            _ => Field::new(a.name(), DataType::Utf8View, true),
        })
        .collect()
}

struct Columns {
    text: SharedViews,
    /// The views of the string fields, in field order without `port`.
    strings: [Vec<u128>; 9],
    port: UInt16Builder,
    /// The struct's validity, which is also every field's.
    valid: NullBufferBuilder,
}

impl Sink for Columns {
    fn null(&mut self) {
        for c in &mut self.strings {
            c.push(0);
        }
        self.port.append_null();
        self.valid.append_null();
    }
}

/// Parses every URL with the [WHATWG URL parser](https://url.spec.whatwg.org/#concept-url-parser)
/// (no base) into a struct of its components ([`parse_fields`]): the values of
/// [`Url::get`] and [`Url::port`]. A null or a URL that fails to parse gives a null struct.
///
/// The href is copied once per row into one buffer; the components are views into it. The
/// rows are parsed into one reused URL buffer ([`Url::parse_reusing`]): no allocation per
/// row.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray, StringViewArray, UInt16Array};
/// use arrow_array::cast::AsArray;
/// let urls = StringArray::from(vec![Some("HTTPS://Example.COM:8080/a/../b?q#f"), None, Some("nope")]);
/// let out = urlkit_arrow::parse(&urls, urlkit_arrow::OnError::Null)?.values;
/// let host = out.column_by_name("hostname").unwrap().as_string_view();
/// assert_eq!(host.value(0), "example.com");
/// let port = out.column_by_name("port").unwrap().as_primitive::<arrow_array::types::UInt16Type>();
/// assert_eq!(port.value(0), 8080);
/// assert!(out.is_null(1) && out.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn parse(urls: &dyn Array, on_error: OnError) -> Result<Output<StructArray>, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let rows = urls.len();
    let mut cols = Columns {
        text: SharedViews::with_capacity(byte_len(urls)),
        strings: core::array::from_fn(|_| Vec::with_capacity(rows)),
        port: UInt16Builder::with_capacity(rows),
        valid: NullBufferBuilder::new(rows),
    };
    // One URL buffer for all rows: each row's parse writes into the last one's allocation.
    let mut spare = String::new();
    let errors = run(
        input,
        rows,
        on_error,
        &mut cols,
        |_, s, c| match Url::parse_reusing(s, core::mem::take(&mut spare)) {
            Ok(url) => {
                let href = url.as_str();
                c.text.start_row(href);
                // The getters directly (not `Url::get`'s dispatch), in field order.
                let parts = [
                    href,
                    url.protocol(),
                    url.username(),
                    url.password_str(),
                    url.host_port(),
                    url.hostname(),
                    url.pathname(),
                    url.search(),
                    url.hash_str(),
                ];
                for (col, part) in c.strings.iter_mut().zip(parts) {
                    let view = c.text.view(href, part);
                    col.push(view);
                }
                c.port.append_option(url.port());
                c.valid.append_non_null();
                spare = url.into_string();
                Row::Value
            }
            Err(e) => Row::Failed(e),
        },
    );
    let buffers = cols.text.finish();
    let valid = cols.valid.finish();
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(10);
    for (i, views) in cols.strings.into_iter().enumerate() {
        if i == 6 {
            columns.push(Arc::new(cols.port.finish()));
        }
        columns.push(Arc::new(views_array(views, &buffers, valid.clone())?));
    }
    let values = StructArray::try_new(parse_fields(), columns, valid)?;
    Ok(Output { values, errors })
}

/// The bytes of a string column's values (a first guess at the output buffer's size).
pub(crate) fn byte_len(array: &dyn Array) -> usize {
    match Strings::try_from_array(array) {
        Ok(Strings::Utf8(a)) => a.value_data().len(),
        Ok(Strings::LargeUtf8(a)) => a.value_data().len(),
        Ok(Strings::Utf8View(a)) => a.total_buffer_bytes_used(),
        _ => 0,
    }
}

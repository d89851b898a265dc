//! `parse`: a WHATWG URL's components as a struct column.

use crate::input::Strings;
use crate::output::{Errors, OnError, Output, Row, RowViews, SharedViews, views_array};
use arrow_array::{Array, ArrayRef, StructArray, UInt16Array};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use core::mem::MaybeUninit;
use core::ops::Range;
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

/// Parses every URL with the [WHATWG URL parser](https://url.spec.whatwg.org/#concept-url-parser)
/// (no base) into a struct of its components ([`parse_fields`]): the values of
/// [`Url::get`] and [`Url::port`]. A null or a URL that fails to parse gives a null struct.
///
/// A URL that is already its own href (most of a typical column: see
/// [`Url::canonical_attribute_ranges`]) is not copied: its components are views into the
/// input's own values buffer, which the output shares. Other URLs are parsed into one
/// reused URL buffer ([`Url::parse_reusing`]: no allocation per row), their href copied
/// once into one buffer, and their components are views into it.
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
    // One loop per input layout (and for `Utf8` without nulls, the common column): each
    // reads its rows directly, with no dispatch per row. A row's second value is the input
    // data buffer its text lies in (an index into `inputs`), if any.
    match Strings::try_from_array(urls)? {
        Strings::Utf8(a) if a.null_count() == 0 => {
            let inputs = vec![a.values().clone()];
            parse_rows(urls, inputs, on_error, |i| Some((a.value(i), 0)))
        }
        Strings::Utf8(a) => {
            let inputs = vec![a.values().clone()];
            parse_rows(urls, inputs, on_error, |i| a.is_valid(i).then(|| (a.value(i), 0)))
        }
        Strings::LargeUtf8(a) => {
            let inputs = vec![a.values().clone()];
            parse_rows(urls, inputs, on_error, |i| a.is_valid(i).then(|| (a.value(i), 0)))
        }
        Strings::Utf8View(a) => {
            let inputs = a.data_buffers().to_vec();
            parse_rows(urls, inputs, on_error, |i| {
                // A view of more than 12 bytes names its data buffer in its third word; a
                // shorter one is inline (`usize::MAX`: in no buffer).
                let view = a.views().get(i).copied().unwrap_or_default();
                let k = if view as u32 > 12 {
                    (view >> 64) as u32 as usize
                } else {
                    usize::MAX
                };
                a.is_valid(i).then(|| (a.value(i), k))
            })
        }
        Strings::Scalar(_) => Err(ArrowError::ComputeError("parse: not a column".into())),
    }
}

/// [`parse`] over rows read by `row` (the text of row `i`, or `None` for a null, and the
/// index in `inputs` of the data buffer the text lies in).
// One `unsafe`: the columns' lengths set over the slots the row loop wrote in place.
#[allow(unsafe_code)]
#[inline(always)]
fn parse_rows<'a>(
    urls: &dyn Array,
    inputs: Vec<Buffer>,
    on_error: OnError,
    row: impl Fn(usize) -> Option<(&'a str, usize)>,
) -> Result<Output<StructArray>, ArrowError> {
    let rows = urls.len();
    let bits = rows.div_ceil(8);
    // Every output pre-sized and written once per row, in place (no push, no zeroing
    // first): a null or failed row writes zero views and port and clears its validity bit.
    // Hrefs can be longer than their inputs (a `/` added, percent-encoding): room for a
    // quarter more, so that the buffer is rarely reallocated and copied (pages of it that
    // are never written, as for rows viewed in the input, cost nothing).
    let bytes = byte_len(urls);
    let mut text = SharedViews::with_inputs(bytes.saturating_add(bytes / 4), inputs);
    let mut strings: [Vec<u128>; 9] = core::array::from_fn(|_| Vec::with_capacity(rows));
    let mut port = Vec::<u16>::with_capacity(rows);
    let mut has_port = vec![0u8; bits];
    let mut valid = vec![u8::MAX; bits];
    let mut errors = Errors::new(on_error, rows);
    // One URL buffer for all rows: each row's parse writes into the last one's allocation.
    let mut spare = String::new();
    let [c0, c1, c2, c3, c4, c5, c6, c7, c8] = strings.each_mut().map(|c| spare_slots(c, rows));
    // One zipped iterator over the rows' slots of all columns: no bounds check per column.
    let slots = (c0.iter_mut().zip(c1).zip(c2).zip(c3))
        .zip(c4.iter_mut().zip(c5).zip(c6).zip(c7))
        .zip(c8.iter_mut().zip(spare_slots(&mut port, rows)));
    let mut written = 0;
    for (i, (((((v0, v1), v2), v3), (((v4, v5), v6), v7)), (v8, p))) in slots.enumerate() {
        let mut slots = [v0, v1, v2, v3, v4, v5, v6, v7, v8];
        let outcome = match row(i) {
            None => Row::Null,
            Some((s, k)) => {
                // Already its own href: viewed where it is, nothing written.
                let canonical = Url::canonical_attribute_ranges(s);
                let in_input = match canonical {
                    Some(_) => text.input_row(k, s),
                    None => None,
                };
                if let (Some((ranges, number)), Some(row)) = (&canonical, in_input) {
                    write_row(&row, &mut slots, ranges, p, *number, &mut has_port, i);
                    Row::Value
                } else {
                    match Url::parse_reusing(s, core::mem::take(&mut spare)) {
                        Ok(url) => {
                            // The href copied once; every string field a view into it.
                            let ranges = url.attribute_ranges();
                            let row = text.start_row(url.as_str());
                            write_row(&row, &mut slots, &ranges, p, url.port(), &mut has_port, i);
                            spare = url.into_string();
                            Row::Value
                        }
                        Err(e) => Row::Failed(e),
                    }
                }
            }
        };
        if !matches!(outcome, Row::Value) {
            write_null(slots, p);
            if let Some(b) = valid.get_mut(i / 8) {
                *b &= !(1 << (i % 8));
            }
        }
        written = i + 1;
        errors.push(&outcome);
    }
    for column in &mut strings {
        // SAFETY: `spare_slots` gave `written` of the column's spare slots, from its
        // length (0) on, to the loop, which wrote each of them (the loop ran `written`
        // times, writing one slot of every column each time).
        unsafe { column.set_len(written) };
    }
    // SAFETY: as for the string columns: the loop wrote the port of each of its rows.
    unsafe { port.set_len(written) };
    if written != rows {
        // Not reached: every column had room for `rows` slots.
        return Err(ArrowError::ComputeError(
            "parse: output not sized for the input".into(),
        ));
    }
    let nulls = |bits: Vec<u8>| {
        let n = NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(bits), 0, rows));
        (n.null_count() > 0).then_some(n)
    };
    let valid = nulls(valid);
    let [href, ..] = &strings;
    text.drop_unused_inputs(href);
    let buffers = text.finish();
    let mut port = Some(UInt16Array::new(ScalarBuffer::from(port), nulls(has_port)));
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(10);
    for (i, views) in strings.into_iter().enumerate() {
        if let Some(port) = port.take_if(|_| i == 6) {
            columns.push(Arc::new(port));
        }
        columns.push(Arc::new(views_array(views, &buffers, valid.clone())?));
    }
    let errors = errors.finish();
    let values = StructArray::try_new(parse_fields(), columns, valid)?;
    Ok(Output { values, errors })
}

/// Writes a parsed row: the views of its string fields ([`write_views`]) and its port, with
/// the port's validity bit (row `i`).
#[inline(always)]
fn write_row(
    row: &RowViews<'_>,
    slots: &mut [&mut MaybeUninit<u128>; 9],
    ranges: &[Range<usize>; 10],
    p: &mut MaybeUninit<u16>,
    number: Option<u16>,
    has_port: &mut [u8],
    i: usize,
) {
    if row.ascii() {
        write_views::<true>(row, slots, ranges);
    } else {
        write_views::<false>(row, slots, ranges);
    }
    p.write(number.unwrap_or(0));
    if number.is_some()
        && let Some(b) = has_port.get_mut(i / 8)
    {
        *b |= 1 << (i % 8);
    }
}

/// Writes the views of a URL's string fields (its [`Url::attribute_ranges`]) to a row's
/// slots, in field order. `host` is `hostname`'s view again when they are the same range
/// (no port).
#[inline(always)]
fn write_views<const ASCII: bool>(
    row: &RowViews<'_>,
    slots: &mut [&mut MaybeUninit<u128>; 9],
    r: &[Range<usize>; 10],
) {
    let [
        href,
        protocol,
        username,
        password,
        host,
        hostname,
        pathname,
        search,
        hash,
    ] = slots;
    href.write(row.view_in::<ASCII>(&r[0]));
    protocol.write(row.view_in::<ASCII>(&r[1]));
    username.write(row.view_in::<ASCII>(&r[2]));
    password.write(row.view_in::<ASCII>(&r[3]));
    let name = row.view_in::<ASCII>(&r[5]);
    host.write(if r[4] == r[5] {
        name
    } else {
        row.view_in::<ASCII>(&r[4])
    });
    hostname.write(name);
    pathname.write(row.view_in::<ASCII>(&r[7]));
    search.write(row.view_in::<ASCII>(&r[8]));
    hash.write(row.view_in::<ASCII>(&r[9]));
}

/// Writes a null or failed row's slots: zero views and port.
#[cold]
fn write_null(slots: [&mut MaybeUninit<u128>; 9], port: &mut MaybeUninit<u16>) {
    for slot in slots {
        slot.write(0);
    }
    port.write(0);
}

/// The first `rows` slots of `column`'s spare capacity, from its length on (all of them
/// when it holds fewer).
fn spare_slots<T>(column: &mut Vec<T>, rows: usize) -> &mut [MaybeUninit<T>] {
    let spare = column.spare_capacity_mut();
    let n = rows.min(spare.len());
    &mut spare[..n]
}

/// The bytes of a string column's values (a first guess at the output buffer's size): of
/// its rows only when it is a slice of a larger array (whose values buffer it shares).
pub(crate) fn byte_len(array: &dyn Array) -> usize {
    let span =
        |first: Option<usize>, last: Option<usize>| last.unwrap_or(0).saturating_sub(first.unwrap_or(0));
    match Strings::try_from_array(array) {
        Ok(Strings::Utf8(a)) => span(
            a.offsets().first().map(|&o| o as usize),
            a.offsets().last().map(|&o| o as usize),
        ),
        Ok(Strings::LargeUtf8(a)) => span(
            a.offsets().first().map(|&o| o as usize),
            a.offsets().last().map(|&o| o as usize),
        ),
        Ok(Strings::Utf8View(a)) => a.total_buffer_bytes_used(),
        _ => 0,
    }
}

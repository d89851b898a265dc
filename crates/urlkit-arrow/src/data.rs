//! `data_url_mime` and `data_url_body`: what [`urlkit::data::process`] (the Fetch Standard's
//! `data:` URL processor) finds in every URL.

use crate::input::Strings;
use arrow_array::builder::{BinaryBuilder, StringBuilder};
use arrow_array::{Array, BinaryArray, StringArray};
use arrow_schema::ArrowError;
use urlkit::Url;
use urlkit::data::{DataUrl, process};

/// Runs the processor on every row, one URL buffer reused across rows, handing `each` the
/// row's result: `None` for a null, a string that is not a URL or not a `data:` URL, a
/// `data:` URL without a comma, or an invalid base64 body.
fn each_row(urls: &dyn Array, mut each: impl FnMut(Option<&DataUrl<'_>>)) -> Result<(), ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let mut buffer = String::new();
    for i in 0..urls.len() {
        let url = input
            .get(i)
            .and_then(|s| Url::parse_reusing(s, std::mem::take(&mut buffer)).ok());
        match &url {
            Some(url) => each(process(url).ok().as_ref()),
            None => each(None),
        }
        if let Some(url) = url {
            buffer = url.into_string();
            buffer.clear();
        }
    }
    Ok(())
}

/// The serialized MIME type of every `data:` URL (`text/plain;charset=US-ASCII` when the URL
/// names none or an invalid one, as the processor says). Null where the input is null or is
/// not a valid `data:` URL: not a URL, another scheme, no `,` after the type, or a `;base64`
/// body that is not base64.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec![Some("data:Text/HTML;charset=UTF-8,<p>"), Some("data:,x"), Some("https://a/"), None]);
/// let out = urlkit_arrow::data_url_mime(&urls)?;
/// assert_eq!(out.value(0), "text/html;charset=UTF-8");
/// assert_eq!(out.value(1), "text/plain;charset=US-ASCII");
/// assert!(out.is_null(2) && out.is_null(3));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn data_url_mime(urls: &dyn Array) -> Result<StringArray, ArrowError> {
    let mut out = StringBuilder::with_capacity(urls.len(), urls.len() * 16);
    let mut text = String::new();
    each_row(urls, |row| match row {
        Some(d) => {
            use std::fmt::Write;
            text.clear();
            let _ = write!(text, "{}", d.mime_type);
            out.append_value(&text);
        }
        None => out.append_null(),
    })?;
    Ok(out.finish())
}

/// The body bytes of every `data:` URL (percent-decoded, and base64-decoded when the type
/// ends in `;base64`). Null where [`data_url_mime`] is null.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["data:;base64,SGk=", "data:,a%20b", "data:;base64,!"]);
/// let out = urlkit_arrow::data_url_body(&urls)?;
/// assert_eq!((out.value(0), out.value(1)), (&b"Hi"[..], &b"a b"[..]));
/// assert!(out.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn data_url_body(urls: &dyn Array) -> Result<BinaryArray, ArrowError> {
    let mut out = BinaryBuilder::with_capacity(urls.len(), 0);
    each_row(urls, |row| match row {
        Some(d) => out.append_value(&d.body),
        None => out.append_null(),
    })?;
    Ok(out.finish())
}

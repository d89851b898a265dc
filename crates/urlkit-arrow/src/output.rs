//! Output columns: the error column, substrings of one shared buffer as string views, and
//! the row loop every kernel runs.

use crate::input::Strings;
use arrow_array::builder::{StringBuilder, StringViewBuilder, make_view};
use arrow_array::{StringArray, StringViewArray};
use arrow_buffer::{Buffer, NullBuffer, NullBufferBuilder, ScalarBuffer};
use arrow_schema::ArrowError;
use core::fmt::{self, Write as _};
use core::ops::Range;
use std::sync::Arc;

/// What a kernel does with a row that fails (a URL that does not parse, a bad base).
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::{component, OnError};
/// let urls = StringArray::from(vec!["https://a.example/", "no scheme"]);
/// let out = component(&urls, urlkit::Attribute::Hostname, OnError::Message)?;
/// assert!(out.values.is_null(1));
/// assert_eq!(out.errors.unwrap().value(1), "relative url without a base at byte 0");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OnError {
    /// A null in the result; no error column.
    #[default]
    Null,
    /// A null in the result and the error's message in the error column (null where the row
    /// succeeded or its input was null).
    Message,
    /// The empty value (an empty string, an empty list) for every row that gives none, failed
    /// or absent, as ClickHouse's URL functions answer; a null input still gives a null. No
    /// error column.
    ///
    /// ```
    /// use arrow_array::{Array, StringArray};
    /// use urlkit_arrow::{component, OnError, Part};
    /// let urls = StringArray::from(vec![Some("https://h/"), Some("no scheme"), None]);
    /// let out = component(&urls, Part::Query, OnError::Empty)?;
    /// assert_eq!((out.values.value(0), out.values.value(1)), ("", ""));
    /// assert!(out.values.is_null(2) && out.errors.is_none());
    /// # Ok::<(), arrow_schema::ArrowError>(())
    /// ```
    Empty,
}

/// A kernel's result: the values and, with [`OnError::Message`], one error message per row.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["https://a.example/"]);
/// let out = urlkit_arrow::is_valid(&urls)?;
/// assert!(out.value(0));
/// let out = urlkit_arrow::component(&urls, urlkit::Attribute::Host, urlkit_arrow::OnError::Null)?;
/// assert!(out.errors.is_none());
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Output<A> {
    /// One value per input row; null for a null input and for a failure.
    pub values: A,
    /// The failures' messages, when [`OnError::Message`] was asked for.
    pub errors: Option<StringArray>,
}

/// The outcome of one row, as a kernel's row function reports it.
pub(crate) enum Row<E> {
    /// The row function appended a value.
    Value,
    /// No value and no error (a null argument, an absent component): append a null.
    Null,
    /// A failure: append a null and, when asked, the message.
    Failed(E),
}

/// A column being built that can take a null row.
pub(crate) trait Sink {
    fn null(&mut self);
    /// The empty value of [`OnError::Empty`] (a null where the column has none).
    fn empty(&mut self) {
        self.null();
    }
}

impl Sink for StringViewBuilder {
    fn null(&mut self) {
        self.append_null();
    }
    fn empty(&mut self) {
        self.append_value("");
    }
}

impl Sink for StringBuilder {
    fn null(&mut self) {
        self.append_null();
    }
    fn empty(&mut self) {
        self.append_value("");
    }
}

impl<T: arrow_array::builder::ArrayBuilder> Sink for arrow_array::builder::ListBuilder<T> {
    fn null(&mut self) {
        self.append(false);
    }
    fn empty(&mut self) {
        self.append(true);
    }
}

/// Runs `row` over every row of `urls` (nulls give nulls without calling it) and collects
/// the failures' messages when asked. The messages are written straight into the error
/// column's buffer: no allocation per row.
pub(crate) fn run<S: Sink, E: fmt::Display>(
    urls: Strings<'_>,
    rows: usize,
    on_error: OnError,
    sink: &mut S,
    mut row: impl FnMut(usize, &str, &mut S) -> Row<E>,
) -> Option<StringArray> {
    let mut errors = Errors::new(on_error, rows);
    let empty = on_error == OnError::Empty;
    for i in 0..rows {
        let outcome = match urls.get(i) {
            None => Row::Null,
            Some(s) => match row(i, s, sink) {
                Row::Value => Row::Value,
                _ if empty => {
                    sink.empty();
                    Row::Value
                }
                other => other,
            },
        };
        if !matches!(outcome, Row::Value) {
            sink.null();
        }
        errors.push(&outcome);
    }
    errors.finish()
}

/// The error column being built: one message or null per row, when asked for.
pub(crate) struct Errors(Option<StringBuilder>);

impl Errors {
    pub(crate) fn new(on_error: OnError, rows: usize) -> Errors {
        Errors((on_error == OnError::Message).then(|| StringBuilder::with_capacity(rows, 0)))
    }

    /// Appends the message of a failed row, or a null (nothing without an error column:
    /// that test inline, the rest out of line).
    #[inline(always)]
    pub(crate) fn push<E: fmt::Display>(&mut self, outcome: &Row<E>) {
        if let Some(errors) = self.0.as_mut() {
            push_outcome(errors, outcome);
        }
    }

    pub(crate) fn finish(self) -> Option<StringArray> {
        self.0.map(|mut e| e.finish())
    }
}

/// [`Errors::push`] into the error column.
#[inline(never)]
fn push_outcome<E: fmt::Display>(errors: &mut StringBuilder, outcome: &Row<E>) {
    match outcome {
        Row::Failed(e) => {
            // Writing into the builder cannot fail.
            let _ = write!(errors, "{e}");
            errors.append_value("");
        }
        _ => errors.append_null(),
    }
}

/// The rows of a string kernel's result column, with the capacity for `rows` views.
pub(crate) fn string_sink(rows: usize) -> StringViewBuilder {
    StringViewBuilder::with_capacity(rows)
}

/// Several string-view columns whose values are substrings of one text per row (a URL's
/// components inside its href): each row's text is copied once into a shared buffer and
/// every column's view points into it, so a component costs a 16-byte view and no copy.
///
/// The buffer keeps [`PAD`] zero bytes after the last text copied (overwritten by the next
/// one), so the 16 bytes at any position of the current row's text can be read as one word:
/// a view is then a load, a mask and a few shifts, without branches on where the row ends.
///
/// Views may also point into the input's own data buffers ([`Self::input_row`]), given at
/// construction: they come first in the finished buffers (block `k` is input buffer `k`),
/// then the blocks of copied text. [`Self::drop_unused_inputs`] leaves out (as empty
/// buffers) those no view points into, so that the output does not keep them alive.
pub(crate) struct SharedViews {
    /// The input's data buffers that rows may be viewed in place in (none by default).
    inputs: Vec<Buffer>,
    /// The buffer being filled; earlier, full ones are in `blocks`.
    data: Vec<u8>,
    blocks: Vec<Buffer>,
    /// Where the current row's text is: its block, offset and length.
    row: (u32, u32, usize),
}

/// Zero bytes kept after the last text in [`SharedViews`]'s buffer: one view's word.
const PAD: usize = 16;

/// The view of `len` bytes whose first 16 bytes (or fewer, zero-padded) are `word` (little
/// endian), at `offset` of buffer `block`: inline when `len <= 12` (length, then the bytes,
/// zero-padded), else length, 4-byte prefix, block, offset (Arrow's layout, as `make_view`
/// writes it).
#[inline(always)]
fn view_of_word(word: u128, len: usize, block: u32, offset: u32) -> u128 {
    if len <= 12 {
        // The length, then the word's first `len` bytes: `len <= 12` indexes the table,
        // and `len == 0` masks everything but the (zero) length.
        ((word << 32) | len as u128) & INLINE_MASK[len]
    } else {
        // Two 64-bit halves: length and prefix, block and offset.
        let low = (len as u32 as u64) | ((word as u64) << 32);
        let high = u64::from(block) | (u64::from(offset) << 32);
        (u128::from(high) << 64) | u128::from(low)
    }
}

/// The bits an inline view of `len` bytes keeps: its 4-byte length and `len` bytes.
const INLINE_MASK: [u128; 13] = {
    let mut m = [0; 13];
    let mut len = 0;
    while len < 13 {
        // `u128::MAX >> 8 * (12 - len)`: the low `32 + 8 * len` bits.
        m[len] = u128::MAX >> (8 * (12 - len));
        len += 1;
    }
    m
};

/// The row just copied by [`SharedViews::start_row`]: the views of its substrings by byte
/// range, each from one 16-byte word of the buffer (no `&str` slicing, no bounds check
/// that can fail).
pub(crate) struct RowViews<'a> {
    /// The row's text followed by the rest of its buffer: (at least) [`PAD`] zero bytes in
    /// the copied text, any bytes (or none) in an input buffer.
    bytes: &'a [u8],
    /// The text's length.
    len: usize,
    /// Whether the text is ASCII (every position a character boundary, as in every
    /// serialized URL): else each view's ends are checked.
    ascii: bool,
    block: u32,
    offset: u32,
}

impl RowViews<'_> {
    /// The view of the row's text at `range`, which should lie inside it on character
    /// boundaries (else the empty string: checked here, so every view is of UTF-8).
    #[cfg(test)]
    pub(crate) fn view(&self, range: &Range<usize>) -> u128 {
        if self.ascii {
            self.view_in::<true>(range)
        } else {
            self.view_in::<false>(range)
        }
    }

    /// Whether the row's text is ASCII (then [`Self::view_in`] can be asked for with
    /// `ASCII` true).
    #[inline(always)]
    pub(crate) fn ascii(&self) -> bool {
        self.ascii
    }

    /// [`Self::view`], for a row known to be ASCII or not: `ASCII` must be
    /// [`Self::ascii`] or `false` (with `false` each view's ends are checked).
    #[inline(always)]
    pub(crate) fn view_in<const ASCII: bool>(&self, range: &Range<usize>) -> u128 {
        debug_assert!(
            range.start <= range.end && range.end <= self.len,
            "{range:?} outside a text of {} bytes",
            self.len
        );
        // Cut to the text: a range the caller got wrong gives some substring of it, or the
        // empty string.
        let end = range.end.min(self.len);
        let start = range.start;
        if start >= end {
            // Empty (no credentials, no query, …): the zero view, nothing to read.
            return 0;
        }
        // `start < end <= len`: the lookup succeeds unless the text ends less than 16 bytes
        // before its buffer does (an input buffer, no padding).
        let word: [u8; 16] = match self.bytes.get(start..start + 16) {
            Some(word) => word.try_into().unwrap_or_default(),
            None => word_near_end(self.bytes, start),
        };
        // Every position of ASCII text is a character boundary.
        if !(ASCII && self.ascii || self.on_boundaries(start, end)) {
            debug_assert!(false, "{range:?} not on character boundaries");
            return 0;
        }
        view_of_word(
            u128::from_le_bytes(word),
            end - start,
            self.block,
            self.offset + start as u32,
        )
    }

    /// Whether `start` and `end` (at most the text's length) are character boundaries: not
    /// at a UTF-8 continuation byte (the padding is zeros; the end of the buffer is one).
    #[cold]
    fn on_boundaries(&self, start: usize, end: usize) -> bool {
        let boundary =
            |i: usize| i == self.bytes.len() || self.bytes.get(i).is_some_and(|&b| (b as i8) >= -0x40);
        boundary(start) && boundary(end)
    }
}

/// The 16 bytes at `start` of a buffer with fewer after it, zero-padded.
#[cold]
fn word_near_end(bytes: &[u8], start: usize) -> [u8; 16] {
    let mut word = [0; 16];
    let tail = bytes.get(start..).unwrap_or_default();
    let n = tail.len().min(16);
    word[..n].copy_from_slice(&tail[..n]);
    word
}

/// Whether `text` is ASCII: by 16-byte words, the last one overlapping the one before it
/// (no byte loop but for texts under 16 bytes).
#[inline(always)]
fn is_ascii(text: &[u8]) -> bool {
    const HIGH: u128 = u128::from_ne_bytes([0x80; 16]);
    let (words, rest) = text.as_chunks::<16>();
    let any = words.iter().fold(0, |a, w| a | u128::from_ne_bytes(*w));
    if rest.is_empty() {
        return any & HIGH == 0;
    }
    match text.last_chunk::<16>() {
        Some(last) => (any | u128::from_ne_bytes(*last)) & HIGH == 0,
        None => rest.is_ascii(),
    }
}

/// The buffers of a finished [`SharedViews`]: only it makes them, so a [`ViewColumn`]
/// finished over them is over the buffers its views were made for.
pub(crate) struct SharedBuffers(Arc<[Buffer]>);

/// One column of [`SharedViews`].
pub(crate) struct ViewColumn {
    views: Vec<u128>,
    nulls: NullBufferBuilder,
}

impl SharedViews {
    pub(crate) fn with_capacity(bytes: usize) -> Self {
        Self::with_inputs(bytes, Vec::new())
    }

    /// [`Self::with_capacity`], with the input's data buffers that rows may be viewed in
    /// ([`Self::input_row`]); they are shared, not copied.
    pub(crate) fn with_inputs(bytes: usize, inputs: Vec<Buffer>) -> Self {
        SharedViews {
            inputs,
            data: Vec::with_capacity(bytes + PAD),
            blocks: Vec::new(),
            row: (0, 0, 0),
        }
    }

    /// Copies `bytes` to the buffer over the last text's padding, then pads again (a new
    /// block when the current one would pass 4 GiB, the reach of a view's offset); returns
    /// its block and offset.
    #[inline]
    fn copy(&mut self, bytes: &[u8]) -> (u32, u32) {
        let end = self.data.len().saturating_sub(PAD);
        if end + bytes.len() + PAD > u32::MAX as usize {
            self.next_block();
        } else {
            self.data.truncate(end);
        }
        // The block count and offset fit: each block is below 4 GiB, and so many blocks
        // would not fit in memory.
        let at = (
            (self.inputs.len() + self.blocks.len()) as u32,
            self.data.len() as u32,
        );
        self.data.extend_from_slice(bytes);
        self.data.extend_from_slice(&[0; PAD]);
        at
    }

    /// Closes the current block (the next text would pass 4 GiB).
    #[cold]
    fn next_block(&mut self) {
        self.blocks
            .push(Buffer::from_vec(core::mem::take(&mut self.data)));
    }

    /// Copies the text of the next row; its substrings are then given by [`Self::view`],
    /// or by byte range by the [`RowViews`] returned.
    #[inline]
    pub(crate) fn start_row(&mut self, text: &str) -> RowViews<'_> {
        let (block, offset) = self.copy(text.as_bytes());
        self.row = (block, offset, text.len());
        let start = offset as usize;
        // The row's text and the padding after it (`copy` wrote both).
        let bytes = self.data.get(start..start + text.len() + PAD).unwrap_or_default();
        // ASCII by 16-byte words (the padding is zeros): no byte loop.
        let words = bytes.get(..text.len().next_multiple_of(16)).unwrap_or_default();
        let any = words
            .as_chunks::<16>()
            .0
            .iter()
            .fold(0, |a, w| a | u128::from_ne_bytes(*w));
        RowViews {
            bytes,
            len: text.len(),
            ascii: any & u128::from_ne_bytes([0x80; 16]) == 0 && words.len() >= text.len(),
            block,
            offset,
        }
    }

    /// A row whose text lies in input buffer `k` (given to [`Self::with_inputs`]), to be
    /// viewed there instead of copied: `None` when `text` is not inside that buffer, or
    /// starts past the 4 GiB a view's offset reaches.
    #[inline(always)]
    pub(crate) fn input_row(&self, k: usize, text: &str) -> Option<RowViews<'_>> {
        let buffer = self.inputs.get(k)?.as_slice();
        // Where `text` is in the buffer, by address: checked to lie inside it.
        let at = (text.as_ptr() as usize).wrapping_sub(buffer.as_ptr() as usize);
        let bytes = buffer.get(at..)?;
        // Every view's offset (up to the text's end) fits in a `u32`.
        if bytes.len() < text.len() || u32::try_from(at + text.len()).is_err() {
            return None;
        }
        Some(RowViews {
            bytes,
            len: text.len(),
            ascii: is_ascii(text.as_bytes()),
            // `k` indexes `inputs`, far fewer than 4 Gi buffers.
            block: u32::try_from(k).ok()?,
            offset: u32::try_from(at).ok()?,
        })
    }

    /// The view of `sub`, which should lie inside the current row's `text` (else it is
    /// copied on its own, which is correct but not free).
    #[inline(always)]
    pub(crate) fn view(&mut self, text: &str, sub: &str) -> u128 {
        // An absent component may be a `""` from anywhere.
        if sub.is_empty() {
            return 0;
        }
        let (block, offset, len) = self.row;
        let at = (sub.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
        if text.len() == len && at <= len && sub.len() <= len - at {
            // In bounds: the row's text is followed by at least `PAD` bytes.
            let from = offset as usize + at;
            let mut word = [0; 16];
            word.copy_from_slice(&self.data[from..from + 16]);
            return view_of_word(u128::from_le_bytes(word), sub.len(), block, offset + at as u32);
        }
        if sub.len() <= 12 {
            return make_view(sub.as_bytes(), 0, 0);
        }
        let (block, offset) = self.copy(sub.as_bytes());
        make_view(sub.as_bytes(), block, offset)
    }

    /// Replaces each input buffer that none of `views` points into with an empty one (the
    /// output then does not keep it alive). `views` must be a column that points into every
    /// input buffer any view does: the `href` of [`crate::parse`], the whole of each row
    /// (a component's view that is not inline makes its row's href not inline either).
    pub(crate) fn drop_unused_inputs(&mut self, views: &[u128]) {
        let n = self.inputs.len();
        let block = |v: &u128| ((*v as u32) > 12).then_some((*v >> 64) as u32 as usize);
        let mut used = vec![false; n];
        if n == 1 {
            // One input buffer (`Utf8`, `LargeUtf8`): the first view into it decides.
            used[0] = views.iter().any(|v| block(v) == Some(0));
        } else {
            for k in views.iter().filter_map(block) {
                if let Some(u) = used.get_mut(k) {
                    *u = true;
                }
            }
        }
        for (buffer, used) in self.inputs.iter_mut().zip(used) {
            if !used {
                *buffer = Buffer::from_vec(Vec::<u8>::new());
            }
        }
    }

    /// The shared buffers, for every column's [`ViewColumn::finish`].
    pub(crate) fn finish(mut self) -> SharedBuffers {
        self.blocks.push(Buffer::from_vec(self.data));
        let mut buffers = self.inputs;
        buffers.append(&mut self.blocks);
        SharedBuffers(buffers.into())
    }
}

impl ViewColumn {
    pub(crate) fn with_capacity(rows: usize) -> Self {
        ViewColumn {
            views: Vec::with_capacity(rows),
            nulls: NullBufferBuilder::new(rows),
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, view: u128) {
        self.views.push(view);
        self.nulls.append_non_null();
    }

    #[inline]
    pub(crate) fn push_null(&mut self) {
        self.views.push(0);
        self.nulls.append_null();
    }

    /// The column over `buffers`, the [`SharedViews`] its views were made with.
    pub(crate) fn finish(mut self, buffers: &SharedBuffers) -> Result<StringViewArray, ArrowError> {
        views_array(self.views, buffers, self.nulls.finish())
    }
}

/// A string-view column from views made by [`SharedViews::view`] or [`RowViews::view`]
/// over `buffers` (its
/// finished buffers) and a null buffer of the same length.
///
/// Arrow's checked constructor would validate the UTF-8 of every view again, though every
/// view is a slice of a `str`: 22 % of the parse kernel's profile over `realworld.txt`.
/// Debug builds still run that check.
#[allow(unsafe_code)]
pub(crate) fn views_array(
    views: Vec<u128>,
    buffers: &SharedBuffers,
    nulls: Option<NullBuffer>,
) -> Result<StringViewArray, ArrowError> {
    let views = ScalarBuffer::from(views);
    if cfg!(debug_assertions) || nulls.as_ref().is_some_and(|n| n.len() != views.len()) {
        return StringViewArray::try_new(views, Arc::clone(&buffers.0), nulls);
    }
    // SAFETY: every view was made by `SharedViews::view` from a `&str`, or by
    // `RowViews::view` from a range of the row's `&str` that it checked to lie inside it on
    // character boundaries (so its bytes are UTF-8 and inline views are zero-padded), and a
    // view that is not inline points at the block and offset where those bytes are: where
    // `SharedViews::copy` wrote them (the row's text, whose substring it is, or a copy of its
    // own), or where `SharedViews::input_row` found the row's `&str` inside input buffer `k`
    // (block `k`, by address, checked to lie inside it). Both are inside `buffers`, which only
    // the `SharedViews` that made the views creates (its input buffers first, then its
    // copies); the null buffer's length was checked above.
    Ok(unsafe { StringViewArray::new_unchecked(views, Arc::clone(&buffers.0), nulls) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_are_those_of_make_view() {
        let text = "https://user:pw@example.com:8080/a/b/c?query=1#frag-ment-long";
        let mut shared = SharedViews::with_capacity(0);
        shared.start_row("x");
        shared.start_row(text);
        for start in 0..text.len() {
            for end in start..=text.len() {
                let sub = &text[start..end];
                let expected = make_view(sub.as_bytes(), 0, 1 + start as u32);
                assert_eq!(shared.view(text, sub), expected, "{sub:?}");
            }
        }
        // Short texts: the 16-byte word runs into the padding after the row.
        let short = "a:bc";
        shared.start_row(short);
        for start in 0..short.len() {
            let sub = &short[start..];
            assert_eq!(shared.view(short, sub), make_view(sub.as_bytes(), 0, 0));
        }
        // By range (`RowViews`): the same views; off character boundaries, the empty one.
        for text in [
            text,
            "a:bc",
            "x:\u{e9}t\u{e9}-\u{1f600}-long-enough-to-not-inline",
        ] {
            let row = shared.start_row(text);
            let offset = row.offset;
            for start in 0..=text.len() {
                for end in start..=text.len() {
                    match text.get(start..end) {
                        Some(sub) => {
                            let expected = make_view(sub.as_bytes(), 0, offset + start as u32);
                            assert_eq!(row.view(&(start..end)), expected, "{sub:?}");
                        }
                        // Debug builds stop at the caller's mistake; release ones give "".
                        None if cfg!(debug_assertions) => assert!(!row.ascii),
                        None => assert_eq!(row.view(&(start..end)), 0),
                    }
                }
            }
        }
        // A string that is not inside the row's text is copied.
        let other = String::from("https://elsewhere.example/");
        let view = shared.view(text, &other);
        let buffers = shared.finish();
        let mut col = ViewColumn::with_capacity(1);
        col.push(view);
        assert_eq!(col.finish(&buffers).unwrap().value(0), other);
    }
}

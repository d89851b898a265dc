//! Subcommands, one file each, and the machinery they share:
//!
//! - [`Status`] and [`Tally`]: exit statuses (0 all inputs parsed, 1 some failed, 2 usage or
//!   I/O error) and their aggregation over many inputs.
//! - [`JsonObject`]: a JSON object written field by field, in order, straight into a buffer.
//! - [`JsonlLines`] and [`run_jsonl`]: the streaming line reader (split on `\n` only, never
//!   trimmed, invalid UTF-8 replaced with U+FFFD per line) and the loop that answers each line
//!   with exactly one JSON object.
//! - [`Request`]: the usual JSONL request, a plain line or `{"input": …, "base": …}`.
//! - [`guarded`]: runs library code so that a bug there fails one input instead of the run.
//!
//! A new subcommand `foo` lives in `cmd/foo.rs`, defines `FooArgs` (clap `Args`) and
//! `pub fn run(args: FooArgs) -> Status`; in `--jsonl` mode it calls
//! `run_jsonl_stdio(|line| …)` with a closure that returns `(JsonObject, ok)`.

pub mod normalize;
pub mod pairs;
pub mod parse;
pub mod query;
pub mod relative;
pub mod resolve;
pub mod rfc1738;
pub mod rfc3986;
pub mod set;
pub mod validate;

use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

/// Buffer size for standard input and output in streaming modes.
const IO_BUFFER: usize = 64 * 1024;

/// The exit status of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every input was processed successfully (exit 0).
    Success,
    /// At least one input failed (exit 1).
    Failure,
    /// A usage or I/O error (exit 2).
    Error,
}

impl Status {
    /// The process exit code for this status.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Failure => 1,
            Status::Error => 2,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status.code())
    }
}

/// Counts inputs that succeeded and failed, giving the run's [`Status`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Inputs processed successfully.
    pub ok: u64,
    /// Inputs that failed.
    pub failed: u64,
}

impl Tally {
    /// Records one input's outcome.
    pub fn record(&mut self, ok: bool) {
        if ok {
            self.ok += 1;
        } else {
            self.failed += 1;
        }
    }

    /// [`Status::Failure`] when any input failed, else [`Status::Success`].
    pub fn status(&self) -> Status {
        if self.failed == 0 {
            Status::Success
        } else {
            Status::Failure
        }
    }
}

/// Turns the result of a run that writes to standard output into a [`Status`], reporting
/// I/O errors on standard error. A closed pipe (as in `urlkit … | head`) is not an error
/// worth a message: the run stops quietly with the status of what was processed.
pub fn finish(result: Result<Tally, RunError>) -> Status {
    match result {
        Ok(tally) => tally.status(),
        Err(RunError { tally, error }) if error.kind() == io::ErrorKind::BrokenPipe => tally.status(),
        Err(RunError { error, .. }) => {
            eprintln!("urlkit: {}", lower_first(&error.to_string()));
            Status::Error
        }
    }
}

/// An I/O error that stopped a run, with the tally of the inputs processed before it.
#[derive(Debug)]
pub struct RunError {
    /// Inputs processed before the error.
    pub tally: Tally,
    /// The error.
    pub error: io::Error,
}

impl RunError {
    /// Wraps `error` (with `context` prepended to its message) and the tally so far.
    pub fn new(tally: Tally, context: &str, error: io::Error) -> Self {
        let kind = error.kind();
        let message = format!("{context}: {}", lower_first(&error.to_string()));
        RunError {
            tally,
            error: io::Error::new(kind, message),
        }
    }
}

/// Lower-cases the first character of an error message from elsewhere (std, serde_json).
pub fn lower_first(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) if first.is_uppercase() && !chars.next().is_some_and(char::is_uppercase) => first
            .to_lowercase()
            .chain(message[first.len_utf8()..].chars())
            .collect(),
        _ => message.to_owned(),
    }
}

/// Runs `f`; if it panics (a bug in the library or here), returns `None` instead of
/// aborting the whole run. The panic message still goes to standard error.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    panic::catch_unwind(AssertUnwindSafe(f)).ok()
}

/// The error text used when processing one input panicked.
pub const INTERNAL_ERROR: &str = "internal error while processing this input";

/// A JSON object written into a buffer one field at a time, keeping the fields in the order
/// they are added. Keys are not checked for duplicates.
///
/// ```ignore
/// let mut obj = JsonObject::new();
/// obj.str("input", "a").null("base").bool("ok", false);
/// assert_eq!(obj.finish(), r#"{"input":"a","base":null,"ok":false}"#);
/// ```
#[derive(Debug, Clone)]
pub struct JsonObject {
    buf: String,
}

impl Default for JsonObject {
    fn default() -> Self {
        Self::new()
    }
}

impl JsonObject {
    /// An empty object.
    pub fn new() -> Self {
        let mut buf = String::with_capacity(256);
        buf.push('{');
        JsonObject { buf }
    }

    fn key(&mut self, key: &str) {
        if self.buf.len() > 1 {
            self.buf.push(',');
        }
        write_json_string(&mut self.buf, key);
        self.buf.push(':');
    }

    /// Adds a string field.
    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        self.key(key);
        write_json_string(&mut self.buf, value);
        self
    }

    /// Adds a string field, or `null` for `None`.
    pub fn opt_str(&mut self, key: &str, value: Option<&str>) -> &mut Self {
        match value {
            Some(v) => self.str(key, v),
            None => self.null(key),
        }
    }

    /// Adds a `null` field.
    pub fn null(&mut self, key: &str) -> &mut Self {
        self.key(key);
        self.buf.push_str("null");
        self
    }

    /// Adds a boolean field.
    pub fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        self.key(key);
        self.buf.push_str(if value { "true" } else { "false" });
        self
    }

    /// Adds an integer field.
    pub fn int(&mut self, key: &str, value: i64) -> &mut Self {
        self.key(key);
        let _ = write!(self.buf, "{value}");
        self
    }

    /// Adds a field holding any JSON value (arrays, nested objects, …).
    pub fn value(&mut self, key: &str, value: &Value) -> &mut Self {
        self.key(key);
        // Writing a `Value` to a `String` cannot fail.
        let _ = write!(self.buf, "{value}");
        self
    }

    /// Adds a field holding a nested object, its fields in their order.
    pub fn object(&mut self, key: &str, value: JsonObject) -> &mut Self {
        self.key(key);
        self.buf.push_str(&value.finish());
        self
    }

    /// An object with the fields of `map`, in the map's order (serde_json's `Map` is sorted
    /// by key; build with the typed methods to choose the order).
    #[allow(dead_code)] // for subcommands to come
    pub fn from_map(map: &Map<String, Value>) -> Self {
        let mut obj = JsonObject::new();
        for (key, value) in map {
            obj.value(key, value);
        }
        obj
    }

    /// The object's JSON text.
    pub fn finish(mut self) -> String {
        self.buf.push('}');
        self.buf
    }
}

/// Bytes that a JSON string literal must escape: C0 controls, `"` and `\\`.
const NEEDS_ESCAPE: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        table[i] = true;
        i += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// The length of the longest prefix of `bytes` made of whole 8-byte blocks none of whose
/// bytes needs escaping, tested a block at a time (the classic "has a zero byte" and "has a
/// byte less than n" word tricks, both exact).
fn clean_prefix_len(bytes: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS != 0;
    let mut len = 0;
    for block in bytes.chunks_exact(8) {
        let Ok(block) = <[u8; 8]>::try_from(block) else {
            break;
        };
        let x = u64::from_le_bytes(block);
        let control = x.wrapping_sub(ONES * 0x20) & !x & HIGHS != 0;
        if control || has_zero(x ^ (ONES * u64::from(b'"'))) || has_zero(x ^ (ONES * u64::from(b'\\'))) {
            break;
        }
        len += 8;
    }
    len
}

/// Appends `s` to `out` as a JSON string literal (escaping as serde_json does).
pub fn write_json_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        i += clean_prefix_len(&bytes[i..]);
        let block_end = (i + 8).min(bytes.len());
        while i < block_end {
            let b = bytes[i];
            if NEEDS_ESCAPE[usize::from(b)] {
                // `i` is at an ASCII byte, so both slices are on character boundaries.
                out.push_str(&s[start..i]);
                push_escape(out, b);
                start = i + 1;
            }
            i += 1;
        }
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Appends the JSON escape sequence for the ASCII byte `b`.
fn push_escape(out: &mut String, b: u8) {
    match b {
        b'"' => out.push_str("\\\""),
        b'\\' => out.push_str("\\\\"),
        b'\n' => out.push_str("\\n"),
        b'\r' => out.push_str("\\r"),
        b'\t' => out.push_str("\\t"),
        0x08 => out.push_str("\\b"),
        0x0c => out.push_str("\\f"),
        _ => {
            let _ = write!(out, "\\u{b:04x}");
        }
    }
}

/// The lines of a byte stream: split on `\n` only, the `\n` removed and nothing else (a
/// `\r` stays), each decoded with [`String::from_utf8_lossy`]. An empty segment after the
/// last `\n` is not a line; a last line without `\n` is.
pub struct JsonlLines<R> {
    reader: R,
    buf: Vec<u8>,
}

impl<R: BufRead> JsonlLines<R> {
    /// Reads lines from `reader`.
    pub fn new(reader: R) -> Self {
        JsonlLines {
            reader,
            buf: Vec::with_capacity(1024),
        }
    }

    /// The next line, `Ok(None)` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Cow<'_, str>>> {
        self.buf.clear();
        if self.reader.read_until(b'\n', &mut self.buf)? == 0 {
            return Ok(None);
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        }
        // The strict check is faster than `from_utf8_lossy` on the usual, valid, line.
        Ok(Some(match std::str::from_utf8(&self.buf) {
            Ok(line) => Cow::Borrowed(line),
            Err(_) => String::from_utf8_lossy(&self.buf),
        }))
    }
}

/// Answers every line of `input` with exactly one JSON object line on `output`, in order.
///
/// `each` receives the line (see [`JsonlLines`]) and returns the object and whether the line
/// succeeded. If `each` panics, the line is answered with a failure object whose `input` is
/// the raw line. Output is flushed before returning.
pub fn run_jsonl<R, W, F>(input: R, mut output: W, mut each: F) -> Result<Tally, RunError>
where
    R: BufRead,
    W: Write,
    F: FnMut(&str) -> (JsonObject, bool),
{
    let mut lines = JsonlLines::new(input);
    let mut tally = Tally::default();
    loop {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => return Err(RunError::new(tally, "error reading standard input", e)),
        };
        let (object, ok) = guarded(|| each(&line)).unwrap_or_else(|| failure(&line, None, INTERNAL_ERROR));
        tally.record(ok);
        let mut text = object.finish();
        text.push('\n');
        if let Err(e) = output.write_all(text.as_bytes()) {
            return Err(RunError::new(tally, "error writing standard output", e));
        }
    }
    output
        .flush()
        .map_err(|e| RunError::new(tally, "error writing standard output", e))?;
    Ok(tally)
}

/// [`run_jsonl`] on locked, buffered standard input and output, giving the exit status.
pub fn run_jsonl_stdio<F>(each: F) -> Status
where
    F: FnMut(&str) -> (JsonObject, bool),
{
    let stdin = io::stdin();
    let stdout = io::stdout();
    let input = BufReader::with_capacity(IO_BUFFER, stdin.lock());
    let output = BufWriter::with_capacity(IO_BUFFER, stdout.lock());
    finish(run_jsonl(input, output, each))
}

/// Runs `f` with locked, buffered standard output (flushed afterwards), giving the exit
/// status. `f` returns the tally of its inputs.
pub fn with_stdout<F>(f: F) -> Status
where
    F: FnOnce(&mut dyn Write) -> io::Result<Tally>,
{
    let stdout = io::stdout();
    let mut output = BufWriter::with_capacity(IO_BUFFER, stdout.lock());
    let result = f(&mut output).and_then(|tally| output.flush().map(|()| tally));
    finish(result.map_err(|e| RunError::new(Tally::default(), "error writing standard output", e)))
}

/// The standard failure object: `{"input", "base", "ok": false, "error"}`.
pub fn failure(input: &str, base: Option<&str>, error: &str) -> (JsonObject, bool) {
    let mut obj = JsonObject::new();
    obj.str("input", input)
        .opt_str("base", base)
        .bool("ok", false)
        .str("error", error);
    (obj, false)
}

/// A JSONL line: a JSON object when it starts with `{`, else the plain text.
#[derive(Debug)]
pub enum Line<'a> {
    /// A line not starting with `{`: the input itself.
    Plain(&'a str),
    /// A line holding a JSON object.
    Object(Map<String, Value>),
}

impl<'a> Line<'a> {
    /// Classifies `line`; a line starting with `{` that is not a JSON object is an error.
    pub fn parse(line: &'a str) -> Result<Line<'a>, String> {
        if !line.starts_with('{') {
            return Ok(Line::Plain(line));
        }
        match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(map)) => Ok(Line::Object(map)),
            Ok(_) => Err("invalid json line: not an object".to_owned()),
            Err(e) => Err(format!("invalid json line: {}", e.to_string().to_lowercase())),
        }
    }
}

/// A string field of a JSONL object: `Ok(None)` when absent or `null`, an error when it
/// holds anything but a string.
pub fn opt_str_field<'m>(map: &'m Map<String, Value>, key: &str) -> Result<Option<&'m str>, String> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("invalid json line: \"{key}\" is not a string")),
    }
}

/// A required string field of a JSONL object.
pub fn str_field<'m>(map: &'m Map<String, Value>, key: &str) -> Result<&'m str, String> {
    opt_str_field(map, key)?.ok_or_else(|| format!("invalid json line: missing string \"{key}\""))
}

/// The usual JSONL request: a plain line (the input, no base) or
/// `{"input": string, "base": string or null}` (a missing `base` is `null`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request<'a> {
    /// The input to process.
    pub input: Cow<'a, str>,
    /// The base URL, if any.
    pub base: Option<String>,
}

impl<'a> Request<'a> {
    /// Reads a request from a line; the error is the message for the failure object.
    pub fn parse(line: &'a str) -> Result<Request<'a>, String> {
        match Line::parse(line)? {
            Line::Plain(input) => Ok(Request {
                input: Cow::Borrowed(input),
                base: None,
            }),
            Line::Object(map) => {
                let input = str_field(&map, "input")?.to_owned();
                let base = opt_str_field(&map, "base")?.map(str::to_owned);
                Ok(Request {
                    input: Cow::Owned(input),
                    base,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_escape_like_serde_json() {
        for s in [
            "",
            "a\"b\\c",
            "\u{0}\u{1f}\t\r\n\u{8}\u{c}",
            "é\u{fffd}😀",
            "</script>",
        ] {
            let mut out = String::new();
            write_json_string(&mut out, s);
            assert_eq!(out, serde_json::to_string(s).unwrap());
        }
    }

    #[test]
    fn objects_keep_field_order() {
        let mut obj = JsonObject::new();
        obj.str("input", "x").null("base").bool("ok", true).int("n", -3);
        obj.value("list", &serde_json::json!([1, "a"]));
        assert_eq!(
            obj.finish(),
            r#"{"input":"x","base":null,"ok":true,"n":-3,"list":[1,"a"]}"#
        );
    }

    #[test]
    fn objects_from_maps() {
        let value = serde_json::json!({"b": [1, {"c": null}], "a": "x\n"});
        let Value::Object(map) = &value else {
            unreachable!()
        };
        let text = JsonObject::from_map(map).finish();
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
        assert_eq!(JsonObject::from_map(&Map::new()).finish(), "{}");
    }

    #[test]
    fn lines_split_on_newline_only() {
        let data: &[u8] = b"a\r\n\n\xffb\nlast";
        let mut lines = JsonlLines::new(data);
        let mut got = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            got.push(line.into_owned());
        }
        assert_eq!(got, ["a\r", "", "\u{fffd}b", "last"]);
        let mut lines = JsonlLines::new(&b"x\n"[..]);
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("x"));
        assert_eq!(lines.next_line().unwrap(), None);
    }

    #[test]
    fn requests() {
        let r = Request::parse(r#"{"input": "a", "base": null}"#).unwrap();
        assert_eq!((r.input.as_ref(), r.base), ("a", None));
        let r = Request::parse(r#"{"input": "a", "base": "http://x/"}"#).unwrap();
        assert_eq!(r.base.as_deref(), Some("http://x/"));
        assert_eq!(Request::parse(" {").unwrap().input, " {");
        assert!(Request::parse("{")
            .unwrap_err()
            .starts_with("invalid json line: "));
        assert!(Request::parse(r#"{"input": 1}"#).is_err());
        assert!(Request::parse(r#"{"base": "x"}"#).is_err());
        assert!(Request::parse("{}\r").is_err());
        assert!(Request::parse("[1]").is_ok());
    }

    #[test]
    fn run_jsonl_answers_every_line() {
        let input: &[u8] = b"a\nboom\n\nb";
        let mut out = Vec::new();
        let tally = run_jsonl(input, &mut out, |line| {
            assert_ne!(line, "boom", "deliberate panic");
            let mut o = JsonObject::new();
            o.str("input", line);
            (o, !line.is_empty())
        })
        .unwrap();
        assert_eq!(tally, Tally { ok: 2, failed: 2 });
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[1],
            format!(r#"{{"input":"boom","base":null,"ok":false,"error":"{INTERNAL_ERROR}"}}"#)
        );
    }

    #[test]
    fn messages_are_lower_case() {
        assert_eq!(lower_first("Broken pipe"), "broken pipe");
        assert_eq!(lower_first("EOF while"), "EOF while");
        assert_eq!(lower_first(""), "");
    }
}

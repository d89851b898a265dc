//! Reading inputs: arguments, files (`.gz` and `.zst` decompressed, recognised by their
//! magic bytes) and standard input, cut into lines and cleaned by the input hygiene rules.
//!
//! Lines end at `\n`, `\r\n` or a lone `\r`; the line end is removed. A byte order mark at
//! the start of a stream is skipped. A line longer than the maximum length is not kept in
//! memory: it fails on its own (`too-long`) and reading goes on after its end. Invalid UTF-8
//! fails the line (`invalid-utf8`, at the first bad byte) unless `--lossy` percent-encodes
//! the bad bytes. `--trim`, `--comments PREFIX` and `--skip-blank` are applied in that
//! order.

use crate::standard::{kind, Failure};
use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

/// Bytes read from a stream at a time.
const CHUNK: usize = 64 * 1024;

/// How much of an overlong line its failure object shows.
const SHOWN_PREFIX: usize = 64;

/// The input hygiene rules.
#[derive(Debug, Clone, Default)]
pub struct Hygiene {
    /// Remove leading and trailing white space.
    pub trim: bool,
    /// Skip lines starting with this prefix (after trimming).
    pub comments: Option<String>,
    /// Skip empty lines (after trimming).
    pub skip_blank: bool,
    /// Percent-encode invalid UTF-8 instead of failing the line.
    pub lossy: bool,
    /// The longest line accepted, in bytes.
    pub max_length: usize,
}

/// One input after hygiene.
#[derive(Debug)]
pub enum Item<'a> {
    /// The input text; `true` when invalid UTF-8 in it was percent-encoded.
    Input(Cow<'a, str>, bool),
    /// A line the rules skip.
    Skip,
    /// A line that failed before any subcommand saw it: what to show as its input, and why.
    Fail(String, Failure),
}

impl Hygiene {
    /// Applies the rules to the bytes of one input.
    pub fn clean<'a>(&self, bytes: &'a [u8]) -> Item<'a> {
        let (text, lossy) = match std::str::from_utf8(bytes) {
            Ok(text) => (Cow::Borrowed(text), false),
            Err(e) if !self.lossy => {
                let position = e.valid_up_to();
                let failure = Failure::at(
                    kind::INVALID_UTF8,
                    format!("invalid utf-8 at byte {position}"),
                    position,
                );
                return Item::Fail(String::from_utf8_lossy(bytes).into_owned(), failure);
            }
            Err(_) => (Cow::Owned(percent_encode_invalid(bytes)), true),
        };
        let trimmed = if self.trim { text.trim() } else { &text };
        if self
            .comments
            .as_deref()
            .is_some_and(|p| !p.is_empty() && trimmed.starts_with(p))
            || (self.skip_blank && trimmed.is_empty())
        {
            return Item::Skip;
        }
        if trimmed.len() == text.len() {
            return Item::Input(text, lossy);
        }
        match text {
            Cow::Borrowed(text) => {
                Item::Input(Cow::Borrowed(if self.trim { text.trim() } else { text }), lossy)
            }
            Cow::Owned(text) => Item::Input(Cow::Owned(text.trim().to_owned()), lossy),
        }
    }

    /// The failure of a line longer than the maximum, showing its start.
    pub fn too_long(&self, start: &[u8]) -> Item<'static> {
        let mut shown = String::from_utf8_lossy(&start[..start.len().min(SHOWN_PREFIX)]).into_owned();
        shown.push('…');
        let message = format!("line longer than {} bytes", self.max_length);
        Item::Fail(shown, Failure::at(kind::TOO_LONG, message, self.max_length))
    }
}

/// `bytes` with every byte that is not part of valid UTF-8 written as `%XX`.
fn percent_encode_invalid(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    loop {
        match std::str::from_utf8(bytes) {
            Ok(rest) => {
                out.push_str(rest);
                return out;
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                // `valid` is valid UTF-8 by the error's word.
                out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len());
                for b in &rest[..bad] {
                    out.push_str(&format!("%{b:02X}"));
                }
                bytes = &rest[bad..];
            }
        }
    }
}

/// A stream of inputs: standard input or a file, decompressed when it is gzip or zstd.
pub struct Stream {
    reader: Box<dyn Read + Send>,
}

impl Stream {
    /// Standard input; an error when it is closed.
    pub fn stdin() -> io::Result<Stream> {
        check_open(0)?;
        Ok(Stream {
            reader: Box::new(io::stdin()),
        })
    }

    /// A file, decompressed when its first bytes say gzip or zstd.
    pub fn open(path: &Path) -> io::Result<Stream> {
        let mut file = BufReader::with_capacity(CHUNK, File::open(path)?);
        let magic = io::BufRead::fill_buf(&mut file)?;
        let reader: Box<dyn Read + Send> = if magic.starts_with(&[0x1f, 0x8b]) {
            Box::new(flate2::bufread::MultiGzDecoder::new(file))
        } else if magic.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Box::new(ZstdFrames { file, frame: None })
        } else {
            Box::new(file)
        };
        Ok(Stream { reader })
    }
}

/// Every zstd frame of a file, one after the other.
struct ZstdFrames {
    file: BufReader<File>,
    frame: Option<ruzstd::decoding::StreamingDecoder<BufReader<File>, ruzstd::decoding::FrameDecoder>>,
}

impl Read for ZstdFrames {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if let Some(frame) = &mut self.frame {
                let n = frame.read(buf)?;
                if n > 0 || buf.is_empty() {
                    return Ok(n);
                }
                let Some(frame) = self.frame.take() else {
                    return Ok(0);
                };
                self.file = frame.into_inner();
            }
            if io::BufRead::fill_buf(&mut self.file)?.is_empty() {
                return Ok(0);
            }
            let file = std::mem::replace(&mut self.file, BufReader::new(File::open("/dev/null")?));
            let decoder = ruzstd::decoding::StreamingDecoder::new(file)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("zstd: {e}")))?;
            self.frame = Some(decoder);
        }
    }
}

/// Fails when the process's standard stream `fd` (0 or 1) was closed when it started.
///
/// Rust's runtime reopens a closed standard stream on `/dev/null` (read-write) before
/// `main`, so a closed standard output would swallow every answer and a closed standard
/// input read as empty. That `/dev/null` is told from a shell's `< /dev/null` or
/// `> /dev/null` (opened read-only or write-only) by its access mode.
pub fn check_open(fd: u8) -> io::Result<()> {
    let closed = cfg!(target_os = "linux") && is_reopened_dev_null(fd);
    if closed {
        Err(io::Error::new(io::ErrorKind::BrokenPipe, "the stream is closed"))
    } else {
        Ok(())
    }
}

/// Whether `fd` is `/dev/null` opened read-write (Linux, from `/proc`).
fn is_reopened_dev_null(fd: u8) -> bool {
    let Ok(target) = std::fs::read_link(format!("/proc/self/fd/{fd}")) else {
        return false;
    };
    if target != Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")) else {
        return false;
    };
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    info.lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
}

/// What [`LineReader::next`] found.
pub enum Raw<'a> {
    /// A line, its end removed.
    Line(&'a [u8]),
    /// A line over the maximum length: its first bytes.
    TooLong(&'a [u8]),
}

/// Cuts a stream into lines in bounded memory.
pub struct LineReader {
    stream: Stream,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    first: bool,
    max: usize,
    /// The last read filled the whole chunk (more is likely waiting).
    full: bool,
}

impl LineReader {
    /// Lines of `stream`, each at most `max` bytes.
    pub fn new(stream: Stream, max: usize) -> Self {
        LineReader {
            stream,
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
            eof: false,
            first: true,
            max: max.max(1),
            full: true,
        }
    }

    /// Reads more; `before_blocking` runs first when the read may wait for input.
    fn fill(&mut self, before_blocking: &mut dyn FnMut() -> io::Result<()>) -> io::Result<()> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.buf.len() - self.end < CHUNK / 2 {
            let len = self.buf.len();
            self.buf.resize(len.max(self.end + CHUNK), 0);
        }
        if !self.full {
            before_blocking()?;
        }
        let room = self.buf.len() - self.end;
        let n = loop {
            match self.stream.reader.read(&mut self.buf[self.end..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                other => break other?,
            }
        };
        self.full = n == room;
        self.end += n;
        self.eof = n == 0;
        Ok(())
    }

    /// The next line, `None` at the end of the stream.
    pub fn next(
        &mut self,
        before_blocking: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Raw<'_>>> {
        let mut scanned = 0;
        let mut overlong = false;
        loop {
            let window = &self.buf[self.start + scanned..self.end];
            if let Some(i) = memchr::memchr2(b'\n', b'\r', window) {
                let at = self.start + scanned + i;
                // A `\r` at the end of what was read may be the first half of `\r\n`.
                if self.buf[at] == b'\r' && at + 1 == self.end && !self.eof {
                    scanned += i;
                    self.fill(before_blocking)?;
                    continue;
                }
                let skip =
                    if self.buf[at] == b'\r' && self.buf.get(at + 1) == Some(&b'\n') && at + 1 < self.end {
                        2
                    } else {
                        1
                    };
                let line_start = self.start;
                self.start = at + skip;
                return Ok(Some(self.finish(line_start, at, overlong)));
            }
            scanned = self.end - self.start;
            if self.eof {
                if self.start == self.end {
                    return Ok(None);
                }
                let (line_start, line_end) = (self.start, self.end);
                self.start = self.end;
                return Ok(Some(self.finish(line_start, line_end, overlong)));
            }
            if scanned > self.max {
                // Keep the first bytes to show and drop the rest of the line as it comes.
                overlong = true;
                let keep = SHOWN_PREFIX.min(scanned);
                self.buf.copy_within(self.start..self.start + keep, 0);
                self.start = 0;
                self.end = keep;
                scanned = keep;
                self.buf.truncate(CHUNK.max(keep + CHUNK));
            }
            self.fill(before_blocking)?;
        }
    }

    /// The line `start..end`, its byte order mark removed when it opens the stream.
    fn finish(&mut self, mut start: usize, end: usize, overlong: bool) -> Raw<'_> {
        if std::mem::take(&mut self.first) && self.buf[start..end].starts_with(b"\xef\xbb\xbf") {
            start += 3;
        }
        let line = &self.buf[start..end];
        if overlong || line.len() > self.max {
            Raw::TooLong(line)
        } else {
            Raw::Line(line)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &'static [u8], max: usize) -> Vec<String> {
        let mut reader = LineReader::new(
            Stream {
                reader: Box::new(data),
            },
            max,
        );
        let mut out = Vec::new();
        while let Some(raw) = reader.next(&mut || Ok(())).unwrap() {
            out.push(match raw {
                Raw::Line(l) => String::from_utf8_lossy(l).into_owned(),
                Raw::TooLong(l) => format!("TOO LONG {}", String::from_utf8_lossy(l)),
            });
        }
        out
    }

    #[test]
    fn line_ends() {
        assert_eq!(
            lines(b"\xef\xbb\xbfa\r\nb\rc\n\nd", 100),
            ["a", "b", "c", "", "d"]
        );
        assert_eq!(lines(b"a\n", 100), ["a"]);
        assert_eq!(lines(b"a\r", 100), ["a"]);
        assert_eq!(lines(b"", 100), Vec::<String>::new());
        assert_eq!(lines(b"ab\ncdefgh\nij", 3), ["ab", "TOO LONG cdefgh", "ij"]);
    }

    #[test]
    fn overlong_lines_use_bounded_memory() {
        let data: &'static [u8] = Box::leak(
            [b"x".repeat(5 * CHUNK + 7), b"\nend\n".to_vec()]
                .concat()
                .into_boxed_slice(),
        );
        let mut reader = LineReader::new(
            Stream {
                reader: Box::new(data),
            },
            1000,
        );
        let mut peak = 0;
        let mut got = Vec::new();
        while let Some(raw) = reader.next(&mut || Ok(())).unwrap() {
            got.push(matches!(raw, Raw::TooLong(_)));
            peak = peak.max(reader.buf.len());
        }
        assert_eq!(got, [true, false]);
        assert!(peak <= 3 * CHUNK, "{peak}");
    }

    #[test]
    fn hygiene() {
        let rules = Hygiene {
            trim: true,
            comments: Some("#".into()),
            skip_blank: true,
            lossy: false,
            max_length: 10,
        };
        assert!(matches!(
            rules.clean(b"  a "),
            Item::Input(Cow::Borrowed("a"), false)
        ));
        assert!(matches!(rules.clean(b" # x"), Item::Skip));
        assert!(matches!(rules.clean(b"   "), Item::Skip));
        let Item::Fail(shown, failure) = rules.clean(b"a\xffb") else {
            panic!()
        };
        assert_eq!(
            (shown.as_str(), failure.position, failure.kind),
            ("a\u{fffd}b", Some(1), "invalid-utf8")
        );
        let lossy = Hygiene { lossy: true, ..rules };
        let Item::Input(text, true) = lossy.clean(b"a\xff\xc3\xa9\xe2\x82b") else {
            panic!()
        };
        assert_eq!(text, "a%FF\u{e9}%E2%82b");
    }
}

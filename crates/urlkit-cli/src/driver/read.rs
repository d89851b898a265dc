//! Reading inputs: arguments, files (`.gz` and `.zst` decompressed, recognised by their
//! magic bytes) and standard input, cut into lines (then cleaned by the input hygiene
//! rules of `super::hygiene`).
//!
//! Lines end at `\n`, `\r\n` or a lone `\r`; the line end is removed. A byte order mark at
//! the start of a stream is skipped. A line longer than the maximum length is not kept in
//! memory: it fails on its own (`too-long`) and reading goes on after its end.
//!
//! [`read_all`] reads a batch's sources in order, arguments and streams alike.

use super::hygiene::SHOWN_PREFIX;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;
use std::path::PathBuf;

/// Bytes read from a stream at a time.
const CHUNK: usize = 64 * 1024;

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

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reader.read(buf)
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

/// What [`LineReader::next_block`] found.
pub enum Block<'a> {
    /// Whole lines, each ended by `\n`, `\r\n` or a lone `\r`, except perhaps the last
    /// at the end of the stream; a `\r\n` is never cut in two. Lines longer than the
    /// maximum are among them (the reader of the block checks each line's length).
    Lines(&'a [u8]),
    /// One line, as [`LineReader::next`] gives it (the first of the stream, or a line
    /// longer than the buffer).
    One(Raw<'a>),
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

    /// The next run of whole lines that the buffer holds, reading when it holds none;
    /// `None` at the end of the stream. Handing lines over by the buffer rather than one
    /// at a time keeps the reading thread off the critical path of a threaded run: its
    /// per-line work is done by whoever splits the block.
    pub fn next_block(
        &mut self,
        before_blocking: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Block<'_>>> {
        loop {
            // The first line may open with a byte order mark: `next` removes it.
            if self.first || self.end - self.start > self.max {
                return Ok(self.next(before_blocking)?.map(Block::One));
            }
            let window = &self.buf[self.start..self.end];
            let mut cut = memchr::memrchr2(b'\n', b'\r', window);
            // A `\r` at the end of what was read may be the first half of `\r\n`: end the
            // block at the line end before it.
            if let Some(i) = cut.filter(|&i| window[i] == b'\r' && i + 1 == window.len() && !self.eof) {
                cut = memchr::memrchr2(b'\n', b'\r', &window[..i]);
            }
            let len = match cut {
                Some(i) => i + 1,
                None if self.eof => window.len(),
                None => {
                    self.fill(before_blocking)?;
                    continue;
                }
            };
            if len == 0 {
                return Ok(None);
            }
            let block = self.start..self.start + len;
            self.start += len;
            return Ok(Some(Block::Lines(&self.buf[block])));
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

/// The lines of a [`Block::Lines`], their line ends removed.
pub struct Lines<'a> {
    rest: &'a [u8],
}

impl<'a> Lines<'a> {
    /// The lines of `block`.
    pub fn new(block: &'a [u8]) -> Self {
        Lines { rest: block }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        if self.rest.is_empty() {
            return None;
        }
        let rest = self.rest;
        let (line, next) = match memchr::memchr2(b'\n', b'\r', rest) {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (&rest[..i], i + 2),
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        self.rest = &rest[next..];
        Some(line)
    }
}

/// One place inputs come from, in the order given.
#[derive(Debug, Clone)]
pub enum Source {
    /// A command-line argument: one input.
    Arg(OsString),
    /// The lines of standard input.
    Stdin,
    /// The lines of a file.
    File(PathBuf),
}

/// Opens a source of lines.
fn open(source: &Source) -> io::Result<Stream> {
    match source {
        Source::Stdin => Stream::stdin(),
        Source::File(path) => Stream::open(path),
        Source::Arg(_) => Err(io::Error::other("an argument is not a stream")),
    }
}

/// The name of a source in messages.
fn source_name(source: &Source) -> String {
    match source {
        Source::Stdin => "standard input".to_owned(),
        Source::File(path) => path.display().to_string(),
        Source::Arg(_) => "an argument".to_owned(),
    }
}

/// What reading found.
pub(super) enum Event<'a> {
    /// The inputs that follow come from the stream `Some(index)` of the batch's sources,
    /// or from arguments (`None`).
    Source(Option<usize>),
    /// One argument: one input, whatever bytes it holds.
    Arg(Raw<'a>),
    /// One line of a stream.
    Line(Raw<'a>),
    /// Whole lines of a stream (see [`Block::Lines`]).
    Lines(&'a [u8]),
    /// The next read may wait.
    Waiting,
}

/// Reads every source in order, handing what it finds to `each`, and [`Event::Waiting`]
/// before a read that may wait for input; `unreadable` hears of each source that cannot
/// be read. Stops early when `each` fails.
pub(super) fn read_all<E>(
    sources: &[Source],
    max_length: usize,
    unreadable: &mut dyn FnMut(&str, io::Error),
    each: &mut dyn FnMut(Event<'_>) -> Result<(), E>,
) -> Result<(), E> {
    let mut streaming = false;
    for (index, source) in sources.iter().enumerate() {
        if let Source::Arg(arg) = source {
            if std::mem::take(&mut streaming) {
                each(Event::Source(None))?;
            }
            let bytes = arg_bytes(arg);
            if bytes.len() > max_length {
                each(Event::Arg(Raw::TooLong(&bytes)))?;
            } else {
                each(Event::Arg(Raw::Line(&bytes)))?;
            }
            continue;
        }
        let mut lines = match open(source) {
            Ok(stream) => LineReader::new(stream, max_length),
            Err(e) => {
                unreadable(&source_name(source), e);
                continue;
            }
        };
        streaming = true;
        each(Event::Source(Some(index)))?;
        let mut stopped = None;
        loop {
            let mut before_blocking = || {
                each(Event::Waiting).map_err(|e| {
                    stopped = Some(e);
                    io::Error::other("stopped")
                })
            };
            match lines.next_block(&mut before_blocking) {
                Ok(Some(Block::Lines(block))) => each(Event::Lines(block))?,
                Ok(Some(Block::One(raw))) => each(Event::Line(raw))?,
                Ok(None) => break,
                Err(e) => {
                    if let Some(stopped) = stopped.take() {
                        return Err(stopped);
                    }
                    unreadable(&source_name(source), e);
                    break;
                }
            }
        }
    }
    Ok(())
}

/// The bytes of an argument as given.
fn arg_bytes(arg: &OsString) -> std::borrow::Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        std::borrow::Cow::Borrowed(arg.as_bytes())
    }
    #[cfg(not(unix))]
    {
        std::borrow::Cow::Owned(arg.to_string_lossy().into_owned().into_bytes())
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

    /// A reader giving at most `step` bytes per read, to cut lines and `\r\n` anywhere.
    struct Trickle {
        data: Vec<u8>,
        at: usize,
        step: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.step).min(self.data.len() - self.at);
            buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    /// The lines of `data` by `next` or by `next_block`, read `step` bytes at a time.
    fn lines_by(data: &[u8], max: usize, step: usize, blocks: bool) -> Vec<String> {
        let stream = Stream {
            reader: Box::new(Trickle {
                data: data.to_vec(),
                at: 0,
                step,
            }),
        };
        let mut reader = LineReader::new(stream, max);
        let show = |raw: Raw<'_>| match raw {
            Raw::Line(l) => String::from_utf8_lossy(l).into_owned(),
            Raw::TooLong(l) => format!(
                "TOO LONG {}",
                String::from_utf8_lossy(&l[..l.len().min(SHOWN_PREFIX)])
            ),
        };
        let mut out = Vec::new();
        if !blocks {
            while let Some(raw) = reader.next(&mut || Ok(())).unwrap() {
                out.push(show(raw));
            }
            return out;
        }
        while let Some(block) = reader.next_block(&mut || Ok(())).unwrap() {
            match block {
                Block::One(raw) => out.push(show(raw)),
                Block::Lines(block) => {
                    for line in Lines::new(block) {
                        out.push(show(if line.len() > max {
                            Raw::TooLong(line)
                        } else {
                            Raw::Line(line)
                        }));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn blocks_hold_the_same_lines_as_line_by_line_reading() {
        // Pseudo-random texts of short and long lines with every kind of line end.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for round in 0..200 {
            let mut data = Vec::new();
            if round % 5 == 0 {
                data.extend_from_slice(b"\xef\xbb\xbf");
            }
            for _ in 0..next(60) {
                let len = if next(10) == 0 { next(300) } else { next(12) };
                data.extend((0..len).map(|i| b'a' + (i % 26) as u8));
                data.extend_from_slice([&b"\n"[..], b"\r\n", b"\r", b"\n\r"][next(4) as usize]);
            }
            if next(2) == 0 {
                data.extend_from_slice(b"tail");
            }
            let (max, step) = (1 + next(200) as usize, 1 + next(90) as usize);
            assert_eq!(
                lines_by(&data, max, step, true),
                lines_by(&data, max, step, false),
                "round {round}, max {max}, step {step}: {:?}",
                String::from_utf8_lossy(&data)
            );
        }
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
}

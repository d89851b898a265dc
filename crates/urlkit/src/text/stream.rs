//! The streaming form: the scanner over a window of a [`BufRead`], refilled as needed.

use std::borrow::Cow;
use std::io::{self, BufRead};

use super::scan::{Raw, Scanner, Step};
use super::{Finder, Lines, Link};

/// The iterator of [`Finder::links_in`]: the URLs of a reader, with offsets into the whole
/// input.
#[derive(Debug)]
pub struct ReaderLinks<'f, R> {
    finder: &'f Finder,
    reader: R,
    /// The window: input bytes from offset `base` on.
    buf: Vec<u8>,
    base: usize,
    scanner: Scanner,
    lines: Lines,
    eof: bool,
    failed: bool,
}

impl<'f, R: BufRead> ReaderLinks<'f, R> {
    pub(super) fn new(finder: &'f Finder, reader: R) -> Self {
        ReaderLinks {
            finder,
            reader,
            buf: Vec::new(),
            base: 0,
            scanner: Scanner::new(),
            lines: Lines::default(),
            eof: false,
            failed: false,
        }
    }

    /// How many input bytes the iterator holds now: bounded by about twice `max_len` plus
    /// the reader's chunk, whatever the input.
    ///
    /// ```
    /// let finder = urlkit::text::Finder::new(Default::default());
    /// let input = std::io::Read::take(std::io::repeat(b'('), 1 << 22);
    /// let mut links = finder.links_in(std::io::BufReader::new(input));
    /// assert!(links.next().is_none());
    /// assert!(links.buffered() < 1 << 15);
    /// ```
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }

    /// Reads until the window has doubled (or by one chunk of the reader, at most 64 KiB,
    /// when it is empty), or up to the end of the input. Doubling keeps re-evaluating a long candidate
    /// linear overall; reading no more than that lets windows end anywhere, which the tests
    /// exercise with tiny chunks.
    fn fill(&mut self) -> io::Result<()> {
        let target = 2 * self.buf.len() + 1;
        while self.buf.len() < target {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.eof = true;
                break;
            }
            // A reader that hands out everything at once (a byte slice) is taken 64 KiB at a
            // time: memory stays bounded.
            let n = chunk.len().min((target - self.buf.len()).max(1 << 16));
            self.buf.extend_from_slice(&chunk[..n]);
            self.reader.consume(n);
        }
        Ok(())
    }

    /// The owned link for `raw` (window offsets); bytes that are not UTF-8 become U+FFFD,
    /// piece by piece so that the URL's place in the text stays right.
    fn link(&self, raw: &Raw) -> Link<'static> {
        let piece = |a: usize, b: usize| String::from_utf8_lossy(&self.buf[a..b]);
        let (head, url, tail) = (
            piece(raw.start, raw.url_start),
            piece(raw.url_start, raw.url_end),
            piece(raw.url_end, raw.end),
        );
        let text = [head.as_ref(), url.as_ref(), tail.as_ref()].concat();
        let shifted = Raw {
            start: self.base + raw.start,
            url_start: self.base + raw.start + head.len(),
            url_end: self.base + raw.start + head.len() + url.len(),
            end: self.base + raw.start + text.len(),
            ..*raw
        };
        let mut link = Link::new(Cow::Owned(text), &shifted, self.lines.at());
        // The span is the input's, even where U+FFFD replaced fewer or more bytes.
        link.end = self.base + raw.end;
        link
    }
}

impl<R: BufRead> Iterator for ReaderLinks<'_, R> {
    type Item = io::Result<Link<'static>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            match self.scanner.next(self.finder, &self.buf, self.eof) {
                Step::Found(raw) => {
                    self.lines.advance(&self.buf, self.base, self.base + raw.start);
                    let link = self.link(&raw);
                    return Some(Ok(link));
                }
                Step::Done => return None,
                Step::Need(_) if self.eof => return None,
                Step::Need(keep) => {
                    if keep > 0 {
                        self.lines.advance(&self.buf, self.base, self.base + keep);
                        self.buf.drain(..keep);
                        self.base += keep;
                        self.scanner.rebase(keep);
                    }
                    if let Err(e) = self.fill() {
                        self.failed = true;
                        return Some(Err(e));
                    }
                }
            }
        }
    }
}

//! URLs in free text: every URL in a string or a stream, exactly where it is.
//!
//! ## Overview
//!
//! [`links`] (or [`Finder::links`] with [`Options`]) iterates over the URLs in a `&str`;
//! [`Finder::links_in`] does the same over any [`std::io::BufRead`] in bounded memory, with
//! offsets that stay exact across chunk boundaries. Each [`Link`] has its byte span, 1-based
//! line and column, the text as it appears, the URL as it should be used ([`Link::url`]),
//! its [`Kind`], whether it was wrapped across lines, and its WHATWG parse on demand
//! ([`Link::parse`]). [`linkify_html`] turns text into HTML with a link around each URL.
//!
//! What is found, after the standards:
//!
//! - RFC 1738, appendix "Recommendations for URLs in Context", and the W3C notes'
//!   PrePrefix: `<URL:…>` ([`Kind::UrlWrapper`]) and a bare `URL:` prefix
//!   ([`Kind::UrlPrefix`]);
//! - RFC 3986 Appendix C "Delimiting a URI in Context": `<…>` ([`Kind::Angle`], also GFM's
//!   autolinks, email addresses included) and `"…"` ([`Kind::Quoted`]); whitespace that
//!   breaks a wrapped URL across lines is removed, and a line break right after a hyphen
//!   keeps the hyphen but makes the link [ambiguous](Link::is_ambiguous), with the other
//!   reading in [`Link::alternatives`];
//! - the GFM autolink extension for bare URLs in prose: `www.` links ([`Kind::Www`],
//!   `http://` added), email addresses ([`Kind::Email`], `mailto:` added), and URLs with a
//!   scheme ([`Kind::Scheme`]): GFM's `http`, `https` and `ftp`, extended to the schemes of
//!   the seeds and today's web (`mailto:`, `news:`, `nntp://`, `telnet://`, `gopher://`,
//!   `wais://`, `prospero://`, `file:`, `ws(s)://`, `urn:`, `tel:`, `data:`, …), each with a
//!   check of what must follow its colon so that prose (`Note: see below`, `10:30`) is not
//!   taken for a URL. The end of a bare URL follows GFM's extended autolink path
//!   validation: trailing punctuation, unbalanced closing parentheses, entity-like
//!   suffixes;
//! - optionally ([`Options::bare_domains`], off by default), links without a scheme
//!   ([`Kind::Domain`], `http://` added): a domain whose last label is a public suffix of
//!   the built-in Public Suffix List (`example.com/path`, `docs.rs`; not `file.txt` or
//!   `e.g.`), or an IPv4 address with a port or a path (`192.168.0.1:8080/x`).
//!
//! Where a bare link starts and ends, beyond GFM's own rules:
//!
//! - it ends at any whitespace or control character, ASCII or not: Unicode White_Space
//!   (no-break and ideographic spaces, U+2028/U+2029), the invisible separators (zero-width
//!   space, word joiner, U+FEFF), the Bidi_Control marks and the C1 controls; and at the
//!   punctuation of CJK and full-width text (`、`, `。`, `「」`, `【】`, `（）`, `｜`, …).
//!   Unicode closing quotes and guillemets at its end are trimmed as ASCII punctuation is;
//!   a `www.` link, an address or a bare domain may start right after any of these;
//! - a `)` that closes no `(` of the link, right before a `[`, ends it (Markdown's
//!   `[a](https://x.example)[b](…)`, `(see https://x.example)[1]`);
//! - a host is a DNS name: no empty label and no label that starts or ends with `-`
//!   (`http://-x.example`, `https://.www.example` are no links);
//! - an email address is a whole token: a dot-atom local part (no dot at either end, none
//!   doubled), ASCII, and not preceded by `@` or a letter; a domain whose last label
//!   starts with a letter (`react@16.7.0`, `lodash@4.17.21` are package specs, not
//!   mailboxes), not followed by `@`;
//! - a bare `mailto:` URL ends after its last address unless `?` and header fields follow
//!   (RFC 6068: `mailto:a@b.example/mailto:c@d.example` is two URLs).
//!
//! These go beyond the letter of GFM's rules (which would link `.a@b.example` or
//! `www.-x.example`) and agree with every example of its spec.
//!
//! Occurrences are reported in order and never overlap. A candidate longer than
//! [`Options::max_len`] bytes is not reported (its run is skipped), which bounds the memory
//! of the streaming form.
//!
//! ## Examples
//!
//! ```
//! use urlkit::text::{self, Kind};
//! let found: Vec<_> = text::links("See <URL:ftp://info.cern.ch/pub/www/doc; type=d> or www.w3.org.").collect();
//! assert_eq!(found[0].url(), "ftp://info.cern.ch/pub/www/doc;type=d");
//! assert_eq!(found[0].kind(), Kind::UrlWrapper);
//! assert_eq!(found[1].as_str(), "www.w3.org");
//! assert_eq!(found[1].url(), "http://www.w3.org");
//! assert_eq!((found[1].start(), found[1].line(), found[1].column()), (52, 1, 53));
//! ```

mod bare;
mod class;
mod html;
mod prose;
mod scan;
mod schemes;
#[cfg(feature = "std")]
mod stream;
mod wrapper;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::simd::LineTally;
use crate::{ParseError, Url};
pub use html::linkify_html;
use scan::{Raw, Scanner, Step};
#[cfg(feature = "std")]
pub use stream::ReaderLinks;

/// How an occurrence is delimited in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// `<URL:…>`: RFC 1738 appendix.
    UrlWrapper,
    /// `<…>`: RFC 3986 Appendix C, GFM autolinks (a URL with a scheme, or an email address).
    Angle,
    /// `"…"`: RFC 3986 Appendix C.
    Quoted,
    /// `URL:` then the URL, without brackets: the PrePrefix of RFC 1738 and the W3C notes.
    UrlPrefix,
    /// A bare URL with a scheme.
    Scheme,
    /// A bare `www.` link (GFM extended www autolink); `http://` is added.
    Www,
    /// A bare email address (GFM extended email autolink); `mailto:` is added.
    Email,
    /// A bare domain or IPv4 address without a scheme (`example.com/path`, `docs.rs`,
    /// `192.168.0.1:8080/x`); `http://` is added. Off by default: see
    /// [`Options::bare_domains`].
    Domain,
}

impl Kind {
    /// Every kind.
    ///
    /// ```
    /// assert_eq!(urlkit::text::Kind::ALL.len(), 8);
    /// ```
    pub const ALL: [Kind; 8] = [
        Kind::UrlWrapper,
        Kind::Angle,
        Kind::Quoted,
        Kind::UrlPrefix,
        Kind::Scheme,
        Kind::Www,
        Kind::Email,
        Kind::Domain,
    ];

    /// A stable lower-case name: `url-wrapper`, `angle`, `quoted`, `url-prefix`, `scheme`,
    /// `www`, `email`, `domain`.
    ///
    /// ```
    /// assert_eq!(urlkit::text::Kind::UrlWrapper.as_str(), "url-wrapper");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::UrlWrapper => "url-wrapper",
            Kind::Angle => "angle",
            Kind::Quoted => "quoted",
            Kind::UrlPrefix => "url-prefix",
            Kind::Scheme => "scheme",
            Kind::Www => "www",
            Kind::Email => "email",
            Kind::Domain => "domain",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl core::fmt::Display for Kind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What is put before the text to make the URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Added {
    Nothing,
    Http,
    Mailto,
}

impl Added {
    fn prefix(self) -> &'static str {
        match self {
            Added::Nothing => "",
            Added::Http => "http://",
            Added::Mailto => "mailto:",
        }
    }
}

/// Which URLs to find.
///
/// ```
/// use urlkit::text::{Finder, Kind, Options};
/// let finder = Finder::new(Options::new().kind(Kind::Www, false).kind(Kind::Email, false));
/// let text = "mail me@example.com, see www.example.com or https://example.com/";
/// let urls: Vec<_> = finder.links(text).map(|l| l.url().into_owned()).collect();
/// assert_eq!(urls, ["https://example.com/"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    kinds: u8,
    schemes: Vec<String>,
    max_len: usize,
    angle_whitespace: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options::new()
    }
}

impl Options {
    /// Every kind but [`Kind::Domain`] (bare domains), every built-in scheme, candidates up
    /// to 64 KiB.
    ///
    /// ```
    /// assert!(urlkit::text::Options::new().finds(urlkit::text::Kind::Email));
    /// ```
    pub fn new() -> Self {
        Options {
            kinds: 0x7f,
            schemes: Vec::new(),
            max_len: 1 << 16,
            angle_whitespace: true,
        }
    }

    /// No kind at all: add the wanted ones with [`Options::kind`].
    ///
    /// ```
    /// use urlkit::text::{Kind, Options};
    /// let gfm_core = Options::none().kind(Kind::Angle, true);
    /// assert!(!gfm_core.finds(Kind::Www));
    /// ```
    pub fn none() -> Self {
        Options {
            kinds: 0,
            ..Options::new()
        }
    }

    /// Finds (`true`) or ignores `kind`.
    ///
    /// ```
    /// use urlkit::text::{Kind, Options};
    /// assert!(!Options::new().kind(Kind::Www, false).finds(Kind::Www));
    /// ```
    pub fn kind(mut self, kind: Kind, on: bool) -> Self {
        if on {
            self.kinds |= kind.bit();
        } else {
            self.kinds &= !kind.bit();
        }
        self
    }

    /// Finds (`true`) or ignores bare domains and IPv4 addresses without a scheme
    /// ([`Kind::Domain`], off by default; the same as `kind(Kind::Domain, on)`).
    ///
    /// A domain is found when its last label is a public suffix of the built-in Public
    /// Suffix List (`example.com`, `docs.rs`, `münchen.de`; not `file.txt`, `e.g.`,
    /// `v1.2.3`), its labels are DNS labels (letters, digits, inner hyphens; no `_`), and it
    /// starts a word as a `www.` link does: at the start, after whitespace, after one of
    /// `*_~(<"'[{`, or after Unicode space or punctuation. A domain right before `@` (a local
    /// part) or `(` (a call in code: `Utc.now()`) is none. An IPv4 address counts only with
    /// a port or a path (`192.168.0.1:8080/x`, `10.0.0.1/status`). Its end follows the
    /// rules of every bare link. Every `.` of the text is then a place to look at, so the
    /// scan is slower than without.
    ///
    /// ```
    /// use urlkit::text::{Finder, Kind, Options};
    /// let finder = Finder::new(Options::new().bare_domains(true));
    /// let text = "see example.com/path, docs.rs and 192.168.0.1:8080/x, not file.txt or e.g. this";
    /// let urls: Vec<_> = finder.links(text).map(|l| l.url().into_owned()).collect();
    /// assert_eq!(urls, ["http://example.com/path", "http://docs.rs", "http://192.168.0.1:8080/x"]);
    /// assert_eq!(finder.links(text).next().unwrap().kind(), Kind::Domain);
    /// ```
    pub fn bare_domains(self, on: bool) -> Self {
        self.kind(Kind::Domain, on)
    }

    /// Whether `kind` is found.
    ///
    /// ```
    /// assert!(urlkit::text::Options::new().finds(urlkit::text::Kind::Scheme));
    /// ```
    pub fn finds(&self, kind: Kind) -> bool {
        self.kinds & kind.bit() != 0
    }

    pub(crate) fn has(&self, kind: Kind) -> bool {
        self.finds(kind)
    }

    /// Only URLs with one of these schemes (ASCII case-insensitive; a `www.` link counts as
    /// `http`, an email address as `mailto`). A listed scheme that is not built in is found
    /// bare too, when followed by anything but whitespace.
    ///
    /// ```
    /// use urlkit::text::{Finder, Options};
    /// let finder = Finder::new(Options::new().schemes(["ssh", "mailto"]));
    /// let urls: Vec<_> = finder.links("ssh://git@h.example/r or https://h.example, a@b.example")
    ///     .map(|l| l.url().into_owned()).collect();
    /// assert_eq!(urls, ["ssh://git@h.example/r", "mailto:a@b.example"]);
    /// ```
    pub fn schemes<I, S>(mut self, schemes: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.schemes = schemes
            .into_iter()
            .map(|s| s.as_ref().to_ascii_lowercase())
            .collect();
        self
    }

    /// Whether whitespace inside `<…>` is ignored (`true`, the default: RFC 3986 Appendix C,
    /// "extra whitespace (spaces, line-breaks, tabs, etc.) may have to be added to break a
    /// long URI across lines") or only a single line break is (`false`: as in GFM, where
    /// `<http://foo.bar/baz bim>` is not an autolink). A blank line always ends the wrapper.
    ///
    /// ```
    /// use urlkit::text::{Finder, Kind, Options};
    /// let text = "<ftp://quake.think.com/pub/wa is/doc/protspec.txt>";
    /// let rfc = Finder::new(Options::new());
    /// assert_eq!(rfc.links(text).next().unwrap().url(), "ftp://quake.think.com/pub/wais/doc/protspec.txt");
    /// let gfm = Finder::new(Options::none().kind(Kind::Angle, true).angle_whitespace(false));
    /// assert_eq!(gfm.links(text).count(), 0);
    /// ```
    pub fn angle_whitespace(mut self, on: bool) -> Self {
        self.angle_whitespace = on;
        self
    }

    /// The longest candidate, wrapper included, in bytes (at least 64): a longer run is not
    /// reported. This bounds the memory [`Finder::links_in`] needs.
    ///
    /// ```
    /// use urlkit::text::{Finder, Options};
    /// let long = format!("http://example.com/{}", "a".repeat(100));
    /// assert_eq!(Finder::new(Options::new().max_len(64)).links(&long).count(), 0);
    /// assert_eq!(Finder::new(Options::new()).links(&long).count(), 1);
    /// ```
    pub fn max_len(mut self, bytes: usize) -> Self {
        self.max_len = bytes.max(64);
        self
    }
}

/// A URL finder: [`Options`] plus the prepared trigger searches.
///
/// ```
/// use urlkit::text::{Finder, Options};
/// let finder = Finder::new(Options::new());
/// assert_eq!(finder.links("go to https://example.com.").next().unwrap().as_str(), "https://example.com");
/// ```
#[derive(Clone, Debug)]
pub struct Finder {
    options: Options,
    www_finder: memchr::memmem::Finder<'static>,
    triggers: crate::simd::Triggers,
    colon: bool,
    at: bool,
    www: bool,
    /// Bare domains: `.` is a trigger too.
    dots: bool,
}

impl Finder {
    /// A finder with these options.
    ///
    /// ```
    /// let finder = urlkit::text::Finder::new(urlkit::text::Options::none());
    /// assert_eq!(finder.links("https://example.com").count(), 0);
    /// ```
    pub fn new(options: Options) -> Self {
        let colon = [
            Kind::UrlWrapper,
            Kind::Angle,
            Kind::Quoted,
            Kind::UrlPrefix,
            Kind::Scheme,
        ]
        .iter()
        .any(|&k| options.has(k));
        let at = options.has(Kind::Angle) || options.has(Kind::Email);
        let www = options.has(Kind::Www);
        let dots = options.has(Kind::Domain);
        Finder {
            options,
            www_finder: memchr::memmem::Finder::new(b"www."),
            // Bare domains get a vector `.` trigger of their own (chosen here, once): the
            // default kinds pay nothing for it.
            triggers: crate::simd::Triggers::new(colon, at, www, dots, class::SCHEME_BYTES),
            colon,
            at,
            www,
            dots,
        }
    }

    /// The options.
    ///
    /// ```
    /// let finder = urlkit::text::Finder::new(urlkit::text::Options::new());
    /// assert_eq!(finder.options(), &urlkit::text::Options::new());
    /// ```
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The URLs in `text`, in order.
    ///
    /// ```
    /// let finder = urlkit::text::Finder::new(Default::default());
    /// let spans: Vec<_> = finder.links("a@b.example and (www.x.example)").map(|l| l.span()).collect();
    /// assert_eq!(spans, [0..11, 17..30]);
    /// ```
    pub fn links<'h>(&'h self, text: &'h str) -> Links<'h> {
        Links {
            finder: Cow::Borrowed(self),
            text,
            scanner: Scanner::counting_lines(),
            lines: Lines::default(),
        }
    }

    /// The URLs read from `reader`, in order, in bounded memory (about twice `max_len` plus the
    /// reader's chunk),
    /// with offsets into the whole input. Bytes that are not UTF-8 never start a link and
    /// appear in a link's text as U+FFFD.
    ///
    /// ```
    /// let finder = urlkit::text::Finder::new(Default::default());
    /// let input = std::io::BufReader::with_capacity(7, "one\ntwo http://example.com/x three".as_bytes());
    /// let link = finder.links_in(input).next().unwrap()?;
    /// assert_eq!((link.start(), link.line(), link.column()), (8, 2, 5));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn links_in<R: std::io::BufRead>(&self, reader: R) -> ReaderLinks<'_, R> {
        ReaderLinks::new(self, reader)
    }

    /// Whether a found occurrence passes the scheme allow-list (inlined: every link asks, and
    /// the list is nearly always empty).
    #[inline]
    fn allowed(&self, hay: &[u8], raw: &Raw) -> bool {
        if self.options.schemes.is_empty() {
            return true;
        }
        let scheme = match raw.added {
            Added::Http => &b"http"[..],
            Added::Mailto => b"mailto",
            Added::Nothing => {
                let url = &hay[raw.url_start..raw.url_end];
                &url[..url.iter().position(|&b| b == b':').unwrap_or(0)]
            }
        };
        self.options
            .schemes
            .iter()
            .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
    }
}

/// The URLs in `text` with the default [`Options`].
///
/// ```
/// let urls: Vec<_> = urlkit::text::links("Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",")
///     .map(|l| l.url().into_owned()).collect();
/// assert_eq!(urls, ["http://www.w3.org/Addressing/"]);
/// ```
pub fn links(text: &str) -> Links<'_> {
    Links {
        finder: Cow::Owned(Finder::new(Options::new())),
        text,
        scanner: Scanner::counting_lines(),
        lines: Lines::default(),
    }
}

/// The blocks of 64 bytes that one table of [`Lines`] covers.
const LINE_BLOCKS: usize = 32;

/// Counts lines up to a position, incrementally, where the trigger pass does not (a stream's
/// windows, the scalar scan; see [`tallied_at`] for a whole string with vectors). The line
/// breaks of the next 2 KiB are found at once, 64 bytes a step, into a table that tells any
/// position's line and column in it without a loop: the stretch between two links is a few
/// bytes in a list of URLs and hundreds in prose, and a count per link pays its set-up (and a
/// branch on the length) every time.
#[derive(Clone, Debug)]
struct Lines {
    /// The last position asked for, and its 1-based line and column.
    pos: usize,
    at: (usize, usize),
    /// Where the table starts: the line breaks before it, and where the line holding it
    /// starts.
    start: usize,
    breaks: usize,
    line_start: usize,
    /// The table covers `start..end`.
    end: usize,
    /// For block `k` (from `start + 64 k`): its line breaks, bit `j` for byte `start + 64 k +
    /// j` (none past `end`), and the breaks before it, from `start`. One block more than the
    /// table covers: a position at its end.
    masks: [u64; LINE_BLOCKS + 1],
    before: [u32; LINE_BLOCKS + 1],
}

impl Default for Lines {
    fn default() -> Self {
        Lines {
            pos: 0,
            at: (1, 1),
            start: 0,
            breaks: 0,
            line_start: 0,
            end: 0,
            masks: [0; LINE_BLOCKS + 1],
            before: [0; LINE_BLOCKS + 1],
        }
    }
}

impl Lines {
    /// Counts up to `to`; `hay` starts at offset `base` and holds every byte from the
    /// table's end on.
    #[inline]
    fn advance(&mut self, hay: &[u8], base: usize, to: usize) {
        if to <= self.pos {
            return;
        }
        if to > self.end {
            self.refill(hay, base, to);
        }
        let (breaks, line_start) = self.lookup(to);
        self.pos = to;
        self.at = (breaks + 1, to - line_start + 1);
    }

    /// The line breaks before `to` (within the table) and where the line holding `to` starts.
    #[inline]
    fn lookup(&self, to: usize) -> (usize, usize) {
        let k = (to - self.start) / 64;
        let (below, after) = breaks_in_block(self.start + 64 * k, self.masks[k], to);
        // After the last break below `to`: in its block, else in the nearest block before
        // with one (a line of prose is shorter than a block), else before the table.
        let line_start = after.unwrap_or_else(|| match self.masks[..k].iter().rposition(|&m| m != 0) {
            Some(j) => self.start + 64 * j + 64 - self.masks[j].leading_zeros() as usize,
            None => self.line_start,
        });
        (self.breaks + self.before[k] as usize + below, line_start)
    }

    /// A new table from the end of this one, holding `to`: a stretch too long for one table
    /// before it is counted in one pass. Once per 2 KiB of text: out of line.
    #[inline(never)]
    fn refill(&mut self, hay: &[u8], base: usize, to: usize) {
        (self.breaks, self.line_start) = self.lookup(self.end);
        self.start = self.end;
        if to - self.start > 64 * LINE_BLOCKS {
            let seg = &hay[self.start - base..to - base];
            let (n, last) = count_breaks(seg);
            if let Some(last) = last {
                self.breaks += n;
                self.line_start = self.start + last + 1;
            }
            self.start = to;
        }
        let from = self.start - base;
        self.end = self.start + (hay.len() - from).min(64 * LINE_BLOCKS);
        // No mask holds a byte past `end`: a position there belongs to the next table.
        let hay = &hay[..self.end - base];
        if crate::simd::try_equal_blocks(hay, from, b'\n', &mut self.masks, &mut self.before).is_none() {
            crate::simd::equal_blocks_scalar(hay, from, b'\n', &mut self.masks, &mut self.before);
        }
    }

    /// 1-based line and column (in bytes) of the last position counted to.
    fn at(&self) -> (usize, usize) {
        self.at
    }
}

/// The line breaks before `p` of a 64-byte block from `blk` whose breaks are `mask` (bit `j`
/// for byte `blk + j`; `blk <= p < blk + 64`), and, after the last of them, where the line
/// holding `p` starts.
#[inline(always)]
fn breaks_in_block(blk: usize, mask: u64, p: usize) -> (usize, Option<usize>) {
    let below = mask & !(u64::MAX << (p - blk));
    let after = (below != 0).then(|| blk + 64 - below.leading_zeros() as usize);
    (below.count_ones() as usize, after)
}

/// The 1-based line and column of `p` from what `tally` counted, when `p` is before the
/// tally's end (a found link starts at or before its trigger, in the block kept or before
/// it); `None` past it. Before the kept block, the breaks between `p` and the block are
/// counted back (a link rarely holds one before its trigger; where it does, the line start
/// is found back from `p`, within the line that holds it).
fn tallied_at(tally: &LineTally, hay: &[u8], p: usize) -> Option<(usize, usize)> {
    if p >= tally.upto {
        return None;
    }
    if p >= tally.blk {
        // `tally.upto` is the kept block's end (or its start, for an empty one).
        let (below, after) = breaks_in_block(tally.blk, tally.mask, p);
        return Some((
            tally.before + below + 1,
            p - after.unwrap_or(tally.line_before) + 1,
        ));
    }
    let (n, _) = count_breaks(hay.get(p..tally.blk)?);
    let line_start = if n == 0 {
        tally.line_before
    } else {
        memchr::memrchr(b'\n', &hay[..p]).map_or(0, |i| i + 1)
    };
    Some((tally.before - n + 1, p - line_start + 1))
}

/// The number of `\n` in `s` and the index of the last one: word by word when short, else a
/// vector count (or `memchr`'s count, then the last break).
fn count_breaks(s: &[u8]) -> (usize, Option<usize>) {
    if s.len() < 32 {
        newlines_and_last(s)
    } else if let Some(counted) = crate::simd::try_count_last(s, b'\n') {
        counted
    } else {
        (memchr::memchr_iter(b'\n', s).count(), memchr::memrchr(b'\n', s))
    }
}

/// The number of `\n` in `s` and the index of the last one, eight bytes at a time (the
/// short stretches between the URLs of a URL-dense text).
fn newlines_and_last(s: &[u8]) -> (usize, Option<usize>) {
    const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NL: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    let (mut n, mut last) = (0, None);
    let mut words = s.chunks_exact(8);
    for (k, word) in words.by_ref().enumerate() {
        let t = u64::from_le_bytes(word.try_into().unwrap_or([0; 8])) ^ NL;
        // The high bit of each byte that is zero, exactly (no borrow between bytes).
        let m = !(((t & LO7) + LO7) | t | LO7);
        if m != 0 {
            n += m.count_ones() as usize;
            last = Some(k * 8 + 7 - m.leading_zeros() as usize / 8);
        }
    }
    let rest = words.remainder().len();
    if rest > 0 && s.len() >= 8 {
        // The last eight bytes, the ones already counted shifted out.
        let base = s.len() - 8;
        let t = u64::from_le_bytes(s[base..].try_into().unwrap_or([0; 8])) ^ NL;
        let seen = 8 * (8 - rest) as u32;
        let m = !(((t & LO7) + LO7) | t | LO7) >> seen << seen;
        if m != 0 {
            n += m.count_ones() as usize;
            last = Some(base + 7 - m.leading_zeros() as usize / 8);
        }
    } else {
        let tail = s.len() - rest;
        for (i, &b) in words.remainder().iter().enumerate() {
            if b == b'\n' {
                n += 1;
                last = Some(tail + i);
            }
        }
    }
    (n, last)
}

/// The iterator of [`links`] and [`Finder::links`].
#[derive(Clone, Debug)]
pub struct Links<'h> {
    finder: Cow<'h, Finder>,
    text: &'h str,
    scanner: Scanner,
    lines: Lines,
}

impl<'h> Iterator for Links<'h> {
    type Item = Link<'h>;

    fn next(&mut self) -> Option<Link<'h>> {
        let hay = self.text.as_bytes();
        loop {
            match self.scanner.next(&self.finder, hay, true) {
                Step::Found(raw) => {
                    // Occurrences start and end at ASCII bytes or whole characters; `get`
                    // keeps a mistake there from panicking.
                    let Some(text) = self.text.get(raw.start..raw.end) else {
                        continue;
                    };
                    // From the breaks the vector pass counted, else counted here.
                    let tallied = self
                        .scanner
                        .lines
                        .as_ref()
                        .and_then(|t| tallied_at(t, hay, raw.start));
                    let at = tallied.unwrap_or_else(|| {
                        self.lines.advance(hay, 0, raw.start);
                        self.lines.at()
                    });
                    return Some(Link::new(Cow::Borrowed(text), &raw, at));
                }
                Step::Need(_) | Step::Done => return None,
            }
        }
    }
}

/// One URL found in text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link<'h> {
    text: Cow<'h, str>,
    start: usize,
    end: usize,
    url_start: usize,
    url_end: usize,
    kind: Kind,
    added: Added,
    wrapped: bool,
    ambiguous: bool,
    line: usize,
    column: usize,
}

fn is_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

impl<'h> Link<'h> {
    fn new(text: Cow<'h, str>, raw: &Raw, (line, column): (usize, usize)) -> Self {
        Link {
            text,
            start: raw.start,
            end: raw.end,
            url_start: raw.url_start - raw.start,
            url_end: raw.url_end - raw.start,
            kind: raw.kind,
            added: raw.added,
            wrapped: raw.wrapped,
            ambiguous: raw.ambiguous,
            line,
            column,
        }
    }

    /// The byte offset where the occurrence starts (its wrapper or prefix included).
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("at <http://a.example>").next().unwrap().start(), 3);
    /// ```
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte offset right after the occurrence.
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("at <http://a.example>").next().unwrap().end(), 21);
    /// ```
    pub fn end(&self) -> usize {
        self.end
    }

    /// `start()..end()`.
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("www.a.example").next().unwrap().span(), 0..13);
    /// ```
    pub fn span(&self) -> core::ops::Range<usize> {
        self.start..self.end()
    }

    /// The occurrence as it appears in the text, wrapper and prefix included (from a stream,
    /// bytes that are not UTF-8 appear as U+FFFD).
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("at <http://a.example>").next().unwrap().as_str(), "<http://a.example>");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The span of the URL's own text, without wrapper or prefix.
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("at <http://a.example>").next().unwrap().url_span(), 4..20);
    /// ```
    pub fn url_span(&self) -> core::ops::Range<usize> {
        self.start + self.url_start..self.start + self.url_end
    }

    /// The URL's own text as it appears (line breaks included, nothing added).
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("<URL:http://a.example/b>").next().unwrap().url_text(), "http://a.example/b");
    /// ```
    pub fn url_text(&self) -> &str {
        &self.text[self.url_start..self.url_end]
    }

    /// The URL as it should be used: wrapper and prefix removed, whitespace inside a wrapper
    /// removed, `http://` added to a `www.` link and `mailto:` to an email address.
    ///
    /// ```
    /// let link = urlkit::text::links("<http://www.ics.uci.edu/pub/\n  ietf/uri/>").next().unwrap();
    /// assert_eq!(link.url(), "http://www.ics.uci.edu/pub/ietf/uri/");
    /// assert!(link.is_wrapped());
    /// ```
    pub fn url(&self) -> Cow<'_, str> {
        let inner = self.url_text();
        let prefix = self.added.prefix();
        if prefix.is_empty() && !self.wrapped {
            return Cow::Borrowed(inner);
        }
        let mut url = String::with_capacity(prefix.len() + inner.len());
        url.push_str(prefix);
        url.extend(inner.split(is_ws));
        Cow::Owned(url)
    }

    /// The other readings of an [ambiguous](Link::is_ambiguous) link: the URL without the
    /// hyphens that end a line inside the wrapper.
    ///
    /// ```
    /// let link = urlkit::text::links("<http://example.com/long-\n   name>").next().unwrap();
    /// assert_eq!(link.url(), "http://example.com/long-name");
    /// assert_eq!(link.alternatives(), ["http://example.com/longname"]);
    /// ```
    pub fn alternatives(&self) -> Vec<String> {
        if !self.ambiguous {
            return Vec::new();
        }
        let mut alt = String::from(self.added.prefix());
        let mut pieces = self.url_text().split(is_ws).filter(|p| !p.is_empty()).peekable();
        while let Some(piece) = pieces.next() {
            match piece.strip_suffix('-') {
                Some(cut) if pieces.peek().is_some() => alt.push_str(cut),
                _ => alt.push_str(piece),
            }
        }
        vec![alt]
    }

    /// How the occurrence is delimited.
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("a@b.example").next().unwrap().kind(), urlkit::text::Kind::Email);
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Whether whitespace inside a wrapper was removed (the URL was broken across lines).
    ///
    /// ```
    /// assert!(!urlkit::text::links("<http://a.example/>").next().unwrap().is_wrapped());
    /// ```
    pub fn is_wrapped(&self) -> bool {
        self.wrapped
    }

    /// Whether a line break right after a hyphen was removed: the hyphen may or may not be
    /// part of the URL (RFC 1738 appendix, RFC 3986 Appendix C).
    ///
    /// ```
    /// assert!(urlkit::text::links("<http://a.example/x-\ny>").next().unwrap().is_ambiguous());
    /// ```
    pub fn is_ambiguous(&self) -> bool {
        self.ambiguous
    }

    /// 1-based line of [`Link::start`] (lines end at `\n`).
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("a\nb www.c.example").next().unwrap().line(), 2);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// 1-based column of [`Link::start`], in bytes.
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("a\nb www.c.example").next().unwrap().column(), 3);
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// The URL's scheme as written (`http` for a `www.` link, `mailto` for an address).
    ///
    /// ```
    /// assert_eq!(urlkit::text::links("<URL:FTP://a.example/>").next().unwrap().scheme(), "FTP");
    /// ```
    pub fn scheme(&self) -> &str {
        match self.added {
            Added::Http => "http",
            Added::Mailto => "mailto",
            Added::Nothing => {
                let url = self.url_text();
                url.split_once(':').map_or(url, |(scheme, _)| scheme)
            }
        }
    }

    /// Parses [`Link::url`] under the WHATWG URL Standard.
    ///
    /// ```
    /// let link = urlkit::text::links("see www.Example.com/a/../b").next().unwrap();
    /// assert_eq!(link.parse()?.as_str(), "http://www.example.com/b");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse(&self) -> Result<Url, ParseError> {
        Url::parse(&self.url())
    }

    /// Whether [`Link::url`] parses under the WHATWG URL Standard.
    ///
    /// ```
    /// assert!(urlkit::text::links("http://a.example").next().unwrap().is_valid());
    /// assert!(!urlkit::text::links("<http://a b.example:x>").next().is_some_and(|l| l.is_valid()));
    /// ```
    pub fn is_valid(&self) -> bool {
        self.parse().is_ok()
    }

    /// [`Link::url`] made safe for an HTML `href` (before attribute escaping): bytes other
    /// than ASCII alphanumerics and ``-_.+!*'(),%#@?=;:/&$~`` percent-encoded, as cmark does.
    ///
    /// ```
    /// let link = urlkit::text::links(r"<http://example.com/\[\>").next().unwrap();
    /// assert_eq!(link.href(), "http://example.com/%5C%5B%5C");
    /// ```
    pub fn href(&self) -> String {
        html::href(&self.url())
    }

    /// The link with its text owned.
    ///
    /// ```
    /// let owned: urlkit::text::Link<'static> = urlkit::text::links("www.a.example").next().unwrap().into_owned();
    /// assert_eq!(owned.url(), "http://www.a.example");
    /// ```
    pub fn into_owned(self) -> Link<'static> {
        Link {
            text: Cow::Owned(self.text.into_owned()),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    /// Every link's line and column against a count from the text's start, over texts whose
    /// links and line breaks fall anywhere around the 64-byte blocks and 2 KiB tables of
    /// [`super::Lines`], with stretches longer than a table between them; whole strings and,
    /// with `std`, streams read in small and large chunks.
    #[test]
    fn lines_match_a_count_from_the_start() {
        let pieces = [
            "a ",
            "\n",
            "\n\n",
            "word ",
            "http://a.example/x ",
            "www.b.example ",
            "c@d.example ",
            "\r\n",
            "docs.rs ",
            "v1.2.3 ",
            "<http://w.example/a\n b> ",
            "<URL:ftp://f.example/\n  x> ",
            "https://long.example/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p/p ",
        ];
        let mut next = crate::test_rng::xorshift(0x11AE_5000_0000_0001);
        let mut found = 0;
        for round in 0..120 {
            // Every other round with bare domains: the vector pass of each set of triggers
            // counts lines.
            let options = super::Options::new().bare_domains(round % 2 == 1);
            let finder = super::Finder::new(options.clone());
            let mut text = alloc::string::String::new();
            while text.len() < 9000 {
                match next() % 40 {
                    0 => text.push_str(&"z".repeat((next() % 5000) as usize)),
                    1 => text.push_str(&"\n".repeat((next() % 200) as usize)),
                    _ => text.push_str(pieces[(next() % pieces.len() as u64) as usize]),
                }
            }
            let want: alloc::vec::Vec<_> = finder
                .links(&text)
                .map(|l| {
                    let before = &text[..l.start()];
                    let line = before.matches('\n').count() + 1;
                    let column = l.start() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                    (l.start(), line, column)
                })
                .collect();
            found += want.len();
            let got: alloc::vec::Vec<_> = finder
                .links(&text)
                .map(|l| (l.start(), l.line(), l.column()))
                .collect();
            assert_eq!(got, want, "{round}");
            #[cfg(feature = "std")]
            for chunk in [1, 7, 100, 4096] {
                let reader = std::io::BufReader::with_capacity(chunk, text.as_bytes());
                let got: alloc::vec::Vec<_> = finder
                    .links_in(reader)
                    .map(|l| l.map(|l| (l.start(), l.line(), l.column())))
                    .collect::<Result<_, _>>()
                    .unwrap();
                assert_eq!(got, want, "{round} {chunk}");
            }
        }
        assert!(found > 3000, "{found}");
    }

    /// [`super::tallied_at`] against a count from the start, for every position before the
    /// end of a kept block anywhere in random texts: in the block, and before it with and
    /// without line breaks between.
    #[test]
    fn tallied_positions_match_a_count_from_the_start() {
        let mut next = crate::test_rng::xorshift(0x7A11_7000_0000_0001);
        for _ in 0..if cfg!(miri) { 2 } else { 40 } {
            let text: alloc::vec::Vec<u8> = (0..300).map(|_| b"ab \n\nxyz"[(next() % 8) as usize]).collect();
            let naive = |p: usize| {
                let before = &text[..p];
                let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                (
                    before.iter().filter(|&&b| b == b'\n').count() + 1,
                    p - line_start + 1,
                )
            };
            for blk in 0..=text.len() - 64 {
                let mask = (0..64)
                    .filter(|&j| text[blk + j] == b'\n')
                    .fold(0u64, |m, j| m | 1 << j);
                let at_blk = naive(blk);
                let tally = super::LineTally {
                    upto: blk + 64,
                    breaks: naive(blk + 64).0 - 1,
                    line_start: 0,
                    blk,
                    mask,
                    before: at_blk.0 - 1,
                    line_before: blk + 1 - at_blk.1,
                };
                for p in 0..blk + 64 {
                    assert_eq!(super::tallied_at(&tally, &text, p), Some(naive(p)), "{blk} {p}");
                }
                assert_eq!(super::tallied_at(&tally, &text, blk + 64), None);
            }
        }
    }

    #[test]
    fn newlines_and_last_matches_a_scan() {
        let all: alloc::vec::Vec<u8> = (0..=255u8)
            .chain(0..=255u8)
            .chain(b"\n\nab\n".iter().copied())
            .collect();
        for start in 0..all.len() {
            for end in start..(start + 40).min(all.len()) {
                let s = &all[start..end];
                let want = (
                    s.iter().filter(|&&b| b == b'\n').count(),
                    s.iter().rposition(|&b| b == b'\n'),
                );
                assert_eq!(super::newlines_and_last(s), want, "{start}..{end}");
            }
        }
    }
}

//! The speed machinery every check shares: one pass over a canonical input's bytes
//! ([`Scan`]) and one over its domain ([`DomainShape`]) tell which checks' declared
//! [`Needs`](super::check::Needs) an input can meet, so that the checks that cannot fire are
//! not run; and the URL buffer kept from one call to the next ([`buffer`]).
//!
//! What the scan looks for is derived from the registered checks
//! ([`check::ESCAPES`](super::check::ESCAPES)), never listed here: a check that declares an
//! escape it looks at is run on every input holding it.

use super::check::{Escapes, ESCAPES};
use super::encoding::octet_at;
use crate::Url;

/// The URL's buffer, kept for the next call on the same thread: lint returns findings, not
/// the URL, so its serialization need not be allocated and freed for every input (that
/// allocation and its free were about 7 % of the instructions of linting a canonical URL).
/// Without `std` (no thread-local storage) every call allocates.
pub(crate) mod buffer {
    use alloc::string::String;

    /// Buffers above this capacity are freed rather than kept (one long input must not pin
    /// its memory for the thread's life).
    #[cfg(feature = "std")]
    const KEEP: usize = 4096;

    #[cfg(feature = "std")]
    std::thread_local! {
        static BUFFER: core::cell::Cell<String> = const { core::cell::Cell::new(String::new()) };
    }

    /// The kept buffer (empty), or a new one.
    #[inline]
    pub(crate) fn take() -> String {
        #[cfg(feature = "std")]
        return BUFFER.try_with(core::cell::Cell::take).unwrap_or_default();
        #[cfg(not(feature = "std"))]
        String::new()
    }

    /// Keeps `s`'s allocation for the next [`take`] on this thread, unless the kept one is
    /// larger: a URL parsed with a listener has a buffer of its own, which [`take`] did not
    /// give, and the kept one, fitted to the longer URLs before it, would otherwise be
    /// swapped for one that the next long URL grows again.
    #[inline]
    pub(crate) fn give_back(s: String) {
        #[cfg(feature = "std")]
        if s.capacity() <= KEEP {
            // During the thread's teardown the buffer is simply dropped.
            let _ = BUFFER.try_with(|b| {
                let kept = b.take();
                // A branch, not a select of the two through memory: `s` was just stored a
                // field at a time, and one wide load of it would wait for those stores.
                if kept.capacity() > s.capacity() {
                    b.set(kept);
                } else {
                    b.set(s);
                }
            });
        }
        #[cfg(not(feature = "std"))]
        drop(s);
    }
}

/// The bytes a [`Scan`] passes over: ASCII URL code points (alphanumerics and
/// ``!$&()*+,-./:;=@_~``), all but `%`, `?`, `#` and `'`, where it stops to look (a
/// special URL's query encodes `'`).
const PLAIN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = (c as u8).is_ascii_alphanumeric() as u8;
        c += 1;
    }
    let extra = b"!$&()*+,-./:;=@_~";
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = 1;
        i += 1;
    }
    t
};
static PLAIN_CLASS: crate::simd::AsciiClass = crate::simd::AsciiClass::of_bits(&PLAIN, 1);
/// [`PLAIN`], `?` and `#`: the bytes of the common URL (which has one `#` at most, counted
/// apart).
static PLAIN_QUERY_CLASS: crate::simd::AsciiClass = crate::simd::AsciiClass::of_bits(&PLAIN_QUERY, 1);
const PLAIN_QUERY: [u8; 256] = {
    let mut t = PLAIN;
    t[b'?' as usize] = 1;
    t[b'#' as usize] = 1;
    t
};

/// What one pass over a canonical input's bytes saw, for the checks that need a byte of a
/// class to fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scan {
    /// A byte that is not an ASCII [URL unit](https://url.spec.whatwg.org/#url-units) (nor
    /// a `%` with two hex digits, nor the first `#`), or a `'` in the query: a code point
    /// that is not a URL unit makes a validation error likely, and a non-ASCII one (or the
    /// `'`, which a special URL's query encodes) makes the input differ from its
    /// serialization; either way a parse with a listener follows, so it comes first and is
    /// the only one.
    pub(crate) listen_first: bool,
    /// A `%` escape that some check looks at ([`ESCAPES`]: the escapes the checks' needs
    /// declare, anywhere or in the path).
    pub(crate) percent: bool,
    /// Every byte is an RFC 3986 character where the grammar allows it: ASCII
    /// alphanumerics, ``!$&'()*+,-./:;=@_~``, `%` with two hex digits, `?`, one `#`.
    ///
    /// A canonical input (the WHATWG serialization, or that less a root path's `/`) of these
    /// bytes is then an RFC 3986 `URI`: the scheme has the same syntax in both; userinfo,
    /// domain, opaque host and port hold no `/`, `?`, `#`, `[`, `]` and nothing but these
    /// (the serializer encodes `:` and `@` in the userinfo; hosts forbid `:`, `@`, `/`; an
    /// IPv6 literal holds `[` and is not such an input), so each is `userinfo`, `reg-name`,
    /// `port`; the path after an authority is empty or starts with `/` (`path-abempty`); a
    /// path without one never starts with `//` (the serializer writes `/.` before it), so it
    /// is `path-absolute`, `path-rootless` or `path-empty`; every byte of these is a
    /// `pchar` or `/`; the query and fragment allow `?` and `/` too, and the first `#` ends
    /// the query. Debug builds check it with the strict parser.
    pub(crate) rfc3986: bool,
}

impl Scan {
    /// Nothing is known: every check runs in full.
    pub(crate) const UNKNOWN: Scan = Scan {
        listen_first: true,
        percent: true,
        rfc3986: false,
    };

    /// A vector (or table) scan for plain bytes that stops at `%`, `?`, `#` and anything
    /// else; from the first byte that is not an ASCII URL unit on, [`Scan::UNKNOWN`] holds.
    /// With it, from the same loads, the [`Head`] of the input.
    pub(crate) fn of(input: &str) -> (Scan, Head) {
        // The common URL, [`PLAIN`] bytes, `?` and at most one `#` (no `%`), is what
        // [`Scan::stepwise`] passes over without a stop that changes its answer: one vector
        // census with no data-dependent branch tells it.
        let census = crate::simd::try_census(
            input.as_bytes(),
            &PLAIN_QUERY_CLASS,
            b'#',
            &LOWER_LDH_DOT_CLASS,
            b'.',
            b'-',
        );
        let head = Head(census.map(|c| c.head));
        if census.is_some_and(|c| c.within) {
            let scan = Scan {
                listen_first: false,
                percent: false,
                rfc3986: true,
            };
            debug_assert_eq!(scan, Scan::stepwise(input, &ESCAPES), "{input:?}");
            return (scan, head);
        }
        (Scan::stepwise(input, &ESCAPES), head)
    }

    /// [`Scan::of`], stopping at each `%`, `?`, `#` and `'`: at the bytes outside [`PLAIN`],
    /// which vector blocks give 64 positions at a time where they run (an encoded query
    /// stops here every few bytes), one at a time elsewhere.
    #[cold]
    #[inline(never)]
    pub(crate) fn stepwise(input: &str, escapes: &Escapes) -> Scan {
        let b = input.as_bytes();
        let mut census = Census {
            escapes,
            path: true,
            fragment: false,
            percent: false,
        };
        match crate::simd::try_outside_bits(b, 0, &PLAIN_CLASS) {
            Some((mut start, mut bits)) => loop {
                if bits == 0 {
                    if start.saturating_add(64) >= b.len() {
                        break;
                    }
                    (start, bits) =
                        crate::simd::try_outside_bits(b, start + 64, &PLAIN_CLASS).unwrap_or((b.len(), 0));
                    continue;
                }
                let i = start + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(scan) = census.stop(input, i) {
                    return scan;
                }
            },
            None => {
                for (i, &c) in b.iter().enumerate() {
                    if PLAIN[usize::from(c)] == 0 {
                        if let Some(scan) = census.stop(input, i) {
                            return scan;
                        }
                    }
                }
            }
        }
        Scan {
            listen_first: false,
            percent: census.percent,
            rfc3986: true,
        }
    }
}

/// What [`Scan::stepwise`] has seen so far.
struct Census<'e> {
    /// The escapes to look for.
    escapes: &'e Escapes,
    /// Still in the path (no `?` or `#` yet).
    path: bool,
    /// A `#` was seen.
    fragment: bool,
    /// See [`Scan::percent`].
    percent: bool,
}

impl Census<'_> {
    /// Takes in the byte at `i`, one outside [`PLAIN`] (the bytes before it were all seen):
    /// `Some` when the scan's answer is known there.
    #[inline(always)]
    fn stop(&mut self, input: &str, i: usize) -> Option<Scan> {
        let b = input.as_bytes();
        let hex = |i: usize| b.get(i).is_some_and(u8::is_ascii_hexdigit);
        match b[i] {
            b'%' if hex(i + 1) && hex(i + 2) => {
                self.percent =
                    self.percent || octet_at(b, i).is_some_and(|o| self.escapes.looks_at(o, self.path));
            }
            b'?' => self.path = false,
            // In a query, where a special URL's serialization has `%27` (the
            // [special-query percent-encode set](https://url.spec.whatwg.org/#special-query-percent-encode-set)):
            // that input is not canonical, and the parse with a listener comes first.
            // Elsewhere a plain byte.
            b'\'' if !self.path && !self.fragment => return Some(Scan::UNKNOWN),
            b'\'' => {}
            // The first `#` starts the fragment; a second one is not a URL unit.
            b'#' if !self.fragment => {
                self.fragment = true;
                self.path = false;
            }
            // Not a URL unit, or not ASCII.
            _ => return Some(Scan::UNKNOWN),
        }
        None
    }
}

/// The 8 bytes of `body` from `at` as a little-endian word; past the end of `body`, `a`s.
#[inline(always)]
fn word_at(body: &[u8], at: usize) -> u64 {
    const LETTERS: u64 = u64::from_ne_bytes([b'a'; 8]);
    if let Some(w) = body.get(at..at + 8) {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(w);
        return u64::from_le_bytes(bytes);
    }
    let rest = body.len() - at;
    if body.len() >= 8 {
        // The last 8 bytes, shifted down past those already seen, letters above.
        let mut bytes = [0; 8];
        bytes.copy_from_slice(&body[body.len() - 8..]);
        let shift = 8 * (8 - rest) as u32;
        return u64::from_le_bytes(bytes) >> shift | LETTERS << (64 - shift);
    }
    let mut w = LETTERS;
    for (k, &c) in body[at..].iter().enumerate() {
        let lane = 8 * k as u32;
        w = w & !(0xff << lane) | u64::from(c) << lane;
    }
    w
}

/// For an 8-byte word: whether each byte is an ASCII lower-case letter, digit, `-` or `.`,
/// the high bit of each `.` byte, and whether a byte is an upper-case letter or not ASCII
/// (the dots are exact when it is not).
#[inline(always)]
fn lower_ldh_dots(w: u64) -> (bool, u64, bool) {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = ONES * 0x80;
    // Per byte below 0x80: the high bit set where the byte is in `lo..=hi` (no byte carries
    // into the next: each sum stays below 0x100).
    let within = |lo: u8, hi: u8| {
        w.wrapping_add(ONES * u64::from(0x80 - lo)) & !w.wrapping_add(ONES * u64::from(0x7f - hi)) & HIGH
    };
    let dot = within(b'.', b'.');
    let ok = within(b'a', b'z') | within(b'0', b'9') | within(b'-', b'-') | dot;
    let unusual = w & HIGH != 0 || within(b'A', b'Z') != 0;
    (w & HIGH == 0 && ok == HIGH, dot, unusual)
}

/// What one pass over a WHATWG domain's bytes tells the checks, instead of a pass each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct DomainShape {
    /// UTS 46 with the URL Standard's *beStrict* surely accepts it: ASCII letters, digits
    /// and hyphens in labels of 1 to 63 bytes, 253 in all, no hyphen at either end of a
    /// label nor third and fourth (`xn--` and other ACE prefixes); `false`: it may not.
    pub(crate) strict: bool,
    /// A label starts with `xn--`: the domain may hold non-ASCII characters.
    pub(crate) ace: bool,
    /// A label longer than 63 bytes.
    pub(crate) long_label: bool,
}

/// The masks of an input's first 32 bytes (all of them in a shorter one), bit `j` for byte
/// `j`: those outside [`LOWER_LDH_DOT`], the `.`s and the `-`s, from the loads of
/// [`Scan::of`] (`None` where no vector code runs): a canonical input's host is mostly
/// among them, and its shape is read from them without loading it again.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Head(Option<[u32; 3]>);

/// Lower-case ASCII letters, digits, `-` and `.`: the bytes of the common domain.
const LOWER_LDH_DOT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = (b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.') as u8;
        c += 1;
    }
    t
};
static LOWER_LDH_DOT_CLASS: crate::simd::AsciiClass = crate::simd::AsciiClass::of_bits(&LOWER_LDH_DOT, 1);

impl DomainShape {
    /// The shape of `url`'s domain `d`: from the masks of `text` (the serialization, or a
    /// canonical input, which has the host at the same offsets: its bytes are older than the
    /// parser's copy, whose first loads wait for its stores) when `d` has at most 32 bytes
    /// (16 in a URL shorter than 32) and is the common domain, else [`DomainShape::of`]. The
    /// masks are those of `head` (`text`'s, read by [`Scan::of`]) when `d` is among its
    /// bytes, else those of one vector load of `text`.
    #[inline]
    pub(crate) fn of_url(url: &Url, d: &str, text: &str, head: Head) -> DomainShape {
        let s = text.as_bytes();
        let start = url.boundaries().host_start();
        debug_assert_eq!(s.get(start..start + d.len()), Some(d.as_bytes()));
        let end = start + d.len();
        let body = d.len() - usize::from(s.get(..end).and_then(<[u8]>::last) == Some(&b'.'));
        let masks = match head.0 {
            Some(masks) if body > 0 && start + body <= 32 => {
                let keep = u32::MAX >> (32 - body);
                Some(masks.map(|m| m >> start & keep))
            }
            _ => crate::simd::try_window(s, start, start + body, &LOWER_LDH_DOT_CLASS, b'.', b'-'),
        };
        #[cfg(debug_assertions)]
        {
            let window = crate::simd::try_window(s, start, start + body, &LOWER_LDH_DOT_CLASS, b'.', b'-');
            debug_assert!(window.is_none() || masks == window, "{text:?}");
        }
        if let Some([outside, dots, hyphens]) = masks {
            if outside == 0 && Self::surely_strict(body, dots, hyphens) {
                let shape = DomainShape {
                    strict: true,
                    ace: false,
                    long_label: false,
                };
                debug_assert_eq!(shape, DomainShape::of(d), "{d:?}");
                return shape;
            }
        }
        DomainShape::of(d)
    }

    /// Whether a domain body of `n` bytes (1 to 32), all lower-case letters, digits, `-` and
    /// `.`, with dots at the bits of `dots` and hyphens at those of `hyphens`, is surely
    /// strict: no empty label (a dot first, last or after a dot), no hyphen first or last in
    /// a label, none third and fourth (which `xn--` has: such a domain is not surely strict,
    /// so an ACE label is never missed); labels and the whole are short enough.
    #[inline(always)]
    fn surely_strict(n: usize, dots: u32, hyphens: u32) -> bool {
        let last = 1u32 << (n - 1);
        let starts = dots << 1 | 1;
        let ends = dots >> 1 | last;
        (starts | last) & dots == 0
            && hyphens & (starts | ends) == 0
            && (starts << 2) & hyphens & (hyphens >> 1) == 0
    }

    /// The shape of `d` (a final dot, the root label, is left out).
    #[cold]
    #[inline(never)]
    fn of(d: &str) -> DomainShape {
        let b = d.as_bytes();
        let body = b.strip_suffix(b".").unwrap_or(b);
        let empty = DomainShape {
            strict: !body.is_empty() && body.len() <= 253,
            ace: false,
            long_label: false,
        };
        // The common domain, lower-case LDH labels: eight bytes at a time, the labels found
        // from the dots' bits. Another ASCII byte but an upper-case letter (`_`, the `{`
        // and `}` of endpoint templates) is no LDH byte: the domain is not strict, and its
        // labels are still found from the dots.
        let mut shape = empty;
        let (mut start, mut at) = (0, 0);
        while at < body.len() {
            let (ok, mut dots, unusual) = lower_ldh_dots(word_at(body, at));
            if unusual {
                break;
            }
            shape.strict &= ok;
            while dots != 0 {
                let i = at + (dots.trailing_zeros() / 8) as usize;
                shape.label(&body[start..i]);
                start = i + 1;
                dots &= dots - 1;
            }
            at += 8;
        }
        if at >= body.len() {
            shape.label(&body[start..]);
            debug_assert_eq!(shape, DomainShape::bytewise(empty, body), "{d:?}");
        } else {
            shape = DomainShape::bytewise(empty, body);
        }
        debug_assert_eq!(shape.strict, crate::host::surely_strict_ascii(d), "{d:?}");
        shape
    }

    /// The shape of any `body`, byte by byte, from `empty`.
    fn bytewise(empty: DomainShape, body: &[u8]) -> DomainShape {
        let mut shape = empty;
        let mut start = 0;
        let mut ldh = true;
        for (i, &c) in body.iter().enumerate() {
            if c == b'.' {
                shape.label(&body[start..i]);
                start = i + 1;
            } else {
                ldh &= crate::host::LDH[usize::from(c)] != 0;
            }
        }
        shape.label(&body[start..]);
        shape.strict &= ldh;
        shape
    }

    /// Takes in the label `l` (its bytes are looked at by the caller).
    #[inline(always)]
    fn label(&mut self, l: &[u8]) {
        let n = l.len();
        self.long_label |= n > 63;
        self.ace |= l.starts_with(b"xn--");
        self.strict &=
            (1..=63).contains(&n) && l[0] != b'-' && l[n - 1] != b'-' && l.get(2..4) != Some(b"--");
    }
}

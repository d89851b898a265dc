//! The [Public Suffix List](https://publicsuffix.org/list/) compiled into a trie of labels
//! kept in one hash table, and its lookup.
//!
//! Every rule (`com`, `*.ck`, `!www.ck`) and every shorter suffix of a rule (`ck` for
//! `*.ck`) is a node, keyed by its parent node and its leftmost label; a node's flags say
//! which kinds of rule end there and in which section. A host is looked up right to left,
//! one probe per label: each probe hashes that label alone (one word for labels of up to 8
//! bytes, which are then compared inside the slot), and the walk stops at the first label
//! with no node (no longer rule can match past it). IDN rules are entered both as written
//! (Unicode) and in their `xn--` form, so hosts match in either form without a conversion.

use crate::domain::{Options, Parts, Section};
use crate::simd::{dots_and_odd, dots_and_odd_word};
use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

/// A normal rule ends at this entry (ICANN section).
const RULE: u8 = 1;
/// A wildcard rule `*.` + this entry (ICANN section).
const WILD: u8 = 2;
/// An exception rule `!` + this entry (ICANN section).
const EXCEPTION: u8 = 4;
/// Shift from an ICANN flag to the same flag in the private section.
const PRIVATE: u8 = 3;
/// Some entry is this entry with one more label in front.
const DEEPER: u8 = 64;
/// The flags a walk without the private section reads: a private rule's node is then only
/// a way to longer ICANN rules, as if the rule were not in the list.
const ICANN_FLAGS: u8 = RULE | WILD | EXCEPTION | DEEPER;

/// The parent of the top-level labels' nodes (no slot has this index).
const ROOT: u32 = u32::MAX;

/// One node of the trie, in the slot of the table its hash chose; a zero `tag` marks an
/// empty slot (no label is empty). A node's id is its slot's index.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// Labels of up to 8 bytes: their bytes (as [`label_word`] reads them), compared without
    /// reading `names`; longer ones: their [`long_key`].
    key: u64,
    /// The parent node's id (or [`ROOT`]) in bits 0–31, the label's length in bits 32–47
    /// (labels longer than `u16::MAX` bytes are never entered) and the flags in bits 56–63:
    /// one compare checks parent and length.
    tag: u64,
}

/// The parent and length bits of [`Slot::tag`].
const TAG_NODE: u64 = (1 << 48) - 1;

/// A Public Suffix List: the rules of a `public_suffix_list.dat`, ready for lookups.
///
/// [`List::builtin`] is the copy that ships inside urlkit; [`List::parse`] reads a newer one
/// at run time. Lookups ([`List::split`]) do not allocate for hosts in canonical form
/// (lower-case ASCII, as a [`Url`](crate::Url)'s host is).
///
/// ```
/// use urlkit::domain::List;
/// let list = List::parse("// ===BEGIN ICANN DOMAINS===\ncom\n*.ck\n!www.ck\n")?;
/// assert_eq!(list.split("a.b.example.com").unwrap().registrable_domain(), Some("example.com"));
/// assert_eq!(list.split("a.b.test.ck").unwrap().public_suffix(), "test.ck");
/// assert_eq!(list.split("www.ck").unwrap().registrable_domain(), Some("www.ck"));
/// # Ok::<(), urlkit::domain::ListError>(())
/// ```
pub struct List {
    filter: Box<[u64; FILTER_BITS / 64]>,
    /// Bit `j` of entry `i`: the two-letter label of the `i`-th and `j`-th letters is a rule
    /// of its own (see [`List::lists_ascii_label`]; two letters are most of the labels asked).
    two_letters: [u32; 26],
    /// The length of the longest label: longer ones are not looked up.
    longest: usize,
    slots: Box<[Slot]>,
    /// For each slot whose label is longer than 8 bytes: where its text starts in `names`.
    starts: Box<[u32]>,
    /// The text of the labels longer than 8 bytes, one after another.
    names: String,
    rules: usize,
    version: Option<String>,
}

/// A line of a `.dat` file that is not a rule urlkit can use.
///
/// ```
/// let err = urlkit::domain::List::parse("com\na.*.b\n").err().unwrap();
/// assert_eq!(err.line(), 2);
/// assert_eq!(err.to_string(), "line 2: a wildcard only as the leftmost label: a.*.b");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    line: usize,
    rule: String,
    reason: &'static str,
}

impl ListError {
    /// The 1-based line number of the rule.
    ///
    /// ```
    /// assert_eq!(urlkit::domain::List::parse("..\n").err().unwrap().line(), 1);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}: {}", self.line, self.reason, self.rule)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ListError {}

/// The key of a label longer than 8 bytes: its first, last and every whole 8 bytes in
/// between (overlapping loads), folded by wide multiplies.
#[inline]
fn long_key(s: &[u8]) -> u64 {
    let len = s.len();
    let mut lo = read8(s, 0);
    let mut i = 8;
    while i + 8 < len {
        lo = fold(lo ^ read8(s, i), 0x9e37_79b9_7f4a_7c15);
        i += 8;
    }
    fold(
        lo ^ 0x8ebc_6af0_9c88_c6e3,
        read8(s, len - 8) ^ 0x5899_65cc_7537_4cc3 ^ len as u64,
    )
}

/// The bytes `host[start..end]` (1 to 8 of them) in a little-endian word, zero above them:
/// one load ending at `end` shifted down when the host has 8 bytes there, else the short
/// head of the host shifted down.
#[inline(always)]
fn label_word(host: &[u8], start: usize, end: usize) -> u64 {
    if end >= 8 {
        read8(host, end - 8) >> (8 * (8 - (end - start)))
    } else {
        load_short(&host[..end]) >> (8 * start)
    }
}

/// [`long_key`] for labels longer than 16 bytes (rare), out of line.
#[inline(never)]
fn longer_key(s: &[u8]) -> u64 {
    long_key(s)
}

/// The parent and length bits of a node's [`Slot::tag`].
#[inline(always)]
fn node_tag(len: usize, parent: u32) -> u64 {
    u64::from(parent) | (len as u64) << 32
}

/// The hash of a node: its label's key and its tag, folded by one wide multiply.
#[inline(always)]
fn node_hash(key: u64, tag: u64) -> u64 {
    fold(key ^ 0xa076_1d64_78bd_642f, 0xe703_7ed1_a0b4_28db ^ tag)
}

#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let x = u128::from(a) * u128::from(b);
    (x as u64) ^ ((x >> 64) as u64)
}

#[inline(always)]
fn read8(s: &[u8], at: usize) -> u64 {
    let mut w = [0; 8];
    w.copy_from_slice(&s[at..at + 8]);
    u64::from_le_bytes(w)
}

/// The bytes of `s` (shorter than 8) in a little-endian word, zero above them; without a
/// `memcpy` call, by (overlapping) loads of the first and last bytes.
#[inline(always)]
fn load_short(s: &[u8]) -> u64 {
    let len = s.len();
    match len {
        0 => 0,
        1..=3 => {
            u64::from(s[0])
                | u64::from(s[len / 2]) << (8 * (len / 2))
                | u64::from(s[len - 1]) << (8 * (len - 1))
        }
        _ => u64::from(read4(s, 0)) | u64::from(read4(s, len - 4)) << (8 * (len - 4)),
    }
}

/// The bytes of `s` (1 to 8 of them) in a little-endian word, zero above them.
#[inline(always)]
fn load_short_or_8(s: &[u8]) -> u64 {
    if s.len() == 8 {
        read8(s, 0)
    } else {
        load_short(s)
    }
}

#[inline(always)]
fn read4(s: &[u8], at: usize) -> u32 {
    let mut w = [0; 4];
    w.copy_from_slice(&s[at..at + 4]);
    u32::from_le_bytes(w)
}

/// Bits in the filter: a bit set for each entry's hash, small enough to stay in the L1
/// cache, so that most suffixes with no entry (`example.com`) never touch the table.
const FILTER_BITS: usize = 1 << 17;

/// What the walk over a host found.
enum Walk {
    /// The public suffix starts at `suffix`; the registrable domain (if any) at
    /// `registrable`.
    Found {
        suffix: usize,
        registrable: Option<usize>,
        section: Section,
    },
    /// Not a domain the list can answer for: empty, an empty label, an IP address.
    Invalid,
    /// Upper-case ASCII or non-ASCII bytes: to be brought to canonical form first.
    NotCanonical,
}

impl List {
    /// The list built into urlkit: a copy of `public_suffix_list.dat` taken when this
    /// version of urlkit was made ([`List::version`] says which), parsed on first use.
    ///
    /// ```
    /// let list = urlkit::domain::List::builtin();
    /// assert!(list.len() > 9000);
    /// assert_eq!(list.split("www.example.co.uk").unwrap().public_suffix(), "co.uk");
    /// ```
    pub fn builtin() -> &'static List {
        builtin::get()
    }

    /// Reads a list in the `public_suffix_list.dat` format
    /// (<https://github.com/publicsuffix/list/wiki/Format>): one rule a line, `//` comments,
    /// the text of a line up to its first white space, `*.` wildcard and `!` exception rules,
    /// the sections between `===BEGIN ICANN DOMAINS===` / `===BEGIN PRIVATE DOMAINS===`
    /// comment markers (rules outside both count as ICANN). Rules are lower-cased; IDN rules
    /// are kept in Unicode and in their `xn--` form.
    ///
    /// # Errors
    ///
    /// A rule with an empty label, a wildcard other than the leftmost label, or an IDN label
    /// that UTS 46 rejects.
    ///
    /// ```
    /// let list = urlkit::domain::List::parse("// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n")?;
    /// let parts = list.split("whatwg.github.io").unwrap();
    /// assert_eq!(parts.registrable_domain(), Some("whatwg.github.io"));
    /// assert!(!parts.icann());
    /// # Ok::<(), urlkit::domain::ListError>(())
    /// ```
    pub fn parse(dat: &str) -> Result<List, ListError> {
        let mut builder = Builder::default();
        let mut private = false;
        let mut version = None;
        for (n, line) in dat.lines().enumerate() {
            let line = line.trim();
            if let Some(comment) = line.strip_prefix("//") {
                let comment = comment.trim();
                if comment.starts_with("===BEGIN PRIVATE DOMAINS===") {
                    private = true;
                } else if comment.starts_with("===BEGIN ICANN DOMAINS===") {
                    private = false;
                } else if let Some(v) = comment.strip_prefix("VERSION:") {
                    version.get_or_insert_with(|| String::from(v.trim()));
                }
                continue;
            }
            let Some(rule) = line.split_whitespace().next() else {
                continue;
            };
            builder.add(rule, private).map_err(|reason| ListError {
                line: n + 1,
                rule: String::from(rule),
                reason,
            })?;
        }
        Ok(builder.finish(version))
    }

    /// The number of rules (an IDN rule counts once).
    ///
    /// ```
    /// assert_eq!(urlkit::domain::List::parse("com\nco.uk\n// x\n")?.len(), 2);
    /// # Ok::<(), urlkit::domain::ListError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.rules
    }

    /// Whether the list has no rules (every host then falls to the default rule `*`).
    ///
    /// ```
    /// assert!(urlkit::domain::List::parse("// nothing\n")?.is_empty());
    /// # Ok::<(), urlkit::domain::ListError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.rules == 0
    }

    /// The `// VERSION:` line of the list's header, when it has one.
    ///
    /// ```
    /// assert!(urlkit::domain::List::builtin().version().is_some());
    /// ```
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// Splits `host` (a domain, as text) into subdomain, registrable domain and public
    /// suffix by the [formal algorithm](https://github.com/publicsuffix/list/wiki/Format#formal-algorithm).
    ///
    /// ASCII letters are compared case-insensitively; a host with upper-case ASCII is
    /// lower-cased and one with non-ASCII characters goes through UTS 46 ToUnicode first, so
    /// the parts come back lower-case, and in Unicode when the host was written in Unicode.
    /// A trailing dot is kept on every part (`example.com.` → `com.`), as the URL Standard's
    /// [public suffix](https://url.spec.whatwg.org/#host-public-suffix) does.
    ///
    /// `None` when `host` is not a domain: empty, with an empty label (`.com`, `a..b`),
    /// an IPv4 address (its last label a number, as the URL Standard's host parser decides)
    /// or IPv6 (`[` first), or Unicode that ToUnicode rejects.
    ///
    /// ```
    /// let list = urlkit::domain::List::builtin();
    /// let p = list.split("WwW.Example.CO.uk").unwrap();
    /// assert_eq!((p.subdomain(), p.registrable_domain(), p.public_suffix()),
    ///            (Some("www"), Some("example.co.uk"), "co.uk"));
    /// assert_eq!(list.split("食狮.公司.cn").unwrap().registrable_domain(), Some("食狮.公司.cn"));
    /// assert!(list.split("127.0.0.1").is_none());
    /// ```
    #[inline(always)]
    pub fn split<'a>(&self, host: &'a str) -> Option<Parts<'a>> {
        self.split_with(host, Options::new())
    }

    /// [`List::split`] with [`Options`]: without the private section
    /// (`Options::new().private(false)`), a host splits as by the ICANN rules alone, as
    /// Python's `tldextract` and JavaScript's `tldts` do by default (`foo.github.io` →
    /// registrable domain `github.io`, section [`Section::Icann`]).
    ///
    /// ```
    /// use urlkit::domain::{List, Options, Section};
    /// let list = List::builtin();
    /// let icann = Options::new().private(false);
    /// let p = list.split_with("foo.github.io", icann).unwrap();
    /// assert_eq!((p.registrable_domain(), p.section()), (Some("github.io"), Section::Icann));
    /// let p = list.split_with("foo.github.io", Options::new()).unwrap();
    /// assert_eq!((p.registrable_domain(), p.section()), (Some("foo.github.io"), Section::Private));
    /// ```
    #[inline(always)]
    pub fn split_with<'a>(&self, host: &'a str, options: Options) -> Option<Parts<'a>> {
        let mask = options.flags();
        match self.walk::<false>(host.as_bytes(), mask) {
            Walk::Found {
                suffix,
                registrable,
                section,
            } => Some(Parts::new(Cow::Borrowed(host), suffix, registrable, section)),
            Walk::Invalid => None,
            Walk::NotCanonical => self.split_canonicalized(host, mask),
        }
    }

    /// Whether one ASCII label is a rule of its own: `split(label)` with a section other than
    /// [`Section::Unlisted`], without the lower-cased copy that `split` makes of an
    /// upper-case host (the text finder asks this of every bare domain's last label, most
    /// of which are no TLD: a label of up to 8 bytes is answered by the filter first).
    #[inline]
    pub(crate) fn lists_ascii_label(&self, label: &[u8]) -> bool {
        if let [a, b] = *label {
            // ASCII letters of either case, and nothing else, land on `a..=z`.
            let (a, b) = ((a | 0x20).wrapping_sub(b'a'), (b | 0x20).wrapping_sub(b'a'));
            if a < 26 && b < 26 {
                return self.two_letters[usize::from(a)] >> b & 1 != 0;
            }
        }
        self.lists_label_walked(label)
    }

    /// [`List::lists_ascii_label`] by the filter and the walk, for any label.
    fn lists_label_walked(&self, label: &[u8]) -> bool {
        const LO: u64 = 0x0101_0101_0101_0101;
        const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HI: u64 = 0x8080_8080_8080_8080;
        let len = label.len();
        if !(1..=8).contains(&len) {
            let mut lower = [0u8; 63];
            let Some(buf) = lower.get_mut(..len) else {
                return core::str::from_utf8(label)
                    .ok()
                    .and_then(|l| self.split(l))
                    .is_some_and(|p| p.section() != Section::Unlisted);
            };
            buf.copy_from_slice(label);
            buf.make_ascii_lowercase();
            // `split` walks a lower-case ASCII host as is, and lower-cases any other
            // ASCII host before the same walk.
            return matches!(
                self.walk::<true>(buf, u8::MAX),
                Walk::Found { section, .. } if section != Section::Unlisted
            );
        }
        // The walk of a one-label host: a number is no domain; else the label's node under
        // the root, whose own rule (or exception) gives a section (a wildcard alone names
        // the labels below it).
        if ends_in_a_number(label) {
            return false;
        }
        let w = load_short_or_8(label);
        let v = w & LO7;
        let upper = (v + LO * 0x3f) & !(v + LO * 0x25) & !w & HI;
        let key = w | upper >> 2;
        let hash = node_hash(key, node_tag(len, ROOT));
        let bit = (hash >> 40) as usize % FILTER_BITS;
        if self.filter[bit / 64] & (1 << (bit % 64)) == 0 {
            return false;
        }
        let bytes = key.to_le_bytes();
        self.child(ROOT, &bytes, 0, len)
            .is_some_and(|(_, flags)| flags & (RULE | EXCEPTION | (RULE | EXCEPTION) << PRIVATE) != 0)
    }

    /// [`List::split`] for a host that is not in canonical form: lower-cased, or through
    /// ToUnicode, then walked. Out of line, so that the canonical case inlines small.
    #[cold]
    #[inline(never)]
    fn split_canonicalized<'a>(&self, host: &'a str, mask: u8) -> Option<Parts<'a>> {
        let canonical = if host.is_ascii() {
            host.to_ascii_lowercase()
        } else {
            let (text, result) = crate::host::domain_to_unicode(host);
            result.ok()?;
            // The Unicode form must be its own canonical form, or splitting it again would
            // differ (fuzz finding F5: a Punycode label decoding to an `xn--` label with a
            // NUL, which UTS 46 then refuses).
            if !text.is_ascii() {
                let (again, result) = crate::host::domain_to_unicode(&text);
                if result.is_err() || again != text {
                    return None;
                }
            }
            text
        };
        match self.walk::<true>(canonical.as_bytes(), mask) {
            Walk::Found {
                suffix,
                registrable,
                section,
            } => Some(Parts::new(Cow::Owned(canonical), suffix, registrable, section)),
            _ => None,
        }
    }

    /// The node for `host[start..end]` under `parent`: its id and flags.
    #[inline(always)]
    fn child(&self, parent: u32, host: &[u8], start: usize, end: usize) -> Option<(u32, u8)> {
        let len = end - start;
        let key = if len <= 8 {
            label_word(host, start, end)
        } else if len <= 16 {
            long_key(&host[start..end])
        } else if len <= self.longest {
            longer_key(&host[start..end])
        } else {
            return None;
        };
        let tag = node_tag(len, parent);
        let hash = node_hash(key, tag);
        // Top-level labels are nearly always found; below them most are not, and the filter
        // answers those without touching the table.
        if parent != ROOT {
            let bit = (hash >> 40) as usize % FILTER_BITS;
            if self.filter[bit / 64] & (1 << (bit % 64)) == 0 {
                return None;
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.key == key && slot.tag & TAG_NODE == tag && (len <= 8 || self.named(i, &host[start..end]))
            {
                return Some((i as u32, (slot.tag >> 56) as u8));
            }
            if slot.tag == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether the label of slot `i` (longer than 8 bytes) is `label`.
    #[inline(never)]
    fn named(&self, i: usize, label: &[u8]) -> bool {
        let at = self.starts[i] as usize;
        self.names.as_bytes().get(at..at + label.len()) == Some(label)
    }

    /// The formal algorithm over `host`'s bytes, right to left. `UNICODE`: the host is
    /// canonical already (lower-case, maybe non-ASCII), so only its labels are checked.
    #[inline(always)]
    ///
    /// `mask`: the flags read ([`ICANN_FLAGS`] leaves out the private section).
    fn walk<const UNICODE: bool>(&self, b: &[u8], mask: u8) -> Walk {
        let end = match b.last() {
            Some(b'.') => b.len() - 1,
            _ => b.len(),
        };
        let host = &b[..end];
        if host.is_empty() || b[0] == b'[' {
            return Walk::Invalid;
        }
        if host.len() >= 64 {
            return self.walk_long::<UNICODE>(host, mask);
        }
        // The whole host is checked first: canonical bytes, no empty label.
        let dots = match scan_short::<UNICODE>(host) {
            Ok(dots) => dots,
            Err(problem) => return problem,
        };
        // Bit `k + 1` for a dot at `k`, and bit 0 as if a dot stood before the host: the
        // start of the label that ends before `to` is then the highest bit up to `to` (no
        // zero test needed, hosts are shorter than 64 bytes here).
        let starts = dots << 1 | 1;
        self.labels(
            host,
            |to| (starts & (2u64 << to).wrapping_sub(1)).ilog2() as usize,
            mask,
        )
    }

    /// [`List::walk`] for hosts of 64 bytes or more.
    #[inline(never)]
    fn walk_long<const UNICODE: bool>(&self, host: &[u8], mask: u8) -> Walk {
        if let Err(problem) = scan::<UNICODE>(host) {
            return problem;
        }
        self.labels(
            host,
            |to| host[..to].iter().rposition(|&c| c == b'.').map_or(0, |d| d + 1),
            mask,
        )
    }

    /// The formal algorithm over a checked host's labels, right to left; `label_start(to)`
    /// is where the label ending before `to` (a dot or the end) starts; only the flags in
    /// `mask` are read.
    #[inline(always)]
    fn labels(&self, host: &[u8], label_start: impl Fn(usize) -> usize, mask: u8) -> Walk {
        let mut end = host.len();
        let mut start = label_start(end);
        if ends_in_a_number(&host[start..]) {
            return Walk::Invalid;
        }
        // The default rule `*`: the last label.
        let mut suffix = start;
        let mut section = Section::Unlisted;
        // The wildcard (and its section) that the next label would complete.
        let mut wild: Option<Section> = None;
        let mut node = ROOT;
        loop {
            if let Some(s) = wild.take() {
                suffix = start;
                section = s;
            }
            let Some((id, flags)) = self.child(node, host, start, end) else {
                break;
            };
            let flags = flags & mask;
            if flags & (EXCEPTION | EXCEPTION << PRIVATE) != 0 {
                // The exception rule's label is not part of the suffix.
                suffix = end + 1;
                section = Section::of(flags & EXCEPTION != 0);
                break;
            }
            if flags & (RULE | RULE << PRIVATE) != 0 {
                suffix = start;
                section = Section::of(flags & RULE != 0);
            }
            if flags & (WILD | WILD << PRIVATE) != 0 {
                wild = Some(Section::of(flags & WILD != 0));
            } else if flags & DEEPER == 0 {
                break;
            }
            if start == 0 {
                break;
            }
            node = id;
            end = start - 1;
            start = label_start(end);
        }
        let registrable = (suffix > 0).then(|| label_start(suffix - 1));
        Walk::Found {
            suffix,
            registrable,
            section,
        }
    }
}

/// Checks a host shorter than 64 bytes (its trailing dot removed) 16 bytes at a time: no empty
/// label (no dot first, last or after a dot) and, unless `UNICODE`, only lower-case ASCII.
/// Returns a bitmap of its dots (bit `k` for byte `k`).
#[inline(always)]
fn scan_short<const UNICODE: bool>(host: &[u8]) -> Result<u64, Walk> {
    let len = host.len();
    let mut dots = 0u64;
    let mut odd = 0u32;
    if len < 16 {
        // Zero above the host's bytes (zero bytes are neither dots nor odd).
        let (lo, hi) = if len > 8 {
            (read8(host, 0), read8(host, len - 8) >> (8 * (16 - len)))
        } else if len == 8 {
            (read8(host, 0), 0)
        } else {
            (load_short(host), 0)
        };
        let (d, o) = dots_and_odd(lo, hi);
        dots = u64::from(d);
        odd = o;
    } else {
        // Whole chunks, then one ending at the end (overlapping: its bits agree).
        let mut at = 0;
        while at + 16 < len {
            let (d, o) = dots_and_odd(read8(host, at), read8(host, at + 8));
            dots |= u64::from(d) << at;
            odd |= o;
            at += 16;
        }
        let at = len - 16;
        let (d, o) = dots_and_odd(read8(host, at), read8(host, at + 8));
        dots |= u64::from(d) << at;
        odd |= o;
    }
    if dots & 1 != 0 || dots >> (len - 1) != 0 || dots & (dots >> 1) != 0 {
        return Err(Walk::Invalid);
    }
    if !UNICODE && odd != 0 {
        return Err(Walk::NotCanonical);
    }
    Ok(dots)
}

/// Checks a host of 64 bytes or more (its trailing dot removed) eight bytes at a time: no
/// empty label (no dot first, last or after a dot) and, unless `UNICODE`, only lower-case
/// ASCII.
fn scan<const UNICODE: bool>(host: &[u8]) -> Result<(), Walk> {
    if host[0] == b'.' || host[host.len() - 1] == b'.' {
        return Err(Walk::Invalid);
    }
    let mut odd = 0; // non-canonical bytes, in the high bit of their byte
    let mut doubled = 0; // dots after a dot
    let mut previous = 0; // the last word's dot flags
    let len = host.len();
    let mut word = |w: u64| {
        let (dot, o) = dots_and_odd_word(w);
        doubled |= dot & ((dot << 8) | (previous >> 56));
        previous = dot;
        odd |= o;
    };
    for k in 0..len / 8 {
        word(read8(host, 8 * k));
    }
    let rest = len % 8;
    if rest != 0 {
        // The last bytes, zero above them: the last whole word shifted down.
        word(read8(host, len - 8) >> (8 * (8 - rest)));
    }
    if doubled != 0 {
        return Err(Walk::Invalid);
    }
    if !UNICODE && odd != 0 {
        return Err(Walk::NotCanonical);
    }
    Ok(())
}

/// The URL Standard's [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker)
/// on the last label: all digits, or `0x`/`0X` and hex digits.
#[inline]
fn ends_in_a_number(label: &[u8]) -> bool {
    // Most last labels end in a letter that no number ends in.
    if !matches!(
        label.last(),
        Some(b'0'..=b'9' | b'a'..=b'f' | b'A'..=b'F' | b'x' | b'X')
    ) {
        return false;
    }
    if label.iter().all(u8::is_ascii_digit) {
        return true;
    }
    match label {
        [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
        _ => false,
    }
}

impl Options {
    /// The rule flags a walk with these options reads.
    #[inline(always)]
    fn flags(self) -> u8 {
        if self.includes_private() {
            u8::MAX
        } else {
            ICANN_FLAGS
        }
    }
}

impl Section {
    fn of(icann: bool) -> Section {
        if icann {
            Section::Icann
        } else {
            Section::Private
        }
    }
}

/// Collects entries before they go into the table.
#[derive(Default)]
struct Builder {
    /// Entry text → flags; a BTreeMap keeps `finish` deterministic.
    entries: alloc::collections::BTreeMap<String, u8>,
    rules: usize,
}

impl Builder {
    fn add(&mut self, rule: &str, private: bool) -> Result<(), &'static str> {
        let (kind, name) = if let Some(rest) = rule.strip_prefix('!') {
            (EXCEPTION, rest)
        } else if let Some(rest) = rule.strip_prefix("*.") {
            (WILD, rest)
        } else {
            (RULE, rule)
        };
        if name.split('.').any(|l| l == "*") {
            return Err("a wildcard only as the leftmost label");
        }
        if name.is_empty() || name.split('.').any(str::is_empty) {
            return Err("an empty label");
        }
        let flag = if private { kind << PRIVATE } else { kind };
        let lower = name.to_lowercase();
        if lower.is_ascii() {
            self.insert(&lower, flag);
        } else {
            // Both forms: the Unicode one as ToUnicode gives it, and the `xn--` one.
            let ascii =
                crate::host::domain_to_ascii(&lower).map_err(|_| "an IDN rule that UTS 46 rejects")?;
            let (unicode, result) = crate::host::domain_to_unicode(&ascii);
            result.map_err(|_| "an IDN rule that UTS 46 rejects")?;
            self.insert(&ascii, flag);
            self.insert(&unicode, flag);
        }
        self.rules += 1;
        Ok(())
    }

    /// Enters `name` with `flag` and each shorter suffix of it with [`DEEPER`].
    fn insert(&mut self, name: &str, flag: u8) {
        *self.entries.entry(String::from(name)).or_default() |= flag;
        let mut rest = name;
        while let Some(dot) = rest.find('.') {
            rest = &rest[dot + 1..];
            *self.entries.entry(String::from(rest)).or_default() |= DEEPER;
        }
    }

    fn finish(self, version: Option<String>) -> List {
        let size = (self.entries.len() * 2).next_power_of_two().max(16);
        let mask = size - 1;
        let mut slots = alloc::vec![Slot::default(); size].into_boxed_slice();
        let mut starts = alloc::vec![0u32; size].into_boxed_slice();
        let mut filter = Box::new([0u64; FILTER_BITS / 64]);
        let mut names = String::new();
        let mut longest = 0;
        // Parents before their children (fewer labels first), so that a parent's id is
        // known when its children are entered; within a depth, in text order.
        let mut order: alloc::vec::Vec<(&String, u8)> = self.entries.iter().map(|(k, &v)| (k, v)).collect();
        order.sort_by_key(|(name, _)| name.bytes().filter(|&c| c == b'.').count());
        let mut ids: alloc::collections::BTreeMap<&str, u32> = alloc::collections::BTreeMap::new();
        for (name, flags) in order {
            let (label, parent) = match name.split_once('.') {
                Some((label, rest)) => match ids.get(rest) {
                    Some(&parent) => (label, parent),
                    None => continue, // under a label left out below
                },
                None => (name.as_str(), ROOT),
            };
            // No host label is longer than `u16::MAX` bytes in practice; such a rule (and
            // the rules under it) could never be reached through `len`, so it is left out.
            if u16::try_from(label.len()).is_err() {
                continue;
            }
            let bytes = label.as_bytes();
            let key = if bytes.len() <= 8 {
                label_word(bytes, 0, bytes.len())
            } else {
                long_key(bytes)
            };
            let tag = node_tag(bytes.len(), parent);
            let hash = node_hash(key, tag);
            let bit = (hash >> 40) as usize % FILTER_BITS;
            filter[bit / 64] |= 1 << (bit % 64);
            let mut i = hash as usize & mask;
            while slots[i].tag != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = Slot {
                key,
                tag: tag | u64::from(flags) << 56,
            };
            if bytes.len() > 8 {
                starts[i] = names.len() as u32;
                names.push_str(label);
            }
            longest = longest.max(bytes.len());
            ids.insert(name.as_str(), i as u32);
        }
        let mut list = List {
            filter,
            two_letters: [0; 26],
            longest,
            slots,
            starts,
            names,
            rules: self.rules,
            version,
        };
        for i in 0..26u8 {
            for j in 0..26u8 {
                let listed = list.lists_label_walked(&[b'a' + i, b'a' + j]);
                list.two_letters[usize::from(i)] |= u32::from(listed) << j;
            }
        }
        list
    }
}

impl fmt::Debug for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("List")
            .field("rules", &self.rules)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

/// The built-in list, parsed once on first use. Its publication is the crate's one `unsafe`
/// outside `simd.rs`: `core` has no `OnceLock`, and the `&'static List` is read back out of
/// an `AtomicPtr`, which safe code cannot do (the `simd` module's docs say so too).
mod builtin {
    use super::List;
    use alloc::boxed::Box;
    use core::sync::atomic::{AtomicPtr, Ordering};

    /// `public_suffix_list.dat` as vendored beside this file (`scripts/update-psl.sh`
    /// replaces it).
    const DAT: &str = include_str!("public_suffix_list.dat");

    static LIST: AtomicPtr<List> = AtomicPtr::new(core::ptr::null_mut());

    pub(super) fn get() -> &'static List {
        get_or_parse(&LIST, DAT)
    }

    /// The list in `slot`, parsed from `dat` and stored there by the first caller.
    pub(super) fn get_or_parse(slot: &'static AtomicPtr<List>, dat: &str) -> &'static List {
        let ptr = slot.load(Ordering::Acquire);
        if !ptr.is_null() {
            // SAFETY: a non-null pointer in the slot came from `Box::into_raw` below and is
            // never freed, so it is valid for 'static and only read from.
            #[allow(unsafe_code)]
            return unsafe { &*ptr };
        }
        // Racing threads may each parse; one pointer wins and the others are dropped. (No
        // `OnceLock` in `core`, and the parse takes a few milliseconds once.)
        let fresh = Box::into_raw(Box::new(List::parse(dat).expect("the list text parses")));
        match slot.compare_exchange(core::ptr::null_mut(), fresh, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: as above; `fresh` was just stored and is never freed.
            #[allow(unsafe_code)]
            Ok(_) => unsafe { &*fresh },
            Err(winner) => {
                // SAFETY: `fresh` came from `Box::into_raw` above and was never shared.
                #[allow(unsafe_code)]
                drop(unsafe { Box::from_raw(fresh) });
                // SAFETY: as above for the winner's pointer.
                #[allow(unsafe_code)]
                unsafe {
                    &*winner
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{scan_short, Walk};
    use crate::test_rng::xorshift;
    use alloc::vec::Vec;

    /// Bytes the scans treat differently: dots, the ends of `A`..=`Z` and their neighbours,
    /// lower case, the ends of ASCII, and bytes with the high bit set.
    const EDGES: [u8; 14] = [
        b'.', b'-', b'@', b'A', b'Z', b'[', b'`', b'a', b'z', 0, 0x7f, 0x80, 0xbf, 0xff,
    ];

    /// What `scan_short` answers, read byte by byte: `None` for an empty label, `Some(Err)`
    /// for a non-canonical host (without `UNICODE`), else the dots' bitmap.
    fn scan_naive(host: &[u8], unicode: bool) -> Option<Result<u64, ()>> {
        let dots: u64 = host
            .iter()
            .enumerate()
            .map(|(i, &b)| u64::from(b == b'.') << i)
            .sum();
        if host.first() == Some(&b'.') || host.last() == Some(&b'.') || host.windows(2).any(|w| w == b"..") {
            return None;
        }
        if !unicode && host.iter().any(|b| b.is_ascii_uppercase() || !b.is_ascii()) {
            return Some(Err(()));
        }
        Some(Ok(dots))
    }

    fn scan_seen(host: &[u8], unicode: bool) -> Option<Result<u64, ()>> {
        let got = if unicode {
            scan_short::<true>(host)
        } else {
            scan_short::<false>(host)
        };
        match got {
            Ok(dots) => Some(Ok(dots)),
            Err(Walk::NotCanonical) => Some(Err(())),
            Err(Walk::Invalid) => None,
            Err(Walk::Found { .. }) => unreachable!("the scan finds no suffix"),
        }
    }

    #[test]
    fn the_short_host_scan_agrees_with_a_byte_by_byte_reading() {
        // Every length the scan takes (1..=63), which covers its three loads of a short
        // host and the overlapping last chunk of a long one.
        let mut next = xorshift(0xd075_cafe);
        let per_length = if cfg!(miri) { 3 } else { 400 };
        let alphabet = b"ab.-Z0\xc3";
        for len in 1..64 {
            for _ in 0..per_length {
                let host: Vec<u8> = (0..len)
                    .map(|_| match next() % 8 {
                        0..=5 => b'a' + (next() % 26) as u8,
                        _ => alphabet[(next() % alphabet.len() as u64) as usize],
                    })
                    .collect();
                for unicode in [false, true] {
                    assert_eq!(
                        scan_seen(&host, unicode),
                        scan_naive(&host, unicode),
                        "{host:?} {unicode}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_long_host_scan_agrees_with_a_byte_by_byte_reading() {
        // `scan` (64 bytes and more, eight at a time, the last word shifted down): empty
        // labels anywhere, including across words, and odd bytes after non-ASCII ones.
        let mut next = xorshift(0x10_6c05);
        let per_length = if cfg!(miri) { 2 } else { 200 };
        for len in (64..160).step_by(if cfg!(miri) { 31 } else { 1 }) {
            for _ in 0..per_length {
                // Lower-case labels with a dot every few bytes, then at most two edge bytes
                // at random places: most hosts are one byte away from canonical.
                let mut host: Vec<u8> = (0..len)
                    .map(|_| match next() % 6 {
                        0 => b'.',
                        _ => b'a' + (next() % 26) as u8,
                    })
                    .collect();
                for _ in 0..next() % 3 {
                    let at = (next() % len as u64) as usize;
                    host[at] = EDGES[(next() % EDGES.len() as u64) as usize];
                }
                for unicode in [false, true] {
                    let got = match if unicode {
                        super::scan::<true>(&host)
                    } else {
                        super::scan::<false>(&host)
                    } {
                        Ok(()) => Some(Ok(())),
                        Err(Walk::NotCanonical) => Some(Err(())),
                        Err(Walk::Invalid) => None,
                        Err(Walk::Found { .. }) => unreachable!("the scan finds no suffix"),
                    };
                    let empty_label = host.first() == Some(&b'.')
                        || host.last() == Some(&b'.')
                        || host.windows(2).any(|w| w == b"..");
                    let odd = host.iter().any(|b| b.is_ascii_uppercase() || !b.is_ascii());
                    let want = match (empty_label, odd && !unicode) {
                        (true, _) => None,
                        (false, true) => Some(Err(())),
                        (false, false) => Some(Ok(())),
                    };
                    assert_eq!(got, want, "{host:?} {unicode}");
                }
            }
        }
    }

    #[cfg(feature = "std")]
    #[test]
    fn lists_ascii_label_agrees_with_split() {
        use crate::domain::{List, Section};
        let list = List::builtin();
        let dat = include_str!("public_suffix_list.dat");
        // Every label of every rule, as written and upper-cased, and words that are none.
        let mut labels: alloc::vec::Vec<alloc::string::String> = dat
            .lines()
            .filter(|l| !l.starts_with("//"))
            .flat_map(|l| l.split('.'))
            .map(|l| l.trim_start_matches(['!', '*']).into())
            .filter(|l: &alloc::string::String| l.is_ascii())
            .collect();
        for w in [
            "txt",
            "md",
            "unwrap",
            "e",
            "g",
            "0x1f",
            "0X1F",
            "123",
            "a-b",
            "-",
            "toolongforthewordpath",
            "x1",
        ] {
            labels.push(w.into());
        }
        labels.extend(labels.clone().iter().map(|l| l.to_ascii_uppercase()));
        labels.push("a".repeat(70));
        // Every pair of letters in either case, and of the bytes around the letters.
        let bytes: alloc::vec::Vec<u8> = (b'a'..=b'z')
            .chain(b'A'..=b'Z')
            .chain(*b"09-_@[`{\x01!")
            .collect();
        for &a in &bytes {
            for &b in &bytes {
                labels.push(alloc::string::String::from_utf8(alloc::vec![a, b]).unwrap_or_default());
            }
        }
        for label in &labels {
            let want = list
                .split(label)
                .is_some_and(|p| p.section() != Section::Unlisted);
            assert_eq!(list.lists_ascii_label(label.as_bytes()), want, "{label:?}");
        }
    }

    #[test]
    fn the_built_in_list_is_built_once_for_every_thread() {
        // Threads racing on the first use all get the one list that won.
        extern crate std;
        let threads: Vec<_> = (0..4)
            .map(|_| std::thread::spawn(|| super::builtin::get() as *const super::List as usize))
            .collect();
        let lists: Vec<usize> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        assert!(lists.iter().all(|&p| p == lists[0]));
        assert_eq!(super::builtin::get() as *const super::List as usize, lists[0]);
    }

    #[cfg(feature = "std")]
    #[test]
    fn threads_racing_on_a_slot_all_get_the_list_that_won() {
        // The built-in list's race on a list small enough for Miri (which does not finish
        // parsing the whole Public Suffix List in half an hour): the losers' lists are freed,
        // the winner's is never, and every thread reads the same one.
        extern crate std;
        use core::sync::atomic::AtomicPtr;
        static SLOT: AtomicPtr<super::List> = AtomicPtr::new(core::ptr::null_mut());
        const DAT: &str = "com\n*.jp\n!city.kobe.jp\n";
        let threads: Vec<_> = (0..4)
            .map(|_| {
                std::thread::spawn(|| {
                    let list = super::builtin::get_or_parse(&SLOT, DAT);
                    assert_eq!(
                        list.split("a.b.com")
                            .map(|p| p.registrable_domain().map(str::to_owned)),
                        Some(Some("b.com".into()))
                    );
                    list as *const super::List as usize
                })
            })
            .collect();
        let lists: Vec<usize> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        assert!(lists.iter().all(|&p| p == lists[0]));
        assert_eq!(
            super::builtin::get_or_parse(&SLOT, "") as *const super::List as usize,
            lists[0]
        );
    }
}

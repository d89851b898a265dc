//! Byte classes of the text scanner, one bit each in a const table.

use crate::simd::{try_scan, try_scan_back, AsciiClass};

/// Whitespace: space, tab, line feed, vertical tab, form feed, carriage return.
pub(super) const WS: u16 = 1;
/// Ends a bare URL (GFM: "non-space non-`<` characters" follow the domain): whitespace, any
/// other ASCII control byte, `<`, and here `>` too (never part of a URL, RFC 3986 §2; in
/// `href=http://a.example/>text` it closes a tag).
pub(super) const END: u16 = 2;
/// RFC 3986 §3.1 `scheme` after its first letter: `ALPHA / DIGIT / "+" / "-" / "."`.
pub(super) const SCHEME: u16 = 4;
/// A GFM "valid domain" segment byte: alphanumeric, `_`, `-` (the `.` separators and
/// non-ASCII bytes are handled apart).
pub(super) const DOMAIN: u16 = 8;
/// A domain byte or its `.` separator.
pub(super) const HOST: u16 = 128;
/// A GFM extended email local-part byte: alphanumeric, `.`, `-`, `_`, `+`.
pub(super) const LOCAL: u16 = 16;
/// The HTML5 `valid e-mail address` local-part bytes (GFM's email autolink):
/// ``a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-``.
pub(super) const LOCAL5: u16 = 32;
/// Trailing punctuation that belongs to the sentence, not the link (GFM extended autolink
/// path validation: `?!.,:*_~`, plus the quotes that cmark-gfm also drops, and the backtick
/// that closes a code span around a URL in Markdown or Bikeshed text).
pub(super) const TRAIL: u16 = 64;
/// `_`: a domain with one must have no underscore in its last two segments.
pub(super) const UNDERSCORE: u16 = 256;
/// An ASCII byte of a DNS label (RFC 1035 §2.3.1 `let-dig-hyp`): alphanumeric or `-`.
pub(super) const LABEL: u16 = 512;

const fn build() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut v = 0;
        if matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
            v |= WS;
        }
        if c < 0x20 || c == 0x7f || c == b' ' || c == b'<' || c == b'>' {
            v |= END;
        }
        let alnum = c.is_ascii_alphanumeric();
        if alnum || matches!(c, b'+' | b'-' | b'.') {
            v |= SCHEME;
        }
        if alnum || matches!(c, b'_' | b'-') {
            v |= DOMAIN | HOST;
        }
        if c == b'.' {
            v |= HOST;
        }
        if alnum || matches!(c, b'.' | b'-' | b'_' | b'+') {
            v |= LOCAL;
        }
        if alnum
            || matches!(
                c,
                b'.' | b'!'
                    | b'#'
                    | b'$'
                    | b'%'
                    | b'&'
                    | b'\''
                    | b'*'
                    | b'+'
                    | b'/'
                    | b'='
                    | b'?'
                    | b'^'
                    | b'_'
                    | b'`'
                    | b'{'
                    | b'|'
                    | b'}'
                    | b'~'
                    | b'-'
            )
        {
            v |= LOCAL5;
        }
        if matches!(
            c,
            b'?' | b'!' | b'.' | b',' | b':' | b'*' | b'_' | b'~' | b'\'' | b'"' | b'`'
        ) {
            v |= TRAIL;
        }
        if c == b'_' {
            v |= UNDERSCORE;
        }
        if alnum || c == b'-' {
            v |= LABEL;
        }
        t[b] = v;
        b += 1;
    }
    t
}

static TABLE: [u16; 256] = build();

#[inline(always)]
pub(super) fn is(b: u8, class: u16) -> bool {
    TABLE[usize::from(b)] & class != 0
}

/// The bytes of the vector classes: bit 0 continues a bare URL (not [`END`], `]` or `[`), bit 1
/// is a [`HOST`] byte other than `_`, bit 2 any [`HOST`] byte, bit 3 a [`SCHEME`] byte.
const fn vector_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let v = TABLE[b];
        if v & END == 0 && b != b']' as usize && b != b'[' as usize {
            t[b] |= 1;
        }
        if v & HOST != 0 && b != b'_' as usize {
            t[b] |= 2;
        }
        if v & HOST != 0 {
            t[b] |= 4;
        }
        if v & SCHEME != 0 {
            t[b] |= 8;
        }
        b += 1;
    }
    t
}

const VECTOR_TABLE: [u8; 256] = vector_table();
static URL_CONTINUES: AsciiClass = AsciiClass::of_bits(&VECTOR_TABLE, 1);
static HOST_NO_UNDERSCORE: AsciiClass = AsciiClass::of_bits(&VECTOR_TABLE, 2);
static HOST_ANY: AsciiClass = AsciiClass::of_bits(&VECTOR_TABLE, 4);
/// The bytes that may end a scheme: a `:` after any other byte is no URL's.
pub(super) const SCHEME_BYTES: AsciiClass = AsciiClass::of_bits(&VECTOR_TABLE, 8);

/// The start of the DNS label that ends at `end`, not before `lo`: the run of [`LABEL`]
/// bytes and of non-ASCII characters that are no Unicode space or punctuation
/// ([`unicode_boundary_before`]), and whether it is all ASCII. Eight bytes are classified
/// at once ([`label_bytes`]) while they are ASCII label bytes; from a non-ASCII byte on,
/// byte by byte.
#[inline(always)]
pub(super) fn label_start(s: &[u8], lo: usize, end: usize) -> (usize, bool) {
    if let Some(w) = end.checked_sub(8).and_then(|at| s.get(at..end)) {
        let w = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
        let stop = !label_bytes(w) & HI;
        if stop != 0 {
            // The last byte that is no ASCII label byte.
            let j = end - 8 + (63 - stop.leading_zeros() as usize) / 8;
            if j < lo {
                return (lo, true);
            }
            if s[j] < 0x80 {
                return (j + 1, true);
            }
        }
    }
    label_start_long(s, lo, end)
}

/// [`label_start`] past its first eight bytes: eight bytes a step while they are all ASCII
/// label bytes, then byte by byte from a non-ASCII byte on. Out of line (long labels and
/// non-ASCII ones are few).
#[inline(never)]
fn label_start_long(s: &[u8], lo: usize, end: usize) -> (usize, bool) {
    let mut k = end;
    while let Some(w) = k.checked_sub(8).and_then(|at| s.get(at..k)) {
        let w = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
        let stop = !label_bytes(w) & HI;
        if stop == 0 {
            k -= 8;
            if k <= lo {
                return (lo, true);
            }
            continue;
        }
        let j = k - 8 + (63 - stop.leading_zeros() as usize) / 8;
        if j < lo {
            return (lo, true);
        }
        if s[j] < 0x80 {
            return (j + 1, true);
        }
        k = j + 1;
        break;
    }
    let mut ascii = true;
    while k > lo {
        let b = s[k - 1];
        if is(b, LABEL) {
            k -= 1;
        } else if b >= 0x80 && !unicode_boundary_before(s, k) {
            ascii = false;
            k -= 1;
        } else {
            break;
        }
    }
    (k, ascii)
}

/// The end of the run of [`HOST`] bytes from `k` (at most `stop`) when it holds no `_`: eight
/// bytes at once ([`label_bytes`] and the dots), which covers the labels of prose, then
/// [`host_run`]; `None` when an underscore is in the run.
#[inline(always)]
pub(super) fn host_run_plain(s: &[u8], k: usize, stop: usize) -> Option<usize> {
    const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let s = &s[..stop.min(s.len())];
    if let Some(w) = s.get(k..k.wrapping_add(8)) {
        let w = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
        let z = w ^ (LO * u64::from(b'.'));
        let dot = !(((z & LO7) + LO7) | z | LO7);
        let other = !(label_bytes(w) | dot) & HI;
        if other != 0 {
            let j = k + other.trailing_zeros() as usize / 8;
            return (s[j] != b'_').then_some(j);
        }
    }
    match host_run(s, k, s.len()) {
        (j, false) => Some(j),
        (_, true) => None,
    }
}

/// The high bit of each byte of `w` that is a [`LABEL`] byte (an ASCII letter, digit or
/// `-`), exactly: seven-bit sums carry into no other byte.
#[inline(always)]
pub(super) fn label_bytes(w: u64) -> u64 {
    const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let v = w & LO7;
    let digit = (v + LO * 0x50) & !(v + LO * 0x46);
    let l = v | (LO * 0x20);
    let letter = (l + LO * 0x1f) & !(l + LO * 0x05);
    let z = w ^ (LO * u64::from(b'-'));
    let dash = !(((z & LO7) + LO7) | z | LO7);
    ((digit | letter) & !w & HI) | dash
}

/// The start of the run of [`SCHEME`] bytes that ends at `end`, not before `lo`.
#[inline]
pub(super) fn scheme_start(s: &[u8], lo: usize, end: usize) -> usize {
    let mut k = end;
    // `http` and `https`, most of the schemes in any text, in one step each, before a
    // vector scan's call: only letters OR 0x20 to these bytes.
    if end >= lo + 5 && end <= s.len() {
        // One load, not four.
        let w = u32::from_le_bytes(s[end - 4..end].try_into().unwrap_or([0; 4])) | 0x2020_2020;
        if w == u32::from_le_bytes(*b"http") {
            k = end - 4;
        } else if w == u32::from_le_bytes(*b"ttps") && s[end - 5] | 0x20 == b'h' {
            k = end - 5;
        }
        // The whole run when no scheme byte comes before it.
        if k < end && (k == lo || !is(s[k - 1], SCHEME)) {
            return k;
        }
    }
    if let Some(j) = try_scan_back(s, end, &SCHEME_BYTES) {
        // Exact unless all 32 bytes were scheme bytes: then the loop below goes on.
        if j + 32 > end || j <= lo {
            return j.max(lo);
        }
        k = j;
    }
    while k > lo && is(s[k - 1], SCHEME) {
        k -= 1;
    }
    k
}

/// The end of the run of [`HOST`] bytes from `k` (at most `stop`), and whether an
/// underscore was among them: a vector scan where there is one (a run without `_` first,
/// underscores being rare), else four bytes per step.
#[inline(always)]
pub(super) fn host_run(s: &[u8], mut k: usize, stop: usize) -> (usize, bool) {
    let s = &s[..stop.min(s.len())];
    if let Some(j) = try_scan(s, k, &HOST_NO_UNDERSCORE) {
        if s.get(j) == Some(&b'_') {
            return (try_scan(s, j, &HOST_ANY).unwrap_or(j), true);
        }
        return (j, false);
    }
    let mut any = 0;
    while let Some(&[a, b, c, d]) = s.get(k..k.wrapping_add(4)) {
        let (a, b, c, d) = (
            TABLE[usize::from(a)],
            TABLE[usize::from(b)],
            TABLE[usize::from(c)],
            TABLE[usize::from(d)],
        );
        if a & b & c & d & HOST == 0 {
            break;
        }
        any |= a | b | c | d;
        k += 4;
    }
    while let Some(&b) = s.get(k) {
        let t = TABLE[usize::from(b)];
        if t & HOST == 0 {
            break;
        }
        any |= t;
        k += 1;
    }
    (k, any & UNDERSCORE != 0)
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// High bit set in each byte of `x` that is zero (exact up to the first such byte).
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(LO) & !x & HI
}

/// Whether `s` holds the byte `b`: eight bytes a step with no early exit (a link is tens of
/// bytes; a `memchr` call costs its dispatch, a byte loop a branch per byte).
#[inline]
pub(super) fn has_byte(s: &[u8], b: u8) -> bool {
    let needle = LO * u64::from(b);
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().unwrap_or([0; 8])) ^ needle;
    let mut words = s.chunks_exact(8);
    let mut found = 0;
    for w in words.by_ref() {
        found |= zero_bytes(word(w));
    }
    if s.len() >= 8 {
        // The last eight bytes, overlapping bytes already read.
        found |= zero_bytes(word(&s[s.len() - 8..]));
    } else {
        for &c in words.remainder() {
            found |= u64::from(c == b);
        }
    }
    found != 0
}

/// The first index in `i..stop` whose byte is in [`END`] or is `]` or `[`, or that starts a
/// character of [`unicode_end_at`], or `stop`. ASCII runs go through a vector scan (or
/// eight bytes at a time) that stops at any non-ASCII byte, and only there is the character
/// looked at: the Unicode rule costs nothing on ASCII text.
#[inline]
pub(super) fn find_end(s: &[u8], mut i: usize, stop: usize) -> usize {
    let s = &s[..stop.min(s.len())];
    loop {
        let k = ascii_end(s, i);
        match s.get(k) {
            Some(&b) if b >= 0x80 => {
                if unicode_end_at(s, k) > 0 {
                    return k;
                }
                // Past the character's continuation bytes only: a stray lead byte in a
                // stream's bytes that are not UTF-8 never hides an ASCII boundary.
                i = k + 1;
                while s.get(i).is_some_and(|&c| c & 0xC0 == 0x80) {
                    i += 1;
                }
            }
            _ => return k,
        }
    }
}

/// The first index from `i` whose byte is in [`END`], is `]` or `[`, or is not ASCII, or the end
/// of `s` (`i` itself when past it): a vector scan where there is one, then eight bytes at
/// a time (a URL is tens of bytes long, and this scan runs over every one of them).
#[inline]
fn ascii_end(s: &[u8], mut i: usize) -> usize {
    // A non-ASCII byte is never in a vector class. The scan returns `i` itself when `i` is
    // past the end (a stream's window may start a link's run beyond its limit), as the
    // word and byte loops below do.
    if let Some(k) = try_scan(s, i, &URL_CONTINUES) {
        return k;
    }
    while let Some(word) = s.get(i..i + 8) {
        let x = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        // Bytes below 0x21 (space and controls), then `<`, `>`, DEL, `]`, `[`, and
        // non-ASCII bytes. Each mask is exact at its lowest set bit, so the lowest bit of their union
        // is the first such byte.
        let m = (x.wrapping_sub(LO * 0x21) & !x & HI)
            | zero_bytes(x ^ (LO * u64::from(b'<')))
            | zero_bytes(x ^ (LO * u64::from(b'>')))
            | zero_bytes(x ^ (LO * 0x7f))
            | zero_bytes(x ^ (LO * u64::from(b']')))
            | zero_bytes(x ^ (LO * u64::from(b'[')))
            | (x & HI);
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < s.len() && !is(s[i], END) && s[i] != b']' && s[i] != b'[' && s[i] < 0x80 {
        i += 1;
    }
    i
}

/// The length of the character that starts at `s[i]` when it ends a link wherever it
/// stands, else 0. Non-ASCII counterparts of [`END`]: Unicode White_Space (U+0085, U+00A0,
/// U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), the invisible
/// separators (U+180E, U+200B, U+2060–U+2064, U+FEFF), the Bidi_Control marks (U+061C,
/// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the deprecated format characters
/// U+206A–U+206F, and the C1 controls: none is written in a URL, and each separates words.
/// Joiners (U+200C, U+200D) continue a link: IDNA labels and emoji sequences hold them.
/// Also the punctuation that ends or encloses a phrase in CJK and full-width text: the
/// ideographic comma and full stops, the CJK brackets and quotes (U+3001–U+3003,
/// U+3008–U+3011, U+3014–U+301F), and the full-width `!"'(),.:;<>?[]{|}` and half-width
/// CJK punctuation (U+FF5F–U+FF65): text that writes them does not put them inside a URL
/// (`｜http://a.example｜b`, `「http://a.example/」`). The full-width forms of URL
/// characters (`％`, `／`, `＃`, `＝`, …) continue it. Between two labels of a host, the
/// IDNA full stops are dots, not ends (see [`idna_dot_at`]).
#[inline]
pub(super) fn unicode_end_at(s: &[u8], i: usize) -> usize {
    match unicode_space_at(s, i) {
        0 => {}
        n => return n,
    }
    match s.get(i..) {
        Some(
            [0xE3, 0x80, 0x81..=0x83 | 0x88..=0x91 | 0x94..=0x9F, ..]
            | [0xEF, 0xBC, 0x81 | 0x82 | 0x87..=0x89 | 0x8C | 0x8E | 0x9A..=0x9C | 0x9E | 0x9F | 0xBB | 0xBD, ..]
            | [0xEF, 0xBD, 0x9B..=0x9D | 0x9F..=0xA5, ..],
        ) => 3,
        _ => 0,
    }
}

/// The length of the IDNA full stop at `s[i]` (U+3002 `。`, U+FF0E `．`, U+FF61 `｡`, which
/// UTS 46 maps to `.`), else 0: a label separator when an ASCII label follows
/// (`https://github。com/x`), the end of the sentence otherwise.
#[inline]
pub(super) fn idna_dot_at(s: &[u8], i: usize) -> usize {
    match s.get(i..) {
        Some([0xE3, 0x80, 0x82, ..] | [0xEF, 0xBC, 0x8E, ..] | [0xEF, 0xBD, 0xA1, ..]) => 3,
        _ => 0,
    }
}

/// Whether a full-width Latin letter or digit (U+FF10–U+FF19, U+FF21–U+FF3A,
/// U+FF41–U+FF5A) starts at `s[i]`: UTS 46 maps each to its ASCII form, so it spells a
/// label.
#[inline]
pub(super) fn fullwidth_alnum_at(s: &[u8], i: usize) -> bool {
    matches!(
        s.get(i..),
        Some([0xEF, 0xBC, 0x90..=0x99 | 0xA1..=0xBA, ..] | [0xEF, 0xBD, 0x81..=0x9A, ..])
    )
}

/// The length of the character at `s[i]` when it is one of the spaces, invisible
/// separators, Bidi_Control marks or C1 controls of [`unicode_end_at`], else 0: what
/// ASCII whitespace and controls are to a wrapper (`<…>`, `"…"`), whose URL such a
/// character breaks.
#[inline]
pub(super) fn unicode_space_at(s: &[u8], i: usize) -> usize {
    match s.get(i..) {
        Some([0xC2, 0x80..=0xA0, ..] | [0xD8, 0x9C, ..]) => 2,
        Some(
            [0xE1, 0x9A, 0x80, ..]
            | [0xE1, 0xA0, 0x8E, ..]
            | [0xE2, 0x80, 0x80..=0x8B | 0x8E | 0x8F | 0xA8..=0xAF, ..]
            | [0xE2, 0x81, 0x9F..=0xAF, ..]
            | [0xE3, 0x80, 0x80, ..]
            | [0xEF, 0xBB, 0xBF, ..],
        ) => 3,
        _ => 0,
    }
}

/// Whether the character that ends right before `end` is a boundary a link may start
/// after: one of [`unicode_end_at`] or of [`unicode_punct_at`] (`«`, an opening quote).
#[inline]
pub(super) fn unicode_boundary_before(s: &[u8], end: usize) -> bool {
    [2, 3].into_iter().any(|len| {
        end >= len && (unicode_end_at(s, end - len) == len || unicode_punct_at(s, end - len) == len)
    })
}

/// Whether `host` (the bytes of a GFM valid domain) has the shape of a DNS name: no empty
/// label (a leading dot, two dots) and no label that starts or ends with a hyphen (RFC 952,
/// RFC 1123 §2.1). `http://-x.example` or `https://.www.example` name no host.
#[inline(always)]
pub(super) fn dns_shaped(host: &[u8]) -> bool {
    let n = host.len();
    let (Some(&first), Some(&last)) = (host.first(), host.last()) else {
        return false;
    };
    if matches!(first, b'.' | b'-') || matches!(last, b'.' | b'-') {
        return false;
    }
    if n < 8 {
        return !host
            .windows(2)
            .any(|w| matches!(w, [b'.', b'.' | b'-'] | [b'-', b'.']));
    }
    // Every link's host passes here: eight bytes a step, each word overlapping the last by
    // at least one byte so that every pair is seen; a host of up to 15 bytes in two loads.
    let mut k = 0;
    loop {
        let at = k.min(n - 8);
        if bad_pairs(u64::from_le_bytes(host[at..at + 8].try_into().unwrap_or([0; 8]))) {
            return false;
        }
        if at == n - 8 {
            return true;
        }
        k += 7;
    }
}

/// Whether the word (host bytes) holds a dot followed by a dot or hyphen, or a hyphen
/// followed by a dot. Of the bytes a host holds (alphanumerics, `_`, `-`, `.`, non-ASCII),
/// only `-` (0x2D) and `.` (0x2E) are below 0x30, and bit 0 tells them apart.
#[inline(always)]
fn bad_pairs(w: u64) -> bool {
    const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // The high bit of each ASCII byte below 0x30, exactly.
    let low = !(((w & LO7) + LO * 0x50) | w) & HI;
    let dots = low & !(w << 7);
    low & (low >> 8) & (dots | (dots >> 8)) != 0
}

/// The first index from `i` whose byte is no [`LABEL`] byte, when it is one of the sixteen
/// bytes `s[i..i + 16]`; `None` past them (or when fewer than sixteen bytes are left). A
/// word at a time: the label after a bare domain's dot is short (`com`, `txt`, `authority`).
#[inline(always)]
pub(super) fn label_end16(s: &[u8], i: usize) -> Option<usize> {
    let w = s.get(i..i.checked_add(16)?)?;
    let word = |w: &[u8]| !label_bytes(u64::from_le_bytes(w.try_into().unwrap_or([0; 8]))) & HI;
    let first = word(&w[..8]);
    if first != 0 {
        return Some(i + first.trailing_zeros() as usize / 8);
    }
    let second = word(&w[8..]);
    (second != 0).then(|| i + 8 + second.trailing_zeros() as usize / 8)
}

/// The first index from `i` whose byte is no ASCII digit and no `.`, when it is one of the
/// eight bytes `s[i..i + 8]`; `None` past them (or when fewer than eight bytes are left).
/// One word, no branch per byte: the version and section numbers of prose (`3.2.1`,
/// `2.0`) are a few bytes long.
#[inline(always)]
pub(super) fn digits_and_dots_end(s: &[u8], i: usize) -> Option<usize> {
    const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let w = u64::from_le_bytes(s.get(i..i.checked_add(8)?)?.try_into().ok()?);
    let v = w & LO7;
    // Seven-bit sums carry into no other byte: `v >= b'0'` and `v <= b'9'` in the high bits.
    let digit = (v + LO * 0x50) & !(v + LO * 0x46) & !w & HI;
    let z = w ^ (LO * u64::from(b'.'));
    let dot = !(((z & LO7) + LO7) | z | LO7);
    let other = !(digit | dot) & HI;
    (other != 0).then(|| i + other.trailing_zeros() as usize / 8)
}

/// The length of the Unicode punctuation character that starts at `s[i]`, if it is one a
/// sentence puts right after a link (closing quotes, guillemets, the ellipsis, CJK full stop
/// and comma, full-width closing parenthesis and comma), else 0. Such a character ends a
/// domain and is trimmed from a link's end like ASCII trailing punctuation.
pub(super) fn unicode_punct_at(s: &[u8], i: usize) -> usize {
    match s.get(i..) {
        Some([0xC2, 0xAB | 0xBB, ..]) => 2,
        Some([0xE2, 0x80, 0x98 | 0x99 | 0x9C | 0x9D | 0xA6 | 0xBA, ..]) => 3,
        Some([0xE3, 0x80, 0x81 | 0x82, ..]) => 3,
        Some([0xEF, 0xBC, 0x89 | 0x8C, ..]) => 3,
        _ => 0,
    }
}

/// The length of such a punctuation character ending right before `end`, else 0.
pub(super) fn unicode_punct_before(s: &[u8], end: usize) -> usize {
    for len in [2, 3] {
        if end >= len && unicode_punct_at(s, end - len) == len {
            return len;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_bytes_match_the_table() {
        for b in 0..=255u8 {
            for at in 0..8 {
                for fill in [b'a', b'.', 0x80, b'-'] {
                    let mut w = [fill; 8];
                    w[at] = b;
                    let got = label_bytes(u64::from_le_bytes(w));
                    for (k, &c) in w.iter().enumerate() {
                        assert_eq!(got >> (8 * k + 7) & 1 == 1, is(c, LABEL), "{w:?} {k}");
                        assert_eq!(got >> (8 * k) & 0x7f, 0, "{w:?} {k}");
                    }
                }
            }
        }
    }

    #[test]
    fn label_start_matches_a_byte_loop() {
        // The reference: the byte loop of the look-back, from `end` down to `lo`.
        let naive = |s: &[u8], lo: usize, end: usize| {
            let (mut k, mut ascii) = (end, true);
            while k > lo {
                let b = s[k - 1];
                if is(b, LABEL) {
                    k -= 1;
                } else if b >= 0x80 && !unicode_boundary_before(s, k) {
                    ascii = false;
                    k -= 1;
                } else {
                    break;
                }
            }
            (k, ascii)
        };
        let pieces: [&[u8]; 10] = [
            b"a",
            b"Z9",
            b"-",
            b".",
            b" ",
            b"\xc3\xa9",
            b"\xe3\x80\x82",
            b"_",
            b"(",
            b"\xe2\x80\x9d",
        ];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3_000 {
            let mut s = Vec::new();
            while s.len() < 90 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Long label runs as often as short ones.
                let p = pieces[(x % 10) as usize];
                let n = if x >> 40 & 1 == 1 {
                    1
                } else {
                    (x >> 20) as usize % 40
                };
                for _ in 0..n {
                    s.extend_from_slice(p);
                }
            }
            for end in 0..=s.len() {
                for lo in [0, end.saturating_sub(64), end.saturating_sub(5), end] {
                    assert_eq!(label_start(&s, lo, end), naive(&s, lo, end), "{s:?} {lo} {end}");
                }
            }
        }
    }

    #[test]
    fn host_run_plain_matches_host_run() {
        let pieces: [&[u8]; 9] = [b"a", b"Z9", b"-", b".", b" ", b"\xc3\xa9", b"_", b"(", b"/"];
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..3_000 {
            let mut s = Vec::new();
            while s.len() < 40 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let p = pieces[(x % 9) as usize];
                let n = if x >> 40 & 1 == 1 {
                    1
                } else {
                    (x >> 20) as usize % 12
                };
                for _ in 0..n {
                    s.extend_from_slice(p);
                }
            }
            for k in 0..=s.len() {
                for stop in [s.len(), k + 3, k + 9, k] {
                    let want = match host_run(&s, k, stop) {
                        (j, false) => Some(j),
                        (_, true) => None,
                    };
                    assert_eq!(host_run_plain(&s, k, stop), want, "{s:?} {k} {stop}");
                }
            }
        }
    }

    /// `template` with every byte value at each of its first `places` places, then 20,000
    /// words of bytes drawn from `picks` (an empty pick: a pseudo-random byte).
    fn word_cases<const N: usize>(
        template: [u8; N],
        places: usize,
        picks: &[&[u8]],
        seed: u64,
    ) -> Vec<[u8; N]> {
        let mut cases = Vec::new();
        for at in 0..places {
            for b in 0..=255u8 {
                let mut c = template;
                c[at] = b;
                cases.push(c);
            }
        }
        let mut next = crate::test_rng::xorshift(seed);
        for _ in 0..20_000 {
            let mut c = [0u8; N];
            for b in &mut c {
                let x = next();
                *b = picks[(x % picks.len() as u64) as usize]
                    .first()
                    .copied()
                    .unwrap_or((x >> 32) as u8);
            }
            cases.push(c);
        }
        cases
    }

    #[test]
    fn digits_and_dots_end_matches_a_byte_loop() {
        // Every byte value at every one of the eight places, among digits and dots, then
        // pseudo-random words.
        let naive = |s: &[u8], i: usize| {
            let w = s.get(i..i + 8)?;
            w.iter()
                .position(|&b| !(b.is_ascii_digit() || b == b'.'))
                .map(|j| i + j)
        };
        let picks = [b"0", b"9", b".", b"/", b"-", &[][..], b":", b"5"];
        let cases = word_cases(*b"1.2.3.4.56", 8, &picks, 0x9e37_79b9_7f4a_7c15);
        for c in &cases {
            for i in 0..=c.len() {
                assert_eq!(digits_and_dots_end(c, i), naive(c, i), "{c:?} {i}");
            }
        }
    }

    #[test]
    fn label_end16_matches_a_byte_loop() {
        let naive = |s: &[u8], i: usize| {
            let w = s.get(i..i + 16)?;
            w.iter().position(|&b| !is(b, LABEL)).map(|j| i + j)
        };
        let picks = [b"a", b"Z", b"-", b".", b"_", &[][..], b"(", b"7", b"q", b"r"];
        let cases = word_cases(*b"abc-Z09xyzAUTH-r1q", 18, &picks, 0x2545_f491_4f6c_dd1d);
        for c in &cases {
            for i in 0..=c.len() + 1 {
                assert_eq!(label_end16(c, i), naive(c, i), "{c:?} {i}");
            }
        }
    }

    #[test]
    fn classes_match_their_definitions() {
        for b in 0..=255u8 {
            assert_eq!(is(b, WS), b" \t\n\x0b\x0c\r".contains(&b), "{b}");
            assert_eq!(is(b, END), b < 0x21 || b == 0x7f || b == b'<' || b == b'>', "{b}");
            assert_eq!(
                is(b, SCHEME),
                b.is_ascii_alphanumeric() || b"+-.".contains(&b),
                "{b}"
            );
            assert_eq!(is(b, TRAIL), b"?!.,:*_~'\"`".contains(&b), "{b}");
            assert_eq!(
                is(b, LOCAL5),
                b.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&b),
                "{b}"
            );
        }
        assert_eq!(unicode_punct_at("a\u{201D}".as_bytes(), 1), 3);
        for n in 0..40 {
            for b in 0..=255u8 {
                let mut s = vec![b'a'; n];
                s.push(b);
                s.extend_from_slice(b"x y");
                let want = s
                    .iter()
                    .position(|&c| is(c, END) || c == b']' || c == b'[')
                    .unwrap();
                assert_eq!(find_end(&s, 0, s.len()), want, "{n} {b}");
                assert_eq!(find_end(&s, 0, n), n.min(want));
                let want = s.iter().position(|&c| !is(c, HOST)).unwrap();
                let under = s[..want].contains(&b'_');
                assert_eq!(host_run(&s, 0, s.len()), (want, under), "{n} {b}");
                assert_eq!(
                    host_run(&s, 0, n),
                    (n.min(want), s[..n.min(want)].contains(&b'_'))
                );
            }
        }
        // A start at or past `stop` (and past the end of `s`) is returned as it is, by the
        // vector scan as by the loops: fuzzing found the vector path indexing past the end.
        for len in [0, 15, 16, 31, 32, 40, 70] {
            let mut s = vec![b'a'; len];
            if len > 20 {
                s[20] = 0xC3;
            }
            for stop in 0..=len + 2 {
                for i in 0..=len + 3 {
                    let mut want = i;
                    while want < stop.min(len) && !is(s[want], END) && s[want] != b']' && s[want] != b'[' {
                        want += 1;
                    }
                    assert_eq!(find_end(&s, i, stop), want, "{len} {i} {stop}");
                }
            }
        }
        // The scheme before a colon: every end and floor, runs up to and past 32 bytes.
        let text = b"x http:y HTTPS:z a+b-c.d:e <ftp: 12ab:\xC3\xA9http:0123456789abcdefghijklmnopqrstuvwxyz0123456789: xhttp: -https:hhttps:HtTpS:+http:";
        for end in 0..=text.len() {
            for lo in 0..=end {
                let mut want = end;
                while want > lo && is(text[want - 1], SCHEME) {
                    want -= 1;
                }
                assert_eq!(scheme_start(text, lo, end), want, "{lo} {end}");
            }
        }
        for n in 0..40 {
            for at in 0..=n {
                let mut s = vec![b'a'; n];
                if at < n {
                    s[at] = b'(';
                }
                assert_eq!(has_byte(&s, b'('), at < n, "{n} {at}");
                assert!(!has_byte(&s, b')'));
            }
        }
        assert_eq!(unicode_punct_before("a\u{bb}".as_bytes(), 3), 2);
    }

    /// [`dns_shaped`] against its definition, on 600 pseudo-random hosts of each length up
    /// to 20 over host bytes, dots and hyphens frequent.
    #[test]
    fn dns_shape_matches_its_definition() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for len in 0..=20usize {
            for _ in 0..600 {
                let host: Vec<u8> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        [b'a', b'Z', b'0', b'_', 0xC3, b'.', b'-', b'.', b'-'][(state % 9) as usize]
                    })
                    .collect();
                let want = !host.is_empty()
                    && host
                        .split(|&b| b == b'.')
                        .all(|l| !l.is_empty() && l[0] != b'-' && l[l.len() - 1] != b'-');
                assert_eq!(dns_shaped(&host), want, "{:?}", String::from_utf8_lossy(&host));
            }
        }
    }

    /// The byte patterns of [`unicode_end_at`] against the code point ranges its doc names,
    /// for every character; and [`find_end`] stops at each such character wherever it
    /// falls in the vector blocks, and at nothing else that is not ASCII.
    #[test]
    fn unicode_ends_match_their_code_points() {
        let ends = |c: u32| {
            matches!(c,
                0x80..=0xA0 | 0x61C | 0x1680 | 0x180E | 0x2000..=0x200B | 0x200E | 0x200F
                | 0x2028..=0x202F | 0x205F..=0x206F | 0x3000..=0x3003 | 0x3008..=0x3011
                | 0x3014..=0x301F | 0xFEFF | 0xFF01 | 0xFF02 | 0xFF07..=0xFF09 | 0xFF0C
                | 0xFF0E | 0xFF1A..=0xFF1C | 0xFF1E | 0xFF1F | 0xFF3B | 0xFF3D
                | 0xFF5B..=0xFF5D | 0xFF5F..=0xFF65)
        };
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let mut buf = [0; 4];
            let enc = c.encode_utf8(&mut buf).as_bytes();
            let want = if ends(u32::from(c)) { enc.len() } else { 0 };
            assert_eq!(unicode_end_at(enc, 0), want, "U+{:04X}", u32::from(c));
        }
        for c in [
            '\u{a0}',
            '\u{3000}',
            '\u{ff5c}',
            '\u{200b}',
            '\u{e9}',
            '\u{200d}',
            '\u{1f600}',
        ] {
            for n in 0..70 {
                let text = format!("{}{c}{}", "a".repeat(n), "b".repeat(40));
                let want = if ends(u32::from(c)) { n } else { text.len() };
                assert_eq!(find_end(text.as_bytes(), 0, text.len()), want, "{c:?} at {n}");
            }
        }
        assert_eq!(unicode_punct_at("é".as_bytes(), 0), 0);
    }
}

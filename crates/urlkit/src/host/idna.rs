//! The URL Standard's [IDNA](https://url.spec.whatwg.org/#idna) algorithms on top of UTS 46.
//!
//! This is the only file that uses the `idna` crate.

use alloc::string::String;
use alloc::vec::Vec;

use idna::uts46::{AsciiDenyList, ErrorPolicy, Hyphens, ProcessingError, ProcessingSuccess, Uts46};

use super::punycode;

use super::opaque::FORBIDDEN_DOMAIN;
use crate::error::{ErrorKind, Reporter};
use crate::ParseError;

/// [Domain parser ToASCII](https://url.spec.whatwg.org/#domain-parser-toascii) with
/// beStrict = true: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength (root dot allowed) on; CheckBidi and
/// CheckJoiners always on, nontransitional, IgnoreInvalidPunycode off (the `idna` crate's
/// fixed behaviour).
///
/// `Uts46::to_ascii` with `DnsLength::VerifyAllowRootDot` is this `process` call and then
/// the length check, but for one shortcut: a label of more than [`LONG_LABEL`] code points
/// once processed is not Punycode-encoded (that costs `idna` time quadratic in the label),
/// because it fails VerifyDnsLength whatever its encoding: its ASCII form is `xn--` and at
/// least one character per code point (RFC 3492 §3: basic code points are copied, each
/// other one takes at least one digit; an `xn--` input label has at least as many
/// characters as it decodes to), more than the 63 of UTS 46 §4.2 step 4.
fn to_ascii_strict(domain: &str) -> Option<String> {
    let mut out = String::new();
    let mut long = false;
    let result = Uts46::new().process(
        domain.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::Check,
        ErrorPolicy::FailFast,
        |label, _, _| {
            long |= label.len() > LONG_LABEL;
            long
        },
        &mut out,
        None,
    );
    match result {
        _ if long => None,
        Ok(ProcessingSuccess::Passthrough) => Some(String::from(domain)),
        Ok(ProcessingSuccess::WroteToSink) => Some(out),
        Err(_) => None,
    }
    // UTS 46 counts the length "excluding the root label and its dot".
    .filter(|ascii| idna::uts46::verify_dns_length(ascii, true))
}

/// Labels longer than this many code points (after UTS 46 mapping) are Punycode-encoded by
/// [`punycode::encode`] in O(n log n) rather than by the `idna` crate's O(n²) encoder (the
/// RFC 3492 §6.3 loop over the label once per distinct code point). 59 is the longest label
/// whose `xn--` form can fit DNS's 63 octets, so the strict pass never needs the encoding
/// of a longer one (see [`to_ascii_strict`]).
const LONG_LABEL: usize = 59;

/// ToASCII with beStrict = false (step 6 of the domain parser) on a non-ASCII `domain`,
/// appended to `out`: `Uts46::to_ascii` with `DnsLength::Ignore`, except that labels of more
/// than [`LONG_LABEL`] code points come out of `idna` in Unicode and are encoded here
/// ([`encode_long_labels`]).
fn to_ascii_lenient(domain: &str, out: &mut String) -> Result<(), ()> {
    let start = out.len();
    let mut long = false;
    let result = Uts46::new().process(
        domain.as_bytes(),
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::FailFast,
        |label, _, _| {
            let unicode = label.len() > LONG_LABEL;
            long |= unicode;
            unicode
        },
        out,
        None,
    );
    match result {
        Ok(ProcessingSuccess::Passthrough) => out.push_str(domain),
        Ok(ProcessingSuccess::WroteToSink) => {}
        Err(_) => {
            out.truncate(start);
            return Err(());
        }
    }
    if long {
        encode_long_labels(domain, out, start)?;
    }
    Ok(())
}

/// Replaces the Unicode labels of `out[start..]` (what `idna` wrote of `domain`, long labels
/// in Unicode) by their ASCII form as `idna` writes it: an `xn--` label of the input as it
/// came, lower-cased (an ASCII input label is in Unicode only when it was `xn--`), any other
/// label `xn--` and its Punycode. The labels of the output are those of the input split at
/// the UTS 46 label separators (§4 step 1 maps `.`, U+3002, U+FF0E and U+FF61 to `.`, and
/// nothing else to anything with a `.`: tested below).
fn encode_long_labels(domain: &str, out: &mut String, start: usize) -> Result<(), ()> {
    let processed = out.split_off(start);
    let mut inputs = domain.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']);
    for (i, label) in processed.split('.').enumerate() {
        let input = inputs.next();
        if i > 0 {
            out.push('.');
        }
        if label.is_ascii() {
            out.push_str(label);
        } else if let Some(input) = input.filter(|l| l.is_ascii()) {
            let at = out.len();
            out.push_str(input);
            out[at..].make_ascii_lowercase();
        } else {
            out.push_str("xn--");
            let label: Vec<char> = label.chars().collect();
            punycode::encode(&label, out).ok_or(())?;
        }
    }
    debug_assert!(inputs.next().is_none(), "{domain:?}");
    Ok(())
}

/// Whether UTS 46 with the URL Standard's *beStrict* (STD3 rules, hyphen checks, DNS lengths)
/// surely accepts the domain `d`: ASCII letters, digits and hyphens in labels of 1 to 63
/// bytes, 253 in all (`false`: it may not, ask UTS 46). A cheap test that spares most
/// domains the second, strict UTS 46 pass that a validation-error listener asks for.
pub(crate) fn surely_strict_ascii(d: &str) -> bool {
    let b = d.as_bytes();
    let body = b.strip_suffix(b".").unwrap_or(b);
    if body.is_empty() || body.len() > 253 {
        return false;
    }
    // Each label 1 to 63 letters, digits and hyphens, no hyphen at either end, not both
    // third and fourth (`xn--` and other ACE prefixes).
    let mut start = 0;
    loop {
        let end = body[start..]
            .iter()
            .position(|&c| LDH[usize::from(c)] == 0)
            .map_or(body.len(), |i| start + i);
        let label = &body[start..end];
        let ok = !label.is_empty()
            && label.len() <= 63
            && label[0] != b'-'
            && label[label.len() - 1] != b'-'
            && label.get(2..4) != Some(b"--");
        match body.get(end) {
            _ if !ok => return false,
            None => return true,
            Some(b'.') => start = end + 1,
            Some(_) => return false,
        }
    }
}

/// Whether UTS 46 with *beStrict* surely refuses the domain `d`: ASCII with a byte other
/// than a letter, digit, hyphen or full stop. For ASCII, UTS 46 maps only upper-case
/// letters (to lower case), and *UseSTD3ASCIIRules* then disallows every other ASCII code
/// point but those ([UTS 46 §4.1](https://www.unicode.org/reports/tr46/#Validity_Criteria),
/// step 6). Spares the linter's listening parse the `idna` run on hosts such as
/// `x.{region}.example`.
pub(crate) fn surely_not_strict_ascii(d: &str) -> bool {
    d.is_ascii() && d.bytes().any(|c| c != b'.' && LDH[usize::from(c)] == 0)
}

/// Letters (either case), digits, hyphen: the LDH rule.
pub(crate) const LDH: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = (b.is_ascii_alphanumeric() || b == b'-') as u8;
        c += 1;
    }
    t
};

/// Step 2 of the [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii): the
/// `domain-to-ASCII` validation error when strict ToASCII fails. Only worth running when
/// somebody listens.
pub(crate) fn report_strict(domain: &str, offset: usize, reporter: &mut Reporter<'_>) {
    if reporter.is_active()
        && !surely_strict_ascii(domain)
        && (surely_not_strict_ascii(domain) || to_ascii_strict(domain).is_none())
    {
        reporter.report(ErrorKind::DomainToAscii, offset);
    }
}

/// The [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii), appending the
/// resulting ASCII domain to `out`. Failures point at `offset`, the start of the host.
pub(crate) fn domain_parser(
    domain: &str,
    be_strict: bool,
    offset: usize,
    out: &mut String,
    reporter: &mut Reporter<'_>,
) -> Result<(), ParseError> {
    let fail = ParseError::new(ErrorKind::DomainToAscii, offset);
    // Steps 1-3.
    if be_strict {
        let strict = to_ascii_strict(domain);
        if strict.is_none() {
            reporter.report(ErrorKind::DomainToAscii, offset);
        }
        out.push_str(&strict.ok_or(fail)?);
        return Ok(());
    }
    report_strict(domain, offset, reporter);
    let start = out.len();
    if domain.is_ascii() {
        // Step 5: ASCII input is only lower-cased, whatever ToASCII thinks of it.
        out.push_str(domain);
        out[start..].make_ascii_lowercase();
    } else {
        // Step 6: ToASCII with beStrict = false, then the forbidden check below.
        to_ascii_lenient(domain, out).map_err(|()| fail)?;
    }
    // Steps 7-8.
    let result = &out.as_bytes()[start..];
    if result.is_empty() {
        return Err(fail);
    }
    if result.iter().any(|&b| FORBIDDEN_DOMAIN.contains(b)) {
        return Err(ParseError::new(ErrorKind::DomainInvalidCodePoint, offset));
    }
    Ok(())
}

/// What [`to_ascii_into`] made of a domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Streamed {
    /// ToASCII returns the input unchanged (nothing was written).
    Passthrough,
    /// ToASCII's result was written to the sink.
    Written,
    /// ToASCII fails.
    Invalid,
    /// The sink refused the output.
    SinkFull,
}

/// Step 6 of the domain parser (ToASCII with beStrict = false) on UTF-8 `domain`, streaming
/// the result into `sink` instead of a `String`: exactly what [`domain_parser`] runs on a
/// non-ASCII domain (`Uts46::to_ascii` is this call with a `String` sink), without
/// allocating as long as UTS 46 processing stays within the `idna` crate's inline buffers
/// (8 labels, 253 mapped code points; see [`super::domain::domain_parses`]).
///
/// Every non-ASCII label reaches `sink` in Unicode, not Punycode-encoded (the encoding was a
/// third of the time, and quadratic in the label): the one caller looks only at what the
/// encoding does not change, the forbidden domain code points (a label's ASCII code points are
/// in both forms, and Punycode adds letters and digits) and whether a label is a number
/// (neither form is: one has a non-ASCII code point, the other starts with `x`). (Labels of
/// more than [`LONG_LABEL`] code points came out in Unicode before the shorter ones did; on
/// those, RFC 3492's overflow is out of reach, so the encoding could not fail either.)
///
/// `bidi` is set when `domain` is a *Bidi domain name* (UTS 46 §4.1 step 4, RFC 5893 §1.4:
/// a label has a character of bidi class R, AL or AN), which makes CheckBidi apply to every
/// label: `idna` tells it to the `output_as_unicode` callback of each non-ASCII label, and a
/// domain with such a character has a non-ASCII label.
pub(crate) fn to_ascii_into<W: core::fmt::Write>(domain: &[u8], sink: &mut W, bidi: &mut bool) -> Streamed {
    match Uts46::new().process(
        domain,
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::FailFast,
        |_, _, is_bidi| {
            *bidi |= is_bidi;
            true
        },
        sink,
        None,
    ) {
        Ok(ProcessingSuccess::Passthrough) => Streamed::Passthrough,
        Ok(ProcessingSuccess::WroteToSink) => Streamed::Written,
        Err(ProcessingError::ValidityError) => Streamed::Invalid,
        Err(ProcessingError::SinkError) => Streamed::SinkFull,
    }
}

/// A sink that drops what it is given.
struct Discard;

impl core::fmt::Write for Discard {
    fn write_str(&mut self, _: &str) -> core::fmt::Result {
        Ok(())
    }
}

/// The label U+05D0 (HEBREW LETTER ALEF) and a dot: a valid RTL label (RFC 5893 §2 rules 1-3)
/// that makes any domain it starts a Bidi domain name.
pub(crate) const RTL_LABEL: &[u8] = "\u{5D0}.".as_bytes();

/// Whether UTS 46 ToASCII (as [`to_ascii_into`]) accepts the labels of UTF-8 `domain` when they
/// are part of a Bidi domain name, so that CheckBidi (RFC 5893 §2) applies to each of them.
/// `domain` must start with [`RTL_LABEL`]: UTS 46 validates labels one by one but for
/// CheckBidi, whose only cross-label input is whether some label makes the domain a Bidi
/// domain name; the RTL label is one, and valid on its own. The output is not wanted.
pub(crate) fn valid_in_bidi_domain(domain: &[u8]) -> bool {
    debug_assert!(domain.starts_with(RTL_LABEL));
    matches!(
        to_ascii_into(domain, &mut Discard, &mut false),
        Streamed::Passthrough | Streamed::Written
    )
}

/// The URL Standard's [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii)
/// (its *domain parser* with beStrict = false): UTS 46 ToASCII as browsers run it, except
/// that an all-ASCII domain is only lower-cased. The result is never empty and has no
/// [forbidden domain code point](https://url.spec.whatwg.org/#forbidden-domain-code-point).
///
/// This does not percent-decode, nor turn numeric domains into IPv4 addresses; parse a host
/// with [`Host::parse`](crate::Host::parse) for that.
///
/// # Errors
///
/// [`ErrorKind::DomainToAscii`] when ToASCII fails or the result is empty,
/// [`ErrorKind::DomainInvalidCodePoint`] when the result has a forbidden domain code point.
///
/// ```
/// use urlkit::host::domain_to_ascii;
/// assert_eq!(domain_to_ascii("Bücher.example")?, "xn--bcher-kva.example");
/// assert_eq!(domain_to_ascii("EXAMPLE.com")?, "example.com");
/// assert_eq!(domain_to_ascii("xn--a")?, "xn--a"); // ASCII input passes, as in browsers
/// assert!(domain_to_ascii("a b").is_err());
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn domain_to_ascii(domain: &str) -> Result<String, ParseError> {
    let mut out = String::new();
    domain_parser(domain, false, 0, &mut out, &mut Reporter::none())?;
    Ok(out)
}

/// The URL Standard's domain parser with beStrict = true: UTS 46 ToASCII with
/// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength (labels of 1 to 63 bytes, at most 253
/// bytes not counting the root label's dot: UTS 46 excludes "the root label and its dot"). What a [valid domain](https://url.spec.whatwg.org/#valid-domain)
/// must pass.
///
/// # Errors
///
/// [`ErrorKind::DomainToAscii`] when strict ToASCII fails.
///
/// ```
/// use urlkit::host::domain_to_ascii_strict;
/// assert_eq!(domain_to_ascii_strict("Bücher.example")?, "xn--bcher-kva.example");
/// assert!(domain_to_ascii_strict("under_score.example").is_err());
/// assert!(domain_to_ascii_strict("example..com").is_err());
/// assert_eq!(domain_to_ascii_strict("example.com.")?, "example.com.");
/// assert!(domain_to_ascii_strict("-x.example").is_err());
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn domain_to_ascii_strict(domain: &str) -> Result<String, ParseError> {
    let mut out = String::new();
    domain_parser(domain, true, 0, &mut out, &mut Reporter::none())?;
    Ok(out)
}

/// The URL Standard's [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode):
/// UTS 46 ToUnicode (CheckHyphens and UseSTD3ASCIIRules off, CheckBidi and CheckJoiners on,
/// nontransitional). When ToUnicode records an error the domain comes back unchanged, with
/// [`ErrorKind::DomainToUnicode`].
///
/// ```
/// use urlkit::host::domain_to_unicode;
/// assert_eq!(domain_to_unicode("xn--bcher-kva.example"), ("bücher.example".to_owned(), Ok(())));
/// let (text, result) = domain_to_unicode("xn--8i7caa");
/// assert_eq!(text, "xn--8i7caa"); // decodes to mapped code points: an error
/// assert!(result.is_err());
/// ```
pub fn domain_to_unicode(domain: &str) -> (String, Result<(), ParseError>) {
    let (text, result) = Uts46::new().to_unicode(domain.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    match result {
        Ok(()) => (text.into_owned(), Ok(())),
        Err(_) => (domain.into(), Err(ParseError::new(ErrorKind::DomainToUnicode, 0))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec;
    use idna::uts46::DnsLength;

    /// [`super::super::domain::domain_parses`] hands UTS 46 chunks of labels split at the
    /// label separators `.`, U+3002, U+FF0E and U+FF61, and counts on the labels of the
    /// result being those: no other code point maps to anything with a `.` in it (UTS 46
    /// §4 step 1, with the mapping data of the `idna` crate in use); and on a code point
    /// mapping to at most 6 code points per byte of its UTF-8.
    #[test]
    fn mapping_bounds_that_chunks_rely_on() {
        for cp in 0x80u32..=0x10FFFF {
            let Some(c) = char::from_u32(cp) else { continue };
            let mut s = [0u8; 4];
            let (out, _) = Uts46::new().to_unicode(
                c.encode_utf8(&mut s).as_bytes(),
                AsciiDenyList::EMPTY,
                Hyphens::Allow,
            );
            // The bound behind `domain::weight`: a code point maps to at most 6 per UTF-8 byte.
            assert!(
                out.chars().count() <= 6 * c.len_utf8(),
                "U+{cp:04X} maps to {out:?}"
            );
            assert_eq!(
                out.contains('.'),
                matches!(c, '\u{3002}' | '\u{FF0E}' | '\u{FF61}'),
                "U+{cp:04X} maps to {out:?}"
            );
        }
    }

    /// [`surely_not_strict_ascii`] never refuses a domain that strict ToASCII accepts, and
    /// refuses every ASCII domain with a byte outside letters, digits, `-` and `.`: each
    /// ASCII byte in every position of a few labels, in a domain that otherwise passes.
    #[test]
    fn surely_not_strict_agrees_with_idna() {
        for c in 0u8..0x80 {
            let b = char::from(c);
            for d in [
                format!("{b}"),
                format!("a{b}b.example"),
                format!("{b}ab.example"),
                format!("example.ab{b}"),
                format!("ex.{b}{b}.com."),
                format!("A{b}B"),
            ] {
                let strict = to_ascii_strict(&d).is_some();
                if surely_not_strict_ascii(&d) {
                    assert!(!strict, "{d:?}: idna accepts what the shortcut refuses");
                }
                let outside = !(c.is_ascii_alphanumeric() || c == b'-' || c == b'.');
                assert_eq!(surely_not_strict_ascii(&d), outside, "{d:?}");
                if outside {
                    assert!(!strict, "{d:?}");
                }
            }
        }
        // Not ASCII: the shortcut has no verdict (UTS 46 maps, e.g. fullwidth to ASCII).
        assert!(!surely_not_strict_ascii("ｅｘａｍｐｌｅ.com"));
        assert!(!surely_not_strict_ascii("a\u{FF3F}b.com"));
    }

    /// Long labels (encoded by `punycode::encode`, or not at all in the strict pass) give
    /// exactly what `idna`'s own ToASCII gives: distinct and repeated code points, basic
    /// ones mixed in, `xn--` input labels in either case, every label separator, failures.
    #[test]
    fn long_labels_as_idna_encodes_them() {
        let idna_ascii = |d: &str, dns| {
            Uts46::new()
                .to_ascii(d.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow, dns)
                .ok()
                .map(alloc::borrow::Cow::into_owned)
        };
        let idna_strict = |d: &str| {
            Uts46::new()
                .to_ascii(
                    d.as_bytes(),
                    AsciiDenyList::STD3,
                    Hyphens::Check,
                    DnsLength::VerifyAllowRootDot,
                )
                .ok()
                .map(alloc::borrow::Cow::into_owned)
        };
        let distinct =
            |n: u32, from: u32| -> String { (0..n).filter_map(|i| char::from_u32(from + i)).collect() };
        let long_cjk = distinct(300, 0x4E00);
        let encoded = idna_ascii(&long_cjk, DnsLength::Ignore).unwrap();
        let mut domains = vec![
            long_cjk.clone(),
            distinct(1000, 0x4E00),
            distinct(1001, 0x4E00),
            distinct(59, 0x4E00),
            distinct(60, 0x4E00),
            "é".repeat(700),
            format!("ab{}cd-{}", distinct(80, 0x3041), "x".repeat(30)),
            format!("a.{long_cjk}。b．{}｡c.", distinct(90, 0xAC00)),
            format!("{encoded}.{long_cjk}"),
            format!("{}.é", encoded.to_ascii_uppercase()),
            format!("{}.{long_cjk}", encoded.replacen("xn--", "XN--", 1)),
            format!("\u{5D0}.{long_cjk}"),
            format!("\u{5D0}{}", distinct(100, 0x5D1)),
            format!("{long_cjk}\u{AD}\u{FE0F}.ａ"),
            format!("{long_cjk} .é"),
            format!("{long_cjk}.xn--a.é"),
        ];
        domains.push(domains[0].to_uppercase());
        for d in &domains {
            let mut ours = String::from("prefix");
            let lenient = to_ascii_lenient(d, &mut ours).map(|()| ours[6..].to_owned()).ok();
            assert_eq!(lenient, idna_ascii(d, DnsLength::Ignore), "{d:?}");
            assert_eq!(to_ascii_strict(d), idna_strict(d), "{d:?}");
        }
    }

    #[test]
    fn strict_failure_is_reported_but_ascii_passes() {
        let mut seen = Vec::new();
        let mut cb = |e: crate::ValidationError| seen.push((e.kind(), e.position()));
        let mut out = String::new();
        domain_parser("A_B.xn--a", false, 4, &mut out, &mut Reporter::new(Some(&mut cb))).unwrap();
        assert_eq!(out, "a_b.xn--a");
        assert_eq!(seen, [(ErrorKind::DomainToAscii, 4)]);
    }

    #[test]
    fn failures() {
        assert_eq!(
            domain_to_ascii("\u{AD}").unwrap_err().kind(),
            ErrorKind::DomainToAscii
        );
        assert_eq!(
            domain_to_ascii("a\u{FF05}b").unwrap_err().kind(),
            ErrorKind::DomainInvalidCodePoint
        );
        assert_eq!(
            domain_to_ascii("xn--a.ß").unwrap_err().kind(),
            ErrorKind::DomainToAscii
        );
        assert_eq!(domain_to_ascii("").unwrap_err().kind(), ErrorKind::DomainToAscii);
    }
}

//! Steps 3-9 of the [host parser](https://url.spec.whatwg.org/#concept-host-parser): hosts of
//! special URLs, which become domains or IPv4 addresses.
//!
//! The common case, an ASCII host without `%`, takes a fast path: one table-driven scan, one
//! copy (lower-casing in place when needed), no allocation and no UTS 46 processing. This is
//! exactly what the standard computes for such input: percent-decoding and UTF-8 decoding
//! change nothing, and the [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii)
//! returns an ASCII domain lower-cased (step 5).

use alloc::borrow::Cow;
use alloc::string::String;

use super::ipv4::{ends_in_a_number, parse_ipv4, serialize_ipv4, Positions};
use super::opaque::FORBIDDEN_DOMAIN;
use super::{idna, HostInternal};
use crate::error::{ErrorKind, Reporter};
use crate::percent::{decoded_at, percent_decode};
use crate::ParseError;

/// An ASCII byte that can appear in a domain as it is.
const PLAIN: u8 = 0;
/// An ASCII upper-case letter: lower-cased.
const UPPER: u8 = 1;
/// A forbidden domain code point other than `%`: the host fails.
const FORBIDDEN: u8 = 2;
/// `%` or a non-ASCII byte: the general path.
const SLOW: u8 = 3;

/// Byte classes for the fast path.
const CLASS: [u8; 256] = {
    let mut t = [PLAIN; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        t[b] = if byte >= 0x80 || byte == b'%' {
            SLOW
        } else if FORBIDDEN_DOMAIN.contains(byte) {
            FORBIDDEN
        } else if byte.is_ascii_uppercase() {
            UPPER
        } else {
            PLAIN
        };
        b += 1;
    }
    t
};

/// Parses a non-empty special host that is not an IPv6 address.
pub(crate) fn parse_domain(
    input: &str,
    offset: usize,
    out: &mut String,
    reporter: &mut Reporter<'_>,
) -> Result<HostInternal, ParseError> {
    let bytes = input.as_bytes();
    let mut upper = false;
    let mut forbidden = false;
    for &b in bytes {
        match CLASS[usize::from(b)] {
            PLAIN => {}
            UPPER => upper = true,
            FORBIDDEN => forbidden = true,
            _ => return parse_general(input, offset, out, reporter),
        }
    }
    // The fast path: `input` is the domain, and ASCII.
    idna::report_strict(input, offset, reporter);
    if forbidden {
        return Err(ParseError::new(ErrorKind::DomainInvalidCodePoint, offset));
    }
    if ends_in_a_number(bytes) {
        let addr = parse_ipv4(bytes, Positions { offset, exact: true }, reporter)?;
        serialize_ipv4(addr, out);
        return Ok(HostInternal::Ipv4(addr));
    }
    let start = out.len();
    out.push_str(input);
    if upper {
        out[start..].make_ascii_lowercase();
    }
    Ok(HostInternal::Domain)
}

/// Steps 4-9 of the host parser for input with `%` or non-ASCII code points.
fn parse_general(
    input: &str,
    offset: usize,
    out: &mut String,
    reporter: &mut Reporter<'_>,
) -> Result<HostInternal, ParseError> {
    let bytes = input.as_bytes();
    // Step 4.
    if reporter.is_active() {
        if let Some(i) = (0..bytes.len()).find(|&i| decoded_at(bytes, i).is_some()) {
            reporter.report(ErrorKind::DomainPercentEncoded, offset + i);
        }
    }
    // Step 5: UTF-8 decode without BOM (lossy) the percent-decoding.
    let decoded: Cow<'_, [u8]> = percent_decode(bytes).into();
    let domain = String::from_utf8_lossy(&decoded);
    // Steps 6-7.
    let start = out.len();
    idna::domain_parser(&domain, false, offset, out, reporter)?;
    // Step 8: the ASCII domain moved bytes around, so positions are the host's start.
    let ascii = &out.as_bytes()[start..];
    if ends_in_a_number(ascii) {
        let addr = parse_ipv4(ascii, Positions { offset, exact: false }, reporter)?;
        out.truncate(start);
        serialize_ipv4(addr, out);
        return Ok(HostInternal::Ipv4(addr));
    }
    Ok(HostInternal::Domain)
}

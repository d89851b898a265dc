//! [Forgiving base64](https://infra.spec.whatwg.org/#forgiving-base64) (Infra Standard §4.5):
//! the decoder browsers use for `data:` URLs and `atob()`, which skips ASCII whitespace,
//! takes missing padding and ignores the trailing bits, and the RFC 4648 §4 encoder.
//!
//! ```
//! use urlkit::data::base64;
//! assert_eq!(base64::decode(" aGVs\nbG8 ")?, b"hello");
//! assert_eq!(base64::decode("YQ")?, base64::decode("YR")?);
//! assert_eq!(base64::encode(b"hello"), "aGVsbG8=");
//! # Ok::<(), urlkit::data::base64::Base64Error>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Marks in [`DECODE`] for bytes that are not in the alphabet.
const WHITESPACE: u8 = 0x40;
const PAD: u8 = 0x41;
const INVALID: u8 = 0xFF;

/// Per byte: its value in [RFC 4648's Table 1](https://www.rfc-editor.org/rfc/rfc4648#section-4)
/// (0–63), or `WHITESPACE` ([ASCII whitespace](https://infra.spec.whatwg.org/#ascii-whitespace):
/// tab, LF, FF, CR, space), `PAD` (`=`) or `INVALID`. Every non-alphabet mark has bit 6 or 7
/// set, so four looked-up values OR-ed together tell whether a quantum is plain alphabet.
const DECODE: [u8; 256] = {
    let mut t = [INVALID; 256];
    let alphabet = ALPHABET;
    let mut i = 0;
    while i < 64 {
        t[alphabet[i] as usize] = i as u8;
        i += 1;
    }
    t[b'\t' as usize] = WHITESPACE;
    t[b'\n' as usize] = WHITESPACE;
    t[0x0C] = WHITESPACE;
    t[b'\r' as usize] = WHITESPACE;
    t[b' ' as usize] = WHITESPACE;
    t[b'=' as usize] = PAD;
    t
};

/// RFC 4648 Table 1: the base 64 alphabet.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why [`decode`] failed, with the byte position in its input.
///
/// ```
/// use urlkit::data::base64::{decode, Base64Error};
/// assert_eq!(decode("ab!c"), Err(Base64Error::InvalidByte { position: 2, byte: b'!' }));
/// assert_eq!(decode("abcde"), Err(Base64Error::Length { symbols: 5 }));
/// assert_eq!(decode("ab=c"), Err(Base64Error::Padding { position: 2 }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Base64Error {
    /// A byte that is neither in the alphabet nor ASCII whitespace nor `=` (step 4 of
    /// [forgiving-base64 decode](https://infra.spec.whatwg.org/#forgiving-base64-decode)); a
    /// non-ASCII code point fails at its first byte.
    InvalidByte {
        /// Its byte offset.
        position: usize,
        /// The byte.
        byte: u8,
    },
    /// An `=` that is not one or two padding characters completing the last quantum (steps 2
    /// and 4).
    Padding {
        /// The offset of the first `=` of that run.
        position: usize,
    },
    /// The symbols (whitespace and padding removed) leave a remainder of 1 when divided by 4
    /// (step 3).
    Length {
        /// How many symbols there are.
        symbols: usize,
    },
}

impl Base64Error {
    /// The byte offset the error is about (`None` for [`Base64Error::Length`], which is
    /// about the whole input).
    ///
    /// ```
    /// assert_eq!(urlkit::data::base64::decode("ab c!").unwrap_err().position(), Some(4));
    /// assert_eq!(urlkit::data::base64::decode("a").unwrap_err().position(), None);
    /// ```
    pub fn position(&self) -> Option<usize> {
        match *self {
            Base64Error::InvalidByte { position, .. } | Base64Error::Padding { position } => Some(position),
            Base64Error::Length { .. } => None,
        }
    }
}

impl fmt::Display for Base64Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Base64Error::InvalidByte { position, byte } => {
                write!(
                    f,
                    "expected a base64 character or whitespace at byte {position}, found byte {byte:#04x}"
                )
            }
            Base64Error::Padding { position } => {
                write!(
                    f,
                    "expected '=' only as the last one or two characters of a quantum at byte {position}"
                )
            }
            Base64Error::Length { symbols } => {
                write!(
                    f,
                    "expected a number of base64 characters that is not 4n+1, found {symbols}"
                )
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Base64Error {}

/// [Forgiving-base64 decodes](https://infra.spec.whatwg.org/#forgiving-base64-decode) `input`.
///
/// The input is a string in the standard; bytes here, which is the same thing for the
/// [isomorphic decode](https://infra.spec.whatwg.org/#isomorphic-decode) of a byte sequence
/// (what the `data:` URL processor passes) and for UTF-8 text (a non-ASCII code point fails
/// either way).
///
/// # Errors
///
/// [`Base64Error`], naming the first offending byte met from the left, or the symbol count.
///
/// ```
/// assert_eq!(urlkit::data::base64::decode("//A=")?, [0xFF, 0xF0]);
/// assert!(urlkit::data::base64::decode("a").is_err());
/// # Ok::<(), urlkit::data::base64::Base64Error>(())
/// ```
pub fn decode(input: impl AsRef<[u8]>) -> Result<Vec<u8>, Base64Error> {
    let mut out = Vec::new();
    decode_into(input.as_ref(), &mut out)?;
    Ok(out)
}

/// [`decode`], appending to `out` (which is left as it was on failure).
///
/// # Errors
///
/// As [`decode`].
///
/// ```
/// let mut out = b"x".to_vec();
/// urlkit::data::base64::decode_into(b"eQ==", &mut out)?;
/// assert_eq!(out, b"xy");
/// # Ok::<(), urlkit::data::base64::Base64Error>(())
/// ```
pub fn decode_into(input: &[u8], out: &mut Vec<u8>) -> Result<(), Base64Error> {
    let start = out.len();
    let result = decode_append(input, out);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

fn decode_append(input: &[u8], out: &mut Vec<u8>) -> Result<(), Base64Error> {
    out.reserve(input.len() / 4 * 3 + 3);
    let mut i = 0;
    // The hot loop: 8 alphabet bytes at a time to 6 output bytes, while no byte is
    // whitespace, padding or invalid (then the careful loop below takes over).
    while let Some(chunk) = input.get(i..i + 8) {
        let mut acc = 0u64;
        let mut marks = 0u8;
        for &b in chunk {
            let v = DECODE[b as usize];
            marks |= v;
            acc = acc << 6 | u64::from(v);
        }
        if marks & 0xC0 != 0 {
            break;
        }
        out.extend_from_slice(&acc.to_be_bytes()[2..]);
        i += 8;
    }
    // Step 8 one symbol at a time: `bits` holds `n` symbols of the current quantum.
    let (mut bits, mut n, mut symbols) = (0u32, 0u32, i);
    while i < input.len() {
        let b = input[i];
        match DECODE[b as usize] {
            v if v < 64 => {
                bits = bits << 6 | u32::from(v);
                n += 1;
                symbols += 1;
                if n == 4 {
                    out.extend_from_slice(&bits.to_be_bytes()[1..]);
                    bits = 0;
                    n = 0;
                }
            }
            // Step 1: ASCII whitespace is removed.
            WHITESPACE => {}
            PAD => return padding(input, i, symbols, bits, n, out),
            _ => return Err(Base64Error::InvalidByte { position: i, byte: b }),
        }
        i += 1;
    }
    // Step 3.
    if n == 1 {
        return Err(Base64Error::Length { symbols });
    }
    finish(bits, n, out);
    Ok(())
}

/// Steps 2–4 from the first `=` at `at`: what follows may only be whitespace and at most one
/// more `=`, and the padded length must divide by 4 (then the padding is removed, step 2);
/// anything else leaves an `=` in the data, which step 4 rejects, or fails step 3 first.
fn padding(
    input: &[u8],
    at: usize,
    symbols: usize,
    bits: u32,
    n: u32,
    out: &mut Vec<u8>,
) -> Result<(), Base64Error> {
    let mut pads = 0;
    for (offset, &b) in input[at..].iter().enumerate() {
        match DECODE[b as usize] {
            PAD => pads += 1,
            WHITESPACE => {}
            // A later byte that is neither: the `=` stays in the data (not at its end).
            _ if DECODE[b as usize] < 64 => return Err(Base64Error::Padding { position: at }),
            _ => {
                return Err(Base64Error::InvalidByte {
                    position: at + offset,
                    byte: b,
                })
            }
        }
    }
    if (symbols + pads).is_multiple_of(4) && pads <= 2 {
        // Step 2 removed the padding; n is 2 or 3 here, since (n + pads) % 4 == 0.
        finish(bits, n, out);
        return Ok(());
    }
    if (symbols + pads) % 4 == 1 {
        return Err(Base64Error::Length {
            symbols: symbols + pads,
        });
    }
    Err(Base64Error::Padding { position: at })
}

/// Step 9: the 12 or 18 bits of a last partial quantum, the trailing 4 or 2 discarded.
fn finish(bits: u32, n: u32, out: &mut Vec<u8>) {
    match n {
        2 => out.push((bits >> 4) as u8),
        3 => out.extend_from_slice(&((bits >> 2) as u16).to_be_bytes()),
        _ => {}
    }
}

/// [Forgiving-base64 encodes](https://infra.spec.whatwg.org/#forgiving-base64-encode) `data`:
/// RFC 4648 §4 base64 with `=` padding.
///
/// ```
/// assert_eq!(urlkit::data::base64::encode([0xFF, 0xF0]), "//A=");
/// ```
pub fn encode(data: impl AsRef<[u8]>) -> String {
    let mut out = String::new();
    encode_into(data.as_ref(), &mut out);
    out
}

/// The length of [`encode`]'s output for `n` bytes.
///
/// ```
/// assert_eq!(urlkit::data::base64::encoded_len(5), 8);
/// ```
pub const fn encoded_len(n: usize) -> usize {
    n.div_ceil(3) * 4
}

/// [`encode`], appending to `out`.
///
/// ```
/// let mut out = String::from("data:;base64,");
/// urlkit::data::base64::encode_into(b"hi", &mut out);
/// assert_eq!(out, "data:;base64,aGk=");
/// ```
pub fn encode_into(data: &[u8], out: &mut String) {
    let mut bytes = Vec::with_capacity(encoded_len(data.len()));
    let mut chunks = data.chunks_exact(3);
    for c in &mut chunks {
        let v = u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]);
        bytes.extend_from_slice(&[
            ALPHABET[(v >> 18) as usize & 63],
            ALPHABET[(v >> 12) as usize & 63],
            ALPHABET[(v >> 6) as usize & 63],
            ALPHABET[v as usize & 63],
        ]);
    }
    match *chunks.remainder() {
        [a] => bytes.extend_from_slice(&[
            ALPHABET[usize::from(a >> 2)],
            ALPHABET[usize::from(a & 3) << 4],
            b'=',
            b'=',
        ]),
        [a, b] => bytes.extend_from_slice(&[
            ALPHABET[usize::from(a >> 2)],
            ALPHABET[usize::from(a & 3) << 4 | usize::from(b >> 4)],
            ALPHABET[usize::from(b & 15) << 2],
            b'=',
        ]),
        _ => {}
    }
    // Only alphabet bytes and '=' were written.
    out.push_str(core::str::from_utf8(&bytes).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;

    /// The standard's steps written out literally (string operations, a bit buffer).
    fn reference(data: &[u8]) -> Option<Vec<u8>> {
        let mut d: Vec<u8> = data
            .iter()
            .copied()
            .filter(|b| !b"\t\n\x0C\r ".contains(b))
            .collect();
        if d.len().is_multiple_of(4) {
            if d.ends_with(b"==") {
                d.truncate(d.len() - 2);
            } else if d.ends_with(b"=") {
                d.truncate(d.len() - 1);
            }
        }
        if d.len() % 4 == 1 || d.iter().any(|&b| !ALPHABET.contains(&b)) {
            return None;
        }
        let (mut out, mut buffer, mut nbits) = (Vec::new(), 0u32, 0);
        for b in d {
            buffer = buffer << 6 | ALPHABET.iter().position(|&a| a == b).unwrap() as u32;
            nbits += 6;
            if nbits == 24 {
                out.extend_from_slice(&buffer.to_be_bytes()[1..]);
                (buffer, nbits) = (0, 0);
            }
        }
        match nbits {
            12 => out.push((buffer >> 4) as u8),
            18 => out.extend_from_slice(&((buffer >> 2) as u16).to_be_bytes()),
            _ => {}
        }
        Some(out)
    }

    #[test]
    fn agrees_with_the_literal_steps_on_random_inputs() {
        let mut next = xorshift(0x5EED_BA5E);
        let pool = b"AZaz09+/=  \t\n\x0C\r!\x80-_";
        for _ in 0..50_000 {
            let len = (next() % 24) as usize;
            let input: Vec<u8> = (0..len)
                .map(|_| {
                    let r = next();
                    if r.is_multiple_of(3) {
                        pool[(r >> 8) as usize % pool.len()]
                    } else {
                        ALPHABET[(r >> 8) as usize % 64]
                    }
                })
                .collect();
            assert_eq!(
                decode(&input).ok(),
                reference(&input),
                "{:?}",
                String::from_utf8_lossy(&input)
            );
        }
    }

    #[test]
    fn encode_then_decode_is_the_identity() {
        let mut next = xorshift(77);
        for len in 0..100 {
            let data: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            let text = encode(&data);
            assert_eq!(text.len(), encoded_len(len));
            assert_eq!(decode(&text).unwrap(), data);
        }
    }
}

//! Numbers written in decimal without `core::fmt`, for the places that write many of them (SURT
//! keys, lint messages, legacy-encoding escapes, the host parser's number labels), where the
//! formatting machinery costs more than the digits.

/// The ASCII decimal digits of `n`: a buffer and where they start in it.
#[inline]
pub(crate) fn digits(mut n: u64) -> ([u8; 20], usize) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return (buf, at);
        }
    }
}

/// Appends `n` in decimal to a byte buffer.
#[cfg(feature = "canon")]
#[inline]
pub(crate) fn push_bytes(n: impl Into<u64>, out: &mut alloc::vec::Vec<u8>) {
    let (buf, at) = digits(n.into());
    out.extend_from_slice(&buf[at..]);
}

/// Appends `n` in decimal to a string.
#[cfg(any(feature = "lint", feature = "encoding"))]
#[inline]
pub(crate) fn push_str(n: impl Into<u64>, out: &mut alloc::string::String) {
    let (buf, at) = digits(n.into());
    out.extend(buf[at..].iter().map(|&d| char::from(d)));
}

#[cfg(test)]
mod tests {
    #[test]
    fn digits_of_the_edges() {
        for (n, text) in [
            (0, "0"),
            (9, "9"),
            (10, "10"),
            (65535, "65535"),
            (u64::MAX, "18446744073709551615"),
        ] {
            let (buf, at) = super::digits(n);
            assert_eq!(&buf[at..], text.as_bytes());
        }
    }
}

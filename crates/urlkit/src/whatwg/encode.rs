//! The parser's bulk percent-encode-and-copy loop
//! (<https://url.spec.whatwg.org/#string-utf-8-percent-encode>).

use alloc::string::String;

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%XX` for `byte` ([percent-encode](https://url.spec.whatwg.org/#percent-encode)).
#[inline]
pub(crate) fn push_pct(out: &mut String, byte: u8) {
    out.push('%');
    out.push(HEX[(byte >> 4) as usize] as char);
    out.push(HEX[(byte & 15) as usize] as char);
}

/// Appends `s` to `out`, percent-encoding every byte the 256-entry `table` marks, copying the
/// runs between them in bulk. The table marks all non-ASCII bytes, so every run is ASCII.
#[inline]
pub(crate) fn encode_into(out: &mut String, s: &str, table: &[bool; 256]) {
    let b = s.as_bytes();
    let mut start = 0;
    while let Some(i) = b[start..].iter().position(|&c| table[c as usize]) {
        let at = start + i;
        // `get` keeps this panic-free even if a table ever failed to mark non-ASCII.
        out.push_str(s.get(start..at).unwrap_or_default());
        push_pct(out, b[at]);
        start = at + 1;
    }
    out.push_str(s.get(start..).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chars::{FRAGMENT_ENC, PATH_ENC};

    #[test]
    fn encodes_runs() {
        let mut out = String::new();
        encode_into(&mut out, "a b/é{", &PATH_ENC);
        assert_eq!(out, "a%20b/%C3%A9%7B");
        out.clear();
        encode_into(&mut out, "`x`", &FRAGMENT_ENC);
        assert_eq!(out, "%60x%60");
    }
}

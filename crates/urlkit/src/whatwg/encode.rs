//! The parser's bulk percent-encode-and-copy loop
//! (<https://url.spec.whatwg.org/#string-utf-8-percent-encode>).

use crate::whatwg::chars::{ClassTable, COPY, STOP};
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

/// How many leading bytes of `b` are of class [`COPY`]: a vector scan over the ASCII ones
/// where the CPU allows ([`crate::simd`]), then four table lookups per branch, since runs of
/// plain bytes are the common case.
#[inline(always)]
pub(crate) fn skip_copy(b: &[u8], classes: &ClassTable) -> usize {
    let mut i = 0;
    if let Some(end) = crate::simd::try_scan(b, 0, &classes.copy) {
        // The vector class is the table's ASCII COPY bytes: an ASCII byte there ends the run
        // (only a non-ASCII one, which a table may copy, needs the table).
        if b.get(end).is_none_or(u8::is_ascii) {
            return end;
        }
        i = end;
    }
    while let Some(q) = b.get(i..i + 4) {
        let any =
            classes[q[0] as usize] | classes[q[1] as usize] | classes[q[2] as usize] | classes[q[3] as usize];
        if any != COPY {
            break;
        }
        i += 4;
    }
    while i < b.len() && classes[b[i] as usize] == COPY {
        i += 1;
    }
    i
}

/// Appends `s` to `out` up to the first byte of class [`STOP`] in `classes`, percent-encoding
/// the [`ENCODE`](super::chars::ENCODE) bytes and copying the runs between them in bulk, in one pass. Returns where
/// it stopped (`s.len()` at the end). Every non-ASCII byte must be [`ENCODE`](super::chars::ENCODE).
#[inline]
pub(crate) fn encode_until(out: &mut String, s: &str, classes: &ClassTable) -> usize {
    let b = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        i += skip_copy(&b[i..], classes);
        let Some(&byte) = b.get(i) else {
            break;
        };
        let class = classes[byte as usize];
        if start < i {
            // b[i - 1] is ASCII, so `i` is a char boundary; `get` keeps this panic-free.
            out.push_str(s.get(start..i).unwrap_or_default());
        }
        if class == STOP {
            return i;
        }
        push_pct(out, byte);
        i += 1;
        start = i;
    }
    out.push_str(s.get(start..).unwrap_or_default());
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whatwg::chars::{FRAGMENT_ENC, USERINFO_ENC};

    #[test]
    fn encodes_until_stop() {
        let mut out = String::new();
        assert_eq!(
            encode_until(&mut out, "a b/c", &crate::whatwg::chars::PATH_CLASS),
            3
        );
        assert_eq!(out, "a%20b");
        out.clear();
        assert_eq!(
            encode_until(&mut out, "é'x", &crate::whatwg::chars::SPECIAL_QUERY_CLASS),
            4
        );
        assert_eq!(out, "%C3%A9%27x");
        out.clear();
        assert_eq!(encode_until(&mut out, "#", &crate::whatwg::chars::QUERY_CLASS), 0);
        assert_eq!(out, "");
    }

    #[test]
    fn encodes_runs() {
        let mut out = String::new();
        encode_into(&mut out, "a b/é{", &USERINFO_ENC);
        assert_eq!(out, "a%20b%2F%C3%A9%7B");
        out.clear();
        encode_into(&mut out, "`x`", &FRAGMENT_ENC);
        assert_eq!(out, "%60x%60");
    }
}

//! Input preprocessing of the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser),
//! steps 1.2 and 3: strip leading and trailing C0 controls and spaces, remove ASCII tabs and
//! newlines. Both borrow the input unless it really contains a tab or newline.

use crate::error::{ErrorKind, Reporter};
use crate::whatwg::chars::{is_c0_or_space, TAB_OR_NEWLINE};
use alloc::borrow::Cow;
use alloc::string::String;

/// The input without leading and trailing C0 control or space, and the number of bytes
/// removed at the front (to report positions in the caller's input).
#[inline]
pub(crate) fn trim_c0_space<'a>(input: &'a str, reporter: &mut Reporter<'_>) -> (&'a str, usize) {
    let b = input.as_bytes();
    // The common case: nothing to trim, seen from the two end bytes alone (inline; the scans
    // out of line).
    if let (Some(&first), Some(&last)) = (b.first(), b.last()) {
        if !is_c0_or_space(first) && !is_c0_or_space(last) {
            return (input, 0);
        }
    }
    trim_ends(input, reporter)
}

/// [`trim_c0_space`] when an end byte is a C0 control or space (or the input is empty).
#[inline(never)]
fn trim_ends<'a>(input: &'a str, reporter: &mut Reporter<'_>) -> (&'a str, usize) {
    let b = input.as_bytes();
    let start = b.iter().position(|&c| !is_c0_or_space(c)).unwrap_or(b.len());
    let end = b[start..]
        .iter()
        .rposition(|&c| !is_c0_or_space(c))
        .map_or(start, |i| start + i + 1);
    if start != 0 || end != b.len() {
        reporter.report(ErrorKind::InvalidUrlUnit, if start != 0 { 0 } else { end });
    }
    // Both ends sit next to ASCII bytes, so they are char boundaries.
    (&input[start..end], start)
}

/// The input without ASCII tab or newline; copies only when there is one to remove.
pub(crate) fn remove_tab_newline<'a>(
    input: &'a str,
    offset: usize,
    reporter: &mut Reporter<'_>,
) -> Cow<'a, str> {
    let b = input.as_bytes();
    let Some(first) = find_tab_or_newline(b) else {
        return Cow::Borrowed(input);
    };
    reporter.report(ErrorKind::InvalidUrlUnit, offset + first);
    let mut out = String::with_capacity(input.len());
    out.push_str(&input[..first]);
    let mut start = first + 1;
    while let Some(i) = b[start..].iter().position(|&c| TAB_OR_NEWLINE[c as usize]) {
        out.push_str(&input[start..start + i]);
        start += i + 1;
    }
    out.push_str(&input[start..]);
    Cow::Owned(out)
}

/// The first ASCII tab or newline in `b`. Eight bytes at a time: inputs almost never
/// contain one, so the common case is a word-wise scan with no byte-wise branch.
pub(crate) fn find_tab_or_newline(b: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut chunks = b.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        // Flags every byte below 0x0E (tab is 0x09, line feed 0x0A, carriage return 0x0D);
        // exact for the presence test, so only flagged words are looked at byte by byte.
        if x.wrapping_sub(ONES * 0x0E) & !x & HIGHS != 0 {
            if let Some(i) = chunk.iter().position(|&c| TAB_OR_NEWLINE[c as usize]) {
                return Some(base + i);
            }
        }
        base += 8;
    }
    let tail = chunks.remainder();
    tail.iter()
        .position(|&c| TAB_OR_NEWLINE[c as usize])
        .map(|i| base + i)
}

/// Maps a position in the cleaned input (trimmed, tabs and newlines removed) back to the
/// caller's input, for error positions. Free unless a tab or newline was removed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PosMap<'a> {
    /// The input after trimming, before tab and newline removal.
    pub(crate) trimmed: &'a str,
    /// Bytes trimmed from the front of the caller's input.
    pub(crate) lead: usize,
    /// Whether tabs or newlines were removed (otherwise positions only shift by `lead`).
    pub(crate) removed: bool,
}

impl PosMap<'_> {
    /// The position in the caller's input of byte `cleaned` of the cleaned input.
    pub(crate) fn original(&self, cleaned: usize) -> usize {
        if !self.removed {
            return self.lead + cleaned;
        }
        // Rare (only for errors in input with tabs or newlines): walk the kept bytes.
        let mut kept = 0;
        for (i, &c) in self.trimmed.as_bytes().iter().enumerate() {
            if TAB_OR_NEWLINE[c as usize] {
                continue;
            }
            if kept == cleaned {
                return self.lead + i;
            }
            kept += 1;
        }
        self.lead + self.trimmed.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_tabs_and_newlines_anywhere() {
        let naive = |b: &[u8]| b.iter().position(|&c| matches!(c, b'\t' | b'\n' | b'\r'));
        let mut buf = alloc::vec![b'a'; 40];
        assert_eq!(find_tab_or_newline(&buf), None);
        for at in 0..40 {
            for c in [b'\t', b'\n', b'\r', 0x0B, 0x0C, 0x01, 0x8D, 0x89] {
                buf[at] = c;
                assert_eq!(find_tab_or_newline(&buf[..]), naive(&buf), "{c:#x} at {at}");
                assert_eq!(find_tab_or_newline(&buf[..at + 1]), naive(&buf[..at + 1]));
                buf[at] = b'a';
            }
        }
    }

    #[test]
    fn maps_positions_back() {
        let map = PosMap {
            trimmed: "a\tb\n\nc",
            lead: 2,
            removed: true,
        };
        assert_eq!([0, 1, 2, 3].map(|p| map.original(p)), [2, 4, 7, 8]);
        let plain = PosMap {
            trimmed: "abc",
            lead: 1,
            removed: false,
        };
        assert_eq!(plain.original(2), 3);
    }

    #[test]
    fn trims_and_removes() {
        let mut r = Reporter::none();
        assert_eq!(trim_c0_space(" \u{1}a b\u{1f} ", &mut r), ("a b", 2));
        assert_eq!(trim_c0_space("   ", &mut r), ("", 3));
        assert!(matches!(
            remove_tab_newline("abc", 0, &mut r),
            Cow::Borrowed("abc")
        ));
        assert_eq!(remove_tab_newline("a\tb\r\nc\n", 0, &mut r), "abc");
    }
}

//! Text diagrams showing where the components of a URL lie in its text:
//!
//! ```text
//! https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash
//! ├────┘  ├──┘ ├──┘ ├─────────────┘ ├──┘├──────┘├───────────┘├───┘
//! │       │    │    │               │   │       │            └─ hash
//! │       │    │    │               │   │       └─ search
//! ...
//! └─ protocol
//! ```
//!
//! Alignment is by terminal column: one per character (two for East Asian wide
//! characters), never per byte. Text longer than the width is cut into rows of at most
//! `width` columns, each with its own markers; a component crossing a cut is drawn open on
//! that side and labelled where it starts. Control characters are drawn as their visible
//! Control Pictures (U+2400…) so that they do not break the layout.

use std::ops::Range;

/// A labelled part of the text, as a byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// Byte range in the text.
    pub bytes: Range<usize>,
    /// The label printed for it.
    pub label: String,
}

/// A span converted to columns.
#[derive(Debug, Clone, Copy)]
struct ColSpan<'a> {
    start: usize,
    end: usize,
    label: &'a str,
}

/// The terminal columns a character takes: 2 for East Asian wide and fullwidth characters
/// and emoji, 1 otherwise (control characters are drawn as one-column pictures).
pub fn char_width(c: char) -> usize {
    let wide = matches!(c as u32,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD);
    if wide {
        2
    } else {
        1
    }
}

/// `c` as it is drawn: control characters become their Control Picture.
pub fn visible(c: char) -> char {
    match c as u32 {
        n @ 0..=0x1F => char::from_u32(0x2400 + n).unwrap_or('\u{FFFD}'),
        0x7F => '\u{2421}',
        _ if c.is_control() => '\u{FFFD}',
        _ => c,
    }
}

/// `s` with control characters drawn visibly (see [`visible`]).
pub fn visible_str(s: &str) -> String {
    s.chars().map(visible).collect()
}

/// Renders `text` with markers and labels under each span, cut into rows of at most `width`
/// columns (at least one character per row). Spans that overlap go to separate layers, each
/// drawn below the previous one: a span goes to the first layer where it overlaps nothing,
/// so the caller lists the finest spans first. Spans that are empty, out of range or not
/// on character boundaries are left out. Every line ends with `\n`; trailing spaces are
/// trimmed.
pub fn render(text: &str, spans: &[Span], width: usize) -> String {
    // Column where each character starts, plus the end column, indexed by char.
    let mut byte_of = Vec::with_capacity(text.len() + 1);
    let mut col_of = Vec::with_capacity(text.len() + 1);
    let mut col = 0;
    for (i, c) in text.char_indices() {
        byte_of.push(i);
        col_of.push(col);
        col += char_width(c);
    }
    byte_of.push(text.len());
    col_of.push(col);
    let to_col = |b: usize| byte_of.binary_search(&b).ok().map(|i| col_of[i]);

    let mut layers: Vec<Vec<ColSpan<'_>>> = Vec::new();
    for span in spans {
        let (Some(start), Some(end)) = (to_col(span.bytes.start), to_col(span.bytes.end)) else {
            continue;
        };
        if start >= end {
            continue;
        }
        let span = ColSpan {
            start,
            end,
            label: &span.label,
        };
        let free = |layer: &&mut Vec<ColSpan<'_>>| layer.iter().all(|o| o.end <= start || end <= o.start);
        match layers.iter_mut().find(free) {
            Some(layer) => layer.push(span),
            None => layers.push(vec![span]),
        }
    }
    for layer in &mut layers {
        layer.sort_by_key(|s| s.start);
    }

    let mut out = String::new();
    for (chunk_text, chunk) in chunks(text, width.max(1)) {
        out.push_str(visible_str(chunk_text).trim_end());
        out.push('\n');
        for layer in &layers {
            render_chunk(&mut out, layer, chunk.clone());
        }
    }
    out
}

/// Cuts `text` into pieces of at most `width` columns (at least one character each),
/// giving each piece and its column range.
fn chunks(text: &str, width: usize) -> Vec<(&str, Range<usize>)> {
    let mut pieces = Vec::new();
    let (mut start_byte, mut start_col, mut col) = (0, 0, 0);
    for (i, c) in text.char_indices() {
        let w = char_width(c);
        if col + w - start_col > width && i > start_byte {
            pieces.push((&text[start_byte..i], start_col..col));
            start_byte = i;
            start_col = col;
        }
        col += w;
    }
    if start_byte < text.len() || pieces.is_empty() {
        pieces.push((&text[start_byte..], start_col..col));
    }
    pieces
}

/// Draws the marker row and the label rows for the spans within `chunk` (a column range).
fn render_chunk(out: &mut String, spans: &[ColSpan<'_>], chunk: Range<usize>) {
    let len = chunk.end - chunk.start;
    let mut markers = vec![' '; len];
    // Spans starting in this chunk, with their local tick columns.
    let mut ticks: Vec<(usize, &str)> = Vec::new();
    for span in spans {
        if span.end <= chunk.start || span.start >= chunk.end {
            continue;
        }
        let from = span.start.max(chunk.start) - chunk.start;
        let to = span.end.min(chunk.end) - chunk.start;
        let starts_here = span.start >= chunk.start;
        let ends_here = span.end <= chunk.end;
        markers[from..to].fill('─');
        if ends_here {
            markers[to - 1] = '┘';
        }
        if starts_here {
            markers[from] = if to - from == 1 && ends_here { '│' } else { '├' };
            ticks.push((from, span.label));
        }
    }
    if markers.iter().all(|&c| c == ' ') {
        return;
    }
    push_trimmed(out, markers.iter().collect());
    // One row per label, the rightmost first, so that every vertical line runs down to
    // its own label without crossing another label.
    for (row, &(tick, label)) in ticks.iter().enumerate().rev() {
        let mut line: Vec<char> = vec![' '; tick];
        for &(other, _) in &ticks[..row] {
            line[other] = '│';
        }
        let mut line: String = line.into_iter().collect();
        line.push_str("└─ ");
        line.push_str(label);
        push_trimmed(out, line);
    }
}

fn push_trimmed(out: &mut String, line: String) {
    out.push_str(line.trim_end());
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(bytes: Range<usize>, label: &str) -> Span {
        Span {
            bytes,
            label: label.to_owned(),
        }
    }

    #[test]
    fn example_diagram() {
        let text = "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash";
        let spans = [
            span(0..6, "protocol"),
            span(8..12, "username"),
            span(13..17, "password"),
            span(18..33, "hostname"),
            span(34..38, "port"),
            span(38..46, "pathname"),
            span(46..59, "search"),
            span(59..64, "hash"),
        ];
        let expected = "\
https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash
├────┘  ├──┘ ├──┘ ├─────────────┘ ├──┘├──────┘├───────────┘├───┘
│       │    │    │               │   │       │            └─ hash
│       │    │    │               │   │       └─ search
│       │    │    │               │   └─ pathname
│       │    │    │               └─ port
│       │    │    └─ hostname
│       │    └─ password
│       └─ username
└─ protocol
";
        assert_eq!(render(text, &spans, 100), expected);
    }

    #[test]
    fn non_ascii_aligns_by_character() {
        let text = "é/ñ?q#x";
        let spans = [span(0..2, "a"), span(2..5, "p"), span(5..7, "s"), span(7..9, "h")];
        let expected = "\
é/ñ?q#x
│├┘├┘├┘
││ │ └─ h
││ └─ s
│└─ p
└─ a
";
        assert_eq!(render(text, &spans, 80), expected);
        // Wide characters take two columns.
        assert_eq!(render("日本", &[span(3..6, "x")], 80), "日本\n  ├┘\n  └─ x\n");
    }

    #[test]
    fn long_text_is_cut_into_rows() {
        let text = "abcdefghij";
        let spans = [span(0..2, "first"), span(2..9, "long"), span(9..10, "z")];
        let expected = "\
abcd
├┘├─
│ └─ long
└─ first
efgh
────
ij
┘│
 └─ z
";
        assert_eq!(render(text, &spans, 4), expected);
    }

    #[test]
    fn overlapping_spans_go_to_later_layers() {
        let text = "http://h:1/p";
        let spans = [
            span(0..5, "protocol"),
            span(7..8, "hostname"),
            span(9..10, "port"),
            span(10..12, "pathname"),
            span(7..10, "host"),
            span(0..10, "origin"),
        ];
        let expected = "\
http://h:1/p
├───┘  │ │├┘
│      │ │└─ pathname
│      │ └─ port
│      └─ hostname
└─ protocol
       ├─┘
       └─ host
├────────┘
└─ origin
";
        assert_eq!(render(text, &spans, 80), expected);
    }

    #[test]
    fn bad_spans_are_ignored_and_controls_are_visible() {
        let text = "a\té";
        let spans = [
            span(0..9, "x"),
            span(3..4, "mid-char"),
            span(1..1, "empty"),
            span(0..1, "a"),
            span(0..2, "overlap"),
        ];
        assert_eq!(render(text, &spans, 80), "a␉é\n│\n└─ a\n├┘\n└─ overlap\n");
        assert_eq!(render("", &[], 80), "\n");
    }
}

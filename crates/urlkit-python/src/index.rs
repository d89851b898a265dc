//! Python string indices: the library reports byte offsets into UTF-8, Python indexes a
//! `str` by code point. One forward walk maps any number of increasing offsets.

/// Maps increasing byte offsets of one UTF-8 text to code-point indices in one pass.
pub(crate) struct Indexer<'a> {
    text: &'a str,
    byte: usize,
    chars: usize,
}

impl<'a> Indexer<'a> {
    /// An indexer at the start of `text`.
    pub(crate) fn new(text: &'a str) -> Self {
        Indexer {
            text,
            byte: 0,
            chars: 0,
        }
    }

    /// The code-point index of byte offset `to` (clamped to the text, rounded down to a
    /// character boundary). Offsets below the last one asked restart from the beginning,
    /// so callers keep them increasing to stay linear.
    pub(crate) fn index(&mut self, to: usize) -> usize {
        let mut to = to.min(self.text.len());
        while !self.text.is_char_boundary(to) {
            to -= 1;
        }
        if to < self.byte {
            self.byte = 0;
            self.chars = 0;
        }
        let step = self.text.get(self.byte..to).unwrap_or_default();
        // Code points are the bytes that do not continue a sequence (0b10xx_xxxx).
        self.chars += step.bytes().filter(|&b| (b as i8) >= -0x40).count();
        self.byte = to;
        self.chars
    }
}

/// The code-point index of byte offset `byte` in `text`.
pub(crate) fn char_index(text: &str, byte: usize) -> usize {
    Indexer::new(text).index(byte)
}

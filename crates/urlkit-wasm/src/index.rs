//! JavaScript string positions: the library reports byte offsets into UTF-8, JavaScript
//! indexes a string by UTF-16 code unit. One forward walk maps increasing offsets.

/// Maps byte offsets of one UTF-8 text to UTF-16 code-unit offsets; increasing offsets cost
/// one pass in all.
#[derive(Debug)]
pub struct Utf16<'a> {
    text: &'a str,
    byte: usize,
    units: usize,
}

impl<'a> Utf16<'a> {
    /// A mapper at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Utf16 {
            text,
            byte: 0,
            units: 0,
        }
    }

    /// The UTF-16 offset of byte offset `to` (clamped to the text, rounded down to a
    /// character boundary). An offset below the last one asked restarts from the beginning.
    pub fn at(&mut self, to: usize) -> usize {
        let mut to = to.min(self.text.len());
        while !self.text.is_char_boundary(to) {
            to -= 1;
        }
        if to < self.byte {
            self.byte = 0;
            self.units = 0;
        }
        let step = self.text.get(self.byte..to).unwrap_or_default();
        // A character is one unit, two when its UTF-8 form has four bytes (outside the BMP):
        // count the bytes that start a character, plus the four-byte leads (0b1111_0xxx).
        self.units += step
            .bytes()
            .map(|b| usize::from((b as i8) >= -0x40) + usize::from(b >= 0xF0))
            .sum::<usize>();
        self.byte = to;
        self.units
    }
}

/// The UTF-16 offset of byte offset `byte` in `text`.
pub fn utf16_at(text: &str, byte: usize) -> usize {
    Utf16::new(text).at(byte)
}

/// The byte offset in `text` of UTF-16 offset `unit` (clamped; inside a surrogate pair, the
/// character's start).
pub fn byte_at(text: &str, unit: usize) -> usize {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units + c.len_utf16() > unit {
            return i;
        }
        units += c.len_utf16();
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_offsets_match_encode_utf16() {
        let text = "a😀b漢字c\u{e9}";
        for (i, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let expected = text[..i].encode_utf16().count();
            assert_eq!(utf16_at(text, i), expected, "{i}");
            assert_eq!(byte_at(text, expected), i);
        }
        let mut m = Utf16::new(text);
        assert_eq!(m.at(5), 3);
        assert_eq!(m.at(2), 1, "inside the emoji: its start");
        assert_eq!(m.at(100), text.encode_utf16().count());
    }
}

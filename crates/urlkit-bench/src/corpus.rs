//! Reading the dataset files of `shared/datasets` (see its README.md).

/// The inputs of a dataset text: split on `\n` only, never trimmed. A final `\n` ends the
/// last line rather than starting an empty one.
pub fn split_lines(text: &str) -> Vec<&str> {
    text.split_terminator('\n').collect()
}

/// One line of `messy.txt`: an input and, for relative inputs, the base URL to parse it against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessyCase {
    /// The input string, exactly as given.
    pub input: String,
    /// The base URL, if the line names one.
    pub base: Option<String>,
}

/// Decodes a line of `messy.txt`: a line starting with `{` is the JSON object
/// `{"input": "...", "base": "..." | null}`; any other line is the input itself.
/// `None` for a malformed JSON line. Lone surrogate escapes decode to U+FFFD, as a browser's
/// conversion of the JS string to a USVString would do.
pub fn messy_case(line: &str) -> Option<MessyCase> {
    if !line.starts_with('{') {
        return Some(MessyCase {
            input: line.to_owned(),
            base: None,
        });
    }
    let mut p = Json { rest: line };
    p.eat('{')?;
    let (mut input, mut base) = (None, None);
    loop {
        let key = p.string()?;
        p.eat(':')?;
        let value = if p.keyword("null") {
            None
        } else {
            Some(p.string()?)
        };
        match key.as_str() {
            "input" => input = value,
            "base" => base = value,
            _ => {}
        }
        if p.eat(',').is_none() {
            break;
        }
    }
    p.eat('}')?;
    p.rest.trim().is_empty().then_some(())?;
    Some(MessyCase { input: input?, base })
}

/// A minimal reader for the flat JSON objects of `messy.txt`.
struct Json<'a> {
    rest: &'a str,
}

impl Json<'_> {
    fn eat(&mut self, c: char) -> Option<()> {
        self.rest = self.rest.trim_start().strip_prefix(c)?;
        Some(())
    }

    fn keyword(&mut self, word: &str) -> bool {
        match self.rest.trim_start().strip_prefix(word) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn string(&mut self) -> Option<String> {
        self.eat('"')?;
        let mut out = String::new();
        let mut chars = self.rest.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.rest = &self.rest[i + 1..];
                    return Some(out);
                }
                '\\' => {
                    let escaped = match chars.next()?.1 {
                        'u' => self.unicode_escape(&mut chars)?,
                        'n' => '\n',
                        'r' => '\r',
                        't' => '\t',
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        c @ ('"' | '\\' | '/') => c,
                        _ => return None,
                    };
                    out.push(escaped);
                }
                c => out.push(c),
            }
        }
        None
    }

    /// The character of a `\uXXXX` escape (the `\u` already read), joining surrogate pairs.
    fn unicode_escape(&self, chars: &mut core::str::CharIndices<'_>) -> Option<char> {
        let hi = hex4(chars)?;
        if !(0xD800..0xDC00).contains(&hi) {
            return Some(char::from_u32(hi).unwrap_or('\u{FFFD}'));
        }
        let mut ahead = chars.clone();
        let low = match (ahead.next(), ahead.next()) {
            (Some((_, '\\')), Some((_, 'u'))) => hex4(&mut ahead).filter(|lo| (0xDC00..0xE000).contains(lo)),
            _ => None,
        };
        match low {
            Some(lo) => {
                *chars = ahead;
                char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
            }
            None => Some('\u{FFFD}'),
        }
    }
}

fn hex4(chars: &mut core::str::CharIndices<'_>) -> Option<u32> {
    (0..4).try_fold(0, |acc, _| Some(acc * 16 + chars.next()?.1.to_digit(16)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_not_trimmed() {
        assert_eq!(split_lines(" a\t\n\nb\r\n"), vec![" a\t", "", "b\r"]);
        assert_eq!(split_lines("a\nb"), vec!["a", "b"]);
        assert!(split_lines("").is_empty());
    }

    #[test]
    fn plain_messy_line() {
        let case = messy_case("\u{3000}http://x/\t").unwrap();
        assert_eq!(
            case,
            MessyCase {
                input: "\u{3000}http://x/\t".into(),
                base: None
            }
        );
    }

    #[test]
    fn json_messy_lines() {
        let case = messy_case(r#"{"input": "../a\"b", "base": "http://h/x/y"}"#).unwrap();
        assert_eq!(case.input, "../a\"b");
        assert_eq!(case.base.as_deref(), Some("http://h/x/y"));
        let case = messy_case(r#"{"input": "https://\u0000g\tx\u00e9", "base": null}"#).unwrap();
        assert_eq!(case.input, "https://\u{0}g\tx\u{e9}");
        assert_eq!(case.base, None);
        let case = messy_case(r#"{"input": "", "base": "a:b"}"#).unwrap();
        assert_eq!(case.input, "");
    }

    #[test]
    fn json_surrogates() {
        let case = messy_case(r#"{"input": "\ud83d\ude00|\ud800x", "base": null}"#).unwrap();
        assert_eq!(case.input, "\u{1F600}|\u{FFFD}x");
    }

    #[test]
    fn malformed_json_lines() {
        assert_eq!(messy_case(r#"{"input": "a""#), None);
        assert_eq!(messy_case(r#"{"base": null}"#), None);
        assert_eq!(messy_case(r#"{"input": "\q"}"#), None);
        assert_eq!(messy_case(r#"{"input": "a"} x"#), None);
    }
}

//! ECMAScript regular expressions (as the URL Pattern Standard writes them, with the `v`
//! flag) translated to the syntax of the [`regex`] crate, whose matching is linear in the
//! input (finite automata, no backtracking).
//!
//! Accepted, with ECMAScript's meaning:
//! - literals; `.` (any code point but `\n`, `\r`, U+2028, U+2029); `^` `$` (input
//!   boundaries); alternation `|`; groups `(?:…)` and named groups `(?<name>…)`;
//!   the `(?i:…)` / `(?-i:…)` modifiers;
//! - quantifiers `*` `+` `?` `{n}` `{n,}` `{n,m}`, greedy and lazy (`*?`, …);
//! - escapes `\d \D \w \W \s \S` (ECMAScript's ASCII digit/word sets and its white-space
//!   set), `\b \B` (ASCII word boundaries), `\t \n \v \f \r \0`, `\cX`, `\xHH`, `\uHHHH`
//!   (surrogate pairs combined), `\u{…}`, `\p{…}` / `\P{…}` (Unicode properties, as the
//!   `regex` crate names them: it also accepts a few spellings ECMAScript rejects), and
//!   escaped syntax characters;
//! - classes `[…]` and `[^…]`, ranges, nested classes and the `v` flag's set operations
//!   `&&` (intersection) and `--` (difference); `[]` and `[^]`.
//!
//! Rejected with [`ErrorKind::UnsupportedRegexp`]: lookahead `(?=…)` `(?!…)`, lookbehind
//! `(?<=…)` `(?<!…)`, backreferences `\1`…`\9` and `\k<name>`, string disjunctions
//! `\q{…}`, lone surrogate escapes, and the `m` and `s` modifiers. Syntax ECMAScript
//! rejects under the `v` flag (a lone `{`, `]` or `}`, an unescaped `(` `)` `{` `}` `/` `|`
//! or lone `-` inside a class, reserved double punctuators such as `!!`, unknown escapes) is
//! an [`ErrorKind::Regexp`] error.

use super::error::ErrorKind;
use alloc::format;
use alloc::string::{String, ToString};
use core::fmt::Write;
use regex::Regex;
use std::sync::OnceLock;

/// ECMAScript's `WhiteSpace` and `LineTerminator` code points (what `\s` matches).
const SPACE_SET: &str =
    r"\t\n\v\f\r\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";

/// Whether `c` may start (`first`) or continue an ECMAScript identifier: Unicode
/// `ID_Start` / `ID_Continue` (the ASCII cases are decided by the caller).
pub(crate) fn unicode_id(c: char, first: bool) -> bool {
    static SETS: OnceLock<(Regex, Regex)> = OnceLock::new();
    let (start, cont) = SETS.get_or_init(|| {
        // Both compile: fixed, valid expressions.
        (
            Regex::new(r"^\p{ID_Start}$").unwrap_or_else(|_| unreachable!()),
            Regex::new(r"^\p{ID_Continue}$").unwrap_or_else(|_| unreachable!()),
        )
    });
    let mut buf = [0u8; 4];
    let s = c.encode_utf8(&mut buf);
    if first {
        start.is_match(s)
    } else {
        cont.is_match(s)
    }
}

/// A translation failure: what, and the byte offset in the ECMAScript text.
pub(crate) type Failure = (ErrorKind, usize);

fn syntax(msg: &str, at: usize) -> Failure {
    (ErrorKind::Regexp(msg.to_string()), at)
}

fn unsupported(what: &'static str, at: usize) -> Failure {
    (ErrorKind::UnsupportedRegexp(what), at)
}

/// Appends the code point `c` as a literal that means itself anywhere in `regex` syntax.
fn push_literal(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || c == '_' {
        out.push(c);
    } else {
        let _ = write!(out, "\\x{{{:X}}}", c as u32);
    }
}

fn hex_value(s: &[u8]) -> Option<u32> {
    if s.is_empty() || s.len() > 6 {
        return None;
    }
    let mut v = 0u32;
    for &b in s {
        v = v * 16 + (b as char).to_digit(16)?;
    }
    Some(v)
}

/// Reads `\uHHHH` at `i` (pointing at `u`); returns the value and the end.
fn read_u4(b: &[u8], i: usize) -> Option<(u32, usize)> {
    let digits = b.get(i + 1..i + 5)?;
    Some((hex_value(digits)?, i + 5))
}

/// An escape that stands for one code point; `i` points after the backslash. Returns the
/// code point and the index after the escape, `Ok(None)` when this is not such an escape.
fn char_escape(b: &[u8], i: usize, in_class: bool) -> Result<Option<(char, usize)>, Failure> {
    let at = i - 1;
    let c = b[i];
    let simple = match c {
        b't' => Some('\t'),
        b'n' => Some('\n'),
        b'v' => Some('\u{B}'),
        b'f' => Some('\u{C}'),
        b'r' => Some('\r'),
        b'b' if in_class => Some('\u{8}'),
        b'0' if !b.get(i + 1).is_some_and(u8::is_ascii_digit) => Some('\0'),
        _ => None,
    };
    if let Some(ch) = simple {
        return Ok(Some((ch, i + 1)));
    }
    match c {
        b'c' => match b.get(i + 1) {
            Some(&l) if l.is_ascii_alphabetic() => Ok(Some((char::from(l % 32), i + 2))),
            _ => Err(syntax("invalid \\c escape", at)),
        },
        b'x' => {
            let v = b
                .get(i + 1..i + 3)
                .and_then(hex_value)
                .ok_or_else(|| syntax("invalid \\x escape", at))?;
            Ok(Some((char::from_u32(v).unwrap_or('\0'), i + 3)))
        }
        b'u' => {
            if b.get(i + 1) == Some(&b'{') {
                let close = b[i + 2..].iter().position(|&x| x == b'}').map(|p| p + i + 2);
                let close = close.ok_or_else(|| syntax("invalid \\u{…} escape", at))?;
                let v = hex_value(&b[i + 2..close]).ok_or_else(|| syntax("invalid \\u{…} escape", at))?;
                let ch = char::from_u32(v).ok_or_else(|| unsupported("lone surrogate escapes", at))?;
                return Ok(Some((ch, close + 1)));
            }
            let (hi, end) = read_u4(b, i).ok_or_else(|| syntax("invalid \\u escape", at))?;
            if (0xD800..0xDC00).contains(&hi) && b.get(end) == Some(&b'\\') && b.get(end + 1) == Some(&b'u') {
                if let Some((lo, end2)) = read_u4(b, end + 1) {
                    if (0xDC00..0xE000).contains(&lo) {
                        let v = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                        return Ok(char::from_u32(v).map(|ch| (ch, end2)));
                    }
                }
            }
            let ch = char::from_u32(hi).ok_or_else(|| unsupported("lone surrogate escapes", at))?;
            Ok(Some((ch, end)))
        }
        b'^' | b'$' | b'\\' | b'.' | b'*' | b'+' | b'?' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'|'
        | b'/' => Ok(Some((c as char, i + 1))),
        b'&' | b'-' | b'!' | b'#' | b'%' | b',' | b':' | b';' | b'<' | b'=' | b'>' | b'@' | b'`' | b'~'
            if in_class =>
        {
            Ok(Some((c as char, i + 1)))
        }
        _ => Ok(None),
    }
}

/// An escape that stands for a set (`\d`, `\p{…}`, …), as `regex` syntax valid both inside
/// and outside a class. `i` points after the backslash.
fn class_escape(b: &[u8], i: usize, out: &mut String) -> Result<Option<usize>, Failure> {
    let set = match b[i] {
        b'd' => "[0-9]".to_string(),
        b'D' => "[^0-9]".to_string(),
        b'w' => "[0-9A-Za-z_]".to_string(),
        b'W' => "[^0-9A-Za-z_]".to_string(),
        b's' => format!("[{SPACE_SET}]"),
        b'S' => format!("[^{SPACE_SET}]"),
        b'p' | b'P' => {
            if b.get(i + 1) != Some(&b'{') {
                return Err(syntax("invalid property escape", i - 1));
            }
            let close = b[i + 2..].iter().position(|&x| x == b'}').map(|p| p + i + 2);
            let close = close.ok_or_else(|| syntax("invalid property escape", i - 1))?;
            let body = &b[i + 2..close];
            if body.is_empty()
                || !body
                    .iter()
                    .all(|&x| x.is_ascii_alphanumeric() || x == b'_' || x == b'=')
            {
                return Err(syntax("invalid property escape", i - 1));
            }
            out.push('\\');
            out.push(b[i] as char);
            out.push('{');
            out.push_str(core::str::from_utf8(body).unwrap_or_default());
            out.push('}');
            return Ok(Some(close + 1));
        }
        _ => return Ok(None),
    };
    out.push_str(&set);
    Ok(Some(i + 1))
}

/// Translates ECMAScript regexp text (with the `v` flag) into `regex` syntax.
///
/// Iterative: classes nest through a depth counter, groups need no tracking (the `regex`
/// parser checks their balance).
pub(crate) fn translate(src: &str, out: &mut String) -> Result<(), Failure> {
    let b = src.as_bytes();
    let mut i = 0;
    // Depth of class nesting; 0 outside classes.
    let mut class_depth = 0usize;
    // Inside a class: whether the last item was a single code point (a range may follow).
    let mut last_was_char = false;
    while i < b.len() {
        let c = b[i];
        if !c.is_ascii() {
            // Not produced by the tokenizer for user groups; generated text is ASCII too.
            let ch = src[i..].chars().next().unwrap_or('\0');
            push_literal(out, ch);
            i += ch.len_utf8();
            last_was_char = true;
            continue;
        }
        if class_depth > 0 {
            match c {
                b'[' => {
                    let (end, closed) = open_class(b, i, out);
                    i = end;
                    if !closed {
                        class_depth += 1;
                    }
                    last_was_char = false;
                    continue;
                }
                b']' => {
                    out.push(']');
                    class_depth -= 1;
                    i += 1;
                    last_was_char = false;
                    continue;
                }
                b'\\' => {
                    let Some(&n) = b.get(i + 1) else {
                        return Err(syntax("trailing backslash", i));
                    };
                    if n == b'q' {
                        return Err(unsupported("class string disjunctions \\q{…}", i));
                    }
                    if let Some(end) = class_escape(b, i + 1, out)? {
                        i = end;
                        last_was_char = false;
                        continue;
                    }
                    if let Some((ch, end)) = char_escape(b, i + 1, true)? {
                        push_literal(out, ch);
                        i = end;
                        last_was_char = true;
                        continue;
                    }
                    return Err(syntax("invalid escape in class", i));
                }
                b'&' if b.get(i + 1) == Some(&b'&') => {
                    out.push_str("&&");
                    i += 2;
                    last_was_char = false;
                    continue;
                }
                b'-' if b.get(i + 1) == Some(&b'-') => {
                    out.push_str("--");
                    i += 2;
                    last_was_char = false;
                    continue;
                }
                b'-' => {
                    let next_ok = b.get(i + 1).is_some_and(|&n| n != b']' && n != b'[');
                    if !last_was_char || !next_ok {
                        return Err(syntax("'-' must be escaped in a class", i));
                    }
                    out.push('-');
                    i += 1;
                    last_was_char = false;
                    continue;
                }
                b'(' | b')' | b'{' | b'}' | b'/' | b'|' => {
                    return Err(syntax("syntax character must be escaped in a class", i));
                }
                _ => {
                    if b.get(i + 1) == Some(&c) && b"!#$%*+,.:;<=>?@^`~".contains(&c) {
                        return Err(syntax("reserved double punctuator in class", i));
                    }
                    push_literal(out, c as char);
                    i += 1;
                    last_was_char = true;
                    continue;
                }
            }
        }
        match c {
            b'[' => {
                let (end, closed) = open_class(b, i, out);
                i = end;
                if !closed {
                    class_depth = 1;
                }
                last_was_char = false;
            }
            b'.' => {
                out.push_str(r"[^\n\r\x{2028}\x{2029}]");
                i += 1;
            }
            b'(' => {
                let rest = &b[i..];
                if rest.starts_with(b"(?=") || rest.starts_with(b"(?!") {
                    return Err(unsupported("lookahead", i));
                }
                if rest.starts_with(b"(?<=") || rest.starts_with(b"(?<!") {
                    return Err(unsupported("lookbehind", i));
                }
                if rest.starts_with(b"(?<") {
                    // A named group: the name is copied as is (the engine checks it).
                    let close = rest.iter().position(|&x| x == b'>');
                    let Some(n) = close else {
                        return Err(syntax("invalid group name", i));
                    };
                    out.push_str(&src[i..=i + n]);
                    i += n + 1;
                    continue;
                }
                if rest.starts_with(b"(?:") || !rest.starts_with(b"(?") {
                    let n = if rest.starts_with(b"(?") { 3 } else { 1 };
                    let n = n.min(rest.len());
                    out.push_str(&src[i..i + n]);
                    i += n;
                    continue;
                }
                // Modifiers: (?flags-flags:
                let colon = rest.iter().position(|&x| x == b':');
                let flags = colon.map(|p| &rest[2..p]);
                match flags {
                    Some(f) if !f.is_empty() && f.iter().all(|&x| x == b'i' || x == b'-') => {
                        let n = colon.unwrap_or(0) + 1;
                        out.push_str(&src[i..i + n]);
                        i += n;
                    }
                    Some(f) if f.iter().all(|&x| matches!(x, b'i' | b'm' | b's' | b'-')) && !f.is_empty() => {
                        return Err(unsupported("the m and s modifiers", i));
                    }
                    _ => return Err(syntax("invalid group", i)),
                }
            }
            b'{' => {
                let close = b[i..].iter().position(|&x| x == b'}').map(|p| p + i);
                let ok = close.is_some_and(|e| {
                    let body = &b[i + 1..e];
                    let mut it = body.splitn(2, |&x| x == b',');
                    let lo = it.next().unwrap_or_default();
                    let hi = it.next();
                    !lo.is_empty()
                        && lo.iter().all(u8::is_ascii_digit)
                        && hi.is_none_or(|h| h.iter().all(u8::is_ascii_digit))
                });
                let Some(e) = close.filter(|_| ok) else {
                    return Err(syntax("lone '{' (escape it as \\{)", i));
                };
                out.push_str(&src[i..=e]);
                i = e + 1;
            }
            b'}' | b']' => return Err(syntax("lone bracket (escape it)", i)),
            b'\\' => {
                let Some(&n) = b.get(i + 1) else {
                    return Err(syntax("trailing backslash", i));
                };
                match n {
                    b'b' | b'B' => {
                        out.push_str(if n == b'b' { r"(?-u:\b)" } else { r"(?-u:\B)" });
                        i += 2;
                    }
                    b'1'..=b'9' => return Err(unsupported("backreferences", i)),
                    b'k' => return Err(unsupported("backreferences", i)),
                    _ => {
                        if let Some(end) = class_escape(b, i + 1, out)? {
                            i = end;
                        } else if let Some((ch, end)) = char_escape(b, i + 1, false)? {
                            push_literal(out, ch);
                            i = end;
                        } else {
                            return Err(syntax("invalid escape", i));
                        }
                    }
                }
            }
            b'^' | b'$' | b'|' | b'*' | b'+' | b'?' | b')' => {
                out.push(c as char);
                i += 1;
            }
            _ => {
                push_literal(out, c as char);
                i += 1;
            }
        }
    }
    if class_depth > 0 {
        return Err(syntax("unterminated class", src.len()));
    }
    Ok(())
}

/// Writes the opening of the class at `b[i] == '['`; returns the index after it and
/// whether the class was already closed: `[]` (matches nothing) and `[^]` (any code point)
/// are written whole.
fn open_class(b: &[u8], i: usize, out: &mut String) -> (usize, bool) {
    let negated = b.get(i + 1) == Some(&b'^');
    let after = i + 1 + usize::from(negated);
    if b.get(after) == Some(&b']') {
        out.push_str(if negated {
            r"[\x{0}-\x{10FFFF}]"
        } else {
            r"[^\x{0}-\x{10FFFF}]"
        });
        return (after + 1, true);
    }
    out.push_str(if negated { "[^" } else { "[" });
    (after, false)
}

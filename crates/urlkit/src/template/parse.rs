//! The template syntax of RFC 6570 §2, parsed once over bytes, without recursion.

use super::chars::{is, is_ucschar_or_iprivate, pct_at, push_pct, LITERAL, VARCHAR};
use super::error::{TemplateError, TemplateErrorKind as K};
use super::{Expression, Modifier, Op, Part, Template, VarSpec};
use alloc::string::String;
use alloc::vec::Vec;

fn err(position: usize, kind: K) -> TemplateError {
    TemplateError { position, kind }
}

/// Parses `text` (§2: `URI-Template = *( literals / expression )`).
pub(super) fn parse(text: &str) -> Result<Template, TemplateError> {
    let s = text.as_bytes();
    let mut parts = Vec::new();
    let mut specs = Vec::new();
    let mut literals = String::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'{' {
            let (expression, next) = expression(s, i, &mut specs)?;
            parts.push(Part::Expression(expression));
            i = next;
            continue;
        }
        let start = i;
        let out_start = literals.len();
        i = literal(text, i, &mut literals)?;
        parts.push(Part::Literal {
            text: start..i,
            expanded: out_start..literals.len(),
        });
    }
    Ok(Template {
        text: text.into(),
        parts,
        specs,
        literals,
        matcher: Ok(Default::default()),
    })
}

/// §2.1 literals up to the next `{` or the end, expanded as §3.1 says into `out`: characters
/// allowed in a URI copied, `ucschar`/`iprivate` pct-encoded as UTF-8.
fn literal(text: &str, mut i: usize, out: &mut String) -> Result<usize, TemplateError> {
    let s = text.as_bytes();
    let mut run = i;
    while i < s.len() {
        let b = s[i];
        if b == b'{' {
            break;
        }
        if b < 0x80 {
            if b == b'%' {
                if !pct_at(s, i) {
                    return Err(err(i, K::PercentEncoding));
                }
                i += 3;
            } else if is(b, LITERAL) {
                i += 1;
            } else if b == b'}' {
                return Err(err(i, K::UnmatchedClose));
            } else {
                return Err(err(i, K::Literal));
            }
            continue;
        }
        // Non-ASCII: `i` is a character boundary (every byte before it was consumed whole).
        let c = text[i..].chars().next().unwrap_or('\u{FFFD}');
        if !is_ucschar_or_iprivate(c) {
            return Err(err(i, K::Literal));
        }
        out.push_str(&text[run..i]);
        for &byte in &s[i..i + c.len_utf8()] {
            push_pct(out, byte);
        }
        i += c.len_utf8();
        run = i;
    }
    out.push_str(&text[run..i]);
    Ok(i)
}

/// §2.2 `expression = "{" [ operator ] variable-list "}"`, from the `{` at `open`.
fn expression(s: &[u8], open: usize, specs: &mut Vec<VarSpec>) -> Result<(Expression, usize), TemplateError> {
    let mut i = open + 1;
    let at = |i: usize| s.get(i).copied().ok_or(err(s.len(), K::UnclosedExpression));
    let op = match at(i)? {
        b'+' => Op::Reserved,
        b'#' => Op::Fragment,
        b'.' => Op::Label,
        b'/' => Op::Path,
        b';' => Op::Param,
        b'?' => Op::Query,
        b'&' => Op::Continuation,
        b'=' | b',' | b'!' | b'@' | b'|' => return Err(err(i, K::ReservedOperator)),
        _ => Op::Simple,
    };
    if op != Op::Simple {
        i += 1;
    }
    let first = specs.len();
    loop {
        // §2.3 varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded
        let name_start = i;
        loop {
            let b = at(i)?;
            if is(b, VARCHAR) {
                i += 1;
            } else if b == b'%' {
                if !pct_at(s, i) {
                    return Err(if i + 3 > s.len() && !s[i..].contains(&b'}') {
                        err(s.len(), K::UnclosedExpression)
                    } else {
                        err(i, K::PercentEncoding)
                    });
                }
                i += 3;
            } else if b == b'.'
                && i > name_start
                && s.get(i + 1).is_some_and(|&n| is(n, VARCHAR) || n == b'%')
            {
                i += 1;
            } else {
                break;
            }
        }
        if i == name_start {
            return Err(err(i, K::Varname));
        }
        let name = name_start..i;
        let modifier = match at(i)? {
            b'*' => {
                i += 1;
                Modifier::Explode
            }
            b':' => {
                i += 1;
                // §2.4.1 max-length = %x31-39 0*3DIGIT
                let digits = i;
                let mut n: u16 = 0;
                while at(i)?.is_ascii_digit() && i - digits < 4 {
                    n = n * 10 + u16::from(s[i] - b'0');
                    i += 1;
                }
                if i == digits || s[digits] == b'0' || at(i)?.is_ascii_digit() {
                    return Err(err(digits, K::PrefixLength));
                }
                Modifier::Prefix(n)
            }
            _ => Modifier::None,
        };
        specs.push(VarSpec {
            name,
            end: i,
            modifier,
        });
        match at(i)? {
            b',' => i += 1,
            b'}' => {
                let expression = Expression {
                    op,
                    specs: first..specs.len(),
                    span: open..i + 1,
                };
                return Ok((expression, i + 1));
            }
            _ => return Err(err(i, K::AfterVarname)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Template;
    use super::K;

    #[test]
    fn errors_name_position_and_expectation() {
        let cases: &[(&str, usize, K)] = &[
            ("{/id*", 5, K::UnclosedExpression),
            ("/id*}", 4, K::UnmatchedClose),
            ("{/?id}", 2, K::Varname),
            ("{var:prefix}", 5, K::PrefixLength),
            ("{hello:2*}", 8, K::AfterVarname),
            ("{!hello}", 1, K::ReservedOperator),
            ("{with space}", 5, K::AfterVarname),
            ("{x.}", 2, K::AfterVarname),
            ("{x..y}", 2, K::AfterVarname),
            ("{%2x}", 1, K::PercentEncoding),
            ("{var:01}", 5, K::PrefixLength),
            ("{var:10000}", 5, K::PrefixLength),
            ("a%g0", 1, K::PercentEncoding),
            ("a\"b", 1, K::Literal),
            ("{}", 1, K::Varname),
            ("{", 1, K::UnclosedExpression),
        ];
        for &(t, pos, kind) in cases {
            let e = Template::parse(t).unwrap_err();
            assert_eq!((e.position(), e.kind()), (pos, kind), "{t}");
        }
    }

    #[test]
    fn prefix_bounds() {
        assert!(Template::parse("{v:9999}").is_ok());
        assert!(Template::parse("{v:1}").is_ok());
        assert!(Template::parse("{.x}").is_ok());
        assert!(Template::parse("{a.b.c,%C3%9F}").is_ok());
    }
}

//! `--get TEMPLATE`: one line per URL made of its components, trurl-style.
//!
//! Placeholders: the URL API's `{href}` `{protocol}` `{username}` `{password}` `{host}`
//! `{hostname}` `{port}` `{pathname}` `{search}` `{hash}` `{origin}`; RFC 3986's names
//! `{scheme}` `{path}` `{query}` `{fragment}` (without their `:`, `?`, `#`);
//! `{query:NAME}` (the first value of NAME, decoded) and `{query-all:NAME}` (every value,
//! separated by a space); `{default:port}` (the port, else the scheme's default);
//! `{puny:host}` / `{idn:host}` (and `hostname`) in Punycode or Unicode; `{registrable_domain}`
//! and `{public_suffix}` by the Public Suffix List (`urlkit::domain`). A missing component
//! prints empty; `{{` and `}}` are literal braces.

use std::fmt::Write as _;
use urlkit::{Attribute, Url};

/// The placeholder names, for `--help` and errors.
pub const NAMES: &str = "href, protocol, username, password, host, hostname, port, pathname, search, hash, \
                         origin, scheme, path, query, fragment, query:NAME, query-all:NAME, default:port, \
                         puny:host, idn:host, puny:hostname, idn:hostname, registrable_domain, public_suffix";

/// One component a placeholder names.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Field {
    /// One of the URL API's string attributes (`{href}` … `{hash}`).
    Attribute(Attribute),
    Origin,
    Scheme,
    Path,
    Query,
    Fragment,
    QueryFirst(String),
    QueryAll(String),
    DefaultPort,
    /// `host` (`true`) or `hostname` in Unicode.
    Idn(bool),
    /// The host's registrable domain (eTLD+1) by the Public Suffix List.
    RegistrableDomain,
    /// The host's public suffix by the Public Suffix List.
    PublicSuffix,
}

/// A piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Field(Field),
}

/// A parsed `--get` template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

impl Template {
    /// Parses a template; the error is a usage message.
    pub fn parse(text: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(i) = rest.find(['{', '}']) {
            literal.push_str(&rest[..i]);
            let tail = &rest[i..];
            if let Some(after) = tail.strip_prefix("{{").or_else(|| tail.strip_prefix("}}")) {
                literal.push_str(&tail[..1]);
                rest = after;
                continue;
            }
            if tail.starts_with('}') {
                return Err(format!(
                    "--get {text:?}: unmatched '}}' (write '}}}}' for a brace)"
                ));
            }
            let Some(end) = tail.find('}') else {
                return Err(format!("--get {text:?}: unclosed '{{'"));
            };
            let name = &tail[1..end];
            let field = field(name)
                .ok_or_else(|| format!("--get: unknown placeholder {{{name}}} (expected one of {NAMES})"))?;
            if !literal.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut literal)));
            }
            pieces.push(Piece::Field(field));
            rest = &tail[end + 1..];
        }
        literal.push_str(rest);
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        // A template without a placeholder prints the same text for every URL: it is
        // `--get host` meant as `--get '{host}'`.
        if !pieces.iter().any(|piece| matches!(piece, Piece::Field(_))) {
            let name = if field(text.trim()).is_some() {
                text.trim()
            } else {
                "host"
            };
            return Err(format!(
                "--get {text:?}: no placeholder; name components in braces, as --get '{{{name}}}'"
            ));
        }
        Ok(Template { pieces })
    }

    /// The template filled in for `url`; `href` is the href to show (see
    /// [`crate::edit::Edits::href`]).
    pub fn render(&self, url: &Url, href: &str) -> String {
        let mut out = String::with_capacity(64);
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Field(field) => render(field, url, href, &mut out),
            }
        }
        out
    }
}

/// The field a placeholder name stands for.
fn field(name: &str) -> Option<Field> {
    // The URL Standard gives hosts in Punycode already.
    let name = name
        .strip_prefix("puny:")
        .filter(|n| n.starts_with("host"))
        .unwrap_or(name);
    if let Ok(attribute) = name.parse::<Attribute>() {
        return Some(Field::Attribute(attribute));
    }
    Some(match name {
        "origin" => Field::Origin,
        "scheme" => Field::Scheme,
        "path" => Field::Path,
        "query" => Field::Query,
        "fragment" => Field::Fragment,
        "default:port" => Field::DefaultPort,
        "idn:host" => Field::Idn(true),
        "idn:hostname" => Field::Idn(false),
        "registrable_domain" => Field::RegistrableDomain,
        "public_suffix" => Field::PublicSuffix,
        _ => {
            if let Some(q) = name.strip_prefix("query:") {
                Field::QueryFirst(q.to_owned())
            } else if let Some(q) = name.strip_prefix("query-all:") {
                Field::QueryAll(q.to_owned())
            } else {
                return None;
            }
        }
    })
}

/// Appends the value of `field` for `url`.
fn render(field: &Field, url: &Url, href: &str, out: &mut String) {
    match field {
        Field::Attribute(Attribute::Href) => out.push_str(href),
        Field::Attribute(attribute) => out.push_str(url.get(*attribute)),
        Field::Path => out.push_str(url.pathname()),
        Field::Origin => out.push_str(&url.origin().ascii_serialization()),
        Field::Scheme => out.push_str(url.scheme()),
        Field::Query => out.push_str(url.query().unwrap_or("")),
        Field::Fragment => out.push_str(url.fragment().unwrap_or("")),
        Field::QueryFirst(name) => {
            if let Some(value) = url.search_params().get(name) {
                out.push_str(value);
            }
        }
        Field::QueryAll(name) => {
            let params = url.search_params();
            for (i, value) in params.get_all(name).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(value);
            }
        }
        Field::DefaultPort => {
            if let Some(port) = url.port_or_known_default() {
                let _ = write!(out, "{port}");
            }
        }
        Field::RegistrableDomain | Field::PublicSuffix => {
            let parts = url
                .host()
                .and_then(|h| urlkit::domain::List::builtin().split_host(h));
            let value = parts.as_ref().and_then(|p| match field {
                Field::RegistrableDomain => p.registrable_domain(),
                _ => Some(p.public_suffix()),
            });
            out.push_str(value.unwrap_or(""));
        }
        Field::Idn(with_port) => {
            let hostname = url.hostname();
            out.push_str(unicode_host(hostname).as_deref().unwrap_or(hostname));
            if *with_port && !url.port_str().is_empty() {
                out.push(':');
                out.push_str(url.port_str());
            }
        }
    }
}

/// The host in Unicode when it has Punycode labels that decode.
pub fn unicode_host(host: &str) -> Option<String> {
    if !host.contains("xn--") {
        return None;
    }
    match urlkit::host::domain_to_unicode(host) {
        (text, Ok(())) if text != host => Some(text),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(template: &str, url: &str) -> String {
        let url = Url::parse(url).unwrap();
        Template::parse(template).unwrap().render(&url, url.href())
    }

    #[test]
    fn placeholders() {
        let url = "https://u:p@xn--bcher-kva.example:8443/a/b?q=1&x=a+b&x=2#frag";
        assert_eq!(get("{host}", url), "xn--bcher-kva.example:8443");
        assert_eq!(
            get("{idn:host} {puny:hostname}", url),
            "bücher.example:8443 xn--bcher-kva.example"
        );
        assert_eq!(
            get("{scheme}|{path}|{query}|{fragment}", url),
            "https|/a/b|q=1&x=a+b&x=2|frag"
        );
        assert_eq!(get("{query:x}/{query-all:x}/{query:none}", url), "a b/a b 2/");
        assert_eq!(get("{{{port}}}", url), "{8443}");
        assert_eq!(get("{default:port} {port}", "http://h/"), "80 ");
        assert_eq!(get("[{hash}]", "http://h/"), "[]");
    }

    #[test]
    fn unknown_placeholders_and_braces_are_usage_errors() {
        assert!(Template::parse("{nope}")
            .unwrap_err()
            .contains("unknown placeholder {nope}"));
        assert!(Template::parse("{host").is_err());
        assert!(Template::parse("host}").is_err());
    }
}

//! Shared by the differential targets: the one explained class of urlkit/ada differences.

/// Whether a urlkit/ada difference lies in the explained class: an IDNA host that one side
/// accepts and the other rejects at domain to ASCII (UTS 46 version and CheckBidi
/// differences, see `crates/urlkit-bench/tests/differential-ledger.txt`). It is proven to lie
/// in the host alone: the accepting side put an `xn--` label in the host, and with that host
/// replaced by `h.example` the rejecting side takes the rest of its href unchanged. (The
/// `xn--` href itself parses on both sides, rightly: an ASCII domain is only lower-cased by
/// the URL Standard's domain parser, step 5, "regardless of Unicode ToASCII's outcome";
/// finding F2 in RELIABILITY.md.)
pub fn explained_idna(ours: &Result<urlkit::Url, urlkit::ParseError>, ada: Option<&str>) -> bool {
    match (ours, ada) {
        (Err(e), Some(href)) if e.kind() == urlkit::ErrorKind::DomainToAscii => {
            let Ok(mut ada) = ada_url::Url::parse(href, None) else {
                return false;
            };
            if !has_punycode(ada.hostname()) {
                return false;
            }
            let _ = ada.set_hostname(Some("h.example"));
            urlkit::Url::parse(ada.href()).is_ok_and(|u| u.as_str() == ada.href())
        }
        (Ok(url), None) if has_punycode(url.hostname()) => {
            let mut url = url.clone();
            let _ = url.set_hostname("h.example");
            ada_url::Url::parse(url.as_str(), None).is_ok_and(|a| a.href() == url.as_str())
        }
        _ => false,
    }
}

fn has_punycode(host: &str) -> bool {
    host.split('.').any(|l| l.starts_with("xn--"))
}

/// Whether `reparsed`, the parse of the href of `set`, differs from `set` only as the URL
/// Standard makes a URL that the protocol setter switched to `file` differ (finding F10 in
/// RELIABILITY.md): the [scheme state](https://url.spec.whatwg.org/#scheme-state) with a
/// state override (steps 2.1–2.2) lets a special URL whose host is `localhost` become
/// `file:` and keeps that host, while the
/// [file host state](https://url.spec.whatwg.org/#file-host-state) turns a parsed `localhost` into the empty host ("If host is "localhost", then set
/// host to the empty string"). ada does the same. Everything but the host must be equal.
pub fn explained_file_localhost(
    set: &urlkit::Url,
    reparsed: &Result<urlkit::Url, urlkit::ParseError>,
) -> bool {
    if set.scheme() != "file" || set.hostname() != "localhost" {
        return false;
    }
    let mut emptied = set.clone();
    emptied.set_hostname("").is_ok() && emptied.hostname().is_empty() && reparsed.as_ref() == Ok(&emptied)
}

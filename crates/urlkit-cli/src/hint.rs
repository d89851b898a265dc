//! Inputs that are not the URL they look like: a host and path without a scheme
//! (`example.org/path`, which the URL Standard rejects as a relative URL without a base)
//! and a Windows file path (`C:\Users\me\file.txt`, which it reads as a URL with the
//! one-letter scheme `c:`). The CLI keeps the standard's answer and says what was probably
//! meant; `--guess-scheme` takes the guess instead, as trurl and curl do.

use urlkit::{Host, Url};

/// The URL a scheme-less input was probably meant as: `http://` before it (`ftp://` for an
/// `ftp.` host, as trurl and curl guess), when it starts with a host that names a machine
/// on a network: a domain with a dot, `localhost`, or an IP address, with an optional
/// port. `None` for anything else (a path, an email address, a word).
pub fn guess_scheme(input: &str) -> Option<String> {
    // The URL parser ignores leading and trailing C0 controls and spaces; a scheme-relative
    // reference (`//host/path`, as written in HTML) lacks only the scheme too.
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let trimmed = trimmed.strip_prefix("//").unwrap_or(trimmed);
    let authority_end = trimmed.find(['/', '\\', '?', '#']).unwrap_or(trimmed.len());
    let authority = &trimmed[..authority_end];
    // A user name makes it an email address, not a host.
    if authority.is_empty() || authority.contains('@') {
        return None;
    }
    let scheme = if authority.to_ascii_lowercase().starts_with("ftp.") {
        "ftp"
    } else {
        "http"
    };
    let guess = format!("{scheme}://{trimmed}");
    let url = Url::parse(&guess).ok()?;
    let host_like = match url.host()? {
        Host::Domain(domain) => domain.contains('.') || domain == "localhost",
        Host::Ipv4(_) | Host::Ipv6(_) => true,
        Host::Empty | Host::Opaque(_) => false,
    };
    host_like.then_some(guess)
}

/// The hint for a scheme-less input (see [`guess_scheme`]): `did you mean URL?`.
pub fn scheme_hint(input: &str) -> Option<String> {
    guess_scheme(input).map(|guess| format!("did you mean {guess}?"))
}

/// Whether `input` is a Windows path with a drive letter (`C:\…` or `C:/…`), which the URL
/// Standard reads as a URL whose scheme is the drive letter.
pub fn is_windows_path(input: &str) -> bool {
    let trimmed = input.trim_start_matches(|c: char| c <= ' ');
    let bytes = trimmed.as_bytes();
    bytes.len() >= 3 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' && matches!(bytes[2], b'\\' | b'/')
}

/// The warning for a Windows path read as a URL, pointing at `urlkit path-to-url`.
pub fn windows_path_warning(input: &str) -> String {
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let quoted = trimmed.replace('\'', r"'\''");
    let scheme = trimmed[..1].to_ascii_lowercase();
    format!(
        "urlkit: warning: {input:?} looks like a Windows file path, read as a URL with scheme \
         \"{scheme}:\"; its file: URL is: urlkit path-to-url --style windows '{quoted}'\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_only_for_hosts() {
        assert_eq!(
            guess_scheme("example.org/path").as_deref(),
            Some("http://example.org/path")
        );
        assert_eq!(
            guess_scheme(" Example.ORG:8080 ").as_deref(),
            Some("http://Example.ORG:8080")
        );
        assert_eq!(
            guess_scheme("ftp.example.net").as_deref(),
            Some("ftp://ftp.example.net")
        );
        assert_eq!(guess_scheme("localhost/x").as_deref(), Some("http://localhost/x"));
        assert_eq!(guess_scheme("10.0.0.1?q").as_deref(), Some("http://10.0.0.1?q"));
        assert_eq!(
            guess_scheme("//github.com/a").as_deref(),
            Some("http://github.com/a")
        );
        for no in [
            "",
            "/a/b",
            "word",
            "a@example.com",
            "a b.example",
            "?x",
            "#f",
            "\\\\server\\share",
            "///a.example/",
            "//",
        ] {
            assert_eq!(guess_scheme(no), None, "{no:?}");
        }
    }

    #[test]
    fn windows_paths_have_a_drive_and_a_separator() {
        assert!(is_windows_path(r"C:\Users\me"));
        assert!(is_windows_path("d:/x"));
        for no in ["c:x", "C:", "file:///C:/x", "ab:\\x", "1:\\x"] {
            assert!(!is_windows_path(no), "{no:?}");
        }
        assert!(windows_path_warning(r"C:\it's").contains(r"path-to-url --style windows 'C:\it'\''s'"));
    }
}

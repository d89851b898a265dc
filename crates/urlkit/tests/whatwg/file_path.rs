//! File paths ↔ `file:` URLs for both path styles (run on any host OS), including the
//! RFC 8089 Appendix E examples and round trips.

use proptest::prelude::*;
use urlkit::file_path::{from_path, to_path, FilePathError, PathStyle};
use urlkit::Url;

use FilePathError::*;
use PathStyle::{Unix, Windows};

fn href(path: &str, style: PathStyle) -> Result<String, FilePathError> {
    from_path(path, style).map(Url::into_string)
}

fn path_of(url: &str, style: PathStyle) -> Result<String, FilePathError> {
    let url = Url::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    to_path(&url, style)
}

#[test]
fn unix_to_url() {
    let cases = [
        ("/", "file:///"),
        ("/etc/passwd", "file:///etc/passwd"),
        ("/a/b/", "file:///a/b/"),
        ("/a//b", "file:///a//b"),
        ("//net/x", "file:////net/x"),
        ("/tmp/a b", "file:///tmp/a%20b"),
        ("/q?x#y", "file:///q%3Fx%23y"),
        ("/100%", "file:///100%25"),
        ("/%2e%2e", "file:///%252e%252e"),
        ("/back\\slash", "file:///back%5Cslash"),
        ("/C|/x", "file:///C%7C/x"),
        ("/C:/x", "file:///C:/x"),
        ("/café", "file:///caf%C3%A9"),
        ("/\u{1F4A9}", "file:///%F0%9F%92%A9"),
        ("/tab\there", "file:///tab%09here"),
        ("/nl\n", "file:///nl%0A"),
        ("/ lead", "file:///%20lead"),
        ("/a{b}^`\"<>", "file:///a%7Bb%7D%5E%60%22%3C%3E"),
        ("/...", "file:///..."),
        ("/.hidden", "file:///.hidden"),
        ("/a;b=c,d@e:f!$&'()*+~", "file:///a;b=c,d@e:f!$&'()*+~"),
    ];
    for (path, want) in cases {
        assert_eq!(href(path, Unix).as_deref(), Ok(want), "{path:?}");
        assert_eq!(
            Url::from_file_path_with_style(path, Unix)
                .map(Url::into_string)
                .as_deref(),
            Ok(want)
        );
    }
}

#[test]
fn unix_refusals() {
    for (path, err) in [
        ("", NotAbsolute),
        ("etc/passwd", NotAbsolute),
        ("./a", NotAbsolute),
        ("~/a", NotAbsolute),
        ("/a/../b", DotComponent),
        ("/a/./b", DotComponent),
        ("/..", DotComponent),
        ("/a/.", DotComponent),
        ("/a\0b", Nul),
    ] {
        assert_eq!(href(path, Unix), Err(err), "{path:?}");
    }
}

#[test]
fn windows_to_url() {
    let cases = [
        (r"C:\", "file:///C:/"),
        ("C:", "file:///C:/"),
        (r"C:\a\b", "file:///C:/a/b"),
        ("C:/a/b", "file:///C:/a/b"),
        (r"c:\Mixed/seps\x", "file:///c:/Mixed/seps/x"),
        (r"C:\dir\", "file:///C:/dir/"),
        (
            r"C:\Program Files\x#1.txt",
            "file:///C:/Program%20Files/x%231.txt",
        ),
        (r"C:\50%", "file:///C:/50%25"),
        (r"C:\file.txt:stream", "file:///C:/file.txt:stream"),
        (r"\\server\share\x", "file://server/share/x"),
        (
            r"\\Server.Example.COM\Share\a b",
            "file://server.example.com/Share/a%20b",
        ),
        ("//server/share/x", "file://server/share/x"),
        (r"\\server\share", "file://server/share"),
        (r"\\192.168.0.1\share\x", "file://192.168.0.1/share/x"),
        (r"\\?\C:\x\y", "file:///C:/x/y"),
        (r"\\?\C:", "file:///C:/"),
        (r"\\?\UNC\server\share\x", "file://server/share/x"),
        (r"\\?\unc\server\share", "file://server/share"),
        (r"C:\Zoë\日本", "file:///C:/Zo%C3%AB/%E6%97%A5%E6%9C%AC"),
    ];
    for (path, want) in cases {
        assert_eq!(href(path, Windows).as_deref(), Ok(want), "{path:?}");
    }
}

#[test]
fn windows_refusals() {
    for (path, err) in [
        ("", NotAbsolute),
        (r"a\b", NotAbsolute),
        (r"\a\b", NotAbsolute),
        ("/a/b", NotAbsolute),
        (r"C:a", NotAbsolute),
        (r"1:\a", NotAbsolute),
        (r"C:\a\..\b", DotComponent),
        (r"C:\.\b", DotComponent),
        (r"\\server\share\..", DotComponent),
        (r"\\?\C:\a\..", DotComponent),
        (r"\\?\C:\a/b", SeparatorInComponent),
        ("C:\\a\0", Nul),
        (r"\\.\COM1", UnsupportedPrefix),
        (r"\\.\C:\x", UnsupportedPrefix),
        ("//./C:/x", UnsupportedPrefix),
        ("//?/C:/x", UnsupportedPrefix),
        (
            r"\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\x",
            UnsupportedPrefix,
        ),
        (r"\\?\GLOBALROOT\Device\x", UnsupportedPrefix),
        (r"\\server", IncompleteUnc),
        (r"\\server\", IncompleteUnc),
        (r"\\\share", IncompleteUnc),
        (r"\\?\UNC\server", IncompleteUnc),
        (r"\\user@server\share", InvalidHost),
        (r"\\server:80\share", InvalidHost),
        (r"\\serv er\share", InvalidHost),
        (r"\\serv%41\share", InvalidHost),
        (r"\\localhost\c$\x", InvalidHost),
        (r"\\a<b\share", InvalidHost),
    ] {
        assert_eq!(href(path, Windows), Err(err), "{path:?}");
    }
}

#[test]
fn url_to_unix_path() {
    for (url, want) in [
        ("file:///", "/"),
        ("file:///etc/passwd", "/etc/passwd"),
        ("file://localhost/etc/passwd", "/etc/passwd"),
        ("file://LOCALHOST/x", "/x"),
        ("file:/etc", "/etc"),
        ("file:etc", "/etc"),
        ("file:///a%20b/caf%C3%A9", "/a b/café"),
        ("file:///a b", "/a b"),
        ("file:///a%5Cb", "/a\\b"),
        ("file:///a\\b", "/a/b"),
        ("file:///C:/x", "/C:/x"),
        ("file:///c|/x", "/c:/x"),
        ("file:///a/./b/../c", "/a/c"),
        ("file:///a?q#f", "/a"),
        ("file:////net/x", "//net/x"),
        ("file:///%zz%", "/%zz%"),
    ] {
        assert_eq!(path_of(url, Unix).as_deref(), Ok(want), "{url}");
        let parsed = Url::parse(url).unwrap();
        assert_eq!(parsed.to_file_path_with_style(Unix).as_deref(), Ok(want));
    }
}

#[test]
fn url_to_unix_path_refusals() {
    for (url, err) in [
        ("http://example.com/x", NotFileScheme),
        ("FILE2:///x", NotFileScheme),
        ("file://server/share/x", RemoteHost),
        ("file://127.0.0.1/x", RemoteHost),
        ("file:///a%2Fb", EncodedSeparator),
        ("file:///a%2fb", EncodedSeparator),
        ("file:///a%00b", Nul),
        ("file:///%FF", NotUnicode),
    ] {
        assert_eq!(path_of(url, Unix), Err(err), "{url}");
    }
}

#[test]
fn url_to_windows_path() {
    for (url, want) in [
        ("file:///C:/a/b", r"C:\a\b"),
        ("file:///C:", r"C:\"),
        ("file:///C:/", r"C:\"),
        ("file:///c|/a", r"c:\a"),
        ("file://localhost/C:/a", r"C:\a"),
        ("file:/C:/a", r"C:\a"),
        ("file:C:/a", r"C:\a"),
        ("file://C:/a", r"C:\a"),
        (
            "file:///C:/Program%20Files/x%231.txt",
            r"C:\Program Files\x#1.txt",
        ),
        ("file:///C:/a/../../b", r"C:\b"),
        ("file:///C%3A/x", r"C:\x"),
        ("file://server/share/x", r"\\server\share\x"),
        ("file://server/share", r"\\server\share"),
        ("file://SERVER/Share/", r"\\server\Share\"),
        ("file://192.168.0.1/s/x", r"\\192.168.0.1\s\x"),
        ("file://[::1]/s/x", r"\\--1.ipv6-literal.net\s\x"),
        ("file:////server/share/x", r"\\server\share\x"),
        ("file://///server/share/x", r"\\server\share\x"),
    ] {
        assert_eq!(path_of(url, Windows).as_deref(), Ok(want), "{url}");
    }
}

#[test]
fn url_to_windows_path_refusals() {
    for (url, err) in [
        ("https://server/share", NotFileScheme),
        ("file:///a/b", NoDriveLetter),
        ("file:///", NoDriveLetter),
        ("file:///C:a", NoDriveLetter),
        ("file:///C%7C/a", NoDriveLetter),
        ("file:///C:/a%2Fb", EncodedSeparator),
        ("file:///C:/a%5Cb", EncodedSeparator),
        ("file:///C:/a%00", Nul),
        ("file:///C:/%C3", NotUnicode),
        ("file://server/", IncompleteUnc),
        ("file://server", IncompleteUnc),
        ("file:////server", IncompleteUnc),
    ] {
        assert_eq!(path_of(url, Windows), Err(err), "{url}");
    }
}

/// RFC 8089 Appendix E: drive letters (E.2), the vertical line (E.2.2), UNC strings (E.3.1)
/// and UNC paths in the URL path (E.3.2), and the Appendix B local forms.
#[test]
fn rfc8089_appendix_e() {
    // E.2: "file:c:/path/to/file" and the already-supported "file:///c:/path/to/file".
    for url in ["file:c:/path/to/file", "file:///c:/path/to/file"] {
        assert_eq!(path_of(url, Windows).as_deref(), Ok(r"c:\path\to\file"), "{url}");
    }
    assert_eq!(
        href(r"c:\path\to\file", Windows).as_deref(),
        Ok("file:///c:/path/to/file")
    );
    // E.2.1: relative resolution never overwrites the drive letter.
    let base = Url::parse("file:///c:/path/to/file.txt").unwrap();
    let r = base.join("/some/other/thing.bmp").unwrap();
    assert_eq!(to_path(&r, Windows).as_deref(), Ok(r"c:\some\other\thing.bmp"));
    let base = Url::parse("file:///c:/foo.txt").unwrap();
    assert_eq!(
        to_path(&base.join("../bar.txt").unwrap(), Windows).as_deref(),
        Ok(r"c:\bar.txt")
    );
    // E.2.2: the vertical line.
    for url in [
        "file:///c|/path/to/file",
        "file:/c|/path/to/file",
        "file:c|/path/to/file",
    ] {
        assert_eq!(path_of(url, Windows).as_deref(), Ok(r"c:\path\to\file"), "{url}");
    }
    // E.3.1: UNC string <-> URI with authority.
    let unc = r"\\host.example.com\Share\path\to\file.txt";
    let uri = "file://host.example.com/Share/path/to/file.txt";
    assert_eq!(href(unc, Windows).as_deref(), Ok(uri));
    assert_eq!(path_of(uri, Windows).as_deref(), Ok(unc));
    // E.3.2: the whole UNC string in the path, with two or three extra slashes.
    for url in [
        "file:////host.example.com/path/to/file",
        "file://///host.example.com/path/to/file",
    ] {
        assert_eq!(
            path_of(url, Windows).as_deref(),
            Ok(r"\\host.example.com\path\to\file"),
            "{url}"
        );
    }
    // Appendix B: local files.
    for url in ["file:///path/to/file", "file:/path/to/file"] {
        assert_eq!(path_of(url, Unix).as_deref(), Ok("/path/to/file"), "{url}");
    }
    assert_eq!(href("/path/to/file", Unix).as_deref(), Ok("file:///path/to/file"));
    // A non-local file has no Unix path.
    assert_eq!(
        path_of("file://host.example.com/path/to/file", Unix),
        Err(RemoteHost)
    );
}

#[test]
fn native_style() {
    let want = if cfg!(windows) { Windows } else { Unix };
    assert_eq!(PathStyle::native(), want);
    assert_eq!(urlkit::PathStyle::native(), want);
}

#[cfg(unix)]
#[test]
fn std_paths_on_unix() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    let path = Path::new(OsStr::from_bytes(b"/tmp/\xFFx y"));
    let url = urlkit::file_path::from_std_path(path).unwrap();
    assert_eq!(url.as_str(), "file:///tmp/%FFx%20y");
    assert_eq!(urlkit::file_path::to_std_path(&url).unwrap(), path);
    assert_eq!(
        urlkit::file_path::from_std_path(Path::new("rel")),
        Err(NotAbsolute)
    );
    let remote = Url::parse("file://h/x").unwrap();
    assert_eq!(urlkit::file_path::to_std_path(&remote), Err(RemoteHost));
}

#[test]
fn errors_display_lower_case() {
    for e in [
        NotAbsolute,
        DotComponent,
        Nul,
        UnsupportedPrefix,
        IncompleteUnc,
        InvalidHost,
        SeparatorInComponent,
        NotFileScheme,
        RemoteHost,
        EncodedSeparator,
        NoDriveLetter,
        NotUnicode,
    ] {
        let s = e.to_string();
        assert!(!s.is_empty() && !s.ends_with('.'), "{s}");
        assert_eq!(s, s.to_lowercase(), "{s}");
    }
}

// ---------------------------------------------------------------------------------------------
// Round trips

fn unix_name() -> impl Strategy<Value = String> {
    // Anything but `/` and NUL, biased toward characters that need care.
    let ch = prop_oneof![
        3 => prop::sample::select(vec!['%', '?', '#', '\\', '|', ':', ' ', '.', 'C', '\t', 'é', '\u{1F4A9}', '+', '&']),
        2 => any::<char>().prop_filter("no separator or nul", |&c| c != '/' && c != '\0'),
    ];
    prop::collection::vec(ch, 1..8)
        .prop_map(|v| v.into_iter().collect::<String>())
        .prop_filter("no dot component", |s| s != "." && s != "..")
}

fn windows_name() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        3 => prop::sample::select(vec!['%', '#', ' ', '.', '$', '\u{E9}', '\u{1F4A9}', '+', '&', ';', '@', '^', '{']),
        2 => any::<char>().prop_filter("no separator or nul", |&c| !matches!(c, '/' | '\\' | '\0')),
    ];
    prop::collection::vec(ch, 1..8)
        .prop_map(|v| v.into_iter().collect::<String>())
        .prop_filter("no dot component", |s| s != "." && s != "..")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn unix_round_trip(names in prop::collection::vec(unix_name(), 0..5), trailing in any::<bool>()) {
        let mut path = String::from("/");
        path.push_str(&names.join("/"));
        if trailing && !names.is_empty() {
            path.push('/');
        }
        let url = from_path(&path, Unix).unwrap();
        prop_assert!(url.as_str().is_ascii());
        prop_assert_eq!(to_path(&url, Unix).unwrap(), path.clone());
        // Reparsing the href gives the same URL.
        prop_assert_eq!(Url::parse(url.as_str()).unwrap(), url);
    }

    #[test]
    fn windows_drive_round_trip(drive in "[A-Za-z]", names in prop::collection::vec(windows_name(), 0..5)) {
        let path = format!("{drive}:\\{}", names.join("\\"));
        let url = from_path(&path, Windows).unwrap();
        prop_assert_eq!(to_path(&url, Windows).unwrap(), path.clone());
        // Forward slashes name the same file.
        prop_assert_eq!(from_path(&path.replace('\\', "/"), Windows).unwrap(), url.clone());
        // The verbatim form too.
        prop_assert_eq!(from_path(&format!("\\\\?\\{path}"), Windows).unwrap(), url);
    }

    #[test]
    fn windows_unc_round_trip(server in "[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,4})?(\\.[a-z]{2,4})?", names in prop::collection::vec(windows_name(), 1..5)) {
        prop_assume!(server != "localhost");
        let path = format!("\\\\{server}\\{}", names.join("\\"));
        let url = from_path(&path, Windows).unwrap();
        prop_assert_eq!(url.hostname(), server.as_str());
        prop_assert_eq!(to_path(&url, Windows).unwrap(), path.clone());
        let verbatim = format!("\\\\?\\UNC\\{server}\\{}", names.join("\\"));
        prop_assert_eq!(from_path(&verbatim, Windows).unwrap(), url);
    }

    #[cfg(unix)]
    #[test]
    fn std_path_round_trip_any_bytes(names in prop::collection::vec(prop::collection::vec(any::<u8>(), 1..6), 0..4)) {
        use std::os::unix::ffi::OsStrExt;
        let mut bytes = Vec::new();
        for name in &names {
            bytes.push(b'/');
            bytes.extend(name.iter().map(|&b| if b == b'/' || b == 0 { b'x' } else { b }));
        }
        if bytes.is_empty() {
            bytes.push(b'/');
        }
        let path = std::path::Path::new(std::ffi::OsStr::from_bytes(&bytes));
        let dot = bytes.split(|&b| b == b'/').any(|c| c == b"." || c == b"..");
        match urlkit::file_path::from_std_path(path) {
            Ok(url) => {
                prop_assert!(!dot);
                prop_assert_eq!(urlkit::file_path::to_std_path(&url).unwrap(), path);
            }
            Err(e) => prop_assert!(dot && e == DotComponent, "{:?}: {:?}", path, e),
        }
    }

    #[test]
    fn conversions_never_panic(path in "[/\\\\?.:Ca%#| é]{0,12}") {
        for style in [Unix, Windows] {
            if let Ok(url) = from_path(&path, style) {
                let back = to_path(&url, style);
                prop_assert!(back.is_ok(), "{:?} -> {} -> {:?}", path, url.as_str(), back);
            }
        }
    }
}

/// A UNC server name that the host parser maps to `.` (U+FF0E, U+3002) must not come back
/// as the device path `\\.\`; nor may any `file:` URL whose host is `.` (found by the
/// `file_path_roundtrip` fuzz target).
#[test]
fn no_device_namespace_through_a_dot_host() {
    use urlkit::file_path::{from_path, to_path, FilePathError};
    for path in ["//\u{FF0E}/share/x", "\\\\\u{3002}\\share", "\\\\\u{FF0E}\\tesu"] {
        assert_eq!(
            from_path(path, PathStyle::Windows).map(|u| u.into_string()),
            Err(FilePathError::UnsupportedPrefix),
            "{path:?}"
        );
    }
    for href in ["file://./share/x", "file://%2E/share/x", "file://\u{FF0E}/share"] {
        let url = Url::parse(href).unwrap();
        assert_eq!(
            to_path(&url, PathStyle::Windows),
            Err(FilePathError::UnsupportedPrefix),
            "{href}"
        );
    }
    // An ordinary server and a dotted name are still servers.
    let url = Url::parse("file://a.b/share/x").unwrap();
    assert_eq!(to_path(&url, PathStyle::Windows).unwrap(), r"\\a.b\share\x");
}

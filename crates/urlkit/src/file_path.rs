//! Converting between file paths and `file:` URLs, for Unix and Windows paths on any host OS.
//!
//! The conversions are pure string logic following [RFC 8089](https://www.rfc-editor.org/rfc/rfc8089)
//! (with its [Appendix E](https://www.rfc-editor.org/rfc/rfc8089#appendix-E) drive letters and
//! UNC strings) and the URL Standard's [file state](https://url.spec.whatwg.org/#file-state):
//! [`from_path`] builds a URL from an absolute path, [`to_path`] turns a `file:` URL back into
//! a path. With the `std` feature, [`from_std_path`] and [`to_std_path`] do the same for the
//! host OS's [`std::path::Path`].
//!
//! Rules, chosen to be lossless and never to change which file is named:
//!
//! - Only absolute paths convert: a relative path has no URL without a base directory.
//! - `.` and `..` components are refused: the URL parser would resolve them lexically, which
//!   is wrong when a component before `..` is a symbolic link. Canonicalize the path first.
//! - Every byte outside the URL path's safe set is percent-encoded, and so are `%` (so that
//!   `%41` in a file name stays `%41`), `\` (a separator in `file:` URLs) and `|` (the parser
//!   would read `C|` as a drive letter).
//! - Back to a path, escapes are decoded, but an escape that decodes to a separator of the
//!   target style (`%2F`, and `%5C` on Windows) or to NUL is refused.
//!
//! ```
//! use urlkit::file_path::{self, PathStyle};
//! let url = file_path::from_path(r"C:\Users\Zoë\notes #1.txt", PathStyle::Windows)?;
//! assert_eq!(url.as_str(), "file:///C:/Users/Zo%C3%AB/notes%20%231.txt");
//! assert_eq!(file_path::to_path(&url, PathStyle::Windows)?, r"C:\Users\Zoë\notes #1.txt");
//! assert_eq!(file_path::to_path(&url, PathStyle::Unix)?, "/C:/Users/Zoë/notes #1.txt");
//! # Ok::<(), urlkit::file_path::FilePathError>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::percent::sets::PATH;
use crate::{Host, Url};

/// How file paths are written: which separators, roots and prefixes exist.
///
/// ```
/// use urlkit::file_path::PathStyle;
/// let style = if cfg!(windows) { PathStyle::Windows } else { PathStyle::Unix };
/// assert_eq!(PathStyle::native(), style);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PathStyle {
    /// POSIX paths: `/` separates, absolute paths start with `/`, every other byte but NUL
    /// may appear in a name.
    Unix,
    /// Windows paths: `\` and `/` separate; absolute paths start with a drive (`C:\`), are
    /// UNC paths (`\\server\share\`), or verbatim paths (`\\?\C:\`, `\\?\UNC\server\share\`).
    Windows,
}

impl PathStyle {
    /// The style of the OS this crate is compiled for: `Windows` on Windows, else `Unix`.
    ///
    /// ```
    /// # use urlkit::file_path::PathStyle;
    /// #[cfg(unix)]
    /// assert_eq!(PathStyle::native(), PathStyle::Unix);
    /// ```
    pub const fn native() -> PathStyle {
        if cfg!(windows) {
            PathStyle::Windows
        } else {
            PathStyle::Unix
        }
    }
}

/// Why a path could not become a `file:` URL, or a URL a path.
///
/// ```
/// use urlkit::file_path::{from_path, FilePathError, PathStyle};
/// let err = from_path("docs/a.txt", PathStyle::Unix).unwrap_err();
/// assert_eq!(err, FilePathError::NotAbsolute);
/// assert_eq!(err.to_string(), "path is not absolute");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathError {
    /// The path is relative (including Windows `\dir` and `C:dir`, which depend on a
    /// current drive or directory).
    NotAbsolute,
    /// The path has a `.` or `..` component.
    DotComponent,
    /// The path, or the URL's decoded path, contains NUL.
    Nul,
    /// A Windows path with a prefix that has no `file:` URL: device paths (`\\.\`) and
    /// verbatim paths other than `\\?\C:\…` and `\\?\UNC\…`.
    UnsupportedPrefix,
    /// A UNC path or URL without a server or share name.
    IncompleteUnc,
    /// The server of a UNC path is not a valid URL host (or is `localhost`, which a `file:`
    /// URL cannot keep).
    InvalidHost,
    /// A verbatim Windows path has `/` inside a component.
    SeparatorInComponent,
    /// The URL's scheme is not `file`.
    NotFileScheme,
    /// The URL names a file on another host, which a Unix path cannot.
    RemoteHost,
    /// The URL's path has an escape that decodes to a path separator (`%2F`, and `%5C` for
    /// Windows).
    EncodedSeparator,
    /// The URL's local path does not start with a drive letter (Windows).
    NoDriveLetter,
    /// The path, or the URL's decoded path, is not valid Unicode.
    NotUnicode,
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FilePathError::NotAbsolute => "path is not absolute",
            FilePathError::DotComponent => "path has a . or .. component",
            FilePathError::Nul => "path contains nul",
            FilePathError::UnsupportedPrefix => "unsupported windows path prefix",
            FilePathError::IncompleteUnc => "unc path without server or share name",
            FilePathError::InvalidHost => "unc server name is not a valid url host",
            FilePathError::SeparatorInComponent => "path component contains a separator",
            FilePathError::NotFileScheme => "url scheme is not file",
            FilePathError::RemoteHost => "url host is not local",
            FilePathError::EncodedSeparator => "url path has an encoded path separator",
            FilePathError::NoDriveLetter => "url path has no windows drive letter",
            FilePathError::NotUnicode => "path is not valid unicode",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FilePathError {}

/// What to percent-encode in a path segment: the
/// [path percent-encode set](https://url.spec.whatwg.org/#path-percent-encode-set) plus `%`,
/// `\` and `|`.
const SEGMENT: [bool; 256] = PATH.add_all(b"%\\|").encode_table();

/// Appends `/` and the percent-encoding of `segment` to `out`.
fn push_segment(out: &mut String, segment: &[u8]) -> Result<(), FilePathError> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    if segment == b"." || segment == b".." {
        return Err(FilePathError::DotComponent);
    }
    out.push('/');
    for &b in segment {
        if b == 0 {
            return Err(FilePathError::Nul);
        }
        if SEGMENT[b as usize] {
            out.push('%');
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        } else {
            out.push(b as char);
        }
    }
    Ok(())
}

/// The href for an absolute Unix path (any bytes but NUL).
fn unix_href(path: &[u8]) -> Result<String, FilePathError> {
    let Some(rest) = path.strip_prefix(b"/") else {
        return Err(FilePathError::NotAbsolute);
    };
    let mut href = String::with_capacity(path.len() + 8);
    href.push_str("file://");
    for segment in rest.split(|&b| b == b'/') {
        push_segment(&mut href, segment)?;
    }
    Ok(href)
}

/// Whether `c` separates components in a (non-verbatim) Windows path.
fn is_win_sep(c: u8) -> bool {
    c == b'\\' || c == b'/'
}

/// `X:` at the start of `p`, followed by the end or a separator accepted by `sep`.
fn drive_prefix(p: &[u8], sep: fn(u8) -> bool) -> bool {
    p.len() >= 2 && p[0].is_ascii_alphabetic() && p[1] == b':' && p.get(2).is_none_or(|&c| sep(c))
}

/// A Windows path, taken apart: the host (UNC server, or empty), and the rest as a list of
/// components below the root (the drive letter, or the share, comes first).
struct WinParts<'a> {
    server: &'a str,
    /// The components, separated by any byte for which `sep` holds.
    rest: &'a [u8],
    sep: fn(u8) -> bool,
}

/// Splits a Windows path into server and components (see [`PathStyle::Windows`]).
fn windows_parts(path: &str) -> Result<WinParts<'_>, FilePathError> {
    let p = path.as_bytes();
    if p.contains(&0) {
        return Err(FilePathError::Nul);
    }
    fn backslash(c: u8) -> bool {
        c == b'\\'
    }
    if let Some(v) = p.strip_prefix(br"\\?\") {
        // Verbatim: only `\` separates, nothing is normalized.
        if drive_prefix(v, backslash) {
            return Ok(WinParts {
                server: "",
                rest: v,
                sep: backslash,
            });
        }
        if v.len() >= 4 && v[..4].eq_ignore_ascii_case(br"UNC\") {
            return unc_parts(path, p.len() - v.len() + 4, backslash);
        }
        return Err(FilePathError::UnsupportedPrefix);
    }
    if p.len() >= 2 && is_win_sep(p[0]) && is_win_sep(p[1]) {
        // `\\.\`, `//?/` and the like are device paths.
        if p.len() >= 4 && (p[2] == b'.' || p[2] == b'?') && is_win_sep(p[3]) {
            return Err(FilePathError::UnsupportedPrefix);
        }
        return unc_parts(path, 2, is_win_sep);
    }
    if drive_prefix(p, is_win_sep) {
        return Ok(WinParts {
            server: "",
            rest: p,
            sep: is_win_sep,
        });
    }
    Err(FilePathError::NotAbsolute)
}

/// The server and share of a UNC path whose server name starts at byte `start`.
fn unc_parts(path: &str, start: usize, sep: fn(u8) -> bool) -> Result<WinParts<'_>, FilePathError> {
    let p = &path.as_bytes()[start..];
    let server_len = p.iter().position(|&c| sep(c)).unwrap_or(p.len());
    let rest = p.get(server_len + 1..).unwrap_or_default();
    let share_len = rest.iter().position(|&c| sep(c)).unwrap_or(rest.len());
    if server_len == 0 || share_len == 0 {
        return Err(FilePathError::IncompleteUnc);
    }
    // The server name is ASCII-delimited, so these are char boundaries.
    let server = path
        .get(start..start + server_len)
        .ok_or(FilePathError::InvalidHost)?;
    // Bytes that would end or restructure the host in `file://server/`.
    let bad = |c: u8| c <= b' ' || b"\\/?#@:%[]<>^|\x7F".contains(&c);
    if server.bytes().any(bad) {
        return Err(FilePathError::InvalidHost);
    }
    Ok(WinParts { server, rest, sep })
}

/// The href for an absolute Windows path.
fn windows_href(path: &str) -> Result<String, FilePathError> {
    let parts = windows_parts(path)?;
    let mut href = String::with_capacity(path.len() + 8);
    href.push_str("file://");
    href.push_str(parts.server);
    let mut components = parts.rest.split(|&c| (parts.sep)(c));
    if parts.server.is_empty() {
        // The drive letter, written with `:` (`drive_prefix` checked it).
        let drive = components.next().unwrap_or_default();
        href.push('/');
        href.push_str(core::str::from_utf8(drive).map_err(|_| FilePathError::NotAbsolute)?);
        if parts.rest.len() == 2 {
            href.push('/'); // `C:` alone is the drive's root: `C:\`
        }
    }
    let verbatim = !parts.sep(b'/');
    for component in components {
        if verbatim && component.contains(&b'/') {
            return Err(FilePathError::SeparatorInComponent);
        }
        push_segment(&mut href, component)?;
    }
    Ok(href)
}

impl WinParts<'_> {
    fn sep(&self, c: u8) -> bool {
        (self.sep)(c)
    }
}

/// The href for `path` in `style`, not yet parsed.
fn path_to_href(path: &str, style: PathStyle) -> Result<String, FilePathError> {
    match style {
        PathStyle::Unix => unix_href(path.as_bytes()),
        PathStyle::Windows => windows_href(path),
    }
}

/// Parses a built href; a failure can only come from a UNC server name.
fn parse_href(href: &str, has_server: bool) -> Result<Url, FilePathError> {
    let url = Url::parse(href).map_err(|_| FilePathError::InvalidHost)?;
    if has_server && matches!(url.host(), None | Some(Host::Empty)) {
        // `\\localhost\share` would silently become a local path.
        return Err(FilePathError::InvalidHost);
    }
    if has_server && is_device_server(url.hostname()) {
        // A server name that maps to `.` (`\\．\x`, U+FF0E) would come back as `\\.\x`.
        return Err(FilePathError::UnsupportedPrefix);
    }
    Ok(url)
}

/// The `file:` URL of an absolute `path` written in `style`
/// ([RFC 8089](https://www.rfc-editor.org/rfc/rfc8089#section-2), [Appendix E.2 and E.3.1](https://www.rfc-editor.org/rfc/rfc8089#appendix-E.2)).
///
/// - Unix: `/a/b` → `file:///a/b`.
/// - Windows: `C:\a\b` (or `C:/a/b`) → `file:///C:/a/b`; `C:` → `file:///C:/`;
///   `\\server\share\x` → `file://server/share/x`; `\\?\C:\x` → `file:///C:/x`;
///   `\\?\UNC\server\share\x` → `file://server/share/x`.
///
/// Empty components (`/a//b`, a trailing separator) are kept. The rules and their reasons
/// are in the [module documentation](self).
///
/// # Errors
///
/// [`NotAbsolute`](FilePathError::NotAbsolute), [`DotComponent`](FilePathError::DotComponent),
/// [`Nul`](FilePathError::Nul); for Windows also [`UnsupportedPrefix`](FilePathError::UnsupportedPrefix),
/// [`IncompleteUnc`](FilePathError::IncompleteUnc), [`InvalidHost`](FilePathError::InvalidHost)
/// and [`SeparatorInComponent`](FilePathError::SeparatorInComponent).
///
/// ```
/// use urlkit::file_path::{from_path, FilePathError, PathStyle};
/// assert_eq!(from_path("/tmp/a b?.txt", PathStyle::Unix)?.as_str(), "file:///tmp/a%20b%3F.txt");
/// assert_eq!(from_path(r"\\Host\Share\x", PathStyle::Windows)?.as_str(), "file://host/Share/x");
/// assert_eq!(from_path("/a/../b", PathStyle::Unix), Err(FilePathError::DotComponent));
/// # Ok::<(), FilePathError>(())
/// ```
pub fn from_path(path: &str, style: PathStyle) -> Result<Url, FilePathError> {
    let href = path_to_href(path, style)?;
    parse_href(&href, !href.starts_with("file:///"))
}

/// Percent-decodes a URL path, refusing escapes of NUL and of `/` (and of `\` when
/// `backslash_separates`).
fn decode_path(path: &str, backslash_separates: bool) -> Result<Vec<u8>, FilePathError> {
    let hex = |c: Option<&u8>| c.and_then(|c| (*c as char).to_digit(16));
    let b = path.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if let (Some(h), Some(l)) = (hex(b.get(i + 1)), hex(b.get(i + 2))) {
                let byte = (h * 16 + l) as u8;
                match byte {
                    0 => return Err(FilePathError::Nul),
                    b'/' => return Err(FilePathError::EncodedSeparator),
                    b'\\' if backslash_separates => return Err(FilePathError::EncodedSeparator),
                    _ => out.push(byte),
                }
                i += 3;
                continue;
            }
        }
        if b[i] == 0 {
            return Err(FilePathError::Nul);
        }
        if b[i] == b'\\' && backslash_separates {
            // A parsed `file:` URL never has one; a raw one would be ambiguous.
            return Err(FilePathError::EncodedSeparator);
        }
        out.push(b[i]);
        i += 1;
    }
    Ok(out)
}

/// The host of a `file:` URL, or `None` when it names the local machine.
fn remote_host(url: &Url) -> Result<Option<&str>, FilePathError> {
    if url.scheme() != "file" {
        return Err(FilePathError::NotFileScheme);
    }
    Ok(match url.host() {
        None | Some(Host::Empty) => None,
        Some(Host::Domain(d)) if d.eq_ignore_ascii_case("localhost") => None,
        Some(_) => Some(url.hostname()),
    })
}

/// The decoded Unix path (bytes) of a `file:` URL.
fn unix_path_bytes(url: &Url) -> Result<Vec<u8>, FilePathError> {
    if remote_host(url)?.is_some() {
        return Err(FilePathError::RemoteHost);
    }
    decode_path(url.pathname(), false)
}

/// Converts the decoded path of a Windows URL: `/C:/a` → `C:\a`, `//server/share/a` (RFC 8089
/// E.3.2) → `\\server\share\a`, with `server` given when the URL had a host.
fn windows_path(server: Option<&str>, decoded: &str) -> Result<String, FilePathError> {
    let mut out = String::with_capacity(decoded.len() + 4);
    let rest = match server {
        Some(server) => {
            out.push_str(r"\\");
            push_unc_server(&mut out, server);
            decoded
        }
        None => {
            let p = decoded.strip_prefix('/').unwrap_or(decoded);
            if drive_prefix(p.as_bytes(), |c| c == b'/') {
                out.push_str(&p[..2]);
                out.push('\\');
                p.get(3..).unwrap_or_default()
            } else if let Some(unc) = decoded.strip_prefix("//") {
                // `file:////server/share` and `file://///server/share`.
                let unc = unc.strip_prefix('/').unwrap_or(unc);
                let (server, rest) = unc.split_at(unc.find('/').unwrap_or(unc.len()));
                if server.is_empty() {
                    return Err(FilePathError::IncompleteUnc);
                }
                out.push_str(r"\\");
                out.push_str(server);
                rest
            } else {
                return Err(FilePathError::NoDriveLetter);
            }
        }
    };
    if out.get(2..).is_some_and(is_device_server) {
        // `file://./x` must not name the device `\\.\x`.
        return Err(FilePathError::UnsupportedPrefix);
    }
    if out.starts_with(r"\\") {
        // `\\server\share` needs a share name.
        let share = rest.strip_prefix('/').unwrap_or_default();
        if share.split('/').next().is_none_or(str::is_empty) {
            return Err(FilePathError::IncompleteUnc);
        }
    }
    out.extend(rest.chars().map(|c| if c == '/' { '\\' } else { c }));
    Ok(out)
}

/// Whether a UNC server name is one of the device namespaces `\\.\` and `\\?\`.
fn is_device_server(server: &str) -> bool {
    matches!(server, "." | "?")
}

/// Appends a URL host as a UNC server name; IPv6 literals use Windows' `ipv6-literal.net`
/// form (`[::1]` → `--1.ipv6-literal.net`).
fn push_unc_server(out: &mut String, host: &str) {
    match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => {
            out.extend(v6.chars().map(|c| if c == ':' { '-' } else { c }));
            out.push_str(".ipv6-literal.net");
        }
        None => out.push_str(host),
    }
}

/// The file path that a `file:` URL names, written in `style`.
///
/// - Unix: the decoded path; the host must be empty or `localhost`.
/// - Windows: `file:///C:/a` → `C:\a`; `file://server/share/a` → `\\server\share\a`; also
///   RFC 8089 [E.3.2](https://www.rfc-editor.org/rfc/rfc8089#appendix-E.3.2)'s
///   `file:////server/share/a` → `\\server\share\a`.
///
/// # Errors
///
/// [`NotFileScheme`](FilePathError::NotFileScheme), [`EncodedSeparator`](FilePathError::EncodedSeparator),
/// [`Nul`](FilePathError::Nul), [`NotUnicode`](FilePathError::NotUnicode); for Unix
/// [`RemoteHost`](FilePathError::RemoteHost); for Windows [`NoDriveLetter`](FilePathError::NoDriveLetter)
/// and [`IncompleteUnc`](FilePathError::IncompleteUnc).
///
/// ```
/// use urlkit::{file_path::{to_path, FilePathError, PathStyle}, Url};
/// let url = Url::parse("file://localhost/etc/caf%C3%A9")?;
/// assert_eq!(to_path(&url, PathStyle::Unix).unwrap(), "/etc/café");
/// let unc = Url::parse("file://server/share/a%20b")?;
/// assert_eq!(to_path(&unc, PathStyle::Windows).unwrap(), r"\\server\share\a b");
/// assert_eq!(to_path(&unc, PathStyle::Unix), Err(FilePathError::RemoteHost));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn to_path(url: &Url, style: PathStyle) -> Result<String, FilePathError> {
    match style {
        PathStyle::Unix => String::from_utf8(unix_path_bytes(url)?).map_err(|_| FilePathError::NotUnicode),
        PathStyle::Windows => {
            let server = remote_host(url)?;
            let decoded = decode_path(url.pathname(), true)?;
            let decoded = String::from_utf8(decoded).map_err(|_| FilePathError::NotUnicode)?;
            windows_path(server, &decoded)
        }
    }
}

impl Url {
    /// The `file:` URL of an absolute `path` written in `style`; the same as [`from_path`].
    ///
    /// # Errors
    ///
    /// See [`from_path`].
    ///
    /// ```
    /// use urlkit::{file_path::PathStyle, Url};
    /// let url = Url::from_file_path_with_style(r"D:\data\x.csv", PathStyle::Windows)?;
    /// assert_eq!(url.as_str(), "file:///D:/data/x.csv");
    /// # Ok::<(), urlkit::file_path::FilePathError>(())
    /// ```
    pub fn from_file_path_with_style(path: &str, style: PathStyle) -> Result<Url, FilePathError> {
        from_path(path, style)
    }

    /// The file path this `file:` URL names, written in `style`; the same as [`to_path`].
    ///
    /// # Errors
    ///
    /// See [`to_path`].
    ///
    /// ```
    /// use urlkit::{file_path::PathStyle, Url};
    /// let url = Url::parse("file:///D:/data/x.csv")?;
    /// assert_eq!(url.to_file_path_with_style(PathStyle::Windows).unwrap(), r"D:\data\x.csv");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn to_file_path_with_style(&self, style: PathStyle) -> Result<String, FilePathError> {
        to_path(self, style)
    }
}

/// The `file:` URL of an absolute path of the host OS ([`PathStyle::native`]). On Unix any
/// bytes are accepted (non-UTF-8 bytes are percent-encoded); elsewhere the path must be
/// valid Unicode.
///
/// # Errors
///
/// See [`from_path`]; [`NotUnicode`](FilePathError::NotUnicode) for a non-Unicode path
/// outside Unix.
///
/// ```
/// # #[cfg(unix)] {
/// let url = urlkit::file_path::from_std_path(std::path::Path::new("/var/log"))?;
/// assert_eq!(url.as_str(), "file:///var/log");
/// # }
/// # Ok::<(), urlkit::file_path::FilePathError>(())
/// ```
#[cfg(feature = "std")]
pub fn from_std_path(path: &std::path::Path) -> Result<Url, FilePathError> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        parse_href(&unix_href(path.as_os_str().as_bytes())?, false)
    }
    #[cfg(not(unix))]
    {
        from_path(
            path.to_str().ok_or(FilePathError::NotUnicode)?,
            PathStyle::native(),
        )
    }
}

/// The host OS path ([`PathStyle::native`]) that a `file:` URL names. On Unix the decoded
/// bytes need not be UTF-8.
///
/// # Errors
///
/// See [`to_path`].
///
/// ```
/// # #[cfg(unix)] {
/// let url = urlkit::Url::parse("file:///tmp/%FF").unwrap();
/// let path = urlkit::file_path::to_std_path(&url)?;
/// assert_eq!(std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()), b"/tmp/\xFF");
/// # }
/// # Ok::<(), urlkit::file_path::FilePathError>(())
/// ```
#[cfg(feature = "std")]
pub fn to_std_path(url: &Url) -> Result<std::path::PathBuf, FilePathError> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Ok(std::ffi::OsString::from_vec(unix_path_bytes(url)?).into())
    }
    #[cfg(not(unix))]
    {
        to_path(url, PathStyle::native()).map(std::path::PathBuf::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(p: &str) -> Result<String, FilePathError> {
        windows_href(p)
    }

    #[test]
    fn unix_hrefs() {
        assert_eq!(unix_href(b"/").unwrap(), "file:///");
        assert_eq!(unix_href(b"/a/b/").unwrap(), "file:///a/b/");
        assert_eq!(unix_href(b"/a//b").unwrap(), "file:///a//b");
        assert_eq!(unix_href(b"//x").unwrap(), "file:////x");
        assert_eq!(
            unix_href(b"/%41 \\|#?\xFF").unwrap(),
            "file:///%2541%20%5C%7C%23%3F%FF"
        );
        assert_eq!(unix_href(b"/C|/x").unwrap(), "file:///C%7C/x");
        assert_eq!(unix_href(b"/..."), Ok("file:///...".into()));
        assert_eq!(unix_href(b"a"), Err(FilePathError::NotAbsolute));
        assert_eq!(unix_href(b""), Err(FilePathError::NotAbsolute));
        assert_eq!(unix_href(b"/a/./b"), Err(FilePathError::DotComponent));
        assert_eq!(unix_href(b"/a/.."), Err(FilePathError::DotComponent));
        assert_eq!(unix_href(b"/a\0"), Err(FilePathError::Nul));
        assert_eq!(unix_href(b"/\t\n\r").unwrap(), "file:///%09%0A%0D");
    }

    #[test]
    fn windows_hrefs() {
        assert_eq!(win(r"C:\a\b").unwrap(), "file:///C:/a/b");
        assert_eq!(win("c:/a/b/").unwrap(), "file:///c:/a/b/");
        assert_eq!(win("C:").unwrap(), "file:///C:/");
        assert_eq!(win(r"C:\").unwrap(), "file:///C:/");
        assert_eq!(win(r"\\server\share\x y").unwrap(), "file://server/share/x%20y");
        assert_eq!(win("//server/share").unwrap(), "file://server/share");
        assert_eq!(win(r"\\?\C:\x\a/b"), Err(FilePathError::SeparatorInComponent));
        assert_eq!(win(r"\\?\C:\x").unwrap(), "file:///C:/x");
        assert_eq!(win(r"\\?\UNC\srv\sh\x").unwrap(), "file://srv/sh/x");
        assert_eq!(win(r"\\?\unc\srv\sh").unwrap(), "file://srv/sh");
        assert_eq!(win(r"\\?\Volume{x}\a"), Err(FilePathError::UnsupportedPrefix));
        assert_eq!(win(r"\\.\COM1"), Err(FilePathError::UnsupportedPrefix));
        assert_eq!(win("//?/C:/x"), Err(FilePathError::UnsupportedPrefix));
        assert_eq!(win(r"\\server"), Err(FilePathError::IncompleteUnc));
        assert_eq!(win(r"\\server\\x"), Err(FilePathError::IncompleteUnc));
        assert_eq!(win(r"\\\share"), Err(FilePathError::IncompleteUnc));
        assert_eq!(win(r"\\a@b\share"), Err(FilePathError::InvalidHost));
        assert_eq!(win(r"\\a:1\share"), Err(FilePathError::InvalidHost));
        assert_eq!(win(r"C:a"), Err(FilePathError::NotAbsolute));
        assert_eq!(win(r"\a"), Err(FilePathError::NotAbsolute));
        assert_eq!(win(r"a\b"), Err(FilePathError::NotAbsolute));
        assert_eq!(win(""), Err(FilePathError::NotAbsolute));
        assert_eq!(win(r"C:\a\..\b"), Err(FilePathError::DotComponent));
        assert_eq!(win(r"C:\a\."), Err(FilePathError::DotComponent));
        assert_eq!(win("C:\\a\0"), Err(FilePathError::Nul));
        assert_eq!(win(r"C:\é|%").unwrap(), "file:///C:/%C3%A9%7C%25");
    }

    #[test]
    fn windows_paths() {
        assert_eq!(windows_path(None, "/C:/a/b").unwrap(), r"C:\a\b");
        assert_eq!(windows_path(None, "/C:").unwrap(), r"C:\");
        assert_eq!(windows_path(None, "/C:/").unwrap(), r"C:\");
        assert_eq!(windows_path(None, "/a/b"), Err(FilePathError::NoDriveLetter));
        assert_eq!(windows_path(None, "/C:a"), Err(FilePathError::NoDriveLetter));
        assert_eq!(windows_path(Some("srv"), "/sh/a").unwrap(), r"\\srv\sh\a");
        assert_eq!(windows_path(Some("srv"), "/"), Err(FilePathError::IncompleteUnc));
        assert_eq!(
            windows_path(Some("[::1]"), "/sh").unwrap(),
            r"\\--1.ipv6-literal.net\sh"
        );
        assert_eq!(windows_path(None, "//srv/sh/a").unwrap(), r"\\srv\sh\a");
        assert_eq!(windows_path(None, "///srv/sh/a").unwrap(), r"\\srv\sh\a");
        assert_eq!(windows_path(None, "//srv"), Err(FilePathError::IncompleteUnc));
    }

    #[test]
    fn decoding() {
        assert_eq!(decode_path("/a%20b%zz%", false).unwrap(), b"/a b%zz%");
        assert_eq!(decode_path("/a%2Fb", false), Err(FilePathError::EncodedSeparator));
        assert_eq!(decode_path("/a%2fb", true), Err(FilePathError::EncodedSeparator));
        assert_eq!(decode_path("/a%5Cb", false).unwrap(), b"/a\\b");
        assert_eq!(decode_path("/a%5cb", true), Err(FilePathError::EncodedSeparator));
        assert_eq!(decode_path("/a%00", false), Err(FilePathError::Nul));
        assert_eq!(decode_path("/%FF", false).unwrap(), b"/\xFF");
    }
}

//! [Canonicalization](https://urlpattern.spec.whatwg.org/#canon): the encoding callbacks,
//! each running urlkit's own URL parser or setter on a dummy URL.
//!
//! The standard runs the basic URL parser with a state override; urlkit's setters are those
//! state overrides, so each callback is the matching setter on a copy of the
//! [dummy URL](https://urlpattern.spec.whatwg.org/#create-a-dummy-url). Where a setter
//! adds a step of its own (the search and hash setters drop one leading `?`/`#`), the
//! callback puts one in front so the value reaches the state untouched.

use super::error::ErrorKind;
use crate::Url;
use alloc::format;
use alloc::string::{String, ToString};
use std::sync::OnceLock;

/// [Create a dummy URL](https://urlpattern.spec.whatwg.org/#create-a-dummy-url), parsed once.
fn dummy() -> Url {
    static DUMMY: OnceLock<Url> = OnceLock::new();
    DUMMY
        .get_or_init(|| Url::parse("https://dummy.invalid/").unwrap_or_else(|_| unreachable!()))
        .clone()
}

/// [Canonicalize a protocol](https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol).
pub(crate) fn protocol(value: &str) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let url = Url::parse(&format!("{value}://dummy.invalid/")).map_err(|_| ErrorKind::InvalidComponent)?;
    Ok(url.scheme().to_string())
}

/// [Canonicalize a username](https://urlpattern.spec.whatwg.org/#canonicalize-a-username).
pub(crate) fn username(value: &str) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy();
    url.set_username(value).map_err(|_| ErrorKind::InvalidComponent)?;
    Ok(url.username().to_string())
}

/// [Canonicalize a password](https://urlpattern.spec.whatwg.org/#canonicalize-a-password).
pub(crate) fn password(value: &str) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy();
    url.set_password_str(value)
        .map_err(|_| ErrorKind::InvalidComponent)?;
    Ok(url.password_str().to_string())
}

/// [Canonicalize a hostname](https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname).
pub(crate) fn hostname(value: &str) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy();
    url.set_hostname(value).map_err(|_| ErrorKind::InvalidComponent)?;
    Ok(url.hostname().to_string())
}

/// [Canonicalize an IPv6 hostname](https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname).
pub(crate) fn ipv6_hostname(value: &str) -> Result<String, ErrorKind> {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if !c.is_ascii_hexdigit() && !matches!(c, '[' | ']' | ':') {
            return Err(ErrorKind::InvalidComponent);
        }
        out.push(c.to_ascii_lowercase());
    }
    Ok(out)
}

/// [Canonicalize a port](https://urlpattern.spec.whatwg.org/#canonicalize-a-port), with the
/// dummy URL's scheme set to `protocol` when given.
pub(crate) fn port(value: &str, protocol: Option<&str>) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = match protocol {
        // Without a protocol the standard's dummy URL is `https:`, whose default port 443
        // would vanish; the web-platform-tests (and browsers) keep it (`443*` stays `443*`),
        // so the port is read with no default, as for a non-special scheme.
        None => Url::parse("a://dummy.invalid/").map_err(|_| ErrorKind::InvalidComponent)?,
        // Only the default port depends on the scheme: a special scheme with one keeps its
        // own; any other (file and the empty string included) behaves as non-special.
        Some(p) => match crate::scheme::default_port(p) {
            Some(_) => {
                Url::parse(&format!("{p}://dummy.invalid/")).map_err(|_| ErrorKind::InvalidComponent)?
            }
            None => Url::parse("a://dummy.invalid/").map_err(|_| ErrorKind::InvalidComponent)?,
        },
    };
    url.set_port_str(value).map_err(|_| ErrorKind::InvalidComponent)?;
    Ok(url.port_str().to_string())
}

/// [Canonicalize a pathname](https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname).
pub(crate) fn pathname(value: &str) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let leading_slash = value.starts_with('/');
    let mut url = dummy();
    let result = if leading_slash {
        url.set_pathname(value)
    } else {
        url.set_pathname(&format!("/-{value}"))
    };
    result.map_err(|_| ErrorKind::InvalidComponent)?;
    let path = url.pathname();
    Ok(if leading_slash {
        path
    } else {
        path.get(2..).unwrap_or_default()
    }
    .to_string())
}

/// [Canonicalize an opaque pathname](https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname).
///
/// urlkit has no public entry to the opaque path state alone, so the value is parsed as the
/// opaque path of `a:x…`: the `x` keeps a leading `/` from starting a hierarchical path,
/// and a trailing `x` keeps the parser from trimming trailing spaces and controls (it lands
/// in the query or fragment when the value has a `?` or `#`). Both are removed after.
pub(crate) fn opaque_pathname(value: &str) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let url = Url::parse(&format!("a:x{value}x")).map_err(|_| ErrorKind::InvalidComponent)?;
    let path = url.pathname();
    let mut path = path.get(1..).unwrap_or_default();
    if url.query().is_none() && url.fragment().is_none() {
        path = path.get(..path.len().saturating_sub(1)).unwrap_or_default();
    }
    Ok(path.to_string())
}

/// [Canonicalize a search](https://urlpattern.spec.whatwg.org/#canonicalize-a-search).
pub(crate) fn search(value: &str) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy();
    url.set_search(&format!("?{value}"))
        .map_err(|_| ErrorKind::InvalidComponent)?;
    Ok(url.query().unwrap_or_default().to_string())
}

/// [Canonicalize a hash](https://urlpattern.spec.whatwg.org/#canonicalize-a-hash).
pub(crate) fn hash(value: &str) -> Result<String, ErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy();
    url.set_hash(&format!("#{value}"))
        .map_err(|_| ErrorKind::InvalidComponent)?;
    Ok(url.fragment().unwrap_or_default().to_string())
}

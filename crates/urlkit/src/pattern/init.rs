//! [URLPatternInit processing](https://urlpattern.spec.whatwg.org/#canon-processing-for-init).

use super::canon;
use super::error::{Error, ErrorKind};
use super::parser::escape_pattern;
use super::{Component, UrlPatternInit};
use crate::scheme::SpecialScheme;
use crate::Url;
use alloc::string::{String, ToString};

/// The `type` argument: building a pattern or canonicalizing a URL to match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Pattern,
    Url,
}

/// [Process a base URL string](https://urlpattern.spec.whatwg.org/#process-a-base-url-string).
fn base_string(input: &str, kind: Kind) -> String {
    match kind {
        Kind::Pattern => escape_pattern(input),
        Kind::Url => input.to_string(),
    }
}

/// [Is an absolute pathname](https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname).
fn is_absolute_pathname(input: &str, kind: Kind) -> bool {
    let b = input.as_bytes();
    match b {
        [] => false,
        [b'/', ..] => true,
        _ if kind == Kind::Url => false,
        [b'\\' | b'{', b'/', ..] => true,
        _ => false,
    }
}

/// The processed dictionary, and per component how many bytes of the given string were
/// dropped in front (`None`: the string was rewritten, e.g. joined to a base path).
pub(crate) struct Processed {
    pub(crate) init: UrlPatternInit,
    pub(crate) shift: [Option<usize>; 8],
}

/// [Process a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit)
/// with every default component null (the only way this implementation calls it).
pub(crate) fn process(init: &UrlPatternInit, kind: Kind) -> Result<Processed, Error> {
    let mut result = UrlPatternInit::default();
    let mut shift = [Some(0); 8];
    let fail = |c: Component| move |k: ErrorKind| Error::new(k, Some(0)).in_component(c, Some(0));
    let mut base_url = None;
    if let Some(base) = &init.base_url {
        let base = Url::parse(base).map_err(|_| Error::new(ErrorKind::InvalidBaseUrl, None))?;
        let has = |c: &[Component]| c.iter().any(|&c| init.get(c).is_some());
        use Component::*;
        if init.protocol.is_none() {
            result.protocol = Some(base_string(base.scheme(), kind));
        }
        if kind != Kind::Pattern && !has(&[Protocol, Hostname, Port, Username]) {
            result.username = Some(base_string(base.username(), kind));
        }
        if kind != Kind::Pattern && !has(&[Protocol, Hostname, Port, Username, Password]) {
            result.password = Some(base_string(base.password(), kind));
        }
        if !has(&[Protocol, Hostname]) {
            result.hostname = Some(base_string(base.hostname(), kind));
        }
        if !has(&[Protocol, Hostname, Port]) {
            result.port = Some(base.port_str().to_string());
        }
        if !has(&[Protocol, Hostname, Port, Pathname]) {
            result.pathname = Some(base_string(base.pathname(), kind));
        }
        if !has(&[Protocol, Hostname, Port, Pathname, Search]) {
            result.search = Some(base_string(base.query().unwrap_or_default(), kind));
        }
        if !has(&[Protocol, Hostname, Port, Pathname, Search, Hash]) {
            result.hash = Some(base_string(base.fragment().unwrap_or_default(), kind));
        }
        base_url = Some(base);
    }
    let pattern = kind == Kind::Pattern;
    if let Some(v) = &init.protocol {
        let stripped = v.strip_suffix(':').unwrap_or(v);
        result.protocol = Some(if pattern {
            stripped.to_string()
        } else {
            canon::protocol(stripped).map_err(fail(Component::Protocol))?
        });
    }
    if let Some(v) = &init.username {
        result.username = Some(if pattern {
            v.clone()
        } else {
            canon::username(v).map_err(fail(Component::Username))?
        });
    }
    if let Some(v) = &init.password {
        result.password = Some(if pattern {
            v.clone()
        } else {
            canon::password(v).map_err(fail(Component::Password))?
        });
    }
    if let Some(v) = &init.hostname {
        result.hostname = Some(if pattern {
            v.clone()
        } else {
            canon::hostname(v).map_err(fail(Component::Hostname))?
        });
    }
    let protocol = result.protocol.clone().unwrap_or_default();
    if let Some(v) = &init.port {
        result.port = Some(if pattern {
            v.clone()
        } else {
            canon::port(v, Some(&protocol)).map_err(fail(Component::Port))?
        });
    }
    if let Some(v) = &init.pathname {
        let mut pathname = v.clone();
        if let Some(base) = base_url.as_ref().filter(|b| !b.has_opaque_path()) {
            if !is_absolute_pathname(&pathname, kind) {
                let base_path = base_string(base.pathname(), kind);
                if let Some(slash) = base_path.rfind('/') {
                    let mut joined = base_path[..=slash].to_string();
                    joined.push_str(&pathname);
                    pathname = joined;
                    shift[Component::Pathname as usize] = None;
                }
            }
        }
        result.pathname = Some(if pattern {
            pathname
        } else if protocol.is_empty() || SpecialScheme::from_scheme(&protocol).is_some() {
            canon::pathname(&pathname).map_err(fail(Component::Pathname))?
        } else {
            canon::opaque_pathname(&pathname).map_err(fail(Component::Pathname))?
        });
    }
    if let Some(v) = &init.search {
        let stripped = v.strip_prefix('?');
        shift[Component::Search as usize] = Some(usize::from(stripped.is_some()));
        let stripped = stripped.unwrap_or(v);
        result.search = Some(if pattern {
            stripped.to_string()
        } else {
            canon::search(stripped).map_err(fail(Component::Search))?
        });
    }
    if let Some(v) = &init.hash {
        let stripped = v.strip_prefix('#');
        shift[Component::Hash as usize] = Some(usize::from(stripped.is_some()));
        let stripped = stripped.unwrap_or(v);
        result.hash = Some(if pattern {
            stripped.to_string()
        } else {
            canon::hash(stripped).map_err(fail(Component::Hash))?
        });
    }
    Ok(Processed { init: result, shift })
}

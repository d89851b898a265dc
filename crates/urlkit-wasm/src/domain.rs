//! `domain(urlOrHost, opts?)`: a host split by the Public Suffix List
//! (<https://publicsuffix.org/list/>, "Formal algorithm") built into urlkit
//! ([`urlkit::domain::List::builtin`]): what `urlkit domain --json` prints. The host is the
//! URL's hostname when the input parses as a URL, else the input parsed as a host.

use crate::error::url_error;
use serde::Serialize;
use urlkit::domain::{List, Options};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_DOMAIN: &'static str = r#"
/** A host split by the Public Suffix List. */
export interface DomainParts {
  input: string; host: string;
  /** The public suffix (default rule `*` included), `null` for an IP address or no host. */
  suffix: string | null;
  registrableDomain: string | null; subdomain: string | null;
  /** `"icann"`, `"private"`, `"unlisted"` (only the default rule matched) or `"-"` (not a domain). */
  section: string;
  unlisted: boolean; icann: boolean; knownSuffix: boolean | null; fromOpaqueHost: boolean;
}
export interface DomainOptions { private?: boolean }
"#;

#[wasm_bindgen]
extern "C" {
    /// `DomainParts`.
    #[wasm_bindgen(typescript_type = "DomainParts")]
    pub type JsDomainParts;
    /// `DomainOptions`.
    #[wasm_bindgen(typescript_type = "DomainOptions")]
    pub type JsDomainOptions;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Parts {
    input: String,
    host: String,
    suffix: Option<String>,
    registrable_domain: Option<String>,
    subdomain: Option<String>,
    section: &'static str,
    unlisted: bool,
    icann: bool,
    known_suffix: Option<bool>,
    from_opaque_host: bool,
}

/// The parts of `url_or_host`'s host; `opts.private` (default `true`) includes the list's
/// private section. Throws a `URLError` when the input is neither a URL nor a host.
#[wasm_bindgen]
pub fn domain(url_or_host: &str, opts: Option<JsDomainOptions>) -> Result<JsDomainParts, JsValue> {
    let opts: JsValue = opts.map_or(JsValue::UNDEFINED, Into::into);
    let private = crate::js::flag(&opts, "private", true);
    let input = url_or_host;
    let host = urlkit::domain::host_of(input).map_err(|e| url_error(e, input))?;
    let parts = List::builtin().split_host_with(host.as_deref(), Options::new().private(private));
    let host = host.to_string();
    let section = parts.as_ref().map_or("-", |p| p.section().name());
    let out = Parts {
        input: input.to_owned(),
        suffix: parts.as_ref().map(|p| p.public_suffix().to_owned()),
        registrable_domain: parts
            .as_ref()
            .and_then(|p| p.registrable_domain())
            .map(str::to_owned),
        subdomain: parts.as_ref().and_then(|p| p.subdomain()).map(str::to_owned),
        section,
        unlisted: section == "unlisted",
        icann: parts.as_ref().is_some_and(|p| p.icann()),
        known_suffix: parts.as_ref().map(|p| p.is_known_suffix()),
        from_opaque_host: parts.as_ref().is_some_and(|p| p.from_opaque_host()),
        host,
    };
    Ok(crate::js::to_js(&out).unchecked_into())
}

/// The registrable domain of the domain name `host` by the built-in list (private section
/// included), or `null`: the Public Suffix List's own test function (`checkPublicSuffix`).
#[wasm_bindgen(js_name = registrableDomain)]
pub fn registrable_domain(host: &str) -> Option<String> {
    urlkit::domain::registrable_domain(host).map(|d| d.to_string())
}

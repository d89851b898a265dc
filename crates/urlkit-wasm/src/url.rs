//! `URL`: the URL Standard's `URL` class (<https://url.spec.whatwg.org/#url-class>) over
//! [`urlkit::Url`], shaped as the platform's `URL` where it can be: the same constructor,
//! static `canParse`/`parse`, the eleven attributes as getters and setters (the setters are
//! the library's, §6.1: a value a setter rejects leaves the URL unchanged; only `href`
//! throws), `toString` and `toJSON`. `searchParams()` is a plain list of pairs.

use crate::error::url_error;
use urlkit::{Attribute, SetterError, Url};
use wasm_bindgen::prelude::*;

/// Parses `input` against `base` (a string) when given.
pub(crate) fn parse_with(input: &str, base: Option<&str>) -> Result<Url, JsValue> {
    match base {
        None => Url::parse(input).map_err(|e| url_error(e, input)),
        Some(b) => {
            let base = Url::parse(b).map_err(|e| url_error(e, b))?;
            Url::parse_with_base(input, Some(&base)).map_err(|e| url_error(e, input))
        }
    }
}

/// A URL parsed by the WHATWG URL Standard.
#[wasm_bindgen(js_name = URL)]
pub struct JsUrl {
    url: Url,
}

#[wasm_bindgen(js_class = URL)]
impl JsUrl {
    /// Parses `input` (against `base` when given); throws a `URLError` when it does not parse.
    #[wasm_bindgen(constructor)]
    pub fn new(input: &str, base: Option<String>) -> Result<JsUrl, JsValue> {
        parse_with(input, base.as_deref()).map(|url| JsUrl { url })
    }

    /// Whether `input` parses (against `base` when given), without building the URL.
    #[wasm_bindgen(js_name = canParse)]
    pub fn can_parse(input: &str, base: Option<String>) -> bool {
        Url::can_parse(input, base.as_deref())
    }

    /// The URL, or `undefined` when `input` does not parse.
    pub fn parse(input: &str, base: Option<String>) -> Option<JsUrl> {
        parse_with(input, base.as_deref()).ok().map(|url| JsUrl { url })
    }

    /// The whole URL; setting it parses a new URL or throws.
    #[wasm_bindgen(getter)]
    pub fn href(&self) -> String {
        self.url.href().to_owned()
    }
    /// Parses `value` as the new URL; throws a `URLError` (leaving the URL) when it fails.
    #[wasm_bindgen(setter)]
    pub fn set_href(&mut self, value: &str) -> Result<(), JsValue> {
        match self.url.set_href(value) {
            Ok(()) => Ok(()),
            Err(SetterError::Invalid(e)) => Err(url_error(e, value)),
            Err(other) => Err(crate::error::plain_error("URLError", &other.to_string())),
        }
    }

    /// The origin's serialization (`"null"` for an opaque origin).
    #[wasm_bindgen(getter)]
    pub fn origin(&self) -> String {
        self.url.origin().ascii_serialization()
    }

    /// The scheme and its colon.
    #[wasm_bindgen(getter)]
    pub fn protocol(&self) -> String {
        self.url.protocol().to_owned()
    }
    /// The protocol setter.
    #[wasm_bindgen(setter)]
    pub fn set_protocol(&mut self, value: &str) {
        self.set(Attribute::Protocol, value)
    }

    /// The username, percent-encoded.
    #[wasm_bindgen(getter)]
    pub fn username(&self) -> String {
        self.url.username().to_owned()
    }
    /// The username setter.
    #[wasm_bindgen(setter)]
    pub fn set_username(&mut self, value: &str) {
        self.set(Attribute::Username, value)
    }

    /// The password, percent-encoded.
    #[wasm_bindgen(getter)]
    pub fn password(&self) -> String {
        self.url.password_str().to_owned()
    }
    /// The password setter.
    #[wasm_bindgen(setter)]
    pub fn set_password(&mut self, value: &str) {
        self.set(Attribute::Password, value)
    }

    /// The host and, when there is one, `:port`.
    #[wasm_bindgen(getter)]
    pub fn host(&self) -> String {
        self.url.host_port().to_owned()
    }
    /// The host setter.
    #[wasm_bindgen(setter)]
    pub fn set_host(&mut self, value: &str) {
        self.set(Attribute::Host, value)
    }

    /// The host without the port.
    #[wasm_bindgen(getter)]
    pub fn hostname(&self) -> String {
        self.url.hostname().to_owned()
    }
    /// The hostname setter.
    #[wasm_bindgen(setter)]
    pub fn set_hostname(&mut self, value: &str) {
        self.set(Attribute::Hostname, value)
    }

    /// The port as written, `""` when absent or the scheme's default.
    #[wasm_bindgen(getter)]
    pub fn port(&self) -> String {
        self.url.port_str().to_owned()
    }
    /// The port setter.
    #[wasm_bindgen(setter)]
    pub fn set_port(&mut self, value: &str) {
        self.set(Attribute::Port, value)
    }

    /// The path.
    #[wasm_bindgen(getter)]
    pub fn pathname(&self) -> String {
        self.url.pathname().to_owned()
    }
    /// The pathname setter.
    #[wasm_bindgen(setter)]
    pub fn set_pathname(&mut self, value: &str) {
        self.set(Attribute::Pathname, value)
    }

    /// `"?"` and the query, or `""`.
    #[wasm_bindgen(getter)]
    pub fn search(&self) -> String {
        self.url.search().to_owned()
    }
    /// The search setter.
    #[wasm_bindgen(setter)]
    pub fn set_search(&mut self, value: &str) {
        self.set(Attribute::Search, value)
    }

    /// `"#"` and the fragment, or `""`.
    #[wasm_bindgen(getter)]
    pub fn hash(&self) -> String {
        self.url.hash_str().to_owned()
    }
    /// The hash setter.
    #[wasm_bindgen(setter)]
    pub fn set_hash(&mut self, value: &str) {
        self.set(Attribute::Hash, value)
    }

    /// The query's name/value pairs (`application/x-www-form-urlencoded`, §5.1), in order.
    #[wasm_bindgen(js_name = searchParams, unchecked_return_type = "[string, string][]")]
    pub fn search_params(&self) -> JsValue {
        let pairs: Vec<(String, String)> = self
            .url
            .search_params()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        crate::js::to_js(&pairs)
    }

    /// The href.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.href()
    }

    /// The href (what `JSON.stringify` writes).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> String {
        self.href()
    }
}

impl JsUrl {
    /// Runs the setter of `attr`; the standard ignores values its setters reject.
    fn set(&mut self, attr: Attribute, value: &str) {
        let _: Result<(), SetterError> = self.url.set(attr, value);
    }
}

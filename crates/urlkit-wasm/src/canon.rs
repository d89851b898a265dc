//! `profiles()`, `canonical(input, profile)`, `steps()` and `normalize(input, opts?)`: the
//! canonical forms of [`urlkit::canon::Profile`]'s table and the normalization steps of
//! [`urlkit::canon::Step`]'s, in their documented order (a new row of either table is a new
//! entry here with no edit).

use crate::error::{js_error, plain_error, rfc3986_error, url_error};
use serde::Serialize;
use urlkit::canon::{CanonError, Normalizer, Profile, Step};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_CANON: &'static str = r#"
/** A row of a table: a profile, a normalization step, an encode set. */
export interface Named { name: string; summary: string }
/** `normalize`'s options: the profile (default `"whatwg"`), the steps to apply (`strip`,
 *  applied in the table's order whatever order they are given in), the query parameters
 *  to keep (names or `*` globs), the scheme to force, the lists the steps read. */
export interface NormalizeOptions {
  profile?: string; strip?: string[]; keepQuery?: string[]; forceHttps?: boolean; forceHttp?: boolean;
  lowercasePath?: boolean; trackingParameters?: string[]; indexNames?: string[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `Named[]`.
    #[wasm_bindgen(typescript_type = "Named[]")]
    pub type JsNamedList;
    /// `NormalizeOptions`.
    #[wasm_bindgen(typescript_type = "NormalizeOptions")]
    pub type JsNormalizeOptions;
}

/// A row's name and summary.
#[derive(Serialize)]
pub(crate) struct Named {
    pub(crate) name: &'static str,
    pub(crate) summary: &'static str,
}

/// The thrown error of a profile's failure on `input`.
fn canon_error(e: CanonError, input: &str) -> JsValue {
    match e {
        CanonError::Whatwg(e) => url_error(e, input),
        CanonError::Rfc3986(e) => rfc3986_error(&e, input),
        CanonError::Surt(e) => js_error("URLError", &e.to_string(), "surt", None, input),
        CanonError::StepsUnsupported(_) => plain_error("TypeError", &e.to_string()),
        other => js_error("URLError", &other.to_string(), "no-host", None, input),
    }
}

/// The canonical profiles, in the table's order.
#[wasm_bindgen]
pub fn profiles() -> JsNamedList {
    let rows: Vec<Named> = Profile::ALL
        .iter()
        .map(|p| Named {
            name: p.name(),
            summary: p.summary(),
        })
        .collect();
    crate::js::to_js(&rows).unchecked_into()
}

/// The normalization steps, in the one order they apply.
#[wasm_bindgen]
pub fn steps() -> JsNamedList {
    let rows: Vec<Named> = Step::ALL
        .iter()
        .map(|s| Named {
            name: s.name(),
            summary: s.summary(),
        })
        .collect();
    crate::js::to_js(&rows).unchecked_into()
}

fn profile(name: &str) -> Result<Profile, JsValue> {
    name.parse()
        .map_err(|e: urlkit::canon::UnknownProfile| plain_error("TypeError", &e.to_string()))
}

/// The canonical form of `input` under the profile `profile`; throws a `TypeError` for an
/// unknown profile and a `URLError` when the profile cannot read the input.
#[wasm_bindgen]
pub fn canonical(input: &str, profile: &str) -> Result<String, JsValue> {
    self::profile(profile)?
        .canonicalize(input)
        .map_err(|e| canon_error(e, input))
}

/// A list of strings from an options object's member (absent: empty).
pub(crate) fn strings(opts: &JsValue, name: &str) -> Result<Vec<String>, JsValue> {
    if opts.is_undefined() || opts.is_null() {
        return Ok(Vec::new());
    }
    let v = js_sys::Reflect::get(opts, &JsValue::from_str(name))?;
    if v.is_undefined() || v.is_null() {
        return Ok(Vec::new());
    }
    if let Some(s) = v.as_string() {
        return Ok(vec![s]);
    }
    let array: js_sys::Array = v
        .dyn_into()
        .map_err(|_| plain_error("TypeError", &format!("{name} must be an array of strings")))?;
    array
        .iter()
        .map(|item| {
            item.as_string()
                .ok_or_else(|| plain_error("TypeError", &format!("{name} must be an array of strings")))
        })
        .collect()
}

/// `input` in the profile's canonical form, then the chosen steps (see `NormalizeOptions`).
#[wasm_bindgen]
pub fn normalize(input: &str, opts: Option<JsNormalizeOptions>) -> Result<String, JsValue> {
    let opts: JsValue = opts.map_or(JsValue::UNDEFINED, Into::into);
    let name = if opts.is_object() {
        js_sys::Reflect::get(&opts, &JsValue::from_str("profile"))?.as_string()
    } else {
        None
    };
    let profile = profile(name.as_deref().unwrap_or("whatwg"))?;
    let flag = |n: &str| crate::js::flag(&opts, n, false);
    if flag("forceHttps") && flag("forceHttp") {
        return Err(plain_error(
            "TypeError",
            "forceHttps and forceHttp exclude each other",
        ));
    }
    let mut n = Normalizer::new(profile)
        .steps(strings(&opts, "strip")?)
        .map_err(|e| plain_error("TypeError", &e.to_string()))?;
    let keep = strings(&opts, "keepQuery")?;
    if !keep.is_empty() {
        n = n.keep_query(keep);
    }
    for (name, step) in [
        ("forceHttps", Step::ForceHttps),
        ("forceHttp", Step::ForceHttp),
        ("lowercasePath", Step::LowercasePath),
    ] {
        if flag(name) {
            n = n.step(step);
        }
    }
    let tracking = strings(&opts, "trackingParameters")?;
    if !tracking.is_empty() {
        n = n.tracking_parameters(tracking);
    }
    let index = strings(&opts, "indexNames")?;
    if !index.is_empty() {
        n = n.index_names(index);
    }
    n.normalize(input).map_err(|e| canon_error(e, input))
}

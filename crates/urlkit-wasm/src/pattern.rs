//! `URLPattern`: the URL Pattern Standard (<https://urlpattern.spec.whatwg.org/>) over
//! [`urlkit::pattern::UrlPattern`], shaped as the platform's class: `new URLPattern(input,
//! baseURL?, options?)` (or `(input, options)`), `test`, `exec` (the standard's
//! `URLPatternResult` or `null`), the component pattern strings and `hasRegExpGroups`.

use crate::error::plain_error;
use urlkit::pattern::{
    Component, ComponentResult, MatchInput, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult,
};
use wasm_bindgen::prelude::*;

/// A pattern's or a match's input: a string, or a `URLPatternInit` object.
enum Input {
    String(String),
    Init(UrlPatternInit),
}

impl Input {
    fn from_js(v: &JsValue) -> Result<Input, JsValue> {
        if let Some(s) = v.as_string() {
            return Ok(Input::String(s));
        }
        if v.is_undefined() {
            return Ok(Input::Init(UrlPatternInit::default()));
        }
        if !v.is_object() {
            return Err(plain_error(
                "TypeError",
                "a URL pattern input is a string or an object",
            ));
        }
        let mut init = UrlPatternInit::default();
        for entry in js_sys::Object::entries(v.unchecked_ref()).iter() {
            let entry = js_sys::Array::from(&entry);
            let key = entry.get(0).as_string().unwrap_or_default();
            // Members the dictionary does not define are ignored, as WebIDL does.
            let slot = match Component::from_name(&key) {
                Some(c) => init.get_mut(c),
                None if key == "baseURL" => &mut init.base_url,
                None => continue,
            };
            let value = entry.get(1);
            if value.is_undefined() {
                continue;
            }
            *slot = Some(value.as_string().ok_or_else(|| {
                plain_error("TypeError", &format!("URLPatternInit.{key} must be a string"))
            })?);
        }
        Ok(Input::Init(init))
    }

    fn as_input(&self) -> UrlPatternInput<'_> {
        match self {
            Input::String(s) => UrlPatternInput::String(s),
            Input::Init(init) => UrlPatternInput::Init(init),
        }
    }
}

fn set(o: &js_sys::Object, k: &str, v: &JsValue) {
    // Setting a property on a fresh plain object cannot fail.
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(k), v);
}

fn init_object(init: &UrlPatternInit) -> JsValue {
    let o = js_sys::Object::new();
    for c in Component::ALL {
        if let Some(v) = init.get(c) {
            set(&o, c.name(), &JsValue::from_str(v));
        }
    }
    if let Some(b) = &init.base_url {
        set(&o, "baseURL", &JsValue::from_str(b));
    }
    o.into()
}

fn component_object(c: &ComponentResult) -> JsValue {
    let groups = js_sys::Object::new();
    for (name, value) in &c.groups {
        let v = value.as_deref().map_or(JsValue::UNDEFINED, JsValue::from_str);
        set(&groups, name, &v);
    }
    let o = js_sys::Object::new();
    set(&o, "input", &JsValue::from_str(&c.input));
    set(&o, "groups", &groups);
    o.into()
}

fn result_object(r: &UrlPatternResult) -> JsValue {
    let inputs = js_sys::Array::new();
    for input in &r.inputs {
        match input {
            MatchInput::String(s) => inputs.push(&JsValue::from_str(s)),
            MatchInput::Init(init) => inputs.push(&init_object(init)),
        };
    }
    let o = js_sys::Object::new();
    set(&o, "inputs", &inputs);
    for c in Component::ALL {
        set(&o, c.name(), &component_object(r.get(c)));
    }
    o.into()
}

/// A URL pattern.
#[wasm_bindgen(js_name = URLPattern)]
pub struct JsUrlPattern {
    pattern: UrlPattern,
}

#[wasm_bindgen(js_class = URLPattern)]
impl JsUrlPattern {
    /// `new URLPattern(input, baseURL?, options?)` or `new URLPattern(input, options?)`;
    /// `options.ignoreCase`. Throws a `TypeError` for an invalid pattern (as the standard).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string | Record<string, string>")] input: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | { ignoreCase?: boolean }")] base_or_options: JsValue,
        #[wasm_bindgen(unchecked_param_type = "{ ignoreCase?: boolean }")] options: JsValue,
    ) -> Result<JsUrlPattern, JsValue> {
        let (base, options) = match base_or_options.as_string() {
            Some(base) => (Some(base), options),
            None => (None, base_or_options),
        };
        let ignore_case = crate::js::flag(&options, "ignoreCase", false);
        let input = Input::from_js(&input)?;
        UrlPattern::new(
            input.as_input(),
            base.as_deref(),
            UrlPatternOptions { ignore_case },
        )
        .map(|pattern| JsUrlPattern { pattern })
        .map_err(|e| plain_error("TypeError", &e.to_string()))
    }

    fn run(&self, input: &JsValue, base: Option<String>) -> Result<Option<UrlPatternResult>, JsValue> {
        let input = Input::from_js(input)?;
        self.pattern
            .exec_input(input.as_input(), base.as_deref())
            .map_err(|e| plain_error("TypeError", &e.to_string()))
    }

    /// Whether `input` (a URL string, relative to `baseURL` when given, or an object of
    /// components) matches.
    pub fn test(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | Record<string, string>")] input: JsValue,
        #[wasm_bindgen(js_name = baseURL)] base_url: Option<String>,
    ) -> Result<bool, JsValue> {
        Ok(self.run(&input, base_url)?.is_some())
    }

    /// The match as the standard's `URLPatternResult`, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Record<string, any> | null")]
    pub fn exec(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | Record<string, string>")] input: JsValue,
        #[wasm_bindgen(js_name = baseURL)] base_url: Option<String>,
    ) -> Result<JsValue, JsValue> {
        Ok(self
            .run(&input, base_url)?
            .map_or(JsValue::NULL, |r| result_object(&r)))
    }

    /// The protocol component's pattern.
    #[wasm_bindgen(getter)]
    pub fn protocol(&self) -> String {
        self.pattern.protocol().to_owned()
    }
    /// The username component's pattern.
    #[wasm_bindgen(getter)]
    pub fn username(&self) -> String {
        self.pattern.username().to_owned()
    }
    /// The password component's pattern.
    #[wasm_bindgen(getter)]
    pub fn password(&self) -> String {
        self.pattern.password().to_owned()
    }
    /// The hostname component's pattern.
    #[wasm_bindgen(getter)]
    pub fn hostname(&self) -> String {
        self.pattern.hostname().to_owned()
    }
    /// The port component's pattern.
    #[wasm_bindgen(getter)]
    pub fn port(&self) -> String {
        self.pattern.port().to_owned()
    }
    /// The pathname component's pattern.
    #[wasm_bindgen(getter)]
    pub fn pathname(&self) -> String {
        self.pattern.pathname().to_owned()
    }
    /// The search component's pattern.
    #[wasm_bindgen(getter)]
    pub fn search(&self) -> String {
        self.pattern.search().to_owned()
    }
    /// The hash component's pattern.
    #[wasm_bindgen(getter)]
    pub fn hash(&self) -> String {
        self.pattern.hash().to_owned()
    }
    /// Whether a component uses a regular expression group.
    #[wasm_bindgen(getter = hasRegExpGroups)]
    pub fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }
}

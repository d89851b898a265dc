//! `Template`: URI Templates (RFC 6570) over [`urlkit::template`]: expansion (§3), partial
//! expansion, and matching a URL back to its variables. Values cross as JavaScript's own
//! types: strings, numbers (written as `String(n)` writes them), arrays (§2.3 lists), plain
//! objects (§2.3 associative arrays, in key order), `null`/`undefined` (undefined).

use crate::error::{js_error, plain_error};
use crate::index::utf16_at;
use urlkit::template::{Template, Value, ValueRef};
use wasm_bindgen::prelude::*;

fn template_error(description: &str, byte: usize, text: &str) -> JsValue {
    let position = utf16_at(text, byte);
    js_error(
        "TemplateError",
        &format!("{description} at index {position}"),
        "template",
        Some(position),
        text,
    )
}

/// A scalar: a string, or a number as `String(n)`; booleans are refused.
fn scalar(v: &JsValue) -> Result<String, JsValue> {
    if let Some(s) = v.as_string() {
        return Ok(s);
    }
    if v.as_f64().is_some() {
        // `Number.prototype.toString()`: what `String(n)` writes.
        let n: &js_sys::Number = v.unchecked_ref();
        if let Some(s) = n.to_string_with_radix(10).ok().and_then(|s| s.as_string()) {
            return Ok(s);
        }
    }
    Err(plain_error(
        "TypeError",
        "a template value must be a string, number, array, plain object, null or undefined",
    ))
}

/// A variable's value; `None` when undefined.
fn value(v: &JsValue) -> Result<Option<Value>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    if js_sys::Array::is_array(v) {
        let items = js_sys::Array::from(v)
            .iter()
            .map(|i| scalar(&i))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Some(Value::List(items)));
    }
    if v.is_object() {
        let obj: &js_sys::Object = v.unchecked_ref();
        let mut pairs = Vec::new();
        for entry in js_sys::Object::entries(obj).iter() {
            let entry = js_sys::Array::from(&entry);
            pairs.push((scalar(&entry.get(0))?, scalar(&entry.get(1))?));
        }
        return Ok(Some(Value::Assoc(pairs)));
    }
    scalar(v).map(|s| Some(Value::String(s)))
}

fn variables(vars: &JsValue) -> Result<Vec<(String, Value)>, JsValue> {
    if vars.is_undefined() || vars.is_null() {
        return Ok(Vec::new());
    }
    if !vars.is_object() {
        return Err(plain_error("TypeError", "variables must be an object"));
    }
    let mut out = Vec::new();
    for entry in js_sys::Object::entries(vars.unchecked_ref()).iter() {
        let entry = js_sys::Array::from(&entry);
        let name = entry.get(0).as_string().unwrap_or_default();
        if let Some(v) = value(&entry.get(1))? {
            out.push((name, v));
        }
    }
    Ok(out)
}

fn value_to_js(v: ValueRef<'_>) -> JsValue {
    match v {
        ValueRef::String(s) => JsValue::from_str(s),
        ValueRef::List(items) => items
            .iter()
            .map(|s| JsValue::from_str(s))
            .collect::<js_sys::Array>()
            .into(),
        ValueRef::StrList(items) => items
            .iter()
            .map(|s| JsValue::from_str(s))
            .collect::<js_sys::Array>()
            .into(),
        ValueRef::Assoc(pairs) => {
            let o = js_sys::Object::new();
            for (k, v) in pairs {
                let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &JsValue::from_str(v));
            }
            o.into()
        }
        ValueRef::StrAssoc(pairs) => {
            let o = js_sys::Object::new();
            for (k, v) in pairs {
                let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &JsValue::from_str(v));
            }
            o.into()
        }
    }
}

/// A URI Template (RFC 6570), parsed once, expanded and matched any number of times.
#[wasm_bindgen(js_name = Template)]
pub struct JsTemplate {
    template: Template,
}

#[wasm_bindgen(js_class = Template)]
impl JsTemplate {
    /// Parses `text`; throws a `TemplateError` (with `position`) when it is not a template.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<JsTemplate, JsValue> {
        Template::parse(text)
            .map(|template| JsTemplate { template })
            .map_err(|e| template_error(e.kind().message(), e.position(), text))
    }

    /// The expansion (§3) with `vars` (an object; undefined variables left out).
    pub fn expand(&self, vars: JsValue) -> Result<String, JsValue> {
        let vars = variables(&vars)?;
        self.template.expand(&vars).map_err(|e| {
            template_error(
                "prefix modifier on a list or associative array",
                e.position(),
                self.template.as_str(),
            )
        })
    }

    /// Partial expansion: the defined variables expanded, the others left as expressions.
    #[wasm_bindgen(js_name = expandPartial)]
    pub fn expand_partial(&self, vars: JsValue) -> Result<String, JsValue> {
        let vars = variables(&vars)?;
        self.template.expand_partial(&vars).map_err(|e| {
            template_error(
                "prefix modifier on a list or associative array",
                e.position(),
                self.template.as_str(),
            )
        })
    }

    /// The variables whose expansion gives `url` (strings, arrays or objects, percent-decoded),
    /// or `null` when `url` is no expansion of the template or the template cannot be matched.
    #[wasm_bindgen(
        js_name = "match",
        unchecked_return_type = "Record<string, string | string[] | Record<string, string>> | null"
    )]
    pub fn match_url(&self, url: &str) -> JsValue {
        let Some(found) = self.template.match_url(url) else {
            return JsValue::NULL;
        };
        let o = js_sys::Object::new();
        for (name, v) in found.iter() {
            let _ = js_sys::Reflect::set(&o, &JsValue::from_str(name), &value_to_js(v));
        }
        o.into()
    }

    /// The names of the variables, in order of first appearance, each once.
    pub fn variables(&self) -> Vec<String> {
        self.template.variables().into_iter().map(str::to_owned).collect()
    }

    /// Whether `match` can match this template (its match is unique).
    #[wasm_bindgen(js_name = isMatchable)]
    pub fn is_matchable(&self) -> bool {
        self.template.matchable().is_ok()
    }

    /// Why `match` cannot match this template (at a UTF-16 index), or `undefined`.
    pub fn ambiguity(&self) -> Option<String> {
        let text = self.template.as_str();
        self.template
            .matchable()
            .err()
            .map(|a| format!("{} at index {}", a.kind().message(), utf16_at(text, a.position())))
    }

    /// The template's text.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.template.as_str().to_owned()
    }
}

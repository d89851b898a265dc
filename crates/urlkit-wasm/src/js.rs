//! Plain JavaScript values from Rust ones: objects (not `Map`s) for maps, `null` for `None`.

#[cfg(feature = "core")]
use serde::Serialize;
use wasm_bindgen::JsValue;

/// `value` as a plain JavaScript value.
#[cfg(feature = "core")]
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    // The types serialized here are strings, numbers, booleans, options, vectors and
    // string-keyed maps, which always serialize.
    value.serialize(&serializer).unwrap_or(JsValue::UNDEFINED)
}

/// A boolean option of an options object (absent or not a boolean: `default`).
pub(crate) fn flag(opts: &JsValue, name: &str, default: bool) -> bool {
    if opts.is_undefined() || opts.is_null() {
        return default;
    }
    js_sys::Reflect::get(opts, &JsValue::from_str(name))
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(default)
}

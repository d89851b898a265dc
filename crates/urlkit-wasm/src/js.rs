//! Plain JavaScript values from Rust ones: objects (not `Map`s) for maps, `null` for `None`.

use serde::Serialize;
use wasm_bindgen::JsValue;

/// `value` as a plain JavaScript value.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    // The types serialized here are strings, numbers, booleans, options, vectors and
    // string-keyed maps, which always serialize.
    value.serialize(&serializer).unwrap_or(JsValue::UNDEFINED)
}

//! `dataUrl(input)`: a `data:` URL read as the Fetch Standard's
//! [`data:` URL processor](https://fetch.spec.whatwg.org/#data-url-processor) reads it
//! ([`urlkit::data::decode`]), its MIME type parsed as the MIME Sniffing Standard says.

use crate::error::js_error;
use urlkit::data;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_DATA: &'static str = r#"
/** A processed `data:` URL. */
export interface DataUrl {
  /** The serialized MIME type (`text/plain;charset=US-ASCII` when missing or invalid). */
  mimeType: string; essence: string; parameters: Record<string, string>; body: Uint8Array;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `DataUrl`.
    #[wasm_bindgen(typescript_type = "DataUrl")]
    pub type JsDataUrl;
}

/// The MIME type and body of the `data:` URL `input`; throws a `DataURLError` when the
/// processor rejects it.
#[wasm_bindgen(js_name = dataUrl)]
pub fn data_url(input: &str) -> Result<JsDataUrl, JsValue> {
    let d =
        data::decode(input).map_err(|e| js_error("DataURLError", &e.to_string(), "data-url", None, input))?;
    let o = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), v);
    };
    set("mimeType", &JsValue::from_str(&d.mime_type.to_string()));
    set("essence", &JsValue::from_str(d.mime_type.essence()));
    let params = js_sys::Object::new();
    for (k, v) in d.mime_type.parameters() {
        let _ = js_sys::Reflect::set(&params, &JsValue::from_str(k), &JsValue::from_str(v));
    }
    set("parameters", &params);
    set("body", &js_sys::Uint8Array::from(&d.body[..]).into());
    Ok(o.unchecked_into())
}

//! `encodeSets()`, `percentEncode(s, set)`, `percentDecode(s)` and `percentDecodeBytes(s)`:
//! percent-encoding with the named encode sets of [`urlkit::percent::NAMED_SETS`] (the URL
//! Standard's §1.3 and RFC 3986's unreserved characters; the names `urlkit encode --set`
//! takes) and percent-decoding (URL Standard §1.3 "percent-decode").

use crate::canon::Named;
use crate::error::plain_error;
use urlkit::percent::{by_name, percent_decode_str, NAMED_SETS};
use wasm_bindgen::prelude::*;

/// The encode sets' names, in the table's order.
#[wasm_bindgen(js_name = encodeSets)]
pub fn encode_sets() -> Vec<String> {
    NAMED_SETS.iter().map(|s| s.name.to_owned()).collect()
}

/// The encode sets with their summaries.
#[wasm_bindgen(js_name = encodeSetTable)]
pub fn encode_set_table() -> crate::canon::JsNamedList {
    let rows: Vec<Named> = NAMED_SETS
        .iter()
        .map(|s| Named {
            name: s.name,
            summary: s.summary,
        })
        .collect();
    crate::js::to_js(&rows).unchecked_into()
}

/// `s` percent-encoded (UTF-8) with the set named `set` (a space as `+` for the form sets);
/// throws a `TypeError` for an unknown name.
#[wasm_bindgen(js_name = percentEncode)]
pub fn percent_encode(s: &str, set: &str) -> Result<String, JsValue> {
    let named = by_name(set).ok_or_else(|| {
        let names: Vec<&str> = NAMED_SETS.iter().map(|s| s.name).collect();
        plain_error(
            "TypeError",
            &format!("unknown encode set '{set}' (expected {})", names.join(", ")),
        )
    })?;
    Ok(named.encode(s))
}

/// `s` percent-decoded, the bytes read as UTF-8 (invalid sequences as U+FFFD). With
/// `set` naming a form set, `+` is a space first.
#[wasm_bindgen(js_name = percentDecode)]
pub fn percent_decode(s: &str, set: Option<String>) -> String {
    let plus = set.as_deref().and_then(by_name).is_some_and(|n| n.space_as_plus);
    if plus {
        return percent_decode_str(&s.replace('+', " "))
            .decode_utf8_lossy()
            .into_owned();
    }
    percent_decode_str(s).decode_utf8_lossy().into_owned()
}

/// `s` percent-decoded to bytes.
#[wasm_bindgen(js_name = percentDecodeBytes)]
pub fn percent_decode_bytes(s: &str) -> Vec<u8> {
    percent_decode_str(s).into_bytes().into_owned()
}

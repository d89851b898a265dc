//! Property: the `data:` URL processor and MIME type parsing never panic; a parsed MIME type
//! serializes to a string that parses back to the same record (serialize ∘ parse is
//! idempotent); a processed `data:` URL, rebuilt by `data::encode` when its type can be
//! carried, gives back the same type and body; forgiving base64 decodes what it encodes.
//! (Linear time: libFuzzer's `-timeout` in run.sh; `mime::tests` parses 120,000 parameters.)
//! Data: one control byte choosing the reading of the rest (as a MIME type, as the body of
//! `data:`, or as a whole URL), then the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::data::{self, base64};
use urlkit::mime::MimeType;

fuzz_target!(|bytes: &[u8]| {
    let Some((&k, rest)) = bytes.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    if let Ok(mime) = MimeType::parse(&text) {
        let serialized = mime.to_string();
        let again = MimeType::parse(&serialized).expect("a serialized MIME type parses");
        assert_eq!(again, mime, "{text:?} serialized {serialized:?}");
        assert_eq!(again.to_string(), serialized);
    }
    let input = match k % 3 {
        0 => format!("data:{text}"),
        1 => format!("data:{text};base64,{text}"),
        _ => text.clone().into_owned(),
    };
    if let Ok(decoded) = data::decode(&input) {
        let type_text = decoded.mime_type.to_string();
        assert_eq!(MimeType::parse(&type_text).as_ref(), Ok(&decoded.mime_type));
        if let Ok(url) = data::encode(&decoded.body, &decoded.mime_type) {
            let back = data::decode(&url).expect("an encoded data: URL decodes");
            assert_eq!(back, decoded, "{input:?} rebuilt as {url:?}");
        }
    }
    let encoded = base64::encode(rest);
    assert_eq!(base64::decode(&encoded).as_deref(), Ok(rest));
    let _ = base64::decode(rest);
});

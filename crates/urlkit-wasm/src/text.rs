//! `extract(text, opts?)`: URLs in prose ([`urlkit::text::Finder`]: RFC 3986 Appendix C,
//! RFC 1738's wrappers, GFM autolinks), spans as UTF-16 offsets (`text.slice(start, end)`
//! is the occurrence).

use serde::Serialize;
use urlkit::text::{Finder, Options};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TEXT: &'static str = r#"
/** A URL found in text. */
export interface Link {
  url: string; text: string; start: number; end: number;
  kind: "url-wrapper" | "angle" | "quoted" | "url-prefix" | "scheme" | "www" | "email" | "domain";
  wrapped: boolean; ambiguous: boolean; alternatives: string[]; line: number;
}
export interface ExtractOptions { bareDomains?: boolean }
"#;

#[wasm_bindgen]
extern "C" {
    /// `Link[]`.
    #[wasm_bindgen(typescript_type = "Link[]")]
    pub type JsLinks;
    /// `ExtractOptions`.
    #[wasm_bindgen(typescript_type = "ExtractOptions")]
    pub type JsExtractOptions;
}

#[derive(Serialize)]
struct Link {
    url: String,
    text: String,
    start: usize,
    end: usize,
    kind: &'static str,
    wrapped: bool,
    ambiguous: bool,
    alternatives: Vec<String>,
    line: usize,
}

/// The URLs in `text`, in order; `opts.bareDomains` also finds scheme-less names whose last
/// label is a listed public suffix.
#[wasm_bindgen]
pub fn extract(text: &str, opts: Option<JsExtractOptions>) -> JsLinks {
    let opts: JsValue = opts.map_or(JsValue::UNDEFINED, Into::into);
    let finder = Finder::new(Options::new().bare_domains(crate::js::flag(&opts, "bareDomains", false)));
    // Links come in text order with increasing spans: one forward walk maps the offsets.
    let mut at = crate::index::Utf16::new(text);
    let links: Vec<Link> = finder
        .links(text)
        .map(|link| {
            let span = link.span();
            Link {
                url: link.url().into_owned(),
                text: link.as_str().to_owned(),
                start: at.at(span.start),
                end: at.at(span.end),
                kind: link.kind().as_str(),
                wrapped: link.is_wrapped(),
                ambiguous: link.is_ambiguous(),
                alternatives: link.alternatives(),
                line: link.line(),
            }
        })
        .collect();
    crate::js::to_js(&links).unchecked_into()
}

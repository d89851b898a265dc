//! The `data:` URL conformance suites (`data-urls/` of the conformance directory: the
//! web-platform-tests records of `fetch/data-urls/` and `mimesniff/mime-types/`), with the
//! expected-failures ledger `tests/data_urls-expected-failures.txt` (goal: empty):
//!
//! - `data-urls.json`: `[input, MIME type or null, body bytes]`: [`urlkit::data::decode`]
//!   (parse, then the Fetch Standard's `data:` URL processor), the serialized MIME type and
//!   the body.
//! - `base64.json`: `[input, bytes or null]`: forgiving-base64 decode, both directly
//!   ([`urlkit::data::base64::decode`]) and as WPT's `base64.any.js` does it, through a
//!   `data:;base64,` URL.
//! - `mime-types.json`, `generated-mime-types.json`: `{input, output}`: parse, then
//!   serialize (null: parsing fails); the output parses to itself (serialize ∘ parse is
//!   idempotent); and, where a record names the `encoding`, the `charset` parameter's
//!   Encoding Standard label resolves to it (through `encoding_rs`). `navigable` is the HTML
//!   Standard's business and is not checked.

mod common;

use common::Ledger;
use serde_json::Value;
use urlkit::data::{self, base64};
use urlkit::mime::MimeType;

fn bytes(v: &Value) -> Option<Vec<u8>> {
    v.as_array()
        .map(|a| a.iter().map(|b| b.as_u64().expect("a byte") as u8).collect())
}

/// What the processor gives, in the records' form: the serialized type and the body.
fn processed(input: &str) -> Option<(String, Vec<u8>)> {
    let d = data::decode(input).ok()?;
    Some((d.mime_type.to_string(), d.body.into_owned()))
}

fn compare<T: PartialEq + std::fmt::Debug>(got: T, want: T) -> Option<String> {
    (got != want).then(|| format!("got {got:?}, expected {want:?}"))
}

#[test]
fn data_urls() {
    let Some(records) = common::conformance_json("data-urls/data-urls.json") else {
        return;
    };
    let mut ledger = Ledger::read("data_urls-expected-failures.txt");
    for (i, r) in records.as_array().expect("an array").iter().enumerate() {
        let input = r[0].as_str().expect("the input");
        let want = r[1]
            .as_str()
            .map(|m| (m.to_owned(), bytes(&r[2]).expect("the body")));
        ledger.outcome(
            format!("data-urls.json {i} {input:?}"),
            compare(processed(input), want),
        );
    }
    ledger.assert_clean();
}

#[test]
fn forgiving_base64() {
    let Some(records) = common::conformance_json("data-urls/base64.json") else {
        return;
    };
    let mut ledger = Ledger::read("data_urls-expected-failures.txt");
    for (i, r) in records.as_array().expect("an array").iter().enumerate() {
        let input = r[0].as_str().expect("the input");
        let want = bytes(&r[1]);
        ledger.outcome(
            format!("base64.json {i} {input:?}"),
            compare(base64::decode(input).ok(), want.clone()),
        );
        let via_url = processed(&format!("data:;base64,{input}")).map(|(_, body)| body);
        ledger.outcome(
            format!("base64.json {i} {input:?} in a data: URL"),
            compare(via_url, want),
        );
    }
    ledger.assert_clean();
}

fn mime_types(file: &str) {
    let rel = format!("data-urls/{file}");
    let Some(records) = common::conformance_json(&rel) else {
        return;
    };
    let mut ledger = Ledger::read("data_urls-expected-failures.txt");
    // Strings are section comments.
    for (i, r) in records
        .as_array()
        .expect("an array")
        .iter()
        .enumerate()
        .filter(|(_, r)| r.is_object())
    {
        let input = r["input"].as_str().expect("the input");
        let want = r["output"].as_str();
        let parsed = MimeType::parse(input);
        let mut failure = compare(parsed.as_ref().ok().map(ToString::to_string).as_deref(), want);
        if let (None, Some(output)) = (&failure, want) {
            let again = MimeType::parse(output).map(|m| m.to_string());
            failure = compare(again.as_deref(), Ok(output)).map(|f| format!("serialize ∘ parse: {f}"));
        }
        if let (None, Some(encoding), Ok(mime)) = (&failure, r.get("encoding"), &parsed) {
            let got = mime
                .charset()
                .and_then(|c| urlkit::encoding_rs::Encoding::for_label(c.as_bytes()))
                .map(|e| e.name());
            failure = compare(got, encoding.as_str()).map(|f| format!("encoding: {f}"));
        }
        ledger.outcome(format!("{file} {i} {input:?}"), failure);
    }
    ledger.assert_clean();
}

#[test]
fn mime_types_written() {
    mime_types("mime-types.json");
}

#[test]
fn mime_types_generated() {
    mime_types("generated-mime-types.json");
}

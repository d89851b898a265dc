//! Decoding `data:` URLs: urlkit's `data::decode` (parse the string as a URL, then the Fetch
//! Standard's processor: MIME type record and body bytes) against servo's `data-url` crate
//! (`DataUrl::process` then `decode_to_vec`), paired in rotating rounds. See BENCHMARKS.md.
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench data_url
//! URLKIT_BENCH_ROUNDS=31 cargo bench -p urlkit-bench --bench data_url
//! BENCH_ONLY=data-url perf stat -e cycles,instructions target/release/deps/data_url-*   # one alone
//! ```
//!
//! Corpora, each timed on its own:
//! - `conformance`: the inputs of `data-urls/data-urls.json` (WPT, read from the conformance
//!   directory; left out when it is missing);
//! - `small images`: 500 base64 PNG/GIF/WebP-sized payloads of 60 B to 3 KB;
//! - `svg`: 300 percent-encoded SVG icons (`%3Csvg xmlns=%27…`, as CSS writes them inline);
//! - `text`: 500 `text/plain;charset=utf-8` URLs of percent-encoded UTF-8 prose;
//! - `large`: 20 base64 payloads of 100 KB each.
//!
//! Each contender returns the body length plus the MIME type's essence length, so both do
//! the whole work; the tallies (successes, bytes) are printed so a difference shows.

use urlkit_bench::harness::{against, measure, Contender, Plan};
use urlkit_bench::report::thousands;

const DEFAULT_ROUNDS: usize = 15;

/// A seeded xorshift: the same corpora every run.
fn rng(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

fn base64_urls(
    n: usize,
    sizes: std::ops::Range<usize>,
    types: &[&str],
    next: &mut impl FnMut() -> u64,
) -> Vec<String> {
    (0..n)
        .map(|i| {
            let len = sizes.start + (next() as usize) % (sizes.end - sizes.start);
            let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            format!(
                "data:{};base64,{}",
                types[i % types.len()],
                urlkit::data::base64::encode(&bytes)
            )
        })
        .collect()
}

/// `encodeURIComponent`-style escaping, with `'` for `"` as inline CSS SVGs are written.
fn css_escape(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'"' => out.push('\''),
            b'a'..=b'z'
            | b'A'..=b'Z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'!'
            | b'~'
            | b'*'
            | b'\''
            | b'('
            | b')'
            | b'/'
            | b'='
            | b':'
            | b' '
            | b',' => {
                if b == b' ' {
                    out.push_str("%20");
                } else {
                    out.push(b as char);
                }
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn svg_urls(n: usize, next: &mut impl FnMut() -> u64) -> Vec<String> {
    (0..n)
        .map(|_| {
            let mut svg = String::from(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor">"#);
            for _ in 0..(2 + next() % 12) {
                let (a, b, c, d) = (next() % 24, next() % 24, next() % 24, next() % 24);
                svg.push_str(&format!(r##"<path d="M{a} {b}L{c} {d}Z" stroke-width="2" fill="#{:06x}"/>"##, next() % 0xFF_FFFF));
            }
            svg.push_str("</svg>");
            format!("data:image/svg+xml;charset=utf-8,{}", css_escape(&svg))
        })
        .collect()
}

fn text_urls(n: usize, next: &mut impl FnMut() -> u64) -> Vec<String> {
    const WORDS: [&str; 12] = [
        "data",
        "Grüße",
        "naïve",
        "façade",
        "URL",
        "日本語",
        "the",
        "of",
        "Ελληνικά",
        "and",
        "😀",
        "plain",
    ];
    (0..n)
        .map(|_| {
            let words: Vec<&str> = (0..(3 + next() % 60))
                .map(|_| WORDS[(next() % 12) as usize])
                .collect();
            let text = words.join(" ");
            let encoded: String =
                urlkit::percent::utf8_percent_encode(&text, &urlkit::percent::sets::COMPONENT).collect();
            format!("data:text/plain;charset=utf-8,{encoded}")
        })
        .collect()
}

fn conformance() -> Option<Vec<String>> {
    let dir = std::env::var_os("URLKIT_CONFORMANCE").map_or_else(
        || {
            std::path::PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/conformance"
            ))
        },
        std::path::PathBuf::from,
    );
    let text = std::fs::read_to_string(dir.join("data-urls/data-urls.json")).ok()?;
    let records: serde_json::Value = serde_json::from_str(&text).ok()?;
    Some(
        records
            .as_array()?
            .iter()
            .filter_map(|r| r[0].as_str().map(str::to_owned))
            .collect(),
    )
}

fn urlkit_decode(u: &str) -> Option<usize> {
    let d = urlkit::data::decode(u).ok()?;
    Some(d.body.len() + d.mime_type.essence().len())
}

fn servo_decode(u: &str) -> Option<usize> {
    let d = data_url::DataUrl::process(u).ok()?;
    let essence = d.mime_type().type_.len() + 1 + d.mime_type().subtype.len();
    let (body, _) = d.decode_to_vec().ok()?;
    Some(body.len() + essence)
}

fn main() {
    let machine = urlkit_bench::machine_info();
    let mut next = rng(0xDA7A_0001);
    let mut corpora: Vec<(&str, Vec<String>)> = Vec::new();
    match conformance() {
        Some(c) => corpora.push(("conformance (data-urls.json)", c)),
        None => {
            println!("(conformance corpus left out: no data-urls/data-urls.json; set URLKIT_CONFORMANCE)")
        }
    }
    corpora.push((
        "small base64 images",
        base64_urls(
            500,
            60..3000,
            &["image/png", "image/gif", "image/webp"],
            &mut next,
        ),
    ));
    corpora.push(("percent-encoded SVG", svg_urls(300, &mut next)));
    corpora.push(("text/plain;charset=utf-8", text_urls(500, &mut next)));
    corpora.push((
        "100 KB base64",
        base64_urls(20, 100_000..100_001, &["application/octet-stream"], &mut next),
    ));
    let only = std::env::var("BENCH_ONLY").ok();
    let rounds = urlkit_bench::rounds(DEFAULT_ROUNDS);
    let plan = Plan {
        rounds,
        min_sample: std::time::Duration::from_millis(50),
        reference: "urlkit",
    };
    println!("## data: URL decoding, urlkit against data-url\n\n{machine}");
    println!(
        "- {rounds} rounds per corpus, rotating order; ratio = t(contender) / t(urlkit) in the same round\n"
    );
    println!("| corpus | URLs | bytes | contender | median ns/URL | MB/s | ratio to urlkit | ratio p25–p75 | decoded |");
    println!("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
    for (name, urls) in &corpora {
        let bytes: usize = urls.iter().map(String::len).sum();
        let mut contenders = vec![
            Contender::new("urlkit", urls, |u: &String| urlkit_decode(u)),
            Contender::new("data-url", urls, |u: &String| servo_decode(u)),
        ];
        if let Some(only) = &only {
            contenders.retain(|c| c.name == only);
        }
        let (measured, reps) = measure(contenders, &plan);
        for ((contender, summary), m) in against(&measured, "urlkit", urls.len(), reps)
            .into_iter()
            .zip(&measured)
        {
            let Some(s) = summary else { continue };
            let ratio = s.ratio.map_or(("–".into(), "–".into()), |r| {
                (format!("{:.2}", r.median), format!("{:.2}–{:.2}", r.p25, r.p75))
            });
            let mb_s = bytes as f64 / urls.len() as f64 / s.per_item * 1e3;
            println!(
                "| {name} | {} | {} | {contender} | {:.0} | {mb_s:.0} | {} | {} | {} |",
                thousands(urls.len()),
                thousands(bytes),
                s.per_item,
                ratio.0,
                ratio.1,
                thousands(m.tally.ok)
            );
        }
    }
    // Sanity: the same MIME type and body wherever both decode.
    let mut differing = Vec::new();
    let mut both = 0;
    for (_, urls) in &corpora {
        for u in urls {
            let (Ok(ours), Ok(theirs)) = (urlkit::data::decode(u), data_url::DataUrl::process(u)) else {
                continue;
            };
            let Ok((body, _)) = theirs.decode_to_vec() else {
                continue;
            };
            both += 1;
            if ours.body.as_ref() != body.as_slice()
                || ours.mime_type.to_string() != theirs.mime_type().to_string()
            {
                differing.push(u.chars().take(80).collect::<String>());
            }
        }
    }
    println!(
        "\nsame MIME type and body as data-url on {} of {} URLs both decode (differing: {:?})",
        thousands(both - differing.len()),
        thousands(both),
        &differing[..differing.len().min(3)]
    );
}

//! Property: the URLs found in text have valid spans (inside the text, on character
//! boundaries, in order, not overlapping, the URL's own span inside the occurrence's), and
//! reading the same text as a stream in chunks of any size finds exactly the same links
//! (data: one byte for the chunk size and the options, one set of them with bare domains,
//! then the text).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::BufReader;
use urlkit::text::{Finder, Options};

fuzz_target!(|data: &[u8]| {
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let options = match k >> 6 {
        0 => Options::new(),
        1 => Options::new().max_len(64),
        2 => Options::new().max_len(300).bare_domains(true),
        _ => Options::new().angle_whitespace(false).max_len(1000),
    };
    let finder = Finder::new(options);
    let whole: Vec<_> = finder.links(&text).collect();
    let mut previous_end = 0;
    for link in &whole {
        let (span, url) = (link.span(), link.url_span());
        assert!(
            previous_end <= span.start && span.start < span.end && span.end <= text.len(),
            "{text:?}: {span:?} after {previous_end}"
        );
        assert!(
            span.start <= url.start && url.start <= url.end && url.end <= span.end,
            "{text:?}: {url:?} in {span:?}"
        );
        for at in [span.start, span.end, url.start, url.end] {
            assert!(text.is_char_boundary(at), "{text:?}: {at} inside a character");
        }
        assert_eq!(link.as_str(), &text[span.clone()]);
        assert_eq!(link.url_text(), &text[url]);
        previous_end = span.end;
    }
    let chunk = usize::from(k & 63) + 1;
    let streamed: Vec<_> = finder
        .links_in(BufReader::with_capacity(chunk, text.as_bytes()))
        .map(|l| l.expect("reading a slice cannot fail"))
        .collect();
    assert_eq!(streamed, whole, "{text:?} in chunks of {chunk}");
});

//! The streaming form equals the whole-string form, whatever the chunk sizes, in bounded
//! memory.

use std::io::{BufReader, Read};
use urlkit::text::{Finder, Link, Options};

/// Everything a link reports: URL, span, text, kind, line, column, wrapped, ambiguous,
/// alternatives.
pub type Record = (
    String,
    std::ops::Range<usize>,
    String,
    String,
    usize,
    usize,
    bool,
    bool,
    Vec<String>,
);

/// The record of one link, for comparing the two forms.
pub fn record(l: &Link<'_>) -> Record {
    (
        l.url().into_owned(),
        l.span(),
        l.as_str().to_owned(),
        l.kind().to_string(),
        l.line(),
        l.column(),
        l.is_wrapped(),
        l.is_ambiguous(),
        l.alternatives(),
    )
}

pub fn whole(finder: &Finder, text: &str) -> Vec<Record> {
    finder.links(text).map(|l| record(&l)).collect()
}

pub fn streamed(finder: &Finder, text: &str, chunk: usize) -> Vec<Record> {
    let reader = BufReader::with_capacity(chunk, text.as_bytes());
    finder.links_in(reader).map(|l| record(&l.unwrap())).collect()
}

#[test]
fn seed_documents_streamed_in_chunks() {
    let docs = crate::specs::all();
    for options in [Options::new(), Options::new().max_len(64)] {
        let finder = Finder::new(options);
        for (name, text) in &docs {
            let want = whole(&finder, text);
            for chunk in [1, 3, 80, 4096, 1 << 20] {
                assert!(
                    streamed(&finder, text, chunk) == want,
                    "{name}, chunks of {chunk}"
                );
            }
        }
    }
}

#[test]
fn offsets_stay_exact_past_many_windows() {
    // 3 MB of prose with a URL every 100 KB, some straddling every power-of-two boundary.
    let mut text = String::new();
    let mut expected = Vec::new();
    while text.len() < 3 << 20 {
        let filler = "lorem ipsum dolor sit amet, consectetur adipiscing elit.\n".repeat(1700);
        text.push_str(&filler[..filler.len() - text.len() % 97]);
        text.push(' ');
        expected.push((text.len(), format!("https://example.com/{}", text.len())));
        text.push_str(&format!(
            "https://example.com/{} www.a{}.example",
            text.len(),
            text.len()
        ));
    }
    let finder = Finder::new(Options::new());
    let found: Vec<_> = finder
        .links_in(BufReader::new(text.as_bytes()))
        .map(|l| l.unwrap())
        .collect();
    assert_eq!(found.len(), 2 * expected.len());
    for (link, (start, url)) in found.iter().step_by(2).zip(&expected) {
        assert_eq!((link.start(), link.url().as_ref()), (*start, url.as_str()));
        assert_eq!(&text[link.span()], link.as_str());
    }
    assert!(streamed(&finder, &text, 1000) == whole(&finder, &text));
    // A reader that hands out all at once is still read in bounded windows.
    let mut links = finder.links_in(text.as_bytes());
    let mut max = 0;
    while let Some(link) = links.next() {
        link.unwrap();
        max = max.max(links.buffered());
    }
    assert!(max <= 3 << 16, "held {max}");
}

/// Adversarial inputs of 4 MB: nothing is reported, the held window stays small.
#[test]
fn bounded_memory_on_adversarial_streams() {
    let finder = Finder::new(Options::new());
    for unit in [
        &b"www."[..],
        b"(",
        b"a.",
        b"<URL:",
        b"http://a/",
        b"a@",
        b"<http:",
        b"\"http:",
        b"_www.a_",
    ] {
        let input = std::io::repeat(0).take(0).chain(Cycle {
            unit,
            left: 4 << 20,
            at: 0,
        });
        let t = std::time::Instant::now();
        let mut links = finder.links_in(BufReader::new(input));
        let mut n = 0;
        let mut max = 0;
        while let Some(link) = links.next() {
            link.unwrap();
            n += 1;
            max = max.max(links.buffered());
        }
        eprintln!("{:?}: {:?}", String::from_utf8_lossy(unit), t.elapsed());
        assert!(max < 1 << 18, "{:?}: held {max}", String::from_utf8_lossy(unit));
        assert!(n < 4, "{:?}: {n} links", String::from_utf8_lossy(unit));
    }
}

/// `unit` repeated until `left` bytes were produced.
struct Cycle<'a> {
    unit: &'a [u8],
    left: usize,
    at: usize,
}

impl Read for Cycle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.left);
        for b in &mut buf[..n] {
            *b = self.unit[self.at];
            self.at = (self.at + 1) % self.unit.len();
        }
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn invalid_utf8_in_a_stream() {
    let finder = Finder::new(Options::new());
    let input: &[u8] = b"\xff\xfe http://a.example/\xe9t\xe9 x";
    let links: Vec<_> = finder.links_in(input).map(|l| l.unwrap()).collect();
    assert_eq!(links.len(), 1);
    assert_eq!(links[0].span(), 3..23);
    assert_eq!(links[0].url(), "http://a.example/\u{fffd}t\u{fffd}");
}

/// Fuzzing (`text_links`, finding F8): streamed in chunks, a `www.` link whose `.` arrives with
/// the next chunk was lost when the vector scan had stepped past the window's last positions
/// on an empty block. Every offset of the link against every chunk boundary, after an earlier
/// trigger, finds what the whole string finds.
#[test]
fn a_www_link_across_chunk_boundaries() {
    let finder = Finder::new(Options::new());
    for prefix in ["", "a:b ", "x@y ", "ttps:/'"] {
        for pad in 0..100 {
            let text = format!(
                "{prefix}{} www.example.com/docs and more text after it",
                "x ".repeat(pad / 2) + &"y".repeat(pad % 2)
            );
            let want = whole(&finder, &text);
            assert!(
                want.iter().any(|r| r.2.starts_with("www.example.com")),
                "{text:?}"
            );
            for chunk in [7, 16, 31, 33, 63, 64, 65] {
                assert_eq!(
                    streamed(&finder, &text, chunk),
                    want,
                    "{text:?} in chunks of {chunk}"
                );
            }
        }
    }
}

/// F9 (RELIABILITY.md): the `text_links` fuzz input that made the vector scan for a link's
/// end index past its slice when a stream's window started the run beyond the link's
/// `max_len` limit: streamed in every chunk size and with every option set the fuzz target
/// uses, it finds what the whole string does.
#[test]
fn a_run_starting_past_its_limit_in_a_stream() {
    fuzz_finding_streams_as_whole(include_bytes!("regressions/f9-find-end-past-stop.bin"));
}

/// F12's fuzz input (`text_links`), in every configuration and chunk size.
#[test]
fn a_host_character_cut_by_a_window_in_a_fuzz_input() {
    fuzz_finding_streams_as_whole(include_bytes!(
        "regressions/f12-host-character-cut-at-the-limit.bin"
    ));
}

/// A `text_links` input (its first byte the fuzz target's options and chunk size, then the
/// text) read whole and as a stream in chunks of 1 to 64 bytes under every option set the
/// target uses: the same links.
fn fuzz_finding_streams_as_whole(data: &[u8]) {
    let text = String::from_utf8_lossy(&data[1..]);
    for options in [
        Options::new(),
        Options::new().max_len(64),
        Options::new().max_len(300),
        Options::new().max_len(300).bare_domains(true),
        Options::new().angle_whitespace(false).max_len(1000),
    ] {
        let finder = Finder::new(options);
        let whole: Vec<Record> = finder.links(&text).map(|l| record(&l)).collect();
        for chunk in 1..=64 {
            let streamed: Vec<Record> = finder
                .links_in(BufReader::with_capacity(chunk, text.as_bytes()))
                .map(|l| record(&l.expect("reading a slice cannot fail")))
                .collect();
            assert_eq!(streamed, whole, "chunks of {chunk}");
        }
    }
}

/// Text dense in dots (version numbers, file names, code, sentences, IPv4 addresses, labels
/// of every length, non-ASCII letters and full stops): the bare-domain scan's shortcuts give
/// the same links from a stream cut anywhere, with short and long `max_len`.
#[test]
fn dot_dense_text_streamed_in_chunks() {
    const PIECES: [&str; 34] = [
        "a",
        "x1",
        "Example",
        "com",
        "rs",
        "io",
        "txt",
        "1",
        "10",
        "255",
        "0",
        "v1",
        "www",
        "foo-bar",
        "-x",
        "_u",
        "m\u{fc}nchen",
        "\u{65e5}\u{672c}",
        "\u{3002}",
        "\u{ff0e}",
        "self",
        "now()",
        "@",
        "http://",
        ":8080",
        "/p",
        "(",
        ")",
        "\"",
        " ",
        "\n",
        "...",
        "\u{a0}",
        "abcdefghijklmnopqrstuvwxyz0123456789",
    ];
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut text = String::new();
    while text.len() < 40_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        text.push_str(PIECES[(x % 34) as usize]);
        if x >> 40 & 3 != 0 {
            text.push('.');
        }
    }
    for options in [
        Options::new().bare_domains(true),
        Options::none().bare_domains(true).max_len(70),
        Options::new().bare_domains(true).max_len(200),
    ] {
        let finder = Finder::new(options);
        let want = whole(&finder, &text);
        assert!(want.len() > 10, "{}", want.len());
        for chunk in [1, 7, 64, 4096] {
            assert!(streamed(&finder, &text, chunk) == want, "chunks of {chunk}");
        }
    }
}

/// A host whose end is a character of several bytes (an IDNA full stop, a Unicode space or
/// closing punctuation, any other letter) cut by a stream's window where the window ends at
/// the link's `max_len`: the stream reads the character whole, as the whole string does,
/// instead of taking the run for one longer than `max_len` (F12: `zzzzz://zz…-。zz://z` in
/// 64-byte windows lost the second URL).
#[test]
fn a_host_character_cut_at_the_limit_by_a_window() {
    let ends = ["。", "．", "｡", "\u{3000}", "」", "、", "\u{fffd}", "é", "例"];
    let mut tested = 0;
    for max_len in [64, 65, 66, 80, 100] {
        let finder = Finder::new(Options::new().max_len(max_len));
        for end in ends {
            for pad in 0..20 {
                for before in ["", "-", "a", "zz", "zzz-"] {
                    let host = format!("zz{}{before}", "\u{fffd}".repeat(pad) + &"z".repeat(pad));
                    for scheme in ["zzzzz", "http", "ftp"] {
                        let text = format!("{scheme}://{host}{end}zz://z and http://example.com/");
                        let want = whole(&finder, &text);
                        for chunk in [1, 7, 8, 31, 32, 33, 63, 64, 65, 100] {
                            assert_eq!(
                                streamed(&finder, &text, chunk),
                                want,
                                "{text:?} max_len {max_len}, chunks of {chunk}"
                            );
                            tested += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(tested > 50_000, "{tested}");
}

//! Inputs built from scratch out of URL-significant tokens, and single code points placed
//! in every component: corners that damaged real-world URLs rarely reach.

use super::data::Case;
use super::rng::Rng;

/// How many token strings the suite checks.
pub const TOKEN_COUNT: usize = 30_000;

const SCHEMES: &[&str] = &[
    "http:",
    "https:",
    "file:",
    "ftp:",
    "ws:",
    "wss:",
    "sc:",
    "blob:",
    "data:",
    "javascript:",
    "mailto:",
    "HTTP:",
    "a:",
    "web+x:",
    "urn:",
    "FiLe:",
    "x-y:",
];

const TOKENS: &[&str] = &[
    "/",
    "/",
    "//",
    "\\",
    "?",
    "#",
    "@",
    ":",
    "[",
    "]",
    "::",
    "1",
    "0",
    "0x",
    "0X1f",
    "255",
    "256",
    "4294967296",
    ".",
    "..",
    "%2e",
    "%2E",
    "%",
    "%41",
    "%zz",
    "%00",
    "%25",
    "C:",
    "c|",
    "|",
    "a",
    "b",
    "host",
    "localhost",
    "xn--",
    "xn--bcher-kva",
    "example.com",
    "\t",
    "\n",
    " ",
    "é",
    "ß",
    "。",
    "\u{ad}",
    "\u{200d}",
    "😀",
    "ǅ",
    "\u{0}",
    "\u{7f}",
    "\u{3000}",
    "'",
    "\"",
    "<",
    "^",
    "`",
    "{",
    "~",
    ";",
    "=",
    "&",
    "+",
    "-",
    "_",
    "09",
    "080",
    "8080",
    "65536",
    "ffff",
    "1.2.3.4",
    "v1.x",
    "%2f",
    "%3A",
    "user",
    "pass",
    "sc:",
    "http:",
    "file:",
    "Ⅻ",
    "%C3%A9",
    "%ef%bc%8e",
];

const BASES: &[&str] = &[
    "http://example.com/a/b?c#d",
    "file:///C:/x/y",
    "file://host/share/f",
    "sc://h/p/q",
    "sc:/p/q",
    "sc:opaque",
    "about:blank",
    "https://u:p@[::1]:8/a/",
    "file:///",
    "data:,x",
    "http://h",
    "sc://h",
    "sc:",
    "ftp://h/a/b/",
    "not a base",
    "",
    "http://[::1",
    "file:///C|/a/",
    "sc://h/a/b/../..",
    "blob:https://h/x",
];

/// `count` token strings; a quarter of them relative to a base.
pub fn token_inputs(count: usize, seed: u64) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let mut s = String::new();
            if rng.chance(70) {
                s.push_str(rng.pick::<&str>(SCHEMES));
            }
            for _ in 0..1 + rng.below(12) {
                s.push_str(rng.pick::<&str>(TOKENS));
            }
            let base = rng.chance(25).then(|| (*rng.pick(BASES)).to_owned());
            Case { input: s, base }
        })
        .collect()
}

const PLACES: &[&str] = &[
    "http://h/{}",
    "http://h/?{}",
    "http://h/#{}",
    "http://{}@h/",
    "http://u:{}@h/",
    "sc://{}/",
    "sc:{}",
    "sc://h/{}?{}",
    "file:///{}",
    "http://a.{}/",
    "http://a{}.com/",
    "http://{}{}/",
    "sc://h/#{}",
];

/// Code points in hosts (IDNA mapping, disallowed and forbidden ones) and, in turn, in the
/// other components: every code point below U+3400, every 5th up to U+FFFF, every 9th of
/// the supplementary planes 1–3, the tags and variation selectors, and samples beyond.
pub fn code_point_inputs() -> Vec<Case> {
    let ranges: [(u32, u32, usize); 6] = [
        (0, 0x3400, 1),
        (0x3400, 0x1_0000, 5),
        (0x1_0000, 0x4_0000, 9),
        (0x4_0000, 0xE_0000, 997),
        (0xE_0000, 0xE_0200, 1),
        (0xE_0200, 0x11_0000, 499),
    ];
    let mut out = Vec::new();
    for (lo, hi, step) in ranges {
        for c in (lo..hi).step_by(step).filter_map(char::from_u32) {
            let s = c.to_string();
            out.push(Case {
                input: format!("http://x{s}y.com/"),
                base: None,
            });
            let place = PLACES[c as usize % PLACES.len()];
            out.push(Case {
                input: place.replace("{}", &s),
                base: None,
            });
        }
    }
    out
}

/// How many random hosts the host suite checks.
pub const HOST_COUNT: usize = 20_000;

const HOST_SCHEMES: &[&str] = &["http://", "https://", "file://", "ws://", "sc://", "ftp://u@"];

/// Random hosts: punycode labels, percent-encoded byte strings, IPv4- and IPv6-like text.
pub fn host_inputs(count: usize, seed: u64) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let host = match i % 4 {
                0 => punycode_label(&mut rng),
                1 => percent_bytes(&mut rng),
                2 => from_alphabet(&mut rng, "0123456789.xX", 16),
                _ => format!("[{}]", from_alphabet(&mut rng, "0123456789abcdefABCDEF:.%v", 24)),
            };
            let scheme = *rng.pick(HOST_SCHEMES);
            let port = if rng.chance(20) { ":8080" } else { "" };
            Case {
                input: format!("{scheme}{host}{port}/p"),
                base: None,
            }
        })
        .collect()
}

fn from_alphabet(rng: &mut Rng, alphabet: &str, max: usize) -> String {
    let chars: Vec<char> = alphabet.chars().collect();
    (0..1 + rng.below(max)).map(|_| *rng.pick(&chars)).collect()
}

fn punycode_label(rng: &mut Rng) -> String {
    let prefix = *rng.pick(&["xn--", "XN--", "xn--", "Xn--", "a.xn--", "xn--a.xn--"]);
    let body = from_alphabet(rng, "abcdefghijklmnopqrstuvwxyz0123456789-", 14);
    let tail = *rng.pick(&["", ".com", ".", "-", ".xn--"]);
    format!("{prefix}{body}{tail}")
}

fn percent_bytes(rng: &mut Rng) -> String {
    let lead: &[u8] = &[
        0x00, 0x2e, 0x41, 0x61, 0x7f, 0x80, 0xbf, 0xc2, 0xc3, 0xe2, 0xe3, 0xef, 0xf0, 0xf4, 0xf8, 0xff,
    ];
    (0..1 + rng.below(6))
        .map(|_| match rng.below(4) {
            0 => format!("%{:02X}", rng.next_u64() as u8),
            1 => format!("%{:02x}", *rng.pick(lead)),
            2 => format!("%{:02X}", 0x80 | (rng.next_u64() as u8 & 0x3f)),
            _ => (*rng.pick(&["a", "b", ".", "-", "é", "%", "%2"])).to_owned(),
        })
        .collect()
}

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

//! A deterministic mutator that damages real-world URLs the way `messy.txt` does (see the
//! mutation table in the datasets' README.md), plus a few nastier cases of the standard.

use super::data::Case;
use super::rng::Rng;
use std::ops::Range;

/// How many inputs the generated suite checks.
pub const COUNT: usize = 30_000;
/// The seed of the generated suite.
pub const SEED: u64 = 0x5EED_F0AD;

type Mutation = fn(&mut Rng, &str) -> String;

const MUTATIONS: &[Mutation] = &[
    case_change,
    backslashes,
    edge_whitespace,
    inner_tab_newline,
    percent_host,
    ipv4_host,
    ipv6_host,
    port,
    dot_segments,
    spaces_quotes,
    non_ascii_tail,
    idn_host,
    userinfo,
    fullwidth_dots,
    slashes,
    windows_file,
    scheme_quirk,
    odd_host,
    percent_quirk,
    no_scheme,
    opaque,
];

/// `count` damaged inputs made from `real` with `seed`; about one in eight is relative to a
/// base URL.
pub fn generate(real: &[String], count: usize, seed: u64) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    if real.is_empty() {
        return out;
    }
    while out.len() < count {
        let url = rng.pick(real).clone();
        let (mut input, base) = if rng.chance(12) {
            (relative(&mut rng, &url), Some(url))
        } else {
            (url, None)
        };
        let rounds = 1 + usize::from(rng.chance(30)) + usize::from(rng.chance(10));
        for _ in 0..rounds {
            if base.is_some() && rng.chance(50) {
                break;
            }
            input = rng.pick(MUTATIONS)(&mut rng, &input);
        }
        out.push(Case { input, base });
    }
    out
}

/// Byte ranges of a URL found by a plain split: scheme, authority, host (no port or
/// userinfo), port digits, and where the path starts.
struct Parts {
    scheme: Range<usize>,
    authority: Range<usize>,
    host: Range<usize>,
    port: Option<Range<usize>>,
}

fn split(u: &str) -> Option<Parts> {
    let colon = u.find(':')?;
    let scheme = 0..colon;
    let rest = &u[colon + 1..];
    let slashes = rest.len() - rest.trim_start_matches(['/', '\\']).len();
    let start = colon + 1 + slashes;
    let end = u[start..]
        .find(['/', '\\', '?', '#'])
        .map_or(u.len(), |i| start + i);
    let host_start = u[start..end].rfind('@').map_or(start, |i| start + i + 1);
    let bracket = u[host_start..end]
        .rfind(']')
        .map_or(host_start, |i| host_start + i);
    let port_colon = u[bracket..end].rfind(':').map(|i| bracket + i);
    let host = host_start..port_colon.unwrap_or(end);
    Some(Parts {
        scheme,
        authority: start..end,
        host,
        port: port_colon.map(|c| c + 1..end),
    })
}

fn splice(u: &str, r: Range<usize>, with: &str) -> String {
    format!("{}{with}{}", &u[..r.start], &u[r.end..])
}

fn insert(rng: &mut Rng, u: &str, what: &str) -> String {
    let at = rng.boundary(u);
    splice(u, at..at, what)
}

fn replace_host(rng: &mut Rng, u: &str, host: &str) -> String {
    match split(u) {
        Some(p) => splice(u, p.host, host),
        None => insert(rng, u, host),
    }
}

/// A random position after the authority (in path, query or fragment).
fn tail_pos(rng: &mut Rng, u: &str) -> usize {
    let start = split(u).map_or(0, |p| p.authority.end);
    let mut at = start + rng.below(u.len() - start + 1);
    while !u.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn insert_tail(rng: &mut Rng, u: &str, what: &str) -> String {
    let at = tail_pos(rng, u);
    splice(u, at..at, what)
}

fn case_change(rng: &mut Rng, u: &str) -> String {
    let Some(p) = split(u) else {
        return u.to_uppercase();
    };
    match rng.below(4) {
        0 => splice(u, p.scheme.clone(), &u[p.scheme].to_uppercase()),
        1 => splice(u, p.host.clone(), &u[p.host].to_uppercase()),
        2 => u.to_uppercase(),
        _ => u
            .chars()
            .map(|c| if rng.chance(50) { c.to_ascii_uppercase() } else { c })
            .collect(),
    }
}

fn backslashes(rng: &mut Rng, u: &str) -> String {
    let all = rng.chance(40);
    u.chars()
        .map(|c| {
            if c == '/' && (all || rng.chance(40)) {
                '\\'
            } else {
                c
            }
        })
        .collect()
}

const EDGE: &[&str] = &[
    " ", "\t", "\u{a0}", "\u{3000}", "\u{c}", "\0", "\u{7f}", "\r\n", "\n", "\u{1}", "  \t", "\u{1f}",
];

fn edge_whitespace(rng: &mut Rng, u: &str) -> String {
    let w = *rng.pick(EDGE);
    match rng.below(3) {
        0 => format!("{w}{u}"),
        1 => format!("{u}{w}"),
        _ => format!("{w}{u}{w}"),
    }
}

fn inner_tab_newline(rng: &mut Rng, u: &str) -> String {
    let w = *rng.pick(&["\t", "\n", "\r", "\r\n", "\t\t", "\n\t"]);
    if rng.chance(30) {
        if let Some(p) = split(u) {
            let at = p.scheme.end.min(rng.below(p.scheme.end + 3).min(u.len()));
            if u.is_char_boundary(at) {
                return splice(u, at..at, w);
            }
        }
    }
    insert(rng, u, w)
}

const PCT_HOST: &[&str] = &[
    "%41",
    "%2e",
    "%2E",
    "%zz",
    "%00",
    "%2F",
    "%25",
    "%C3%A9",
    "%c3%a9",
    "%EF%BC%8E",
    "%E3%80%82",
    "%20",
    "%7F",
    "%ff",
    "%3A",
    "%40",
    "%5B",
    "%E2%80%8B",
    "%C2%AD",
    "%xn",
    "%",
    "%%",
    "%3",
];

fn percent_host(rng: &mut Rng, u: &str) -> String {
    let Some(p) = split(u) else { return u.to_owned() };
    let host = &u[p.host.clone()];
    if !host.is_empty() && host.is_ascii() && rng.chance(50) {
        let i = rng.below(host.len());
        let enc = if rng.chance(50) {
            format!("%{:02X}", host.as_bytes()[i])
        } else {
            format!("%{:02x}", host.as_bytes()[i])
        };
        let at = p.host.start + i;
        return splice(u, at..at + 1, &enc);
    }
    let at = p.host.start + rng.boundary(host);
    let s = *rng.pick(PCT_HOST);
    splice(u, at..at, s)
}

const IPV4: &[&str] = &[
    "0x7f.1",
    "0177.0.0.1",
    "2130706433",
    "127.1",
    "127.0.1",
    "1.2.3.4.",
    "256.0.0.1",
    "1.2.3.4.5",
    "１２７.０.０.１",
    "0x",
    "0x.0x.0",
    "09.1.2.3",
    "1.2.3.09",
    "4294967295",
    "4294967296",
    "0xffffffff",
    "0x100000000",
    "1.2.3.256",
    "1.2.65536",
    "1.16777216",
    "0",
    "00",
    "0..0",
    "1..2.3",
    ".1.2.3",
    "1.2.3.4..",
    "999999999999999999999",
    "foo.1",
    "foo.0x1",
    "foo.09",
    "host.09",
    "1.0x",
    "1.2.0X7F",
    "0x7F.0.0.01",
    "127.0.0.0x1g",
    "1.2.3.4x",
    "１.２",
    "0xA.0xB.0xC.0xD",
    "012.0.0.0x",
    "3232235777.",
    "192.168.1.1\u{3002}",
    "0.0.0.0",
    "1.2.3.08",
    "1.2.3.0xZ",
];

fn ipv4_host(rng: &mut Rng, u: &str) -> String {
    let h = if rng.chance(70) {
        (*rng.pick(IPV4)).to_owned()
    } else {
        let n = 1 + rng.below(5);
        let parts: Vec<String> = (0..n).map(|_| ipv4_part(rng)).collect();
        parts.join(".")
    };
    replace_host(rng, u, &h)
}

fn ipv4_part(rng: &mut Rng) -> String {
    let v = rng.next_u64() % [256, 300, 65536, 1 << 32][rng.below(4)];
    match rng.below(5) {
        0 => format!("0x{v:x}"),
        1 => format!("0{v:o}"),
        2 => format!("0X{v:X}"),
        _ => v.to_string(),
    }
}

const IPV6: &[&str] = &[
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[::ffff:1.2.3.4]",
    "[1::]",
    "[::1%25eth0]",
    "[::1%eth0]",
    "[1:2:3:4:5:6:7:8:9]",
    "[1:2]",
    "[::1",
    "::1]",
    "[v1.x]",
    "[vF.a:b]",
    "[::127.0.0.1.1]",
    "[1::2::3]",
    "[::FFFF:C0A8:1]",
    "[0::0:0]",
    "[::0.0.0.256]",
    "[::1.2.3]",
    "[::01.2.3.4]",
    "[::1.2.3.4x]",
    "[1:2:3:4:5:6:7::]",
    "[::1:2:3:4:5:6:7]",
    "[1:2:3:4:5:6:1.2.3.4]",
    "[1:2:3:4:5:6:7:1.2.3.4]",
    "[:1]",
    "[1:]",
    "[:::1]",
    "[12345::]",
    "[ABCD::EF]",
    "[0:0:1:0:0:0:0:0]",
    "[1:0:0:2:0:0:0:3]",
    "[::]",
    "[]",
    "[[::1]]",
    "[::1]]",
    "[2001:db8::1:0:0:1]",
    "[fe80::1%25en0]",
    "[::%31]",
    "[::ffff:0x7f.1]",
    "[::ffff:127.0.0.1]",
    "[0:0:0:0:0:ffff:7f00:1]",
    "[::1 ]",
    "[１::]",
    "[::1\t]",
    "[::1.]",
    "[1:2:3:4:5:6:7:8:]",
];

fn ipv6_host(rng: &mut Rng, u: &str) -> String {
    let h = if rng.chance(70) {
        (*rng.pick(IPV6)).to_owned()
    } else {
        let n = 1 + rng.below(8);
        let mut pieces: Vec<String> = (0..n)
            .map(|_| format!("{:x}", rng.next_u64() & [0xf, 0xffff, 0][rng.below(3)]))
            .collect();
        if n < 8 || rng.chance(20) {
            let at = rng.below(pieces.len() + 1);
            pieces.insert(at, String::new());
            if at == 0 || at == pieces.len() - 1 {
                pieces.insert(at, String::new());
            }
        }
        format!("[{}]", pieces.join(":"))
    };
    replace_host(rng, u, &h)
}

const PORTS: &[&str] = &[
    "0",
    "65535",
    "65536",
    "99999",
    "4294967296",
    "-1",
    "+80",
    "80a",
    "0x50",
    "0080",
    "00000000000000000443",
    "",
    "８０",
    "80 ",
    " 80",
    "80\t",
    "1.2",
    "443",
    "21",
    "80",
    "8080",
    "65535a",
    ":80",
    "%38%30",
    "2147483648",
    "1e3",
];

fn port(rng: &mut Rng, u: &str) -> String {
    let v = if rng.chance(80) {
        (*rng.pick(PORTS)).to_owned()
    } else {
        rng.below(70_000).to_string()
    };
    match split(u) {
        Some(Parts { port: Some(r), .. }) => splice(u, r, &v),
        Some(p) => splice(u, p.host.end..p.host.end, &format!(":{v}")),
        None => u.to_owned(),
    }
}

const DOTS: &[&str] = &[
    "/..",
    "/.",
    "/%2e%2e",
    "/.%2E",
    "/%2E.",
    "/%2e",
    "/...",
    "/..\\",
    "/./",
    "/../",
    "/%2e%2E/",
    "/.%2e/",
    "/..%2f",
    "/.%00",
    "/.. /",
    "/..;/",
    "/../../../../",
    "/%252e%252e/",
    "\\..\\",
    "/.\t./",
];

fn dot_segments(rng: &mut Rng, u: &str) -> String {
    let d = *rng.pick(DOTS);
    let Some(p) = split(u) else {
        return insert(rng, u, d);
    };
    let path_end = u[p.authority.end..]
        .find(['?', '#'])
        .map_or(u.len(), |i| p.authority.end + i);
    let slashes: Vec<usize> = u[p.authority.end..path_end]
        .match_indices('/')
        .map(|(i, _)| p.authority.end + i)
        .collect();
    let at = if slashes.is_empty() || rng.chance(25) {
        path_end
    } else {
        *rng.pick(&slashes)
    };
    splice(u, at..at, d)
}

const SPECIALS: &[&str] = &[
    " ", "\"", "'", "<", ">", "{", "}", "|", "^", "`", "  ", " #", "?", "#", "%20", "[", "]", "\\", "\u{7f}",
    "\u{1}",
];

fn spaces_quotes(rng: &mut Rng, u: &str) -> String {
    let s = *rng.pick(SPECIALS);
    insert_tail(rng, u, s)
}

const NON_ASCII: &[&str] = &[
    "é",
    "中文",
    "😀",
    "\u{200b}",
    "\u{feff}",
    "e\u{301}",
    "\u{e000}",
    "\u{fffd}",
    "ß",
    "\u{10ffff}",
    "\u{fdd0}",
    "Ω",
    "\u{85}",
    "\u{2028}",
    "日本語",
    "ü",
];

fn non_ascii_tail(rng: &mut Rng, u: &str) -> String {
    let s = *rng.pick(NON_ASCII);
    insert_tail(rng, u, s)
}

const IDN: &[&str] = &[
    "bücher.de",
    "例え.テスト",
    "пример.рф",
    "ÉXAMPLE.com",
    "faß.de",
    "İstanbul.tr",
    "ı.com",
    "ﬁ.com",
    "xn--",
    "xn--abc",
    "xn--nxasmq6b.com",
    "xn--bcher-kva.de",
    "a\u{ad}b.com",
    "a\u{200d}b.com",
    "a\u{200c}b.com",
    "ｅｘａｍｐｌｅ.com",
    "☃.net",
    "💩.la",
    "مثال.إختبار",
    "דוגמה.טעסט",
    "उदाहरण.परीक्षा",
    "ตัวอย่าง.ไทย",
    "උදාහරණ.ලංකා",
    "உதாரணம்.இந்தியா",
    "한국.kr",
    "مثال.ایران",
    "a\u{301}.com",
    "xn--a.com",
    "xn--zca.de",
    "XN--BCHER-KVA.de",
    "xn--ls8h.la",
    "1.xn--",
    "a.xn--0",
    "-a.com",
    "a-.com",
    "ab--c.com",
    "a.b\u{200d}",
    "\u{200d}.com",
    "Ⅻ.com",
    "ǅ.com",
    "a\u{0}b",
    "xn--55qx5d.公司",
    "ӏ.com",
    "ᏔᎻᎬ.com",
    "a..b",
    "xn--1ch.com",
    "\u{2488}.com",
    "ab\u{2024}c",
    "\u{2f00}.com",
    "x\u{180e}y.com",
    "a\u{34f}b.com",
];

fn idn_host(rng: &mut Rng, u: &str) -> String {
    let h = *rng.pick(IDN);
    if rng.chance(30) {
        if let Some(p) = split(u) {
            let at = p.host.start + rng.boundary(&u[p.host.clone()]);
            return splice(u, at..at, h);
        }
    }
    replace_host(rng, u, h)
}

const USERINFO: &[&str] = &[
    "user:pass@",
    "@",
    "@@",
    "a@b@",
    "us er@",
    "%zz@",
    "ü:ö@",
    ":@",
    "user:p@ss@",
    ":pass@",
    "user:@",
    "u:p:q@",
    "a%40b@",
    "a\tb@",
    "%00@",
    "user name:pa ss@",
    "<>@",
    "a/b@",
    "a?b@",
    "a#b@",
    "a\\b@",
    "a[b@",
    "中:文@",
];

fn userinfo(rng: &mut Rng, u: &str) -> String {
    let s = *rng.pick(USERINFO);
    match split(u) {
        Some(p) if rng.chance(70) => splice(u, p.authority.start..p.authority.start, s),
        Some(p) => splice(u, p.host.start..p.host.start, s),
        None => insert(rng, u, s),
    }
}

fn fullwidth_dots(rng: &mut Rng, u: &str) -> String {
    let Some(p) = split(u) else { return u.to_owned() };
    let host = &u[p.host.clone()];
    let dot = *rng.pick(&["\u{3002}", "\u{ff0e}", "\u{ff61}"]);
    let all = rng.chance(50);
    let new: String = host
        .chars()
        .map(|c| {
            if c == '.' && (all || rng.chance(50)) {
                dot.to_owned()
            } else {
                c.to_string()
            }
        })
        .collect();
    let new = if rng.chance(15) {
        format!("{new}{dot}")
    } else {
        new
    };
    splice(u, p.host, &new)
}

fn slashes(rng: &mut Rng, u: &str) -> String {
    let Some(p) = split(u) else { return u.to_owned() };
    let s = *rng.pick(&["", "/", "///", "////", "\\\\", "/\\", "\\", "\\/", " //", "//\t"]);
    splice(u, p.scheme.end + 1..p.authority.start, s)
}

const WINDOWS: &[&str] = &[
    "file:///C:/",
    "file:///C|/",
    "file:C:/",
    "file://C:/",
    "C:\\",
    "\\\\server\\share\\",
    "file://server/share/",
    "file:///c:/../../",
    "file://localhost/C:/",
    "file:/C:/",
    "file:///C:",
    "file:c|",
    "C|/",
    "c:/",
    "file://C|/",
    "file:\\\\\\C:\\",
    "file:///C%3A/",
    "file:///C%7C/",
    "file:///C:/./../",
    "file://host/C:/../",
    "file:..\\",
    "file://localhost",
    "file://LOCALHOST/",
    "file:",
    "file://",
    "file:///",
    "file://1.2.3/",
    "file://[::1]/",
    "file://xn--bcher-kva.de/",
    "file:////server/",
    "file:?q",
    "file:#f",
    "FILE://C:/",
    "file://user@host/",
    "file://host:80/",
];

fn windows_file(rng: &mut Rng, u: &str) -> String {
    let prefix = *rng.pick(WINDOWS);
    let path = split(u).map_or(u, |p| &u[p.authority.end..]);
    let path = path.trim_start_matches(['/', '\\']);
    let path = if rng.chance(30) {
        path.replace('/', "\\")
    } else {
        path.to_owned()
    };
    format!("{prefix}{path}")
}

const RELATIVE: &[&str] = &[
    "../x",
    "//host",
    "//host/p",
    "?q",
    "#f",
    "\\\\x",
    "C|/x",
    "",
    "/",
    ".",
    "..",
    "./a/../b",
    "%2e%2e/x",
    "x:y",
    "http:foo",
    "https:foo",
    "file:x",
    ":foo",
    "?",
    "#",
    "/..//x",
    "///x",
    "\\x",
    "..\\..\\y",
    "../../../../../z",
    "http:",
    "https:",
    "ftp:/x",
    "ws:x",
    "//",
    "/\\host/",
    "//[::1]/",
    "//1.2.3/",
    "a:b",
    "mailto:x",
    "C:/x",
    "/C:/x",
    "file:C:/x",
    "\t?q",
    " #f ",
    "//@",
    "//user@host",
    "//:80",
    "data:,x",
    "blob:x",
    "%",
    ";x",
    "./",
];

fn relative(rng: &mut Rng, base: &str) -> String {
    let r = *rng.pick(RELATIVE);
    if rng.chance(25) {
        let path = split(base).map_or(base, |p| &base[p.authority.end..]);
        return format!("{r}{path}");
    }
    r.to_owned()
}

const SCHEMES: &[&str] = &[
    "hhttp",
    "htt",
    "ht tp",
    "h%74tp",
    "ｈｔｔｐ",
    "web+x",
    "view-source:http",
    "http",
    "https",
    "ftp",
    "ws",
    "wss",
    "file",
    "blob",
    "mailto",
    "git",
    "data",
    "javascript",
    "urn",
    "a",
    "x-y+z.w",
    "1http",
    "-http",
    "http_s",
    "HTTP",
    "blob:https",
    "blob:file",
    "blob:blob:http",
    "sc",
    "about",
    "h\tttp",
    "HtTpS",
    "fIlE",
    "\u{130}http",
];

fn scheme_quirk(rng: &mut Rng, u: &str) -> String {
    let s = *rng.pick(SCHEMES);
    match split(u) {
        Some(p) => splice(u, p.scheme, s),
        None => format!("{s}:{u}"),
    }
}

const ODD_HOST: &[&str] = &[
    ".", "..", "-", "<", ">", "^", "|", "%", " ", "#", "_", "*", "!", "$", "&", "'", "(", ")", "+", ",", ";",
    "=", "\u{0}", "\u{1f}", "\u{7f}", "~", "`", "{", "}", "\"", ".09", ".0x1", ".1", ".0", ".08", ".0x",
    "..1",
];

fn odd_host(rng: &mut Rng, u: &str) -> String {
    let Some(p) = split(u) else { return u.to_owned() };
    if rng.chance(15) {
        let n = *rng.pick(&[63, 64, 65, 253, 254, 300]);
        let label = "a".repeat(n);
        return splice(u, p.host.clone(), &format!("{label}.{}", &u[p.host]));
    }
    let s = *rng.pick(ODD_HOST);
    let host = &u[p.host.clone()];
    let at = match rng.below(3) {
        0 => p.host.start,
        1 => p.host.end,
        _ => p.host.start + rng.boundary(host),
    };
    splice(u, at..at, s)
}

const PCT: &[&str] = &[
    "%",
    "%G1",
    "%2f",
    "%2F",
    "%252F",
    "%C3",
    "%FF",
    "%e2%82",
    "%ZZ",
    "%c3%28",
    "%ED%A0%80",
    "%%32%65",
    "%00",
    "%3f",
    "%23",
];

fn percent_quirk(rng: &mut Rng, u: &str) -> String {
    let s = *rng.pick(PCT);
    if rng.chance(20) {
        if let Some(p) = split(u) {
            return splice(u, p.authority.start..p.authority.start, &format!("u{s}:p{s}@"));
        }
    }
    insert_tail(rng, u, s)
}

fn no_scheme(rng: &mut Rng, u: &str) -> String {
    let Some(p) = split(u) else { return u.to_owned() };
    let rest = &u[p.authority.start..];
    match rng.below(5) {
        0 => rest.to_owned(),
        1 => format!("//{rest}"),
        2 => format!("{}//{rest}", &u[p.scheme]),
        3 => format!("{}:{}", &u[p.host.clone()], &u[p.authority.end..]),
        _ => format!("{}:8080{}", &u[p.host], &u[p.authority.end..]),
    }
}

const OPAQUE: &[&str] = &[
    "mailto:a@b ",
    "mailto:a@b  ?q",
    "data:text/plain,hi  #x",
    "javascript:alert(1) ",
    "urn:isbn:1 #f",
    "sc:a b ?c",
    "about:blank",
    "tel:+1 ",
    "news:x ",
    "a:\u{0} ",
    "blob:https://a.b/c ",
    "blob:null/x",
    "sc: ?",
    "sc:\\x",
    "javascript:/\u{1}/",
    "data: #",
    "mailto:\u{e9} #\u{e9}",
];

fn opaque(rng: &mut Rng, u: &str) -> String {
    let o = *rng.pick(OPAQUE);
    if rng.chance(50) {
        return o.to_owned();
    }
    let tail = split(u).map_or(u, |p| &u[p.authority.end..]);
    format!("{o}{tail}")
}

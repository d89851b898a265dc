//! Property, on URLs assembled from parts (schemes, hosts in every form, IDN labels, ports,
//! paths with dot segments and encodings) rather than raw bytes: urlkit parses like ada
//! (success and href), `can_parse` agrees, and the href re-parses to itself.
#![no_main]

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[rustfmt::skip]
const SCHEMES: &[&str] = &["http:", "https:", "ftp:", "ws:", "wss:", "file:", "gopher:", "mailto:", "news:",
    "telnet:", "blob:", "data:", "javascript:", "urn:", "HTTP:", "h\tttp:", "", "foo:", "sc+1.-:"];
#[rustfmt::skip]
const HOSTS: &[&str] = &["example.com", "EXAMPLE.com.", "127.0.0.1", "0x7f.1", "0177.0.0.1", "2130706433",
    "1.2.3", "1.2.3.4.5", "[::1]", "[::ffff:192.168.0.1]", "[1:2:3:4:5:6:7:8]", "[64:ff9b::1.2.3.4]",
    "xn--nxasmq6b.com", "bücher.de", "ＥＸＡＭＰＬＥ．ｃｏｍ", "a。b", "%61.com", "%zz", "a b", "a%00b",
    "\u{5d0}\u{5d1}.com", "0à.\u{5d0}", "xn--", "localhost", "[v1.x]", "", "a..b", "ß.de", "\u{200d}.com"];
#[rustfmt::skip]
const SEGMENTS: &[&str] = &["a", "..", ".", "%2e", "%2E%2e", ".%2e", "%2f", "\\", "b c", "%", "%41", "c:",
    "C|", "é", "~user", ";p=1", "", "@", "?", "#"];

#[derive(Arbitrary, Debug)]
struct Parts {
    scheme: u8,
    slashes: u8,
    userinfo: Option<(String, Option<String>)>,
    host: u8,
    port: Option<u32>,
    path: Vec<u8>,
    query: Option<String>,
    fragment: Option<String>,
}

fuzz_target!(|p: Parts| {
    let mut s = String::from(SCHEMES[p.scheme as usize % SCHEMES.len()]);
    s.push_str(["", "/", "//", "///", "\\\\", "/\\"][p.slashes as usize % 6]);
    if let Some((user, pass)) = &p.userinfo {
        s.push_str(user);
        if let Some(pass) = pass {
            s.push(':');
            s.push_str(pass);
        }
        s.push('@');
    }
    s.push_str(HOSTS[p.host as usize % HOSTS.len()]);
    if let Some(port) = p.port {
        s.push_str(&format!(":{port}"));
    }
    for seg in &p.path {
        s.push('/');
        s.push_str(SEGMENTS[*seg as usize % SEGMENTS.len()]);
    }
    if let Some(q) = &p.query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = &p.fragment {
        s.push('#');
        s.push_str(f);
    }
    let ours = urlkit::Url::parse(&s);
    assert_eq!(urlkit::Url::can_parse(&s, None), ours.is_ok(), "can_parse {s:?}");
    if let Ok(u) = &ours {
        assert_eq!(urlkit::Url::parse(u.as_str()).as_ref(), Ok(u), "href of {s:?}");
    }
    let ada = ada_url::Url::parse(&s, None).map(|u| u.href().to_owned()).ok();
    let same = ours.as_ref().ok().map(urlkit::Url::as_str) == ada.as_deref();
    assert!(
        same || urlkit_fuzz::explained_idna(&ours, ada.as_deref()),
        "{s:?}: urlkit {ours:?} / ada {ada:?}"
    );
});

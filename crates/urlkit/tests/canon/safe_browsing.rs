//! The canonicalization examples of the Safe Browsing documentation ("URLs and Hashing").

use urlkit::canon::SafeBrowsingUrl;

#[test]
fn documented_examples() {
    let cases = [
        ("http://host/%25%32%35", "http://host/%25"),
        ("http://host/%25%32%35%25%32%35", "http://host/%25%25"),
        ("http://host/%2525252525252525", "http://host/%25"),
        ("http://host/asdf%25%32%35asd", "http://host/asdf%25asd"),
        ("http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"),
        ("http://www.google.com/", "http://www.google.com/"),
        (
            "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
            "http://168.188.99.26/.secure/www.ebay.com/",
        ),
        (
            "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
            "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        ),
        (
            "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
            "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+",
        ),
        ("http://3279880203/blah", "http://195.127.0.11/blah"),
        ("http://www.google.com/blah/..", "http://www.google.com/"),
        ("www.google.com/", "http://www.google.com/"),
        ("www.google.com", "http://www.google.com/"),
        ("http://www.evil.com/blah#frag", "http://www.evil.com/blah"),
        ("http://www.GOOgle.com/", "http://www.google.com/"),
        ("http://www.google.com.../", "http://www.google.com/"),
        ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"),
        ("http://www.google.com/q?", "http://www.google.com/q?"),
        ("http://www.google.com/q?r?", "http://www.google.com/q?r?"),
        ("http://www.google.com/q?r?s", "http://www.google.com/q?r?s"),
        ("http://evil.com/foo#bar#baz", "http://evil.com/foo"),
        ("http://evil.com/foo;", "http://evil.com/foo;"),
        ("http://evil.com/foo?bar;", "http://evil.com/foo?bar;"),
        // The documentation's raw bytes 0x01 0x80, here as escapes (a &str holds no lone 0x80).
        ("http://%01%80.com/", "http://%01%80.com/"),
        ("http://notrailingslash.com", "http://notrailingslash.com/"),
        ("http://www.gotaport.com:1234/", "http://www.gotaport.com/"),
        ("  http://www.google.com/  ", "http://www.google.com/"),
        ("http:// leadingspace.com/", "http://%20leadingspace.com/"),
        ("http://%20leadingspace.com/", "http://%20leadingspace.com/"),
        ("%20leadingspace.com/", "http://%20leadingspace.com/"),
        ("https://www.securesite.com/", "https://www.securesite.com/"),
        ("http://host.com/ab%23cd", "http://host.com/ab%23cd"),
        ("http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"),
    ];
    for (input, want) in cases {
        let got = SafeBrowsingUrl::new(input).map(|u| u.as_str().to_owned());
        assert_eq!(got.as_deref(), Some(want), "{input:?}");
    }
}

#[test]
fn documented_expressions() {
    let u = SafeBrowsingUrl::new("http://a.b.c/1/2.html?param=1").unwrap();
    assert_eq!(
        u.expressions(),
        [
            "a.b.c/1/2.html?param=1",
            "a.b.c/1/2.html",
            "a.b.c/",
            "a.b.c/1/",
            "b.c/1/2.html?param=1",
            "b.c/1/2.html",
            "b.c/",
            "b.c/1/"
        ]
    );
    let u = SafeBrowsingUrl::new("http://a.b.c.d.e.f.g/1.html").unwrap();
    assert_eq!(
        u.expressions(),
        [
            "a.b.c.d.e.f.g/1.html",
            "a.b.c.d.e.f.g/",
            "c.d.e.f.g/1.html",
            "c.d.e.f.g/",
            "d.e.f.g/1.html",
            "d.e.f.g/",
            "e.f.g/1.html",
            "e.f.g/",
            "f.g/1.html",
            "f.g/"
        ]
    );
    let u = SafeBrowsingUrl::new("http://1.2.3.4/1/").unwrap();
    assert_eq!(u.expressions(), ["1.2.3.4/1/", "1.2.3.4/"]);
    // At most 6 paths and 5 hosts.
    let u = SafeBrowsingUrl::new("http://a.b.c.d.e.f.g/1/2/3/4/5/6/7.html?q=1").unwrap();
    let e = u.expressions();
    assert_eq!(e.len(), 30);
    assert_eq!(
        &e[..6],
        [
            "a.b.c.d.e.f.g/1/2/3/4/5/6/7.html?q=1",
            "a.b.c.d.e.f.g/1/2/3/4/5/6/7.html",
            "a.b.c.d.e.f.g/",
            "a.b.c.d.e.f.g/1/",
            "a.b.c.d.e.f.g/1/2/",
            "a.b.c.d.e.f.g/1/2/3/"
        ]
    );
    let hashes = u.hashes();
    assert_eq!(hashes.len(), 30);
    assert_eq!(hashes[2], urlkit::canon::sha256(b"a.b.c.d.e.f.g/"));
}

#[test]
fn ipv6_hosts() {
    let c = |u: &str| SafeBrowsingUrl::new(u).unwrap().as_str().to_owned();
    assert_eq!(c("http://[2001:DB8:0:0:0:0:0:1]:80/"), "http://[2001:db8::1]/");
    assert_eq!(c("http://[::ffff:192.0.2.1]/"), "http://192.0.2.1/");
    assert_eq!(c("http://[64:ff9b::c000:201]/"), "http://192.0.2.1/");
    assert_eq!(c("http://user:pw@Example.COM:8080/"), "http://example.com/");
    assert_eq!(c("http://bücher.example/"), "http://xn--bcher-kva.example/");
    assert!(SafeBrowsingUrl::new("http:///").is_none());
}

/// Fuzzing (`canon_idempotent`, finding F3): a colon left in the host after the port is
/// stripped once made the canonical URL canonicalize to another one (`::` gave `http://:/`,
/// then nothing). Such a host is no host; a real one keeps its canonical form.
#[test]
fn leftover_colon_is_no_host_and_canonical_forms_are_fixed_points() {
    for input in ["::", "http://a:1:2/", "a:b:80", "http://[::1/"] {
        assert!(SafeBrowsingUrl::new(input).is_none(), "{input:?}");
    }
    for input in [
        "http://a:80/b",
        "http://[::1]:8080/x?y",
        "www.Example.com.:443/%7e",
        "http://1.2.3.4:1/",
        "http://０Ｘｃ０．０２５０．０１",
        "http://a。。b．c/",
        // F4: a `[` without `]`, reached once a leading dot is gone, is a host as written.
        ".[\u{4}",
        "http://[x/",
    ] {
        let once = SafeBrowsingUrl::new(input).unwrap();
        let twice = SafeBrowsingUrl::new(once.as_str()).unwrap();
        assert_eq!(twice.as_str(), once.as_str(), "{input:?}");
    }
}

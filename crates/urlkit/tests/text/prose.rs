//! Prose that must stay prose, and URLs that must be found, with their exact boundaries.

use crate::{one, urls, urls_with};
use urlkit::text::{Kind, Options};

#[test]
fn prose_is_not_a_url() {
    let prose = [
        "Note: see below",
        "Note:see below",
        "at 10:30, or 10:30:15 UTC",
        "ratio 3:2 and 16:9",
        "e.g.: this one",
        "TODO: fix, WARNING: hot, Re: hello, Fwd: news",
        "key:value and foo:bar baz:qux",
        "use std::io::Read; a::b::c",
        "C:\\Windows\\System32 and D:/data",
        "http: see below, https:, ftp:/x, http:/ /x",
        "http:// is a prefix",
        "mailto: someone, mailto:nobody",
        "Good news: today, news:today, news:",
        "tel: 555, tel:12, tel:+1",
        "urn:x, urn:a:b, urn:",
        "data: none, data:text",
        "javascript:alert(1) vbscript:x",
        "URL: see below, the URL: field, <URL: see>",
        "<Note: this is important> and <see: below>",
        "<> and <x",
        "@mention and @ alone, user@localhost, foo@bar, a@b., a@.b, a@b..c",
        "hello@mail+xyz.example",
        "a.b.c and file.txt, README.md, v1.2.3, 3.14159",
        "IPv6 ::1 and fe80::1",
        "www. and www and www.. and xwww.example.com and awww.ab.cd",
        "www.a_b.c_d and www.a.b_c",
        "(see the notes) [1] {x}",
        "a_b@c.d_ and a@b-",
    ];
    for text in prose {
        assert_eq!(urls(text), Vec::<String>::new(), "{text:?}");
    }
}

#[test]
fn schemes_found_bare() {
    for (text, url) in [
        ("see http://example.com.", "http://example.com"),
        ("(https://example.com/a_(b))", "https://example.com/a_(b)"),
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt,",
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
        ),
        ("mail mailto:John.Doe@example.com!", "mailto:John.Doe@example.com"),
        (
            "news:comp.infosystems.www.servers.unix",
            "news:comp.infosystems.www.servers.unix",
        ),
        ("tel:+1-816-555-1212.", "tel:+1-816-555-1212"),
        ("telnet://192.0.2.16:80/", "telnet://192.0.2.16:80/"),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        ),
        (
            "nntp://news.server.example/example.group.this/12345",
            "nntp://news.server.example/example.group.this/12345",
        ),
        ("gopher://gopher.example/00/x", "gopher://gopher.example/00/x"),
        (
            "wais://quake.think.com/wais-discussion-archives?lynch",
            "wais://quake.think.com/wais-discussion-archives?lynch",
        ),
        ("prospero://host.dom//pros/name", "prospero://host.dom//pros/name"),
        ("file:///etc/hosts;", "file:///etc/hosts"),
        ("wss://chat.example/socket", "wss://chat.example/socket"),
        (
            "data:text/plain;base64,SGVsbG8=",
            "data:text/plain;base64,SGVsbG8=",
        ),
        ("magnet:?xt=urn:btih:abc", "magnet:?xt=urn:btih:abc"),
        ("sip:alice@atlanta.example", "sip:alice@atlanta.example"),
        (
            "foo://example.com:8042/over/there?name=ferret#nose",
            "foo://example.com:8042/over/there?name=ferret#nose",
        ),
        ("HTTP://EXAMPLE.COM/", "HTTP://EXAMPLE.COM/"),
        ("“http://example.com/a”", "http://example.com/a"),
        ("see http://example.com/…", "http://example.com/"),
        ("`https://example.com/x`", "https://example.com/x"),
        ("href=https://example.org/a>text</a>", "https://example.org/a"),
        ("see https://[::1]/x](y", "https://[::1]/x"),
        ("x http://example.com/?q=a&amp; y", "http://example.com/?q=a"),
        ("http://a.example/x?q=1&hl;", "http://a.example/x?q=1"),
        ("'http://a.example/it''", "http://a.example/it"),
        ("[http://a.example/]", "http://a.example/"),
        (
            "http://user:pass@host.example:8080/p",
            "http://user:pass@host.example:8080/p",
        ),
        ("http://xn--bcher-kva.example/", "http://xn--bcher-kva.example/"),
        ("http://bücher.example/", "http://bücher.example/"),
    ] {
        assert_eq!(urls(text).first().map(String::as_str), Some(url), "{text:?}");
        assert_eq!(one(text).kind(), Kind::Scheme, "{text:?}");
    }
}

#[test]
fn markdown_links_written_as_text() {
    assert_eq!(
        urls("[![ci](https://img.example/b.svg)](https://ci.example/) [x](http://a.example/(b))"),
        [
            "https://img.example/b.svg",
            "https://ci.example/",
            "http://a.example/(b)"
        ]
    );
}

#[test]
fn www_and_email_boundaries() {
    for (text, url, kind) in [
        (
            "Visit www.commonmark.org/help for more",
            "http://www.commonmark.org/help",
            Kind::Www,
        ),
        ("*www.example.com*", "http://www.example.com", Kind::Www),
        ("_www.example.com_", "http://www.example.com", Kind::Www),
        ("~www.example.com~", "http://www.example.com", Kind::Www),
        ("(www.example.com)", "http://www.example.com", Kind::Www),
        ("line\nwww.example.com.", "http://www.example.com", Kind::Www),
        ("www.bücher.example/x", "http://www.bücher.example/x", Kind::Www),
        (
            "mail foo+bar@example.co.uk.",
            "mailto:foo+bar@example.co.uk",
            Kind::Email,
        ),
        ("a.b-c_d@a.b.", "mailto:a.b-c_d@a.b", Kind::Email),
        ("(joe@example.com)", "mailto:joe@example.com", Kind::Email),
        ("<joe@example.com>", "mailto:joe@example.com", Kind::Angle),
        (
            "<a.b!#$%&'*+/=?^_`{|}~-@x-y.example>",
            "mailto:a.b!#$%&'*+/=?^_`{|}~-@x-y.example",
            Kind::Angle,
        ),
    ] {
        let link = one(text);
        assert_eq!((link.url().as_ref(), link.kind()), (url, kind), "{text:?}");
        assert_eq!(&text[link.span()], link.as_str());
    }
}

#[test]
fn wrappers() {
    for (text, url, kind, wrapped) in [
        (
            "<URL:http://a.example/b>",
            "http://a.example/b",
            Kind::UrlWrapper,
            false,
        ),
        (
            "<url:http://a.example/b>",
            "http://a.example/b",
            Kind::UrlWrapper,
            false,
        ),
        (
            "<URL: http://a.example/b>",
            "http://a.example/b",
            Kind::UrlWrapper,
            false,
        ),
        (
            "<URL:\n   ftp://a.example/b\n   /c.txt>",
            "ftp://a.example/b/c.txt",
            Kind::UrlWrapper,
            true,
        ),
        (
            "URL:http://a.example/b.",
            "http://a.example/b",
            Kind::UrlPrefix,
            false,
        ),
        (
            "URL: http://a.example/b,",
            "http://a.example/b",
            Kind::UrlPrefix,
            false,
        ),
        ("URL:foo:bar", "foo:bar", Kind::UrlPrefix, false),
        ("<http://a.example/b.>", "http://a.example/b.", Kind::Angle, false),
        ("<ftp:\n   //a.example/b>", "ftp://a.example/b", Kind::Angle, true),
        (
            "<ftp://a.example/pub/x y.txt>",
            "ftp://a.example/pub/xy.txt",
            Kind::Angle,
            true,
        ),
        ("<a+b+c:d>", "a+b+c:d", Kind::Angle, false),
        (
            "\"http://a.example/b.\"",
            "http://a.example/b.",
            Kind::Quoted,
            false,
        ),
    ] {
        let link = one(text);
        assert_eq!(
            (link.url().as_ref(), link.kind(), link.is_wrapped()),
            (url, kind, wrapped),
            "{text:?}"
        );
        assert!(link.is_valid(), "{text:?}");
    }
    // A blank line ends a wrapper; what remains is bare.
    assert_eq!(urls("<http://a.example/b\n\nc>"), ["http://a.example/b"]);
    // `<…>` spaces within a line only after `scheme://`.
    assert_eq!(urls("<a:b c>"), Vec::<String>::new());
    // GFM's whitespace rule as an option.
    let gfm = Options::new().angle_whitespace(false);
    assert_eq!(
        urls_with(gfm.clone(), "<http://foo.bar/baz bim>"),
        ["http://foo.bar/baz"]
    );
    assert_eq!(
        urls_with(gfm, "<http://foo.bar/baz\n bim>"),
        ["http://foo.bar/bazbim"]
    );
}

#[test]
fn kinds_and_scheme_allow_list() {
    let text = "a <URL:ftp://x.example/> b www.y.example c z@w.example d https://v.example e \"news:a.b\"";
    assert_eq!(urls(text).len(), 5);
    let only = |kind: Kind| urls_with(Options::none().kind(kind, true), text);
    assert_eq!(only(Kind::UrlWrapper), ["ftp://x.example/"]);
    assert_eq!(only(Kind::Www), ["http://www.y.example"]);
    assert_eq!(only(Kind::Email), ["mailto:z@w.example"]);
    // Without the wrapper kinds, what they delimit is found bare.
    assert_eq!(
        only(Kind::Scheme),
        ["ftp://x.example/", "https://v.example", "news:a.b"]
    );
    assert_eq!(only(Kind::Quoted), ["news:a.b"]);
    let allow = urls_with(Options::new().schemes(["HTTP", "news"]), text);
    assert_eq!(allow, ["http://www.y.example", "news:a.b"]);
    // A URL filtered out still hides what is inside it.
    assert_eq!(
        urls_with(Options::new().schemes(["mailto"]), "http://u@h.example/"),
        Vec::<String>::new()
    );
}

#[test]
fn line_and_column() {
    let text = "one\ntwo http://a.example\r\nthree <URL:ab:c>\n\nwww.d.example";
    let found: Vec<_> = urlkit::text::links(text)
        .map(|l| (l.line(), l.column(), l.start()))
        .collect();
    assert_eq!(found, [(2, 5, 8), (3, 7, 32), (5, 1, 44)]);
}

#[test]
fn linkify_html_keeps_the_text() {
    let text =
        "<b> & www.x.example/?a=1&b=\"2\" <URL:http://y.example/> mail me@z.example. <javascript:alert(1)>";
    let html = urlkit::text::linkify_html(text);
    assert_eq!(
        html,
        "&lt;b&gt; &amp; <a href=\"http://www.x.example/?a=1&amp;b=%222\">www.x.example/?a=1&amp;b=&quot;2</a>&quot; \
         &lt;URL:<a href=\"http://y.example/\">http://y.example/</a>&gt; mail \
         <a href=\"mailto:me@z.example\">me@z.example</a>. &lt;javascript:alert(1)&gt;"
    );
}

//! Every example URL of the RFC 1738 seed documents (RFC 1738 with erratum 5118, its §5
//! BNF, RFC 1630, the W3C URL notes) and of the per-scheme RFCs (6068, 8089, 4266, 5538,
//! 4248, 4156, 4157), with its expected validity and typed view.
//!
//! URLs that the texts break across lines are joined; where a line break left a space
//! inside the URL (RFC 1738's and RFC 1630's reference lists) the space is removed, as the
//! RFC 1738 Appendix says to (`extract_from_context`, tested on the texts' own forms).

use urlkit::rfc1738::encoding::{make_safer, same_encoding_level_eq};
use urlkit::rfc1738::{extract_from_context, parse, validate, Parsed, Rule, SchemeView};

fn valid(url: &str) -> Parsed<'_> {
    assert_eq!(validate(url), Ok(()), "{url}");
    let p = parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    assert_eq!(p.validation, Ok(()), "{url}");
    p
}

/// Asserts `url` fails `rule` at the first occurrence of `needle` (+ `offset`).
fn invalid<'a>(url: &'a str, rule: Rule, needle: &str, offset: usize) -> Parsed<'a> {
    let pos = url
        .find(needle)
        .unwrap_or_else(|| panic!("{needle} not in {url}"))
        + offset;
    let e = validate(url).unwrap_err();
    assert_eq!((e.rule(), e.position()), (rule, pos), "{url}: {e}");
    let p = parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    assert_eq!(p.validation, Err(e));
    p
}

fn ftp_plan(url: &str) -> Vec<String> {
    parse(url).unwrap().view.as_ftp().expect("ftp view").commands()
}

// ---------------------------------------------------------------------------------------
// RFC 1738 (000_, erratum 5118 applied)

#[test]
fn rfc1738_3_2_2_ftp_command_plans() {
    let p = valid("ftp://myname@host.dom/%2Fetc/motd");
    let ftp = p.view.as_ftp().unwrap();
    assert_eq!(
        (ftp.user(), ftp.password(), ftp.host(), ftp.port()),
        (Some("myname"), None, "host.dom", Some(21))
    );
    assert_eq!(ftp.cwd(), ["/etc"]);
    assert_eq!(ftp.name(), "motd");
    assert_eq!(ftp.commands(), ["CWD /etc", "RETR motd"]);

    assert_eq!(
        ftp_plan("ftp://myname@host.dom/etc/motd"),
        ["CWD etc", "RETR motd"]
    );
    valid("ftp://myname@host.dom/etc/motd");

    let p = valid("ftp://myname@host.dom//etc/motd");
    assert_eq!(p.view.as_ftp().unwrap().cwd(), ["", "etc"]);
    assert_eq!(
        ftp_plan("ftp://myname@host.dom//etc/motd"),
        ["CWD ", "CWD etc", "RETR motd"]
    );
}

#[test]
fn rfc1738_3_1_user_and_password_empty_versus_absent() {
    for (url, user, password) in [
        ("ftp://@host.com/", Some(""), None),
        ("ftp://host.com/", None, None),
        ("ftp://foo:@host.com/", Some("foo"), Some("")),
    ] {
        let p = valid(url);
        let ftp = p.view.as_ftp().unwrap();
        assert_eq!(
            (ftp.user(), ftp.password(), ftp.host()),
            (user, password, "host.com"),
            "{url}"
        );
        assert_eq!(
            (ftp.cwd().len(), ftp.name(), ftp.commands().len()),
            (0, "", 0),
            "{url}"
        );
    }
}

#[test]
fn rfc1738_ftp_typecodes_and_directory_urls() {
    // §3.2.2: `;type=d` lists <name>; an empty name lists the directory reached.
    assert_eq!(
        ftp_plan("ftp://info.cern.ch/pub/www/doc;type=d"),
        ["CWD pub", "CWD www", "NLST doc"]
    );
    valid("ftp://info.cern.ch/pub/www/doc;type=d");
    assert_eq!(ftp_plan("ftp://h/pub/;type=d"), ["CWD pub", "NLST"]);
    assert_eq!(ftp_plan("ftp://h/pub/"), ["CWD pub"]);
    assert_eq!(ftp_plan("ftp://h/;type=i"), ["TYPE I"]);
    let p = valid("ftp://ds.internic.net/rfc/rfc1436.txt;type=a");
    assert_eq!(p.view.as_ftp().unwrap().typecode(), Some('a'));
    assert_eq!(
        ftp_plan("ftp://ds.internic.net/rfc/rfc1436.txt;type=a"),
        ["CWD rfc", "TYPE A", "RETR rfc1436.txt"]
    );
    invalid("ftp://h/a;type=x", Rule::Ftptype, "x", 0);
    invalid("ftp://h/a;b=c", Rule::Fsegment, ";", 1);
}

#[test]
fn rfc1738_reference_urls() {
    for (url, cwd, name) in [
        ("ftp://ds.internic.net/rfc", &[][..], "rfc"),
        (
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
            &["pub", "gopher", "gopher_protocol", "Gopher+"][..],
            "Gopher+.txt",
        ),
        (
            "ftp://ds.internic.net/rfc/rfc1630.txt",
            &["rfc"][..],
            "rfc1630.txt",
        ),
        (
            "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
            &["pub", "www", "doc"][..],
            "http-spec.txt.Z",
        ),
        (
            "ftp://ds.internic.net/rfc/rfc1123.txt",
            &["rfc"][..],
            "rfc1123.txt",
        ),
        ("ftp://ds.internic.net/rfc/rfc822.txt", &["rfc"][..], "rfc822.txt"),
        (
            "ftp://quake.think.com/pub/wais/doc/protspec.txt",
            &["pub", "wais", "doc"][..],
            "protspec.txt",
        ),
        (
            "ftp://ds.internic.net/rfc/rfc1036.txt",
            &["rfc"][..],
            "rfc1036.txt",
        ),
        (
            "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
            &["pub", "wais", "doc"][..],
            "doc-ids.txt",
        ),
        ("ftp://ds.internic.net/rfc/rfc977.txt", &["rfc"][..], "rfc977.txt"),
        (
            "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
            &["internet-drafts"][..],
            "draft-ietf-uri-irl-fun-req-02.txt",
        ),
        (
            "ftp://ds.internic.net/rfc/rfc1034.txt",
            &["rfc"][..],
            "rfc1034.txt",
        ),
        (
            "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
            &["pub", "prospero", "doc"][..],
            "prospero-protocol.PS.Z",
        ),
        ("ftp://ds.internic.net/rfc/rfc959.txt", &["rfc"][..], "rfc959.txt"),
        (
            "ftp://ds.internic.net/rfc/rfc1737.txt",
            &["rfc"][..],
            "rfc1737.txt",
        ),
        (
            "ftp://ds.internic.net/rfc/rfc1625.txt",
            &["rfc"][..],
            "rfc1625.txt",
        ),
        ("ftp://uu.psi.com/wp/nir.txt", &["wp"][..], "nir.txt"),
    ] {
        let p = valid(url);
        let ftp = p.view.as_ftp().unwrap();
        assert_eq!(ftp.cwd(), cwd, "{url}");
        assert_eq!(ftp.name(), name, "{url}");
        assert_eq!(ftp.typecode(), None);
        assert_eq!(
            ftp.commands().last().map(String::as_str),
            Some(format!("RETR {name}").as_str())
        );
    }
    let p = valid("http://www.acl.lanl.gov/URI/archive/uri-archive.index.html");
    let h = p.view.as_http().unwrap();
    assert_eq!(
        (h.host(), h.port(), h.path(), h.search()),
        (
            "www.acl.lanl.gov",
            Some(80),
            Some("URI/archive/uri-archive.index.html"),
            None
        )
    );

    // A fragment is not part of the URL: `#` is unsafe and fails hsegment.
    let p = invalid(
        "http://ds.internic.net/instructions/overview.html#WARNING",
        Rule::Hsegment,
        "#",
        0,
    );
    assert_eq!(p.fragment, Some("WARNING"));
    assert_eq!(
        p.view.as_http().unwrap().path(),
        Some("instructions/overview.html")
    );
}

#[test]
fn rfc1738_news_file_prospero_examples() {
    let p = valid("news:*");
    let n = p.view.as_news().unwrap();
    assert_eq!((n.newsgroup(), n.message_id(), n.host()), (Some("*"), None, None));

    let p = valid("news:comp.infosystems.www.misc");
    assert_eq!(
        p.view.as_news().unwrap().newsgroup(),
        Some("comp.infosystems.www.misc")
    );

    let p = valid("file://vms.host.edu/disk$user/my/notes/note12345.txt");
    let f = p.view.as_file().unwrap();
    assert_eq!(
        (f.host(), f.is_local(), f.path()),
        (Some("vms.host.edu"), false, "/disk$user/my/notes/note12345.txt")
    );
    assert_eq!(p.default_port, None);

    let p = valid("prospero://host.dom//pros/name");
    let pr = p.view.as_prospero().unwrap();
    assert_eq!(
        (pr.host(), pr.port(), pr.hsoname(), pr.fields().len()),
        ("host.dom", Some(1525), "/pros/name", 0)
    );
}

#[test]
fn rfc1738_section_3_templates_are_not_urls() {
    // The `<placeholder>` forms of §3 (and RFC 4266, 4248, 4156, 4157) use unsafe `<`.
    invalid("http://<host>:<port>/<path>?<searchpart>", Rule::Host, "<", 0);
    invalid("gopher://<host>:<port>/<gopher-path>", Rule::Host, "<", 0);
    invalid("mailto:<rfc822-addr-spec>", Rule::Encoded822addr, "<", 0);
    invalid("news:<newsgroup-name>", Rule::Group, "<", 0);
    invalid("news:<message-id>", Rule::Group, "<", 0);
    invalid(
        "nntp://<host>:<port>/<newsgroup-name>/<article-number>",
        Rule::Host,
        "<",
        0,
    );
    invalid("telnet://<user>:<password>@<host>:<port>/", Rule::User, "<", 0);
    invalid("wais://<host>:<port>/<database>", Rule::Host, "<", 0);
    invalid("wais://<host>:<port>/<database>?<search>", Rule::Host, "<", 0);
    invalid(
        "wais://<host>:<port>/<database>/<wtype>/<wpath>",
        Rule::Host,
        "<",
        0,
    );
    invalid("file://<host>/<path>", Rule::Host, "<", 0);
    invalid(
        "prospero://<host>:<port>/<hsoname>;<field>=<value>",
        Rule::Host,
        "<",
        0,
    );
    // §3.2.2's url-path template, under a real host.
    invalid(
        "ftp://h/<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>",
        Rule::Fsegment,
        "<",
        0,
    );
}

#[test]
fn rfc1738_gopher_erratum_5118_and_sections_3_4() {
    // Erratum 5118: the "/" after hostport is the literal "/"; it and the path are optional.
    for url in ["gopher://gopher.micro.umn.edu", "gopher://gopher.micro.umn.edu/"] {
        let p = valid(url);
        let g = p.view.as_gopher().unwrap();
        assert_eq!(
            (
                g.port(),
                g.gophertype(),
                g.selector(),
                g.search(),
                g.gopher_plus()
            ),
            (Some(70), "1", "", None, None)
        );
    }
    invalid("gopher://h#1", Rule::Hostport, "#", 0);
    // §3.4.6–3.4.9 Gopher+ strings.
    let p = valid("gopher://h/1sel%09%09!+ABSTRACT%20+SMELL");
    assert_eq!(
        p.view.as_gopher().unwrap().gopher_plus(),
        Some("!+ABSTRACT +SMELL")
    );
    let p = valid("gopher://h/0sel%09%09+application/postscript%20Es_ES");
    assert_eq!(
        p.view.as_gopher().unwrap().gopher_plus(),
        Some("+application/postscript Es_ES")
    );
    let p = valid("gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Aone%0D%0Atwo%0D%0A.%0D%0A");
    let g = p.view.as_gopher().unwrap();
    assert_eq!((g.selector(), g.search()), ("sel", Some("")));
    assert_eq!(g.gopher_plus(), Some("+\t1\r\n+-1\r\none\r\ntwo\r\n.\r\n"));
    for plus in ["+", "?", "!", "$"] {
        let url = format!("gopher://h/1sel%09%09{plus}");
        let p = parse(&url).unwrap();
        assert_eq!(p.validation, Ok(()));
        assert_eq!(p.view.as_gopher().unwrap().gopher_plus(), Some(plus));
    }
    // Selectors may repeat the type character (§3.4.1).
    let p = valid("gopher://h/00/Information");
    let g = p.view.as_gopher().unwrap();
    assert_eq!((g.gophertype(), g.selector()), ("0", "0/Information"));
}

#[test]
fn rfc1738_bnf_scheme_case_and_preprefix() {
    // §2.1: scheme names compare case-insensitively; `URL:` PrePrefix (W3C notes) skipped.
    let p = valid("HTTP://Host.Dom/Path");
    assert_eq!(p.scheme, "http");
    let p = valid("URL:ftp://ds.internic.net/rfc/rfc959.txt");
    assert_eq!(
        (p.scheme.as_ref(), p.view.as_ftp().unwrap().name()),
        ("ftp", "rfc959.txt")
    );
    // scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]
    valid("x-exp+1.0:anything;/?:@&=");
    for (url, pos) in [("no-colon", 8), ("ht_tp://h/", 2), (":x", 0)] {
        let e = validate(url).unwrap_err();
        assert_eq!((e.rule(), e.position()), (Rule::Scheme, pos), "{url}");
        assert_eq!(parse(url).unwrap_err().position(), pos, "{url}");
    }
}

// ---------------------------------------------------------------------------------------
// RFC 1630 (002_)

#[test]
fn rfc1630_http_examples() {
    for (url, host, port, path, search) in [
        (
            "http://info.cern.ch/hypertext/WWW/Addressing/URL/URI_Overview.html",
            "info.cern.ch",
            80,
            "hypertext/WWW/Addressing/URL/URI_Overview.html",
            None,
        ),
        (
            "http://info.cern.ch/albert/bertram/marie-claude",
            "info.cern.ch",
            80,
            "albert/bertram/marie-claude",
            None,
        ),
        (
            "http://info.cern.ch/albert/bertram/marie%2Dclaude",
            "info.cern.ch",
            80,
            "albert/bertram/marie%2Dclaude",
            None,
        ),
        (
            "http://info.cern.ch/albert/bertram%2Fmarie-claude",
            "info.cern.ch",
            80,
            "albert/bertram%2Fmarie-claude",
            None,
        ),
        ("http://www.my.work.com/", "www.my.work.com", 80, "", None),
        (
            "http://www.my.uni.edu/info/matriculation/enroling.html",
            "www.my.uni.edu",
            80,
            "info/matriculation/enroling.html",
            None,
        ),
        (
            "http://info.my.org/AboutUs/Phonebook",
            "info.my.org",
            80,
            "AboutUs/Phonebook",
            None,
        ),
        (
            "http://www.library.my.town.va.us/Catalogue/76523471236%2Fwen44--4.98",
            "www.library.my.town.va.us",
            80,
            "Catalogue/76523471236%2Fwen44--4.98",
            None,
        ),
        (
            "http://www.my.org/462F4F2D4241522A314159265358979323846",
            "www.my.org",
            80,
            "462F4F2D4241522A314159265358979323846",
            None,
        ),
        (
            "http://info.cern.ch:8000/imaginary/test",
            "info.cern.ch",
            8000,
            "imaginary/test",
            None,
        ),
        (
            "http://info.my.org/AboutUs/Index/Phonebook?dobbins",
            "info.my.org",
            80,
            "AboutUs/Index/Phonebook",
            Some("dobbins"),
        ),
    ] {
        let p = valid(url);
        let h = p.view.as_http().unwrap();
        assert_eq!(
            (h.host(), h.port(), h.path(), h.search()),
            (host, Some(port), Some(path), search),
            "{url}"
        );
    }
    let p = invalid("http://www.myu.edu/org/admin/people#andy", Rule::Hsegment, "#", 0);
    assert_eq!(p.fragment, Some("andy"));
    // "%%3D" is not an escape; the view keeps the search raw.
    let p = invalid(
        "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
        Rule::Search,
        "%%",
        0,
    );
    assert_eq!(
        p.view.as_http().unwrap().search(),
        Some("*%20where%20name%%3Ddobbins")
    );
}

#[test]
fn rfc1630_encoding_examples() {
    // Example 1: %2D encodes a hyphen; Example 2: an encoded slash is not a slash.
    assert!(same_encoding_level_eq(
        "http://info.cern.ch/albert/bertram/marie-claude",
        "http://info.cern.ch/albert/bertram/marie%2Dclaude"
    ));
    assert!(!same_encoding_level_eq(
        "http://info.cern.ch/albert/bertram/marie-claude",
        "http://info.cern.ch/albert/bertram%2Fmarie-claude"
    ));
    // Example 3: "%*" and "%as" are not escapes.
    let p = invalid(
        "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred",
        Rule::Schemepart,
        "%",
        0,
    );
    assert_eq!(
        p.view.as_other().unwrap().scheme_specific_part(),
        "/us/va/reston/cnri/ietf/24/asdf%*.fred"
    );
    let p = invalid("news:12345667123%asdghfh@info.cern.ch", Rule::Article, "%", 0);
    assert_eq!(
        p.view.as_news().unwrap().message_id(),
        Some("12345667123%asdghfh@info.cern.ch")
    );
}

#[test]
fn rfc1630_other_schemes_and_references() {
    for url in [
        "magic://a/b/c//d/e/f",
        "magic://a/b/c//d/e/g",
        "magic://a/g",
        "magic://g",
        "magic://a/b/c//d/g",
        "magic://a/b/c//d/e/",
        "g:h",
        "urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3",
    ] {
        let p = valid(url);
        let ssp = &url[url.find(':').unwrap() + 1..];
        assert_eq!(p.view.as_other().unwrap().scheme_specific_part(), ssp);
        assert_eq!(p.default_port, None);
    }
    for (url, name) in [
        (
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
            "gopher_protocol",
        ),
        ("ftp://info.cern.ch/pub/www/doc/http-spec.txt", "http-spec.txt"),
        ("ftp://quake.think.com/pub/wais/doc/protspec.txt", "protspec.txt"),
        ("ftp://quake.think.com/pub/wais/doc/doc-ids.txt", "doc-ids.txt"),
        ("ftp://ds.internic.net/rfc/rfc977.txt", "rfc977.txt"),
        ("ftp://ds.internic.net/rfc/rfc1034.txt", "rfc1034.txt"),
        ("ftp://prospero.isi.edu/pub/prospero/oir.ps", "oir.ps"),
        ("ftp://ds.internic.net/rfc/rfc959.txt", "rfc959.txt"),
        ("ftp://uu.psi.com/wp/nir.txt", "nir.txt"),
    ] {
        assert_eq!(valid(url).view.as_ftp().unwrap().name(), name);
    }
    let p = valid("wais://quake.think.com/wais-discussion-archives?lynch");
    let w = p.view.as_wais().unwrap();
    assert_eq!(
        (w.host(), w.port(), w.database(), w.search()),
        (
            "quake.think.com",
            Some(210),
            "wais-discussion-archives",
            Some("lynch")
        )
    );
    // Written with spaces in RFC 1630's references: not a valid URL, still a gopher view.
    let url = "gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher";
    let p = invalid(url, Rule::Selector, " ", 0);
    let g = p.view.as_gopher().unwrap();
    assert_eq!(
        (g.gophertype(), g.selector()),
        ("0", "0/Information About Gopher/About Gopher")
    );
}

// ---------------------------------------------------------------------------------------
// RFC 6068 (mailto)

fn mailto(url: &str) -> (Vec<String>, Vec<(String, String)>) {
    let p = parse(url).unwrap();
    let m = p.view.as_mailto().unwrap();
    let a = m.addresses().iter().map(|s| s.to_string()).collect();
    let h = m
        .headers()
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    (a, h)
}

fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
    p.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()
}

#[test]
fn rfc6068_examples() {
    for (url, addrs, headers) in [
        (
            "mailto:addr1@an.example,addr2@an.example",
            &["addr1@an.example", "addr2@an.example"][..],
            &[][..],
        ),
        (
            "mailto:?to=addr1@an.example,addr2@an.example",
            &[][..],
            &[("to", "addr1@an.example,addr2@an.example")][..],
        ),
        (
            "mailto:addr1@an.example?to=addr2@an.example",
            &["addr1@an.example"][..],
            &[("to", "addr2@an.example")][..],
        ),
        ("mailto:chris@example.com", &["chris@example.com"][..], &[][..]),
        (
            "mailto:infobot@example.com?subject=current-issue",
            &["infobot@example.com"][..],
            &[("subject", "current-issue")][..],
        ),
        (
            "mailto:infobot@example.com?body=send%20current-issue",
            &["infobot@example.com"][..],
            &[("body", "send current-issue")][..],
        ),
        (
            "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
            &["infobot@example.com"][..],
            &[("body", "send current-issue\r\nsend index")][..],
        ),
        (
            "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
            &["list@example.org"][..],
            &[("In-Reply-To", "<3469A91.D10AF4C@example.com>")][..],
        ),
        (
            "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
            &["majordomo@example.com"][..],
            &[("body", "subscribe bamboo-l")][..],
        ),
        (
            "mailto:joe@example.com?cc=bob@example.com&body=hello",
            &["joe@example.com"][..],
            &[("cc", "bob@example.com"), ("body", "hello")][..],
        ),
        // "WRONG!" per RFC 6068 §6.1: the second "?" stays inside the cc value.
        (
            "mailto:joe@example.com?cc=bob@example.com?body=hello",
            &["joe@example.com"][..],
            &[("cc", "bob@example.com?body=hello")][..],
        ),
        (
            "mailto:gorby%25kremvax@example.com",
            &["gorby%kremvax@example.com"][..],
            &[][..],
        ),
        (
            "mailto:unlikely%3Faddress@example.com?blat=foop",
            &["unlikely?address@example.com"][..],
            &[("blat", "foop")][..],
        ),
        (
            "mailto:joe@an.example?cc=bob@an.example&body=hello",
            &["joe@an.example"][..],
            &[("cc", "bob@an.example"), ("body", "hello")][..],
        ),
        (
            "mailto:Mike%26family@example.org",
            &["Mike&family@example.org"][..],
            &[][..],
        ),
        (
            "mailto:%22not%40me%22@example.org",
            &["\"not@me\"@example.org"][..],
            &[][..],
        ),
        (
            "mailto:%22oh%5C%5Cno%22@example.org",
            &["\"oh\\\\no\"@example.org"][..],
            &[][..],
        ),
        (
            "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
            &["\"\\\\\\\"it's\\ ugly\\\\\\\"\"@example.org"][..],
            &[][..],
        ),
        (
            "mailto:user@example.org?subject=caf%C3%A9",
            &["user@example.org"][..],
            &[("subject", "café")][..],
        ),
        (
            "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
            &["user@example.org"][..],
            &[("subject", "=?utf-8?Q?caf=C3=A9?=")][..],
        ),
        (
            "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
            &["user@example.org"][..],
            &[("subject", "=?iso-8859-1?Q?caf=E9?=")][..],
        ),
        (
            "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
            &["user@example.org"][..],
            &[("subject", "café"), ("body", "café")][..],
        ),
        (
            "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
            &["user@\u{7D0D}\u{8C46}.example.org"][..],
            &[("subject", "Test"), ("body", "NATTO")][..],
        ),
        ("mailto:uri@w3.org", &["uri@w3.org"][..], &[][..]),
        (
            "mailto:tools.discuss@ietf.org",
            &["tools.discuss@ietf.org"][..],
            &[][..],
        ),
    ] {
        // All are `1*xchar` (RFC 1738 §5 mailtourl): `?`, `&` and `=` are reserved chars.
        valid(url);
        let (a, h) = mailto(url);
        assert_eq!(a, addrs, "{url}");
        assert_eq!(h, pairs(headers), "{url}");
    }
    // The HTML-escaped form of §6.1 is not what a user agent sees, but still an xchar run.
    let (_, h) = mailto("mailto:joe@an.example?cc=bob@an.example&amp;body=hello");
    assert_eq!(h, pairs(&[("cc", "bob@an.example"), ("amp;body", "hello")]));
    invalid("mailto:", Rule::Encoded822addr, ":", 1);
}

// ---------------------------------------------------------------------------------------
// RFC 8089 (file)

#[test]
fn rfc8089_examples() {
    // (url, RFC 1738 validity as (rule, needle, offset), host, local, path)
    type Case<'a> = (
        &'a str,
        Option<(Rule, &'a str, usize)>,
        Option<&'a str>,
        bool,
        &'a str,
    );
    let cases: [Case; 16] = [
        ("file:///path/to/file", None, Some(""), true, "/path/to/file"),
        (
            "file:/path/to/file",
            Some((Rule::Fileurl, "/p", 1)),
            None,
            true,
            "/path/to/file",
        ),
        (
            "file://host.example.com/path/to/file",
            None,
            Some("host.example.com"),
            false,
            "/path/to/file",
        ),
        (
            "file:c:/path/to/file",
            Some((Rule::Fileurl, "c", 0)),
            None,
            true,
            "c:/path/to/file",
        ),
        (
            "file:///c:/path/to/file",
            None,
            Some(""),
            true,
            "/c:/path/to/file",
        ),
        (
            "file:///c:/path/to/file.txt",
            None,
            Some(""),
            true,
            "/c:/path/to/file.txt",
        ),
        (
            "file:///c:/some/other/thing.bmp",
            None,
            Some(""),
            true,
            "/c:/some/other/thing.bmp",
        ),
        ("file:///c:/foo.txt", None, Some(""), true, "/c:/foo.txt"),
        ("file:///c:/bar.txt", None, Some(""), true, "/c:/bar.txt"),
        (
            "file:///c|/path/to/file",
            Some((Rule::Fsegment, "|", 0)),
            Some(""),
            true,
            "/c|/path/to/file",
        ),
        (
            "file:/c|/path/to/file",
            Some((Rule::Fileurl, "c", 0)),
            None,
            true,
            "/c|/path/to/file",
        ),
        (
            "file:c|/path/to/file",
            Some((Rule::Fileurl, "c", 0)),
            None,
            true,
            "c|/path/to/file",
        ),
        (
            "file://host.example.com/Share/path/to/file.txt",
            None,
            Some("host.example.com"),
            false,
            "/Share/path/to/file.txt",
        ),
        (
            "file:////host.example.com/path/to/file",
            None,
            Some(""),
            true,
            "//host.example.com/path/to/file",
        ),
        (
            "file://///host.example.com/path/to/file",
            None,
            Some(""),
            true,
            "///host.example.com/path/to/file",
        ),
        (
            "file://localhost/etc/fstab",
            None,
            Some("localhost"),
            true,
            "/etc/fstab",
        ),
    ];
    for (url, validity, host, local, path) in cases {
        let p = match validity {
            None => valid(url),
            Some((rule, needle, off)) => invalid(url, rule, needle, off),
        };
        let f = p.view.as_file().unwrap();
        assert_eq!((f.host(), f.is_local(), f.path()), (host, local, path), "{url}");
    }
}

// ---------------------------------------------------------------------------------------
// RFC 5538 (news, nntp)

#[test]
fn rfc5538_examples() {
    let p = valid("nntp://news.server.example/example.group.this/12345");
    let n = p.view.as_nntp().unwrap();
    assert_eq!(
        (n.host(), n.port(), n.newsgroup(), n.article()),
        (
            "news.server.example",
            Some(119),
            "example.group.this",
            Some(12345)
        )
    );
    // RFC 5538 allows escapes in the group; RFC 1738's group does not.
    let p = invalid(
        "nntp://wild.server.example/example.group.n%2Fa/12345",
        Rule::Group,
        "%",
        0,
    );
    assert_eq!(p.view.as_nntp().unwrap().newsgroup(), "example.group.n/a");
    let p = valid("nntp://news.server.example/example.group.this");
    assert_eq!(p.view.as_nntp().unwrap().article(), None);
    let p = valid("nntp://news.gmane.org/gmane.ietf.tools/742");
    assert_eq!(p.view.as_nntp().unwrap().article(), Some(742));

    // news://server/… is RFC 5538's; RFC 1738's grouppart cannot start with "/".
    for (url, host, group, id) in [
        (
            "news://news.server.example/example.group.this",
            "news.server.example",
            Some("example.group.this"),
            None,
        ),
        (
            "news://news.server.example/*",
            "news.server.example",
            Some("*"),
            None,
        ),
        (
            "news://news.server.example/",
            "news.server.example",
            Some("*"),
            None,
        ),
        (
            "news://wild.server.example/example.group.th%3Fse",
            "wild.server.example",
            Some("example.group.th?se"),
            None,
        ),
        (
            "news://news.gmane.org/gmane.ietf.tools",
            "news.gmane.org",
            Some("gmane.ietf.tools"),
            None,
        ),
        (
            "news://news.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
            "news.gmane.org",
            None,
            Some("p0624081dc30b8699bf9b@[10.20.30.108]"),
        ),
    ] {
        let p = parse(url).unwrap();
        assert!(p.validation.is_err(), "{url}");
        let n = p.view.as_news().unwrap();
        assert_eq!(
            (n.host(), n.port(), n.newsgroup(), n.message_id()),
            (Some(host), Some(119), group, id),
            "{url}"
        );
    }
    invalid(
        "news://news.server.example/example.group.this",
        Rule::Group,
        "/",
        0,
    );
    invalid(
        "news://news.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
        Rule::Host,
        "%",
        0,
    );
    let p = invalid("news:example.group.*", Rule::Group, "*", 0);
    assert_eq!(p.view.as_news().unwrap().newsgroup(), Some("example.group.*"));
    let p = valid("news:example.group.this");
    assert_eq!(p.view.as_news().unwrap().newsgroup(), Some("example.group.this"));

    for (url, path) in [
        ("http://dir.gmane.org/gmane.ietf.tools", "gmane.ietf.tools"),
        (
            "http://permalink.gmane.org/gmane.ietf.tools/742",
            "gmane.ietf.tools/742",
        ),
        (
            "http://mid.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
            "p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
        ),
    ] {
        assert_eq!(valid(url).view.as_http().unwrap().path(), Some(path));
    }
    // snews (RFC 5538 §2.2) gets the news view and port 563; it has no RFC 1738 grammar.
    let p = valid("snews://secure.example/comp.lang.c");
    assert_eq!(p.default_port, Some(563));
    assert_eq!(p.view.as_news().unwrap().port(), Some(563));
}

// ---------------------------------------------------------------------------------------
// RFC 4157 (prospero), RFC 4248 (telnet), RFC 4156 (wais), RFC 4266 (gopher)

#[test]
fn rfc4157_4248_4156_4266_examples() {
    let p = valid("prospero://example.com//pros/name");
    assert_eq!(p.view.as_prospero().unwrap().hsoname(), "/pros/name");
    let p = valid("prospero://example.com/pros;OBJECT-VERSION=3;x%3Dy=a%20b");
    let pr = p.view.as_prospero().unwrap();
    let f: Vec<(&str, &str)> = pr
        .fields()
        .iter()
        .map(|(n, v)| (n.as_ref(), v.as_ref()))
        .collect();
    assert_eq!(f, [("OBJECT-VERSION", "3"), ("x=y", "a b")]);
    invalid("prospero://user@example.com/x", Rule::Hostport, "@", 0);

    for url in [
        "telnet://user:password@host.example:23/",
        "telnet://host.example",
        "telnet://host.example/",
    ] {
        let p = valid(url);
        let t = p.view.as_telnet().unwrap();
        assert_eq!((t.host(), t.port()), ("host.example", Some(23)));
    }
    let p = valid("telnet://user:password@host.example:2323/");
    let t = p.view.as_telnet().unwrap();
    assert_eq!(
        (t.user(), t.password(), t.port()),
        (Some("user"), Some("password"), Some(2323))
    );

    for (url, db, search, wtype, wpath) in [
        ("wais://host.example/db", "db", None, None, None),
        (
            "wais://host.example:210/db?query%20words",
            "db",
            Some("query words"),
            None,
            None,
        ),
        (
            "wais://host.example/db/TEXT/0%2012%3Bx",
            "db",
            None,
            Some("TEXT"),
            Some("0 12;x"),
        ),
    ] {
        let p = valid(url);
        let w = p.view.as_wais().unwrap();
        assert_eq!(
            (w.database(), w.search(), w.wtype(), w.wpath()),
            (db, search, wtype, wpath),
            "{url}"
        );
    }

    let p = valid("gopher://host.example:7070/7search%09term%20s");
    let g = p.view.as_gopher().unwrap();
    assert_eq!(
        (g.port(), g.gophertype(), g.selector(), g.search()),
        (Some(7070), "7", "search", Some("term s"))
    );
}

// ---------------------------------------------------------------------------------------
// W3C notes (004_) and RFC 1738 §2.2: encoding levels

#[test]
fn w3c_make_safer_and_levels() {
    assert_eq!(make_safer("http://h/a b/c~d"), "http://h/a%20b/c%7Ed");
    assert_eq!(make_safer("http://h/%7e"), "http://h/%7e");
    assert_eq!(make_safer("ftp://h/é"), "ftp://h/%C3%A9");
    assert_eq!(make_safer("mailto:a%b@c"), "mailto:a%25b@c");
    // Reserved characters are never encoded nor decoded.
    assert_eq!(make_safer("http://h/a;b?c=d&e"), "http://h/a;b?c=d&e");
    assert!(!same_encoding_level_eq("http://h/a?b", "http://h/a%3Fb"));
    assert!(same_encoding_level_eq("http://h/%41", "http://h/A"));
    assert!(!same_encoding_level_eq("http://h/%41", "http://h/a"));
    assert!(same_encoding_level_eq("HTTP://HOST.dom/x", "http://host.DOM/x"));
    assert!(same_encoding_level_eq("http://h/%7e", "http://h/~"));
    assert!(same_encoding_level_eq("http://h/a%2fb", "http://h/a%2Fb"));
}

#[test]
fn every_scheme_gets_its_view_and_port() {
    for (url, port) in [
        ("ftp://h/", Some(21)),
        ("http://h/", Some(80)),
        ("gopher://h/", Some(70)),
        ("mailto:a@b", None),
        ("news:a", Some(119)),
        ("nntp://h/a", Some(119)),
        ("telnet://h", Some(23)),
        ("wais://h/d", Some(210)),
        ("file:///x", None),
        ("prospero://h/x", Some(1525)),
        ("https://h/", Some(443)),
        ("ldap://h/x", Some(389)),
    ] {
        let p = parse(url).unwrap();
        assert_eq!(p.default_port, port, "{url}");
        assert_eq!(SchemeView::parse(url).unwrap(), p.view);
        let matched = match &p.view {
            SchemeView::Ftp(v) => v.port() == port,
            SchemeView::Http(v) => v.port() == port,
            SchemeView::Gopher(v) => v.port() == port,
            SchemeView::Mailto(v) => v.addresses() == ["a@b"],
            SchemeView::News(v) => v.newsgroup() == Some("a"),
            SchemeView::Nntp(v) => v.port() == port,
            SchemeView::Telnet(v) => v.port() == port,
            SchemeView::Wais(v) => v.port() == port,
            SchemeView::File(v) => v.path() == "/x",
            SchemeView::Prospero(v) => v.port() == port,
            // ldap is not an RFC 1738 scheme: otherurl.
            SchemeView::Other(v) => url.starts_with("ldap:") && v.scheme_specific_part() == "//h/x",
        };
        assert!(matched, "{url}");
    }
}

#[test]
fn views_from_rfc3986_references_match_views_from_text() {
    use urlkit::rfc3986::{Uri, UriRef};
    for url in [
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://info.cern.ch/pub/www/doc;type=d",
        "http://info.my.org/AboutUs/Index/Phonebook?dobbins",
        "gopher://h/1sel%09%09!+ABSTRACT%20+SMELL",
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        "news:comp.infosystems.www.misc",
        "nntp://news.server.example/example.group.this/12345",
        "telnet://user:password@host.example:23/",
        "wais://quake.think.com/wais-discussion-archives?lynch",
        "file:///c:/path/to/file",
        "prospero://host.dom//pros/name",
        "urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3",
    ] {
        let expect = parse(url).unwrap().view;
        let uri = Uri::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(SchemeView::from_uri(&uri).unwrap(), expect, "{url}");
        let r = UriRef::parse(url).unwrap();
        let mut buf = String::new();
        assert_eq!(SchemeView::from_uri_ref(&r, &mut buf).unwrap(), expect, "{url}");
    }
}

#[test]
fn rfc1738_appendix_urls_in_context() {
    // The Appendix examples and reference entries exactly as the texts print them.
    for (text, url) in [
        (
            "<URL:ftp://info.cern.ch/pub/www/doc; type=d>",
            "ftp://info.cern.ch/pub/www/doc;type=d",
        ),
        ("<URL:ftp://ds.in ternic.net/rfc>", "ftp://ds.internic.net/rfc"),
        (
            "<URL:http://ds.internic. net/instructions/overview.html#WARNING>",
            "http://ds.internic.net/instructions/overview.html#WARNING",
        ),
        (
            "<URL:ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol\n         /Gopher+/Gopher+.txt>",
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        ),
        (
            "<URL:ftp://ds.internic.net/internet-drafts\n /draft-ietf-uri-irl-fun-req-02.txt>",
            "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
        ),
        (
            "<URL:ftp://prospero.isi.edu/pub/prospero/doc\n /prospero-protocol.PS.Z>",
            "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
        ),
        (
            "<URL:ftp://ds.internic.net/rfc/rfc1436.txt;type=a>",
            "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
        ),
        ("<URL:ftp://@host.com/>", "ftp://@host.com/"),
        ("<URL:news:*>", "news:*"),
        (
            "<URL:prospero://host.dom//pros/name>",
            "prospero://host.dom//pros/name",
        ),
        // RFC 1630's references, without the `URL:` prefix.
        (
            "<ftp://boombox.micro.umn.edu/pub/gopher/ gopher_protocol>",
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
        ),
        (
            "<ftp://quake.think.com/pub/wa is/doc/protspec.txt>",
            "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        ),
        (
            "<ftp:\n     //quake.think.com/pub/wais/doc/doc-ids.txt>",
            "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        ),
        (
            "<wais://quake.think.com/wais-discussion-archives?lynch>",
            "wais://quake.think.com/wais-discussion-archives?lynch",
        ),
        // RFC 6068 wraps long URIs the same way.
        (
            "<mailto:infobot@\n   example.com?body=send%20current-issue%0D%0Asend%20index>",
            "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        ),
    ] {
        assert_eq!(extract_from_context(text), url, "{text}");
        let p = parse(url).unwrap();
        // Only the #WARNING example keeps an invalid character (its fragment).
        assert_eq!(p.validation.is_ok(), !url.contains('#'), "{url}");
    }
}

#[test]
fn https_has_the_http_view_but_no_rfc1738_grammar() {
    let p = parse("HTTPS://www.example.com:8443/a/b?c=d").unwrap();
    assert_eq!(p.scheme, "https");
    assert_eq!(p.default_port, Some(443));
    let v = p.view.as_http().expect("http view");
    assert_eq!(
        (v.host(), v.port(), v.path(), v.search()),
        ("www.example.com", Some(8443), Some("a/b"), Some("c=d"))
    );
    assert_eq!(
        parse("https://h/").unwrap().view.as_http().unwrap().port(),
        Some(443)
    );
    // Strict validation: https is not in the RFC 1738 BNF, so genericurl applies, which has
    // no opinion on user:password; httpurl itself forbids them.
    assert!(urlkit::rfc1738::validate("https://u:p@h/").is_ok());
    assert!(urlkit::rfc1738::validate("http://u:p@h/").is_err());
}

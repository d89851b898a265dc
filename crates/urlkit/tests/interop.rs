//! The interop features on every line of the datasets: `url::Url` and back (lossless where
//! the `url` crate agrees, an error where it does not), `http::Uri` and back (everything but
//! the fragment), and the serde representations of `Url`, `Host`, `Origin`, `SearchParams`
//! and `rfc3986::Uri` through JSON.

mod common;

use urlkit::form::SearchParams;
use urlkit::interop::ConversionError;
use urlkit::{Host, Url};

#[derive(Default)]
struct Counts {
    parsed: usize,
    url_same: usize,
    url_differs: Vec<String>,
    http_same: usize,
    http_no_authority: usize,
    http_refused: Vec<String>,
    uri: usize,
}

fn check_url_crate(url: &Url, c: &mut Counts) {
    match url::Url::try_from(url) {
        Ok(theirs) => {
            c.url_same += 1;
            // Same components, read through each crate's own getters.
            assert_eq!(theirs.scheme(), url.scheme());
            assert_eq!(theirs.username(), url.username());
            assert_eq!(theirs.password(), url.password());
            assert_eq!(theirs.host_str().unwrap_or(""), url.hostname());
            assert_eq!(theirs.port(), url.port());
            assert_eq!(theirs.path(), url.pathname());
            assert_eq!(theirs.query(), url.query());
            assert_eq!(theirs.fragment(), url.fragment());
            let back = Url::try_from(theirs).expect("the url crate's own href converts back");
            assert_eq!(&back, url);
            assert_eq!(back.host(), url.host());
        }
        Err(ConversionError::Changed { from, to }) => {
            assert_eq!(from, url.as_str());
            assert_ne!(from, to);
            assert_eq!(url::Url::parse(&from).map(String::from).ok(), Some(to.clone()));
            c.url_differs.push(format!("{from:?} -> {to:?}"));
        }
        Err(ConversionError::Rejected(why)) => {
            assert!(url::Url::parse(url.as_str()).is_err());
            c.url_differs.push(format!("{:?} rejected: {why}", url.as_str()));
        }
        Err(e) => panic!("{:?}: unexpected {e:?}", url.as_str()),
    }
}

fn check_http(url: &Url, c: &mut Counts) {
    match http::Uri::try_from(url) {
        Ok(uri) => {
            c.http_same += 1;
            assert_eq!(uri.scheme_str(), Some(url.scheme()));
            assert_eq!(uri.host(), Some(url.hostname()));
            assert_eq!(uri.port_u16(), url.port());
            assert_eq!(uri.path(), url.pathname());
            assert_eq!(uri.query(), url.query());
            let back = Url::try_from(&uri).expect("converts back");
            let mut expected = url.clone();
            expected.set_fragment(None);
            assert_eq!(back, expected, "{:?}", url.as_str());
        }
        Err(ConversionError::NoAuthority) => {
            assert!(url.hostname().is_empty(), "{:?}", url.as_str());
            c.http_no_authority += 1;
        }
        Err(e) => {
            assert!(matches!(
                e,
                ConversionError::Changed { .. } | ConversionError::Rejected(_)
            ));
            c.http_refused.push(format!("{:?}: {e}", url.as_str()));
        }
    }
}

fn check_serde(url: &Url, input: &str, c: &mut Counts) {
    let json = serde_json::to_string(url).unwrap();
    assert_eq!(&serde_json::from_str::<Url>(&json).unwrap(), url);
    if let Some(host) = url.host() {
        let owned: Host = match host {
            Host::Domain(d) => Host::Domain(d.to_owned()),
            Host::Opaque(o) => Host::Opaque(o.to_owned()),
            Host::Ipv4(a) => Host::Ipv4(a),
            Host::Ipv6(a) => Host::Ipv6(a),
            Host::Empty => Host::Empty,
        };
        let json = serde_json::to_string(&host).unwrap();
        assert_eq!(serde_json::from_str::<Host>(&json).unwrap(), owned, "{json}");
    }
    let origin = url.origin();
    let json = serde_json::to_string(&origin).unwrap();
    let back: urlkit::Origin = serde_json::from_str(&json).unwrap();
    assert_eq!(back.is_tuple(), origin.is_tuple());
    if origin.is_tuple() {
        assert_eq!(back, origin);
    }
    let params = url.search_params();
    let json = serde_json::to_string(&params).unwrap();
    assert_eq!(serde_json::from_str::<SearchParams>(&json).unwrap(), params);
    if let Ok(uri) = urlkit::rfc3986::Uri::parse(input) {
        c.uri += 1;
        let json = serde_json::to_string(&uri).unwrap();
        assert_eq!(serde_json::from_str::<urlkit::rfc3986::Uri>(&json).unwrap(), uri);
        let borrowed: urlkit::rfc3986::UriRef<'_> = serde_json::from_str(&json).unwrap_or(uri.as_ref());
        assert_eq!(borrowed, uri.as_ref());
    }
}

fn run(name: &str, records: impl Iterator<Item = (String, Option<String>)>) {
    let mut c = Counts::default();
    for (input, base) in records {
        let base = base.and_then(|b| Url::parse(&b).ok());
        let Ok(url) = Url::parse_with_base(&input, base.as_ref()) else {
            continue;
        };
        c.parsed += 1;
        check_url_crate(&url, &mut c);
        check_http(&url, &mut c);
        check_serde(&url, &input, &mut c);
    }
    println!(
        "{name}: {} URLs; url crate: {} same href, {} differ; http::Uri: {} exact, {} without authority, {} refused; \
         {} RFC 3986 references through serde",
        c.parsed,
        c.url_same,
        c.url_differs.len(),
        c.http_same,
        c.http_no_authority,
        c.http_refused.len(),
        c.uri
    );
    for d in c.url_differs.iter().take(5) {
        println!("  url crate differs: {d}");
    }
    for d in c.http_refused.iter().take(5) {
        println!("  http refused: {d}");
    }
    // The crates implement one standard: a disagreement is an edge case, never the rule.
    assert!(
        c.url_differs.len() * 100 <= c.parsed,
        "{name}: {} disagreements",
        c.url_differs.len()
    );
    assert!(c.parsed > 0);
}

fn plain(name: &str) -> Option<Vec<(String, Option<String>)>> {
    Some(
        common::dataset_lines(name)?
            .into_iter()
            .map(|l| (l, None))
            .collect(),
    )
}

#[test]
fn realworld() {
    if let Some(records) = plain("realworld.txt") {
        run("realworld.txt", records.into_iter());
    }
}

#[test]
fn synthetic() {
    if let Some(records) = plain("synthetic.txt") {
        run("synthetic.txt", records.into_iter());
    }
}

#[test]
fn messy() {
    if let Some(lines) = common::dataset_lines("messy.txt") {
        run("messy.txt", lines.iter().map(|l| common::messy_record(l)));
    }
}

/// HTTP request targets through `http`'s request head: a URL sent in each form and read
/// back by a server (RFC 9112 §3.2, §3.3) is the URL again (without its fragment; the
/// authority-form and asterisk-form carry no path or query).
mod request_targets {
    use urlkit::http_target::{Form, RequestTarget, TargetErrorKind};
    use urlkit::Url;

    fn round_trip(href: &str, method: http::Method, form: Form) -> String {
        let url = Url::parse(href).unwrap();
        let parts = url.to_request_parts(method, form).unwrap();
        RequestTarget::target_uri_of(&parts, url.scheme())
            .unwrap()
            .into_string()
    }

    #[test]
    fn each_form_reads_back() {
        let href = "https://example.com:8443/a%20b?q=1#frag";
        assert_eq!(
            round_trip(href, http::Method::GET, Form::Origin),
            "https://example.com:8443/a%20b?q=1"
        );
        assert_eq!(
            round_trip(href, http::Method::GET, Form::Absolute),
            "https://example.com:8443/a%20b?q=1"
        );
        assert_eq!(
            round_trip(href, http::Method::CONNECT, Form::Authority),
            "https://example.com:8443/"
        );
        assert_eq!(
            round_trip(href, http::Method::OPTIONS, Form::Asterisk),
            "https://example.com:8443/"
        );
        assert_eq!(
            round_trip("http://[::1]/", http::Method::CONNECT, Form::Authority),
            "http://[::1]/",
            "the default port is written in the authority-form and dropped again by the URL"
        );
    }

    #[test]
    fn host_headers() {
        // Absolute-form: the Host header is ignored (§3.2.2).
        let (parts, ()) = http::Request::get("http://a.example/p")
            .header("host", "b.example")
            .body(())
            .unwrap()
            .into_parts();
        assert_eq!(
            RequestTarget::target_uri_of(&parts, "http").unwrap().as_str(),
            "http://a.example/p"
        );
        // Two Host headers, or none with the origin-form: a 400 (§3.2).
        let (parts, ()) = http::Request::get("/")
            .header("host", "a.example")
            .header("host", "b.example")
            .body(())
            .unwrap()
            .into_parts();
        let err = RequestTarget::target_uri_of(&parts, "http").unwrap_err();
        assert_eq!(err.kind(), TargetErrorKind::EmptyHost);
        let (parts, ()) = http::Request::get("/").body(()).unwrap().into_parts();
        let err = RequestTarget::target_uri_of(&parts, "http").unwrap_err();
        assert_eq!(err.kind(), TargetErrorKind::EmptyHost);
        // An asterisk with GET is refused, whatever http accepted.
        let (parts, ()) = http::Request::get("*")
            .header("host", "h")
            .body(())
            .unwrap()
            .into_parts();
        let err = RequestTarget::target_uri_of(&parts, "http").unwrap_err();
        assert_eq!(err.kind(), TargetErrorKind::AsteriskNotOptions);
    }
}

//! trurl and adaparse parity, and beyond (issue 17, item 3): `--get`, bulk edits,
//! `--iterate`, `inspect`, `encode`/`decode`, `path-to-url`/`url-to-path`, `--iri`,
//! `--unicode`, driven through the real binary.

mod common;

use common::{keys, objects, urlkit};

/// Text output of a run that must succeed.
fn ok(args: &[&str]) -> String {
    let run = urlkit(args, b"");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run.stdout
}

#[test]
fn get_fills_every_placeholder() {
    let url = "https://u:p@xn--bcher-kva.example:8443/a/b?q=1&x=a+b&x=2#frag";
    let cases = [
        ("{href}", url),
        ("{protocol}", "https:"),
        ("{username}", "u"),
        ("{password}", "p"),
        ("{host}", "xn--bcher-kva.example:8443"),
        ("{hostname}", "xn--bcher-kva.example"),
        ("{port}", "8443"),
        ("{pathname}", "/a/b"),
        ("{search}", "?q=1&x=a+b&x=2"),
        ("{hash}", "#frag"),
        ("{origin}", "https://xn--bcher-kva.example:8443"),
        ("{scheme}", "https"),
        ("{path}", "/a/b"),
        ("{query}", "q=1&x=a+b&x=2"),
        ("{fragment}", "frag"),
        ("{query:x}", "a b"),
        ("{query-all:x}", "a b 2"),
        ("{query:missing}", ""),
        ("{default:port}", "8443"),
        ("{puny:host}", "xn--bcher-kva.example:8443"),
        ("{idn:host}", "bücher.example:8443"),
        ("<{{{scheme}}}>", "<{https}>"),
    ];
    for (template, want) in cases {
        for command in ["normalize", "parse"] {
            assert_eq!(
                ok(&[command, "--get", template, url]),
                format!("{want}\n"),
                "{command} {template}"
            );
        }
    }
    // The Public Suffix List: a private-section suffix, a wildcard rule, an IP host (none).
    let psl = [
        ("https://a.b.example.co.uk/x", "example.co.uk", "co.uk"),
        ("https://x.user.github.io/", "user.github.io", "github.io"),
        ("http://www.city.kawasaki.jp/", "city.kawasaki.jp", "kawasaki.jp"),
        ("http://a.b.c.kawasaki.jp/", "b.c.kawasaki.jp", "c.kawasaki.jp"),
        ("http://127.0.0.1/", "", ""),
        ("http://com/", "", "com"),
    ];
    for (url, registrable, suffix) in psl {
        assert_eq!(
            ok(&["normalize", "--get", "{registrable_domain}|{public_suffix}", url]),
            format!("{registrable}|{suffix}\n"),
            "{url}"
        );
    }
    // A missing component prints empty; the default port fills in.
    assert_eq!(
        ok(&[
            "normalize",
            "--get",
            "[{port}|{default:port}|{hash}]",
            "http://h/"
        ]),
        "[|80|]\n"
    );
    // One line per input line, in order: a failure's line is empty, its report on
    // standard error.
    let run = urlkit(
        &["normalize", "--get", "{host}"],
        b"http://a/\nnope\nhttp://b:81/\n",
    );
    assert_eq!((run.code, run.stdout.as_str()), (1, "a\n\nb:81\n"));
    assert!(run.stderr.contains("cannot parse \"nope\""), "{}", run.stderr);
    let run = urlkit(&["normalize", "--get", "{nope}", "http://a/"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown placeholder {nope}"),
        "{}",
        run.stderr
    );
    let objs = objects(&ok(&[
        "normalize",
        "--format",
        "json",
        "--get",
        "{host}",
        "http://a/",
    ]));
    assert_eq!(objs[0]["get"], "a");
}

#[test]
fn bulk_edits_apply_in_the_order_given() {
    let url = "http://h/a/?z=1&utm_source=x&utm_medium=y&b=%20x";
    assert_eq!(
        ok(&[
            "normalize",
            "--set",
            "port=8080",
            "--append",
            "path=x y",
            "--remove-query",
            "utm_*",
            "--sort-query",
            url
        ]),
        "http://h:8080/a/x%20y?b=%20x&z=1\n"
    );
    // Order matters: the later setter wins, the append lands on the newer path.
    assert_eq!(
        ok(&[
            "normalize",
            "--append",
            "path=z",
            "--set",
            "pathname=/q",
            "http://h/a"
        ]),
        "http://h/q\n"
    );
    assert_eq!(
        ok(&[
            "normalize",
            "--set",
            "pathname=/q",
            "--append",
            "path=z",
            "http://h/a"
        ]),
        "http://h/q/z\n"
    );
    assert_eq!(
        ok(&[
            "normalize",
            "--append",
            "query=a b=c&d",
            "--remove-query",
            "z",
            "http://h/?z=1"
        ]),
        "http://h/?a+b=c%26d\n"
    );
    assert_eq!(
        ok(&["normalize", "--redirect", "../x?y", "http://h/a/b/c"]),
        "http://h/a/x?y\n"
    );
    assert!(ok(&["parse", "--set", "hash=f", "--json", "http://h/"]).contains("\"hash\":\"#f\""));
    // Every input, each on its own.
    let run = urlkit(
        &["normalize", "--set", "host=example.org"],
        b"http://a/1\nhttps://b/2\n",
    );
    assert_eq!(run.stdout, "http://example.org/1\nhttps://example.org/2\n");
    // An unknown component is a usage error.
    let run = urlkit(&["normalize", "--set", "colour=red", "http://h/"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown component \"colour\""),
        "{}",
        run.stderr
    );
    assert_eq!(
        urlkit(&["normalize", "--append", "nothing", "http://h/"], b"").code,
        2
    );
}

#[test]
fn ports_and_unicode_hosts_as_asked() {
    assert_eq!(ok(&["normalize", "http://h:80/"]), "http://h/\n");
    assert_eq!(
        ok(&[
            "normalize",
            "--keep-port",
            "http://h:80/",
            "http://h/",
            "http://h:81/"
        ]),
        "http://h:80/\nhttp://h/\nhttp://h:81/\n"
    );
    assert_eq!(
        ok(&[
            "normalize",
            "--default-port",
            "https://h/p",
            "http://h:81/",
            "foo://h/"
        ]),
        "https://h:443/p\nhttp://h:81/\nfoo://h/\n"
    );
    assert_eq!(
        ok(&["normalize", "--unicode", "http://xn--bcher-kva.example/x"]),
        "http://bücher.example/x\n"
    );
}

#[test]
fn iterate_expands_every_combination() {
    assert_eq!(
        ok(&[
            "normalize",
            "--iterate",
            "host=a.example b.example",
            "--iterate",
            "port=1 2",
            "http://x/p"
        ]),
        "http://a.example:1/p\nhttp://a.example:2/p\nhttp://b.example:1/p\nhttp://b.example:2/p\n"
    );
    assert_eq!(
        urlkit(&["normalize", "--iterate", "colour=a", "http://x/"], b"").code,
        2
    );
}

#[test]
fn inspect_shows_every_reading() {
    let text = ok(&["inspect", "HTTPS://xn--bcher-kva.example:443/a\\b?q#f"]);
    for part in [
        "== URL Standard",
        "href      https://xn--bcher-kva.example/a/b?q#f",
        "└─ origin",
        "== validation errors",
        "(invalid-reverse-solidus): backslash",
        "== RFC 3986",
        "expected pchar at byte 35",
        "== RFC 1738",
        "default port  443",
        "unicode host   bücher.example",
        "iri            https://xn--bcher-kva.example/a/b?q#f",
        "origin         https://xn--bcher-kva.example",
    ] {
        assert!(text.contains(part), "{part:?} in\n{text}");
    }
    let run = urlkit(&["inspect", "--json", "http://a/", "nope"], b"");
    assert_eq!(run.code, 1);
    let objs = objects(&run.stdout);
    let want = [
        "input",
        "ok",
        "whatwg",
        "validation_errors",
        "rfc3986",
        "rfc1738",
        "iri",
        "unicode_host",
        "origin",
        "unicode_origin",
    ];
    assert_eq!(keys(&objs[0]), want.into_iter().collect());
    assert_eq!(objs[0]["whatwg"]["href"], "http://a/");
    assert_eq!(objs[0]["rfc3986"]["host"], "a");
    assert_eq!(objs[1]["ok"], false);
    assert_eq!(objs[1]["whatwg"]["ok"], false);
}

#[test]
fn encode_and_decode_with_every_named_set() {
    let text = "a b\"#<>`'?^{}/:;=@[\\]|$%&+,!()~\u{7f}é";
    let cases = [
        ("c0-control", "a b\"#<>`'?^{}/:;=@[\\]|$%&+,!()~%7F%C3%A9"),
        ("fragment", "a%20b%22#%3C%3E%60'?^{}/:;=@[\\]|$%&+,!()~%7F%C3%A9"),
        ("query", "a%20b%22%23%3C%3E`'?^{}/:;=@[\\]|$%&+,!()~%7F%C3%A9"),
        ("special-query", "a%20b%22%23%3C%3E`%27?^{}/:;=@[\\]|$%&+,!()~%7F%C3%A9"),
        ("path", "a%20b%22%23%3C%3E%60'%3F%5E%7B%7D/:;=@[\\]|$%&+,!()~%7F%C3%A9"),
        ("userinfo", "a%20b%22%23%3C%3E%60'%3F%5E%7B%7D%2F%3A%3B%3D%40%5B%5C%5D%7C$%&+,!()~%7F%C3%A9"),
        ("component", "a%20b%22%23%3C%3E%60'%3F%5E%7B%7D%2F%3A%3B%3D%40%5B%5C%5D%7C%24%25%26%2B%2C!()~%7F%C3%A9"),
        (
            "application/x-www-form-urlencoded",
            "a+b%22%23%3C%3E%60%27%3F%5E%7B%7D%2F%3A%3B%3D%40%5B%5C%5D%7C%24%25%26%2B%2C%21%28%29%7E%7F%C3%A9",
        ),
    ];
    let help = ok(&["encode", "--help"]);
    for (set, want) in cases {
        assert!(help.contains(set), "{set} in --help");
        assert_eq!(ok(&["encode", "--set", set, text]), format!("{want}\n"), "{set}");
        assert_eq!(ok(&["decode", "--set", set, want]), format!("{text}\n"), "{set}");
    }
    assert_eq!(ok(&["encode", "a b&c"]), "a%20b%26c\n", "component by default");
    assert_eq!(
        ok(&["decode", "--set", "application/x-www-form-urlencoded", "a+b%21"]),
        "a b!\n"
    );
    assert_eq!(ok(&["decode", "a+b"]), "a+b\n");
    let run = urlkit(&["decode", "--json", "%ff", "%41"], b"");
    let objs = objects(&run.stdout);
    assert_eq!(
        (run.code, &objs[0]["kind"], &objs[1]["decoded"]),
        (1, &"invalid-utf8".into(), &"A".into())
    );
}

#[test]
fn file_paths_both_ways() {
    assert_eq!(
        ok(&["path-to-url", "--style", "unix", "/tmp/a b#.txt"]),
        "file:///tmp/a%20b%23.txt\n"
    );
    assert_eq!(
        ok(&["path-to-url", "--style", "windows", "C:\\a b\\c"]),
        "file:///C:/a%20b/c\n"
    );
    assert_eq!(
        ok(&["url-to-path", "--style", "unix", "file:///tmp/a%20b%23.txt"]),
        "/tmp/a b#.txt\n"
    );
    assert_eq!(
        ok(&["url-to-path", "--style", "windows", "file:///C:/a%20b/c"]),
        "C:\\a b\\c\n"
    );
    assert_eq!(
        ok(&["url-to-path", "--style", "windows", "file://server/share/x"]),
        "\\\\server\\share\\x\n"
    );
    let run = urlkit(&["path-to-url", "--style", "unix", "--json", "relative/x"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(objects(&run.stdout)[0]["error"], "path is not absolute");
    assert_eq!(urlkit(&["url-to-path", "http://h/x"], b"").code, 1);
}

#[test]
fn iri_where_rfc3986_modes_exist() {
    let iri = "http://bücher.example/ü?q#f";
    assert_eq!(urlkit(&["parse", "--rfc3986", "--json", iri], b"").code, 1);
    let objs = objects(&ok(&["parse", "--rfc3986", "--iri", "--json", iri]));
    assert_eq!(
        (&objs[0]["host"], &objs[0]["path"]),
        (&"bücher.example".into(), &"/ü".into())
    );
    assert_eq!(ok(&["validate", "--rfc3986", "--iri", iri]), "");
    assert_eq!(
        ok(&[
            "normalize",
            "--rfc3986",
            "--iri",
            "HTTP://bücher.example/./%C3%BC/../x"
        ]),
        "http://bücher.example/x\n"
    );
    assert_eq!(
        urlkit(&["normalize", "--iri", iri], b"").code,
        2,
        "--iri needs --rfc3986"
    );
}

//! The output forms `--keep-port`, `--default-port` and `--unicode` edit the href where the
//! library's attribute ranges put the host, also when it ends in a lone `?` or `#` (whose
//! API getters are empty while the href holds the delimiter).

mod common;
use common::urlkit;

/// `urlkit normalize args…`'s lines.
fn normalized(args: &[&str]) -> Vec<String> {
    let run = urlkit(&[&["normalize"], args].concat(), b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout.lines().map(str::to_owned).collect()
}

#[test]
fn the_kept_port_goes_after_the_host_whatever_follows_the_path() {
    assert_eq!(
        normalized(&[
            "--keep-port",
            "http://h:80/p#",
            "http://h:80/p?",
            "http://h:80/p?q#",
            "http://h:80/p"
        ]),
        [
            "http://h:80/p#",
            "http://h:80/p?",
            "http://h:80/p?q#",
            "http://h:80/p"
        ]
    );
}

#[test]
fn the_unicode_host_replaces_the_hostname_whatever_follows_the_path() {
    assert_eq!(
        normalized(&[
            "--unicode",
            "http://xn--bcher-kva.example/a?",
            "http://xn--bcher-kva.example:8080/a#",
            "http://u:p@xn--bcher-kva.example/a?q#f",
        ]),
        [
            "http://bücher.example/a?",
            "http://bücher.example:8080/a#",
            "http://u:p@bücher.example/a?q#f"
        ]
    );
    assert_eq!(
        normalized(&["--default-port", "--unicode", "https://xn--bcher-kva.example/?#"]),
        ["https://bücher.example:443/?#"]
    );
}

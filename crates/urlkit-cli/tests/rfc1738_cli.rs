//! Integration tests of `urlkit parse --rfc1738`: the `--jsonl` contract (one view per
//! scheme, strict validation fields), `--json`, the readable report and exit statuses.

mod common;

use common::{jsonl, keys, objects, set, urlkit};
use serde_json::{json, Map, Value};

const SUCCESS_KEYS: [&str; 6] = ["input", "ok", "valid", "scheme", "default_port", "view"];

/// `parse --rfc1738 --jsonl` on one line: its exit code and object.
fn one(url: &str) -> (i32, Map<String, Value>) {
    let (code, mut objs) = jsonl(&["parse", "--rfc1738", "--jsonl"], &format!("{url}\n"));
    assert_eq!(objs.len(), 1, "{url}");
    (code, objs.remove(0))
}

/// The view of a valid URL, after checking the success fields around it.
fn view(url: &str, scheme: &str, default_port: Value) -> Map<String, Value> {
    let (code, obj) = one(url);
    assert_eq!(code, 0, "{obj:?}");
    assert!(set(&SUCCESS_KEYS).is_subset(&keys(&obj)), "{obj:?}");
    assert!(!obj.contains_key("error") && !obj.contains_key("rule"), "{obj:?}");
    assert_eq!(
        (&obj["input"], &obj["ok"], &obj["valid"]),
        (&json!(url), &json!(true), &json!(true))
    );
    assert_eq!(
        (&obj["scheme"], &obj["default_port"]),
        (&json!(scheme), &default_port),
        "{url}"
    );
    match &obj["view"] {
        Value::Object(view) => view.clone(),
        other => panic!("view is not an object: {other:?}"),
    }
}

#[test]
fn ftp_examples_of_section_3_2_2() {
    let cases = [
        (
            "ftp://myname@host.dom/%2Fetc/motd",
            json!(["CWD /etc", "RETR motd"]),
        ),
        ("ftp://myname@host.dom/etc/motd", json!(["CWD etc", "RETR motd"])),
        (
            "ftp://myname@host.dom//etc/motd",
            json!(["CWD ", "CWD etc", "RETR motd"]),
        ),
    ];
    for (url, commands) in cases {
        let v = view(url, "ftp", json!(21));
        assert_eq!(v["commands"], commands, "{url}");
        assert_eq!(
            (&v["user"], &v["host"], &v["port"]),
            (&json!("myname"), &json!("host.dom"), &json!(21))
        );
    }
}

#[test]
fn ftp_view() {
    let v = view(
        "ftp://u:p%40ss@host.dom:2121/pub/a%20dir/f.txt;type=I",
        "ftp",
        json!(21),
    );
    assert_eq!(
        keys(&v),
        set(&["user", "password", "host", "port", "cwd", "name", "typecode", "commands"])
    );
    assert_eq!(v["password"], "p@ss", "decoded");
    assert_eq!(v["port"], 2121, "the explicit port");
    assert_eq!(v["cwd"], json!(["pub", "a dir"]));
    assert_eq!(v["name"], "f.txt");
    assert_eq!(v["typecode"], "i");
    let v = view("ftp://host.dom/", "ftp", json!(21));
    assert_eq!(
        (&v["user"], &v["password"], &v["typecode"]),
        (&Value::Null, &Value::Null, &Value::Null)
    );
}

#[test]
fn http_view() {
    let v = view("http://www.my.work.com:8001/a%2Fb/c?q=1", "http", json!(80));
    assert_eq!(keys(&v), set(&["host", "port", "path", "search"]));
    assert_eq!(v["host"], "www.my.work.com");
    assert_eq!(v["port"], 8001);
    assert_eq!(v["path"], "a%2Fb/c", "raw, without its leading /");
    assert_eq!(v["search"], "q=1");
    assert_eq!(view("http://h", "http", json!(80))["search"], Value::Null);
    // Absent parts are null, present empty ones "": no `/` means no path (RFC 1738 §3.3).
    let path = |u| view(u, "http", json!(80))["path"].clone();
    assert_eq!(path("http://h"), Value::Null);
    assert_eq!(path("http://h:8080"), Value::Null);
    assert_eq!(path("http://h/"), json!(""));
    assert_eq!(path("http://h/?q"), json!(""));
}

#[test]
fn gopher_view() {
    let v = view("gopher://gopher.micro.umn.edu/11/Info", "gopher", json!(70));
    assert_eq!(
        keys(&v),
        set(&["host", "port", "gophertype", "selector", "search", "gopher_plus"])
    );
    assert_eq!(
        (&v["gophertype"], &v["selector"], &v["port"]),
        (&json!("1"), &json!("1/Info"), &json!(70))
    );
    assert_eq!((&v["search"], &v["gopher_plus"]), (&Value::Null, &Value::Null));
}

#[test]
fn mailto_view() {
    let v = view(
        "mailto:joe@example.com,ann@example.com?subject=hi%20there",
        "mailto",
        Value::Null,
    );
    assert_eq!(keys(&v), set(&["addresses", "headers"]));
    assert_eq!(v["addresses"], json!(["joe@example.com", "ann@example.com"]));
    assert_eq!(v["headers"], json!([["subject", "hi there"]]));
}

#[test]
fn news_view() {
    let v = view("news:*", "news", json!(119));
    assert!(set(&["newsgroup", "message_id"]).is_subset(&keys(&v)), "{v:?}");
    assert_eq!((&v["newsgroup"], &v["message_id"]), (&json!("*"), &Value::Null));
    let v = view("news:p0624@host.dom", "news", json!(119));
    assert_eq!(
        (&v["newsgroup"], &v["message_id"]),
        (&Value::Null, &json!("p0624@host.dom"))
    );
    let v = view("news:comp.infosystems.www.misc", "news", json!(119));
    assert_eq!(v["newsgroup"], "comp.infosystems.www.misc");
}

#[test]
fn nntp_view() {
    let v = view("nntp://news.example/comp.lang.rust/42", "nntp", json!(119));
    assert_eq!(keys(&v), set(&["host", "port", "newsgroup", "article"]));
    assert_eq!(
        (&v["newsgroup"], &v["article"]),
        (&json!("comp.lang.rust"), &json!(42))
    );
    assert_eq!(view("nntp://h/g", "nntp", json!(119))["article"], Value::Null);
}

#[test]
fn telnet_view() {
    let v = view("telnet://guest:pw@host.dom:2323/", "telnet", json!(23));
    assert_eq!(keys(&v), set(&["user", "password", "host", "port"]));
    assert_eq!(
        (&v["user"], &v["password"], &v["port"]),
        (&json!("guest"), &json!("pw"), &json!(2323))
    );
}

#[test]
fn wais_view() {
    let v = view("wais://host.dom/db?query", "wais", json!(210));
    assert_eq!(
        keys(&v),
        set(&["host", "port", "database", "search", "wtype", "wpath"])
    );
    assert_eq!(
        (&v["database"], &v["search"], &v["wtype"]),
        (&json!("db"), &json!("query"), &Value::Null)
    );
    let v = view("wais://host.dom/db/TEXT/doc1", "wais", json!(210));
    assert_eq!(
        (&v["wtype"], &v["wpath"], &v["search"]),
        (&json!("TEXT"), &json!("doc1"), &Value::Null)
    );
}

#[test]
fn file_view() {
    let v = view(
        "file://vms.host.edu/disk%24user/my/notes/note12345.txt",
        "file",
        Value::Null,
    );
    assert_eq!(keys(&v), set(&["host", "local", "path"]));
    assert_eq!((&v["host"], &v["local"]), (&json!("vms.host.edu"), &json!(false)));
    assert_eq!(v["path"], "/disk$user/my/notes/note12345.txt");
    // The empty host is present (the local machine, RFC 1738 §3.10); no authority is null.
    let v = view("file:///etc/motd", "file", Value::Null);
    assert_eq!((&v["host"], &v["local"]), (&json!(""), &json!(true)));
    // (RFC 8089's authority-less form: invalid under RFC 1738, its view still built.)
    let (_, obj) = one("file:/etc/motd");
    assert_eq!(obj["valid"], json!(false));
    assert_eq!(
        (&obj["view"]["host"], &obj["view"]["local"]),
        (&Value::Null, &json!(true))
    );
    let v = view("file://localhost/etc/motd", "file", Value::Null);
    assert_eq!((&v["host"], &v["local"]), (&json!("localhost"), &json!(true)));
}

#[test]
fn prospero_view() {
    let v = view(
        "prospero://host.dom//pros/name;key=value",
        "prospero",
        json!(1525),
    );
    assert_eq!(keys(&v), set(&["host", "port", "hsoname", "fields"]));
    assert_eq!(v["fields"], json!([["key", "value"]]));
    assert_eq!(v["host"], "host.dom");
}

#[test]
fn other_view() {
    let v = view("urn:isbn:0451450523", "urn", Value::Null);
    assert_eq!(keys(&v), set(&["scheme_specific_part"]));
    assert_eq!(v["scheme_specific_part"], "isbn:0451450523");
}

#[test]
fn strict_failures_add_error_rule_and_position_and_still_succeed() {
    let (code, obj) = one("HTTP://user@host/");
    assert_eq!(code, 0, "ok:true whatever valid says");
    assert_eq!(
        (&obj["ok"], &obj["valid"], &obj["scheme"]),
        (&json!(true), &json!(false), &json!("http"))
    );
    assert_eq!((&obj["rule"], &obj["position"]), (&json!("hostport"), &json!(11)));
    assert_eq!(obj["error"], "expected hostport at byte 11");
    assert_eq!(obj["view"]["host"], "host");

    let (_, obj) = one("ftp://h/a;type=x");
    assert_eq!(
        (&obj["valid"], &obj["rule"], &obj["position"]),
        (&json!(false), &json!("ftptype"), &json!(15))
    );
}

#[test]
fn input_without_a_scheme_fails() {
    let input = "no scheme here\n\nftp://ok/\n:x\r\n";
    let (code, objs) = jsonl(&["parse", "--rfc1738", "--jsonl"], input);
    assert_eq!(code, 1);
    assert_eq!(objs.len(), 4, "one object per line");
    for i in [0, 1, 3] {
        let failure = ["input", "ok", "error", "kind", "position"];
        assert_eq!(keys(&objs[i]), set(&failure), "{:?}", objs[i]);
        assert_eq!(objs[i]["ok"], false);
    }
    assert_eq!(objs[0]["input"], "no scheme here");
    assert_eq!(objs[3]["input"], ":x", "CR LF ends the line");
    assert_eq!(objs[2]["ok"], true);
}

#[test]
fn json_and_readable() {
    let run = urlkit(&["parse", "--rfc1738", "--json", "news:*", "x"], b"");
    assert_eq!(run.code, 1);
    let objs = objects(&run.stdout);
    assert_eq!(objs.len(), 2);
    assert_eq!(objs[0]["view"]["newsgroup"], "*");
    assert_eq!(objs[1]["ok"], false);

    let run = urlkit(
        &[
            "parse",
            "--rfc1738",
            "ftp://myname@host.dom//etc/motd",
            "HTTP://u@h/",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for row in [
        "scheme        ftp\n",
        "default port  21\n",
        "valid         yes\n",
        "cwd           [\"\",\"etc\"]\n",
        "commands      [\"CWD \",\"CWD etc\",\"RETR motd\"]\n",
        "password      (absent)\n",
        "\n\ninput         HTTP://u@h/\n",
        "valid         no: expected hostport at byte 8 (rule hostport)\n",
    ] {
        assert!(run.stdout.contains(row), "{row:?} in {}", run.stdout);
    }

    let run = urlkit(&["parse", "--rfc1738", "nope"], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("not a url"), "{}", run.stderr);
}

#[test]
fn messy_dataset_is_answered_line_by_line() {
    let Some(data) = common::dataset("messy.txt") else {
        return;
    };
    let objs = common::answers_every_line(&["parse", "--rfc1738", "--jsonl"], &data, "input");
    for obj in &objs {
        if obj["ok"] == true {
            assert!(set(&SUCCESS_KEYS).is_subset(&keys(obj)), "{obj:?}");
            let invalid = obj["valid"] == false;
            for key in ["error", "rule", "position"] {
                assert_eq!(obj.contains_key(key), invalid, "{key} in {obj:?}");
            }
        } else {
            // Inputs without a scheme, or lines that fail before parsing (invalid UTF-8).
            let failure = set(&["input", "ok", "error", "kind", "position"]);
            assert!(failure.is_subset(&keys(obj)), "{obj:?}");
        }
    }
}

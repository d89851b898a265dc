//! Integration tests of `urlkit data`: the raw body, the JSON contract, the conformance
//! records through the command, and `--encode` back through it.

mod common;

use common::{conformance_json, jsonl, keys, set, urlkit};
use std::process::{Command, Stdio};

/// `urlkit args…`' exit code and raw standard output (bodies need not be UTF-8).
fn raw(args: &[&str]) -> (i32, Vec<u8>) {
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run urlkit");
    (out.status.code().expect("exit code"), out.stdout)
}

#[test]
fn one_url_prints_its_body_as_it_is() {
    assert_eq!(
        raw(&["data", "data:,Hello%2C%20World!"]),
        (0, b"Hello, World!".to_vec())
    );
    assert_eq!(
        raw(&["data", "data:application/octet-stream;base64,AP8KDQ=="]),
        (0, vec![0x00, 0xFF, b'\n', b'\r'])
    );
    // Several: the bodies one after the other; a failure is reported on standard error.
    let run = urlkit(&["data", "data:,a", "data:b", "data:,c"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (1, "ac"));
    assert!(
        run.stderr.contains("expected ',' after the MIME type"),
        "{}",
        run.stderr
    );
}

#[test]
fn jsonl_has_the_contract_fields_one_line_per_input() {
    let input = "data:text/html;charset=utf-8,%3Cp%3E\ndata:nocomma\nhttps://example.com/\ndata:;base64,ab!c\nhttp://[\ndata:image/png;base64,iVBORw0KGgo=\n";
    let (code, objects) = jsonl(&["data", "--format", "jsonl"], input);
    assert_eq!(code, 1, "some inputs fail");
    assert_eq!(objects.len(), 6, "one answer per line");
    let fields = [
        "input",
        "ok",
        "mime_type",
        "essence",
        "charset",
        "length",
        "body_base64",
    ];
    assert_eq!(keys(&objects[0]), set(&fields));
    // In the contract's order on the wire.
    let raw = urlkit(&["data", "--format", "jsonl", "data:,x"], b"").stdout;
    let at: Vec<usize> = fields
        .iter()
        .map(|k| raw.find(&format!("\"{k}\":")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{raw}");
    let o = &objects[0];
    assert_eq!(o["mime_type"], "text/html;charset=utf-8");
    assert_eq!(o["essence"], "text/html");
    assert_eq!(o["charset"], "utf-8");
    assert_eq!(o["length"], 3);
    assert_eq!(o["body_base64"], "PHA+");
    let kinds: Vec<&str> = objects[1..5]
        .iter()
        .map(|o| o["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "missing-comma",
            "not-a-data-url",
            "invalid-base64",
            "IPv6-unclosed"
        ]
    );
    for o in &objects[1..5] {
        assert_eq!(o["ok"], false);
        assert!(o["error"].is_string() && o.contains_key("position"), "{o:?}");
    }
    // The invalid byte's position in the input.
    assert_eq!(objects[3]["position"], 15);
    assert_eq!(objects[5]["charset"], serde_json::Value::Null);
    assert_eq!(objects[5]["length"], 8);
    // --jsonl reads standard input the same way.
    assert_eq!(jsonl(&["data", "--jsonl"], input).1, objects);
}

#[test]
fn the_conformance_records_through_the_command() {
    let Some(records) = conformance_json("data-urls/data-urls.json") else {
        return;
    };
    // Inputs are lines: those holding a line break cannot be one.
    let records: Vec<&serde_json::Value> = records
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| !r[0].as_str().unwrap().contains(['\n', '\r']))
        .collect();
    let input: String = records
        .iter()
        .map(|r| format!("{}\n", r[0].as_str().unwrap()))
        .collect();
    let (_, objects) = jsonl(&["data", "--format", "jsonl"], &input);
    assert_eq!(objects.len(), records.len());
    for (r, o) in records.iter().zip(&objects) {
        match r[1].as_str() {
            None => assert_eq!(o["ok"], false, "{r}"),
            Some(mime) => {
                assert_eq!(o["mime_type"], mime, "{r}");
                let body: Vec<u8> = r[2]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b.as_u64().unwrap() as u8)
                    .collect();
                let base64 = urlkit::data::base64::encode(&body);
                assert_eq!(o["body_base64"].as_str(), Some(base64.as_str()), "{r}");
                assert_eq!(o["length"], body.len(), "{r}");
            }
        }
    }
}

#[test]
fn encode_round_trips_and_picks_the_shorter_form() {
    let dir = std::env::temp_dir().join(format!("urlkit-data-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut seed = 0x1234_5678_9ABC_DEF0_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (i, len) in [0, 1, 2, 3, 50, 1000].into_iter().enumerate() {
        for text in [false, true] {
            let body: Vec<u8> = (0..len)
                .map(|_| {
                    if text {
                        b'a' + (next() % 26) as u8
                    } else {
                        next() as u8
                    }
                })
                .collect();
            let file = dir.join(format!("{i}-{text}.bin"));
            std::fs::write(&file, &body).unwrap();
            let (code, url) = raw(&["data", "--encode", file.to_str().unwrap()]);
            assert_eq!(code, 0);
            let url = String::from_utf8(url).unwrap();
            let url = url.strip_suffix('\n').unwrap();
            assert!(url.starts_with("data:application/octet-stream"), "{url}");
            // Letters need no escape: percent-encoding (the bytes as they are) is shorter.
            if text && len > 0 {
                assert!(!url.contains(";base64"), "{url}");
            }
            if !text && len >= 50 {
                assert!(url.contains(";base64,"), "{url}");
            }
            assert_eq!(raw(&["data", url]), (0, body.clone()), "{url}");
        }
    }
    let file = dir.join("page.html");
    std::fs::write(&file, "<p>Hi</p>").unwrap();
    let run = urlkit(
        &[
            "data",
            "--encode",
            file.to_str().unwrap(),
            "--mime",
            "Text/HTML; charset=UTF-8",
        ],
        b"",
    );
    assert_eq!(run.stdout, "data:text/html;charset=UTF-8,%3Cp%3EHi%3C/p%3E\n");
    // Standard input.
    let run = urlkit(&["data", "--encode", "-", "--mime", "text/plain"], b"a b");
    assert_eq!(run.stdout, "data:text/plain,a%20b\n");
    // Usage errors: not a MIME type, one a data: URL cannot carry, a missing file, --mime alone.
    for args in [
        &["data", "--encode", "-", "--mime", "text"][..],
        &["data", "--encode", "-", "--mime", "text/plain;a=\"x,y\""],
        &["data", "--encode", "/nonexistent/file"],
        &["data", "--mime", "text/plain", "data:,x"],
    ] {
        let run = urlkit(args, b"");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

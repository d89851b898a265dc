//! `urlkit-sql` over one-URL-per-line, CSV and JSON-lines files, printing a table, CSV and
//! JSON lines and writing Parquet that it then reads back.

use std::path::PathBuf;
use std::process::Command;

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("urlkit-sql-test-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn sql(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit-sql"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn files_in_every_format() {
    let d = dir();
    let lines = d.join("urls.txt");
    std::fs::write(
        &lines,
        "https://A.example:8080/x?q=1\r\nhttp://[::1\nhttps://b.example/?q=2&q=3\n",
    )
    .unwrap();
    let csv = d.join("logs.csv");
    std::fs::write(&csv, "id,url\n1,https://c.example/p\n2,/relative\n").unwrap();
    let jsonl = d.join("hits.jsonl");
    std::fs::write(&jsonl, "{\"u\":\"https://d.example/a/../b\"}\n{\"u\":null}\n").unwrap();
    let (l, c, j) = (
        lines.to_str().unwrap(),
        csv.to_str().unwrap(),
        jsonl.to_str().unwrap(),
    );

    let out = sql(&[
        "-t",
        l,
        "--format",
        "csv",
        "SELECT url_host(url) AS h, url_port(url) AS p, url_query_param(url, 'q') AS q FROM urls",
    ]);
    assert_eq!(out, "h,p,q\na.example,8080,1\n,,\nb.example,,2\n");

    let out = sql(&[
        "-t",
        c,
        "--format",
        "json",
        "SELECT id, url_resolve('https://base.example/dir/', url) AS r FROM logs ORDER BY id",
    ]);
    assert_eq!(
        out,
        "{\"id\":1,\"r\":\"https://c.example/p\"}\n{\"id\":2,\"r\":\"https://base.example/relative\"}\n"
    );

    let out = sql(&[
        "-t",
        &format!("t={j}"),
        "SELECT url_pathname(u) AS p FROM t WHERE u IS NOT NULL",
    ]);
    assert!(out.contains("| /b |"), "{out}");

    let pq = d.join("out.parquet");
    sql(&[
        "-t",
        l,
        "--format",
        "parquet",
        "-o",
        pq.to_str().unwrap(),
        "SELECT url_normalize(url) AS n FROM urls",
    ]);
    let out = sql(&[
        "--format",
        "csv",
        &format!("SELECT n FROM '{}' WHERE n IS NOT NULL ORDER BY n", pq.display()),
    ]);
    assert_eq!(
        out,
        "n\nhttps://a.example:8080/x?q=1\nhttps://b.example/?q=2&q=3\n"
    );

    // A bad profile is an error with a message, not a panic.
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit-sql"))
        .args(["SELECT url_normalize('http://h/', 'nope')"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown normalization profile 'nope'"));
    let _ = std::fs::remove_dir_all(&d);
}

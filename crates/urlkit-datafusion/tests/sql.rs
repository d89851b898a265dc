//! `urlkit-sql` over one-URL-per-line, CSV and JSON-lines files, printing a table, CSV and
//! JSON lines and writing Parquet that it then reads back.

use std::path::PathBuf;
use std::process::Command;

/// A directory of the test's own: tests run in parallel, and each removes its directory when
/// done (a shared one was removed under the other test's feet, which then read no rows).
fn dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("urlkit-sql-test-{}-{test}", std::process::id()));
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
    let d = dir("formats");
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

#[test]
fn statements_split_outside_quotes_and_tables_are_named_after_files() {
    let d = dir("names");
    // The `;` inside quotes and after `--` does not end a statement; the last one is printed.
    let out = sql(&["--format", "csv", "SELECT ';' AS a; SELECT 2 AS b -- a;b\n;"]);
    assert_eq!(out, "b\n2\n");
    // `my-logs.jsonl` is the table `my_logs` (up to the first dot, `-` to `_`).
    let logs = d.join("my-logs.jsonl");
    std::fs::write(&logs, "{\"url\":\"https://a.example/\"}\n{\"url\":\"x\"}\n").unwrap();
    let out = sql(&[
        "-t",
        logs.to_str().unwrap(),
        "--format",
        "csv",
        "SELECT count(*) AS n FROM my_logs",
    ]);
    assert_eq!(out, "n\n2\n");
    let _ = std::fs::remove_dir_all(&d);
}

/// A `SessionContext` with urlkit's functions and a table `t(id, u)` of tricky inputs.
async fn context_with_urls(urls: &[Option<&str>]) -> datafusion::prelude::SessionContext {
    use datafusion::arrow::array::{Int64Array, RecordBatch, StringArray};
    use datafusion::arrow::datatypes::{DataType, Field, Schema};
    let ctx = datafusion::prelude::SessionContext::new();
    urlkit_datafusion::register(&ctx);
    let schema = std::sync::Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("u", DataType::Utf8, true),
    ]));
    let batch = RecordBatch::try_new(
        schema,
        vec![
            std::sync::Arc::new(Int64Array::from_iter_values(0..urls.len() as i64)),
            std::sync::Arc::new(StringArray::from(urls.to_vec())),
        ],
    )
    .unwrap();
    ctx.register_batch("t", batch).unwrap();
    ctx
}

/// Each row of a one-column string result, in `id` order.
async fn column(ctx: &datafusion::prelude::SessionContext, expr: &str) -> Vec<Option<String>> {
    use datafusion::arrow::array::Array;
    use datafusion::arrow::compute::cast;
    use datafusion::arrow::datatypes::DataType;
    let batches = ctx
        .sql(&format!("SELECT {expr} AS v FROM t ORDER BY id"))
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let mut out = Vec::new();
    for b in batches {
        let col = cast(b.column(0), &DataType::Utf8).unwrap();
        let col = col
            .as_any()
            .downcast_ref::<datafusion::arrow::array::StringArray>()
            .unwrap();
        out.extend((0..col.len()).map(|i| col.is_valid(i).then(|| col.value(i).to_owned())));
    }
    out
}

const TRICKY: [Option<&str>; 12] = [
    Some("https://www.news.Example.co.uk:8080/a/./b?b=2&a=1&utm_source=x#top"),
    Some("http://user.github.io/"),
    Some("http://10.0.0.1/"),
    Some("https://[::1]:8443/"),
    Some("https://co.uk/"),
    Some("http://xn--80ak6aa92e.com/"),
    Some("https://bank.example@evil.example/"),
    Some("http://h/a%0d%0aDELE%20x"),
    Some("mailto:a@b.example"),
    Some("not a url"),
    Some("http:///"),
    None,
];

#[tokio::test]
async fn domain_canon_and_lint_functions_agree_with_the_library() {
    use urlkit::domain::List;
    let ctx = context_with_urls(&TRICKY).await;
    let url = |s: &str| urlkit::Url::parse(s).ok();
    let part = |s: &str, registrable: bool| {
        let u = url(s)?;
        let parts = List::builtin().split_host(u.host()?)?;
        match registrable {
            true => parts.registrable_domain().map(str::to_owned),
            false => Some(parts.public_suffix().to_owned()),
        }
    };
    let expect = |f: &dyn Fn(&str) -> Option<String>| -> Vec<Option<String>> {
        TRICKY.iter().map(|s| s.and_then(f)).collect()
    };
    assert_eq!(
        column(&ctx, "url_registrable_domain(u)").await,
        expect(&|s| part(s, true))
    );
    assert_eq!(
        column(&ctx, "url_public_suffix(u)").await,
        expect(&|s| part(s, false))
    );
    assert_eq!(
        column(&ctx, "url_registrable_domain(u)").await[..5],
        [
            Some("example.co.uk".into()),
            Some("user.github.io".into()),
            None,
            None,
            None
        ]
    );
    for profile in urlkit::canon::Profile::ALL {
        // SQL users may write `safe_browsing`, in any case.
        let name = profile.name().to_uppercase().replace('-', "_");
        let got = column(&ctx, &format!("url_normalize(u, '{name}')")).await;
        assert_eq!(got, expect(&|s| profile.canonicalize(s).ok()), "{name}");
    }
    let severity = expect(&|s| {
        let max = urlkit::lint::lint(s).iter().map(|f| f.severity()).max();
        max.map(|s| s.as_str().to_owned())
    });
    assert_eq!(column(&ctx, "url_lint_severity(u)").await, severity);
    assert!(severity.iter().any(|s| s.as_deref() == Some("error")));
    // The codes' list, joined for comparison (an empty list is an empty string, a NULL NULL).
    let codes = expect(&|s| {
        let codes: Vec<&str> = urlkit::lint::lint(s).iter().map(|f| f.code().as_str()).collect();
        Some(codes.join(","))
    });
    assert_eq!(column(&ctx, "array_to_string(url_lint(u), ',')").await, codes);
    let flagged = column(&ctx, "CASE WHEN array_has(url_lint(u), 'L040') THEN u END").await;
    assert_eq!(
        flagged.iter().flatten().collect::<Vec<_>>(),
        ["https://bank.example@evil.example/"]
    );
}

/// Hosts the ICANN-only and opaque-host answers differ on, and ones they do not.
const DOMAINS: [Option<&str>; 10] = [
    Some("https://foo.github.io/"),
    Some("https://a.b.s3.amazonaws.com/x"),
    Some("https://www.example.co.uk/"),
    Some("git://git.kernel.org/pub/scm"),
    Some("ssh://git@GitHub.com/rust-lang/rust"),
    Some("s3://x.blogspot.com/key"),
    Some("foo://a_b.example.com/"),
    Some("http://printer.corp/"),
    Some("http://10.0.0.1/"),
    None,
];

#[tokio::test]
async fn the_icann_functions_and_opaque_hosts_agree_with_the_library() {
    use urlkit::domain::{List, Options};
    let ctx = context_with_urls(&DOMAINS).await;
    let part = |s: &str, options: Options, registrable: bool| {
        let u = urlkit::Url::parse(s).ok()?;
        let parts = List::builtin().split_host_with(u.host()?, options)?;
        match registrable {
            true => parts.registrable_domain().map(str::to_owned),
            false => Some(parts.public_suffix().to_owned()),
        }
    };
    let icann = Options::new().private(false);
    for (function, options, registrable) in [
        ("url_registrable_domain", Options::new(), true),
        ("url_public_suffix", Options::new(), false),
        ("url_registrable_domain_icann", icann, true),
        ("url_public_suffix_icann", icann, false),
    ] {
        let want: Vec<Option<String>> = DOMAINS
            .iter()
            .map(|s| s.and_then(|s| part(s, options, registrable)))
            .collect();
        assert_eq!(column(&ctx, &format!("{function}(u)")).await, want, "{function}");
    }
    let some = |s: &str| Some(s.to_owned());
    assert_eq!(
        column(&ctx, "url_registrable_domain_icann(u)").await,
        [
            some("github.io"),
            some("amazonaws.com"),
            some("example.co.uk"),
            some("kernel.org"),
            some("github.com"),
            some("blogspot.com"),
            None,
            some("printer.corp"),
            None,
            None
        ]
    );
    assert_eq!(
        column(&ctx, "url_registrable_domain(u)").await[..6],
        [
            some("foo.github.io"),
            some("b.s3.amazonaws.com"),
            some("example.co.uk"),
            some("kernel.org"),
            some("github.com"),
            some("x.blogspot.com"),
        ]
    );
}

#[tokio::test]
async fn functions_registered_with_another_list_use_it() {
    use urlkit::domain::List;
    let list =
        List::parse("// ===BEGIN ICANN DOMAINS===\nexample\n// ===BEGIN PRIVATE DOMAINS===\nhost.example\n")
            .unwrap();
    let ctx = datafusion::prelude::SessionContext::new();
    urlkit_datafusion::register_with_list(&ctx, std::sync::Arc::new(list));
    assert_eq!(
        value(&ctx, "SELECT url_registrable_domain('https://a.b.host.example/')").await,
        "b.host.example"
    );
    assert_eq!(
        value(
            &ctx,
            "SELECT url_registrable_domain_icann('https://a.b.host.example/')"
        )
        .await,
        "host.example"
    );
    assert_eq!(
        value(&ctx, "SELECT url_public_suffix('https://www.example.com/')").await,
        "com"
    );
    // Another function of the crate is unchanged by the list.
    assert_eq!(
        value(&ctx, "SELECT url_host('https://A.example/')").await,
        "a.example"
    );
}

#[test]
fn urlkit_sql_reads_another_list_with_psl() {
    let d = dir("psl");
    let list = d.join("list.dat");
    std::fs::write(&list, "// ===BEGIN ICANN DOMAINS===\nexample\n").unwrap();
    let out = sql(&[
        "--psl",
        list.to_str().unwrap(),
        "--format",
        "csv",
        "SELECT url_registrable_domain('https://a.b.example/') AS r, url_public_suffix('https://x.co.uk/') AS s",
    ]);
    assert_eq!(out, "r,s\nb.example,uk\n");
    // A list that does not parse, or no file: an error naming it.
    let bad = d.join("bad.dat");
    std::fs::write(&bad, "com\na.*.b\n").unwrap();
    for (file, says) in [
        (bad, "line 2: a wildcard only as the leftmost label: a.*.b"),
        (d.join("missing.dat"), "missing.dat"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_urlkit-sql"))
            .args(["--psl", file.to_str().unwrap(), "SELECT 1"])
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[tokio::test]
async fn every_function_is_documented_and_url_parse_has_ten_fields() {
    let fs = urlkit_datafusion::functions();
    for (i, f) in fs.iter().enumerate() {
        assert!(fs[..i].iter().all(|g| g.name() != f.name()), "{} twice", f.name());
        let doc = f
            .documentation()
            .unwrap_or_else(|| panic!("{} undocumented", f.name()));
        assert!(doc.syntax_example.starts_with(f.name()), "{}", f.name());
    }
    for name in [
        "url_registrable_domain",
        "url_public_suffix",
        "url_lint",
        "url_lint_severity",
    ] {
        assert!(fs.iter().any(|f| f.name() == name), "{name}");
    }
    let ctx = context_with_urls(&TRICKY).await;
    let df = ctx.sql("SELECT url_parse(u) AS p FROM t").await.unwrap();
    let datafusion::arrow::datatypes::DataType::Struct(fields) = df.schema().field(0).data_type() else {
        panic!("url_parse returns a struct");
    };
    assert_eq!(fields.len(), 10);
}

/// The one value of a one-row, one-column query, as the table's answers write it: `NULL`
/// for null, `''` for the empty string, otherwise as Arrow displays it.
async fn value(ctx: &datafusion::prelude::SessionContext, sql: &str) -> String {
    use datafusion::arrow::util::display::{ArrayFormatter, FormatOptions};
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let rows: usize = batches.iter().map(|b| b.num_rows()).sum();
    assert_eq!(rows, 1, "{sql}");
    let batch = batches.iter().find(|b| b.num_rows() == 1).unwrap();
    assert_eq!(batch.num_columns(), 1, "{sql}");
    let options = FormatOptions::default().with_null("NULL");
    let text = ArrayFormatter::try_new(batch.column(0).as_ref(), &options)
        .unwrap()
        .value(0)
        .to_string();
    if text.is_empty() { "''".to_owned() } else { text }
}

#[tokio::test]
async fn every_function_of_the_table_is_registered_and_its_documented_example_gives_its_answer() {
    use datafusion::execution::FunctionRegistry;
    let ctx = datafusion::prelude::SessionContext::new();
    urlkit_datafusion::register(&ctx);
    let registered = ctx.udfs();
    let fs = urlkit_datafusion::functions();
    assert!(fs.len() >= 26, "{} functions", fs.len());
    for f in &fs {
        let name = f.name();
        assert!(registered.contains(name), "{name} not registered");
        let doc = f.documentation().unwrap_or_else(|| panic!("{name} undocumented"));
        assert!(!doc.description.is_empty() && doc.arguments.is_some(), "{name}");
        let example = doc
            .sql_example
            .as_deref()
            .unwrap_or_else(|| panic!("{name}: no example"));
        let (query, answer) = example
            .split_once(";  -- ")
            .unwrap_or_else(|| panic!("{name}: the example is not `query;  -- answer`: {example}"));
        assert!(
            query.contains(&format!("{name}(")),
            "{name}: the example does not call it: {query}"
        );
        assert!(!answer.is_empty(), "{name}");
        assert_eq!(value(&ctx, query).await, answer, "{name}: {query}");
    }
    // Every row is a function, and nothing else of urlkit's is registered.
    let ours = registered
        .iter()
        .filter(|n| n.starts_with("url_") || n.starts_with("data_url_"))
        .count();
    assert_eq!(ours, fs.len());
}

#[test]
fn the_crate_docs_list_every_function_of_the_table() {
    let docs = include_str!("../src/lib.rs");
    let mut listed: Vec<&str> = Vec::new();
    for line in docs
        .lines()
        .filter(|l| l.starts_with("//! | `url_") || l.starts_with("//! | `data_url_"))
    {
        let first_cell = line["//! | ".len()..].split(" | ").next().unwrap();
        // The names are the code spans of the first cell, each up to its `(`.
        for span in first_cell.split('`').skip(1).step_by(2) {
            let end = span
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(span.len());
            listed.push(&span[..end]);
        }
    }
    listed.sort_unstable();
    listed.dedup();
    let mut names: Vec<String> = urlkit_datafusion::functions()
        .iter()
        .map(|f| f.name().to_owned())
        .collect();
    names.sort_unstable();
    assert_eq!(listed, names);
}

/// `url_normalize(url, profile, steps)`: the library's `Normalizer` of the profile and the
/// steps, row by row; the step names in SQL style too; NULL steps give NULL; an unknown step
/// or steps with a profile that takes none are errors.
#[tokio::test]
async fn normalization_steps_agree_with_the_library() {
    use urlkit::canon::{Normalizer, Profile};
    let ctx = context_with_urls(&TRICKY).await;
    for profile in [Profile::Whatwg, Profile::Crawler, Profile::Surt] {
        for steps in [
            "www,fragment,tracking,trailing-slash,sort-query",
            "userinfo, Force_Https,query",
            "",
        ] {
            let got = column(
                &ctx,
                &format!("url_normalize(u, '{}', '{steps}')", profile.name()),
            )
            .await;
            let n = Normalizer::new(profile)
                .steps([steps.to_lowercase().replace('_', "-")])
                .unwrap();
            let want: Vec<Option<String>> = TRICKY
                .iter()
                .map(|s| s.and_then(|s| n.normalize(s).ok()))
                .collect();
            assert_eq!(got, want, "{} [{steps}]", profile.name());
        }
    }
    assert_eq!(
        column(&ctx, "url_normalize(u, 'whatwg', NULL)").await,
        vec![None; TRICKY.len()]
    );
    let ctx = &ctx;
    let error = |sql: String| async move {
        match ctx.sql(&sql).await {
            Ok(df) => df.collect().await.map(|_| ()),
            Err(e) => Err(e),
        }
        .unwrap_err()
        .to_string()
    };
    let message = error("SELECT url_normalize(u, 'whatwg', 'www,wat') FROM t".into()).await;
    assert!(
        message.contains("url_normalize: unknown normalization step 'wat' (expected force-https,"),
        "{message}"
    );
    for profile in ["rfc3986", "safe-browsing"] {
        let message = error(format!("SELECT url_normalize(u, '{profile}', 'www') FROM t")).await;
        assert!(
            message.contains(&format!(
                "url_normalize: profile {profile} takes no normalization steps"
            )),
            "{message}"
        );
    }
}

#[tokio::test]
async fn an_unknown_profile_is_an_error_listing_every_valid_name() {
    let ctx = context_with_urls(&TRICKY).await;
    let names: Vec<&str> = urlkit::canon::Profile::ALL.iter().map(|p| p.name()).collect();
    let listed = format!(
        "(expected {} or {})",
        names[..names.len() - 1].join(", "),
        names[names.len() - 1]
    );
    for bad in ["nope", "safe browsing", ""] {
        let result = match ctx.sql(&format!("SELECT url_normalize(u, '{bad}') FROM t")).await {
            Ok(df) => df.collect().await.map(|_| ()),
            Err(e) => Err(e),
        };
        let message = result.unwrap_err().to_string();
        assert!(
            message.contains(&format!(
                "url_normalize: unknown normalization profile '{bad}' {listed}"
            )),
            "{message}"
        );
    }
    // The profile's documentation lists the same names, from the same table.
    let f = urlkit_datafusion::functions()
        .into_iter()
        .find(|f| f.name() == "url_normalize")
        .unwrap();
    let doc = f.documentation().unwrap();
    for name in names {
        assert!(
            doc.description.contains(&format!("'{name}' (")),
            "{name}: {}",
            doc.description
        );
    }
}

#[test]
fn the_functions_listing_is_the_table() {
    let out = sql(&["--functions"]);
    let fs = urlkit_datafusion::functions();
    let mut at = 0;
    for f in &fs {
        let doc = f.documentation().unwrap();
        let entry = format!(
            "{}\n    {}\n    {}\n",
            doc.syntax_example,
            doc.description,
            doc.sql_example.as_deref().unwrap()
        );
        // In table order.
        let found = out[at..]
            .find(&entry)
            .unwrap_or_else(|| panic!("{} not listed in order", f.name()));
        at += found + entry.len();
    }
    assert_eq!(
        out.matches("\n\nurl_").count() + out.matches("\n\ndata_url_").count() + 1,
        fs.len()
    );
}

#[tokio::test]
async fn data_url_functions_agree_with_the_library() {
    const DATA: [Option<&str>; 9] = [
        Some("data:text/html;charset=utf-8,%3Cp%3Ehi"),
        Some("data:;base64,SGk="),
        Some("data:image/png;base64,iVBORw0KGgo="),
        Some("data:Text/Plain;X=\"a b\",%FF%00"),
        Some("data:text/plain"),
        Some("data:;base64,a"),
        Some("https://example.com/"),
        Some("not a url"),
        None,
    ];
    let ctx = context_with_urls(&DATA).await;
    let decoded: Vec<Option<urlkit::data::DataUrl<'static>>> = DATA
        .iter()
        .map(|s| s.and_then(|s| urlkit::data::decode(s).ok()))
        .collect();
    let mime: Vec<Option<String>> = decoded
        .iter()
        .map(|d| Some(d.as_ref()?.mime_type.to_string()))
        .collect();
    assert_eq!(column(&ctx, "data_url_mime(u)").await, mime);
    let hex: Vec<Option<String>> = decoded
        .iter()
        .map(|d| Some(d.as_ref()?.body.iter().map(|b| format!("{b:02x}")).collect()))
        .collect();
    assert_eq!(column(&ctx, "encode(data_url_body(u), 'hex')").await, hex);
    assert_eq!(decoded.iter().filter(|d| d.is_some()).count(), 4);
    assert_eq!(mime[3].as_deref(), Some("text/plain;x=\"a b\""));
}

#[tokio::test]
async fn template_functions_agree_with_the_library() {
    use urlkit::template::{Template, Value};
    const URLS: [Option<&str>; 6] = [
        Some("https://github.com/apache/datafusion/tree/main"),
        Some("https://github.com/rust-lang/rust"),
        Some("https://gitlab.com/a/b"),
        Some("https://github.com/only-owner"),
        Some("not a url"),
        None,
    ];
    const T: &str = "https://github.com/{owner}/{repo}{/path*}";
    let ctx = context_with_urls(&URLS).await;
    let t = Template::parse(T).unwrap();
    for name in ["owner", "repo", "path", "absent"] {
        let expected: Vec<Option<String>> = URLS
            .iter()
            .map(|u| match t.match_url((*u)?)?.get(name)?.to_value() {
                Value::String(s) => Some(s),
                Value::List(l) => Some(l.join(",")),
                Value::Assoc(_) => unreachable!("a match gives no associative array"),
            })
            .collect();
        let got = column(&ctx, &format!("url_template_match('{T}', u)['{name}']")).await;
        assert_eq!(got, expected, "{name}");
    }
    assert_eq!(
        column(&ctx, &format!("url_template_match('{T}', u)['path']")).await[0].as_deref(),
        Some("tree,main")
    );
    // A null map where the URL does not match, the template is not matchable or does not
    // parse; the template from a column (a CASE per row) as from a constant.
    let is_null = |expr: String| {
        let ctx = &ctx;
        async move { column(ctx, &format!("CAST(({expr}) IS NULL AS VARCHAR)")).await }
    };
    let nulls = |v: [bool; 6]| v.map(|b| Some(b.to_string())).to_vec();
    assert_eq!(
        is_null(format!("url_template_match('{T}', u)")).await,
        nulls([false, false, true, true, true, true])
    );
    for bad in ["https://{a}{b}", "https://{a"] {
        assert_eq!(
            is_null(format!("url_template_match('{bad}', u)")).await,
            nulls([true; 6]),
            "{bad}"
        );
    }
    let per_row =
        "CASE WHEN id % 2 = 0 THEN 'https://{host}/{+rest}' ELSE 'https://github.com/{owner}/{repo}' END";
    assert_eq!(
        column(
            &ctx,
            &format!(
                "coalesce(url_template_match({per_row}, u)['host'], url_template_match({per_row}, u)['repo'])"
            )
        )
        .await,
        [
            Some("github.com"),
            Some("rust"),
            Some("gitlab.com"),
            None,
            None,
            None
        ]
        .map(|s| s.map(str::to_owned))
        .to_vec()
    );

    const VARS: [Option<&str>; 6] = [
        Some(r#"{"owner": "apache", "repo": "datafusion", "path": ["tree", "main"]}"#),
        Some(r#"{"owner": "a b", "repo": 1}"#),
        Some(r#"{"owner": {"x": "1"}, "repo": "r"}"#),
        Some(r#"{"owner": [null]}"#),
        Some("[]"),
        None,
    ];
    let ctx = context_with_urls(&VARS).await;
    let got = column(&ctx, &format!("url_template_expand('{T}', u)")).await;
    assert_eq!(
        got,
        [
            Some("https://github.com/apache/datafusion/tree/main"),
            Some("https://github.com/a%20b/1"),
            Some("https://github.com/x,1/r"),
            None,
            None,
            None,
        ]
        .map(|s| s.map(str::to_owned))
        .to_vec()
    );
    // The library's expansion of the first row.
    let vars = [
        ("owner", Value::from("apache")),
        ("repo", Value::from("datafusion")),
        ("path", Value::from(vec!["tree", "main"])),
    ];
    assert_eq!(t.expand(&vars).unwrap().as_str(), got[0].as_deref().unwrap());
    let per_row = "CASE WHEN id % 2 = 0 THEN '/{owner}' ELSE '{?repo}' END";
    assert_eq!(
        column(&ctx, &format!("url_template_expand({per_row}, u)")).await,
        [Some("/apache"), Some("?repo=1"), Some("/x,1"), None, None, None]
            .map(|s| s.map(str::to_owned))
            .to_vec()
    );
    assert_eq!(
        column(&ctx, "url_template_expand('{bad', u)").await,
        vec![None; 6]
    );
}

#[path = "sql/dialects.rs"]
mod dialects;

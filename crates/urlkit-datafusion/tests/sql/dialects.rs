//! The ClickHouse and Spark dialects: each function's documented examples (our own table,
//! written from their documentation), both spellings of ClickHouse's names, and agreement
//! with the `url_*` function each one wraps over the real-world dataset.

use super::{column, context_with_urls, value};
use datafusion::prelude::SessionContext;
use urlkit_datafusion::Dialect;

/// A context with urlkit's functions and `dialect`'s.
fn context(dialect: Dialect) -> SessionContext {
    let ctx = SessionContext::new();
    urlkit_datafusion::register(&ctx);
    dialect.register(&ctx);
    ctx
}

/// One documented example: the call, what the original's documentation says it gives, and
/// what urlkit gives when that differs (with why).
struct Example {
    call: &'static str,
    original: &'static str,
    ours: Option<(&'static str, &'static str)>,
}

const fn same(call: &'static str, original: &'static str) -> Example {
    Example {
        call,
        original,
        ours: None,
    }
}

const fn differs(
    call: &'static str,
    original: &'static str,
    ours: &'static str,
    why: &'static str,
) -> Example {
    Example {
        call,
        original,
        ours: Some((ours, why)),
    }
}

/// ClickHouse's documented examples, by function (restated from clickhouse.com's URL
/// functions page), with a few edge cases of ours where the two readings part (the
/// `differs` rows; `queryStringAndFragment` without a query and `port` with a default
/// follow ClickHouse's function descriptions rather than a documented example).
const CLICKHOUSE: &[(&str, &[Example])] = &[
    (
        "protocol",
        &[same("protocol('https://clickhouse.com/')", "https")],
    ),
    (
        "domain",
        &[
            same(
                "domain('svn+ssh://some.svn-hosting.com:80/repo/trunk')",
                "some.svn-hosting.com",
            ),
            same("domain('https://clickhouse.com/time/')", "clickhouse.com"),
            differs(
                "domain('some.svn-hosting.com:80/repo/trunk')",
                "some.svn-hosting.com",
                "''",
                "no '//': the URL Standard reads the scheme some.svn-hosting.com and an opaque path, no host",
            ),
        ],
    ),
    (
        "domainWithoutWWW",
        &[same(
            "domainWithoutWWW('http://paul@www.example.com:80/')",
            "example.com",
        )],
    ),
    (
        "topLevelDomain",
        &[
            same(
                "topLevelDomain('svn+ssh://www.some.svn-hosting.com:80/repo/trunk')",
                "com",
            ),
            same("topLevelDomain('https://clickhouse.com/time/')", "com"),
        ],
    ),
    (
        "firstSignificantSubdomain",
        &[
            same(
                "firstSignificantSubdomain('https://news.clickhouse.com/')",
                "clickhouse",
            ),
            same(
                "firstSignificantSubdomain('https://news.clickhouse.com.tr/')",
                "clickhouse",
            ),
        ],
    ),
    (
        "cutToFirstSignificantSubdomain",
        &[
            same(
                "cutToFirstSignificantSubdomain('https://news.clickhouse.com.tr/')",
                "clickhouse.com.tr",
            ),
            differs(
                "cutToFirstSignificantSubdomain('www.tr')",
                "tr",
                "''",
                "a bare host is not a URL",
            ),
            same("cutToFirstSignificantSubdomain('tr')", "''"),
        ],
    ),
    (
        "cutWWW",
        &[same(
            "cutWWW('http://www.example.com/path?query=value#fragment')",
            "http://example.com/path?query=value#fragment",
        )],
    ),
    (
        "cutQueryString",
        &[same(
            "cutQueryString('http://example.com/path?query=value&param=123#fragment')",
            "http://example.com/path#fragment",
        )],
    ),
    (
        "cutFragment",
        &[same(
            "cutFragment('http://example.com/path?query=value&param=123#fragment')",
            "http://example.com/path?query=value&param=123",
        )],
    ),
    (
        "cutQueryStringAndFragment",
        &[same(
            "cutQueryStringAndFragment('http://example.com/path?query=value&param=123#fragment')",
            "http://example.com/path",
        )],
    ),
    (
        "cutURLParameter",
        &[same(
            "cutURLParameter('http://bigmir.net/?a=b&c=d&e=f#g', 'a')",
            "http://bigmir.net/?c=d&e=f#g",
        )],
    ),
    (
        "path",
        &[
            same(
                "path('https://example.com/browse/CONV-6788?x=1')",
                "/browse/CONV-6788",
            ),
            differs(
                "path('http://example.com')",
                "''",
                "/",
                "a special URL's empty path is '/'",
            ),
        ],
    ),
    (
        "pathFull",
        &[same(
            "pathFull('https://example.com/browse/CONV-6788?x=1#f')",
            "/browse/CONV-6788?x=1#f",
        )],
    ),
    (
        "queryString",
        &[same(
            "queryString('http://example.com/?page=1&lr=213#frag')",
            "page=1&lr=213",
        )],
    ),
    (
        "fragment",
        &[same("fragment('http://example.com/?page=1#29390')", "29390")],
    ),
    (
        "queryStringAndFragment",
        &[
            same(
                "queryStringAndFragment('http://example.com/?page=1&lr=213#29390')",
                "page=1&lr=213#29390",
            ),
            same("queryStringAndFragment('http://example.com/#29390')", "#29390"),
        ],
    ),
    (
        "extractURLParameter",
        &[
            same(
                "extractURLParameter('http://example.com/?param1=value1&param2=value2', 'param1')",
                "value1",
            ),
            same(
                "extractURLParameter('http://example.com/?param1=value1&param2=value2', 'param3')",
                "''",
            ),
            differs(
                "extractURLParameter('http://example.com/#param1=value1', 'param1')",
                "value1",
                "''",
                "the fragment is not the query",
            ),
        ],
    ),
    (
        "extractURLParameters",
        &[same(
            "extractURLParameters('http://example.com/?param1=value1&param2=value2')",
            "[param1=value1, param2=value2]",
        )],
    ),
    (
        "extractURLParameterNames",
        &[same(
            "extractURLParameterNames('http://example.com/?param1=value1&param2=value2')",
            "[param1, param2]",
        )],
    ),
    (
        "URLHierarchy",
        &[same(
            "URLHierarchy('https://example.com/browse/CONV-6788')",
            "[https://example.com/, https://example.com/browse/, https://example.com/browse/CONV-6788]",
        )],
    ),
    (
        "URLPathHierarchy",
        &[same(
            "URLPathHierarchy('https://example.com/browse/CONV-6788')",
            "[/browse/, /browse/CONV-6788]",
        )],
    ),
    (
        "decodeURLComponent",
        &[same(
            "decodeURLComponent('http://127.0.0.1:8123/?query=SELECT%201%3B')",
            "http://127.0.0.1:8123/?query=SELECT 1;",
        )],
    ),
    (
        "encodeURLComponent",
        &[same(
            "encodeURLComponent('http://127.0.0.1:8123/?query=SELECT 1;')",
            "http%3A%2F%2F127.0.0.1%3A8123%2F%3Fquery%3DSELECT%201%3B",
        )],
    ),
    (
        "decodeURLFormComponent",
        &[same(
            "decodeURLFormComponent('http://127.0.0.1:8123/?query=SELECT%201+2%2B3')",
            "http://127.0.0.1:8123/?query=SELECT 1 2+3",
        )],
    ),
    (
        "encodeURLFormComponent",
        &[same(
            "encodeURLFormComponent('http://127.0.0.1:8123/?query=SELECT 1 2+3')",
            "http%3A%2F%2F127.0.0.1%3A8123%2F%3Fquery%3DSELECT+1+2%2B3",
        )],
    ),
    (
        "netloc",
        &[differs(
            "netloc('http://paul@www.example.com:80/')",
            "paul@www.example.com:80",
            "paul@www.example.com",
            "the URL Standard drops the scheme's default port",
        )],
    ),
    (
        "port",
        &[
            same("port('http://paul@www.example.com:8080/')", "8080"),
            differs(
                "port('http://paul@www.example.com:80/')",
                "80",
                "0",
                "the default port is dropped",
            ),
            same("port('http://paul@www.example.com/', 443)", "443"),
        ],
    ),
];

/// Spark's documented examples (restated from spark.apache.org's function reference: the
/// `HOST`, `QUERY` and key rows, `url_encode`, `url_decode`), with the other parts and edge
/// cases of ours, as `java.net.URI`'s getters answer them.
const SPARK: &[(&str, &[Example])] = &[
    (
        "parse_url",
        &[
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'HOST')",
                "spark.apache.org",
            ),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'QUERY')",
                "query=1",
            ),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'QUERY', 'query')",
                "1",
            ),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'PATH')",
                "/path",
            ),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'PROTOCOL')",
                "http",
            ),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'FILE')",
                "/path?query=1",
            ),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'AUTHORITY')",
                "spark.apache.org",
            ),
            same("parse_url('http://spark.apache.org/path?query=1', 'REF')", "NULL"),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'USERINFO')",
                "NULL",
            ),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'QUERY', 'nope')",
                "NULL",
            ),
            same("parse_url('http://u:p@h:8080/p#top', 'USERINFO')", "u:p"),
            same("parse_url('http://u:p@h:8080/p#top', 'AUTHORITY')", "u:p@h:8080"),
            same("parse_url('http://u:p@h:8080/p#top', 'REF')", "top"),
            same(
                "parse_url('http://spark.apache.org/path?query=1', 'host')",
                "NULL",
            ),
            differs(
                "parse_url('inva lid://spark.apache.org/path?query=1', 'QUERY')",
                "NULL",
                "NULL",
                "not a URL to either (Spark's ANSI mode raises an error instead)",
            ),
            differs(
                "parse_url('http://Spark.Apache.org:80/a/../path', 'AUTHORITY')",
                "Spark.Apache.org:80",
                "spark.apache.org",
                "host lower-cased, default port dropped",
            ),
        ],
    ),
    (
        "url_encode",
        &[
            same(
                "url_encode('https://spark.apache.org')",
                "https%3A%2F%2Fspark.apache.org",
            ),
            same("url_encode('a b*~')", "a+b*%7E"),
        ],
    ),
    (
        "url_decode",
        &[
            same(
                "url_decode('https%3A%2F%2Fspark.apache.org')",
                "https://spark.apache.org",
            ),
            same("url_decode('a+b%2B')", "a b+"),
            differs(
                "url_decode('http%3A%2F%2spark.apache.org')",
                "error",
                "NULL",
                "a bad escape fails the query in Spark",
            ),
        ],
    ),
];

/// Runs every example of `table` in `dialect`; ClickHouse's names also quoted and in lower
/// case. Every function of the dialect has examples.
async fn run_examples(dialect: Dialect, table: &[(&str, &[Example])]) {
    let ctx = context(dialect);
    let names: Vec<String> = dialect.functions().iter().map(|f| f.name().to_owned()).collect();
    let mut tabled: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
    tabled.sort_unstable();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(tabled, sorted, "every {} function has examples", dialect.name());
    for (name, examples) in table {
        for e in examples.iter() {
            assert!(e.call.starts_with(&format!("{name}(")), "{}", e.call);
            let want = match e.ours {
                Some((ours, why)) => {
                    assert!(!why.is_empty());
                    ours
                }
                None => e.original,
            };
            let rest = &e.call[name.len()..];
            let mut spellings = vec![format!("SELECT {}", e.call)];
            if name.chars().any(|c| c.is_ascii_uppercase()) {
                spellings.push(format!("SELECT \"{name}\"{rest}"));
                spellings.push(format!("SELECT {}{rest}", name.to_ascii_lowercase()));
            }
            for sql in spellings {
                assert_eq!(value(&ctx, &sql).await, want, "{sql}");
            }
        }
    }
}

#[tokio::test]
async fn clickhouse_documented_examples_in_both_spellings() {
    run_examples(Dialect::ClickHouse, CLICKHOUSE).await;
    // Every name the issue lists.
    let names: Vec<String> = urlkit_datafusion::clickhouse_functions()
        .iter()
        .map(|f| f.name().to_owned())
        .collect();
    for name in [
        "protocol",
        "domain",
        "domainWithoutWWW",
        "topLevelDomain",
        "firstSignificantSubdomain",
        "cutToFirstSignificantSubdomain",
        "cutWWW",
        "cutQueryString",
        "cutFragment",
        "cutQueryStringAndFragment",
        "cutURLParameter",
        "path",
        "pathFull",
        "queryString",
        "fragment",
        "queryStringAndFragment",
        "extractURLParameter",
        "extractURLParameters",
        "extractURLParameterNames",
        "URLHierarchy",
        "URLPathHierarchy",
        "decodeURLComponent",
        "encodeURLComponent",
        "decodeURLFormComponent",
        "encodeURLFormComponent",
        "netloc",
        "port",
    ] {
        assert!(names.iter().any(|n| n == name), "{name}");
    }
    // A NULL argument gives NULL; anything else a value ('' when not a URL).
    let ctx = context(Dialect::ClickHouse);
    assert_eq!(value(&ctx, "SELECT domain(NULL)").await, "NULL");
    assert_eq!(value(&ctx, "SELECT domain('not a url')").await, "''");
    assert_eq!(value(&ctx, "SELECT URLHierarchy('not a url')").await, "[]");
    assert_eq!(value(&ctx, "SELECT port('not a url', 8080)").await, "8080");
}

#[tokio::test]
async fn spark_documented_examples_and_urlkit_names_replaced() {
    run_examples(Dialect::Spark, SPARK).await;
    // urlkit's url_encode without the dialect; Spark's with it.
    let ctx = SessionContext::new();
    urlkit_datafusion::register(&ctx);
    assert_eq!(value(&ctx, "SELECT url_encode('a b')").await, "a%20b");
    urlkit_datafusion::register_spark(&ctx);
    assert_eq!(value(&ctx, "SELECT url_encode('a b')").await, "a+b");
}

#[tokio::test]
async fn every_dialect_function_is_documented_with_a_working_example() {
    let docs = include_str!("../../src/lib.rs");
    for dialect in Dialect::ALL {
        let ctx = context(dialect);
        for f in dialect.functions() {
            let name = f.name();
            let doc = f.documentation().unwrap_or_else(|| panic!("{name} undocumented"));
            assert!(doc.syntax_example.starts_with(name), "{name}");
            let (query, answer) = doc.sql_example.as_deref().unwrap().split_once(";  -- ").unwrap();
            assert!(query.contains(&format!("{name}(")), "{name}");
            assert_eq!(value(&ctx, query).await, answer, "{name}");
            assert!(
                docs.contains(&format!("`{name}(")),
                "{name} not in the crate docs' dialect tables"
            );
            // Where it stands against the URL Standard is said.
            assert!(
                doc.description.contains("URL Standard")
                    || doc.description.contains("as ClickHouse")
                    || doc.description.contains("as ClickHouse's")
                    || doc.description.contains("Spark"),
                "{name}: {}",
                doc.description
            );
        }
    }
}

/// The real-world URLs as the table `t(id, u)`, or `None` (said on stderr) without the data.
async fn realworld(dialect: Dialect) -> Option<SessionContext> {
    let dir = urlkit_bench::datasets_dir();
    let Ok(text) = std::fs::read_to_string(dir.join("realworld.txt")) else {
        assert!(
            std::env::var_os("URLKIT_REQUIRE_CONFORMANCE").is_none_or(|v| v.is_empty() || v == "0"),
            "URLKIT_REQUIRE_CONFORMANCE is set but {} has no realworld.txt",
            dir.display()
        );
        eprintln!(
            "dialect agreement skipped: no realworld.txt in {} (set URLKIT_DATASETS)",
            dir.display()
        );
        return None;
    };
    let mut urls: Vec<Option<&str>> = urlkit_bench::corpus::split_lines(&text)
        .into_iter()
        .map(Some)
        .collect();
    urls.push(None);
    let ctx = context_with_urls(&urls).await;
    dialect.register(&ctx);
    Some(ctx)
}

/// The rows where `a` and `b` differ (NULLs equal), with the first few.
async fn differences(ctx: &SessionContext, a: &str, b: &str) -> (usize, Vec<Option<String>>) {
    let rows = column(ctx, &format!("CASE WHEN ({a}) IS DISTINCT FROM ({b}) THEN u END")).await;
    let bad: Vec<Option<String>> = rows.into_iter().flatten().map(Some).collect();
    (bad.len(), bad.into_iter().take(3).collect())
}

#[tokio::test]
async fn clickhouse_functions_agree_with_the_url_functions_on_the_realworld_dataset() {
    let Some(ctx) = realworld(Dialect::ClickHouse).await else {
        return;
    };
    let pairs: &[(&str, &str)] = &[
        ("protocol(u)", "coalesce(url_scheme(u), '')"),
        ("domain(u)", "coalesce(url_hostname(u), '')"),
        ("domainWithoutWWW(u)", "coalesce(url_domain_without_www(u), '')"),
        ("topLevelDomain(u)", "coalesce(url_top_level_domain(u), '')"),
        (
            "firstSignificantSubdomain(u)",
            "coalesce(url_first_significant_subdomain(u), '')",
        ),
        (
            "cutToFirstSignificantSubdomain(u)",
            "coalesce(url_registrable_domain(u), '')",
        ),
        ("cutWWW(u)", "coalesce(url_cut_www(u), '')"),
        ("cutQueryString(u)", "coalesce(url_cut_query_string(u), '')"),
        ("cutFragment(u)", "coalesce(url_cut_fragment(u), '')"),
        (
            "cutQueryStringAndFragment(u)",
            "coalesce(url_cut_query_string_and_fragment(u), '')",
        ),
        (
            "cutURLParameter(u, 'id')",
            "coalesce(url_cut_query_parameter(u, 'id'), '')",
        ),
        ("path(u)", "coalesce(url_path(u), '')"),
        ("pathFull(u)", "coalesce(url_path_full(u), '')"),
        ("queryString(u)", "coalesce(url_query(u), '')"),
        ("fragment(u)", "coalesce(url_fragment(u), '')"),
        (
            "queryStringAndFragment(u)",
            "concat(url_query(u), CASE WHEN url_fragment(u) IS NOT NULL THEN '#' || url_fragment(u) END)",
        ),
        (
            "extractURLParameter(u, 'id')",
            "coalesce(url_query_param_raw(u, 'id'), '')",
        ),
        (
            "array_to_string(extractURLParameters(u), ' ')",
            "coalesce(array_to_string(url_query_pieces(u), ' '), '')",
        ),
        (
            "cardinality(extractURLParameters(u))",
            "coalesce(cardinality(url_query_pieces(u)), 0)",
        ),
        (
            "array_to_string(extractURLParameterNames(u), ' ')",
            "coalesce(array_to_string(url_query_names(u), ' '), '')",
        ),
        (
            "array_to_string(URLHierarchy(u), ' ')",
            "coalesce(array_to_string(url_hierarchy(u), ' '), '')",
        ),
        (
            "cardinality(URLHierarchy(u))",
            "coalesce(cardinality(url_hierarchy(u)), 0)",
        ),
        (
            "array_to_string(URLPathHierarchy(u), ' ')",
            "coalesce(array_to_string(url_path_hierarchy(u), ' '), '')",
        ),
        (
            "decodeURLComponent(u)",
            "coalesce(url_decode(u), decodeURLComponent(u))",
        ),
        (
            "decodeURLFormComponent(u)",
            "coalesce(url_decode(u, 'form'), decodeURLFormComponent(u))",
        ),
        ("encodeURLComponent(u)", "url_encode(u, 'unreserved')"),
        ("encodeURLFormComponent(u)", "url_encode(u, 'unreserved-form')"),
        ("netloc(u)", "coalesce(url_netloc(u), '')"),
        ("port(u)", "coalesce(url_port(u), 0)"),
        ("port(u, 8080)", "coalesce(url_port(u), 8080)"),
    ];
    for (dialect, url) in pairs {
        let (n, first) = differences(&ctx, dialect, url).await;
        assert_eq!(n, 0, "{dialect} vs {url}: first {first:?}");
    }
    // The decoders agree where urlkit's url_decode gives UTF-8; they differ only where it
    // gives NULL (ClickHouse's keep going with U+FFFD), and the NULL input stays NULL.
    let (n, _) = differences(&ctx, "decodeURLComponent(u) IS NULL", "u IS NULL").await;
    assert_eq!(n, 0);
    // The dataset has URLs of every kind the functions split.
    for probe in [
        "queryString(u) <> ''",
        "fragment(u) <> ''",
        "firstSignificantSubdomain(u) <> ''",
    ] {
        let hits = column(&ctx, &format!("CASE WHEN {probe} THEN u END")).await;
        assert!(hits.iter().flatten().count() > 10, "{probe}");
    }
}

#[tokio::test]
async fn spark_functions_agree_with_the_url_functions_on_the_realworld_dataset() {
    let Some(ctx) = realworld(Dialect::Spark).await else {
        return;
    };
    let userinfo = "nullif(url_username(u) || CASE WHEN url_password(u) <> '' THEN ':' || url_password(u) ELSE '' END, '')";
    let pairs: &[(&str, &str)] = &[
        ("parse_url(u, 'HOST')", "nullif(url_hostname(u), '')"),
        ("parse_url(u, 'QUERY')", "url_query(u)"),
        ("parse_url(u, 'REF')", "url_fragment(u)"),
        ("parse_url(u, 'PROTOCOL')", "url_scheme(u)"),
        ("parse_url(u, 'AUTHORITY')", "nullif(url_netloc(u), '')"),
        (
            "coalesce(parse_url(u, 'PATH'), url_pathname(u))",
            "url_pathname(u)",
        ),
        (
            "parse_url(u, 'FILE')",
            "parse_url(u, 'PATH') || coalesce('?' || url_query(u), '')",
        ),
        ("parse_url(u, 'USERINFO')", userinfo),
        // Spark's rule, `(&|^)key=([^&]*)` over the query, as a regular expression here.
        (
            "parse_url(u, 'QUERY', 'id')",
            "regexp_match(url_query(u), '(&|^)id=([^&]*)')[2]",
        ),
        // url_query_param_raw gives the same where it finds a value; a bare `id` (its '') is
        // no match for Spark, which needs `id=`.
        (
            "CASE WHEN url_query_param_raw(u, 'id') <> '' THEN parse_url(u, 'QUERY', 'id') END",
            "nullif(url_query_param_raw(u, 'id'), '')",
        ),
        ("parse_url(u, 'host')", "CAST(NULL AS VARCHAR)"),
    ];
    for (spark, url) in pairs {
        let (n, first) = differences(&ctx, spark, url).await;
        assert_eq!(n, 0, "{spark} vs {url}: first {first:?}");
    }
    // PATH is NULL exactly for an opaque path (the library's has_opaque_path).
    let got = column(&ctx, "parse_url(u, 'PATH') IS NULL AND u IS NOT NULL").await;
    let text = std::fs::read_to_string(urlkit_bench::datasets_dir().join("realworld.txt")).unwrap();
    let mut want: Vec<Option<String>> = urlkit_bench::corpus::split_lines(&text)
        .into_iter()
        .map(|s| {
            Some(
                urlkit::Url::parse(s)
                    .map_or(true, |u| u.has_opaque_path())
                    .to_string(),
            )
        })
        .collect();
    want.push(Some("false".into()));
    assert_eq!(got, want);
    // Spark's encoders against urlkit's form set, in a context without the dialect.
    let plain = realworld_plain().await;
    assert_eq!(
        column(&ctx, "url_encode(u)").await,
        column(&plain, "url_encode(u, 'form')").await
    );
    let spark = column(&ctx, "url_decode(u)").await;
    let urlkit = column(&plain, "url_decode(u, 'form')").await;
    for (s, k) in spark.iter().zip(&urlkit) {
        if let (Some(s), Some(k)) = (s, k) {
            assert_eq!(s, k);
        }
    }
}

/// [`realworld`] without a dialect (the dataset is there: the caller checked).
async fn realworld_plain() -> SessionContext {
    let text = std::fs::read_to_string(urlkit_bench::datasets_dir().join("realworld.txt")).unwrap();
    let mut urls: Vec<Option<&str>> = urlkit_bench::corpus::split_lines(&text)
        .into_iter()
        .map(Some)
        .collect();
    urls.push(None);
    context_with_urls(&urls).await
}

#[test]
fn urlkit_sql_takes_a_dialect() {
    use std::process::Command;
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_urlkit-sql"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[
        "--dialect",
        "clickhouse",
        "--format",
        "jsonl",
        "SELECT cutToFirstSignificantSubdomain('https://a.b.example.co.uk/') AS d, \"URLPathHierarchy\"('https://h/a/b') AS p",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"d\":\"example.co.uk\",\"p\":[\"/a/\",\"/a/b\"]}\n"
    );
    let out = run(&[
        "--dialect",
        "spark",
        "--format",
        "csv",
        "SELECT parse_url('http://h/p?k=v', 'QUERY', 'k') AS v, url_encode('a b') AS e",
    ]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "v,e\nv,a+b\n");
    // Without the dialect, ClickHouse's names are unknown and url_encode is urlkit's.
    let out = run(&["SELECT domain('https://h/')"]);
    assert!(!out.status.success());
    let out = run(&["--format", "csv", "SELECT url_encode('a b') AS e"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "e\na%20b\n");
    let out = run(&["--dialect", "mysql", "SELECT 1"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("unknown sql dialect 'mysql' (expected clickhouse or spark)")
    );
    // --functions lists the dialect's after urlkit's.
    let out = run(&["--functions", "--dialect", "spark"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\n\nparse_url(url, part [, key])\n"), "{text}");
    let plain = run(&["--functions"]);
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("parse_url("));
}

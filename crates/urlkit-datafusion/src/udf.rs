//! The scalar UDFs: one [`UrlFunction`] per SQL name, each a call of a kernel.

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::arrow::datatypes::{DataType, Fields};
use datafusion::common::{DataFusionError, Result, ScalarValue, exec_err, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, DocSection, Documentation, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    TypeSignature, Volatility,
};
use datafusion::prelude::SessionContext;
use std::sync::{Arc, OnceLock};
use urlkit::Attribute;
use urlkit_arrow::{DomainPart, OnError, Part, Profile, Strings};

/// What a function computes, and so which kernel it calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Parse,
    Part(Part),
    Port,
    IsValid,
    ParseError,
    Resolve,
    QueryParam,
    Normalize,
    Rfc3986,
    Domain(DomainPart),
    LintCodes,
    LintSeverity,
}

/// One of urlkit's SQL functions ([`functions`] lists them all).
///
/// ```
/// let f = urlkit_datafusion::functions().into_iter().find(|f| f.name() == "url_host").unwrap();
/// assert!(f.documentation().is_some());
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlFunction {
    name: &'static str,
    kind: Kind,
    signature: Signature,
    doc: DocText,
}

/// The documentation of one function, built into DataFusion's form on first use.
#[derive(Debug, PartialEq, Eq, Hash)]
struct DocText {
    description: &'static str,
    syntax: &'static str,
    example: &'static str,
    arguments: &'static [(&'static str, &'static str)],
}

const URL_ARG: (&str, &str) = ("url", "A URL string (any string type).");

const SECTION: DocSection = DocSection {
    include: true,
    label: "URL Functions (urlkit)",
    description: Some("WHATWG URL Standard and RFC 3986 functions from urlkit."),
};

/// `n` string arguments (each coerced to a string type), or one of several counts.
fn strings(counts: &[usize]) -> Signature {
    let sigs = counts.iter().map(|&n| TypeSignature::String(n)).collect();
    Signature::one_of(sigs, Volatility::Immutable)
}

/// Every function, in the order of the crate's table.
fn table() -> Vec<UrlFunction> {
    let part = |name: &'static str,
                p: Part,
                description: &'static str,
                syntax: &'static str,
                example: &'static str| {
        UrlFunction {
            name,
            kind: Kind::Part(p),
            signature: strings(&[1]),
            doc: DocText {
                description,
                syntax,
                example,
                arguments: &[URL_ARG],
            },
        }
    };
    let attr =
        |name: &'static str,
         a: Attribute,
         description: &'static str,
         syntax: &'static str,
         example: &'static str| { part(name, Part::Attribute(a), description, syntax, example) };
    vec![
        UrlFunction {
            name: "url_parse",
            kind: Kind::Parse,
            signature: strings(&[1]),
            doc: DocText {
                description: "Parses a URL with the WHATWG URL parser into a struct of its components: href, protocol, username, password, host, hostname, port (UInt16, NULL when none), pathname, search, hash. NULL when the URL does not parse.",
                syntax: "url_parse(url)",
                example: "SELECT url_parse('https://example.com:8080/a?b#c')['port'];  -- 8080",
                arguments: &[URL_ARG],
            },
        },
        part(
            "url_host",
            Part::Attribute(Attribute::Hostname),
            "The host name of a URL, without the port: a domain (lower-case, IDNA to ASCII), an IPv4 address, or an IPv6 address in brackets.",
            "url_host(url)",
            "SELECT url_host('https://Example.COM:8080/');  -- example.com",
        ),
        attr(
            "url_hostname",
            Attribute::Hostname,
            "The URL API's hostname (same as url_host).",
            "url_hostname(url)",
            "SELECT url_hostname('https://[::1]:8080/');  -- [::1]",
        ),
        attr(
            "url_host_port",
            Attribute::Host,
            "The URL API's host: the host name and, when not the default, the port.",
            "url_host_port(url)",
            "SELECT url_host_port('https://example.com:8080/');  -- example.com:8080",
        ),
        part(
            "url_scheme",
            Part::Scheme,
            "The scheme, lower-case, without the ':'.",
            "url_scheme(url)",
            "SELECT url_scheme('HTTPS://h/');  -- https",
        ),
        attr(
            "url_protocol",
            Attribute::Protocol,
            "The URL API's protocol: the scheme and ':'.",
            "url_protocol(url)",
            "SELECT url_protocol('https://h/');  -- https:",
        ),
        attr(
            "url_username",
            Attribute::Username,
            "The URL API's username (percent-encoded; empty when none).",
            "url_username(url)",
            "SELECT url_username('ftp://me:pw@h/');  -- me",
        ),
        attr(
            "url_password",
            Attribute::Password,
            "The URL API's password (percent-encoded; empty when none).",
            "url_password(url)",
            "SELECT url_password('ftp://me:pw@h/');  -- pw",
        ),
        attr(
            "url_pathname",
            Attribute::Pathname,
            "The URL API's pathname (dot segments removed, percent-encoded).",
            "url_pathname(url)",
            "SELECT url_pathname('https://h/a/../b%20c');  -- /b%20c",
        ),
        attr(
            "url_path",
            Attribute::Pathname,
            "The path (same as url_pathname).",
            "url_path(url)",
            "SELECT url_path('https://h/a/./b');  -- /a/b",
        ),
        attr(
            "url_search",
            Attribute::Search,
            "The URL API's search: '?' and the query, empty when the query is absent or empty.",
            "url_search(url)",
            "SELECT url_search('https://h/?q=1');  -- ?q=1",
        ),
        attr(
            "url_hash",
            Attribute::Hash,
            "The URL API's hash: '#' and the fragment, empty when absent or empty.",
            "url_hash(url)",
            "SELECT url_hash('https://h/#top');  -- #top",
        ),
        attr(
            "url_href",
            Attribute::Href,
            "The URL's serialization (its href), the WHATWG canonical form.",
            "url_href(url)",
            "SELECT url_href('HTTP://h:80/a/./b');  -- http://h/a/b",
        ),
        part(
            "url_query",
            Part::Query,
            "The query without '?'; NULL when the URL has none (empty for a bare '?').",
            "url_query(url)",
            "SELECT url_query('https://h/?a=1&b=2');  -- a=1&b=2",
        ),
        part(
            "url_fragment",
            Part::Fragment,
            "The fragment without '#'; NULL when the URL has none.",
            "url_fragment(url)",
            "SELECT url_fragment('https://h/#top');  -- top",
        ),
        UrlFunction {
            name: "url_port",
            kind: Kind::Port,
            signature: strings(&[1]),
            doc: DocText {
                description: "The port as a number (UInt16); NULL when the URL has none (a scheme's default port is dropped by the parser).",
                syntax: "url_port(url)",
                example: "SELECT url_port('https://h:8443/');  -- 8443",
                arguments: &[URL_ARG],
            },
        },
        UrlFunction {
            name: "url_is_valid",
            kind: Kind::IsValid,
            signature: strings(&[1, 2]),
            doc: DocText {
                description: "Whether the URL parses with the WHATWG URL parser, against base when given (decided without building the URL).",
                syntax: "url_is_valid(url [, base])",
                example: "SELECT url_is_valid('/a', 'https://h/');  -- true",
                arguments: &[
                    URL_ARG,
                    (
                        "base",
                        "An optional base URL that relative URLs are resolved against.",
                    ),
                ],
            },
        },
        UrlFunction {
            name: "url_parse_error",
            kind: Kind::ParseError,
            signature: strings(&[1]),
            doc: DocText {
                description: "Why a URL does not parse: the error and its byte position; NULL when it parses.",
                syntax: "url_parse_error(url)",
                example: "SELECT url_parse_error('http://[::1');  -- unclosed ipv6 address at byte 11",
                arguments: &[URL_ARG],
            },
        },
        UrlFunction {
            name: "url_resolve",
            kind: Kind::Resolve,
            signature: strings(&[2]),
            doc: DocText {
                description: "Resolves a reference against a base URL (the WHATWG URL parser with a base) and gives the result's href; NULL when the base or the result does not parse. The base may be a constant (parsed once) or a column.",
                syntax: "url_resolve(base, reference)",
                example: "SELECT url_resolve('https://h/a/b?x', '../c#d');  -- https://h/c#d",
                arguments: &[
                    ("base", "The base URL."),
                    ("reference", "The URL or relative reference to resolve."),
                ],
            },
        },
        UrlFunction {
            name: "url_query_param",
            kind: Kind::QueryParam,
            signature: strings(&[2]),
            doc: DocText {
                description: "The value of the first query parameter with this name, decoded as application/x-www-form-urlencoded (as URLSearchParams.get); NULL when absent.",
                syntax: "url_query_param(url, name)",
                example: "SELECT url_query_param('https://h/?q=a+b&q=c', 'q');  -- a b",
                arguments: &[URL_ARG, ("name", "The parameter's name (decoded form).")],
            },
        },
        UrlFunction {
            name: "url_normalize",
            kind: Kind::Normalize,
            signature: strings(&[1, 2]),
            doc: DocText {
                description: "The URL's canonical form under a profile (urlkit::canon): 'whatwg' (default: the WHATWG serialization), 'rfc3986' (RFC 3986 6.2.2-6.2.3 normalization of a strictly parsed URI reference), 'safe-browsing' (the Safe Browsing canonical URL), 'surt' (the SURT key of web archives and CDX indexes) or 'crawler' (w3lib-style deduplication form: query sorted, fragment dropped). Names are case-insensitive and '_' may stand for '-'. NULL when the profile gives no form (the URL does not parse under its standard; Safe Browsing: no host).",
                syntax: "url_normalize(url [, profile])",
                example: "SELECT url_normalize('HTTP://www.Example.com:80/a/./b?b=2&a=1#x', 'surt');  -- com,example)/a/b?a=1&b=2",
                arguments: &[
                    URL_ARG,
                    (
                        "profile",
                        "'whatwg', 'rfc3986', 'safe-browsing', 'surt' or 'crawler' (a constant).",
                    ),
                ],
            },
        },
        UrlFunction {
            name: "url_rfc3986",
            kind: Kind::Rfc3986,
            signature: strings(&[1]),
            doc: DocText {
                description: "Parses a URI reference strictly by RFC 3986 into a struct of its components as written: scheme, authority, userinfo, host, port, path, query, fragment (NULL when absent). NULL when it does not match the grammar.",
                syntax: "url_rfc3986(url)",
                example: "SELECT url_rfc3986('http://h?')['query'];  -- '' (empty, not NULL)",
                arguments: &[URL_ARG],
            },
        },
        UrlFunction {
            name: "url_registrable_domain",
            kind: Kind::Domain(DomainPart::RegistrableDomain),
            signature: strings(&[1]),
            doc: DocText {
                description: "The registrable domain (eTLD+1) of the URL's host by the Public Suffix List built into urlkit (ICANN and private sections): what to group a crawl or a log by site. NULL when the URL does not parse, its host is not a domain (an IP address, an opaque host) or is itself a public suffix.",
                syntax: "url_registrable_domain(url)",
                example: "SELECT url_registrable_domain('https://www.news.example.co.uk/a');  -- example.co.uk",
                arguments: &[URL_ARG],
            },
        },
        UrlFunction {
            name: "url_public_suffix",
            kind: Kind::Domain(DomainPart::PublicSuffix),
            signature: strings(&[1]),
            doc: DocText {
                description: "The public suffix (effective top-level domain) of the URL's host by the Public Suffix List built into urlkit. NULL when the URL does not parse or its host is not a domain.",
                syntax: "url_public_suffix(url)",
                example: "SELECT url_public_suffix('https://user.github.io/');  -- github.io",
                arguments: &[URL_ARG],
            },
        },
        UrlFunction {
            name: "url_lint",
            kind: Kind::LintCodes,
            signature: strings(&[1]),
            doc: DocText {
                description: "The codes of urlkit's linter findings (urlkit::lint: L001 password, L011 other protocol's port, L020 encoded line break, L031 internal address, L040 userinfo like a host, L050 parser differential, L061 not a URL, L072 confusable domain, ...), in input order, as a list of strings; an empty list when there is nothing to say. Any string gets an answer (one that is not a URL: L061).",
                syntax: "url_lint(url)",
                example: "SELECT url FROM urls WHERE array_has(url_lint(url), 'L040');",
                arguments: &[URL_ARG],
            },
        },
        UrlFunction {
            name: "url_lint_severity",
            kind: Kind::LintSeverity,
            signature: strings(&[1]),
            doc: DocText {
                description: "The highest severity among urlkit's linter findings: 'error', 'warning' or 'note'; NULL when there is none.",
                syntax: "url_lint_severity(url)",
                example: "SELECT url_lint_severity('http://user:pw@example.com/');  -- error",
                arguments: &[URL_ARG],
            },
        },
    ]
}

/// Every urlkit SQL function, for registries other than a `SessionContext`'s (a Ballista
/// scheduler's or executor's function registry).
///
/// ```
/// let names: Vec<String> = urlkit_datafusion::functions().iter().map(|f| f.name().to_owned()).collect();
/// assert!(names.contains(&"url_parse".to_owned()) && names.contains(&"url_resolve".to_owned()));
/// ```
pub fn functions() -> Vec<ScalarUDF> {
    table().into_iter().map(ScalarUDF::new_from_impl).collect()
}

/// Registers every urlkit SQL function on `ctx`.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> datafusion::error::Result<()> {
/// let ctx = datafusion::prelude::SessionContext::new();
/// urlkit_datafusion::register(&ctx);
/// let df = ctx.sql("SELECT url_scheme('HTTPS://h/') AS s").await?;
/// let batches = df.collect().await?;
/// assert_eq!(batches[0].num_rows(), 1);
/// # Ok(())
/// # }
/// ```
pub fn register(ctx: &SessionContext) {
    for f in functions() {
        ctx.register_udf(f);
    }
}

impl UrlFunction {
    /// The argument `i` as kernel input: a column, or a scalar standing for every row.
    fn arg<'a>(args: &'a [ColumnarValue], i: usize, name: &str) -> Result<Strings<'a>> {
        match &args[i] {
            ColumnarValue::Array(a) => Ok(Strings::try_from_array(a.as_ref())?),
            ColumnarValue::Scalar(s) => match s.try_as_str() {
                Some(v) => Ok(Strings::Scalar(v)),
                None => exec_err!(
                    "{name}: argument {} must be a string, found {}",
                    i + 1,
                    s.data_type()
                ),
            },
        }
    }
}

fn struct_type(fields: Fields) -> DataType {
    DataType::Struct(fields)
}

impl ScalarUDFImpl for UrlFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(match self.kind {
            Kind::Parse => struct_type(urlkit_arrow::parse_fields()),
            Kind::Rfc3986 => struct_type(urlkit_arrow::rfc3986_fields()),
            Kind::Port => DataType::UInt16,
            Kind::IsValid => DataType::Boolean,
            Kind::LintCodes => DataType::List(urlkit_arrow::lint_codes_field()),
            Kind::Part(_)
            | Kind::ParseError
            | Kind::Resolve
            | Kind::QueryParam
            | Kind::Normalize
            | Kind::Domain(_)
            | Kind::LintSeverity => DataType::Utf8View,
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let rows = args.number_rows;
        // The first argument as a column (a constant is expanded: the kernels read columns);
        // the others stay scalars when they are, so a constant base is parsed once.
        let first = args.args[0].to_array(rows)?;
        let urls = first.as_ref();
        let second = |what: &str| Self::arg(&args.args, 1, &format!("{} {what}", self.name));
        let out: ArrayRef = match self.kind {
            Kind::Parse => Arc::new(urlkit_arrow::parse(urls, OnError::Null)?.values),
            Kind::Rfc3986 => Arc::new(urlkit_arrow::rfc3986(urls, OnError::Null)?.values),
            Kind::Part(p) => Arc::new(urlkit_arrow::component(urls, p, OnError::Null)?.values),
            Kind::Port => Arc::new(urlkit_arrow::port(urls, OnError::Null)?.values),
            Kind::Domain(part) => {
                let list = urlkit::domain::List::builtin();
                Arc::new(urlkit_arrow::domain(urls, part, list, OnError::Null)?.values)
            }
            Kind::LintCodes => Arc::new(urlkit_arrow::lint_codes(urls)?),
            Kind::LintSeverity => Arc::new(urlkit_arrow::lint_severity(urls)?),
            Kind::IsValid => match args.args.len() {
                1 => Arc::new(urlkit_arrow::is_valid(urls)?),
                _ => Arc::new(urlkit_arrow::is_valid_with_base(urls, second("base")?)?),
            },
            Kind::ParseError => {
                let out = urlkit_arrow::component(urls, Attribute::Href, OnError::Message)?;
                let errors = out
                    .errors
                    .ok_or_else(|| DataFusionError::Internal("no error column".into()))?;
                datafusion::arrow::compute::cast(&errors, &DataType::Utf8View)?
            }
            Kind::Resolve => {
                // SQL order: url_resolve(base, reference).
                let refs = args.args[1].to_array(rows)?;
                let base = Self::arg(&args.args, 0, "url_resolve base")?;
                Arc::new(urlkit_arrow::resolve(refs.as_ref(), base, OnError::Null)?.values)
            }
            Kind::QueryParam => {
                Arc::new(urlkit_arrow::query_param(urls, second("name")?, OnError::Null)?.values)
            }
            Kind::Normalize => {
                let profile = match args.args.get(1) {
                    None => Profile::Whatwg,
                    Some(ColumnarValue::Scalar(s)) => match s.try_as_str() {
                        Some(Some(name)) => urlkit_arrow::profile(name)
                            .map_err(|e| DataFusionError::Execution(format!("url_normalize: {e}")))?,
                        Some(None) => return Ok(ColumnarValue::Scalar(ScalarValue::Utf8View(None))),
                        None => return exec_err!("url_normalize: the profile must be a string"),
                    },
                    Some(ColumnarValue::Array(_)) => {
                        return plan_err!("url_normalize: the profile must be a constant");
                    }
                };
                Arc::new(urlkit_arrow::normalize(urls, profile, OnError::Null)?.values)
            }
        };
        debug_assert_eq!(out.len(), rows);
        Ok(ColumnarValue::Array(out))
    }

    fn documentation(&self) -> Option<&Documentation> {
        // One built documentation per function name, kept for the process's life.
        static DOCS: OnceLock<Vec<(&'static str, Documentation)>> = OnceLock::new();
        let docs = DOCS.get_or_init(|| {
            table()
                .into_iter()
                .map(|f| {
                    let mut b = Documentation::builder(SECTION, f.doc.description, f.doc.syntax)
                        .with_sql_example(f.doc.example);
                    for (name, text) in f.doc.arguments {
                        b = b.with_argument(*name, *text);
                    }
                    (f.name, b.build())
                })
                .collect()
        });
        docs.iter().find(|(n, _)| *n == self.name).map(|(_, d)| d)
    }
}

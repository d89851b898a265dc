//! # urlkit-datafusion
//!
//! ## Overview
//!
//! urlkit's URL functions as [Apache DataFusion](https://datafusion.apache.org/) scalar
//! functions, so that SQL over web crawls, logs and clickstreams can split, check, resolve
//! and normalize URLs correctly (the WHATWG URL Standard, RFC 3986) instead of with regular
//! expressions. [`register`] adds them all to a `SessionContext`; [`functions`] lists them
//! for other registries (a Ballista scheduler's or executor's). [`register_with_list`] and
//! [`functions_with_list`] give the domain functions another Public Suffix List
//! (`urlkit sql --psl FILE`).
//!
//! Every function takes strings of any layout (`Utf8`, `LargeUtf8`, `Utf8View`), gives
//! NULL for a NULL argument and for a URL that does not parse, and runs the kernels of
//! `urlkit-arrow` over whole batches.
//!
//! Every function is one row of one table: registration, the functions' documentation and
//! `urlkit sql --functions` are built from it; the tests run each row's example and check
//! that this list names every row.
//!
//! | function | result | what |
//! | --- | --- | --- |
//! | `url_parse(url)` | struct | href, protocol, username, password, host, hostname, port (UInt16), pathname, search, hash |
//! | `url_host(url)`, `url_hostname(url)` | string | the host name, without port (`example.com`, `[::1]`, `192.0.2.1`) |
//! | `url_host_port(url)` | string | the URL API's `host`: host name and port |
//! | `url_scheme(url)` | string | scheme without `:` (`https`) |
//! | `url_protocol`, `url_username`, `url_password`, `url_pathname`, `url_search`, `url_hash`, `url_href` | string | that attribute of the URL API (empty when absent) |
//! | `url_path(url)` | string | same as `url_pathname` |
//! | `url_query(url)`, `url_fragment(url)` | string | without `?`/`#`; NULL when absent |
//! | `url_port(url)` | UInt16 | the port; NULL when none (default ports are dropped) |
//! | `url_is_valid(url [, base])` | boolean | whether it parses (against `base`) |
//! | `url_parse_error(url)` | string | why it does not parse, with the byte position; NULL when it does |
//! | `url_resolve(base, reference)` | string | the href of `reference` resolved against `base` |
//! | `url_query_param(url, name)` | string | the first query parameter `name`, decoded; NULL when absent |
//! | `url_normalize(url [, profile [, steps]])` | string | canonical form by a profile of the table in `urlkit::canon` (`'whatwg'`, the href, by default; `urlkit-sql --functions` lists the names; `_` may stand for `-`), then the comma-separated normalization steps (`'www,fragment,tracking'`) |
//! | `url_rfc3986(url)` | struct | RFC 3986 components (scheme, authority, userinfo, host, port, path, query, fragment), NULL when absent |
//! | `url_registrable_domain(url)` | string | the host's registrable domain (eTLD+1) by the Public Suffix List, also of an opaque host that is a valid domain (`git://git.kernel.org/`); NULL for IP addresses and public suffixes |
//! | `url_public_suffix(url)` | string | the host's public suffix (`co.uk`, `github.io`) |
//! | `url_registrable_domain_icann(url)`, `url_public_suffix_icann(url)` | string | the same without the list's private section (`github.io` → `io`), as `tldextract` answers by default |
//! | `url_lint(url)` | list of strings | the codes of urlkit's linter findings (`L001`, `L040`, …; `urlkit::lint`), in input order |
//! | `url_lint_severity(url)` | string | the highest severity found: `'error'`, `'warning'`, `'note'`; NULL when none |
//! | `data_url_mime(url)` | string | a `data:` URL's MIME type, serialized, as browsers read it (`urlkit::data`); NULL when it is not a valid `data:` URL |
//! | `data_url_body(url)` | binary | a `data:` URL's body bytes, percent- and base64-decoded; NULL as `data_url_mime` |
//! | `url_template_match(template, url)` | map of strings | the variables of a URI Template (RFC 6570, `urlkit::template`) that give the URL (`url_template_match(t, u)['owner']`), an exploded variable's members joined with `,`; NULL when it does not match, or the template does not parse or is not matchable |
//! | `url_template_expand(template, json)` | string | a URI Template expanded with a JSON object's variables (strings, arrays, objects); NULL on a bad template or bad JSON |
//!
//! ## Examples
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! use datafusion::prelude::SessionContext;
//! let ctx = SessionContext::new();
//! urlkit_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT url_host('https://User@Example.COM:8080/a?b=1') AS host,
//!                  url_port('https://example.com:8080/') AS port,
//!                  url_query_param('https://h/?utm_source=news%20letter', 'utm_source') AS source,
//!                  url_resolve('https://h/a/b', '../c') AS resolved,
//!                  url_is_valid('http://[::1') AS valid")
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| example.com | 8080 | news letter | https://h/c | false |"), "{text}");
//! # Ok(())
//! # }
//! ```
//!
//! Hosts by count over a table of URLs, and a struct's fields:
//!
//! ```sql
//! SELECT url_host(url) AS host, count(*) AS n FROM urls GROUP BY host ORDER BY n DESC LIMIT 10;
//! SELECT url_parse(url)['pathname'] FROM urls WHERE url_parse(url)['protocol'] = 'https:';
//! SELECT url, url_parse_error(url) FROM urls WHERE NOT url_is_valid(url);
//! SELECT url_normalize(url, 'rfc3986') FROM urls;
//! SELECT url_registrable_domain(url) AS site, count(*) AS n FROM urls GROUP BY site ORDER BY n DESC;
//! SELECT url_normalize(url, 'surt') AS key FROM crawl ORDER BY key;  -- CDX order
//! SELECT url, url_lint(url) FROM urls WHERE url_lint_severity(url) = 'error';
//! ```
//!
//! ## Crate features
//!
//! - `cluster` (default): [`cluster`], the client of a Ballista cluster whose scheduler and
//!   executors carry these functions (`urlkit-ballista`), and `urlkit sql --cluster
//!   df://HOST:PORT`. It adds Ballista's client (gRPC, the plan codec) to the build.
//!
//! The crate needs Rust 1.94 (that of DataFusion 55). The `urlkit-sql` binary runs
//! SQL over files (`urlkit sql --help`; `urlkit sql --functions` lists the functions with
//! their examples).

#[cfg(feature = "cluster")]
pub mod cluster;
mod udf;

pub use udf::{UrlFunction, functions, functions_with_list, register, register_with_list};

//! Every kernel agrees with the library's row-by-row API on every line of `realworld.txt`,
//! `synthetic.txt` and `messy.txt` (its bases included), with nulls mixed in, in each of the
//! three string layouts: same values, same nulls, same failures and error messages.

use arrow_array::cast::AsArray;
use arrow_array::types::UInt16Type;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray, StructArray};
use std::sync::Arc;
use urlkit::domain::List;
use urlkit::lint::{Severity, lint};
use urlkit::rfc3986::UriRef;
use urlkit::{Attribute, Url};
use urlkit_arrow::{DomainPart, OnError, Output, Part, Profile, Strings};

/// One dataset: its inputs, with a null every 13th row, and a base per row (messy.txt's).
struct Data {
    name: &'static str,
    inputs: Vec<Option<String>>,
    bases: Vec<Option<String>>,
    /// The library's parse of each input (no base), computed once for all tests.
    urls: Vec<Option<Result<Url, urlkit::ParseError>>>,
}

/// The datasets, or none with one line saying so (a failure when CI requires the data).
fn datasets() -> &'static [Data] {
    static DATA: std::sync::OnceLock<Vec<Data>> = std::sync::OnceLock::new();
    DATA.get_or_init(load)
}

fn load() -> Vec<Data> {
    let dir = urlkit_bench::datasets_dir();
    if !dir.join("realworld.txt").is_file() {
        assert!(
            std::env::var_os("URLKIT_REQUIRE_CONFORMANCE").is_none_or(|v| v.is_empty() || v == "0"),
            "URLKIT_REQUIRE_CONFORMANCE is set but {} has no realworld.txt",
            dir.display()
        );
        eprintln!(
            "kernel agreement tests skipped: no datasets in {} (set URLKIT_DATASETS)",
            dir.display()
        );
        return Vec::new();
    }
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = Vec::new();
    for name in ["realworld.txt", "synthetic.txt", "messy.txt"] {
        let text = read(name);
        let mut inputs = Vec::new();
        let mut bases = Vec::new();
        for (i, line) in urlkit_bench::corpus::split_lines(&text).into_iter().enumerate() {
            let case = match name {
                "messy.txt" => urlkit_bench::corpus::messy_case(line).expect("messy.txt line"),
                _ => urlkit_bench::corpus::MessyCase {
                    input: line.to_owned(),
                    base: None,
                },
            };
            let null = i % 13 == 5;
            inputs.push((!null).then_some(case.input));
            bases.push(case.base);
        }
        out.push(Data {
            name: match name {
                "realworld.txt" => "realworld",
                "synthetic.txt" => "synthetic",
                _ => "messy",
            },
            urls: inputs.iter().map(|s| s.as_deref().map(Url::parse)).collect(),
            inputs,
            bases,
        });
    }
    out
}

/// The three layouts of the same strings.
fn layouts(values: &[Option<String>]) -> [ArrayRef; 3] {
    let v: Vec<Option<&str>> = values.iter().map(|s| s.as_deref()).collect();
    [
        Arc::new(StringArray::from(v.clone())),
        Arc::new(LargeStringArray::from(v.clone())),
        Arc::new(StringViewArray::from(v)),
    ]
}

/// Compares row by row; panics with the first mismatches and their count.
fn agree<T: PartialEq + std::fmt::Debug>(
    what: &str,
    inputs: &[Option<String>],
    expected: impl Fn(usize) -> T,
    actual: impl Fn(usize) -> T,
) {
    let mut bad = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let (e, a) = (expected(i), actual(i));
        if e != a {
            bad.push(format!("row {i} {input:?}: expected {e:?}, got {a:?}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{what}: {} rows differ, first: {:#?}",
        bad.len(),
        &bad[..bad.len().min(5)]
    );
}

fn string_at(a: &StringViewArray, i: usize) -> Option<String> {
    a.is_valid(i).then(|| a.value(i).to_owned())
}

fn error_at(out: &Output<impl Array>, i: usize) -> Option<String> {
    let errors = out.errors.as_ref().expect("error column asked for");
    errors.is_valid(i).then(|| errors.value(i).to_owned())
}

/// The expected value and error of a row from a library result.
fn split<T, E: ToString>(r: Option<Result<Option<T>, E>>) -> (Option<T>, Option<String>) {
    match r {
        None => (None, None),
        Some(Ok(v)) => (v, None),
        Some(Err(e)) => (None, Some(e.to_string())),
    }
}

#[test]
fn parse_struct_agrees_in_every_layout() {
    for data in datasets() {
        for array in layouts(&data.inputs) {
            let out = urlkit_arrow::parse(&array, OnError::Message).unwrap();
            let s: &StructArray = &out.values;
            let what = format!("parse {} {}", data.name, array.data_type());
            agree(
                &what,
                &data.inputs,
                |i| {
                    let r = data.urls[i].as_ref();
                    let parts = r.as_ref().and_then(|r| r.as_ref().ok()).map(|u| {
                        let strings: Vec<String> = Attribute::ALL
                            .iter()
                            .filter(|a| **a != Attribute::Port)
                            .map(|a| u.get(*a).to_owned())
                            .collect();
                        (strings, u.port())
                    });
                    (parts, r.and_then(|r| r.as_ref().err()).map(|e| e.to_string()))
                },
                |i| {
                    let parts = s.is_valid(i).then(|| {
                        let strings: Vec<String> = Attribute::ALL
                            .iter()
                            .filter(|a| **a != Attribute::Port)
                            .map(|a| {
                                let c = s.column_by_name(a.name()).unwrap().as_string_view();
                                assert!(c.is_valid(i), "a valid struct has every string component");
                                c.value(i).to_owned()
                            })
                            .collect();
                        let port = s.column_by_name("port").unwrap().as_primitive::<UInt16Type>();
                        (strings, port.is_valid(i).then(|| port.value(i)))
                    });
                    (parts, error_at(&out, i))
                },
            );
        }
    }
}

/// The parse kernel's row `i` as the library's getters give it: the string attributes
/// (all but the port) and the port, `None` for a null struct.
fn parsed_row(s: &StructArray, i: usize) -> Option<(Vec<String>, Option<u16>)> {
    s.is_valid(i).then(|| {
        let strings = Attribute::ALL
            .iter()
            .filter(|a| **a != Attribute::Port)
            .map(|a| {
                s.column_by_name(a.name())
                    .unwrap()
                    .as_string_view()
                    .value(i)
                    .to_owned()
            })
            .collect();
        let port = s.column_by_name("port").unwrap().as_primitive::<UInt16Type>();
        (strings, port.is_valid(i).then(|| port.value(i)))
    })
}

/// What [`parsed_row`] should give for `input`.
fn expected_row(input: Option<&str>) -> Option<(Vec<String>, Option<u16>)> {
    let url = Url::parse(input?).ok()?;
    let strings = Attribute::ALL
        .iter()
        .filter(|a| **a != Attribute::Port)
        .map(|a| url.get(*a).to_owned())
        .collect();
    Some((strings, url.port()))
}

/// Parses `array` (the strings `inputs`) and compares every row with the library.
fn parse_agrees(what: &str, array: &dyn Array, inputs: &[Option<&str>]) -> StructArray {
    let out = urlkit_arrow::parse(array, OnError::Message).unwrap();
    assert_eq!(out.values.len(), inputs.len(), "{what}");
    for (i, input) in inputs.iter().enumerate() {
        assert_eq!(
            parsed_row(&out.values, i),
            expected_row(*input),
            "{what} row {i} {input:?}"
        );
        let error = input.and_then(|s| Url::parse(s).err()).map(|e| e.to_string());
        assert_eq!(error_at(&out, i), error, "{what} row {i} {input:?}");
    }
    out.values
}

#[test]
fn parse_without_nulls_agrees() {
    // `Utf8` without nulls has a loop of its own.
    for data in datasets() {
        let inputs: Vec<Option<&str>> = data
            .inputs
            .iter()
            .filter_map(|s| s.as_deref().map(Some))
            .collect();
        let array = StringArray::from(inputs.clone());
        assert_eq!(array.null_count(), 0);
        let what = format!("parse {} without nulls", data.name);
        let out = urlkit_arrow::parse(&array, OnError::Null).unwrap();
        for (i, input) in inputs.iter().enumerate() {
            assert_eq!(
                parsed_row(&out.values, i),
                expected_row(*input),
                "{what} row {i} {input:?}"
            );
        }
        // Sliced, at a row that does not start the values buffer.
        let part = array.slice(7, 1000.min(array.len() - 7));
        parse_agrees(&format!("{what}, sliced"), &part, &inputs[7..7 + part.len()]);
    }
}

#[test]
fn canonical_rows_are_viewed_in_the_input() {
    // Canonical (their own href), non-canonical, failing, null, non-ASCII, short (an inline
    // view in `Utf8View`), with a credentials and a port; the last row ends its buffer.
    let rows = [
        Some("https://example.com/a/b?q=1#top"),
        Some("HTTPS://Example.COM/a/./b"),
        None,
        Some("https://u:p@example.com:8080/long/enough/path"),
        Some("not a url"),
        Some("https://example.com/\u{e9}t\u{e9}?\u{e9}#\u{e9}"),
        Some("https://\u{e9}.example/x"),
        Some("http://a.b/"),
        Some("https://example.com"),
        Some("ws://h.example:81/?x#y"),
        Some("https://end.example/of/the/buffer?q=1#end"),
    ];
    let owned: Vec<Option<String>> = rows.iter().map(|s| s.map(str::to_owned)).collect();
    for array in layouts(&owned) {
        let what = format!("{}", array.data_type());
        let out = parse_agrees(&what, &array, &rows);
        // Row 0 is canonical and longer than 12 bytes: its href view names block 0, the
        // input's own values buffer (or its first data buffer), shared, not copied.
        let href = out.column_by_name("href").unwrap().as_string_view();
        let view = href.views()[0];
        assert_eq!((view >> 64) as u32, 0, "{what}");
        let input_buffer = match Strings::try_from_array(&array).unwrap() {
            Strings::Utf8(a) => a.values().as_ptr(),
            Strings::LargeUtf8(a) => a.values().as_ptr(),
            Strings::Utf8View(a) => a.data_buffers()[0].as_ptr(),
            Strings::Scalar(_) => unreachable!(),
        };
        assert_eq!(href.data_buffers()[0].as_ptr(), input_buffer, "{what}");
        // Every slice, so that rows start and end anywhere in the shared buffer.
        for start in 0..rows.len() {
            for len in 0..=rows.len() - start {
                let part = array.slice(start, len);
                parse_agrees(
                    &format!("{what} [{start}, +{len})"),
                    &part,
                    &rows[start..start + len],
                );
            }
        }
    }
    // No row viewed in the input: its buffer is not kept alive by the output.
    let none = ["HTTPS://Example.COM/a/./b", "no url", "https://example.com"];
    let array = StringArray::from(none.to_vec());
    let out = parse_agrees("no canonical row", &array, &none.map(Some));
    let href = out.column_by_name("href").unwrap().as_string_view();
    assert!(href.data_buffers()[0].is_empty());
    // A `Utf8View` column over several data buffers: each row viewed in its own.
    let mut builder = arrow_array::builder::StringViewBuilder::new().with_fixed_block_size(64);
    for row in rows {
        builder.append_option(row);
    }
    let views = builder.finish();
    assert!(views.data_buffers().len() > 1);
    parse_agrees("Utf8View, several buffers", &views, &rows);
}

#[test]
fn components_and_port_agree() {
    for data in datasets() {
        let [array, ..] = layouts(&data.inputs);
        for attr in Attribute::ALL {
            let out = urlkit_arrow::component(&array, attr, OnError::Message).unwrap();
            agree(
                &format!("component {} {}", attr.name(), data.name),
                &data.inputs,
                |i| {
                    split(
                        data.urls[i]
                            .as_ref()
                            .map(|r| r.as_ref().map(|u| Some(u.get(attr).to_owned()))),
                    )
                },
                |i| (string_at(&out.values, i), error_at(&out, i)),
            );
        }
        for (part, get) in [
            (Part::Scheme, (|u| Some(u.scheme())) as fn(&Url) -> Option<&str>),
            (Part::Query, |u| u.query()),
            (Part::Fragment, |u| u.fragment()),
        ] {
            let out = urlkit_arrow::component(&array, part, OnError::Message).unwrap();
            agree(
                &format!("component {part:?} {}", data.name),
                &data.inputs,
                |i| {
                    split(
                        data.urls[i]
                            .as_ref()
                            .map(|r| r.as_ref().map(|u| get(u).map(str::to_owned))),
                    )
                },
                |i| (string_at(&out.values, i), error_at(&out, i)),
            );
        }
        let out = urlkit_arrow::port(&array, OnError::Message).unwrap();
        agree(
            &format!("port {}", data.name),
            &data.inputs,
            |i| split(data.urls[i].as_ref().map(|r| r.as_ref().map(|u| u.port()))),
            |i| {
                (
                    out.values.is_valid(i).then(|| out.values.value(i)),
                    error_at(&out, i),
                )
            },
        );
    }
}

#[test]
fn validity_agrees_with_and_without_bases() {
    for data in datasets() {
        let [array, ..] = layouts(&data.inputs);
        let out = urlkit_arrow::is_valid(&array).unwrap();
        agree(
            &format!("is_valid {}", data.name),
            &data.inputs,
            |i| data.urls[i].as_ref().map(|r| r.is_ok()),
            |i| out.is_valid(i).then(|| out.value(i)),
        );
        let [bases, ..] = layouts(&data.bases);
        let out = urlkit_arrow::is_valid_with_base(&array, Strings::try_from_array(&bases).unwrap()).unwrap();
        agree(
            &format!("is_valid with base column {}", data.name),
            &data.inputs,
            |i| match (&data.inputs[i], &data.bases[i]) {
                (Some(s), Some(b)) => Some(Url::parse(b).is_ok_and(|b| b.join(s).is_ok())),
                _ => None,
            },
            |i| out.is_valid(i).then(|| out.value(i)),
        );
    }
}

#[test]
fn resolution_agrees_with_scalar_and_column_bases() {
    for data in datasets() {
        let [array, ..] = layouts(&data.inputs);
        // messy.txt's own bases, a column with nulls where a line has none.
        let [bases, ..] = layouts(&data.bases);
        let out = urlkit_arrow::resolve(&array, Strings::try_from_array(&bases).unwrap(), OnError::Message)
            .unwrap();
        agree(
            &format!("resolve against base column {}", data.name),
            &data.inputs,
            |i| match (&data.inputs[i], &data.bases[i]) {
                (Some(s), Some(b)) => match Url::parse(b) {
                    Ok(b) => split(Some(b.join(s).map(|u| Some(u.as_str().to_owned())))),
                    Err(e) => (None, Some(format!("base: {e}"))),
                },
                _ => (None, None),
            },
            |i| (string_at(&out.values, i), error_at(&out, i)),
        );
        // Every line as a base for one reference (column), and one base for every line.
        let reference = StringArray::from(vec!["../x/./y?q#f"; data.inputs.len()]);
        let out = urlkit_arrow::resolve(
            &reference,
            Strings::try_from_array(&array).unwrap(),
            OnError::Message,
        )
        .unwrap();
        agree(
            &format!("resolve a reference against every line of {}", data.name),
            &data.inputs,
            |i| match data.urls[i].as_ref() {
                None => (None, None),
                Some(Ok(b)) => split(Some(b.join("../x/./y?q#f").map(|u| Some(u.as_str().to_owned())))),
                Some(Err(e)) => (None, Some(format!("base: {e}"))),
            },
            |i| (string_at(&out.values, i), error_at(&out, i)),
        );
        for base in ["https://example.com/a/b?c#d", "file:///C:/x/y", "not a url"] {
            let out = urlkit_arrow::resolve(&array, Strings::Scalar(Some(base)), OnError::Message).unwrap();
            let b = Url::parse(base);
            agree(
                &format!("resolve {} against {base}", data.name),
                &data.inputs,
                |i| match (data.inputs[i].as_deref(), &b) {
                    (None, _) => (None, None),
                    (Some(s), Ok(b)) => split(Some(b.join(s).map(|u| Some(u.as_str().to_owned())))),
                    (Some(_), Err(e)) => (None, Some(format!("base: {e}"))),
                },
                |i| (string_at(&out.values, i), error_at(&out, i)),
            );
        }
    }
}

#[test]
fn query_parameters_agree_with_search_params() {
    const NAMES: [Option<&str>; 6] = [
        Some("utm_source"),
        Some("q"),
        Some("id"),
        None,
        Some(""),
        Some("v"),
    ];
    for data in datasets() {
        let [array, ..] = layouts(&data.inputs);
        let names = StringArray::from(
            (0..data.inputs.len())
                .map(|i| NAMES[i % NAMES.len()])
                .collect::<Vec<_>>(),
        );
        let out = urlkit_arrow::query_param(&array, Strings::Utf8(&names), OnError::Message).unwrap();
        // And each line's own first parameter, which is present whenever the query has one.
        let firsts: Vec<Option<String>> = data
            .urls
            .iter()
            .map(|s| {
                let url = s.as_ref()?.as_ref().ok()?;
                url.search_params().iter().next().map(|(n, _)| n.to_owned())
            })
            .collect();
        let [first_names, ..] = layouts(&firsts);
        let own = urlkit_arrow::query_param(
            &array,
            Strings::try_from_array(&first_names).unwrap(),
            OnError::Null,
        )
        .unwrap();
        let expected = |i: usize, name: Option<&str>| {
            split(data.urls[i].as_ref().map(|r| {
                r.as_ref().map(|u| {
                    let params = urlkit::form::SearchParams::parse_query(u.query()?);
                    params.get(name?).map(str::to_owned)
                })
            }))
        };
        agree(
            &format!("query_param {}", data.name),
            &data.inputs,
            |i| expected(i, NAMES[i % NAMES.len()]),
            |i| (string_at(&out.values, i), error_at(&out, i)),
        );
        agree(
            &format!("query_param (first name) {}", data.name),
            &data.inputs,
            |i| expected(i, firsts[i].as_deref()).0,
            |i| string_at(&own.values, i),
        );
    }
}

#[test]
fn normalization_agrees_for_each_profile() {
    for data in datasets() {
        let [_, large, _] = layouts(&data.inputs);
        let whatwg = urlkit_arrow::normalize(&large, Profile::Whatwg, OnError::Message).unwrap();
        agree(
            &format!("normalize whatwg {}", data.name),
            &data.inputs,
            |i| {
                split(
                    data.urls[i]
                        .as_ref()
                        .map(|r| r.as_ref().map(|u| Some(u.as_str().to_owned()))),
                )
            },
            |i| (string_at(&whatwg.values, i), error_at(&whatwg, i)),
        );
        let rfc = urlkit_arrow::normalize(&large, Profile::Rfc3986, OnError::Message).unwrap();
        agree(
            &format!("normalize rfc3986 {}", data.name),
            &data.inputs,
            |i| {
                split(
                    data.inputs[i]
                        .as_deref()
                        .map(|s| UriRef::parse(s).map(|r| Some(r.normalized().as_str().to_owned()))),
                )
            },
            |i| (string_at(&rfc.values, i), error_at(&rfc, i)),
        );
    }
}

#[test]
fn canonical_forms_agree_for_every_canon_profile() {
    for data in datasets() {
        let [utf8, _, view] = layouts(&data.inputs);
        for (profile, array) in Profile::ALL.into_iter().zip([&utf8, &view].into_iter().cycle()) {
            let out = urlkit_arrow::normalize(array, profile, OnError::Message).unwrap();
            agree(
                &format!("normalize {} {}", profile.name(), data.name),
                &data.inputs,
                |i| {
                    split(
                        data.inputs[i]
                            .as_deref()
                            .map(|s| profile.canonicalize(s).map(Some)),
                    )
                },
                |i| (string_at(&out.values, i), error_at(&out, i)),
            );
        }
    }
}

/// `normalize_with`: five steps, and every step, under each profile that takes steps, equal
/// the library's `Normalizer` row by row; with no step it is `normalize`.
#[test]
fn normalization_steps_agree_with_the_normalizer() {
    let all: Vec<&str> = urlkit_arrow::Step::ALL.iter().map(|s| s.name()).collect();
    let all = all.join(",");
    for data in datasets() {
        let [utf8, _, view] = layouts(&data.inputs);
        for profile in [Profile::Whatwg, Profile::Crawler, Profile::Surt] {
            for (steps, array) in [
                ("www,fragment,tracking,trailing-slash,sort-query", &utf8),
                (all.as_str(), &view),
                ("", &utf8),
            ] {
                let n = urlkit_arrow::normalizer(profile, steps).unwrap();
                let out = urlkit_arrow::normalize_with(array, &n, OnError::Message).unwrap();
                agree(
                    &format!("normalize_with {} [{steps}] {}", profile.name(), data.name),
                    &data.inputs,
                    |i| split(data.inputs[i].as_deref().map(|s| n.normalize(s).map(Some))),
                    |i| (string_at(&out.values, i), error_at(&out, i)),
                );
            }
        }
    }
    let urls = arrow_array::StringArray::from(vec!["http://h/"]);
    for profile in [Profile::Rfc3986, Profile::SafeBrowsing] {
        let n = urlkit_arrow::normalizer(profile, "www").unwrap();
        let e = urlkit_arrow::normalize_with(&urls, &n, OnError::Null).unwrap_err();
        assert!(e.to_string().contains("takes no normalization steps"), "{e}");
    }
    let e = urlkit_arrow::normalizer(Profile::Whatwg, "www, Trailing_Slash,wat").unwrap_err();
    assert_eq!(e, urlkit_arrow::UnknownStep("wat".into()));
}

#[test]
fn profiles_are_found_by_their_names_in_sql_style() {
    for p in Profile::ALL {
        assert_eq!(urlkit_arrow::profile(p.name()), Ok(p));
        let sql_style = p.name().to_uppercase().replace('-', "_");
        assert_eq!(urlkit_arrow::profile(&sql_style), Ok(p), "{sql_style}");
        let mixed: String = p
            .name()
            .chars()
            .enumerate()
            .map(|(i, c)| if i % 2 == 0 { c.to_ascii_uppercase() } else { c })
            .collect();
        assert_eq!(urlkit_arrow::profile(&mixed), Ok(p), "{mixed}");
    }
    for bad in [
        "safe browsing",
        "surt-",
        "",
        "whatwg ",
        "rfc-3986",
        "safe--browsing",
        "crawlers",
    ] {
        assert_eq!(
            urlkit_arrow::profile(bad),
            Err(urlkit_arrow::UnknownProfile(bad.to_owned())),
            "{bad:?}"
        );
    }
}

#[test]
fn an_unknown_profile_is_the_library_error_listing_every_valid_name() {
    for bad in ["nope", "safe browsing", "crawlers"] {
        let err = urlkit_arrow::profile(bad).unwrap_err();
        // One error type for every caller: the library's, with the same message.
        let library: urlkit::canon::UnknownProfile = bad.parse::<Profile>().unwrap_err();
        assert_eq!(err, library);
        let message = err.to_string();
        assert!(
            message.starts_with(&format!("unknown normalization profile '{bad}' (expected ")),
            "{message}"
        );
        let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
        let listed = format!(
            "{} or {})",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        );
        assert!(message.ends_with(&listed), "{message}");
    }
}

#[test]
fn domains_agree_with_the_public_suffix_list() {
    type Kernel = fn(&dyn Array, OnError) -> Result<Output<StringViewArray>, arrow_schema::ArrowError>;
    type Get = fn(&urlkit::domain::Parts<'_>) -> Option<String>;
    let kernels: [(&str, Kernel, Get); 2] = [
        ("registrable_domain", urlkit_arrow::registrable_domain, |p| {
            p.registrable_domain().map(str::to_owned)
        }),
        ("public_suffix", urlkit_arrow::public_suffix, |p| {
            Some(p.public_suffix().to_owned())
        }),
    ];
    for data in datasets() {
        for ((name, kernel, get), array) in kernels.into_iter().zip(layouts(&data.inputs).into_iter().skip(1))
        {
            let out = kernel(&array, OnError::Message).unwrap();
            let mut present = 0;
            agree(
                &format!("{name} {}", data.name),
                &data.inputs,
                |i| {
                    split(data.urls[i].as_ref().map(|r| {
                        r.as_ref().map(|u| {
                            let parts = u.host().and_then(|h| List::builtin().split_host(h));
                            parts.as_ref().and_then(get)
                        })
                    }))
                },
                |i| (string_at(&out.values, i), error_at(&out, i)),
            );
            for i in 0..out.values.len() {
                present += usize::from(out.values.is_valid(i));
            }
            // The datasets are mostly web URLs: a kernel that gave nulls would agree with
            // nothing but a broken row API.
            assert!(
                present * 2 > data.inputs.len() || data.name == "messy",
                "{name} {}: {present}",
                data.name
            );
        }
    }
}

#[test]
fn domains_without_the_private_section_agree_with_the_library() {
    use urlkit::domain::{Options, Section};
    let icann = Options::new().private(false);
    for data in datasets() {
        for (part, registrable) in [
            (DomainPart::RegistrableDomain, true),
            (DomainPart::PublicSuffix, false),
        ] {
            let array = &layouts(&data.inputs)[2];
            let out = urlkit_arrow::domain_with(array, part, List::builtin(), icann, OnError::Null).unwrap();
            agree(
                &format!("{} {}", part.name(), data.name),
                &data.inputs,
                |i| {
                    let url = data.urls[i].as_ref()?.as_ref().ok()?;
                    let parts = List::builtin().split_host_with(url.host()?, icann)?;
                    assert_ne!(parts.section(), Section::Private);
                    match registrable {
                        true => parts.registrable_domain().map(str::to_owned),
                        false => Some(parts.public_suffix().to_owned()),
                    }
                },
                |i| string_at(&out.values, i),
            );
        }
    }
}

#[test]
fn lint_codes_and_severity_agree_with_the_linter() {
    for data in datasets() {
        let [array, large, _] = layouts(&data.inputs);
        let codes = urlkit_arrow::lint_codes(&array).unwrap();
        let severity = urlkit_arrow::lint_severity(&large).unwrap();
        let expected: Vec<Option<Vec<(String, Severity)>>> = data
            .inputs
            .iter()
            .map(|s| {
                let findings = lint(s.as_deref()?);
                Some(
                    findings
                        .iter()
                        .map(|f| (f.code().as_str().to_owned(), f.severity()))
                        .collect(),
                )
            })
            .collect();
        agree(
            &format!("lint_codes {}", data.name),
            &data.inputs,
            |i| {
                expected[i]
                    .as_ref()
                    .map(|f| f.iter().map(|(c, _)| c.clone()).collect::<Vec<_>>())
            },
            |i| {
                codes.is_valid(i).then(|| {
                    let list = codes.value(i);
                    list.as_string_view()
                        .iter()
                        .map(|c| c.unwrap().to_owned())
                        .collect()
                })
            },
        );
        agree(
            &format!("lint_severity {}", data.name),
            &data.inputs,
            |i| {
                let max = expected[i].as_ref().and_then(|f| f.iter().map(|(_, s)| *s).max());
                max.map(|s| s.as_str().to_owned())
            },
            |i| string_at(&severity, i),
        );
        assert!(
            expected.iter().flatten().any(|f| !f.is_empty()),
            "{}: the linter found nothing at all",
            data.name
        );
    }
}

#[test]
fn rfc3986_view_agrees_in_every_layout() {
    for data in datasets() {
        for array in layouts(&data.inputs) {
            let out = urlkit_arrow::rfc3986(&array, OnError::Message).unwrap();
            let s = &out.values;
            agree(
                &format!("rfc3986 {} {}", data.name, array.data_type()),
                &data.inputs,
                |i| {
                    split(data.inputs[i].as_deref().map(|t| {
                        UriRef::parse(t).map(|r| {
                            Some(
                                [
                                    r.scheme(),
                                    r.authority(),
                                    r.userinfo(),
                                    r.host(),
                                    r.port(),
                                    Some(r.path()),
                                    r.query(),
                                    r.fragment(),
                                ]
                                .map(|p| p.map(str::to_owned)),
                            )
                        })
                    }))
                },
                |i| {
                    let parts = s
                        .is_valid(i)
                        .then(|| core::array::from_fn(|c| string_at(s.column(c).as_string_view(), i)));
                    (parts, error_at(&out, i))
                },
            );
        }
    }
}

#[test]
fn sliced_inputs_and_wrong_types() {
    let urls = StringArray::from(vec![
        Some("https://a.example/x"),
        None,
        Some("https://b.example:81/y"),
        Some("x"),
    ]);
    let sliced = urls.slice(1, 3);
    let out = urlkit_arrow::parse(&sliced, OnError::Message).unwrap();
    assert_eq!(out.values.len(), 3);
    assert!(out.values.is_null(0) && out.values.is_null(2));
    let hosts = out.values.column_by_name("host").unwrap().as_string_view();
    assert_eq!(hosts.value(1), "b.example:81");
    let errors = out.errors.unwrap();
    assert!(errors.is_null(0) && errors.is_null(1) && errors.is_valid(2));

    let ints = arrow_array::Int64Array::from(vec![1]);
    assert!(urlkit_arrow::parse(&ints, OnError::Null).is_err());
    let short = StringArray::from(vec!["http://h/"]);
    assert!(urlkit_arrow::resolve(&urls, Strings::Utf8(&short), OnError::Null).is_err());
}

#[test]
fn data_url_kernels_agree_with_the_processor() {
    // The datasets' rows (a few hundred are data: URLs) and some of every outcome.
    let extra = [
        "data:,Hello%2C%20World!",
        "data:text/html;charset=utf-8;base64,PHA+aGk8L3A+",
        "data:image/svg+xml,%3Csvg/%3E#frag",
        "data:text/plain",
        "data:;base64,abcde",
        "data:x;base64,YQ",
        "  data:a/b;x=\"y z\" ,%FF",
    ];
    let mut sets: Vec<(&str, Vec<Option<String>>)> =
        datasets().iter().map(|d| (d.name, d.inputs.clone())).collect();
    sets.push((
        "extra",
        extra
            .iter()
            .map(|s| Some((*s).to_owned()))
            .chain([None])
            .collect(),
    ));
    for (name, inputs) in &sets {
        let expected: Vec<Option<(String, Vec<u8>)>> = inputs
            .iter()
            .map(|s| {
                let d = urlkit::data::decode(s.as_deref()?).ok()?;
                Some((d.mime_type.to_string(), d.body.into_owned()))
            })
            .collect();
        for array in layouts(inputs) {
            let mime = urlkit_arrow::data_url_mime(&array).unwrap();
            let body = urlkit_arrow::data_url_body(&array).unwrap();
            agree(
                &format!("data_url_mime {name} {}", array.data_type()),
                inputs,
                |i| expected[i].as_ref().map(|(m, _)| m.clone()),
                |i| mime.is_valid(i).then(|| mime.value(i).to_owned()),
            );
            agree(
                &format!("data_url_body {name} {}", array.data_type()),
                inputs,
                |i| expected[i].as_ref().map(|(_, b)| b.clone()),
                |i| body.is_valid(i).then(|| body.value(i).to_vec()),
            );
        }
        if *name != "messy" {
            assert!(
                expected.iter().any(Option::is_some),
                "{name}: no data: URL decoded"
            );
        }
    }
}

/// A map row of `template_match` as (name, value) pairs; `None` for a null row.
fn map_row(out: &arrow_array::MapArray, i: usize) -> Option<Vec<(String, String)>> {
    if out.is_null(i) {
        return None;
    }
    let row = out.value(i);
    let keys = row.column(0).as_string::<i32>();
    let values = row.column(1).as_string::<i32>();
    Some(
        (0..row.len())
            .map(|j| (keys.value(j).to_owned(), values.value(j).to_owned()))
            .collect(),
    )
}

/// What `template_match` should give: the library's captures, a list's members joined.
fn library_match(template: Option<&str>, url: Option<&str>) -> Option<Vec<(String, String)>> {
    use urlkit::template::{Template, Value};
    let t = Template::parse(template?).ok()?;
    let found = t.match_url(url?)?;
    Some(
        found
            .iter()
            .map(|(n, v)| {
                let v = match v.to_value() {
                    Value::String(s) => s,
                    Value::List(l) => l.join(","),
                    Value::Assoc(a) => a
                        .iter()
                        .map(|(k, v)| format!("{k},{v}"))
                        .collect::<Vec<_>>()
                        .join(","),
                };
                (n.to_owned(), v)
            })
            .collect(),
    )
}

#[test]
fn template_match_agrees_with_the_library_for_scalar_and_column_templates() {
    use arrow_schema::DataType;
    let templates = [
        "{scheme}://{host}{/path*}{?query*}",
        "https://{+host}/{+rest}",
        "{+url}",
        "http{s}://example.com/{a}/{b}",
        "/{a}{b}",       // parses, not matchable: always null
        "https://{host", // does not parse: always null
    ];
    let extra = [
        "https://example.com/a/b?x=1&y=2",
        "http://example.com/one/two",
        "https://example.com/a%20b/c?q=caf%C3%A9",
        "https://h/",
        "not a url",
        "",
    ];
    let mut sets: Vec<(&str, Vec<Option<String>>)> =
        datasets().iter().map(|d| (d.name, d.inputs.clone())).collect();
    sets.push((
        "extra",
        extra
            .iter()
            .map(|s| Some((*s).to_owned()))
            .chain([None])
            .collect(),
    ));
    let mut matched = 0;
    for (name, inputs) in &sets {
        // Every row with its own template (a column), the templates in turn.
        let column: Vec<Option<String>> = (0..inputs.len())
            .map(|i| (i % 11 != 3).then(|| templates[i % templates.len()].to_owned()))
            .collect();
        // The library's answers, once per dataset (not per layout).
        let expected: Vec<Vec<_>> = templates
            .iter()
            .map(|t| {
                inputs
                    .iter()
                    .map(|u| library_match(Some(t), u.as_deref()))
                    .collect()
            })
            .collect();
        for array in layouts(inputs) {
            for (t, expected) in templates.iter().zip(&expected) {
                let out = urlkit_arrow::template_match(&array, Strings::Scalar(Some(t))).unwrap();
                agree(
                    &format!("template_match {t:?} {name} {}", array.data_type()),
                    inputs,
                    |i| expected[i].clone(),
                    |i| map_row(&out, i),
                );
                matched += (0..out.len()).filter(|&i| out.is_valid(i)).count();
            }
            // The templates in the URLs' layout.
            let templates = &layouts(&column)[[DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View]
                .iter()
                .position(|t| t == array.data_type())
                .unwrap()];
            let input = Strings::try_from_array(templates.as_ref()).unwrap();
            let out = urlkit_arrow::template_match(&array, input).unwrap();
            agree(
                &format!("template_match column {name} {}", array.data_type()),
                inputs,
                |i| library_match(column[i].as_deref(), inputs[i].as_deref()),
                |i| map_row(&out, i),
            );
            let out = urlkit_arrow::template_match(&array, Strings::Scalar(None)).unwrap();
            assert_eq!(out.null_count(), out.len());
        }
    }
    assert!(matched > 0);
}

#[test]
fn template_match_answers() {
    let urls = StringArray::from(vec![
        Some("/repos/o/r/a/b?page=2"),
        Some("/repos/o/r"),
        Some("/repos/o"),
        None,
    ]);
    let out = urlkit_arrow::template_match(
        &urls,
        Strings::Scalar(Some("/repos/{owner}/{repo}{/path*}{?page}")),
    )
    .unwrap();
    let pairs = |v: &[(&str, &str)]| {
        Some(
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        map_row(&out, 0),
        pairs(&[("owner", "o"), ("repo", "r"), ("path", "a,b"), ("page", "2")])
    );
    // Undefined variables are absent.
    assert_eq!(map_row(&out, 1), pairs(&[("owner", "o"), ("repo", "r")]));
    assert!(out.is_null(2) && out.is_null(3));
    assert_eq!(
        out.data_type(),
        &arrow_schema::DataType::Map(urlkit_arrow::template_match_field(), false)
    );
    // Not matchable, does not parse: null for every row.
    for t in ["/repos/{a}{b}", "/repos/{owner"] {
        let out = urlkit_arrow::template_match(&urls, Strings::Scalar(Some(t))).unwrap();
        assert_eq!(out.null_count(), 4, "{t}");
    }
    // A column of templates of another length, a non-string array.
    let short = StringArray::from(vec!["{a}"]);
    assert!(urlkit_arrow::template_match(&urls, Strings::Utf8(&short)).is_err());
    let ints = arrow_array::Int32Array::from(vec![1]);
    assert!(urlkit_arrow::template_match(&ints, Strings::Scalar(Some("{a}"))).is_err());
    assert_eq!(
        urlkit_arrow::template_match(&StringArray::from(Vec::<&str>::new()), Strings::Scalar(None))
            .unwrap()
            .len(),
        0
    );
}

#[test]
fn template_expand_answers_for_scalar_and_column_templates() {
    let vars = [
        Some(r#"{"owner": "rust-lang", "repo": "rust", "path": ["a", "b c"], "q": {"n": 1.5, "k": "v"}}"#),
        Some(r#"{"owner": 7, "repo": true, "path": null}"#),
        Some(r#"{}"#),
        Some(r#"{"path": [["nested"]]}"#),
        Some(r#"{"path": [{"a": 1}]}"#),
        Some(r#"["not", "an", "object"]"#),
        Some(r#"{"owner": "x""#),
        Some("not json"),
        Some(r#"{"owner": ["a", "b"]}"#),
        None,
    ];
    let t = "/repos/{owner:3}/{repo}{/path*}{?q*}";
    let expected = [
        // An object's members in the document's order.
        Some("/repos/rus/rust/a/b%20c?n=1.5&k=v"),
        Some("/repos/7/true"),
        Some("/repos//"),
        None,
        None,
        None,
        None,
        None,
        None, // a prefix modifier on a list (§2.4.1)
        None,
    ];
    // The library's answer too, for the rows it can be asked.
    assert_eq!(
        urlkit::template::Template::parse(t)
            .unwrap()
            .expand(&[("owner", "rust-lang"), ("repo", "rust")])
            .unwrap(),
        "/repos/rus/rust"
    );
    let strings: Vec<Option<String>> = vars.iter().map(|v| v.map(str::to_owned)).collect();
    for array in layouts(&strings) {
        let out = urlkit_arrow::template_expand(&array, Strings::Scalar(Some(t))).unwrap();
        let got: Vec<Option<&str>> = (0..out.len())
            .map(|i| out.is_valid(i).then(|| out.value(i)))
            .collect();
        assert_eq!(got, expected, "{}", array.data_type());
        // The same template as a column (a null one, one that does not parse).
        let mut column: Vec<Option<&str>> = vec![Some(t); vars.len()];
        column[0] = None;
        column[1] = Some("/{owner");
        column[2] = Some("/x{?owner}");
        let templates = StringViewArray::from(column);
        let out = urlkit_arrow::template_expand(&array, Strings::Utf8View(&templates)).unwrap();
        let got: Vec<Option<&str>> = (0..out.len())
            .map(|i| out.is_valid(i).then(|| out.value(i)))
            .collect();
        let mut want = expected;
        want[0] = None;
        want[1] = None;
        want[2] = Some("/x");
        assert_eq!(got, want, "column {}", array.data_type());
        let out = urlkit_arrow::template_expand(&array, Strings::Scalar(None)).unwrap();
        assert_eq!(out.null_count(), out.len());
        let out = urlkit_arrow::template_expand(&array, Strings::Scalar(Some("{bad"))).unwrap();
        assert_eq!(out.null_count(), out.len());
    }
    let short = StringArray::from(vec!["{a}"]);
    let two = StringArray::from(vec!["{}", "{}"]);
    assert!(urlkit_arrow::template_expand(&two, Strings::Utf8(&short)).is_err());
    let ints = arrow_array::Int32Array::from(vec![1]);
    assert!(urlkit_arrow::template_expand(&ints, Strings::Scalar(Some("{a}"))).is_err());
}

/// The library's parse of row `i`, when it parses.
fn url_at(data: &Data, i: usize) -> Option<&Url> {
    data.urls[i].as_ref()?.as_ref().ok()
}

fn list_at(a: &arrow_array::ListArray, i: usize) -> Option<Vec<String>> {
    a.is_valid(i).then(|| {
        a.value(i)
            .as_string::<i32>()
            .iter()
            .map(|s| s.unwrap().to_owned())
            .collect()
    })
}

#[test]
fn percent_encoding_agrees_with_the_library_for_every_set() {
    use urlkit_arrow::{Decoding, EncodeSet};
    for data in datasets() {
        for array in layouts(&data.inputs) {
            for set in EncodeSet::ALL {
                let out = urlkit_arrow::percent_encode(&array, set).unwrap();
                agree(
                    &format!("encode {} {} {}", set.name(), data.name, array.data_type()),
                    &data.inputs,
                    |i| {
                        let s = data.inputs[i].as_deref()?;
                        Some(match set {
                            EncodeSet::Form => urlkit::form::byte_serialize(s.as_bytes()).collect(),
                            _ if set.space_as_plus() => s
                                .split(' ')
                                .map(|p| urlkit::percent::utf8_percent_encode(p, set.set()).to_string())
                                .collect::<Vec<_>>()
                                .join("+"),
                            _ => urlkit::percent::utf8_percent_encode(s, set.set()).to_string(),
                        })
                    },
                    |i| out.is_valid(i).then(|| out.value(i).to_owned()),
                );
                // Decoding gives the text back, when the set encodes '%'.
                if !set.set().contains(b'%') {
                    continue;
                }
                let back = urlkit_arrow::percent_decode(&out, set.space_as_plus(), Decoding::Strict).unwrap();
                agree(
                    &format!("decode {} {}", set.name(), data.name),
                    &data.inputs,
                    |i| data.inputs[i].clone(),
                    |i| back.is_valid(i).then(|| back.value(i).to_owned()),
                );
            }
            let decoded = urlkit_arrow::percent_decode(&array, false, Decoding::Lossy).unwrap();
            agree(
                &format!("decode lossy {}", data.name),
                &data.inputs,
                |i| {
                    let s = data.inputs[i].as_deref()?;
                    Some(
                        urlkit::percent::percent_decode_str(s)
                            .decode_utf8_lossy()
                            .into_owned(),
                    )
                },
                |i| decoded.is_valid(i).then(|| decoded.value(i).to_owned()),
            );
        }
    }
    // The set names are those of `urlkit encode --set`, and `form`.
    for name in [
        "c0-control",
        "fragment",
        "query",
        "special-query",
        "path",
        "userinfo",
        "component",
        "application/x-www-form-urlencoded",
    ] {
        assert_eq!(name.parse::<EncodeSet>().unwrap().name(), name);
    }
    assert_eq!("FORM".parse::<EncodeSet>(), Ok(EncodeSet::Form));
}

#[test]
fn origins_and_query_maps_agree_with_the_library() {
    for data in datasets() {
        let [array, ..] = layouts(&data.inputs);
        let out = urlkit_arrow::origin(&array, OnError::Null).unwrap();
        agree(
            &format!("origin {}", data.name),
            &data.inputs,
            |i| url_at(data, i).map(|u| u.origin().ascii_serialization()),
            |i| string_at(&out.values, i),
        );
        let map = urlkit_arrow::query_params(&array).unwrap();
        agree(
            &format!("query_params {}", data.name),
            &data.inputs,
            |i| {
                let u = url_at(data, i)?;
                let mut seen: Vec<(String, String)> = Vec::new();
                for (n, v) in urlkit::form::parse(u.query().unwrap_or("").as_bytes()) {
                    if !seen.iter().any(|(k, _)| *k == n) {
                        seen.push((n.into_owned(), v.into_owned()));
                    }
                }
                Some(seen)
            },
            |i| {
                map.is_valid(i).then(|| {
                    let row = map.value(i);
                    let (k, v) = (row.column(0).as_string::<i32>(), row.column(1).as_string::<i32>());
                    (0..row.len())
                        .map(|j| (k.value(j).to_owned(), v.value(j).to_owned()))
                        .collect()
                })
            },
        );
        let all = urlkit_arrow::query_param_all(&array, Strings::Scalar(Some("id"))).unwrap();
        agree(
            &format!("query_param_all {}", data.name),
            &data.inputs,
            |i| {
                let u = url_at(data, i)?;
                let params = urlkit::form::parse(u.query().unwrap_or("").as_bytes());
                Some(
                    params
                        .filter(|(n, _)| n == "id")
                        .map(|(_, v)| v.into_owned())
                        .collect(),
                )
            },
            |i| list_at(&all, i),
        );
    }
}

/// A library function giving a slice of a URL.
type Library = fn(&Url) -> Option<String>;

#[test]
fn clickhouse_helpers_agree_with_the_library() {
    use urlkit::domain;
    use urlkit_arrow::{Label, Slice};
    for data in datasets() {
        let [array, ..] = layouts(&data.inputs);
        let slices: [(Slice, Library); 5] = [
            (Slice::CutQueryString, |u| Some(domain::cut_query_string(u))),
            (Slice::CutFragment, |u| Some(domain::cut_fragment(u).to_owned())),
            (Slice::CutQueryStringAndFragment, |u| {
                Some(domain::cut_query_string_and_fragment(u).to_owned())
            }),
            (Slice::CutWww, |u| Some(domain::cut_www(u))),
            (Slice::DomainWithoutWww, |u| {
                Some(domain::domain_without_www(u).to_owned())
            }),
        ];
        for (slice, f) in slices {
            let out = urlkit_arrow::slice(&array, slice, OnError::Null).unwrap();
            agree(
                &format!("{slice:?} {}", data.name),
                &data.inputs,
                |i| url_at(data, i).and_then(f),
                |i| string_at(&out.values, i),
            );
        }
        for (path_only, f) in [
            (false, domain::url_hierarchy as fn(&Url) -> Vec<&str>),
            (true, domain::url_path_hierarchy),
        ] {
            let out = urlkit_arrow::hierarchy(&array, path_only, OnError::Null).unwrap();
            agree(
                &format!("hierarchy {path_only} {}", data.name),
                &data.inputs,
                |i| url_at(data, i).map(|u| f(u).into_iter().map(str::to_owned).collect()),
                |i| list_at(&out, i),
            );
        }
        for (names, f) in [
            (false, domain::query_parameters as fn(&Url) -> Vec<&str>),
            (true, domain::query_parameter_names),
        ] {
            let out = urlkit_arrow::query_pieces(&array, names, OnError::Empty).unwrap();
            agree(
                &format!("query_pieces {names} {}", data.name),
                &data.inputs,
                |i| {
                    data.inputs[i].as_ref()?;
                    Some(
                        url_at(data, i).map_or(Vec::new(), |u| f(u).into_iter().map(str::to_owned).collect()),
                    )
                },
                |i| list_at(&out, i),
            );
        }
        let name = Strings::Scalar(Some("id"));
        let raw = urlkit_arrow::query_param_raw(&array, name, OnError::Null).unwrap();
        let cut = urlkit_arrow::cut_query_param(&array, name, OnError::Null).unwrap();
        agree(
            &format!("query_param_raw, cut_query_param {}", data.name),
            &data.inputs,
            |i| {
                let u = url_at(data, i);
                (
                    u.and_then(|u| domain::query_parameter(u, "id"))
                        .map(str::to_owned),
                    u.map(|u| domain::cut_query_parameter(u, "id")),
                )
            },
            |i| (string_at(&raw.values, i), string_at(&cut.values, i)),
        );
        // The built-in list: the library's helpers use it.
        let first = urlkit_arrow::labels(
            &array,
            Label::FirstSignificantSubdomain,
            List::builtin(),
            OnError::Null,
        )
        .unwrap();
        let tld =
            urlkit_arrow::labels(&array, Label::TopLevelDomain, List::builtin(), OnError::Null).unwrap();
        agree(
            &format!("labels {}", data.name),
            &data.inputs,
            |i| {
                let u = url_at(data, i);
                let top = u.and_then(|u| match u.host() {
                    Some(urlkit::Host::Opaque(_)) => {
                        let p = List::builtin().split_host(u.host()?)?;
                        p.public_suffix()
                            .rsplit('.')
                            .next()
                            .filter(|l| !l.is_empty())
                            .map(str::to_owned)
                    }
                    _ => domain::top_level_domain(u).map(str::to_owned),
                });
                (
                    u.and_then(domain::first_significant_subdomain)
                        .map(|s| s.into_owned()),
                    top,
                )
            },
            |i| (string_at(&first.values, i), string_at(&tld.values, i)),
        );
    }
}

#[test]
fn set_agrees_with_the_setters() {
    for data in datasets() {
        let [array, ..] = layouts(&data.inputs);
        for (attr, value) in [
            (Attribute::Pathname, "/a b/../c"),
            (Attribute::Search, "q=1 2"),
            (Attribute::Hash, "top"),
            (Attribute::Hostname, "Example.COM"),
            (Attribute::Port, "8080"),
            (Attribute::Protocol, "https"),
        ] {
            let out = urlkit_arrow::set(
                &array,
                Strings::Scalar(Some(attr.name())),
                Strings::Scalar(Some(value)),
                OnError::Null,
            )
            .unwrap();
            agree(
                &format!("set {} {}", attr.name(), data.name),
                &data.inputs,
                |i| {
                    let mut u = url_at(data, i)?.clone();
                    u.set(attr, value).ok()?;
                    Some(u.as_str().to_owned())
                },
                |i| string_at(&out.values, i),
            );
        }
    }
}

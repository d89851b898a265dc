//! `canon::Normalizer` and the steps table: every step composed with every profile, the
//! idempotence of random step sets over the three datasets, and agreement with
//! `normalize-url` (npm) where one of its documented options corresponds to a step.

use crate::python;
use urlkit::canon::{CanonError, Normalizer, Profile, Step};

fn with(profile: Profile, steps: &str) -> Normalizer {
    Normalizer::new(profile).steps([steps]).unwrap()
}

/// One input per step, and its form under `whatwg`, `crawler` and `surt` with that step
/// alone; `rfc3986` and `safe-browsing` take no steps.
#[test]
fn every_step_with_every_profile() {
    use Step::*;
    #[rustfmt::skip]
    let rows: &[(Step, &str, [&str; 3])] = &[
        (ForceHttps, "http://h.com:443/a?b=1&a=2",
            ["https://h.com/a?b=1&a=2", "https://h.com/a?a=2&b=1", "com,h)/a?a=2&b=1"]),
        (ForceHttp, "https://h.com:80/a",
            ["http://h.com/a", "http://h.com/a", "com,h)/a"]),
        (Userinfo, "http://u:p@h.com/a#f",
            ["http://h.com/a#f", "http://h.com/a", "com,h)/a"]),
        (Www, "http://www.h.com/a",
            ["http://h.com/a", "http://h.com/a", "com,h)/a"]),
        (LowercasePath, "http://h.com/A/%7EB?Q=1",
            ["http://h.com/a/%7Eb?Q=1", "http://h.com/a/~b?Q=1", "com,h)/a/~b?q=1"]),
        (DuplicateSlashes, "http://h.com/a//b?c",
            ["http://h.com/a/b?c", "http://h.com/a/b?c=", "com,h)/a/b?c"]),
        (Index, "http://h.com/a/index.html?x=1",
            ["http://h.com/a/?x=1", "http://h.com/a/?x=1", "com,h)/a?x=1"]),
        (TrailingSlash, "http://h.com/a/?x=1",
            ["http://h.com/a?x=1", "http://h.com/a?x=1", "com,h)/a?x=1"]),
        (Query, "http://h.com/a?x=1#f",
            ["http://h.com/a#f", "http://h.com/a", "com,h)/a"]),
        (Tracking, "http://h.com/?utm_source=a&b=1&gclid=2",
            ["http://h.com/?b=1", "http://h.com/?b=1", "com,h)/?b=1"]),
        (KeepQuery, "http://h.com/?b=1&id=2&a=3",
            ["http://h.com/?id=2", "http://h.com/?id=2", "com,h)/?id=2"]),
        (EmptyQuery, "http://h.com/?b=&a=1&c",
            ["http://h.com/?a=1&c", "http://h.com/?a=1", "com,h)/?a=1&c"]),
        (SortQuery, "http://h.com/?b=1&a=2#f",
            ["http://h.com/?a=2&b=1#f", "http://h.com/?a=2&b=1", "com,h)/?a=2&b=1"]),
        (Fragment, "http://h.com/a#f",
            ["http://h.com/a", "http://h.com/a", "com,h)/a"]),
        (TextFragment, "http://h.com/a#top:~:text=x",
            ["http://h.com/a#top", "http://h.com/a", "com,h)/a"]),
    ];
    assert_eq!(rows.len(), Step::ALL.len(), "a row per step");
    for (i, &(step, input, expected)) in rows.iter().enumerate() {
        assert_eq!(step, Step::ALL[i], "rows in the table's order");
        let profiles = [Profile::Whatwg, Profile::Crawler, Profile::Surt];
        for (profile, want) in profiles.into_iter().zip(expected) {
            let n = match step {
                KeepQuery => Normalizer::new(profile).keep_query(["id"]),
                _ => with(profile, step.name()),
            };
            let got = n.normalize(input);
            assert_eq!(
                got.as_deref(),
                Ok(want),
                "{step} with {}: {input}",
                profile.name()
            );
        }
        // The input is one the step changes (crawler and surt already do some steps' work).
        assert_ne!(
            Profile::Whatwg.canonicalize(input).as_deref(),
            Ok(expected[0]),
            "{step}"
        );
        for profile in [Profile::Rfc3986, Profile::SafeBrowsing] {
            assert_eq!(
                with(profile, step.name()).normalize(input),
                Err(CanonError::StepsUnsupported(profile)),
                "{step} with {}",
                profile.name()
            );
        }
    }
    let message = CanonError::StepsUnsupported(Profile::Rfc3986).to_string();
    assert_eq!(
        message,
        "profile rfc3986 takes no normalization steps (they apply with whatwg, surt or crawler)"
    );
}

/// With no step, every profile answers as [`Profile::canonicalize`], byte for byte.
#[test]
fn no_step_is_the_profile_alone() {
    let Some(inputs) = python::dataset_inputs("messy.txt") else {
        return;
    };
    for profile in Profile::ALL {
        let n = Normalizer::new(profile);
        for input in &inputs {
            assert_eq!(
                n.normalize(input),
                profile.canonicalize(input),
                "{}: {input:?}",
                profile.name()
            );
        }
    }
}

/// A seeded xorshift: the same step sets on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A normalizer of `profile` with the steps of `mask` (a bit per row of the table); with
/// `keep-query` an allow list of names and globs.
fn of_mask(profile: Profile, mask: u64) -> Normalizer {
    let mut n = Normalizer::new(profile);
    for (i, step) in Step::ALL.into_iter().enumerate() {
        if mask >> i & 1 == 1 {
            n = match step {
                Step::KeepQuery => n.keep_query(["q", "id", "page*", "*_id"]),
                _ => n.step(step),
            };
        }
    }
    n
}

/// `normalize(normalize(x)) == normalize(x)` for every step alone, random sets of steps
/// and all steps (one of the three per input, in turn), with `whatwg` and `crawler`, over a dataset; with `surt`, whose key is
/// not a URL, the steps under it are idempotent: the key of the steps' own output is the
/// key of the input.
fn idempotent_over(file: &str) {
    let Some(inputs) = python::dataset_inputs(file) else {
        return;
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ file.len() as u64);
    let all = (1u64 << Step::ALL.len()) - 1;
    let mut failures = Vec::new();
    let mut checked = 0usize;
    for (i, input) in inputs.iter().enumerate() {
        // In turn: each step alone, a random set, every step (the debug build is slow:
        // one set per input keeps the three datasets to seconds).
        let mask = match i % 3 {
            0 => 1u64 << (i / 3 % Step::ALL.len()),
            1 => rng.next() & all,
            _ => all,
        };
        {
            for profile in [Profile::Whatwg, Profile::Crawler] {
                let n = of_mask(profile, mask);
                let Ok(once) = n.normalize(input) else {
                    continue;
                };
                checked += 1;
                let twice = n.normalize(&once);
                if twice.as_deref() != Ok(once.as_str()) {
                    failures.push(format!(
                        "{} {:?}: {input:?}\n  once  {once:?}\n  twice {twice:?}",
                        profile.name(),
                        n.chosen().map(Step::name).collect::<Vec<_>>()
                    ));
                }
            }
            let surt = of_mask(Profile::Surt, mask);
            let Ok(key) = surt.normalize(input) else {
                continue;
            };
            checked += 1;
            let stepped = of_mask(Profile::Whatwg, mask)
                .normalize(input)
                .expect("surt's steps parsed it");
            let again = surt.normalize(&stepped);
            if again.as_deref() != Ok(key.as_str()) {
                failures.push(format!(
                    "surt {:?}: {input:?}\n  key   {key:?}\n  again {again:?}",
                    surt.chosen().map(Step::name).collect::<Vec<_>>()
                ));
            }
        }
    }
    println!(
        "{file}: {checked} normalizations checked twice, {} not idempotent",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} not idempotent, e.g.:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

#[test]
fn idempotent_on_realworld() {
    idempotent_over("realworld.txt");
}

#[test]
fn idempotent_on_synthetic() {
    idempotent_over("synthetic.txt");
}

#[test]
fn idempotent_on_messy() {
    idempotent_over("messy.txt");
}

/// `normalize-url` (npm, 8.x), one documented option at a time, against the step that
/// corresponds to it. The inputs are our own; `theirs` is what its documentation says the
/// option gives (with its other defaults that would change the example turned off);
/// `ours` is `None` when we give the same, else our answer and why it differs. The list of
/// differences is in `docs/normalization-steps.md`.
#[test]
fn agreement_with_normalize_url() {
    struct Row {
        option: &'static str,
        steps: &'static str,
        input: &'static str,
        theirs: &'static str,
        ours: Option<(&'static str, &'static str)>,
    }
    let row = |option, steps, input, theirs| Row {
        option,
        steps,
        input,
        theirs,
        ours: None,
    };
    let differs = |option, steps, input, theirs, ours, why| Row {
        option,
        steps,
        input,
        theirs,
        ours: Some((ours, why)),
    };
    let rows = [
        row("forceHttps", "force-https", "http://shop.example/cart", "https://shop.example/cart"),
        row("forceHttps", "force-https", "http://shop.example:80/cart", "https://shop.example/cart"),
        row("forceHttp", "force-http", "https://shop.example/cart", "http://shop.example/cart"),
        row("forceHttp", "force-http", "https://shop.example:443/cart", "http://shop.example/cart"),
        row("stripAuthentication", "userinfo", "https://ann:secret@shop.example/cart", "https://shop.example/cart"),
        row("stripHash", "fragment", "https://shop.example/cart#total", "https://shop.example/cart"),
        row("stripTextFragment", "text-fragment", "https://shop.example/faq#refunds:~:text=30%20days", "https://shop.example/faq#refunds"),
        row("stripTextFragment", "text-fragment", "https://shop.example/faq#:~:text=refund", "https://shop.example/faq"),
        row("stripWWW", "www", "https://www.shop.example/cart", "https://shop.example/cart"),
        row("stripWWW", "www", "https://www.www.shop.example/cart", "https://www.www.shop.example/cart"),
        differs("stripWWW", "www", "https://www.a.b/", "https://www.a.b/", "https://a.b/",
            "normalize-url asks for a top-level label of two characters or more; we ask for two labels"),
        row("removeQueryParameters (default /^utm_\\w+/i)", "tracking", "https://shop.example/?utm_medium=mail&UTM_Campaign=x&item=4", "https://shop.example/?item=4"),
        differs("removeQueryParameters", "tracking", "https://shop.example/?fbclid=1&item=4", "https://shop.example/?fbclid=1&item=4", "https://shop.example/?item=4",
            "our built-in list holds the click identifiers (fbclid, gclid, …), normalize-url's default only utm_*"),
        row("keepQueryParameters ['item', /^page/]", "keep-query", "https://shop.example/?item=4&ref=x&pageSize=20", "https://shop.example/?item=4&pageSize=20"),
        row("removeTrailingSlash", "trailing-slash", "https://shop.example/cart/", "https://shop.example/cart"),
        row("removeTrailingSlash", "trailing-slash", "https://shop.example/cart/?item=4", "https://shop.example/cart?item=4"),
        differs("removeSingleSlash", "trailing-slash", "https://shop.example/", "https://shop.example", "https://shop.example/",
            "the URL Standard serializes an empty path of an http(s) URL as `/`: a URL without it is not a WHATWG serialization, and it would come back on the next parse"),
        row("removeDirectoryIndex: true", "index,trailing-slash", "https://shop.example/help/index.php", "https://shop.example/help"),
        row("removeDirectoryIndex ['default.aspx']", "index,trailing-slash", "https://shop.example/help/default.aspx", "https://shop.example/help"),
        differs("removeDirectoryIndex: true", "index", "https://shop.example/help/index.cfm", "https://shop.example/help/", "https://shop.example/help/index.cfm",
            "normalize-url's `true` means /^index\\.[a-z]+$/, any extension; our built-in list names the servers' actual index documents (add `index.*` for theirs)"),
        differs("removeDirectoryIndex: true", "index", "https://shop.example/help/Default.aspx", "https://shop.example/help/Default.aspx", "https://shop.example/help/",
            "we compare index names ASCII case-insensitively, as IIS serves them; normalize-url's patterns are case-sensitive"),
        row("sortQueryParameters", "sort-query", "https://shop.example/?size=m&color=red&color=blue", "https://shop.example/?color=red&color=blue&size=m"),
        differs("sortQueryParameters", "sort-query", "https://shop.example/?q=a%20b&c=1", "https://shop.example/?c=1&q=a+b", "https://shop.example/?c=1&q=a%20b",
            "normalize-url re-serializes the sorted parameters as a form (`%20` becomes `+`, escapes change); we keep each parameter's bytes as written"),
        differs("(always on)", "duplicate-slashes", "https://shop.example//a//b", "https://shop.example/a/b", "https://shop.example/a/b",
            "normalize-url always collapses duplicate slashes in the path; here it is a step of its own"),
    ];
    let mut differences = 0;
    for r in &rows {
        let n = match r.steps {
            "keep-query" => Normalizer::new(Profile::Whatwg).keep_query(["item", "page*"]),
            steps => with(Profile::Whatwg, steps),
        };
        let got = n.normalize(r.input).unwrap();
        let want = r.ours.map_or(r.theirs, |(ours, why)| {
            assert!(!why.is_empty(), "{}", r.option);
            differences += usize::from(ours != r.theirs);
            ours
        });
        assert_eq!(got, want, "{} ({}) on {}", r.option, r.steps, r.input);
    }
    println!(
        "normalize-url: {} documented cases, {} differ (each with its reason)",
        rows.len(),
        differences
    );
}

/// What each step means, through the URL API's setters, one edit at a time: the oracle the
/// one-pass edits (`canon/edit.rs`, one buffer written after the last step) must equal.
mod through_setters {
    use urlkit::canon::{Normalizer, Step, INDEX_NAMES, TRACKING_PARAMETERS};
    use urlkit::Url;

    /// `*` matches any run; other bytes themselves (ASCII case-insensitively with `fold`).
    fn glob(p: &[u8], t: &[u8], fold: bool) -> bool {
        match (p.split_first(), t.split_first()) {
            (None, _) => t.is_empty(),
            (Some((b'*', rest)), _) => (0..=t.len()).any(|i| glob(rest, &t[i..], fold)),
            (Some((a, pr)), Some((b, tr))) => {
                (a == b || (fold && a.eq_ignore_ascii_case(b))) && glob(pr, tr, fold)
            }
            (Some(_), None) => false,
        }
    }

    fn name(piece: &str) -> String {
        let raw = piece.split('=').next().unwrap_or("");
        urlkit::form::parse(raw.as_bytes())
            .next()
            .map(|(n, _)| n.into_owned())
            .unwrap_or_default()
    }

    fn filter(url: &mut Url, keep: impl Fn(&str) -> bool) {
        let Some(q) = url.query() else { return };
        if q.split('&').all(&keep) {
            return;
        }
        let kept: Vec<&str> = q.split('&').filter(|p| keep(p)).collect();
        let joined = kept.join("&");
        let any = kept.iter().any(|p| !p.is_empty());
        url.set_query(any.then_some(joined.as_str()));
    }

    fn set_path(url: &mut Url, path: String) {
        if !url.has_opaque_path() && path != url.pathname() {
            url.set_pathname(&path).unwrap();
        }
    }

    fn is_index(segment: &str) -> bool {
        !segment.is_empty()
            && INDEX_NAMES
                .iter()
                .any(|n| glob(n.as_bytes(), segment.as_bytes(), true))
    }

    /// `step` on `url`, as the steps table documents it (built-in lists; `keep-query` keeps `keep`).
    pub fn apply(step: Step, url: &mut Url, n: &Normalizer, keep: &[&str]) {
        let path = url.pathname().to_owned();
        match step {
            Step::ForceHttps if url.scheme() == "http" => {
                let _ = url.set_protocol("https");
            }
            Step::ForceHttp if url.scheme() == "https" => {
                let _ = url.set_protocol("http");
            }
            Step::Userinfo => {
                let _ = url.set_username("");
                let _ = url.set_password(None);
            }
            Step::Www => {
                let Some(host) = url.domain() else { return };
                let Some(rest) = host.get(4..).filter(|_| host[..4].eq_ignore_ascii_case("www.")) else {
                    return;
                };
                let two = rest
                    .split_once('.')
                    .is_some_and(|(a, b)| !a.is_empty() && b.bytes().any(|c| c != b'.'));
                let again = rest.get(..4).is_some_and(|w| w.eq_ignore_ascii_case("www."));
                if two && !again {
                    let rest = rest.to_owned();
                    let _ = url.set_hostname(&rest);
                }
            }
            Step::LowercasePath => {
                // An escape (`%` and two hex digits, RFC 3986 §2.1) stays as written.
                let mut out = path.clone().into_bytes();
                let mut i = 0;
                while i < out.len() {
                    let hex = out
                        .get(i + 1..i + 3)
                        .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
                    if out[i] == b'%' && hex {
                        i += 3;
                    } else {
                        out[i] = out[i].to_ascii_lowercase();
                        i += 1;
                    }
                }
                set_path(url, String::from_utf8(out).unwrap());
            }
            Step::DuplicateSlashes => {
                let mut out = path.clone();
                while out.contains("//") {
                    out = out.replace("//", "/");
                }
                set_path(url, out);
            }
            Step::Index => {
                if let Some((dir, last)) = path.rsplit_once('/') {
                    if is_index(last) {
                        set_path(url, format!("{dir}/"));
                    }
                }
            }
            Step::TrailingSlash => {
                let mut p = path.as_str();
                loop {
                    let t = p.trim_end_matches('/');
                    p = if t.is_empty() { &p[..p.len().min(1)] } else { t };
                    match p.rsplit_once('/') {
                        Some((dir, last)) if n.has(Step::Index) && p.len() > 1 && is_index(last) => {
                            p = &p[..dir.len() + 1]
                        }
                        _ => break,
                    }
                }
                set_path(url, p.to_owned());
            }
            Step::Query => url.set_query(None),
            Step::Tracking => filter(url, |p| {
                p.is_empty()
                    || !TRACKING_PARAMETERS
                        .iter()
                        .any(|t| glob(t.as_bytes(), name(p).as_bytes(), true))
            }),
            Step::KeepQuery => filter(url, |p| {
                p.is_empty() || keep.iter().any(|k| glob(k.as_bytes(), name(p).as_bytes(), false))
            }),
            Step::EmptyQuery => {
                let Some(q) = url.query() else { return };
                let full = |p: &&str| p.split_once('=').map_or(!p.is_empty(), |(_, v)| !v.is_empty());
                if q.is_empty() || !q.split('&').all(|p| full(&p)) {
                    let joined = q.split('&').filter(full).collect::<Vec<_>>().join("&");
                    url.set_query((!joined.is_empty()).then_some(joined.as_str()));
                }
            }
            Step::SortQuery => {
                let Some(q) = url.query() else { return };
                let mut pieces: Vec<&str> = q.split('&').filter(|p| !p.is_empty()).collect();
                pieces.sort_by_key(|p| name(p));
                let joined = pieces.join("&");
                if q.is_empty() || joined != q {
                    url.set_query((!joined.is_empty()).then_some(joined.as_str()));
                }
            }
            Step::Fragment => url.set_fragment(None),
            Step::TextFragment => {
                let Some((kept, _)) = url.fragment().and_then(|f| f.split_once(":~:")) else {
                    return;
                };
                let kept = kept.to_owned();
                url.set_fragment((!kept.is_empty()).then_some(kept.as_str()));
            }
            Step::ForceHttps | Step::ForceHttp => {}
        }
    }
}

/// The normalizer's one-pass edits against the setters, one step at a time
/// (`through_setters`), over a dataset: each step alone, random sets and every step, on
/// the `whatwg` profile's URL, byte for byte.
fn one_pass_equals_setters_over(file: &str) {
    let Some(inputs) = python::dataset_inputs(file) else {
        return;
    };
    let keep = ["q", "id", "page*", "*_id"];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ file.len() as u64);
    let all = (1u64 << Step::ALL.len()) - 1;
    let mut failures = Vec::new();
    let mut checked = 0usize;
    for (i, input) in inputs.iter().enumerate() {
        let Ok(url) = urlkit::Url::parse(input) else {
            continue;
        };
        let masks = [1u64 << (i % Step::ALL.len()), rng.next() & all, all];
        for mask in masks {
            let n = of_mask(Profile::Whatwg, mask);
            let mut ours = url.clone();
            n.apply(&mut ours);
            let mut theirs = url.clone();
            for step in n.chosen() {
                through_setters::apply(step, &mut theirs, &n, &keep);
            }
            checked += 1;
            if ours.as_str() != theirs.as_str() || Ok(&ours) != urlkit::Url::parse(ours.as_str()).as_ref() {
                failures.push(format!(
                    "{:?}: {input:?}\n  one pass {:?}\n  setters  {:?}",
                    n.chosen().map(Step::name).collect::<Vec<_>>(),
                    ours.as_str(),
                    theirs.as_str()
                ));
            }
        }
    }
    println!(
        "{file}: {checked} step sets, {} differ from the setters",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} differ, e.g.:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

#[test]
fn one_pass_equals_setters_on_realworld() {
    one_pass_equals_setters_over("realworld.txt");
}

#[test]
fn one_pass_equals_setters_on_synthetic() {
    one_pass_equals_setters_over("synthetic.txt");
}

#[test]
fn one_pass_equals_setters_on_messy() {
    one_pass_equals_setters_over("messy.txt");
}

/// The edits the one pass writes without the setters, at their edges: an opaque host
/// without `www.` that looks like an IPv4 address (a special one cannot: `www.1.2.3` does
/// not parse), paths of URLs without a host
/// that start with an empty segment (`/.`), credentials, and every edit at once.
#[test]
fn one_pass_at_the_edges() {
    let keep = ["q", "id", "page*", "*_id"];
    let inputs = [
        "foo://www.1.2.3/",
        "foo://WWW.a.0x1/",
        "http://u:p@www.Example.com:8080//a//index.html//?utm_source=x&b=2&&a=1#top:~:text=x",
        "sc:/.//a//",
        "sc:/.//",
        "sc:/a//b/",
        "sc://u@h:1//x/",
        "file:///C:/a/index.html/",
        "file://host/C:/A//B/",
        "http://h/?a=1&b=2#",
        "http://h/?#:~:",
        "mailto:a//b?utm_source=1#f",
    ];
    let all = (1u64 << Step::ALL.len()) - 1;
    for input in inputs {
        let url = urlkit::Url::parse(input).unwrap();
        for mask in (0..Step::ALL.len()).map(|i| 1u64 << i).chain([all, all & !1]) {
            let n = of_mask(Profile::Whatwg, mask);
            let mut ours = url.clone();
            n.apply(&mut ours);
            let mut theirs = url.clone();
            for step in n.chosen() {
                through_setters::apply(step, &mut theirs, &n, &keep);
            }
            assert_eq!(
                ours.as_str(),
                theirs.as_str(),
                "{input} {:?}",
                n.chosen().collect::<Vec<_>>()
            );
            assert_eq!(Ok(&ours), urlkit::Url::parse(ours.as_str()).as_ref(), "{input}");
        }
    }
}

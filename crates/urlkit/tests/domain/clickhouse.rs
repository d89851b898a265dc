//! The ClickHouse-style helpers on every URL of `realworld.txt`: properties that tie them to
//! each other and to the URL parser.

use urlkit::{domain, Url};

#[test]
fn helpers_agree_with_the_parser_on_realworld() {
    let Some(lines) = crate::common::dataset_lines("realworld.txt") else {
        return;
    };
    let mut checked = 0;
    for line in &lines {
        let Ok(url) = Url::parse(line) else { continue };
        let href = url.as_str();
        // Hierarchy: growing prefixes of the href, the last one the href itself.
        let h = domain::url_hierarchy(&url);
        assert!(
            h.windows(2)
                .all(|w| w[0].len() < w[1].len() && w[1].starts_with(w[0])),
            "{href}: {h:?}"
        );
        assert_eq!(h.last().copied(), Some(href), "{href}");
        let p = domain::url_path_hierarchy(&url);
        assert!(
            p.iter().all(|e| h.iter().any(|x| x.ends_with(e))),
            "{href}: {p:?}"
        );
        // Cuts give URLs that parse back to the same URL less what was cut.
        let no_fragment = Url::parse(domain::cut_fragment(&url)).unwrap();
        assert_eq!(
            (no_fragment.fragment(), no_fragment.query()),
            (None, url.query()),
            "{href}"
        );
        let no_query = Url::parse(&domain::cut_query_string(&url)).unwrap();
        assert_eq!(
            (no_query.query(), no_query.fragment(), no_query.pathname()),
            (None, url.fragment(), url.pathname()),
            "{href}"
        );
        let bare = Url::parse(domain::cut_query_string_and_fragment(&url)).unwrap();
        assert_eq!(
            (bare.query(), bare.fragment(), bare.host()),
            (None, None, url.host()),
            "{href}"
        );
        if url.is_special() && url.hostname().contains('.') {
            assert_eq!(
                Url::parse(&domain::cut_www(&url)).unwrap().hostname(),
                domain::domain_without_www(&url),
                "{href}"
            );
        }
        // Cutting a parameter removes every one of that name and keeps the others in order.
        if let Some(&name) = domain::query_parameter_names(&url).first() {
            let cut = Url::parse(&domain::cut_query_parameter(&url, name)).unwrap();
            let left = domain::query_parameter_names(&cut);
            let want: Vec<&str> = domain::query_parameter_names(&url)
                .into_iter()
                .filter(|n| *n != name)
                .collect();
            assert_eq!(left, want, "{href}");
            assert_eq!(cut.fragment(), url.fragment(), "{href}");
        }
        // The first significant subdomain is the registrable domain's first label.
        if let Some(reg) = domain::cut_to_first_significant_subdomain(&url) {
            let first = domain::first_significant_subdomain(&url).unwrap();
            assert!(reg.starts_with(&format!("{first}.")), "{href}");
            let with_www = domain::cut_to_first_significant_subdomain_with_www(&url).unwrap();
            assert!(with_www == reg || with_www == format!("www.{reg}"), "{href}");
        }
        checked += 1;
    }
    assert!(checked > 70_000, "{checked}");
}

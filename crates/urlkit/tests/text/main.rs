//! `urlkit::text`: URLs in free text. The standards' examples (RFC 1738 appendix, RFC 3986
//! Appendix C, every GFM autolink example, read from `shared/specs` at test time), the URLs
//! of each seed document pinned after review, prose that must stay prose, and properties
//! (spans valid, ordered, disjoint; streaming equals whole-string at every chunk size).

mod gfm;
mod peers;
mod props;
mod prose;
mod seeds;
#[path = "../common/shared_data.rs"]
mod shared_data;
mod specs;
mod stream;

use urlkit::text::{Finder, Link, Options};

/// The URLs `urlkit::text::links` finds in `text`, as they should be used.
pub fn urls(text: &str) -> Vec<String> {
    urlkit::text::links(text).map(|l| l.url().into_owned()).collect()
}

/// The URLs found with `options`.
pub fn urls_with(options: Options, text: &str) -> Vec<String> {
    Finder::new(options)
        .links(text)
        .map(|l| l.url().into_owned())
        .collect()
}

/// The only link in `text`.
pub fn one(text: &str) -> Link<'_> {
    let mut found: Vec<_> = urlkit::text::links(text).collect();
    assert_eq!(found.len(), 1, "{text:?}: {found:?}");
    found.pop().unwrap()
}

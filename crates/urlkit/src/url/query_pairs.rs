//! [`QueryPairsMut`]: the [`url`](https://docs.rs/url) crate's editor that appends
//! `application/x-www-form-urlencoded` pairs to a [`Url`]'s query.

use crate::{form, Url};
use alloc::string::String;
use core::borrow::Borrow;

impl Url {
    /// An editor that appends `application/x-www-form-urlencoded` pairs to the query,
    /// leaving the existing query text as it is (`url`'s `query_pairs_mut`); a URL without
    /// a query gets one, even if nothing is appended. The URL is updated by
    /// [`finish`](QueryPairsMut::finish) or when the editor is dropped.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/?a=b,c&key&sp=a%20b#f")?;
    /// url.query_pairs_mut().append_pair("n", "1 2");
    /// assert_eq!(url.as_str(), "http://h/?a=b,c&key&sp=a%20b&n=1+2#f");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn query_pairs_mut(&mut self) -> QueryPairsMut<'_> {
        let query = String::from(self.query().unwrap_or(""));
        QueryPairsMut {
            url: Some(self),
            query,
        }
    }
}

/// The editor [`Url::query_pairs_mut`] returns: `url`'s
/// `form_urlencoded::Serializer<UrlQuery>`. Pairs are appended to the query's text with a
/// `&` when it is not empty; what was there is not re-serialized.
#[derive(Debug)]
pub struct QueryPairsMut<'a> {
    /// `None` once finished.
    url: Option<&'a mut Url>,
    query: String,
}

impl<'a> QueryPairsMut<'a> {
    /// The pairs are appended by `form::Serializer`, continuing the query's text.
    fn pairs(&mut self) -> form::Serializer<'_> {
        form::Serializer::new(&mut self.query)
    }

    /// Appends `name=value`, both form-encoded.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.query_pairs_mut().append_pair("a b", "é");
    /// assert_eq!(url.as_str(), "http://h/?a+b=%C3%A9");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.pairs().append_pair(name, value);
        self
    }

    /// Appends `name` alone, without `=`.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/?a=1")?;
    /// url.query_pairs_mut().append_key_only("flag");
    /// assert_eq!(url.as_str(), "http://h/?a=1&flag");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        self.pairs().append_key_only(name);
        self
    }

    /// Appends each pair of `pairs`.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.query_pairs_mut().extend_pairs([("a", "1"), ("b", "2")]);
    /// assert_eq!(url.query(), Some("a=1&b=2"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        self.pairs().extend_pairs(pairs);
        self
    }

    /// Appends each name of `keys` alone.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.query_pairs_mut().extend_keys_only(["a", "b"]);
    /// assert_eq!(url.query(), Some("a&b"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn extend_keys_only<I>(&mut self, keys: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.pairs().extend_keys_only(keys);
        self
    }

    /// Empties the query (it stays present: `?`).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/?a=1#f")?;
    /// url.query_pairs_mut().clear().append_pair("b", "2");
    /// assert_eq!(url.as_str(), "http://h/?b=2#f");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        self.query.clear();
        self
    }

    /// Writes the query into the URL and returns the URL.
    ///
    /// # Panics
    ///
    /// When called a second time (as `url`'s serializer does).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// let href = url.query_pairs_mut().append_pair("a", "1").finish().as_str().to_owned();
    /// assert_eq!(href, "http://h/?a=1");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn finish(&mut self) -> &'a mut Url {
        let url = self.url.take().expect("QueryPairsMut::finish called twice");
        // Form-encoded pairs and the existing (canonical) query need no encoding: the
        // setter keeps them as they are (a URL beyond 4 GiB is left as it was).
        url.set_query(Some(&self.query));
        url
    }
}

impl Drop for QueryPairsMut<'_> {
    fn drop(&mut self) {
        if self.url.is_some() {
            self.finish();
        }
    }
}

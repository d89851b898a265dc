//! [`Normalizer`]: a profile of the profile table, a set of normalization steps (the
//! steps table, `steps.rs`) and the lists some steps read, applied in one call.
//!
//! # Steps and profiles
//!
//! The steps edit a WHATWG [`Url`], written once after the last step (`edit.rs`). How they compose with a profile is a column of the
//! profile table ([`Profile::takes_steps`]):
//!
//! - `whatwg`, `crawler`: the profile's output is a URL; the steps apply to it (for `whatwg`
//!   the parsed URL itself, no second parse; for `crawler` its form parsed again).
//! - `surt`: a SURT key is not a URL, so the steps apply to the parsed input and the key is
//!   computed from the result's serialization (what a crawler dropping `tracking` before
//!   writing a CDX index expects); `surt` itself already drops `www.`, the fragment and
//!   userinfo and sorts the query.
//! - `rfc3986`, `safe-browsing`: rejected with [`CanonError::StepsUnsupported`]. The first
//!   gives an RFC 3986 reference that the WHATWG parser would rewrite (and may reject), the
//!   second the fixed form the Safe Browsing protocol hashes, which another edit would make
//!   a key no list holds.
//!
//! With no step chosen, [`Normalizer::normalize`] is [`Profile::canonicalize`], byte for
//! byte, for every profile.

use super::edit::{write, write_cuts, Edit};
use super::profile::{CanonError, Profile};
use super::steps::{cuts, Names, Step, UnknownStep, INDEX_NAMES};
use super::TRACKING_PARAMETERS;
use crate::Url;
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// How a profile's output meets the steps (the profile table's column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Compose {
    /// The output is a URL: the steps apply to it.
    After,
    /// The output is a key: the steps apply to the parsed input, before the key is formed.
    Before,
    /// No steps with this profile.
    Never,
}

/// A normalization: a [`Profile`], the [`Step`]s chosen and the lists some steps read
/// (tracking parameters, index names, the query allow list). Build it once, then call
/// [`normalize`](Normalizer::normalize) per URL.
///
/// ```
/// use urlkit::canon::{Normalizer, Profile};
/// let n = Normalizer::new(Profile::Whatwg).steps(["www", "fragment", "tracking", "trailing-slash", "sort-query"])?;
/// assert_eq!(n.normalize("HTTP://www.Example.com/a/?utm_source=x&b=2&a=1#top")?, "http://example.com/a?a=1&b=2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Normalizer {
    profile: Profile,
    /// One bit per [`Step`], by its place in the table.
    steps: u32,
    /// The looks of the steps ([`Step::looks`]), chosen once.
    looks: u32,
    /// The `tracking` step's names (ASCII case-insensitive).
    pub(crate) tracking: Names,
    /// The `index` step's names (ASCII case-insensitive).
    pub(crate) index: Names,
    /// The `keep-query` step's allow list (exact).
    pub(crate) keep: Names,
}

pub(crate) const fn bit(step: Step) -> u32 {
    1 << step as u32
}

fn owned<I, S>(names: I) -> impl Iterator<Item = Cow<'static, str>>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    names.into_iter().map(|s| Cow::Owned(String::from(s.as_ref())))
}

impl Normalizer {
    /// The profile alone: no step, the built-in tracking and index lists, an empty allow list.
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile};
    /// assert_eq!(Normalizer::new(Profile::Surt).normalize("http://www.a.com/x")?, "com,a)/x");
    /// # Ok::<(), urlkit::canon::CanonError>(())
    /// ```
    pub fn new(profile: Profile) -> Normalizer {
        Normalizer {
            profile,
            steps: 0,
            looks: 0,
            tracking: Names::new(
                TRACKING_PARAMETERS.iter().map(|&s| Cow::Borrowed(s)).collect(),
                true,
            ),
            index: Names::new(INDEX_NAMES.iter().map(|&s| Cow::Borrowed(s)).collect(), true),
            keep: Names::new(Vec::new(), false),
        }
    }

    /// The profile.
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile};
    /// assert_eq!(Normalizer::new(Profile::Crawler).profile(), Profile::Crawler);
    /// ```
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Adds `step`. `force-https` and `force-http` exclude each other: adding one removes
    /// the other (the later choice wins).
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// let n = Normalizer::new(Profile::Whatwg).step(Step::ForceHttps).step(Step::ForceHttp);
    /// assert!(n.has(Step::ForceHttp) && !n.has(Step::ForceHttps));
    /// assert_eq!(n.normalize("https://h:80/")?, "http://h/");
    /// # Ok::<(), urlkit::canon::CanonError>(())
    /// ```
    pub fn step(mut self, step: Step) -> Normalizer {
        match step {
            Step::ForceHttps => self.steps &= !bit(Step::ForceHttp),
            Step::ForceHttp => self.steps &= !bit(Step::ForceHttps),
            _ => {}
        }
        self.steps |= bit(step);
        self.looks = Step::looks(self.steps);
        self
    }

    /// Adds the steps named in `names`, in turn; each item may itself be a comma-separated
    /// list (`"www,fragment"`, as the command line and SQL take it), white space around a
    /// name ignored and empty names skipped.
    ///
    /// # Errors
    ///
    /// [`UnknownStep`] for the first name that is no step's; its message lists the names.
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// let n = Normalizer::new(Profile::Whatwg).steps(["www, fragment", "userinfo"])?;
    /// assert_eq!(n.chosen().collect::<Vec<_>>(), [Step::Userinfo, Step::Www, Step::Fragment]);
    /// assert!(Normalizer::new(Profile::Whatwg).steps(["www,nope"]).is_err());
    /// # Ok::<(), urlkit::canon::UnknownStep>(())
    /// ```
    pub fn steps<I, S>(mut self, names: I) -> Result<Normalizer, UnknownStep>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        for list in names {
            for name in list.as_ref().split(',').map(str::trim).filter(|n| !n.is_empty()) {
                self = self.step(name.parse()?);
            }
        }
        Ok(self)
    }

    /// Whether `step` is chosen.
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// assert!(!Normalizer::new(Profile::Whatwg).has(Step::Www));
    /// ```
    pub fn has(&self, step: Step) -> bool {
        self.steps & bit(step) != 0
    }

    /// The chosen steps, in the order they apply.
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// let n = Normalizer::new(Profile::Whatwg).step(Step::Fragment).step(Step::Www);
    /// assert_eq!(n.chosen().collect::<Vec<_>>(), [Step::Www, Step::Fragment]);
    /// ```
    pub fn chosen(&self) -> impl Iterator<Item = Step> + '_ {
        Step::ALL.into_iter().filter(|&s| self.has(s))
    }

    /// Keeps only the query parameters named in `names` (the `keep-query` step, chosen by
    /// this call): exact names, case-sensitive, a `*` matching any text. Adds to the list.
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile};
    /// let n = Normalizer::new(Profile::Whatwg).keep_query(["id", "page*"]);
    /// assert_eq!(n.normalize("http://h/?id=1&x=2&page_size=3")?, "http://h/?id=1&page_size=3");
    /// # Ok::<(), urlkit::canon::CanonError>(())
    /// ```
    pub fn keep_query<I, S>(mut self, names: I) -> Normalizer
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.keep.extend(owned(names));
        self.step(Step::KeepQuery)
    }

    /// Replaces the `tracking` step's list (built in: [`TRACKING_PARAMETERS`]).
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// let n = Normalizer::new(Profile::Whatwg).step(Step::Tracking).tracking_parameters(["sid"]);
    /// assert_eq!(n.normalize("http://h/?sid=1&utm_source=2")?, "http://h/?utm_source=2");
    /// # Ok::<(), urlkit::canon::CanonError>(())
    /// ```
    pub fn tracking_parameters<I, S>(mut self, names: I) -> Normalizer
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.tracking = Names::new(owned(names).collect(), true);
        self
    }

    /// Adds names to the `tracking` step's list.
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// let n = Normalizer::new(Profile::Whatwg).step(Step::Tracking).add_tracking_parameters(["sid"]);
    /// assert_eq!(n.normalize("http://h/?sid=1&utm_source=2&q=3")?, "http://h/?q=3");
    /// # Ok::<(), urlkit::canon::CanonError>(())
    /// ```
    pub fn add_tracking_parameters<I, S>(mut self, names: I) -> Normalizer
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.tracking.extend(owned(names));
        self
    }

    /// Replaces the `index` step's list (built in: [`INDEX_NAMES`]).
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// let n = Normalizer::new(Profile::Whatwg).step(Step::Index).index_names(["home.*"]);
    /// assert_eq!(n.normalize("http://h/a/home.html")?, "http://h/a/");
    /// assert_eq!(n.normalize("http://h/a/index.html")?, "http://h/a/index.html");
    /// # Ok::<(), urlkit::canon::CanonError>(())
    /// ```
    pub fn index_names<I, S>(mut self, names: I) -> Normalizer
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.index = Names::new(owned(names).collect(), true);
        self
    }

    /// Adds names to the `index` step's list.
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// let n = Normalizer::new(Profile::Whatwg).step(Step::Index).add_index_names(["welcome.html"]);
    /// assert_eq!(n.normalize("http://h/welcome.html")?, "http://h/");
    /// # Ok::<(), urlkit::canon::CanonError>(())
    /// ```
    pub fn add_index_names<I, S>(mut self, names: I) -> Normalizer
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.index.extend(owned(names));
        self
    }

    /// Applies the chosen steps to a parsed URL, in the table's order (the profile plays no
    /// part: this is what [`normalize`](Normalizer::normalize) does to the `whatwg` profile's
    /// URL).
    ///
    /// ```
    /// use urlkit::canon::{Normalizer, Profile, Step};
    /// let mut url = urlkit::Url::parse("http://www.a.com/?b=1&a=2")?;
    /// Normalizer::new(Profile::Whatwg).step(Step::SortQuery).step(Step::Www).apply(&mut url);
    /// assert_eq!(url.as_str(), "http://a.com/?a=2&b=1");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline(always)]
    pub fn apply(&self, url: &mut Url) {
        self.apply_looking(url, self.steps, self.looks);
    }

    /// Applies the steps of `steps` (a bit per row of the table) to `url`.
    #[cfg(test)]
    pub(crate) fn apply_steps(&self, url: &mut Url, steps: u32) {
        self.apply_looking(url, steps, Step::looks(steps));
    }

    /// Applies `steps` (a bit per row), whose looks are `looks`, to `url`.
    #[inline(always)]
    fn apply_looking(&self, url: &mut Url, steps: u32, looks: u32) {
        // Most URLs are as the steps leave them: a look at the components the steps concern
        // says so before an edit is set up (inlined; the edit is out of line).
        let seen = Step::concerns_looking(steps, looks, url, self);
        if seen != 0 {
            self.edit(url, steps, seen);
        }
    }

    /// Applies `steps` to `url`, which the steps of `seen` concern: plain cuts for most
    /// URLs; else each step says what it changes, and the URL is written once after the last
    /// (`edit.rs`), or before a step that edits through a setter.
    #[inline(never)]
    fn edit(&self, url: &mut Url, steps: u32, seen: u32) {
        match cuts(url, seen, self) {
            Ok(c) => write_cuts(url, c),
            Err(pieces_change) => self.edit_general(url, steps, pieces_change),
        }
    }

    /// Applies `steps` to `url` through the general [`Edit`], `pieces_change` when the
    /// query steps are known to change the query.
    pub(crate) fn edit_general(&self, url: &mut Url, steps: u32, pieces_change: bool) {
        let mut left = steps;
        loop {
            let mut edit = Edit::new(url, left);
            if pieces_change {
                edit.pieces_change();
            }
            while left != 0 && !edit.has_setter() {
                let at = left.trailing_zeros() as usize;
                left &= left - 1;
                Step::ALL[at].edit(&mut edit, self);
            }
            let setter = edit.take_setter();
            if let Some(changes) = edit.changes() {
                write(url, changes);
            }
            match setter {
                Some(setter) => setter.run(url),
                None => break,
            }
        }
    }

    /// The normalized form of `url`: the profile, then the steps, composed as the module
    /// docs say.
    ///
    /// # Errors
    ///
    /// The profile's [`CanonError`]; the WHATWG parser's when the steps need a parse that
    /// fails; [`CanonError::StepsUnsupported`] when steps are chosen with `rfc3986` or
    /// `safe-browsing`.
    ///
    /// ```
    /// use urlkit::canon::{CanonError, Normalizer, Profile};
    /// let strip = ["tracking", "www"];
    /// let surt = Normalizer::new(Profile::Surt).steps(strip)?;
    /// assert_eq!(surt.normalize("http://www.a.com/x?utm_source=1&b=2")?, "com,a)/x?b=2");
    /// let crawler = Normalizer::new(Profile::Crawler).steps(strip)?;
    /// assert_eq!(crawler.normalize("http://www.a.com/x?utm_source=1&b=2&a#f")?, "http://a.com/x?a=&b=2");
    /// let sb = Normalizer::new(Profile::SafeBrowsing).steps(strip)?;
    /// assert_eq!(sb.normalize("http://a.com/"), Err(CanonError::StepsUnsupported(Profile::SafeBrowsing)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn normalize(&self, url: &str) -> Result<String, CanonError> {
        if self.steps == 0 {
            return self.profile.canonicalize(url);
        }
        match self.profile.compose() {
            Compose::Never => Err(CanonError::StepsUnsupported(self.profile)),
            Compose::Before => {
                let mut parsed = Url::parse(url).map_err(CanonError::Whatwg)?;
                self.apply(&mut parsed);
                self.profile.canonicalize(parsed.as_str())
            }
            // The whatwg profile's URL is the parsed input: no form to parse again.
            // (Edited where the parser left it: no move of the URL.)
            Compose::After if self.profile == Profile::Whatwg => {
                let mut parsed = Url::parse(url);
                if let Ok(url) = &mut parsed {
                    self.apply(url);
                }
                parsed.map(Url::into_string).map_err(CanonError::Whatwg)
            }
            Compose::After => {
                let mut parsed = Url::parse(&self.profile.canonicalize(url)?).map_err(CanonError::Whatwg)?;
                self.apply(&mut parsed);
                Ok(parsed.into_string())
            }
        }
    }
}

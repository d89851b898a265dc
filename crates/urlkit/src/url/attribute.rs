//! The URL API's string attributes by name (<https://url.spec.whatwg.org/#api>): what a
//! binding to a scripting language, a setter test runner or a command line needs to get or
//! set "the `pathname`" without writing the dispatch itself.

use crate::url::setters::SetterError;
use crate::Url;
use core::fmt;
use core::str::FromStr;

/// One of the ten string attributes of the URL API that have both a getter and a setter
/// (`origin` and `searchParams` have no setter and are not here).
///
/// ```
/// use urlkit::{Attribute, Url};
/// let mut url = Url::parse("https://example.com/a?q")?;
/// let attr: Attribute = "pathname".parse()?;
/// url.set(attr, "/b c")?;
/// assert_eq!(url.get(attr), "/b%20c");
/// assert_eq!(url.get(Attribute::Search), "?q");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Attribute {
    /// `href`: [`Url::href`], [`Url::set_href`].
    Href,
    /// `protocol`: [`Url::protocol`], [`Url::set_protocol`].
    Protocol,
    /// `username`: [`Url::username`], [`Url::set_username`].
    Username,
    /// `password`: [`Url::password`], [`Url::set_password`].
    Password,
    /// `host`: [`Url::host_port`], [`Url::set_host`].
    Host,
    /// `hostname`: [`Url::hostname`], [`Url::set_hostname`].
    Hostname,
    /// `port`: [`Url::port_str`], [`Url::set_port`].
    Port,
    /// `pathname`: [`Url::pathname`], [`Url::set_pathname`].
    Pathname,
    /// `search`: [`Url::search`], [`Url::set_search`].
    Search,
    /// `hash`: [`Url::hash`], [`Url::set_hash`].
    Hash,
}

impl Attribute {
    /// All ten, in the order of the standard's IDL.
    ///
    /// ```
    /// let names: Vec<&str> = urlkit::Attribute::ALL.iter().map(|a| a.name()).collect();
    /// assert_eq!(names[..3], ["href", "protocol", "username"]);
    /// ```
    pub const ALL: [Attribute; 10] = [
        Attribute::Href,
        Attribute::Protocol,
        Attribute::Username,
        Attribute::Password,
        Attribute::Host,
        Attribute::Hostname,
        Attribute::Port,
        Attribute::Pathname,
        Attribute::Search,
        Attribute::Hash,
    ];

    /// The attribute's name in the URL API (`"hostname"`).
    ///
    /// ```
    /// assert_eq!(urlkit::Attribute::Hostname.name(), "hostname");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Attribute::Href => "href",
            Attribute::Protocol => "protocol",
            Attribute::Username => "username",
            Attribute::Password => "password",
            Attribute::Host => "host",
            Attribute::Hostname => "hostname",
            Attribute::Port => "port",
            Attribute::Pathname => "pathname",
            Attribute::Search => "search",
            Attribute::Hash => "hash",
        }
    }
}

impl fmt::Display for Attribute {
    /// The attribute's [name](Attribute::name).
    ///
    /// ```
    /// assert_eq!(urlkit::Attribute::Port.to_string(), "port");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an [`Attribute`] from a name that is none of the ten.
///
/// ```
/// let e = "origin".parse::<urlkit::Attribute>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown url attribute \"origin\" (expected href, protocol, username, password, host, hostname, port, pathname, search or hash)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAttribute(
    /// The name that was given (at most 64 bytes of it).
    pub alloc::string::String,
);

impl fmt::Display for UnknownAttribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown url attribute {:?} (expected ", self.0)?;
        for (i, a) in Attribute::ALL.iter().enumerate() {
            let sep = match i {
                0 => "",
                9 => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{a}")?;
        }
        f.write_str(")")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownAttribute {}

impl FromStr for Attribute {
    type Err = UnknownAttribute;

    /// The attribute of that exact (case-sensitive) name, as in the URL API.
    ///
    /// ```
    /// use urlkit::Attribute;
    /// assert_eq!("search".parse(), Ok(Attribute::Search));
    /// assert!("Search".parse::<Attribute>().is_err());
    /// ```
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Attribute::ALL
            .into_iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| {
                let mut end = name.len().min(64);
                while !name.is_char_boundary(end) {
                    end -= 1;
                }
                UnknownAttribute(name[..end].into())
            })
    }
}

impl Url {
    /// The getter of `attr` ([`Url::pathname`] for [`Attribute::Pathname`], and so on).
    ///
    /// ```
    /// use urlkit::{Attribute, Url};
    /// let url = Url::parse("http://h:8080/p")?;
    /// assert_eq!(url.get(Attribute::Host), "h:8080");
    /// assert_eq!(url.get(Attribute::Port), "8080");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn get(&self, attr: Attribute) -> &str {
        match attr {
            Attribute::Href => self.href(),
            Attribute::Protocol => self.protocol(),
            Attribute::Username => self.username(),
            Attribute::Password => self.password_str(),
            Attribute::Host => self.host_port(),
            Attribute::Hostname => self.hostname(),
            Attribute::Port => self.port_str(),
            Attribute::Pathname => self.pathname(),
            Attribute::Search => self.search(),
            Attribute::Hash => self.hash_str(),
        }
    }

    /// The setter of `attr` ([`Url::set_pathname`] for [`Attribute::Pathname`], and so on).
    ///
    /// # Errors
    ///
    /// The setter's: `Err` leaves the URL unchanged (see [`SetterError`]).
    ///
    /// ```
    /// use urlkit::{Attribute, Url};
    /// let mut url = Url::parse("http://h/p")?;
    /// url.set(Attribute::Hash, "top")?;
    /// assert_eq!(url.as_str(), "http://h/p#top");
    /// assert!(url.set(Attribute::Port, "x").is_err());
    /// # Ok::<(), urlkit::SetterError>(())
    /// ```
    pub fn set(&mut self, attr: Attribute, value: &str) -> Result<(), SetterError> {
        match attr {
            Attribute::Href => self.set_href(value),
            Attribute::Protocol => self.set_protocol(value),
            Attribute::Username => self.set_username_str(value),
            Attribute::Password => self.set_password_str(value),
            Attribute::Host => self.set_host_port(value),
            Attribute::Hostname => self.set_hostname(value),
            Attribute::Port => self.set_port_str(value),
            Attribute::Pathname => self.set_pathname(value),
            Attribute::Search => self.set_search(value),
            Attribute::Hash => self.set_hash(value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_cut() {
        for a in Attribute::ALL {
            assert_eq!(a.name().parse(), Ok(a));
        }
        let long = "\u{e9}".repeat(40);
        let err = long.parse::<Attribute>().unwrap_err();
        assert_eq!(err.0, "\u{e9}".repeat(32));
    }
}

//! The safe-fetch policy: what a server that fetches user-supplied URLs must refuse.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::net::IpAddr;

use super::address::address_class;
use super::check::Context;
use super::finding::{Code, Detail, Finding, Severity};

/// A safe-fetch policy: allowed schemes and ports, credentials, internal addresses, a
/// severity at which any finding denies, codes that always deny, and host allow and deny
/// lists. [`Policy::strict`] is the preset for fetching untrusted URLs; [`Policy::default`]
/// only refuses what is almost always an attack.
///
/// ```
/// use urlkit::lint::{Code, Policy};
/// let strict = Policy::strict();
/// assert!(strict.check("https://example.com/a?b=c").is_allowed());
/// let verdict = strict.check("http://0x7f000001/admin");
/// assert!(!verdict.is_allowed());
/// assert!(verdict.deciding().iter().any(|f| f.code() == Code::InternalAddress));
/// let verdict = strict.check("gopher://127.1:25/");
/// assert!(verdict.deciding().iter().any(|f| f.code() == Code::SchemeNotAllowed));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    schemes: Vec<String>,
    ports: Option<Vec<u16>>,
    allow_credentials: bool,
    allow_internal: bool,
    deny_at: Severity,
    deny_codes: Vec<Code>,
    allow_hosts: Vec<String>,
    deny_hosts: Vec<String>,
}

/// What the internal-address rule refuses.
const INTERNAL: [Code; 2] = [Code::InternalAddress, Code::LocalhostName];

impl Default for Policy {
    /// `http` and `https` on any port, no credentials, no internal addresses, and nothing
    /// at [`Severity::Error`].
    ///
    /// ```
    /// let p = urlkit::lint::Policy::default();
    /// assert!(p.check("http://example.com:8080/").is_allowed());
    /// assert!(!p.check("http://[::ffff:169.254.169.254]/").is_allowed());
    /// ```
    fn default() -> Self {
        Policy {
            schemes: alloc::vec!["http".into(), "https".into()],
            ports: None,
            allow_credentials: false,
            allow_internal: false,
            deny_at: Severity::Error,
            deny_codes: Vec::new(),
            allow_hosts: Vec::new(),
            deny_hosts: Vec::new(),
        }
    }
}

impl Policy {
    /// The strict preset: `http` and `https` on their default ports only, no credentials,
    /// no internal addresses or loopback names, nothing at [`Severity::Warning`] or above
    /// (rare IPv4 forms, parser differentials, raw or encoded control characters, encoded
    /// hosts, encoded separators next to dot segments, mixed-script domains, …), and no IPv6
    /// address that carries an IPv4 one. An encoded separator alone (`@types%2fnode`, a DOI)
    /// is a note, and passes.
    ///
    /// ```
    /// let p = urlkit::lint::Policy::strict();
    /// assert!(!p.check("https://example.com:8443/").is_allowed());
    /// assert!(!p.check("https://example.com\\@evil.com/").is_allowed());
    /// assert!(!p.check("https://example.com/a/..%2f..%2fetc").is_allowed());
    /// assert!(p.check("https://registry.npmjs.org/@types%2fnode").is_allowed());
    /// ```
    pub fn strict() -> Self {
        Policy {
            ports: Some(alloc::vec![80, 443]),
            deny_at: Severity::Warning,
            deny_codes: alloc::vec![Code::EmbeddedIpv4],
            ..Policy::default()
        }
    }

    /// Allows these schemes only (lower-case); an empty list allows any.
    ///
    /// ```
    /// let p = urlkit::lint::Policy::default().schemes(&["https"]);
    /// assert!(!p.check("http://example.com/").is_allowed());
    /// ```
    pub fn schemes(mut self, schemes: &[&str]) -> Self {
        self.schemes = schemes.iter().map(|s| s.to_ascii_lowercase()).collect();
        self
    }

    /// Allows these ports only (a URL without a port has its scheme's default port);
    /// `None` allows any.
    ///
    /// ```
    /// let p = urlkit::lint::Policy::default().ports(Some(&[443, 8443]));
    /// assert!(p.check("https://example.com:8443/").is_allowed());
    /// assert!(!p.check("http://example.com/").is_allowed());
    /// ```
    pub fn ports(mut self, ports: Option<&[u16]>) -> Self {
        self.ports = ports.map(<[u16]>::to_vec);
        self
    }

    /// Whether a user name or password may appear.
    ///
    /// ```
    /// let p = urlkit::lint::Policy::default().allow_credentials(true);
    /// assert!(p.check("https://user@example.com/").is_allowed());
    /// ```
    pub fn allow_credentials(mut self, allow: bool) -> Self {
        self.allow_credentials = allow;
        self
    }

    /// Whether internal addresses and loopback names may be fetched.
    ///
    /// ```
    /// let p = urlkit::lint::Policy::default().allow_internal(true);
    /// assert!(p.check("http://10.0.0.1/").is_allowed());
    /// ```
    pub fn allow_internal(mut self, allow: bool) -> Self {
        self.allow_internal = allow;
        self
    }

    /// Denies on any finding at `severity` or above.
    ///
    /// ```
    /// use urlkit::lint::{Policy, Severity};
    /// let p = Policy::default().deny_at(Severity::Note);
    /// assert!(!p.check("http://example.com:8080/").is_allowed());
    /// ```
    pub fn deny_at(mut self, severity: Severity) -> Self {
        self.deny_at = severity;
        self
    }

    /// Denies on any finding of `code`, whatever its severity.
    ///
    /// ```
    /// use urlkit::lint::{Code, Policy};
    /// let p = Policy::default().deny(Code::NonDefaultPort);
    /// assert!(!p.check("http://example.com:8080/").is_allowed());
    /// ```
    pub fn deny(mut self, code: Code) -> Self {
        self.deny_codes.push(code);
        self
    }

    /// Allows only hosts whose registrable domain is one of `hosts`' (each entry is reduced
    /// to its registrable domain by the Public Suffix List, so `www.example.com` allows
    /// `api.example.com`; an IP address or a public suffix stands for itself). An empty
    /// list allows any host.
    ///
    /// ```
    /// use urlkit::lint::{Code, Policy};
    /// let p = Policy::strict().allow_hosts(&["example.com", "example.co.uk"]);
    /// assert!(p.check("https://cdn.example.com/x").is_allowed());
    /// assert!(p.check("https://www.example.co.uk/").is_allowed());
    /// let v = p.check("https://example.com.evil.net/");
    /// assert_eq!(v.deciding()[0].code(), Code::HostNotAllowed);
    /// ```
    pub fn allow_hosts(mut self, hosts: &[&str]) -> Self {
        self.allow_hosts = hosts.iter().filter_map(|h| site_key(h)).collect();
        self
    }

    /// Denies hosts whose registrable domain is one of `hosts`' (see
    /// [`allow_hosts`](Policy::allow_hosts)); the deny list wins over the allow list.
    ///
    /// ```
    /// use urlkit::lint::{Code, Policy};
    /// let p = Policy::default().deny_hosts(&["evil.example.net"]);
    /// assert_eq!(p.check("https://www.EXAMPLE.net/").deciding()[0].code(), Code::HostDenied);
    /// assert!(p.check("https://example.org/").is_allowed());
    /// ```
    pub fn deny_hosts(mut self, hosts: &[&str]) -> Self {
        self.deny_hosts = hosts.iter().filter_map(|h| site_key(h)).collect();
        self
    }

    /// Whether a fetcher may connect to `addr`: check every address a host name resolves
    /// to, since a public name may resolve to an internal address (DNS rebinding).
    ///
    /// ```
    /// let p = urlkit::lint::Policy::strict();
    /// assert!(p.allows_address("93.184.216.34".parse().unwrap()));
    /// assert!(!p.allows_address("::ffff:10.0.0.1".parse().unwrap()));
    /// ```
    pub fn allows_address(&self, addr: IpAddr) -> bool {
        self.allow_internal || address_class(addr).is_none()
    }

    /// Lints `input` and decides.
    ///
    /// ```
    /// use urlkit::lint::{Code, Policy};
    /// let v = Policy::strict().check("https://user:pw@example.com/");
    /// assert!(!v.is_allowed());
    /// assert_eq!(v.deciding()[0].code(), Code::Password);
    /// ```
    pub fn check(&self, input: &str) -> Verdict {
        // The policy's rules read the linter's parse and spans: one parse for both.
        let findings = super::lint_then::<true, _>(input, |cx, out| self.policy_findings(cx, out));
        let deciding = if findings.is_empty() {
            Vec::new()
        } else {
            findings.iter().filter(|f| self.denies(f)).cloned().collect()
        };
        Verdict { findings, deciding }
    }

    fn denies(&self, f: &Finding) -> bool {
        let code = f.code();
        if code == Code::Password || code == Code::Username {
            return !self.allow_credentials;
        }
        if INTERNAL.contains(&code) {
            return !self.allow_internal;
        }
        let policy_rule = matches!(
            code,
            Code::SchemeNotAllowed | Code::PortNotAllowed | Code::HostDenied | Code::HostNotAllowed
        );
        policy_rule || f.severity() >= self.deny_at || self.deny_codes.contains(&code)
    }

    /// Adds the findings of the policy's own rules (scheme, host lists, port) on a URL the
    /// linter has parsed (an input that is not a URL has none).
    fn policy_findings(&self, cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        let url = cx.url;
        // Spans are located only for a finding (most URLs pass every rule).
        let spans = &mut cx.spans;
        let scheme = cx.scheme;
        // Compared in line: a library call per entry costs more than these few bytes.
        let same = |s: &String| s.len() == scheme.len() && s.bytes().zip(scheme.bytes()).all(|(a, b)| a == b);
        if !self.schemes.is_empty() && !self.schemes.iter().any(same) {
            let spans = spans.get();
            // `the scheme {scheme:?} is not one of {the schemes, comma-separated}`, without the
            // formatting machinery: a scheme is ASCII alphanumerics, `+`, `-` and `.`, which
            // `{:?}` writes as they are.
            let listed: usize = self.schemes.iter().map(|s| s.len() + 2).sum();
            let mut message = String::with_capacity(32 + scheme.len() + listed);
            message.push_str("the scheme \"");
            message.push_str(scheme);
            message.push_str("\" is not one of ");
            for (k, s) in self.schemes.iter().enumerate() {
                if k > 0 {
                    message.push_str(", ");
                }
                message.push_str(s);
            }
            debug_assert_eq!(
                message,
                format!("the scheme {scheme:?} is not one of {}", self.schemes.join(", "))
            );
            out.push(Finding::new(
                Code::SchemeNotAllowed,
                spans.scheme.clone(),
                message,
            ));
        }
        if !self.allow_hosts.is_empty() || !self.deny_hosts.is_empty() {
            let key = super::checks::effective_host(url).and_then(|h| host_key(&h));
            let span = spans.get().host.clone().unwrap_or_default();
            let shown = key.as_deref().unwrap_or("none");
            if key.as_ref().is_some_and(|k| self.deny_hosts.contains(k)) {
                let message = format!("the site {shown} is on the deny list");
                out.push(Finding::new(Code::HostDenied, span, message));
            } else if !self.allow_hosts.is_empty()
                && !key.as_ref().is_some_and(|k| self.allow_hosts.contains(k))
            {
                let message = format!("the site {shown} is not on the allow list");
                out.push(Finding::new(Code::HostNotAllowed, span, message));
            }
        }
        if let Some(ports) = &self.ports {
            // The two common schemes without the table look-up.
            let port = url.port().or_else(|| match scheme {
                "https" => Some(443),
                "http" => Some(80),
                _ => crate::scheme::default_port(scheme),
            });
            if port.is_none_or(|p| !ports.contains(&p)) {
                let spans = spans.get();
                let span = spans.port.clone().or(spans.host.clone()).unwrap_or_default();
                // `the port {port or none} is not an allowed port`, without the formatting
                // machinery.
                let mut message = String::with_capacity(40);
                message.push_str("the port ");
                match port {
                    Some(p) => crate::decimal::push_str(p, &mut message),
                    None => message.push_str("none"),
                }
                message.push_str(" is not an allowed port");
                debug_assert_eq!(
                    message,
                    format!(
                        "the port {} is not an allowed port",
                        port.map_or_else(|| String::from("none"), |p| format!("{p}"))
                    )
                );
                let detail = Detail::Port {
                    port: port.unwrap_or(0),
                    protocol: None,
                };
                out.push(Finding::new(Code::PortNotAllowed, span, message).with_detail(detail));
            }
        }
    }
}

/// A policy's decision: allowed or not, the findings that decided it, and every finding.
///
/// ```
/// let v = urlkit::lint::Policy::strict().check("https://example.com:8080/");
/// assert!(!v.is_allowed());
/// assert_eq!(v.deciding().len(), 1);
/// assert!(v.findings().len() >= v.deciding().len());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    findings: Vec<Finding>,
    deciding: Vec<Finding>,
}

impl Verdict {
    /// Whether the URL may be fetched: no finding denies it.
    ///
    /// ```
    /// assert!(urlkit::lint::Policy::strict().check("https://example.com/").is_allowed());
    /// ```
    pub fn is_allowed(&self) -> bool {
        self.deciding.is_empty()
    }

    /// The findings that deny the URL (empty when allowed).
    ///
    /// ```
    /// let v = urlkit::lint::Policy::strict().check("file:///etc/passwd");
    /// assert!(v.deciding().iter().any(|f| f.code() == urlkit::lint::Code::SchemeNotAllowed));
    /// ```
    pub fn deciding(&self) -> &[Finding] {
        &self.deciding
    }

    /// Every finding: the linter's and the policy's.
    ///
    /// ```
    /// let v = urlkit::lint::Policy::default().check("http://example.com:8080/");
    /// assert!(v.is_allowed() && !v.findings().is_empty());
    /// ```
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }
}

/// What a host list entry stands for: a domain's registrable domain (the domain itself
/// when it has none), an address's serialization.
fn site_key(entry: &str) -> Option<String> {
    host_key(&crate::Host::parse(entry).ok()?)
}

fn host_key(host: &crate::Host) -> Option<String> {
    match host {
        crate::Host::Domain(d) => {
            let site = crate::domain::registrable_domain(d);
            Some(site.as_deref().unwrap_or(d).trim_end_matches('.').into())
        }
        crate::Host::Ipv4(_) | crate::Host::Ipv6(_) => Some(host.to_string()),
        _ => None,
    }
}

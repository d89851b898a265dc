//! The WHATWG URL Standard: the web-platform-tests suites (URL parsing, setters, IDNA,
//! percent-encoding with a legacy encoding, `application/x-www-form-urlencoded`), the host
//! parser against reference implementations, file paths, and every dataset line through the
//! parser. One test binary; each file is one module.

#[path = "../common/mod.rs"]
mod common;

mod builder;
mod corpus;
mod encoding_override;
mod file_path;
mod host;
mod idna;
mod limits;
mod migration_errors;
mod redact;
mod setters;
mod urlencoded;
mod wpt;

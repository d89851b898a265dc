//! `Url`: an absolute URL per the WHATWG URL Standard.
//!
//! CONTRACT STUB — the signatures below are the public API other modules, the CLI and the
//! benchmarks code against. The whatwg branch replaces the bodies (and the representation).

#![allow(missing_docs, clippy::missing_errors_doc, unused_variables)]

use crate::{Host, Origin, ParseError, ValidationError};
use alloc::string::String;

/// A parsed URL (stub).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Url {
    serialization: String,
}

/// Parser options (stub).
pub struct ParseOptions<'a> {
    base: Option<&'a Url>,
    on_validation_error: Option<&'a mut dyn FnMut(ValidationError)>,
}

impl<'a> ParseOptions<'a> {
    pub fn base_url(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }
    pub fn on_validation_error(mut self, cb: &'a mut dyn FnMut(ValidationError)) -> Self {
        self.on_validation_error = Some(cb);
        self
    }
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        todo!("whatwg branch")
    }
}

impl Url {
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        todo!("whatwg branch")
    }
    pub fn parse_with_base(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        todo!("whatwg branch")
    }
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        todo!("whatwg branch")
    }
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        todo!("whatwg branch")
    }
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions {
            base: None,
            on_validation_error: None,
        }
    }
    pub fn as_str(&self) -> &str {
        &self.serialization
    }
    pub fn href(&self) -> &str {
        &self.serialization
    }
    pub fn into_string(self) -> String {
        self.serialization
    }
    pub fn origin(&self) -> Origin {
        todo!("whatwg branch")
    }
    pub fn protocol(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn scheme(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn is_special(&self) -> bool {
        todo!("whatwg branch")
    }
    pub fn username(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn password(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn has_credentials(&self) -> bool {
        todo!("whatwg branch")
    }
    pub fn host(&self) -> Option<Host<&str>> {
        todo!("whatwg branch")
    }
    pub fn host_port(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn hostname(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn port(&self) -> Option<u16> {
        todo!("whatwg branch")
    }
    pub fn port_str(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn port_or_known_default(&self) -> Option<u16> {
        todo!("whatwg branch")
    }
    pub fn pathname(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn has_opaque_path(&self) -> bool {
        todo!("whatwg branch")
    }
    pub fn path_segments(&self) -> Option<core::str::Split<'_, char>> {
        todo!("whatwg branch")
    }
    pub fn search(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn query(&self) -> Option<&str> {
        todo!("whatwg branch")
    }
    pub fn hash(&self) -> &str {
        todo!("whatwg branch")
    }
    pub fn fragment(&self) -> Option<&str> {
        todo!("whatwg branch")
    }
}

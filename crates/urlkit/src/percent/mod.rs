//! Percent-encoding and -decoding (<https://url.spec.whatwg.org/#percent-encoded-bytes>,
//! RFC 3986 §2.1, RFC 1738 §2.2).

pub mod sets;

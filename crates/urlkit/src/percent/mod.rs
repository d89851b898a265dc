//! Percent-encoding and -decoding (<https://url.spec.whatwg.org/#percent-encoded-bytes>,
//! RFC 3986 §2.1, RFC 1738 §2.2).

mod decode;
pub mod sets;

pub(crate) use decode::decoded_at;
pub use decode::{percent_decode, percent_decode_str, PercentDecode};

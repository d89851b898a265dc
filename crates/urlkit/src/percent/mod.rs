//! Percent-encoding and -decoding (<https://url.spec.whatwg.org/#percent-encoded-bytes>,
//! RFC 3986 §2.1, RFC 1738 §2.2).
//!
//! Encoders and decoders are lazy: they borrow their input, yield it in runs, and allocate
//! only when asked for an owned result that differs from the input.
//!
//! ```
//! use urlkit::percent::{percent_decode_str, utf8_percent_encode, sets::COMPONENT};
//! let encoded = utf8_percent_encode("a&b=ç", &COMPONENT).to_string();
//! assert_eq!(encoded, "a%26b%3D%C3%A7");
//! assert_eq!(percent_decode_str(&encoded).decode_utf8()?, "a&b=ç");
//! # Ok::<(), core::str::Utf8Error>(())
//! ```

mod decode;
mod encode;
mod named;
pub mod sets;

pub(crate) use decode::decoded_at;
pub use decode::{percent_decode, percent_decode_str, PercentDecode};
#[cfg(feature = "encoding")]
pub use encode::percent_encode_after_encoding;
pub use encode::{percent_encode, percent_encode_byte, utf8_percent_encode, PercentEncode};
pub use named::{by_name, NamedSet, NAMED_SETS};

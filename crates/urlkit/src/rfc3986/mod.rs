//! RFC 3986 / RFC 3987: strict URI and IRI references. Filled in by the rfc3986 branch.

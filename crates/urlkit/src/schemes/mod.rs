//! RFC 1738 schemes: BNF validation and typed views. Filled in by the rfc1738 branch.

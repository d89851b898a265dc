//! The basic URL parser of the URL Standard (<https://url.spec.whatwg.org/#url-parsing>).
//! Filled in by the whatwg branch.

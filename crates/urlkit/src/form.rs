//! `application/x-www-form-urlencoded` and `SearchParams`
//! (<https://url.spec.whatwg.org/#application/x-www-form-urlencoded>). Filled in by the form branch.

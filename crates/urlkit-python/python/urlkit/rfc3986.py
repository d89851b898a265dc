"""RFC 3986 URI references: the strict Appendix A grammar, §5 reference resolution and
§6.2.2–6.2.3 normalization (urlkit's ``rfc3986`` module). Failures raise
``urlkit.URLError`` whose ``kind`` is the grammar rule that was expected.

>>> from urlkit import rfc3986
>>> rfc3986.parse("http://a/b?q")["query"], rfc3986.parse("/b")["scheme"]
('q', None)
>>> rfc3986.resolve("http://a/b/c/d;p?q", "../g")
'http://a/b/g'
>>> rfc3986.normalize("HTTP://Example.COM:80/a/./b/../%7e")
'http://example.com/a/~'
"""

from typing import Dict, Optional

from ._urlkit import _rfc3986_normalize, _rfc3986_parse, _rfc3986_resolve

__all__ = ["parse", "resolve", "normalize"]


def parse(s: str) -> Dict[str, Optional[str]]:
    """The components of the URI reference ``s``: ``scheme``, ``authority``, ``userinfo``,
    ``host``, ``port``, ``path`` (always a string), ``query``, ``fragment``; ``None`` where a
    component is absent, ``""`` where it is present and empty.

    >>> parse("http://u@h:8/p?#")
    {'scheme': 'http', 'authority': 'u@h:8', 'userinfo': 'u', 'host': 'h', 'port': '8', 'path': '/p', 'query': '', 'fragment': ''}
    """
    return _rfc3986_parse(s)


def resolve(base: str, ref: str) -> str:
    """``ref`` resolved against ``base`` (RFC 3986 §5.2; the strict parser, so ``http:g``
    stays ``http:g``).

    >>> resolve("http://a/b/c/d;p?q", "g;x?y#s")
    'http://a/b/c/g;x?y#s'
    """
    return _rfc3986_resolve(base, ref)


def normalize(s: str) -> str:
    """``s`` in RFC 3986 normal form: case, percent-encoding, dot segments (§6.2.2) and the
    scheme's default port and empty path (§6.2.3).

    >>> normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
    'example://a/b/c/%7Bfoo%7D'
    """
    return _rfc3986_normalize(s)

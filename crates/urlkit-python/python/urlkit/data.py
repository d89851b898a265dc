"""``data:`` URLs as browsers read them (the Fetch Standard's ``data:`` URL processor), made
from bytes, and forgiving base64 (the Infra Standard's), over ``urlkit::data``.

``decode(url) -> DataURL`` (``.mime_type``, a ``MimeType``; ``.body``, ``bytes``);
``encode(body, mime_type=None) -> str``; ``base64_decode(data) -> bytes``;
``base64_encode(data) -> str``. Failures raise ``DataURLError`` (a ``ValueError``).

>>> import urlkit
>>> d = urlkit.data.decode("data:text/plain;charset=utf-8,caf%C3%A9")
>>> d.mime_type.charset, d.body.decode(d.mime_type.charset)
('utf-8', 'café')
>>> urlkit.data.decode(urlkit.data.encode(b"\\x00\\x01", "application/octet-stream")).body
b'\\x00\\x01'
"""

from ._urlkit import DataURL, DataURLError, MimeType
from ._urlkit import base64_decode, base64_encode
from ._urlkit import data_decode as decode
from ._urlkit import data_encode as encode

__all__ = ["decode", "encode", "base64_decode", "base64_encode", "DataURL", "DataURLError", "MimeType"]

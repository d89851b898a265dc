"""urlkit: URLs for crawlers, security scanners and data pipelines."""

from ._urlkit import __version__

__all__ = ["__version__"]

# The per-value API (issue 26): WHATWG URLs.
from ._urlkit import URL, URLError, URLSearchParams

__all__ += ["URL", "URLError", "URLSearchParams"]

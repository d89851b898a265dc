"""urlkit: URLs for crawlers, security scanners and data pipelines."""

from ._urlkit import __version__

__all__ = ["__version__"]

# The per-value API (issue 26): WHATWG URLs, domains, canonical forms, the linter, links in
# text, URL patterns and RFC 3986.
from . import rfc3986
from ._lint import LintResult, lint
from ._urlkit import (
    PROFILES,
    URL,
    Domain,
    Finding,
    Link,
    URLError,
    URLPattern,
    URLSearchParams,
    Verdict,
    domain,
    extract,
    normalize,
    surt,
)

__all__ += [
    "URL", "URLError", "URLSearchParams", "domain", "Domain", "normalize", "surt", "PROFILES",
    "lint", "LintResult", "Finding", "Verdict", "extract", "Link", "URLPattern", "rfc3986",
]
# Whole columns at once: `urlkit.batch.host(column)`, … (polars: `import urlkit.polars`;
# pandas: `import urlkit.pandas`).
from . import batch  # noqa: E402

__all__ += ["batch"]
# URI Templates (RFC 6570, issue 27): urlkit.Template(text).expand(...), .match(url).
from ._urlkit import Template, TemplateError, TemplateSet  # noqa: E402

__all__ += ["Template", "TemplateSet", "TemplateError"]
# data: URLs and MIME types (issue 27): urlkit.data.decode(url), urlkit.MimeType(text).
from . import data  # noqa: E402
from ._urlkit import DataURLError, MimeType  # noqa: E402

__all__ += ["data", "MimeType", "DataURLError"]
# Normalization steps (issue 28): urlkit.normalize(url, profile, strip=[...], keep_query=[...]).
from ._urlkit import STEPS  # noqa: E402

__all__ += ["STEPS"]

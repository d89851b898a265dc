"""urlkit: URLs for crawlers, security scanners and data pipelines."""

from ._urlkit import __version__

__all__ = ["__version__"]

# Whole columns at once: `urlkit.batch.host(column)`, … (polars: `import urlkit.polars`;
# pandas: `import urlkit.pandas`).
from . import batch  # noqa: E402

__all__ += ["batch"]
